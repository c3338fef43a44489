//! Agon (Queen's Guard): the position, its legal actions, playing them, the outcome and the notation,
//! exactly as `rules/agon.md` rules them (AG-1 … AG-16).
//!
//! A [`Position`] carries the hashes of the positions before it so it can detect the third
//! repetition (AG-13) by itself; it knows nothing about clocks, players or storage.

mod board;
mod notation;

pub use board::{CELLS, Cell, CellError, OUTER_RING};
pub use notation::{Notation, parse_notation};

use crate::{ActionError, EndReason, IllegalAction, Outcome, PieceName, PositionError, Seat, Side};
use board::{AXES, AXIS_MASKS, NEIGHBOURS, NONE, RINGS, STEP_BITS};
use std::fmt;
use std::str::FromStr;

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

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Zobrist keys: one per cell and cell byte (16 values), and one for Black to act.
const ZOBRIST: [[u64; 16]; CELLS] = {
    let mut t = [[0u64; 16]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut v = 1; // 0 (empty) hashes to nothing
        while v < 16 {
            t[i][v] = splitmix((i * 16 + v) as u64 * 0x1000_0000_01B3);
            v += 1;
        }
        i += 1;
    }
    t
};
const ZOBRIST_SECOND: u64 = splitmix(0xA60A_A60A);

/// The six neighbours of each cell as a bit mask.
const AROUND: [u128; CELLS] = {
    let mut t = [0u128; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut d = 0;
        while d < 6 {
            if NEIGHBOURS[i][d] != NONE {
                t[i] |= 1u128 << NEIGHBOURS[i][d];
            }
            d += 1;
        }
        i += 1;
    }
    t
};

const RING1_BITS: u128 = {
    let mut bits = 0u128;
    let mut i = 0;
    while i < CELLS {
        if RINGS[i] == 1 {
            bits |= 1u128 << i;
        }
        i += 1;
    }
    bits
};

const RING1: [u8; 6] = {
    let mut t = [0u8; 6];
    let mut n = 0;
    let mut i = 0;
    while i < CELLS {
        if RINGS[i] == 1 {
            t[n] = i as u8;
            n += 1;
        }
        i += 1;
    }
    t
};

/// An Agon position: the 91 cells, the side to act, and the history needed for AG-13.
///
/// Two positions are equal when their cells and side to act are (the history is not compared).
#[derive(Clone, Debug)]
pub struct Position {
    cells: [u8; CELLS],
    to_act: Seat,
    hash: u64,
    /// Hashes of every position of the game so far, the current one last.
    history: Vec<u64>,
    outcome: Option<Outcome>,
    /// Where each side's seven pieces stand (in no particular order), for fast move generation.
    at: [[u8; 7]; 2],
    /// How many of each side's pieces are captured.
    captured: [u8; 2],
    /// One bit per cell: the cells holding a piece of each side (captured or not).
    side_bits: [u128; 2],
    /// Saturating 2-bit counters of the history's hashes by their top 10 bits: a cheap, exact
    /// "seen fewer than twice" test that spares most repetition scans.
    seen: [u64; 32],
}

fn seen_slot(hash: u64) -> (usize, u32) {
    let slot = (hash >> 54) as usize;
    (slot / 32, (slot % 32) as u32 * 2)
}

fn seen_count(seen: &[u64; 32], hash: u64) -> u64 {
    let (word, shift) = seen_slot(hash);
    (seen[word] >> shift) & 3
}

