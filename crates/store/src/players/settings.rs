//! A player's settings: weekly rest, calendar feed, time zone, language, preferred channel,
//! vacation and daily digest, and the sweep for digests that are due.

use super::{PLAYER_COLUMNS, Player, PlayerRow, Vacation};
use crate::dialect::run;
use crate::{Result, Tx};
use chrono::{DateTime, Utc};

impl Tx {
    /// Sets a player's weekly rest (`Rest::NONE`: none).
    pub async fn set_rest(&mut self, player_id: i64, rest: agora_domain::Rest) -> Result<()> {
        run!(
            self,
            execute,
            query("UPDATE players SET rest = ? WHERE id = ?")
                .bind(rest.is_some().then(|| rest.to_string()))
                .bind(player_id)
        )?;
        Ok(())
    }

    /// Gives a player the calendar feed whose secret address hashes to `hash` (see
    /// [`crate::mail::token_hash`]), replacing the one they had: the old address stops working.
    pub async fn set_calendar(
        &mut self,
        player_id: i64,
        hash: &str,
        now: DateTime<Utc>,
    ) -> Result<()> {
        self.remove_calendar(player_id).await?;
        run!(
            self,
            execute,
            query("INSERT INTO calendars (player_id, hash, created_at) VALUES (?, ?, ?)")
                .bind(player_id)
                .bind(hash.to_owned())
                .bind(now)
        )?;
        Ok(())
    }

    /// Removes a player's calendar feed; whether they had one.
    pub async fn remove_calendar(&mut self, player_id: i64) -> Result<bool> {
        let done = run!(
            self,
            execute,
            query("DELETE FROM calendars WHERE player_id = ?").bind(player_id)
        )?;
        Ok(done.rows_affected() > 0)
    }

    /// The player whose calendar feed's secret address hashes to `hash`.
    pub async fn calendar_owner(&mut self, hash: &str) -> Result<Option<i64>> {
        let owner: Option<i64> = run!(
            self,
            fetch_optional,
            query_scalar("SELECT player_id FROM calendars WHERE hash = ?").bind(hash.to_owned())
        )?;
        Ok(owner)
    }

    pub async fn set_timezone(&mut self, player_id: i64, zone: &str) -> Result<()> {
        run!(
            self,
            execute,
            query("UPDATE players SET timezone = ? WHERE id = ?")
                .bind(zone.to_owned())
                .bind(player_id)
        )?;
        Ok(())
    }

    /// Records the language a player chose.
    pub async fn set_language(&mut self, player_id: i64, language: &str) -> Result<()> {
        run!(
            self,
            execute,
            query("UPDATE players SET language = ? WHERE id = ?")
                .bind(language.to_owned())
                .bind(player_id)
        )?;
        Ok(())
    }

    /// Records the language of a player's first Discord interaction, unless one is recorded.
    pub async fn set_locale(&mut self, player_id: i64, language: &str) -> Result<()> {
        run!(
            self,
            execute,
            query("UPDATE players SET locale = ? WHERE id = ? AND locale IS NULL")
                .bind(language.to_owned())
                .bind(player_id)
        )?;
        Ok(())
    }

    /// The language settings of the player behind an identity address: (chosen, first locale).
    pub async fn identity_language(
        &mut self,
        address: &str,
    ) -> Result<Option<(Option<String>, Option<String>)>> {
        Ok(run!(self, fetch_optional, query_as("SELECT p.language, p.locale FROM identities i JOIN players p ON p.id = i.player_id \
             WHERE i.address = ?").bind(address.to_owned()))?)
    }

    pub async fn set_notify(&mut self, player_id: i64, channel: &str) -> Result<()> {
        run!(
            self,
            execute,
            query("UPDATE players SET notify = ? WHERE id = ?")
                .bind(channel.to_owned())
                .bind(player_id)
        )?;
        Ok(())
    }

    /// Records a vacation (or ends one: `None`) and the allowance used in `year`.
    pub async fn set_vacation(
        &mut self,
        player_id: i64,
        vacation: Option<Vacation>,
        year: i32,
        used: i64,
    ) -> Result<()> {
        run!(
            self,
            execute,
            query(
                "UPDATE players SET vacation_from = ?, vacation_until = ?, vacation_year = ?,
                 vacation_used = ? WHERE id = ?"
            )
            .bind(vacation.map(|v| v.from))
            .bind(vacation.map(|v| v.until))
            .bind(i64::from(year))
            .bind(used)
            .bind(player_id)
        )?;
        Ok(())
    }

    /// Sets (or with `None` stops) the daily digest and when the next one is due.
    pub async fn set_digest(
        &mut self,
        player_id: i64,
        hour: Option<u32>,
        due_at: Option<DateTime<Utc>>,
    ) -> Result<()> {
        run!(
            self,
            execute,
            query("UPDATE players SET digest_hour = ?, digest_due_at = ? WHERE id = ?")
                .bind(hour.map(i64::from))
                .bind(due_at)
                .bind(player_id)
        )?;
        Ok(())
    }

    /// Players whose digest is due at `now`, earliest first (the scheduler's sweep).
    pub async fn digests_due(&mut self, now: DateTime<Utc>, limit: u32) -> Result<Vec<Player>> {
        let rows: Vec<PlayerRow> = run!(
            self,
            fetch_all,
            query_as(format!(
                "SELECT {PLAYER_COLUMNS} FROM players
             WHERE digest_due_at IS NOT NULL AND digest_due_at <= ?
             ORDER BY digest_due_at LIMIT ?"
            ))
            .bind(now)
            .bind(limit as i64)
        )?;
        Ok(rows.into_iter().map(Player::from).collect())
    }
}
