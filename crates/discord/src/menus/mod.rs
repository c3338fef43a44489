//! Decisions as buttons and menus, for players who know no notation: a Move button on the
//! status message opens menus of the legal actions only, narrowing step by step (where an action
//! starts, then how it goes on) until the actions left fit in one menu, then a preview of the
//! position after the one chosen with a button that plays it; a Resign button asks for a
//! confirmation first; a standing draw offer or takeback request is answered with Accept/Decline
//! buttons on its message. Everything here is shown to the one who clicked only, and every button
//! carries the ply or version it was made for, so an old one changes nothing.
//!
//! While the opponent is to act, the same Move button builds a conditional line instead: menus
//! of the opponent's legal actions, a preview of the position after the one chosen with a button
//! to choose the answer, the answer's menus, and a preview of the answer with "Add as
//! conditional", which sends the line as `conditional` does (and "Go on" to lengthen it).
//!
//! The steps and their menus are in `steps`, the preview of an action chosen in `preview`, a
//! conditional line's steps in `conditional`, and a decision's way through the service in
//! `decide`.
//!
//! Custom ids: `move:<game>:<ply>` (a button), `pick:<game>:<ply>` (a menu of how actions go on:
//! each value is a beginning `e5`, a whole action that others continue `e5~`, or a range of the
//! next runs after a beginning, `p~p1~p40`; `col:` is read as `pick:`), `to:<game>:<ply>` (a menu
//! of actions), `play:<game>:<ply>:<action>`, `resign:<game>:<version>`,
//! `resign-yes:<game>:<version>`, and `draw-accept:`, `draw-decline:`, `undo-accept:`,
//! `undo-decline:<game>:<version>`; for a conditional line, whose actions so far (separated by
//! spaces) follow the ply: `cmove:<game>:<ply>:<line>` (the menus of the next action after the
//! line), `cpick:`, `ccol:` and `cto:<game>:<ply>:<line>` (its menus) and
//! `cadd:<game>:<ply>:<line>` (the line sent).

mod conditional;
mod decide;
mod preview;
mod steps;

pub use preview::play_id;
pub use steps::{ID_MAX, MENU_MAX, Menu, MenuOption, MenuStep, Prompt, menu_step, shown};

use crate::board::{allowed_mentions, clip};
use crate::{Bot, DiscordError, identity};
use agora_i18n::{Arg, tr};
use agora_rules::Seat;
use agora_service::GameStatus;
use agora_service::Language;
use agora_service::commands::{Command, Reply};
use agora_service::queries::GameState;
use conditional::{LineStep, on_line_click};
use decide::decide;
use poise::serenity_prelude as serenity;
use preview::preview;
use serde_json::json;

/// A menu as Discord shows it, its prompt in the reader's language.
fn menu_row(language: Language, menu: Menu) -> serenity::CreateActionRow {
    let placeholder = match &menu.prompt {
        Prompt::Action => tr(language, "discord-menu-action", &[]),
        Prompt::Start => tr(language, "discord-menu-start", &[]),
        Prompt::Next(start) => tr(
            language,
            "discord-menu-next",
            &[("start", Arg::from(start.as_str()))],
        ),
    };
    let options = menu
        .options
        .into_iter()
        .map(|o| serenity::CreateSelectMenuOption::new(clip(&o.label, ID_MAX), o.value))
        .collect();
    serenity::CreateActionRow::SelectMenu(
        serenity::CreateSelectMenu::new(
            menu.custom_id,
            serenity::CreateSelectMenuKind::String { options },
        )
        .placeholder(clip(&placeholder, 150)),
    )
}

/// What a click asks for, read from its custom id and values.
enum Asked {
    Move,
    /// A step of a conditional line.
    Line(LineStep),
    /// A value chosen in one of the Move button's menus (`col`, `pick` or `to`).
    Narrow(String),
    Play(String),
    Resign,
    ResignConfirmed,
    Answer(Command),
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
        ("cmove", Some(line)) => Asked::Line(LineStep::Expect((*line).to_owned())),
        ("ccol" | "cpick" | "cto", Some(line)) => {
            Asked::Line(LineStep::Narrow((*line).to_owned(), value()?))
        }
        ("cadd", Some(line)) => Asked::Line(LineStep::Add((*line).to_owned())),
        ("col" | "pick" | "to", None) => Asked::Narrow(value()?),
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
    language: Language,
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
) -> Result<bool, DiscordError> {
    let Some((asked, game, n)) = read(click) else {
        return Ok(false);
    };
    let http = &ctx.http;
    let Some((state, seat)) = clicker(bot, language, http, click, game).await? else {
        return Ok(true);
    };
    // A step of a move is for the position it was made from.
    let for_ply = || u32::try_from(n).ok() == Some(state.current_ply);
    // While the opponent is to act, the Move button builds a conditional line.
    let theirs = state.status == GameStatus::Active && state.to_act == Some(seat.other());
    let asked = match asked {
        Asked::Move if for_ply() && theirs => Asked::Line(LineStep::Expect(String::new())),
        other => other,
    };
    match asked {
        Asked::Line(_) if !for_ply() || !theirs => {
            let text = out_of_date(bot, language, game, &state, seat);
            click.create_response(http, step(&text, Vec::new())).await?;
        }
        Asked::Line(asked) => on_line_click(bot, language, ctx, click, asked, &state, seat).await?,
        Asked::Move | Asked::Narrow(_) | Asked::Play(_)
            if !for_ply() || state.to_act != Some(seat) =>
        {
            let text = out_of_date(bot, language, game, &state, seat);
            let response = match asked {
                Asked::Move => private(&text),
                _ => step(&text, Vec::new()),
            };
            click.create_response(http, response).await?;
        }
        Asked::Move => {
            let response = first_menu(bot, language, click, game, &state).await?;
            click.create_response(http, response).await?;
        }
        Asked::Narrow(value) => {
            let response = narrowed(bot, language, click, game, &state, &value).await?;
            click.create_response(http, response).await?;
        }
        Asked::Play(action) => {
            let command = Command::Move {
                game: Some(game),
                ply: Some(state.current_ply),
                action,
            };
            decide(bot, language, ctx, click, command, None).await?;
        }
        Asked::Resign => {
            click
                .create_response(http, resign_ask(bot, language, game, &state))
                .await?;
        }
        Asked::ResignConfirmed => {
            decide(
                bot,
                language,
                ctx,
                click,
                Command::Resign(Some(game)),
                Some(n),
            )
            .await?;
        }
        Asked::Answer(command) => {
            decide(bot, language, ctx, click, command, Some(n)).await?;
        }
    }
    Ok(true)
}

