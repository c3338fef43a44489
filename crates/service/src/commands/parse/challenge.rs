//! The words of a challenge: who it is for, the game, and its options (board, farmers, a clock,
//! the timeout policy, the computer's level, rating bounds), read into a [`Command::Challenge`].
//! The readers of one value (an opponent, a time bank, ICCF's `moves`) serve
//! [`crate::commands::build`] and the tournament commands too.

use super::rating_range;
use crate::commands::table::english_word;
use crate::commands::{ChallengeOptions, Command, Opponent, ParseError};
use agora_domain::{Identity, TimeControl, TimeoutPolicy};
use agora_i18n::{Text, text};
use agora_rules::{GameKind, Variant, VariantError};

/// Who a challenge is for, from one word: `computer`, a Discord mention, an address or a name.
pub(in crate::commands) fn opponent(who: &str) -> Result<Opponent, Text> {
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
pub(in crate::commands) struct ChallengeParts {
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
pub(in crate::commands) fn variant_problem(e: VariantError) -> Text {
    match e {
        VariantError::Board(size) => text!("parse-problem-variant-board", size = size.to_string()),
        VariantError::Farmers(count) => {
            text!("parse-problem-variant-farmers", count = count.to_string())
        }
        VariantError::AgonOptions => text!("parse-problem-agon-options"),
    }
}

/// The game a word names, in the words of [`GameKind`]'s `FromStr`.
pub(in crate::commands) fn game_kind(word: &str) -> Result<GameKind, Text> {
    word.parse().map_err(|_| {
        text!(
            "parse-problem-unknown-game",
            word = word.trim().to_ascii_lowercase()
        )
    })
}

pub(super) fn parse_challenge(args: Vec<String>) -> Result<Command, ParseError> {
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
pub(in crate::commands) fn take_bank<'a>(
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
pub(in crate::commands) fn take_moves<'a>(
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
