//! Decisions as buttons and menus, for players who know no notation: a Move button on the
//! status message opens menus of the legal actions only, narrowing step by step (where an action
//! starts, then how it goes on) until the actions left fit in one menu, then a preview of the
//! position after the one chosen with a button that plays it; a Resign button asks for a
//! confirmation first; a standing draw offer or takeback request is answered with Accept/Decline
//! buttons on its message. Everything here is shown to the one who clicked only, and every button
//! carries the ply or version it was made for, so an old one changes nothing.
//!
//! The menus know no notation: they cut the actions' text at its own joints (between a run of
//! letters and a run of digits, and at each sign), so a square, a direction or a placement's
//! second square is a step like any other. Once the actions left share a beginning, a menu offers
//! how they go on: as many whole words (squares: `e5`, then `e5-e7`) as fit in one menu, else the
//! next run of letters or digits (a column: `e`, then `e5,f`), else ranges of those; the actions
//! themselves once at most 25 are left. Each step leaves strictly fewer actions than the one
//! before ([`menu_step`], a pure function of the legal actions and the click). Nothing a menu
//! carries is trusted: each click is narrowed again from the legal actions of the position, and
//! Play goes through the service like any typed move.
//!
//! While the opponent is to act, the same Move button builds a conditional line instead: menus
//! of the opponent's legal actions, a preview of the position after the one chosen with a button
//! to choose the answer, the answer's menus, and a preview of the answer with "Add as
//! conditional", which sends the line as `conditional` does (and "Go on" to lengthen it).
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

use crate::board::{self, allowed_mentions, clip};
use crate::events::click_inbound;
use crate::{Bot, DiscordError, identity};
use agora_i18n::{Arg, tr};
use agora_rules::{AnyPosition, Seat};
use agora_service::GameStatus;
use agora_service::Status;
use agora_service::commands::{Command, Reply};
use agora_service::queries::GameState;
use poise::serenity_prelude as serenity;
use serde_json::json;
use std::collections::HashMap;

/// Discord's limit on the options of one menu.
pub const MENU_MAX: usize = 25;

/// Discord's limit on a custom id, an option's value and an option's label.
pub const ID_MAX: usize = 100;

/// Joins the parts of a `pick` value; no action is written with it.
const MARK: char = '~';

/// What the Move button or a click in one of its menus leads to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MenuStep {
    /// The next menu to show.
    Menu(Menu),
    /// The action chosen: its preview, with Play, comes next.
    Chosen(String),
    /// Nothing legal answers the click: an old menu, or a value no menu offered.
    Nothing,
}

/// A select menu: its custom id (`pick:` or `to:<game>:<ply>`), what it asks and its options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Menu {
    pub custom_id: String,
    pub prompt: Prompt,
    pub options: Vec<MenuOption>,
}

/// What a menu asks; the words are the reader's language's (`discord-menu-*`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Prompt {
    /// The options are whole actions.
    Action,
    /// The options are how actions start.
    Start,
    /// Every action left starts with this text; the options say how they go on.
    Next(String),
}

/// One option of a menu: the text shown and the value sent back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MenuOption {
    pub label: String,
    pub value: String,
}

/// The Play button's custom id for `action` in `game` at `ply`.
pub fn play_id(game: i64, ply: u32, action: &str) -> String {
    format!("play:{game}:{ply}:{action}")
}

/// The next step of choosing an action among `actions` (the legal actions of `game` at `ply`, as
/// the service lists them): the first menu when `click` is `None`, else what the click
/// (a menu's custom id and the value chosen) leads to. Each menu leaves strictly fewer actions
/// than the one before, so a choice ends in a few steps (four for a placement of two
/// farmers on the largest board); a menu has at most [`MENU_MAX`] options.
pub fn menu_step(game: i64, ply: u32, actions: &[String], click: Option<(&str, &str)>) -> MenuStep {
    let Some((custom_id, value)) = click else {
        return narrow(game, ply, actions, "");
    };
    let mut parts = custom_id.split(':');
    let (Some(kind), Some(g), Some(p), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return MenuStep::Nothing;
    };
    if g.parse() != Ok(game) || p.parse() != Ok(ply) {
        return MenuStep::Nothing;
    }
    match kind {
        "to" if actions.iter().any(|a| a == value) => MenuStep::Chosen(value.to_owned()),
        "pick" | "col" => match Picked::read(value) {
            Some(Picked::Start(start)) => narrow(game, ply, actions, start),
            Some(Picked::Whole(action)) if actions.iter().any(|a| a == action) => {
                MenuStep::Chosen(action.to_owned())
            }
            Some(Picked::Range { start, first, last }) => {
                range(game, ply, actions, start, first, last)
            }
            _ => MenuStep::Nothing,
        },
        _ => MenuStep::Nothing,
    }
}

