//! The preview of an action chosen in the menus: the position after it, drawn for the one who
//! clicked (a picture, or ASCII where pictures are off), with the button that plays it.

use super::step;
use crate::board::{allowed_mentions, clip};
use crate::{Bot, DiscordError};
use agora_service::Language;
use agora_service::queries::GameState;
use poise::serenity_prelude as serenity;
use serde_json::json;

/// The Play button's custom id for `action` in `game` at `ply`.
pub fn play_id(game: i64, ply: u32, action: &str) -> String {
    format!("play:{game}:{ply}:{action}")
}

/// The position after `action`, drawn for the clicker, with the button that plays it.
pub(super) fn preview(
    bot: &Bot,
    language: Language,
    state: &GameState,
    action: &str,
) -> Result<serenity::CreateInteractionResponse, DiscordError> {
    let mut after = state.clone();
    let Ok(parsed) = after.position.parse_action(action) else {
        let text = bot.words(language, "unreadable", json!({"value": action}));
        return Ok(step(&text, Vec::new()));
    };
    after.position.play_unchecked(parsed);
    after.last_action = Some(parsed);
    let play = serenity::CreateButton::new(play_id(state.id, state.current_ply, action))
        .label(clip(
            &bot.label(language, "play", json!({"value": action})),
            80,
        ))
        .style(serenity::ButtonStyle::Success);
    let again = serenity::CreateButton::new(format!("move:{}:{}", state.id, state.current_ply))
        .label(bot.label(language, "choose_again", json!({})))
        .style(serenity::ButtonStyle::Secondary);
    let text = bot.words(
        language,
        "preview",
        json!({"game": state.id, "ply": state.current_ply, "value": action}),
    );
    Ok(shown_after(bot, state, &after, text, vec![play, again]))
}

/// A preview's message: `text`, the position `after` drawn for the clicker (a picture, or ASCII
/// where pictures are off) and `buttons`, in place of the menu clicked.
pub(super) fn shown_after(
    bot: &Bot,
    state: &GameState,
    after: &GameState,
    text: String,
    buttons: Vec<serenity::CreateButton>,
) -> serenity::CreateInteractionResponse {
    let mut message = serenity::CreateInteractionResponseMessage::new()
        .content(clip(&text, 1900))
        .allowed_mentions(allowed_mentions(None))
        .components(vec![serenity::CreateActionRow::Buttons(buttons)]);
    if bot.settings.png {
        // Drawn for this preview only: the pictures shared by recipients are of played plies.
        match after.png(bot.settings.png_size) {
            Ok(png) => {
                let name = format!("preview-{}-{}.png", state.id, state.current_ply + 1);
                message = message
                    .embeds(vec![
                        serenity::CreateEmbed::new().image(format!("attachment://{name}")),
                    ])
                    .add_file(
                        serenity::CreateAttachment::bytes(png, name)
                            .description(clip(&after.description_in(after.language), 1024)),
                    );
            }
            Err(e) => tracing::warn!(game = state.id, error = %e, "preview picture failed"),
        }
    } else {
        message = message.embeds(vec![
            serenity::CreateEmbed::new()
                .description(format!("```\n{}\n```", after.ascii().trim_end())),
        ]);
    }
    serenity::CreateInteractionResponse::UpdateMessage(message)
}
