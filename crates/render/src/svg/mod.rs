//! The SVG pictures: a tiny writer for the few shapes the boards need, the shared palette, and one
//! module per game that lays its board out.
//!
//! Each picture comes in two layers: the `base` (frame, cells, coordinates) depends only on the
//! game, the board size and the picture size, so the rasteriser draws it once and reuses it; the
//! `top` (highlights, pieces, arrow, texts) is drawn for every position. The SVG document is
//! simply both layers in order.
//!
//! Sides are told apart by lightness (near-white against near-black pieces), kinds by shape, and
//! markings by shape as well as colour, so a picture stays readable for colour-blind players and
//! in greyscale. Coordinates are written with one decimal: enough for any size, and small.

pub(crate) mod agon;
pub(crate) mod agros;

use std::fmt::Write;

/// The font family every text uses; `raster` embeds this face.
pub(crate) const FONT_FAMILY: &str = "DejaVu Sans";

/// Colours, as `#rrggbb`, shared by both games and by the tests that sample pixels.
pub(crate) mod palette {
    pub const BACKGROUND: &str = "#f4efe4";
    pub const INK: &str = "#2e2a25";
    pub const COORDINATE: &str = "#6e6455";
    /// A light (White, Light) piece and its outline.
    pub const LIGHT_PIECE: &str = "#fbfaf6";
    pub const LIGHT_EDGE: &str = "#3b3631";
    /// A dark (Black, Dark) piece and its outline.
    pub const DARK_PIECE: &str = "#2a2c31";
    pub const DARK_EDGE: &str = "#0d0e10";
    /// The inner ring of a dark guard, light enough to see on the dark body.
    pub const DARK_DETAIL: &str = "#9a9ca3";
    /// Squares of the last Agros action (a blue that no colour vision confuses with the board's
    /// browns).
    pub const LAST_CELL: &str = "#b9d2ee";
    /// The last action's arrow, and the band around the Agon cells it moved between.
    pub const LAST_ARROW: &str = "#1d5aa6";
    /// The captured cross, drawn over a light underlay so it shows on dark pieces too, and the
    /// dashed band around the Agon pieces the last action captured.
    pub const CAPTURE: &str = "#d1263a";
    pub const CAPTURE_UNDERLAY: &str = "#ffffff";
}

/// A `#rrggbb` colour as bytes, for the pixel tests.
#[cfg(test)]
pub(crate) fn rgb(hex: &str) -> [u8; 3] {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).expect("a #rrggbb colour");
    [(v >> 16) as u8, (v >> 8) as u8, v as u8]
}

/// A text element read back from an SVG document, for the tests: its middle (as given to
/// [`Svg::text`]), fill and words.
#[cfg(test)]
#[derive(Debug)]
pub(crate) struct Text {
    pub x: f32,
    pub y: f32,
    pub fill: String,
    pub text: String,
}

/// Every text element of an SVG document written by [`Svg`], in order.
#[cfg(test)]
pub(crate) fn texts(svg: &str) -> Vec<Text> {
    let attribute = |element: &str, name: &str| -> String {
        let start = element
            .find(&format!(" {name}=\""))
            .unwrap_or_else(|| panic!("no {name} in {element}"))
            + name.len()
            + 3;
        let end = element[start..].find('"').expect("a closing quote") + start;
        element[start..end].to_string()
    };
    svg.split("<text ")
        .skip(1)
        .map(|rest| {
            let (element, rest) = rest.split_once('>').expect("an element");
            let element = &format!(" {element}");
            let (text, _) = rest.split_once("</text>").expect("a closed text");
            let number = |name| attribute(element, name).parse::<f32>().expect("a number");
            Text {
                x: number("x"),
                y: number("y") - 0.36 * number("font-size"),
                fill: attribute(element, "fill"),
                text: strip_tags(text)
                    .replace("&#x25A0;", "\u{25A0}")
                    .replace("&lt;", "<")
                    .replace("&gt;", ">")
                    .replace("&amp;", "&"),
            }
        })
        .collect()
}

