//! The text parser: a message's command line into a [`Command`], tolerant of case, spacing,
//! punctuation, quoted mail and signatures, with a [`ParseError`] that says what is wrong and how to
//! fix it. The pieces that read one argument's value (an opponent, a time bank, a vacation, a
//! setting) are shared with [`super::build`], which makes a command from typed values.

use super::table::{closest_command, english_word, spec};
use super::{ChallengeOptions, Command, Opponent, ParseError, Reply, VacationRequest};
use agora_domain::{Channel, Identity, TimeControl, TimeoutPolicy};
use agora_i18n::{Text, text};
use agora_rules::{GameKind, Variant, VariantError};

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

/// Who a challenge is for, from one word: `computer`, a Discord mention, an address or a name.
pub(super) fn opponent(who: &str) -> Result<Opponent, Text> {
    let word = english_word(who);
    if word == "computer" || who == "cpu" || who == "ai" {
        Ok(Opponent::Computer)
    } else if word == "anyone" || who == "anybody" || who == "open" {
        Ok(Opponent::Anyone)
    } else if let Some(id) = who
        .strip_prefix("<@")
        .and_then(|w| w.strip_suffix('>'))
        .map(|w| w.trim_start_matches('!'))
    {
        if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
            return Err(text!("parse-problem-discord-mention", word = who));
        }
        Ok(Opponent::Identity(Identity::discord(id)))
    } else if who.contains('@') {
        let address = who.strip_prefix("mailto:").unwrap_or(who);
        let (local, domain) = address.split_once('@').unwrap_or(("", ""));
        if local.is_empty() || !domain.contains('.') {
            return Err(text!("parse-problem-mail-address", word = who));
        }
        Ok(Opponent::Identity(Identity::mail(address)))
    } else {
        Ok(Opponent::Name(who.trim_start_matches('@').to_owned()))
    }
}

/// What a challenge names, before the checks that take several of its parts together.
#[derive(Default)]
pub(super) struct ChallengeParts {
    pub board: Option<u32>,
    pub farmers: Option<u32>,
    pub time: Option<TimeControl>,
    pub timeout: Option<TimeoutPolicy>,
    pub level: Option<String>,
    pub options: ChallengeOptions,
}

impl ChallengeParts {
    /// Sets the clock, which a challenge names once.
    pub fn set_time(&mut self, time: TimeControl) -> Result<(), Text> {
        if self.time.is_some() {
            return Err(text!("parse-problem-one-clock"));
        }
        self.time = Some(time);
        Ok(())
    }

    pub fn set_level(&mut self, word: Option<&str>) -> Result<(), Text> {
        let word = word.map(english_word);
        match word.as_deref() {
            Some(l @ ("easy" | "normal" | "hard")) => {
                self.level = Some(l.to_owned());
                Ok(())
            }
            _ => Err(text!("parse-problem-level")),
        }
    }

    pub fn set_timeout(&mut self, word: Option<&str>) -> Result<(), Text> {
        let word = word.map(english_word);
        self.timeout = Some(match word.as_deref() {
            Some("loss" | "lose" | "forfeit") => TimeoutPolicy::Loss,
            Some("pass" | "auto-pass" | "autopass") => TimeoutPolicy::Pass,
            _ => return Err(text!("parse-problem-timeout")),
        });
        Ok(())
    }

    /// The challenge, once the parts agree with each other and with the game.
    pub fn finish(self, opponent: Opponent, kind: GameKind) -> Result<Command, Text> {
        let variant = Variant::new(kind, self.board, self.farmers).map_err(variant_problem)?;
        if self.level.is_some() && opponent != Opponent::Computer {
            return Err(text!("parse-problem-level-computer"));
        }
        let o = self.options;
        if (o.min_rating.is_some() || o.max_rating.is_some()) && opponent != Opponent::Anyone {
            return Err(text!("parse-problem-rating-anyone"));
        }
        if self.timeout == Some(TimeoutPolicy::Pass) && kind == GameKind::Agon {
            return Err(text!("parse-problem-timeout-pass-agon"));
        }
        Ok(Command::Challenge {
            opponent,
            variant,
            time: self.time,
            timeout: self.timeout,
            level: self.level,
            options: self.options,
        })
    }
}

