//! `agora engine`: the computer opponent behind a line protocol on standard input and output, so
//! outside programs (match runners, other game systems) can play against it, as chess engines
//! speak UCI and Go engines GTP. docs/tools.md documents the protocol; [`Session::handle`] is all of
//! it, and only answers ever reach standard output.

use agora_ai::{Budget, Level, think};
use agora_rules::{AnyPosition, GameKind, Variant};
use clap::Args;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

#[derive(Args)]
pub struct EngineArgs {
    /// Seed of the search; each `go` mixes in how many came before it.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Milliseconds a level may think at `go level …` (as the service's `computer_think_ms`).
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
}

/// The longest `go movetime` accepted: an hour.
const MAX_MOVETIME_MS: u64 = 3_600_000;
/// The most playouts `go playouts` accepts.
const MAX_PLAYOUTS: u64 = 100_000_000;
/// Time kept back from `go movetime` for answering: the search stops this much sooner.
const ANSWER_MARGIN: Duration = Duration::from_millis(5);

/// One engine's state between lines: the game and the position it was given.
pub struct Session {
    variant: Variant,
    position: AnyPosition,
    seed: u64,
    searches: u64,
    think: Duration,
}

/// What a line asks of the session: lines to print, and whether to stop.
pub enum Reply {
    Lines(Vec<String>),
    Quit,
}

fn one(line: impl Into<String>) -> Reply {
    Reply::Lines(vec![line.into()])
}

impl Session {
    pub fn new(seed: u64, think: Duration) -> Session {
        Session {
            variant: Variant::Agon,
            position: Variant::Agon.start(),
            seed,
            searches: 0,
            think,
        }
    }

    /// Answers one line of the protocol.
    pub fn handle(&mut self, line: &str) -> Reply {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => Reply::Lines(Vec::new()),
            ["new", rest @ ..] => self.new_game(rest),
            ["position", actions @ ..] => self.set_position(actions),
            ["go", rest @ ..] => self.go(rest),
            ["quit"] => Reply::Quit,
            _ => one("error unknown command"),
        }
    }

    fn new_game(&mut self, words: &[&str]) -> Reply {
        let variant = match words {
            ["agon"] => Ok(Variant::Agon),
            ["agros", board, farmers] => match (board.parse::<u32>(), farmers.parse::<u32>()) {
                (Ok(board), Ok(farmers)) => {
                    Variant::new(GameKind::Agros, Some(board), Some(farmers))
                        .map_err(|e| e.to_string())
                }
                _ => Err(format!(
                    "the board and the farmers are numbers: new agros <board> <farmers>, not `new agros {board} {farmers}`"
                )),
            },
            _ => Err("write new agon or new agros <board> <farmers>".to_string()),
        };
        match variant {
            Ok(v) => {
                self.variant = v;
                self.position = v.start();
                one("ok")
            }
            Err(e) => one(format!("error {e}")),
        }
    }

    /// Replays `actions` from the start (the rules' one replay); on the first one that cannot be
    /// played nothing changes.
    fn set_position(&mut self, actions: &[&str]) -> Reply {
        match self.variant.replay(actions, |_, _, _| {}) {
            Ok(position) => {
                self.position = position;
                one("ok")
            }
            Err(e) if e.position.is_finished() => one(format!(
                "error action {}, `{}`: the game is already over",
                e.ply(),
                e.text
            )),
            Err(e) => {
                let lang = agora_service::Language::En;
                let why = agora_service::action_problem(lang, &e.position, &e.text, &e.error)
                    .in_lang(lang);
                one(format!("error action {}, {why}", e.ply()))
            }
        }
    }

    fn go(&mut self, words: &[&str]) -> Reply {
        let kind = self.variant.kind();
        let budget = match words {
            ["movetime", ms] => match ms.parse::<u64>() {
                Ok(ms) if (1..=MAX_MOVETIME_MS).contains(&ms) => Budget::time(
                    Duration::from_millis(ms)
                        .saturating_sub(ANSWER_MARGIN)
                        .max(Duration::from_micros(500)),
                ),
                _ => {
                    return one(format!(
                        "error the movetime is a number of milliseconds from 1 to {MAX_MOVETIME_MS}, not `{ms}`"
                    ));
                }
            },
            ["playouts", n] => match n.parse::<u64>() {
                Ok(n) if (1..=MAX_PLAYOUTS).contains(&n) => Budget::playouts(n as u32),
                _ => {
                    return one(format!(
                        "error the playouts are a number from 1 to {MAX_PLAYOUTS}, not `{n}`"
                    ));
                }
            },
            ["level", level] => match level.parse::<Level>() {
                Ok(level) => level.budget(kind, self.think),
                Err(e) => return one(format!("error {e}")),
            },
            _ => {
                return one(
                    "error write go movetime <ms>, go playouts <n> or go level <easy|normal|hard>",
                );
            }
        };
        if self.position.is_finished() {
            return one("error the game is over: there is no move to find");
        }
        self.searches += 1;
        let seed = self
            .seed
            .wrapping_add(self.searches.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let (action, stats) = think(&self.position, budget, seed);
        let Some(action) = action else {
            return one("error the game is over: there is no move to find");
        };
        Reply::Lines(vec![
            format!(
                "info playouts {} nodes {} plies {} time {}",
                stats.playouts,
                stats.nodes,
                stats.playout_plies,
                stats.elapsed.as_millis()
            ),
            format!("bestmove {}", self.position.notation(action)),
        ])
    }
}

