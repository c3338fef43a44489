//! A command from a front end's typed values (Discord's slash options), without going through
//! text: each value is read by its argument's kind from the table, and the pieces that read one
//! argument's text (an opponent, a time bank, a vacation, a setting) are the text parser's own,
//! so both ways in accept and refuse the same things with the same words.

use super::parse::{self, ChallengeParts};
use super::table::CommandSpec;
use super::{Command, Opponent, ParseError};
use agora_domain::{Identity, TimeControl};
use agora_i18n::{Text, text};

/// One typed value a front end collected for an argument.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// Text as the person gave it; for a [`Choice`](super::ArgKind::Choice), the
    /// chosen word.
    Text(String),
    Number(i64),
    /// A person picked on the medium itself (a Discord user).
    Identity(Identity),
}

impl Value {
    fn text(&self) -> String {
        match self {
            Value::Text(t) => t.trim().to_owned(),
            Value::Number(n) => n.to_string(),
            Value::Identity(i) => i.to_string(),
        }
    }
}

/// The values of one invocation, read against its table entry.
struct Values<'a> {
    spec: &'static CommandSpec,
    values: &'a [(String, Value)],
}

impl Values<'_> {
    fn usage(&self, problem: Text) -> ParseError {
        ParseError::Usage {
            command: self.spec.name,
            problem,
        }
    }

    fn get(&self, name: &str) -> Option<&Value> {
        self.values.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    fn text(&self, name: &str) -> Option<String> {
        self.get(name).map(Value::text)
    }

    /// The text's words in lower case, as the text parser reads a command's arguments.
    fn words(&self, name: &str) -> Vec<String> {
        self.text(name)
            .unwrap_or_default()
            .split_whitespace()
            .map(super::table::english_word)
            .collect()
    }

    /// A whole number that fits `T`, or the text parser's complaint.
    fn number<T: TryFrom<i64> + std::str::FromStr>(
        &self,
        name: &str,
    ) -> Result<Option<T>, ParseError> {
        let Some(value) = self.get(name) else {
            return Ok(None);
        };
        let n = match value {
            Value::Number(n) => T::try_from(*n).ok(),
            other => other.text().parse().ok(),
        };
        n.map(Some)
            .ok_or_else(|| self.usage(text!("parse-problem-needs-number", word = name)))
    }

    /// The game the command names, if any.
    fn game(&self) -> Result<Option<i64>, ParseError> {
        match self.get("game") {
            None => Ok(None),
            Some(Value::Number(n)) => Ok(Some(*n)),
            Some(other) => {
                let t = other.text();
                let digits = t.strip_prefix('#').unwrap_or(&t);
                digits
                    .parse()
                    .map(Some)
                    .map_err(|_| self.usage(text!("parse-problem-not-game", word = t)))
            }
        }
    }

    /// Every value must belong to an argument of the command.
    fn check_names(&self) -> Result<(), ParseError> {
        match self.values.iter().find(|(n, _)| self.spec.arg(n).is_none()) {
            Some((n, _)) => Err(self.usage(text!("parse-problem-not-option", word = n))),
            None => Ok(()),
        }
    }
}

