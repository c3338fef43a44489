//! Listing the legal actions of an Agon position (AG-5 … AG-10) from its bit boards, and the
//! captures a step makes (AG-8).

use super::board::{
    BOARD_BITS, CELL_OF_BIT, NEIGHBOURS, NONE, OUTER_BITS, STEP_BITS, STEP_WINDOWS, THRONE_BIT,
    between, cell_at_place, cell_bit, window_words,
};
use super::{Action, CAPTURED, CELLS, Cell, Position, QUEEN, SECOND, seat_bit};
use crate::Seat;

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

impl Position {
    fn is_own(&self, raw: u8, seat: Seat) -> bool {
        raw != 0 && raw & SECOND == seat_bit(seat)
    }

    fn is_enemy(&self, raw: u8, seat: Seat) -> bool {
        raw != 0 && raw & SECOND != seat_bit(seat)
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
    pub(super) fn has_legal_action(&self) -> bool {
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
}

#[cfg(test)]
mod tests {
    use super::*;

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