/// The problem of a game's options, in the words of [`VariantError`]'s `Display`.
pub(super) fn variant_problem(e: VariantError) -> Text {
    match e {
        VariantError::Board(size) => text!("parse-problem-variant-board", size = size.to_string()),
        VariantError::Farmers(count) => {
            text!("parse-problem-variant-farmers", count = count.to_string())
        }
        VariantError::AgonOptions => text!("parse-problem-agon-options"),
    }
}

/// The game a word names, in the words of [`GameKind`]'s `FromStr`.
pub(super) fn game_kind(word: &str) -> Result<GameKind, Text> {
    word.parse().map_err(|_| {
        text!(
            "parse-problem-unknown-game",
            word = word.trim().to_ascii_lowercase()
        )
    })
}

fn parse_challenge(args: Vec<String>) -> Result<Command, ParseError> {
    let usage = |problem: Text| ParseError::Usage {
        command: "challenge",
        problem,
    };
    let mut it = args.iter();
    let who = it.next().ok_or_else(|| usage(text!("parse-problem-who")))?;
    let opponent = opponent(who).map_err(usage)?;
    let kind = match it.next() {
        None => return Err(usage(text!("parse-problem-game-missing"))),
        Some(g) => game_kind(g).map_err(usage)?,
    };
    let mut parts = ChallengeParts::default();
    let mut it = it.map(String::as_str).peekable();
    while let Some(key) = it.next() {
        let key = english_word(key);
        let key = key.as_str();
        match key {
            "board" | "size" => parts.board = Some(number("challenge", key, it.next())?),
            "farmers" => parts.farmers = Some(number("challenge", key, it.next())?),
            "days" => {
                if parts.time.is_some() {
                    return Err(usage(text!("parse-problem-one-clock")));
                }
                let days = number("challenge", key, it.next())?;
                parts
                    .set_time(TimeControl::PerMove { days })
                    .map_err(usage)?;
            }
            "bank" => {
                if parts.time.is_some() {
                    return Err(usage(text!("parse-problem-one-clock")));
                }
                let bank = take_bank(&mut it).map_err(usage)?;
                parts.set_time(bank).map_err(usage)?;
            }
            "moves" => {
                let moves = take_moves(&mut it).map_err(usage)?;
                parts.set_time(moves).map_err(usage)?;
            }
            "timeout" | "ontime" => parts.set_timeout(it.next()).map_err(usage)?,
            "auto-pass" | "autopass" => parts.timeout = Some(TimeoutPolicy::Pass),
            "level" => parts.set_level(it.next()).map_err(usage)?,
            "unrated" | "casual" | "friendly" => parts.options.unrated = true,
            "rated" => parts.options.unrated = false,
            "private" => parts.options.private = true,
            "public" => parts.options.private = false,
            "rating" | "ratings" => {
                let w = it
                    .next()
                    .ok_or_else(|| usage(text!("parse-problem-rating-missing")))?;
                let (min, max) = rating_range(w).map_err(usage)?;
                parts.options.min_rating = min;
                parts.options.max_rating = max;
            }
            // `8x8` for `board 8`.
            k if k
                .split_once('x')
                .is_some_and(|(a, b)| a == b && a.parse::<u32>().is_ok()) =>
            {
                parts.board = k.split_once('x').and_then(|(a, _)| a.parse().ok());
            }
            other => return Err(usage(text!("parse-problem-not-option", word = other))),
        }
    }
    parts.finish(opponent, kind).map_err(usage)
}

fn number<T: std::str::FromStr>(
    command: &'static str,
    key: &str,
    value: Option<&str>,
) -> Result<T, ParseError> {
    value
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| ParseError::Usage {
            command,
            problem: text!("parse-problem-needs-number", word = key),
        })
}

/// A time bank from the words after `bank`: its reserve `7d+1d`, then `max 14d` if given.
pub(super) fn take_bank<'a>(
    it: &mut std::iter::Peekable<impl Iterator<Item = &'a str>>,
) -> Result<TimeControl, Text> {
    let spec = it
        .next()
        .ok_or_else(|| text!("parse-problem-bank-reserve"))?;
    let cap = match it.peek() {
        Some(&("max" | "cap")) => {
            it.next();
            let w = it.next().ok_or_else(|| text!("parse-problem-max-amount"))?;
            Some(amount(w).ok_or_else(|| text!("parse-problem-amount-max", word = w))?)
        }
        _ => None,
    };
    bank(spec, cap)
}

