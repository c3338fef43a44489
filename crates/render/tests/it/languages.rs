//! The words of the pictures in each language: the ASCII board, the SVG drawing (whose texts are
//! those of the PNG) and the field legend, drawn for an Agon and an Agros position in Dutch and
//! Swedish. The notation of actions is the same in every language.

use agora_render::{Language, PngOptions, ascii, png, svg};
use agora_rules::{AnyAction, AnyPosition, GameKind, Variant};

fn after(variant: Variant, actions: &[&str]) -> (AnyPosition, Option<AnyAction>) {
    let mut position = variant.start();
    let mut last = None;
    for text in actions {
        let action = position.parse_action(text).expect("a legal action");
        position.play(action).expect("a legal action");
        last = Some(action);
    }
    (position, last)
}

/// Every text of an SVG document, tags removed, joined by newlines.
fn svg_words(position: &AnyPosition, last: Option<AnyAction>, options: &PngOptions) -> String {
    let doc = svg(position, last, options);
    let mut out = String::new();
    let mut in_tag = false;
    for c in doc.chars() {
        match c {
            '<' => {
                in_tag = true;
                out.push('\n');
            }
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

fn options(language: Language, overlay: bool) -> PngOptions {
    PngOptions {
        size: 480,
        field_overlay: overlay,
        language,
    }
}

fn check(text: &str, words: &[&str], what: &str) {
    for w in words {
        assert!(text.contains(w), "{what}: no `{w}` in\n{text}");
    }
}

#[test]
fn agon_speaks_dutch_and_swedish() {
    let (position, last) = after(Variant::Agon, &["a4-a5"]);
    let cases = [
        (
            Language::Nl,
            &["Zwart is aan zet", "Laatste zet: Wit a4-a5"][..],
            &["Q/G witte koningin/wachter", "gemarkeerd ( )"][..],
        ),
        (
            Language::Sv,
            &["Svart drar", "Senaste drag: Vit a4-a5"][..],
            &["Q/G vit drottning/vakt", "markerat ( )"][..],
        ),
    ];
    for (lang, both, board_only) in cases {
        let text = ascii(&position, last, lang);
        check(&text, both, &format!("{lang} ascii"));
        check(&text, board_only, &format!("{lang} ascii"));
        assert!(text.lines().all(|l| l.chars().count() <= 60), "{text}");
        check(
            &svg_words(&position, last, &options(lang, false)),
            both,
            &format!("{lang} svg"),
        );
        assert!(png(&position, last, &options(lang, false)).is_ok());
    }
    // English is unchanged.
    let text = ascii(&position, last, Language::En);
    check(
        &text,
        &["Black to act", "Last: White a4-a5, marked ( )"],
        "en",
    );
}

#[test]
fn agros_speaks_dutch_and_swedish() {
    let variant = Variant::new(GameKind::Agros, Some(8), Some(3)).expect("a variant");
    let opening = variant.start();
    // An 8×8 game one pass from its end, pictured with its fields tinted.
    let finished = AnyPosition::parse(
        GameKind::Agros,
        "..l..D3../.L4l.dddd/lll...../....llll/.L2..lD5../ddddl.../....l.L3./...D1l... d n3 m+",
    )
    .expect("valid");
    let cases = [
        (
            Language::Nl,
            ["Agros 8x8, 3 boeren", "Licht is aan zet: plaats 1 boer"],
            [
                "nog een pas beëindigt de partij",
                "Velden:",
                "Stand: Licht",
                "half punt: Donker",
            ],
        ),
        (
            Language::Sv,
            ["Agros 8x8, 3 bönder", "Ljus drar: sätt ut 1 bonde"],
            [
                "ett pass till avslutar partiet",
                "Fält:",
                "Ställning: Ljus",
                "halv poäng: Mörk",
            ],
        ),
    ];
    for (lang, start_words, end_words) in cases {
        check(
            &ascii(&opening, None, lang),
            &start_words,
            &format!("{lang} ascii"),
        );
        check(
            &svg_words(&opening, None, &options(lang, false)),
            &start_words,
            &format!("{lang} svg"),
        );
        check(
            &svg_words(&finished, None, &options(lang, true)),
            &end_words,
            &format!("{lang} svg"),
        );
        check(
            &ascii(&finished, None, lang),
            &end_words[2..],
            &format!("{lang} ascii"),
        );
        assert!(png(&finished, None, &options(lang, true)).is_ok());
    }
    check(
        &ascii(&opening, None, Language::En),
        &["Agros 8x8, 3 farmers", "Light to place 1 farmer"],
        "en",
    );
}
