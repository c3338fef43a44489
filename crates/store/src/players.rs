//! Players, their channel identities and the one-time codes that link a second identity.

use crate::{Result, StoreError, Tx};
use chrono::{DateTime, Utc};

/// A person or the computer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub id: i64,
    pub name: String,
    /// IANA zone name, `UTC` by default.
    pub timezone: String,
    /// Preferred channel (`discord`, `mailto`, `local`), if chosen.
    pub notify: Option<String>,
    /// The computer's level, for the computer opponent.
    pub computer: Option<String>,
}

/// One way to reach a player: `discord:<id>`, `mailto:<address>` or `local:<name>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    pub address: String,
    pub player_id: i64,
    pub channel: String,
    pub verified: bool,
}

#[derive(sqlx::FromRow)]
struct PlayerRow {
    id: i64,
    name: String,
    timezone: String,
    notify: Option<String>,
    computer: Option<String>,
}

impl From<PlayerRow> for Player {
    fn from(r: PlayerRow) -> Player {
        Player {
            id: r.id,
            name: r.name,
            timezone: r.timezone,
            notify: r.notify,
            computer: r.computer,
        }
    }
}

#[derive(sqlx::FromRow)]
struct IdentityRow {
    address: String,
    player_id: i64,
    channel: String,
    verified: bool,
}

impl From<IdentityRow> for Identity {
    fn from(r: IdentityRow) -> Identity {
        Identity {
            address: r.address,
            player_id: r.player_id,
            channel: r.channel,
            verified: r.verified,
        }
    }
}

const PLAYER_COLUMNS: &str = "id, name, timezone, notify, computer";

/// The channel part of an identity address (`discord`, `mailto`, `local`).
pub fn channel_of(address: &str) -> &str {
    address.split_once(':').map_or("local", |(c, _)| c)
}

