//! What the read-only website lists beside one game: the public games recently finished, a
//! player's public games, and the rating pools that have ratings. Private games are never among
//! them; nothing here changes anything.

use crate::dialect::run;
use crate::games::{GAME_COLUMNS, GameRow};
use crate::{Game, Result, Tx};

impl Tx {
    /// Finished games that are not private, the most recently finished first.
    pub async fn recent_results(&mut self, limit: u32) -> Result<Vec<Game>> {
        let rows: Vec<GameRow> = run!(
            self,
            fetch_all,
            query_as(format!(
                "SELECT {GAME_COLUMNS} FROM games
             WHERE status = 'finished' AND private = FALSE
             ORDER BY finished_at DESC, id DESC LIMIT ?"
            ))
            .bind(i64::from(limit))
        )?;
        rows.into_iter().map(Game::try_from).collect()
    }

    /// A player's games that are running or finished and not private, the most recently changed
    /// first.
    pub async fn public_games_of(&mut self, player_id: i64, limit: u32) -> Result<Vec<Game>> {
        let rows: Vec<GameRow> = run!(
            self,
            fetch_all,
            query_as(format!(
                "SELECT {GAME_COLUMNS} FROM games
             WHERE (first_player = ?1 OR second_player = ?1)
               AND status IN ('active', 'finished') AND private = FALSE
             ORDER BY updated_at DESC, id DESC LIMIT ?2"
            ))
            .bind(player_id)
            .bind(i64::from(limit))
        )?;
        rows.into_iter().map(Game::try_from).collect()
    }

    /// The rating pools (`agon`, `agros-10`, …) in which anyone has a rating, in name order.
    pub async fn rated_pools(&mut self) -> Result<Vec<String>> {
        Ok(run!(
            self,
            fetch_all,
            query_scalar("SELECT DISTINCT pool FROM ratings ORDER BY pool")
        )?)
    }
}
