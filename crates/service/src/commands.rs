//! The command language: one table of commands ([`COMMANDS`]: names, aliases, usage, help,
//! arguments with their kinds, whether a command only reads), the text parser ([`parse`]) and the
//! builder of a command from a front end's typed values ([`build`]).
//!
//! Both ways in are pure and know no games or players: they make a [`Command`] or a
//! [`ParseError`] that says what is wrong and how to fix it. Whether an action is legal, whose
//! turn it is and which game is meant are the lifecycle's business.

mod build;
mod parse;
mod spoken;
mod table;
mod tournament;

pub use build::{Value, build};
pub use parse::{MAX_COMMAND_CHARS, amount, command_line, looks_like_action, parse};
pub use spoken::{spoken, spoken_in};
pub use table::{
    Arg, ArgKind, COMMANDS, CommandSpec, MAX_FUZZY_CHARS, closest_command, edit_distance,
    english_word, fold, mail_line, spec, word_in,
};
pub use tournament::{MAX_ROUNDS, TournamentCommand, TournamentSpec};

use agora_domain::{Channel, Identity, TimeControl, TimeoutPolicy};
use agora_rules::{GameKind, Variant};
use std::fmt;

/// Who a challenge is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Opponent {
    Name(String),
    /// An identity: an e-mail address or a Discord user.
    Identity(Identity),
    Computer,
    /// An open challenge: the first eligible player to accept plays it.
    Anyone,
}

/// What a challenge asks for beside the game and the clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ChallengeOptions {
    /// `unrated`: the result does not count for ratings.
    pub unrated: bool,
    /// `private`: not listed among running games, not watchable.
    pub private: bool,
    /// `rating MIN-MAX` of a challenge to anyone: the ratings admitted.
    pub min_rating: Option<i64>,
    pub max_rating: Option<i64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reply {
    Offer,
    Accept,
    Decline,
}

/// A parsed command. `game` is an explicit game number, when one was given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Help(Option<String>),
    Challenge {
        opponent: Opponent,
        variant: Variant,
        time: Option<TimeControl>,
        timeout: Option<TimeoutPolicy>,
        level: Option<String>,
        options: ChallengeOptions,
    },
    Accept(Option<i64>),
    Decline(Option<i64>),
    Cancel(Option<i64>),
    Move {
        game: Option<i64>,
        ply: Option<u32>,
        action: String,
    },
    Resign(Option<i64>),
    Draw(Reply, Option<i64>),
    /// `Offer` asks for the takeback.
    Undo(Reply, Option<i64>),
    Board(Option<i64>),
    History(Option<i64>),
    Games,
    /// The game that needs the player most: their turn, the nearest deadline.
    Next,
    /// `games live`: the running games anyone may watch.
    Live,
    /// The open challenges.
    Seeks,
    Watch(Option<i64>),
    Unwatch(Option<i64>),
    /// The board after an action, without playing it.
    Preview {
        game: Option<i64>,
        action: String,
    },
    Export(Option<i64>),
    /// `note [#game] [text]`: a private note on a game (`None`: list them; `clear`: remove them).
    Note {
        game: Option<i64>,
        text: Option<String>,
    },
    /// `conditional [#game] [actions… | cancel [actions…]]`: a line of actions answering the
    /// opponent's (none: list the sender's lines; `cancel`: remove those that begin so).
    Conditional {
        game: Option<i64>,
        words: Vec<String>,
    },
    /// `analysis [#game]`: the computer's analysis of a finished game.
    Analysis(Option<i64>),
    /// `tournament …`: list, create, join, leave, standings, pairings; the organiser's start,
    /// cancel and remove.
    Tournament(TournamentCommand),
    /// A player's ratings (by name; `None` = the sender's).
    Rating(Option<String>),
    /// The best established ratings of a game (an Agros board size where given).
    Leaderboard(GameKind, Option<u32>),
    Timezone(String),
    /// `settings notify <channel>`: where notifications go.
    Notify(Channel),
    /// `settings digest <hour>`; `None` = off.
    Digest(Option<u32>),
    /// `settings language <en|nl|sv>`: the language Agora writes to the player in.
    Language(agora_i18n::Language),
    /// `settings rest weekend|night 23-07|off`: the weekly rest of the player's clocks, from
    /// their next turn in each game.
    Rest(agora_domain::Rest),
    /// `settings calendar`: a new secret address of the player's calendar of deadlines
    /// (`true`), or none (`settings calendar off`, `false`).
    Calendar(bool),
    Vacation(VacationRequest),
    Link(Option<String>),
    /// The scheduler's look at a due game (never parsed from text).
    Clock(i64),
    /// The scheduler's daily digest for a player (never parsed from text).
    SendDigest(i64),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VacationRequest {
    Show,
    Days(u32),
    End,
}

