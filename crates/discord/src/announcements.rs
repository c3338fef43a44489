//! The announcement channel: a status message per tournament (its line while it takes entries,
//! its standings and crosstable once under way or over), edited whenever the text changes. Kept in
//! step with the service by [`Bot::sync_tournaments`] after every round of the outbox, under the
//! lobby's lease, so one process posts and a restart edits the same messages. Each tournament
//! game with a player on Discord has its own thread there ([`Bot::tournament_place`]).

use crate::board::{self, clip};
use crate::{Bot, DiscordError, SerenityId, ServiceId};
use agora_service::DiscordGuildId;
use agora_service::desk::DiscordGame;
use poise::serenity_prelude as serenity;

impl Bot {
    /// Where a tournament game that has no place on Discord yet lives: the announcement channel,
    /// in whose threads the tournament's games are played (recorded the first time a message
    /// about the game goes out). `None` for a game of no tournament, or without the channel.
    pub(crate) async fn tournament_place(
        &self,
        http: &serenity::Http,
        game: i64,
    ) -> Result<Option<DiscordGame>, DiscordError> {
        let Some(channel) = self.settings.tournament_channel else {
            return Ok(None);
        };
        let desk = self.service.discord();
        if !desk.is_tournament_game(game).await? {
            return Ok(None);
        }
        let guild = match self.settings.guild_id.and_then(DiscordGuildId::new) {
            Some(guild) => guild,
            None => match channel.to_channel(http).await? {
                serenity::Channel::Guild(c) => c.guild_id.service(),
                _ => return Ok(None),
            },
        };
        Ok(desk.set_place(game, channel.service(), guild).await?)
    }

    /// Posts a status message for each tournament not yet announced, and edits those whose
    /// text changed. Nothing without an announcement channel.
    pub(crate) async fn sync_tournaments(&self, http: &serenity::Http) -> Result<(), DiscordError> {
        let Some(channel) = self.settings.tournament_channel else {
            return Ok(());
        };
        let desk = self.service.discord();
        let posted = desk.tournament_posts().await?;
        for (id, text) in desk.tournament_statuses().await? {
            let text = clip(&text, 1900);
            match posted.iter().find(|p| p.0 == id) {
                Some((_, _, _, shown)) if *shown == text => {}
                Some(&(_, on, message, _)) => {
                    let edit = serenity::EditMessage::new().content(text.clone());
                    match on
                        .serenity()
                        .edit_message(http, message.serenity(), edit)
                        .await
                    {
                        Ok(_) => {}
                        // Deleted by a moderator: it is not posted again.
                        Err(e) if crate::sender::http_status(&e).is_some_and(|s| s.0 == 404) => {}
                        Err(e) => return Err(e.into()),
                    }
                    desk.record_tournament_post(id, on, message, &text).await?;
                }
                None => {
                    let message = board::text_post(&text, None)
                        .message()
                        .nonce(serenity::Nonce::String(format!("t{id}")))
                        .enforce_nonce(true);
                    let sent = channel.send_message(http, message).await?;
                    desk.record_tournament_post(id, channel.service(), sent.id.service(), &text)
                        .await?;
                }
            }
        }
        Ok(())
    }
}
