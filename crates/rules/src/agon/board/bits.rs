//! Bit boards of the Agon board: each cell a bit of an 11 × 11 grid, and the tables and shifts
//! that list a piece's steps (AG-6), find the cells between two pieces (AG-7) and the pieces a
//! step captures (AG-8) with a few word operations instead of loops over cells.

use super::{CELLS, NEIGHBOURS, NONE, RINGS, STEPS, axial, ring_of};

/// Bit boards number the cells on the 11 × 11 grid of axial coordinates rather than 0..91: the
/// cell (q, r) is bit `(5 − r) · 11 + q + 5`. The grid's corners that lie off the hexagon are
/// never set, and with them every direction of AG-2 is one fixed shift (±1, ±11, ±12), so the
/// neighbours of a whole set of cells take a few shifts instead of a loop over cells. Rows run
/// from `a` and numbers grow with q, so ascending bits are still ascending cell names.
const fn grid_bit(index: u8) -> u8 {
    let (q, r) = axial(index);
    ((5 - r) * 11 + q + 5) as u8
}

/// The bit of each cell on the grid.
pub(crate) const BIT_OF_CELL: [u8; CELLS] = {
    let mut t = [0u8; CELLS];
    let mut i = 0;
    while i < CELLS {
        t[i] = grid_bit(i as u8);
        i += 1;
    }
    t
};

/// The cell of each grid bit, NONE for the bits off the hexagon.
pub(crate) const CELL_OF_BIT: [u8; 128] = {
    let mut t = [NONE; 128];
    let mut i = 0;
    while i < CELLS {
        t[grid_bit(i as u8) as usize] = i as u8;
        i += 1;
    }
    t
};

/// Each cell's grid bit as a one-bit board: a load is cheaper than a variable 128-bit shift.
const CELL_BITS: [u128; CELLS] = {
    let mut t = [0u128; CELLS];
    let mut i = 0;
    while i < CELLS {
        t[i] = 1u128 << BIT_OF_CELL[i];
        i += 1;
    }
    t
};

/// A cell's grid bit as a one-bit board.
#[inline(always)]
pub(crate) const fn cell_bit(index: usize) -> u128 {
    CELL_BITS[index]
}

/// The grid bits of the cells whose ring is marked in `rings`.
const fn cells_in_rings(rings: [bool; 6]) -> u128 {
    let mut bits = 0u128;
    let mut i = 0;
    while i < CELLS {
        let (q, r) = axial(i as u8);
        if rings[ring_of(q, r) as usize] {
            bits |= 1u128 << grid_bit(i as u8);
        }
        i += 1;
    }
    bits
}

/// Every cell of the board.
pub(crate) const BOARD_BITS: u128 = cells_in_rings([true; 6]);
/// The outer ring, where a guard returns (AG-10).
pub(crate) const OUTER_BITS: u128 = cells_in_rings([false, false, false, false, false, true]);
/// Ring 1, which decides AG-11.
pub(crate) const RING1_BITS: u128 = cells_in_rings([false, true, false, false, false, false]);
/// The throne.
pub(crate) const THRONE_BIT: u128 = cells_in_rings([true, false, false, false, false, false]);

/// The grid columns q = −5 and q = 5: a cell there has no neighbour on one side along the two
/// axes that change q, and a shift by 1 or 12 would wrap it onto another row.
const EDGE_COLUMNS: u128 = {
    let mut bits = 0u128;
    let mut row = 0;
    while row < 11 {
        bits |= (1u128 << (row * 11)) | (1u128 << (row * 11 + 10));
        row += 1;
    }
    bits
};

/// The cells that stand directly between two of `pieces` on some axis (AG-7), as grid bits. May
/// include bits off the hexagon; callers mask with cells they care about.
#[inline(always)]
pub(crate) const fn between(pieces: u128) -> u128 {
    // Axis (+1, 0)/(−1, 0) is a shift by 1, (+1, −1)/(−1, +1) by 12 and (0, −1)/(0, +1) by 11.
    let across_columns = ((pieces >> 1) & (pieces << 1)) | ((pieces >> 12) & (pieces << 12));
    (across_columns & !EDGE_COLUMNS) | ((pieces >> 11) & (pieces << 11))
}

