//! What the operator sees and changes (`agora admin`): notifications and spooled mails that are
//! stuck or were given up on, sending one again or dropping it, and blocked identities. Mails put
//! aside are listed by [`Tx::put_aside_mails`] in [`crate::mail`].
//!
//! A dropped row is never sent: it gets `failed_at` like a row given up on, with the operator's
//! note as its last error, so it stays distinguishable from a sent one until the purge removes it.

use crate::dialect::run;
use crate::{Result, Tx};
use chrono::{DateTime, Utc};

/// An outbox row or spooled mail that is not sent: failed at least once, overdue, or given up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StuckRow {
    pub id: i64,
    /// `discord`, `mailto` or `local` for an outbox row; `mailto` for a spooled mail.
    pub channel: String,
    /// The identity (outbox) or address (spool) it goes to.
    pub recipient: String,
    pub game: Option<i64>,
    /// The notification's kind (outbox) or what the mail is for, its spool key.
    pub kind: String,
    pub attempts: u32,
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub next_attempt_at: DateTime<Utc>,
    /// When it was given up on (or dropped); `None` = still due at `next_attempt_at`.
    pub failed_at: Option<DateTime<Utc>>,
}

/// What an unsent row was when the operator acted on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowChange {
    /// It is changed as asked.
    Changed,
    /// There is no such row (never was, or purged).
    Missing,
    /// It was sent: nothing to resend or drop.
    Sent,
}

#[derive(sqlx::FromRow)]
struct StuckRowDb {
    id: i64,
    channel: String,
    recipient: String,
    game: Option<i64>,
    kind: String,
    attempts: i64,
    last_error: Option<String>,
    created_at: DateTime<Utc>,
    next_attempt_at: DateTime<Utc>,
    failed_at: Option<DateTime<Utc>>,
}

impl From<StuckRowDb> for StuckRow {
    fn from(r: StuckRowDb) -> StuckRow {
        StuckRow {
            id: r.id,
            channel: r.channel,
            recipient: r.recipient,
            game: r.game,
            kind: r.kind,
            attempts: u32::try_from(r.attempts).unwrap_or(u32::MAX),
            last_error: r.last_error,
            created_at: r.created_at,
            next_attempt_at: r.next_attempt_at,
            failed_at: r.failed_at,
        }
    }
}

/// The two tables the operator acts on by id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Queue {
    Outbox,
    Spool,
}

impl Queue {
    fn table(self) -> &'static str {
        match self {
            Queue::Outbox => "outbox",
            Queue::Spool => "mail_spool",
        }
    }
}

impl Tx {
    /// Unsent outbox rows that failed at least once, were given up on, or have been due since
    /// before `overdue`, oldest first.
    pub async fn stuck_outbox(&mut self, overdue: DateTime<Utc>) -> Result<Vec<StuckRow>> {
        let rows: Vec<StuckRowDb> = run!(
            self,
            fetch_all,
            query_as(
                "SELECT id, channel, address AS recipient, game_id AS game, kind, attempts,
                    last_error, created_at, next_attempt_at, failed_at
             FROM outbox
             WHERE sent_at IS NULL
               AND (failed_at IS NOT NULL OR attempts > 0 OR next_attempt_at < ?)
             ORDER BY id"
            )
            .bind(overdue)
        )?;
        Ok(rows.into_iter().map(StuckRow::from).collect())
    }

    /// Unsent spooled mails that failed at least once, were given up on, or have been due since
    /// before `overdue`, oldest first. The game is the one of the outbox row a mail was made
    /// from, if any.
    pub async fn stuck_spool(&mut self, overdue: DateTime<Utc>) -> Result<Vec<StuckRow>> {
        let rows: Vec<StuckRowDb> = run!(
            self,
            fetch_all,
            query_as(
                "SELECT s.id, 'mailto' AS channel, s.recipient, o.game_id AS game, s.key AS kind,
                    s.attempts, s.last_error, s.created_at, s.next_attempt_at, s.failed_at
             FROM mail_spool s
             LEFT JOIN outbox o
               ON o.id = CASE WHEN s.key LIKE 'outbox:%' THEN CAST(substr(s.key, 8) AS BIGINT) END
             WHERE s.sent_at IS NULL
               AND (s.failed_at IS NOT NULL OR s.attempts > 0 OR s.next_attempt_at < ?)
             ORDER BY s.id"
            )
            .bind(overdue)
        )?;
        Ok(rows.into_iter().map(StuckRow::from).collect())
    }

