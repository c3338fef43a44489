//! What arrives from Discord: slash commands and their autocomplete, button clicks, and messages
//! in game threads. Each becomes an [`Inbound`] for the service; the answer is shown where the
//! person expects it: user errors as ephemeral replies (the same words as by mail), a game's
//! progress in its thread with the board picture.

use crate::board::{self, Post, Shown};
use crate::poison::{self, guarded};
use crate::slash::{self, Value};
use crate::{Bot, Ctx, DiscordError, identity};
use agora_rules::Seat;
use agora_service::GameStatus;
use agora_service::commands::{self, Command, ParseError};
use agora_service::queries::GameState;
use agora_service::{Answer, Inbound, Origin, Status};
use chrono::{DateTime, Utc};
use poise::serenity_prelude as serenity;
use serde_json::json;
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
fn answer_shown(state: &GameState) -> Shown<'static> {
    shown_with(state, false)
}

/// [`answer_shown`], with Move and Resign when `controls` (the answer to `next`).
fn shown_with(state: &GameState, controls: bool) -> Shown<'static> {
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
            .game_of_thread(&channel.to_string())
            .await?)
    }

    pub(crate) async fn state(
        &self,
        game: i64,
        ply: Option<u32>,
    ) -> Result<Option<GameState>, DiscordError> {
        Ok(self.service.game_state(game, ply).await?)
    }

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
        if let Some(thread) = known.thread_id.as_deref().and_then(parse_id) {
            return Ok(Some(serenity::ChannelId::new(thread)));
        }
        let (Some(_), Some(channel)) = (known.guild_id, parse_id(&known.channel_id)) else {
            return Ok(None);
        };
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
        let thread = serenity::ChannelId::new(channel)
            .create_thread(
                http,
                serenity::CreateThread::new(name)
                    .kind(kind)
                    .invitable(!private)
                    .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek),
            )
            .await?;
        desk.set_thread(game, &thread.id.to_string()).await?;
        tracing::info!(game, thread = %thread.id, private, "game thread created");
        if private {
            for seat in Seat::BOTH {
                if let Some(user) = state
                    .identity_on(seat, "discord")
                    .and_then(|id| id.strip_prefix("discord:").and_then(parse_id))
                {
                    thread
                        .id
                        .add_thread_member(http, serenity::UserId::new(user))
                        .await?;
                }
            }
        }
        // The thread starts with its status message.
        self.post_status(http, thread.id, &state).await?;
        Ok(Some(thread.id))
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

fn parse_id(s: &str) -> Option<u64> {
    s.parse().ok().filter(|&n| n != 0)
}

