//! `agora rules …`: the scriptable face of the rules engine (replay, perft, bench).

use agora_rules::{AnyAction, AnyPosition, GameKind, Seat, Variant, agon, agros};
use anyhow::Context;
use clap::{Args, Subcommand};
use cpu_time::ThreadTime;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

#[derive(Subcommand)]
pub enum RulesCommand {
    /// Read one action per line from stdin and print one JSON object per action, then the result.
    Replay(ReplayArgs),
    /// Count the leaves of the game tree from the start position.
    Perft {
        #[arg(long, value_parser = parse_kind)]
        game: GameKind,
        #[arg(long)]
        depth: u32,
    },
    /// Measure seeded random playouts per second and plies per second on one thread.
    Bench {
        /// CPU seconds to spend on each game.
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Only this game.
        #[arg(long, value_parser = parse_kind)]
        game: Option<GameKind>,
    },
}

/// Which game and variant; shared by every command that starts a game.
#[derive(Args, Clone, Debug)]
pub struct GameArgs {
    /// agon or agros.
    #[arg(long, value_parser = parse_kind)]
    pub game: GameKind,
    /// Agros board size: 8, 10 or 12 (default 10).
    #[arg(long)]
    pub board: Option<u32>,
    /// Agros farmers per side: 3, 5 or 7 (default 5).
    #[arg(long)]
    pub farmers: Option<u32>,
}

impl GameArgs {
    pub fn variant(&self) -> anyhow::Result<Variant> {
        Ok(Variant::new(self.game, self.board, self.farmers)?)
    }
}

#[derive(Args)]
pub struct ReplayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Also list every legal action before each action.
    #[arg(long)]
    legal: bool,
}

pub fn parse_kind(s: &str) -> Result<GameKind, String> {
    s.parse()
}

