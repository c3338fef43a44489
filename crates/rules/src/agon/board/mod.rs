//! The Agon board: 91 hexagonal cells, their names (AG-2), rings (AG-1) and neighbours.
//!
//! Cells are numbered 0..91 in name order (row `a` first, then by number), which is also the order
//! the rules use to sort captures. All geometry is computed once, at compile time.
//!
//! The bit boards built on this geometry, which the move generator works on, are in `bits`.

mod bits;

pub(crate) use bits::{
    BIT_OF_CELL, BOARD_BITS, CAPTURE_PLACES, CELL_OF_BIT, OUTER_BITS, RING1_BITS, STEP_BITS,
    STEP_WINDOWS, THRONE_BIT, between, beyond_to_neighbour, capture_place_bit, capture_window,
    cell_at_place, cell_bit, window_words,
};

use std::fmt;
use std::str::FromStr;

/// The number of cells.
pub const CELLS: usize = 91;
/// The outer ring.
pub const OUTER_RING: u8 = 5;

const ROW_LEN: [u8; 11] = [6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6];
const ROW_START: [u8; 11] = {
    let mut s = [0u8; 11];
    let mut i = 1;
    while i < 11 {
        s[i] = s[i - 1] + ROW_LEN[i - 1];
        i += 1;
    }
    s
};

/// The six directions in axial coordinates; `d` and `d ^ 1` are opposite, so the three axes are the
/// pairs (0, 1), (2, 3) and (4, 5).
const DIRS: [(i8, i8); 6] = [(1, 0), (-1, 0), (1, -1), (-1, 1), (0, -1), (0, 1)];

const fn row_of(index: u8) -> u8 {
    let mut row = 0;
    while row < 10 && index >= ROW_START[row + 1] {
        row += 1;
    }
    row as u8
}

const fn axial(index: u8) -> (i8, i8) {
    let row = row_of(index);
    let number = (index - ROW_START[row as usize]) as i8; // 0-based
    let r = 5 - row as i8;
    let min_q = if -5 - r > -5 { -5 - r } else { -5 };
    (number + min_q, r)
}

const fn abs(x: i8) -> i8 {
    if x < 0 { -x } else { x }
}

const fn ring_of(q: i8, r: i8) -> i8 {
    let a = abs(q);
    let b = abs(r);
    let c = abs(q + r);
    let m = if a > b { a } else { b };
    if m > c { m } else { c }
}

const fn index_of(q: i8, r: i8) -> Option<u8> {
    if ring_of(q, r) > 5 {
        return None;
    }
    let row = (5 - r) as usize;
    let min_q = if -5 - r > -5 { -5 - r } else { -5 };
    Some(ROW_START[row] + (q - min_q) as u8)
}

/// The number of cells in a row (0 = `a`).
pub(crate) fn row_len(row: usize) -> usize {
    ROW_LEN[row] as usize
}

/// No neighbour in that direction.
pub(crate) const NONE: u8 = u8::MAX;

pub(crate) const NEIGHBOURS: [[u8; 6]; CELLS] = {
    let mut t = [[NONE; 6]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let (q, r) = axial(i as u8);
        let mut d = 0;
        while d < 6 {
            if let Some(n) = index_of(q + DIRS[d].0, r + DIRS[d].1) {
                t[i][d] = n;
            }
            d += 1;
        }
        i += 1;
    }
    t
};

/// The neighbours of each cell in name order (for listing actions in the order the rules use).
pub(crate) const SORTED_NEIGHBOURS: [[u8; 6]; CELLS] = {
    let mut t = NEIGHBOURS;
    let mut i = 0;
    while i < CELLS {
        // Insertion sort; NONE (255) sorts last.
        let mut a = 1;
        while a < 6 {
            let mut b = a;
            while b > 0 && t[i][b - 1] > t[i][b] {
                let x = t[i][b];
                t[i][b] = t[i][b - 1];
                t[i][b - 1] = x;
                b -= 1;
            }
            a += 1;
        }
        i += 1;
    }
    t
};

/// For each cell, the neighbours a piece there may step to by AG-6 apart from the throne (same
/// ring or one ring in), padded with NONE.
pub(crate) const STEPS: [[u8; 4]; CELLS] = {
    let mut t = [[NONE; 4]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let (q, r) = axial(i as u8);
        let ring = ring_of(q, r);
        let mut n = 0;
        let mut d = 0;
        while d < 6 {
            let nb = SORTED_NEIGHBOURS[i][d];
            if nb != NONE && nb != 45 {
                let (nq, nr) = axial(nb);
                if ring_of(nq, nr) <= ring {
                    t[i][n] = nb;
                    n += 1;
                }
            }
            d += 1;
        }
        i += 1;
    }
    t
};

/// For each cell, its axes that have a cell on both sides (AG-7), padded with (NONE, NONE).
pub(crate) const AXES: [[(u8, u8); 3]; CELLS] = {
    let mut t = [[(NONE, NONE); 3]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut n = 0;
        let mut axis = 0;
        while axis < 3 {
            let (a, b) = (NEIGHBOURS[i][2 * axis], NEIGHBOURS[i][2 * axis + 1]);
            if a != NONE && b != NONE {
                t[i][n] = (a, b);
                n += 1;
            }
            axis += 1;
        }
        i += 1;
    }
    t
};

pub(crate) const RINGS: [u8; CELLS] = {
    let mut t = [0u8; CELLS];
    let mut i = 0;
    while i < CELLS {
        let (q, r) = axial(i as u8);
        t[i] = ring_of(q, r) as u8;
        i += 1;
    }
    t
};

