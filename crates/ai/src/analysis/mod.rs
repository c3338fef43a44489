//! Post-game analysis: every position of a game evaluated by the search, and the actions that
//! cost their mover most winning chance, each with the action the search prefers.
//!
//! [`evaluate`] searches one position within a [`Budget`] and reports the first seat's winning
//! chance and the action the search would play. [`analyse`] does that for the start and the
//! position after each action of a game, on a few threads, and lists the [`Mistake`]s: actions
//! that differ from the search's choice and after which the mover's chance is at least
//! [`MISTAKE`] lower than with that choice.
//!
//! A search's value is an estimate, and the value of a position and that of the position one
//! action later come from searches of different depths. So a drop seen between the position
//! before an action and the one after it is checked like with like before it counts: the
//! position after the search's choice is evaluated too, and the mover's chance with the choice
//! is the smaller of that evaluation and the value of the position before (see [`analyse`]).
//!
//! With a budget of playouts alone, the analysis depends only on the game, the budget and the
//! seed (never on the number of threads); with a time budget, on the machine's speed as well.
//! Nothing here knows how a game is stored or sent.

use crate::agon::AgonGame;
use crate::agros::{AgrosGame, Playouts};
use crate::mcts::{self, Budget};
use agora_rules::{AnyAction, AnyPosition, Seat};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The least loss of winning chance (as a fraction, 0 to 1) that makes an action a mistake:
/// ten percentage points. Smaller drops are within what a search's estimate of a balanced
/// position wavers by from one budget or seed to another.
pub const MISTAKE: f64 = 0.1;

/// What the search makes of one position.
#[derive(Debug, Clone, PartialEq)]
pub struct Evaluation {
    /// The chance that the first seat wins, 0 to 1 (a draw counting a half): exact for a
    /// finished game (1, 0 or ½) and when the side to act wins at once, otherwise the search's
    /// estimate, the mean result of all its playouts (by who wins, not by how much).
    pub first_wins: f64,
    /// The action the search would play; `None` when the game is over.
    pub best: Option<AnyAction>,
    /// The playouts the search ran (0 for a finished game or an immediate win).
    pub playouts: u32,
}

impl Evaluation {
    /// The chance that `seat` wins.
    pub fn chance(&self, seat: Seat) -> f64 {
        chance_of(self.first_wins, seat)
    }
}

fn chance_of(first_wins: f64, seat: Seat) -> f64 {
    match seat {
        Seat::First => first_wins,
        Seat::Second => 1.0 - first_wins,
    }
}

/// Evaluates `position` with the `hard` level's search, using all of `budget` (not stopping
/// once its choice is settled, and searching even a lone legal action, since the value is
/// wanted too). The same answer for the same position, playout budget and seed on every
/// machine.
pub fn evaluate(position: &AnyPosition, budget: Budget, seed: u64) -> Evaluation {
    let mut rng = SmallRng::seed_from_u64(seed);
    let (best, stats, first_wins) = match position {
        AnyPosition::Agon(p) => {
            let game = AgonGame {
                position: p.clone(),
            };
            let (a, s, v) = mcts::evaluate(&game, budget, &mut rng);
            (a.map(AnyAction::Agon), s, v)
        }
        AnyPosition::Agros(p) => {
            let game = AgrosGame::new(p.clone(), Playouts::Learnt);
            let (a, s, v) = mcts::evaluate(&game, budget, &mut rng);
            (a.map(AnyAction::Agros), s, v)
        }
    };
    Evaluation {
        first_wins: first_wins.clamp(0.0, 1.0),
        best,
        playouts: stats.playouts,
    }
}

/// An action that cost its mover at least [`MISTAKE`] of winning chance.
#[derive(Debug, Clone, PartialEq)]
pub struct Mistake {
    /// The action's number in the game, counted from 1.
    pub ply: u32,
    /// Who played it.
    pub seat: Seat,
    pub played: AnyAction,
    /// The search's choice in the position it was played from.
    pub better: AnyAction,
    /// The mover's winning chance with `better` (see [`analyse`]), 0 to 1.
    pub before: f64,
    /// The mover's winning chance after `played`, 0 to 1.
    pub after: f64,
    /// `before - after`: the chance lost, at least [`MISTAKE`].
    pub drop: f64,
}

/// A game evaluated position by position.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    /// The first seat's winning chance in each position: index 0 the start, index k after the
    /// k-th action (one more than the actions).
    pub evaluations: Vec<f64>,
    /// The search's choice in each position, indexed as `evaluations` (`None` once the game is
    /// over).
    pub best: Vec<Option<AnyAction>>,
    /// Every mistake of both sides, the largest drop first (equal drops in the order played).
    pub mistakes: Vec<Mistake>,
}

impl Analysis {
    /// The `n` largest mistakes of `seat`, the largest first.
    pub fn worst(&self, seat: Seat, n: usize) -> Vec<&Mistake> {
        self.mistakes
            .iter()
            .filter(|m| m.seat == seat)
            .take(n)
            .collect()
    }
}

