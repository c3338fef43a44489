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
    let mut svg = Svg::new();
    plot(&mut svg, &layout, evaluations, last_ply);
    ply_axis(&mut svg, &layout, &labels.ply, last_ply);
    seat_names(&mut svg, &layout, labels);
    mistake_marks(&mut svg, &layout, evaluations, marks, last_ply);

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

/// The plot: the two seats' areas split by the curve, the even-chances line and the frame.
fn plot(svg: &mut Svg, layout: &Layout, evaluations: &[f64], last_ply: usize) {
    let Layout {
        left,
        top,
        right,
        bottom,
        font,
        ..
    } = *layout;
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
}

/// The ply numbers under the axis, with a tick each, and the word `ply` under them.
fn ply_axis(svg: &mut Svg, layout: &Layout, ply_word: &str, last_ply: usize) {
    let Layout {
        left,
        right,
        bottom,
        font,
        ..
    } = *layout;
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
    let axis = fitted(ply_word, right - left, font);
    svg.text(
        0.5 * (left + right),
        bottom + 2.5 * font,
        axis,
        colours::INK,
        Anchor::Middle,
        ply_word,
    );
}

/// The seats' names beside the top and the bottom, each after a swatch of its colour.
fn seat_names(svg: &mut Svg, layout: &Layout, labels: &GraphLabels) {
    let Layout {
        top,
        bottom,
        font,
        pad,
        ..
    } = *layout;
    let swatch = 0.8 * font;
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
}

/// The marks of the mistakes' plies (those beyond the last are left out), over everything else
/// in the plot: a disc on the curve and a triangle under the axis.
fn mistake_marks(
    svg: &mut Svg,
    layout: &Layout,
    evaluations: &[f64],
    marks: &[u32],
    last_ply: usize,
) {
    let Layout { bottom, font, .. } = *layout;
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
mod tests;
