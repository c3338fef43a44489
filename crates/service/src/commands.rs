//! The command language: one table of commands (name, aliases, usage, help) that feeds the parser,
//! the `help` reply and every front end's command list, and the parser itself.
//!
//! Parsing is pure and knows no games or players: it turns text into a [`Command`] or a
//! [`ParseError`] that says what is wrong and how to fix it. Whether an action is legal, whose
//! turn it is and which game is meant are the lifecycle's business.

use agora_rules::{GameKind, Variant};
use agora_store::{TimeControl, TimeoutPolicy};
use std::fmt;

/// One entry of the command table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommandSpec {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    pub usage: &'static str,
    /// One line, for the command list.
    pub summary: &'static str,
    /// A paragraph, for `help <command>`.
    pub help: &'static str,
}

/// Every command, in the order `help` lists them.
pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec {
        name: "help",
        aliases: &["?", "commands"],
        usage: "help [command]",
        summary: "list the commands, or explain one",
        help: "Without a command, lists every command. With one, shows its usage and what it does.",
    },
    CommandSpec {
        name: "challenge",
        aliases: &["invite", "new"],
        usage: "challenge <opponent> <agon|agros> [board 8|10|12] [farmers 3|5|7] [days D | bank 7d+1d max 14d] [timeout loss|pass] [level easy|normal|hard]",
        summary: "invite someone (or the computer) to a game",
        help: "The opponent is a player's name, an e-mail address, a Discord mention or `computer`. \
               You take the first seat (White in Agon, Light in Agros). Agros takes a board size \
               (default 10) and farmers per side (default 5). The clock is `days D` per move \
               (default 3) or a time bank: `bank 7d+1d max 14d` starts each player with 7 days, \
               adds 1 day after each of their actions and never holds more than 14 (amounts in \
               d, h or m; the increment defaults to 1d, the cap to twice the start). A missed \
               deadline loses the game; in Agros `timeout pass` passes the turn instead. `level` \
               sets the computer's strength.",
    },
    CommandSpec {
        name: "accept",
        aliases: &["yes"],
        usage: "accept [#game]",
        summary: "accept a challenge",
        help: "Starts a game you were challenged to, e.g. `accept #12`. The game may be left out \
               when only one challenge waits for you.",
    },
    CommandSpec {
        name: "decline",
        aliases: &["no", "refuse"],
        usage: "decline [#game]",
        summary: "refuse a challenge",
        help: "Refuses a game you were challenged to; nothing is recorded against anyone.",
    },
    CommandSpec {
        name: "cancel",
        aliases: &["withdraw"],
        usage: "cancel [#game]",
        summary: "withdraw a challenge you made",
        help: "Withdraws a challenge that has not been accepted yet. A game under way ends with \
               `resign` instead.",
    },
    CommandSpec {
        name: "move",
        aliases: &["mv", "m", "play"],
        usage: "move [#game] [ply N] <action>",
        summary: "play an action (the word `move` may be left out)",
        help: "Plays an action in the game's notation: Agon `k1-j1`, a return `b7=f6`; Agros `e5`, \
               `c3,h8` (or `c3 h8`), a harvest `e5-e7`, a sow `e6=e8`, `pass`; any case, spaces around \
               `-` and `=` allowed. Name the game as `#12` (or `game 12`) when several wait for you; \
               in an answer to a game's mail or in its Discord thread the game is known. `ply N` \
               guards against acting on a position that has changed: N must be the number of \
               actions played so far. With only one game waiting for you, a bare action is enough.",
    },
    CommandSpec {
        name: "pass",
        aliases: &[],
        usage: "pass [#game]",
        summary: "pass your turn (Agros, movement phase)",
        help: "Passes in Agros (AR-7). A pass right after your opponent's pass ends the game (AR-9). \
               Agon has no passing.",
    },
    CommandSpec {
        name: "resign",
        aliases: &["forfeit"],
        usage: "resign [#game]",
        summary: "give up a game under way",
        help: "Ends the game at once as a loss for you.",
    },
    CommandSpec {
        name: "draw",
        aliases: &[],
        usage: "draw offer|accept|decline [#game]",
        summary: "offer, accept or decline a draw (Agon)",
        help: "Offers a draw in Agon; the offer stands until your opponent accepts, declines or acts.",
    },
    CommandSpec {
        name: "undo",
        aliases: &["takeback"],
        usage: "undo [accept|decline] [#game]",
        summary: "ask to take back your last action, or grant it",
        help: "`undo` asks your opponent to let you take back your last action, as long as they have \
               not acted since; `undo accept` grants it, `undo decline` refuses.",
    },
    CommandSpec {
        name: "board",
        aliases: &["show", "position"],
        usage: "board [#game]",
        summary: "show the board of a game",
        help: "Shows the current position, whose turn it is and the deadline (and the score so far in \
               Agros).",
    },
    CommandSpec {
        name: "history",
        aliases: &["record", "moves"],
        usage: "history [#game]",
        summary: "show a game's record",
        help: "Shows every action of the game, numbered per pair (AG-16, AR-17), and the result.",
    },
    CommandSpec {
        name: "games",
        aliases: &["list", "mygames"],
        usage: "games",
        summary: "list your open games",
        help: "Lists your challenges and games under way: opponent, whose turn it is and the deadline.",
    },
    CommandSpec {
        name: "settings",
        aliases: &["set"],
        usage: "settings timezone <IANA zone> | settings notify <discord|email|terminal> | settings digest <hour|off>",
        summary: "set your time zone, where notifications go, or a daily digest",
        help: "`settings timezone Europe/Amsterdam` shows deadlines in your zone. `settings notify \
               email` sends your notifications by mail (to a linked address), `discord` to Discord. \
               `settings digest 8` sends one message at 08:00 your time listing every game waiting \
               for you, instead of a reminder per game; `settings digest off` goes back to \
               reminders.",
    },
    CommandSpec {
        name: "vacation",
        aliases: &["holiday", "away"],
        usage: "vacation [days | end]",
        summary: "pause your clocks in all your games",
        help: "`vacation 7` pauses the clocks of all your games for 7 days, taken from your yearly \
               allowance; your opponents see it on their boards. `vacation end` comes back early \
               and returns the unused days. `vacation` alone shows what is left of your allowance.",
    },
    CommandSpec {
        name: "link",
        aliases: &[],
        usage: "link [code]",
        summary: "link another Discord account or e-mail address to you",
        help: "`link` gives a one-time code; send `link <code>` from your other account (Discord or \
               an address) and both become one player, with the same games.",
    },
];

