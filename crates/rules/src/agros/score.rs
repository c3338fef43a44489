//! Scoring an Agros position (AR-10 … AR-14): fields, control, values and the half point.
//!
//! The score is defined for every position, not only a finished one, so players can see where
//! they stand mid-game.

use super::{FARMER, FARMER_SECOND, GRID, HARVEST, Position, STRIDE, Square, sq};
use crate::Seat;
use std::cmp::Ordering;

/// One field (AR-10) and who controls it (AR-11, AR-12).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    /// The squares, in board order (`a1`, `b1`, …, `a2`, …).
    pub squares: Vec<Square>,
    /// The harvests of each side's farmers adjacent to the field, largest first, indexed by seat.
    pub harvests: [Vec<u8>; 2],
    pub controller: Option<Seat>,
    /// Squares × the controller's largest adjacent harvest; 0 when uncontrolled.
    pub value: u32,
}

/// The score report of a position (AR-14).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Score {
    /// Every field, ordered by its first square.
    pub fields: Vec<Field>,
    /// The sum of the values of the fields each side controls, indexed by seat.
    pub field_points: [u32; 2],
    /// Who gets the half point (AR-13), if anyone.
    pub half_point: Option<Seat>,
}

/// Compares two harvest lists sorted largest first, a missing element counting as 0 (AR-11, AR-13).
fn compare(a: &[u8], b: &[u8]) -> Ordering {
    let n = a.len().max(b.len());
    (0..n)
        .map(|i| a.get(i).unwrap_or(&0).cmp(b.get(i).unwrap_or(&0)))
        .find(|o| o.is_ne())
        .unwrap_or(Ordering::Equal)
}

fn leader(light: &[u8], dark: &[u8]) -> Option<Seat> {
    match compare(light, dark) {
        Ordering::Greater => Some(Seat::First),
        Ordering::Less => Some(Seat::Second),
        Ordering::Equal => None,
    }
}

impl Score {
    pub(super) fn of(p: &Position) -> Score {
        let mut fields = Vec::new();
        let mut field_points = [0, 0];
        each_field(p, |squares, adjacent| {
            let controlled = adjacent.control(squares.len());
            if let Some((c, value)) = controlled {
                field_points[c.index()] += value;
            }
            let mut squares = squares.to_vec();
            squares.sort_unstable();
            fields.push(Field {
                squares: squares.into_iter().map(|i| sq(usize::from(i))).collect(),
                harvests: Seat::BOTH.map(|seat| adjacent.of(seat).to_vec()),
                controller: controlled.map(|(c, _)| c),
                value: controlled.map_or(0, |(_, value)| value),
            });
        });
        Score {
            fields,
            field_points,
            half_point: all_harvests(p).leader(),
        }
    }

    /// A side's total in half points: twice its field points, plus one for the half point.
    pub fn halves(&self, seat: Seat) -> u32 {
        2 * self.field_points[seat.index()] + u32::from(self.half_point == Some(seat))
    }

    /// A side's total score (AR-14), e.g. 10.5.
    pub fn total(&self, seat: Seat) -> f64 {
        self.halves(seat) as f64 / 2.0
    }

    /// The side with the higher total, or `None` for equal scores (a draw).
    pub fn winner(&self) -> Option<Seat> {
        match self.halves(Seat::First).cmp(&self.halves(Seat::Second)) {
            Ordering::Greater => Some(Seat::First),
            Ordering::Less => Some(Seat::Second),
            Ordering::Equal => None,
        }
    }
}

/// Harvest lists of both sides, largest first (at most 7 farmers a side), without allocating.
#[derive(Default)]
struct Harvests {
    lists: [[u8; 7]; 2],
    lens: [usize; 2],
}

impl Harvests {
    fn push(&mut self, seat: Seat, harvest: u8) {
        let k = seat.index();
        self.lists[k][self.lens[k]] = harvest;
        self.lens[k] += 1;
    }

    fn sort(&mut self) {
        for (list, &len) in self.lists.iter_mut().zip(&self.lens) {
            list[..len].sort_unstable_by(|a, b| b.cmp(a));
        }
    }

    fn of(&self, seat: Seat) -> &[u8] {
        &self.lists[seat.index()][..self.lens[seat.index()]]
    }

    /// Who controls a field of `size` squares with these adjacent harvests (AR-11), and what the
    /// field is worth to them (AR-12); `None` when nobody controls it.
    fn control(&self, size: usize) -> Option<(Seat, u32)> {
        let c = self.leader()?;
        let largest = self.of(c).first().copied().unwrap_or(0);
        Some((c, size as u32 * u32::from(largest)))
    }

    /// The side whose list is larger at the first difference (AR-11, AR-13).
    fn leader(&self) -> Option<Seat> {
        leader(self.of(Seat::First), self.of(Seat::Second))
    }
}

/// Every farmer's harvest of each side, largest first: the lists the half point compares (AR-13).
fn all_harvests(p: &Position) -> Harvests {
    let mut all = Harvests::default();
    for seat in Seat::BOTH {
        for (_, h) in p.farmers(seat) {
            all.push(seat, h);
        }
    }
    all.sort();
    all
}

/// Calls `visit` for each field (AR-10) in the order of its first square, with the grid indices
/// of its squares (in no order) and the harvests of the farmers adjacent to it, each farmer once
/// (AR-11). One flood fill per field over the cells; nothing allocated.
fn each_field(p: &Position, mut visit: impl FnMut(&[u8], &Harvests)) {
    let n = usize::from(p.size);
    let mut seen = [false; GRID];
    // The field's squares so far; those from `next` on are still to be looked around.
    let mut squares = [0u8; GRID];
    // The field that last counted each farmer, so a farmer counts once per field.
    let mut counted = [0u16; GRID];
    let mut field = 0u16;
    for start in 0..GRID {
        if !p.on_board(start) || p.cells[start] != 0 || seen[start] {
            continue;
        }
        field += 1;
        let mut adjacent = Harvests::default();
        seen[start] = true;
        squares[0] = start as u8;
        let (mut len, mut next) = (1, 0);
        while next < len {
            let i = usize::from(squares[next]);
            next += 1;
            let (f, r) = (i % STRIDE, i / STRIDE);
            let neighbours = [
                (f + 1 < n).then_some(i + 1),
                (f > 0).then(|| i - 1),
                (r + 1 < n).then_some(i + STRIDE),
                (r > 0).then(|| i - STRIDE),
            ];
            for j in neighbours.into_iter().flatten() {
                let c = p.cells[j];
                if c == 0 {
                    if !seen[j] {
                        seen[j] = true;
                        squares[len] = j as u8;
                        len += 1;
                    }
                } else if c & FARMER != 0 && counted[j] != field {
                    counted[j] = field;
                    let seat = if c & FARMER_SECOND != 0 {
                        Seat::Second
                    } else {
                        Seat::First
                    };
                    adjacent.push(seat, c & HARVEST);
                }
            }
        }
        adjacent.sort();
        visit(&squares[..len], &adjacent);
    }
}

/// Each side's score in half points, `[light, dark]`, as [`Score::halves`] counts them, without
/// building the report.
pub(super) fn halves(p: &Position) -> [u32; 2] {
    let mut points = [0u32; 2];
    each_field(p, |squares, adjacent| {
        if let Some((c, value)) = adjacent.control(squares.len()) {
            points[c.index()] += value;
        }
    });
    let half = all_harvests(p).leader();
    Seat::BOTH.map(|seat| 2 * points[seat.index()] + u32::from(half == Some(seat)))
}
