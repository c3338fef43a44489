//! The outbox sender of the `discord` channel: a notification goes to the game's thread with a
//! mention of the player (a challenge to the channel it was made in, with Accept/Decline), or as a
//! direct message: for a game without a thread, for messages about no game, and for reminders and
//! final reports of a player who chose direct messages.
//!
//! Each row is posted once, however late a restart after a crash comes:
//! - a row is posted only by the pass that claimed it, and the claim is committed before the
//!   post; every post carries the row's marker at the end of its embed's footer
//!   ([`board::marker`]);
//! - after posting, the message is recorded and the row marked sent, in one transaction; a
//!   recorded row is never posted again;
//! - a row an earlier try may have posted (one that failed, or whose pass took it and never
//!   gave it back: a crash came in between, see `OutboxMessage::tried`) is looked for first:
//!   the bot's messages in the channel it goes to, since the row was queued, are looked
//!   through for the row's marker, and a message found is recorded instead of posting again
//!   (where older versions recorded an intent to post, there and since then);
//! - the message nonce (`o<outbox id>`, enforced) also makes Discord drop a repeat within the few
//!   minutes it remembers nonces.
//!
//! Failures are classified for the outbox: Discord's 403 (a user who does not accept direct
//! messages, a missing permission or access) and 404 (an unknown channel or user) never work
//! and are permanent; 429, 5xx, timeouts and network faults may work later and are transient. A
//! game's thread that was deleted (404 on posting there) is forgotten, so the next attempt opens a
//! new thread: the players expect the game to go on, not to fall silent.

use crate::board::{self, Shown};
use crate::{Bot, DiscordError, SerenityId, ServiceId};
use agora_service::outbox::{Delivery, SendError, Sender};
use agora_service::{DiscordChannelId, DiscordUserId, GameStatus, Identity, Notice};
use chrono::{DateTime, Duration, Utc};
use poise::serenity_prelude as serenity;
use std::sync::Arc;

/// How far before an intent's time the search for its post starts: clocks of Agora's host and
/// Discord's may differ by this much.
const CLOCK_MARGIN: Duration = Duration::minutes(5);

/// At most this many pages of 100 messages are read looking for an earlier post: a channel busier
/// than that since the intent is posted to again rather than read for ever.
const MAX_PAGES: usize = 20;

struct DiscordSender<'a> {
    bot: &'a Arc<Bot>,
    http: &'a Arc<serenity::Http>,
}

/// Delivers the outbox now and whenever a command of this process queued notifications (see
/// [`agora_service::Service::queued_rows`]) or a commit of another process was seen (see
/// `agora_store::commits`), or every `outbox_poll`, and again at once after a pass that sent
/// something (more may have been queued meanwhile); never returns.
///
/// Several processes may share the database, and each delivers: every pass claims the games'
/// conversations it sends ([`agora_service::Service::deliver`]), so each row is posted by one
/// process and a game's posts keep their order. The lobby is kept by one process at a time, the
/// holder of its lease; the others look at the lease every third of its length and take over
/// once it is given up or has run out.
pub(crate) async fn deliver_loop(bot: Arc<Bot>, http: Arc<serenity::Http>) {
    let mut standing_by = false;
    // Rows other processes queue wake this one too, once their commit is seen; rows of this
    // process's commands, whatever front end they came by, at their commit.
    let mut commits = bot.service.store().commits();
    let mut queued = bot.service.queued_rows();
    loop {
        let sender = DiscordSender {
            bot: &bot,
            http: &http,
        };
        let sent = match bot.service.deliver(&sender, bot.service.now()).await {
            Ok(sent) => sent,
            Err(e) => {
                tracing::error!(error = %e, "delivering the discord outbox failed");
                0
            }
        };
        let lobby = match bot.lobby.keep().await {
            Ok(held) => held.held(),
            Err(e) => {
                tracing::warn!(error = %e, "could not take the lease on the lobby");
                false
            }
        };
        if lobby {
            standing_by = false;
            if let Err(e) = bot.sync_lobby(&http).await {
                tracing::warn!(error = %e, "bringing the lobby up to date failed");
            }
            if let Err(e) = bot.sync_tournaments(&http).await {
                tracing::warn!(error = %e, "bringing the tournament announcements up to date failed");
            }
        } else if !standing_by {
            tracing::info!("another process keeps the lobby; standing by");
            standing_by = true;
        }
        // Rows queued while a pass sent others are due now: the next pass begins at once.
        if sent > 0 {
            continue;
        }
        let pause = bot.settings.outbox_poll.min(bot.lobby.check_every());
        tokio::select! {
            () = bot.wake.notified() => {}
            () = commits.changed() => {}
            _ = queued.changed() => {}
            () = tokio::time::sleep(pause) => {}
        }
    }
}