/// Who a challenge is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Opponent {
    Name(String),
    /// An identity address: `mailto:…` or `discord:…`.
    Identity(String),
    Computer,
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
    Timezone(String),
    Notify(String),
    /// `settings digest <hour>`; `None` = off.
    Digest(Option<u32>),
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

/// Why a text is not a command, with the fix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseError {
    Empty,
    Unknown {
        word: String,
        closest: Option<&'static str>,
    },
    Usage {
        command: &'static str,
        problem: String,
    },
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
            ParseError::Usage { command, problem } => {
                let usage = spec(command).map_or("", |s| s.usage);
                write!(f, "{problem}; usage: {usage}")
            }
        }
    }
}

/// The table entry for a name or alias, case-insensitive.
pub fn spec(word: &str) -> Option<&'static CommandSpec> {
    let word = word.trim().to_ascii_lowercase();
    COMMANDS
        .iter()
        .find(|c| c.name == word || c.aliases.contains(&word.as_str()))
}

/// The command name closest to a mistyped word, if any is close enough to be a likely typo.
pub fn closest_command(word: &str) -> Option<&'static str> {
    let word = word.to_ascii_lowercase();
    COMMANDS
        .iter()
        .flat_map(|c| {
            std::iter::once(c.name)
                .chain(c.aliases.iter().copied())
                .map(move |n| (c.name, n))
        })
        .map(|(name, n)| (edit_distance(&word, n), name))
        .filter(|&(d, name)| d <= 2.max(name.len() / 3) && d < word.len().max(1))
        .min()
        .map(|(_, name)| name)
}