/// The command an invocation of `spec` with these values (by argument name) stands for.
// Over 80 lines: one match arm per command of the table.
pub fn build(
    spec: &'static CommandSpec,
    values: &[(String, Value)],
) -> Result<Command, ParseError> {
    // Typed values are bounded like a command line: together no longer than one may be.
    let chars: usize = values
        .iter()
        .map(|(name, value)| match value {
            Value::Text(t) => name.len() + 1 + t.chars().count(),
            Value::Number(_) | Value::Identity(_) => name.len() + 21,
        })
        .sum();
    if chars > parse::MAX_COMMAND_CHARS {
        return Err(ParseError::TooLong {
            chars,
            max: parse::MAX_COMMAND_CHARS,
        });
    }
    let v = Values { spec, values };
    v.check_names()?;
    match spec.name {
        "help" => Ok(parse::help_topic(&v.words("command"))),
        "challenge" => challenge(&v),
        "accept" => Ok(Command::Accept(v.game()?)),
        "decline" => Ok(Command::Decline(v.game()?)),
        "cancel" => Ok(Command::Cancel(v.game()?)),
        "move" => {
            let game = v.game()?;
            let ply = v.number("ply").map_err(|_| {
                let w = v.text("ply").unwrap_or_default();
                v.usage(text!("parse-problem-ply-number", word = w))
            })?;
            // The same tolerance as a command line: runs of spaces, trailing punctuation.
            let words = v.text("action").unwrap_or_default();
            let words: Vec<&str> = words.split_whitespace().collect();
            let action = words
                .join(" ")
                .trim_end_matches(['.', '!', '?', ';', ',', ':', ' '])
                .to_owned();
            if action.is_empty() {
                return Err(v.usage(text!("parse-problem-action-missing")));
            }
            Ok(Command::Move { game, ply, action })
        }
        "pass" => Ok(Command::Move {
            game: v.game()?,
            ply: None,
            action: "pass".into(),
        }),
        "resign" => Ok(Command::Resign(v.game()?)),
        "draw" | "undo" => {
            let reply = parse::reply(spec.name, v.words("reply").first().map(String::as_str))?;
            let game = v.game()?;
            Ok(match spec.name {
                "draw" => Command::Draw(reply, game),
                _ => Command::Undo(reply, game),
            })
        }
        "board" => Ok(Command::Board(v.game()?)),
        "history" => Ok(Command::History(v.game()?)),
        "games" => match v.words("which").first().map(String::as_str) {
            None | Some("mine") => Ok(Command::Games),
            Some("live") => Ok(Command::Live),
            Some(other) => Err(v.usage(text!("parse-problem-not-live", word = other))),
        },
        "next" => Ok(Command::Next),
        "seeks" => Ok(Command::Seeks),
        "watch" | "unwatch" => {
            let Some(game) = v.game()? else {
                return Err(v.usage(text!("parse-problem-name-game-short")));
            };
            Ok(match spec.name {
                "watch" => Command::Watch(Some(game)),
                _ => Command::Unwatch(Some(game)),
            })
        }
        "preview" => {
            let game = v.game()?;
            let words = v.text("action").unwrap_or_default();
            let action = words.split_whitespace().collect::<Vec<_>>().join(" ");
            if action.is_empty() {
                return Err(v.usage(text!("parse-problem-action-missing")));
            }
            Ok(Command::Preview { game, action })
        }
        "export" => Ok(Command::Export(v.game()?)),
        "analysis" => Ok(Command::Analysis(v.game()?)),
        "note" => {
            let text = v
                .text("text")
                .map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "))
                .filter(|t| !t.is_empty());
            Ok(Command::Note {
                game: v.game()?,
                text,
            })
        }
        // The words in the order the text takes them (`create 3 …` has no number: a new one).
        "tournament" => {
            let raw: Vec<String> = [v.text("action"), v.text("tournament"), v.text("details")]
                .into_iter()
                .flatten()
                .flat_map(|t| t.split_whitespace().map(str::to_owned).collect::<Vec<_>>())
                .collect();
            let args: Vec<String> = raw.iter().map(|w| super::table::english_word(w)).collect();
            super::tournament::parse(&args, &raw).map(Command::Tournament)
        }
        "conditional" => Ok(Command::Conditional {
            game: v.game()?,
            words: v
                .text("line")
                .map(|t| t.split_whitespace().map(str::to_owned).collect())
                .unwrap_or_default(),
        }),
        "rating" => Ok(Command::Rating(
            v.text("player")
                .map(|p| p.trim().trim_start_matches('@').to_owned())
                .filter(|p| !p.is_empty()),
        )),
        "leaderboard" => {
            let mut words = v.words("game");
            words.extend(v.words("board"));
            parse::leaderboard(&words)
        }
        "settings" => settings(&v),
        "vacation" => parse::parse_vacation(&v.words("days")),
        "link" => parse::link(
            &v.text("code")
                .unwrap_or_default()
                .split_whitespace()
                .map(str::to_ascii_lowercase)
                .collect::<Vec<_>>(),
        ),
        other => unreachable!("command `{other}` in the table but not in the builder"),
    }
}

