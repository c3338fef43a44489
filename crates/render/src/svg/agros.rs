//! The Agros picture: a square grid in a wooden frame, farmers as discs stacked as high as their
//! harvest (with the harvest written on top), loose seeds as small seed shapes, the last action as
//! an arrow between highlighted squares, and optionally each field tinted by the side that
//! controls it with its value printed (AR-10 … AR-12) and a legend of the tints under the board.

use super::{Anchor, HEADER, Layers, Paint, Svg, footer_line, header, palette};
use crate::{FieldLegend, caption};
use agora_i18n::Language;
use agora_rules::{GameKind, Seat, agros};

pub(crate) const BOARD: &str = "#e3d6b2";
const GRID_LINE: &str = "#a18b61";
/// The width of a grid line, as a share of a square's side.
const GRID_WIDTH: f32 = 0.03;
const FRAME: &str = "#8a6a43";
const FRAME_EDGE: &str = "#5e4629";
/// Field tints for the overlay: Light's fields lighter than the board, Dark's clearly darker, so
/// the two differ in greyscale as well as in hue, and each stands out from the bare board, which
/// the fields nobody controls keep. A field's value is written on it in ink on Light's tint and
/// in white on Dark's, each at WCAG AA contrast.
pub(crate) const LIGHT_FIELD: &str = "#ffffff";
pub(crate) const DARK_FIELD: &str = "#6b7590";

/// The band under the board: the legend of the field overlay, the score and the last action, one
/// line each, from the top down, leaving no gap for a line that is not there.
const FOOTER: f32 = 0.14;
/// The heights of the footer's lines, as shares of the picture's size.
const FOOTER_LINES: [f32; 3] = [1.0 - 0.108, 1.0 - 0.068, 1.0 - 0.028];

/// Where the squares fall in a picture of a given size.
pub(crate) struct Layout {
    /// The side of one square.
    pub side: f32,
    origin: (f32, f32),
    n: usize,
}

impl Layout {
    pub fn new(size: u32, n: usize) -> Layout {
        let s = size as f32;
        // Room for the frame and the coordinates: 0.8 of a square on every side.
        let cells = n as f32 + 1.6;
        let side = (s / cells).min(s * (1.0 - HEADER - FOOTER) / cells);
        let top = s * HEADER;
        let height = s * (1.0 - HEADER - FOOTER);
        let board = side * n as f32;
        Layout {
            side,
            origin: ((s - board) / 2.0, top + (height - board) / 2.0),
            n,
        }
    }

    /// The top-left corner of a square (rank 1 at the bottom).
    fn corner(&self, square: agros::Square) -> (f32, f32) {
        (
            self.origin.0 + self.side * square.file() as f32,
            self.origin.1 + self.side * (self.n - 1 - square.rank()) as f32,
        )
    }

    pub fn centre(&self, square: agros::Square) -> (f32, f32) {
        let (x, y) = self.corner(square);
        (x + self.side / 2.0, y + self.side / 2.0)
    }
}

/// The radius of a farmer's disc.
pub(crate) fn farmer_radius(layout: &Layout) -> f32 {
    0.38 * layout.side
}

/// The picture of a position, in its two layers.
pub(crate) fn draw(
    lang: Language,
    p: &agros::Position,
    last: Option<agros::Action>,
    size: u32,
    fields: Option<&FieldLegend>,
) -> Layers {
    Layers {
        base: base(size, p.size()),
        top: top(lang, p, last, size, fields),
    }
}

/// The frame, the empty grid and the coordinates: the same for every position on this board.
pub(crate) fn base(size: u32, n: usize) -> String {
    let layout = Layout::new(size, n);
    let q = layout.side;
    let mut svg = Svg::new();
    let board = q * n as f32;
    let frame = 0.16 * q;
    svg.rect(
        layout.origin.0 - frame,
        layout.origin.1 - frame,
        board + 2.0 * frame,
        board + 2.0 * frame,
        Paint::with_stroke(FRAME, FRAME_EDGE, 0.04 * q),
    );
    for rank in 0..n {
        for file in 0..n {
            let square = agros::Square::new(file, rank).expect("on the grid");
            draw_square(&mut svg, &layout, square, BOARD);
        }
    }
    coordinates(&mut svg, &layout);
    svg.finish()
}

