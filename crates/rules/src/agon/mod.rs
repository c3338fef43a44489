//! Agon (Queen's Guard): the position, its legal actions, playing them, the outcome and the notation,
//! exactly as `rules/agon.md` rules them (AG-1 … AG-16).
//!
//! A [`Position`] carries the hashes of the positions before it so it can detect the third
//! repetition (AG-13) by itself; it knows nothing about clocks, players or storage.

mod board;
mod notation;
mod repetition;

pub use board::{CELLS, Cell, CellError, OUTER_RING};
pub use notation::{Notation, parse_notation};

use crate::{ActionError, EndReason, IllegalAction, Outcome, PieceName, PositionError, Seat, Side};
use board::{
    AXES, BIT_OF_CELL, BOARD_BITS, CAPTURE_PLACES, CELL_OF_BIT, NEIGHBOURS, NONE, OUTER_BITS,
    RING1_BITS, RINGS, STEP_BITS, STEP_WINDOWS, THRONE_BIT, between, beyond_to_neighbour,
    capture_place_bit, capture_window, cell_at_place, cell_bit, window_words,
};
use repetition::Occurrences;
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

/// The keys of `ZOBRIST` for the eight bytes of a piece (`PRESENT` set), by the byte's low three
/// bits: the same keys in half the memory, for the updates made on every action.
static PIECE_KEYS: [[u64; 8]; CELLS] = {
    let mut t = [[0u64; 8]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut v = 0;
        while v < 8 {
            t[i][v] = ZOBRIST[i][PRESENT as usize | v];
            v += 1;
        }
        i += 1;
    }
    t
};

/// The Zobrist key of the piece byte `raw` (never 0) on cell `i`.
#[inline(always)]
fn piece_key(i: usize, raw: u8) -> u64 {
    PIECE_KEYS[i][(raw & 7) as usize]
}

/// The steps from one cell for one set of its allowed window places: the actions in cell order,
/// padded to four, and how many there are.
#[derive(Clone, Copy)]
struct StepList {
    actions: [Action; 4],
    count: u8,
}