/// A `pick` value as a person would read it: `e5`, or `e5,a – e5,f` for a range.
pub fn shown(value: &str) -> String {
    match Picked::read(value) {
        Some(Picked::Start(s) | Picked::Whole(s)) => s.to_owned(),
        Some(Picked::Range { first, last, .. }) => format!("{first} – {last}"),
        None => value.to_owned(),
    }
}

/// What a `pick` value asks for.
enum Picked<'a> {
    /// The actions that start with this text, cut at one of its joints.
    Start(&'a str),
    /// This whole action, which others continue.
    Whole(&'a str),
    /// Among the actions that start with `start`, those whose next piece (as
    /// [`Level::tokens`] cuts it) lies from `first` to `last`.
    Range {
        start: &'a str,
        first: &'a str,
        last: &'a str,
    },
}

impl Picked<'_> {
    fn read(value: &str) -> Option<Picked<'_>> {
        let parts: Vec<&str> = value.split(MARK).collect();
        match parts[..] {
            [start] => Some(Picked::Start(start)),
            [whole, ""] => Some(Picked::Whole(whole)),
            [start, first, last] => Some(Picked::Range { start, first, last }),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Letter,
    Digit,
    Sign,
}

fn class(c: char) -> Class {
    if c.is_alphabetic() {
        Class::Letter
    } else if c.is_numeric() {
        Class::Digit
    } else {
        Class::Sign
    }
}

/// Whether `text` may be cut at byte `i`: its ends, between a letter and a digit, and on either
/// side of a sign (`e|5|,|f|7`, `p|a|s|s` is not cut inside).
fn joint(text: &str, i: usize) -> bool {
    if i == 0 || i == text.len() {
        return true;
    }
    if !text.is_char_boundary(i) {
        return false;
    }
    match (text[..i].chars().next_back(), text[i..].chars().next()) {
        (Some(a), Some(b)) => {
            let (a, b) = (class(a), class(b));
            a != b || a == Class::Sign
        }
        _ => true,
    }
}

/// Whether `action` starts with `start` cut at a joint: `e5-e7` starts with `e`, `e5` and
/// `e5-`, not with `e5-e` nor `e1` (nor `e10-e12` with `e1`).
fn starts(action: &str, start: &str) -> bool {
    action.starts_with(start) && joint(action, start.len())
}

/// Where the next run of letters or digits after byte `from` ends, the signs before it included.
fn token_end(text: &str, from: usize) -> usize {
    let mut chars = text[from..]
        .char_indices()
        .skip_while(|(_, c)| class(*c) == Class::Sign);
    let Some((_, first)) = chars.next() else {
        return text.len();
    };
    let run = class(first);
    chars
        .find(|(_, c)| class(*c) != run)
        .map_or(text.len(), |(i, _)| from + i)
}

/// Where the next word (letters and digits up to a sign or the end: a square, `pass`) after byte
/// `from` ends, the signs before it included.
fn word_end(text: &str, from: usize) -> usize {
    let mut chars = text[from..]
        .char_indices()
        .skip_while(|(_, c)| class(*c) == Class::Sign);
    if chars.next().is_none() {
        return text.len();
    }
    chars
        .find(|(_, c)| class(*c) == Class::Sign)
        .map_or(text.len(), |(i, _)| from + i)
}

/// The actions that start with one text, seen from there.
struct Level<'a> {
    start: &'a str,
    /// Whether `start` is itself an action (which others continue).
    whole: bool,
    /// The other actions that start with `start`.
    rest: Vec<&'a str>,
    /// The longest beginning all of `rest` share, cut at a joint of each.
    common: usize,
}

