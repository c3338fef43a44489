//! The test vectors of `rules/agon.md`, each named by its ruling, and perft from the start.

use agora_rules::agon::{Action, Cell, Kind, Piece, Position, perft};
use agora_rules::{ActionError, EndReason, Seat};

fn c(name: &str) -> Cell {
    name.parse().unwrap()
}

fn play_all(p: &mut Position, actions: &str) {
    for a in actions.split_whitespace() {
        let action = p.parse_action(a).unwrap_or_else(|e| panic!("{a}: {e}"));
        p.play(action).unwrap();
    }
}

fn illegal(p: &Position, text: &str) -> String {
    match p.parse_action(text) {
        Err(ActionError::Illegal(m)) => m.to_string(),
        other => panic!("{text}: expected an illegal-action error, got {other:?}"),
    }
}

fn unreadable(p: &Position, text: &str) -> String {
    match p.parse_action(text) {
        Err(ActionError::Unreadable(m)) => m.to_string(),
        other => panic!("{text}: expected an unreadable-action error, got {other:?}"),
    }
}

/// A position from a list like `Q:k1 G:a4 g*:b7`, the side to act `w`/`b`.
fn setup(pieces: &str, to_act: Seat) -> Position {
    let parsed = pieces.split_whitespace().map(|item| {
        let (what, cell) = item.split_once(':').unwrap();
        let captured = what.ends_with('*');
        let letter = what.chars().next().unwrap();
        let seat = if letter.is_ascii_uppercase() {
            Seat::First
        } else {
            Seat::Second
        };
        let kind = if letter.eq_ignore_ascii_case(&'q') {
            Kind::Queen
        } else {
            Kind::Guard
        };
        (
            c(cell),
            Piece {
                seat,
                kind,
                captured,
            },
        )
    });
    Position::from_pieces(parsed, to_act).unwrap()
}

#[test]
fn ag4_start_position() {
    let p = Position::start();
    let white: Vec<String> = p
        .pieces()
        .filter(|(_, pc)| pc.seat == Seat::First)
        .map(|(c, pc)| format!("{}{}", if pc.kind == Kind::Queen { "Q" } else { "" }, c))
        .collect();
    assert_eq!(white, ["a4", "b1", "c8", "g1", "g10", "Qk1", "k5"]);
    let black: Vec<String> = p
        .pieces()
        .filter(|(_, pc)| pc.seat == Seat::Second)
        .map(|(c, pc)| format!("{}{}", if pc.kind == Kind::Queen { "q" } else { "" }, c))
        .collect();
    assert_eq!(black, ["a2", "qa6", "e1", "e10", "i1", "j7", "k3"]);
    for (cell, _) in p.pieces() {
        assert_eq!(cell.ring(), 5);
    }
    // Symmetric under a half turn: (q, r) -> (-q, -r) swaps the colours.
    for (cell, piece) in p.pieces() {
        let (q, r) = cell.axial();
        let other = p.piece_at(Cell::from_axial(-q, -r).unwrap()).unwrap();
        assert_eq!((other.seat, other.kind), (piece.seat.other(), piece.kind));
    }
    assert_eq!(p.to_act(), Seat::First);
}

#[test]
fn ag6_start_has_the_27_listed_actions() {
    let p = Position::start();
    let listed = "a4-a3 a4-a5 a4-b4 a4-b5 b1-a1 b1-b2 b1-c1 b1-c2 c8-b7 c8-c7 c8-d8 c8-d9 g1-f1 \
                  g1-f2 g1-g2 g1-h1 g10-f10 g10-f11 g10-g9 g10-h9 k1-j1 k1-j2 k1-k2 k5-j5 k5-j6 k5-k4 k5-k6";
    let got: Vec<String> = p.legal_actions().iter().map(|&a| p.notation(a)).collect();
    assert_eq!(got.join(" "), listed);
}

#[test]
fn perft_depths_1_to_4() {
    let p = Position::start();
    assert_eq!(perft(&p, 1), 27);
    assert_eq!(perft(&p, 2), 713);
    assert_eq!(perft(&p, 3), 18_417);
    assert_eq!(perft(&p, 4), 466_557);
}