fn draw_square(svg: &mut Svg, layout: &Layout, square: agros::Square, fill: &str) {
    let q = layout.side;
    let (x, y) = layout.corner(square);
    svg.rect(
        x,
        y,
        q,
        q,
        Paint::with_stroke(fill, GRID_LINE, GRID_WIDTH * q),
    );
}

/// What changes with the position: texts, highlighted and tinted squares, pieces, the arrow.
/// With `fields` (the legend's words), each field is tinted by its controller.
pub(crate) fn top(
    lang: Language,
    p: &agros::Position,
    last: Option<agros::Action>,
    size: u32,
    fields: Option<&FieldLegend>,
) -> String {
    let s = size as f32;
    let layout = Layout::new(size, p.size());
    let q = layout.side;
    let mut svg = Svg::new();
    header(
        &mut svg,
        s,
        &caption::agros_title(lang, p),
        &caption::agros_status(lang, p),
    );
    let score = fields.map(|_| p.score());
    square_fills(&mut svg, &layout, p, last, score.as_ref());
    pieces(&mut svg, &layout, p);
    if let Some(score) = &score {
        field_values(&mut svg, &layout, score);
    }
    if let Some(agros::Action::Harvest { from, to } | agros::Action::Sow { from, to }) = last {
        svg.arrow(
            layout.centre(from),
            layout.centre(to),
            (0.26 * q, farmer_radius(&layout) + 0.05 * q),
            0.11 * q,
            matches!(last, Some(agros::Action::Sow { .. })),
        );
    }
    footer(&mut svg, lang, p, last, s, fields.zip(score.as_ref()));
    svg.finish()
}

/// The squares that differ from the base's empty grid: those of the last action, and with a
/// `score` (the field overlay) the fields' tints.
fn square_fills(
    svg: &mut Svg,
    layout: &Layout,
    p: &agros::Position,
    last: Option<agros::Action>,
    score: Option<&agros::Score>,
) {
    let n = p.size();
    let q = layout.side;
    let marked: Vec<agros::Square> = match last {
        Some(agros::Action::Place(a)) => vec![a],
        Some(agros::Action::PlaceTwo(a, b)) => vec![a, b],
        Some(agros::Action::Harvest { from, to } | agros::Action::Sow { from, to }) => {
            vec![from, to]
        }
        Some(agros::Action::Pass) | None => Vec::new(),
    };
    let mut tint = vec![None; n * n];
    if let Some(score) = score {
        for field in &score.fields {
            for square in &field.squares {
                tint[square.rank() * n + square.file()] = field.controller;
            }
        }
    }
    // Only squares that differ from the base's empty grid are drawn again, inside its grid lines
    // (which stay visible) and without a stroke of their own, which halves their drawing cost.
    let inset = GRID_WIDTH * q / 2.0;
    for square in p.squares() {
        let fill = if marked.contains(&square) {
            palette::LAST_CELL
        } else {
            match tint[square.rank() * n + square.file()] {
                Some(Seat::First) => LIGHT_FIELD,
                Some(Seat::Second) => DARK_FIELD,
                None => continue,
            }
        };
        let (x, y) = layout.corner(square);
        svg.rect(
            x + inset,
            y + inset,
            q - 2.0 * inset,
            q - 2.0 * inset,
            Paint::fill(fill),
        );
    }
}

/// The loose seeds and the farmers.
fn pieces(svg: &mut Svg, layout: &Layout, p: &agros::Position) {
    let q = layout.side;
    for square in p.squares() {
        let (x, y) = layout.centre(square);
        match p.content(square) {
            Some(agros::Content::Seed(seat)) => {
                let (body, edge) = colours(seat);
                svg.piece(&square.to_string(), seat, "seed", false, |svg| {
                    svg.ellipse(
                        x,
                        y,
                        0.19 * q,
                        0.115 * q,
                        -35.0,
                        Paint::with_stroke(body, edge, 0.035 * q),
                    )
                });
            }
            Some(agros::Content::Farmer { seat, harvest }) => {
                svg.piece(&square.to_string(), seat, "farmer", false, |svg| {
                    draw_farmer(svg, layout, (x, y), seat, harvest)
                })
            }
            None => {}
        }
    }
}

