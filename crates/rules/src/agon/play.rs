//! Playing an action on an Agon position: moving the piece, marking what it captures (AG-8) and
//! deciding the outcome it leads to (AG-11, AG-13).

use super::board::{
    BIT_OF_CELL, CAPTURE_PLACES, CELL_OF_BIT, RING1_BITS, RINGS, beyond_to_neighbour,
    capture_place_bit, capture_window, cell_bit,
};
use super::zobrist::{ZOBRIST_SECOND, piece_key};
use super::{Action, CAPTURED, Cell, Position, QUEEN};
use crate::{ActionError, EndReason, Outcome, Seat};

impl Position {
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
    pub(super) fn ring_outcome(&self, seat: Seat) -> Option<Outcome> {
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
}
