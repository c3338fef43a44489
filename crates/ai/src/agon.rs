//! Agon for the search: action priors, the playout policy and the evaluation of a position where
//! a playout stops.
//!
//! Games between random players last hundreds of plies and say little about a position, so
//! playouts here are short and greedy-ish (captures, steps inward, the queen to the throne) and end
//! in a heuristic evaluation: how close each side's queen is to the throne, how far its guards have
//! come in, how many of them hold ring 1, and what is captured.

use crate::mcts::Game;
use agora_rules::agon::{Action, CELLS, Cell, Kind, Piece, Position};
use agora_rules::{Outcome, Seat};
use rand::Rng;
use rand::rngs::SmallRng;
use std::sync::OnceLock;

/// Plies a playout plays before the evaluation takes over.
const PLAYOUT_PLIES: u32 = 24;

/// No cell in that direction.
const OFF: u8 = u8::MAX;

/// The neighbour of each cell in each of the six directions; `d` and `d ^ 1` are opposite.
fn neighbours() -> &'static [[u8; 6]; CELLS] {
    static TABLE: OnceLock<[[u8; 6]; CELLS]> = OnceLock::new();
    TABLE.get_or_init(|| {
        const DIRS: [(i32, i32); 6] = [(1, 0), (-1, 0), (1, -1), (-1, 1), (0, -1), (0, 1)];
        let mut t = [[OFF; 6]; CELLS];
        for c in Cell::all() {
            let (q, r) = c.axial();
            for (d, (dq, dr)) in DIRS.iter().enumerate() {
                if let Some(n) = Cell::from_axial(q + dq, r + dr) {
                    t[c.index()][d] = n.index() as u8;
                }
            }
        }
        t
    })
}

fn reward(outcome: Outcome) -> f64 {
    match outcome.winner {
        Some(Seat::First) => 1.0,
        Some(Seat::Second) => 0.0,
        None => 0.5,
    }
}

/// How well a side stands, in rough "steps of progress". Only differences between the sides
/// matter.
fn progress(p: &Position, seat: Seat) -> f64 {
    let mut score = 0.0;
    let mut ring1 = 0;
    let mut queen_on_throne = false;
    for (cell, piece) in p.pieces() {
        if piece.seat != seat {
            continue;
        }
        let inward = f64::from(5 - cell.ring());
        match (piece.kind, piece.captured) {
            // A captured queen returns anywhere, the throne included, so her capture costs a
            // tempo but little ground.
            (Kind::Queen, true) => score += 2.0,
            (Kind::Queen, false) if cell == Cell::THRONE => {
                queen_on_throne = true;
                score += 9.0;
            }
            (Kind::Queen, false) => score += 1.5 * inward,
            // A captured guard goes back to the outer ring and costs a turn.
            (Kind::Guard, true) => score -= 1.0,
            (Kind::Guard, false) => {
                score += inward;
                if cell.ring() == 1 {
                    ring1 += 1;
                }
            }
        }
    }
    score += 1.5 * f64::from(ring1);
    if queen_on_throne {
        score += 2.0 * f64::from(ring1);
    }
    score
}

/// The evaluation of an unfinished position as a reward for the first seat.
fn evaluate(p: &Position) -> f64 {
    let d = progress(p, Seat::First) - progress(p, Seat::Second);
    1.0 / (1.0 + (-d / 6.0).exp())
}

/// Facts about the side to act that every action's weight needs.
struct Side {
    me: Seat,
    ring1_guards: u32,
    queen_on_throne: bool,
}

impl Side {
    fn of(p: &Position) -> Side {
        let me = p.to_act();
        let mut ring1_guards = 0;
        for c in Cell::all().filter(|c| c.ring() == 1) {
            if let Some(Piece {
                seat,
                kind: Kind::Guard,
                ..
            }) = p.piece_at(c)
                && seat == me
            {
                ring1_guards += 1;
            }
        }
        let queen_on_throne = matches!(
            p.piece_at(Cell::THRONE),
            Some(Piece { seat, kind: Kind::Queen, captured: false }) if seat == me
        );
        Side {
            me,
            ring1_guards,
            queen_on_throne,
        }
    }
}