impl<'a> Level<'a> {
    fn new(actions: &'a [String], start: &'a str) -> Level<'a> {
        let mut whole = false;
        let mut rest = Vec::new();
        for a in actions {
            if a == start {
                whole = true;
            } else if starts(a, start) {
                rest.push(a.as_str());
            }
        }
        let mut common = rest.first().map_or(start.len(), |first| {
            rest.iter().fold(first.len(), |n, a| {
                n.min(
                    first
                        .bytes()
                        .zip(a.bytes())
                        .take_while(|(x, y)| x == y)
                        .count(),
                )
            })
        });
        while common > start.len() && !rest.iter().all(|a| joint(a, common)) {
            common -= 1;
        }
        Level {
            start,
            whole,
            rest,
            common,
        }
    }

    fn count(&self) -> usize {
        self.rest.len() + usize::from(self.whole)
    }

    fn prompt(&self) -> Prompt {
        match self.rest.first() {
            Some(a) if self.common > 0 => Prompt::Next(a[..self.common].to_owned()),
            _ => Prompt::Start,
        }
    }

    /// The distinct beginnings of `rest` cut by `end` from the common part, in the actions'
    /// order, and the index among them of each action's.
    fn pieces(&self, end: impl Fn(&str, usize) -> usize) -> (Vec<&'a str>, Vec<usize>) {
        let mut distinct: Vec<&str> = Vec::new();
        let mut seen: HashMap<&str, usize> = HashMap::new();
        let mut of = Vec::with_capacity(self.rest.len());
        for a in &self.rest {
            let piece = &a[..end(a, self.common)];
            let index = *seen.entry(piece).or_insert_with(|| {
                distinct.push(piece);
                distinct.len() - 1
            });
            of.push(index);
        }
        (distinct, of)
    }

    /// The pieces one menu offers: as many whole words (squares) as fit in one menu, else the
    /// next run of letters or digits (in ranges if even those do not fit).
    fn offered(&self) -> Vec<&'a str> {
        let room = MENU_MAX - usize::from(self.whole);
        let mut best: Option<Vec<&str>> = None;
        for words in 1.. {
            let (pieces, _) = self.pieces(|a, from| (0..words).fold(from, |i, _| word_end(a, i)));
            if pieces.len() > room || best.as_ref().is_some_and(|b| b.len() == pieces.len()) {
                break;
            }
            best = Some(pieces);
        }
        best.unwrap_or_else(|| self.tokens().0)
    }

    /// The next run of letters or digits of each action (`e` of `e5`, `5` of `e5` after `e`).
    fn tokens(&self) -> (Vec<&'a str>, Vec<usize>) {
        self.pieces(token_end)
    }

    /// The option for a piece: a beginning to narrow to, or a whole action.
    fn option(&self, piece: &str) -> MenuOption {
        let is_action = self.rest.contains(&piece);
        let continued = is_action && self.rest.iter().any(|a| *a != piece && starts(a, piece));
        let (label, value) = match (is_action, continued) {
            (true, true) => (piece.to_owned(), format!("{piece}{MARK}")),
            (true, false) => (piece.to_owned(), piece.to_owned()),
            _ => (format!("{piece}…"), piece.to_owned()),
        };
        MenuOption { label, value }
    }

    /// The options for `pieces`, in at most `room` entries: one per piece if they fit, else
    /// ranges of neighbouring pieces.
    fn options(&self, pieces: &[&str], room: usize) -> Vec<MenuOption> {
        if pieces.len() <= room {
            return pieces.iter().map(|p| self.option(p)).collect();
        }
        pieces
            .chunks(pieces.len().div_ceil(room))
            .map(|chunk| match chunk {
                [one] => self.option(one),
                [first, .., last] => MenuOption {
                    label: format!("{first} – {last}"),
                    value: format!("{}{MARK}{first}{MARK}{last}", self.start),
                },
                [] => unreachable!("chunks are never empty"),
            })
            .collect()
    }
}

fn menu(kind: &str, game: i64, ply: u32, prompt: Prompt, options: Vec<MenuOption>) -> MenuStep {
    MenuStep::Menu(Menu {
        custom_id: format!("{kind}:{game}:{ply}"),
        prompt,
        options,
    })
}

/// The menu of these actions themselves.
fn of_actions(game: i64, ply: u32, actions: &[&str]) -> MenuStep {
    match actions {
        [] => MenuStep::Nothing,
        [one] => MenuStep::Chosen((*one).to_owned()),
        _ => {
            let options = actions
                .iter()
                .map(|a| MenuOption {
                    label: (*a).to_owned(),
                    value: (*a).to_owned(),
                })
                .collect();
            menu("to", game, ply, Prompt::Action, options)
        }
    }
}

