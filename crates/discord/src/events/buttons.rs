//! Button clicks: Accept and Decline on a challenge and the ASCII board; the Move button's
//! menus and the other decisions made with buttons are [`crate::menus`]'s. Nothing a button's
//! id says is trusted: the game it names is looked at as the one who pressed it may see it.

use super::{answer_shown, arrival};
use crate::board;
use crate::poison::{self, guarded};
use crate::{Bot, DiscordError, identity};
use agora_rules::Seat;
use agora_service::commands::Command;
use agora_service::queries::GameState;
use agora_service::{Channel, Inbound, Language, Status};
use chrono::{DateTime, Utc};
use poise::serenity_prelude as serenity;
use serde_json::json;

/// A click, as the gateway brings it: handled unless it failed too often before, with one
/// apology (ephemeral) when it fails on Agora's side.
pub(super) async fn clicked(
    bot: &Bot,
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
) -> Result<(), DiscordError> {
    let key = poison::interaction_key(click.id);
    if !bot.may_handle(&key).await {
        return Ok(());
    }
    let language = bot
        .service
        .language_for(&identity(click.user.id), Some(&click.locale))
        .await
        .unwrap_or_else(|_| bot.service.default_language());
    if let Err(e) = guarded(on_click(bot, ctx, click, language)).await
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
    Ok(())
}

/// An answer to a click that only the one who clicked sees.
fn ephemeral(text: String) -> serenity::CreateInteractionResponse {
    serenity::CreateInteractionResponse::Message(
        serenity::CreateInteractionResponseMessage::new()
            .content(board::clip(&text, 1900))
            .allowed_mentions(board::allowed_mentions(None))
            .ephemeral(true),
    )
}

/// A button: `accept:<game>:<version>`, `decline:<game>:<version>` or `ascii:<game>:<ply>`.
async fn on_click(
    bot: &Bot,
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
    language: Language,
) -> Result<(), DiscordError> {
    if crate::menus::on_click(bot, language, ctx, click).await? {
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
            .create_response(
                &ctx.http,
                ephemeral(bot.words(language, "not_a_button", json!({}))),
            )
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
                ephemeral(bot.words(language, "no_game", json!({"game": game}))),
            )
            .await?;
        return Ok(());
    };
    match kind {
        "ascii" => {
            let text = bot.words(
                language,
                "ascii",
                json!({"game": game, "ply": state.ply, "board": state.ascii().trim_end()}),
            );
            click.create_response(&ctx.http, ephemeral(text)).await?;
        }
        "accept" | "decline" => {
            answer_challenge(bot, ctx, click, language, kind, (game, version), &state).await?;
        }
        _ => {
            click
                .create_response(
                    &ctx.http,
                    ephemeral(bot.words(language, "not_a_button", json!({}))),
                )
                .await?;
        }
    }
    Ok(())
}

/// Accept or Decline (`kind`) on the challenge of `game` as the button showed it at `version`:
/// the service decides; the challenge message then loses its buttons, and a game that starts
/// goes on in its thread.
async fn answer_challenge(
    bot: &Bot,
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
    language: Language,
    kind: &str,
    (game, version): (i64, i64),
    state: &GameState,
) -> Result<(), DiscordError> {
    // An open challenge (the lobby's Accept) is anyone's to take: the service checks who may.
    let open = kind == "accept" && state.options.open;
    if !open && state.seat_of(&identity(click.user.id)) != Some(Seat::Second) {
        let who = match state.identity_on(Seat::Second, Channel::Discord) {
            Some(identity) => format!("<@{}>", identity.id),
            None => state.names[Seat::Second.index()].clone(),
        };
        let text = bot.words(language, "only_challenged", json!({"who": who}));
        click.create_response(&ctx.http, ephemeral(text)).await?;
        return Ok(());
    }
    // The service acts only if the game is still as the button showed it (else it says the
    // button is out of date), checked in the command's own transaction.
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
    let Some(after) = answer.state.clone() else {
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
            language,
            "accepted",
            json!({"game": game, "who": who, "thread": thread.map(|t| format!("<#{t}>"))}),
        ),
        _ => bot.words(language, "declined", json!({"game": game, "who": who})),
    };
    // The challenge message loses its buttons, so nobody clicks them again.
    click
        .create_response(&ctx.http, without_buttons(summary))
        .await?;
    bot.challenge_closed(click.message.id);
    bot.after_action(&ctx.http, &answer, format!("i{}", click.id))
        .await;
    if thread.is_none() && kind == "accept" {
        // A game without a thread (a challenge in direct messages) goes on here.
        let post = board::game_post(bot, language, &after, &answer.text, answer_shown(&after));
        click
            .create_followup(&ctx.http, post.followup().ephemeral(true))
            .await?;
    }
    Ok(())
}

/// The clicked message in its place, showing `summary` only, without its embeds and buttons.
fn without_buttons(summary: String) -> serenity::CreateInteractionResponse {
    serenity::CreateInteractionResponse::UpdateMessage(
        serenity::CreateInteractionResponseMessage::new()
            .content(summary)
            .allowed_mentions(board::allowed_mentions(None))
            .embeds(Vec::new())
            .components(Vec::new()),
    )
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
