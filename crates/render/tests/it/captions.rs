//! Every word of a picture fits on it: the captions (title, status, score, last action, legend)
//! and the labels of the final positions of all ten variants, at every size and in every
//! language, measured as resvg lays them out with the embedded face. And every SVG says what it
//! shows in words: its `<title>` is the position read aloud, in the reader's language.

use agora_render::{Language, PngOptions, describe_position, svg};
use agora_rules::{AnyAction, AnyPosition, GameKind, Variant};
use resvg::usvg;
use std::sync::Arc;

/// The face the pictures embed (`crates/render/fonts`).
static FONT: &[u8] = include_bytes!("../../fonts/DejaVuSans-Bold.ttf");

/// The ten variants: Agon, and Agros on each board with each number of farmers.
fn variants() -> Vec<Variant> {
    let mut out = vec![Variant::Agon];
    for board in [8, 10, 12] {
        for farmers in [3, 5, 7] {
            out.push(Variant::new(GameKind::Agros, Some(board), Some(farmers)).expect("offered"));
        }
    }
    out
}

/// A small deterministic generator, so a failure can be replayed.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A finished position of `variant` with its last action: a random game played to its end (Agon,
/// when it ends within a few thousand actions) or to a few dozen actions of the movement phase
/// and then ended by two passes (Agros, AR-9).
fn finished(variant: Variant, seed: u64) -> Option<(AnyPosition, Option<AnyAction>)> {
    let mut dice = Dice(seed.max(1));
    let mut position = variant.start();
    let mut last = None;
    let mut moves = 0;
    for _ in 0..4000 {
        if position.is_finished() {
            return Some((position, last));
        }
        let mut actions = position.legal_actions();
        let pass = position.parse_action("pass").ok();
        let moving = matches!(&position, AnyPosition::Agros(p) if !p.in_opening());
        if moving {
            moves += 1;
            if moves > 60
                && let Some(pass) = pass.filter(|p| actions.contains(p))
            {
                actions = vec![pass];
            } else {
                actions.retain(|a| Some(*a) != pass);
            }
        }
        if actions.is_empty() {
            return None;
        }
        let action = actions[dice.below(actions.len())];
        position.play(action).expect("a legal action");
        last = Some(action);
    }
    None
}

/// Agon's endings by a closed ring (AG-11), whose words are the longest: each side having closed
/// ring 1 without its queen on the throne.
fn rings_closed() -> Vec<AnyPosition> {
    [
        "Q4G/7/G7/9/4gg4/4g1g4/4gg4/G8/7G/G5q/5G w",
        "q4g/7/g7/9/4GG4/4G1G4/4GG4/g8/7g/g5Q/5g b",
    ]
    .iter()
    .map(|text| AnyPosition::parse(GameKind::Agon, text).expect("a valid position"))
    .collect()
}

fn options() -> usvg::Options<'static> {
    let mut db = usvg::fontdb::Database::new();
    db.load_font_data(FONT.to_vec());
    db.set_sans_serif_family("DejaVu Sans");
    usvg::Options {
        font_family: "DejaVu Sans".to_owned(),
        fontdb: Arc::new(db),
        ..usvg::Options::default()
    }
}

/// Every text of a laid-out picture, with its bounds.
fn texts(group: &usvg::Group, out: &mut Vec<(String, usvg::Rect)>) {
    for node in group.children() {
        match node {
            usvg::Node::Group(g) => texts(g, out),
            usvg::Node::Text(t) => {
                let words: String = t.chunks().iter().map(|c| c.text()).collect();
                out.push((words, t.abs_bounding_box()));
            }
            _ => {}
        }
    }
}

/// Fails unless every text of the picture lies inside it.
fn check_fits(what: &str, document: &str, size: u32, options: &usvg::Options) {
    let tree = usvg::Tree::from_str(document, options).expect("valid SVG");
    let mut found = Vec::new();
    texts(tree.root(), &mut found);
    assert!(!found.is_empty(), "{what}: no text");
    let size = size as f32;
    for (words, b) in found {
        assert!(
            b.x() >= 0.0 && b.y() >= 0.0 && b.right() <= size && b.bottom() <= size,
            "{what}: `{words}` lies at {b:?}, outside the picture of {size}"
        );
    }
}

