//! Claims on the outbox: a process takes whole conversations of a channel (a game's rows, or
//! an address's rows about no game) for a while, so that processes sending at once never send
//! one conversation's rows out of order; a claim is renewed while its pass goes on, released
//! at its end, or left to run out when its holder dies.

use super::{MessageRow, OutboxMessage};
use crate::dialect::run;
use crate::{Result, Tx};
use chrono::{DateTime, Utc};
use std::collections::HashSet;

/// A row as [`Tx::claim_pending`] returns it: with when it is due.
#[derive(sqlx::FromRow)]
struct ClaimedRow {
    #[sqlx(flatten)]
    row: MessageRow,
    next_attempt_at: DateTime<Utc>,
    created_at: DateTime<Utc>,
}

/// What one [`Tx::claim_pending`] took.
#[derive(Debug, Clone, Default)]
pub struct Claimed {
    /// The rows to send now, oldest first: every row of the conversations taken that is due and
    /// not held back by an earlier one of its address waiting in backoff.
    pub rows: Vec<OutboxMessage>,
    /// How many conversations were taken (fewer than asked: there were no more).
    pub conversations: usize,
}

impl Claimed {
    /// What a claim took, from the rows its statement returned: the rows to send now, oldest
    /// first, and how many conversations they came from. A row that an earlier try may have
    /// delivered (one failed, or it is in `stale`: see [`Tx::stale_claims`]) carries its time in
    /// [`OutboxMessage::tried`].
    fn of(mut rows: Vec<ClaimedRow>, stale: &HashSet<i64>, now: DateTime<Utc>) -> Claimed {
        rows.sort_by_key(|r| r.row.id);
        let conversations: HashSet<(Option<i64>, Option<&str>)> = rows
            .iter()
            .map(|r| match r.row.game_id {
                Some(game) => (Some(game), None),
                None => (None, Some(r.row.address.as_str())),
            })
            .collect();
        let conversations = conversations.len();
        // A row waiting in backoff holds back the later rows of its address and game.
        let mut held_back: HashSet<(String, Option<i64>)> = Default::default();
        let mut due = Vec::new();
        for r in rows {
            let key = (r.row.address.clone(), r.row.game_id);
            if r.next_attempt_at > now {
                held_back.insert(key);
            } else if !held_back.contains(&key) {
                let tried =
                    (r.row.attempts > 0 || stale.contains(&r.row.id)).then_some(r.created_at);
                due.push(OutboxMessage {
                    tried,
                    ..OutboxMessage::from(r.row)
                });
            }
        }
        Claimed {
            rows: due,
            conversations,
        }
    }
}