impl Sender for DiscordSender<'_> {
    fn channel(&self) -> &str {
        "discord"
    }

    fn parallel_sends(&self) -> Option<usize> {
        Some(self.bot.settings.parallel_sends)
    }

    /// A row's post is recorded and the row marked sent in one transaction.
    fn marks_sent(&self) -> bool {
        true
    }

    async fn send(&self, delivery: &Delivery) -> Result<(), SendError> {
        match crate::poison::caught(self.post(delivery))
            .await
            .unwrap_or_else(|panic| Err(Failure::Other(panic)))
        {
            Ok(()) => Ok(()),
            Err(Failure::Gone {
                game,
                thread,
                error,
            }) => {
                // The next attempt opens a new thread.
                if let Err(e) = self.bot.service.discord().forget_thread(game, thread).await {
                    tracing::warn!(game, %thread, error = %e, "could not forget a deleted thread");
                }
                tracing::warn!(game, %thread, "the game's thread is gone: a new one will be made");
                Err(SendError::Transient(error.to_string()))
            }
            Err(Failure::Other(e)) => Err(classify(&e)),
        }
    }
}

/// Why a row was not posted.
enum Failure {
    /// The game's thread no longer exists on Discord.
    Gone {
        game: i64,
        thread: DiscordChannelId,
        error: DiscordError,
    },
    Other(DiscordError),
}

impl From<DiscordError> for Failure {
    fn from(e: DiscordError) -> Failure {
        Failure::Other(e)
    }
}

impl From<agora_service::ServiceError> for Failure {
    fn from(e: agora_service::ServiceError) -> Failure {
        Failure::Other(e.into())
    }
}

impl From<serenity::Error> for Failure {
    fn from(e: serenity::Error) -> Failure {
        Failure::Other(e.into())
    }
}

/// Whether trying again can help, from Discord's answer.
pub(crate) fn classify(error: &DiscordError) -> SendError {
    let text = with_causes(error);
    match error {
        DiscordError::Discord(e) => match http_status(e) {
            Some((403 | 404, _)) => SendError::Permanent(text),
            _ => SendError::Transient(text),
        },
        // An address that is not a Discord user never becomes one.
        DiscordError::Config(_) => SendError::Permanent(text),
        DiscordError::Service(_) | DiscordError::Panic(_) => SendError::Transient(text),
    }
}

/// An error with its causes (a timeout is the cause of a failed request), for the row's last
/// error and the operator who reads it.
fn with_causes(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(c) = cause {
        let more = c.to_string();
        if !text.contains(&more) {
            text = format!("{text}: {more}");
        }
        cause = c.source();
    }
    text
}

/// The HTTP status and Discord's JSON error code of an unsuccessful REST call.
pub(crate) fn http_status(error: &serenity::Error) -> Option<(u16, isize)> {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => {
            Some((r.status_code.as_u16(), r.error.code))
        }
        _ => None,
    }
}

/// A snowflake for `at`: messages with a greater id were created after it.
fn snowflake_at(at: DateTime<Utc>) -> u64 {
    const DISCORD_EPOCH_MS: i64 = 1_420_070_400_000;
    u64::try_from(at.timestamp_millis() - DISCORD_EPOCH_MS).unwrap_or(0) << 22
}

/// Where a row is posted.
struct Destination {
    channel: serenity::ChannelId,
    /// The channel again when it is the thread of a game under way or over: a thread that is
    /// gone is forgotten, so the next attempt opens a new one.
    thread: Option<serenity::ChannelId>,
    /// The user the post mentions; none in a direct message.
    mention: Option<serenity::UserId>,
}

