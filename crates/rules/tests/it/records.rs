//! Game records (`docs/records.md`): round trips over seeded random games of every variant, with
//! random tags and comments; and the errors a person gets for a broken record.

use agora_rules::record::{LINE_WIDTH, MAX_ACTIONS, MAX_RECORD_BYTES, MAX_TAG_VALUE_CHARS};
use agora_rules::{AnyPosition, GameKind, Record, RecordError, ResultToken, Seat, Variant};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

fn every_variant() -> Vec<Variant> {
    let mut all = vec![Variant::Agon];
    for board in [8, 10, 12] {
        for farmers in [3, 5, 7] {
            all.push(Variant::new(GameKind::Agros, Some(board), Some(farmers)).unwrap());
        }
    }
    all
}

/// A random legal game of up to `max` actions: the positions and the actions in canonical form.
fn random_game(
    variant: Variant,
    rng: &mut SmallRng,
    max: usize,
) -> (Vec<AnyPosition>, Vec<String>) {
    let mut position = variant.start();
    let mut positions = vec![position.clone()];
    let mut actions = Vec::new();
    while actions.len() < max {
        let legal = position.legal_actions();
        let Some(&action) = legal.choose(rng) else {
            break;
        };
        actions.push(position.notation(action));
        position.play(action).unwrap();
        positions.push(position.clone());
    }
    (positions, actions)
}

/// Text a person might put in a tag value or a comment, quotes, backslashes and brackets included.
fn random_text(rng: &mut SmallRng, max: usize) -> String {
    const PIECES: [&str; 16] = [
        "a", "Zeta", " ", "\"", "\\", "{", "[", "]", ";", "1-0", "*", "é", "≥", "2.", "\\\"", "x",
    ];
    let len = rng.random_range(0..=max);
    (0..len).map(|_| *PIECES.choose(rng).unwrap()).collect()
}

/// A comment the format can hold: anything, except that a `}` needs it to be one line.
fn random_comment(rng: &mut SmallRng) -> String {
    let mut text = random_text(rng, 12);
    match rng.random_range(0..4) {
        0 => text.push('}'),
        1 => text.push_str("\nsecond line"),
        _ => {}
    }
    text
}

fn random_record(variant: Variant, seed: u64) -> (Record, AnyPosition) {
    let mut rng = SmallRng::seed_from_u64(seed);
    // Long enough that many games end by the rules (random Agon games last about 500 actions).
    let max = rng.random_range(0..1200);
    let (positions, actions) = random_game(variant, &mut rng, max);
    let last = positions.last().unwrap().clone();
    let mut record = Record::new(variant, actions.iter().cloned()).unwrap();
    for name in [
        "First",
        "Second",
        "Site",
        "Started",
        "Clock",
        "Reason",
        "Custom_Tag9",
    ] {
        if rng.random_bool(0.6) {
            record.set_tag(name, &random_text(&mut rng, 20)).unwrap();
        }
    }
    let result = if last.is_finished() && rng.random_bool(0.8) {
        ResultToken::of(last.outcome())
    } else if last.is_finished() {
        ResultToken::Unfinished
    } else {
        *ResultToken::ALL.choose(&mut rng).unwrap()
    };
    if rng.random_bool(0.9) {
        record.set_result(result);
    }
    for _ in 0..rng.random_range(0..8) {
        let after = rng.random_range(0..=actions.len());
        record.add_comment(after, random_comment(&mut rng)).unwrap();
    }
    (record, last)
}

fn check_round_trip(record: &Record, last: &AnyPosition) {
    let text = record.to_text();
    let read = Record::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(&read, record, "{text}");
    assert_eq!(read.to_text(), text);
    let positions = read.replay().unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(positions.len(), record.actions().len() + 1);
    assert_eq!(positions.last(), Some(last));
    assert_eq!(
        positions.last().map(|p| p.to_string()),
        Some(last.to_string())
    );
    assert_eq!(read.position_after(record.actions().len()).unwrap(), *last);
    for line in text.lines() {
        // Only a comment (which is never broken) may make a line longer than the width.
        assert!(
            line.chars().count() <= LINE_WIDTH || line.contains(['{', ';', '}']),
            "{line}"
        );
    }
}

