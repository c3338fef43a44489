//! Players, their channel identities and the one-time codes that link a second identity.
//!
//! This file holds the player and identity types and the queries that find, create and verify
//! them; a player's settings are in `settings`, and linking two accounts (link codes, wrong
//! guesses, merging one player into another) in `linking`.

mod linking;
mod settings;

use crate::dialect::run;
use crate::{Result, StoreError, Tx};
use agora_domain::Identity;
use chrono::{DateTime, Utc};

/// A person or the computer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub id: i64,
    /// The name as others see it: read through [`agora_domain::shown_name`].
    pub name: String,
    /// IANA zone name, `UTC` by default.
    pub timezone: String,
    /// Preferred channel (`discord`, `mailto`, `local`), if chosen.
    pub notify: Option<String>,
    /// The computer's level, for the computer opponent.
    pub computer: Option<String>,
    /// The vacation that pauses this player's clocks, if one was taken (it is over once `until`
    /// has passed).
    pub vacation: Option<Vacation>,
    /// The calendar year (UTC) `vacation_used` counts for.
    pub vacation_year: Option<i32>,
    /// Vacation taken in `vacation_year`, in seconds.
    pub vacation_used: i64,
    /// The local hour (0–23) of the daily digest that replaces per-game reminders.
    pub digest_hour: Option<u32>,
    /// When the next digest is due.
    pub digest_due_at: Option<DateTime<Utc>>,
    /// When the player first sent a command; `None` for a player someone else's challenge made,
    /// who has not answered yet.
    pub first_seen_at: Option<DateTime<Utc>>,
    /// The language the player chose (`en`, `nl`, `sv`), if they did.
    pub language: Option<String>,
    /// The language of the player's first Discord interaction, read until they choose one.
    pub locale: Option<String>,
    /// When the player's clock rests each week, in `timezone`.
    pub rest: agora_domain::Rest,
}

/// A link code taken by [`Tx::take_link_code`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LinkCode {
    /// Who made the offer, or whom the confirmation joins the partner into.
    pub owner: i64,
    /// `None` for an offer; for a confirmation, the player joined into `owner` when it is used.
    pub partner: Option<i64>,
}

/// A vacation: the player's clocks are paused from `from` to `until`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Vacation {
    pub from: DateTime<Utc>,
    pub until: DateTime<Utc>,
}

impl Player {
    /// The vacation under way at `now`, if any.
    pub fn away(&self, now: DateTime<Utc>) -> Option<Vacation> {
        self.vacation.filter(|v| v.from <= now && now < v.until)
    }
}

/// One way to reach a player, as the store links it to them: the identity (`discord:<id>`,
/// `mailto:<address>` or `local:<name>`), whose player it is and what the store knows of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkedIdentity {
    /// The identity, kept in its text form in the `address` column.
    pub address: Identity,
    pub player_id: i64,
    pub verified: bool,
    /// The operator blocked it (`agora admin block`): it is sent nothing.
    pub blocked: bool,
}

/// A player as a notification to them needs them: the player, and every identity of theirs in
/// the order of [`Tx::identities_of`], each with whether the mail front end has confirmed it (a
/// `mailto:` address whose owner proved it; `false` for the other channels). Read for many
/// players in one query ([`Tx::watchers`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Addressee {
    pub player: Player,
    pub identities: Vec<(LinkedIdentity, bool)>,
}

#[derive(sqlx::FromRow)]
pub(crate) struct PlayerRow {
    id: i64,
    name: String,
    timezone: String,
    notify: Option<String>,
    computer: Option<String>,
    vacation_from: Option<DateTime<Utc>>,
    vacation_until: Option<DateTime<Utc>>,
    vacation_year: Option<i64>,
    vacation_used: i64,
    digest_hour: Option<i64>,
    digest_due_at: Option<DateTime<Utc>>,
    first_seen_at: Option<DateTime<Utc>>,
    language: Option<String>,
    locale: Option<String>,
    rest: Option<String>,
}