/// The Levenshtein distance, for suggestions of commands and player names.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

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
        let named = words[i].eq_ignore_ascii_case("game");
        let n = if named {
            match words.get(i + 1).and_then(|w| game_number(w)) {
                Some(n) => {
                    words.drain(i..i + 2);
                    n
                }
                None => {
                    let after = words.get(i + 1).map_or("nothing", String::as_str);
                    return Err(ParseError::Usage {
                        command,
                        problem: format!(
                            "`game` is followed by a game number such as `game 12`, not {after}"
                        ),
                    });
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
                    problem: format!("two games are named, #{m} and #{n}: name one"),
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
    let usage = |problem: String| ParseError::Usage {
        command: "move",
        problem,
    };
    let Some(w) = words.get(i + 1) else {
        return Err(usage(
            "`ply` is followed by the number of actions played so far".into(),
        ));
    };
    let n = w
        .strip_prefix('#')
        .unwrap_or(w)
        .parse()
        .map_err(|_| usage(format!("`ply {w}`: `{w}` is not a ply number")))?;
    words.drain(i..i + 2);
    Ok(Some(n))
}

/// A command that takes only an optional game reference.
fn game_only(command: &'static str, mut words: Vec<String>) -> Result<Option<i64>, ParseError> {
    let game = take_game(command, &mut words)?;
    if let Some(extra) = words.first() {
        return Err(ParseError::Usage {
            command,
            problem: format!("`{extra}` is not a game reference such as #12"),
        });
    }
    Ok(game)
}

/// Parses a command text (see [`command_line`] for the tolerance).
pub fn parse(text: &str) -> Result<Command, ParseError> {
    let line = command_line(text);
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
    let args: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
    match spec.name {
        "help" => Ok(Command::Help(args.first().cloned())),
        "challenge" => parse_challenge(args),
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
            let reply = match args.first().map(String::as_str) {
                None if command == "undo" => Reply::Offer,
                Some("offer" | "propose" | "ask") => Reply::Offer,
                Some("accept" | "yes" | "agree" | "grant") => Reply::Accept,
                Some("decline" | "no" | "refuse") => Reply::Decline,
                None => {
                    return Err(ParseError::Usage {
                        command,
                        problem: "say offer, accept or decline".into(),
                    });
                }
                Some(other) => {
                    return Err(ParseError::Usage {
                        command,
                        problem: format!("`{other}` is not offer, accept or decline"),
                    });
                }
            };
            if let Some(extra) = args.get(1) {
                return Err(ParseError::Usage {
                    command,
                    problem: format!("`{extra}` is not a game reference such as #12"),
                });
            }
            Ok(match command {
                "draw" => Command::Draw(reply, game),
                _ => Command::Undo(reply, game),
            })
        }
        "board" => Ok(Command::Board(game_only("board", args)?)),
        "history" => Ok(Command::History(game_only("history", args)?)),
        "games" => Ok(Command::Games),
        "settings" => parse_settings(words),
        "vacation" => parse_vacation(&args),
        "link" => match args.as_slice() {
            [] => Ok(Command::Link(None)),
            [code] => Ok(Command::Link(Some(code.to_ascii_uppercase()))),
            _ => Err(ParseError::Usage {
                command: "link",
                problem: "the code is one word".into(),
            }),
        },
        other => unreachable!("command `{other}` in the table but not in the parser"),
    }
}

fn parse_move(mut words: Vec<String>) -> Result<Command, ParseError> {
    // The ply guard first: its number is not a game.
    let ply = take_ply(&mut words)?;
    let game = take_game("move", &mut words)?;
    if words.is_empty() {
        return Err(ParseError::Usage {
            command: "move",
            problem: "the action is missing".into(),
        });
    }
    Ok(Command::Move {
        game,
        ply,
        action: words.join(" "),
    })
}

fn number<T: std::str::FromStr>(
    command: &'static str,
    key: &str,
    value: Option<&String>,
) -> Result<T, ParseError> {
    value
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| ParseError::Usage {
            command,
            problem: format!("`{key}` needs a number"),
        })
}