/// A text's words without the tags of its spans.
#[cfg(test)]
fn strip_tags(text: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

/// The two layers of a picture (see the module docs), each a run of SVG elements.
pub(crate) struct Layers {
    pub base: String,
    pub top: String,
}

impl Layers {
    /// Both layers as one SVG document of `size` × `size` user units, an image whose `<title>`
    /// (its accessible name, which a screen reader reads) is `title`.
    pub fn document(&self, size: u32, title: &str) -> String {
        let mut out = open(size, true);
        if let Some(rest) = out.strip_prefix("<svg ") {
            out = format!(r#"<svg role="img" {rest}"#);
        }
        let _ = write!(out, "<title>{}</title>", escape(title));
        out.push_str(&self.base);
        out.push_str(&self.top);
        out.push_str(CLOSE);
        out
    }
}

/// The start of an SVG document, on the background colour or transparent.
pub(crate) fn open(size: u32, background: bool) -> String {
    let mut out = String::with_capacity(32 * 1024);
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {size} {size}" font-family="{FONT_FAMILY}" font-weight="bold">"#
    );
    if background {
        let _ = write!(
            out,
            r#"<rect width="{size}" height="{size}" fill="{}"/>"#,
            palette::BACKGROUND
        );
    }
    out
}

/// The end of an SVG document.
pub(crate) const CLOSE: &str = "</svg>\n";

/// SVG elements being written.
pub(crate) struct Svg {
    out: String,
}

/// How to paint a shape: fill, and an optional stroke with its width.
#[derive(Clone, Copy)]
pub(crate) struct Paint<'a> {
    pub fill: &'a str,
    pub stroke: Option<(&'a str, f32)>,
}

impl<'a> Paint<'a> {
    pub fn fill(fill: &'a str) -> Paint<'a> {
        Paint { fill, stroke: None }
    }

    pub fn with_stroke(fill: &'a str, stroke: &'a str, width: f32) -> Paint<'a> {
        Paint {
            fill,
            stroke: Some((stroke, width)),
        }
    }

    fn attributes(&self) -> String {
        match self.stroke {
            Some((colour, width)) => format!(
                r#"fill="{}" stroke="{colour}" stroke-width="{width:.1}" stroke-linejoin="round""#,
                self.fill
            ),
            None => format!(r#"fill="{}""#, self.fill),
        }
    }
}

/// Horizontal placement of a text relative to its point.
#[derive(Clone, Copy)]
pub(crate) enum Anchor {
    Start,
    Middle,
}

impl Svg {
    pub fn new() -> Svg {
        Svg {
            out: String::with_capacity(16 * 1024),
        }
    }

    pub fn finish(self) -> String {
        self.out
    }

    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, paint: Paint) {
        let _ = write!(
            self.out,
            r#"<rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" {}/>"#,
            paint.attributes()
        );
    }

    /// One piece, drawn by `draw` inside a group that names it for a reader of the document (a
    /// web page's script or test): `class="piece"`, its cell or square, its side (`first`,
    /// `second`), its kind (`queen`, `guard`, `farmer`, `seed`) and whether it is captured.
    /// The picture is the same with or without it.
    pub fn piece(
        &mut self,
        cell: &str,
        seat: agora_rules::Seat,
        kind: &str,
        captured: bool,
        draw: impl FnOnce(&mut Svg),
    ) {
        let side = match seat {
            agora_rules::Seat::First => "first",
            agora_rules::Seat::Second => "second",
        };
        let _ = write!(
            self.out,
            r#"<g class="piece" data-cell="{cell}" data-side="{side}" data-kind="{kind}"{}>"#,
            if captured {
                r#" data-captured="true""#
            } else {
                ""
            }
        );
        draw(self);
        self.out.push_str("</g>");
    }

    pub fn circle(&mut self, x: f32, y: f32, r: f32, paint: Paint) {
        let _ = write!(
            self.out,
            r#"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" {}/>"#,
            paint.attributes()
        );
    }

    pub fn ellipse(&mut self, x: f32, y: f32, rx: f32, ry: f32, degrees: f32, paint: Paint) {
        let _ = write!(
            self.out,
            r#"<ellipse cx="0" cy="0" rx="{rx:.1}" ry="{ry:.1}" transform="translate({x:.1} {y:.1}) rotate({degrees:.0})" {}/>"#,
            paint.attributes()
        );
    }

    pub fn polygon(&mut self, points: &[(f32, f32)], paint: Paint) {
        self.out.push_str(r#"<polygon points=""#);
        for (i, (x, y)) in points.iter().enumerate() {
            let sep = if i == 0 { "" } else { " " };
            let _ = write!(self.out, "{sep}{x:.1},{y:.1}");
        }
        let _ = write!(self.out, r#"" {}/>"#, paint.attributes());
    }

    /// The closed outline of a polygon, not filled, so what lies inside keeps its colour; with
    /// `dash`, dashes and gaps of that length.
    pub fn outline(&mut self, points: &[(f32, f32)], colour: &str, width: f32, dash: Option<f32>) {
        self.out.push_str(r#"<polygon points=""#);
        for (i, (x, y)) in points.iter().enumerate() {
            let sep = if i == 0 { "" } else { " " };
            let _ = write!(self.out, "{sep}{x:.1},{y:.1}");
        }
        let _ = write!(
            self.out,
            r#"" fill="none" stroke="{colour}" stroke-width="{width:.1}" stroke-linejoin="round""#
        );
        if let Some(dash) = dash {
            let _ = write!(self.out, r#" stroke-dasharray="{dash:.1}""#);
        }
        self.out.push_str("/>");
    }

    pub fn line(&mut self, from: (f32, f32), to: (f32, f32), colour: &str, width: f32) {
        let _ = write!(
            self.out,
            r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{colour}" stroke-width="{width:.1}" stroke-linecap="round"/>"#,
            from.0, from.1, to.0, to.1
        );
    }

    /// A dashed line, dashes and gaps `dash` long.
    pub fn dashed_line(
        &mut self,
        from: (f32, f32),
        to: (f32, f32),
        colour: &str,
        width: f32,
        dash: f32,
    ) {
        let _ = write!(
            self.out,
            r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{colour}" stroke-width="{width:.1}" stroke-dasharray="{dash:.1}"/>"#,
            from.0, from.1, to.0, to.1
        );
    }

    /// A mistake's mark on an evaluation graph, drawn by `draw` inside a group that names its
    /// ply for a reader of the document (`class="mistake" data-ply="23"`).
    pub fn mark(&mut self, ply: usize, draw: impl FnOnce(&mut Svg)) {
        let _ = write!(self.out, r#"<g class="mistake" data-ply="{ply}">"#);
        draw(self);
        self.out.push_str("</g>");
    }

    /// A text whose middle sits at height `y` (the baseline is moved down by about a third of the
    /// font size, so callers place texts by their centre).
    pub fn text(&mut self, x: f32, y: f32, size: f32, fill: &str, anchor: Anchor, text: &str) {
        let anchor = match anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
        };
        let _ = write!(
            self.out,
            r#"<text x="{x:.1}" y="{:.1}" font-size="{size:.1}" fill="{fill}" text-anchor="{anchor}">{}</text>"#,
            y + 0.36 * size,
            escape(text)
        );
    }

    /// A line of text at the height `y` with coloured swatches: `title`, then for each entry a
    /// square of its colour (outlined in `edge`, so a swatch of the background's colour still
    /// shows) and its word. One text element, its font `size` or smaller, so that it is at most
    /// `width` wide.
    pub fn legend(
        &mut self,
        (x, y): (f32, f32),
        (size, width): (f32, f32),
        title: &str,
        entries: &[(&str, &str)],
        edge: &str,
    ) {
        // Fitted to `width`: the title, then per entry a gap, the swatch (1.3 times as large), a
        // gap and the word.
        let ems = text_width(title, 1.0)
            + entries
                .iter()
                .map(|(_, word)| {
                    0.8 + 1.3 * text_width("\u{25A0}", 1.0) + 0.3 + text_width(word, 1.0)
                })
                .sum::<f32>();
        let size = if ems * size > width {
            width / ems
        } else {
            size
        };
        let _ = write!(
            self.out,
            r#"<text x="{x:.1}" y="{:.1}" font-size="{size:.1}" fill="{}" text-anchor="start">{}"#,
            y + 0.36 * size,
            palette::INK,
            escape(title)
        );
        for (colour, word) in entries {
            let _ = write!(
                self.out,
                r#"<tspan dx="{:.1}" font-size="{:.1}" fill="{colour}" stroke="{edge}" stroke-width="{:.1}">&#x25A0;</tspan><tspan dx="{:.1}" font-size="{size:.1}">{}</tspan>"#,
                0.8 * size,
                1.3 * size,
                0.06 * size,
                0.3 * size,
                escape(word)
            );
        }
        self.out.push_str("</text>");
    }

    /// An arrow from `from` to `to` that starts `gap` after `from` (clear of what was left there)
    /// and ends `stop` short of `to` (meeting a piece's edge instead of hiding the piece). A
    /// dashed shaft marks a return or a sowing.
    pub fn arrow(
        &mut self,
        from: (f32, f32),
        to: (f32, f32),
        (gap, stop): (f32, f32),
        width: f32,
        dashed: bool,
    ) {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let length = (dx * dx + dy * dy).sqrt();
        let head = 2.4 * width;
        if length <= gap + stop + head {
            return;
        }
        let (ux, uy) = (dx / length, dy / length);
        let from = (from.0 + ux * gap, from.1 + uy * gap);
        let tip = (to.0 - ux * stop, to.1 - uy * stop);
        let base = (tip.0 - ux * head, tip.1 - uy * head);
        let dash = if dashed {
            format!(
                r#" stroke-dasharray="{:.1} {:.1}""#,
                1.6 * width,
                1.1 * width
            )
        } else {
            String::new()
        };
        let _ = write!(
            self.out,
            r#"<g opacity="0.85"><line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{}" stroke-width="{width:.1}"{dash}/>"#,
            from.0,
            from.1,
            base.0,
            base.1,
            palette::LAST_ARROW
        );
        let half = 1.5 * width;
        self.polygon(
            &[
                tip,
                (base.0 - uy * half, base.1 + ux * half),
                (base.0 + uy * half, base.1 - ux * half),
            ],
            Paint::fill(palette::LAST_ARROW),
        );
        self.out.push_str("</g>");
    }

    /// A cross over a captured piece of radius `r` at (x, y).
    pub fn captured_cross(&mut self, x: f32, y: f32, r: f32) {
        let d = 0.62 * r;
        for (colour, width) in [
            (palette::CAPTURE_UNDERLAY, 0.36 * r),
            (palette::CAPTURE, 0.2 * r),
        ] {
            self.line((x - d, y - d), (x + d, y + d), colour, width);
            self.line((x - d, y + d), (x + d, y - d), colour, width);
        }
    }
}

/// A text made safe for an SVG element's content.
pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The header band shared by both boards: a title and, below it, the status line. Each fits the
/// picture's width: a status too long for one line (a game's ending, in some languages) takes
/// two, in a smaller font, in the same band.
pub(crate) fn header(svg: &mut Svg, size: f32, title: &str, status: &str) {
    let pad = 0.03 * size;
    let width = size - 2.0 * pad;
    svg.text(
        pad,
        0.036 * size,
        fitted(title, width, 0.036 * size),
        palette::INK,
        Anchor::Start,
        title,
    );
    let font = 0.027 * size;
    if text_width(status, font) <= width {
        svg.text(pad, 0.078 * size, font, palette::INK, Anchor::Start, status);
        return;
    }
    let (first, second) = halves(status);
    let font = fitted(&format!("{first}\n{second}"), width, 0.022 * size);
    for (y, line) in [(0.066, first), (0.089, second)] {
        svg.text(pad, y * size, font, palette::INK, Anchor::Start, line);
    }
}

/// A line of the footer under a board, at the height `y`, fitted to the picture's width.
pub(crate) fn footer_line(svg: &mut Svg, size: f32, y: f32, font: f32, text: &str) {
    let pad = 0.03 * size;
    let font = fitted(text, size - 2.0 * pad, font);
    svg.text(pad, y, font, palette::INK, Anchor::Start, text);
}

/// A text cut in two lines at the space that makes the longer line shortest.
fn halves(text: &str) -> (&str, &str) {
    let best = text
        .match_indices(' ')
        .map(|(i, _)| {
            let (a, b) = (&text[..i], &text[i + 1..]);
            (text_width(a, 1.0).max(text_width(b, 1.0)), i)
        })
        .min_by(|a, b| a.0.total_cmp(&b.0));
    match best {
        Some((_, i)) => (&text[..i], &text[i + 1..]),
        None => (text, ""),
    }
}

/// The largest font size up to `font` at which every line of `text` (split at `\n`) is at most
/// `width` wide.
pub(crate) fn fitted(text: &str, width: f32, font: f32) -> f32 {
    let widest = text
        .split('\n')
        .map(|line| text_width(line, 1.0))
        .fold(0.0, f32::max);
    if widest * font <= width {
        font
    } else {
        width / widest
    }
}

/// How wide `text` is in the embedded face at the font size `font`: the sum of its glyphs'
/// advances, widened by 2 % for the kerning and the rounding a renderer may add, so a text that
/// fits by this measure fits on the picture.
pub(crate) fn text_width(text: &str, font: f32) -> f32 {
    let advances = advances();
    let ems: f32 = text
        .chars()
        .map(|c| match advances.get(c as usize) {
            Some(&w) => w,
            None => advance(c),
        })
        .sum();
    1.02 * ems * font
}

/// The advance of every character below U+2600 (Latin, punctuation, the legend's square), in
/// ems, read once from the face.
fn advances() -> &'static [f32] {
    static ADVANCES: std::sync::OnceLock<Vec<f32>> = std::sync::OnceLock::new();
    ADVANCES.get_or_init(|| {
        (0..0x2600u32)
            .map(|c| char::from_u32(c).map_or(0.0, advance))
            .collect()
    })
}

/// The advance of one character in the embedded face, in ems; a character the face lacks is
/// drawn as its missing-glyph box, as wide as the face's widest letters.
fn advance(c: char) -> f32 {
    use skrifa::MetadataProvider;
    let Ok(face) = skrifa::FontRef::new(crate::raster::FONT) else {
        return 1.0;
    };
    let metrics = face.glyph_metrics(
        skrifa::instance::Size::new(1.0),
        skrifa::instance::LocationRef::default(),
    );
    let glyph = face.charmap().map(c).unwrap_or_default();
    metrics.advance_width(glyph).unwrap_or(1.0)
}

/// The height of the band [`header`] draws, as a share of the picture's size.
pub(crate) const HEADER: f32 = 0.1;
