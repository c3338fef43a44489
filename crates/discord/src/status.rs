//! A game's thread as players see it: the status message at its start (pinned, edited in place
//! after every action, so whoever opens the thread sees where the game stands without scrolling
//! through pings), one public message per action, and challenge messages whose buttons go once the
//! challenge is answered, whichever way it was.
//!
//! The public message of an action is the notification the outbox sends to the Discord player it
//! concerns (it mentions them); only when no such notification follows (the other side plays by
//! mail) does the front end post it, without a mention. The player who acted gets a short answer
//! only they see.

use crate::board::{self, Shown};
use crate::sender::http_status;
use crate::{Bot, DiscordError, SerenityId, ServiceId};
use agora_service::Answer;
use agora_service::Language;
use agora_service::queries::GameState;
use agora_service::{Channel, GameStatus, Identity, Notice};
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use tokio::sync::Mutex;

impl Bot {
    /// The language of a post everyone reads (a game's thread and its status message, the
    /// lobby): the service's default, whoever's action brought it.
    pub(crate) fn public_language(&self) -> Language {
        self.service.default_language()
    }

    /// One of the front end's own short texts (`templates/discord_words.txt`), `what` with its
    /// values, in `language`: the reader's, given by whoever answers them (a click's, a slash
    /// command's, a notification's recipient's), or [`Bot::public_language`] for a post
    /// everyone reads.
    pub(crate) fn words(
        &self,
        language: Language,
        what: &str,
        values: serde_json::Value,
    ) -> String {
        let mut values = values;
        if let Some(map) = values.as_object_mut() {
            map.insert("what".into(), what.into());
        }
        self.service
            .templates()
            .render_in("discord_words.txt", "discord", language, values)
            .trim()
            .to_owned()
    }

    /// A button's label or an embed's field name (`what = "label"` of the same template).
    pub(crate) fn label(
        &self,
        language: Language,
        name: &str,
        values: serde_json::Value,
    ) -> String {
        let mut values = values;
        if let Some(map) = values.as_object_mut() {
            map.insert("name".into(), name.into());
        } else {
            values = serde_json::json!({ "name": name });
        }
        self.words(language, "label", values)
    }

    /// The lock of one game's thread and status message: held while either is made or changed.
    /// Locks nobody holds are forgotten before the table would grow, so it stays about as large
    /// as the games acted in at once rather than every game ever touched.
    pub(crate) fn game_lock(&self, game: i64) -> Arc<Mutex<()>> {
        let mut locks = self.threads.lock().unwrap_or_else(|p| p.into_inner());
        if locks.len() >= locks.capacity().max(64) && !locks.contains_key(&game) {
            // Only the table holds such a lock: whoever asks for that game next gets a new one.
            locks.retain(|_, lock| Arc::strong_count(lock) > 1);
        }
        locks.entry(game).or_default().clone()
    }

    /// Posts and pins a new status message in `thread` and records it. The caller holds the
    /// game's lock.
    pub(crate) async fn post_status(
        &self,
        http: &serenity::Http,
        thread: serenity::ChannelId,
        state: &GameState,
    ) -> Result<(), DiscordError> {
        let post = board::status_post(self, state);
        let shows = fingerprint(&post);
        // The nonce is the thread's: a repeat after a crash within Discord's memory of nonces
        // hands back the same message.
        let message = post
            .message()
            .nonce(serenity::Nonce::String(format!("s{thread}")))
            .enforce_nonce(true);
        let sent = thread.send_message(http, message).await?;
        self.service
            .discord()
            .set_status_message(state.id, Some(sent.id.service()))
            .await?;
        self.status_shows(state.id, shows);
        if let Err(e) = thread.pin(http, sent.id).await {
            // Pinning needs a permission the server may not give: the message stays first anyway.
            tracing::warn!(game = state.id, error = %e, "could not pin the status message");
        }
        Ok(())
    }

    /// Brings a game's status message up to date: edited in place, or posted (and pinned) if the
    /// thread has none or it was deleted. Nothing for a game without a thread.
    pub(crate) async fn refresh_status(
        &self,
        http: &serenity::Http,
        game: i64,
    ) -> Result<(), DiscordError> {
        let Some(thread) = self.ensure_thread(http, game).await? else {
            return Ok(());
        };
        let lock = self.game_lock(game);
        let _one_at_a_time = lock.lock().await;
        let Some(state) = self.state(game, None).await? else {
            return Ok(());
        };
        let desk = self.service.discord();
        if let Some(id) = desk.status_message(game).await? {
            let post = board::status_post(self, &state);
            let shows = fingerprint(&post);
            // The action's other paths (the command's, each row the outbox posts about it)
            // find the message showing it already: one edit, one picture, per change.
            if self.status_shown(game) == Some(shows) {
                return Ok(());
            }
            match thread.edit_message(http, id.serenity(), post.edit()).await {
                Ok(_) => {
                    self.status_shows(game, shows);
                    return Ok(());
                }
                Err(e) if http_status(&e).is_some_and(|s| s.0 == 404) => {
                    tracing::warn!(game, "the status message is gone: a new one is posted");
                }
                Err(e) => return Err(e.into()),
            }
        }
        self.post_status(http, thread, &state).await
    }

