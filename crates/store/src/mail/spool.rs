//! The SMTP spool: mails waiting to be sent, each once by its key, retried after a failure and
//! given up after the last attempt.

use super::SpooledMail;
use crate::dialect::run;
use crate::{Result, Tx};
use chrono::{DateTime, Utc};

#[derive(sqlx::FromRow)]
struct SpoolRow {
    id: i64,
    key: String,
    sender: String,
    recipient: String,
    message: Vec<u8>,
    attempts: i64,
}

impl Tx {
    /// Spools a mail unless one with the same key already was; returns whether it was added.
    pub async fn spool_mail(
        &mut self,
        key: &str,
        sender: &str,
        recipient: &str,
        message: &[u8],
        now: DateTime<Utc>,
    ) -> Result<bool> {
        let done = run!(self, execute, query("INSERT INTO mail_spool (key, sender, recipient, message, created_at, next_attempt_at)
             VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING").bind(key.to_owned()).bind(sender.to_owned()).bind(recipient.to_owned()).bind(message.to_vec()).bind(now).bind(now))?;
        Ok(done.rows_affected() == 1)
    }

    pub async fn is_spooled(&mut self, key: &str) -> Result<bool> {
        let n: i64 = run!(
            self,
            fetch_one,
            query_scalar("SELECT COUNT(*) FROM mail_spool WHERE key = ?").bind(key.to_owned())
        )?;
        Ok(n > 0)
    }

    /// Unsent spooled mails that are due, oldest first; never those given up, nor those of a
    /// recipient (case aside) whose earlier mail waits to be tried again: a recipient's mails are
    /// handed over in the order they were spooled, also after a failure.
    pub async fn due_spool(&mut self, now: DateTime<Utc>, limit: u32) -> Result<Vec<SpooledMail>> {
        let rows: Vec<SpoolRow> = run!(
            self,
            fetch_all,
            query_as(
                "SELECT id, key, sender, recipient, message, attempts FROM mail_spool s
             WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ?
               AND NOT EXISTS (SELECT 1 FROM mail_spool e
                 WHERE e.sent_at IS NULL AND e.next_attempt_at > ? AND e.failed_at IS NULL
                   AND e.id < s.id AND lower(e.recipient) = lower(s.recipient))
             ORDER BY id LIMIT ?"
            )
            .bind(now)
            .bind(now)
            .bind(i64::from(limit))
        )?;
        Ok(rows
            .into_iter()
            .map(|r| SpooledMail {
                id: r.id,
                key: r.key,
                sender: r.sender,
                recipient: r.recipient,
                message: r.message,
                attempts: r.attempts as u32,
            })
            .collect())
    }

    pub async fn spool_sent(&mut self, id: i64, now: DateTime<Utc>) -> Result<()> {
        run!(
            self,
            execute,
            query("UPDATE mail_spool SET sent_at = ?, attempts = attempts + 1 WHERE id = ?")
                .bind(now)
                .bind(id)
        )?;
        Ok(())
    }

    pub async fn spool_failed(
        &mut self,
        id: i64,
        error: &str,
        retry_at: DateTime<Utc>,
    ) -> Result<()> {
        run!(
            self,
            execute,
            query(
                "UPDATE mail_spool SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?
             WHERE id = ?"
            )
            .bind(error.to_owned())
            .bind(retry_at)
            .bind(id)
        )?;
        Ok(())
    }

    /// Records a last failed attempt at a spooled mail and gives it up: it keeps its error and is
    /// never due again.
    pub async fn spool_given_up(&mut self, id: i64, error: &str, now: DateTime<Utc>) -> Result<()> {
        run!(
            self,
            execute,
            query(
                "UPDATE mail_spool SET attempts = attempts + 1, last_error = ?, failed_at = ?
             WHERE id = ? AND sent_at IS NULL"
            )
            .bind(error.to_owned())
            .bind(now)
            .bind(id)
        )?;
        Ok(())
    }

    /// Unsent and sent counts of the spool.
    pub async fn spool_counts(&mut self) -> Result<(i64, i64)> {
        Ok(run!(
            self,
            fetch_one,
            query_as(
                "SELECT CAST(COALESCE(SUM(CASE WHEN sent_at IS NULL THEN 1 ELSE 0 END), 0) AS BIGINT),
                    CAST(COALESCE(SUM(CASE WHEN sent_at IS NULL THEN 0 ELSE 1 END), 0) AS BIGINT)
             FROM mail_spool"
            )
        )?)
    }
}
