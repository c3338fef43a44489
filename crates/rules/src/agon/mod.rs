//! Agon (Queen's Guard): the position, its legal actions, playing them, the outcome and the notation,
//! exactly as `rules/agon.md` rules them (AG-1 … AG-16).
//!
//! A [`Position`] carries the hashes of the positions before it so it can detect the third
//! repetition (AG-13) by itself; it knows nothing about clocks, players or storage.
//!
//! The position and its pieces are here; `actions` lists the legal actions, `check` says why an
//! action is not legal, `play` plays one, `text` reads and writes the position text, and `zobrist`
//! holds the hash keys that AG-13 compares.

mod actions;
mod board;
mod check;
mod notation;
mod play;
mod repetition;
mod text;
mod zobrist;

pub use board::{CELLS, Cell, CellError, OUTER_RING};
pub use notation::{Notation, parse_notation};

use crate::{EndReason, Outcome, PieceName, PositionError, Seat};
use board::cell_bit;
use repetition::Occurrences;
use std::fmt;
use zobrist::{ZOBRIST, ZOBRIST_SECOND};

/// A piece kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Queen,
    Guard,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Queen => "queen",
            Kind::Guard => "guard",
        }
    }

    /// The piece, as error messages name it.
    pub fn piece(self) -> PieceName {
        match self {
            Kind::Queen => PieceName::Queen,
            Kind::Guard => PieceName::Guard,
        }
    }
}

/// What stands on a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    pub seat: Seat,
    pub kind: Kind,
    pub captured: bool,
}

// A cell's content in one byte: 0 = empty; otherwise PRESENT | seat | QUEEN | CAPTURED.
const PRESENT: u8 = 8;
const SECOND: u8 = 1;
const QUEEN: u8 = 2;
const CAPTURED: u8 = 4;

fn encode(p: Piece) -> u8 {
    PRESENT
        | if p.seat == Seat::Second { SECOND } else { 0 }
        | if p.kind == Kind::Queen { QUEEN } else { 0 }
        | if p.captured { CAPTURED } else { 0 }
}

fn decode(b: u8) -> Option<Piece> {
    (b != 0).then_some(Piece {
        seat: if b & SECOND != 0 {
            Seat::Second
        } else {
            Seat::First
        },
        kind: if b & QUEEN != 0 {
            Kind::Queen
        } else {
            Kind::Guard
        },
        captured: b & CAPTURED != 0,
    })
}

fn seat_bit(seat: Seat) -> u8 {
    if seat == Seat::Second { SECOND } else { 0 }
}

/// The colour name of a seat: White moves first (AG-3).
pub fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "white",
        Seat::Second => "black",
    }
}

/// One action (AG-5): a step of a free piece, or the return of a captured one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    Step { from: Cell, to: Cell },
    Return { from: Cell, to: Cell },
}

impl Action {
    pub fn from(self) -> Cell {
        match self {
            Action::Step { from, .. } | Action::Return { from, .. } => from,
        }
    }

    pub fn to(self) -> Cell {
        match self {
            Action::Step { to, .. } | Action::Return { to, .. } => to,
        }
    }
}

/// The action without its capture suffix; [`Position::notation`] gives the full canonical form.
impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Step { from, to } => write!(f, "{from}-{to}"),
            Action::Return { from, to } => write!(f, "{from}={to}"),
        }
    }
}

/// An Agon position: the 91 cells, the side to act, and the history needed for AG-13.
///
/// Two positions are equal when their cells and side to act are (the history is not compared).
#[derive(Clone, Debug)]
pub struct Position {
    cells: [u8; CELLS],
    to_act: Seat,
    hash: u64,
    /// The hashes of the positions since the history started, the current one included.
    occurrences: Occurrences,
    outcome: Option<Outcome>,
    /// Where each side's seven pieces stand (cell indices, in no particular order). Steps are
    /// listed piece by piece in this order, and seeded playouts depend on the order of the list,
    /// so a piece that moves keeps its slot.
    at: [[u8; 7]; 2],
    /// The cell of each side's queen.
    queen: [u8; 2],
    /// Grid bits (see `board`) of the cells holding a piece of each side, captured or not.
    side_bits: [u128; 2],
    /// Grid bits of each side's captured pieces.
    captured_bits: [u128; 2],
}

impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        self.cells == other.cells && self.to_act == other.to_act
    }
}
impl Eq for Position {}

const START_WHITE: (&str, [&str; 6]) = ("k1", ["a4", "b1", "c8", "g1", "g10", "k5"]);
const START_BLACK: (&str, [&str; 6]) = ("a6", ["a2", "e1", "e10", "i1", "j7", "k3"]);

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl Position {
    /// The start position (AG-4), White to act.
    pub fn start() -> Position {
        let mut cells = [0u8; CELLS];
        for (seat, (queen, guards)) in [(Seat::First, START_WHITE), (Seat::Second, START_BLACK)] {
            let put = |cells: &mut [u8; CELLS], name: &str, kind| {
                let c: Cell = name.parse().expect("start cells are valid");
                cells[c.index()] = encode(Piece {
                    seat,
                    kind,
                    captured: false,
                });
            };
            put(&mut cells, queen, Kind::Queen);
            for g in guards {
                put(&mut cells, g, Kind::Guard);
            }
        }
        Position::from_cells(cells, Seat::First).expect("the start position is legal")
    }

    /// Builds a position from cell contents, checking it: each side has one queen and six guards,
    /// no guard on the throne, and the side that just acted has not already ended the game in a
    /// way that makes the position unreachable. The repetition history starts here.
    pub fn from_pieces(
        pieces: impl IntoIterator<Item = (Cell, Piece)>,
        to_act: Seat,
    ) -> Result<Position, PositionError> {
        let mut cells = [0u8; CELLS];
        for (c, p) in pieces {
            if cells[c.index()] != 0 {
                return Err(PositionError(format!("{c} is given twice")));
            }
            cells[c.index()] = encode(p);
        }
        Position::from_cells(cells, to_act)
    }

    fn from_cells(cells: [u8; CELLS], to_act: Seat) -> Result<Position, PositionError> {
        for seat in Seat::BOTH {
            let queens = cells
                .iter()
                .filter(|&&b| b != 0 && b & !CAPTURED == PRESENT | seat_bit(seat) | QUEEN)
                .count();
            let guards = cells
                .iter()
                .filter(|&&b| b != 0 && b & !CAPTURED == PRESENT | seat_bit(seat))
                .count();
            if queens != 1 || guards != 6 {
                return Err(PositionError(format!(
                    "{} has {queens} queen(s) and {guards} guard(s); each side has 1 queen and 6 guards",
                    seat_name(seat)
                )));
            }
        }
        if let Some(p) = decode(cells[Cell::THRONE.index()])
            && p.kind == Kind::Guard
        {
            return Err(PositionError("a guard stands on the throne".into()));
        }
        let mut hash = if to_act == Seat::Second {
            ZOBRIST_SECOND
        } else {
            0
        };
        for (i, &b) in cells.iter().enumerate() {
            hash ^= ZOBRIST[i][b as usize];
        }
        let mut at = [[0u8; 7]; 2];
        let mut placed = [0usize; 2];
        let mut queen = [0u8; 2];
        let mut side_bits = [0u128; 2];
        let mut captured_bits = [0u128; 2];
        for (i, &b) in cells.iter().enumerate() {
            if b != 0 {
                let side = (b & SECOND) as usize;
                at[side][placed[side]] = i as u8;
                placed[side] += 1;
                if b & QUEEN != 0 {
                    queen[side] = i as u8;
                }
                side_bits[side] |= cell_bit(i);
                if b & CAPTURED != 0 {
                    captured_bits[side] |= cell_bit(i);
                }
            }
        }
        let mut position = Position {
            cells,
            to_act,
            hash,
            occurrences: Occurrences::new(hash),
            outcome: None,
            at,
            queen,
            side_bits,
            captured_bits,
        };
        position.outcome = position.ring_outcome(to_act.other());
        if position.ring_outcome(to_act).is_some() {
            return Err(PositionError(format!(
                "{} to act, but {} has already closed ring 1",
                seat_name(to_act),
                seat_name(to_act)
            )));
        }
        Ok(position)
    }

    /// The side to act.
    pub fn to_act(&self) -> Seat {
        self.to_act
    }

    /// The piece on a cell, if any.
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        decode(self.cells[cell.index()])
    }

    /// Every piece with its cell, in cell order.
    pub fn pieces(&self) -> impl Iterator<Item = (Cell, Piece)> + '_ {
        Cell::all().filter_map(|c| self.piece_at(c).map(|p| (c, p)))
    }

    /// The outcome, once the game has ended by its rules.
    pub fn outcome(&self) -> Option<Outcome> {
        // AG-12 is decided when asked: a playout learns it for free from an empty action list.
        self.outcome.or_else(|| {
            (!self.has_legal_action()).then_some(Outcome {
                winner: Some(self.to_act.other()),
                reason: EndReason::NoLegalAction,
            })
        })
    }

    pub fn is_finished(&self) -> bool {
        self.outcome().is_some()
    }

    /// The number of actions played since this position's history started.
    pub fn plies(&self) -> usize {
        self.occurrences.plies()
    }

    /// The Zobrist hash of cells and side to act (what AG-13 compares).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// How often the current position has occurred so far, this time included (AG-13).
    pub fn occurrences(&self) -> usize {
        self.occurrences.count(self.hash)
    }
}

