//! The steps of choosing an action in menus: what the Move button or a click in one of its
//! menus leads to (the next menu, or the action chosen), and the menus themselves.
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
