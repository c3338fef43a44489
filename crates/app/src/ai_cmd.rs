//! `agora ai …`: matches between computer levels (or a random player) and a benchmark of the
//! search, for measuring and tuning the computer opponent. No search logic lives here.

use crate::rules_cmd::GameArgs;
use agora_ai::{Level, choose_action, random_action};
use agora_rules::{AnyPosition, GameKind, Seat, Variant};
use anyhow::bail;
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use std::fmt;
use std::process::ExitCode;
use std::str::FromStr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

#[derive(Subcommand)]
pub enum AiCommand {
    /// Play a match between two players, alternating who moves first, and print the result for A.
    Match(MatchArgs),
    /// Measure playouts per second and the average time per move at each level.
    Bench(BenchArgs),
}

#[derive(Args)]
pub struct MatchArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Player A: easy, normal or hard (or random).
    #[arg(long)]
    a: Player,
    /// Player B: easy, normal, hard or random.
    #[arg(long)]
    b: Player,
    /// Games to play; A moves first in the even-numbered ones.
    #[arg(long, default_value_t = 20)]
    games: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once, one thread each.
    #[arg(long, default_value_t = 1)]
    jobs: u32,
    /// A game still running after this many plies is counted as a draw.
    #[arg(long, default_value_t = 1500)]
    max_plies: u32,
}

#[derive(Args)]
pub struct BenchArgs {
    /// Positions searched per game and level.
    #[arg(long, default_value_t = 4)]
    positions: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Skip the hard level (it takes the longest).
    #[arg(long)]
    no_hard: bool,
}

/// A match participant: a level of the computer or the uniformly random player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Computer(Level),
    Random,
}

impl FromStr for Player {
    type Err = String;
    fn from_str(s: &str) -> Result<Player, String> {
        if s.trim().eq_ignore_ascii_case("random") {
            return Ok(Player::Random);
        }
        s.parse()
            .map(Player::Computer)
            .map_err(|e| format!("{e} (or random)"))
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Computer(l) => l.fmt(f),
            Player::Random => f.write_str("random"),
        }
    }
}

impl Player {
    fn act(self, p: &AnyPosition, seed: u64) -> Option<agora_rules::AnyAction> {
        match self {
            Player::Computer(level) => choose_action(p, level, seed),
            Player::Random => random_action(p, seed),
        }
    }
}

pub fn run(cmd: AiCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        AiCommand::Match(args) => play_match(&args),
        AiCommand::Bench(args) => {
            bench(&args);
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// How one game ended, seen from A.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Result3 {
    Win,
    Draw,
    Loss,
}

/// Mixes the match seed and a number into an independent-looking seed (splitmix64).
fn mix(seed: u64, n: u64) -> u64 {
    let mut x = seed ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

struct GameReport {
    result: Result3,
    plies: u32,
    capped: bool,
    /// Time spent choosing actions, per player (A, B), and the actions chosen.
    thinking: [(Duration, u32); 2],
}

fn play_game(
    variant: Variant,
    players: [Player; 2],
    a_first: bool,
    seed: u64,
    max_plies: u32,
) -> GameReport {
    let mut p = variant.start();
    // seat_of_a: the seat A sits in.
    let seat_of_a = if a_first { Seat::First } else { Seat::Second };
    let mut thinking = [(Duration::ZERO, 0u32); 2];
    let mut plies = 0;
    while !p.is_finished() && plies < max_plies {
        let who = usize::from(p.to_act() != seat_of_a);
        let start = Instant::now();
        let action = players[who]
            .act(&p, mix(seed, u64::from(plies)))
            .expect("an unfinished game has an action");
        thinking[who].0 += start.elapsed();
        thinking[who].1 += 1;
        p.play(action).expect("players only choose legal actions");
        plies += 1;
    }
    let result = match p.outcome().map(|o| o.winner) {
        Some(Some(s)) if s == seat_of_a => Result3::Win,
        Some(Some(_)) => Result3::Loss,
        _ => Result3::Draw,
    };
    GameReport {
        result,
        plies,
        capped: !p.is_finished(),
        thinking,
    }
}

/// The Wilson score interval at 95 % for a proportion `p` of `n` trials.
fn wilson(p: f64, n: f64) -> (f64, f64) {
    let z: f64 = 1.96;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

fn play_match(args: &MatchArgs) -> anyhow::Result<ExitCode> {
    let variant = args.game.variant()?;
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    let players = [args.a, args.b];
    println!(
        "{variant}: A = {} vs B = {}, {} games, seed {}",
        args.a, args.b, args.games, args.seed
    );
    let bar = ProgressBar::new(u64::from(args.games));
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {msg}  [{elapsed_precise}]")
            .expect("a valid template"),
    );
    let next = AtomicU32::new(0);
    let reports: Mutex<Vec<(u32, GameReport)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..args.jobs.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= args.games {
                        break;
                    }
                    let report = play_game(
                        variant,
                        players,
                        i.is_multiple_of(2),
                        mix(args.seed, u64::from(i)),
                        args.max_plies,
                    );
                    let line = format!(
                        "game {}: A ({}) {} in {} plies{}",
                        i + 1,
                        variant.kind().seat_name(if i.is_multiple_of(2) {
                            Seat::First
                        } else {
                            Seat::Second
                        }),
                        match report.result {
                            Result3::Win => "won",
                            Result3::Draw => "drew",
                            Result3::Loss => "lost",
                        },
                        report.plies,
                        if report.capped { " (stopped)" } else { "" }
                    );
                    // A hidden bar (output not a terminal) prints nothing, so a log still
                    // shows how the match goes.
                    if bar.is_hidden() {
                        eprintln!("{line}");
                    } else {
                        bar.println(line);
                    }
                    let mut all = reports.lock().expect("no panics while held");
                    all.push((i, report));
                    let count = |r| all.iter().filter(|(_, g)| g.result == r).count();
                    bar.set_message(format!(
                        "A: {} won, {} drawn, {} lost",
                        count(Result3::Win),
                        count(Result3::Draw),
                        count(Result3::Loss)
                    ));
                    bar.inc(1);
                }
            });
        }
    });
    bar.finish();
    let mut reports = reports.into_inner().expect("threads done");
    reports.sort_by_key(|(i, _)| *i);
    let n = reports.len() as f64;
    let count = |r| reports.iter().filter(|(_, g)| g.result == r).count();
    let (w, d, l) = (
        count(Result3::Win),
        count(Result3::Draw),
        count(Result3::Loss),
    );
    let score = (w as f64 + d as f64 / 2.0) / n;
    let (lo, hi) = wilson(score, n);
    let first_wins = reports
        .iter()
        .filter(|(i, g)| (g.result == Result3::Win) == (i % 2 == 0) && g.result != Result3::Draw)
        .count();
    let capped = reports.iter().filter(|(_, g)| g.capped).count();
    let plies: u32 = reports.iter().map(|(_, g)| g.plies).sum();
    let per_move = |k: usize| {
        let (t, m) = reports.iter().fold((Duration::ZERO, 0u32), |acc, (_, g)| {
            (acc.0 + g.thinking[k].0, acc.1 + g.thinking[k].1)
        });
        t.as_secs_f64() / f64::from(m.max(1))
    };
    println!(
        "A ({}) vs B ({}): {w} wins, {d} draws, {l} losses in {} games",
        args.a,
        args.b,
        reports.len()
    );
    println!(
        "A's score {:.1} % (95 % Wilson interval {:.1} % – {:.1} %)",
        100.0 * score,
        100.0 * lo,
        100.0 * hi
    );
    println!(
        "the first player won {first_wins} games; {:.1} plies per game{}; time per move: A {:.3} s, B {:.3} s",
        f64::from(plies) / n,
        if capped > 0 {
            format!(", {capped} stopped at --max-plies (drawn)")
        } else {
            String::new()
        },
        per_move(0),
        per_move(1)
    );
    Ok(ExitCode::SUCCESS)
}

