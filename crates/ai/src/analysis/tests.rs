//! Tests of the analysis: blunders played on purpose are found, finished and won positions are
//! valued exactly, and the result does not depend on the number of threads.

use super::*;
use agora_rules::Variant;
use agora_rules::agon::{self, Cell, Kind, Piece};

/// The playouts of the searches that play the test games: quick, and still purposeful.
const PLAY: u32 = 200;
/// The playouts of each evaluation of an analysis in the tests.
const ANALYSE: u32 = 600;

/// The search's action with [`PLAY`] playouts, a seed per ply.
fn engine(position: &AnyPosition, ply: usize) -> AnyAction {
    crate::search(position, PLAY, ply as u64)
        .0
        .expect("an unfinished game")
}

/// Plays `actions` from `start`.
fn after(start: &AnyPosition, actions: &[AnyAction]) -> AnyPosition {
    let mut p = start.clone();
    for &a in actions {
        p.play(a).expect("legal");
    }
    p
}

/// The engine plays on from `start` after `actions` for at most `plies` more plies.
fn play_on(start: &AnyPosition, actions: &mut Vec<AnyAction>, plies: usize) {
    let mut p = after(start, actions);
    for _ in 0..plies {
        if p.is_finished() {
            break;
        }
        let a = engine(&p, actions.len());
        p.play_unchecked(a);
        actions.push(a);
    }
}

/// Checks that `analyse` of `actions` from `start` lists ply `blunder` among the worst
/// three mistakes of its mover, with the engine's choice as the better action.
#[track_caller]
fn assert_found(start: &AnyPosition, actions: &[AnyAction], blunder: usize) {
    let analysis = analyse(start, actions, Budget::playouts(ANALYSE), 2, 7);
    assert_eq!(analysis.evaluations.len(), actions.len() + 1);
    assert_eq!(analysis.best.len(), actions.len() + 1);
    let seat = after(start, &actions[..blunder - 1]).to_act();
    let worst = analysis.worst(seat, 3);
    let found = worst
        .iter()
        .find(|m| m.ply == blunder as u32)
        .unwrap_or_else(|| panic!("ply {blunder} not among {worst:#?}"));
    assert_eq!(found.seat, seat);
    assert_eq!(found.played, actions[blunder - 1]);
    assert_eq!(Some(found.better), analysis.best[blunder - 1]);
    assert_ne!(found.better, found.played);
    assert!(found.drop >= MISTAKE, "{found:?}");
    assert!((found.before - found.after - found.drop).abs() < 1e-12);
    assert_eq!(
        worst[0].ply, blunder as u32,
        "the blunder is the worst: {worst:#?}"
    );
}

/// Agon: the engine plays itself until the side to act could let its opponent win at once
/// (AG-11) while it still has chances; it does so, and the game runs to its end.
#[test]
fn an_agon_blunder_is_found() {
    let start = Variant::Agon.start();
    let mut actions = Vec::new();
    let blunder = loop {
        let p = after(&start, &actions);
        assert!(
            !p.is_finished(),
            "no chance to blunder in {} plies",
            actions.len()
        );
        if let Some(a) = crate::blunder(&p)
            && evaluate(&p, Budget::playouts(ANALYSE), 1).chance(p.to_act()) >= 0.2
        {
            actions.push(a);
            break actions.len();
        }
        play_on(&start, &mut actions, 1);
    };
    play_on(&start, &mut actions, 20);
    assert!(after(&start, &actions).is_finished());
    // The last dozen plies before the blunder and what followed it.
    let from = blunder.saturating_sub(12);
    let start = after(&start, &actions[..from]);
    assert_found(&start, &actions[from..], blunder - from);
}

