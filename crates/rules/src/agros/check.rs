//! Why an action is not legal in an Agros position, in words a player can act on, and reading an
//! action's text against the position (AR-16).

use super::{
    Action, Content, Direction, Notation, Phase, Position, Square, Target, decode, idx, owned_by,
    parse_notation,
};
use crate::{ActionError, IllegalAction, PieceName, PlacementHint, Side};

impl Position {
    pub fn is_legal(&self, action: Action) -> bool {
        self.check(action).is_ok()
    }

    /// Says why an action is not legal here, in words a player can act on; `Ok` when it is.
    pub fn check(&self, action: Action) -> Result<(), ActionError> {
        let illegal = |e: IllegalAction| Err(ActionError::Illegal(e));
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
            (Phase::Movement { .. }, Action::Harvest { from, to }) => {
                self.check_move(from, to, false)
            }
            (Phase::Movement { .. }, Action::Sow { from, to }) => self.check_move(from, to, true),
        }
    }

    /// A harvest from `from` to `to`, or a sow when `sowing`, in the movement phase: both squares
    /// on the board, a farmer of the side to act on `from`, a straight line to `to`, then what
    /// the kind of move asks of its distance and of the squares on its way.
    fn check_move(&self, from: Square, to: Square, sowing: bool) -> Result<(), ActionError> {
        let illegal = |e: IllegalAction| Err(ActionError::Illegal(e));
        let me = Side::agros(self.to_act);
        let size = self.size();
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
        if sowing {
            self.check_sow(from, to, dir, dist, h)
        } else {
            self.check_harvest(from, to, dir, dist, h)
        }
    }

    /// A harvest of the farmer with harvest `h` on `from`, `dist` squares in direction `dir` to
    /// `to` (AR-5): exactly `h` squares, to an empty square, passing only empty squares and the
    /// mover's own pieces.
    fn check_harvest(
        &self,
        from: Square,
        to: Square,
        dir: Direction,
        dist: usize,
        h: usize,
    ) -> Result<(), ActionError> {
        let illegal = |e: IllegalAction| Err(ActionError::Illegal(e));
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
                .offset(dir, k, self.size())
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
                    me: Side::agros(self.to_act),
                });
            }
        }
        Ok(())
    }

    /// A sow of the farmer with harvest `h` on `from`, `dist` squares in direction `dir` to `to`
    /// (AR-6): it has seeds to sow, and moves exactly one square per seed over empty squares.
    fn check_sow(
        &self,
        from: Square,
        to: Square,
        dir: Direction,
        dist: usize,
        h: usize,
    ) -> Result<(), ActionError> {
        let illegal = |e: IllegalAction| Err(ActionError::Illegal(e));
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
                .offset(dir, k, self.size())
                .expect("between two board squares");
            if self.cells[idx(s)] != 0 {
                return illegal(IllegalAction::SowNotEmpty { square: s });
            }
        }
        Ok(())
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
}
