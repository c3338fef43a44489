//! A game's thread: made in the channel its challenge came from (or, for a tournament's game, in
//! the announcement channel) the first time it is needed, private for a private game, and opened
//! with the game's status message. A game started elsewhere has none.

use crate::board;
use crate::{Bot, DiscordError, SerenityId, ServiceId};
use agora_rules::Seat;
use agora_service::{Channel, GameStatus, Identity};
use poise::serenity_prelude as serenity;

impl Bot {
    /// The thread of a game that has started in a server channel, created on first need. `None`
    /// for a game started elsewhere (a direct message, by mail): its messages go to each
    /// player's direct messages.
    pub(crate) async fn ensure_thread(
        &self,
        http: &serenity::Http,
        game: i64,
    ) -> Result<Option<serenity::ChannelId>, DiscordError> {
        let lock = self.game_lock(game);
        let _one_at_a_time = lock.lock().await;
        let desk = self.service.discord();
        let known = match desk.place(game).await? {
            Some(known) => known,
            // A tournament's game, made by the service: a thread of the announcement channel.
            None => match self.tournament_place(http, game).await? {
                Some(known) => known,
                None => return Ok(None),
            },
        };
        if let Some(thread) = known.thread_id {
            return Ok(Some(thread.serenity()));
        }
        if known.guild_id.is_none() {
            return Ok(None);
        }
        let channel = known.channel_id.serenity();
        let Some(state) = self.state(game, None).await? else {
            return Ok(None);
        };
        if !matches!(state.status, GameStatus::Active | GameStatus::Finished) {
            return Ok(None);
        }
        let name = board::clip(
            &format!(
                "Game #{}: {}, {} vs {}",
                state.id, state.title, state.names[0], state.names[1]
            ),
            100,
        );
        // A private game's thread is private: only its players are added to it, and they cannot
        // invite anyone.
        let private = state.options.private;
        let kind = match private {
            true => serenity::ChannelType::PrivateThread,
            false => serenity::ChannelType::PublicThread,
        };
        let thread = channel
            .create_thread(
                http,
                serenity::CreateThread::new(name)
                    .kind(kind)
                    .invitable(!private)
                    .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek),
            )
            .await?;
        desk.set_thread(game, thread.id.service()).await?;
        tracing::info!(game, thread = %thread.id, private, "game thread created");
        if private {
            for seat in Seat::BOTH {
                if let Some(user) = state
                    .identity_on(seat, Channel::Discord)
                    .and_then(Identity::discord_user)
                {
                    thread.id.add_thread_member(http, user.serenity()).await?;
                }
            }
        }
        // The thread starts with its status message.
        self.post_status(http, thread.id, &state).await?;
        Ok(Some(thread.id))
    }
}