/// Agros (8×8, three farmers): in the movement phase, the engine plays itself until the
/// side to act has fair chances and could let its opponent win at once (a pass while behind
/// on the board lets the opponent's pass end the game, AR-9); it does so.
#[test]
fn an_agros_blunder_is_found() {
    let start = Variant::Agros {
        board: 8,
        farmers: 3,
    }
    .start();
    let mut actions = Vec::new();
    play_on(&start, &mut actions, 8);
    let blunder = loop {
        let p = after(&start, &actions);
        assert!(
            !p.is_finished(),
            "no chance to blunder in {} plies",
            actions.len()
        );
        if let Some(a) = crate::blunder(&p)
            && evaluate(&p, Budget::playouts(ANALYSE), 1).chance(p.to_act()) >= 0.4
        {
            actions.push(a);
            break actions.len();
        }
        play_on(&start, &mut actions, 1);
    };
    play_on(&start, &mut actions, 12);
    assert!(after(&start, &actions).is_finished());
    let from = blunder - 8;
    let start = after(&start, &actions[..from]);
    assert_found(&start, &actions[from..], blunder - from);
}

fn cell(name: &str) -> Cell {
    name.parse().expect("a cell")
}

fn piece(seat: Seat, kind: Kind) -> Piece {
    Piece {
        seat,
        kind,
        captured: false,
    }
}

/// AG-11: White's queen holds the throne and five guards hold ring 1; g7-g6 closes the ring.
fn agon_throne_in_one() -> AnyPosition {
    let mut pieces = vec![(cell("f6"), piece(Seat::First, Kind::Queen))];
    for g in ["e5", "e6", "f5", "f7", "g5", "g7"] {
        pieces.push((cell(g), piece(Seat::First, Kind::Guard)));
    }
    pieces.push((cell("a6"), piece(Seat::Second, Kind::Queen)));
    for g in ["a1", "a2", "a3", "a4", "b1", "b2"] {
        pieces.push((cell(g), piece(Seat::Second, Kind::Guard)));
    }
    AnyPosition::Agon(agon::Position::from_pieces(pieces, Seat::First).expect("valid"))
}

fn agros(text: &str) -> AnyPosition {
    AnyPosition::parse(agora_rules::GameKind::Agros, text).expect("valid")
}

/// A finished game is worth exactly its result, and so is a position whose side to act wins
/// at once; an Agros win counts 1 whatever its margin (AR-14).
#[test]
fn finished_and_won_positions_are_exact() {
    let budget = Budget::playouts(ANALYSE);
    let p = agon_throne_in_one();
    let win = p.parse_action("g7-g6").expect("legal");
    let now = evaluate(&p, budget, 3);
    assert_eq!((now.first_wins, now.best), (1.0, Some(win)));
    let won = after(&p, &[win]);
    let over = evaluate(&won, budget, 3);
    assert_eq!((over.first_wins, over.best, over.playouts), (1.0, None, 0));

    let middle = ["........"; 6].join("/");
    for (text, first_wins) in [
        // Equal fields: a draw.
        (format!("D1.D1.D1.../{middle}/L1.L1.L1... l n3 m+"), 0.5),
        // Light by a harvest's worth (and the half point).
        (format!("D1.D1.D1.../{middle}/L2.L1.L1... l n3 m+"), 1.0),
        // Dark by as much.
        (format!("D2.D1.D1.../{middle}/L1.L1.L1... l n3 m+"), 0.0),
    ] {
        let p = agros(&text);
        let pass = p.parse_action("pass").expect("legal");
        let ended = evaluate(&after(&p, &[pass]), budget, 3);
        assert_eq!((ended.first_wins, ended.best), (first_wins, None), "{text}");
        if first_wins == 1.0 {
            // Light's pass ends the game won: no search needed.
            let now = evaluate(&p, budget, 3);
            assert_eq!(
                (now.first_wins, now.best, now.playouts),
                (1.0, Some(pass), 0)
            );
        }
    }
    // A lost position is lost for both seats' readings.
    let lost = Evaluation {
        first_wins: 0.0,
        best: None,
        playouts: 0,
    };
    assert_eq!(
        (lost.chance(Seat::First), lost.chance(Seat::Second)),
        (0.0, 1.0)
    );
}