fn seen_add(seen: &mut [u64; 32], hash: u64) {
    let (word, shift) = seen_slot(hash);
    if (seen[word] >> shift) & 3 != 3 {
        seen[word] += 1 << shift;
    }
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
        let mut captured = [0u8; 2];
        for (i, &b) in cells.iter().enumerate() {
            if b != 0 {
                let side = (b & SECOND) as usize;
                at[side][placed[side]] = i as u8;
                placed[side] += 1;
                captured[side] += u8::from(b & CAPTURED != 0);
            }
        }
        let mut position = Position {
            cells,
            to_act,
            hash,
            history: vec![hash],
            outcome: None,
            at,
            captured,
            side_bits: [0; 2],
            seen: [0; 32],
        };
        seen_add(&mut position.seen, hash);
        for (i, &b) in cells.iter().enumerate() {
            if b != 0 {
                position.side_bits[(b & SECOND) as usize] |= 1 << i;
            }
        }
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
        self.history.len() - 1
    }

    /// The Zobrist hash of cells and side to act (what AG-13 compares).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// How often the current position has occurred so far, this time included (AG-13).
    pub fn occurrences(&self) -> usize {
        // A plain scan (the side to act is part of the hash) that the compiler vectorises.
        self.history.iter().filter(|&&h| h == self.hash).count()
    }

    fn is_own(&self, raw: u8, seat: Seat) -> bool {
        raw != 0 && raw & SECOND == seat_bit(seat)
    }

    fn is_enemy(&self, raw: u8, seat: Seat) -> bool {
        raw != 0 && raw & SECOND != seat_bit(seat)
    }

    /// The captured pieces of a side: the queen first if she is captured.
    fn captured_of(&self, seat: Seat) -> (Option<Cell>, Vec<Cell>) {
        let mut queen = None;
        let mut guards = Vec::new();
        for (i, &b) in self.cells.iter().enumerate() {
            if b & CAPTURED != 0 && b & SECOND == seat_bit(seat) {
                if b & QUEEN != 0 {
                    queen = Some(Cell::from_raw(i as u8));
                } else {
                    guards.push(Cell::from_raw(i as u8));
                }
            }
        }
        (queen, guards)
    }

    fn owes_return(&self, seat: Seat) -> bool {
        self.captured[seat.index()] != 0
    }

    /// Would a piece of `seat` stepping to `to` stand between two enemy pieces (AG-7)? Returns
    /// the two enemy cells. The cell it comes from holds its own piece, so it never counts.
    #[inline]
    fn sandwich(&self, to: u8, seat: Seat) -> Option<(Cell, Cell)> {
        let mine = seat_bit(seat);
        // An enemy byte has PRESENT set and the other side's bit.
        let enemy =
            |c: u8| (self.cells[c as usize] ^ mine) & (PRESENT | SECOND) == PRESENT | SECOND;
        for &(a, b) in &AXES[to as usize] {
            if a == NONE {
                break;
            }
            if enemy(a) && enemy(b) {
                let (x, y) = if a < b { (a, b) } else { (b, a) };
                return Some((Cell::from_raw(x), Cell::from_raw(y)));
            }
        }
        None
    }

    /// The fast form of [`sandwich`](Self::sandwich): whether any axis through `to` is full of
    /// the enemy.
    #[inline(always)]
    fn sandwiched(&self, to: u8, seat: Seat) -> bool {
        let enemy = self.side_bits[seat.other().index()];
        let [a, b, c] = AXIS_MASKS[to as usize];
        // Non-short-circuit `|`: three cheap tests beat three hard-to-predict branches.
        ((enemy & a) == a) | ((enemy & b) == b) | ((enemy & c) == c)
    }

    /// Calls `f` for each legal step of the piece on `from` (a free piece of the side to act)
    /// until it returns `true`; returns whether one did.
    #[inline]
    fn steps_of(&self, from: u8, seat: Seat, mut f: impl FnMut(u8) -> bool) -> bool {
        let occupied = self.side_bits[0] | self.side_bits[1];
        let mut targets = STEP_BITS[from as usize];
        if self.cells[from as usize] & QUEEN != 0 && RINGS[from as usize] == 1 {
            targets |= 1 << Cell::THRONE.raw();
        }
        targets &= !occupied;
        while targets != 0 {
            let to = targets.trailing_zeros() as u8;
            targets &= targets - 1;
            if !self.sandwiched(to, seat) && f(to) {
                return true;
            }
        }
        false
    }

    /// Appends every legal action to `out` (which is not cleared), in no particular order: the
    /// fast path for playouts. [`legal_actions`](Self::legal_actions) sorts them.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        if self.outcome.is_some() {
            return;
        }
        let seat = self.to_act;
        if self.owes_return(seat) {
            let (queen, guards) = self.captured_of(seat);
            let empty = |outer_only: bool| {
                (0..CELLS as u8).filter(move |&i| {
                    self.cells[i as usize] == 0 && (!outer_only || RINGS[i as usize] == OUTER_RING)
                })
            };
            match queen {
                Some(q) => out.extend(empty(false).map(|to| Action::Return {
                    from: q,
                    to: Cell::from_raw(to),
                })),
                None => {
                    for g in guards {
                        out.extend(empty(true).map(|to| Action::Return {
                            from: g,
                            to: Cell::from_raw(to),
                        }));
                    }
                }
            }
            return;
        }
        out.reserve(48);
        for &from in &self.at[seat.index()] {
            self.steps_of(from, seat, |to| {
                out.push(Action::Step {
                    from: Cell::from_raw(from),
                    to: Cell::from_raw(to),
                });
                false
            });
        }
    }

    /// Every legal action, in cell order (empty once the game is over).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::with_capacity(40);
        self.legal_actions_into(&mut v);
        v.sort_unstable();
        v
    }

    /// Whether the side to act has any legal action (ignores whether the game is over).
    fn has_legal_action(&self) -> bool {
        let seat = self.to_act;
        if self.owes_return(seat) {
            // A queen can always go somewhere unless the board is full, which 14 pieces never do;
            // a guard needs an empty outer-ring cell.
            let (queen, _) = self.captured_of(seat);
            return (0..CELLS)
                .any(|i| self.cells[i] == 0 && (queen.is_some() || RINGS[i] == OUTER_RING));
        }
        self.at[seat.index()]
            .iter()
            .any(|&from| self.steps_of(from, seat, |_| true))
    }

    pub fn is_legal(&self, action: Action) -> bool {
        self.check(action).is_ok()
    }

    /// The cells a legal step would newly capture (AG-8), in name order.
    pub fn captures(&self, action: Action) -> Vec<Cell> {
        let Action::Step { from, to } = action else {
            return Vec::new();
        };
        let seat = self.to_act;
        let mut out = Vec::new();
        for (d, &n) in NEIGHBOURS[to.index()].iter().enumerate() {
            if n == NONE || !self.is_enemy(self.cells[n as usize], seat) {
                continue;
            }
            let m = NEIGHBOURS[n as usize][d];
            // `from` is empty once the piece has stepped, so it cannot close a capture.
            if m != NONE
                && m != from.raw()
                && self.is_own(self.cells[m as usize], seat)
                && self.cells[n as usize] & CAPTURED == 0
            {
                out.push(Cell::from_raw(n));
            }
        }
        out.sort();
        out
    }

    /// The canonical notation of a legal action here (AG-15), capture suffix included.
    pub fn notation(&self, action: Action) -> String {
        let mut s = action.to_string();
        for c in self.captures(action) {
            s.push('x');
            s.push_str(&c.to_string());
        }
        s
    }

    /// Says why an action is not legal here, in words a player can act on; `Ok` when it is.
    pub fn check(&self, action: Action) -> Result<(), ActionError> {
        let illegal = |e: IllegalAction| Err(ActionError::Illegal(e));
        if self.outcome().is_some() {
            return illegal(IllegalAction::GameOver);
        }
        let seat = self.to_act;
        let me = Side::agon(seat);
        let from = action.from();
        let to = action.to();
        let Some(piece) = self.piece_at(from) else {
            return illegal(IllegalAction::NoPiece { from });
        };
        if piece.seat != seat {
            return illegal(IllegalAction::NotYours {
                piece: piece.kind.piece(),
                from,
                owner: Side::agon(piece.seat),
                me,
            });
        }
        let (captured_queen, captured_guards) = self.captured_of(seat);
        match action {
            Action::Step { .. } => {
                if piece.captured {
                    return illegal(IllegalAction::CapturedCannotStep {
                        piece: piece.kind.piece(),
                        from,
                    });
                }
                if let Some(q) = captured_queen {
                    return illegal(IllegalAction::ReturnQueenFirst { me, queen: q });
                }
                if !captured_guards.is_empty() {
                    return illegal(IllegalAction::ReturnGuardFirst {
                        me,
                        guards: captured_guards,
                    });
                }
                if !from.neighbours().any(|n| n == to) {
                    return illegal(IllegalAction::NotNextTo { from, to });
                }
                if self.cells[to.index()] != 0 {
                    return illegal(IllegalAction::CellNotEmpty { cell: to });
                }
                if to.ring() > from.ring() {
                    return illegal(IllegalAction::StepsOutward { from, to });
                }
                if to == Cell::THRONE && piece.kind == Kind::Guard {
                    return illegal(IllegalAction::GuardThrone);
                }
                if let Some((a, b)) = self.sandwich(to.raw(), seat) {
                    return illegal(IllegalAction::BetweenEnemies { to, a, b });
                }
                Ok(())
            }
            Action::Return { .. } => {
                if !piece.captured {
                    return illegal(IllegalAction::NotCaptured {
                        piece: piece.kind.piece(),
                        from,
                        to: None,
                    });
                }
                if let Some(q) = captured_queen
                    && q != from
                {
                    return illegal(IllegalAction::ReturnQueenFirst { me, queen: q });
                }
                if self.cells[to.index()] != 0 {
                    return illegal(IllegalAction::CellNotEmpty { cell: to });
                }
                if piece.kind == Kind::Guard && to.ring() != OUTER_RING {
                    return illegal(IllegalAction::GuardOuterRing { to });
                }
                Ok(())
            }
        }
    }

    /// Plays a legal action, or says why it is not legal and changes nothing.
    pub fn play(&mut self, action: Action) -> Result<(), ActionError> {
        self.check(action)?;
        self.play_unchecked(action);
        Ok(())
    }

    fn relocate(&mut self, seat: Seat, from: Cell, to: Cell) {
        let slots = &mut self.at[seat.index()];
        if let Some(slot) = slots.iter_mut().find(|c| **c == from.raw()) {
            *slot = to.raw();
        }
    }

    fn set(&mut self, i: usize, raw: u8) {
        let old = self.cells[i];
        self.hash ^= ZOBRIST[i][old as usize] ^ ZOBRIST[i][raw as usize];
        if old != 0 {
            self.side_bits[(old & SECOND) as usize] &= !(1 << i);
        }
        if raw != 0 {
            self.side_bits[(raw & SECOND) as usize] |= 1 << i;
        }
        self.cells[i] = raw;
    }

    /// Plays an action known to be legal (from [`legal_actions`](Self::legal_actions) or a
    /// trusted record). An illegal action leaves the position in an unspecified (but memory-safe)
    /// state.
    pub fn play_unchecked(&mut self, action: Action) {
        let seat = self.to_act;
        match action {
            Action::Step { from, to } => {
                let raw = self.cells[from.index()];
                self.set(from.index(), 0);
                self.set(to.index(), raw);
                self.relocate(seat, from, to);
                let t = to.index();
                // Most steps touch no enemy piece at all.
                let around = AROUND[t] & self.side_bits[seat.other().index()];
                for (d, &n) in NEIGHBOURS[t].iter().enumerate() {
                    if around == 0 {
                        break;
                    }
                    if n == NONE {
                        continue;
                    }
                    let nraw = self.cells[n as usize];
                    if !self.is_enemy(nraw, seat) || nraw & CAPTURED != 0 {
                        continue;
                    }
                    let m = NEIGHBOURS[n as usize][d];
                    if m != NONE && self.is_own(self.cells[m as usize], seat) {
                        self.set(n as usize, nraw | CAPTURED);
                        self.captured[seat.other().index()] += 1;
                    }
                }
            }
            Action::Return { from, to } => {
                let raw = self.cells[from.index()] & !CAPTURED;
                self.set(from.index(), 0);
                self.set(to.index(), raw);
                self.relocate(seat, from, to);
                self.captured[seat.index()] -= 1;
            }
        }
        self.to_act = seat.other();
        self.hash ^= ZOBRIST_SECOND;
        // Fewer than two earlier hashes in this slot means fewer than two earlier occurrences.
        let maybe_third = seen_count(&self.seen, self.hash) >= 2;
        self.history.push(self.hash);
        seen_add(&mut self.seen, self.hash);
        self.outcome = self.ring_outcome(seat).or_else(|| {
            (maybe_third && self.occurrences() >= 3).then_some(Outcome {
                winner: None,
                reason: EndReason::Repetition,
            })
        });
    }

    /// AG-11 for the side that just acted.
    fn ring_outcome(&self, seat: Seat) -> Option<Outcome> {
        let guard = PRESENT | seat_bit(seat);
        if self.side_bits[seat.index()] & RING1_BITS == RING1_BITS
            && RING1
                .iter()
                .all(|&c| self.cells[c as usize] & !CAPTURED == guard)
        {
            let queen = PRESENT | seat_bit(seat) | QUEEN;
            let on_throne = self.cells[Cell::THRONE.index()] & !CAPTURED == queen;
            Some(if on_throne {
                Outcome {
                    winner: Some(seat),
                    reason: EndReason::Throne,
                }
            } else {
                Outcome {
                    winner: Some(seat.other()),
                    reason: EndReason::RingWithoutQueen,
                }
            })
        } else {
            None
        }
    }

    /// Reads an action in any accepted form (AG-15) and checks it is legal here.
    pub fn parse_action(&self, text: &str) -> Result<Action, ActionError> {
        let n = parse_notation(text)?;
        let action = match (n.returning, self.piece_at(n.from)) {
            (false, Some(p)) if p.captured && p.seat == self.to_act && self.outcome().is_none() => {
                let (q, _) = self.captured_of(self.to_act);
                let at = q.unwrap_or(n.from);
                return Err(ActionError::Illegal(IllegalAction::CapturedMustReturn {
                    piece: p.kind.piece(),
                    from: n.from,
                    me: Side::agon(self.to_act),
                    queen: q.is_some(),
                    at,
                    example: self.legal_actions().first().copied(),
                }));
            }
            (true, Some(p)) if !p.captured && p.seat == self.to_act && self.outcome().is_none() => {
                return Err(ActionError::Illegal(IllegalAction::NotCaptured {
                    piece: p.kind.piece(),
                    from: n.from,
                    to: Some(n.to),
                }));
            }
            (true, _) => Action::Return {
                from: n.from,
                to: n.to,
            },
            (false, _) => Action::Step {
                from: n.from,
                to: n.to,
            },
        };
        self.check(action)?;
        if let Some(given) = n.captures {
            let actual = self.captures(action);
            let mut given = given;
            given.sort();
            given.dedup();
            if given != actual {
                return Err(ActionError::Illegal(if actual.is_empty() {
                    IllegalAction::CapturesNothing { action }
                } else {
                    IllegalAction::CapturesOther {
                        action,
                        actual,
                        given,
                    }
                }));
            }
        }
        Ok(action)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..11).rev() {
            let mut empty = 0;
            for number in 1.. {
                let Some(c) = Cell::from_row_number(row, number) else {
                    break;
                };
                match self.piece_at(c) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        let ch = match (p.seat, p.kind) {
                            (Seat::First, Kind::Queen) => 'Q',
                            (Seat::First, Kind::Guard) => 'G',
                            (Seat::Second, Kind::Queen) => 'q',
                            (Seat::Second, Kind::Guard) => 'g',
                        };
                        write!(f, "{ch}")?;
                        if p.captured {
                            write!(f, "*")?;
                        }
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if row > 0 {
                write!(f, "/")?;
            }
        }
        let side = if self.to_act == Seat::First { 'w' } else { 'b' };
        write!(f, " {side}")
    }
}

