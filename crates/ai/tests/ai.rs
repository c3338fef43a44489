//! The computer opponent's promises: legal actions only, the same action for the same seed, no
//! action once the game is over, and the obvious tactics (an immediate win is taken).

use agora_ai::{Budget, Level, choose_action, random_action, search, think};
use std::time::{Duration, Instant};

/// The time the tests let a level think: far more than `easy` and `normal` need.
const THINK: Duration = Duration::from_millis(300);
use agora_rules::agon::{self, Cell, Kind, Piece};
use agora_rules::{AnyAction, AnyPosition, GameKind, Seat, Variant, agros};
use proptest::prelude::*;

fn every_variant() -> Vec<Variant> {
    let mut v = vec![Variant::Agon];
    for board in [8, 10, 12] {
        for farmers in [3, 5, 7] {
            v.push(Variant::Agros { board, farmers });
        }
    }
    v
}

/// A position `plies` random actions into a game of `variant` (earlier if the game ends).
fn random_position(variant: Variant, plies: u32, seed: u64) -> AnyPosition {
    let mut p = variant.start();
    for ply in 0..plies {
        let Some(a) = random_action(
            &p,
            seed.wrapping_mul(1_000_003).wrapping_add(u64::from(ply)),
        ) else {
            break;
        };
        p.play(a).expect("random actions are legal");
    }
    p
}

#[test]
fn levels_read_and_print_their_names() {
    for level in Level::ALL {
        assert_eq!(level.to_string().parse::<Level>(), Ok(level));
    }
    assert_eq!("HARD".parse::<Level>(), Ok(Level::Hard));
    assert_eq!(" easy ".parse::<Level>(), Ok(Level::Easy));
    assert!("expert".parse::<Level>().is_err());
    assert_eq!(
        [Level::Easy, Level::Normal, Level::Hard].map(|l| l.to_string()),
        ["easy", "normal", "hard"]
    );
}

#[test]
fn harder_levels_search_more() {
    for kind in GameKind::ALL {
        let (easy, normal) = (Level::Easy.playouts(kind), Level::Normal.playouts(kind));
        assert!(easy.unwrap() < normal.unwrap());
        // `hard` has no playout limit: it thinks for all of its time.
        assert_eq!(Level::Hard.playouts(kind), None);
        let budget = Level::Hard.budget(kind, THINK);
        assert_eq!(budget, Budget::time(THINK));
        assert_eq!(Level::Easy.budget(kind, THINK).time, Some(THINK));
    }
}

#[test]
fn a_search_for_a_time_stops_on_time() {
    for variant in [
        Variant::Agon,
        Variant::Agros {
            board: 10,
            farmers: 5,
        },
        Variant::Agros {
            board: 12,
            farmers: 7,
        },
    ] {
        for plies in [0, 1, 30] {
            let p = random_position(variant, plies, 8);
            for ms in [1, 40] {
                // The time is the wall clock's, which a busy machine may stop for a while at any
                // moment: a search that keeps to its time does so in one of three tries, one that
                // overran it would in none.
                let mut tries = Vec::new();
                for _ in 0..3 {
                    let start = Instant::now();
                    let (a, stats) = think(&p, Budget::time(Duration::from_millis(ms)), 3);
                    let took = start.elapsed();
                    let a = a.expect("an unfinished game");
                    assert_eq!(p.check(a), Ok(()));
                    assert!(stats.playouts >= 1, "{variant} {plies}: {stats:?}");
                    tries.push(took);
                    if took < Duration::from_millis(ms + 150) {
                        break;
                    }
                }
                assert!(
                    tries.iter().any(|&t| t < Duration::from_millis(ms + 150)),
                    "{variant} after {plies} plies, {ms} ms: took {tries:?}"
                );
            }
        }
    }
}

#[test]
fn a_budget_of_both_stops_at_whichever_comes_first() {
    let p = Variant::Agon.start();
    let (_, stats) = think(
        &p,
        Budget {
            playouts: Some(50),
            time: Some(Duration::from_secs(10)),
        },
        1,
    );
    assert_eq!(stats.playouts, 50);
    let (_, stats) = think(&p, Budget::default(), 1);
    assert_eq!(stats.playouts, 1, "a budget of nothing still plays once");
}

