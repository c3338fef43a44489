//! The Discord front end's desk: where each game lives, the posts made (and about to be made),
//! who wants direct messages, and the events whose handling failed.

use crate::{Service, ServiceError};
use agora_store::Tx;
use agora_store::discord::{
    DiscordChannelId, DiscordGame, DiscordGuildId, DiscordMessageId, DiscordUserId,
};
use chrono::{DateTime, Utc};

/// The Discord front end's own records, Discord's ids each typed by what they name.
pub struct DiscordDesk<'a> {
    pub(super) service: &'a Service,
}

impl DiscordDesk<'_> {
    async fn tx(&self) -> Result<Tx, ServiceError> {
        Ok(self.service.store.write().await?)
    }

    /// A read beside the writer: the desk's questions never wait for the commands' batches, nor
    /// hold them up (the outbox sender asks several for every post).
    async fn read(&self) -> Result<Tx, ServiceError> {
        Ok(self.service.store.read().await?)
    }

    /// The game whose thread a channel is.
    pub async fn game_of_thread(
        &self,
        channel: DiscordChannelId,
    ) -> Result<Option<i64>, ServiceError> {
        let mut tx = self.read().await?;
        Ok(tx.discord_game_by_thread(channel).await?.map(|g| g.game_id))
    }

    /// Where a game lives on Discord, if it was started there.
    pub async fn place(&self, game: i64) -> Result<Option<DiscordGame>, ServiceError> {
        Ok(self.read().await?.discord_game(game).await?)
    }

    /// Whether a game is a tournament's.
    pub async fn is_tournament_game(&self, game: i64) -> Result<bool, ServiceError> {
        Ok(self.read().await?.tournament_of_game(game).await?.is_some())
    }

    /// Records the channel (of `guild`) a game made by the service lives in on Discord, unless
    /// it has a place already; its place now.
    pub async fn set_place(
        &self,
        game: i64,
        channel: DiscordChannelId,
        guild: DiscordGuildId,
    ) -> Result<Option<DiscordGame>, ServiceError> {
        let mut tx = self.tx().await?;
        tx.set_discord_origin(game, channel, Some(guild), self.service.now())
            .await?;
        tx.commit().await?;
        self.place(game).await
    }

    /// Records the thread a game's messages go to from now on.
    pub async fn set_thread(
        &self,
        game: i64,
        thread: DiscordChannelId,
    ) -> Result<(), ServiceError> {
        let mut tx = self.tx().await?;
        tx.set_discord_thread(game, thread).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Whether an outbox row was posted already.
    pub async fn was_posted(&self, outbox_id: i64) -> Result<bool, ServiceError> {
        Ok(self.read().await?.discord_post(outbox_id).await?.is_some())
    }

    /// Records the message an outbox row was posted as, and marks the row sent, in one
    /// transaction (the Discord sender [marks its rows itself](crate::outbox::Sender::marks_sent)).
    pub async fn record_post(
        &self,
        outbox_id: i64,
        channel: DiscordChannelId,
        message: DiscordMessageId,
        now: DateTime<Utc>,
    ) -> Result<(), ServiceError> {
        let mut tx = self.service.store.write_soon().await?;
        tx.record_discord_post(outbox_id, channel, message, now)
            .await?;
        tx.mark_sent(outbox_id, now).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The status message of a game's thread, if one was posted.
    pub async fn status_message(
        &self,
        game: i64,
    ) -> Result<Option<DiscordMessageId>, ServiceError> {
        Ok(self.read().await?.discord_status_message(game).await?)
    }

    /// Records (or, with `None`, forgets) the status message of a game's thread.
    pub async fn set_status_message(
        &self,
        game: i64,
        message: Option<DiscordMessageId>,
    ) -> Result<(), ServiceError> {
        let mut tx = self.tx().await?;
        tx.set_discord_status_message(game, message).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The messages a game's challenge was posted as: (channel, message).
    pub async fn challenge_posts(
        &self,
        game: i64,
    ) -> Result<Vec<(DiscordChannelId, DiscordMessageId)>, ServiceError> {
        Ok(self.read().await?.discord_challenge_posts(game).await?)
    }

    /// Whether a user wants reminders and final reports as direct messages.
    pub async fn wants_dm(&self, user: DiscordUserId) -> Result<bool, ServiceError> {
        Ok(self.read().await?.discord_wants_dm(user).await?)
    }

    /// Sets whether a user wants reminders and final reports as direct messages.
    pub async fn set_wants_dm(&self, user: DiscordUserId, dm: bool) -> Result<(), ServiceError> {
        let mut tx = self.tx().await?;
        tx.set_discord_wants_dm(user, dm).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Forgets a game's thread, if it is still `thread` (deleted on Discord): the game's next
    /// message opens a new one.
    pub async fn forget_thread(
        &self,
        game: i64,
        thread: DiscordChannelId,
    ) -> Result<(), ServiceError> {
        let mut tx = self.tx().await?;
        tx.forget_discord_thread(game, thread).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The intent to post an outbox row, if one was recorded: the channel and when.
    pub async fn intent(
        &self,
        outbox_id: i64,
    ) -> Result<Option<(DiscordChannelId, DateTime<Utc>)>, ServiceError> {
        Ok(self.read().await?.discord_intent(outbox_id).await?)
    }

    /// How many times handling a Discord event (by its id) failed.
    pub async fn failures(&self, event: &str) -> Result<u32, ServiceError> {
        Ok(self.read().await?.discord_failures(event).await?)
    }

    /// Counts one more failure of a Discord event; returns how many there were.
    pub async fn record_failure(
        &self,
        event: &str,
        error: &str,
        now: DateTime<Utc>,
    ) -> Result<u32, ServiceError> {
        let mut tx = self.tx().await?;
        let n = tx.record_discord_failure(event, error, now).await?;
        tx.commit().await?;
        Ok(n)
    }
}

impl DiscordDesk<'_> {
    /// The lobby posts whose buttons are still on: (game, channel, message). A read, beside the
    /// writer: the lobby looks at it every round of the outbox.
    pub async fn lobby_posts(
        &self,
    ) -> Result<Vec<(i64, DiscordChannelId, DiscordMessageId)>, ServiceError> {
        let mut tx = self.service.store.read().await?;
        Ok(tx.discord_lobby_posts().await?)
    }

    /// The announcement channel's tournament posts: (tournament, channel, message, text shown).
    pub async fn tournament_posts(
        &self,
    ) -> Result<Vec<(i64, DiscordChannelId, DiscordMessageId, String)>, ServiceError> {
        let mut tx = self.service.store.read().await?;
        Ok(tx.discord_tournament_posts().await?)
    }

    /// Records a tournament's post and the text it shows.
    pub async fn record_tournament_post(
        &self,
        tournament: i64,
        channel: DiscordChannelId,
        message: DiscordMessageId,
        shown: &str,
    ) -> Result<(), ServiceError> {
        let mut tx = self.tx().await?;
        tx.record_discord_tournament_post(tournament, channel, message, shown)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The tournaments the announcement channel shows, each with the text of its status message
    /// (its line, and the standings once it started) in the service's default language.
    pub async fn tournament_statuses(&self) -> Result<Vec<(i64, String)>, ServiceError> {
        self.service.tournament_statuses("discord").await
    }

    /// Records the lobby post of an open challenge.
    pub async fn record_lobby_post(
        &self,
        game: i64,
        channel: DiscordChannelId,
        message: DiscordMessageId,
    ) -> Result<(), ServiceError> {
        let mut tx = self.tx().await?;
        tx.record_discord_lobby_post(game, channel, message).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Marks a lobby post closed.
    pub async fn close_lobby_post(&self, game: i64) -> Result<(), ServiceError> {
        let mut tx = self.tx().await?;
        tx.close_discord_lobby_post(game).await?;
        tx.commit().await?;
        Ok(())
    }
}
