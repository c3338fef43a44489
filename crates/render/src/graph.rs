//! The evaluation graph of an analysed game: the first seat's winning chance (0 to 1) against the
//! ply, as SVG or PNG.
//!
//! The plot reads as a tug of war: under the curve it is the first seat's colour, above it the
//! second seat's, so the share of each colour at a ply is each side's chance; a dashed line marks
//! even chances. The plies of the mistakes are marked on the curve by a red disc ringed in white
//! (which shows on both colours) and by a red triangle under the axis. The seats' names, with a
//! swatch of their colour, stand beside the top (where the first seat wins) and the bottom (where
//! the second does); the ply numbers and the caller's word for "ply" stand under the axis.
//!
//! Every word is the caller's ([`GraphLabels`]), so the picture is in whatever language the
//! caller speaks; the graph draws, it does not judge (the chances and the marks come from the
//! analysis).

use crate::RenderError;
use crate::svg::{Anchor, FONT_FAMILY, Paint, Svg, escape, fitted, text_width};
use std::fmt::Write;

/// The words of an evaluation graph, in the reader's language.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GraphLabels {
    /// The first seat's name (`White`, `Light`), beside the top of the plot.
    pub first: String,
    /// The second seat's name (`Black`, `Dark`), beside the bottom.
    pub second: String,
    /// The word under the horizontal axis (`ply`).
    pub ply: String,
    /// The picture's text alternative, its `<title>`: what a screen reader reads. When empty, a
    /// plain one is made of the other words and the numbers.
    pub description: String,
}

/// The colours of the graph. The two sides' areas are the pieces' colours; the lines and marks
/// on them keep a contrast of at least 3:1 with both, and the texts on the background 4.5:1
/// (WCAG 2 AA for graphics and for text).
mod colours {
    use crate::svg::palette;

    pub const BACKGROUND: &str = palette::BACKGROUND;
    /// The seats' names, the axis word, the frame and the ticks.
    pub const INK: &str = palette::INK;
    /// The ply numbers.
    pub const NUMBER: &str = palette::COORDINATE;
    /// The first seat's area: the light pieces' colour.
    pub const FIRST: &str = palette::LIGHT_PIECE;
    /// The second seat's area: the dark pieces' colour.
    pub const SECOND: &str = palette::DARK_PIECE;
    /// The even-chances line, a grey between the two areas: 3.8:1 against the first seat's
    /// colour, 3.5:1 against the second's.
    pub const EVEN: &str = "#808080";
    /// A mark: the red of captures, 4.9:1 against the first seat's colour and 4.5:1 against
    /// the background.
    pub const MARK: &str = palette::CAPTURE;
    /// The ring around a mark's disc, so that the red shows on the second seat's colour too.
    pub const MARK_RING: &str = palette::CAPTURE_UNDERLAY;
}

/// Where the plot lies in the picture and how big the words are.
struct Layout {
    /// Left, top, right, bottom edges of the plot.
    left: f32,
    top: f32,
    right: f32,
    bottom: f32,
    /// The font size of the numbers and the axis word.
    font: f32,
    /// The font size of the seats' names (smaller when a name is long).
    name_font: f32,
    pad: f32,
}

impl Layout {
    fn new(width: f32, height: f32, labels: &GraphLabels, last_ply: usize) -> Layout {
        let font = (0.055 * height).min(0.035 * width).clamp(9.0, 18.0);
        let pad = 0.6 * font;
        let swatch = 0.8 * font;
        // The names take at most a third of the width.
        let names = format!("{}\n{}", labels.first, labels.second);
        let room = (width / 3.0 - 2.0 * pad - swatch - 0.4 * font).max(font);
        let name_font = fitted(&names, room, font);
        let widest =
            text_width(&labels.first, name_font).max(text_width(&labels.second, name_font));
        let left = pad + swatch + 0.4 * font + widest + pad;
        // The last ply number is centred on the right edge.
        let right = width - pad - 0.5 * text_width(&last_ply.to_string(), font);
        let top = pad + 0.5 * font;
        // Triangles, numbers and the axis word under the plot.
        let bottom = height - pad - 1.2 * font - 1.3 * font - 0.5 * font;
        Layout {
            left,
            top,
            right: right.max(left + 1.0),
            bottom: bottom.max(top + 1.0),
            font,
            name_font,
            pad,
        }
    }

