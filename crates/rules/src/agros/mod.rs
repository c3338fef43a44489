//! Agros: the position, its legal actions, playing them, the end and the score, exactly as
//! `rules/agros.md` rules them (AR-1 … AR-17).
//!
//! The position, its pieces and playing an action are here; `actions` lists the legal actions,
//! `check` says why an action is not legal, `text` reads and writes the position text, and `score`
//! counts the fields.

mod actions;
mod check;
mod notation;
mod score;
mod square;
mod text;

pub use notation::{Notation, Target, parse_notation};
pub use score::{Field, Score};
pub use square::{Direction, MAX_SIZE, MIN_SIZE, Square};

use crate::{ActionError, EndReason, Outcome, PositionError, Seat};
use std::fmt;

/// The colour name of a seat: Light acts first (AR-2).
pub fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "light",
        Seat::Second => "dark",
    }
}

/// What stands on a square (AR-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Content {
    Seed(Seat),
    /// A farmer and the seeds under it; `harvest` counts the whole stack (≥ 1).
    Farmer {
        seat: Seat,
        harvest: u8,
    },
}

/// One turn's action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// An opening turn that places one farmer.
    Place(Square),
    /// An opening turn that places two farmers; the squares are in board order, first < second.
    PlaceTwo(Square, Square),
    Harvest {
        from: Square,
        to: Square,
    },
    Sow {
        from: Square,
        to: Square,
    },
    Pass,
}

impl Action {
    /// The square a moving farmer starts from.
    pub fn from(self) -> Option<Square> {
        match self {
            Action::Harvest { from, .. } | Action::Sow { from, .. } => Some(from),
            _ => None,
        }
    }
}

/// The canonical notation (AR-16).
impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Place(s) => write!(f, "{s}"),
            Action::PlaceTwo(a, b) => write!(f, "{a},{b}"),
            Action::Harvest { from, to } => write!(f, "{from}-{to}"),
            Action::Sow { from, to } => write!(f, "{from}={to}"),
            Action::Pass => write!(f, "pass"),
        }
    }
}

/// The variant a game is played with (AR-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Setup {
    pub board: u8,
    pub farmers: u8,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            board: 10,
            farmers: 5,
        }
    }
}

// Cells are kept on a fixed 12-wide grid so a square's index does not depend on the board size.
const STRIDE: usize = MAX_SIZE;
const GRID: usize = MAX_SIZE * MAX_SIZE;
const LIGHT_SEED: u8 = 1;
const DARK_SEED: u8 = 2;
const FARMER: u8 = 0x80;
const FARMER_SECOND: u8 = 0x40;
const HARVEST: u8 = 0x3f;

fn idx(s: Square) -> usize {
    s.rank() * STRIDE + s.file()
}

fn sq(i: usize) -> Square {
    Square::new(i % STRIDE, i / STRIDE).expect("grid index")
}

fn seed_of(seat: Seat) -> u8 {
    match seat {
        Seat::First => LIGHT_SEED,
        Seat::Second => DARK_SEED,
    }
}

fn farmer_of(seat: Seat, harvest: u8) -> u8 {
    FARMER
        | if seat == Seat::Second {
            FARMER_SECOND
        } else {
            0
        }
        | harvest
}

fn decode(b: u8) -> Option<Content> {
    match b {
        0 => None,
        LIGHT_SEED => Some(Content::Seed(Seat::First)),
        DARK_SEED => Some(Content::Seed(Seat::Second)),
        _ => Some(Content::Farmer {
            seat: if b & FARMER_SECOND != 0 {
                Seat::Second
            } else {
                Seat::First
            },
            harvest: b & HARVEST,
        }),
    }
}

/// Does this cell byte belong to `seat` (its seed or its farmer)?
fn owned_by(b: u8, seat: Seat) -> bool {
    match b {
        0 => false,
        LIGHT_SEED => seat == Seat::First,
        DARK_SEED => seat == Seat::Second,
        _ => (b & FARMER_SECOND != 0) == (seat == Seat::Second),
    }
}

/// Where a game stands between turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Phase {
    /// The opening turn about to be played, from 0 to N (AR-4).
    Opening(u8),
    /// The movement phase; `passed` when the last action was a pass.
    Movement { passed: bool },
    /// Two passes in a row ended the game (AR-9).
    Over,
}

/// An Agros position. Two positions are equal when board, farmers per side, squares, side to act
/// and phase are.
#[derive(Clone, Debug)]
pub struct Position {
    size: u8,
    farmers: u8,
    cells: [u8; GRID],
    to_act: Seat,
    phase: Phase,
    /// The grid index of each side's farmers placed so far.
    farmer_at: [[u8; 7]; 2],
    placed: [u8; 2],
}

impl PartialEq for Position {
    fn eq(&self, o: &Self) -> bool {
        (self.size, self.farmers, self.to_act, self.phase) == (o.size, o.farmers, o.to_act, o.phase)
            && self.cells == o.cells
    }
}
impl Eq for Position {}

