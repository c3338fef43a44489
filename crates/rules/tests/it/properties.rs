//! Properties over thousands of seeded random games, and hostile input that must never panic.

use agora_rules::agon::{self, Cell, Kind};
use agora_rules::agros;
use agora_rules::{EndReason, Seat};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

/// Checks every listed action (or a sample, when there are many) of a position: accepted by
/// `play`, and its canonical notation parses back to the same action.
fn check_listed<A: Copy + PartialEq + std::fmt::Debug>(
    rng: &mut SmallRng,
    legal: &[A],
    accepts: impl Fn(A) -> bool,
    round_trips: impl Fn(A) -> Result<(), String>,
) {
    let sample: Vec<A> = if legal.len() > 60 {
        legal.choose_multiple(rng, 60).copied().collect()
    } else {
        legal.to_vec()
    };
    for a in sample {
        assert!(accepts(a), "{a:?} is listed but not accepted by play");
        round_trips(a).unwrap();
    }
}

fn ring1_all_guards_of(p: &agon::Position, seat: Seat) -> bool {
    Cell::all().filter(|c| c.ring() == 1).all(|c| {
        p.piece_at(c)
            .is_some_and(|pc| pc.seat == seat && pc.kind == Kind::Guard)
    })
}

#[test]
fn agon_random_games() {
    let mut rng = SmallRng::seed_from_u64(2);
    let mut endings = std::collections::HashMap::new();
    for game in 0..1500 {
        let mut p = agon::Position::start();
        let mut seen = vec![p.to_string()];
        loop {
            let legal = p.legal_actions();
            if let Some(o) = p.outcome() {
                assert!(legal.is_empty());
                *endings.entry(o.reason).or_insert(0) += 1;
                let mover = p.to_act().other();
                match o.reason {
                    EndReason::Throne => {
                        assert_eq!(o.winner, Some(mover));
                        assert!(ring1_all_guards_of(&p, mover));
                        let q = p.piece_at(Cell::THRONE).unwrap();
                        assert_eq!((q.seat, q.kind), (mover, Kind::Queen));
                    }
                    EndReason::RingWithoutQueen => {
                        assert_eq!(o.winner, Some(mover.other()));
                        assert!(ring1_all_guards_of(&p, mover));
                    }
                    EndReason::Repetition => {
                        assert_eq!(o.winner, None);
                        let now = p.to_string();
                        assert_eq!(seen.iter().filter(|s| **s == now).count(), 3);
                    }
                    EndReason::NoLegalAction => {
                        assert_eq!(o.winner, Some(mover));
                        // A fresh position from the same text finds no action either.
                        let fresh: agon::Position = p.to_string().parse().unwrap();
                        assert_eq!(fresh.outcome(), Some(o));
                    }
                    EndReason::TwoPasses => panic!("not an Agon ending"),
                }
                break;
            }
            assert!(!legal.is_empty(), "an ongoing game has an action");
            let now = p.to_string();
            assert!(seen.iter().filter(|s| **s == now).count() < 3);
            if game % 10 == 0 {
                check_listed(
                    &mut rng,
                    &legal,
                    |a| p.clone().play(a).is_ok(),
                    |a| {
                        let text = p.notation(a);
                        match p.parse_action(&text) {
                            Ok(b) if b == a => Ok(()),
                            other => Err(format!("{text} read back as {other:?}")),
                        }
                    },
                );
            }
            let a = *legal.choose(&mut rng).unwrap();
            p.play(a).unwrap();
            seen.push(p.to_string());
        }
    }
    // Random play reaches the common endings; the rare ones are pinned in tests/it/agon.rs.
    assert!(endings.contains_key(&EndReason::Repetition), "{endings:?}");
    assert!(
        endings.contains_key(&EndReason::RingWithoutQueen)
            || endings.contains_key(&EndReason::NoLegalAction),
        "{endings:?}"
    );
}