    fn x(&self, ply: usize, last_ply: usize) -> f32 {
        if last_ply == 0 {
            return self.left;
        }
        self.left + (self.right - self.left) * ply as f32 / last_ply as f32
    }

    fn y(&self, chance: f64) -> f32 {
        self.bottom - (self.bottom - self.top) * chance as f32
    }
}

/// A chance as drawn: within 0 and 1, and even when it is not a number.
fn clean(chance: f64) -> f64 {
    if chance.is_nan() {
        0.5
    } else {
        chance.clamp(0.0, 1.0)
    }
}

/// The step between numbered plies: 1, 2 or 5 times a power of ten, the smallest that keeps
/// neighbouring numbers on an axis `room` long apart by the widest number and a gap.
fn tick_step(last_ply: usize, room: f32, font: f32) -> usize {
    let label = text_width(&last_ply.to_string(), font) + 1.5 * font;
    let least = last_ply as f32 * label / room.max(1.0);
    let mut power = 1;
    loop {
        for step in [power, 2 * power, 5 * power] {
            if step as f32 >= least {
                return step;
            }
        }
        power *= 10;
    }
}

/// The text alternative made of the labels' words and the numbers, for a caller that gave none:
/// `White – Black, ply 0–84: White 63 %; marks at ply 23, 40`.
fn plain_description(evaluations: &[f64], marks: &[u32], labels: &GraphLabels) -> String {
    let mut out = format!("{} \u{2013} {}", labels.first, labels.second);
    if let Some(&last) = evaluations.last() {
        let _ = write!(
            out,
            ", {} 0\u{2013}{}: {} {:.0} %",
            labels.ply,
            evaluations.len() - 1,
            labels.first,
            100.0 * clean(last)
        );
    }
    if !marks.is_empty() {
        let plies: Vec<String> = marks.iter().map(u32::to_string).collect();
        let _ = write!(out, "; ! {} {}", labels.ply, plies.join(", "));
    }
    out
}

