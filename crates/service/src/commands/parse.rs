//! The text parser: a message's command line into a [`Command`], tolerant of case, spacing,
//! punctuation, quoted mail and signatures, with a [`ParseError`] that says what is wrong and how to
//! fix it. The pieces that read one argument's value (an opponent, a time bank, a vacation, a
//! setting) are shared with [`super::build`], which makes a command from typed values.

use super::table::{closest_command, english_word, spec};
use super::{Command, ParseError, Reply};
use agora_i18n::{Text, text};
use agora_rules::GameKind;

mod challenge;
mod settings;

pub use challenge::amount;
use challenge::parse_challenge;
pub(super) use challenge::{
    ChallengeParts, game_kind, opponent, take_bank, take_moves, variant_problem,
};
use settings::parse_settings;
pub(super) use settings::{calendar, digest, language_setting, notify, parse_vacation, rest};

/// The command line of a message: the first non-empty line that is not quoted mail, without a
/// leading `/` or `!`, trailing punctuation, a ` -- signature` tail, and with runs of spaces
/// collapsed. Everything after that line (a signature, a quoted reply) is ignored.
pub fn command_line(text: &str) -> String {
    let line = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('>'))
        .unwrap_or("");
    let line = line.split(" -- ").next().unwrap_or("");
    let line = line.trim_start_matches(['/', '!']);
    let line = line.trim_end_matches(['.', '!', '?', ';', ',', ':', ' ']);
    line.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether a word looks like the start of an action rather than a command: a cell or square
/// (`k1`, `g5`, `e10`), an Agon piece prefix (`Qk1`, `Gg1`) or an Agros long form.
pub fn looks_like_action(word: &str) -> bool {
    let w = word.to_ascii_lowercase();
    let b = w.as_bytes();
    let cell = |s: &[u8]| s.len() >= 2 && s[0].is_ascii_lowercase() && s[1].is_ascii_digit();
    cell(b)
        || (b.len() >= 3 && (b[0] == b'q' || b[0] == b'g') && cell(&b[1..]))
        || ["harvest", "sow", "pass"].contains(&w.as_str())
}

/// Reads a game reference word: `#12`, or a bare `12` (no action of either game is a bare
/// number). A word such as `g12` is never a game: it is a cell.
fn game_number(word: &str) -> Option<i64> {
    let w = word.strip_prefix('#').unwrap_or(word);
    (!w.is_empty() && w.len() <= 15 && w.bytes().all(|b| b.is_ascii_digit()))
        .then(|| w.parse().ok())
        .flatten()
}

/// Takes every game reference out of `words`, wherever it stands: `#12`, `game 12`, `game #12`
/// and a bare `12`. Two references to different games are a mistake, not a choice.
fn take_game(command: &'static str, words: &mut Vec<String>) -> Result<Option<i64>, ParseError> {
    let mut found: Option<i64> = None;
    let mut i = 0;
    while i < words.len() {
        // `game 12`, `partij 12`, `parti 12`.
        let named = words[i].eq_ignore_ascii_case("game") || english_word(&words[i]) == "game";
        let n = if named {
            match words.get(i + 1).and_then(|w| game_number(w)) {
                Some(n) => {
                    words.drain(i..i + 2);
                    n
                }
                None => {
                    let problem = match words.get(i + 1) {
                        Some(after) => text!("parse-problem-game-number", word = after),
                        None => text!("parse-problem-game-number-missing"),
                    };
                    return Err(ParseError::Usage { command, problem });
                }
            }
        } else if let Some(n) = game_number(&words[i]) {
            words.remove(i);
            n
        } else {
            i += 1;
            continue;
        };
        match found {
            Some(m) if m != n => {
                return Err(ParseError::Usage {
                    command,
                    problem: text!(
                        "parse-problem-two-games",
                        first = m.to_string(),
                        second = n.to_string()
                    ),
                });
            }
            _ => found = Some(n),
        }
    }
    Ok(found)
}

