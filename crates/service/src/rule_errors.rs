//! The rules engine's errors in the reader's language.
//!
//! `agora_rules` words its errors in English (their `Display`); each of its errors is an enum with
//! one variant per mistake and the values as fields. Here every variant becomes a keyed [`Text`]
//! (`rule-…` in the messages.ftl files), whose English is exactly the `Display` text. Words of the
//! game inside a sentence (a side, a placement hint, a list of legal actions) are worded in the
//! same language before they go in; pieces are passed as their English word (`queen`, `farmer`, …)
//! for each language to select its own form. Action notation (`e5-e7`, `k1=j1`) stays as it is.

use agora_i18n::{Language, Text, text};
use agora_rules::{
    ActionError, AnyPosition, IllegalAction, NotationError, PlacementHint, Side, SquareError,
    VariantError, agon::CellError,
};
use std::fmt::Display;

/// A variant the game does not offer, as a text.
pub(crate) fn variant_error(e: &VariantError) -> Text {
    match e {
        VariantError::Board(n) => text!("rule-variant-board", board = *n),
        VariantError::Farmers(n) => text!("rule-variant-farmers", farmers = *n),
        VariantError::AgonOptions => text!("rule-variant-agon-options"),
    }
}

/// What a player is told when `text` is not an action they may play in `position`: that it cannot
/// be read or is not legal, why, and a few legal actions to try instead; the words of the game
/// in it (sides, hints) are in `lang`, the language the text will be worded in.
pub fn action_problem(lang: Language, position: &AnyPosition, text: &str, e: &ActionError) -> Text {
    let why = action_text(e, lang).in_lang(lang);
    let hint = suggestions(position, text).in_lang(lang);
    match e {
        ActionError::Unreadable(_) => {
            text!("action-unreadable", action = text, why = why, hint = hint)
        }
        ActionError::Illegal(_) => text!("action-illegal", action = text, why = why, hint = hint),
    }
}

/// A few legal actions to suggest after an illegal one: those of the same piece if it has any.
fn suggestions(position: &AnyPosition, text: &str) -> Text {
    let legal: Vec<String> = position
        .legal_actions()
        .into_iter()
        .map(|a| position.notation(a))
        .collect();
    let from: String = text
        .trim()
        .trim_start_matches(['Q', 'G', 'q', 'g'])
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase();
    let same: Vec<&str> = legal
        .iter()
        .filter(|a| {
            !from.is_empty()
                && (a.starts_with(&format!("{from}-")) || a.starts_with(&format!("{from}=")))
        })
        .take(8)
        .map(String::as_str)
        .collect();
    if !same.is_empty() {
        text!("legal-from", from = from.as_str(), actions = same.join(" "))
    } else {
        let some: Vec<&str> = legal.iter().take(8).map(String::as_str).collect();
        text!("legal-some", count = legal.len(), actions = some.join(" "))
    }
}

/// Why an action could not be read or is not legal, as a text whose inner words (sides, hints,
/// lists of legal actions) are worded in `lang`.
pub(crate) fn action_text(e: &ActionError, lang: Language) -> Text {
    match e {
        ActionError::Unreadable(n) => notation_text(n, lang),
        ActionError::Illegal(i) => illegal_text(i, lang),
    }
}

fn s(v: impl Display) -> String {
    v.to_string()
}

/// `a, b, c`, as the rules engine lists cells and actions.
fn list<T: Display>(items: &[T]) -> String {
    items.iter().map(s).collect::<Vec<_>>().join(", ")
}

/// The last file letter of a `size`×`size` Agros board.
fn last_file(size: usize) -> char {
    (b'a' + size as u8 - 1) as char
}

/// A side's name in `lang` (`Wit`, `Svart`, …; in English as the rules engine writes it).
fn side(side: Side, lang: Language) -> String {
    text!("rule-side", side = side.name()).in_lang(lang)
}

fn hint(h: &PlacementHint, lang: Language) -> String {
    match h {
        PlacementHint::One(a) => text!("rule-hint-one", a = s(a)),
        PlacementHint::Two(a, b) => text!("rule-hint-two", a = s(a), b = s(b)),
    }
    .in_lang(lang)
}