/// The value of each controlled field, on its [`label_square`].
fn field_values(svg: &mut Svg, layout: &Layout, score: &agros::Score) {
    let q = layout.side;
    for field in score.fields.iter().filter(|f| f.controller.is_some()) {
        let (x, y) = layout.centre(label_square(field));
        let ink = match field.controller {
            Some(Seat::Second) => "#ffffff",
            _ => palette::INK,
        };
        svg.text(
            x,
            y,
            0.36 * q,
            ink,
            Anchor::Middle,
            &field.value.to_string(),
        );
    }
}

/// The lines under the board, from the top down: the legend of the field overlay (with its
/// words and the score it shows), the score, and the last action.
fn footer(
    svg: &mut Svg,
    lang: Language,
    p: &agros::Position,
    last: Option<agros::Action>,
    s: f32,
    overlay: Option<(&FieldLegend, &agros::Score)>,
) {
    let footer_font = 0.027 * s;
    let mut lines = FOOTER_LINES.iter().map(|share| share * s);
    if let Some((words, score)) = overlay {
        let mut entries = vec![
            (LIGHT_FIELD, words.light.as_str()),
            (DARK_FIELD, words.dark.as_str()),
        ];
        if score.fields.iter().any(|f| f.controller.is_none()) {
            entries.push((BOARD, words.nobody.as_str()));
        }
        svg.legend(
            (0.03 * s, lines.next().expect("three footer lines")),
            (footer_font, 0.94 * s),
            &words.title,
            &entries,
            GRID_LINE,
        );
    }
    // Before the movement phase the fields mean nothing yet, so the score would only mislead.
    if !p.in_opening() {
        let y = lines.next().expect("three footer lines");
        footer_line(svg, s, y, footer_font, &caption::agros_score(lang, p));
    }
    if let Some(action) = last {
        let text = caption::last_action(lang, GameKind::Agros, p.to_act(), &action.to_string());
        let y = lines.next().expect("three footer lines");
        footer_line(svg, s, y, footer_font, &text);
    }
}

fn colours(seat: Seat) -> (&'static str, &'static str) {
    match seat {
        Seat::First => (palette::LIGHT_PIECE, palette::LIGHT_EDGE),
        Seat::Second => (palette::DARK_PIECE, palette::DARK_EDGE),
    }
}

/// A farmer: one disc per piece of its stack (at most four drawn, each a little higher), the top
/// one carrying the harvest.
fn draw_farmer(svg: &mut Svg, layout: &Layout, (x, y): (f32, f32), seat: Seat, harvest: u8) {
    let q = layout.side;
    let radius = farmer_radius(layout);
    let (body, edge) = colours(seat);
    let layers = usize::from(harvest.clamp(1, 4)) - 1;
    let lift = 0.055 * q;
    // The stack grows upward from slightly below the centre, so the top disc stays near the
    // middle of the square at every height.
    let base = y + lift * layers as f32 / 2.0;
    for i in 0..=layers {
        let cy = base - lift * i as f32;
        svg.circle(x, cy, radius, Paint::with_stroke(body, edge, 0.045 * q));
    }
    let top = base - lift * layers as f32;
    let ink = match seat {
        Seat::First => palette::INK,
        Seat::Second => "#ffffff",
    };
    let font = if harvest >= 10 { 0.36 * q } else { 0.44 * q };
    svg.text(x, top, font, ink, Anchor::Middle, &harvest.to_string());
}

