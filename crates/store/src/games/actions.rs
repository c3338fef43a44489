//! A game's record of actions, in ply order: what the game is replayed from. An action is
//! appended as it is played and removed by a granted takeback.

use super::PlayedAction;
use crate::dialect::run;
use crate::direct::Time;
use crate::{Result, StoreError, Tx, parse_seat, seat_code};
use agora_rules::Seat;
use chrono::{DateTime, Utc};

impl Tx {
    /// A game's actions in order.
    pub async fn actions(&mut self, game_id: i64) -> Result<Vec<PlayedAction>> {
        const SQL: &str = "SELECT ply, seat, notation, played_at, delivery_id, spent_ms
             FROM actions WHERE game_id = ? ORDER BY ply";
        if self.is_postgres() {
            type Row = (
                i64,
                String,
                String,
                DateTime<Utc>,
                Option<String>,
                Option<i64>,
            );
            let rows: Vec<Row> = run!(self, fetch_all, query_as(SQL).bind(game_id))?;
            return rows
                .into_iter()
                .map(|(ply, seat, notation, played_at, delivery_id, spent_ms)| {
                    Ok(PlayedAction {
                        ply: u32::try_from(ply)
                            .map_err(|_| StoreError::Corrupt(format!("ply {ply}")))?,
                        seat: parse_seat(&seat)?,
                        notation,
                        played_at,
                        delivery_id,
                        spent_ms,
                    })
                })
                .collect();
        }
        // Read on every command: run directly on the connection (see `direct`).
        let db = self.db().await?;
        let mut query = db.prepare_cached(SQL)?;
        let rows = query.query_map([game_id], |row| {
            Ok((
                row.get::<_, u32>(0)?,
                row.get::<_, String>(1)?,
                PlayedAction {
                    ply: 0,
                    seat: Seat::First,
                    notation: row.get(2)?,
                    played_at: crate::direct::get_time(row, 3)?,
                    delivery_id: row.get(4)?,
                    spent_ms: row.get(5)?,
                },
            ))
        })?;
        rows.map(|row| {
            let (ply, seat, action) = row?;
            Ok(PlayedAction {
                ply,
                seat: parse_seat(&seat)?,
                ..action
            })
        })
        .collect()
    }

    /// Appends an action; the primary key (game, ply) refuses a second action at the same ply.
    pub async fn insert_action(&mut self, game_id: i64, action: &PlayedAction) -> Result<()> {
        if self.is_postgres() {
            run!(
                self,
                execute,
                query(INSERT_ACTION)
                    .bind(game_id)
                    .bind(action.ply as i64)
                    .bind(seat_code(action.seat))
                    .bind(action.notation.clone())
                    .bind(action.played_at)
                    .bind(action.delivery_id.clone())
                    .bind(action.spent_ms)
            )?;
            return Ok(());
        }
        let db = self.db().await?;
        insert_action(db, game_id, action)?;
        Ok(())
    }

    /// Removes the action at `ply` (a granted takeback).
    pub async fn delete_action(&mut self, game_id: i64, ply: u32) -> Result<()> {
        run!(
            self,
            execute,
            query("DELETE FROM actions WHERE game_id = ? AND ply = ?")
                .bind(game_id)
                .bind(ply as i64)
        )?;
        Ok(())
    }

    /// Counts actions in the whole database (for tests and the benchmark).
    pub async fn count_actions(&mut self) -> Result<i64> {
        Ok(run!(
            self,
            fetch_one,
            query_scalar("SELECT COUNT(*) FROM actions")
        )?)
    }
}

const INSERT_ACTION: &str =
    "INSERT INTO actions (game_id, ply, seat, notation, played_at, delivery_id, spent_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?)";

pub(super) fn insert_action(
    db: &rusqlite::Connection,
    game_id: i64,
    action: &PlayedAction,
) -> rusqlite::Result<usize> {
    db.prepare_cached(INSERT_ACTION)?.execute(rusqlite::params![
        game_id,
        action.ply as i64,
        seat_code(action.seat),
        action.notation,
        Time(action.played_at),
        action.delivery_id,
        action.spent_ms,
    ])
}