pub fn run(args: EngineArgs) -> anyhow::Result<ExitCode> {
    let mut session = Session::new(args.seed, Duration::from_millis(args.think_ms.max(1)));
    let stdin = std::io::stdin().lock();
    let mut stdout = std::io::stdout().lock();
    for line in stdin.lines() {
        let line = line?;
        match session.handle(&line) {
            Reply::Quit => break,
            Reply::Lines(lines) => {
                for l in lines {
                    writeln!(stdout, "{l}")?;
                }
                stdout.flush()?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(s: &mut Session, line: &str) -> Vec<String> {
        match s.handle(line) {
            Reply::Lines(l) => l,
            Reply::Quit => vec!["<quit>".into()],
        }
    }

    #[test]
    fn answers_every_line_as_documented() {
        let mut s = Session::new(1, Duration::from_millis(50));
        assert_eq!(lines(&mut s, "new agon"), ["ok"]);
        assert_eq!(lines(&mut s, "position"), ["ok"]);
        assert_eq!(lines(&mut s, "position k1-j1"), ["ok"]);
        let out = lines(&mut s, "go playouts 50");
        assert!(out[0].starts_with("info playouts 50 "), "{out:?}");
        let best = out[1].strip_prefix("bestmove ").expect("a bestmove line");
        assert!(s.position.parse_action(best).is_ok());
        assert_eq!(lines(&mut s, "frobnicate"), ["error unknown command"]);
        assert_eq!(lines(&mut s, ""), Vec::<String>::new());
        assert_eq!(lines(&mut s, "quit"), ["<quit>"]);
    }

    #[test]
    fn a_bad_position_says_why_and_changes_nothing() {
        let mut s = Session::new(1, Duration::from_millis(50));
        assert_eq!(lines(&mut s, "position k1-j1"), ["ok"]);
        let out = lines(&mut s, "position k1-j1 k1-k3");
        assert!(
            out[0].starts_with("error action 2, `k1-k3` is not legal here: "),
            "{out:?}"
        );
        let out = lines(&mut s, "position k1-zz");
        assert!(
            out[0].starts_with("error action 1, cannot read `k1-zz` as an action: "),
            "{out:?}"
        );
        assert_eq!(s.position.legal_actions().len(), {
            let mut p = Variant::Agon.start();
            p.play(p.parse_action("k1-j1").unwrap()).unwrap();
            p.legal_actions().len()
        });
    }

    #[test]
    fn agros_games_and_bad_arguments() {
        let mut s = Session::new(1, Duration::from_millis(50));
        assert_eq!(lines(&mut s, "new agros 8 3"), ["ok"]);
        assert_eq!(lines(&mut s, "position d4 a1,h8"), ["ok"]);
        let out = lines(&mut s, "go movetime 30");
        assert!(out[1].starts_with("bestmove "), "{out:?}");
        for bad in [
            "new agros 9 3",
            "new agros x 3",
            "new chess",
            "go movetime 0",
            "go movetime soon",
            "go playouts -4",
            "go level expert",
            "go",
        ] {
            let out = lines(&mut s, bad);
            assert!(
                out.len() == 1 && out[0].starts_with("error "),
                "{bad}: {out:?}"
            );
        }
        assert_eq!(
            lines(&mut s, "position d4 a1,h8 b2,g7 a8 pass pass"),
            ["ok"]
        );
        assert_eq!(
            lines(&mut s, "go level easy"),
            ["error the game is over: there is no move to find"]
        );
    }
}
