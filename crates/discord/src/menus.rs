//! Decisions as buttons and menus, for players who know no notation: a Move button on the
//! status message opens menus of the legal actions only (the piece or square first, then the
//! action), then a preview of the position after it with a button that plays it; a Resign button
//! asks for a confirmation first; a standing draw offer or takeback request is answered with
//! Accept/Decline buttons on its message. Everything here is shown to the one who clicked only,
//! and every button carries the ply or version it was made for, so an old one changes nothing.
//!
//! Custom ids: `move:<game>:<ply>` (a button), `col:`/`pick:`/`to:<game>:<ply>` (menus: a
//! column, a square, an action), `play:<game>:<ply>:<action>`, `resign:<game>:<version>`,
//! `resign-yes:<game>:<version>`, and `draw-accept:`, `draw-decline:`, `undo-accept:`,
//! `undo-decline:<game>:<version>`.

use crate::board::{self, allowed_mentions, clip};
use crate::events::click_inbound;
use crate::{Bot, DiscordError, identity};
use agora_service::Status;
use agora_service::commands::{Command, Reply};
use agora_service::queries::GameState;
use poise::serenity_prelude as serenity;
use serde_json::json;

/// Discord's limit on the options of one menu.
const MENU_MAX: usize = 25;

/// The square (or word) an action starts from: what comes before its first `-`, `,` or `=`.
fn group(action: &str) -> &str {
    action
        .split(['-', ',', '='])
        .next()
        .filter(|g| !g.is_empty())
        .unwrap_or(action)
}

/// The next menu for `actions` (all legal, all the clicker's): the actions themselves when they
/// fit in one menu, else the squares they start from, else the columns of those squares.
fn menu(game: i64, ply: u32, actions: &[String]) -> serenity::CreateActionRow {
    let distinct = |key: fn(&str) -> String| {
        let mut seen: Vec<String> = Vec::new();
        for a in actions {
            let k = key(a);
            if !seen.contains(&k) {
                seen.push(k);
            }
        }
        seen
    };
    let (kind, placeholder, values) = if actions.len() <= MENU_MAX {
        ("to", "Choose your action", actions.to_vec())
    } else {
        let squares = distinct(|a| group(a).to_owned());
        if squares.len() <= MENU_MAX {
            ("pick", "Choose a piece or square", squares)
        } else {
            let columns = distinct(|a| a.chars().take(1).collect());
            ("col", "Choose a column", columns)
        }
    };
    let options = values
        .into_iter()
        .take(MENU_MAX)
        .map(|v| serenity::CreateSelectMenuOption::new(v.clone(), v))
        .collect();
    serenity::CreateActionRow::SelectMenu(
        serenity::CreateSelectMenu::new(
            format!("{kind}:{game}:{ply}"),
            serenity::CreateSelectMenuKind::String { options },
        )
        .placeholder(placeholder),
    )
}

/// What a click asks for, read from its custom id and values.
enum Asked {
    Move,
    Narrow { by: Narrow, value: String },
    Play(String),
    Resign,
    ResignConfirmed,
    Answer(Command),
}

#[derive(Clone, Copy)]
enum Narrow {
    Column,
    Square,
    Action,
}

/// The clicks this module handles: `Some((what, game, ply or version))`.
fn read(click: &serenity::ComponentInteraction) -> Option<(Asked, i64, i64)> {
    let parts: Vec<&str> = click.data.custom_id.splitn(4, ':').collect();
    let (kind, game, n) = match parts.as_slice() {
        [kind, game, n, ..] => (*kind, game.parse().ok()?, n.parse().ok()?),
        _ => return None,
    };
    let value = || match &click.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values.first().cloned(),
        _ => None,
    };
    let asked = match (kind, parts.get(3)) {
        ("move", None) => Asked::Move,
        ("col", None) => Asked::Narrow {
            by: Narrow::Column,
            value: value()?,
        },
        ("pick", None) => Asked::Narrow {
            by: Narrow::Square,
            value: value()?,
        },
        ("to", None) => Asked::Narrow {
            by: Narrow::Action,
            value: value()?,
        },
        ("play", Some(action)) => Asked::Play((*action).to_owned()),
        ("resign", None) => Asked::Resign,
        ("resign-yes", None) => Asked::ResignConfirmed,
        ("draw-accept", None) => Asked::Answer(Command::Draw(Reply::Accept, Some(game))),
        ("draw-decline", None) => Asked::Answer(Command::Draw(Reply::Decline, Some(game))),
        ("undo-accept", None) => Asked::Answer(Command::Undo(Reply::Accept, Some(game))),
        ("undo-decline", None) => Asked::Answer(Command::Undo(Reply::Decline, Some(game))),
        _ => return None,
    };
    Some((asked, game, n))
}

