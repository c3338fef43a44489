//! Agros: the position, its legal actions, playing them, the end and the score, exactly as
//! `rules/agros.md` rules them (AR-1 … AR-17).

mod notation;
mod score;
mod square;

pub use notation::{Notation, Target, parse_notation};
pub use score::{Field, Score};
pub use square::{Direction, MAX_SIZE, MIN_SIZE, Square};

use crate::{
    ActionError, EndReason, IllegalAction, Outcome, PieceName, PlacementHint, PositionError, Seat,
    Side,
};
use std::fmt;
use std::str::FromStr;

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

    /// Appends every legal action to `out` (not cleared first). In the opening these are the
    /// placements; in the movement phase the harvests and sows of each farmer, then `pass`.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        match self.phase {
            Phase::Over => {}
            Phase::Opening(_) => {
                let n = self.size as usize;
                let mut empty = [Square::new(0, 0).expect("a1"); GRID];
                let mut count = 0;
                for rank in 0..n {
                    for file in 0..n {
                        if self.cells[rank * STRIDE + file] == 0 {
                            empty[count] = Square::new(file, rank).expect("on the grid");
                            count += 1;
                        }
                    }
                }
                let empty = &empty[..count];
                if self.opening_placements() == Some(1) {
                    out.extend(empty.iter().map(|&s| Action::Place(s)));
                } else {
                    out.reserve(count * count.saturating_sub(1) / 2);
                    for (k, &a) in empty.iter().enumerate() {
                        out.extend(empty[k + 1..].iter().map(|&b| Action::PlaceTwo(a, b)));
                    }
                }
            }
            Phase::Movement { .. } => {
                let seat = self.to_act;
                for &f in &self.farmer_at[seat.index()][..self.placed[seat.index()] as usize] {
                    for d in Direction::ALL {
                        let [harvest, sow] = self.moves_of::<true, true>(f as usize, d);
                        out.extend(harvest);
                        out.extend(sow);
                    }
                }
                out.push(Action::Pass);
            }
        }
    }

    /// The harvest and the sow of the side to act's farmer on grid index `i` in direction `d`,
    /// each `None` when not legal (AR-5, AR-6); only the harvest unless `WANT_SOW`, only the sow
    /// unless `WANT_HARVEST`.
    #[inline(always)]
    fn moves_of<const WANT_HARVEST: bool, const WANT_SOW: bool>(
        &self,
        i: usize,
        d: Direction,
    ) -> [Option<Action>; 2] {
        let seat = self.to_act;
        let n = self.size as isize;
        let h = (self.cells[i] & HARVEST) as isize;
        let (file, rank) = ((i % STRIDE) as isize, (i / STRIDE) as isize);
        let (df, dr) = d.delta();
        // How far the board reaches in this direction.
        let reach_f = match df {
            1 => n - 1 - file,
            -1 => file,
            _ => isize::MAX,
        };
        let reach_r = match dr {
            1 => n - 1 - rank,
            -1 => rank,
            _ => isize::MAX,
        };
        let reach = reach_f.min(reach_r);
        if reach < h - 1 || h - 1 == 0 && reach < h || !WANT_HARVEST && h < 2 {
            return [None, None];
        }
        // One walk decides both: a sow needs squares 1..h-1 empty, a harvest needs 1..h-1 empty
        // or own and square h empty.
        let step = dr * STRIDE as isize + df;
        let (mut empty, mut passable) = (true, true);
        let mut j = i as isize;
        for _ in 1..h {
            j += step;
            let c = self.cells[j as usize];
            if c != 0 {
                empty = false;
                if !WANT_HARVEST {
                    break;
                }
                if !owned_by(c, seat) {
                    passable = false;
                    break;
                }
            }
        }
        let harvest =
            (WANT_HARVEST && passable && reach >= h && self.cells[(j + step) as usize] == 0).then(
                || Action::Harvest {
                    from: sq(i),
                    to: sq((j + step) as usize),
                },
            );
        let sow = (WANT_SOW && empty && h >= 2).then(|| Action::Sow {
            from: sq(i),
            to: sq(j as usize),
        });
        [harvest, sow]
    }

    /// How many movement slots the side to act has: one per farmer, direction and kind of
    /// action (harvest or sow), so 16 per farmer in the movement phase and none otherwise.
    /// Together with [`Position::movement_action`] this lets a playout pick a uniformly random
    /// harvest or sow by drawing slots, without listing every legal action.
    pub fn movement_slots(&self) -> usize {
        match self.phase {
            Phase::Movement { .. } => 16 * self.placed[self.to_act.index()] as usize,
            _ => 0,
        }
    }

    /// The action of a movement slot (`0..movement_slots()`), or `None` when it is not legal.
    /// Each legal harvest and sow has exactly one slot, and the slots in order give them in the
    /// order of [`Position::legal_actions_into`].
    pub fn movement_action(&self, slot: usize) -> Option<Action> {
        if slot >= self.movement_slots() {
            return None;
        }
        let farmer = self.farmer_at[self.to_act.index()][slot / 16] as usize;
        let d = Direction::ALL[slot % 16 / 2];
        if slot.is_multiple_of(2) {
            self.moves_of::<true, false>(farmer, d)[0]
        } else {
            self.moves_of::<false, true>(farmer, d)[1]
        }
    }

    /// Each side's score in half points, `[light, dark]`: the same as [`Score::halves`] of
    /// [`Position::score`], without building the report (for the search, which asks often).
    pub fn score_halves(&self) -> [u32; 2] {
        score::halves(self)
    }

    /// Every legal action (empty once the game is over).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_actions_into(&mut v);
        v
    }

    /// The number of legal actions, without listing the opening's pairs.
    pub fn legal_count(&self) -> usize {
        match self.phase {
            Phase::Opening(_) => {
                let empty = (0..GRID)
                    .filter(|&i| self.on_board(i) && self.cells[i] == 0)
                    .count();
                if self.opening_placements() == Some(1) {
                    empty
                } else {
                    empty * (empty - 1) / 2
                }
            }
            _ => self.legal_actions().len(),
        }
    }

    pub fn is_legal(&self, action: Action) -> bool {
        self.check(action).is_ok()
    }

    /// Says why an action is not legal here, in words a player can act on; `Ok` when it is.
    pub fn check(&self, action: Action) -> Result<(), ActionError> {
        let illegal = |e: IllegalAction| Err(ActionError::Illegal(e));
        let me = Side::agros(self.to_act);
        let size = self.size();
        match (self.phase, action) {
            (Phase::Over, _) => illegal(IllegalAction::GameOver),
            (Phase::Opening(_), Action::Pass) => illegal(IllegalAction::OpeningNoPass {
                hint: self.placement_hint(),
            }),
            (Phase::Opening(_), Action::Harvest { .. } | Action::Sow { .. }) => {
                illegal(IllegalAction::OpeningPlaces {
                    hint: self.placement_hint(),
                })
            }
            (Phase::Opening(_), Action::Place(_) | Action::PlaceTwo(..)) => {
                let squares: Vec<Square> = match action {
                    Action::Place(a) => vec![a],
                    Action::PlaceTwo(a, b) => vec![a, b],
                    _ => unreachable!("matched above"),
                };
                self.check_placement(&squares)
            }
            (Phase::Movement { .. }, Action::Place(_) | Action::PlaceTwo(..)) => {
                illegal(IllegalAction::OpeningOver)
            }
            (Phase::Movement { .. }, Action::Pass) => Ok(()),
            (Phase::Movement { .. }, Action::Harvest { from, to } | Action::Sow { from, to }) => {
                let sowing = matches!(action, Action::Sow { .. });
                for s in [from, to] {
                    if s.file() >= size || s.rank() >= size {
                        return illegal(IllegalAction::OffBoard { square: s, size });
                    }
                }
                let h = match self.content(from) {
                    None => return illegal(IllegalAction::NoFarmer { from }),
                    Some(Content::Seed(_)) => {
                        return illegal(IllegalAction::SeedNeverMoves { from });
                    }
                    Some(Content::Farmer { seat, .. }) if seat != self.to_act => {
                        return illegal(IllegalAction::FarmerNotYours {
                            from,
                            owner: Side::agros(seat),
                            me,
                        });
                    }
                    Some(Content::Farmer { harvest, .. }) => harvest as usize,
                };
                let Some((dir, dist)) = from.line_to(to) else {
                    return illegal(IllegalAction::NotStraight { from, to });
                };
                if !sowing {
                    if dist != h {
                        if h >= 2 && dist == h - 1 {
                            return illegal(IllegalAction::IsSow { from, to });
                        }
                        return illegal(IllegalAction::HarvestDistance {
                            from,
                            harvest: h,
                            legal: self.examples_from(from),
                        });
                    }
                    if self.cells[idx(to)] != 0 {
                        return illegal(IllegalAction::HarvestNotEmpty { to });
                    }
                    for k in 1..h {
                        let s = from
                            .offset(dir, k, size)
                            .expect("between two board squares");
                        let c = self.cells[idx(s)];
                        if c != 0 && !owned_by(c, self.to_act) {
                            let (piece, owner) = match decode(c) {
                                Some(Content::Seed(o)) => (PieceName::Seed, o),
                                _ => (PieceName::Farmer, self.to_act.other()),
                            };
                            return illegal(IllegalAction::HarvestPasses {
                                from,
                                to,
                                piece,
                                owner: Side::agros(owner),
                                on: s,
                                me,
                            });
                        }
                    }
                    Ok(())
                } else {
                    if h < 2 {
                        return illegal(IllegalAction::NoSeeds { from });
                    }
                    if dist != h - 1 {
                        if dist == h {
                            return illegal(IllegalAction::IsHarvest { from, to });
                        }
                        return illegal(IllegalAction::SowDistance {
                            from,
                            seeds: h - 1,
                            legal: self.examples_from(from),
                        });
                    }
                    for k in 1..h {
                        let s = from
                            .offset(dir, k, size)
                            .expect("between two board squares");
                        if self.cells[idx(s)] != 0 {
                            return illegal(IllegalAction::SowNotEmpty { square: s });
                        }
                    }
                    Ok(())
                }
            }
        }
    }

    fn placement_hint(&self) -> PlacementHint {
        let empty: Vec<Square> = self
            .squares()
            .filter(|&s| self.cells[idx(s)] == 0)
            .take(2)
            .collect();
        match self.opening_placements() {
            Some(1) => PlacementHint::One(empty[0]),
            _ => PlacementHint::Two(empty[0], empty[1]),
        }
    }

    /// A few (up to 4) legal actions of the farmer on `from`.
    fn examples_from(&self, from: Square) -> Vec<Action> {
        let mut all = Vec::new();
        self.legal_actions_into(&mut all);
        all.into_iter()
            .filter(|a| a.from() == Some(from))
            .take(4)
            .collect()
    }

    fn check_placement(&self, squares: &[Square]) -> Result<(), ActionError> {
        let want = self.opening_placements().unwrap_or(0);
        let illegal = |e: IllegalAction| Err(ActionError::Illegal(e));
        if squares.len() != want {
            return illegal(if want == 1 {
                IllegalAction::PlacesOne {
                    given: squares.len(),
                    hint: self.placement_hint(),
                }
            } else {
                IllegalAction::PlacesTwo {
                    hint: self.placement_hint(),
                }
            });
        }
        if squares.len() == 2 && squares[0] == squares[1] {
            return illegal(IllegalAction::NamedTwice { square: squares[0] });
        }
        for &s in squares {
            if s.file() >= self.size() || s.rank() >= self.size() {
                return illegal(IllegalAction::PlaceOffBoard { square: s });
            }
            if self.cells[idx(s)] != 0 {
                return illegal(IllegalAction::SquareNotEmpty { square: s });
            }
        }
        Ok(())
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

    /// Reads an action in any accepted form (AR-16) and checks it is legal here.
    pub fn parse_action(&self, text: &str) -> Result<Action, ActionError> {
        let n = parse_notation(text, self.size())?;
        let action = self.resolve(&n)?;
        self.check(action)?;
        Ok(action)
    }

    /// Turns a notation into an action of this position (direction forms need the farmer's
    /// harvest), without checking legality.
    fn resolve(&self, n: &Notation) -> Result<Action, ActionError> {
        let toward = |from: Square, target: Target, sowing: bool| -> Result<Square, ActionError> {
            match target {
                Target::Square(s) => Ok(s),
                Target::Direction(d) => {
                    let h = match self.content(from) {
                        Some(Content::Farmer { harvest, .. }) => harvest as usize,
                        _ => {
                            return Err(ActionError::Illegal(IllegalAction::NoFarmer { from }));
                        }
                    };
                    let steps = if sowing { h.saturating_sub(1) } else { h };
                    if steps == 0 {
                        return Err(ActionError::Illegal(IllegalAction::NoSeeds { from }));
                    }
                    from.offset(d, steps, self.size())
                        .ok_or(ActionError::Illegal(IllegalAction::LeavesBoard {
                            sowing,
                            from,
                            direction: d,
                            steps,
                        }))
                }
            }
        };
        Ok(match *n {
            Notation::Pass => Action::Pass,
            Notation::Place(ref squares) => match squares.as_slice() {
                [a] => Action::Place(*a),
                [a, b] if a != b => Action::PlaceTwo(*a.min(b), *a.max(b)),
                // Three or more squares, or one square twice: say what this turn wants.
                _ => {
                    if !self.in_opening() {
                        self.check(Action::Place(squares[0]))?;
                    }
                    self.check_placement(squares)?;
                    return Err(ActionError::Illegal(IllegalAction::Place {
                        hint: self.placement_hint(),
                    }));
                }
            },
            Notation::Harvest { from, to } => Action::Harvest {
                from,
                to: toward(from, to, false)?,
            },
            Notation::Sow { from, to } => Action::Sow {
                from,
                to: toward(from, to, true)?,
            },
        })
    }

    fn validate(self) -> Result<Position, PositionError> {
        let n = self.farmers as usize;
        let err = |m: String| Err(PositionError(m));
        let expected: [usize; 2] = match self.phase {
            Phase::Opening(t) => {
                let t = t as usize;
                if t > n {
                    return err(format!("opening turn {} of {}", t + 1, n + 1));
                }
                if t.is_multiple_of(2) != (self.to_act == Seat::First) {
                    return err(format!(
                        "opening turn {} belongs to {}",
                        t + 1,
                        seat_name(if t.is_multiple_of(2) {
                            Seat::First
                        } else {
                            Seat::Second
                        })
                    ));
                }
                // Light places 1, then each turn 2; after t turns Light made ceil(t/2) turns.
                let light_turns = t.div_ceil(2);
                let dark_turns = t / 2;
                [
                    if light_turns == 0 {
                        0
                    } else {
                        2 * light_turns - 1
                    },
                    2 * dark_turns,
                ]
            }
            _ => [n, n],
        };
        for seat in Seat::BOTH {
            let have = self.placed[seat.index()] as usize;
            if have != expected[seat.index()] {
                return err(format!(
                    "{} has {have} farmers; at this point of the game it has {}",
                    seat_name(seat),
                    expected[seat.index()]
                ));
            }
        }
        if self.in_opening()
            && self.cells.iter().any(|&b| {
                b == LIGHT_SEED || b == DARK_SEED || (b & FARMER != 0 && b & HARVEST != 1)
            })
        {
            return err("seeds before the movement phase".into());
        }
        Ok(self)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size();
        for rank in (0..n).rev() {
            for file in 0..n {
                match decode(self.cells[rank * STRIDE + file]) {
                    None => write!(f, ".")?,
                    Some(Content::Seed(Seat::First)) => write!(f, "l")?,
                    Some(Content::Seed(Seat::Second)) => write!(f, "d")?,
                    Some(Content::Farmer { seat, harvest }) => write!(
                        f,
                        "{}{harvest}",
                        if seat == Seat::First { 'L' } else { 'D' }
                    )?,
                }
            }
            if rank > 0 {
                write!(f, "/")?;
            }
        }
        let side = if self.to_act == Seat::First { 'l' } else { 'd' };
        write!(f, " {side} n{} ", self.farmers)?;
        match self.phase {
            Phase::Opening(t) => write!(f, "o{}", t + 1),
            Phase::Movement { passed: false } => write!(f, "m"),
            Phase::Movement { passed: true } => write!(f, "m+"),
            Phase::Over => write!(f, "end"),
        }
    }
}