/// The game a click names, as the one who clicked may see it (see `events::buttons`), and their
/// seat in it; `None` once the click is answered that there is no such game of theirs.
async fn clicker(
    bot: &Bot,
    language: Language,
    http: &serenity::Http,
    click: &serenity::ComponentInteraction,
    game: i64,
) -> Result<Option<(GameState, Seat)>, DiscordError> {
    let Some(state) = bot
        .service
        .game_state_for(&identity(click.user.id), game, None)
        .await?
    else {
        click
            .create_response(
                http,
                private(&bot.words(language, "no_game", json!({"game": game}))),
            )
            .await?;
        return Ok(None);
    };
    let Some(seat) = state.seat_of(&identity(click.user.id)) else {
        click
            .create_response(
                http,
                private(&bot.words(language, "not_yours", json!({"game": game}))),
            )
            .await?;
        return Ok(None);
    };
    Ok(Some((state, seat)))
}

/// The answer to a click on a step made for another position than the game's.
fn out_of_date(bot: &Bot, language: Language, game: i64, state: &GameState, seat: Seat) -> String {
    bot.words(
        language,
        "out_of_date",
        json!({"game": game, "ply": state.current_ply, "your_turn": state.to_act == Some(seat)}),
    )
}

/// The Move button's answer: the first menu of the clicker's legal actions, in a new private
/// message.
async fn first_menu(
    bot: &Bot,
    language: Language,
    click: &serenity::ComponentInteraction,
    game: i64,
    state: &GameState,
) -> Result<serenity::CreateInteractionResponse, DiscordError> {
    let me = identity(click.user.id).to_string();
    let actions = bot.service.legal_actions(&me, Some(game)).await?;
    let rows = match menu_step(game, state.current_ply, &actions, None) {
        MenuStep::Menu(menu) => vec![menu_row(language, menu)],
        // A lone action (or none) is still chosen from a menu: nothing is played unseen.
        MenuStep::Chosen(action) => vec![menu_row(
            language,
            Menu {
                custom_id: format!("to:{game}:{}", state.current_ply),
                prompt: Prompt::Action,
                options: vec![MenuOption {
                    label: action.clone(),
                    value: action,
                }],
            },
        )],
        MenuStep::Nothing => Vec::new(),
    };
    Ok(serenity::CreateInteractionResponse::Message(
        serenity::CreateInteractionResponseMessage::new()
            .content(bot.words(
                language,
                "your_move",
                json!({"game": game, "ply": state.current_ply}),
            ))
            .components(rows)
            .ephemeral(true),
    ))
}

/// A value chosen in one of the Move button's menus: the next menu, or the preview of the action
/// chosen, in place of the menu clicked.
async fn narrowed(
    bot: &Bot,
    language: Language,
    click: &serenity::ComponentInteraction,
    game: i64,
    state: &GameState,
    value: &str,
) -> Result<serenity::CreateInteractionResponse, DiscordError> {
    let me = identity(click.user.id).to_string();
    let actions = bot.service.legal_actions(&me, Some(game)).await?;
    let clicked = Some((click.data.custom_id.as_str(), value));
    let response = match menu_step(game, state.current_ply, &actions, clicked) {
        MenuStep::Chosen(action) => preview(bot, language, state, &action)?,
        MenuStep::Menu(menu) => {
            let text = bot.words(
                language,
                "narrowed",
                json!({"game": game, "ply": state.current_ply, "value": shown(value)}),
            );
            step(&text, vec![menu_row(language, menu)])
        }
        MenuStep::Nothing => {
            let text = bot.words(language, "not_legal", json!({"value": shown(value)}));
            step(&text, Vec::new())
        }
    };
    Ok(response)
}

/// The Resign button's answer: a private question with the button that confirms it, for the
/// game as it is now.
fn resign_ask(
    bot: &Bot,
    language: Language,
    game: i64,
    state: &GameState,
) -> serenity::CreateInteractionResponse {
    let confirm = serenity::CreateButton::new(format!("resign-yes:{game}:{}", state.version))
        .label(bot.label(language, "yes_resign", json!({})))
        .style(serenity::ButtonStyle::Danger);
    serenity::CreateInteractionResponse::Message(
        serenity::CreateInteractionResponseMessage::new()
            .content(bot.words(language, "resign_ask", json!({"game": game})))
            .components(vec![serenity::CreateActionRow::Buttons(vec![confirm])])
            .ephemeral(true),
    )
}
