//! What arrives from Discord: slash commands and their autocomplete ([`mod@slash`]), button clicks
//! ([`buttons`]), and messages in game threads ([`messages`]). Each becomes an [`Inbound`] for
//! the service; the answer is shown where the person expects it: user errors as ephemeral replies
//! (the same words as by mail), a game's progress in its thread ([`thread`]) with the board
//! picture.

mod buttons;
mod messages;
mod slash;
mod thread;

pub(crate) use buttons::click_inbound;
pub(crate) use slash::{autocomplete, slash};

use crate::board::{self, Shown};
use crate::{Bot, DiscordError, ServiceId, identity};
use agora_service::commands::{Command, ParseError};
use agora_service::queries::GameState;
use agora_service::{Answer, Inbound, Status};
use agora_service::{Channel, GameStatus, Reader};
use chrono::{DateTime, Utc};
use poise::serenity_prelude as serenity;
use std::sync::Arc;

type FrameworkError<'a> = poise::FrameworkError<'a, Arc<Bot>, DiscordError>;

/// Whether only the person who asked sees a command's answer: what only reads and their own
/// settings (nobody else needs them), their notes and conditional moves (nobody else may learn
/// of them, not even that they exist), and `link` and `settings calendar` (secrets).
fn private(command: &Command) -> bool {
    command.reads_only()
        || matches!(
            command,
            Command::Timezone(_)
                | Command::Notify(_)
                | Command::Digest(_)
                | Command::Language(_)
                | Command::Link(_)
                | Command::Watch(_)
                | Command::Unwatch(_)
                | Command::Rest(_)
                | Command::Calendar(_)
                | Command::Note { .. }
                | Command::Conditional { .. }
                | Command::Analysis(_)
        )
}

/// How a game's state is shown beside an answer: the board once the game has started.
fn answer_shown(state: &GameState) -> Shown {
    shown_with(state, false)
}

/// [`answer_shown`], with Move and Resign when `controls` (the answer to `next`).
fn shown_with(state: &GameState, controls: bool) -> Shown {
    Shown {
        mention: None,
        challenge: false,
        board: state.status != GameStatus::Proposed,
        row: None,
        offer: false,
        controls,
    }
}

/// When an event was created on Discord: the time in its snowflake id (milliseconds since
/// 2015-01-01, the same instant as a message's `timestamp`), never later than `now`. A move
/// counts when it arrived, however long the bot took to handle it.
pub(crate) fn arrival(id: u64, now: DateTime<Utc>) -> DateTime<Utc> {
    const DISCORD_EPOCH_MS: i64 = 1_420_070_400_000;
    i64::try_from(id >> 22)
        .ok()
        .and_then(|ms| DateTime::from_timestamp_millis(DISCORD_EPOCH_MS + ms))
        .map_or(now, |at| at.min(now))
}

/// The name a first-time player gets: their Discord name.
fn display_name(user: &serenity::User) -> Option<String> {
    Some(
        user.global_name
            .clone()
            .unwrap_or_else(|| user.name.clone()),
    )
}

impl Bot {
    /// The game whose thread a channel is.
    pub(crate) async fn game_of_channel(
        &self,
        channel: serenity::ChannelId,
    ) -> Result<Option<i64>, DiscordError> {
        Ok(self
            .service
            .discord()
            .game_of_thread(channel.service())
            .await?)
    }

    pub(crate) async fn state(
        &self,
        game: i64,
        ply: Option<u32>,
    ) -> Result<Option<GameState>, DiscordError> {
        Ok(self.service.game_state(game, ply).await?)
    }

    /// Hands a message's text from `user` to the service, which parses it (`inbound` says where
    /// it came from; the sender is filled in here).
    async fn handle(
        &self,
        user: &serenity::User,
        inbound: Inbound,
    ) -> Result<Answer, DiscordError> {
        let inbound = Inbound {
            from: identity(user.id),
            name: display_name(user),
            ..inbound
        };
        let answer = self.service.handle(&inbound, self.service.now()).await?;
        if answer.status == Status::Done {
            self.wake.notify_one();
        }
        Ok(answer)
    }