impl From<PlayerRow> for Player {
    fn from(r: PlayerRow) -> Player {
        Player {
            id: r.id,
            // Names are cleaned when they are chosen; cleaning again on the way out keeps a name
            // stored before that (or written by hand) from reaching anyone unclean.
            name: agora_domain::shown_name(&r.name),
            timezone: r.timezone,
            notify: r.notify,
            computer: r.computer,
            vacation: match (r.vacation_from, r.vacation_until) {
                (Some(from), Some(until)) => Some(Vacation { from, until }),
                _ => None,
            },
            vacation_year: r.vacation_year.map(|y| y as i32),
            vacation_used: r.vacation_used,
            digest_hour: r.digest_hour.map(|h| h as u32),
            digest_due_at: r.digest_due_at,
            first_seen_at: r.first_seen_at,
            language: r.language,
            locale: r.locale,
            // Written only by `Tx::set_rest`; a value written by hand that cannot be read
            // rests never.
            rest: r
                .rest
                .and_then(|r| r.parse().ok())
                .unwrap_or(agora_domain::Rest::NONE),
        }
    }
}

/// An identity as its row holds it. The `channel` column is the address's prefix (written from
/// it by [`Tx::add_identity`]) and is not read back: the parsed address says the channel.
#[derive(sqlx::FromRow)]
pub(crate) struct IdentityRow {
    address: String,
    player_id: i64,
    verified: bool,
    blocked: bool,
}

impl IdentityRow {
    /// Reads `address, player_id, channel, verified, blocked` from `at` on (see `direct`).
    pub(crate) fn direct(row: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<IdentityRow> {
        Ok(IdentityRow {
            address: row.get(at)?,
            player_id: row.get(at + 1)?,
            verified: row.get(at + 3)?,
            blocked: row.get(at + 4)?,
        })
    }
}

impl TryFrom<IdentityRow> for LinkedIdentity {
    type Error = StoreError;

    fn try_from(r: IdentityRow) -> Result<LinkedIdentity> {
        let address = r
            .address
            .parse()
            .map_err(|e| StoreError::Corrupt(format!("identity of player {}: {e}", r.player_id)))?;
        Ok(LinkedIdentity {
            address,
            player_id: r.player_id,
            verified: r.verified,
            blocked: r.blocked,
        })
    }
}

impl PlayerRow {
    /// Reads the columns of [`PLAYER_COLUMNS`] from `at` on (see `direct`).
    pub(crate) fn direct(row: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<PlayerRow> {
        use crate::direct::get_opt_time;
        Ok(PlayerRow {
            id: row.get(at)?,
            name: row.get(at + 1)?,
            timezone: row.get(at + 2)?,
            notify: row.get(at + 3)?,
            computer: row.get(at + 4)?,
            vacation_from: get_opt_time(row, at + 5)?,
            vacation_until: get_opt_time(row, at + 6)?,
            vacation_year: row.get(at + 7)?,
            vacation_used: row.get(at + 8)?,
            digest_hour: row.get(at + 9)?,
            digest_due_at: get_opt_time(row, at + 10)?,
            first_seen_at: get_opt_time(row, at + 11)?,
            language: row.get(at + 12)?,
            locale: row.get(at + 13)?,
            rest: row.get(at + 14)?,
        })
    }
}

pub(crate) const PLAYER_COLUMNS: &str = "id, name, timezone, notify, computer, vacation_from, \
    vacation_until, vacation_year, vacation_used, digest_hour, digest_due_at, first_seen_at, language, locale, rest";

/// The number of columns in [`PLAYER_COLUMNS`]: where the columns a query selects after them
/// start.
pub(crate) const PLAYER_WIDTH: usize = 15;

/// The channel code of an identity address (`discord`, `mailto`, `local`); an address that names
/// no known channel counts as local.
pub fn channel_of(address: &str) -> &'static str {
    address
        .parse::<agora_domain::Identity>()
        .map_or("local", |i| i.channel.code())
}

impl Tx {
    pub async fn player(&mut self, id: i64) -> Result<Option<Player>> {
        let row: Option<PlayerRow> = run!(
            self,
            fetch_optional,
            query_as(format!("SELECT {PLAYER_COLUMNS} FROM players WHERE id = ?")).bind(id)
        )?;
        Ok(row.map(Player::from))
    }