/// Takes the ply guard `ply 30` out of `words`, wherever it stands.
fn take_ply(words: &mut Vec<String>) -> Result<Option<u32>, ParseError> {
    let Some(i) = words.iter().position(|w| w.eq_ignore_ascii_case("ply")) else {
        return Ok(None);
    };
    let usage = |problem: Text| ParseError::Usage {
        command: "move",
        problem,
    };
    let Some(w) = words.get(i + 1) else {
        return Err(usage(text!("parse-problem-ply-missing")));
    };
    let n = w
        .strip_prefix('#')
        .unwrap_or(w)
        .parse()
        .map_err(|_| usage(text!("parse-problem-ply-number", word = w)))?;
    words.drain(i..i + 2);
    Ok(Some(n))
}

/// A command that takes only an optional game reference.
fn game_only(command: &'static str, mut words: Vec<String>) -> Result<Option<i64>, ParseError> {
    let game = take_game(command, &mut words)?;
    if let Some(extra) = words.first() {
        return Err(ParseError::Usage {
            command,
            problem: text!("parse-problem-not-game", word = extra),
        });
    }
    Ok(game)
}

/// The most characters a command line may have. The longest real command (a challenge with a
/// time bank and a level) is well under 100; the bound keeps a hostile text from costing more
/// than a glance.
pub const MAX_COMMAND_CHARS: usize = 500;

/// Parses a command text (see [`command_line`] for the tolerance). A command line longer than
/// [`MAX_COMMAND_CHARS`] is refused before any of it is read as words.
// Over 80 lines: one match arm per command of the table.
pub fn parse(text: &str) -> Result<Command, ParseError> {
    let line = command_line(text);
    let chars = line.chars().count();
    if chars > MAX_COMMAND_CHARS {
        return Err(ParseError::TooLong {
            chars,
            max: MAX_COMMAND_CHARS,
        });
    }
    let mut words: Vec<String> = line
        .split(' ')
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect();
    if words.is_empty() {
        return Err(ParseError::Empty);
    }
    let first = words[0].to_ascii_lowercase();
    let Some(spec) = spec(&first) else {
        // A bare action (`k1-j1`, `#12 g5`, `game 12 ply 4 e5`) is a move.
        let mut body = words.clone();
        let refs = take_ply(&mut body).and_then(|_| take_game("move", &mut body));
        if body.first().is_some_and(|w| looks_like_action(w)) {
            refs?;
            return parse_move(words);
        }
        return Err(ParseError::Unknown {
            closest: closest_command(&first),
            word: words.swap_remove(0),
        });
    };
    words.remove(0);
    // The words after the command, lowercased, the Dutch and Swedish fixed words read as the
    // English ones (`bord` is `board`, `einde` is `end`). An action, a name, a code and a time
    // zone are read from `words` as they came.
    let args: Vec<String> = words.iter().map(|w| english_word(w)).collect();
    match spec.name {
        "help" => Ok(help_topic(&args)),
        "challenge" => {
            let mut args = args;
            if let (Some(first), Some(word)) = (args.first_mut(), words.first()) {
                *first = word.to_lowercase();
            }
            parse_challenge(args)
        }
        "accept" => Ok(Command::Accept(game_only("accept", args)?)),
        "decline" => Ok(Command::Decline(game_only("decline", args)?)),
        "cancel" => Ok(Command::Cancel(game_only("cancel", args)?)),
        "move" => parse_move(words),
        "pass" => Ok(Command::Move {
            game: game_only("pass", args)?,
            ply: None,
            action: "pass".into(),
        }),
        "resign" => Ok(Command::Resign(game_only("resign", args)?)),
        "draw" | "undo" => {
            let command = spec.name;
            let mut args = args;
            let game = take_game(command, &mut args)?;
            let reply = reply(command, args.first().map(String::as_str))?;
            if let Some(extra) = args.get(1) {
                return Err(ParseError::Usage {
                    command,
                    problem: text!("parse-problem-not-game", word = extra),
                });
            }
            Ok(match command {
                "draw" => Command::Draw(reply, game),
                _ => Command::Undo(reply, game),
            })
        }
        "board" => Ok(Command::Board(game_only("board", args)?)),
        "history" => Ok(Command::History(game_only("history", args)?)),
        "next" => no_more("next", &args).map(|()| Command::Next),
        "games" => match args.as_slice() {
            [] => Ok(Command::Games),
            [w] if w == "mine" || w == "my" => Ok(Command::Games),
            [w] if w == "live" || w == "all" || w == "running" => Ok(Command::Live),
            [w, ..] => Err(ParseError::Usage {
                command: "games",
                problem: text!("parse-problem-not-live", word = w),
            }),
        },
        "seeks" => no_more("seeks", &args).map(|()| Command::Seeks),
        "watch" => Ok(Command::Watch(Some(required_game("watch", args)?))),
        "unwatch" => Ok(Command::Unwatch(Some(required_game("unwatch", args)?))),
        "preview" => match parse_move(words)? {
            Command::Move { ply: Some(_), .. } => Err(ParseError::Usage {
                command: "preview",
                problem: text!("parse-problem-preview-ply"),
            }),
            Command::Move { game, action, .. } => Ok(Command::Preview { game, action }),
            other => Ok(other),
        },
        "export" => Ok(Command::Export(game_only("export", args)?)),
        "note" => Ok(note(words)),
        "conditional" => Ok(conditional(words)),
        "analysis" => Ok(Command::Analysis(game_only("analysis", args)?)),
        "tournament" => super::tournament::parse(&args, &words).map(Command::Tournament),
        "rating" => match words.as_slice() {
            [] => Ok(Command::Rating(None)),
            [name] => Ok(Command::Rating(Some(
                name.trim_start_matches('@').to_owned(),
            ))),
            [_, extra, ..] => Err(ParseError::Usage {
                command: "rating",
                problem: text!("parse-problem-one-player", word = extra),
            }),
        },
        "leaderboard" => leaderboard(&args),
        "settings" => parse_settings(words),
        "vacation" => parse_vacation(&args),
        "link" => link(
            &words
                .iter()
                .map(|w| w.to_ascii_lowercase())
                .collect::<Vec<_>>(),
        ),
        other => unreachable!("command `{other}` in the table but not in the parser"),
    }
}