fn parse_challenge(args: Vec<String>) -> Result<Command, ParseError> {
    let usage = |problem: String| ParseError::Usage {
        command: "challenge",
        problem,
    };
    let mut it = args.iter();
    let who = it
        .next()
        .ok_or_else(|| usage("who do you challenge?".into()))?;
    let opponent = if who == "computer" || who == "cpu" || who == "ai" {
        Opponent::Computer
    } else if let Some(id) = who
        .strip_prefix("<@")
        .and_then(|w| w.strip_suffix('>'))
        .map(|w| w.trim_start_matches('!'))
    {
        if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
            return Err(usage(format!("`{who}` is not a Discord mention")));
        }
        Opponent::Identity(format!("discord:{id}"))
    } else if who.contains('@') {
        let address = who.strip_prefix("mailto:").unwrap_or(who);
        let (local, domain) = address.split_once('@').unwrap_or(("", ""));
        if local.is_empty() || !domain.contains('.') {
            return Err(usage(format!("`{who}` is not an e-mail address")));
        }
        Opponent::Identity(format!("mailto:{address}"))
    } else {
        Opponent::Name(who.trim_start_matches('@').to_owned())
    };
    let kind: GameKind = match it.next() {
        None => return Err(usage("the game is missing: agon or agros".into())),
        Some(g) => g.parse().map_err(usage)?,
    };
    let (mut board, mut farmers, mut time, mut timeout, mut level) = (None, None, None, None, None);
    let mut it = it.peekable();
    while let Some(key) = it.next() {
        match key.as_str() {
            "board" | "size" => board = Some(number("challenge", key, it.next())?),
            "farmers" => farmers = Some(number("challenge", key, it.next())?),
            "days" => {
                if time.is_some() {
                    return Err(usage("give one clock: `days D` or `bank ...`".into()));
                }
                time = Some(TimeControl::PerMove {
                    days: number("challenge", key, it.next())?,
                });
            }
            "bank" => {
                if time.is_some() {
                    return Err(usage("give one clock: `days D` or `bank ...`".into()));
                }
                let spec = it.next().ok_or_else(|| {
                    usage("`bank` needs a reserve, e.g. `bank 7d+1d max 14d`".into())
                })?;
                let cap = match it.peek().map(|w| w.as_str()) {
                    Some("max" | "cap") => {
                        it.next();
                        let w = it
                            .next()
                            .ok_or_else(|| usage("`max` needs an amount, e.g. `max 14d`".into()))?;
                        Some(amount(w).ok_or_else(|| {
                            usage(format!("`{w}` is not an amount of time such as 14d or 12h"))
                        })?)
                    }
                    _ => None,
                };
                time = Some(bank(spec, cap).map_err(usage)?);
            }
            "timeout" | "ontime" => {
                timeout = Some(match it.next().map(String::as_str) {
                    Some("loss" | "lose" | "forfeit") => TimeoutPolicy::Loss,
                    Some("pass" | "auto-pass" | "autopass") => TimeoutPolicy::Pass,
                    _ => return Err(usage("`timeout` is followed by loss or pass".into())),
                });
            }
            "auto-pass" | "autopass" => timeout = Some(TimeoutPolicy::Pass),
            "level" => match it.next().map(String::as_str) {
                Some(l @ ("easy" | "normal" | "hard")) => level = Some(l.to_owned()),
                _ => return Err(usage("the level is easy, normal or hard".into())),
            },
            // `8x8` for `board 8`.
            k if k
                .split_once('x')
                .is_some_and(|(a, b)| a == b && a.parse::<u32>().is_ok()) =>
            {
                board = k.split_once('x').and_then(|(a, _)| a.parse().ok());
            }
            other => return Err(usage(format!("`{other}` is not an option"))),
        }
    }
    let variant = Variant::new(kind, board, farmers).map_err(|e| usage(e.to_string()))?;
    if level.is_some() && opponent != Opponent::Computer {
        return Err(usage("`level` is for a game against the computer".into()));
    }
    if timeout == Some(TimeoutPolicy::Pass) && kind == GameKind::Agon {
        return Err(usage(
            "`timeout pass` is for Agros: Agon has no passing (AG-5), so a missed deadline loses"
                .into(),
        ));
    }
    Ok(Command::Challenge {
        opponent,
        variant,
        time,
        timeout,
        level,
    })
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
fn bank(spec: &str, cap: Option<i64>) -> Result<TimeControl, String> {
    let (start, increment) = match spec.split_once('+') {
        Some((a, b)) => (a, Some(b)),
        None => (spec, None),
    };
    let bad = |w: &str| format!("`{w}` is not an amount of time such as 7d or 12h");
    let initial = amount(start).ok_or_else(|| bad(start))?;
    let increment = match increment {
        Some(w) => amount(w).ok_or_else(|| bad(w))?,
        None => 86_400,
    };
    let max = cap.unwrap_or(initial.saturating_mul(2));
    if initial <= 0 {
        return Err("the bank's reserve must be more than nothing".into());
    }
    if max < initial {
        return Err("the bank's cap (`max`) must be at least its reserve".into());
    }
    Ok(TimeControl::Bank {
        initial,
        increment,
        max,
    })
}