/// poise's entry for every generated slash command: handled unless it failed too often before,
/// with one apology (ephemeral) when it fails on Agora's side.
pub(crate) async fn slash(ctx: Ctx<'_>) -> Result<(), FrameworkError<'_>> {
    let bot = ctx.framework.user_data.clone();
    let reference = ctx.interaction.id;
    let key = poison::interaction_key(reference);
    if !bot.may_handle(&key).await {
        return Ok(());
    }
    let language = bot
        .service
        .language_for(
            &identity(ctx.interaction.user.id),
            Some(&ctx.interaction.locale),
        )
        .await
        .unwrap_or_else(|_| bot.service.default_language());
    if let Err(e) = crate::status::reading_in(language, guarded(run_slash(&bot, ctx))).await
        && bot.failed(&key, &e).await
    {
        let reply = poise::CreateReply::default()
            .content(bot.apology(&key))
            .allowed_mentions(board::allowed_mentions(None))
            .ephemeral(true);
        if let Err(e) = poise::Context::Application(ctx).send(reply).await {
            tracing::warn!(%reference, error = %e, "could not send the apology");
        }
    }
    Ok(())
}

/// One slash command from arrival to answer.
// Long on purpose: deferring, registering mentioned users, the commands of one invocation, and
// where the answer goes (ephemeral, in place, in the game's thread) are one sequence whose steps
// depend on what the previous ones learned.
async fn run_slash(bot: &Bot, ctx: Ctx<'_>) -> Result<(), DiscordError> {
    let interaction = ctx.interaction;
    let http = &ctx.framework.serenity_context.http;
    let command = interaction.data.name.as_str();
    let values = slash::values(command, ctx.args);
    let context = bot.game_of_channel(interaction.channel_id).await?;
    let mut notes = Vec::new();
    if command == "settings"
        && let Some((_, Value::Text(to))) = values.iter().find(|(n, _)| n == "messages")
    {
        let dm = to == "dm";
        bot.service
            .discord()
            .set_wants_dm(&interaction.user.id.to_string(), dm)
            .await?;
        notes.push(if dm {
            bot.words("messages_dm", json!({}))
        } else {
            bot.words("messages_thread", json!({}))
        });
    }
    // A challenge is announced where it was made, and its game's thread opens there.
    let origin = (command == "challenge").then(|| Origin {
        channel: interaction.channel_id.to_string(),
        guild: interaction.guild_id.map(|g| g.to_string()),
    });
    // The computer answers within the same command, which may take longer than the three seconds
    // Discord waits for a first response: the answer is deferred, privately, since the answer to
    // the one who acted is theirs alone (a refusal too) and a followup cannot be more private
    // than its deferral; what the game's thread shows comes as its own message.
    let game_given = values.iter().find_map(|(n, v)| match (n.as_str(), v) {
        ("game", Value::Number(g)) => Some(*g),
        _ => None,
    });
    if matches!(command, "move" | "pass" | "undo" | "draw")
        && let Some(g) = game_given.or(context)
        && bot
            .state(g, None)
            .await?
            .is_some_and(|s| s.computer.contains(&true))
    {
        poise::Context::Application(ctx).defer_ephemeral().await?;
    }
    // A challenged Discord user gets their Discord name as player name, not `discord-<id>`.
    for arg in ctx.args {
        if let serenity::ResolvedValue::User(user, _) = &arg.value
            && !user.bot
        {
            bot.service
                .register(
                    &identity(user.id),
                    display_name(user).as_deref(),
                    bot.service.now(),
                )
                .await?;
        }
    }
    let built = slash::commands_of(command, &values);
    // Every command of one invocation is of the same kind (`settings` may set several things).
    let private = built.first().is_some_and(|c| c.as_ref().is_ok_and(private));
    let mut answer = None;
    for (i, built) in built.into_iter().enumerate() {
        let delivery = match i {
            0 => format!("discord:interaction:{}", interaction.id),
            n => format!("discord:interaction:{}#{}", interaction.id, n + 1),
        };
        let inbound = Inbound {
            delivery: Some(delivery),
            game: context,
            origin: origin.clone(),
            arrived_at: Some(arrival(interaction.id.get(), bot.service.now())),
            locale: Some(interaction.locale.clone()),
            ..Inbound::new(identity(interaction.user.id))
        };
        let a = bot
            .handle_command(&interaction.user, built, inbound)
            .await?;
        notes.push(a.text.clone());
        let refused = a.status == Status::Refused;
        answer = Some(a);
        if refused {
            break;
        }
    }
    let reply = |post: Post, ephemeral: bool| async move {
        poise::Context::Application(ctx)
            .send(post.reply(ephemeral))
            .await
            .map(drop)
    };
    // A blocked user gets no answer at all, as from a bot that does not know them.
    if answer.as_ref().is_some_and(|a| a.status == Status::Ignored) {
        return Ok(());
    }
    let Some(answer) = answer else {
        return Ok(reply(board::text_post(&notes.join("\n\n"), None), true).await?);
    };
    // An answer with a file (`export`, `preview`) is for its sender only, file and all.
    if !answer.attachments.is_empty() {
        let post = board::file_post(&notes.join("\n\n"), &answer.attachments);
        return Ok(reply(post, true).await?);
    }
    let game = match answer.status {
        Status::Refused | Status::Repeat | Status::Ignored => None,
        Status::Done | Status::AlreadyApplied => answer.game,
    };
    let state = match game {
        Some(g) => bot.state(g, None).await?,
        None => None,
    };
    let Some(state) = state else {
        let ephemeral = private || answer.status != Status::Done;
        return Ok(reply(board::text_post(&notes.join("\n\n"), None), ephemeral).await?);
    };
    let text = notes.join("\n\n");
    if private {
        // `next` brings the game that waits for its reader, ready to play.
        let shown = shown_with(&state, command == "next");
        let post = board::game_post(bot, &state, &text, shown);
        return Ok(reply(post, true).await?);
    }
    // The one who acted gets a short answer only they see; the game's public message is the
    // notification to the player it concerns, or else posted here.
    reply(board::text_post(&text, None), true).await?;
    if answer.status == Status::Done {
        bot.after_action(http, &answer, format!("i{}", interaction.id))
            .await;
    }
    Ok(())
}

/// The legal actions of the player's position, filtered by what they typed: those starting with
/// it first, then those containing it; at most 25 (Discord's limit).
pub(crate) async fn autocomplete(
    ctx: Ctx<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let bot = ctx.framework.user_data;
    let given = slash::values("move", ctx.args)
        .into_iter()
        .find_map(|(n, v)| match (n.as_str(), v) {
            ("game", Value::Number(g)) => Some(g),
            _ => None,
        });
    let game = match given {
        Some(g) => Some(g),
        None => bot
            .game_of_channel(ctx.interaction.channel_id)
            .await
            .unwrap_or_default(),
    };
    let actions = bot
        .service
        .legal_actions(&identity(ctx.interaction.user.id).to_string(), game)
        .await
        .unwrap_or_else(|e| {
            tracing::warn!(error = %e, "legal actions for autocomplete failed");
            Vec::new()
        });
    let typed = partial.trim().to_ascii_lowercase();
    let (mut first, mut rest): (Vec<String>, Vec<String>) = actions
        .into_iter()
        .filter(|a| a.to_ascii_lowercase().contains(&typed))
        .partition(|a| a.to_ascii_lowercase().starts_with(&typed));
    first.append(&mut rest);
    serenity::CreateAutocompleteResponse::new().set_choices(
        first
            .into_iter()
            .take(25)
            .map(|a| serenity::AutocompleteChoice::new(a.clone(), a))
            .collect(),
    )
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
        } => {
            let key = poison::interaction_key(click.id);
            if !bot.may_handle(&key).await {
                return Ok(());
            }
            let language = bot
                .service
                .language_for(&identity(click.user.id), Some(&click.locale))
                .await
                .unwrap_or_else(|_| bot.service.default_language());
            if let Err(e) =
                crate::status::reading_in(language, guarded(on_click(bot, ctx, click))).await
                && bot.failed(&key, &e).await
            {
                let answer = serenity::CreateInteractionResponse::Message(
                    serenity::CreateInteractionResponseMessage::new()
                        .content(bot.apology(&key))
                        .allowed_mentions(board::allowed_mentions(None))
                        .ephemeral(true),
                );
                click.create_response(&ctx.http, answer).await?;
            }
        }
        // Conversation is left alone before anything is read or counted.
        serenity::FullEvent::Message { new_message } if meant_as_command(new_message) => {
            let key = poison::message_key(new_message.id);
            if !bot.may_handle(&key).await {
                return Ok(());
            }
            if let Err(e) = guarded(on_message(bot, ctx, new_message)).await
                && bot.failed(&key, &e).await
            {
                // A message has no private answer: the apology replies to it, once.
                let apology = serenity::CreateMessage::new()
                    .content(bot.apology(&key))
                    .allowed_mentions(board::allowed_mentions(None))
                    .reference_message(new_message)
                    .nonce(serenity::Nonce::String(format!("a{}", new_message.id)))
                    .enforce_nonce(true);
                new_message
                    .channel_id
                    .send_message(&ctx.http, apology)
                    .await?;
            }
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

/// A button: `accept:<game>:<version>`, `decline:<game>:<version>` or `ascii:<game>:<ply>`.
// Long on purpose: one arm per kind of button, each short; the arms share the parsing of the
// button's id and the checks of who pressed it.
async fn on_click(
    bot: &Bot,
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
) -> Result<(), DiscordError> {
    let ephemeral = |text: String| {
        serenity::CreateInteractionResponse::Message(
            serenity::CreateInteractionResponseMessage::new()
                .content(board::clip(&text, 1900))
                .allowed_mentions(board::allowed_mentions(None))
                .ephemeral(true),
        )
    };
    if crate::menus::on_click(bot, ctx, click).await? {
        return Ok(());
    }
    let parts: Vec<&str> = click.data.custom_id.split(':').collect();
    let parsed = match parts.as_slice() {
        [kind, game, version] => game
            .parse::<i64>()
            .ok()
            .zip(version.parse::<i64>().ok())
            .map(|(g, v)| (*kind, g, v)),
        _ => None,
    };
    let Some((kind, game, version)) = parsed else {
        click
            .create_response(&ctx.http, ephemeral(bot.words("not_a_button", json!({}))))
            .await?;
        return Ok(());
    };
    // A button's id is whatever the client sends: the game it names is looked at as the one who
    // pressed it may see it, and a private game of others is answered as one that does not exist.
    let Some(state) = bot
        .service
        .game_state_for(
            &identity(click.user.id),
            game,
            u32::try_from(version).ok().filter(|_| kind == "ascii"),
        )
        .await?
    else {
        click
            .create_response(
                &ctx.http,
                ephemeral(bot.words("no_game", json!({"game": game}))),
            )
            .await?;
        return Ok(());
    };
    match kind {
        "ascii" => {
            let text = bot.words(
                "ascii",
                json!({"game": game, "ply": state.ply, "board": state.ascii().trim_end()}),
            );
            click.create_response(&ctx.http, ephemeral(text)).await?;
        }
        "accept" | "decline" => {
            // An open challenge (the lobby's Accept) is anyone's to take: the service checks who
            // may.
            let open = kind == "accept" && state.options.open;
            if !open && state.seat_of(&identity(click.user.id).to_string()) != Some(Seat::Second) {
                let who = match state.identity_on(Seat::Second, "discord") {
                    Some(id) => format!("<@{}>", id.trim_start_matches("discord:")),
                    None => state.names[Seat::Second.index()].clone(),
                };
                let text = bot.words("only_challenged", json!({"who": who}));
                click.create_response(&ctx.http, ephemeral(text)).await?;
                return Ok(());
            }
            // The service acts only if the game is still as the button showed it (else it says
            // the button is out of date), checked in the command's own transaction.
            let command = match kind {
                "accept" => Command::Accept(Some(game)),
                _ => Command::Decline(Some(game)),
            };
            let inbound = click_inbound(click, Some(game), Some(version), bot.service.now());
            let answer = bot
                .handle_command(&click.user, Ok(command), inbound)
                .await?;
            if answer.status == Status::Ignored {
                return Ok(());
            }
            if answer.status != Status::Done {
                click
                    .create_response(&ctx.http, ephemeral(answer.text))
                    .await?;
                return Ok(());
            }
            let Some(after) = bot.state(game, None).await? else {
                return Ok(());
            };
            // A declined challenge never gets a thread: there is no game to follow.
            let thread = match kind {
                "accept" => bot.ensure_thread(&ctx.http, game).await?,
                _ => None,
            };
            let who = format!("<@{}>", click.user.id);
            let summary = match kind {
                "accept" => bot.words(
                    "accepted",
                    json!({"game": game, "who": who, "thread": thread.map(|t| format!("<#{t}>"))}),
                ),
                _ => bot.words("declined", json!({"game": game, "who": who})),
            };
            // The challenge message loses its buttons, so nobody clicks them again.
            click
                .create_response(
                    &ctx.http,
                    serenity::CreateInteractionResponse::UpdateMessage(
                        serenity::CreateInteractionResponseMessage::new()
                            .content(summary)
                            .allowed_mentions(board::allowed_mentions(None))
                            .embeds(Vec::new())
                            .components(Vec::new()),
                    ),
                )
                .await?;
            bot.challenge_closed(click.message.id.get());
            bot.after_action(&ctx.http, &answer, format!("i{}", click.id))
                .await;
            if thread.is_none() && kind == "accept" {
                // A game without a thread (a challenge in direct messages) goes on here.
                let post = board::game_post(bot, &after, &answer.text, answer_shown(&after));
                click
                    .create_followup(&ctx.http, post.followup().ephemeral(true))
                    .await?;
            }
        }
        _ => {
            click
                .create_response(&ctx.http, ephemeral(bot.words("not_a_button", json!({}))))
                .await?;
        }
    }
    Ok(())
}

/// A decision made with a button, for the service: its interaction is the delivery, and
/// `version`, where given, is the game as the button showed it (the service acts only if the game
/// is still so). `now` is the service's time, no later than which it arrived.
pub(crate) fn click_inbound(
    click: &serenity::ComponentInteraction,
    game: Option<i64>,
    version: Option<i64>,
    now: DateTime<Utc>,
) -> Inbound {
    Inbound {
        delivery: Some(format!("discord:interaction:{}", click.id)),
        game,
        expect_version: version,
        arrived_at: Some(arrival(click.id.get(), now)),
        locale: Some(click.locale.clone()),
        ..Inbound::new(identity(click.user.id))
    }
}

/// Whether a message is meant as a command, and so worth handling: a person's, whose text is
/// one, or reads as one that went wrong: it starts with a command word (in any language Agora
/// speaks) or with what looks like an action (a cell, a piece on a cell, a game's number before
/// one), and only what follows is wrong. A text whose first word is neither, or that is longer
/// than any command, is conversation between people, and left alone.
fn meant_as_command(message: &serenity::Message) -> bool {
    !message.author.bot
        && !message.content.trim().is_empty()
        && match commands::parse(&message.content) {
            Ok(_) | Err(ParseError::Usage { .. }) => true,
            Err(ParseError::Empty | ParseError::Unknown { .. } | ParseError::TooLong { .. }) => {
                false
            }
        }
}

/// A message in a game thread (or a direct message to the bot) meant as a command is handled
/// as one, as by mail: in a thread for the thread's game, whose turn and whose game it is being
/// the service's to check. Anything else is conversation and left alone.
async fn on_message(
    bot: &Bot,
    ctx: &serenity::Context,
    message: &serenity::Message,
) -> Result<(), DiscordError> {
    if !meant_as_command(message) {
        return Ok(());
    }
    let game = match bot.game_of_channel(message.channel_id).await? {
        Some(game) => Some(game),
        // In a direct message the service picks the one game waiting for the player.
        None if message.guild_id.is_none() => None,
        None => return Ok(()),
    };
    // What only reads or sets the player's own settings is answered to them alone, and shows
    // nothing in the game's thread.
    let private = commands::parse(&message.content).is_ok_and(|c| private(&c));
    let inbound = Inbound {
        text: message.content.clone(),
        delivery: Some(format!("discord:message:{}", message.id)),
        game,
        arrived_at: Some(arrival(message.id.get(), bot.service.now())),
        ..Inbound::new(identity(message.author.id))
    };
    let answer = bot.handle(&message.author, inbound).await?;
    if matches!(answer.status, Status::Repeat | Status::Ignored) {
        return Ok(());
    }
    let http = &ctx.http;
    let done = answer.status == Status::Done;
    if message.guild_id.is_none() {
        // In direct messages every answer is private already.
        let post = match (answer.status, answer.game) {
            (Status::Done | Status::AlreadyApplied, Some(g)) => match bot.state(g, None).await? {
                Some(state) => board::game_post(bot, &state, &answer.text, answer_shown(&state)),
                None => board::text_post(&answer.text, None),
            },
            _ => board::text_post(&answer.text, None),
        };
        let reply = post
            .message()
            .reference_message(message)
            .nonce(serenity::Nonce::String(format!("r{}", message.id)))
            .enforce_nonce(true);
        message.channel_id.send_message(http, reply).await?;
        if done && !private {
            bot.after_action(http, &answer, format!("i{}", message.id))
                .await;
        }
        return Ok(());
    }
    // A message in a thread cannot be answered privately where it was written, and deleting a
    // player's words to hide a mistake would lose them: the message gets a reaction (✅ done,
    // ❌ not: an illegal action, one out of turn, one that cannot be read alike), and what the
    // player alone should read comes as a direct message. The thread's public message of an
    // action is the notification to the other side, as for a command.
    let applied = done || answer.status == Status::AlreadyApplied;
    let mark = if applied { "✅" } else { "❌" };
    if let Err(e) = message
        .channel_id
        .create_reaction(
            http,
            message.id,
            serenity::ReactionType::Unicode(mark.into()),
        )
        .await
    {
        tracing::warn!(message = %message.id, error = %e, "could not react to a command message");
    }
    if done && !private {
        bot.after_action(http, &answer, format!("i{}", message.id))
            .await;
        return Ok(());
    }
    if applied && !private {
        return Ok(());
    }
    let text = bot.service.templates().render_on(
        "discord_message_refused.txt",
        "discord",
        RefusedWords {
            game: answer.game.or(game).unwrap_or_default(),
            link: message.link(),
            text: answer.text.trim(),
        },
    );
    let dm = message.author.id.create_dm_channel(http).await?;
    let note = board::text_post(&text, None)
        .message()
        .nonce(serenity::Nonce::String(format!("r{}", message.id)))
        .enforce_nonce(true);
    if let Err(e) = dm.id.send_message(http, note).await {
        // A player who accepts no direct messages still has the reaction.
        tracing::warn!(user = %message.author.id, error = %e, "could not answer a message by direct message");
    }
    Ok(())
}

/// The words of `templates/discord_message_refused.txt`.
#[derive(serde::Serialize)]
struct RefusedWords<'a> {
    game: i64,
    link: String,
    text: &'a str,
}

/// The answer to a slash command Agora does not know, only for the one who used it.
async fn unknown_command(
    bot: &Bot,
    http: &serenity::Http,
    interaction: &serenity::CommandInteraction,
) {
    tracing::info!(command = %interaction.data.name, "unknown or out-of-date command");
    let text = bot
        .service
        .templates()
        .render_on("discord_unknown.txt", "discord", ())
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