/// A side with nothing but a pass is still searched (the computer's play skips the search),
/// so its evaluation rests on playouts.
#[test]
fn a_lone_action_is_searched() {
    // Light's farmers are walled in by Dark seeds; Dark's are free.
    let p = agros(
        "L1dL1dL1d../dddddd../......../......../......../......../......../D1.D1.D1... l n3 m",
    );
    assert_eq!(p.legal_count(), 1);
    let e = evaluate(&p, Budget::playouts(300), 5);
    assert_eq!(e.best, p.parse_action("pass").ok());
    assert_eq!(e.playouts, 300);
    assert!((0.0..=1.0).contains(&e.first_wins));
    assert_eq!(e, evaluate(&p, Budget::playouts(300), 5));
}

/// A weak player's game: every other action random, and from the eighth on, an action that
/// loses at once whenever there is one (so that there are mistakes to find).
fn weak_game(variant: Variant, plies: u64) -> (AnyPosition, Vec<AnyAction>) {
    let start = variant.start();
    let mut actions = Vec::new();
    let mut p = start.clone();
    for ply in 0..plies {
        let a = match crate::blunder(&p) {
            Some(a) if ply >= 8 => Some(a),
            _ if ply % 2 == 0 => crate::random_action(&p, ply),
            _ => crate::search(&p, 50, ply).0,
        };
        let Some(a) = a else { break };
        p.play_unchecked(a);
        actions.push(a);
    }
    (start, actions)
}

#[test]
fn threads_do_not_change_the_analysis() {
    let mut mistakes = 0;
    for variant in [
        Variant::Agon,
        Variant::Agros {
            board: 8,
            farmers: 3,
        },
    ] {
        let (start, actions) = weak_game(variant, 24);
        let budget = Budget::playouts(150);
        let one = analyse(&start, &actions, budget, 1, 11);
        mistakes += one.mistakes.len();
        for threads in [2, 3, 64] {
            assert_eq!(
                analyse(&start, &actions, budget, threads, 11),
                one,
                "{variant}"
            );
        }
        // No threads means one.
        assert_eq!(analyse(&start, &actions, budget, 0, 11), one, "{variant}");
    }
    assert!(mistakes > 0, "no mistakes to compare");
}

#[test]
fn worst_lists_at_most_n_of_one_seat_largest_first() {
    let a = agon_throne_in_one().legal_actions();
    let mistake = |ply: u32, seat, drop: f64| Mistake {
        ply,
        seat,
        played: a[0],
        better: a[1],
        before: 0.9,
        after: 0.9 - drop,
        drop,
    };
    let analysis = Analysis {
        evaluations: vec![0.5; 11],
        best: vec![None; 11],
        mistakes: vec![
            mistake(7, Seat::First, 0.6),
            mistake(4, Seat::Second, 0.5),
            mistake(3, Seat::First, 0.4),
            mistake(9, Seat::First, 0.3),
            mistake(1, Seat::First, 0.2),
        ],
    };
    let plies = |seat, n| -> Vec<u32> { analysis.worst(seat, n).iter().map(|m| m.ply).collect() };
    assert_eq!(plies(Seat::First, 3), [7, 3, 9]);
    assert_eq!(plies(Seat::First, 10), [7, 3, 9, 1]);
    assert_eq!(plies(Seat::Second, 3), [4]);
    assert_eq!(plies(Seat::Second, 0), Vec::<u32>::new());
}

/// The empty game has one position and nothing to blame.
#[test]
fn no_actions_no_mistakes() {
    let start = Variant::Agon.start();
    let analysis = analyse(&start, &[], Budget::playouts(50), 4, 1);
    assert_eq!(analysis.evaluations.len(), 1);
    assert!(analysis.best[0].is_some());
    assert!(analysis.mistakes.is_empty());
}

#[test]
fn each_search_has_its_own_seed() {
    let mut seeds = std::collections::HashSet::new();
    for ply in 0..1_000 {
        for search in [Search::Position, Search::Better] {
            assert!(seeds.insert(position_seed(42, ply, search)));
        }
    }
}
