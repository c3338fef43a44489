//! The outbox sender of the `discord` channel: a notification goes to the game's thread with a
//! mention of the player (a challenge to the channel it was made in, with Accept/Decline), or as a
//! direct message: for a game without a thread, for messages about no game, and for reminders and
//! final reports of a player who chose direct messages.
//!
//! Each row is posted once: posted rows are recorded with their message, and the message nonce
//! (`o<outbox id>`, enforced) makes Discord drop a repeat sent after a crash between posting and
//! recording.

use crate::board;
use crate::{Bot, DiscordError};
use agora_service::outbox::{SendError, Sender};
use agora_store::{GameStatus, Notice, OutboxMessage};
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

    async fn send(&self, message: &OutboxMessage) -> Result<(), SendError> {
        self.post(message)
            .await
            .map_err(|e| SendError(e.to_string()))
    }
}

impl DiscordSender<'_> {
    async fn post(&self, message: &OutboxMessage) -> Result<(), DiscordError> {
        let bot = self.bot;
        let user = message.address.strip_prefix("discord:").unwrap_or("");
        let Some(user_id) = user.parse::<u64>().ok().filter(|&n| n != 0) else {
            return Err(DiscordError::Config(format!(
                "`{}` is not a Discord user",
                message.address
            )));
        };
        let wants_dm = {
            let mut tx = bot.service.store().write().await?;
            if tx.discord_post(message.id).await?.is_some() {
                return Ok(());
            }
            tx.discord_wants_dm(user).await?
        };
        let state = match message.game_id {
            Some(g) => bot.state(g, message.ply).await?,
            None => None,
        };
        let mut target = None;
        if let Some(state) = &state {
            // Reminders and final reports are personal: a player who chose direct messages gets
            // them there; everything else about a game goes to its thread.
            let personal = wants_dm && matches!(message.kind, Notice::Reminder | Notice::GameOver);
            if !personal {
                target = match state.status {
                    GameStatus::Proposed => {
                        let _recorded = bot.origins.lock().await;
                        let mut tx = bot.service.store().write().await?;
                        tx.discord_game(state.id)
                            .await?
                            .filter(|g| g.guild_id.is_some())
                            .and_then(|g| g.channel_id.parse::<u64>().ok())
                            .map(serenity::ChannelId::new)
                    }
                    GameStatus::Active | GameStatus::Finished => {
                        bot.ensure_thread(self.http, state.id).await?
                    }
                    GameStatus::Declined | GameStatus::Cancelled => {
                        let mut tx = bot.service.store().write().await?;
                        tx.discord_game(state.id)
                            .await?
                            .and_then(|g| g.thread_id.or(g.guild_id.map(|_| g.channel_id)))
                            .and_then(|c| c.parse::<u64>().ok())
                            .map(serenity::ChannelId::new)
                    }
                };
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
        let post = match &state {
            Some(state) => {
                let challenged = state.status == GameStatus::Proposed
                    && state.identities[1].contains(&message.address);
                board::game_post(bot, state, &message.body, mention, challenged)
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
        let mut tx = bot.service.store().write().await?;
        tx.record_discord_post(
            message.id,
            &target.to_string(),
            &sent.id.to_string(),
            Utc::now(),
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }
}
