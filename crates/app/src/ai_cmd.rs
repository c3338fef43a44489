//! `agora ai …`: matches between computer levels, a random player and outside engines (through
//! `agora engine`'s protocol), a ladder of the levels, and a benchmark of the search, for
//! measuring and tuning the computer opponent. No search logic lives here.
//!
//! This file holds the command line and the match participants; each command is in a module of
//! its own (`matches`, `ladder`, `bench`, `analyse`), and the sides of a game with the outside
//! engine's process in `engine`.

mod analyse;
mod bench;
mod engine;
mod ladder;
mod matches;

use crate::rules_cmd::GameArgs;
use agora_ai::Level;
use clap::{Args, Subcommand};
use std::fmt;
use std::process::ExitCode;
use std::str::FromStr;

#[derive(Subcommand)]
pub enum AiCommand {
    /// Play a match between two players, alternating who moves first, and print the result for A.
    Match(MatchArgs),
    /// Play every level against its neighbours and estimate each level's Elo rating.
    Ladder(LadderArgs),
    /// Measure playouts per second and the average time per move at each level.
    Bench(BenchArgs),
    /// Analyse a whole game as the service does after it ends (a record, or a game the easy
    /// level plays against itself), and print its largest mistakes and how long it took.
    Analyse(AnalyseArgs),
}

#[derive(Args)]
pub struct AnalyseArgs {
    #[command(flatten)]
    game: crate::rules_cmd::GameOrRecord,
    /// Milliseconds the search has for each position (the service's `[ai] analysis_ms`).
    #[arg(long, default_value_t = 500)]
    ms: u64,
    /// Threads (the service's `[ai] analysis_threads`).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(Args)]
pub struct MatchArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Player A: easy, normal, hard, random, playouts:N (a search of exactly N playouts) or
    /// engine:COMMAND (an outside program speaking `agora engine`'s protocol).
    #[arg(long)]
    a: Player,
    /// Player B, as A.
    #[arg(long)]
    b: Player,
    /// Games to play; A moves first in the even-numbered ones.
    #[arg(long, default_value_t = 20)]
    games: u32,
    #[command(flatten)]
    common: MatchOptions,
}

/// What every match of a command shares: how long a move may take, seeds and threads.
#[derive(Args, Clone)]
pub struct MatchOptions {
    /// Milliseconds each side may think about a move: the levels think this long (`hard` all of
    /// it), engines are sent `go movetime MS`.
    #[arg(long, default_value_t = 1000)]
    movetime: u64,
    /// Milliseconds an engine may take beyond --movetime before its game is lost.
    #[arg(long, default_value_t = 50)]
    grace: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once, one thread each (an engine is started once per thread).
    #[arg(long, default_value_t = 1)]
    jobs: u32,
    /// A game still running after this many plies is counted as a draw.
    #[arg(long, default_value_t = 1500)]
    max_plies: u32,
}

#[derive(Args)]
pub struct LadderArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Games of each match between neighbours.
    #[arg(long, default_value_t = 20)]
    games: u32,
    #[command(flatten)]
    common: MatchOptions,
}

#[derive(Args)]
pub struct BenchArgs {
    /// Positions searched per game and level.
    #[arg(long, default_value_t = 4)]
    positions: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Milliseconds the levels may think about a move (`hard` uses all of them).
    #[arg(long, default_value_t = 1000)]
    movetime: u64,
    /// Skip the hard level (it takes the longest).
    #[arg(long)]
    no_hard: bool,
}

/// A match participant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A level of the computer, thinking for the match's movetime.
    Computer(Level),
    /// The uniformly random player.
    Random,
    /// A search of exactly this many playouts, whatever the time, with today's playouts (the old
    /// `hard` is [`Player::Classic`]).
    Playouts(u32),
    /// How `hard` played when the levels were playout counts ([`agora_ai::classic`]): the
    /// yardstick of the levels' strength.
    Classic,
    /// An outside program speaking the engine protocol: its command line.
    Engine(String),
}

impl FromStr for Player {
    type Err = String;
    fn from_str(s: &str) -> Result<Player, String> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("random") {
            return Ok(Player::Random);
        }
        if t.eq_ignore_ascii_case("classic") {
            return Ok(Player::Classic);
        }
        if let Some(command) = t.strip_prefix("engine:") {
            return match shlex::split(command) {
                Some(words) if !words.is_empty() => Ok(Player::Engine(command.to_string())),
                _ => Err(format!("engine:`{command}` is not a command line")),
            };
        }
        if let Some(n) = t.strip_prefix("playouts:") {
            return match n.parse::<u32>() {
                Ok(n) if n > 0 => Ok(Player::Playouts(n)),
                _ => Err(format!("playouts:N takes a number of playouts, not `{n}`")),
            };
        }
        t.parse()
            .map(Player::Computer)
            .map_err(|e| format!("{e} (or random, classic, playouts:N, engine:COMMAND)"))
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Computer(l) => l.fmt(f),
            Player::Random => f.write_str("random"),
            Player::Playouts(n) => write!(f, "playouts:{n}"),
            Player::Classic => f.write_str("classic"),
            Player::Engine(command) => write!(f, "engine:{command}"),
        }
    }
}

pub fn run(cmd: AiCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        AiCommand::Match(args) => {
            matches::play_match(
                &args.game.variant()?,
                [&args.a, &args.b],
                args.games,
                &args.common,
                true,
            )?;
            Ok(ExitCode::SUCCESS)
        }
        AiCommand::Ladder(args) => ladder::ladder(&args),
        AiCommand::Bench(args) => {
            bench::bench(&args);
            Ok(ExitCode::SUCCESS)
        }
        AiCommand::Analyse(args) => analyse::analyse(&args),
    }
}

/// Mixes the match seed and a number into an independent-looking seed (splitmix64).
fn mix(seed: u64, n: u64) -> u64 {
    let mut x = seed ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_parse() {
        assert_eq!("random".parse::<Player>(), Ok(Player::Random));
        assert_eq!("Classic".parse::<Player>(), Ok(Player::Classic));
        assert_eq!("Hard".parse::<Player>(), Ok(Player::Computer(Level::Hard)));
        assert_eq!(
            "playouts:10000".parse::<Player>(),
            Ok(Player::Playouts(10_000))
        );
        assert_eq!(
            "engine:agora engine --seed 2".parse::<Player>(),
            Ok(Player::Engine("agora engine --seed 2".into()))
        );
        assert!("expert".parse::<Player>().is_err());
        assert!("playouts:0".parse::<Player>().is_err());
        assert!("engine:".parse::<Player>().is_err());
        assert!("engine:\"unclosed".parse::<Player>().is_err());
    }
}
