//! The words beside a board: title, whose turn it is or how the game ended, the last action and
//! the Agros score. Shared by the ASCII and the SVG pictures so both say the same thing, in the reader's
//! language (the words are `templates/*/views.ftl`'s).

use agora_i18n::{Arg, Language, tr};
use agora_rules::{EndReason, GameKind, Outcome, Seat, agon, agros};

/// A seat's colour with a capital, as in a sentence: `White`, `Dark` (`Wit`, `Mörk`).
pub(crate) fn side(lang: Language, kind: GameKind, seat: Seat) -> String {
    tr(lang, "side", &[("seat", kind.seat_name(seat).into())])
}

/// The message `key` with the side `seat` as `$side`.
fn with_side(lang: Language, key: &str, kind: GameKind, seat: Seat) -> String {
    tr(lang, key, &[("side", side(lang, kind, seat).into())])
}

/// How a finished game ended, from the winner's side: `White wins: queen on the throne`.
fn ending(lang: Language, kind: GameKind, outcome: Outcome) -> String {
    let plain = |key: &str| tr(lang, key, &[]);
    let why = match outcome.reason {
        EndReason::Throne => plain("pic-why-throne"),
        EndReason::RingWithoutQueen => match outcome.winner {
            Some(w) => with_side(lang, "pic-why-ring-closed-by", kind, w.other()),
            None => plain("pic-why-ring-closed"),
        },
        EndReason::NoLegalAction => match outcome.winner {
            Some(w) => with_side(lang, "pic-why-no-action-of", kind, w.other()),
            None => plain("pic-why-no-action"),
        },
        EndReason::Repetition => plain("pic-why-repetition"),
        EndReason::TwoPasses => plain("pic-why-two-passes"),
    };
    match outcome.winner {
        Some(w) => tr(
            lang,
            "pic-wins",
            &[("side", side(lang, kind, w).into()), ("why", why.into())],
        ),
        None => tr(lang, "pic-draw", &[("why", why.into())]),
    }
}

/// The Agon status line: whose turn and what they must do, or how the game ended.
pub(crate) fn agon_status(lang: Language, p: &agon::Position) -> String {
    let kind = GameKind::Agon;
    if let Some(outcome) = p.outcome() {
        return ending(lang, kind, outcome);
    }
    let seat = p.to_act();
    let captured: Vec<agon::Kind> = p
        .pieces()
        .filter(|(_, piece)| piece.seat == seat && piece.captured)
        .map(|(_, piece)| piece.kind)
        .collect();
    // AG-9: a captured queen is returned before any guard.
    let key = if captured.contains(&agon::Kind::Queen) {
        "pic-to-act-return-queen"
    } else if !captured.is_empty() {
        "pic-to-act-return-guard"
    } else {
        "pic-to-act"
    };
    with_side(lang, key, kind, seat)
}

/// The Agros status line: whose turn and what they do now, or the final result.
pub(crate) fn agros_status(lang: Language, p: &agros::Position) -> String {
    let kind = GameKind::Agros;
    if p.is_finished() {
        let score = p.score();
        let (l, d) = (
            points(lang, score.halves(Seat::First)),
            points(lang, score.halves(Seat::Second)),
        );
        let mut args: Vec<(&str, Arg)> = vec![("light", l.into()), ("dark", d.into())];
        return match score.winner() {
            Some(w) => {
                args.push(("side", side(lang, kind, w).into()));
                tr(lang, "pic-over-wins", &args)
            }
            None => tr(lang, "pic-over-draw", &args),
        };
    }
    let seat = p.to_act();
    let who = side(lang, kind, seat);
    match p.opening_placements() {
        Some(n) => tr(
            lang,
            "pic-to-place",
            &[("side", who.into()), ("count", Arg::Num(n as i64))],
        ),
        None if p.last_was_pass() => tr(
            lang,
            "pic-to-act-after-pass",
            &[
                ("side", who.into()),
                ("other", side(lang, kind, seat.other()).into()),
            ],
        ),
        None => tr(lang, "pic-to-act", &[("side", who.into())]),
    }
}

/// The Agros title: `Agros 10x10, 5 farmers`.
pub(crate) fn agros_title(lang: Language, p: &agros::Position) -> String {
    let setup = p.setup();
    tr(
        lang,
        "agros-title",
        &[
            ("board", Arg::Num(setup.board as i64)),
            ("farmers", Arg::Num(setup.farmers as i64)),
        ],
    )
}

/// The Agros score line: `Score: Light 19, Dark 10.5 (half point: Dark)`.
pub(crate) fn agros_score(lang: Language, p: &agros::Position) -> String {
    let kind = GameKind::Agros;
    let score = p.score();
    let half = match score.half_point {
        Some(s) => with_side(lang, "pic-half-point", kind, s),
        None => tr(lang, "pic-no-half-point", &[]),
    };
    tr(
        lang,
        "pic-score",
        &[
            ("light_side", side(lang, kind, Seat::First).into()),
            ("light", points(lang, score.halves(Seat::First)).into()),
            ("dark_side", side(lang, kind, Seat::Second).into()),
            ("dark", points(lang, score.halves(Seat::Second)).into()),
            ("half", half.into()),
        ],
    )
}

/// A score given in half points, written as `19` or `10.5` (`10,5` where a decimal comma is the
/// custom).
pub(crate) fn points(lang: Language, halves: u32) -> String {
    if halves.is_multiple_of(2) {
        (halves / 2).to_string()
    } else {
        let mark = match lang {
            Language::En => '.',
            Language::Nl | Language::Sv => ',',
        };
        format!("{}{mark}5", halves / 2)
    }
}

/// The last action with the side that played it: `Last: Black a6-b7`. The side that played it is
/// the one not to act now, since both games alternate strictly. The action's notation is never
/// translated.
pub(crate) fn last_action(lang: Language, kind: GameKind, to_act: Seat, action: &str) -> String {
    let who = side(lang, kind, to_act.other());
    if action == "pass" {
        tr(lang, "pic-last-passed", &[("side", who.into())])
    } else {
        tr(
            lang,
            "pic-last",
            &[("side", who.into()), ("action", action.into())],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_show_halves() {
        assert_eq!(points(Language::En, 0), "0");
        assert_eq!(points(Language::En, 21), "10.5");
        assert_eq!(points(Language::Nl, 21), "10,5");
        assert_eq!(points(Language::En, 38), "19");
    }

    #[test]
    fn sides_have_capitals() {
        assert_eq!(side(Language::En, GameKind::Agon, Seat::First), "White");
        assert_eq!(side(Language::En, GameKind::Agros, Seat::Second), "Dark");
        assert_eq!(side(Language::Nl, GameKind::Agon, Seat::First), "Wit");
        assert_eq!(side(Language::Sv, GameKind::Agros, Seat::Second), "Mörk");
    }
}