/// A private answer to a click.
fn private(text: &str) -> serenity::CreateInteractionResponse {
    serenity::CreateInteractionResponse::Message(
        serenity::CreateInteractionResponseMessage::new()
            .content(clip(text, 1900))
            .allowed_mentions(allowed_mentions(None))
            .ephemeral(true),
    )
}

/// The private message of a move under way, replaced by its next step.
fn step(text: &str, rows: Vec<serenity::CreateActionRow>) -> serenity::CreateInteractionResponse {
    serenity::CreateInteractionResponse::UpdateMessage(
        serenity::CreateInteractionResponseMessage::new()
            .content(clip(text, 1900))
            .allowed_mentions(allowed_mentions(None))
            .embeds(Vec::new())
            .components(rows),
    )
}

/// Handles a click of this module's buttons and menus; `false` for any other click.
pub(crate) async fn on_click(
    bot: &Bot,
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
) -> Result<bool, DiscordError> {
    let Some((asked, game, n)) = read(click) else {
        return Ok(false);
    };
    let http = &ctx.http;
    // The game a menu's id names, as the one who clicked may see it (see `events::on_click`).
    let Some(state) = bot
        .service
        .game_state_for(&identity(click.user.id), game, None)
        .await?
    else {
        click
            .create_response(http, private(&bot.words("no_game", json!({"game": game}))))
            .await?;
        return Ok(true);
    };
    let me = identity(click.user.id).to_string();
    let Some(seat) = state.seat_of(&me) else {
        click
            .create_response(
                http,
                private(&bot.words("not_yours", json!({"game": game}))),
            )
            .await?;
        return Ok(true);
    };
    // A step of a move is for the position it was made from.
    let for_ply = || u32::try_from(n).ok() == Some(state.current_ply);
    match asked {
        Asked::Move | Asked::Narrow { .. } | Asked::Play(_)
            if !for_ply() || state.to_act != Some(seat) =>
        {
            let text = bot.words(
                "out_of_date",
                json!({"game": game, "ply": state.current_ply, "your_turn": state.to_act == Some(seat)}),
            );
            let response = match asked {
                Asked::Move => private(&text),
                _ => step(&text, Vec::new()),
            };
            click.create_response(http, response).await?;
        }
        Asked::Move => {
            let actions = bot.service.legal_actions(&me, Some(game)).await?;
            let row = menu(game, state.current_ply, &actions);
            let answer = serenity::CreateInteractionResponse::Message(
                serenity::CreateInteractionResponseMessage::new()
                    .content(
                        bot.words("your_move", json!({"game": game, "ply": state.current_ply})),
                    )
                    .components(vec![row])
                    .ephemeral(true),
            );
            click.create_response(http, answer).await?;
        }
        Asked::Narrow { by, value } => {
            let actions = bot.service.legal_actions(&me, Some(game)).await?;
            match by {
                Narrow::Action if actions.contains(&value) => {
                    let response = preview(bot, &state, &value)?;
                    click.create_response(http, response).await?;
                }
                Narrow::Action => {
                    let text = bot.words("not_legal", json!({"value": value}));
                    click.create_response(http, step(&text, Vec::new())).await?;
                }
                Narrow::Column | Narrow::Square => {
                    let narrowed: Vec<String> = actions
                        .into_iter()
                        .filter(|a| match by {
                            Narrow::Column => a.starts_with(value.as_str()),
                            _ => group(a) == value,
                        })
                        .collect();
                    let text = bot.words(
                        "narrowed",
                        json!({"game": game, "ply": state.current_ply, "value": value}),
                    );
                    let rows = if narrowed.is_empty() {
                        Vec::new()
                    } else {
                        vec![menu(game, state.current_ply, &narrowed)]
                    };
                    click.create_response(http, step(&text, rows)).await?;
                }
            }
        }
        Asked::Play(action) => {
            let command = Command::Move {
                game: Some(game),
                ply: Some(state.current_ply),
                action,
            };
            decide(bot, ctx, click, command, None).await?;
        }
        Asked::Resign => {
            let confirm =
                serenity::CreateButton::new(format!("resign-yes:{game}:{}", state.version))
                    .label(bot.label("yes_resign", json!({})))
                    .style(serenity::ButtonStyle::Danger);
            let answer = serenity::CreateInteractionResponse::Message(
                serenity::CreateInteractionResponseMessage::new()
                    .content(bot.words("resign_ask", json!({"game": game})))
                    .components(vec![serenity::CreateActionRow::Buttons(vec![confirm])])
                    .ephemeral(true),
            );
            click.create_response(http, answer).await?;
        }
        Asked::ResignConfirmed => {
            decide(bot, ctx, click, Command::Resign(Some(game)), Some(n)).await?;
        }
        Asked::Answer(command) => {
            decide(bot, ctx, click, command, Some(n)).await?;
        }
    }
    Ok(true)
}

