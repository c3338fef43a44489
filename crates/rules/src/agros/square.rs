//! Squares of an Agros board (AR-1) and the eight directions.

use crate::SquareError;
use std::fmt;

/// The largest board the engine supports; games offer 8, 10 and 12.
pub const MAX_SIZE: usize = 12;
/// The smallest board the engine accepts (the scoring example of the rules uses 5×5).
pub const MIN_SIZE: usize = 5;

/// A square: file (0 = `a`) and rank (0 = `1`). Whether it lies on a given board is the board's
/// business.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    // Rank first so that the derived order is a1, b1, …, a2, …: row by row from the bottom.
    rank: u8,
    file: u8,
}

impl Square {
    pub fn new(file: usize, rank: usize) -> Option<Square> {
        (file < MAX_SIZE && rank < MAX_SIZE).then_some(Square {
            rank: rank as u8,
            file: file as u8,
        })
    }

    pub fn file(self) -> usize {
        self.file as usize
    }

    pub fn rank(self) -> usize {
        self.rank as usize
    }

    /// The square `steps` away in a direction, if it is on a `size`×`size` board.
    pub fn offset(self, dir: Direction, steps: usize, size: usize) -> Option<Square> {
        let (df, dr) = dir.delta();
        let f = self.file as isize + df * steps as isize;
        let r = self.rank as isize + dr * steps as isize;
        (0..size as isize)
            .contains(&f)
            .then_some(())
            .filter(|_| (0..size as isize).contains(&r))
            .map(|_| Square {
                file: f as u8,
                rank: r as u8,
            })
    }

    /// The direction and distance from `self` to `other` when they lie on one line.
    pub fn line_to(self, other: Square) -> Option<(Direction, usize)> {
        let df = other.file as isize - self.file as isize;
        let dr = other.rank as isize - self.rank as isize;
        if (df, dr) == (0, 0) || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
            return None;
        }
        let dir = Direction::ALL
            .into_iter()
            .find(|d| d.delta() == (df.signum(), dr.signum()))?;
        Some((dir, df.abs().max(dr.abs()) as usize))
    }

    /// Reads a square name such as `e5` (case-insensitive) on a `size`×`size` board.
    pub fn parse(text: &str, size: usize) -> Result<Square, SquareError> {
        let t = text.trim().to_ascii_lowercase();
        let mut chars = t.chars();
        let file = chars.next().filter(char::is_ascii_lowercase);
        let digits = chars.as_str();
        let (Some(file), true) = (
            file,
            !digits.is_empty() && digits.len() <= 2 && digits.bytes().all(|b| b.is_ascii_digit()),
        ) else {
            return Err(SquareError::Malformed(text.trim().to_string()));
        };
        let rank: usize = digits.parse().unwrap_or(0);
        let f = (file as u8 - b'a') as usize;
        if f >= size || rank == 0 || rank > size {
            return Err(SquareError::OffBoard {
                text: text.trim().to_string(),
                size,
            });
        }
        Ok(Square {
            file: f as u8,
            rank: rank as u8 - 1,
        })
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank + 1)
    }
}

/// The eight directions of harvest and sow (AR-5, AR-6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Direction {
    pub const ALL: [Direction; 8] = [
        Direction::N,
        Direction::NE,
        Direction::E,
        Direction::SE,
        Direction::S,
        Direction::SW,
        Direction::W,
        Direction::NW,
    ];

    /// (file, rank) step; north is towards higher ranks.
    pub fn delta(self) -> (isize, isize) {
        match self {
            Direction::N => (0, 1),
            Direction::NE => (1, 1),
            Direction::E => (1, 0),
            Direction::SE => (1, -1),
            Direction::S => (0, -1),
            Direction::SW => (-1, -1),
            Direction::W => (-1, 0),
            Direction::NW => (-1, 1),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Direction::N => "n",
            Direction::NE => "ne",
            Direction::E => "e",
            Direction::SE => "se",
            Direction::S => "s",
            Direction::SW => "sw",
            Direction::W => "w",
            Direction::NW => "nw",
        }
    }

    pub fn parse(text: &str) -> Option<Direction> {
        let t = text.trim().to_ascii_lowercase();
        Direction::ALL.into_iter().find(|d| d.name() == t)
    }
}