/// The legal actions of the farmer on `from`, or that it has none.
fn examples(from: impl Display, legal: &[agora_rules::agros::Action], lang: Language) -> String {
    if legal.is_empty() {
        text!("rule-legal-none", from = s(from))
    } else {
        text!("rule-legal-some", actions = list(legal))
    }
    .in_lang(lang)
}

fn square_text(e: &SquareError) -> Text {
    match e {
        SquareError::Malformed(t) => text!("rule-square-malformed", text = t),
        SquareError::OffBoard { text, size } => text!(
            "rule-square-off-board",
            text = text,
            size = *size,
            last = s(last_file(*size))
        ),
    }
}

fn notation_text(e: &NotationError, lang: Language) -> Text {
    use NotationError::*;
    match e {
        AgonEmpty => text!("rule-agon-empty"),
        AgonPass => text!("rule-agon-pass"),
        AgonNoSeparator { text, from, to } => {
            text!("rule-agon-no-separator", text = text, from = from, to = to)
        }
        AgonUnreadable { text } => text!("rule-agon-unreadable", text = text),
        AgonSeparators { text } => text!("rule-agon-separators", text = text),
        ReturnCaptures { from, to } => text!("rule-return-captures", from = s(from), to = s(to)),
        EndsInX { text } => text!("rule-ends-in-x", text = text),
        Cell(CellError::Malformed(t)) => text!("rule-cell-malformed", text = t),
        Cell(CellError::OffRow(t, row, last)) => {
            text!("rule-cell-off-row", text = t, row = s(row), last = *last)
        }
        AgrosEmpty => text!("rule-agros-empty"),
        VerbForm { text, sowing } => text!(
            "rule-verb-form",
            text = text,
            verb = if *sowing { "sow" } else { "harvest" }
        ),
        AgrosUnreadable { text } => text!("rule-agros-unreadable", text = text),
        AgrosSeparators { text } => text!("rule-agros-separators", text = text),
        Square(e) => square_text(e),
        SquareOrDirection(e) => {
            text!(
                "rule-square-or-direction",
                error = square_text(e).in_lang(lang)
            )
        }
    }
}

