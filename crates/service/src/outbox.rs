//! Delivering the outbox: one [`Sender`] per channel (the terminal now; Discord and mail plug in
//! the same way) and the loop that feeds it.
//!
//! Rows are read only after the transaction that wrote them committed, so nothing is sent for a
//! change that did not happen. A row is marked sent after its sender succeeds; a failure records
//! the error and retries later with exponential backoff. A crash between sending and marking
//! sends the row again on restart: delivery is at least once, and every message carries its
//! stable outbox id so a channel drops a repeat (the terminal's log does; mail uses it as the
//! Message-ID).

use crate::{Service, ServiceError};
use agora_store::OutboxMessage;
use chrono::{DateTime, Duration, Utc};
use std::future::Future;

/// Why a send failed; the text is stored on the row as its last error.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SendError(pub String);

/// A channel that can deliver outbox messages.
pub trait Sender: Send + Sync {
    /// The channel whose rows this sender takes: `local`, `discord` or `mailto`.
    fn channel(&self) -> &str;

    /// Delivers one message. Must tolerate being given the same `message.id` twice (after a crash
    /// between sending and marking sent) and drop the repeat.
    fn send(&self, message: &OutboxMessage) -> impl Future<Output = Result<(), SendError>> + Send;
}

/// How long to wait before attempt `attempts + 1`: 30 s doubling per failure, at most an hour.
pub fn backoff(attempts: u32) -> Duration {
    let secs = 30i64.saturating_mul(1i64 << attempts.min(7));
    Duration::seconds(secs.min(3600))
}

impl Service {
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
            for message in batch {
                let result = sender.send(&message).await;
                let mut tx = self.store.write().await?;
                match result {
                    Ok(()) => {
                        tx.mark_sent(message.id, now).await?;
                        sent += 1;
                    }
                    Err(e) => {
                        tracing::warn!(id = message.id, channel = sender.channel(), error = %e, "send failed");
                        tx.mark_failed(message.id, &e.0, now + backoff(message.attempts))
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
