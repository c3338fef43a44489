//! `tournament …`: the words of the tournament commands, read into a [`TournamentCommand`].
//!
//! `tournament` alone lists them; `tournament create agon round-robin days 3 players 4-10` makes
//! one; `join 3`, `leave 3`, `standings 3`, `pairings 3 [round]`, and the organiser's `start 3`,
//! `cancel 3` and `remove 3 <player>`; on a ladder, `challenge 3 <player>`. A tournament is named by its number (`3`, `t3`).

use super::ParseError;
use super::parse::{
    ChallengeParts, game_kind, rating_range, take_bank, take_moves, variant_problem,
};
use agora_domain::tournament::Format;
use agora_domain::{TimeControl, TimeoutPolicy};
use agora_i18n::{Text, text};
use agora_rules::Variant;
use chrono::NaiveDate;

/// The most rounds a Swiss may have, and the farthest a ladder's challenge may reach.
pub const MAX_ROUNDS: u32 = 30;

/// What a new tournament asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentSpec {
    pub variant: Variant,
    pub format: Format,
    pub time: Option<TimeControl>,
    pub timeout: Option<TimeoutPolicy>,
    pub rated: bool,
    pub min_players: Option<u32>,
    pub max_players: Option<u32>,
    pub min_rating: Option<i64>,
    pub max_rating: Option<i64>,
    /// The day it starts by itself (at 00:00 UTC), if enough players joined.
    pub starts_on: Option<NaiveDate>,
    pub name: Option<String>,
}

/// A tournament command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TournamentCommand {
    List,
    Create(Box<TournamentSpec>),
    Join(i64),
    Leave(i64),
    Standings(i64),
    Pairings(i64, Option<u32>),
    Start(i64),
    Cancel(i64),
    Remove(i64, String),
    /// A ladder's challenge of a player above.
    Challenge(i64, String),
}

fn usage(problem: Text) -> ParseError {
    ParseError::Usage {
        command: "tournament",
        problem,
    }
}

/// A tournament's number: `3`, `t3`, `#3`.
fn number(word: Option<&String>) -> Result<i64, ParseError> {
    let word = word.ok_or_else(|| usage(text!("parse-problem-tournament-missing")))?;
    word.trim_start_matches(['t', 'T', '#'])
        .parse::<i64>()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(|| usage(text!("parse-problem-tournament-number", word = word)))
}

/// Reads the words after `tournament`: `args` as the parser reads fixed words (English), `words`
/// as they came (for a player's name and a tournament's name).
pub(super) fn parse(args: &[String], words: &[String]) -> Result<TournamentCommand, ParseError> {
    let Some(first) = args.first() else {
        return Ok(TournamentCommand::List);
    };
    let only = |c: TournamentCommand, n: usize| {
        if let Some(extra) = args.get(n) {
            return Err(usage(text!("parse-problem-not-option", word = extra)));
        }
        Ok(c)
    };
    match first.as_str() {
        "list" | "all" => only(TournamentCommand::List, 1),
        "create" | "new" => create(&args[1..], &words[1..]).map(TournamentCommand::Create),
        "join" => only(TournamentCommand::Join(number(args.get(1))?), 2),
        "leave" => only(TournamentCommand::Leave(number(args.get(1))?), 2),
        "standings" | "show" => only(TournamentCommand::Standings(number(args.get(1))?), 2),
        "pairings" => {
            let id = number(args.get(1))?;
            let round = match args.get(2) {
                None => None,
                Some(w) => Some(
                    w.parse::<u32>()
                        .map_err(|_| usage(text!("parse-problem-needs-number", word = "round")))?,
                ),
            };
            only(TournamentCommand::Pairings(id, round), 3)
        }
        "start" => only(TournamentCommand::Start(number(args.get(1))?), 2),
        "cancel" => only(TournamentCommand::Cancel(number(args.get(1))?), 2),
        "remove" | "challenge" => {
            let id = number(args.get(1))?;
            let who = words
                .get(2)
                .ok_or_else(|| usage(text!("parse-problem-tournament-who")))?
                .trim_start_matches('@')
                .to_owned();
            if first == "challenge" {
                return only(TournamentCommand::Challenge(id, who), 3);
            }
            only(TournamentCommand::Remove(id, who), 3)
        }
        // `tournament 3` shows it.
        w if number(Some(&w.to_owned())).is_ok() => {
            only(TournamentCommand::Standings(number(Some(first))?), 1)
        }
        other => Err(usage(text!("parse-problem-tournament-what", word = other))),
    }
}

