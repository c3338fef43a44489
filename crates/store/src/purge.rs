//! Purging what has served its purpose: sent notifications (with the record of their Discord
//! post), sent mails of the spool (the whole mail, pictures included) and handled deliveries;
//! notifications and mails given up on (`failed_at`), mails put aside; and the counters and codes
//! that only matter for a window (hourly mail rates, wrong link codes, expired verification and
//! link codes): each once it is older than a cut-off the caller chooses. Game records (games,
//! actions, players, identities) and what a front end needs for as long as a player plays (reply
//! tokens, confirmed addresses, Discord threads) are never purged, nor are blocked identities.
//!
//! Each call removes at most `limit` rows, oldest first, so a caller purges in batches of short
//! transactions and never holds the write lock for long. Nothing still waiting is ever removed: an
//! unsent outbox row or spooled mail has no `sent_at`, and a spooled mail is kept while the outbox
//! row it was made from is unsent (its key keeps that row from being spooled twice).

use crate::dialect::run;
use crate::{Result, Tx};
use chrono::{DateTime, Utc};

/// How many rows a purge removed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Purged {
    pub outbox: u64,
    pub spool: u64,
    pub deliveries: u64,
    /// Outbox rows and spooled mails given up on (failed for good, or dropped by the operator).
    pub given_up: u64,
    /// Mails put aside after failing too often.
    pub put_aside: u64,
    /// Hourly mail counts, wrong link codes, expired verification and link codes.
    pub counters: u64,
}

impl Purged {
    pub fn total(&self) -> u64 {
        self.outbox + self.spool + self.deliveries + self.given_up + self.put_aside + self.counters
    }

    pub fn add(&mut self, other: Purged) {
        self.outbox += other.outbox;
        self.spool += other.spool;
        self.deliveries += other.deliveries;
        self.given_up += other.given_up;
        self.put_aside += other.put_aside;
        self.counters += other.counters;
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
        run!(
            self,
            execute,
            query(concat!(
                "DELETE FROM discord_posts WHERE outbox_id IN (",
                old_outbox!(),
                ")"
            ))
            .bind(before)
            .bind(i64::from(limit))
        )?;
        let done = run!(
            self,
            execute,
            query(concat!(
                "DELETE FROM outbox WHERE id IN (",
                old_outbox!(),
                ")"
            ))
            .bind(before)
            .bind(i64::from(limit))
        )?;
        Ok(done.rows_affected())
    }

