//! Games and their actions: creating a game, reading it, saving a change against its version, and
//! the record of actions it is replayed from.
//!
//! This file holds a game's row and the queries that create and read games, the scheduler's
//! sweep over due games and its claims on them, and what limits challenges and the computer's
//! games; saving a change against the game's version is in `save`, the record of actions in
//! `actions`.

mod actions;
mod save;

use crate::clock_columns::{ClockColumns, timeout_policy};
use crate::dialect::run;
use crate::{Result, StoreError, Tx, parse_code, parse_seat};
use agora_rules::Variant;
use chrono::{DateTime, Utc};

// A game's domain types live in `agora-domain`, which the front ends share without the store;
// they are re-exported here so that `agora_store::Game` and the rest keep working.
pub use agora_domain::{EndReason, Ending, Game, GameOptions, GameStatus, NewGame, PlayedAction};

// The clock's domain types live in `agora-domain` (the command parser needs them without the
// store); they are re-exported here so that `agora_store::TimeControl` keeps working.
pub use agora_domain::{TimeControl, TimeoutPolicy};

#[derive(sqlx::FromRow)]
pub(crate) struct GameRow {
    id: i64,
    variant: String,
    first_player: i64,
    second_player: i64,
    challenger: i64,
    status: String,
    position: String,
    ply: i64,
    version: i64,
    result: Option<String>,
    end_reason: Option<String>,
    days_per_move: i64,
    bank_initial: Option<i64>,
    bank_increment: Option<i64>,
    bank_max: Option<i64>,
    bank_first: Option<i64>,
    bank_second: Option<i64>,
    timeout_policy: String,
    turn_started_at: Option<DateTime<Utc>>,
    deadline_at: Option<DateTime<Utc>>,
    reminded_at: Option<DateTime<Utc>>,
    reminder_stage: i64,
    due_at: Option<DateTime<Utc>>,
    draw_offer: Option<String>,
    undo_request: Option<String>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    started_at: Option<DateTime<Utc>>,
    finished_at: Option<DateTime<Utc>>,
    rated: bool,
    private: bool,
    open: bool,
    open_min_rating: Option<i64>,
    open_max_rating: Option<i64>,
    period_moves: Option<i64>,
    grace_ply: Option<i64>,
    grace_seconds: i64,
    turn_rest: Option<String>,
    turn_rest_zone: Option<String>,
}

impl GameRow {
    /// Reads the columns of [`GAME_COLUMNS`] (see `direct`).
    fn direct(row: &rusqlite::Row<'_>) -> rusqlite::Result<GameRow> {
        use crate::direct::{get_opt_time, get_time};
        Ok(GameRow {
            id: row.get(0)?,
            variant: row.get(1)?,
            first_player: row.get(2)?,
            second_player: row.get(3)?,
            challenger: row.get(4)?,
            status: row.get(5)?,
            position: row.get(6)?,
            ply: row.get(7)?,
            version: row.get(8)?,
            result: row.get(9)?,
            end_reason: row.get(10)?,
            days_per_move: row.get(11)?,
            bank_initial: row.get(12)?,
            bank_increment: row.get(13)?,
            bank_max: row.get(14)?,
            bank_first: row.get(15)?,
            bank_second: row.get(16)?,
            timeout_policy: row.get(17)?,
            turn_started_at: get_opt_time(row, 18)?,
            deadline_at: get_opt_time(row, 19)?,
            reminded_at: get_opt_time(row, 20)?,
            reminder_stage: row.get(21)?,
            due_at: get_opt_time(row, 22)?,
            draw_offer: row.get(23)?,
            undo_request: row.get(24)?,
            created_at: get_time(row, 25)?,
            updated_at: get_time(row, 26)?,
            started_at: get_opt_time(row, 27)?,
            finished_at: get_opt_time(row, 28)?,
            rated: row.get(29)?,
            private: row.get(30)?,
            open: row.get(31)?,
            open_min_rating: row.get(32)?,
            open_max_rating: row.get(33)?,
            period_moves: row.get(34)?,
            grace_ply: row.get(35)?,
            grace_seconds: row.get(36)?,
            turn_rest: row.get(37)?,
            turn_rest_zone: row.get(38)?,
        })
    }
}

