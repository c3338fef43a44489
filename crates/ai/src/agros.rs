//! Agros for the search: which actions the tree considers, the playout policy and the reward.
//!
//! Two things make plain UCT weak here. The opening's two-farmer turns have thousands of
//! placements (4,950 on 10×10), so the tree considers a seeded sample of them. And random players
//! pass so often that a random playout ends after a few moves and says nothing about the position,
//! so the playout policy passes only when nothing else can be done, or to end a game it leads
//! after the opponent passed. A finished playout is scored by the rules (AR-14) with a little
//! weight on the margin, so the search prefers winning by more and losing by less.

use crate::mcts::Game;
use agora_rules::Seat;
use agora_rules::agros::{Action, Position, Square};
use rand::Rng;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;

/// How many two-farmer placements the tree considers at the position searched, and below it.
const ROOT_PAIRS: usize = 120;
const INNER_PAIRS: usize = 24;
/// Plies after which a playout stops and the score as it stands decides.
const PLAYOUT_PLIES: u32 = 400;

/// The reward for the first seat of the score as it stands: mostly who leads, a little by how
/// much.
fn reward(p: &Position) -> f64 {
    let score = p.score();
    let d = f64::from(score.halves(Seat::First)) - f64::from(score.halves(Seat::Second));
    0.5 + 0.42 * d.signum() + 0.08 * (d / 30.0).tanh()
}

/// Does the side to act lead (or draw) by the score as it stands, so that a pass after the
/// opponent's pass ends the game in its favour?
fn leads(p: &Position, strictly: bool) -> bool {
    let score = p.score();
    let me = p.to_act();
    let (mine, theirs) = (score.halves(me), score.halves(me.other()));
    if strictly {
        mine > theirs
    } else {
        mine >= theirs
    }
}

fn empty_squares(p: &Position) -> Vec<Square> {
    p.squares().filter(|&s| p.content(s).is_none()).collect()
}

fn random_empty(p: &Position, rng: &mut SmallRng, not: Option<Square>) -> Square {
    let n = p.size();
    // The opening leaves the board nearly empty, so rejection sampling ends fast.
    loop {
        let s = Square::new(rng.random_range(0..n), rng.random_range(0..n)).expect("on the grid");
        if p.content(s).is_none() && Some(s) != not {
            return s;
        }
    }
}

fn pair(a: Square, b: Square) -> Action {
    Action::PlaceTwo(a.min(b), a.max(b))
}

/// A random opening action: the policy of playouts and of the `random` player in the opening.
pub(crate) fn random_placement(p: &Position, rng: &mut SmallRng) -> Action {
    let a = random_empty(p, rng, None);
    if p.opening_placements() == Some(2) {
        let b = random_empty(p, rng, Some(a));
        pair(a, b)
    } else {
        Action::Place(a)
    }
}

/// An Agros position being searched.
#[derive(Clone)]
pub(crate) struct AgrosGame {
    pub(crate) position: Position,
}

impl Game for AgrosGame {
    type Action = Action;

    fn to_act(&self) -> Seat {
        self.position.to_act()
    }

    fn terminal(&self) -> Option<f64> {
        self.position.is_finished().then(|| reward(&self.position))
    }

    fn candidates(&self, root: bool, rng: &mut SmallRng, out: &mut Vec<(Action, f32)>) {
        let p = &self.position;
        match p.opening_placements() {
            Some(2) => {
                let mut empty = empty_squares(p);
                let all = empty.len() * (empty.len() - 1) / 2;
                let want = if root { ROOT_PAIRS } else { INNER_PAIRS }.min(all);
                let mut seen = std::collections::HashSet::with_capacity(want);
                while out.len() < want {
                    empty.partial_shuffle(rng, 2);
                    let action = pair(empty[0], empty[1]);
                    if seen.insert(action) {
                        out.push((action, 1.0));
                    }
                }
            }
            Some(_) => {
                let mut empty = empty_squares(p);
                empty.shuffle(rng);
                out.extend(empty.into_iter().map(|s| (Action::Place(s), 1.0)));
            }
            None => {
                let mut actions = Vec::with_capacity(64);
                p.legal_actions_into(&mut actions);
                actions.shuffle(rng);
                let pass_ends_well = p.last_was_pass() && leads(p, false);
                out.extend(actions.into_iter().map(|a| {
                    let prior = match a {
                        Action::Pass if pass_ends_well => 10.0,
                        Action::Pass => 0.1,
                        _ => 1.0,
                    };
                    (a, prior)
                }));
            }
        }
    }

    fn play(&mut self, action: Action) {
        self.position.play_unchecked(action);
    }

    fn playout(&mut self, rng: &mut SmallRng) -> (f64, u32) {
        let p = &mut self.position;
        let mut actions = Vec::with_capacity(64);
        let mut plies = 0;
        while !p.is_finished() && plies < PLAYOUT_PLIES {
            let action = if p.in_opening() {
                random_placement(p, rng)
            } else {
                actions.clear();
                p.legal_actions_into(&mut actions);
                // `legal_actions_into` lists `pass` last.
                let moves = actions.len() - 1;
                if moves == 0 || p.last_was_pass() && leads(p, true) {
                    Action::Pass
                } else {
                    actions[rng.random_range(0..moves)]
                }
            };
            p.play_unchecked(action);
            plies += 1;
        }
        (reward(p), plies)
    }
}