fn challenge(v: &Values<'_>) -> Result<Command, ParseError> {
    let usage = |problem: Text| v.usage(problem);
    let opponent = match v.get("opponent") {
        None => return Err(usage(text!("parse-problem-who"))),
        Some(Value::Identity(identity)) => Opponent::Identity(identity.clone()),
        Some(other) => parse::opponent(&other.text().to_ascii_lowercase()).map_err(usage)?,
    };
    let kind = match v.text("game") {
        None => return Err(usage(text!("parse-problem-game-missing"))),
        Some(g) => parse::game_kind(&g.to_ascii_lowercase()).map_err(usage)?,
    };
    let mut parts = ChallengeParts {
        board: v.number("board")?,
        farmers: v.number("farmers")?,
        ..ChallengeParts::default()
    };
    if let Some(days) = v.number("days")? {
        parts
            .set_time(TimeControl::PerMove { days })
            .map_err(usage)?;
    }
    if v.get("bank").is_some() {
        let words = v.words("bank");
        let mut it = words.iter().map(String::as_str).peekable();
        let bank = parse::take_bank(&mut it).map_err(usage)?;
        if let Some(extra) = it.next() {
            return Err(usage(text!("parse-problem-not-option", word = extra)));
        }
        parts.set_time(bank).map_err(usage)?;
    }
    if v.get("moves").is_some() {
        let words = v.words("moves");
        let mut it = words.iter().map(String::as_str).peekable();
        let moves = parse::take_moves(&mut it).map_err(usage)?;
        if let Some(extra) = it.next() {
            return Err(usage(text!("parse-problem-not-option", word = extra)));
        }
        parts.set_time(moves).map_err(usage)?;
    }
    if v.get("timeout").is_some() {
        let words = v.words("timeout");
        parts
            .set_timeout(words.first().map(String::as_str))
            .map_err(usage)?;
    }
    if v.get("level").is_some() {
        let words = v.words("level");
        parts
            .set_level(words.first().map(String::as_str))
            .map_err(usage)?;
    }
    match v.words("rated").first().map(String::as_str) {
        None | Some("rated") => {}
        Some("unrated") => parts.options.unrated = true,
        Some(other) => return Err(usage(text!("parse-problem-not-rated", word = other))),
    }
    match v.words("private").first().map(String::as_str) {
        None | Some("public") => {}
        Some("private") => parts.options.private = true,
        Some(other) => return Err(usage(text!("parse-problem-not-private", word = other))),
    }
    if let Some(range) = v.text("rating") {
        let (min, max) = parse::rating_range(range.trim()).map_err(usage)?;
        parts.options.min_rating = min;
        parts.options.max_rating = max;
    }
    parts.finish(opponent, kind).map_err(usage)
}

/// One setting per command: a front end that takes several at once builds one command for each.
fn settings(v: &Values<'_>) -> Result<Command, ParseError> {
    let given: Vec<&str> = [
        "timezone", "notify", "digest", "language", "rest", "calendar",
    ]
    .into_iter()
    .filter(|n| v.get(n).is_some())
    .collect();
    let key = match given.as_slice() {
        [] => return Err(v.usage(text!("parse-problem-setting-missing"))),
        [key] => *key,
        _ => return Err(v.usage(text!("parse-problem-one-setting"))),
    };
    let value = v.text(key).unwrap_or_default();
    if key == "rest" {
        let words: Vec<String> = value.split_whitespace().map(str::to_owned).collect();
        return parse::rest(&words);
    }
    if value.split_whitespace().count() != 1 {
        return Err(v.usage(text!("parse-problem-setting", word = key)));
    }
    match key {
        "timezone" => Ok(Command::Timezone(value)),
        "notify" => parse::notify(&value),
        "language" => parse::language_setting(&value),
        "calendar" => parse::calendar(Some(&value)),
        _ => parse::digest(&value),
    }
}
