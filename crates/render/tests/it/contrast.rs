//! Every word of a picture is readable: each text's colour against what lies under it has the
//! contrast WCAG 2 AA asks of normal text (4.5:1). What lies under a text is read off the picture
//! itself, rasterised without its texts: a piece's number sits on the piece, a cell's name on its
//! cell (drawn without the pieces, which hide the names they stand on), a caption on the
//! background.

use agora_render::{Language, PngOptions, svg};
use agora_rules::{AnyPosition, GameKind, Variant};
use resvg::{tiny_skia, usvg};

/// WCAG 2's contrast ratio of two colours.
pub fn contrast(a: [u8; 3], b: [u8; 3]) -> f64 {
    fn luminance([r, g, b]: [u8; 3]) -> f64 {
        let channel = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.039_28 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    }
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

fn hex(colour: &str) -> [u8; 3] {
    let v = u32::from_str_radix(colour.trim_start_matches('#'), 16)
        .unwrap_or_else(|_| panic!("a #rrggbb colour, not {colour}"));
    [(v >> 16) as u8, (v >> 8) as u8, v as u8]
}

/// `text` without the elements that start with `open` and end with `close`.
fn without(text: &str, open: &str, close: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(open) {
        out.push_str(&rest[..start]);
        let end = rest[start..].find(close).expect("a closed element") + start + close.len();
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

fn raster(document: &str, size: u32) -> tiny_skia::Pixmap {
    // The texts are gone, so no font is needed.
    let tree = usvg::Tree::from_str(document, &usvg::Options::default()).expect("valid SVG");
    let mut pixmap = tiny_skia::Pixmap::new(size, size).expect("a pixmap");
    resvg::render(
        &tree,
        tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    pixmap
}

/// A number attribute of an element's opening tag.
fn number(element: &str, name: &str) -> f32 {
    let start = element
        .find(&format!(" {name}=\""))
        .unwrap_or_else(|| panic!("no {name} in {element}"))
        + name.len()
        + 3;
    let end = element[start..].find('"').expect("a quote") + start;
    element[start..end].parse().expect("a number")
}

/// Checks every text of `document`: (what it says, its contrast) where below 4.5.
fn low_contrast(document: &str, size: u32) -> Vec<(String, String, f64)> {
    let bare = without(document, "<text ", "</text>");
    let under_pieces = raster(&bare, size);
    let under_names = raster(&without(&bare, "<g class=\"piece\"", "</g>"), size);
    let mut low = Vec::new();
    // Texts inside a piece's group lie on the piece; the others on the board or the background.
    let mut in_piece = false;
    let mut rest = document;
    while let Some(i) = rest.find('<') {
        rest = &rest[i..];
        if rest.starts_with("<g class=\"piece\"") {
            in_piece = true;
        } else if rest.starts_with("</g>") {
            in_piece = false;
        } else if rest.starts_with("<text ") {
            let (element, after) = rest.split_once('>').expect("an element");
            let (words, _) = after.split_once("</text>").expect("a closed text");
            let fill = element
                .split(" fill=\"")
                .nth(1)
                .and_then(|f| f.split('"').next())
                .expect("a fill");
            let font = number(element, "font-size");
            let x = number(element, "x");
            let y = number(element, "y") - 0.36 * font;
            // A caption starts at x; a label is centred on it.
            let x = if element.contains("text-anchor=\"start\"") {
                x + 0.3 * font
            } else {
                x
            };
            let pixmap = if in_piece {
                &under_pieces
            } else {
                &under_names
            };
            let pixel = pixmap
                .pixel(x.round() as u32, y.round() as u32)
                .expect("inside the picture");
            let under = [pixel.red(), pixel.green(), pixel.blue()];
            let ratio = contrast(hex(fill), under);
            if ratio < 4.5 {
                low.push((words.to_owned(), format!("{fill} on {under:?}"), ratio));
            }
        }
        rest = &rest[1..];
    }
    low
}

#[test]
fn every_text_of_every_picture_has_aa_contrast() {
    // Agon with captured pieces and a queen on the throne's ring; Agros during the opening, in
    // play and finished with its fields tinted (values on Light's and Dark's fields).
    let mut cases: Vec<(String, AnyPosition)> = vec![
        ("agon start".into(), Variant::Agon.start()),
        (
            "agon finished".into(),
            AnyPosition::parse(GameKind::Agon, "Q4G/7/G7/9/4gg4/4gqg4/4gg4/G8/7G/G6/5G w")
                .expect("valid"),
        ),
        (
            "agros finished".into(),
            AnyPosition::parse(
                GameKind::Agros,
                "..l..D3../.L4l.dddd/lll...../....llll/.L2..lD5../ddddl.../....l.L3./...D1l... d n3 m+",
            )
            .expect("valid"),
        ),
    ];
    let mut agon = Variant::Agon.start();
    for text in ["a4-a5", "a6-b7", "a5-a6"] {
        let action = agon.parse_action(text).expect("legal");
        agon.play(action).expect("legal");
    }
    cases.push(("agon with a capture".into(), agon));
    let mut low = Vec::new();
    for (what, position) in &cases {
        for overlay in [false, true] {
            let size = 600;
            let document = svg(
                position,
                None,
                &PngOptions {
                    size,
                    field_overlay: overlay,
                    language: Language::En,
                },
            );
            for (words, colours, ratio) in low_contrast(&document, size) {
                low.push(format!("{what}: `{words}` {colours}: {ratio:.2}"));
            }
        }
    }
    assert!(low.is_empty(), "below 4.5:1:\n{}", low.join("\n"));
}

#[test]
fn the_contrast_ratio_is_wcags() {
    assert!((contrast([0, 0, 0], [255, 255, 255]) - 21.0).abs() < 1e-9);
    assert!((contrast([255, 255, 255], [255, 255, 255]) - 1.0).abs() < 1e-9);
    // #767676 on white is the well-known threshold of 4.5:1.
    let grey = contrast(hex("#767676"), [255, 255, 255]);
    assert!((4.5..4.6).contains(&grey), "{grey}");
}
