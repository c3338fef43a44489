//! Post-game analysis: finished games waiting for the computer's look, claimed by one process at
//! a time, and what it found.

use crate::dialect::run;
use crate::{Result, Tx};
use chrono::{DateTime, Utc};

/// A game's analysis: when it was asked for, and its result (JSON) once done.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct AnalysisRow {
    pub game_id: i64,
    pub queued_at: DateTime<Utc>,
    pub done_at: Option<DateTime<Utc>>,
    pub result: Option<String>,
}

impl Tx {
    /// Asks for game `game`'s analysis (once: asking again changes nothing).
    pub async fn queue_analysis(&mut self, game: i64, now: DateTime<Utc>) -> Result<()> {
        run!(
            self,
            execute,
            query(
                "INSERT INTO analyses (game_id, queued_at) VALUES (?, ?)
                 ON CONFLICT (game_id) DO NOTHING"
            )
            .bind(game)
            .bind(now)
        )?;
        Ok(())
    }

    /// Claims the analysis waiting longest that nobody holds (or whose holder's time ran out
    /// before `now`) for `holder` until `until`; its game.
    pub async fn claim_analysis(
        &mut self,
        holder: &str,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> Result<Option<i64>> {
        Ok(run!(
            self,
            fetch_optional,
            query_scalar(
                "UPDATE analyses SET claimed_by = ?1, claimed_until = ?2
                 WHERE game_id = (SELECT game_id FROM analyses
                                  WHERE done_at IS NULL
                                    AND (claimed_until IS NULL OR claimed_until <= ?3)
                                  ORDER BY queued_at, game_id LIMIT 1)
                   AND done_at IS NULL AND (claimed_until IS NULL OR claimed_until <= ?3)
                 RETURNING game_id"
            )
            .bind(holder.to_owned())
            .bind(until)
            .bind(now)
        )?)
    }

    /// Keeps the result of game `game`'s analysis, if `holder` still holds it; whether it did.
    pub async fn finish_analysis(
        &mut self,
        game: i64,
        holder: &str,
        result: &str,
        now: DateTime<Utc>,
    ) -> Result<bool> {
        let done = run!(
            self,
            execute,
            query(
                "UPDATE analyses SET done_at = ?, result = ?, claimed_until = NULL
                 WHERE game_id = ? AND claimed_by = ? AND done_at IS NULL"
            )
            .bind(now)
            .bind(result.to_owned())
            .bind(game)
            .bind(holder.to_owned())
        )?;
        Ok(done.rows_affected() == 1)
    }

    /// Game `game`'s analysis, if one was asked for.
    pub async fn analysis(&mut self, game: i64) -> Result<Option<AnalysisRow>> {
        Ok(run!(
            self,
            fetch_optional,
            query_as("SELECT game_id, queued_at, done_at, result FROM analyses WHERE game_id = ?")
                .bind(game)
        )?)
    }

    /// How many analyses wait ahead of game `game`'s (queued before it, not done).
    pub async fn analyses_ahead(&mut self, game: i64) -> Result<i64> {
        Ok(run!(
            self,
            fetch_one,
            query_scalar(
                "SELECT COUNT(*) FROM analyses a, analyses me
                 WHERE me.game_id = ? AND a.done_at IS NULL
                   AND (a.queued_at < me.queued_at
                        OR (a.queued_at = me.queued_at AND a.game_id < me.game_id))"
            )
            .bind(game)
        )?)
    }
}