#[test]
fn ag8_ag9_ag10_queen_captured_and_returned_to_the_throne() {
    let mut p = Position::start();
    play_all(&mut p, "a4-a5 a6-b7");
    let a = p.parse_action("a5-a6").unwrap();
    assert_eq!(p.notation(a), "a5-a6xb7");
    // The suffix may be given, and must then be right.
    assert!(p.parse_action("a5-a6xb7").is_ok());
    assert_eq!(
        illegal(&p, "a5-a6xc8"),
        "a5-a6 captures b7, not c8: write a5-a6xb7"
    );
    assert_eq!(illegal(&p, "a4-a3xb7"), "there is no piece on a4");
    p.play(a).unwrap();
    let queen = p.piece_at(c("b7")).unwrap();
    assert!(queen.captured && queen.kind == Kind::Queen);
    // AG-9: the whole turn must be the queen's return.
    let legal = p.legal_actions();
    assert!(
        legal
            .iter()
            .all(|a| matches!(a, Action::Return { from, .. } if *from == c("b7")))
    );
    assert_eq!(legal.len(), 91 - 14, "a queen may return to any empty cell");
    assert_eq!(
        illegal(&p, "k3-k4"),
        "black must first return the captured queen on b7 (write b7=<cell>)"
    );
    assert!(illegal(&p, "b7-c7").starts_with("the queen on b7 is captured"));
    assert_eq!(illegal(&p, "b7=a2"), "a2 is not empty");
    play_all(&mut p, "b7=f6");
    let queen = p.piece_at(Cell::THRONE).unwrap();
    assert!(!queen.captured && queen.seat == Seat::Second);
    assert_eq!(p.to_act(), Seat::First);
}

#[test]
fn ag8_queen_captured_on_the_throne() {
    let p0 = setup(
        "Q:k1 G:e5 G:g7 G:a1 G:a2 G:a3 G:a4 q:f6 g:k6 g:j7 g:i8 g:h9 g:g10 g:f11",
        Seat::First,
    );
    let mut p = p0.clone();
    let a = p.parse_action("g7-g6").unwrap();
    assert_eq!(p.notation(a), "g7-g6xf6");
    p.play(a).unwrap();
    assert!(p.piece_at(Cell::THRONE).unwrap().captured);
}

#[test]
fn ag7_no_stepping_into_a_sandwich_even_when_it_captures() {
    let p = setup(
        "Q:k1 G:e7 G:d5 G:a1 G:a2 G:a3 G:a4 q:a6 g:e4 g:e6 g:k6 g:j7 g:i8 g:h9",
        Seat::First,
    );
    assert_eq!(
        illegal(&p, "d5-e5"),
        "e5 stands between two enemy pieces (e4, e6)"
    );
    assert!(!p.legal_actions().contains(&Action::Step {
        from: c("d5"),
        to: c("e5")
    }));
}

#[test]
fn ag7_applies_to_steps_not_returns() {
    // The captured white queen may return between the black guards on e4 and e6 (AG-10) …
    let p = setup(
        "Q*:k1 G:e7 G:d5 G:a1 G:a2 G:a3 G:c8 q:a6 g:e4 g:e6 g:k6 g:j7 g:i8 g:h9",
        Seat::First,
    );
    assert!(p.parse_action("k1=e5").is_ok());
    // … while a step there is forbidden (AG-7).
    let q = setup(
        "Q:k1 G:e7 G:d5 G:a1 G:a2 G:a3 G:c8 q:a6 g:e4 g:e6 g:k6 g:j7 g:i8 g:h9",
        Seat::First,
    );
    assert_eq!(
        illegal(&q, "d5-e5"),
        "e5 stands between two enemy pieces (e4, e6)"
    );
}

#[test]
fn ag6_steps_never_outward_never_jump_guards_not_on_the_throne() {
    let p = setup(
        "Q:k1 G:e5 G:g7 G:a1 G:a2 G:a3 G:a4 q:a6 g:k6 g:j7 g:i8 g:h9 g:g10 g:f11",
        Seat::First,
    );
    assert_eq!(illegal(&p, "e5-f6"), "a guard may not enter the throne");
    assert!(illegal(&p, "e5-d5").contains("steps outward"));
    assert!(illegal(&p, "e5-e7").contains("is not next to"));
    assert_eq!(illegal(&p, "a1-a2"), "a2 is not empty");
    assert_eq!(illegal(&p, "b3-b2"), "there is no piece on b3");
    assert!(illegal(&p, "k6-k5").starts_with("the guard on k6 is black's"));
    assert!(unreadable(&p, "z1-a1").contains("not a cell"));
}

#[test]
fn ag10_returned_guard_goes_to_the_outer_ring() {
    let p = setup(
        "Q:k1 G*:e7 G:d5 G:a1 G:a2 G:a3 G:c8 q:a6 g:a4 g:e6 g:k6 g:j7 g:i8 g:h9",
        Seat::First,
    );
    assert_eq!(
        illegal(&p, "e7=d4"),
        "a returned guard goes to an empty cell of the outer ring, and d4 is in ring 2"
    );
    assert!(illegal(&p, "d5-d6").starts_with("white must first return a captured guard (e7)"));
    let legal = p.legal_actions();
    assert_eq!(legal.len(), 30 - 11, "every empty outer-ring cell");
}

