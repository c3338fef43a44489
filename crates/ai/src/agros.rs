//! Agros for the search: which actions the tree considers, the playout policy and the reward.
//!
//! Two things make plain UCT weak here. The opening's two-farmer turns have thousands of
//! placements (4,950 on 10×10), so the tree considers a seeded sample of them. And random players
//! pass so often that a random playout ends after a few moves and says nothing about the position,
//! so the playout policy passes only when nothing else can be done, or to end a game it leads
//! after the opponent passed. A finished playout is scored by the rules (AR-14) with a little
//! weight on the margin, so the search prefers winning by more and losing by less. Playouts are
//! most of the time spent, so a playout's move is a random draw of movement slots (farmer,
//! direction, harvest or sow) until one is legal, which is as uniform as choosing from the full
//! list but rarely needs it, and the score is counted without building the score report.
//!
//! Uniformly random playouts still play a harvest that gives the opponent a field as often as
//! one that wins a field. The search learns which actions do well as it goes (move-average
//! sampling, MAST, as in the general game player CadiaPlayer): every movement action keeps the
//! mean reward for its mover of the playouts it was played in, and a playout draws two random
//! legal actions and plays the one with the better mean. An action is known by its mover, the
//! squares it goes from and to and whether it harvests or sows; what is learnt lasts for one
//! search. At equal time this beats uniform playouts clearly, though each playout costs more.
//! [`Playouts::Uniform`] keeps the old policy: how `hard` played when it was 6,000 playouts, the
//! yardstick of its strength.

use crate::mcts::Game;
use agora_rules::Seat;
use agora_rules::agros::{Action, Position, Square};
use rand::Rng;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use std::cell::RefCell;
use std::rc::Rc;

/// How many two-farmer placements the tree considers at the position searched, and below it.
const ROOT_PAIRS: usize = 120;
const INNER_PAIRS: usize = 24;
/// Plies after which a playout stops and the score as it stands decides.
const PLAYOUT_PLIES: u32 = 400;
/// Random movement slots a playout draws before it lists every action instead.
const SLOT_DRAWS: u32 = 24;

/// The reward for the first seat of the score as it stands: mostly who leads, a little by how
/// much.
fn reward(p: &Position) -> f64 {
    let [light, dark] = p.score_halves();
    let d = f64::from(light) - f64::from(dark);
    // Not `d.signum()`: that is 1 for 0, and a draw is worth a half to both sides.
    let lead = if d > 0.0 {
        1.0
    } else if d < 0.0 {
        -1.0
    } else {
        0.0
    };
    0.5 + 0.42 * lead + 0.08 * (d / 30.0).tanh()
}

/// Does the side to act lead (or draw) by the score as it stands, so that a pass after the
/// opponent's pass ends the game in its favour?
fn leads(p: &Position, strictly: bool) -> bool {
    let halves = p.score_halves();
    let me = p.to_act().index();
    let (mine, theirs) = (halves[me], halves[1 - me]);
    if strictly {
        mine > theirs
    } else {
        mine >= theirs
    }
}

/// A uniformly random harvest or sow of the side to act, `None` when it has none. Most of the
/// time a few random draws of movement slots find one without listing every action; when they
/// keep missing (few actions left), the full list decides, so the choice stays uniform.
fn random_move(p: &Position, rng: &mut SmallRng, actions: &mut Vec<Action>) -> Option<Action> {
    let slots = p.movement_slots();
    for _ in 0..SLOT_DRAWS {
        if let Some(action) = p.movement_action(rng.random_range(0..slots)) {
            return Some(action);
        }
    }
    actions.clear();
    p.legal_actions_into(actions);
    // `legal_actions_into` lists `pass` last.
    let moves = actions.len() - 1;
    (moves > 0).then(|| actions[rng.random_range(0..moves)])
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

/// How a playout chooses its moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Playouts {
    /// Uniformly at random among the legal harvests and sows.
    Uniform,
    /// The better of two random legal actions by what the search has learnt (MAST).
    Learnt,
}

/// Squares of the largest board: the key space of [`Learnt`].
const SQUARES: usize = agora_rules::agros::MAX_SIZE * agora_rules::agros::MAX_SIZE;

/// What a search has learnt of the movement actions: for each (mover, from, to, harvest or
/// sow), the summed reward for the mover of the playouts that played it, and how many did.
pub(crate) struct Learnt {
    stats: Vec<(f32, f32)>,
    /// The keys of the actions the playout under way chose (each key names its mover).
    played: Vec<u32>,
}

impl Learnt {
    fn new() -> Learnt {
        Learnt {
            stats: vec![(0.0, 0.0); 2 * SQUARES * SQUARES * 2],
            played: Vec::with_capacity(512),
        }
    }

    fn key(seat: usize, action: Action) -> usize {
        let (from, to, sows) = match action {
            Action::Harvest { from, to } => (from, to, 0),
            Action::Sow { from, to } => (from, to, 1),
            _ => unreachable!("only movement actions are learnt"),
        };
        let index = |s: Square| s.rank() * agora_rules::agros::MAX_SIZE + s.file();
        ((seat * SQUARES + index(from)) * SQUARES + index(to)) * 2 + sows
    }