/// How many enemy pieces a step newly captures (AG-8), counting a queen as three.
fn capture_weight(p: &Position, me: Seat, from: Cell, to: Cell) -> u32 {
    let nb = neighbours();
    let mut weight = 0;
    for (d, &n) in nb[to.index()].iter().enumerate() {
        if n == OFF {
            continue;
        }
        let Some(enemy) = p.piece_at(Cell::from_index(n as usize).expect("a cell")) else {
            continue;
        };
        if enemy.seat == me || enemy.captured {
            continue;
        }
        let m = nb[n as usize][d];
        if m == OFF || m as usize == from.index() {
            continue;
        }
        if let Some(own) = p.piece_at(Cell::from_index(m as usize).expect("a cell"))
            && own.seat == me
        {
            weight += if enemy.kind == Kind::Queen { 3 } else { 1 };
        }
    }
    weight
}

/// A cheap weight for an action: larger for captures, steps inward and the queen's way to the
/// throne; nearly nothing for a step that would lose at once (ring 1 closed without the queen).
fn weight(p: &Position, side: &Side, action: Action) -> f32 {
    match action {
        Action::Step { from, to } => {
            let Some(piece) = p.piece_at(from) else {
                return 1.0;
            };
            let mut w = 1.0;
            let inward = to.ring() < from.ring();
            match piece.kind {
                Kind::Queen => {
                    if to == Cell::THRONE {
                        w += 12.0;
                    } else if inward {
                        w += 4.0;
                    }
                }
                Kind::Guard => {
                    if inward {
                        w += 2.5;
                    }
                    if to.ring() == 1 && from.ring() != 1 {
                        if side.ring1_guards == 5 {
                            return if side.queen_on_throne { 1000.0 } else { 0.01 };
                        }
                        w += 2.0;
                    }
                }
            }
            w + 8.0 * capture_weight(p, side.me, from, to) as f32
        }
        Action::Return { from, to } => {
            let queen = matches!(
                p.piece_at(from),
                Some(Piece {
                    kind: Kind::Queen,
                    ..
                })
            );
            if queen {
                if to == Cell::THRONE {
                    30.0
                } else {
                    1.0 + f32::from(5 - to.ring())
                }
            } else {
                1.0
            }
        }
    }
}

/// An Agon position being searched.
#[derive(Clone)]
pub(crate) struct AgonGame {
    pub(crate) position: Position,
}

impl Game for AgonGame {
    type Action = Action;

    fn to_act(&self) -> Seat {
        self.position.to_act()
    }

    fn terminal(&self) -> Option<f64> {
        self.position.outcome().map(reward)
    }

    fn candidates(&self, _root: bool, _rng: &mut SmallRng, out: &mut Vec<(Action, f32)>) {
        let mut actions = Vec::with_capacity(48);
        self.position.legal_actions_into(&mut actions);
        let side = Side::of(&self.position);
        out.extend(
            actions
                .into_iter()
                .map(|a| (a, weight(&self.position, &side, a))),
        );
    }

    fn play(&mut self, action: Action) {
        self.position.play_unchecked(action);
    }

    fn playout(&mut self, rng: &mut SmallRng) -> (f64, u32) {
        let mut actions = Vec::with_capacity(48);
        let mut weights: Vec<f32> = Vec::with_capacity(48);
        for ply in 0..PLAYOUT_PLIES {
            if let Some(outcome) = self.position.outcome() {
                return (reward(outcome), ply);
            }
            actions.clear();
            self.position.legal_actions_into(&mut actions);
            let side = Side::of(&self.position);
            weights.clear();
            weights.extend(actions.iter().map(|&a| weight(&self.position, &side, a)));
            let total: f32 = weights.iter().sum();
            let mut pick = rng.random::<f32>() * total;
            let mut chosen = actions.len() - 1;
            for (i, w) in weights.iter().enumerate() {
                if pick < *w {
                    chosen = i;
                    break;
                }
                pick -= w;
            }
            self.position.play_unchecked(actions[chosen]);
        }
        match self.position.outcome() {
            Some(outcome) => (reward(outcome), PLAYOUT_PLIES),
            None => (evaluate(&self.position), PLAYOUT_PLIES),
        }
    }
    /// A reward is a result (1, 0 or ½) or the evaluation where a playout stopped, which is
    /// already read as a winning chance.
    fn chance(reward: f64) -> f64 {
        reward.clamp(0.0, 1.0)
    }
}