/// The step for the actions that start with `start`.
fn narrow(game: i64, ply: u32, actions: &[String], start: &str) -> MenuStep {
    let level = Level::new(actions, start);
    if level.count() <= MENU_MAX {
        let mut all: Vec<&str> = level.rest.clone();
        if level.whole {
            all.insert(0, start);
        }
        return of_actions(game, ply, &all);
    }
    let pieces = level.offered();
    let mut options = Vec::new();
    if level.whole {
        options.push(MenuOption {
            label: start.to_owned(),
            value: format!("{start}{MARK}"),
        });
    }
    let room = MENU_MAX - options.len();
    options.extend(level.options(&pieces, room));
    menu("pick", game, ply, level.prompt(), options)
}

/// The step for a range of the pieces offered for the actions that start with `start`.
fn range(
    game: i64,
    ply: u32,
    actions: &[String],
    start: &str,
    first: &str,
    last: &str,
) -> MenuStep {
    let level = Level::new(actions, start);
    let (pieces, of) = level.tokens();
    let (Some(i), Some(j)) = (
        pieces.iter().position(|p| *p == first),
        pieces.iter().position(|p| *p == last),
    ) else {
        return MenuStep::Nothing;
    };
    if i > j {
        return MenuStep::Nothing;
    }
    let chosen = &pieces[i..=j];
    let left: Vec<&str> = level
        .rest
        .iter()
        .zip(&of)
        .filter(|(_, k)| (i..=j).contains(*k))
        .map(|(a, _)| *a)
        .collect();
    match chosen {
        _ if left.len() <= MENU_MAX => of_actions(game, ply, &left),
        [one] => narrow(game, ply, actions, one),
        _ => menu(
            "pick",
            game,
            ply,
            level.prompt(),
            level.options(chosen, MENU_MAX),
        ),
    }
}