pub(crate) const GAME_COLUMNS: &str = "id, variant, first_player, second_player, challenger, status, \
    position, ply, version, result, end_reason, days_per_move, bank_initial, bank_increment, \
    bank_max, bank_first, bank_second, timeout_policy, turn_started_at, deadline_at, \
    reminded_at, reminder_stage, due_at, draw_offer, undo_request, created_at, updated_at, \
    started_at, finished_at, rated, private, open, open_min_rating, open_max_rating, period_moves, grace_ply, grace_seconds, \
    turn_rest, turn_rest_zone";

impl TryFrom<GameRow> for Game {
    type Error = StoreError;
    fn try_from(r: GameRow) -> Result<Game> {
        let variant: Variant = serde_json::from_str(&r.variant)
            .map_err(|e| StoreError::Corrupt(format!("variant of game {}: {e}", r.id)))?;
        let ending = match (r.result.as_deref(), r.end_reason.as_deref()) {
            (Some(result), Some(reason)) => Some(Ending {
                winner: match result {
                    "draw" => None,
                    seat => Some(parse_seat(seat)?),
                },
                reason: parse_code("end reason", reason)?,
            }),
            _ => None,
        };
        Ok(Game {
            id: r.id,
            variant,
            seats: [r.first_player, r.second_player],
            challenger: r.challenger,
            status: parse_code("status", &r.status)?,
            position: r.position,
            ply: r.ply as u32,
            version: r.version,
            ending,
            time_control: ClockColumns {
                days_per_move: r.days_per_move,
                bank_initial: r.bank_initial,
                bank_increment: r.bank_increment,
                bank_max: r.bank_max,
                period_moves: r.period_moves,
            }
            .control(),
            timeout: timeout_policy(&r.timeout_policy, &format!("game {}", r.id))?,
            bank: [r.bank_first.unwrap_or(0), r.bank_second.unwrap_or(0)],
            turn_started_at: r.turn_started_at,
            deadline_at: r.deadline_at,
            reminded_at: r.reminded_at,
            reminder_stage: r.reminder_stage as u32,
            due_at: r.due_at,
            grace_ply: r.grace_ply.map(|p| p as u32),
            grace_seconds: r.grace_seconds,
            turn_rest: match (r.turn_rest, r.turn_rest_zone) {
                (Some(rest), Some(zone)) => Some(agora_domain::ZonedRest {
                    rest: rest
                        .parse()
                        .map_err(|e| StoreError::Corrupt(format!("rest of game {}: {e}", r.id)))?,
                    zone,
                }),
                _ => None,
            },
            draw_offer: r.draw_offer.as_deref().map(parse_seat).transpose()?,
            undo_request: r.undo_request.as_deref().map(parse_seat).transpose()?,
            created_at: r.created_at,
            updated_at: r.updated_at,
            started_at: r.started_at,
            finished_at: r.finished_at,
            options: GameOptions {
                rated: r.rated,
                private: r.private,
                open: r.open,
                min_rating: r.open_min_rating,
                max_rating: r.open_max_rating,
            },
        })
    }
}