#[test]
fn random_games_of_every_variant_round_trip() {
    for variant in every_variant() {
        let mut finished = 0;
        for seed in 0..25 {
            let (record, last) = random_record(variant, seed);
            check_round_trip(&record, &last);
            finished += usize::from(last.is_finished());
        }
        assert!(
            finished >= 5,
            "{variant}: only {finished} of 25 games finished"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn seeded_records_round_trip(which in 0usize..10, seed in any::<u64>()) {
        let variant = every_variant()[which];
        let (record, last) = random_record(variant, seed);
        check_round_trip(&record, &last);
    }

    /// Any tag value and any comment the record accepts comes back unchanged.
    #[test]
    fn any_value_and_comment_round_trip(value in "[^\\p{Cc}]{0,60}", comment in "(?s).{0,60}") {
        let mut record = Record::new(Variant::Agon, ["k1-j1"]).unwrap();
        record.set_tag("Note", &value).unwrap();
        if record.add_comment(1, comment.clone()).is_ok() {
            prop_assert_eq!(&record.comments()[0].text, &comment);
        }
        let read = Record::parse(&record.to_text()).unwrap();
        prop_assert_eq!(read.tag("Note"), Some(value.as_str()));
        prop_assert_eq!(read, record);
    }

    /// Hostile text: any answer but a panic.
    #[test]
    fn reading_any_text_never_panics(text in "(?s).{0,200}") {
        if let Ok(record) = Record::parse(&text) {
            let _ = record.replay();
            prop_assert_eq!(Record::parse(&record.to_text()).unwrap(), record);
        }
    }

    /// Text made of the format's own pieces, which reaches deeper than random characters.
    #[test]
    fn reading_record_like_text_never_panics(
        words in prop::collection::vec(
            prop::sample::select(vec![
                "[Game \"agros\"]", "[Game \"agon\"]", "[Board \"8\"]", "[Farmers \"3\"]",
                "[Result \"1-0\"]", "[X \"a\\\"b\"]", "1.", "2.", "1...", "e5", "d4,f6", "pass",
                "k1-j1", "a6-b7", "{c}", "{", "}", ";c\n", "\n", "1-0", "*", "[", "]", "\"",
                "1.e5", "99999999999999999999999.", "a4-a5",
            ]),
            0..30,
        )
    ) {
        let text = words.join(" ");
        if let Ok(record) = Record::parse(&text) {
            let _ = record.replay();
            prop_assert_eq!(Record::parse(&record.to_text()).unwrap(), record);
        }
    }
}

const AGROS_EXAMPLE: &str = r#"[Game "agros"]
[Board "10"]
[Farmers "5"]
[First "alice"]
[Second "bob \"the farmer\" \\ co"]
[Site "Agora #12"]
[Result "*"]

{before the first action} 1. e5 d4,f6 2. c3,h8 {a comment in braces,
may span lines} a1,b2 ; comment to end of line
3. e1,j10 3... a10 4. pass *
"#;

#[test]
fn reads_the_documented_form() {
    let record = Record::parse(AGROS_EXAMPLE).unwrap();
    assert_eq!(
        record.variant().unwrap(),
        Variant::Agros {
            board: 10,
            farmers: 5
        }
    );
    assert_eq!(record.tag("Second"), Some(r#"bob "the farmer" \ co"#));
    assert_eq!(record.tags().len(), 7);
    assert_eq!(
        record.actions(),
        ["e5", "d4,f6", "c3,h8", "a1,b2", "e1,j10", "a10", "pass"]
    );
    let comments: Vec<(usize, &str)> = record
        .comments()
        .iter()
        .map(|c| (c.after, c.text.as_str()))
        .collect();
    assert_eq!(
        comments,
        [
            (0, "before the first action"),
            (3, "a comment in braces,\nmay span lines"),
            (4, " comment to end of line"),
        ]
    );
    let positions = record.replay().unwrap();
    assert_eq!(positions.len(), 8);
    assert_eq!(positions[7].to_act(), Seat::Second);
    assert_eq!(Record::parse(&record.to_text()).unwrap(), record);
}

#[test]
fn move_numbers_are_optional_and_crlf_is_read() {
    let with = Record::parse("[Game \"agon\"]\r\n\r\n1. a4-a5 a6-b7 2.a5-a6xb7 *\r\n").unwrap();
    let without = Record::parse("[Game \"agon\"]\na4-a5 a6-b7\na5-a6xb7\n").unwrap();
    assert_eq!(with, without);
    assert_eq!(with.result(), ResultToken::Unfinished);
    assert_eq!(with.action_line(2), Some(3));
}

#[test]
fn agros_options_default_to_ten_and_five() {
    let record = Record::parse("[Game \"Agros\"]\n1. e5 *").unwrap();
    assert_eq!(
        record.variant().unwrap(),
        Variant::Agros {
            board: 10,
            farmers: 5
        }
    );
}

#[test]
fn a_finished_game_keeps_its_result() {
    // AR-9: two passes in a row end the game; with no fields controlled the half point decides.
    let variant = Variant::new(GameKind::Agros, Some(8), Some(3)).unwrap();
    let mut record = Record::new(variant, ["d4", "a1,h8", "b2,g7", "a8", "pass", "pass"]).unwrap();
    let last = record.position_after(6).unwrap();
    let result = ResultToken::of(last.outcome());
    assert_ne!(result, ResultToken::Unfinished);
    record.set_result(result);
    record.set_tag("Reason", "two-passes").unwrap();
    let text = record.to_text();
    assert!(
        text.ends_with(&format!("2. b2,g7 a8 3. pass pass {result}\n")),
        "{text}"
    );
    assert!(Record::parse(&text).unwrap().replay().is_ok());

    let wrong = if result == ResultToken::FirstWins {
        ResultToken::SecondWins
    } else {
        ResultToken::FirstWins
    };
    record.set_result(wrong);
    let error = record.replay().unwrap_err();
    assert!(
        matches!(error, RecordError::ResultContradicts { .. }),
        "{error}"
    );
    assert!(error.to_string().contains("two-passes"), "{error}");
}

/// The message of the error reading `text` gives.
fn error_of(text: &str) -> RecordError {
    Record::parse(text).expect_err(text)
}

#[test]
fn malformed_tags_name_their_line() {
    let cases = [
        (
            "[Game \"agon\"]\n[Site agora]\n",
            "line 2: a tag pair is written [Name \"value\"] on one line: the value of tag Site is in double quotes",
        ),
        (
            "[Game \"agon\"]\n[Site \"agora]\n",
            "line 2: the value of tag Site is not closed with `\"` on its line",
        ),
        (
            "[Game \"agon\"]\n\n[Site \"a\\nb\"]\n",
            "line 3: `\\n` in the value of tag Site: within a value only `\\\"` and `\\\\` are escapes",
        ),
        (
            "[Game \"agon\"]\n[Site \"agora\"\n",
            "line 2: a tag pair is written [Name \"value\"] on one line: `]` is missing after the value of tag Site",
        ),
        (
            "[\"agon\"]\n",
            "line 1: a tag pair is written [Name \"value\"] on one line: the name is missing",
        ),
        (
            "[9Game \"agon\"]\n",
            "line 1: tag `9Game`: a tag name starts with a letter",
        ),
        (
            "[Game \"agon\"]\n[Game \"agros\"]\n",
            "line 2: tag Game is given twice (first on line 1)",
        ),
        (
            "[game \"agon\"]\n",
            "line 1: tag names are case-sensitive: write Game, not game",
        ),
        (
            "[Game \"agon\"]\n1. a4-a5\n[Site \"x\"]\n",
            "line 3: a tag pair after the actions: all tag pairs come first",
        ),
        (
            "[Game \"agon\"]\n[Result \"win\"]\n",
            "line 2: tag Result is `win`: a result is `1-0`, `0-1`, `1/2-1/2` or `*`",
        ),
    ];
    for (text, message) in cases {
        assert_eq!(error_of(text).to_string(), message, "{text}");
    }
}

#[test]
fn unknown_games_and_options_are_refused() {
    let cases = [
        (
            "[Site \"x\"]\n1. e5\n",
            "the record has no Game tag: it needs [Game \"agon\"] or [Game \"agros\"]",
        ),
        (
            "[Game \"chess\"]\n",
            "line 1: tag Game: unknown game `chess`: the games are agon and agros",
        ),
        (
            "[Game \"agros\"]\n[Board \"9\"]\n",
            "line 2: tag Board: the board is 8, 10 or 12 squares wide, not 9",
        ),
        (
            "[Game \"agros\"]\n[Farmers \"five\"]\n",
            "line 2: tag Farmers: `five` is not a number",
        ),
        (
            "[Game \"agon\"]\n[Farmers \"5\"]\n",
            "line 2: tag Farmers: Agon has no options: its board and pieces are fixed",
        ),
    ];
    for (text, message) in cases {
        assert_eq!(error_of(text).to_string(), message, "{text}");
    }
}

#[test]
fn malformed_actions_name_their_line() {
    let cases = [
        (
            "[Game \"agon\"]\n1. a4-a5 a6-b7\n3. a5-a6\n",
            "line 3: move number `3.` does not fit here: the next action is action 3, numbered `2.`",
        ),
        (
            "[Game \"agon\"]\n1. a4-a5 2. a6-b7\n",
            "line 2: move number `2.` does not fit here: the next action is action 2, numbered `1...`",
        ),
        (
            "[Game \"agon\"]\n1. a4-a5 1... a6-b7 2. *\n",
            "line 2: move number `2.` is not followed by an action",
        ),
        (
            "[Game \"agon\"]\n1. a4-a5 {open\n\n",
            "line 2: the comment opened here with `{` is never closed with `}`",
        ),
        (
            "[Game \"agon\"]\n1. a4-a5 }\n",
            "line 2: a `}` that closes no comment",
        ),
        (
            "[Game \"agon\"]\n1. a4-a5 12x\n",
            "line 2: `12x` is neither a move number (such as `3.` or `3...`) nor a result (`1-0`, `0-1`, `1/2-1/2`, `*`)",
        ),
        (
            "[Game \"agon\"]\n1. a4-a5 * a6-b7\n",
            "line 2: `a6-b7` after the result `*`: the result ends the record",
        ),
    ];
    for (text, message) in cases {
        assert_eq!(error_of(text).to_string(), message, "{text}");
    }
}

#[test]
fn the_result_token_matches_the_result_tag() {
    let error = error_of("[Game \"agon\"]\n[Result \"0-1\"]\n\n1. a4-a5 1-0\n");
    assert_eq!(
        error.to_string(),
        "line 4: the actions end with the result `1-0` but the Result tag says `0-1`"
    );
    let error = error_of("[Game \"agon\"]\n1. a4-a5\n1/2-1/2\n");
    assert_eq!(
        error.to_string(),
        "line 3: the actions end with the result `1/2-1/2` but the Result tag says `*` (there is no Result tag)"
    );
    // Without the token the tag alone gives the result; `*` needs no tag.
    let record = Record::parse("[Game \"agon\"]\n[Result \"0-1\"]\n1. a4-a5\n").unwrap();
    assert_eq!(record.result(), ResultToken::SecondWins);
    assert!(Record::parse("[Game \"agon\"]\n1. a4-a5 *").is_ok());
}

#[test]
fn an_illegal_action_is_named_by_its_number() {
    let record = Record::parse("[Game \"agon\"]\n\n1. k1-j1 a6-b6\n2. k3-k9 *\n").unwrap();
    let error = record.replay().unwrap_err();
    assert!(
        matches!(error, RecordError::Action { ply: 3, .. }),
        "{error:?}"
    );
    assert_eq!(
        error.to_string(),
        "line 4: action 3 (`2. k3-k9`) cannot be read: `k9` is not a cell: row k has cells k1 to k6"
    );

    let variant = Variant::new(GameKind::Agros, Some(8), Some(3)).unwrap();
    let record = Record::new(variant, ["d4", "a1"]).unwrap();
    let error = record.replay().unwrap_err();
    let RecordError::Action {
        ply,
        line,
        error: reason,
        ..
    } = &error
    else {
        panic!("{error:?}");
    };
    assert_eq!((*ply, *line), (2, None));
    assert!(!reason.is_unreadable(), "{reason}");
    assert!(
        error
            .to_string()
            .starts_with("action 2 (`1... a1`) is not legal: "),
        "{error}"
    );
    // Playing only what comes before the bad action still works.
    assert!(record.position_after(1).is_ok());
    assert!(matches!(
        record.position_after(3),
        Err(RecordError::NoSuchPly { ply: 3, actions: 2 })
    ));
}

#[test]
fn oversized_input_is_refused() {
    let huge = format!("[Game \"agon\"]\n{{{}}}\n", "x".repeat(MAX_RECORD_BYTES));
    assert!(matches!(error_of(&huge), RecordError::TooLarge { .. }));

    let long_value = format!(
        "[Game \"agon\"]\n[Site \"{}\"]\n",
        "é".repeat(MAX_TAG_VALUE_CHARS + 1)
    );
    assert_eq!(
        error_of(&long_value).to_string(),
        format!("line 2: the value of tag Site is longer than {MAX_TAG_VALUE_CHARS} characters")
    );
    let exactly = format!(
        "[Game \"agon\"]\n[Site \"{}\"]\n",
        "é".repeat(MAX_TAG_VALUE_CHARS)
    );
    assert!(Record::parse(&exactly).is_ok());

    let long_action = format!("[Game \"agon\"]\n1. {}\n", "a".repeat(100));
    assert!(matches!(
        error_of(&long_action),
        RecordError::ActionTooLong { line: 2, .. }
    ));

    let many = format!("[Game \"agon\"]\n{}", "pass ".repeat(MAX_ACTIONS + 1));
    assert!(matches!(
        error_of(&many),
        RecordError::TooManyActions { line: 2 }
    ));
}

#[test]
fn a_record_only_takes_what_it_can_write() {
    let mut record = Record::new(Variant::Agon, Vec::<String>::new()).unwrap();
    assert!(record.push_action("c3 h8").is_err());
    assert!(record.push_action("{x}").is_err());
    assert!(record.push_action("1.").is_err());
    assert!(record.push_action("").is_err());
    assert!(record.set_tag("Site", "two\nlines").is_err());
    assert!(record.set_tag("Bad Name", "x").is_err());
    assert!(record.set_tag("Result", "won").is_err());
    assert!(record.set_tag("result", "1-0").is_err());
    assert!(record.set_tag("Game", "chess").is_err());
    assert!(record.set_tag("Board", "10").is_err());
    assert!(record.remove_tag("Game").is_err());
    assert!(record.add_comment(1, "after nothing").is_err());
    assert!(record.add_comment(0, "}\n").is_err());
    assert!(record.add_comment(0, "a } on one line").is_ok());
    assert_eq!(record.tag("Game"), Some("agon"));

    // Changing the game: drop the Agros options first.
    let variant = Variant::new(GameKind::Agros, Some(12), Some(7)).unwrap();
    let mut record = Record::new(variant, ["e5"]).unwrap();
    assert_eq!(
        record.to_text(),
        "[Game \"agros\"]\n[Board \"12\"]\n[Farmers \"7\"]\n\n1. e5 *\n"
    );
    assert!(record.set_tag("Game", "agon").is_err());
    record.remove_tag("Board").unwrap();
    record.remove_tag("Farmers").unwrap();
    record.set_tag("Game", "agon").unwrap();
    assert_eq!(record.variant().unwrap(), Variant::Agon);
}

#[test]
fn comments_keep_their_places() {
    let mut record = Record::new(Variant::Agon, ["a4-a5", "a6-b7"]).unwrap();
    record.add_comment(2, "last").unwrap();
    record.add_comment(0, "first").unwrap();
    record.add_comment(1, "middle; with } brace").unwrap();
    record.add_comment(2, "very last").unwrap();
    let text = record.to_text();
    assert_eq!(
        text,
        "[Game \"agon\"]\n\n{first} 1. a4-a5 ;middle; with } brace\na6-b7 {last} {very last} *\n"
    );
    assert_eq!(Record::parse(&text).unwrap(), record);
}

/// The records `docs/records.md` shows read, replay and come back in the same form.
#[test]
fn the_documented_examples_replay() {
    let doc = include_str!("../../../../docs/records.md");
    let examples: Vec<&str> = doc
        .split("```text\n")
        .skip(1)
        .filter_map(|block| block.split("```").next())
        .filter(|block| block.starts_with("[Game"))
        .collect();
    assert_eq!(examples.len(), 3);
    for text in examples {
        let record = Record::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        record.replay().unwrap_or_else(|e| panic!("{e}\n{text}"));
        let again = Record::parse(&record.to_text()).unwrap();
        assert_eq!(again, record);
    }
}
