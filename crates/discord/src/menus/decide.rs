//! A decision made with a button (Play, Resign, a conditional line, an answer to an offer) run
//! through the service like any typed command, and its answer shown to the one who clicked.

use super::{private, step};
use crate::board::{self, allowed_mentions, clip};
use crate::events::click_inbound;
use crate::{Bot, DiscordError};
use agora_service::commands::Command;
use agora_service::{Language, Status};
use poise::serenity_prelude as serenity;

/// Runs a decision made with a button through the service (`version`: the game as the button
/// showed it) and shows the answer in place of the clicked message's buttons; the game's
/// thread then shows the action as any other.
pub(super) async fn decide(
    bot: &Bot,
    language: Language,
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
    command: Command,
    version: Option<i64>,
) -> Result<(), DiscordError> {
    let inbound = click_inbound(click, command.game().flatten(), version, bot.service.now());
    let answer = bot
        .handle_command(&click.user, Ok(command), inbound)
        .await?;
    if answer.status == Status::Ignored {
        return Ok(());
    }
    // An ephemeral step is replaced by the answer; a public message (an offer's) keeps what it
    // showed and loses its decision buttons, and the answer goes to the clicker alone.
    let ephemeral = click
        .message
        .flags
        .is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL));
    let text = answer.text.trim().to_owned();
    if ephemeral {
        click
            .create_response(&ctx.http, step(&text, Vec::new()))
            .await?;
    } else if answer.status == Status::Done {
        let kept = click
            .message
            .components
            .iter()
            .flat_map(|row| row.components.iter())
            .filter_map(|c| match c {
                serenity::ActionRowComponent::Button(b) => match &b.data {
                    serenity::ButtonKind::NonLink { custom_id, .. }
                        if custom_id.starts_with("ascii:") =>
                    {
                        Some(board::ascii_button(bot, language, custom_id))
                    }
                    _ => None,
                },
                _ => None,
            })
            .collect::<Vec<_>>();
        let rows = if kept.is_empty() {
            Vec::new()
        } else {
            vec![serenity::CreateActionRow::Buttons(kept)]
        };
        click
            .create_response(
                &ctx.http,
                serenity::CreateInteractionResponse::UpdateMessage(
                    serenity::CreateInteractionResponseMessage::new().components(rows),
                ),
            )
            .await?;
        click
            .create_followup(
                &ctx.http,
                serenity::CreateInteractionResponseFollowup::new()
                    .content(clip(&text, 1900))
                    .allowed_mentions(allowed_mentions(None))
                    .ephemeral(true),
            )
            .await?;
    } else {
        click.create_response(&ctx.http, private(&text)).await?;
    }
    if answer.status == Status::Done {
        bot.after_action(&ctx.http, &answer, format!("i{}", click.id))
            .await;
    }
    Ok(())
}