/// For each cell, the grid bits a piece there may step to by AG-6: its `STEPS`, and for a cell of
/// ring 1 also the throne, which only a queen may enter.
pub(crate) const STEP_BITS: [u128; CELLS] = {
    let mut t = [0u128; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut k = 0;
        while k < 4 {
            if STEPS[i][k] != NONE {
                t[i] |= 1u128 << grid_bit(STEPS[i][k]);
            }
            k += 1;
        }
        if RINGS[i] == 1 {
            t[i] |= THRONE_BIT;
        }
        i += 1;
    }
    t
};

/// To list a piece's steps, the board of cells it may step to is read through a 25-bit window
/// centred on the piece's grid bit `b` (bits `b − 12 ..= b + 12`), where its six neighbours sit
/// at fixed places.
const WINDOW_RADIUS: u8 = 12;

/// Where each direction of `DIRS` sits in a window: the grid offsets +1, −1, +12, −12, +11, −11
/// from the centre.
const WINDOW_PLACE: [u8; 6] = [13, 11, 24, 0, 23, 1];

/// The windows of a board: three 64-bit words, `board << 12`, `board >> 28` and `board >> 64`
/// (and a zero so that a word index can be masked), such that the window of every cell lies
/// whole in one of them; see [`StepWindow`].
#[inline(always)]
pub(crate) const fn window_words(board: u128) -> [u64; 4] {
    [
        (board as u64) << WINDOW_RADIUS,
        (board >> 28) as u64,
        (board >> 64) as u64,
        0,
    ]
}

/// How to read the window of one cell, which of its places a piece there may step to, and how
/// to number the sets of those places.
#[derive(Clone, Copy)]
pub(crate) struct StepWindow {
    /// The word of [`window_words`] holding the window.
    pub(crate) word: u8,
    /// The shift that brings the window's first bit to bit 0 of that word.
    pub(crate) shift: u8,
    /// The places a guard (index 0) or a queen (index 1) there may step to by AG-6: same ring or
    /// one ring in, the throne for a queen only. At most four: two along the ring, at most two
    /// inward.
    pub(crate) allowed: [u32; 2],
    /// Multiplying a window that holds only places of `allowed[1]` by this and keeping the top
    /// four bits gives each set of those places its own number below 16: one multiplication
    /// instead of a bit test per place. Found by [`step_magic`].
    pub(crate) magic: u64,
}

impl StepWindow {
    /// The places of `allowed[1]` in ascending order (so their cells in name order), and how many.
    pub(crate) const fn places(&self) -> ([u8; 4], usize) {
        let mut places = [0u8; 4];
        let mut n = 0;
        let mut place = 0;
        while place < 25 {
            if self.allowed[1] & (1 << place) != 0 {
                places[n] = place;
                n += 1;
            }
            place += 1;
        }
        (places, n)
    }

    /// The number [`magic`](Self::magic) gives a window.
    #[inline(always)]
    pub(crate) const fn number(&self, window: u32) -> usize {
        ((window as u64).wrapping_mul(self.magic) >> 60) as usize
    }
}

/// A multiplier that numbers the subsets of `places` (ascending, at most four) apart in its
/// product's top four bits. It sends place `p_k` to bit `60 + slot_k` and tries every choice of
/// distinct slots until the stray products of the other places disturb no number.
const fn step_magic(places: [u8; 4], n: usize) -> u64 {
    let mut choice = 0;
    while choice < 1 << (2 * n) {
        let mut magic = 0u64;
        let mut used = 0u8;
        let mut distinct = true;
        let mut k = 0;
        while k < n {
            let slot = (choice >> (2 * k)) & 3;
            distinct &= used & (1 << slot) == 0;
            used |= 1 << slot;
            magic |= 1 << (60 + slot - places[k] as usize);
            k += 1;
        }
        let mut seen = 0u16;
        let mut subset = 0;
        while distinct && subset < 1 << n {
            let mut window = 0u64;
            let mut k = 0;
            while k < n {
                if subset & (1 << k) != 0 {
                    window |= 1 << places[k];
                }
                k += 1;
            }
            let number = window.wrapping_mul(magic) >> 60;
            distinct &= seen & (1 << number) == 0;
            seen |= 1 << number;
            subset += 1;
        }
        if distinct {
            return magic;
        }
        choice += 1;
    }
    panic!("no multiplier numbers these places apart");
}