/// One of the 91 cells, named as in AG-2 (`a1` … `k6`, the throne `f6`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// The centre cell, `f6`.
    pub const THRONE: Cell = Cell(45);

    /// The cell with this index (0..91, in name order).
    pub fn from_index(index: usize) -> Option<Cell> {
        (index < CELLS).then_some(Cell(index as u8))
    }

    /// Every cell, in name order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS as u8).map(Cell)
    }

    /// The cell at row (0 = `a`) and number (1-based), if there is one.
    pub fn from_row_number(row: usize, number: usize) -> Option<Cell> {
        if row >= 11 || number == 0 || number > ROW_LEN[row] as usize {
            return None;
        }
        Some(Cell(ROW_START[row] + number as u8 - 1))
    }

    /// The cell at axial coordinates (q, r), r growing downward (AG-2).
    pub fn from_axial(q: i32, r: i32) -> Option<Cell> {
        if !(-5..=5).contains(&q) || !(-5..=5).contains(&r) {
            return None;
        }
        index_of(q as i8, r as i8).map(Cell)
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Row index, 0 for `a` up to 10 for `k`.
    pub fn row(self) -> usize {
        row_of(self.0) as usize
    }

    /// Number within the row, from 1.
    pub fn number(self) -> usize {
        (self.0 - ROW_START[self.row()]) as usize + 1
    }

    /// Axial coordinates (q, r) as in AG-2.
    pub fn axial(self) -> (i32, i32) {
        let (q, r) = axial(self.0);
        (q as i32, r as i32)
    }

    /// Hex distance from the throne: 0 for the throne, 5 for the outer ring.
    pub fn ring(self) -> u8 {
        RINGS[self.index()]
    }

    /// The neighbours of this cell, in no particular order.
    pub fn neighbours(self) -> impl Iterator<Item = Cell> {
        NEIGHBOURS[self.index()]
            .into_iter()
            .filter(|&n| n != NONE)
            .map(Cell)
    }

    pub(crate) fn raw(self) -> u8 {
        self.0
    }

    pub(crate) const fn from_raw(raw: u8) -> Cell {
        debug_assert!((raw as usize) < CELLS);
        Cell(raw)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.row() as u8) as char, self.number())
    }
}

/// Why a text is not a cell name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CellError {
    #[error("`{0}` is not a cell: a cell is a row letter a to k and a number, like f6")]
    Malformed(String),
    #[error("`{0}` is not a cell: row {1} has cells {1}1 to {1}{2}")]
    OffRow(String, char, u8),
}

impl FromStr for Cell {
    type Err = CellError;

    fn from_str(s: &str) -> Result<Cell, CellError> {
        let lower = s.trim().to_ascii_lowercase();
        let mut chars = lower.chars();
        let row = match chars.next() {
            Some(c @ 'a'..='k') => c,
            _ => return Err(CellError::Malformed(s.trim().to_string())),
        };
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(CellError::Malformed(s.trim().to_string()));
        }
        let number: usize = digits
            .parse()
            .map_err(|_| CellError::Malformed(s.trim().to_string()))?;
        let row_index = (row as u8 - b'a') as usize;
        Cell::from_row_number(row_index, number)
            .ok_or_else(|| CellError::OffRow(s.trim().to_string(), row, ROW_LEN[row_index]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ag1_ring_sizes() {
        let mut sizes = [0; 6];
        for c in Cell::all() {
            sizes[c.ring() as usize] += 1;
        }
        assert_eq!(sizes, [1, 6, 12, 18, 24, 30]);
    }

    #[test]
    fn ag2_names_and_throne() {
        assert_eq!(Cell::THRONE.to_string(), "f6");
        assert_eq!(Cell::THRONE.ring(), 0);
        assert_eq!("F6".parse::<Cell>().unwrap(), Cell::THRONE);
        for c in Cell::all() {
            assert_eq!(c.to_string().parse::<Cell>().unwrap(), c);
        }
        let ring1: Vec<String> = Cell::all()
            .filter(|c| c.ring() == 1)
            .map(|c| c.to_string())
            .collect();
        assert_eq!(ring1, ["e5", "e6", "f5", "f7", "g5", "g6"]);
        for corner in ["a1", "a6", "f1", "f11", "k1", "k6"] {
            let c: Cell = corner.parse().unwrap();
            assert_eq!(c.ring(), 5);
            assert_eq!(c.neighbours().count(), 3, "{corner}");
        }
        assert!("a7".parse::<Cell>().is_err());
        assert!("l1".parse::<Cell>().is_err());
        assert_eq!(
            "a7".parse::<Cell>().unwrap_err().to_string(),
            "`a7` is not a cell: row a has cells a1 to a6"
        );
    }

    #[test]
    fn ag2_axial_matches_the_formula() {
        let a1: Cell = "a1".parse().unwrap();
        assert_eq!(a1.axial(), (-5, 5));
        let k6: Cell = "k6".parse().unwrap();
        assert_eq!(k6.axial(), (5, -5));
        assert_eq!(Cell::THRONE.axial(), (0, 0));
        for c in Cell::all() {
            let (q, r) = c.axial();
            assert_eq!(Cell::from_axial(q, r), Some(c));
            assert_eq!(
                c.neighbours().count(),
                c.neighbours().collect::<Vec<_>>().len()
            );
            for n in c.neighbours() {
                assert!(n.neighbours().any(|m| m == c));
            }
        }
    }
}