#[test]
fn every_caption_of_the_final_positions_fits() {
    let options = options();
    let mut cases: Vec<(String, AnyPosition, Option<AnyAction>)> = Vec::new();
    for variant in variants() {
        let mut seed = 7;
        let (position, last) = loop {
            if let Some(found) = finished(variant, seed) {
                break found;
            }
            seed += 1;
            assert!(seed < 60, "{variant}: no random game ended");
        };
        cases.push((format!("{variant} (seed {seed})"), position, last));
    }
    for (i, position) in rings_closed().into_iter().enumerate() {
        assert!(position.is_finished());
        cases.push((format!("a closed ring {i}"), position, None));
    }
    for (what, position, last) in &cases {
        for language in Language::ALL {
            for size in [200, 480, 600, 800, 1200] {
                let document = svg(
                    position,
                    *last,
                    &PngOptions {
                        size,
                        field_overlay: true,
                        language,
                    },
                );
                check_fits(
                    &format!("{what}, {language}, {size}"),
                    &document,
                    size,
                    &options,
                );
            }
        }
    }
}

#[test]
fn a_long_ending_takes_two_lines_in_the_header() {
    let position = rings_closed().remove(1);
    let document = svg(&position, None, &PngOptions::default());
    // The status is the second sentence of the description: `Black wins: White closed ring 1
    // without the queen on the throne`, too long for one line.
    let description = describe_position(&position, None, Language::En);
    let status = description.split(". ").nth(1).expect("a status");
    assert!(status.starts_with("Black wins"), "{description}");
    let lines: Vec<&str> = document
        .split("<text ")
        .skip(1)
        .filter_map(|t| {
            t.split_once('>')
                .and_then(|(_, rest)| rest.split_once("</text>"))
        })
        .map(|(words, _)| words)
        .collect();
    let first = lines
        .iter()
        .position(|l| l.starts_with("Black wins"))
        .expect("the status");
    assert_ne!(lines[first], status, "one line");
    assert_eq!(format!("{} {}", lines[first], lines[first + 1]), status);
}

#[test]
fn every_svg_has_the_position_in_words_as_its_title() {
    let mut position = Variant::Agon.start();
    let action = position.parse_action("a4-a5").expect("legal");
    position.play(action).expect("legal");
    let words = [
        (Language::En, "Black to act", "queen"),
        (Language::Nl, "Zwart is aan zet", "koningin"),
        (Language::Sv, "Svart drar", "drottning"),
    ];
    for (language, status, queen) in words {
        let document = svg(
            &position,
            Some(action),
            &PngOptions {
                language,
                ..PngOptions::default()
            },
        );
        assert!(document.starts_with("<svg role=\"img\" "), "{language}");
        let title = document
            .split_once("<title>")
            .and_then(|(_, rest)| rest.split_once("</title>"))
            .map(|(title, _)| title)
            .expect("a title");
        assert_eq!(title, describe_position(&position, Some(action), language));
        assert!(title.contains(status), "{language}: {title}");
        assert!(title.contains(queen), "{language}: {title}");
        assert!(title.contains("a4-a5"), "{language}: {title}");
    }
    // Agros: farmers with their harvest, seeds, in every variant and within Discord's limit.
    for variant in variants().into_iter().skip(1) {
        let (position, last) = finished(variant, 7).expect("an Agros game ends");
        for language in Language::ALL {
            let text = describe_position(&position, last, language);
            assert!(
                text.chars().count() <= agora_render::DESCRIPTION_LIMIT,
                "{text}"
            );
            let farmer = match language {
                Language::En => "with harvest",
                Language::Nl => "met oogst",
                Language::Sv => "med skörd",
            };
            assert!(text.contains(farmer), "{language}: {text}");
        }
    }
}