/// `note [#game] [text]`: a game reference only where the note starts (`#12`, `12`, `game 12`),
/// then the note as written, its words joined by single spaces.
pub(super) fn note(words: Vec<String>) -> Command {
    let mut rest = words.as_slice();
    let mut game = None;
    match rest {
        [named, n, tail @ ..] if english_word(named) == "game" && game_number(n).is_some() => {
            game = game_number(n);
            rest = tail;
        }
        [n, tail @ ..] if game_number(n).is_some() => {
            game = game_number(n);
            rest = tail;
        }
        _ => {}
    }
    let text = rest.join(" ");
    Command::Note {
        game,
        text: (!text.is_empty()).then_some(text),
    }
}

/// `conditional [#game] [words]`: a game reference only where the words start, as for `note`;
/// the actions (or `cancel`) are read against the game's position.
pub(super) fn conditional(words: Vec<String>) -> Command {
    let Command::Note { game, text } = note(words) else {
        unreachable!("note reads a note")
    };
    Command::Conditional {
        game,
        words: text
            .map(|t| t.split_whitespace().map(str::to_owned).collect())
            .unwrap_or_default(),
    }
}

/// The topic of `help`: a command by its English name (`help uitdagen` is `help challenge`),
/// `rules`, `rules agon` or `rules agros` (in any language: `hulp regels agon`), or the word as it
/// came.
pub(super) fn help_topic(args: &[String]) -> Command {
    let Some(first) = args.first() else {
        return Command::Help(None);
    };
    if english_word(first) == "rules" {
        let game = args.get(1).map(|g| english_word(g));
        return Command::Help(Some(match game.as_deref() {
            Some(g @ ("agon" | "agros")) => format!("rules {g}"),
            _ => "rules".to_owned(),
        }));
    }
    Command::Help(Some(
        spec(first).map_or_else(|| first.to_lowercase(), |c| c.name.to_owned()),
    ))
}

/// A command that takes nothing after its name.
fn no_more(command: &'static str, args: &[String]) -> Result<(), ParseError> {
    match args.first() {
        None => Ok(()),
        Some(extra) => Err(ParseError::Usage {
            command,
            problem: text!(
                "parse-problem-nothing-more",
                word = extra,
                command = command
            ),
        }),
    }
}

