//! Tests of the evaluation graph: the SVG parses, the PNG has its size, the marks, areas and words
//! stand where they should, and the colours keep their contrast.

use super::*;
use resvg::usvg;

fn labels() -> GraphLabels {
    GraphLabels {
        first: "White".into(),
        second: "Black".into(),
        ply: "ply".into(),
        description: "White's winning chance, ply by ply".into(),
    }
}

/// A game's chances: a slow swing with a zigzag, `plies` plies long.
fn game(plies: usize) -> Vec<f64> {
    (0..=plies)
        .map(|k| 0.5 + 0.4 * (k as f64 / 13.0).sin() + if k % 2 == 0 { 0.03 } else { -0.03 })
        .collect()
}

fn parse(svg: &str) -> usvg::Tree {
    usvg::Tree::from_str(svg, &usvg::Options::default()).expect("valid SVG")
}

struct Image {
    width: u32,
    height: u32,
    rgb: Vec<u8>,
}

impl Image {
    fn decode(bytes: &[u8]) -> Image {
        let mut decoder = ::png::Decoder::new(std::io::Cursor::new(bytes));
        decoder.set_transformations(::png::Transformations::normalize_to_color8());
        let mut reader = decoder.read_info().expect("a PNG header");
        let mut buf = vec![0; reader.output_buffer_size().expect("a buffer size")];
        let info = reader.next_frame(&mut buf).expect("a PNG frame");
        assert_eq!(
            info.color_type,
            ::png::ColorType::Rgb,
            "opaque, palette expanded"
        );
        buf.truncate(info.buffer_size());
        Image {
            width: info.width,
            height: info.height,
            rgb: buf,
        }
    }

    fn at(&self, x: f32, y: f32) -> [u8; 3] {
        let i = 3 * (y.round() as usize * self.width as usize + x.round() as usize);
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }
}

fn rgb(hex: &str) -> [u8; 3] {
    crate::svg::rgb(hex)
}

#[test]
fn the_svg_parses_for_games_of_any_length() {
    for plies in [0, 1, 2, 40, 1_500] {
        for evaluations in [game(plies), Vec::new()] {
            let marks: Vec<u32> = (1..=evaluations.len() as u32).step_by(7).collect();
            let svg = evaluation_svg(&evaluations, &marks, &labels(), 800, 300);
            let tree = parse(&svg);
            assert_eq!((tree.size().width(), tree.size().height()), (800.0, 300.0));
            assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\""));
            assert!(svg.contains("<title>White's winning chance, ply by ply</title>"));
        }
    }
}

#[test]
fn the_png_has_the_size_asked_for() {
    for (width, height) in [(800, 300), (400, 150), (64, 64), (1200, 64)] {
        let png =
            evaluation_png(&game(84), &[23, 40], &labels(), width, height).expect("a picture");
        let image = Image::decode(&png);
        assert_eq!((image.width, image.height), (width, height));
    }
    for (width, height) in [(10, 300), (800, 63), (9000, 300)] {
        assert!(matches!(
            evaluation_png(&game(84), &[], &labels(), width, height),
            Err(RenderError::Size(_))
        ));
    }
    // No evaluations, or one: a picture all the same.
    for evaluations in [vec![], vec![0.7]] {
        let png = evaluation_png(&evaluations, &[0, 1], &labels(), 400, 150).expect("a picture");
        assert_eq!(Image::decode(&png).width, 400);
    }
}

#[test]
fn marks_stand_at_their_plies() {
    let evaluations = game(84);
    let marks = [23, 40, 84, 85, 900];
    let svg = evaluation_svg(&evaluations, &marks, &labels(), 800, 300);
    for ply in [23, 40, 84] {
        assert!(svg.contains(&format!("data-ply=\"{ply}\"")), "ply {ply}");
    }
    // Plies past the game's last are left out.
    assert_eq!(svg.matches("class=\"mistake\"").count(), 3);

    // On the picture: the mark's red on the curve at its ply, and its triangle under the axis.
    let image = Image::decode(
        &evaluation_png(&evaluations, &marks, &labels(), 800, 300).expect("a picture"),
    );
    let layout = Layout::new(800.0, 300.0, &labels(), 84);
    for ply in [23, 40] {
        let x = layout.x(ply, 84);
        let y = layout.y(evaluations[ply]);
        assert_eq!(image.at(x, y), rgb(colours::MARK), "disc at ply {ply}");
        let below = layout.bottom + 0.05 * layout.font + 0.3 * layout.font;
        assert_eq!(
            image.at(x, below),
            rgb(colours::MARK),
            "triangle at ply {ply}"
        );
    }
    // Without marks, no red anywhere.
    let plain =
        Image::decode(&evaluation_png(&evaluations, &[], &labels(), 800, 300).expect("a picture"));
    assert!(plain.rgb.chunks(3).all(|p| p != rgb(colours::MARK)));
}