/// Counts the leaves of the game tree `depth` plies deep (finished positions are leaves that end
/// early and count nothing below them).
pub fn perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let actions = position.legal_actions();
    if depth == 1 {
        return actions.len() as u64;
    }
    actions
        .into_iter()
        .map(|a| {
            let mut next = position.clone();
            next.play_unchecked(a);
            perft(&next, depth - 1)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// Every action that `check` accepts, found by trying every step to a neighbour and every
    /// return of a captured piece to any cell: slow and plain, the reference for the bit-board
    /// generator. In the order `legal_actions` promises.
    fn checked_actions(p: &Position) -> Vec<Action> {
        let mut all = Vec::new();
        for from in Cell::all() {
            let steps = from.neighbours().map(|to| Action::Step { from, to });
            let returns = Cell::all()
                .filter(|_| p.piece_at(from).is_some_and(|piece| piece.captured))
                .map(|to| Action::Return { from, to });
            all.extend(steps.chain(returns).filter(|&a| p.check(a).is_ok()));
        }
        all.sort_unstable();
        all
    }

    /// The derived fields agree with the cells they are derived from.
    fn assert_consistent(p: &Position) {
        let fresh = Position::from_cells(p.cells, p.to_act).expect("a reachable position");
        assert_eq!(p.hash, fresh.hash, "{p}");
        assert_eq!(p.side_bits, fresh.side_bits, "{p}");
        assert_eq!(p.captured_bits, fresh.captured_bits, "{p}");
        assert_eq!(p.queen, fresh.queen, "{p}");
        for seat in Seat::BOTH {
            let mut mine = p.at[seat.index()];
            let mut expected = fresh.at[seat.index()];
            mine.sort_unstable();
            expected.sort_unstable();
            assert_eq!(mine, expected, "{p}");
        }
    }

    /// Random games: the listed actions are exactly the legal ones, steps listed piece by piece in
    /// cell order, the derived fields stay in step, and the repetition count is a plain count.
    #[test]
    fn generator_matches_the_checked_rules() {
        let mut rng = SmallRng::seed_from_u64(13);
        for _ in 0..25 {
            let mut p = Position::start();
            let mut hashes = vec![p.hash()];
            loop {
                assert_consistent(&p);
                assert_eq!(
                    p.occurrences(),
                    hashes.iter().filter(|&&h| h == p.hash()).count()
                );
                let mut listed = Vec::new();
                p.legal_actions_into(&mut listed);
                if p.outcome.is_none() {
                    assert_eq!(p.legal_actions(), checked_actions(&p), "{p}");
                    assert_eq!(p.has_legal_action(), !listed.is_empty(), "{p}");
                }
                for pair in listed.windows(2) {
                    if let [
                        Action::Step { from: a, to: x },
                        Action::Step { from: b, to: y },
                    ] = pair
                        && a == b
                    {
                        assert!(x < y, "{p}: steps of {a} out of cell order");
                    }
                }
                if listed.is_empty() {
                    break;
                }
                p.play_unchecked(listed[rng.random_range(0..listed.len())]);
                hashes.push(p.hash());
                assert_eq!(p.plies(), hashes.len() - 1);
            }
        }
    }
}