impl DiscordSender<'_> {
    async fn post(&self, delivery: &Delivery) -> Result<(), Failure> {
        let bot = self.bot;
        let desk = bot.service.discord();
        let message = &delivery.message;
        // The outbox keeps the address in its text form: read as an identity here.
        let user = message.address.parse::<Identity>().ok();
        let Some(user) = user.and_then(|i| i.discord_user()) else {
            return Err(Failure::Other(DiscordError::Config(format!(
                "`{}` is not a Discord user",
                message.address
            ))));
        };
        if desk.was_posted(message.id).await? {
            bot.service.mark_sent(message.id, bot.service.now()).await?;
            return Ok(());
        }
        let state = delivery.game.as_ref();
        let Destination {
            channel: target,
            thread,
            mention,
        } = self.destination(delivery, user).await?;
        let post = match state {
            Some(state) => {
                let shown = Shown {
                    mention,
                    challenge: message.kind == Notice::ChallengeReceived,
                    board: message.board,
                    row: Some(message.id),
                    offer: message.kind == Notice::Offer,
                    controls: false,
                };
                // In the recipient's language, as the service wrote the text.
                board::game_post(bot, delivery.language, state, &message.body, shown)
            }
            None => board::notice_post(&message.body, mention, message.id),
        };
        if self.found_earlier_post(message, target).await? {
            return Ok(());
        }
        let sent = target
            .send_message(
                self.http,
                post.message()
                    .nonce(serenity::Nonce::String(format!("o{}", message.id)))
                    .enforce_nonce(true),
            )
            .await;
        let sent = match (sent, thread, state) {
            (Ok(sent), _, _) => sent,
            (Err(e), Some(thread), Some(state)) if http_status(&e).is_some_and(|s| s.0 == 404) => {
                return Err(Failure::Gone {
                    game: state.id,
                    thread: thread.service(),
                    error: e.into(),
                });
            }
            (Err(e), _, _) => return Err(e.into()),
        };
        desk.record_post(
            message.id,
            target.service(),
            sent.id.service(),
            bot.service.now(),
        )
        .await?;
        if let Some(state) = state {
            self.after_post(state.id, message.kind);
        }
        Ok(())
    }

    /// Where a row to `user` goes: its game's thread or channel, or the user's direct messages.
    async fn destination(
        &self,
        delivery: &Delivery,
        user: DiscordUserId,
    ) -> Result<Destination, DiscordError> {
        let message = &delivery.message;
        let state = delivery.game.as_ref();
        let mut target = None;
        if let Some(state) = state {
            // Reminders and final reports are personal: a player who chose direct messages gets
            // them there; everything else about a game goes to its thread.
            // A watcher's copy always goes by direct message: the game's thread has the
            // action's one public message already.
            let personal = message.kind.personal()
                || (matches!(message.kind, Notice::Reminder | Notice::GameOver)
                    && self.bot.service.discord().wants_dm(user).await?);
            if !personal {
                target = self.place(state.id, state.status).await?;
            }
        }
        let thread = target.filter(|_| {
            state.is_some_and(|s| matches!(s.status, GameStatus::Active | GameStatus::Finished))
        });
        Ok(match target {
            Some(channel) => Destination {
                channel,
                thread,
                mention: Some(user.serenity()),
            },
            None => Destination {
                channel: self.bot.dm_channel(self.http, user.serenity()).await?,
                thread,
                mention: None,
            },
        })
    }

    /// What a game's thread shows besides the notification just posted: the status message
    /// brought up to date (the action may have come by mail or from the clock), and the
    /// challenge's buttons taken off once it was answered. Done beside the next posts (see
    /// [`Bot::refresh_soon`]): the notification is posted whatever becomes of these.
    fn after_post(&self, game: i64, kind: Notice) {
        if kind == Notice::ChallengeReceived || kind.personal() {
            return;
        }
        let close = matches!(
            kind,
            Notice::GameStarted | Notice::ChallengeClosed | Notice::ChallengeExpired
        );
        self.bot.refresh_soon(self.http, game, close);
    }

    /// For a row an earlier try may have posted (see [`OutboxMessage::tried`](agora_service::outbox::OutboxMessage::tried)) and
    /// that has no recorded post: looks among the bot's messages in the channel it goes to,
    /// since the row was queued, for one carrying the row's marker, and records it if found. A
    /// row with an intent (recorded before posting by older versions) is looked for where and
    /// since the intent says. A channel that no longer exists or cannot be read holds no such
    /// post.
    async fn found_earlier_post(
        &self,
        message: &agora_service::outbox::OutboxMessage,
        target: serenity::ChannelId,
    ) -> Result<bool, DiscordError> {
        let row = message.id;
        let desk = self.bot.service.discord();
        let (channel_id, at) = match desk.intent(row).await? {
            Some((channel, at)) => (channel.serenity(), at),
            None => match message.tried {
                Some(at) => (target, at),
                None => return Ok(false),
            },
        };
        let me = *self
            .bot
            .me
            .get_or_try_init(|| async {
                Ok::<_, DiscordError>(self.http.get_current_user().await?.id)
            })
            .await?;
        let mut after = serenity::MessageId::new(snowflake_at(at - CLOCK_MARGIN).max(1));
        for _ in 0..MAX_PAGES {
            let page = match channel_id
                .messages(
                    self.http,
                    serenity::GetMessages::new().after(after).limit(100),
                )
                .await
            {
                Ok(page) => page,
                Err(e) if http_status(&e).is_some_and(|s| matches!(s.0, 403 | 404)) => {
                    return Ok(false);
                }
                Err(e) => return Err(e.into()),
            };
            let found = page.iter().find(|m| {
                m.author.id == me
                    && m.embeds.iter().any(|e| {
                        e.footer
                            .as_ref()
                            .and_then(|f| board::row_of_footer(&f.text))
                            == Some(row)
                    })
            });
            if let Some(found) = found {
                tracing::info!(row, message = %found.id, "found the post of a row made before a restart");
                desk.record_post(
                    row,
                    channel_id.service(),
                    found.id.service(),
                    self.bot.service.now(),
                )
                .await?;
                return Ok(true);
            }
            match page.iter().map(|m| m.id).max() {
                Some(last) if page.len() == 100 => after = last,
                _ => return Ok(false),
            }
        }
        Ok(false)
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
        Ok(channel.map(SerenityId::serenity))
    }
}
