//! The words beside a board: title, whose turn it is or how the game ended, the last action and
//! the Agros score. Shared by the ASCII and the SVG pictures so both say the same thing; plain ASCII
//! only, since the ASCII picture prints these lines as they are.

use agora_rules::{EndReason, GameKind, Outcome, Seat, agon, agros};

/// A seat's colour with a capital, as in a sentence: `White`, `Dark`.
pub(crate) fn side(kind: GameKind, seat: Seat) -> String {
    let name = kind.seat_name(seat);
    let mut chars = name.chars();
    match chars.next() {
        Some(c) => c.to_ascii_uppercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

/// How a finished game ended, from the winner's side: `White wins: queen on the throne`.
fn ending(kind: GameKind, outcome: Outcome) -> String {
    let why = match outcome.reason {
        EndReason::Throne => "queen on the throne, ring 1 full".to_string(),
        EndReason::RingWithoutQueen => match outcome.winner {
            Some(w) => format!(
                "{} closed ring 1 without the queen on the throne",
                side(kind, w.other())
            ),
            None => "ring 1 closed without the queen".to_string(),
        },
        EndReason::NoLegalAction => match outcome.winner {
            Some(w) => format!("{} has no legal action", side(kind, w.other())),
            None => "no legal action".to_string(),
        },
        EndReason::Repetition => "third repetition".to_string(),
        EndReason::TwoPasses => "two passes".to_string(),
    };
    match outcome.winner {
        Some(w) => format!("{} wins: {why}", side(kind, w)),
        None => format!("Draw: {why}"),
    }
}

/// The Agon status line: whose turn and what they must do, or how the game ended.
pub(crate) fn agon_status(p: &agon::Position) -> String {
    if let Some(outcome) = p.outcome() {
        return ending(GameKind::Agon, outcome);
    }
    let seat = p.to_act();
    let who = side(GameKind::Agon, seat);
    let captured: Vec<agon::Kind> = p
        .pieces()
        .filter(|(_, piece)| piece.seat == seat && piece.captured)
        .map(|(_, piece)| piece.kind)
        .collect();
    // AG-9: a captured queen is returned before any guard.
    if captured.contains(&agon::Kind::Queen) {
        format!("{who} to act: return the captured queen")
    } else if !captured.is_empty() {
        format!("{who} to act: return a captured guard")
    } else {
        format!("{who} to act")
    }
}

/// The Agros status line: whose turn and what they do now, or the final result.
pub(crate) fn agros_status(p: &agros::Position) -> String {
    let kind = GameKind::Agros;
    if p.is_finished() {
        let score = p.score();
        let (l, d) = (
            points(score.halves(Seat::First)),
            points(score.halves(Seat::Second)),
        );
        return match score.winner() {
            Some(w) => format!("Game over: {} wins, {l} to {d}", side(kind, w)),
            None => format!("Game over: a draw, {l} to {d}"),
        };
    }
    let who = side(kind, p.to_act());
    match p.opening_placements() {
        Some(1) => format!("{who} to place 1 farmer"),
        Some(n) => format!("{who} to place {n} farmers"),
        None if p.last_was_pass() => format!(
            "{who} to act ({} passed; a pass ends the game)",
            side(kind, p.to_act().other())
        ),
        None => format!("{who} to act"),
    }
}

/// The Agros title: `Agros 10x10, 5 farmers`.
pub(crate) fn agros_title(p: &agros::Position) -> String {
    let setup = p.setup();
    format!("Agros {0}x{0}, {1} farmers", setup.board, setup.farmers)
}

/// The Agros score line: `Score: Light 19, Dark 10.5 (half point: Dark)`.
pub(crate) fn agros_score(p: &agros::Position) -> String {
    let score = p.score();
    let half = match score.half_point {
        Some(s) => format!("half point: {}", side(GameKind::Agros, s)),
        None => "no half point".to_string(),
    };
    format!(
        "Score: Light {}, Dark {} ({half})",
        points(score.halves(Seat::First)),
        points(score.halves(Seat::Second))
    )
}

/// A score given in half points, written as `19` or `10.5`.
pub(crate) fn points(halves: u32) -> String {
    if halves.is_multiple_of(2) {
        (halves / 2).to_string()
    } else {
        format!("{}.5", halves / 2)
    }
}

/// The last action with the side that played it: `Last: Black a6-b7`. The side that played it is
/// the one not to act now, since both games alternate strictly.
pub(crate) fn last_action(kind: GameKind, to_act: Seat, action: &str) -> String {
    let who = side(kind, to_act.other());
    if action == "pass" {
        format!("Last: {who} passed")
    } else {
        format!("Last: {who} {action}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_show_halves() {
        assert_eq!(points(0), "0");
        assert_eq!(points(21), "10.5");
        assert_eq!(points(38), "19");
    }

    #[test]
    fn sides_have_capitals() {
        assert_eq!(side(GameKind::Agon, Seat::First), "White");
        assert_eq!(side(GameKind::Agros, Seat::Second), "Dark");
    }
}