/// The step lists of every cell, by the number its [`board::StepWindow`] gives the set of places
/// a piece there can step to; copying one list is cheaper than building its actions.
static STEP_LISTS: [[StepList; 16]; CELLS] = {
    let mut t = [[StepList {
        actions: [Action::Step {
            from: Cell::THRONE,
            to: Cell::THRONE,
        }; 4],
        count: 0,
    }; 16]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let window = STEP_WINDOWS[i];
        let (places, n) = window.places();
        let from = Cell::from_raw(i as u8);
        let mut subset = 0;
        while subset < 1 << n {
            let mut list = StepList {
                actions: [Action::Step { from, to: from }; 4],
                count: 0,
            };
            let mut set = 0u32;
            let mut k = 0;
            while k < n {
                if subset & (1 << k) != 0 {
                    set |= 1 << places[k];
                    list.actions[list.count as usize] = Action::Step {
                        from,
                        to: Cell::from_raw(cell_at_place(i, places[k])),
                    };
                    list.count += 1;
                }
                k += 1;
            }
            t[i][window.number(set)] = list;
            subset += 1;
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
        self.captured_bits[seat.index()] != 0
    }

    /// Grid bits of the empty cells.
    #[inline(always)]
    fn empty_bits(&self) -> u128 {
        BOARD_BITS & !(self.side_bits[0] | self.side_bits[1])
    }

    /// Grid bits of the empty cells a piece of `seat` may step to without standing between two
    /// enemy pieces (AG-6 for emptiness, AG-7).
    #[inline(always)]
    fn step_targets(&self, seat: Seat) -> u128 {
        self.empty_bits() & !between(self.side_bits[seat.other().index()])
    }

    /// Grid bits of the cells the free piece on `from` may step to, given
    /// [`step_targets`](Self::step_targets): its steps by AG-6, the throne for a queen only.
    #[inline(always)]
    fn steps_from(&self, from: u8, targets: u128) -> u128 {
        let not_throne = if self.cells[from as usize] & QUEEN != 0 {
            !0
        } else {
            !THRONE_BIT
        };
        STEP_BITS[from as usize] & targets & not_throne
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

    /// Appends every legal action to `out` (which is not cleared), in no particular order: the
    /// fast path for playouts. [`legal_actions`](Self::legal_actions) sorts them.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        if self.outcome.is_some() {
            return;
        }
        let seat = self.to_act;
        if self.owes_return(seat) {
            self.returns_into(seat, out);
            return;
        }
        // Each piece copies four slots and keeps as many as it has steps, so no branch depends
        // on how many there are (random play cannot predict that). Seven pieces with at most
        // four steps each fill at most 28 of the 32 slots; the rest are cut off again.
        const UNUSED: Action = Action::Step {
            from: Cell::THRONE,
            to: Cell::THRONE,
        };
        let words = window_words(self.step_targets(seat));
        let len = out.len();
        out.extend_from_slice(&[UNUSED; 32]);
        let steps: &mut [Action; 32] = (&mut out[len..])
            .try_into()
            .expect("32 slots were just added");
        let mut n = 0;
        let queen = self.queen[seat.index()];
        for &from in &self.at[seat.index()] {
            let window = &STEP_WINDOWS[from as usize];
            let queen = usize::from(from == queen);
            let places =
                (words[window.word as usize & 3] >> window.shift) as u32 & window.allowed[queen];
            let list = &STEP_LISTS[from as usize][window.number(places)];
            let start = n.min(28);
            steps[start..start + 4].copy_from_slice(&list.actions);
            n += list.count as usize;
        }
        out.truncate(len + n);
    }

    /// Appends the returns owed by `seat` (AG-9, AG-10): the captured queen's to every empty
    /// cell, otherwise each captured guard's (in cell order) to every empty outer-ring cell.
    fn returns_into(&self, seat: Seat, out: &mut Vec<Action>) {
        let s = seat.index();
        let empty = self.empty_bits();
        let push_all = |out: &mut Vec<Action>, from: Cell, mut to_bits: u128| {
            out.reserve(to_bits.count_ones() as usize);
            while to_bits != 0 {
                let to = CELL_OF_BIT[to_bits.trailing_zeros() as usize];
                to_bits &= to_bits - 1;
                out.push(Action::Return {
                    from,
                    to: Cell::from_raw(to),
                });
            }
        };
        let queen = self.queen[s];
        if self.captured_bits[s] & cell_bit(queen as usize) != 0 {
            push_all(out, Cell::from_raw(queen), empty);
            return;
        }
        let mut guards = self.captured_bits[s];
        while guards != 0 {
            let from = CELL_OF_BIT[guards.trailing_zeros() as usize];
            guards &= guards - 1;
            push_all(out, Cell::from_raw(from), empty & OUTER_BITS);
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
        let s = seat.index();
        if self.owes_return(seat) {
            // A queen can always go somewhere unless the board is full, which 14 pieces never do;
            // a guard needs an empty outer-ring cell.
            let queen_captured = self.captured_bits[s] & cell_bit(self.queen[s] as usize) != 0;
            let allowed = if queen_captured {
                BOARD_BITS
            } else {
                OUTER_BITS
            };
            return self.empty_bits() & allowed != 0;
        }
        let targets = self.step_targets(seat);
        self.at[s]
            .iter()
            .any(|&from| self.steps_from(from, targets) != 0)
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

    /// Moves the piece of `seat` on `from` (its byte without the captured mark is `raw`) to the
    /// empty cell `to`, keeping every derived field in step.
    #[inline(always)]
    fn move_piece(&mut self, seat: Seat, from: usize, to: usize, raw: u8) {
        let s = seat.index();
        let old = self.cells[from];
        self.cells[from] = 0;
        self.cells[to] = raw;
        self.hash ^= piece_key(from, old) ^ piece_key(to, raw);
        self.side_bits[s] ^= cell_bit(from) | cell_bit(to);
        self.captured_bits[s] &= !cell_bit(from);
        // A select rather than a branch: which slot holds the piece is anybody's guess.
        for slot in &mut self.at[s] {
            *slot = if *slot as usize == from {
                to as u8
            } else {
                *slot
            };
        }
        if raw & QUEEN != 0 {
            self.queen[s] = to as u8;
        }
    }

    /// Marks the pieces newly captured by the piece of `seat` that just stepped to `to` (AG-8).
    #[inline(always)]
    fn capture_around(&mut self, seat: Seat, to: usize) {
        // Found without a branch per neighbour: about four steps in ten end next to an enemy
        // piece, but only one in twenty captures.
        let enemy = seat.other().index();
        let bit = BIT_OF_CELL[to];
        let free_enemies = capture_window(self.side_bits[enemy] & !self.captured_bits[enemy], bit);
        let mine = capture_window(self.side_bits[seat.index()], bit);
        let mut captured = free_enemies & beyond_to_neighbour(mine) & CAPTURE_PLACES[to];
        while captured != 0 {
            let n = CELL_OF_BIT[capture_place_bit(bit, captured.trailing_zeros())] as usize;
            captured &= captured - 1;
            let old = self.cells[n];
            self.cells[n] = old | CAPTURED;
            self.hash ^= piece_key(n, old) ^ piece_key(n, old | CAPTURED);
            self.captured_bits[enemy] |= cell_bit(n);
        }
    }

    /// Plays an action known to be legal (from [`legal_actions`](Self::legal_actions) or a
    /// trusted record). An illegal action leaves the position in an unspecified (but memory-safe)
    /// state.
    pub fn play_unchecked(&mut self, action: Action) {
        let seat = self.to_act;
        match action {
            Action::Step { from, to } => {
                let raw = self.cells[from.index()];
                self.move_piece(seat, from.index(), to.index(), raw);
                self.capture_around(seat, to.index());
            }
            Action::Return { from, to } => {
                let raw = self.cells[from.index()] & !CAPTURED;
                self.move_piece(seat, from.index(), to.index(), raw);
            }
        }
        self.to_act = seat.other();
        self.hash ^= ZOBRIST_SECOND;
        let third = self.occurrences.add(self.hash);
        self.outcome = self.ring_outcome(seat).or_else(|| {
            third.then_some(Outcome {
                winner: None,
                reason: EndReason::Repetition,
            })
        });
    }

    /// AG-11 for the side that just acted.
    fn ring_outcome(&self, seat: Seat) -> Option<Outcome> {
        let queen = self.queen[seat.index()] as usize;
        // Ring 1 full of the side's pieces, none of them its queen: all six are its guards.
        if self.side_bits[seat.index()] & RING1_BITS == RING1_BITS && RINGS[queen] != 1 {
            Some(if queen == Cell::THRONE.index() {
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

    /// The sets of places a window can hold are numbered apart for every cell, and each list
    /// holds exactly the steps to those places.
    #[test]
    fn step_lists_cover_every_set_of_places() {
        for i in 0..CELLS {
            let window = STEP_WINDOWS[i];
            let (places, n) = window.places();
            let mut seen = 0u16;
            for subset in 0..1u32 << n {
                let set = (0..n)
                    .filter(|k| subset & (1 << k) != 0)
                    .fold(0u32, |set, k| set | 1 << places[k]);
                let number = window.number(set);
                assert_eq!(seen & (1 << number), 0, "cell {i}: two sets share {number}");
                seen |= 1 << number;
                let list = STEP_LISTS[i][number];
                assert_eq!(list.count, subset.count_ones() as u8);
                for k in 0..list.count as usize {
                    assert_eq!(list.actions[k].from().index(), i);
                }
            }
        }
    }
}
