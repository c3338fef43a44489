//! Why an action is not legal in an Agon position, in words a player can act on, and reading an
//! action's text against the position (AG-15).

use super::board::{AXES, NONE};
use super::{
    Action, CAPTURED, Cell, Kind, OUTER_RING, PRESENT, Position, QUEEN, SECOND, parse_notation,
    seat_bit,
};
use crate::{ActionError, IllegalAction, Seat, Side};

impl Position {
    pub fn is_legal(&self, action: Action) -> bool {
        self.check(action).is_ok()
    }

    /// The captured pieces of a side: the queen first if she is captured.
    fn captured_of(&self, seat: Seat) -> (Option<Cell>, Vec<Cell>) {
        let mut queen = None;
        let mut guards = Vec::new();
        for (i, &b) in self.cells.iter().enumerate() {
            if b & CAPTURED != 0 && b & SECOND == seat_bit(seat) {
                if b & QUEEN != 0 {
                    queen = Some(Cell::from_raw(i as u8));
                } else {
                    guards.push(Cell::from_raw(i as u8));
                }
            }
        }
        (queen, guards)
    }

    /// Would a piece of `seat` stepping to `to` stand between two enemy pieces (AG-7)? Returns
    /// the two enemy cells. The cell it comes from holds its own piece, so it never counts.
    #[inline]
    fn sandwich(&self, to: u8, seat: Seat) -> Option<(Cell, Cell)> {
        let mine = seat_bit(seat);
        // An enemy byte has PRESENT set and the other side's bit.
        let enemy =
            |c: u8| (self.cells[c as usize] ^ mine) & (PRESENT | SECOND) == PRESENT | SECOND;
        for &(a, b) in &AXES[to as usize] {
            if a == NONE {
                break;
            }
            if enemy(a) && enemy(b) {
                let (x, y) = if a < b { (a, b) } else { (b, a) };
                return Some((Cell::from_raw(x), Cell::from_raw(y)));
            }
        }
        None
    }

    /// Says why an action is not legal here, in words a player can act on; `Ok` when it is.
    pub fn check(&self, action: Action) -> Result<(), ActionError> {
        let illegal = |e: IllegalAction| Err(ActionError::Illegal(e));
        if self.outcome().is_some() {
            return illegal(IllegalAction::GameOver);
        }
        let seat = self.to_act;
        let me = Side::agon(seat);
        let from = action.from();
        let to = action.to();
        let Some(piece) = self.piece_at(from) else {
            return illegal(IllegalAction::NoPiece { from });
        };
        if piece.seat != seat {
            return illegal(IllegalAction::NotYours {
                piece: piece.kind.piece(),
                from,
                owner: Side::agon(piece.seat),
                me,
            });
        }
        let (captured_queen, captured_guards) = self.captured_of(seat);
        match action {
            Action::Step { .. } => {
                if piece.captured {
                    return illegal(IllegalAction::CapturedCannotStep {
                        piece: piece.kind.piece(),
                        from,
                    });
                }
                if let Some(q) = captured_queen {
                    return illegal(IllegalAction::ReturnQueenFirst { me, queen: q });
                }
                if !captured_guards.is_empty() {
                    return illegal(IllegalAction::ReturnGuardFirst {
                        me,
                        guards: captured_guards,
                    });
                }
                if !from.neighbours().any(|n| n == to) {
                    return illegal(IllegalAction::NotNextTo { from, to });
                }
                if self.cells[to.index()] != 0 {
                    return illegal(IllegalAction::CellNotEmpty { cell: to });
                }
                if to.ring() > from.ring() {
                    return illegal(IllegalAction::StepsOutward { from, to });
                }
                if to == Cell::THRONE && piece.kind == Kind::Guard {
                    return illegal(IllegalAction::GuardThrone);
                }
                if let Some((a, b)) = self.sandwich(to.raw(), seat) {
                    return illegal(IllegalAction::BetweenEnemies { to, a, b });
                }
                Ok(())
            }
            Action::Return { .. } => {
                if !piece.captured {
                    return illegal(IllegalAction::NotCaptured {
                        piece: piece.kind.piece(),
                        from,
                        to: None,
                    });
                }
                if let Some(q) = captured_queen
                    && q != from
                {
                    return illegal(IllegalAction::ReturnQueenFirst { me, queen: q });
                }
                if self.cells[to.index()] != 0 {
                    return illegal(IllegalAction::CellNotEmpty { cell: to });
                }
                if piece.kind == Kind::Guard && to.ring() != OUTER_RING {
                    return illegal(IllegalAction::GuardOuterRing { to });
                }
                Ok(())
            }
        }
    }

    /// Reads an action in any accepted form (AG-15) and checks it is legal here.
    pub fn parse_action(&self, text: &str) -> Result<Action, ActionError> {
        let n = parse_notation(text)?;
        let action = match (n.returning, self.piece_at(n.from)) {
            (false, Some(p)) if p.captured && p.seat == self.to_act && self.outcome().is_none() => {
                let (q, _) = self.captured_of(self.to_act);
                let at = q.unwrap_or(n.from);
                return Err(ActionError::Illegal(IllegalAction::CapturedMustReturn {
                    piece: p.kind.piece(),
                    from: n.from,
                    me: Side::agon(self.to_act),
                    queen: q.is_some(),
                    at,
                    example: self.legal_actions().first().copied(),
                }));
            }
            (true, Some(p)) if !p.captured && p.seat == self.to_act && self.outcome().is_none() => {
                return Err(ActionError::Illegal(IllegalAction::NotCaptured {
                    piece: p.kind.piece(),
                    from: n.from,
                    to: Some(n.to),
                }));
            }
            (true, _) => Action::Return {
                from: n.from,
                to: n.to,
            },
            (false, _) => Action::Step {
                from: n.from,
                to: n.to,
            },
        };
        self.check(action)?;
        if let Some(given) = n.captures {
            let actual = self.captures(action);
            let mut given = given;
            given.sort();
            given.dedup();
            if given != actual {
                return Err(ActionError::Illegal(if actual.is_empty() {
                    IllegalAction::CapturesNothing { action }
                } else {
                    IllegalAction::CapturesOther {
                        action,
                        actual,
                        given,
                    }
                }));
            }
        }
        Ok(action)
    }
}