    /// Whether row `id` of `queue` exists and was sent.
    async fn row_state(&mut self, queue: Queue, id: i64) -> Result<Option<bool>> {
        let sql = format!(
            "SELECT sent_at IS NOT NULL FROM {} WHERE id = ?",
            queue.table()
        );
        Ok(run!(self, fetch_optional, query_scalar(sql).bind(id))?)
    }

    /// Makes an unsent row due at `now` again, with its attempts counted afresh, whether it was
    /// given up on or is waiting for its next attempt.
    pub async fn resend(&mut self, queue: Queue, id: i64, now: DateTime<Utc>) -> Result<RowChange> {
        match self.row_state(queue, id).await? {
            None => return Ok(RowChange::Missing),
            Some(true) => return Ok(RowChange::Sent),
            Some(false) => {}
        }
        let sql = format!(
            "UPDATE {} SET failed_at = NULL, next_attempt_at = ?, attempts = 0 WHERE id = ?",
            queue.table()
        );
        run!(self, execute, query(sql).bind(now).bind(id))?;
        Ok(RowChange::Changed)
    }

    /// Gives an unsent row up at `now` with `note` as its last error: it is never due again,
    /// and is purged with the rows given up on.
    pub async fn drop_unsent(
        &mut self,
        queue: Queue,
        id: i64,
        note: &str,
        now: DateTime<Utc>,
    ) -> Result<RowChange> {
        match self.row_state(queue, id).await? {
            None => return Ok(RowChange::Missing),
            Some(true) => return Ok(RowChange::Sent),
            Some(false) => {}
        }
        let sql = format!(
            "UPDATE {} SET failed_at = ?, last_error = ? WHERE id = ?",
            queue.table()
        );
        run!(
            self,
            execute,
            query(sql).bind(now).bind(note.to_owned()).bind(id)
        )?;
        Ok(RowChange::Changed)
    }

    /// Blocks an identity (its text form); whether it was not blocked before.
    pub async fn block(&mut self, identity: &str, now: DateTime<Utc>) -> Result<bool> {
        let done = run!(
            self,
            execute,
            query(
                "INSERT INTO blocked_identities (identity, blocked_at) VALUES (?, ?)
             ON CONFLICT (identity) DO NOTHING"
            )
            .bind(identity.to_owned())
            .bind(now)
        )?;
        Ok(done.rows_affected() == 1)
    }

    /// Lifts the block of an identity; whether it was blocked.
    pub async fn unblock(&mut self, identity: &str) -> Result<bool> {
        let done = run!(
            self,
            execute,
            query("DELETE FROM blocked_identities WHERE identity = ?").bind(identity.to_owned())
        )?;
        Ok(done.rows_affected() == 1)
    }

    pub async fn is_blocked(&mut self, identity: &str) -> Result<bool> {
        let n: i64 = run!(
            self,
            fetch_one,
            query_scalar("SELECT COUNT(*) FROM blocked_identities WHERE identity = ?")
                .bind(identity.to_owned())
        )?;
        Ok(n > 0)
    }

    /// Every blocked identity with the time it was blocked, in the order they were blocked.
    pub async fn blocked(&mut self) -> Result<Vec<(String, DateTime<Utc>)>> {
        Ok(run!(
            self,
            fetch_all,
            query_as(
                "SELECT identity, blocked_at FROM blocked_identities ORDER BY blocked_at, identity"
            )
        )?)
    }
}