    /// The players of a game's two seats, in one query.
    pub async fn seat_players(&mut self, seats: [i64; 2]) -> Result<[Option<Player>; 2]> {
        let sql = format!("SELECT {PLAYER_COLUMNS} FROM players WHERE id IN (?, ?)");
        if self.is_postgres() {
            let rows: Vec<PlayerRow> =
                run!(self, fetch_all, query_as(sql).bind(seats[0]).bind(seats[1]))?;
            let players: Vec<Player> = rows.into_iter().map(Player::from).collect();
            return Ok(seats.map(|id| players.iter().find(|p| p.id == id).cloned()));
        }
        // Read on every command: run directly on the connection (see `direct`).
        let db = self.db().await?;
        let mut query = db.prepare_cached(&sql)?;
        let players = query
            .query_map(seats, |row| PlayerRow::direct(row, 0))?
            .map(|row| Ok(Player::from(row?)))
            .collect::<Result<Vec<Player>>>()?;
        Ok(seats.map(|id| players.iter().find(|p| p.id == id).cloned()))
    }

    /// The player with this name, case-insensitive.
    pub async fn player_named(&mut self, name: &str) -> Result<Option<Player>> {
        // SQLite's NOCASE folds ASCII letters only, as `lower` does under the "C" collation (the
        // expression of PostgreSQL's unique index on names).
        let compare = if self.is_postgres() {
            "lower(name COLLATE \"C\") = lower(? COLLATE \"C\")"
        } else {
            "name = ? COLLATE NOCASE"
        };
        let row: Option<PlayerRow> = run!(
            self,
            fetch_optional,
            query_as(format!(
                "SELECT {PLAYER_COLUMNS} FROM players WHERE {compare}"
            ))
            .bind(name.to_owned())
        )?;
        Ok(row.map(Player::from))
    }

    /// Every player name, for "did you mean" suggestions, as shown (see [`Player::name`]).
    pub async fn player_names(&mut self) -> Result<Vec<String>> {
        let names: Vec<String> = run!(
            self,
            fetch_all,
            query_scalar("SELECT name FROM players ORDER BY name")
        )?;
        Ok(names.iter().map(|n| agora_domain::shown_name(n)).collect())
    }

    /// The player an identity belongs to, and whether the identity is verified, in one query.
    pub async fn identity_player(&mut self, address: &str) -> Result<Option<(Player, bool)>> {
        use rusqlite::OptionalExtension;
        if self.is_postgres() {
            let Some(player) = self.player_by_identity(address).await? else {
                return Ok(None);
            };
            let verified: Option<bool> = run!(
                self,
                fetch_optional,
                query_scalar("SELECT verified FROM identities WHERE address = ?")
                    .bind(address.to_owned())
            )?;
            return Ok(verified.map(|verified| (player, verified)));
        }
        // Read on every command: run directly on the connection (see `direct`).
        let db = self.db().await?;
        let mut query = db.prepare_cached(&format!(
            "SELECT {PLAYER_COLUMNS}, i.verified FROM identities i
             JOIN players ON players.id = i.player_id WHERE i.address = ?"
        ))?;
        let row = query
            .query_row([address], |row| {
                Ok((
                    PlayerRow::direct(row, 0)?,
                    row.get::<_, bool>(PLAYER_WIDTH)?,
                ))
            })
            .optional()?;
        Ok(row.map(|(player, verified)| (Player::from(player), verified)))
    }

    /// The player an identity belongs to.
    pub async fn player_by_identity(&mut self, address: &str) -> Result<Option<Player>> {
        let row: Option<PlayerRow> = run!(
            self,
            fetch_optional,
            query_as(format!(
                "SELECT {PLAYER_COLUMNS} FROM players
             WHERE id = (SELECT player_id FROM identities WHERE address = ?)"
            ))
            .bind(address.to_owned())
        )?;
        Ok(row.map(Player::from))
    }

