//! Slash commands as they arrive: poise's entry for every generated command, the commands one
//! invocation makes for the service, where their answer goes (ephemeral, in place, in the game's
//! thread), and `/move`'s autocomplete. The command table itself is [`crate::slash`]'s.

use super::{FrameworkError, arrival, display_name, private, shown_with};
use crate::board::{self, Post};
use crate::poison::{self, guarded};
use crate::slash::{self, Value};
use crate::{Bot, Ctx, DiscordError, ServiceId, identity};
use agora_service::commands::{Command, ParseError};
use agora_service::{Answer, Inbound, Language, Origin, Status};
use poise::serenity_prelude as serenity;
use serde_json::json;

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
    if let Err(e) = guarded(run_slash(&bot, ctx, language)).await
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

/// One slash command from arrival to answer: each step depends on what the previous ones
/// learned (the game of the channel, the commands built, the last answer).
async fn run_slash(bot: &Bot, ctx: Ctx<'_>, language: Language) -> Result<(), DiscordError> {
    let interaction = ctx.interaction;
    let command = interaction.data.name.as_str();
    let values = slash::values(command, ctx.args);
    let context = bot.game_of_channel(interaction.channel_id).await?;
    let mut notes = messages_setting(bot, language, interaction, command, &values).await?;
    // A challenge is announced where it was made, and its game's thread opens there.
    let origin = (command == "challenge").then(|| Origin {
        channel: interaction.channel_id.service(),
        guild: interaction.guild_id.map(ServiceId::service),
    });
    defer_for_computer(bot, ctx, command, &values, context).await?;
    register_mentioned(bot, ctx.args).await?;
    let built = slash::commands_of(command, &values);
    // Every command of one invocation is of the same kind (`settings` may set several things).
    let private = built.first().is_some_and(|c| c.as_ref().is_ok_and(private));
    let answer = run_commands(bot, interaction, built, context, origin, &mut notes).await?;
    send_answer(bot, ctx, language, answer, notes, private).await
}

/// `settings messages:`: whether the outbox writes to this user in their games' threads or by
/// direct message, which the front end keeps; its note, if it was given, to begin the answer.
async fn messages_setting(
    bot: &Bot,
    language: Language,
    interaction: &serenity::CommandInteraction,
    command: &str,
    values: &[(String, Value)],
) -> Result<Vec<String>, DiscordError> {
    let mut notes = Vec::new();
    if command == "settings"
        && let Some((_, Value::Text(to))) = values.iter().find(|(n, _)| n == "messages")
    {
        let dm = to == "dm";
        bot.service
            .discord()
            .set_wants_dm(interaction.user.id.service(), dm)
            .await?;
        notes.push(if dm {
            bot.words(language, "messages_dm", json!({}))
        } else {
            bot.words(language, "messages_thread", json!({}))
        });
    }
    Ok(notes)
}

/// Defers the answer to an action in a game against the computer.
async fn defer_for_computer(
    bot: &Bot,
    ctx: Ctx<'_>,
    command: &str,
    values: &[(String, Value)],
    context: Option<i64>,
) -> Result<(), DiscordError> {
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
    Ok(())
}

/// A challenged Discord user gets their Discord name as player name, not `discord-<id>`.
async fn register_mentioned(
    bot: &Bot,
    args: &[serenity::ResolvedOption<'_>],
) -> Result<(), DiscordError> {
    for arg in args {
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
    Ok(())
}

/// Hands the commands of one invocation to the service in turn, each with its own delivery id,
/// until one is refused; the text of each answer is added to `notes`. The last answer, if any.
async fn run_commands(
    bot: &Bot,
    interaction: &serenity::CommandInteraction,
    built: Vec<Result<Command, ParseError>>,
    context: Option<i64>,
    origin: Option<Origin>,
    notes: &mut Vec<String>,
) -> Result<Option<Answer>, DiscordError> {
    let mut answer = None;
    for (i, built) in built.into_iter().enumerate() {
        let delivery = match i {
            0 => format!("discord:interaction:{}", interaction.id),
            n => format!("discord:interaction:{}#{}", interaction.id, n + 1),
        };
        let inbound = Inbound {
            delivery: Some(delivery),
            game: context,
            origin,
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
    Ok(answer)
}

/// Shows the answer to a slash command (`notes`, the texts of its answers, and `answer`, the
/// last): to the one who used it alone when it is `private`, failed or carries a file; else a
/// short answer to them, and the game's public message where the action is told.
async fn send_answer(
    bot: &Bot,
    ctx: Ctx<'_>,
    language: Language,
    answer: Option<Answer>,
    notes: Vec<String>,
    private: bool,
) -> Result<(), DiscordError> {
    let interaction = ctx.interaction;
    let http = &ctx.framework.serenity_context.http;
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
    // The service gives the game as the command left it: nothing to ask again.
    let Some(state) = game.and(answer.state.clone()) else {
        let ephemeral = private || answer.status != Status::Done;
        return Ok(reply(board::text_post(&notes.join("\n\n"), None), ephemeral).await?);
    };
    let text = notes.join("\n\n");
    if private {
        // `next` brings the game that waits for its reader, ready to play.
        let shown = shown_with(&state, interaction.data.name == "next");
        let post = board::game_post(bot, language, &state, &text, shown);
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
