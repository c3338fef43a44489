//! The outbox: notifications written in the transaction of the change they report, then read by
//! each channel's sender after the commit, marked sent, or retried later with the error kept, or
//! given up for good (never due again, kept for the operator).
//!
//! Rows to one recipient about one game go out in order: a row is due only while no earlier row
//! of the same address and game waits unsent (in backoff or not yet tried), so a later move never
//! overtakes a failed earlier one. A row given up on no longer holds the later ones back.
//!
//! This file holds the types, queueing, and marking a row sent, failed or given up; the claims a
//! sending process takes on conversations are in `claims`.

mod claims;

pub use claims::Claimed;

use crate::dialect::run;
use crate::{Result, Tx};
use chrono::{DateTime, Utc};

// What a notification is lives in `agora-domain`, which the front ends share without the store.
pub use agora_domain::Notice;

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
    pub kind: Notice,
    /// A picture of the position at `ply` belongs with it.
    pub board: bool,
    /// The picture carries the final field overlay (a finished Agros game, AR-14).
    pub overlay: bool,
    pub subject: String,
    pub body: String,
}

/// What a command queued, as its front end may need to know it: who is told what about which
/// game, on which channel (a Discord answer leaves the game's public message to the notification
/// that will carry it, for instance).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Queued {
    pub id: i64,
    pub player_id: i64,
    pub channel: String,
    pub address: String,
    pub game_id: Option<i64>,
    pub kind: Notice,
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
    pub kind: Notice,
    pub board: bool,
    pub overlay: bool,
    pub subject: String,
    pub body: String,
    pub attempts: u32,
    /// Set when an earlier try may have delivered the row: a try that failed (a send that
    /// timed out may have arrived), or a pass that took the row and never finished (cut short
    /// by a crash). It is the row's time, from which a channel that cannot drop a repeat by
    /// itself looks for that delivery before sending. `None` for a row no try came before
    /// (and for rows not read by [`Tx::claim_pending`]).
    pub tried: Option<DateTime<Utc>>,
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
    kind: String,
    board: bool,
    overlay: bool,
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
            kind: Notice::from_code(&r.kind),
            board: r.board,
            overlay: r.overlay,
            subject: r.subject,
            body: r.body,
            attempts: r.attempts as u32,
            tried: None,
        }
    }
}

impl Tx {
    /// When the first warning about a turn reached `player`: a reminder about game `game` at
    /// ply `ply`, or a daily digest sent since `since` (the turn's start), delivered (sent, not
    /// given up); `None` if none has. A notification by mail is delivered when its mail of the
    /// spool is (`outbox:<id>`): handed to the relay, not refused by it, not still waiting.
    pub async fn first_warning(
        &mut self,
        player: i64,
        game: i64,
        ply: u32,
        since: DateTime<Utc>,
    ) -> Result<Option<DateTime<Utc>>> {
        Ok(run!(
            self,
            fetch_optional,
            query_scalar(
                "SELECT COALESCE(s.sent_at, o.sent_at) AS reached FROM outbox o
                     LEFT JOIN mail_spool s ON s.key = 'outbox:' || o.id
                 WHERE o.player_id = ? AND o.sent_at IS NOT NULL AND o.failed_at IS NULL
                   AND (s.id IS NULL OR (s.sent_at IS NOT NULL AND s.failed_at IS NULL))
                   AND ((o.kind = 'reminder' AND o.game_id = ? AND o.ply = ?)
                        OR (o.kind = 'digest' AND o.sent_at >= ?))
                 ORDER BY reached LIMIT 1"
            )
            .bind(player)
            .bind(game)
            .bind(i64::from(ply))
            .bind(since)
        )?)
    }