#[test]
fn the_areas_show_each_side_s_chance() {
    // The first seat far ahead, then far behind.
    let evaluations = [vec![0.9; 50], vec![0.1; 51]].concat();
    let image =
        Image::decode(&evaluation_png(&evaluations, &[], &labels(), 800, 300).expect("a picture"));
    let layout = Layout::new(800.0, 300.0, &labels(), 100);
    let at = |ply, chance| image.at(layout.x(ply, 100), layout.y(chance));
    let (first, second) = (rgb(colours::FIRST), rgb(colours::SECOND));
    assert_eq!(
        [at(25, 0.8), at(25, 0.3), at(25, 0.95)],
        [first, first, second]
    );
    assert_eq!(
        [at(75, 0.05), at(75, 0.2), at(75, 0.7)],
        [first, second, second]
    );
    // The even line shows on both areas.
    let even = rgb(colours::EVEN);
    let on_line =
        |ply| (0..=2).any(|d| image.at(layout.x(ply, 100) + d as f32, layout.y(0.5)) == even);
    assert!(
        on_line(25) || on_line(26),
        "the even line on the first seat's area"
    );
    assert!(
        on_line(75) || on_line(76),
        "the even line on the second seat's area"
    );
}

#[test]
fn words_are_escaped() {
    let labels = GraphLabels {
        first: "<White & co>".into(),
        second: "\"Black\"".into(),
        ply: "ply</text>".into(),
        description: "A <b>bold</b> & daring game".into(),
    };
    let svg = evaluation_svg(&game(10), &[3], &labels, 600, 200);
    parse(&svg);
    assert!(svg.contains("<title>A &lt;b&gt;bold&lt;/b&gt; &amp; daring game</title>"));
    assert!(svg.contains("&lt;White &amp; co&gt;"));
    assert!(svg.contains("ply&lt;/text&gt;"));
    assert!(!svg.contains("<b>") && !svg.contains("<White"));
    // The texts read back as given.
    let texts: Vec<String> = crate::svg::texts(&svg)
        .into_iter()
        .map(|t| t.text)
        .collect();
    for word in [&labels.first, &labels.second, &labels.ply] {
        assert!(texts.contains(word), "{word} in {texts:?}");
    }
}

#[test]
fn a_plain_description_is_made_of_the_labels() {
    let labels = GraphLabels {
        description: String::new(),
        ..labels()
    };
    let svg = evaluation_svg(&[0.5, 0.55, 0.625], &[2], &labels, 600, 200);
    assert!(
        svg.contains("<title>White \u{2013} Black, ply 0\u{2013}2: White 62 %; ! ply 2</title>"),
        "{svg}"
    );
    let empty = evaluation_svg(&[], &[], &labels, 600, 200);
    assert!(empty.contains("<title>White \u{2013} Black</title>"));
}

/// WCAG 2's contrast ratio of two colours.
fn contrast(a: &str, b: &str) -> f64 {
    let luminance = |hex: &str| {
        let [r, g, b] = rgb(hex).map(|c| {
            let c = f64::from(c) / 255.0;
            if c <= 0.039_28 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        });
        0.2126 * r + 0.7152 * g + 0.0722 * b
    };
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

/// Texts on the background at 4.5:1 (AA for text); the lines and marks at 3:1 (AA for
/// graphics) against whatever they are drawn on.
#[test]
fn colours_keep_wcag_aa_contrast() {
    use colours::*;
    for text in [INK, NUMBER] {
        let c = contrast(text, BACKGROUND);
        assert!(c >= 4.5, "{text} on the background: {c:.2}");
    }
    for (what, a, b) in [
        ("the areas", FIRST, SECOND),
        ("the even line on the first seat's area", EVEN, FIRST),
        ("the even line on the second seat's area", EVEN, SECOND),
        ("a mark on the first seat's area", MARK, FIRST),
        ("a mark's ring on the second seat's area", MARK_RING, SECOND),
        ("a mark in its ring", MARK, MARK_RING),
        ("a mark's triangle on the background", MARK, BACKGROUND),
        ("the frame on the background", INK, BACKGROUND),
        ("the frame on the first seat's area", INK, FIRST),
    ] {
        let c = contrast(a, b);
        assert!(c >= 3.0, "{what}: {c:.2}");
    }
}

#[test]
fn long_games_are_numbered_sparsely() {
    for (plies, width) in [(10, 800), (84, 800), (1_500, 800), (1_500, 200), (3, 64)] {
        let layout = Layout::new(width as f32, 300.0, &labels(), plies);
        let room = layout.right - layout.left;
        let step = tick_step(plies, room, layout.font);
        let apart = room * step as f32 / plies as f32;
        assert!(
            apart >= text_width(&plies.to_string(), layout.font),
            "{plies} plies on {width}: step {step}"
        );
        // At least the start and one more, where a number fits at all.
        if width >= 200 {
            assert!(step <= plies, "{plies} plies on {width}: step {step}");
        }
        // As many as fit: the next smaller step would not.
        assert!(plies / step <= 12, "{plies} plies on {width}: step {step}");
    }
}
