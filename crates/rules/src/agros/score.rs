//! Scoring an Agros position (AR-10 … AR-14): fields, control, values and the half point.
//!
//! The score is defined for every position, not only a finished one, so players can see where
//! they stand mid-game.

use super::{Content, Position, Square};
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
        let n = p.size();
        let at = |f: usize, r: usize| p.content(Square::new(f, r).expect("on board"));
        let mut seen = vec![false; n * n];
        let mut fields = Vec::new();
        for start in 0..n * n {
            if seen[start] || at(start % n, start / n).is_some() {
                continue;
            }
            let mut squares = Vec::new();
            let mut farmers: Vec<usize> = Vec::new();
            let mut stack = vec![start];
            seen[start] = true;
            while let Some(i) = stack.pop() {
                squares.push(i);
                let (f, r) = ((i % n) as isize, (i / n) as isize);
                for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let (g, s) = (f + df, r + dr);
                    if g < 0 || s < 0 || g >= n as isize || s >= n as isize {
                        continue;
                    }
                    let j = s as usize * n + g as usize;
                    match at(g as usize, s as usize) {
                        None if !seen[j] => {
                            seen[j] = true;
                            stack.push(j);
                        }
                        Some(Content::Farmer { .. }) if !farmers.contains(&j) => farmers.push(j),
                        _ => {}
                    }
                }
            }
            squares.sort_unstable();
            let mut harvests = [Vec::new(), Vec::new()];
            for j in farmers {
                if let Some(Content::Farmer { seat, harvest }) = at(j % n, j / n) {
                    harvests[seat.index()].push(harvest);
                }
            }
            for h in &mut harvests {
                h.sort_unstable_by(|a, b| b.cmp(a));
            }
            let controller = leader(&harvests[0], &harvests[1]);
            let value = controller.map_or(0, |c| {
                squares.len() as u32 * *harvests[c.index()].first().unwrap_or(&0) as u32
            });
            fields.push(Field {
                squares: squares
                    .into_iter()
                    .map(|i| Square::new(i % n, i / n).expect("on board"))
                    .collect(),
                harvests,
                controller,
                value,
            });
        }
        let mut field_points = [0, 0];
        for f in &fields {
            if let Some(c) = f.controller {
                field_points[c.index()] += f.value;
            }
        }
        let all = |seat: Seat| {
            let mut v: Vec<u8> = p.farmers(seat).map(|(_, h)| h).collect();
            v.sort_unstable_by(|a, b| b.cmp(a));
            v
        };
        Score {
            fields,
            field_points,
            half_point: leader(&all(Seat::First), &all(Seat::Second)),
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
