//! Delivering the outbox: one [`Sender`] per channel (the terminal, Discord, mail) and the loop
//! that feeds it.
//!
//! A sender gets a [`Delivery`]: the row (its kind, recipient and the text rendered for the
//! recipient's channel at commit) and the game it reports as it stood at the row's ply, so a
//! sender branches on the kind and the flags and draws the picture from the state it is given,
//! never reading the text or replaying the game itself.
//!
//! Rows are read only after the transaction that wrote them committed, so nothing is sent for a
//! change that did not happen. A row is marked sent after its sender succeeds; a failure records
//! the error and retries later with exponential backoff. A crash between sending and marking
//! sends the row again on restart: delivery is at least once, and every message carries its
//! stable outbox id so a channel drops a repeat (the terminal's log does; mail uses it as the
//! Message-ID).

use crate::queries::GameState;
use crate::{Service, ServiceError};
use agora_store::OutboxMessage;
use chrono::{DateTime, Duration, Utc};
use std::collections::HashMap;
use std::future::Future;

/// Why a send failed; the text is stored on the row as its last error.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SendError {
    /// It may work later (a network fault, a timeout, the other side busy or down): tried again
    /// with backoff.
    #[error("{0}")]
    Transient(String),
    /// It never will (an address that does not exist, a closed direct message, a deleted
    /// channel, a missing permission): not tried again.
    #[error("{0}")]
    Permanent(String),
}

impl SendError {
    /// Whether trying again cannot help.
    pub fn is_permanent(&self) -> bool {
        matches!(self, SendError::Permanent(_))
    }

    /// The text recorded as the row's last error.
    pub fn text(&self) -> &str {
        match self {
            SendError::Transient(text) | SendError::Permanent(text) => text,
        }
    }
}

/// Everything a sender needs for one outbox row.
#[derive(Debug, Clone)]
pub struct Delivery {
    /// The row: its kind, its recipient, whether a picture belongs, and its text.
    pub message: OutboxMessage,
    /// The game the row reports, shown at the row's ply, its picture's field overlay as the row
    /// says; `None` for a row about no game.
    pub game: Option<GameState>,
}

impl Delivery {
    /// The picture that goes with the row, `size` pixels wide: `None` when the row carries none
    /// or drawing it failed (logged; the text goes alone).
    pub fn picture(&self, size: u32) -> Option<Vec<u8>> {
        let state = self.game.as_ref().filter(|_| self.message.board)?;
        state
            .png(size)
            .map_err(|e| tracing::warn!(game = state.id, error = %e, "board picture failed"))
            .ok()
    }
}

/// A channel that can deliver outbox messages.
pub trait Sender: Send + Sync {
    /// The channel whose rows this sender takes: `local`, `discord` or `mailto`.
    fn channel(&self) -> &str;

    /// Delivers one row. Must tolerate being given the same `delivery.message.id` twice (after a
    /// crash between sending and marking sent) and drop the repeat.
    fn send(&self, delivery: &Delivery) -> impl Future<Output = Result<(), SendError>> + Send;
}

/// How long to wait before attempt `attempts + 1`: 30 s doubling per failure, at most an hour.
pub fn backoff(attempts: u32) -> Duration {
    let secs = 30i64.saturating_mul(1i64 << attempts.min(7));
    Duration::seconds(secs.min(3600))
}

impl Service {
    /// What a sender needs for `message`: the row and the game it reports, at the row's ply.
    pub async fn delivery(&self, message: &OutboxMessage) -> Result<Delivery, ServiceError> {
        let mut games = HashMap::new();
        self.delivery_with(message, &mut games).await
    }

    /// [`Service::delivery`], reusing the states of a batch: a change tells both players, whose
    /// rows show the same position.
    async fn delivery_with(
        &self,
        message: &OutboxMessage,
        games: &mut HashMap<(i64, Option<u32>), Option<GameState>>,
    ) -> Result<Delivery, ServiceError> {
        let game = match message.game_id {
            None => None,
            Some(id) => {
                let key = (id, message.ply);
                let state = match games.get(&key) {
                    Some(state) => state.clone(),
                    None => {
                        let state = self.game_state(id, message.ply).await?;
                        games.insert(key, state.clone());
                        state
                    }
                };
                match state {
                    Some(mut state) => {
                        state.overlay = message.overlay;
                        self.hide_names_from_stranger(message, &mut state).await?;
                        Some(state)
                    }
                    None => None,
                }
            }
        };
        Ok(Delivery {
            message: message.clone(),
            game,
        })
    }

    /// For a row to a mail address nobody confirmed, the other seat's name in the state (which a
    /// sender may show, such as a mail's subject) becomes what that player proved, as in the
    /// row's text: such a mail repeats nothing someone else chose.
    async fn hide_names_from_stranger(
        &self,
        message: &OutboxMessage,
        state: &mut GameState,
    ) -> Result<(), ServiceError> {
        if message.channel != "mailto" {
            return Ok(());
        }
        let Some(seat) = state.seat_of(&message.address) else {
            return Ok(());
        };
        let mut tx = self.store.write().await?;
        let Some(identity) = tx.identity(&message.address).await? else {
            return Ok(());
        };
        let other = seat.other();
        let label = async {
            if !self.unconfirmed_mail(&mut tx, &identity).await? {
                return Ok(None);
            }
            self.identity_label(&mut tx, state.players[other.index()])
                .await
                .map(Some)
        };
        match label.await {
            Ok(Some(label)) => state.names[other.index()] = label,
            Ok(None) => {}
            Err(crate::Fail::Internal(e)) => return Err(e),
            Err(crate::Fail::User(_) | crate::Fail::Already(..)) => {}
        }
        Ok(())
    }

    /// Sends every due message of the sender's channel once; returns how many were sent.
    pub async fn deliver<S: Sender>(
        &self,
        sender: &S,
        now: DateTime<Utc>,
    ) -> Result<usize, ServiceError> {
        let mut sent = 0;
        loop {
            // Read in a short transaction and send outside it: a slow channel must not hold the
            // write lock the commands need.
            let batch = {
                let mut tx = self.store.write().await?;
                tx.pending(sender.channel(), now, 100).await?
            };
            if batch.is_empty() {
                return Ok(sent);
            }
            let n = batch.len();
            let mut games = HashMap::new();
            for message in batch {
                let result = match self.delivery_with(&message, &mut games).await {
                    Ok(delivery) => sender.send(&delivery).await,
                    // A game that does not replay fails its rows only; they are retried.
                    Err(e) => Err(SendError::Transient(e.to_string())),
                };
                let mut tx = self.store.write().await?;
                match result {
                    Ok(()) => {
                        tx.mark_sent(message.id, now).await?;
                        sent += 1;
                    }
                    Err(e) => {
                        tracing::warn!(id = message.id, channel = sender.channel(), error = %e, "send failed");
                        tx.mark_failed(message.id, e.text(), now + backoff(message.attempts))
                            .await?;
                    }
                }
                tx.commit().await?;
            }
            if n < 100 {
                return Ok(sent);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::backoff;

    #[test]
    fn backoff_doubles_up_to_an_hour() {
        assert_eq!(backoff(0).num_seconds(), 30);
        assert_eq!(backoff(1).num_seconds(), 60);
        assert_eq!(backoff(20).num_seconds(), 3600);
    }
}