impl Position {
    /// An empty board at the start of the opening (AR-4). Board 5 to 12 and 1 to 7 farmers are
    /// accepted here; a game offers the sizes of [`Setup`] that the service allows.
    pub fn new(setup: Setup) -> Result<Position, PositionError> {
        let size = setup.board as usize;
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(PositionError(format!(
                "board size {size} is outside {MIN_SIZE} to {MAX_SIZE}"
            )));
        }
        if !(1..=7).contains(&setup.farmers) {
            return Err(PositionError(format!(
                "{} farmers per side is outside 1 to 7",
                setup.farmers
            )));
        }
        Ok(Position {
            size: setup.board,
            farmers: setup.farmers,
            cells: [0; GRID],
            to_act: Seat::First,
            phase: Phase::Opening(0),
            farmer_at: [[0; 7]; 2],
            placed: [0; 2],
        })
    }

    pub fn setup(&self) -> Setup {
        Setup {
            board: self.size,
            farmers: self.farmers,
        }
    }

    /// The board's side length.
    pub fn size(&self) -> usize {
        self.size as usize
    }

    pub fn to_act(&self) -> Seat {
        self.to_act
    }

    /// Every square of this board, row by row from `a1`.
    pub fn squares(&self) -> impl Iterator<Item = Square> + use<> {
        let n = self.size as usize;
        (0..n * n).map(move |i| Square::new(i % n, i / n).expect("on board"))
    }

    pub fn content(&self, s: Square) -> Option<Content> {
        if s.file() >= self.size() || s.rank() >= self.size() {
            return None;
        }
        decode(self.cells[idx(s)])
    }

    /// The farmers of a side with their squares and harvests.
    pub fn farmers(&self, seat: Seat) -> impl Iterator<Item = (Square, u8)> + '_ {
        self.farmer_at[seat.index()][..self.placed[seat.index()] as usize]
            .iter()
            .map(|&i| (sq(i as usize), self.cells[i as usize] & HARVEST))
    }

    /// In the opening, how many farmers the current turn places.
    pub fn opening_placements(&self) -> Option<usize> {
        match self.phase {
            Phase::Opening(t) => Some(if t == 0 || t == self.farmers { 1 } else { 2 }),
            _ => None,
        }
    }

    pub fn in_opening(&self) -> bool {
        matches!(self.phase, Phase::Opening(_))
    }

    /// Whether the last action was a pass (so another pass ends the game).
    pub fn last_was_pass(&self) -> bool {
        matches!(self.phase, Phase::Movement { passed: true } | Phase::Over)
    }

    pub fn is_finished(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The outcome after two passes (AR-9, AR-14): the higher score wins.
    pub fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| Outcome {
            winner: self.score().winner(),
            reason: EndReason::TwoPasses,
        })
    }

    /// The score of the position as it stands (AR-10 … AR-14).
    pub fn score(&self) -> Score {
        Score::of(self)
    }

    fn on_board(&self, i: usize) -> bool {
        i % STRIDE < self.size as usize && i / STRIDE < self.size as usize
    }

    /// Each side's score in half points, `[light, dark]`: the same as [`Score::halves`] of
    /// [`Position::score`], without building the report (for the search, which asks often).
    pub fn score_halves(&self) -> [u32; 2] {
        score::halves(self)
    }

    /// Plays a legal action, or says why it is not legal and changes nothing.
    pub fn play(&mut self, action: Action) -> Result<(), ActionError> {
        self.check(action)?;
        self.play_unchecked(action);
        Ok(())
    }

    fn place(&mut self, s: Square) {
        let seat = self.to_act.index();
        let i = idx(s);
        self.cells[i] = farmer_of(self.to_act, 1);
        self.farmer_at[seat][self.placed[seat] as usize] = i as u8;
        self.placed[seat] += 1;
    }

    fn move_farmer(&mut self, from: usize, to: usize) {
        let seat = self.to_act.index();
        let slot = self.farmer_at[seat]
            .iter()
            .position(|&f| f as usize == from)
            .expect("a farmer of the side to act");
        self.farmer_at[seat][slot] = to as u8;
    }

    /// Plays an action known to be legal (from [`legal_actions`](Self::legal_actions) or a
    /// trusted record). An illegal action leaves the position unspecified (but memory-safe).
    pub fn play_unchecked(&mut self, action: Action) {
        let seat = self.to_act;
        match action {
            Action::Place(a) => self.place(a),
            Action::PlaceTwo(a, b) => {
                self.place(a);
                self.place(b);
            }
            Action::Harvest { from, to } => {
                let (f, t) = (idx(from), idx(to));
                let h = self.cells[f] & HARVEST;
                self.cells[f] = 0;
                self.cells[t] = farmer_of(seat, (h + 1).min(HARVEST));
                self.move_farmer(f, t);
            }
            Action::Sow { from, to } => {
                let (dir, dist) = from.line_to(to).expect("a sow is a straight line");
                let f = idx(from);
                let seed = seed_of(seat);
                self.cells[f] = seed;
                for k in 1..dist {
                    let s = from.offset(dir, k, self.size()).expect("on the board");
                    self.cells[idx(s)] = seed;
                }
                let t = idx(to);
                self.cells[t] = farmer_of(seat, 1);
                self.move_farmer(f, t);
            }
            Action::Pass => {}
        }
        self.phase = match (self.phase, action) {
            (Phase::Opening(t), _) if t >= self.farmers => Phase::Movement { passed: false },
            (Phase::Opening(t), _) => Phase::Opening(t + 1),
            (Phase::Movement { passed: true }, Action::Pass) => Phase::Over,
            (Phase::Movement { .. }, Action::Pass) => Phase::Movement { passed: true },
            (_, _) => Phase::Movement { passed: false },
        };
        self.to_act = seat.other();
    }
}