#[test]
fn agros_random_games() {
    let mut rng = SmallRng::seed_from_u64(3);
    for game in 0..1800 {
        let setup = agros::Setup {
            board: [8, 10, 12][game % 3],
            farmers: [3, 5, 7][(game / 3) % 3],
        };
        let mut p = agros::Position::new(setup).unwrap();
        let mut last_two = (false, false);
        loop {
            let legal = p.legal_actions();
            if let Some(o) = p.outcome() {
                assert_eq!(
                    last_two,
                    (true, true),
                    "AR-9: ends exactly after two passes"
                );
                assert_eq!(o.reason, EndReason::TwoPasses);
                assert_eq!(o.winner, p.score().winner());
                assert!(legal.is_empty());
                break;
            }
            assert!(last_two != (true, true), "two passes in a row end the game");
            assert!(!legal.is_empty());
            assert_eq!(p.legal_count(), legal.len());
            if game % 3 == 0 {
                // The search's shortcuts agree with the full rules: the score in half points
                // (AR-14) and the movement slots, which give the harvests and sows in order.
                let score = p.score();
                assert_eq!(
                    p.score_halves(),
                    [score.halves(Seat::First), score.halves(Seat::Second)],
                    "{p}"
                );
                let slots: Vec<agros::Action> = (0..p.movement_slots())
                    .filter_map(|k| p.movement_action(k))
                    .collect();
                if p.in_opening() {
                    assert!(slots.is_empty());
                } else {
                    assert_eq!(slots, legal[..legal.len() - 1], "{p}");
                }
                assert_eq!(p.movement_action(p.movement_slots()), None);
            }
            if game % 10 == 0 {
                check_listed(
                    &mut rng,
                    &legal,
                    |a| p.clone().play(a).is_ok(),
                    |a| {
                        let text = a.to_string();
                        match p.parse_action(&text) {
                            Ok(b) if b == a => Ok(()),
                            other => Err(format!("{text} read back as {other:?}")),
                        }
                    },
                );
                let text = p.to_string();
                assert_eq!(text.parse::<agros::Position>().unwrap(), p, "{text}");
            }
            // Pass less than uniformly so games reach a rich middle game.
            let a = if legal.len() > 1 && rng.random_bool(0.9) {
                *legal[..legal.len() - 1].choose(&mut rng).unwrap()
            } else {
                *legal.choose(&mut rng).unwrap()
            };
            let pass = a == agros::Action::Pass;
            p.play(a).unwrap();
            last_two = (last_two.1, pass);
        }
        // The score is internally consistent: field points are the sum of controlled values.
        let score = p.score();
        for seat in Seat::BOTH {
            let sum: u32 = score
                .fields
                .iter()
                .filter(|f| f.controller == Some(seat))
                .map(|f| f.value)
                .sum();
            assert_eq!(sum, score.field_points[seat.index()]);
        }
    }
}

fn agon_positions() -> Vec<agon::Position> {
    let mut p = agon::Position::start();
    let mut out = vec![p.clone()];
    for a in ["a4-a5", "a6-b7", "a5-a6"] {
        let action = p.parse_action(a).unwrap();
        p.play(action).unwrap();
        out.push(p.clone());
    }
    out
}

fn agros_positions() -> Vec<agros::Position> {
    let mut p = agros::Position::new(agros::Setup {
        board: 8,
        farmers: 3,
    })
    .unwrap();
    let mut out = vec![p.clone()];
    for a in ["d4", "a1,h8", "b2,g7", "a8", "d4-d5", "pass", "d5=d6"] {
        let action = p.parse_action(a).unwrap();
        p.play(action).unwrap();
        out.push(p.clone());
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn no_panic_on_any_action_text(text in "\\PC{0,24}") {
        for p in agon_positions() {
            let _ = p.parse_action(&text);
        }
        for p in agros_positions() {
            let _ = p.parse_action(&text);
        }
    }

    #[test]
    fn no_panic_on_action_like_text(text in "[a-lA-LqQgG ]{0,2}[0-9]{0,3}[ =x,\\-–]{0,2}[a-l]{0,1}[0-9]{0,3}(x[a-l][0-9]{1,2}){0,2}|(harvest|sow|pass) ?[a-m]?[0-9]{0,2} ?[a-z]{0,2}[0-9]{0,2}") {
        for p in agon_positions() {
            let _ = p.parse_action(&text);
        }
        for p in agros_positions() {
            if let Ok(a) = p.parse_action(&text) {
                prop_assert!(p.is_legal(a));
            }
        }
    }

    #[test]
    fn no_panic_on_any_position_text(text in "\\PC{0,80}") {
        let _ = text.parse::<agon::Position>();
        let _ = text.parse::<agros::Position>();
    }

    #[test]
    fn no_panic_on_position_like_text(text in "([qQgG0-9*]{1,8}/){10}[qQgG0-9*]{1,8} [wb]|([.lLdD0-9]{5,12}/){4,11}[.lLdD0-9]{5,12} [ld] n[0-9] (o[0-9]|m\\+?|end)") {
        if let Ok(p) = text.parse::<agon::Position>() {
            prop_assert_eq!(p.to_string().parse::<agon::Position>().unwrap(), p.clone());
            let _ = p.legal_actions();
        }
        if let Ok(p) = text.parse::<agros::Position>() {
            prop_assert_eq!(p.to_string().parse::<agros::Position>().unwrap(), p.clone());
            let _ = p.legal_actions();
            let _ = p.score();
        }
    }
}