/// `create <game> [board N] [farmers N] <format> [clock] [rated|unrated] [players A-B]
/// [rating A-B] [start YYYY-MM-DD] [name words…]`.
// Over 80 lines: one match arm per option word of `tournament create`.
fn create(args: &[String], words: &[String]) -> Result<Box<TournamentSpec>, ParseError> {
    let kind = match args.first() {
        None => return Err(usage(text!("parse-problem-game-missing"))),
        Some(g) => game_kind(g).map_err(usage)?,
    };
    let mut parts = ChallengeParts::default();
    let mut format = None;
    let mut players = (None, None);
    let mut starts_on = None;
    let mut name = None;
    let mut i = 1;
    let next_number = |i: &mut usize, key: &str| -> Result<u32, ParseError> {
        *i += 1;
        args.get(*i)
            .and_then(|w| w.parse().ok())
            .ok_or_else(|| usage(text!("parse-problem-needs-number", word = key)))
    };
    while i < args.len() {
        let key = args[i].as_str();
        match key {
            "round-robin" | "roundrobin" | "rr" => {
                let double = format == Some(Format::RoundRobin { double: true });
                format = Some(Format::RoundRobin { double });
            }
            "double" | "double-round-robin" => format = Some(Format::RoundRobin { double: true }),
            "swiss" => {
                if args.get(i + 1).is_some_and(|w| w == "rounds") {
                    i += 1;
                }
                let rounds = next_number(&mut i, "swiss")?;
                format = Some(Format::Swiss { rounds });
            }
            "ladder" => {
                let reach = if args.get(i + 1).is_some_and(|w| w == "reach") {
                    i += 1;
                    next_number(&mut i, "reach")?
                } else {
                    3
                };
                format = Some(Format::Ladder { reach });
            }
            "board" | "size" => parts.board = Some(next_number(&mut i, key)?),
            "farmers" => parts.farmers = Some(next_number(&mut i, key)?),
            "days" => {
                let days = next_number(&mut i, key)?;
                parts
                    .set_time(TimeControl::PerMove { days })
                    .map_err(usage)?;
            }
            "bank" | "moves" => {
                let mut it = args[i + 1..].iter().map(String::as_str).peekable();
                let before = it.len();
                let time = if key == "bank" {
                    take_bank(&mut it)
                } else {
                    take_moves(&mut it)
                }
                .map_err(usage)?;
                i += before - it.len();
                parts.set_time(time).map_err(usage)?;
            }
            "timeout" | "ontime" => {
                i += 1;
                parts
                    .set_timeout(args.get(i).map(String::as_str))
                    .map_err(usage)?;
            }
            "auto-pass" | "autopass" => parts.timeout = Some(TimeoutPolicy::Pass),
            "unrated" | "casual" | "friendly" => parts.options.unrated = true,
            "rated" => parts.options.unrated = false,
            "players" => {
                i += 1;
                let w = args
                    .get(i)
                    .ok_or_else(|| usage(text!("parse-problem-needs-number", word = key)))?;
                let (min, max) = rating_range(w).map_err(usage)?;
                players = (min.map(|m| m as u32), max.map(|m| m as u32));
            }
            "rating" | "ratings" => {
                i += 1;
                let w = args
                    .get(i)
                    .ok_or_else(|| usage(text!("parse-problem-rating-missing")))?;
                let (min, max) = rating_range(w).map_err(usage)?;
                parts.options.min_rating = min;
                parts.options.max_rating = max;
            }
            "start" => {
                i += 1;
                let w = args
                    .get(i)
                    .ok_or_else(|| usage(text!("parse-problem-tournament-date-missing")))?;
                starts_on = Some(
                    NaiveDate::parse_from_str(w, "%Y-%m-%d")
                        .map_err(|_| usage(text!("parse-problem-tournament-date", word = w)))?,
                );
            }
            "name" => {
                let rest = words[i + 1..].join(" ");
                if rest.is_empty() {
                    return Err(usage(text!("parse-problem-tournament-name")));
                }
                name = Some(rest);
                break;
            }
            k if k
                .split_once('x')
                .is_some_and(|(a, b)| a == b && a.parse::<u32>().is_ok()) =>
            {
                parts.board = k.split_once('x').and_then(|(a, _)| a.parse().ok());
            }
            other => return Err(usage(text!("parse-problem-not-option", word = other))),
        }
        i += 1;
    }
    let format = format.ok_or_else(|| usage(text!("parse-problem-tournament-format")))?;
    if let Format::Swiss { rounds } | Format::Ladder { reach: rounds } = format
        && !(1..=MAX_ROUNDS).contains(&rounds)
    {
        return Err(usage(text!(
            "parse-problem-tournament-rounds",
            max = MAX_ROUNDS
        )));
    }
    let variant =
        Variant::new(kind, parts.board, parts.farmers).map_err(|e| usage(variant_problem(e)))?;
    if parts.timeout == Some(TimeoutPolicy::Pass) && kind == agora_rules::GameKind::Agon {
        return Err(usage(text!("parse-problem-timeout-pass-agon")));
    }
    Ok(Box::new(TournamentSpec {
        variant,
        format,
        time: parts.time,
        timeout: parts.timeout,
        rated: !parts.options.unrated,
        min_players: players.0,
        max_players: players.1,
        min_rating: parts.options.min_rating,
        max_rating: parts.options.max_rating,
        starts_on,
        name,
    }))
}
