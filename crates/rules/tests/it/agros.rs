//! The test vectors of `rules/agros.md`, each named by its ruling.

use agora_rules::agros::{Action, Content, Position, Setup, Square};
use agora_rules::{ActionError, EndReason, Seat};

fn s(name: &str) -> Square {
    Square::parse(name, 12).unwrap()
}

fn play_all(p: &mut Position, actions: &[&str]) {
    for a in actions {
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

const EXAMPLE: &str = "..l.D2/.L3lD3./lllll/.L2.D2./...L1. l n3 m";

#[test]
fn ar10_to_ar14_worked_scoring_example() {
    let p: Position = EXAMPLE.parse().unwrap();
    let score = p.score();
    /// Squares, Light's and Dark's adjacent harvests, controller, value.
    type Row = (String, Vec<u8>, Vec<u8>, Option<Seat>, u32);
    let fields: Vec<Row> = score
        .fields
        .iter()
        .map(|f| {
            (
                f.squares
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(" "),
                f.harvests[0].clone(),
                f.harvests[1].clone(),
                f.controller,
                f.value,
            )
        })
        .collect();
    let want = [
        ("a1 b1 c1 a2 c2", vec![2, 1], vec![2], Some(Seat::First), 10),
        ("e1 e2", vec![1], vec![2], Some(Seat::Second), 4),
        ("e4", vec![], vec![3, 2], Some(Seat::Second), 3),
        ("a4 a5 b5", vec![3], vec![], Some(Seat::First), 9),
        ("d5", vec![], vec![3, 2], Some(Seat::Second), 3),
    ];
    assert_eq!(fields.len(), want.len(), "{fields:?}");
    for w in want {
        assert!(
            fields
                .iter()
                .any(|f| (f.0.as_str(), &f.1, &f.2, f.3, f.4) == (w.0, &w.1, &w.2, w.3, w.4)),
            "missing {w:?} in {fields:?}"
        );
    }
    assert_eq!(score.field_points, [19, 10]);
    assert_eq!(
        score.half_point,
        Some(Seat::Second),
        "AR-13: [3,2,1] vs [3,2,2]"
    );
    assert_eq!(score.total(Seat::First), 19.0);
    assert_eq!(score.total(Seat::Second), 10.5);
    assert_eq!(score.winner(), Some(Seat::First));
}

#[test]
fn ar11_equal_lists_control_nothing() {
    // One field touched by one farmer of each side with equal harvests: nobody controls it.
    let p: Position = "L1...D1/lllll/ddddd/lllll/ddddd d n1 m".parse().unwrap();
    let score = p.score();
    assert_eq!(score.fields.len(), 1);
    assert_eq!(score.fields[0].controller, None);
    assert_eq!(score.fields[0].value, 0);
    assert_eq!(score.half_point, None);
    assert_eq!(score.winner(), None);
}

#[test]
fn ar4_opening_order_and_count() {
    let mut p = Position::new(Setup {
        board: 10,
        farmers: 3,
    })
    .unwrap();
    assert_eq!(p.opening_placements(), Some(1));
    assert_eq!(p.legal_actions().len(), 100);
    assert_eq!(
        illegal(&p, "c3,h8"),
        "the opening turn places 1 farmer, not 2: place 1 farmer, like a1"
    );
    assert!(illegal(&p, "pass").starts_with("no passing in the opening"));
    play_all(&mut p, &["e5"]);
    assert_eq!(p.to_act(), Seat::Second);
    assert_eq!(p.opening_placements(), Some(2));
    assert_eq!(p.legal_actions().len(), 99 * 98 / 2);
    assert_eq!(p.legal_count(), 99 * 98 / 2);
    assert!(illegal(&p, "d4").starts_with("the opening turn places 2 farmers"));
    assert_eq!(illegal(&p, "e5,d4"), "e5 is not empty");
    assert!(illegal(&p, "d4,d4").contains("named twice"));
    assert!(illegal(&p, "d4-d5").starts_with("the opening places farmers"));
    play_all(&mut p, &["f6 D4", "c3,h8"]);
    assert_eq!(
        p.opening_placements(),
        Some(1),
        "Dark's last opening turn places 1"
    );
    play_all(&mut p, &["a1"]);
    assert!(!p.in_opening());
    assert_eq!(
        p.to_act(),
        Seat::First,
        "the movement phase begins with Light"
    );
}

#[test]
fn ar5_opening_then_22_actions() {
    let mut p = Position::new(Setup {
        board: 10,
        farmers: 3,
    })
    .unwrap();
    play_all(&mut p, &["e5", "d4,f6", "c3,h8", "a1"]);
    let legal = p.legal_actions();
    assert_eq!(legal.len(), 22);
    assert_eq!(
        legal
            .iter()
            .filter(|a| matches!(a, Action::Harvest { .. }))
            .count(),
        21
    );
    assert_eq!(legal.last(), Some(&Action::Pass));
}

#[test]
fn ar5_ar6_harvest_and_sow_vector() {
    // Light farmer h=3 on c3, Light seed on c4, Dark seed on d4; the other farmers far away.
    let rows = [
        "L1.........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..ld......",
        "..L3.......",
        "..........",
        "........D1D1",
    ];
    let mut p: Position = format!("{} l n2 m", rows.join("/")).parse().unwrap();
    // Light's other farmer sits on a10, far away; it has a few harvests of its own.
    let from_c3: Vec<String> = p
        .legal_actions()
        .into_iter()
        .filter(|a| a.from() == Some(s("c3")))
        .map(|a| a.to_string())
        .collect();
    let harvests: Vec<&str> = from_c3
        .iter()
        .filter(|a| a.contains('-'))
        .map(|a| a.as_str())
        .collect();
    let sows: Vec<&str> = from_c3
        .iter()
        .filter(|a| a.contains('='))
        .map(|a| a.as_str())
        .collect();
    assert!(
        harvests.contains(&"c3-c6"),
        "jumps its own seed: {harvests:?}"
    );
    assert!(harvests.contains(&"c3-f3"), "{harvests:?}");
    assert!(
        !harvests.contains(&"c3-f6"),
        "NE is blocked by the Dark seed on d4"
    );
    assert_eq!(
        illegal(&p, "c3-f6"),
        "c3-f6 passes dark's seed on d4: a harvest may pass only empty squares and light's own pieces"
    );
    let mut sorted = sows.clone();
    sorted.sort();
    assert_eq!(
        sorted,
        ["c3=a1", "c3=a3", "c3=a5", "c3=c1", "c3=e1", "c3=e3"]
    );
    assert_eq!(illegal(&p, "c3-e3"), "c3-e3 is a sow: write c3=e3");
    assert_eq!(illegal(&p, "c3=f3"), "c3=f3 is a harvest: write c3-f3");
    play_all(&mut p, &["c3=e3"]);
    assert_eq!(p.content(s("c3")), Some(Content::Seed(Seat::First)));
    assert_eq!(p.content(s("d3")), Some(Content::Seed(Seat::First)));
    assert_eq!(
        p.content(s("e3")),
        Some(Content::Farmer {
            seat: Seat::First,
            harvest: 1
        })
    );
}

#[test]
fn ar5_harvest_adds_a_seed_and_direction_forms() {
    let mut p = Position::new(Setup {
        board: 8,
        farmers: 3,
    })
    .unwrap();
    play_all(&mut p, &["d4", "a1,h8", "b2,g7", "a8"]);
    play_all(&mut p, &["harvest d4 n"]);
    assert_eq!(
        p.content(s("d5")),
        Some(Content::Farmer {
            seat: Seat::First,
            harvest: 2
        })
    );
    play_all(&mut p, &["pass", "sow d5 e"]);
    assert_eq!(p.content(s("d5")), Some(Content::Seed(Seat::First)));
    assert_eq!(
        p.content(s("e5")),
        Some(Content::Farmer {
            seat: Seat::First,
            harvest: 1
        })
    );
    assert_eq!(
        illegal(&p, "h8=h7"),
        "the farmer on h8 has no seeds to sow (harvest 1): harvest first"
    );
    assert!(illegal(&p, "a1-a3").contains("has harvest 1"));
    assert!(illegal(&p, "harvest a8 n").contains("would leave the board"));
    assert_eq!(
        illegal(&p, "d5-d6"),
        "d5 holds a loose seed, and seeds never move"
    );
    assert!(illegal(&p, "e5-e6").contains("is light's; dark is to act"));
    assert!(illegal(&p, "h8-g6").contains("not a straight line"));
    assert_eq!(
        illegal(&p, "a1,b1"),
        "the opening is over: harvest (like e5-e7), sow (like e6=e8) or pass"
    );
}

#[test]
fn ar7_ar9_two_passes_end_the_game() {
    let mut p = Position::new(Setup {
        board: 8,
        farmers: 3,
    })
    .unwrap();
    play_all(&mut p, &["d4", "a1,h8", "b2,g7", "a8"]);
    assert!(p.legal_actions().contains(&Action::Pass), "AR-7");
    play_all(&mut p, &["pass", "a1-a2", "pass"]);
    assert!(
        p.outcome().is_none(),
        "a pass after a non-pass does not end it"
    );
    play_all(&mut p, &["pass"]);
    let o = p.outcome().unwrap();
    assert_eq!(o.reason, EndReason::TwoPasses);
    assert_eq!(o.winner, p.score().winner());
    assert!(p.legal_actions().is_empty());
    assert_eq!(illegal(&p, "pass"), "the game is over");
}

#[test]
fn ar17_record_and_text_round_trip() {
    let mut p = Position::new(Setup::default()).unwrap();
    let mut record = Vec::new();
    for a in ["e5", "f6 d4", "H8, C3", "a1,j10", "b2, b3", "a10"] {
        let action = p.parse_action(a).unwrap();
        record.push(action.to_string());
        p.play(action).unwrap();
    }
    assert_eq!(
        agora_rules::record(&record),
        "1. e5 d4,f6 2. c3,h8 a1,j10 3. b2,b3 a10"
    );
    for text in [p.to_string(), EXAMPLE.to_string()] {
        let back: Position = text.parse().unwrap();
        assert_eq!(back.to_string(), text);
        let json = serde_json::to_string(&back).unwrap();
        assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), back);
    }
    for bad in [
        "",
        "..... l n3 m",
        "..l.D2/.L3lD3./lllll/.L2.D2./...L1 l n3 m",
        "..l.D2/.L3lD3./lllll/.L2.D2./...L1. x n3 m",
        "..l.D2/.L3lD3./lllll/.L2.D2./...L1. l n2 m",
        "..l.D2/.L3lD3./lllll/.L2.D2./...L1. l n3 o1",
        "..l.D0/.L3lD3./lllll/.L2.D2./...L1. l n3 m",
    ] {
        assert!(bad.parse::<Position>().is_err(), "{bad}");
    }
}
