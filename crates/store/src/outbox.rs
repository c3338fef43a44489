//! The outbox: notifications written in the transaction of the change they report, then read by
//! each channel's sender after the commit, marked sent, or retried later with the error kept.

use crate::{Result, Tx};
use chrono::{DateTime, Utc};

/// A notification to queue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMessage {
    pub player_id: i64,
    /// `discord`, `mailto` or `local`: which sender takes it.
    pub channel: String,
    /// The identity it goes to (`mailto:ann@example.org`, …).
    pub address: String,
    pub game_id: Option<i64>,
    /// The game's ply the message reports, so a channel can attach that position's picture.
    pub ply: Option<u32>,
    pub subject: String,
    pub body: String,
}

/// A queued notification.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutboxMessage {
    /// Stable across retries: channels use it to drop a repeat after a crash between sending and
    /// marking sent.
    pub id: i64,
    pub player_id: i64,
    pub channel: String,
    pub address: String,
    pub game_id: Option<i64>,
    pub ply: Option<u32>,
    pub subject: String,
    pub body: String,
    pub attempts: u32,
}

/// Counts over the whole outbox.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutboxStats {
    pub pending: i64,
    pub sent: i64,
    pub failed_attempts: i64,
}

#[derive(sqlx::FromRow)]
struct MessageRow {
    id: i64,
    player_id: i64,
    channel: String,
    address: String,
    game_id: Option<i64>,
    ply: Option<i64>,
    subject: String,
    body: String,
    attempts: i64,
}

impl From<MessageRow> for OutboxMessage {
    fn from(r: MessageRow) -> OutboxMessage {
        OutboxMessage {
            id: r.id,
            player_id: r.player_id,
            channel: r.channel,
            address: r.address,
            game_id: r.game_id,
            ply: r.ply.map(|p| p as u32),
            subject: r.subject,
            body: r.body,
            attempts: r.attempts as u32,
        }
    }
}

impl Tx {
    pub async fn queue(&mut self, m: &NewMessage, now: DateTime<Utc>) -> Result<i64> {
        Ok(sqlx::query_scalar(
            "INSERT INTO outbox (player_id, channel, address, game_id, ply, subject, body,
                 created_at, next_attempt_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        )
        .bind(m.player_id)
        .bind(m.channel.clone())
        .bind(m.address.clone())
        .bind(m.game_id)
        .bind(m.ply.map(i64::from))
        .bind(m.subject.clone())
        .bind(m.body.clone())
        .bind(now)
        .bind(now)
        .fetch_one(&mut *self.tx)
        .await?)
    }

    /// Unsent messages of a channel that are due, oldest first.
    pub async fn pending(
        &mut self,
        channel: &str,
        now: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<OutboxMessage>> {
        let rows: Vec<MessageRow> = sqlx::query_as(
            "SELECT id, player_id, channel, address, game_id, ply, subject, body, attempts
             FROM outbox
             WHERE channel = ? AND sent_at IS NULL AND next_attempt_at <= ?
             ORDER BY id LIMIT ?",
        )
        .bind(channel.to_owned())
        .bind(now)
        .bind(limit as i64)
        .fetch_all(&mut *self.tx)
        .await?;
        Ok(rows.into_iter().map(OutboxMessage::from).collect())
    }

    pub async fn mark_sent(&mut self, id: i64, now: DateTime<Utc>) -> Result<()> {
        sqlx::query("UPDATE outbox SET sent_at = ?, attempts = attempts + 1 WHERE id = ?")
            .bind(now)
            .bind(id)
            .execute(&mut *self.tx)
            .await?;
        Ok(())
    }

    /// Records a failed attempt and when to try again.
    pub async fn mark_failed(
        &mut self,
        id: i64,
        error: &str,
        retry_at: DateTime<Utc>,
    ) -> Result<()> {
        sqlx::query(
            "UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?
             WHERE id = ?",
        )
        .bind(error.to_owned())
        .bind(retry_at)
        .bind(id)
        .execute(&mut *self.tx)
        .await?;
        Ok(())
    }

    pub async fn outbox_stats(&mut self) -> Result<OutboxStats> {
        let (pending, sent, failed_attempts): (i64, i64, i64) = sqlx::query_as(
            "SELECT COALESCE(SUM(sent_at IS NULL), 0), COALESCE(SUM(sent_at IS NOT NULL), 0),
                    COALESCE(SUM(attempts - (sent_at IS NOT NULL)), 0)
             FROM outbox",
        )
        .fetch_one(&mut *self.tx)
        .await?;
        Ok(OutboxStats {
            pending,
            sent,
            failed_attempts,
        })
    }
}
