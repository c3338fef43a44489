//! Conditional moves: lines of actions a player entered for a game while the opponent was to
//! act. Only the player's own commands and the move that plays them read them.

use crate::dialect::run;
use crate::{Result, Tx};
use chrono::{DateTime, Utc};

/// One line: the ply its first action is for and its actions' notations, in order (the
/// opponent's action, the player's answer, and so on).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConditionalLine {
    pub ply: u32,
    pub actions: Vec<String>,
}

#[derive(sqlx::FromRow)]
struct LineRow {
    ply: i64,
    actions: String,
}

impl Tx {
    /// The lines of `player` on game `game`, oldest first: nobody else's.
    pub async fn conditional_lines(
        &mut self,
        game: i64,
        player: i64,
    ) -> Result<Vec<ConditionalLine>> {
        let rows: Vec<LineRow> = run!(
            self,
            fetch_all,
            query_as(
                "SELECT ply, actions FROM conditional_lines
                 WHERE game_id = ? AND player_id = ? ORDER BY id"
            )
            .bind(game)
            .bind(player)
        )?;
        Ok(rows
            .into_iter()
            .map(|r| ConditionalLine {
                ply: u32::try_from(r.ply).unwrap_or(u32::MAX),
                actions: r.actions.split(' ').map(str::to_owned).collect(),
            })
            .collect())
    }

    /// Replaces every line of `player` on game `game` by `lines`.
    pub async fn set_conditional_lines(
        &mut self,
        game: i64,
        player: i64,
        lines: &[ConditionalLine],
        now: DateTime<Utc>,
    ) -> Result<()> {
        self.clear_conditional_lines(game, Some(player)).await?;
        for line in lines {
            run!(
                self,
                execute,
                query(
                    "INSERT INTO conditional_lines (game_id, player_id, ply, actions, created_at)
                     VALUES (?, ?, ?, ?, ?)"
                )
                .bind(game)
                .bind(player)
                .bind(i64::from(line.ply))
                .bind(line.actions.join(" "))
                .bind(now)
            )?;
        }
        Ok(())
    }

    /// Removes the lines on game `game` of `player`, or of everyone (`None`: the game ended or
    /// went back a ply); how many there were.
    pub async fn clear_conditional_lines(&mut self, game: i64, player: Option<i64>) -> Result<u64> {
        let done = match player {
            Some(p) => run!(
                self,
                execute,
                query("DELETE FROM conditional_lines WHERE game_id = ? AND player_id = ?")
                    .bind(game)
                    .bind(p)
            )?,
            None => run!(
                self,
                execute,
                query("DELETE FROM conditional_lines WHERE game_id = ?").bind(game)
            )?,
        };
        Ok(done.rows_affected())
    }
}