pub(crate) const STEP_WINDOWS: [StepWindow; CELLS] = {
    let mut t = [StepWindow {
        word: 0,
        shift: 0,
        allowed: [0; 2],
        magic: 0,
    }; CELLS];
    let mut i = 0;
    while i < CELLS {
        let b = grid_bit(i as u8);
        // Word 0 holds grid bits 0..52 from bit 12, word 1 bits 28..92, word 2 bits 64..128.
        let (word, shift) = if b <= 39 {
            (0, b)
        } else if b <= 75 {
            (1, b - 40)
        } else {
            (2, b - 76)
        };
        let mut guard = 0u32;
        let mut queen = 0u32;
        let mut d = 0;
        while d < 6 {
            let n = NEIGHBOURS[i][d];
            if n != NONE && RINGS[n as usize] <= RINGS[i] {
                let place = 1u32 << WINDOW_PLACE[d];
                queen |= place;
                if RINGS[n as usize] > 0 {
                    guard |= place;
                }
            }
            d += 1;
        }
        let mut window = StepWindow {
            word,
            shift,
            allowed: [guard, queen],
            magic: 0,
        };
        let (places, n) = window.places();
        window.magic = step_magic(places, n);
        t[i] = window;
        i += 1;
    }
    t
};

/// The cell at a place of the window centred on `cell`.
pub(crate) const fn cell_at_place(cell: usize, place: u8) -> u8 {
    CELL_OF_BIT[(grid_bit(cell as u8) + place - WINDOW_RADIUS) as usize]
}

/// Captures (AG-8) are found in a 64-bit window of the grid centred on the cell `t` stepped to:
/// bit `24 + k` is grid bit `t + k`, so the six neighbours sit at 24 ± 1, ± 11, ± 12 and the cells
/// beyond them at 24 ± 2, ± 22, ± 24, whatever `t`.
const CAPTURE_RADIUS: u32 = 24;

/// The capture window of `board` around the cell with grid bit `bit`. A rotation rather than a
/// shift, so that no bit count goes negative near the bottom rows: the bits it wraps round land
/// on places that [`CAPTURE_PLACES`] never marks for that cell.
#[inline(always)]
pub(crate) const fn capture_window(board: u128, bit: u8) -> u64 {
    board.rotate_right((bit as u32).wrapping_sub(CAPTURE_RADIUS) & 127) as u64
}

/// For each cell, the window places of its neighbours that have a cell beyond them in the same
/// direction: the only pieces a step to the cell can capture.
pub(crate) const CAPTURE_PLACES: [u64; CELLS] = {
    let mut t = [0u64; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut d = 0;
        while d < 6 {
            let n = NEIGHBOURS[i][d];
            if n != NONE && NEIGHBOURS[n as usize][d] != NONE {
                let offset = grid_bit(n) as i32 - grid_bit(i as u8) as i32;
                t[i] |= 1 << (CAPTURE_RADIUS as i32 + offset);
            }
            d += 1;
        }
        i += 1;
    }
    t
};

/// Moves, in a capture window, the bit of each cell two steps from the centre onto the cell one
/// step from the centre in the same direction: then a neighbour is captured when it is an enemy
/// and its bit here is set (AG-8).
#[inline(always)]
pub(crate) const fn beyond_to_neighbour(window: u64) -> u64 {
    const C: u32 = CAPTURE_RADIUS;
    ((window >> 1) & (1 << (C + 1)))
        | ((window << 1) & (1 << (C - 1)))
        | ((window >> 11) & (1 << (C + 11)))
        | ((window << 11) & (1 << (C - 11)))
        | ((window >> 12) & (1 << (C + 12)))
        | ((window << 12) & (1 << (C - 12)))
}

/// The grid bit at place `place` of the capture window centred on grid bit `bit`.
#[inline(always)]
pub(crate) const fn capture_place_bit(bit: u8, place: u32) -> usize {
    (bit as usize + place as usize).wrapping_sub(CAPTURE_RADIUS as usize) & 127
}