impl Tx {
    /// Claims for `holder` until `until` up to `limit` conversations of a channel's outbox that
    /// have a row to send at `now` (due, and not held back by an earlier row of its address in
    /// backoff) and that nobody else holds, and returns their rows to send now,
    /// oldest first (as [`Tx::pending`] would list them).
    ///
    /// A conversation is a game's rows (whoever they go to), or an address's rows about no game.
    /// Every unsent row of a conversation taken is claimed, due or not, so its first row stays
    /// claimed while the holder works and no other process takes a later row and sends it first.
    /// On PostgreSQL the conversations are chosen `FOR UPDATE SKIP LOCKED`: processes claiming at
    /// the same moment each take others, and none waits for another. A claim ends when its rows
    /// are sent or given up, when its holder releases it ([`Tx::release_claims`]), or at `until`
    /// (its holder died): then another process takes the conversation.
    pub async fn claim_pending(
        &mut self,
        channel: &str,
        holder: &str,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Claimed> {
        let sql = claim_sql(self.is_postgres());
        // Read before they are claimed anew.
        let stale = self.stale_claims(channel, now).await?;
        let rows: Vec<ClaimedRow> = run!(
            self,
            fetch_all,
            query_as(sql)
                .bind(channel.to_owned())
                .bind(now)
                .bind(holder.to_owned())
                .bind(until)
                .bind(limit as i64)
        )?;
        Ok(Claimed::of(rows, &stale, now))
    }

    /// Rows a pass took and never gave back (a claim is given back when its row is sent or
    /// given up, and at the pass's end), whose claim ran out: that pass may have delivered them.
    async fn stale_claims(&mut self, channel: &str, now: DateTime<Utc>) -> Result<HashSet<i64>> {
        Ok(run!(
            self,
            fetch_all,
            query_scalar(
                "SELECT id FROM outbox WHERE channel = ? AND sent_at IS NULL
                 AND failed_at IS NULL AND claimed_by IS NOT NULL AND claimed_until <= ?"
            )
            .bind(channel.to_owned())
            .bind(now)
        )?
        .into_iter()
        .collect())
    }

    /// Who holds claims on unsent rows: of a channel's outbox, or with `None` on due games.
    pub async fn claim_holders(&mut self, channel: Option<&str>) -> Result<Vec<String>> {
        Ok(match channel {
            Some(channel) => run!(
                self,
                fetch_all,
                query_scalar(
                    "SELECT DISTINCT claimed_by FROM outbox
                     WHERE claimed_by IS NOT NULL AND channel = ?"
                )
                .bind(channel.to_owned())
            )?,
            None => run!(
                self,
                fetch_all,
                query_scalar("SELECT DISTINCT claimed_by FROM games WHERE claimed_by IS NOT NULL")
            )?,
        })
    }

    /// Extends `holder`'s claims on a channel's rows to `until` (while its pass goes on).
    pub async fn renew_claims(
        &mut self,
        channel: &str,
        holder: &str,
        until: DateTime<Utc>,
    ) -> Result<()> {
        run!(
            self,
            execute,
            query("UPDATE outbox SET claimed_until = ? WHERE claimed_by = ? AND channel = ?")
                .bind(until)
                .bind(holder.to_owned())
                .bind(channel.to_owned())
        )?;
        Ok(())
    }

    /// Ends `holder`'s claims on the unsent rows of a channel (at the end of its pass), so any
    /// process may take them at once.
    pub async fn release_claims(&mut self, channel: &str, holder: &str) -> Result<()> {
        run!(
            self,
            execute,
            query(
                "UPDATE outbox SET claimed_by = NULL, claimed_until = NULL
                 WHERE claimed_by = ? AND channel = ?"
            )
            .bind(holder.to_owned())
            .bind(channel.to_owned())
        )?;
        Ok(())
    }

    /// Ends `holder`'s claims on the unsent rows of `channel` as if they had run out: any
    /// process may take them at once, and the claim that does learns that they were taken
    /// before and may have been delivered (see [`OutboxMessage::tried`]). For the claims of a
    /// pass that did not finish (cancelled, or its process gone).
    pub async fn expire_claims(&mut self, channel: &str, holder: &str) -> Result<()> {
        run!(
            self,
            execute,
            query(
                "UPDATE outbox SET claimed_until = ?
                 WHERE claimed_by = ? AND channel = ? AND sent_at IS NULL"
            )
            .bind(DateTime::<Utc>::UNIX_EPOCH)
            .bind(holder.to_owned())
            .bind(channel.to_owned())
        )?;
        Ok(())
    }
}

/// The statement of [`Tx::claim_pending`] on PostgreSQL (`postgres`) or SQLite.
fn claim_sql(postgres: bool) -> String {
    // SQLite walks the rows in id order and stops at the limit (left to itself it sorts every
    // unsent row first); each row's questions go through `outbox_unsent_game`.
    let (lock, in_order) = if postgres {
        ("FOR UPDATE SKIP LOCKED", "")
    } else {
        ("", "NOT INDEXED")
    };
    // A conversation's key: its game, or its address when it is about no game (game ids
    // start at 1).
    format!(
        "WITH taken AS MATERIALIZED (
                 SELECT COALESCE(h.game_id, 0) AS game,
                        CASE WHEN h.game_id IS NULL THEN h.address ELSE '' END AS address
                 FROM outbox AS h {in_order}
                 WHERE h.channel = ?1 AND h.sent_at IS NULL AND h.failed_at IS NULL
                     AND (h.claimed_until IS NULL OR h.claimed_until <= ?2)
                     AND NOT EXISTS (
                         SELECT 1 FROM outbox AS e
                         WHERE e.channel = h.channel AND e.sent_at IS NULL
                             AND e.failed_at IS NULL AND e.id < h.id
                             AND e.game_id IS NOT DISTINCT FROM h.game_id
                             AND (h.game_id IS NOT NULL OR e.address = h.address))
                     AND EXISTS (
                         SELECT 1 FROM outbox AS d
                         WHERE d.channel = h.channel AND d.sent_at IS NULL
                             AND d.failed_at IS NULL AND d.next_attempt_at <= ?2
                             AND d.game_id IS NOT DISTINCT FROM h.game_id
                             AND (h.game_id IS NOT NULL OR d.address = h.address)
                             AND NOT EXISTS (
                                 SELECT 1 FROM outbox AS b
                                 WHERE b.channel = d.channel AND b.sent_at IS NULL
                                     AND b.failed_at IS NULL AND b.next_attempt_at > ?2
                                     AND b.address = d.address AND b.id < d.id
                                     AND b.game_id IS NOT DISTINCT FROM d.game_id))
                 ORDER BY h.id LIMIT ?5 {lock})
             UPDATE outbox SET claimed_by = ?3, claimed_until = ?4
             WHERE channel = ?1 AND sent_at IS NULL AND failed_at IS NULL
                 AND (COALESCE(game_id, 0), CASE WHEN game_id IS NULL THEN address ELSE '' END)
                     IN (SELECT game, address FROM taken)
             RETURNING id, player_id, channel, address, game_id, ply, kind, board, overlay,
                 subject, body, attempts, next_attempt_at, created_at"
    )
}
