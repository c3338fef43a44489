//! The e-mail front end's tables: IMAP positions and retries, known senders (verification, rate
//! limit, wrong codes), verification codes, hourly counts per domain and overall, reply tokens
//! (kept as hashes) with their threads, and the SMTP spool. Addresses are
//! stored lower case and without `mailto:`; the front end normalises them before calling.
//!
//! This file holds the types, the mailbox's positions and retries, and what is known of senders
//! (verification, rate counts, wrong and valid codes); conversations and their reply tokens are
//! in `threads`, the SMTP spool in `spool`.

mod spool;
mod threads;

pub(crate) use threads::hash_plain_tokens;

use crate::dialect::run;
use crate::{Result, Tx};
use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};

/// How many tokens a conversation keeps: every mail carries a new one, and a reply to one of
/// the newest this many mails of its conversation proves its sender. Older ones are dropped as
/// new ones are sent, so the table grows with the conversations, not with the mails.
pub const TOKENS_PER_THREAD: i64 = 64;

/// What the database keeps of a reply token: its SHA-256 in lower-case hex. A token is at least
/// 128 random bits, so a hash without a salt or a slow function is as hard to reverse as the
/// token is to guess.
pub fn token_hash(token: &str) -> String {
    format!("{:x}", Sha256::digest(token.as_bytes()))
}

/// What the front end knows about one sender address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailSender {
    pub address: String,
    pub verified: bool,
}

/// A conversation with an address: about a game, or about none (`None`), with the last
/// Message-ID sent in it. A reply token belongs to one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailThread {
    pub address: String,
    pub game_id: Option<i64>,
    pub last_message_id: Option<String>,
}

/// A mail waiting for SMTP.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpooledMail {
    pub id: i64,
    pub key: String,
    pub sender: String,
    pub recipient: String,
    pub message: Vec<u8>,
    pub attempts: u32,
}

/// A mail of the mailbox to try again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MailRetry {
    pub uid: u32,
    pub attempts: u32,
}

/// A mail whose handling kept failing, put aside: never tried again, kept for the operator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PutAsideMail {
    pub mailbox: String,
    pub uidvalidity: u32,
    pub uid: u32,
    pub attempts: u32,
    /// Why its last attempt failed.
    pub last_error: String,
    pub put_aside_at: DateTime<Utc>,
}

#[derive(sqlx::FromRow)]
struct SenderRow {
    address: String,
    verified_at: Option<DateTime<Utc>>,
}

impl Tx {
    /// The UIDVALIDITY and last handled UID of a mailbox, if it was read before.
    pub async fn mailbox_position(&mut self, mailbox: &str) -> Result<Option<(u32, u32)>> {
        let row: Option<(i64, i64)> = run!(
            self,
            fetch_optional,
            query_as("SELECT uidvalidity, last_uid FROM mail_mailboxes WHERE name = ?")
                .bind(mailbox.to_owned())
        )?;
        Ok(row.map(|(v, u)| (v as u32, u as u32)))
    }

    pub async fn set_mailbox_position(
        &mut self,
        mailbox: &str,
        uidvalidity: u32,
        last_uid: u32,
    ) -> Result<()> {
        run!(
            self,
            execute,
            query(
                "INSERT INTO mail_mailboxes (name, uidvalidity, last_uid) VALUES (?, ?, ?)
             ON CONFLICT (name) DO UPDATE SET uidvalidity = excluded.uidvalidity,
                 last_uid = excluded.last_uid"
            )
            .bind(mailbox.to_owned())
            .bind(i64::from(uidvalidity))
            .bind(i64::from(last_uid))
        )?;
        Ok(())
    }

    /// Records that every mail that reached `mailbox` before `at` was read (handled, failed and
    /// due again, or put aside). Never moves back.
    pub async fn set_mailbox_read_through(
        &mut self,
        mailbox: &str,
        at: DateTime<Utc>,
    ) -> Result<()> {
        run!(
            self,
            execute,
            query(
                "UPDATE mail_mailboxes SET read_through = ?1
             WHERE name = ?2 AND (read_through IS NULL OR read_through < ?1)"
            )
            .bind(at)
            .bind(mailbox.to_owned())
        )?;
        Ok(())
    }

    /// The moment up to which every mailbox ever read was read completely (the earliest of
    /// theirs); `None` before a first complete read.
    pub async fn mail_read_through(&mut self) -> Result<Option<DateTime<Utc>>> {
        let row: Option<(i64, Option<DateTime<Utc>>)> = run!(
            self,
            fetch_optional,
            query_as(
                "SELECT COUNT(*) - COUNT(read_through), MIN(read_through) FROM mail_mailboxes"
            )
        )?;
        Ok(match row {
            Some((0, at)) => at,
            _ => None,
        })
    }

