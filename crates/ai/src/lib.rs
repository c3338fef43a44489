//! The computer opponent for Agon and Agros: Monte Carlo tree search on `agora-rules` only.
//!
//! [`choose_action`] is all a caller needs: a position, a [`Level`] and a seed in, a legal action
//! out. Levels differ only in how many playouts the search may run, never in wall time, so a
//! given position, level and seed always give the same action, on any machine and under any load.
//!
//! This crate does no I/O, reads no clock and keeps no state between calls; running it off the
//! async runtime (a blocking pool or a thread) is the caller's business.

mod agon;
mod agros;
mod mcts;

pub use mcts::Stats;

use agora_rules::{AnyAction, AnyPosition, GameKind};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::fmt;
use std::str::FromStr;

/// How strongly the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Easy,
    Normal,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// The stable text code: `easy`, `normal`, `hard`.
    pub fn code(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// The playouts one move may use in this game. `hard` is sized to answer within a few
    /// seconds on one core of a modest machine.
    pub fn playouts(self, kind: GameKind) -> u32 {
        match (kind, self) {
            (GameKind::Agon, Level::Easy) => 200,
            (GameKind::Agon, Level::Normal) => 2_000,
            (GameKind::Agon, Level::Hard) => 10_000,
            (GameKind::Agros, Level::Easy) => 200,
            (GameKind::Agros, Level::Normal) => 1_500,
            (GameKind::Agros, Level::Hard) => 6_000,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A level name that is not `easy`, `normal` or `hard`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelError(pub String);

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown level `{}`: the levels are easy, normal and hard",
            self.0
        )
    }
}

impl std::error::Error for LevelError {}

impl FromStr for Level {
    type Err = LevelError;

    fn from_str(s: &str) -> Result<Level, LevelError> {
        let t = s.trim();
        Level::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(t))
            .ok_or_else(|| LevelError(t.to_string()))
    }
}

/// The computer's action at `level`: `None` when the game is over. The same position, level and
/// seed always give the same action, and the action is always legal.
pub fn choose_action(position: &AnyPosition, level: Level, seed: u64) -> Option<AnyAction> {
    search(position, level.playouts(position.kind()), seed).0
}

/// Searches with an explicit playout budget and reports how the search went (for benchmarks
/// and tuning). `choose_action` is this with the level's budget.
pub fn search(position: &AnyPosition, playouts: u32, seed: u64) -> (Option<AnyAction>, Stats) {
    let mut rng = SmallRng::seed_from_u64(seed);
    match position {
        AnyPosition::Agon(p) => {
            let game = agon::AgonGame {
                position: p.clone(),
            };
            let (a, s) = mcts::search(&game, playouts, &mut rng);
            (a.map(AnyAction::Agon), s)
        }
        AnyPosition::Agros(p) => {
            let game = agros::AgrosGame {
                position: p.clone(),
            };
            let (a, s) = mcts::search(&game, playouts, &mut rng);
            (a.map(AnyAction::Agros), s)
        }
    }
}

/// A uniformly random legal action (`None` when the game is over): the weakest opponent, for
/// matches and tests. Deterministic for a seed.
pub fn random_action(position: &AnyPosition, seed: u64) -> Option<AnyAction> {
    let mut rng = SmallRng::seed_from_u64(seed);
    match position {
        AnyPosition::Agros(p) if p.in_opening() && !p.is_finished() => {
            // Uniform over the pairs without listing thousands of them.
            Some(AnyAction::Agros(agros::random_placement(p, &mut rng)))
        }
        _ => {
            let actions = position.legal_actions();
            (!actions.is_empty()).then(|| actions[rng.random_range(0..actions.len())])
        }
    }
}