    /// The mean reward of an action for its mover, a half for one never played.
    fn mean(&self, key: usize) -> f32 {
        let (sum, n) = self.stats[key];
        (sum + 0.5) / (n + 1.0)
    }

    /// The better of two random legal movement actions of the side to act.
    fn choose(
        &mut self,
        p: &Position,
        rng: &mut SmallRng,
        actions: &mut Vec<Action>,
    ) -> Option<Action> {
        let seat = p.to_act().index();
        let first = random_move(p, rng, actions)?;
        let mut best = (Learnt::key(seat, first), first);
        if let Some(second) = random_move(p, rng, actions) {
            let key = Learnt::key(seat, second);
            if self.mean(key) > self.mean(best.0) {
                best = (key, second);
            }
        }
        // The key carries the mover, so the reward can be credited from the end alone.
        self.played.push(best.0 as u32);
        Some(best.1)
    }

    /// Credits the playout's actions with its reward for the first seat.
    fn credit(&mut self, reward: f64) {
        for &key in &self.played {
            let light = (key as usize) < SQUARES * SQUARES * 2;
            let mine = if light { reward } else { 1.0 - reward };
            let entry = &mut self.stats[key as usize];
            entry.0 += mine as f32;
            entry.1 += 1.0;
        }
        self.played.clear();
    }
}

/// An Agros position being searched.
#[derive(Clone)]
pub(crate) struct AgrosGame {
    pub(crate) position: Position,
    /// Shared by every copy of the root the search makes: `None` for uniform playouts.
    learnt: Option<Rc<RefCell<Learnt>>>,
}

impl AgrosGame {
    pub(crate) fn new(position: Position, playouts: Playouts) -> AgrosGame {
        AgrosGame {
            position,
            learnt: match playouts {
                Playouts::Uniform => None,
                Playouts::Learnt => Some(Rc::new(RefCell::new(Learnt::new()))),
            },
        }
    }
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
                // A pass after the opponent's ends the game: worth trying first when it wins.
                // Not when it only draws: a strong prior would pile visits onto the draw.
                let pass_wins = p.last_was_pass() && leads(p, true);
                out.extend(actions.into_iter().map(|a| {
                    let prior = match a {
                        Action::Pass if pass_wins => 10.0,
                        Action::Pass if p.last_was_pass() => 1.0,
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
        let mut learnt = self.learnt.as_ref().map(|l| l.borrow_mut());
        let mut actions = Vec::with_capacity(64);
        let mut plies = 0;
        while !p.is_finished() && plies < PLAYOUT_PLIES {
            let action = if p.in_opening() {
                random_placement(p, rng)
            } else if p.last_was_pass() && leads(p, true) {
                Action::Pass
            } else {
                match learnt.as_mut() {
                    Some(learnt) => learnt.choose(p, rng, &mut actions),
                    None => random_move(p, rng, &mut actions),
                }
                .unwrap_or(Action::Pass)
            };
            p.play_unchecked(action);
            plies += 1;
        }
        let reward = reward(p);
        if let Some(learnt) = learnt.as_mut() {
            learnt.credit(reward);
        }
        (reward, plies)
    }
    /// Only who leads counts: above a half is the first seat's win (whatever the margin), below
    /// it a loss, exactly a half a draw (see [`reward`]).
    fn chance(reward: f64) -> f64 {
        if reward > 0.5 {
            1.0
        } else if reward < 0.5 {
            0.0
        } else {
            0.5
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str) -> AgrosGame {
        AgrosGame::new(text.parse().unwrap(), Playouts::Learnt)
    }

    /// Each side learns from its own result: a light action is credited with the reward, a dark
    /// one with its complement, and an action never played counts as a half.
    #[test]
    fn each_side_learns_its_own_result() {
        let a = Square::new(0, 0).unwrap();
        let b = Square::new(1, 1).unwrap();
        let harvest = Action::Harvest { from: a, to: b };
        let sow = Action::Sow { from: a, to: b };
        let mut learnt = Learnt::new();
        let keys = [
            Learnt::key(0, harvest),
            Learnt::key(0, sow),
            Learnt::key(1, harvest),
        ];
        assert_eq!(
            keys.iter().collect::<std::collections::HashSet<_>>().len(),
            3
        );
        learnt.played.extend(keys.iter().map(|&k| k as u32));
        learnt.credit(0.9);
        assert!(learnt.played.is_empty());
        assert!(learnt.mean(keys[0]) > 0.6);
        assert!(learnt.mean(keys[2]) < 0.4);
        assert_eq!(learnt.mean(Learnt::key(1, sow)), 0.5);
    }

    /// AR-14: equal scores are a draw, worth a half to each side.
    #[test]
    fn a_draw_is_worth_a_half() {
        let middle = ["........"; 6].join("/");
        let g = game(&format!("D1.D1.D1.../{middle}/L1.L1.L1... l n3 end"));
        assert_eq!(g.position.score().winner(), None);
        assert_eq!(g.terminal(), Some(0.5));
        let won = game(&format!("D1.D1.D1.../{middle}/L2.L1.L1... l n3 end"));
        assert!(won.terminal().unwrap() > 0.9);
    }
}