/// ICCF's time control from the words after `moves`: `10 in 50d` (also `10 in 50 days`, `10/50d`;
/// `in` and `days` in any of the three languages).
pub(super) fn take_moves<'a>(
    it: &mut std::iter::Peekable<impl Iterator<Item = &'a str>>,
) -> Result<TimeControl, Text> {
    let bad = || text!("parse-problem-moves");
    let first = it.next().ok_or_else(bad)?;
    let (count, days) = match first.split_once('/') {
        Some((count, days)) => (count, days.to_owned()),
        None => {
            if it.peek().is_some_and(|w| english_word(w) == "in") {
                it.next();
            }
            (first, it.next().ok_or_else(bad)?.to_owned())
        }
    };
    let moves: u32 = count.parse().map_err(|_| bad())?;
    let days = match days.parse::<u32>() {
        // A bare number is days, with or without the word after it.
        Ok(n) => {
            if it.peek().is_some_and(|w| english_word(w) == "days") {
                it.next();
            }
            n
        }
        Err(_) => match amount(&days) {
            Some(secs) if secs % 86_400 == 0 => u32::try_from(secs / 86_400).map_err(|_| bad())?,
            _ => return Err(text!("parse-problem-moves-days", word = days.as_str())),
        },
    };
    Ok(TimeControl::Moves { moves, days })
}

/// An amount of time: `7d`, `12h`, `30m`, or a sum such as `1d12h`; in seconds.
pub fn amount(word: &str) -> Option<i64> {
    let mut total: i64 = 0;
    let mut digits = String::new();
    for c in word.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        let n: i64 = digits.parse().ok()?;
        digits.clear();
        let unit = match c {
            'd' => 86_400,
            'h' => 3600,
            'm' => 60,
            _ => return None,
        };
        total = total.checked_add(n.checked_mul(unit)?)?;
    }
    digits.is_empty().then_some(total)
}

/// `7d+1d` (the increment defaults to a day) with an optional cap (twice the start by default).
fn bank(spec: &str, cap: Option<i64>) -> Result<TimeControl, Text> {
    let (start, increment) = match spec.split_once('+') {
        Some((a, b)) => (a, Some(b)),
        None => (spec, None),
    };
    let bad = |w: &str| text!("parse-problem-amount", word = w);
    let initial = amount(start).ok_or_else(|| bad(start))?;
    let increment = match increment {
        Some(w) => amount(w).ok_or_else(|| bad(w))?,
        None => 86_400,
    };
    let max = cap.unwrap_or(initial.saturating_mul(2));
    if initial <= 0 {
        return Err(text!("parse-problem-bank-empty"));
    }
    if max < initial {
        return Err(text!("parse-problem-bank-cap"));
    }
    Ok(TimeControl::Bank {
        initial,
        increment,
        max,
    })
}

/// `vacation`, `vacation 7`, `vacation 7 days`, `vacation end`, from the (lowercase) words after
/// the command.
pub(super) fn parse_vacation(args: &[String]) -> Result<Command, ParseError> {
    let usage = |problem: Text| ParseError::Usage {
        command: "vacation",
        problem,
    };
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    match words.as_slice() {
        [] => Ok(Command::Vacation(VacationRequest::Show)),
        ["end" | "stop" | "off" | "over"] => Ok(Command::Vacation(VacationRequest::End)),
        [n] | [n, "day" | "days" | "d"] => match n.trim_end_matches('d').parse::<u32>() {
            Ok(days) if days > 0 => Ok(Command::Vacation(VacationRequest::Days(days))),
            Ok(_) => Err(usage(text!("parse-problem-vacation-min"))),
            _ => Err(usage(text!("parse-problem-vacation-days", word = *n))),
        },
        [_, extra, ..] => Err(usage(text!("parse-problem-not-understood", word = *extra))),
    }
}