    /// Removes up to `limit` spooled mails the relay accepted before `before`, except one made
    /// from an outbox row that is still unsent (after a crash between spooling and marking the
    /// row sent): its key is what keeps the row from being spooled again.
    pub async fn purge_sent_spool(&mut self, before: DateTime<Utc>, limit: u32) -> Result<u64> {
        let done = run!(
            self,
            execute,
            query(
                "DELETE FROM mail_spool WHERE id IN (
                 SELECT s.id FROM mail_spool s
                 WHERE s.sent_at IS NOT NULL AND s.sent_at < ?1
                   AND NOT (s.key LIKE 'outbox:%' AND EXISTS (
                       SELECT 1 FROM outbox o
                       WHERE o.id = CASE WHEN s.key LIKE 'outbox:%' THEN CAST(substr(s.key, 8) AS BIGINT) END
                         AND o.sent_at IS NULL))
                 ORDER BY s.sent_at, s.id LIMIT ?2)"
            )
            .bind(before)
            .bind(i64::from(limit))
        )?;
        Ok(done.rows_affected())
    }

    /// Removes up to `limit` delivery records handled before `before`. A delivery redelivered
    /// after its record is gone would be handled again, so the caller chooses `before` past any
    /// redelivery (see `keep_days` in docs/operating.md).
    pub async fn purge_deliveries(&mut self, before: DateTime<Utc>, limit: u32) -> Result<u64> {
        let done = run!(
            self,
            execute,
            query(self.row_address(
                "DELETE FROM deliveries WHERE rowid IN (
                 SELECT rowid FROM deliveries WHERE handled_at < ?1
                 ORDER BY handled_at LIMIT ?2)"
            ))
            .bind(before)
            .bind(i64::from(limit))
        )?;
        Ok(done.rows_affected())
    }

    /// Removes up to `limit` outbox rows and up to `limit` spooled mails given up on before
    /// `before` (their `failed_at`), with the records of the rows' Discord posts. A given-up row
    /// is never due again; it is kept that long only so the operator can see it, send it again
    /// or drop it. A spooled mail made from an outbox row that is still unsent stays, as in
    /// [`Tx::purge_sent_spool`].
    pub async fn purge_given_up(&mut self, before: DateTime<Utc>, limit: u32) -> Result<u64> {
        const OLD: &str = "SELECT id FROM outbox WHERE failed_at IS NOT NULL AND sent_at IS NULL
             AND failed_at < ?1 ORDER BY failed_at, id LIMIT ?2";
        run!(
            self,
            execute,
            query(format!(
                "DELETE FROM discord_posts WHERE outbox_id IN ({OLD})"
            ))
            .bind(before)
            .bind(i64::from(limit))
        )?;
        let outbox = run!(
            self,
            execute,
            query(format!("DELETE FROM outbox WHERE id IN ({OLD})"))
                .bind(before)
                .bind(i64::from(limit))
        )?;
        let spool = run!(
            self,
            execute,
            query(
                "DELETE FROM mail_spool WHERE id IN (
                 SELECT s.id FROM mail_spool s
                 WHERE s.failed_at IS NOT NULL AND s.sent_at IS NULL AND s.failed_at < ?1
                   AND NOT (s.key LIKE 'outbox:%' AND EXISTS (
                       SELECT 1 FROM outbox o
                       WHERE o.id = CASE WHEN s.key LIKE 'outbox:%' THEN CAST(substr(s.key, 8) AS BIGINT) END
                         AND o.sent_at IS NULL
                         AND o.failed_at IS NULL))
                 ORDER BY s.failed_at, s.id LIMIT ?2)"
            )
            .bind(before)
            .bind(i64::from(limit))
        )?;
        Ok(outbox.rows_affected() + spool.rows_affected())
    }

    /// Removes up to `limit` mails put aside before `before`. Their mail stays in the mailbox
    /// (flagged as handled or not, as the front end left it); only the record of their failures
    /// goes. Mails still being retried are kept whatever their age.
    pub async fn purge_put_aside(&mut self, before: DateTime<Utc>, limit: u32) -> Result<u64> {
        let done = run!(
            self,
            execute,
            query(
                "DELETE FROM mail_retries WHERE (mailbox, uidvalidity, uid) IN (
                 SELECT mailbox, uidvalidity, uid FROM mail_retries
                 WHERE put_aside_at IS NOT NULL AND put_aside_at < ?1
                 ORDER BY put_aside_at LIMIT ?2)"
            )
            .bind(before)
            .bind(i64::from(limit))
        )?;
        Ok(done.rows_affected())
    }

    /// Removes up to `limit` rows of each counter that matters only for a window shorter than
    /// the cut-off: hourly mail counts whose window started before `before` (a new window starts
    /// from nothing anyway), wrong link codes made before it (they count for a day), and
    /// verification and link codes that expired before it (an expired code is void), and the
    /// failure counts of Discord events that last failed before it.
    pub async fn purge_counters(&mut self, before: DateTime<Utc>, limit: u32) -> Result<u64> {
        let statements = [
            "DELETE FROM mail_rates WHERE key IN (
                 SELECT key FROM mail_rates WHERE window_start < ?1 LIMIT ?2)",
            "DELETE FROM link_guesses WHERE rowid IN (
                 SELECT rowid FROM link_guesses WHERE at < ?1 ORDER BY at LIMIT ?2)",
            "DELETE FROM mail_codes WHERE address IN (
                 SELECT address FROM mail_codes WHERE expires_at < ?1 LIMIT ?2)",
            "DELETE FROM link_codes WHERE code IN (
                 SELECT code FROM link_codes WHERE expires_at < ?1 LIMIT ?2)",
            // An event Discord could still replay is minutes old; one failed days ago is only a
            // record of a fault the log already told.
            "DELETE FROM discord_failures WHERE event_id IN (
                 SELECT event_id FROM discord_failures WHERE failed_at < ?1 LIMIT ?2)",
        ];
        let mut removed = 0;
        for sql in statements {
            removed += run!(
                self,
                execute,
                query(self.row_address(sql))
                    .bind(before)
                    .bind(i64::from(limit))
            )?
            .rows_affected();
        }
        Ok(removed)
    }

    /// A statement that names rows of a table without a key by their address: SQLite's `rowid`,
    /// PostgreSQL's `ctid`.
    fn row_address(&self, sql: &str) -> String {
        if self.is_postgres() {
            sql.replace("rowid", "ctid")
        } else {
            sql.to_owned()
        }
    }
}
