//! A conditional line built with the Move button while the opponent is to act: the menus of the
//! opponent's legal actions after the line so far, a preview of the position after the one
//! chosen with a button to choose the answer, the answer's menus, and a preview of the answer
//! with "Add as conditional" (and "Go on" to lengthen it). The line travels in the custom ids,
//! after the ply, and is played again from the position at each click.

use super::decide::decide;
use super::preview::shown_after;
use super::{ID_MAX, Menu, MenuOption, MenuStep, Prompt, menu_step, shown};
use super::{menu_row, step};
use crate::board::{allowed_mentions, clip};
use crate::{Bot, DiscordError};
use agora_rules::{AnyPosition, Seat};
use agora_service::Language;
use agora_service::commands::Command;
use agora_service::queries::GameState;
use poise::serenity_prelude as serenity;
use serde_json::json;

/// What a click on a conditional line's buttons and menus asks for.
pub(super) enum LineStep {
    /// The menus of the next action after the line (the opponent's, or the answer).
    Expect(String),
    /// A value chosen in the line's menus: the line so far and the value.
    Narrow(String, String),
    /// The line is complete: send it.
    Add(String),
}

/// A click on a conditional line's buttons and menus in the game of `state`, while the opponent
/// is to act.
pub(super) async fn on_line_click(
    bot: &Bot,
    language: Language,
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
    asked: LineStep,
    state: &GameState,
    seat: Seat,
) -> Result<(), DiscordError> {
    let http = &ctx.http;
    match asked {
        LineStep::Expect(line) => {
            let fresh = line.is_empty();
            let response = expect(bot, language, state, seat, &line, fresh);
            click.create_response(http, response).await?;
        }
        LineStep::Narrow(line, value) => {
            let response = narrow_line(bot, language, click, state, seat, &line, &value)?;
            click.create_response(http, response).await?;
        }
        LineStep::Add(line) => {
            let command = Command::Conditional {
                game: Some(state.id),
                words: line.split_whitespace().map(str::to_owned).collect(),
            };
            decide(bot, language, ctx, click, command, None).await?;
        }
    }
    Ok(())
}

/// A menu of a conditional line: `c<kind>:<game>:<ply>:<line>`, its actions so far after the
/// ply.
fn line_menu(menu: Menu, line: &str) -> Menu {
    Menu {
        custom_id: format!("c{}:{line}", menu.custom_id),
        ..menu
    }
}

/// The position after a conditional line's actions, from `position`; `None` when one of them is
/// not legal where it comes (a line carried in an id is not trusted either).
fn after_line(position: &AnyPosition, line: &str) -> Option<AnyPosition> {
    let mut position = position.clone();
    for action in line.split_whitespace() {
        let action = position.parse_action(action).ok()?;
        position.play_unchecked(action);
    }
    Some(position)
}

/// The legal actions of `position`, as the service writes them.
fn notations(position: &AnyPosition) -> Vec<String> {
    position
        .legal_actions()
        .into_iter()
        .map(|a| position.notation(a))
        .collect()
}

/// The first menu of the next action after a conditional `line` (the opponent's, or the
/// clicker's answer): a new private message when the line is just begun (`fresh`, from the Move
/// button), else in place of the preview clicked.
fn expect(
    bot: &Bot,
    language: Language,
    state: &GameState,
    seat: Seat,
    line: &str,
    fresh: bool,
) -> serenity::CreateInteractionResponse {
    let (game, ply) = (state.id, state.current_ply);
    let Some(position) = after_line(&state.position, line) else {
        return step(
            &bot.words(language, "not_legal", json!({"value": line})),
            Vec::new(),
        );
    };
    let rows = match menu_step(game, ply, &notations(&position), None) {
        MenuStep::Menu(menu) => vec![menu_row(language, line_menu(menu, line))],
        MenuStep::Chosen(action) => vec![menu_row(
            language,
            line_menu(
                Menu {
                    custom_id: format!("to:{game}:{ply}"),
                    prompt: Prompt::Action,
                    options: vec![MenuOption {
                        label: action.clone(),
                        value: action,
                    }],
                },
                line,
            ),
        )],
        MenuStep::Nothing => Vec::new(),
    };
    let text = bot.words(
        language,
        "expect",
        json!({
            "game": game,
            "ply": ply,
            "line": line,
            "yours": position.to_act() == seat,
            "opponent": state.names[seat.other().index()],
        }),
    );
    if fresh {
        serenity::CreateInteractionResponse::Message(
            serenity::CreateInteractionResponseMessage::new()
                .content(clip(&text, 1900))
                .allowed_mentions(allowed_mentions(None))
                .components(rows)
                .ephemeral(true),
        )
    } else {
        step(&text, rows)
    }
}

