//! The service's outbox notifications for the `mailto` channel, turned into complete mails in
//! the spool: the game's subject, the thread's references, the picture and the footer. Sending
//! them is [`crate::smtp`]'s.

use super::{MailFrontEnd, guarded};
use crate::compose::{self, Outgoing};
use crate::{MailError, token};
use agora_service::desk::SpoolEntry;
use agora_service::outbox::{Delivery, SendError, Sender};
use agora_service::queries::GameState;
use agora_service::{Channel, Identity, Language};
use chrono::{DateTime, Utc};

/// How many conversations of the outbox are spooled at once (see `OutboxSender::parallel_sends`).
const SPOOLING: usize = 16;

impl MailFrontEnd {
    /// Turns one outbox notification into a spooled mail (once per outbox id), marking its row
    /// sent: the text the service wrote, the game's subject, and the picture when the row carries
    /// one.
    pub async fn spool_notification(
        &self,
        delivery: &Delivery,
        now: DateTime<Utc>,
    ) -> Result<(), MailError> {
        let message = &delivery.message;
        let key = format!("outbox:{}", message.id);
        // The outbox keeps the address in its text form: read as an identity here.
        let identity = message.address.parse::<Identity>().ok();
        let to = identity
            .as_ref()
            .and_then(Identity::mail_address)
            .unwrap_or(&message.address)
            .to_ascii_lowercase();
        let desk = self.service.mail();
        if desk.is_spooled(&key).await? {
            // An earlier try spooled it and did not come to mark the row.
            self.service.mark_sent(message.id, now).await?;
            return Ok(());
        }
        let thread = desk.thread(&to, message.game_id).await?;
        let token = token::generate();
        let (_, domain) = self.settings.address_parts();
        let mut references = Vec::new();
        if let Some(g) = message.game_id {
            // A fixed, never-sent root keeps every mail of a game in one thread in clients that
            // thread by References, even when the player deleted earlier ones.
            references.push(format!("agora-game-{g}@{domain}"));
        }
        if let Some(last) = &thread.last_message_id {
            references.push(last.clone());
        }
        let message_id = compose::message_id(&format!("outbox-{}", message.id), &self.settings);
        let outgoing = Outgoing {
            files: Vec::new(),
            to: to.clone(),
            subject: delivery.game.as_ref().map_or_else(
                || message.subject.clone(),
                |state| game_subject(state, delivery.language),
            ),
            text: message.body.clone(),
            message_id: message_id.clone(),
            in_reply_to: thread.last_message_id.clone(),
            references,
            token: token.clone(),
            png: if self.settings.png {
                delivery
                    .picture(self.settings.png_size)
                    .map(|png| png.to_vec())
            } else {
                None
            },
            footer: self.footer(
                message.game_id,
                delivery
                    .game
                    .as_ref()
                    .and_then(|s| self.service.page_url(s)),
                delivery.language,
            ),
        };
        let bytes = compose::build(&self.settings, &outgoing)?;
        let entry = SpoolEntry {
            key: &key,
            from: &self.settings.address,
            to: &to,
            bytes: &bytes,
            game: message.game_id,
            message_id: &message_id,
            token: Some(&token),
        };
        desk.spool_row(entry, message.id, now).await?;
        self.spooled.notify_one();
        Ok(())
    }

    /// Moves the service's `mailto` outbox into the spool and sends the spool; returns the mails
    /// sent.
    pub async fn deliver(&self, now: DateTime<Utc>) -> Result<usize, MailError> {
        self.service
            .deliver(&OutboxSender { front: self, now }, now)
            .await?;
        self.smtp.flush(&self.service.mail(), now).await
    }
}

/// The subject of every mail about a game, for its whole life, its title in `language` (the
/// recipient's).
pub(super) fn game_subject(state: &GameState, language: Language) -> String {
    compose::game_subject(
        state.id,
        state.title_in(language),
        &state.names[0],
        &state.names[1],
    )
}

/// The service's outbox sender for the `mailto` channel: it spools, the SMTP flush sends.
pub(super) struct OutboxSender<'a> {
    pub(super) front: &'a MailFrontEnd,
    pub(super) now: DateTime<Utc>,
}

impl Sender for OutboxSender<'_> {
    fn channel(&self) -> &str {
        Channel::Mail.code()
    }

    /// Spooling holds no connection to anyone: a conversation's turn is the picture, the mail's
    /// making and one short write, and the writes of conversations spooled at once share the
    /// writer's commits. So it takes many at once, however few mails SMTP sends side by side.
    fn parallel_sends(&self) -> Option<usize> {
        Some(SPOOLING)
    }

    /// A row's mail is spooled and the row marked sent in one transaction
    /// ([`agora_service::desk::MailDesk::spool_row`]).
    fn marks_sent(&self) -> bool {
        true
    }

    async fn send(&self, delivery: &Delivery) -> Result<(), SendError> {
        guarded(self.front.spool_notification(delivery, self.now))
            .await
            .map_err(|e| SendError::Transient(e.to_string()))
    }
}
