//! Events whose handling fails on Agora's side (an internal error or a panic, never the person's
//! mistake). Discord does not send an acknowledged event again, but a gateway that resumes replays
//! what the bot may have missed, and a replayed event that fails again would fail for ever: each
//! failure is counted by the event's id through the desk, the log says why with that id, the
//! person gets one apology (on the first failure), and an event that failed `max_attempts` times
//! is not handled again.

use crate::{Bot, DiscordError};
use futures_util::FutureExt;
use serde::Serialize;
use std::future::Future;
use std::panic::AssertUnwindSafe;

/// Runs a handler, turning a panic into an error like any other.
pub(crate) async fn guarded<T>(
    work: impl Future<Output = Result<T, DiscordError>>,
) -> Result<T, DiscordError> {
    caught(work).await.and_then(|result| result)
}

/// Runs some work; a panic in it becomes [`DiscordError::Panic`].
pub(crate) async fn caught<R>(work: impl Future<Output = R>) -> Result<R, DiscordError> {
    match AssertUnwindSafe(work).catch_unwind().await {
        Ok(result) => Ok(result),
        Err(panic) => {
            let what = panic
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| panic.downcast_ref::<&str>().copied())
                .unwrap_or("a panic");
            Err(DiscordError::Panic(what.to_owned()))
        }
    }
}

/// The words of `templates/discord_apology.txt`.
#[derive(Serialize)]
struct ApologyWords<'a> {
    reference: &'a str,
}

impl Bot {
    /// Whether an event is handled: not once it failed `max_attempts` times. When the count
    /// cannot be read the event is handled (a database that fails makes it fail, and be counted,
    /// once it is back).
    pub(crate) async fn may_handle(&self, event: &str) -> bool {
        match self.service.discord().failures(event).await {
            Ok(n) if n >= self.settings.max_attempts => {
                tracing::warn!(
                    event,
                    attempts = n,
                    "event not handled: it failed too often"
                );
                false
            }
            Ok(_) => true,
            Err(e) => {
                tracing::warn!(event, error = %e, "could not read the failures of an event");
                true
            }
        }
    }

    /// Counts a failure of an event and logs it; returns whether the person is to be told (on the
    /// first failure only, so a replayed event apologises once).
    pub(crate) async fn failed(&self, event: &str, error: &DiscordError) -> bool {
        match self
            .service
            .discord()
            .record_failure(event, &error.to_string(), self.service.now())
            .await
        {
            Ok(attempts) => {
                let aside = attempts >= self.settings.max_attempts;
                tracing::error!(event, attempts, set_aside = aside, error = %error, "event failed");
                attempts == 1
            }
            Err(e) => {
                tracing::error!(event, error = %error, count_error = %e,
                    "event failed, and its failure could not be counted");
                true
            }
        }
    }

    /// The apology for an event that failed, naming it by `reference`.
    pub(crate) fn apology(&self, reference: &str) -> String {
        let reader = agora_service::Reader {
            channel: Some(agora_service::Channel::Discord),
            language: self.service.default_language(),
        };
        self.service
            .templates()
            .render("discord_apology.txt", &reader, ApologyWords { reference })
            .trim()
            .to_owned()
    }
}

/// The key under which an interaction's failures are counted.
pub(crate) fn interaction_key(id: impl std::fmt::Display) -> String {
    format!("interaction:{id}")
}

/// The key under which a message's failures are counted.
pub(crate) fn message_key(id: impl std::fmt::Display) -> String {
    format!("message:{id}")
}