impl FromStr for Position {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Position, PositionError> {
        let err = |m: String| Err(PositionError(m));
        let mut parts = s.split_whitespace();
        let (Some(board), Some(side), None) = (parts.next(), parts.next(), parts.next()) else {
            return err("expected the rows and the side to act, like `<rows> w`".into());
        };
        let to_act = match side {
            "w" => Seat::First,
            "b" => Seat::Second,
            other => return err(format!("side to act must be w or b, not `{other}`")),
        };
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != 11 {
            return err(format!("expected 11 rows (k to a), found {}", rows.len()));
        }
        let mut pieces = Vec::new();
        for (i, text) in rows.iter().enumerate() {
            let row = 10 - i;
            let row_name = (b'a' + row as u8) as char;
            let mut number = 0usize;
            let mut bytes = text.bytes().peekable();
            while let Some(b) = bytes.next() {
                if b.is_ascii_digit() {
                    let mut run = (b - b'0') as usize;
                    while let Some(d) = bytes.peek().copied().filter(u8::is_ascii_digit) {
                        run = run * 10 + (d - b'0') as usize;
                        bytes.next();
                        if run > 11 {
                            break;
                        }
                    }
                    if run == 0 {
                        return err(format!("row {row_name}: an empty run of 0"));
                    }
                    number += run;
                    continue;
                }
                let (seat, kind) = match b {
                    b'Q' => (Seat::First, Kind::Queen),
                    b'G' => (Seat::First, Kind::Guard),
                    b'q' => (Seat::Second, Kind::Queen),
                    b'g' => (Seat::Second, Kind::Guard),
                    _ => {
                        return err(format!(
                            "row {row_name}: unexpected `{}`",
                            String::from_utf8_lossy(&[b])
                        ));
                    }
                };
                let captured = bytes.next_if_eq(&b'*').is_some();
                number += 1;
                let Some(c) = Cell::from_row_number(row, number) else {
                    return err(format!("row {row_name} is too long"));
                };
                pieces.push((
                    c,
                    Piece {
                        seat,
                        kind,
                        captured,
                    },
                ));
            }
            if Cell::from_row_number(row, number).is_none()
                || Cell::from_row_number(row, number + 1).is_some()
            {
                return err(format!(
                    "row {row_name} describes {number} cells; it has {}",
                    board::row_len(row)
                ));
            }
        }
        Position::from_pieces(pieces, to_act)
    }
}

impl serde::Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Position {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
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