/// The position after `action`, drawn for the clicker, with the button that plays it.
fn preview(
    bot: &Bot,
    state: &GameState,
    action: &str,
) -> Result<serenity::CreateInteractionResponse, DiscordError> {
    let mut after = state.clone();
    let Ok(parsed) = after.position.parse_action(action) else {
        let text = bot.words("unreadable", json!({"value": action}));
        return Ok(step(&text, Vec::new()));
    };
    after.position.play_unchecked(parsed);
    after.last_action = Some(parsed);
    let play =
        serenity::CreateButton::new(format!("play:{}:{}:{action}", state.id, state.current_ply))
            .label(clip(&bot.label("play", json!({"value": action})), 80))
            .style(serenity::ButtonStyle::Success);
    let again = serenity::CreateButton::new(format!("move:{}:{}", state.id, state.current_ply))
        .label(bot.label("choose_again", json!({})))
        .style(serenity::ButtonStyle::Secondary);
    let text = bot.words(
        "preview",
        json!({"game": state.id, "ply": state.current_ply, "value": action}),
    );
    let mut message = serenity::CreateInteractionResponseMessage::new()
        .content(clip(&text, 1900))
        .allowed_mentions(allowed_mentions(None))
        .components(vec![serenity::CreateActionRow::Buttons(vec![play, again])]);
    if bot.settings.png {
        // Drawn for this preview only: the pictures shared by recipients are of played plies.
        match after.png(bot.settings.png_size) {
            Ok(png) => {
                let name = format!("preview-{}-{}.png", state.id, state.current_ply + 1);
                message = message
                    .embeds(vec![
                        serenity::CreateEmbed::new().image(format!("attachment://{name}")),
                    ])
                    .add_file(serenity::CreateAttachment::bytes(png, name));
            }
            Err(e) => tracing::warn!(game = state.id, error = %e, "preview picture failed"),
        }
    } else {
        message = message.embeds(vec![
            serenity::CreateEmbed::new()
                .description(format!("```\n{}\n```", after.ascii().trim_end())),
        ]);
    }
    Ok(serenity::CreateInteractionResponse::UpdateMessage(message))
}

/// Runs a decision made with a button through the service (`version`: the game as the button
/// showed it) and shows the answer in place of the clicked message's buttons; the game's
/// thread then shows the action as any other.
async fn decide(
    bot: &Bot,
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
    command: Command,
    version: Option<i64>,
) -> Result<(), DiscordError> {
    let inbound = click_inbound(click, command.game().flatten(), version);
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
                        Some(board::ascii_button(bot, custom_id))
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