impl Command {
    /// The command's name, one fixed word per kind (`move`, `live`, `timezone`, `clock`, …): what
    /// the metrics count it under.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Help(_) => "help",
            Command::Challenge { .. } => "challenge",
            Command::Accept(_) => "accept",
            Command::Decline(_) => "decline",
            Command::Cancel(_) => "cancel",
            Command::Move { .. } => "move",
            Command::Resign(_) => "resign",
            Command::Draw(..) => "draw",
            Command::Undo(..) => "undo",
            Command::Board(_) => "board",
            Command::History(_) => "history",
            Command::Games => "games",
            Command::Next => "next",
            Command::Live => "live",
            Command::Seeks => "seeks",
            Command::Watch(_) => "watch",
            Command::Unwatch(_) => "unwatch",
            Command::Preview { .. } => "preview",
            Command::Export(_) => "export",
            Command::Note { .. } => "note",
            Command::Conditional { .. } => "conditional",
            Command::Analysis(_) => "analysis",
            Command::Tournament(_) => "tournament",
            Command::Rating(_) => "rating",
            Command::Leaderboard(..) => "leaderboard",
            Command::Timezone(_) => "timezone",
            Command::Notify(_) => "notify",
            Command::Digest(_) => "digest",
            Command::Language(_) => "language",
            Command::Rest(_) => "rest",
            Command::Calendar(_) => "calendar",
            Command::Vacation(_) => "vacation",
            Command::Link(_) => "link",
            Command::Clock(_) => "clock",
            Command::SendDigest(_) => "send_digest",
        }
    }

    /// The table entry of the command; `None` for the scheduler's own commands, which no person
    /// sends.
    pub fn spec(&self) -> Option<&'static CommandSpec> {
        let name = match self {
            Command::Live => "games",
            Command::Timezone(_)
            | Command::Notify(_)
            | Command::Digest(_)
            | Command::Language(_)
            | Command::Rest(_)
            | Command::Calendar(_) => "settings",
            Command::Clock(_) | Command::SendDigest(_) => return None,
            other => other.name(),
        };
        spec(name)
    }

    /// The game a command acts in: `Some(named)` for a command about one game (`named` is the game
    /// its text names, if any), `None` for one about the player or about no game yet (settings, a
    /// new challenge, the list of games).
    pub fn game(&self) -> Option<Option<i64>> {
        match self {
            Command::Accept(g)
            | Command::Decline(g)
            | Command::Cancel(g)
            | Command::Resign(g)
            | Command::Draw(_, g)
            | Command::Undo(_, g)
            | Command::Board(g)
            | Command::History(g)
            | Command::Preview { game: g, .. }
            | Command::Export(g)
            | Command::Analysis(g)
            | Command::Note { game: g, .. }
            | Command::Conditional { game: g, .. }
            | Command::Move { game: g, .. } => Some(*g),
            Command::Clock(g) => Some(Some(*g)),
            Command::Help(_)
            | Command::Challenge { .. }
            | Command::Games
            | Command::Next
            | Command::Live
            | Command::Seeks
            | Command::Watch(_)
            | Command::Unwatch(_)
            | Command::Rating(_)
            | Command::Tournament(_)
            | Command::Leaderboard(..)
            | Command::Timezone(_)
            | Command::Language(_)
            | Command::Notify(_)
            | Command::Digest(_)
            | Command::Rest(_)
            | Command::Calendar(_)
            | Command::Vacation(_)
            | Command::Link(_)
            | Command::SendDigest(_) => None,
        }
    }

    /// Whether the command only shows something to its sender (see [`CommandSpec::reads_only`]).
    pub fn reads_only(&self) -> bool {
        self.spec().is_some_and(|s| s.reads_only)
    }
}