/// The evaluation graph as an SVG document of `width` × `height` user units: `evaluations[k]` is
/// the first seat's winning chance after ply k (index 0 the start), `marks` the plies to mark
/// (those beyond the last are left out). No evaluations draw an empty plot, one a level line.
/// An image (`role="img"`) whose `<title>` is `labels.description`.
pub fn evaluation_svg(
    evaluations: &[f64],
    marks: &[u32],
    labels: &GraphLabels,
    width: u32,
    height: u32,
) -> String {
    let (w, h) = (width as f32, height as f32);
    let last_ply = evaluations.len().saturating_sub(1);
    let layout = Layout::new(w, h, labels, last_ply);
    let Layout {
        left,
        top,
        right,
        bottom,
        font,
        ..
    } = layout;
    let mut svg = Svg::new();

    // The second seat's area is the whole plot; the first seat's is drawn over it, up to the
    // curve.
    svg.rect(
        left,
        top,
        right - left,
        bottom - top,
        Paint::fill(colours::SECOND),
    );
    if !evaluations.is_empty() {
        let mut points = Vec::with_capacity(evaluations.len() + 3);
        points.push((left, bottom));
        if last_ply == 0 {
            let y = layout.y(clean(evaluations[0]));
            points.extend([(left, y), (right, y)]);
        } else {
            points.extend(
                evaluations
                    .iter()
                    .enumerate()
                    .map(|(ply, &chance)| (layout.x(ply, last_ply), layout.y(clean(chance)))),
            );
        }
        points.push((right, bottom));
        svg.polygon(&points, Paint::fill(colours::FIRST));
    }
    let even = layout.y(0.5);
    svg.dashed_line(
        (left, even),
        (right, even),
        colours::EVEN,
        0.12 * font,
        0.5 * font,
    );
    svg.outline(
        &[(left, top), (right, top), (right, bottom), (left, bottom)],
        colours::INK,
        0.08 * font,
        None,
    );

    // The ply numbers under the axis, with a tick each.
    let step = tick_step(last_ply, right - left, font);
    for ply in (0..=last_ply).step_by(step) {
        let x = layout.x(ply, last_ply);
        svg.line(
            (x, bottom),
            (x, bottom + 0.3 * font),
            colours::INK,
            0.08 * font,
        );
        svg.text(
            x,
            bottom + 1.2 * font,
            font,
            colours::NUMBER,
            Anchor::Middle,
            &ply.to_string(),
        );
    }
    let axis = fitted(&labels.ply, right - left, font);
    svg.text(
        0.5 * (left + right),
        bottom + 2.5 * font,
        axis,
        colours::INK,
        Anchor::Middle,
        &labels.ply,
    );

    // The seats' names beside the top and the bottom, each after a swatch of its colour.
    let swatch = 0.8 * font;
    let pad = layout.pad;
    for (name, fill, y) in [
        (&labels.first, colours::FIRST, top + 0.5 * font),
        (&labels.second, colours::SECOND, bottom - 0.5 * font),
    ] {
        svg.rect(
            pad,
            y - 0.5 * swatch,
            swatch,
            swatch,
            Paint::with_stroke(fill, colours::INK, 0.08 * font),
        );
        svg.text(
            pad + swatch + 0.4 * font,
            y,
            layout.name_font,
            colours::INK,
            Anchor::Start,
            name,
        );
    }

    // The marks, over everything else in the plot.
    for &ply in marks {
        let Some(&chance) = evaluations.get(ply as usize) else {
            continue;
        };
        let ply = ply as usize;
        let x = layout.x(ply, last_ply);
        svg.mark(ply, |svg| {
            svg.circle(
                x,
                layout.y(clean(chance)),
                0.35 * font,
                Paint::with_stroke(colours::MARK, colours::MARK_RING, 0.15 * font),
            );
            let t = 0.35 * font;
            svg.polygon(
                &[
                    (x, bottom + 0.05 * font),
                    (x - t, bottom + 0.05 * font + 1.2 * t),
                    (x + t, bottom + 0.05 * font + 1.2 * t),
                ],
                Paint::fill(colours::MARK),
            );
        });
    }

    let description = if labels.description.is_empty() {
        plain_description(evaluations, marks, labels)
    } else {
        labels.description.clone()
    };
    let mut out = String::with_capacity(16 * 1024 + 16 * evaluations.len());
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="{FONT_FAMILY}" font-weight="bold"><title>{}</title><rect width="{width}" height="{height}" fill="{}"/>"#,
        escape(&description),
        colours::BACKGROUND
    );
    out.push_str(&svg.finish());
    out.push_str("</svg>\n");
    out
}

/// The graph of [`evaluation_svg`], rasterised to a PNG of `width` × `height` pixels with the
/// embedded font. Each side must be between 64 and 8192.
pub fn evaluation_png(
    evaluations: &[f64],
    marks: &[u32],
    labels: &GraphLabels,
    width: u32,
    height: u32,
) -> Result<Vec<u8>, RenderError> {
    for side in [width, height] {
        if !(64..=8192).contains(&side) {
            return Err(RenderError::Size(side));
        }
    }
    let document = evaluation_svg(evaluations, marks, labels, width, height);
    crate::raster::document_png(&document, width, height)
}

#[cfg(test)]
mod tests {
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
            let png =
                evaluation_png(&evaluations, &[0, 1], &labels(), 400, 150).expect("a picture");
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
        let plain = Image::decode(
            &evaluation_png(&evaluations, &[], &labels(), 800, 300).expect("a picture"),
        );
        assert!(plain.rgb.chunks(3).all(|p| p != rgb(colours::MARK)));
    }

    #[test]
    fn the_areas_show_each_side_s_chance() {
        // The first seat far ahead, then far behind.
        let evaluations = [vec![0.9; 50], vec![0.1; 51]].concat();
        let image = Image::decode(
            &evaluation_png(&evaluations, &[], &labels(), 800, 300).expect("a picture"),
        );
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
            svg.contains(
                "<title>White \u{2013} Black, ply 0\u{2013}2: White 62 %; ! ply 2</title>"
            ),
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
}