    /// Brings a game's thread up to date after the outbox posted about it (see
    /// [`Bot::refresh_status`] and, with `close`, [`Bot::close_challenge`]) in a task of its own,
    /// so the post's slot goes on to the next row at once. Requests for a game whose task has not
    /// begun yet join it: the task reads the game once it begins, so it shows what they asked
    /// for. A failure is logged; the next action puts the thread right.
    pub(crate) fn refresh_soon(
        self: &Arc<Self>,
        http: &Arc<serenity::Http>,
        game: i64,
        close: bool,
    ) {
        {
            let mut pending = self.refreshing.lock().unwrap_or_else(|p| p.into_inner());
            if let Some(asked) = pending.get_mut(&game) {
                *asked |= close;
                return;
            }
            pending.insert(game, close);
        }
        let (bot, http) = (self.clone(), http.clone());
        tokio::spawn(async move {
            let close = bot
                .refreshing
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .remove(&game)
                .unwrap_or(false);
            if close && let Err(e) = bot.close_challenge(&http, game).await {
                tracing::warn!(game, error = %e, "could not take the buttons off a challenge");
            }
            if let Err(e) = bot.refresh_status(&http, game).await {
                tracing::warn!(game, error = %e, "could not bring the status message up to date");
            }
        });
    }

    /// Takes the buttons off a game's challenge messages once the challenge was answered (by a
    /// button, a slash command, a message or a mail), so nobody clicks them again. Each message
    /// is edited once: one whose buttons this process took off already (here, or in the answer
    /// to the click on it) is left alone.
    pub(crate) async fn close_challenge(
        &self,
        http: &serenity::Http,
        game: i64,
    ) -> Result<(), DiscordError> {
        for (channel, message) in self.service.discord().challenge_posts(game).await? {
            let (channel, message) = (channel.serenity(), message.serenity());
            if self.challenge_was_closed(message) {
                continue;
            }
            let edit = serenity::EditMessage::new().components(Vec::new());
            match channel.edit_message(http, message, edit).await {
                Ok(_) => {}
                Err(e) if http_status(&e).is_some_and(|s| matches!(s.0, 403 | 404)) => {}
                Err(e) => return Err(e.into()),
            }
            self.challenge_closed(message);
        }
        Ok(())
    }

    /// Records that a challenge message has no buttons any more.
    pub(crate) fn challenge_closed(&self, message: serenity::MessageId) {
        let mut closed = self.closed.lock().unwrap_or_else(|p| p.into_inner());
        if closed.len() >= REMEMBERED {
            // Forgetting costs at most one more edit of an old challenge's message.
            closed.clear();
        }
        closed.insert(message);
    }

    fn challenge_was_closed(&self, message: serenity::MessageId) -> bool {
        self.closed
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .contains(&message)
    }