/// Positions to search: the start, and positions a few random plies (then more) into a game.
fn bench_positions(variant: Variant, count: u32, seed: u64) -> Vec<AnyPosition> {
    let mut out = Vec::new();
    for k in 0..count {
        let mut p = variant.start();
        // Spread the positions over the game: the start, the opening, the middle.
        let depth = match variant.kind() {
            GameKind::Agon => k * 12,
            GameKind::Agros => k * 4,
        };
        for ply in 0..depth {
            if p.is_finished() {
                break;
            }
            let a = random_action(&p, mix(seed, u64::from(k * 1000 + ply))).expect("unfinished");
            p.play_unchecked(a);
        }
        if !p.is_finished() {
            out.push(p);
        }
    }
    out
}

fn bench(args: &BenchArgs) {
    let variants = [
        Variant::Agon,
        Variant::Agros {
            board: 8,
            farmers: 3,
        },
        Variant::Agros {
            board: 10,
            farmers: 5,
        },
        Variant::Agros {
            board: 12,
            farmers: 7,
        },
    ];
    println!(
        "one thread, {} positions per game (the start and later ones), seed {}",
        args.positions, args.seed
    );
    println!(
        "{:<26} {:>7} {:>9} {:>13} {:>13}",
        "game", "level", "playouts", "playouts/s", "s per move"
    );
    for variant in variants {
        let positions = bench_positions(variant, args.positions, args.seed);
        for level in Level::ALL {
            if args.no_hard && level == Level::Hard {
                continue;
            }
            let budget = level.playouts(variant.kind());
            let (mut playouts, mut took) = (0u64, Duration::ZERO);
            for (k, p) in positions.iter().enumerate() {
                let start = Instant::now();
                let (_, stats) = agora_ai::search(p, budget, mix(args.seed, k as u64));
                took += start.elapsed();
                playouts += u64::from(stats.playouts);
            }
            let secs = took.as_secs_f64();
            println!(
                "{:<26} {:>7} {:>9} {:>13.0} {:>13.3}",
                variant.to_string(),
                level.code(),
                budget,
                playouts as f64 / secs.max(1e-9),
                secs / positions.len().max(1) as f64
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_brackets_the_score() {
        let (lo, hi) = wilson(0.5, 100.0);
        assert!((lo - 0.404).abs() < 0.002 && (hi - 0.596).abs() < 0.002);
        let (lo, hi) = wilson(1.0, 40.0);
        assert!(lo > 0.9 && hi == 1.0);
    }

    #[test]
    fn players_parse() {
        assert_eq!("random".parse::<Player>(), Ok(Player::Random));
        assert_eq!("Hard".parse::<Player>(), Ok(Player::Computer(Level::Hard)));
        assert!("expert".parse::<Player>().is_err());
    }
}