#[test]
fn ag11_queen_on_the_throne_with_six_guards_wins() {
    let mut p = setup(
        "Q:f6 G:e5 G:e6 G:f5 G:f7 G:g5 G:g7 q:a6 g:a1 g:a2 g:a3 g:a4 g:a5 g:b1",
        Seat::First,
    );
    assert!(p.outcome().is_none());
    play_all(&mut p, "g7-g6");
    let o = p.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (Some(Seat::First), EndReason::Throne));
    assert!(p.legal_actions().is_empty());
    assert_eq!(illegal(&p, "a1-b2"), "the game is over");
}

#[test]
fn ag11_ring_closed_without_the_queen_loses() {
    let mut p = setup(
        "Q:k1 G:e5 G:e6 G:f5 G:f7 G:g5 G:g7 q:a6 g:a1 g:a2 g:a3 g:a4 g:a5 g:b1",
        Seat::First,
    );
    play_all(&mut p, "g7-g6");
    let o = p.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Seat::Second), EndReason::RingWithoutQueen)
    );
}

#[test]
fn ag12_no_legal_action_loses() {
    // Black's queen sits on the throne and five black guards fill ring 1 with one white guard:
    // none of them can step (nothing is further in, and ring 1 is full). The last black guard on
    // the corner a1 still has b2; White's b3-b2 takes that away.
    let mut p = setup(
        "Q:k1 G:g6 G:a2 G:b1 G:b3 G:k5 G:k6 q:f6 g:e5 g:e6 g:f5 g:f7 g:g5 g:a1",
        Seat::First,
    );
    assert!(p.outcome().is_none());
    play_all(&mut p, "b3-b2");
    assert!(p.legal_actions().is_empty());
    let o = p.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Seat::First), EndReason::NoLegalAction)
    );
}

#[test]
fn ag13_third_occurrence_is_a_draw() {
    let mut p = Position::start();
    // Shuffle back and forth: the start recurs after 4 and 8 plies; the 8th ply makes the third
    // occurrence (the start counts as the first).
    for round in 0..2 {
        play_all(&mut p, "k1-j1 a6-b7 j1-k1");
        assert!(p.outcome().is_none(), "round {round}");
        play_all(&mut p, "b7-a6");
        if round == 0 {
            assert!(p.outcome().is_none());
            assert_eq!(p.occurrences(), 2);
        }
    }
    let o = p.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (None, EndReason::Repetition));
}

#[test]
fn ag15_unreadable_vs_illegal() {
    let p = Position::start();
    assert!(matches!(
        p.parse_action("k1-"),
        Err(ActionError::Unreadable(_))
    ));
    assert!(matches!(p.parse_action("k1-k2"), Ok(Action::Step { .. })));
    assert_eq!(
        illegal(&p, "k1-k3"),
        "k3 is not next to k1: a piece steps to a neighbouring cell"
    );
    assert_eq!(
        illegal(&p, "a4-a5xb7"),
        "a4-a5 captures nothing: write a4-a5"
    );
    assert!(illegal(&p, "k1=k2").contains("is not captured"));
}

#[test]
fn ag16_record() {
    let mut p = Position::start();
    let mut record = Vec::new();
    for a in ["a4-a5", "a6-b7", "a5-a6", "b7=f6"] {
        let action = p.parse_action(a).unwrap();
        record.push(p.notation(action));
        p.play(action).unwrap();
    }
    assert_eq!(
        agora_rules::record(&record),
        "1. a4-a5 a6-b7 2. a5-a6xb7 b7=f6"
    );
}

#[test]
fn position_text_round_trips() {
    let mut p = Position::start();
    play_all(&mut p, "a4-a5 a6-b7 a5-a6");
    let text = p.to_string();
    assert!(text.contains("q*"), "{text}");
    let back: Position = text.parse().unwrap();
    assert_eq!(back, p);
    let json = serde_json::to_string(&p).unwrap();
    let back: Position = serde_json::from_str(&json).unwrap();
    assert_eq!(back, p);
    for bad in [
        "",
        "x w",
        "Q1g1G1/6g/g7/9/G8G/11/g8g/9/7G/G6/1g1G1q x",
        "Q1g1G1/6g/g7/9/G8G/11/g8g/9/7G/G6/1g1G1 w",
        "Q1g1G1/6g/g7/9/G8G/12/g8g/9/7G/G6/1g1G1q w",
        "Q1g1G1/6g/g7/9/G8G/5G5/g8g/9/7G/G6/1g1G1q w",
    ] {
        assert!(bad.parse::<Position>().is_err(), "{bad}");
    }
}