/// A value chosen in a conditional line's menus: the next menu, or the preview of the line with
/// the action chosen added.
fn narrow_line(
    bot: &Bot,
    language: Language,
    click: &serenity::ComponentInteraction,
    state: &GameState,
    seat: Seat,
    line: &str,
    value: &str,
) -> Result<serenity::CreateInteractionResponse, DiscordError> {
    let (game, ply) = (state.id, state.current_ply);
    let Some(position) = after_line(&state.position, line) else {
        return Ok(step(
            &bot.words(language, "not_legal", json!({"value": line})),
            Vec::new(),
        ));
    };
    // The menus' own ids, without the line: `cpick:1:4:e5` is `pick:1:4` after `e5`.
    let plain = click
        .data
        .custom_id
        .strip_prefix('c')
        .and_then(|id| id.rsplit_once(':'))
        .map(|(id, _)| id)
        .unwrap_or_default();
    let actions = notations(&position);
    Ok(match menu_step(game, ply, &actions, Some((plain, value))) {
        MenuStep::Chosen(action) => {
            line_preview(bot, language, state, seat, line, &position, &action)?
        }
        MenuStep::Menu(menu) => {
            let text = bot.words(
                language,
                "narrowed",
                json!({"game": game, "ply": ply, "value": shown(value)}),
            );
            step(&text, vec![menu_row(language, line_menu(menu, line))])
        }
        MenuStep::Nothing => step(
            &bot.words(language, "not_legal", json!({"value": shown(value)})),
            Vec::new(),
        ),
    })
}

/// The position after a conditional line lengthened by `action` (played from `position`, the
/// position after `line`): after the opponent's action, a button to choose the answer; after the
/// clicker's, "Add as conditional" (and "Go on", while the line fits in a button's id).
fn line_preview(
    bot: &Bot,
    language: Language,
    state: &GameState,
    seat: Seat,
    line: &str,
    position: &AnyPosition,
    action: &str,
) -> Result<serenity::CreateInteractionResponse, DiscordError> {
    let (game, ply) = (state.id, state.current_ply);
    let Ok(parsed) = position.parse_action(action) else {
        return Ok(step(
            &bot.words(language, "unreadable", json!({"value": action})),
            Vec::new(),
        ));
    };
    let mine = position.to_act() == seat;
    let line = if line.is_empty() {
        action.to_owned()
    } else {
        format!("{line} {action}")
    };
    let mut after = state.clone();
    after.position = position.clone();
    after.position.play_unchecked(parsed);
    after.last_action = Some(parsed);
    let mut buttons = Vec::new();
    if mine {
        buttons.push(
            serenity::CreateButton::new(format!("cadd:{game}:{ply}:{line}"))
                .label(bot.label(language, "add_conditional", json!({})))
                .style(serenity::ButtonStyle::Success),
        );
    }
    let go_on = format!("cpick:{game}:{ply}:{line}");
    if !after.position.is_finished() && go_on.len() <= ID_MAX {
        let label = if mine { "go_on" } else { "choose_answer" };
        let style = if mine {
            serenity::ButtonStyle::Secondary
        } else {
            serenity::ButtonStyle::Primary
        };
        buttons.push(
            serenity::CreateButton::new(format!("cmove:{game}:{ply}:{line}"))
                .label(bot.label(language, label, json!({})))
                .style(style),
        );
    }
    buttons.push(
        serenity::CreateButton::new(format!("move:{game}:{ply}"))
            .label(bot.label(language, "choose_again", json!({})))
            .style(serenity::ButtonStyle::Secondary),
    );
    let text = bot.words(
        language,
        "line_preview",
        json!({
            "game": game,
            "ply": ply,
            "line": line.replace(' ', " → "),
            "mine": mine,
            "opponent": state.names[seat.other().index()],
        }),
    );
    Ok(shown_after(bot, state, &after, text, buttons))
}