// Over 80 lines: one match arm per kind of illegal action.
fn illegal_text(e: &IllegalAction, lang: Language) -> Text {
    use IllegalAction::*;
    let side = |x: &Side| side(*x, lang);
    match e {
        GameOver => text!("rule-game-over"),
        OtherGame => text!("rule-other-game"),
        NoPiece { from } => text!("rule-no-piece", from = s(from)),
        NotYours {
            piece,
            from,
            owner,
            me,
        } => text!(
            "rule-not-yours",
            piece = piece.name(),
            from = s(from),
            owner = side(owner),
            me = side(me)
        ),
        CapturedCannotStep { piece, from } => text!(
            "rule-captured-cannot-step",
            piece = piece.name(),
            from = s(from)
        ),
        ReturnQueenFirst { me, queen } => {
            text!("rule-return-queen-first", me = side(me), queen = s(queen))
        }
        ReturnGuardFirst { me, guards } => text!(
            "rule-return-guard-first",
            me = side(me),
            cells = list(guards)
        ),
        NotNextTo { from, to } => text!("rule-not-next-to", from = s(from), to = s(to)),
        CellNotEmpty { cell } => text!("rule-cell-not-empty", cell = s(cell)),
        StepsOutward { from, to } => text!(
            "rule-steps-outward",
            from = s(from),
            to = s(to),
            from_ring = from.ring(),
            to_ring = to.ring()
        ),
        GuardThrone => text!("rule-guard-throne"),
        BetweenEnemies { to, a, b } => {
            text!("rule-between-enemies", to = s(to), a = s(a), b = s(b))
        }
        NotCaptured {
            piece,
            from,
            to: Some(to),
        } => text!(
            "rule-not-captured",
            piece = piece.name(),
            from = s(from),
            to = s(to)
        ),
        NotCaptured {
            piece,
            from,
            to: None,
        } => text!(
            "rule-not-captured-step",
            piece = piece.name(),
            from = s(from)
        ),
        GuardOuterRing { to } => text!("rule-guard-outer-ring", to = s(to), ring = to.ring()),
        CapturedMustReturn {
            piece,
            from,
            me,
            queen,
            at,
            example,
        } => text!(
            "rule-captured-must-return",
            piece = piece.name(),
            from = s(from),
            me = side(me),
            returning = if *queen { "queen" } else { "guard" },
            at = s(at),
            example = example.map(s).unwrap_or_default()
        ),
        CapturesNothing { action } => text!("rule-captures-nothing", action = s(action)),
        CapturesOther {
            action,
            actual,
            given,
        } => {
            let mut write = s(action);
            for c in actual {
                write.push('x');
                write.push_str(&s(c));
            }
            text!(
                "rule-captures-other",
                action = s(action),
                actual = list(actual),
                given = list(given),
                write = write
            )
        }
        OpeningNoPass { hint: h } => text!("rule-opening-no-pass", hint = hint(h, lang)),
        OpeningPlaces { hint: h } => text!("rule-opening-places", hint = hint(h, lang)),
        OpeningOver => text!("rule-opening-over"),
        OffBoard { square, size } => text!("rule-off-board", square = s(square), size = *size),
        NoFarmer { from } => text!("rule-no-farmer", from = s(from)),
        SeedNeverMoves { from } => text!("rule-seed-never-moves", from = s(from)),
        FarmerNotYours { from, owner, me } => text!(
            "rule-farmer-not-yours",
            from = s(from),
            owner = side(owner),
            me = side(me)
        ),
        NotStraight { from, to } => text!("rule-not-straight", from = s(from), to = s(to)),
        IsSow { from, to } => text!("rule-is-sow", from = s(from), to = s(to)),
        HarvestDistance {
            from,
            harvest,
            legal,
        } => text!(
            "rule-harvest-distance",
            from = s(from),
            harvest = *harvest,
            examples = examples(from, legal, lang)
        ),
        HarvestNotEmpty { to } => text!("rule-harvest-not-empty", to = s(to)),
        HarvestPasses {
            from,
            to,
            piece,
            owner,
            on,
            me,
        } => text!(
            "rule-harvest-passes",
            from = s(from),
            to = s(to),
            piece = piece.name(),
            owner = side(owner),
            on = s(on),
            me = side(me)
        ),
        NoSeeds { from } => text!("rule-no-seeds", from = s(from)),
        IsHarvest { from, to } => text!("rule-is-harvest", from = s(from), to = s(to)),
        SowDistance { from, seeds, legal } => text!(
            "rule-sow-distance",
            from = s(from),
            seeds = *seeds,
            examples = examples(from, legal, lang)
        ),
        SowNotEmpty { square } => text!("rule-sow-not-empty", square = s(square)),
        PlacesOne { given, hint: h } => {
            text!("rule-places-one", given = *given, hint = hint(h, lang))
        }
        PlacesTwo { hint: h } => text!("rule-places-two", hint = hint(h, lang)),
        NamedTwice { square } => text!("rule-named-twice", square = s(square)),
        PlaceOffBoard { square } => text!("rule-place-off-board", square = s(square)),
        SquareNotEmpty { square } => text!("rule-square-not-empty", square = s(square)),
        LeavesBoard {
            sowing,
            from,
            direction,
            steps,
        } => text!(
            "rule-leaves-board",
            action = format!(
                "{} {from} {}",
                if *sowing { "sow" } else { "harvest" },
                direction.name()
            ),
            steps = *steps
        ),
        Place { hint: h } => text!("rule-place", hint = hint(h, lang)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_rules::{AnyPosition, Variant};
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// The English text of every error is the rules engine's own sentence.
    fn english_is_display(e: &ActionError) {
        let t = action_text(e, Language::En);
        assert_eq!(t.in_lang(Language::En), e.to_string(), "{}", t.key);
    }

    #[test]
    fn sentences_of_the_rules_engine_are_keyed() {
        let p = Variant::Agon.start();
        let e = p.parse_action("a6-a5").unwrap_err();
        let t = action_text(&e, Language::Nl);
        assert_eq!(t.key, "rule-not-yours");
        assert_eq!(
            t.in_lang(Language::Nl),
            "de koningin op a6 is van Zwart; Wit is aan zet"
        );
        english_is_display(&e);
        let e = p.parse_action("hello").unwrap_err();
        assert_eq!(action_text(&e, Language::Sv).key, "rule-agon-unreadable");
        english_is_display(&e);
    }

    /// One error of every kind, with both plural forms where a number is counted.
    fn samples() -> Vec<ActionError> {
        use agora_rules::agon::{self, Cell};
        use agora_rules::agros::{self, Direction, Square};
        use agora_rules::{PieceName, SquareError::*};
        let c = |n: &str| n.parse::<Cell>().unwrap();
        let q = |n: &str| Square::parse(n, 10).unwrap();
        let step = agon::Action::Step {
            from: c("d1"),
            to: c("d2"),
        };
        let legal = vec![
            agros::Action::Harvest {
                from: q("e5"),
                to: q("e7"),
            },
            agros::Action::Sow {
                from: q("e5"),
                to: q("e6"),
            },
        ];
        let hint = PlacementHint::Two(q("a1"), q("b1"));
        let text = || "k1 j1".to_string();
        let n = |e: NotationError| ActionError::Unreadable(e);
        let mut out = vec![
            n(NotationError::AgonEmpty),
            n(NotationError::AgonPass),
            n(NotationError::AgonNoSeparator {
                text: text(),
                from: "k1".into(),
                to: "j1".into(),
            }),
            n(NotationError::AgonUnreadable { text: text() }),
            n(NotationError::AgonSeparators { text: text() }),
            n(NotationError::ReturnCaptures {
                from: c("b7"),
                to: c("f6"),
            }),
            n(NotationError::EndsInX { text: text() }),
            n(NotationError::Cell(CellError::Malformed("z1".into()))),
            n(NotationError::Cell(CellError::OffRow("a7".into(), 'a', 6))),
            n(NotationError::AgrosEmpty),
            n(NotationError::VerbForm {
                text: text(),
                sowing: true,
            }),
            n(NotationError::VerbForm {
                text: text(),
                sowing: false,
            }),
            n(NotationError::AgrosUnreadable { text: text() }),
            n(NotationError::AgrosSeparators { text: text() }),
            n(NotationError::Square(Malformed("12".into()))),
            n(NotationError::Square(OffBoard {
                text: "k1".into(),
                size: 10,
            })),
            n(NotationError::SquareOrDirection(Malformed("up".into()))),
        ];
        let mut illegal = vec![
            IllegalAction::GameOver,
            IllegalAction::OtherGame,
            IllegalAction::NoPiece { from: c("f6") },
            IllegalAction::CapturedCannotStep {
                piece: PieceName::Guard,
                from: c("f6"),
            },
            IllegalAction::ReturnQueenFirst {
                me: Side::Black,
                queen: c("f6"),
            },
            IllegalAction::ReturnGuardFirst {
                me: Side::White,
                guards: vec![c("f6"), c("e5")],
            },
            IllegalAction::NotNextTo {
                from: c("f6"),
                to: c("a1"),
            },
            IllegalAction::CellNotEmpty { cell: c("f6") },
            IllegalAction::StepsOutward {
                from: c("f6"),
                to: c("f5"),
            },
            IllegalAction::GuardThrone,
            IllegalAction::BetweenEnemies {
                to: c("f5"),
                a: c("f4"),
                b: c("f6"),
            },
            IllegalAction::GuardOuterRing { to: c("f5") },
            IllegalAction::CapturesNothing { action: step },
            IllegalAction::CapturesOther {
                action: step,
                actual: vec![c("d3")],
                given: vec![c("e3"), c("e4")],
            },
            IllegalAction::OpeningNoPass { hint },
            IllegalAction::OpeningPlaces {
                hint: PlacementHint::One(q("c3")),
            },
            IllegalAction::OpeningOver,
            IllegalAction::OffBoard {
                square: q("j10"),
                size: 8,
            },
            IllegalAction::NoFarmer { from: q("e5") },
            IllegalAction::SeedNeverMoves { from: q("e5") },
            IllegalAction::NotStraight {
                from: q("e5"),
                to: q("f7"),
            },
            IllegalAction::IsSow {
                from: q("e5"),
                to: q("e6"),
            },
            IllegalAction::HarvestNotEmpty { to: q("e5") },
            IllegalAction::NoSeeds { from: q("e5") },
            IllegalAction::IsHarvest {
                from: q("e5"),
                to: q("e7"),
            },
            IllegalAction::SowNotEmpty { square: q("e5") },
            IllegalAction::PlacesOne { given: 2, hint },
            IllegalAction::PlacesTwo { hint },
            IllegalAction::NamedTwice { square: q("e5") },
            IllegalAction::PlaceOffBoard { square: q("e5") },
            IllegalAction::SquareNotEmpty { square: q("e5") },
            IllegalAction::Place { hint },
        ];
        for piece in [PieceName::Queen, PieceName::Guard] {
            illegal.extend([
                IllegalAction::NotYours {
                    piece,
                    from: c("f6"),
                    owner: Side::Black,
                    me: Side::White,
                },
                IllegalAction::NotCaptured {
                    piece,
                    from: c("f6"),
                    to: Some(c("f5")),
                },
                IllegalAction::NotCaptured {
                    piece,
                    from: c("f6"),
                    to: None,
                },
            ]);
            for (queen, example) in [(true, Some(step)), (false, None)] {
                illegal.push(IllegalAction::CapturedMustReturn {
                    piece,
                    from: c("f6"),
                    me: Side::White,
                    queen,
                    at: c("f6"),
                    example,
                });
            }
        }
        for (owner, me, piece) in [
            (Side::Light, Side::Dark, PieceName::Seed),
            (Side::Dark, Side::Light, PieceName::Farmer),
        ] {
            illegal.extend([
                IllegalAction::FarmerNotYours {
                    from: q("e5"),
                    owner,
                    me,
                },
                IllegalAction::HarvestPasses {
                    from: q("e5"),
                    to: q("e8"),
                    piece,
                    owner,
                    on: q("e6"),
                    me,
                },
            ]);
        }
        for k in [1, 2, 3] {
            let legal = if k == 2 { Vec::new() } else { legal.clone() };
            illegal.extend([
                IllegalAction::HarvestDistance {
                    from: q("e5"),
                    harvest: k,
                    legal: legal.clone(),
                },
                IllegalAction::SowDistance {
                    from: q("e5"),
                    seeds: k,
                    legal,
                },
                IllegalAction::LeavesBoard {
                    sowing: k == 2,
                    from: q("e5"),
                    direction: Direction::NE,
                    steps: k,
                },
            ]);
        }
        out.extend(illegal.into_iter().map(ActionError::Illegal));
        out
    }

    #[test]
    fn every_kind_of_error_is_keyed_in_every_language() {
        let mut keys = std::collections::BTreeSet::new();
        for e in samples() {
            english_is_display(&e);
            let en = e.to_string();
            for lang in [Language::Nl, Language::Sv] {
                let t = action_text(&e, lang);
                keys.insert(t.key);
                let native = t.in_lang(lang);
                assert_ne!(native, en, "{lang:?}");
                assert!(!native.contains("rule-"), "{lang:?}: {native}");
                assert!(agora_i18n::has(lang, t.key), "{} in {lang:?}", t.key);
            }
        }
        // Every message of an action error has been met (the rest are parts of sentences).
        for (key, _) in agora_i18n::catalogue(Language::En) {
            let part = ["rule-side", "rule-hint-", "rule-legal-", "rule-variant-"]
                .iter()
                .any(|p| key.starts_with(p));
            if key.starts_with("rule-") && !part {
                assert!(keys.contains(key.as_str()), "{key} is never used");
            }
        }
    }

    /// Wrong inputs for a position: nonsense, near misses of notation, and every pairing of a few
    /// squares with each separator and form.
    fn wrong_inputs(p: &AnyPosition, rng: &mut SmallRng) -> Vec<String> {
        let mut out: Vec<String> = [
            "",
            "pass",
            "hello",
            "12",
            "k1 j1",
            "a7-a6",
            "k1-j1-j2",
            "a5-a6x",
            "b7=f6xe5",
            "z9",
            "harvest e5",
            "sow e5 up",
            "e5-e6-e7",
            "q1",
            "a0",
            "m12-m13",
            "k1",
        ]
        .iter()
        .map(|t| t.to_string())
        .collect();
        let names: Vec<String> = match p {
            AnyPosition::Agon(_) => agora_rules::agon::Cell::all()
                .map(|c| c.to_string())
                .collect(),
            AnyPosition::Agros(a) => {
                let n = a.size();
                (0..n * n)
                    .map(|i| format!("{}{}", (b'a' + (i % n) as u8) as char, i / n + 1))
                    .collect()
            }
        };
        let pick = |rng: &mut SmallRng| names[rng.random_range(0..names.len())].clone();
        for _ in 0..40 {
            let (a, b, c) = (pick(rng), pick(rng), pick(rng));
            let dir = ["n", "ne", "e", "se", "s", "sw", "w", "nw"][rng.random_range(0..8)];
            out.extend([
                format!("{a}-{b}"),
                format!("{a}={b}"),
                format!("{a}-{b}x{c}"),
                a.clone(),
                format!("{a},{b}"),
                format!("{a},{b},{c}"),
                format!("{a},{a}"),
                format!("harvest {a} {dir}"),
                format!("sow {a} {dir}"),
                format!("harvest {a} {b}"),
                format!("sow {a} {b}"),
            ]);
        }
        // Legal actions with a wrong capture part, and pieces near the legal ones.
        for a in p.legal_actions().into_iter().take(10) {
            let n = p.notation(a);
            out.push(format!("{n}x{}", pick(rng)));
            out.push(n.replace('-', "="));
            out.push(n.replace('=', "-"));
        }
        out
    }

    #[test]
    fn random_wrong_inputs_read_natively_in_dutch_and_swedish() {
        let variants = [
            Variant::Agon,
            Variant::Agros {
                board: 8,
                farmers: 3,
            },
            Variant::Agros {
                board: 10,
                farmers: 5,
            },
            Variant::Agros {
                board: 12,
                farmers: 7,
            },
        ];
        let mut rng = SmallRng::seed_from_u64(7);
        let mut keys = std::collections::BTreeSet::new();
        for variant in variants {
            for _game in 0..6 {
                let mut p = variant.start();
                for ply in 0..400 {
                    if ply < 12 || ply % 7 == 0 || p.is_finished() {
                        for input in wrong_inputs(&p, &mut rng) {
                            let Err(e) = p.parse_action(&input) else {
                                continue;
                            };
                            english_is_display(&e);
                            let en = action_text(&e, Language::En).in_lang(Language::En);
                            for lang in [Language::Nl, Language::Sv] {
                                let t = action_text(&e, lang);
                                keys.insert(t.key);
                                let native = t.in_lang(lang);
                                assert_ne!(native, en, "{variant} {input}: {lang:?}");
                                assert!(
                                    !native.contains("rule-"),
                                    "{variant} {input}: {lang:?}: {native}"
                                );
                                assert!(
                                    agora_i18n::has(lang, t.key),
                                    "{} missing in {lang:?}",
                                    t.key
                                );
                            }
                        }
                    }
                    if p.is_finished() {
                        break;
                    }
                    let legal = p.legal_actions();
                    let a = legal[rng.random_range(0..legal.len())];
                    p.play(a).unwrap();
                }
            }
        }
        assert!(keys.len() >= 30, "only {} keys met: {keys:?}", keys.len());
    }
}