fn parse_vacation(args: &[String]) -> Result<Command, ParseError> {
    let usage = |problem: String| ParseError::Usage {
        command: "vacation",
        problem,
    };
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    match words.as_slice() {
        [] => Ok(Command::Vacation(VacationRequest::Show)),
        ["end" | "stop" | "off" | "over"] => Ok(Command::Vacation(VacationRequest::End)),
        [n] | [n, "day" | "days" | "d"] => match n.trim_end_matches('d').parse::<u32>() {
            Ok(days) if days > 0 => Ok(Command::Vacation(VacationRequest::Days(days))),
            Ok(_) => Err(usage("a vacation is at least 1 day".into())),
            _ => Err(usage(format!("`{n}` is not a number of days or `end`"))),
        },
        [_, extra, ..] => Err(usage(format!("`{extra}` is not understood here"))),
    }
}

fn parse_settings(words: Vec<String>) -> Result<Command, ParseError> {
    let usage = |problem: String| ParseError::Usage {
        command: "settings",
        problem,
    };
    match words.as_slice() {
        [key, zone] if key.eq_ignore_ascii_case("timezone") || key.eq_ignore_ascii_case("tz") => {
            Ok(Command::Timezone(zone.clone()))
        }
        [key, channel] if key.eq_ignore_ascii_case("notify") => {
            match channel.to_ascii_lowercase().as_str() {
                "discord" => Ok(Command::Notify("discord".into())),
                "email" | "e-mail" | "mail" => Ok(Command::Notify("mailto".into())),
                "terminal" | "local" => Ok(Command::Notify("local".into())),
                other => Err(usage(format!(
                    "`{other}` is not discord, email or terminal"
                ))),
            }
        }
        [key, hour] if key.eq_ignore_ascii_case("digest") => {
            match hour.to_ascii_lowercase().trim_end_matches(":00") {
                "off" | "none" | "no" => Ok(Command::Digest(None)),
                h => match h.parse::<u32>() {
                    Ok(h) if h < 24 => Ok(Command::Digest(Some(h))),
                    _ => Err(usage(format!(
                        "`{hour}` is not an hour from 0 to 23 or `off`"
                    ))),
                },
            }
        }
        [] => Err(usage("the setting is missing".into())),
        [key, ..] => Err(usage(format!(
            "`{key}` is not timezone, notify or digest with one value"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tolerant_of_case_spaces_punctuation_and_signature() {
        assert_eq!(
            parse("  MOVE   k1-j1 .\n\n-- \nAnn").unwrap(),
            Command::Move {
                game: None,
                ply: None,
                action: "k1-j1".into()
            }
        );
        assert_eq!(parse("/Accept 3!").unwrap(), Command::Accept(Some(3)));
        assert_eq!(parse("> quoted\nresign").unwrap(), Command::Resign(None));
    }

    fn mv(game: Option<i64>, ply: Option<u32>, action: &str) -> Command {
        Command::Move {
            game,
            ply,
            action: action.into(),
        }
    }

    #[test]
    fn a_game_is_hash_or_the_word_game_and_the_ply_guard_is_the_word_ply() {
        assert_eq!(
            parse("move ply 0 k1-j1").unwrap(),
            mv(None, Some(0), "k1-j1")
        );
        assert_eq!(parse("move #3 k1-j1").unwrap(), mv(Some(3), None, "k1-j1"));
        assert_eq!(
            parse("game 3 ply 4 e5").unwrap(),
            mv(Some(3), Some(4), "e5")
        );
        assert_eq!(parse("Game #3 e5").unwrap(), mv(Some(3), None, "e5"));
        assert_eq!(parse("e5 #3").unwrap(), mv(Some(3), None, "e5"));
        assert_eq!(parse("accept #12").unwrap(), Command::Accept(Some(12)));
        assert_eq!(parse("accept game 12").unwrap(), Command::Accept(Some(12)));
        assert_eq!(parse("accept 12").unwrap(), Command::Accept(Some(12)));
        assert_eq!(
            parse("draw offer #4").unwrap(),
            Command::Draw(Reply::Offer, Some(4))
        );
        assert_eq!(
            parse("undo #4 accept").unwrap(),
            Command::Undo(Reply::Accept, Some(4))
        );
        assert!(parse("move #3 #4 e5").is_err());
        assert!(parse("move ply x e5").is_err());
        assert!(parse("accept g12").is_err());
    }

    #[test]
    fn squares_of_the_g_file_are_never_games() {
        for (text, action) in [
            ("g5", "g5"),
            ("move g5", "g5"),
            ("G5", "G5"),
            ("play g5", "g5"),
        ] {
            assert_eq!(parse(text).unwrap(), mv(None, None, action));
        }
        assert_eq!(parse("g6 f5").unwrap(), mv(None, None, "g6 f5"));
        assert_eq!(parse("g1 f5").unwrap(), mv(None, None, "g1 f5"));
        assert_eq!(parse("g1 - f1").unwrap(), mv(None, None, "g1 - f1"));
        assert_eq!(parse("G1 - F1").unwrap(), mv(None, None, "G1 - F1"));
        assert_eq!(parse("Gg1-f1").unwrap(), mv(None, None, "Gg1-f1"));
        assert_eq!(parse("g10 – g9").unwrap(), mv(None, None, "g10 – g9"));
        assert_eq!(parse("#2 g12").unwrap(), mv(Some(2), None, "g12"));
        assert_eq!(
            parse("harvest g5 n").unwrap(),
            mv(None, None, "harvest g5 n")
        );
    }

    #[test]
    fn bare_actions_are_moves() {
        assert_eq!(
            parse("#12 ply 4 c3,h8").unwrap(),
            mv(Some(12), Some(4), "c3,h8")
        );
        assert!(matches!(parse("harvest e5 n"), Ok(Command::Move { .. })));
    }

    #[test]
    fn unknown_commands_suggest_the_closest() {
        assert_eq!(
            parse("chalenge bob agon"),
            Err(ParseError::Unknown {
                word: "chalenge".into(),
                closest: Some("challenge")
            })
        );
    }

    #[test]
    fn challenge_options() {
        let c = parse("challenge <@123> agros board 8 farmers 3 days 2").unwrap();
        assert_eq!(
            c,
            Command::Challenge {
                opponent: Opponent::Identity("discord:123".into()),
                variant: Variant::Agros {
                    board: 8,
                    farmers: 3
                },
                time: Some(TimeControl::PerMove { days: 2 }),
                timeout: None,
                level: None
            }
        );
        assert!(parse("challenge bob agon board 8").is_err());
        assert!(parse("challenge ann@example.org agros farmers 4").is_err());
    }

    #[test]
    fn time_banks_and_timeout_policies() {
        let Ok(Command::Challenge { time, timeout, .. }) =
            parse("challenge bob agros bank 7d+1d max 14d timeout pass")
        else {
            panic!("not a challenge");
        };
        assert_eq!(
            time,
            Some(TimeControl::Bank {
                initial: 7 * 86_400,
                increment: 86_400,
                max: 14 * 86_400
            })
        );
        assert_eq!(timeout, Some(TimeoutPolicy::Pass));
        assert_eq!(amount("1d12h"), Some(129_600));
        assert!(parse("challenge bob agon timeout pass").is_err());
        assert!(parse("challenge bob agon bank 7x").is_err());
        assert!(parse("challenge bob agon bank 7d max 3d").is_err());
        assert!(parse("challenge bob agon days 3 bank 7d").is_err());
        assert_eq!(
            parse("vacation 10 days").unwrap(),
            Command::Vacation(VacationRequest::Days(10))
        );
        assert_eq!(
            parse("settings digest 8").unwrap(),
            Command::Digest(Some(8))
        );
        assert!(parse("settings digest 24").is_err());
    }

    #[test]
    fn every_table_entry_parses() {
        for c in COMMANDS {
            assert!(spec(c.name).is_some());
            for a in c.aliases {
                assert_eq!(spec(a).unwrap().name, c.name);
            }
        }
    }
}