    /// Records a failed attempt at a mail and when to try again.
    pub async fn mail_failed(
        &mut self,
        mailbox: &str,
        uidvalidity: u32,
        uid: u32,
        error: &str,
        retry_at: DateTime<Utc>,
    ) -> Result<()> {
        run!(self, execute, query("INSERT INTO mail_retries (mailbox, uidvalidity, uid, attempts, next_attempt_at, last_error)
             VALUES (?, ?, ?, 1, ?, ?)
             ON CONFLICT (mailbox, uidvalidity, uid) DO UPDATE SET attempts = mail_retries.attempts + 1,
                 next_attempt_at = excluded.next_attempt_at, last_error = excluded.last_error").bind(mailbox.to_owned()).bind(i64::from(uidvalidity)).bind(i64::from(uid)).bind(retry_at).bind(error.to_owned()))?;
        Ok(())
    }

    /// How many times a mail failed so far (0 = never).
    pub async fn mail_attempts(
        &mut self,
        mailbox: &str,
        uidvalidity: u32,
        uid: u32,
    ) -> Result<u32> {
        let n: Option<i64> = run!(self, fetch_optional, query_scalar("SELECT attempts FROM mail_retries WHERE mailbox = ? AND uidvalidity = ? AND uid = ?").bind(mailbox.to_owned()).bind(i64::from(uidvalidity)).bind(i64::from(uid)))?;
        Ok(n.unwrap_or(0) as u32)
    }

    /// Forgets a mail's failures once it was handled.
    pub async fn mail_retried(&mut self, mailbox: &str, uidvalidity: u32, uid: u32) -> Result<()> {
        run!(
            self,
            execute,
            query("DELETE FROM mail_retries WHERE mailbox = ? AND uidvalidity = ? AND uid = ?")
                .bind(mailbox.to_owned())
                .bind(i64::from(uidvalidity))
                .bind(i64::from(uid))
        )?;
        Ok(())
    }

    /// Puts a failed mail aside: it is never due again, and its row stays for the operator.
    pub async fn put_mail_aside(
        &mut self,
        mailbox: &str,
        uidvalidity: u32,
        uid: u32,
        now: DateTime<Utc>,
    ) -> Result<()> {
        run!(
            self,
            execute,
            query(
                "UPDATE mail_retries SET put_aside_at = ?
             WHERE mailbox = ? AND uidvalidity = ? AND uid = ?"
            )
            .bind(now)
            .bind(mailbox.to_owned())
            .bind(i64::from(uidvalidity))
            .bind(i64::from(uid))
        )?;
        Ok(())
    }

    /// Every mail put aside, oldest first.
    pub async fn put_aside_mails(&mut self) -> Result<Vec<PutAsideMail>> {
        let rows: Vec<(String, i64, i64, i64, String, DateTime<Utc>)> = run!(
            self,
            fetch_all,
            query_as(
                "SELECT mailbox, uidvalidity, uid, attempts, last_error, put_aside_at
             FROM mail_retries WHERE put_aside_at IS NOT NULL ORDER BY put_aside_at, uid"
            )
        )?;
        Ok(rows
            .into_iter()
            .map(|(mailbox, v, uid, attempts, last_error, at)| PutAsideMail {
                mailbox,
                uidvalidity: v as u32,
                uid: uid as u32,
                attempts: attempts as u32,
                last_error,
                put_aside_at: at,
            })
            .collect())
    }

    /// Failed mails of a mailbox that are due again (never those put aside).
    pub async fn due_mail_retries(
        &mut self,
        mailbox: &str,
        uidvalidity: u32,
        now: DateTime<Utc>,
    ) -> Result<Vec<MailRetry>> {
        let rows: Vec<(i64, i64)> = run!(
            self,
            fetch_all,
            query_as(
                "SELECT uid, attempts FROM mail_retries
             WHERE mailbox = ? AND uidvalidity = ? AND next_attempt_at <= ?
                 AND put_aside_at IS NULL
             ORDER BY uid"
            )
            .bind(mailbox.to_owned())
            .bind(i64::from(uidvalidity))
            .bind(now)
        )?;
        Ok(rows
            .into_iter()
            .map(|(uid, attempts)| MailRetry {
                uid: uid as u32,
                attempts: attempts as u32,
            })
            .collect())
    }

    pub async fn mail_sender(&mut self, address: &str) -> Result<Option<MailSender>> {
        let row: Option<SenderRow> = run!(
            self,
            fetch_optional,
            query_as("SELECT address, verified_at FROM mail_senders WHERE address = ?")
                .bind(address.to_owned())
        )?;
        Ok(row.map(|r| MailSender {
            address: r.address,
            verified: r.verified_at.is_some(),
        }))
    }

    /// Counts one unauthenticated mail from `address` in its rate window (`window` long) and
    /// returns the count in the current window, this mail included. The count is kept with the
    /// domain's and everyone's, under `address:<address>`.
    pub async fn count_mail_from(
        &mut self,
        address: &str,
        window: chrono::Duration,
        now: DateTime<Utc>,
    ) -> Result<u32> {
        self.count_mail_rate(&format!("address:{address}"), window, now)
            .await
    }

    /// Counts one mail under `key` (`address:<address>`, `domain:<domain>`, `all`) in its rate window and returns the
    /// count in the current window, this mail included.
    pub async fn count_mail_rate(
        &mut self,
        key: &str,
        window: chrono::Duration,
        now: DateTime<Utc>,
    ) -> Result<u32> {
        let count: i64 = run!(
            self,
            fetch_one,
            query_scalar(
                "INSERT INTO mail_rates (key, window_start, window_count) VALUES (?1, ?2, 1)
             ON CONFLICT (key) DO UPDATE SET
                 window_count = CASE WHEN mail_rates.window_start <= ?3 THEN 1
                     ELSE mail_rates.window_count + 1 END,
                 window_start = CASE WHEN mail_rates.window_start <= ?3 THEN ?2
                     ELSE mail_rates.window_start END
             RETURNING window_count"
            )
            .bind(key.to_owned())
            .bind(now)
            .bind(now - window)
        )?;
        Ok(count as u32)
    }

    /// Wrong verification codes sent for `address` in the current window (`window` long).
    pub async fn wrong_codes(
        &mut self,
        address: &str,
        window: chrono::Duration,
        now: DateTime<Utc>,
    ) -> Result<u32> {
        let n: Option<i64> = run!(
            self,
            fetch_optional,
            query_scalar(
                "SELECT code_failures FROM mail_senders
             WHERE address = ? AND code_window_start > ?"
            )
            .bind(address.to_owned())
            .bind(now - window)
        )?;
        Ok(n.unwrap_or(0) as u32)
    }

    /// Counts one wrong verification code for `address` in its window (`window` long, from the
    /// first wrong code) and returns the count in the current window, this one included.
    pub async fn count_wrong_code(
        &mut self,
        address: &str,
        window: chrono::Duration,
        now: DateTime<Utc>,
    ) -> Result<u32> {
        let count: i64 = run!(
            self,
            fetch_one,
            query_scalar(
                "INSERT INTO mail_senders (address, window_start, window_count, created_at,
                 code_window_start, code_failures)
             VALUES (?1, ?2, 0, ?2, ?2, 1)
             ON CONFLICT (address) DO UPDATE SET
                 code_failures = CASE WHEN mail_senders.code_window_start IS NULL OR mail_senders.code_window_start <= ?3
                     THEN 1 ELSE mail_senders.code_failures + 1 END,
                 code_window_start = CASE WHEN mail_senders.code_window_start IS NULL
                     OR mail_senders.code_window_start <= ?3 THEN ?2 ELSE mail_senders.code_window_start END
             RETURNING code_failures"
            )
            .bind(address.to_owned())
            .bind(now)
            .bind(now - window)
        )?;
        Ok(count as u32)
    }

    /// The verification code of `address` that is still valid at `now`, if any.
    pub async fn mail_code(&mut self, address: &str, now: DateTime<Utc>) -> Result<Option<String>> {
        Ok(run!(
            self,
            fetch_optional,
            query_scalar("SELECT code FROM mail_codes WHERE address = ? AND expires_at > ?")
                .bind(address.to_owned())
                .bind(now)
        )?)
    }

    /// Gives `address` a new verification code, replacing any earlier one.
    pub async fn set_mail_code(
        &mut self,
        address: &str,
        code: &str,
        expires_at: DateTime<Utc>,
    ) -> Result<()> {
        run!(
            self,
            execute,
            query(
                "INSERT INTO mail_codes (address, code, expires_at) VALUES (?, ?, ?)
             ON CONFLICT (address) DO UPDATE SET code = excluded.code,
                 expires_at = excluded.expires_at"
            )
            .bind(address.to_owned())
            .bind(code.to_owned())
            .bind(expires_at)
        )?;
        Ok(())
    }

    /// Marks an address verified (it keeps the time of its first verification) and voids its
    /// verification code, so a code confirms once.
    pub async fn verify_mail_sender(&mut self, address: &str, now: DateTime<Utc>) -> Result<()> {
        run!(self, execute, query("INSERT INTO mail_senders (address, verified_at, window_start, window_count, created_at)
             VALUES (?1, ?2, ?2, 0, ?2)
             ON CONFLICT (address) DO UPDATE SET verified_at = COALESCE(mail_senders.verified_at, ?2)").bind(address.to_owned()).bind(now))?;
        run!(
            self,
            execute,
            query("DELETE FROM mail_codes WHERE address = ?").bind(address.to_owned())
        )?;
        Ok(())
    }
}
