//! Purging what has served its purpose: sent notifications (with the record of their Discord
//! post), sent mails of the spool (the whole mail, pictures included) and handled deliveries, each
//! once it is older than a cut-off the caller chooses. Game records (games, actions, players) are
//! never purged.
//!
//! Each call removes at most `limit` rows, oldest first, so a caller purges in batches of short
//! transactions and never holds the write lock for long. Nothing still waiting is ever removed: an
//! unsent outbox row or spooled mail has no `sent_at`, and a spooled mail is kept while the outbox
//! row it was made from is unsent (its key keeps that row from being spooled twice).

use crate::{Result, Tx};
use chrono::{DateTime, Utc};

/// How many rows a purge removed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Purged {
    pub outbox: u64,
    pub spool: u64,
    pub deliveries: u64,
}

impl Purged {
    pub fn total(&self) -> u64 {
        self.outbox + self.spool + self.deliveries
    }

    pub fn add(&mut self, other: Purged) {
        self.outbox += other.outbox;
        self.spool += other.spool;
        self.deliveries += other.deliveries;
    }
}

/// The outbox rows of one batch: sent before the cut-off, oldest first. Both statements of
/// [`Tx::purge_sent_outbox`] use it in one transaction, so they see the same rows.
macro_rules! old_outbox {
    () => {
        "SELECT id FROM outbox WHERE sent_at IS NOT NULL AND sent_at < ?1
         ORDER BY sent_at, id LIMIT ?2"
    };
}

impl Tx {
    /// Removes up to `limit` outbox rows sent before `before`, with the records of their Discord
    /// posts (which only keep an unsent row from being posted twice).
    pub async fn purge_sent_outbox(&mut self, before: DateTime<Utc>, limit: u32) -> Result<u64> {
        sqlx::query(concat!(
            "DELETE FROM discord_posts WHERE outbox_id IN (",
            old_outbox!(),
            ")"
        ))
        .bind(before)
        .bind(i64::from(limit))
        .execute(&mut *self.tx)
        .await?;
        let done = sqlx::query(concat!(
            "DELETE FROM outbox WHERE id IN (",
            old_outbox!(),
            ")"
        ))
        .bind(before)
        .bind(i64::from(limit))
        .execute(&mut *self.tx)
        .await?;
        Ok(done.rows_affected())
    }

    /// Removes up to `limit` spooled mails the relay accepted before `before`, except one made
    /// from an outbox row that is still unsent (after a crash between spooling and marking the
    /// row sent): its key is what keeps the row from being spooled again.
    pub async fn purge_sent_spool(&mut self, before: DateTime<Utc>, limit: u32) -> Result<u64> {
        let done = sqlx::query(
            "DELETE FROM mail_spool WHERE id IN (
                 SELECT s.id FROM mail_spool s
                 WHERE s.sent_at IS NOT NULL AND s.sent_at < ?1
                   AND NOT (s.key LIKE 'outbox:%' AND EXISTS (
                       SELECT 1 FROM outbox o
                       WHERE o.id = CAST(substr(s.key, 8) AS INTEGER) AND o.sent_at IS NULL))
                 ORDER BY s.sent_at, s.id LIMIT ?2)",
        )
        .bind(before)
        .bind(i64::from(limit))
        .execute(&mut *self.tx)
        .await?;
        Ok(done.rows_affected())
    }

    /// Removes up to `limit` delivery records handled before `before`. A delivery redelivered
    /// after its record is gone would be handled again, so the caller chooses `before` past any
    /// redelivery (see `keep_days` in the README).
    pub async fn purge_deliveries(&mut self, before: DateTime<Utc>, limit: u32) -> Result<u64> {
        let done = sqlx::query(
            "DELETE FROM deliveries WHERE rowid IN (
                 SELECT rowid FROM deliveries WHERE handled_at < ?1
                 ORDER BY handled_at LIMIT ?2)",
        )
        .bind(before)
        .bind(i64::from(limit))
        .execute(&mut *self.tx)
        .await?;
        Ok(done.rows_affected())
    }
}
