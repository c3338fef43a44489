//! Giving a row up: when a failed send ends its row's tries, and the notice that tells the
//! player on their other channels that a message did not reach them.

use super::SendError;
use crate::{Service, ServiceError};
use agora_domain::{Identity, Notice};
use agora_store::{NewMessage, OutboxMessage, Tx};
use chrono::{DateTime, Duration, Utc};
use serde::Serialize;

impl Service {
    /// Whether a send that failed with `error`, after `attempts` earlier failed attempts, ends
    /// its row's tries.
    pub(crate) fn gives_up(&self, error: &SendError, attempts: u32) -> bool {
        error.is_permanent() || attempts.saturating_add(1) >= self.settings.max_send_attempts.max(1)
    }

    /// Queues one [`Notice::Undeliverable`] to each of the player's other verified identities
    /// on another channel than the row's, about the row that was given up: at most one per
    /// identity a day, however many rows fail, so a dead address does not bring one per move.
    /// Nothing when the row was such a notice itself (no loops) or the player has no other way.
    pub(crate) async fn tell_undeliverable(
        &self,
        tx: &mut Tx,
        failed: &OutboxMessage,
        now: DateTime<Utc>,
    ) -> Result<(), ServiceError> {
        if failed.kind == Notice::Undeliverable {
            return Ok(());
        }
        #[derive(Serialize)]
        struct Ctx<'a> {
            /// The game the lost message was about, if any.
            game: Option<i64>,
            /// The channel it could not reach (`discord`, `mailto`, `local`).
            failed_channel: &'a str,
            /// The address it could not reach, as its owner knows it (`ann@example.org`).
            address: &'a str,
        }
        // The outbox keeps the address in its text form: read as an identity here.
        let failed_identity = failed.address.parse::<Identity>().ok();
        let address = failed_identity
            .as_ref()
            .map_or(failed.address.as_str(), |i| i.id.as_str());
        let since = now - Duration::days(1);
        for identity in tx.identities_of(failed.player_id).await? {
            if !identity.verified
                || identity.address.channel.code() == failed.channel
                || tx
                    .queued_since(&identity.address.to_string(), Notice::Undeliverable, since)
                    .await?
            {
                continue;
            }
            let context = Ctx {
                game: failed.game_id,
                failed_channel: &failed.channel,
                address,
            };
            let language = tx
                .player(failed.player_id)
                .await?
                .map_or(self.settings.default_language, |p| self.language_of(&p));
            let body = self.templates.render_in(
                crate::players::template_of(Notice::Undeliverable),
                identity.address.channel.code(),
                language,
                context,
            );
            let subject = body.lines().next().unwrap_or("Agora").trim().to_owned();
            // About no game: a private message on Discord, never a post in the game's thread
            // that would show the player's other address to the opponent.
            let notice = NewMessage {
                player_id: failed.player_id,
                channel: identity.address.channel.code().to_owned(),
                address: identity.address.to_string(),
                game_id: None,
                ply: None,
                kind: Notice::Undeliverable,
                board: false,
                overlay: false,
                subject,
                body,
            };
            tx.queue(&notice, now).await?;
        }
        Ok(())
    }
}