pub fn run(cmd: RulesCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        RulesCommand::Replay(args) => {
            let stdin = std::io::stdin();
            let stdout = std::io::stdout();
            replay(
                args.game.variant()?,
                args.legal,
                stdin.lock(),
                &mut stdout.lock(),
            )
        }
        RulesCommand::Perft { game, depth } => {
            let count = match game {
                GameKind::Agon => agon::perft(&agon::Position::start(), depth),
                GameKind::Agros => agros_perft(&agros::Position::new(Default::default())?, depth),
            };
            println!("{count}");
            Ok(ExitCode::SUCCESS)
        }
        RulesCommand::Bench {
            seconds,
            seed,
            game,
        } => {
            bench(Duration::from_secs_f64(seconds), seed, game);
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn agros_perft(p: &agros::Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let actions = p.legal_actions();
    if depth == 1 {
        return actions.len() as u64;
    }
    actions
        .into_iter()
        .map(|a| {
            let mut next = p.clone();
            next.play_unchecked(a);
            agros_perft(&next, depth - 1)
        })
        .sum()
}

/// The lines of a replay as the user typed them: blank lines and `#` comments dropped.
pub fn action_lines(input: impl BufRead) -> anyhow::Result<Vec<String>> {
    let mut out = Vec::new();
    for line in input.lines() {
        let line = line.context("reading the actions")?;
        let t = line.trim();
        if !t.is_empty() && !t.starts_with('#') {
            out.push(t.to_string());
        }
    }
    Ok(out)
}

fn replay(
    variant: Variant,
    with_legal: bool,
    input: impl BufRead,
    out: &mut impl Write,
) -> anyhow::Result<ExitCode> {
    let kind = variant.kind();
    let mut position = variant.start();
    let name = |s: Seat| kind.seat_name(s);
    for (i, text) in action_lines(input)?.iter().enumerate() {
        let ply = i + 1;
        let action = match position.parse_action(text) {
            Ok(a) => a,
            Err(e) => {
                writeln!(out, "{}", json!({"ply": ply, "error": e.to_string()}))?;
                return Ok(ExitCode::from(2));
            }
        };
        let mut line = json!({
            "ply": ply,
            "to_act": name(position.to_act()),
            "legal_count": position.legal_count(),
            "action": position.notation(action),
            "captures": position.captures(action),
        });
        if with_legal {
            line["legal"] = json!(sorted_legal(&position));
        }
        writeln!(out, "{line}")?;
        position.play_unchecked(action);
    }
    writeln!(out, "{}", final_line(&position))?;
    Ok(ExitCode::SUCCESS)
}

/// Every legal action in canonical form, in plain string order.
pub fn sorted_legal(position: &AnyPosition) -> Vec<String> {
    let mut v: Vec<String> = position
        .legal_actions()
        .into_iter()
        .map(|a: AnyAction| position.notation(a))
        .collect();
    v.sort();
    v
}

fn final_line(position: &AnyPosition) -> Value {
    let kind = position.kind();
    let outcome = position.outcome();
    let score = match position {
        AnyPosition::Agon(_) => Value::Null,
        AnyPosition::Agros(p) => agros_score_json(p),
    };
    json!({
        "final": true,
        "status": if outcome.is_some() { "finished" } else { "ongoing" },
        "to_act": kind.seat_name(position.to_act()),
        "legal_count": if outcome.is_some() { 0 } else { position.legal_count() },
        "winner": outcome.and_then(|o| o.winner).map(|s| kind.seat_name(s)),
        "draw": outcome.is_some_and(|o| o.is_draw()),
        "reason": outcome.map(|o| o.reason.code()),
        "score": score,
    })
}

/// The AR-14 score report as JSON.
pub fn agros_score_json(p: &agros::Position) -> Value {
    let score = p.score();
    let fields: Vec<Value> = score
        .fields
        .iter()
        .map(|f| {
            json!({
                "squares": f.squares.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
                "light": f.harvests[0],
                "dark": f.harvests[1],
                "controller": f.controller.map(agros::seat_name),
                "value": f.value,
            })
        })
        .collect();
    json!({
        "light": score.total(Seat::First),
        "dark": score.total(Seat::Second),
        "half_point": score.half_point.map(agros::seat_name),
        "fields": fields,
    })
}

/// Random playouts as the computer opponent runs them: list the legal actions, pick one, play it,
/// detect the end (Agon repetition included). Time is the thread's CPU time, so other load on a
/// shared machine does not count against the rules engine.
fn bench(budget: Duration, seed: u64, only: Option<GameKind>) {
    println!(
        "random playouts on one thread, {:.1} CPU s per game, seed {seed}",
        budget.as_secs_f64()
    );
    let mut rng = SmallRng::seed_from_u64(seed);
    if only != Some(GameKind::Agros) {
        let template = agon::Position::start();
        let mut buf = Vec::with_capacity(64);
        let (mut games, mut plies, start) = (0u64, 0u64, ThreadTime::now());
        while start.elapsed() < budget {
            let mut p = template.clone();
            loop {
                buf.clear();
                p.legal_actions_into(&mut buf);
                if buf.is_empty() {
                    break;
                }
                p.play_unchecked(buf[rng.random_range(0..buf.len())]);
                plies += 1;
            }
            games += 1;
        }
        report("agon", games, plies, start.elapsed());
    }
    if only == Some(GameKind::Agon) {
        return;
    }
    for setup in [
        agros::Setup {
            board: 10,
            farmers: 5,
        },
        agros::Setup {
            board: 8,
            farmers: 3,
        },
        agros::Setup {
            board: 12,
            farmers: 7,
        },
    ] {
        let template = agros::Position::new(setup).expect("an offered variant");
        let mut buf = Vec::with_capacity(64);
        let (mut games, mut plies, start) = (0u64, 0u64, ThreadTime::now());
        while start.elapsed() < budget {
            let mut p = template.clone();
            loop {
                buf.clear();
                p.legal_actions_into(&mut buf);
                if buf.is_empty() {
                    break;
                }
                p.play_unchecked(buf[rng.random_range(0..buf.len())]);
                plies += 1;
            }
            games += 1;
        }
        report(
            &format!(
                "agros {}x{} {} farmers",
                setup.board, setup.board, setup.farmers
            ),
            games,
            plies,
            start.elapsed(),
        );
    }
}

fn report(name: &str, games: u64, plies: u64, took: Duration) {
    let s = took.as_secs_f64();
    println!(
        "{name:<24} {:>10.0} playouts/s {:>12.0} plies/s  ({games} games, {:.1} plies/game)",
        games as f64 / s,
        plies as f64 / s,
        plies as f64 / games.max(1) as f64
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_replay(variant: Variant, input: &str, legal: bool) -> (Vec<Value>, ExitCode) {
        let mut out = Vec::new();
        let code = replay(variant, legal, input.as_bytes(), &mut out).unwrap();
        let lines = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        (lines, code)
    }

    #[test]
    fn replay_reports_captures_and_final_state() {
        let (lines, code) = run_replay(Variant::Agon, "# a capture\n\na4-a5\na6-b7\na5-a6\n", true);
        assert_eq!(code, ExitCode::SUCCESS);
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[0]["legal_count"], 27);
        assert_eq!(lines[0]["legal"].as_array().unwrap().len(), 27);
        assert_eq!(lines[2]["action"], "a5-a6xb7");
        assert_eq!(lines[2]["captures"], json!(["b7"]));
        assert_eq!(lines[3]["final"], true);
        assert_eq!(lines[3]["to_act"], "black");
        assert_eq!(lines[3]["status"], "ongoing");
        assert_eq!(lines[3]["score"], Value::Null);
    }

    #[test]
    fn replay_stops_at_the_first_bad_action() {
        let (lines, code) = run_replay(Variant::Agon, "k1-j1\nk3-k9\nk1-k2\n", false);
        assert_eq!(code, ExitCode::from(2));
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[1]["ply"], 2);
        assert_eq!(
            lines[1]["error"],
            "`k9` is not a cell: row k has cells k1 to k6"
        );
    }

    #[test]
    fn replay_scores_agros() {
        let variant = Variant::new(GameKind::Agros, Some(8), Some(3)).unwrap();
        let (lines, code) = run_replay(variant, "d4\na1,h8\nb2,g7\na8\npass\npass\n", false);
        assert_eq!(code, ExitCode::SUCCESS);
        let last = lines.last().unwrap();
        assert_eq!(last["status"], "finished");
        assert_eq!(last["reason"], "two-passes");
        assert_eq!(last["legal_count"], 0);
        assert!(last["score"]["fields"].as_array().unwrap().len() == 1);
        let light = last["score"]["light"].as_f64().unwrap();
        let dark = last["score"]["dark"].as_f64().unwrap();
        let winner = if light > dark {
            json!("light")
        } else if dark > light {
            json!("dark")
        } else {
            Value::Null
        };
        assert_eq!(last["winner"], winner);
    }
}