/// A command that takes exactly one game reference.
fn required_game(command: &'static str, args: Vec<String>) -> Result<i64, ParseError> {
    game_only(command, args)?.ok_or_else(|| ParseError::Usage {
        command,
        problem: text!("parse-problem-name-game"),
    })
}

/// `leaderboard agon`, `leaderboard agros board 12` (also `agros 12`, `agros 12x12`).
pub(super) fn leaderboard(args: &[String]) -> Result<Command, ParseError> {
    let usage = |problem: Text| ParseError::Usage {
        command: "leaderboard",
        problem,
    };
    let mut it = args.iter().map(String::as_str);
    let kind = match it.next() {
        None => return Err(usage(text!("parse-problem-name-kind"))),
        Some(g) => game_kind(g).map_err(usage)?,
    };
    let rest: Vec<&str> = it.collect();
    let board = match rest.as_slice() {
        [] => None,
        ["board" | "size", n] | [n] => {
            let n = n.split_once('x').map_or(*n, |(a, _)| a);
            match n.parse::<u32>() {
                Ok(b @ (8 | 10 | 12)) => Some(b),
                _ => return Err(usage(text!("parse-problem-board-size", word = n))),
            }
        }
        [extra, ..] => return Err(usage(text!("parse-problem-not-understood", word = *extra))),
    };
    if board.is_some() && kind == GameKind::Agon {
        return Err(usage(text!("parse-problem-agon-board")));
    }
    Ok(Command::Leaderboard(kind, board))
}

/// A rating range: `1400-1800`, `1500+` (at least), `-1800` (at most).
pub(super) fn rating_range(word: &str) -> Result<(Option<i64>, Option<i64>), Text> {
    let bad = || text!("parse-problem-rating-range", word = word);
    let number = |w: &str| -> Result<i64, Text> {
        w.parse::<i64>()
            .ok()
            .filter(|n| (0..=4000).contains(n))
            .ok_or_else(bad)
    };
    let range = if let Some(min) = word.strip_suffix('+') {
        (Some(number(min)?), None)
    } else if let Some(max) = word.strip_prefix('-') {
        (None, Some(number(max)?))
    } else if let Some((a, b)) = word.split_once('-') {
        (Some(number(a)?), Some(number(b)?))
    } else {
        return Err(bad());
    };
    if let (Some(a), Some(b)) = range
        && a > b
    {
        return Err(text!("parse-problem-rating-bounds", word = word));
    }
    Ok(range)
}

fn parse_move(mut words: Vec<String>) -> Result<Command, ParseError> {
    // The ply guard first: its number is not a game.
    let ply = take_ply(&mut words)?;
    let game = take_game("move", &mut words)?;
    if words.is_empty() {
        return Err(ParseError::Usage {
            command: "move",
            problem: text!("parse-problem-action-missing"),
        });
    }
    Ok(Command::Move {
        game,
        ply,
        action: words.join(" "),
    })
}

/// The answer word of `draw` and `undo`; `undo` alone asks.
pub(super) fn reply(command: &'static str, word: Option<&str>) -> Result<Reply, ParseError> {
    match word {
        None if command == "undo" => Ok(Reply::Offer),
        Some("offer" | "propose" | "ask") => Ok(Reply::Offer),
        Some("accept" | "yes" | "agree" | "grant") => Ok(Reply::Accept),
        Some("decline" | "no" | "refuse") => Ok(Reply::Decline),
        None => Err(ParseError::Usage {
            command,
            problem: text!("parse-problem-reply-missing"),
        }),
        Some(other) => Err(ParseError::Usage {
            command,
            problem: text!("parse-problem-reply", word = other),
        }),
    }
}

/// `link` and `link <code>`; codes are shown in capitals.
pub(super) fn link(args: &[String]) -> Result<Command, ParseError> {
    match args {
        [] => Ok(Command::Link(None)),
        [code] => Ok(Command::Link(Some(code.to_ascii_uppercase()))),
        _ => Err(ParseError::Usage {
            command: "link",
            problem: text!("parse-problem-code-one-word"),
        }),
    }
}
