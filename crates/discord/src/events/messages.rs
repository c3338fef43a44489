//! Messages in game threads and direct messages to the bot: one meant as a command is handled
//! as one, as by mail; anything else is conversation between people, and left alone. In a thread
//! the message gets a reaction, and what only its writer should read comes by direct message.

use super::{answer_shown, arrival, private};
use crate::poison::{self, guarded};
use crate::{Bot, DiscordError, board, identity};
use agora_service::commands::{self, ParseError};
use agora_service::{Answer, Channel, Inbound, Reader, Status};
use poise::serenity_prelude as serenity;

/// Whether a message is meant as a command, and so worth handling: a person's, whose text is
/// one, or reads as one that went wrong: it starts with a command word (in any language Agora
/// speaks) or with what looks like an action (a cell, a piece on a cell, a game's number before
/// one), and only what follows is wrong. A text whose first word is neither, or that is longer
/// than any command, is conversation between people, and left alone.
pub(super) fn meant_as_command(message: &serenity::Message) -> bool {
    !message.author.bot
        && !message.content.trim().is_empty()
        && match commands::parse(&message.content) {
            Ok(_) | Err(ParseError::Usage { .. }) => true,
            Err(ParseError::Empty | ParseError::Unknown { .. } | ParseError::TooLong { .. }) => {
                false
            }
        }
}

/// A message meant as a command, as the gateway brings it: handled unless it failed too often
/// before, with one apology when it fails on Agora's side.
pub(super) async fn received(
    bot: &Bot,
    ctx: &serenity::Context,
    new_message: &serenity::Message,
) -> Result<(), DiscordError> {
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
    Ok(())
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
    if message.guild_id.is_none() {
        return answer_in_dm(bot, &ctx.http, message, &answer, private).await;
    }
    answer_in_thread(bot, &ctx.http, message, &answer, game, private).await
}

/// The answer to a command written in direct messages, as a reply to it (with the board of the
/// game it acted on); every answer there is private already.
async fn answer_in_dm(
    bot: &Bot,
    http: &serenity::Http,
    message: &serenity::Message,
    answer: &Answer,
    private: bool,
) -> Result<(), DiscordError> {
    let done = answer.status == Status::Done;
    let post = match (answer.status, answer.game) {
        (Status::Done | Status::AlreadyApplied, Some(_)) => match answer.state.as_deref() {
            Some(state) => board::game_post(
                bot,
                answer.language,
                state,
                &answer.text,
                answer_shown(state),
            ),
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
        bot.after_action(http, answer, format!("i{}", message.id))
            .await;
    }
    Ok(())
}

/// The answer to a command written in a game's thread (`game`): a reaction, the action told in
/// the thread, and what the player alone should read by direct message.
async fn answer_in_thread(
    bot: &Bot,
    http: &serenity::Http,
    message: &serenity::Message,
    answer: &Answer,
    game: Option<i64>,
    private: bool,
) -> Result<(), DiscordError> {
    // A message in a thread cannot be answered privately where it was written, and deleting a
    // player's words to hide a mistake would lose them: the message gets a reaction (✅ done,
    // ❌ not: an illegal action, one out of turn, one that cannot be read alike), and what the
    // player alone should read comes as a direct message. The thread's public message of an
    // action is the notification to the other side, as for a command.
    let done = answer.status == Status::Done;
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
        bot.after_action(http, answer, format!("i{}", message.id))
            .await;
        return Ok(());
    }
    if applied && !private {
        return Ok(());
    }
    let reader = Reader {
        channel: Some(Channel::Discord),
        language: bot.service.default_language(),
    };
    let text = bot.service.templates().render(
        "discord_message_refused.txt",
        &reader,
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
