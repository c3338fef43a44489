//! Mail conversations: one per address and game (or about no game), with the last Message-ID
//! sent in it, and the reply tokens that prove a reply's sender, kept as hashes.

use super::{MailThread, TOKENS_PER_THREAD, token_hash};
use crate::dialect::run;
use crate::{Result, Tx};
use chrono::{DateTime, Utc};

#[derive(sqlx::FromRow)]
struct ThreadRow {
    address: String,
    game_id: i64,
    last_message_id: Option<String>,
}

impl From<ThreadRow> for MailThread {
    fn from(r: ThreadRow) -> MailThread {
        MailThread {
            address: r.address,
            game_id: (r.game_id != 0).then_some(r.game_id),
            last_message_id: r.last_message_id,
        }
    }
}

impl Tx {
    /// The conversation of an address about `game` (`None` = about no game), begun now if there
    /// was none.
    pub async fn mail_thread(
        &mut self,
        address: &str,
        game_id: Option<i64>,
        now: DateTime<Utc>,
    ) -> Result<MailThread> {
        run!(
            self,
            execute,
            query(
                "INSERT INTO mail_threads (address, game_id, created_at) VALUES (?, ?, ?)
             ON CONFLICT (address, game_id) DO NOTHING"
            )
            .bind(address.to_owned())
            .bind(game_id.unwrap_or(0))
            .bind(now)
        )?;
        self.find_mail_thread(address, game_id)
            .await?
            .ok_or_else(|| sqlx::Error::RowNotFound.into())
    }

    /// The conversation of an address about `game` (`None` = about no game), if it was begun.
    pub async fn find_mail_thread(
        &mut self,
        address: &str,
        game_id: Option<i64>,
    ) -> Result<Option<MailThread>> {
        let row: Option<ThreadRow> = run!(
            self,
            fetch_optional,
            query_as(
                "SELECT address, game_id, last_message_id FROM mail_threads
             WHERE address = ? AND game_id = ?"
            )
            .bind(address.to_owned())
            .bind(game_id.unwrap_or(0))
        )?;
        Ok(row.map(MailThread::from))
    }

    /// Keeps the hash of `token`, sent to `address` in its conversation about `game_id`, and
    /// drops the conversation's tokens beyond its newest [`TOKENS_PER_THREAD`].
    pub async fn add_mail_token(
        &mut self,
        address: &str,
        game_id: Option<i64>,
        token: &str,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let game = game_id.unwrap_or(0);
        run!(
            self,
            execute,
            query(
                "INSERT INTO mail_tokens (hash, address, game_id, created_at) VALUES (?, ?, ?, ?)"
            )
            .bind(token_hash(token))
            .bind(address.to_owned())
            .bind(game)
            .bind(now)
        )?;
        run!(
            self,
            execute,
            query(
                "DELETE FROM mail_tokens WHERE address = ? AND game_id = ? AND id <= (
                 SELECT id FROM mail_tokens WHERE address = ? AND game_id = ?
                 ORDER BY id DESC LIMIT 1 OFFSET ?)"
            )
            .bind(address.to_owned())
            .bind(game)
            .bind(address.to_owned())
            .bind(game)
            .bind(TOKENS_PER_THREAD)
        )?;
        Ok(())
    }

    /// Voids every reply token sent to `address`; returns how many there were.
    pub async fn revoke_mail_tokens(&mut self, address: &str) -> Result<u64> {
        let done = run!(
            self,
            execute,
            query("DELETE FROM mail_tokens WHERE address = ?").bind(address.to_owned())
        )?;
        Ok(done.rows_affected())
    }

    /// The conversation a token was sent in, if the token is one Agora keeps.
    pub async fn mail_thread_by_token(&mut self, token: &str) -> Result<Option<MailThread>> {
        let row: Option<ThreadRow> = run!(
            self,
            fetch_optional,
            query_as(
                "SELECT t.address, t.game_id, t.last_message_id
             FROM mail_tokens k JOIN mail_threads t
               ON t.address = k.address AND t.game_id = k.game_id
             WHERE k.hash = ?"
            )
            .bind(token_hash(token))
        )?;
        Ok(row.map(MailThread::from))
    }

    /// Remembers the latest message of a thread, so the next mail in it replies to that one.
    pub async fn set_thread_message(
        &mut self,
        address: &str,
        game_id: Option<i64>,
        message_id: &str,
    ) -> Result<()> {
        run!(
            self,
            execute,
            query("UPDATE mail_threads SET last_message_id = ? WHERE address = ? AND game_id = ?")
                .bind(message_id.to_owned())
                .bind(address.to_owned())
                .bind(game_id.unwrap_or(0))
        )?;
        Ok(())
    }
}

/// Replaces the reply tokens that migration `1400` carried over in plain text (`plain:<token>`)
/// with their hashes, then rebuilds the file (`VACUUM`) and empties the write-ahead log, so the
/// plain tokens stay behind neither in free pages (the old `mail_threads` table's) nor in old
/// frames of the log. Does nothing once they are done.
pub(crate) async fn hash_plain_tokens(pool: &sqlx::SqlitePool) -> Result<()> {
    use sqlx::Connection;
    let mut conn = pool.acquire().await?;
    let plain: Vec<(i64, String)> =
        sqlx::query_as("SELECT id, hash FROM mail_tokens WHERE hash LIKE 'plain:%'")
            .fetch_all(&mut *conn)
            .await?;
    if plain.is_empty() {
        return Ok(());
    }
    sqlx::query("PRAGMA secure_delete = ON")
        .execute(&mut *conn)
        .await?;
    let mut tx = conn.begin().await?;
    for (id, hash) in &plain {
        let token = hash.strip_prefix("plain:").unwrap_or(hash);
        sqlx::query("UPDATE mail_tokens SET hash = ? WHERE id = ?")
            .bind(token_hash(token))
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    sqlx::query("VACUUM").execute(&mut *conn).await?;
    sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
        .execute(&mut *conn)
        .await?;
    sqlx::query("PRAGMA secure_delete = OFF")
        .execute(&mut *conn)
        .await?;
    tracing::info!(tokens = plain.len(), "reply tokens kept as hashes");
    Ok(())
}