/// A menu as Discord shows it, its prompt in the reader's language.
fn menu_row(bot: &Bot, menu: Menu) -> serenity::CreateActionRow {
    let language = bot.reader_language();
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

/// What a click asks for, read from its custom id and values.
enum Asked {
    Move,
    /// The menus of the next action after a conditional line (the opponent's, or the answer).
    Expect(String),
    /// A value chosen in a conditional line's menus: the line so far and the value.
    NarrowLine(String, String),
    /// The line is complete: send it.
    AddLine(String),
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
        ("cmove", Some(line)) => Asked::Expect((*line).to_owned()),
        ("ccol" | "cpick" | "cto", Some(line)) => Asked::NarrowLine((*line).to_owned(), value()?),
        ("cadd", Some(line)) => Asked::AddLine((*line).to_owned()),
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
    // While the opponent is to act, the Move button builds a conditional line.
    let theirs = state.status == GameStatus::Active && state.to_act == Some(seat.other());
    let asked = match asked {
        Asked::Move if for_ply() && theirs => Asked::Expect(String::new()),
        other => other,
    };
    match asked {
        Asked::Expect(_) | Asked::NarrowLine(..) | Asked::AddLine(_) if !for_ply() || !theirs => {
            let text = bot.words(
                "out_of_date",
                json!({"game": game, "ply": state.current_ply, "your_turn": state.to_act == Some(seat)}),
            );
            click.create_response(http, step(&text, Vec::new())).await?;
        }
        Asked::Expect(line) => {
            let fresh = line.is_empty();
            let response = expect(bot, &state, seat, &line, fresh);
            click.create_response(http, response).await?;
        }
        Asked::NarrowLine(line, value) => {
            let response = narrow_line(bot, click, &state, seat, &line, &value)?;
            click.create_response(http, response).await?;
        }
        Asked::AddLine(line) => {
            let command = Command::Conditional {
                game: Some(game),
                words: line.split_whitespace().map(str::to_owned).collect(),
            };
            decide(bot, ctx, click, command, None).await?;
        }
        Asked::Move | Asked::Narrow(_) | Asked::Play(_)
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
            let rows = match menu_step(game, state.current_ply, &actions, None) {
                MenuStep::Menu(menu) => vec![menu_row(bot, menu)],
                // A lone action (or none) is still chosen from a menu: nothing is played unseen.
                MenuStep::Chosen(action) => vec![menu_row(
                    bot,
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
            let answer = serenity::CreateInteractionResponse::Message(
                serenity::CreateInteractionResponseMessage::new()
                    .content(
                        bot.words("your_move", json!({"game": game, "ply": state.current_ply})),
                    )
                    .components(rows)
                    .ephemeral(true),
            );
            click.create_response(http, answer).await?;
        }
        Asked::Narrow(value) => {
            let actions = bot.service.legal_actions(&me, Some(game)).await?;
            let clicked = Some((click.data.custom_id.as_str(), value.as_str()));
            let response = match menu_step(game, state.current_ply, &actions, clicked) {
                MenuStep::Chosen(action) => preview(bot, &state, &action)?,
                MenuStep::Menu(menu) => {
                    let text = bot.words(
                        "narrowed",
                        json!({"game": game, "ply": state.current_ply, "value": shown(&value)}),
                    );
                    step(&text, vec![menu_row(bot, menu)])
                }
                MenuStep::Nothing => {
                    let text = bot.words("not_legal", json!({"value": shown(&value)}));
                    step(&text, Vec::new())
                }
            };
            click.create_response(http, response).await?;
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

/// The first menu of the next action after a conditional `line` (the opponent's, or the
/// clicker's answer): a new private message when the line is just begun (`fresh`, from the Move
/// button), else in place of the preview clicked.
fn expect(
    bot: &Bot,
    state: &GameState,
    seat: Seat,
    line: &str,
    fresh: bool,
) -> serenity::CreateInteractionResponse {
    let (game, ply) = (state.id, state.current_ply);
    let Some(position) = after_line(&state.position, line) else {
        return step(&bot.words("not_legal", json!({"value": line})), Vec::new());
    };
    let rows = match menu_step(game, ply, &notations(&position), None) {
        MenuStep::Menu(menu) => vec![menu_row(bot, line_menu(menu, line))],
        MenuStep::Chosen(action) => vec![menu_row(
            bot,
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
    click: &serenity::ComponentInteraction,
    state: &GameState,
    seat: Seat,
    line: &str,
    value: &str,
) -> Result<serenity::CreateInteractionResponse, DiscordError> {
    let (game, ply) = (state.id, state.current_ply);
    let Some(position) = after_line(&state.position, line) else {
        return Ok(step(
            &bot.words("not_legal", json!({"value": line})),
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
        MenuStep::Chosen(action) => line_preview(bot, state, seat, line, &position, &action)?,
        MenuStep::Menu(menu) => {
            let text = bot.words(
                "narrowed",
                json!({"game": game, "ply": ply, "value": shown(value)}),
            );
            step(&text, vec![menu_row(bot, line_menu(menu, line))])
        }
        MenuStep::Nothing => step(
            &bot.words("not_legal", json!({"value": shown(value)})),
            Vec::new(),
        ),
    })
}

/// The position after a conditional line lengthened by `action` (played from `position`, the
/// position after `line`): after the opponent's action, a button to choose the answer; after the
/// clicker's, "Add as conditional" (and "Go on", while the line fits in a button's id).
fn line_preview(
    bot: &Bot,
    state: &GameState,
    seat: Seat,
    line: &str,
    position: &AnyPosition,
    action: &str,
) -> Result<serenity::CreateInteractionResponse, DiscordError> {
    let (game, ply) = (state.id, state.current_ply);
    let Ok(parsed) = position.parse_action(action) else {
        return Ok(step(
            &bot.words("unreadable", json!({"value": action})),
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
                .label(bot.label("add_conditional", json!({})))
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
                .label(bot.label(label, json!({})))
                .style(style),
        );
    }
    buttons.push(
        serenity::CreateButton::new(format!("move:{game}:{ply}"))
            .label(bot.label("choose_again", json!({})))
            .style(serenity::ButtonStyle::Secondary),
    );
    let text = bot.words(
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
    let play = serenity::CreateButton::new(play_id(state.id, state.current_ply, action))
        .label(clip(&bot.label("play", json!({"value": action})), 80))
        .style(serenity::ButtonStyle::Success);
    let again = serenity::CreateButton::new(format!("move:{}:{}", state.id, state.current_ply))
        .label(bot.label("choose_again", json!({})))
        .style(serenity::ButtonStyle::Secondary);
    let text = bot.words(
        "preview",
        json!({"game": state.id, "ply": state.current_ply, "value": action}),
    );
    Ok(shown_after(bot, state, &after, text, vec![play, again]))
}

/// A preview's message: `text`, the position `after` drawn for the clicker (a picture, or ASCII
/// where pictures are off) and `buttons`, in place of the menu clicked.
fn shown_after(
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