    /// Hands a command built from typed input (a slash command, a button) to the service, or
    /// the reason it could not be built to the service's refusal.
    pub(crate) async fn handle_command(
        &self,
        user: &serenity::User,
        command: Result<Command, ParseError>,
        inbound: Inbound,
    ) -> Result<Answer, DiscordError> {
        let inbound = Inbound {
            from: identity(user.id),
            name: display_name(user),
            ..inbound
        };
        let answer = match command {
            Ok(command) => {
                self.service
                    .handle_command(&inbound, command, self.service.now())
                    .await?
            }
            Err(e) => self.service.refuse(&inbound, &e),
        };
        if answer.status == Status::Done {
            self.wake.notify_one();
        }
        Ok(answer)
    }
}

/// poise's entry for events other than slash commands.
pub(crate) async fn on_event(
    framework: poise::FrameworkContext<'_, Arc<Bot>, DiscordError>,
    event: &serenity::FullEvent,
) -> Result<(), DiscordError> {
    let bot = framework.user_data;
    let ctx = framework.serenity_context;
    match event {
        serenity::FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Component(click),
        } => buttons::clicked(bot, ctx, click).await?,
        // Conversation is left alone before anything is read or counted.
        serenity::FullEvent::Message { new_message } if messages::meant_as_command(new_message) => {
            messages::received(bot, ctx, new_message).await?
        }
        // The health check's view of the gateway: connected once ready or resumed, not while
        // a shard reconnects.
        serenity::FullEvent::Ready { .. } | serenity::FullEvent::Resume { .. } => {
            bot.shard_connected(ctx.shard_id.0, true);
        }
        serenity::FullEvent::ShardStageUpdate { event } => {
            let connected = event.new == serenity::ConnectionStage::Connected;
            bot.shard_connected(event.shard_id.0, connected);
        }
        _ => {}
    }
    Ok(())
}

/// The answer to a slash command Agora does not know, only for the one who used it.
async fn unknown_command(
    bot: &Bot,
    http: &serenity::Http,
    interaction: &serenity::CommandInteraction,
) {
    tracing::info!(command = %interaction.data.name, "unknown or out-of-date command");
    let reader = Reader {
        channel: Some(Channel::Discord),
        language: bot.service.default_language(),
    };
    let text = bot
        .service
        .templates()
        .render("discord_unknown.txt", &reader, ())
        .trim()
        .to_owned();
    let answer = serenity::CreateInteractionResponse::Message(
        serenity::CreateInteractionResponseMessage::new()
            .content(text)
            .allowed_mentions(board::allowed_mentions(None))
            .ephemeral(true),
    );
    if let Err(e) = interaction.create_response(http, answer).await {
        tracing::warn!(error = %e, "could not answer an unknown command");
    }
}

/// poise's errors outside our own handling (a malformed interaction, an event handler error).
pub(crate) async fn on_error(error: FrameworkError<'_>) {
    match error {
        FrameworkError::EventHandler { error, event, .. } => {
            tracing::error!(error = %error, event = event.snake_case_name(), "event failed");
        }
        // A command Agora does not know (one registered by an older version, say) or no longer
        // knows in that form gets an answer, not Discord's "The application did not respond".
        FrameworkError::UnknownInteraction {
            framework,
            interaction,
            ..
        } => {
            unknown_command(
                framework.user_data,
                &framework.serenity_context.http,
                interaction,
            )
            .await;
        }
        FrameworkError::CommandStructureMismatch { ctx, .. } => {
            unknown_command(
                ctx.framework.user_data,
                &ctx.framework.serenity_context.http,
                ctx.interaction,
            )
            .await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(error = %e, "error while handling an error");
            }
        }
    }
}
