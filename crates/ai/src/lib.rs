//! The computer opponent for Agon and Agros: Monte Carlo tree search on `agora-rules` only.
//!
//! [`choose_action`] is all a caller needs: a position, a [`Level`], the time the computer may
//! think and a seed in, a legal action out. Every level stops when its time is up; `easy` and
//! `normal` also stop after a fixed number of playouts (which on any usual machine comes first, so
//! their choices depend only on the position and the seed), while `hard` uses all of its time
//! unless its answer is settled sooner.
//! [`think`] searches within any [`Budget`]; a budget of playouts alone is reproducible on every
//! machine.
//!
//! After a game, [`analyse`] evaluates each of its positions with the same search and lists the
//! actions that cost their mover most winning chance, each with a better one; [`evaluate`] does
//! one position.
//!
//! This crate does no I/O and keeps no state between calls; running it off the async runtime (a
//! blocking pool or a thread) is the caller's business. Only [`analyse`] starts threads of its
//! own, scoped to the call, as many as it is told.

mod agon;
mod agros;
mod analysis;
mod mcts;

pub use analysis::{Analysis, Evaluation, MISTAKE, Mistake, analyse, blunder, evaluate};
pub use mcts::{Budget, Stats};

use agora_rules::{AnyAction, AnyPosition, GameKind};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

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

    /// The playouts one move may use in this game at most; `None` for `hard`, which thinks for
    /// all of its time (unless its answer is settled sooner).
    pub fn playouts(self, kind: GameKind) -> Option<u32> {
        match (kind, self) {
            (GameKind::Agon, Level::Easy) => Some(200),
            (GameKind::Agon, Level::Normal) => Some(2_000),
            (GameKind::Agros, Level::Easy) => Some(200),
            (GameKind::Agros, Level::Normal) => Some(1_500),
            (_, Level::Hard) => None,
        }
    }

    /// The search budget of one move in this game when the computer may think for `time`.
    pub fn budget(self, kind: GameKind, time: Duration) -> Budget {
        Budget {
            playouts: self.playouts(kind),
            time: Some(time),
        }
    }
}

/// The playouts of the `hard` level before it thought for a time (10,000 in Agon, 6,000 in
/// Agros): the yardstick its strength is measured against.
pub fn classic_hard_playouts(kind: GameKind) -> u32 {
    match kind {
        GameKind::Agon => 10_000,
        GameKind::Agros => 6_000,
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

/// The computer's action at `level`, thinking for at most `time`: `None` when the game is over.
/// The action is always legal.
pub fn choose_action(
    position: &AnyPosition,
    level: Level,
    time: Duration,
    seed: u64,
) -> Option<AnyAction> {
    think(position, level.budget(position.kind(), time), seed).0
}

/// Searches with `playouts` playouts (fewer when no playout left could change the answer) and
/// reports how the search went: the same answer for the same position and seed on every machine.
pub fn search(position: &AnyPosition, playouts: u32, seed: u64) -> (Option<AnyAction>, Stats) {
    think(position, Budget::playouts(playouts), seed)
}

/// Searches within `budget` and reports how the search went (for the engine protocol,
/// benchmarks and tuning). `choose_action` is this with the level's budget.
pub fn think(position: &AnyPosition, budget: Budget, seed: u64) -> (Option<AnyAction>, Stats) {
    think_with(position, budget, seed, agros::Playouts::Learnt)
}

/// How `hard` played when the levels were playout counts: 10,000 playouts in Agon, 6,000 in
/// Agros with uniformly random playouts. The yardstick the levels' strength is measured against
/// (`agora ai match … --b classic`); the same answer on every machine.
pub fn classic(position: &AnyPosition, seed: u64) -> (Option<AnyAction>, Stats) {
    let budget = Budget::playouts(classic_hard_playouts(position.kind()));
    think_with(position, budget, seed, agros::Playouts::Uniform)
}

fn think_with(
    position: &AnyPosition,
    budget: Budget,
    seed: u64,
    playouts: agros::Playouts,
) -> (Option<AnyAction>, Stats) {
    let mut rng = SmallRng::seed_from_u64(seed);
    match position {
        AnyPosition::Agon(p) => {
            let game = agon::AgonGame {
                position: p.clone(),
            };
            let (a, s) = mcts::search(&game, budget, &mut rng);
            (a.map(AnyAction::Agon), s)
        }
        AnyPosition::Agros(p) => {
            let game = agros::AgrosGame::new(p.clone(), playouts);
            let (a, s) = mcts::search(&game, budget, &mut rng);
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