/// Evaluates the start and the position after each of `actions` (a game's history: each action
/// legal where it is played) with [`evaluate`] within `budget` each, on at most `threads` threads
/// (at least one), and finds the mistakes.
///
/// The action of ply k, played by seat s from the position before it, is a mistake when it is
/// not the search's choice there and seat s's chance after it is lower by at least [`MISTAKE`]
/// than with the choice. That chance with the choice is the smaller of the value of the position
/// before and an evaluation of the position after the choice (within the same budget): the
/// latter compares like with like, two positions with the same side to act searched equally
/// deep, and taking the smaller of the two keeps a drop only when both estimates show it. The
/// position after the choice is evaluated only where the first estimate shows a drop of
/// [`MISTAKE`]: a few actions of a game, so an analysis takes little more than one search per
/// position.
///
/// Each search has its own seed, derived from `seed`, the ply and which of the two it is. With a
/// time budget, threads beyond the machine's cores only give each search less of it.
pub fn analyse(
    start: &AnyPosition,
    actions: &[AnyAction],
    budget: Budget,
    threads: usize,
    seed: u64,
) -> Analysis {
    let mut positions = Vec::with_capacity(actions.len() + 1);
    positions.push(start.clone());
    for &action in actions {
        let mut next = positions.last().expect("the start at least").clone();
        debug_assert_eq!(next.check(action), Ok(()), "{next}: {action}");
        next.play_unchecked(action);
        positions.push(next);
    }
    let evaluations = in_parallel(positions.len(), threads, |k| {
        evaluate(
            &positions[k],
            budget,
            position_seed(seed, k, Search::Position),
        )
    });

    // (ply, seat, better, mover's chance before, after) of each action that seems to lose.
    let mut suspects = Vec::new();
    for (k, &played) in actions.iter().enumerate().map(|(i, a)| (i + 1, a)) {
        let seat = positions[k - 1].to_act();
        let Some(better) = evaluations[k - 1].best else {
            continue;
        };
        let before = evaluations[k - 1].chance(seat);
        let after = evaluations[k].chance(seat);
        if better != played && before - after >= MISTAKE {
            suspects.push((k, seat, better, before, after));
        }
    }
    let alternatives = in_parallel(suspects.len(), threads, |j| {
        let (k, _, better, _, _) = suspects[j];
        let mut position = positions[k - 1].clone();
        position.play_unchecked(better);
        evaluate(&position, budget, position_seed(seed, k, Search::Better))
    });

    let mut mistakes: Vec<Mistake> = suspects
        .into_iter()
        .zip(&alternatives)
        .filter_map(|((k, seat, better, before, after), alternative)| {
            let before = before.min(alternative.chance(seat));
            let drop = before - after;
            (drop >= MISTAKE).then(|| Mistake {
                ply: k as u32,
                seat,
                played: actions[k - 1],
                better,
                before,
                after,
                drop,
            })
        })
        .collect();
    mistakes.sort_by(|a, b| b.drop.total_cmp(&a.drop).then(a.ply.cmp(&b.ply)));

    Analysis {
        best: evaluations.iter().map(|e| e.best).collect(),
        evaluations: evaluations.into_iter().map(|e| e.first_wins).collect(),
        mistakes,
    }
}

/// Which search of a ply a seed is for.
#[derive(Clone, Copy)]
enum Search {
    /// The position after the ply's action (the start for ply 0).
    Position = 0,
    /// The position after the search's choice instead of the ply's action.
    Better = 1,
}

/// The seed of one search of an analysis: `seed`, the ply and the search mixed (SplitMix64), so
/// that neighbouring plies' searches are unrelated.
fn position_seed(seed: u64, ply: usize, search: Search) -> u64 {
    let mut z = seed ^ (ply as u64).wrapping_mul(2).wrapping_add(search as u64);
    for _ in 0..2 {
        z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
    }
    z
}

/// `work(0)`, …, `work(jobs - 1)` on at most `threads` scoped threads (at least one), each
/// taking the next job as it finishes one, so that slow jobs do not hold up a fixed share; the
/// results in job order.
fn in_parallel<T: Send>(jobs: usize, threads: usize, work: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let threads = threads.clamp(1, jobs.max(1));
    if threads == 1 {
        return (0..jobs).map(work).collect();
    }
    let next = AtomicUsize::new(0);
    let done = Mutex::new(Vec::with_capacity(jobs));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut mine = Vec::new();
                loop {
                    let job = next.fetch_add(1, Ordering::Relaxed);
                    if job >= jobs {
                        break;
                    }
                    mine.push((job, work(job)));
                }
                done.lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner())
                    .extend(mine);
            });
        }
    });
    let mut done = done
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    done.sort_unstable_by_key(|&(job, _)| job);
    done.into_iter().map(|(_, result)| result).collect()
}

/// A blunder in `position`, if there is one: an action of the side to act after which it has
/// lost, or after which its opponent can win at once. It is what an analysis must catch, and what
/// the tests of the analysis play on purpose. `None` in Agros's opening, where nothing ends (and
/// a turn with two farmers has thousands of actions).
pub fn blunder(position: &AnyPosition) -> Option<AnyAction> {
    if let AnyPosition::Agros(p) = position
        && p.in_opening()
    {
        return None;
    }
    let me = position.to_act();
    let lost = |p: &AnyPosition| p.outcome().is_some_and(|o| o.winner == Some(me.other()));
    position.legal_actions().into_iter().find(|&a| {
        let mut next = position.clone();
        next.play_unchecked(a);
        lost(&next)
            || (!next.is_finished()
                && next.legal_actions().into_iter().any(|reply| {
                    let mut replied = next.clone();
                    replied.play_unchecked(reply);
                    lost(&replied)
                }))
    })
}

#[cfg(test)]
mod tests;
