//! Saving a change to a game: every changeable field written at once, provided the stored version
//! is still the one the change was made from, so that two commands racing on one game cannot both
//! win.

use super::actions::insert_action;
use super::{Game, PlayedAction};
use crate::dialect::run;
use crate::direct::{Time, time};
use crate::{Result, StoreError, Tx, seat_code};
use chrono::{DateTime, Utc};

impl Tx {
    /// Writes every changeable field of `game`, provided the stored version is still
    /// `game.version`; bumps the version (also in `game`). A mismatch is [`StoreError::Conflict`]
    /// and writes nothing.
    pub async fn save_game(&mut self, game: &mut Game, now: DateTime<Utc>) -> Result<()> {
        let changed = if self.is_postgres() {
            self.update_game_pg(game, now).await?
        } else {
            update_game(self.db().await?, game, now)? as u64
        };
        if changed != 1 {
            return Err(StoreError::Conflict(game.id));
        }
        game.version += 1;
        game.updated_at = now;
        Ok(())
    }

    /// [`Tx::insert_action`] and then [`Tx::save_game`], run directly on the connection
    /// (the path of every action). On a conflict the caller rolls back, the action with the rest.
    pub async fn save_game_after(
        &mut self,
        game: &mut Game,
        action: &PlayedAction,
        now: DateTime<Utc>,
    ) -> Result<()> {
        if self.is_postgres() {
            // The game first: its row lock makes a concurrent command on the same game wait, and
            // then find the version changed, before either writes an action for the same ply.
            self.save_game(game, now).await?;
            return self.insert_action(game.id, action).await;
        }
        // The path of every action: run directly on the connection (see `direct`).
        let db = self.db().await?;
        insert_action(db, game.id, action)?;
        let changed = update_game(db, game, now)?;
        if changed != 1 {
            return Err(StoreError::Conflict(game.id));
        }
        game.version += 1;
        game.updated_at = now;
        Ok(())
    }
}

const UPDATE_GAME: &str =
    "UPDATE games SET status = ?, position = ?, ply = ?, version = version + 1,
         result = ?, end_reason = ?, bank_first = ?, bank_second = ?,
         turn_started_at = ?, deadline_at = ?, reminded_at = ?, reminder_stage = ?,
         due_at = ?, draw_offer = ?, undo_request = ?, updated_at = ?, started_at = ?,
         finished_at = ?, first_player = ?, second_player = ?, open = ?, rated = ?,
         grace_ply = ?, grace_seconds = ?, turn_rest = ?, turn_rest_zone = ?
     WHERE id = ? AND version = ?";

impl Tx {
    /// [`update_game`] on PostgreSQL.
    async fn update_game_pg(&mut self, game: &Game, now: DateTime<Utc>) -> Result<u64> {
        let (result, reason) = match &game.ending {
            Some(e) => (
                Some(e.winner.map_or("draw", seat_code)),
                Some(e.reason.code()),
            ),
            None => (None, None),
        };
        let bank = game.time_control.has_reserve();
        let done = run!(
            self,
            execute,
            query(UPDATE_GAME)
                .bind(game.status.code())
                .bind(game.position.clone())
                .bind(game.ply as i64)
                .bind(result)
                .bind(reason)
                .bind(bank.then_some(game.bank[0]))
                .bind(bank.then_some(game.bank[1]))
                .bind(game.turn_started_at)
                .bind(game.deadline_at)
                .bind(game.reminded_at)
                .bind(i64::from(game.reminder_stage))
                .bind(game.due_at)
                .bind(game.draw_offer.map(seat_code))
                .bind(game.undo_request.map(seat_code))
                .bind(now)
                .bind(game.started_at)
                .bind(game.finished_at)
                .bind(game.seats[0])
                .bind(game.seats[1])
                .bind(game.options.open)
                .bind(game.options.rated)
                .bind(game.grace_ply.map(i64::from))
                .bind(game.grace_seconds)
                .bind(game.turn_rest.as_ref().map(|r| r.rest.to_string()))
                .bind(game.turn_rest.as_ref().map(|r| r.zone.clone()))
                .bind(game.id)
                .bind(game.version)
        )?;
        Ok(done.rows_affected())
    }
}

/// Writes every changeable field of `game` if its stored version is still `game.version`: the
/// count of rows changed, 0 on a conflict.
fn update_game(
    db: &rusqlite::Connection,
    game: &Game,
    now: DateTime<Utc>,
) -> rusqlite::Result<usize> {
    let (result, reason) = match &game.ending {
        Some(e) => (
            Some(e.winner.map_or("draw", seat_code)),
            Some(e.reason.code()),
        ),
        None => (None, None),
    };
    let bank = game.time_control.has_reserve();
    db.prepare_cached(UPDATE_GAME)?.execute(rusqlite::params![
        game.status.code(),
        game.position,
        game.ply as i64,
        result,
        reason,
        bank.then_some(game.bank[0]),
        bank.then_some(game.bank[1]),
        time(game.turn_started_at),
        time(game.deadline_at),
        time(game.reminded_at),
        i64::from(game.reminder_stage),
        time(game.due_at),
        game.draw_offer.map(seat_code),
        game.undo_request.map(seat_code),
        Time(now),
        time(game.started_at),
        time(game.finished_at),
        game.seats[0],
        game.seats[1],
        game.options.open,
        game.options.rated,
        game.grace_ply.map(i64::from),
        game.grace_seconds,
        game.turn_rest.as_ref().map(|r| r.rest.to_string()),
        game.turn_rest.as_ref().map(|r| r.zone.as_str()),
        game.id,
        game.version,
    ])
}
