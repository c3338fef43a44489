//! What the last action did beyond moving a piece, read off the position it led to, so both
//! pictures can mark it: the pieces an Agon step captured (AG-8).

use agora_rules::agon;

/// The pieces that `action`, a step just played, closed in (AG-8): enemy pieces beside the cell it
/// stepped to, captured, with a piece of the mover right behind them. A return captures nothing
/// (AG-10), and neither does an action that does not fit the position.
///
/// A piece that was captured before and is closed in again is listed too: the position after the
/// action cannot tell it from a new capture. Such a re-capture is rare (it needs two captured
/// pieces of one side at once) and the piece does stand where the step struck; the notation (AG-15)
/// leaves it out, which is why the captions keep writing the action without its capture suffix.
pub(crate) fn agon_captures(p: &agon::Position, action: agon::Action) -> Vec<agon::Cell> {
    let agon::Action::Step { to, .. } = action else {
        return Vec::new();
    };
    let Some(mover) = p.piece_at(to).map(|piece| piece.seat) else {
        return Vec::new();
    };
    let (q, r) = to.axial();
    let mut captured: Vec<agon::Cell> = to
        .neighbours()
        .filter(|&next| {
            let (nq, nr) = next.axial();
            let behind = agon::Cell::from_axial(2 * nq - q, 2 * nr - r);
            p.piece_at(next)
                .is_some_and(|piece| piece.seat != mover && piece.captured)
                && behind
                    .and_then(|cell| p.piece_at(cell))
                    .is_some_and(|piece| piece.seat == mover)
        })
        .collect();
    captured.sort();
    captured
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_rules::Seat;

    fn cell(name: &str) -> agon::Cell {
        name.parse().expect("a cell name")
    }

    #[test]
    fn a_step_names_its_captures_and_a_return_none() {
        // The rules' example: `a5-a6xb7` captures the black queen on b7 (AG-8), and she may
        // return straight to the throne (AG-10).
        let mut p = agon::Position::start();
        for text in ["a4-a5", "a6-b7", "a5-a6", "b7=f6"] {
            let action = p.parse_action(text).expect("legal");
            let expected = p.captures(action);
            p.play(action).expect("legal");
            assert_eq!(agon_captures(&p, action), expected, "after {text}");
            if text == "a5-a6" {
                assert_eq!(expected, vec![cell("b7")]);
            }
        }
    }

    #[test]
    fn the_queen_captured_on_the_throne() {
        // The rules' example: black queen on f6, white guards on e5 and g7; `g7-g6` captures her.
        let guard = |seat| agon::Piece {
            seat,
            kind: agon::Kind::Guard,
            captured: false,
        };
        let queen = |seat| agon::Piece {
            seat,
            kind: agon::Kind::Queen,
            captured: false,
        };
        let mut p = agon::Position::from_pieces(
            [
                ("f6", queen(Seat::Second)),
                ("a1", queen(Seat::First)),
                ("e5", guard(Seat::First)),
                ("g7", guard(Seat::First)),
                ("a3", guard(Seat::First)),
                ("a4", guard(Seat::First)),
                ("a5", guard(Seat::First)),
                ("b1", guard(Seat::First)),
                ("k1", guard(Seat::Second)),
                ("k2", guard(Seat::Second)),
                ("k3", guard(Seat::Second)),
                ("k4", guard(Seat::Second)),
                ("k5", guard(Seat::Second)),
                ("k6", guard(Seat::Second)),
            ]
            .map(|(name, piece)| (cell(name), piece)),
            Seat::First,
        )
        .expect("a valid position");
        let step = p.parse_action("g7-g6").expect("legal");
        assert_eq!(p.captures(step), vec![agon::Cell::THRONE]);
        p.play(step).expect("legal");
        assert_eq!(agon_captures(&p, step), vec![agon::Cell::THRONE]);
    }

    #[test]
    fn a_long_game_agrees_with_the_rules() {
        // Every action of a fixed pseudo-random game: the captures read off the position after
        // it are those the rules name before it (no re-capture happens in this game).
        let mut p = agon::Position::start();
        let mut state: u64 = 0x2545_f491_4f6c_dd1d;
        let mut captures = 0;
        for _ in 0..400 {
            let actions = p.legal_actions();
            if actions.is_empty() || p.is_finished() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let action = actions[(state % actions.len() as u64) as usize];
            let expected = p.captures(action);
            captures += expected.len();
            p.play(action).expect("legal");
            assert_eq!(agon_captures(&p, action), expected, "{action}");
        }
        assert!(captures > 0, "the game has captures to check");
    }
}