impl Tx {
    pub async fn player(&mut self, id: i64) -> Result<Option<Player>> {
        let row: Option<PlayerRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {PLAYER_COLUMNS} FROM players WHERE id = ?"
        )))
        .bind(id)
        .fetch_optional(&mut *self.tx)
        .await?;
        Ok(row.map(Player::from))
    }

    /// The player with this name, case-insensitive.
    pub async fn player_named(&mut self, name: &str) -> Result<Option<Player>> {
        let row: Option<PlayerRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {PLAYER_COLUMNS} FROM players WHERE name = ? COLLATE NOCASE"
        )))
        .bind(name.to_owned())
        .fetch_optional(&mut *self.tx)
        .await?;
        Ok(row.map(Player::from))
    }

    /// Every player name, for "did you mean" suggestions.
    pub async fn player_names(&mut self) -> Result<Vec<String>> {
        Ok(sqlx::query_scalar("SELECT name FROM players ORDER BY name")
            .fetch_all(&mut *self.tx)
            .await?)
    }

    /// The player an identity belongs to.
    pub async fn player_by_identity(&mut self, address: &str) -> Result<Option<Player>> {
        let row: Option<PlayerRow> = sqlx::query_as(
            "SELECT p.id, p.name, p.timezone, p.notify, p.computer
             FROM identities i JOIN players p ON p.id = i.player_id WHERE i.address = ?",
        )
        .bind(address.to_owned())
        .fetch_optional(&mut *self.tx)
        .await?;
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
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO players (name, computer, created_at) VALUES (?, ?, ?) RETURNING id",
        )
        .bind(name.to_owned())
        .bind(computer.map(str::to_owned))
        .bind(now)
        .fetch_one(&mut *self.tx)
        .await?;
        self.add_identity(id, address, verified, now).await?;
        self.player(id)
            .await?
            .ok_or_else(|| StoreError::Corrupt(format!("player {id} vanished")))
    }

    /// `base`, or `base2`, `base3`, … : the first name no player has.
    pub async fn free_name(&mut self, base: &str) -> Result<String> {
        let mut name = base.to_owned();
        let mut n = 1;
        while self.player_named(&name).await?.is_some() {
            n += 1;
            name = format!("{base}{n}");
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
        sqlx::query(
            "INSERT INTO identities (address, player_id, channel, verified, created_at)
             VALUES (?, ?, ?, ?, ?)",
        )
        .bind(address.to_owned())
        .bind(player_id)
        .bind(channel_of(address).to_owned())
        .bind(verified)
        .bind(now)
        .execute(&mut *self.tx)
        .await?;
        Ok(())
    }

    pub async fn identity(&mut self, address: &str) -> Result<Option<Identity>> {
        let row: Option<IdentityRow> = sqlx::query_as(
            "SELECT address, player_id, channel, verified FROM identities WHERE address = ?",
        )
        .bind(address.to_owned())
        .fetch_optional(&mut *self.tx)
        .await?;
        Ok(row.map(Identity::from))
    }

    /// A player's identities, verified first, oldest first.
    pub async fn identities_of(&mut self, player_id: i64) -> Result<Vec<Identity>> {
        let rows: Vec<IdentityRow> = sqlx::query_as(
            "SELECT address, player_id, channel, verified FROM identities
             WHERE player_id = ? ORDER BY verified DESC, created_at, address",
        )
        .bind(player_id)
        .fetch_all(&mut *self.tx)
        .await?;
        Ok(rows.into_iter().map(Identity::from).collect())
    }

    pub async fn verify_identity(&mut self, address: &str) -> Result<()> {
        sqlx::query("UPDATE identities SET verified = 1 WHERE address = ?")
            .bind(address.to_owned())
            .execute(&mut *self.tx)
            .await?;
        Ok(())
    }

    pub async fn set_timezone(&mut self, player_id: i64, zone: &str) -> Result<()> {
        sqlx::query("UPDATE players SET timezone = ? WHERE id = ?")
            .bind(zone.to_owned())
            .bind(player_id)
            .execute(&mut *self.tx)
            .await?;
        Ok(())
    }

    pub async fn set_notify(&mut self, player_id: i64, channel: &str) -> Result<()> {
        sqlx::query("UPDATE players SET notify = ? WHERE id = ?")
            .bind(channel.to_owned())
            .bind(player_id)
            .execute(&mut *self.tx)
            .await?;
        Ok(())
    }

    /// Stores a one-time link code for a player, replacing any older one of theirs.
    pub async fn create_link_code(
        &mut self,
        player_id: i64,
        code: &str,
        expires_at: DateTime<Utc>,
    ) -> Result<()> {
        sqlx::query("DELETE FROM link_codes WHERE player_id = ?")
            .bind(player_id)
            .execute(&mut *self.tx)
            .await?;
        sqlx::query("INSERT INTO link_codes (code, player_id, expires_at) VALUES (?, ?, ?)")
            .bind(code.to_owned())
            .bind(player_id)
            .bind(expires_at)
            .execute(&mut *self.tx)
            .await?;
        Ok(())
    }

    /// Uses up a link code: returns the player who made it if it exists and has not expired.
    pub async fn take_link_code(&mut self, code: &str, now: DateTime<Utc>) -> Result<Option<i64>> {
        let row: Option<(i64, DateTime<Utc>)> =
            sqlx::query_as("DELETE FROM link_codes WHERE code = ? RETURNING player_id, expires_at")
                .bind(code.to_owned())
                .fetch_optional(&mut *self.tx)
                .await?;
        Ok(row.and_then(|(p, exp)| (exp > now).then_some(p)))
    }

    /// Folds player `from` into player `into`: identities, seats, challenges and notifications move
    /// over and `from` is deleted. The caller checks the two share no game.
    pub async fn merge_players(&mut self, from: i64, into: i64) -> Result<()> {
        for sql in [
            "UPDATE identities SET player_id = ?1 WHERE player_id = ?2",
            "UPDATE games SET first_player = ?1 WHERE first_player = ?2",
            "UPDATE games SET second_player = ?1 WHERE second_player = ?2",
            "UPDATE games SET challenger = ?1 WHERE challenger = ?2",
            "UPDATE outbox SET player_id = ?1 WHERE player_id = ?2",
            "DELETE FROM link_codes WHERE player_id = ?2",
            "DELETE FROM players WHERE id = ?2",
        ] {
            sqlx::query(sql)
                .bind(into)
                .bind(from)
                .execute(&mut *self.tx)
                .await?;
        }
        Ok(())
    }
}