/// Files along the top and bottom, ranks along both sides.
fn coordinates(svg: &mut Svg, layout: &Layout) {
    let q = layout.side;
    let n = layout.n;
    let font = 0.32 * q;
    let gap = 0.5 * q;
    let (left, top) = layout.origin;
    let (right, bottom) = (left + q * n as f32, top + q * n as f32);
    for i in 0..n {
        let letter = ((b'a' + i as u8) as char).to_string();
        let x = left + q * (i as f32 + 0.5);
        svg.text(
            x,
            top - gap,
            font,
            palette::COORDINATE,
            Anchor::Middle,
            &letter,
        );
        svg.text(
            x,
            bottom + gap,
            font,
            palette::COORDINATE,
            Anchor::Middle,
            &letter,
        );
        let rank = (n - i).to_string();
        let y = top + q * (i as f32 + 0.5);
        svg.text(
            left - gap,
            y,
            font,
            palette::COORDINATE,
            Anchor::Middle,
            &rank,
        );
        svg.text(
            right + gap,
            y,
            font,
            palette::COORDINATE,
            Anchor::Middle,
            &rank,
        );
    }
}

/// The square of a field that carries its value: the one nearest the field's middle.
pub(crate) fn label_square(field: &agros::Field) -> agros::Square {
    let count = field.squares.len() as f32;
    let (mf, mr) = field.squares.iter().fold((0.0, 0.0), |(f, r), s| {
        (f + s.file() as f32 / count, r + s.rank() as f32 / count)
    });
    let distance =
        |s: &agros::Square| (s.file() as f32 - mf).powi(2) + (s.rank() as f32 - mr).powi(2);
    *field
        .squares
        .iter()
        .min_by(|a, b| distance(a).total_cmp(&distance(b)))
        .expect("a field has at least one square")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::svg::texts;
    use agora_rules::{AnyPosition, GameKind};

    fn position(text: &str) -> agros::Position {
        match AnyPosition::parse(GameKind::Agros, text).expect("valid") {
            AnyPosition::Agros(p) => p,
            AnyPosition::Agon(_) => unreachable!(),
        }
    }

    /// The legend's text and the fills of its swatches, if the picture has a legend.
    fn legend(svg: &str, title: &str) -> Option<(String, Vec<String>)> {
        let text = texts(svg).into_iter().find(|t| t.text.starts_with(title))?;
        let start = svg
            .find(&format!(">{title}<"))
            .expect("the legend's element");
        let end = svg[start..].find("</text>").expect("a closed text") + start;
        let swatches = svg[start..end]
            .split("<tspan ")
            .skip(1)
            .filter(|span| span.contains("&#x25A0;"))
            .map(|span| {
                let fill = span.split("fill=\"").nth(1).expect("a fill");
                fill[..fill.find('"').expect("a quote")].to_string()
            })
            .collect();
        Some((text.text, swatches))
    }

    #[test]
    fn the_overlay_has_a_legend_in_the_callers_words() {
        // A finished 8×8 game: every field is Light's or Dark's.
        let p = position(
            "..l..D3../.L4l.dddd/lll...../....llll/.L2..lD5../ddddl.../....l.L3./...D1l... d n3 m+",
        );
        let english = FieldLegend::default();
        let svg = top(Language::En, &p, None, 800, Some(&english));
        let (text, swatches) = legend(&svg, "Fields:").expect("a legend");
        assert_eq!(text, "Fields:\u{25A0}Light\u{25A0}Dark");
        assert_eq!(swatches, [LIGHT_FIELD, DARK_FIELD]);
        assert!(legend(&top(Language::En, &p, None, 800, None), "Fields:").is_none());

        // Words from the caller, escaped; the board's colour stands for fields nobody controls
        // (AR-11), listed only when there is one.
        let words = FieldLegend {
            title: "Felder:".into(),
            light: "Hell".into(),
            dark: "Dunkel".into(),
            nobody: "<niemand>".into(),
        };
        let even = position(
            "L1......D1/......../......../......../......../......../......../D1......L1 l n2 m",
        );
        let svg = top(Language::En, &even, None, 800, Some(&words));
        let (text, swatches) = legend(&svg, "Felder:").expect("a legend");
        assert_eq!(text, "Felder:\u{25A0}Hell\u{25A0}Dunkel\u{25A0}<niemand>");
        assert_eq!(swatches, [LIGHT_FIELD, DARK_FIELD, BOARD]);
        assert!(svg.contains("&lt;niemand&gt;"));
    }
}