impl FromStr for Position {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Position, PositionError> {
        let err = |m: String| Err(PositionError(m));
        let parts: Vec<&str> = s.split_whitespace().collect();
        let [board, side, farmers, phase] = parts[..] else {
            return err("expected `<ranks> <l|d> n<farmers> <o<turn>|m|m+|end>`".into());
        };
        let to_act = match side {
            "l" => Seat::First,
            "d" => Seat::Second,
            o => return err(format!("side to act must be l or d, not `{o}`")),
        };
        let farmers: u8 = match farmers.strip_prefix('n').and_then(|n| n.parse().ok()) {
            Some(n) => n,
            None => {
                return err(format!(
                    "expected the farmers per side like n5, not `{farmers}`"
                ));
            }
        };
        let ranks: Vec<&str> = board.split('/').collect();
        let size = ranks.len();
        let mut p = Position::new(Setup {
            board: size.min(255) as u8,
            farmers,
        })?;
        p.to_act = to_act;
        p.phase = match phase {
            "m" => Phase::Movement { passed: false },
            "m+" => Phase::Movement { passed: true },
            "end" => Phase::Over,
            o => match o.strip_prefix('o').and_then(|t| t.parse::<u8>().ok()) {
                Some(t) if t >= 1 => Phase::Opening(t - 1),
                _ => return err(format!("unknown phase `{o}`")),
            },
        };
        for (k, text) in ranks.iter().enumerate() {
            let rank = size - 1 - k;
            let mut file = 0;
            let mut bytes = text.bytes().peekable();
            while let Some(b) = bytes.next() {
                if file >= size {
                    return err(format!("rank {} is longer than {size} squares", rank + 1));
                }
                let i = rank * STRIDE + file;
                match b {
                    b'.' => {}
                    b'l' => p.cells[i] = LIGHT_SEED,
                    b'd' => p.cells[i] = DARK_SEED,
                    b'L' | b'D' => {
                        let seat = if b == b'L' { Seat::First } else { Seat::Second };
                        let mut h = 0u32;
                        while let Some(d) = bytes.peek().copied().filter(u8::is_ascii_digit) {
                            h = h * 10 + (d - b'0') as u32;
                            bytes.next();
                            if h > HARVEST as u32 {
                                return err(format!("harvest too large on rank {}", rank + 1));
                            }
                        }
                        if h == 0 {
                            return err(format!(
                                "a farmer on rank {} needs its harvest (1 or more), like L3",
                                rank + 1
                            ));
                        }
                        let si = seat.index();
                        if p.placed[si] >= farmers {
                            return err(format!(
                                "{} has more than {farmers} farmers",
                                seat_name(seat)
                            ));
                        }
                        p.cells[i] = farmer_of(seat, h as u8);
                        p.farmer_at[si][p.placed[si] as usize] = i as u8;
                        p.placed[si] += 1;
                    }
                    o => {
                        return err(format!(
                            "unexpected `{}` on rank {}",
                            String::from_utf8_lossy(&[o]),
                            rank + 1
                        ));
                    }
                }
                file += 1;
            }
            if file != size {
                return err(format!("rank {} has {file} squares, not {size}", rank + 1));
            }
        }
        p.validate()
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