    /// The direct message channel with a user: asked of Discord once, then remembered (it never
    /// changes), so a direct message is one call, not two.
    pub(crate) async fn dm_channel(
        &self,
        http: &serenity::Http,
        user: serenity::UserId,
    ) -> Result<serenity::ChannelId, DiscordError> {
        let known = self
            .dms
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&user)
            .copied();
        if let Some(channel) = known {
            return Ok(channel);
        }
        let channel = user.create_dm_channel(http).await?.id;
        let mut dms = self.dms.lock().unwrap_or_else(|p| p.into_inner());
        if dms.len() >= REMEMBERED {
            dms.clear();
        }
        dms.insert(user, channel);
        Ok(channel)
    }

    /// What the status message of `game` shows, as this process last made it.
    fn status_shown(&self, game: i64) -> Option<u64> {
        self.shown
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&game)
            .copied()
    }

    fn status_shows(&self, game: i64, shows: u64) {
        let mut shown = self.shown.lock().unwrap_or_else(|p| p.into_inner());
        if shown.len() >= REMEMBERED && !shown.contains_key(&game) {
            // Forgetting costs at most one more edit of each game's status message.
            shown.clear();
        }
        shown.insert(game, shows);
    }

    /// Whether the outbox will post an action's public message: a notification the command
    /// queued for a Discord player about this game that goes to its thread or channel (not a
    /// final report or reminder of a player who chose direct messages).
    pub(crate) async fn told_in_public(
        &self,
        answer: &Answer,
        game: i64,
    ) -> Result<bool, DiscordError> {
        let desk = self.service.discord();
        for notice in &answer.notices {
            if notice.channel != Channel::Discord.code() || notice.game_id != Some(game) {
                continue;
            }
            // A notice keeps its address in the outbox's text form.
            let user = notice.address.parse::<Identity>().ok();
            let user = user.and_then(|i| i.discord_user());
            // A watcher's copy and a conditional line's answer go by direct message: they are
            // nobody's public message.
            let personal = notice.kind.personal()
                || (matches!(notice.kind, Notice::Reminder | Notice::GameOver)
                    && match user {
                        Some(user) => desk.wants_dm(user).await?,
                        None => false,
                    });
            if !personal {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// What follows a command that changed a game, whatever way it came: the challenge's
    /// buttons taken off once it is answered, and, where no notification carries it, the
    /// action's public message (`nonce` keeps a repeat from posting twice) and the status
    /// message brought up to date. Where a notification carries it, the outbox sender posts it
    /// and brings the status message up to date after it, so each action edits the status
    /// message once, whoever delivers it. The command is done and answered by then: a failure
    /// here is logged, not apologised for, and the next action brings the status message up
    /// to date.
    pub(crate) async fn after_action(&self, http: &serenity::Http, answer: &Answer, nonce: String) {
        if let Err(e) = self.try_after_action(http, answer, nonce).await {
            tracing::warn!(game = ?answer.game, error = %e, "could not show an action in its thread");
        }
    }

    async fn try_after_action(
        &self,
        http: &serenity::Http,
        answer: &Answer,
        nonce: String,
    ) -> Result<(), DiscordError> {
        let Some(game) = answer.game else {
            return Ok(());
        };
        let Some(state) = answer.state.as_deref() else {
            return Ok(());
        };
        // A challenge is answered before the game's first action: later actions leave its
        // messages alone.
        if state.status != GameStatus::Proposed && state.current_ply == 0 {
            self.close_challenge(http, game).await?;
        }
        if self.told_in_public(answer, game).await? {
            return Ok(());
        }
        self.post_public(http, state, nonce).await?;
        if matches!(state.status, GameStatus::Active | GameStatus::Finished) {
            self.refresh_status(http, game).await?;
        }
        Ok(())
    }

    /// The public message of an action no notification carries: the board and who is to act
    /// in the game's thread; for a challenge to someone who plays elsewhere, a line in the
    /// channel it was made in that does not say who was challenged (perhaps by mail address).
    async fn post_public(
        &self,
        http: &serenity::Http,
        state: &GameState,
        nonce: String,
    ) -> Result<(), DiscordError> {
        let place = match state.status {
            GameStatus::Active | GameStatus::Finished => self.ensure_thread(http, state.id).await?,
            // An open challenge has its post in the lobby, where there is one.
            GameStatus::Proposed if state.options.open && self.settings.lobby_channel.is_some() => {
                return Ok(());
            }
            GameStatus::Proposed => {
                let channel = self
                    .service
                    .discord()
                    .place(state.id)
                    .await?
                    .filter(|p| p.guild_id.is_some())
                    .map(|p| p.channel_id.serenity());
                let challenger = state
                    .players
                    .iter()
                    .position(|&p| p == state.challenger)
                    .and_then(|i| {
                        state.identities[i]
                            .iter()
                            .find(|a| a.channel == Channel::Discord)
                    })
                    .map(|a| format!("<@{}>", a.id));
                if let (Some(channel), Some(who)) = (channel, challenger) {
                    // Everyone in the channel reads it.
                    let language = self.public_language();
                    let text = self.words(
                        language,
                        "challenge_elsewhere",
                        serde_json::json!({
                            "game": state.id,
                            "who": who,
                            "title": state.title_in(language),
                        }),
                    );
                    let message = board::text_post(&text, None)
                        .message()
                        .nonce(serenity::Nonce::String(nonce))
                        .enforce_nonce(true);
                    channel.send_message(http, message).await?;
                }
                return Ok(());
            }
            GameStatus::Declined | GameStatus::Cancelled => None,
        };
        let Some(place) = place else {
            return Ok(());
        };
        let to_act = state
            .to_act
            .and_then(|seat| state.identity_on(seat, Channel::Discord))
            .and_then(Identity::discord_user);
        let shown = Shown {
            mention: to_act.map(SerenityId::serenity),
            challenge: false,
            board: true,
            row: None,
            offer: false,
            controls: false,
        };
        let message = board::game_post(self, self.public_language(), state, "", shown)
            .message()
            .nonce(serenity::Nonce::String(nonce))
            .enforce_nonce(true);
        place.send_message(http, message).await?;
        Ok(())
    }
}

/// How many games' status messages, and challenge messages, a process remembers the state of.
const REMEMBERED: usize = 4096;

/// What a status message shows (its text, fields, picture's name and buttons), to tell whether
/// an edit would change it.
fn fingerprint(post: &board::Post) -> u64 {
    use std::hash::{Hash, Hasher};
    let shown =
        serde_json::to_string(&(&post.content, &post.embed, &post.components)).unwrap_or_default();
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    shown.hash(&mut hasher);
    post.file.as_ref().map(|f| &f.filename).hash(&mut hasher);
    hasher.finish()
}