#[test]
fn legal_at_the_start_of_every_variant() {
    for variant in every_variant() {
        let p = variant.start();
        let a = choose_action(&p, Level::Easy, THINK, 7).expect("the game has begun");
        assert_eq!(p.check(a), Ok(()), "{variant}: {a}");
    }
}

#[test]
fn the_two_farmer_opening_turn_is_handled() {
    for variant in every_variant().into_iter().skip(1) {
        let p = random_position(variant, 1, 3);
        let AnyPosition::Agros(ap) = &p else {
            unreachable!("an Agros variant")
        };
        assert_eq!(ap.opening_placements(), Some(2));
        let a = search(&p, 60, 11).0.expect("an action");
        assert!(matches!(a, AnyAction::Agros(agros::Action::PlaceTwo(..))));
        assert_eq!(p.check(a), Ok(()), "{variant}: {a}");
    }
}

#[test]
fn the_same_seed_gives_the_same_action() {
    for variant in [
        Variant::Agon,
        Variant::Agros {
            board: 10,
            farmers: 5,
        },
    ] {
        for plies in [0, 3, 20] {
            let p = random_position(variant, plies, 5);
            let first = search(&p, 150, 42).0;
            for _ in 0..2 {
                assert_eq!(
                    search(&p, 150, 42).0,
                    first,
                    "{variant} after {plies} plies"
                );
            }
        }
    }
}

#[test]
fn no_action_once_the_game_is_over() {
    let mut p = Variant::Agros {
        board: 8,
        farmers: 3,
    }
    .start();
    for text in ["d4", "a1,h8", "b2,g7", "a8", "pass", "pass"] {
        let a = p.parse_action(text).unwrap();
        p.play(a).unwrap();
    }
    assert!(p.is_finished());
    assert_eq!(choose_action(&p, Level::Hard, THINK, 1), None);
    assert_eq!(random_action(&p, 1), None);
}

fn cell(name: &str) -> Cell {
    name.parse().unwrap()
}

fn piece(seat: Seat, kind: Kind) -> Piece {
    Piece {
        seat,
        kind,
        captured: false,
    }
}

/// AG-11: White's queen holds the throne and five guards hold ring 1; g7-g6 closes the ring.
#[test]
fn takes_an_immediate_throne_win() {
    let mut pieces = vec![(cell("f6"), piece(Seat::First, Kind::Queen))];
    for g in ["e5", "e6", "f5", "f7", "g5", "g7"] {
        pieces.push((cell(g), piece(Seat::First, Kind::Guard)));
    }
    pieces.push((cell("a6"), piece(Seat::Second, Kind::Queen)));
    for g in ["a1", "a2", "a3", "a4", "b1", "b2"] {
        pieces.push((cell(g), piece(Seat::Second, Kind::Guard)));
    }
    let p = AnyPosition::Agon(agon::Position::from_pieces(pieces, Seat::First).unwrap());
    for level in Level::ALL {
        for seed in 0..3 {
            let a = choose_action(&p, level, THINK, seed).unwrap();
            assert_eq!(p.notation(a), "g7-g6", "{level} seed {seed}");
        }
    }
}

/// AR-9: after Dark's pass, Light leads, so Light's own pass ends the game won.
#[test]
fn passes_to_end_a_won_agros_game() {
    let middle = ["........"; 6].join("/");
    let text = format!("L3.L1.L1.../{middle}/D1.D1.D1... l n3 m+");
    let p = AnyPosition::Agros(text.parse().unwrap());
    let AnyPosition::Agros(ap) = &p else {
        unreachable!()
    };
    assert!(ap.score().winner() == Some(Seat::First), "{:?}", ap.score());
    let a = choose_action(&p, Level::Easy, THINK, 9).unwrap();
    assert_eq!(a.to_string(), "pass");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Whatever the position, the action chosen is legal.
    #[test]
    fn never_an_illegal_action(
        variant in prop::sample::select(every_variant()),
        plies in 0u32..160,
        seed in any::<u64>(),
    ) {
        let p = random_position(variant, plies, seed);
        let chosen = search(&p, 40, seed).0;
        match chosen {
            None => prop_assert!(p.is_finished()),
            Some(a) => prop_assert_eq!(p.check(a), Ok(()), "{} {}", variant, p),
        }
        if let Some(a) = random_action(&p, seed) {
            prop_assert_eq!(p.check(a), Ok(()));
        }
    }
}
