//! Private notes: what a player wrote about a game, for that player alone.

use crate::dialect::run;
use crate::{Result, Tx};
use chrono::{DateTime, Utc};

/// One note: after how many actions it was written, its text and when.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Note {
    pub ply: i64,
    pub body: String,
    pub created_at: DateTime<Utc>,
}

impl Tx {
    /// Keeps `body` as a note of `player` on game `game`, written after `ply` actions.
    pub async fn add_note(
        &mut self,
        game: i64,
        player: i64,
        ply: u32,
        body: &str,
        now: DateTime<Utc>,
    ) -> Result<()> {
        run!(
            self,
            execute,
            query(
                "INSERT INTO notes (game_id, player_id, ply, body, created_at)
                 VALUES (?, ?, ?, ?, ?)"
            )
            .bind(game)
            .bind(player)
            .bind(i64::from(ply))
            .bind(body.to_owned())
            .bind(now)
        )?;
        Ok(())
    }

    /// The notes of `player` on game `game`, oldest first: nobody else's.
    pub async fn notes(&mut self, game: i64, player: i64) -> Result<Vec<Note>> {
        Ok(run!(
            self,
            fetch_all,
            query_as(
                "SELECT ply, body, created_at FROM notes
                 WHERE game_id = ? AND player_id = ? ORDER BY id"
            )
            .bind(game)
            .bind(player)
        )?)
    }

    /// Removes every note of `player` on game `game`; how many there were.
    pub async fn clear_notes(&mut self, game: i64, player: i64) -> Result<u64> {
        let done = run!(
            self,
            execute,
            query("DELETE FROM notes WHERE game_id = ? AND player_id = ?")
                .bind(game)
                .bind(player)
        )?;
        Ok(done.rows_affected())
    }
}