    /// Creates a player with a first identity. The name must be free (see [`Tx::free_name`]).
    pub async fn create_player(
        &mut self,
        name: &str,
        address: &str,
        verified: bool,
        computer: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<Player> {
        let id: i64 = run!(
            self,
            fetch_one,
            query_scalar(
                "INSERT INTO players (name, computer, created_at) VALUES (?, ?, ?) RETURNING id"
            )
            .bind(name.to_owned())
            .bind(computer.map(str::to_owned))
            .bind(now)
        )?;
        self.add_identity(id, address, verified, now).await?;
        self.player(id)
            .await?
            .ok_or_else(|| StoreError::Corrupt(format!("player {id} vanished")))
    }

    /// `base`, or `base2`, `base3`, … : the first name no player has. A number takes the place
    /// of the base's last characters rather than making the name longer than a shown name may be
    /// ([`agora_domain::MAX_NAME_CHARS`]), so cutting it when shown never makes it look like
    /// another player's.
    pub async fn free_name(&mut self, base: &str) -> Result<String> {
        let mut name = base.to_owned();
        let mut n = 1;
        while self.player_named(&name).await?.is_some() {
            n += 1;
            let number = n.to_string();
            let keep = agora_domain::MAX_NAME_CHARS.saturating_sub(number.len());
            name = base.chars().take(keep).collect::<String>() + &number;
        }
        Ok(name)
    }

    pub async fn add_identity(
        &mut self,
        player_id: i64,
        address: &str,
        verified: bool,
        now: DateTime<Utc>,
    ) -> Result<()> {
        run!(
            self,
            execute,
            query(
                "INSERT INTO identities (address, player_id, channel, verified, created_at)
             VALUES (?, ?, ?, ?, ?)"
            )
            .bind(address.to_owned())
            .bind(player_id)
            .bind(channel_of(address).to_owned())
            .bind(verified)
            .bind(now)
        )?;
        Ok(())
    }

    pub async fn identity(&mut self, address: &str) -> Result<Option<LinkedIdentity>> {
        let row: Option<IdentityRow> = run!(self, fetch_optional, query_as("SELECT address, player_id, channel, verified,
                    EXISTS (SELECT 1 FROM blocked_identities b WHERE b.identity = i.address) AS blocked
             FROM identities i WHERE address = ?").bind(address.to_owned()))?;
        row.map(LinkedIdentity::try_from).transpose()
    }

    /// A player's identities, verified first, oldest first.
    pub async fn identities_of(&mut self, player_id: i64) -> Result<Vec<LinkedIdentity>> {
        const SQL: &str = "SELECT address, player_id, channel, verified,
                    EXISTS (SELECT 1 FROM blocked_identities b WHERE b.identity = i.address) AS blocked
             FROM identities i WHERE player_id = ? ORDER BY verified DESC, created_at, address";
        let rows: Vec<IdentityRow> = if self.is_postgres() {
            run!(self, fetch_all, query_as(SQL).bind(player_id))?
        } else {
            // Read for every notification: run directly on the connection (see `direct`).
            let db = self.db().await?;
            let mut query = db.prepare_cached(SQL)?;
            let rows = query.query_map([player_id], |row| IdentityRow::direct(row, 0))?;
            rows.collect::<rusqlite::Result<Vec<IdentityRow>>>()?
        };
        rows.into_iter().map(LinkedIdentity::try_from).collect()
    }

    /// Marks a player as having used Agora (their first command), if not marked already.
    pub async fn mark_seen(&mut self, player_id: i64, now: DateTime<Utc>) -> Result<()> {
        run!(
            self,
            execute,
            query("UPDATE players SET first_seen_at = ? WHERE id = ? AND first_seen_at IS NULL")
                .bind(now)
                .bind(player_id)
        )?;
        Ok(())
    }

    pub async fn verify_identity(&mut self, address: &str) -> Result<()> {
        run!(
            self,
            execute,
            query("UPDATE identities SET verified = TRUE WHERE address = ?")
                .bind(address.to_owned())
        )?;
        Ok(())
    }
}
