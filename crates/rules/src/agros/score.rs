//! Scoring an Agros position (AR-10 … AR-14): fields, control, values and the half point.
//!
//! The score is defined for every position, not only a finished one, so players can see where
//! they stand mid-game.

use super::{Content, FARMER, FARMER_SECOND, GRID, HARVEST, Position, STRIDE, Square};
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

/// Each side's score in half points, `[light, dark]`, as [`Score::halves`] counts them, without
/// building the report: one flood fill per field over the cells, nothing allocated.
pub(super) fn halves(p: &Position) -> [u32; 2] {
    let n = usize::from(p.size);
    let mut seen = [false; GRID];
    let mut stack = [0u8; GRID];
    // The field that last counted each farmer, so a farmer counts once per field (AR-11).
    let mut counted = [0u16; GRID];
    let mut field = 0u16;
    let mut points = [0u32; 2];
    for start in 0..GRID {
        if !p.on_board(start) || p.cells[start] != 0 || seen[start] {
            continue;
        }
        field += 1;
        let mut squares = 0u32;
        let mut lists = [[0u8; 7]; 2];
        let mut lens = [0usize; 2];
        seen[start] = true;
        stack[0] = start as u8;
        let mut top = 1;
        while top > 0 {
            top -= 1;
            let i = usize::from(stack[top]);
            squares += 1;
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
                        stack[top] = j as u8;
                        top += 1;
                    }
                } else if c & FARMER != 0 && counted[j] != field {
                    counted[j] = field;
                    let side = usize::from(c & FARMER_SECOND != 0);
                    lists[side][lens[side]] = c & HARVEST;
                    lens[side] += 1;
                }
            }
        }
        for (list, &len) in lists.iter_mut().zip(&lens) {
            list[..len].sort_unstable_by(|a, b| b.cmp(a));
        }
        if let Some(c) = leader(&lists[0][..lens[0]], &lists[1][..lens[1]]) {
            points[c.index()] += squares * u32::from(lists[c.index()][0]);
        }
    }
    let all = |seat: Seat| {
        let mut v = [0u8; 7];
        let mut len = 0;
        for (_, h) in p.farmers(seat) {
            v[len] = h;
            len += 1;
        }
        v[..len].sort_unstable_by(|a, b| b.cmp(a));
        (v, len)
    };
    let ((light, nl), (dark, nd)) = (all(Seat::First), all(Seat::Second));
    let half = leader(&light[..nl], &dark[..nd]);
    [Seat::First, Seat::Second].map(|seat| 2 * points[seat.index()] + u32::from(half == Some(seat)))
}
