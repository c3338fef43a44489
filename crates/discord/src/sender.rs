//! The outbox sender of the `discord` channel: a notification goes to the game's thread with a
//! mention of the player (a challenge to the channel it was made in, with Accept/Decline), or as a
//! direct message: for a game without a thread, for messages about no game, and for reminders and
//! final reports of a player who chose direct messages.
//!
//! Each row is posted once: posted rows are recorded with their message, and the message nonce
//! (`o<outbox id>`, enforced) makes Discord drop a repeat sent after a crash between posting and
//! recording.

use crate::board::{self, Shown};
use crate::{Bot, DiscordError};
use agora_service::outbox::{Delivery, SendError, Sender};
use agora_store::{GameStatus, Notice};
use chrono::Utc;
use poise::serenity_prelude as serenity;
use std::sync::Arc;

struct DiscordSender<'a> {
    bot: &'a Bot,
    http: &'a serenity::Http,
}

/// Delivers the outbox now and whenever a command woke it, or every `outbox_poll`; never returns.
pub(crate) async fn deliver_loop(bot: Arc<Bot>, http: Arc<serenity::Http>) {
    loop {
        let sender = DiscordSender {
            bot: &bot,
            http: &http,
        };
        if let Err(e) = bot.service.deliver(&sender, Utc::now()).await {
            tracing::error!(error = %e, "delivering the discord outbox failed");
        }
        tokio::select! {
            () = bot.wake.notified() => {}
            () = tokio::time::sleep(bot.settings.outbox_poll) => {}
        }
    }
}

impl Sender for DiscordSender<'_> {
    fn channel(&self) -> &str {
        "discord"
    }

    async fn send(&self, delivery: &Delivery) -> Result<(), SendError> {
        self.post(delivery)
            .await
            .map_err(|e| SendError::Transient(e.to_string()))
    }
}

impl DiscordSender<'_> {
    async fn post(&self, delivery: &Delivery) -> Result<(), DiscordError> {
        let bot = self.bot;
        let desk = bot.service.discord();
        let message = &delivery.message;
        let user = message.address.strip_prefix("discord:").unwrap_or("");
        let Some(user_id) = user.parse::<u64>().ok().filter(|&n| n != 0) else {
            return Err(DiscordError::Config(format!(
                "`{}` is not a Discord user",
                message.address
            )));
        };
        if desk.was_posted(message.id).await? {
            return Ok(());
        }
        let state = delivery.game.as_ref();
        let mut target = None;
        if let Some(state) = state {
            // Reminders and final reports are personal: a player who chose direct messages gets
            // them there; everything else about a game goes to its thread.
            let personal = matches!(message.kind, Notice::Reminder | Notice::GameOver)
                && desk.wants_dm(user).await?;
            if !personal {
                target = self.place(state.id, state.status).await?;
            }
        }
        let (target, mention) = match target {
            Some(channel) => (channel, Some(user)),
            None => {
                let dm = serenity::UserId::new(user_id)
                    .create_dm_channel(self.http)
                    .await?;
                (dm.id, None)
            }
        };
        let post = match state {
            Some(state) => {
                let shown = Shown {
                    mention,
                    challenge: message.kind == Notice::ChallengeReceived,
                    board: message.board,
                };
                board::game_post(bot, state, &message.body, shown)
            }
            None => board::text_post(&message.body, mention),
        };
        let sent = target
            .send_message(
                self.http,
                post.message()
                    .nonce(serenity::Nonce::String(format!("o{}", message.id)))
                    .enforce_nonce(true),
            )
            .await?;
        desk.record_post(
            message.id,
            &target.to_string(),
            &sent.id.to_string(),
            Utc::now(),
        )
        .await?;
        Ok(())
    }

    /// Where a message about a game goes on Discord: a challenge to the server channel it was
    /// made in, a game under way or over to its thread, a closed challenge to its thread or
    /// channel; `None` (a direct message) for a game that lives elsewhere.
    async fn place(
        &self,
        game: i64,
        status: GameStatus,
    ) -> Result<Option<serenity::ChannelId>, DiscordError> {
        let desk = self.bot.service.discord();
        let channel = match status {
            GameStatus::Active | GameStatus::Finished => {
                return self.bot.ensure_thread(self.http, game).await;
            }
            GameStatus::Proposed => desk
                .place(game)
                .await?
                .filter(|g| g.guild_id.is_some())
                .map(|g| g.channel_id),
            GameStatus::Declined | GameStatus::Cancelled => desk
                .place(game)
                .await?
                .and_then(|g| g.thread_id.or(g.guild_id.map(|_| g.channel_id))),
        };
        Ok(channel
            .and_then(|c| c.parse::<u64>().ok())
            .map(serenity::ChannelId::new))
    }
}