fn settings_usage(problem: Text) -> ParseError {
    ParseError::Usage {
        command: "settings",
        problem,
    }
}

/// The channel `settings notify` names.
pub(super) fn notify(channel: &str) -> Result<Command, ParseError> {
    match english_word(channel).as_str() {
        "discord" => Ok(Command::Notify(Channel::Discord)),
        "email" | "e-mail" | "mail" => Ok(Command::Notify(Channel::Mail)),
        "terminal" | "local" => Ok(Command::Notify(Channel::Local)),
        other => Err(settings_usage(text!("parse-problem-channel", word = other))),
    }
}

/// The language `settings language` names.
pub(super) fn language_setting(word: &str) -> Result<Command, ParseError> {
    agora_i18n::Language::parse(word)
        .map(Command::Language)
        .ok_or_else(|| settings_usage(text!("parse-problem-language", word = word)))
}

/// The hour `settings digest` names, or `off`.
pub(super) fn digest(hour: &str) -> Result<Command, ParseError> {
    match english_word(hour).trim_end_matches(":00") {
        "off" | "none" | "no" => Ok(Command::Digest(None)),
        h => match h.parse::<u32>() {
            Ok(h) if h < 24 => Ok(Command::Digest(Some(h))),
            _ => Err(settings_usage(text!("parse-problem-hour", word = hour))),
        },
    }
}

/// The weekly rest `settings rest` names, its words in any language: `weekend`, `night 23-07`,
/// both, or `off`.
pub(super) fn rest(words: &[String]) -> Result<Command, ParseError> {
    if words.is_empty() {
        return Err(settings_usage(text!("parse-problem-rest-missing")));
    }
    let english: Vec<String> = words.iter().map(|w| english_word(w)).collect();
    match english.join(" ").parse::<agora_domain::Rest>() {
        Ok(rest) => Ok(Command::Rest(rest)),
        Err(agora_domain::RestError::TooLong(hours, n)) => Err(settings_usage(text!(
            "parse-problem-rest-long",
            hours = hours,
            length = n,
            most = agora_domain::MAX_NIGHT_HOURS
        ))),
        Err(agora_domain::RestError::Night(hours)) if hours.is_empty() => {
            Err(settings_usage(text!("parse-problem-rest-night-missing")))
        }
        Err(agora_domain::RestError::Night(hours)) => Err(settings_usage(text!(
            "parse-problem-rest-night",
            hours = hours
        ))),
        Err(agora_domain::RestError::Word(word)) => {
            Err(settings_usage(text!("parse-problem-rest", word = word)))
        }
    }
}

/// `settings calendar` (a new address) or `settings calendar off`.
pub(super) fn calendar(word: Option<&str>) -> Result<Command, ParseError> {
    match word.map(english_word).as_deref() {
        None | Some("new" | "on") => Ok(Command::Calendar(true)),
        Some("off" | "none" | "no") => Ok(Command::Calendar(false)),
        Some(other) => Err(settings_usage(text!(
            "parse-problem-calendar",
            word = other
        ))),
    }
}

fn parse_settings(words: Vec<String>) -> Result<Command, ParseError> {
    let words: Vec<String> = match words.as_slice() {
        [key, rest @ ..] => std::iter::once(english_word(key))
            .chain(rest.iter().cloned())
            .collect(),
        [] => Vec::new(),
    };
    match words.as_slice() {
        [key, zone] if key.eq_ignore_ascii_case("timezone") || key.eq_ignore_ascii_case("tz") => {
            Ok(Command::Timezone(zone.clone()))
        }
        [key, channel] if key.eq_ignore_ascii_case("notify") => notify(channel),
        [key, hour] if key.eq_ignore_ascii_case("digest") => digest(hour),
        [key, language] if key.eq_ignore_ascii_case("language") => language_setting(language),
        [key, words @ ..] if key.eq_ignore_ascii_case("rest") => rest(words),
        [key] if key.eq_ignore_ascii_case("calendar") => calendar(None),
        [key, word] if key.eq_ignore_ascii_case("calendar") => calendar(Some(word)),
        [] => Err(settings_usage(text!("parse-problem-setting-missing"))),
        [key, ..] => Err(settings_usage(text!("parse-problem-setting", word = key))),
    }
}