/// Whether a command only shows something to its sender; the front ends' lists of read-only
/// commands ask this.
pub fn reads_only(command: &Command) -> bool {
    command.reads_only()
}

/// Why a text is not a command, with the fix.
#[derive(Debug, Clone, PartialEq)]
pub enum ParseError {
    Empty,
    Unknown {
        word: String,
        closest: Option<&'static str>,
    },
    Usage {
        command: &'static str,
        /// What is wrong, as a keyed text (`parse-problem-*` in `commands.ftl`).
        problem: agora_i18n::Text,
    },
    /// The command line has more characters than a command can have; none of it was read.
    TooLong {
        chars: usize,
        max: usize,
    },
}

impl ParseError {
    /// The error as a keyed text, worded in the reader's language (`commands.ftl`); in English the
    /// same words as its `Display`. The problem of a usage error and the command's usage line are
    /// both in the reader's language: the usage key (`parse-usage-<command>`) names the problem's
    /// key in `$problem` and carries its arguments, and `parse-problem` words that key.
    pub fn text(&self) -> agora_i18n::Text {
        use agora_i18n::Text;
        match self {
            ParseError::Empty => Text::new("parse-empty"),
            ParseError::Unknown {
                word,
                closest: Some(c),
            } => Text::new("parse-unknown-closest")
                .with("word", word.as_str())
                .with("closest", *c),
            ParseError::Unknown {
                word,
                closest: None,
            } => Text::new("parse-unknown").with("word", word.as_str()),
            ParseError::TooLong { chars, max } => Text::new("parse-too-long")
                .with("chars", chars.to_string())
                .with("max", max.to_string()),
            // One key per command, whose usage line the message names in its language.
            ParseError::Usage { command, problem } => {
                let key = match spec(command) {
                    Some(s) => table::intern(format!("parse-usage-{}", s.name)),
                    None => "parse-usage",
                };
                let mut text = Text::new(key);
                if problem.key == "raw" {
                    // A problem not in the catalogue is shown as it came, in every language.
                    let message = problem.args.iter().find(|(n, _)| *n == "message");
                    text.args
                        .push(("problem", message.map_or("".into(), |(_, a)| a.clone())));
                } else {
                    text = text.with("problem", problem.key);
                    text.args.extend(problem.args.iter().cloned());
                }
                text
            }
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Empty => write!(f, "no command found: send `help` for the list"),
            ParseError::Unknown {
                word,
                closest: Some(c),
            } => write!(
                f,
                "unknown command `{word}`: did you mean `{c}`? Send `help` for the list"
            ),
            ParseError::Unknown {
                word,
                closest: None,
            } => write!(f, "unknown command `{word}`: send `help` for the list"),
            ParseError::TooLong { chars, max } => write!(
                f,
                "that command is {chars} characters long, and a command has at most {max}, so none of it was read: `help` lists the commands"
            ),
            ParseError::Usage { command, problem } => {
                let usage = spec(command).map_or("", |s| s.usage);
                let problem = problem.in_lang(agora_i18n::Language::En);
                write!(f, "{problem}; usage: {usage}")
            }
        }
    }
}

#[cfg(test)]
mod tests;