impl Tx {
    pub async fn insert_game(&mut self, new: &NewGame, now: DateTime<Utc>) -> Result<Game> {
        let variant = serde_json::to_string(&new.variant).expect("variants serialise");
        let clock = ClockColumns::of(new.time_control);
        let reserve = new.time_control.initial_reserve();
        let id: i64 = run!(
            self,
            fetch_one,
            query_scalar(
                "INSERT INTO games (kind, variant, first_player, second_player, challenger, status,
                 position, days_per_move, bank_initial, bank_increment, bank_max, bank_first,
                 bank_second, timeout_policy, created_at, updated_at, rated, private, open,
                 open_min_rating, open_max_rating, period_moves)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
             RETURNING id"
            )
            .bind(new.variant.kind().code())
            .bind(variant)
            .bind(new.seats[0])
            .bind(new.seats[1])
            .bind(new.challenger)
            .bind(new.status.code())
            .bind(new.position.clone())
            .bind(clock.days_per_move)
            .bind(clock.bank_initial)
            .bind(clock.bank_increment)
            .bind(clock.bank_max)
            .bind(reserve)
            .bind(reserve)
            .bind(new.timeout.code())
            .bind(now)
            .bind(now)
            .bind(new.options.rated)
            .bind(new.options.private)
            .bind(new.options.open)
            .bind(new.options.min_rating)
            .bind(new.options.max_rating)
            .bind(clock.period_moves)
        )?;
        self.game(id)
            .await?
            .ok_or_else(|| StoreError::Corrupt(format!("game {id} vanished")))
    }

    pub async fn game(&mut self, id: i64) -> Result<Option<Game>> {
        let row: Option<GameRow> = run!(
            self,
            fetch_optional,
            query_as(format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?")).bind(id)
        )?;
        row.map(Game::try_from).transpose()
    }

    /// A player's games that are still open (proposed or active), oldest first.
    pub async fn open_games_of(&mut self, player_id: i64) -> Result<Vec<Game>> {
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games
             WHERE (first_player = ?1 OR second_player = ?1)
               AND status IN ('proposed', 'active')
             ORDER BY id"
        );
        if self.is_postgres() {
            let rows: Vec<GameRow> = run!(self, fetch_all, query_as(sql).bind(player_id))?;
            return rows.into_iter().map(Game::try_from).collect();
        }
        // Read on nearly every command: run directly on the connection (see `direct`).
        let db = self.db().await?;
        let mut query = db.prepare_cached(&sql)?;
        let rows = query
            .query_map([player_id], GameRow::direct)?
            .collect::<rusqlite::Result<Vec<GameRow>>>()?;
        rows.into_iter().map(Game::try_from).collect()
    }

    /// A player's running games whose deadline is at or before `now`, oldest first: what a
    /// command meets before it runs. Filtered here, so a player with many games costs one
    /// indexed look and no rows when nothing is late, which is nearly always.
    pub async fn late_games_of(&mut self, player_id: i64, now: DateTime<Utc>) -> Result<Vec<Game>> {
        let rows: Vec<GameRow> = run!(
            self,
            fetch_all,
            query_as(format!(
                "SELECT {GAME_COLUMNS} FROM games
             WHERE (first_player = ?1 OR second_player = ?1)
               AND status = 'active' AND deadline_at <= ?2
             ORDER BY id"
            ))
            .bind(player_id)
            .bind(now)
        )?;
        rows.into_iter().map(Game::try_from).collect()
    }

    /// A player's game that ended most recently (finished, not a refused or withdrawn challenge).
    pub async fn last_finished_game_of(&mut self, player_id: i64) -> Result<Option<Game>> {
        let row: Option<GameRow> = run!(
            self,
            fetch_optional,
            query_as(format!(
                "SELECT {GAME_COLUMNS} FROM games
             WHERE (first_player = ?1 OR second_player = ?1) AND status = 'finished'
             ORDER BY finished_at DESC, id DESC LIMIT 1"
            ))
            .bind(player_id)
        )?;
        row.map(Game::try_from).transpose()
    }

    /// Whether two players share any game, finished or not.
    pub async fn share_a_game(&mut self, a: i64, b: i64) -> Result<bool> {
        let n: i64 = run!(
            self,
            fetch_one,
            query_scalar(
                "SELECT COUNT(*) FROM games
             WHERE (first_player = ?1 AND second_player = ?2)
                OR (first_player = ?2 AND second_player = ?1)"
            )
            .bind(a)
            .bind(b)
        )?;
        Ok(n > 0)
    }

    /// Sets when the scheduler next looks at a game (a new challenge's expiry) without a new
    /// version: nobody's view of the game changes, so a button shown for it stays good.
    pub async fn set_due(&mut self, game_id: i64, due_at: Option<DateTime<Utc>>) -> Result<()> {
        run!(
            self,
            execute,
            query("UPDATE games SET due_at = ? WHERE id = ?")
                .bind(due_at)
                .bind(game_id)
        )?;
        Ok(())
    }

    /// Active games and challenges due at or before `now` (a reminder, a deadline, an expiry),
    /// earliest first: the
    /// scheduler's sweep over the indexed `due_at`.
    pub async fn games_due(&mut self, now: DateTime<Utc>, limit: u32) -> Result<Vec<Game>> {
        let rows: Vec<GameRow> = run!(
            self,
            fetch_all,
            query_as(format!(
                "SELECT {GAME_COLUMNS} FROM games
             WHERE status IN ('active', 'proposed') AND due_at <= ?
             ORDER BY due_at, id LIMIT ?"
            ))
            .bind(now)
            .bind(limit as i64)
        )?;
        rows.into_iter().map(Game::try_from).collect()
    }

    /// Claims for `holder` until `until` up to `limit` games whose due time has come by `now`
    /// and that no other process holds, soonest due first, and returns them. On PostgreSQL the
    /// games are chosen `FOR UPDATE SKIP LOCKED`, so processes sweeping at the same moment each
    /// take others (and skip a game a command is changing); a game stays claimed until its
    /// holder releases it ([`Tx::release_games`]) or `until` (its holder died).
    pub async fn claim_games_due(
        &mut self,
        holder: &str,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<Game>> {
        let lock = if self.is_postgres() {
            "FOR UPDATE SKIP LOCKED"
        } else {
            ""
        };
        let rows: Vec<GameRow> = run!(
            self,
            fetch_all,
            query_as(format!(
                "WITH taken AS MATERIALIZED (
                 SELECT id FROM games
                 WHERE status IN ('active', 'proposed') AND due_at <= ?3
                     AND (claimed_until IS NULL OR claimed_until <= ?3 OR claimed_by = ?1)
                 ORDER BY due_at, id LIMIT ?4 {lock})
             UPDATE games SET claimed_by = ?1, claimed_until = ?2
             WHERE id IN (SELECT id FROM taken)
             RETURNING {GAME_COLUMNS}"
            ))
            .bind(holder.to_owned())
            .bind(until)
            .bind(now)
            .bind(limit as i64)
        )?;
        let mut games = rows
            .into_iter()
            .map(Game::try_from)
            .collect::<Result<Vec<_>>>()?;
        games.sort_by_key(|g| (g.due_at, g.id));
        Ok(games)
    }

    /// Extends `holder`'s claims on games to `until` (while its sweep goes on).
    pub async fn renew_games(&mut self, holder: &str, until: DateTime<Utc>) -> Result<()> {
        run!(
            self,
            execute,
            query("UPDATE games SET claimed_until = ? WHERE claimed_by = ?")
                .bind(until)
                .bind(holder.to_owned())
        )?;
        Ok(())
    }

    /// Ends `holder`'s claims on games, so any process may take them at once.
    pub async fn release_games(&mut self, holder: &str) -> Result<()> {
        run!(
            self,
            execute,
            query("UPDATE games SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = ?")
                .bind(holder.to_owned())
        )?;
        Ok(())
    }

    /// How many challenges `player` made that wait for an answer.
    pub async fn open_challenges_by(&mut self, player: i64) -> Result<u32> {
        let n: i64 = run!(
            self,
            fetch_one,
            query_scalar("SELECT COUNT(*) FROM games WHERE challenger = ? AND status = 'proposed'")
                .bind(player)
        )?;
        Ok(u32::try_from(n).unwrap_or(u32::MAX))
    }

    /// How many challenges `player` made since `since` to someone who had never used Agora when
    /// challenged (whatever became of the challenge since); games against the computer are none.
    pub async fn challenges_to_strangers_since(
        &mut self,
        player: i64,
        since: DateTime<Utc>,
    ) -> Result<u32> {
        let n: i64 = run!(
            self,
            fetch_one,
            query_scalar(
                "SELECT COUNT(*) FROM games g JOIN players p
               ON p.id = CASE WHEN g.first_player = g.challenger THEN g.second_player
                              ELSE g.first_player END
             WHERE g.challenger = ?1 AND g.created_at > ?2 AND p.computer IS NULL
               AND (p.first_seen_at IS NULL OR p.first_seen_at > g.created_at)"
            )
            .bind(player)
            .bind(since)
        )?;
        Ok(u32::try_from(n).unwrap_or(u32::MAX))
    }

    /// How many games `player` has under way or proposed against the computer (to cap them).
    pub async fn computer_games_of(&mut self, player: i64) -> Result<u32> {
        let n: i64 = run!(
            self,
            fetch_one,
            query_scalar(
                "SELECT COUNT(*) FROM games g JOIN players p
               ON p.id = CASE WHEN g.first_player = ?1 THEN g.second_player
                              ELSE g.first_player END
             WHERE (g.first_player = ?1 OR g.second_player = ?1)
               AND g.status IN ('active', 'proposed') AND p.computer IS NOT NULL"
            )
            .bind(player)
        )?;
        Ok(u32::try_from(n).unwrap_or(u32::MAX))
    }

    /// Whether a running game waits for the computer (the player to act has a level).
    pub async fn computer_to_act(&mut self, game_id: i64) -> Result<bool> {
        let found: Option<i64> = run!(
            self,
            fetch_optional,
            query_scalar(
                "SELECT g.id FROM games g JOIN players p
               ON p.id = CASE WHEN g.ply % 2 = 0 THEN g.first_player ELSE g.second_player END
             WHERE g.id = ? AND g.status = 'active' AND p.computer IS NOT NULL"
            )
            .bind(game_id)
        )?;
        Ok(found.is_some())
    }

    /// The running games that wait for the computer (the player to act has a level) and were
    /// last changed before `before`: turns a process began and never finished (it was killed
    /// before the computer moved), oldest first, at most `limit`.
    pub async fn games_waiting_for_computer(
        &mut self,
        before: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<i64>> {
        Ok(run!(
            self,
            fetch_all,
            query_scalar(
                "SELECT g.id FROM games g JOIN players p
               ON p.id = CASE WHEN g.ply % 2 = 0 THEN g.first_player ELSE g.second_player END
             WHERE g.status = 'active' AND p.computer IS NOT NULL AND g.updated_at < ?
             ORDER BY g.updated_at LIMIT ?"
            )
            .bind(before)
            .bind(i64::from(limit))
        )?)
    }
}

#[cfg(test)]
mod tests {
    use super::EndReason;
    use agora_rules::EndReason as R;

    /// Every reason reads back from its code, so no stored ending is lost. The match lists every
    /// rules reason, so a new one fails to compile here until it has a code that reads back.
    #[test]
    fn every_end_reason_round_trips_through_its_code() {
        let rules = |r: R| match r {
            R::Throne | R::RingWithoutQueen | R::NoLegalAction | R::Repetition | R::TwoPasses => {
                EndReason::Rules(r)
            }
        };
        let all = [
            rules(R::Throne),
            rules(R::RingWithoutQueen),
            rules(R::NoLegalAction),
            rules(R::Repetition),
            rules(R::TwoPasses),
            EndReason::Resignation,
            EndReason::Agreement,
            EndReason::Time,
            EndReason::Adjudication,
            EndReason::Forfeit,
        ];
        for reason in all {
            assert_eq!(reason.code().parse(), Ok(reason), "{reason}");
        }
        assert_eq!("timeout".parse(), Ok(EndReason::Time));
        assert!("abandoned".parse::<EndReason>().is_err());
    }
}