    pub async fn queue(&mut self, m: &NewMessage, now: DateTime<Utc>) -> Result<i64> {
        use crate::direct::Time;
        const SQL: &str =
            "INSERT INTO outbox (player_id, channel, address, game_id, ply, kind, board,
                     overlay, subject, body, created_at, next_attempt_at)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id";
        let id: i64 = if self.is_postgres() {
            run!(
                self,
                fetch_one,
                query_scalar(SQL)
                    .bind(m.player_id)
                    .bind(m.channel.clone())
                    .bind(m.address.clone())
                    .bind(m.game_id)
                    .bind(m.ply.map(i64::from))
                    .bind(m.kind.code())
                    .bind(m.board)
                    .bind(m.overlay)
                    .bind(m.subject.clone())
                    .bind(m.body.clone())
                    .bind(now)
                    .bind(now)
            )?
        } else {
            // Every action queues notifications: run directly on the connection (see `direct`).
            let db = self.db().await?;
            db.prepare_cached(SQL)?.query_row(
                rusqlite::params![
                    m.player_id,
                    m.channel,
                    m.address,
                    m.game_id,
                    m.ply.map(i64::from),
                    m.kind.code(),
                    m.board,
                    m.overlay,
                    m.subject,
                    m.body,
                    Time(now),
                    Time(now),
                ],
                |row| row.get(0),
            )?
        };
        self.queued.push(Queued {
            id,
            player_id: m.player_id,
            channel: m.channel.clone(),
            address: m.address.clone(),
            game_id: m.game_id,
            kind: m.kind,
        });
        Ok(id)
    }

    /// Queues several notifications in one statement, whatever their number (a move's notices to
    /// its game's watchers): the rows go to the database as one JSON array, which the statement
    /// reads row by row. Returns their ids, in the order of `messages`.
    pub async fn queue_all(
        &mut self,
        messages: &[NewMessage],
        now: DateTime<Utc>,
    ) -> Result<Vec<i64>> {
        use crate::direct::Time;
        if messages.is_empty() {
            return Ok(Vec::new());
        }
        let rows = serde_json::Value::Array(
            messages
                .iter()
                .map(|m| {
                    serde_json::json!([
                        m.player_id,
                        m.channel,
                        m.address,
                        m.game_id,
                        m.ply,
                        m.kind.code(),
                        m.board,
                        m.overlay,
                        m.subject,
                        m.body,
                    ])
                })
                .collect(),
        )
        .to_string();
        // Each engine spreads a JSON array into rows its own way; the rest is one statement.
        let from = if self.is_postgres() {
            "json_array_elements(CAST(?1 AS json)) WITH ORDINALITY AS r (e, n)"
        } else {
            "(SELECT value AS e, key AS n FROM json_each(?1)) AS r"
        };
        let sql = format!(
            "INSERT INTO outbox (player_id, channel, address, game_id, ply, kind, board,
                     overlay, subject, body, created_at, next_attempt_at)
                 SELECT CAST(r.e ->> 0 AS BIGINT), r.e ->> 1, r.e ->> 2,
                     CAST(r.e ->> 3 AS BIGINT), CAST(r.e ->> 4 AS BIGINT), r.e ->> 5,
                     CAST(r.e ->> 6 AS BOOLEAN), CAST(r.e ->> 7 AS BOOLEAN), r.e ->> 8,
                     r.e ->> 9, ?2, ?2
                 FROM {from} ORDER BY r.n RETURNING id"
        );
        let mut ids: Vec<i64> = if self.is_postgres() {
            run!(self, fetch_all, query_scalar(sql).bind(rows).bind(now))?
        } else {
            // Run directly on the connection, as `queue` is (see `direct`).
            let db = self.db().await?;
            let mut query = db.prepare_cached(&sql)?;
            let ids = query.query_map(rusqlite::params![rows, Time(now)], |row| row.get(0))?;
            ids.collect::<rusqlite::Result<Vec<i64>>>()?
        };
        // The rows are inserted in the array's order and their ids given in the order of
        // insertion, but RETURNING may list them in any order.
        ids.sort_unstable();
        if ids.len() != messages.len() {
            return Err(crate::StoreError::Corrupt(format!(
                "{} notifications queued as {} rows",
                messages.len(),
                ids.len()
            )));
        }
        for (m, &id) in messages.iter().zip(&ids) {
            self.queued.push(Queued {
                id,
                player_id: m.player_id,
                channel: m.channel.clone(),
                address: m.address.clone(),
                game_id: m.game_id,
                kind: m.kind,
            });
        }
        Ok(ids)
    }

    /// The notifications queued through this `Tx` so far, in order.
    pub fn queued(&self) -> &[Queued] {
        &self.queued
    }

    /// Unsent messages of a channel that are due, oldest first, leaving out every row held back
    /// by an earlier unsent row of the same address and game that is not due yet (waiting in
    /// backoff): such a row waits until the earlier one is sent or given up. Earlier rows that are
    /// due come first in the list, so a caller sends the rows of one address and game in the
    /// order of the list and stops at the first that fails.
    pub async fn pending(
        &mut self,
        channel: &str,
        now: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<OutboxMessage>> {
        let rows: Vec<MessageRow> = run!(self, fetch_all, query_as("SELECT id, player_id, channel, address, game_id, ply, kind, board, overlay, subject,
                    body, attempts
             FROM outbox AS o
             WHERE channel = ?1 AND sent_at IS NULL AND failed_at IS NULL
                 AND next_attempt_at <= ?2
                 AND NOT EXISTS (
                     SELECT 1 FROM outbox AS e
                     WHERE e.channel = o.channel AND e.sent_at IS NULL
                         AND e.next_attempt_at > ?2 AND e.failed_at IS NULL
                         AND e.address = o.address AND e.game_id IS NOT DISTINCT FROM o.game_id AND e.id < o.id)
             ORDER BY id LIMIT ?3").bind(channel.to_owned()).bind(now).bind(limit as i64))?;
        Ok(rows.into_iter().map(OutboxMessage::from).collect())
    }

    /// One row, sent or not; `None` when there is none (never queued, or purged).
    pub async fn outbox_message(&mut self, id: i64) -> Result<Option<OutboxMessage>> {
        let row: Option<MessageRow> = run!(self, fetch_optional, query_as("SELECT id, player_id, channel, address, game_id, ply, kind, board, overlay, subject,
                    body, attempts
             FROM outbox WHERE id = ?").bind(id))?;
        Ok(row.map(OutboxMessage::from))
    }

    /// Whether a notice of `kind` was queued to `address` since `since` (sent or not).
    pub async fn queued_since(
        &mut self,
        address: &str,
        kind: Notice,
        since: DateTime<Utc>,
    ) -> Result<bool> {
        let n: i64 = run!(
            self,
            fetch_one,
            query_scalar(
                "SELECT COUNT(*) FROM outbox WHERE address = ? AND kind = ? AND created_at > ?"
            )
            .bind(address.to_owned())
            .bind(kind.code())
            .bind(since)
        )?;
        Ok(n > 0)
    }

    pub async fn mark_sent(&mut self, id: i64, now: DateTime<Utc>) -> Result<()> {
        run!(
            self,
            execute,
            query(
                "UPDATE outbox SET sent_at = ?, attempts = attempts + 1, claimed_by = NULL,
                     claimed_until = NULL
                 WHERE id = ?"
            )
            .bind(now)
            .bind(id)
        )?;
        Ok(())
    }

    /// Records a failed attempt and when to try again.
    pub async fn mark_failed(
        &mut self,
        id: i64,
        error: &str,
        retry_at: DateTime<Utc>,
    ) -> Result<()> {
        run!(
            self,
            execute,
            query(
                "UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?
             WHERE id = ?"
            )
            .bind(error.to_owned())
            .bind(retry_at)
            .bind(id)
        )?;
        Ok(())
    }

    /// Records a last failed attempt and gives the row up: it keeps its error, is never due
    /// again, and no longer holds back the later rows of its address and game.
    pub async fn give_up(&mut self, id: i64, error: &str, now: DateTime<Utc>) -> Result<()> {
        run!(
            self,
            execute,
            query(
                "UPDATE outbox SET attempts = attempts + 1, last_error = ?, failed_at = ?,
                 claimed_by = NULL, claimed_until = NULL
             WHERE id = ? AND sent_at IS NULL"
            )
            .bind(error.to_owned())
            .bind(now)
            .bind(id)
        )?;
        Ok(())
    }

    pub async fn outbox_stats(&mut self) -> Result<OutboxStats> {
        let (pending, sent, failed_attempts): (i64, i64, i64) = run!(
            self,
            fetch_one,
            query_as(
                "SELECT CAST(COALESCE(SUM(CASE WHEN sent_at IS NULL THEN 1 ELSE 0 END), 0) AS BIGINT),
                    CAST(COALESCE(SUM(CASE WHEN sent_at IS NULL THEN 0 ELSE 1 END), 0) AS BIGINT),
                    CAST(COALESCE(SUM(attempts - CASE WHEN sent_at IS NULL THEN 0 ELSE 1 END), 0)
                        AS BIGINT)
             FROM outbox"
            )
        )?;
        Ok(OutboxStats {
            pending,
            sent,
            failed_attempts,
        })
    }
}
