//! The Agon picture: 91 pointy-top hexagons in a wooden frame, rings shaded alternately, ring 1 and
//! the throne set apart (they decide the game, AG-11), pieces as discs (a queen larger, with a
//! crown), captured pieces crossed out, and the last action as an arrow between ringed cells, with
//! the pieces it captured ringed in dashes.

use super::{Anchor, HEADER, Layers, Paint, Svg, footer_line, header, palette};
use crate::{caption, last_action};
use agora_i18n::Language;
use agora_rules::{GameKind, Seat, agon};

/// Fill of each ring, from the throne (0) out to the edge (5).
pub(crate) const RING_FILL: [&str; 6] = [
    "#b8923f", "#d3bd88", "#e2d4b0", "#ece2c8", "#e2d4b0", "#ece2c8",
];
const CELL_EDGE: &str = "#9c8963";
const FRAME: &str = "#8a6a43";
const FRAME_EDGE: &str = "#5e4629";
/// The cell names printed in empty cells: quieter than the pieces, yet dark enough to read on
/// every ring's fill (WCAG AA, 4.5:1 on the darkest, ring 1).
const CELL_NAME: &str = "#574829";
/// The throne's name, on its gold.
const THRONE_NAME: &str = "#33270f";

const FOOTER: f32 = 0.06;
/// How far the frame's edges lie beyond the centres of the outer cells, in hexagon radii: one
/// radius for the cells themselves and the rest for the coordinates.
const FRAME_BAND: f32 = 1.8;
/// Coordinates are written on the frame, in a colour that stands out from the wood (WCAG AA).
const FRAME_LABEL: &str = "#fff6dc";
const SQRT3: f32 = 1.732_050_8;
/// The width of the band around a cell of the last action, in hexagon radii.
pub(crate) const BAND: f32 = 0.15;

/// Where the board's cells fall in a picture of a given size.
pub(crate) struct Layout {
    /// Hexagon radius (centre to corner).
    pub r: f32,
    centre: (f32, f32),
}

impl Layout {
    pub fn new(size: u32) -> Layout {
        let s = size as f32;
        // The frame is a regular hexagon whose corners lie 5·√3·r + FRAME_BAND/cos 30° from the
        // centre and whose edges lie 7.5 r + FRAME_BAND from it; leave a little air around it.
        let half_width = 5.0 * SQRT3 + FRAME_BAND * 2.0 / SQRT3;
        let by_width = s / (2.0 * half_width + 0.4);
        let by_height = s * (1.0 - HEADER - FOOTER) / (2.0 * (7.5 + FRAME_BAND) + 0.2);
        let r = by_width.min(by_height);
        let top = s * HEADER;
        let bottom = s * (1.0 - FOOTER);
        Layout {
            r,
            centre: (s / 2.0, (top + bottom) / 2.0),
        }
    }

    /// The centre of a cell, from its axial coordinates (AG-2, r growing downward).
    pub fn centre(&self, cell: agon::Cell) -> (f32, f32) {
        let (q, r) = cell.axial();
        let w = SQRT3 * self.r;
        (
            self.centre.0 + w * (q as f32 + r as f32 / 2.0),
            self.centre.1 + 1.5 * self.r * r as f32,
        )
    }

    /// The corners of a pointy-top hexagon of radius `radius` around a point.
    fn hexagon(&self, (x, y): (f32, f32), radius: f32) -> [(f32, f32); 6] {
        std::array::from_fn(|i| {
            let angle = std::f32::consts::PI / 180.0 * (60.0 * i as f32 - 90.0);
            (x + radius * angle.cos(), y + radius * angle.sin())
        })
    }
}

/// The radius of a piece's disc.
pub(crate) fn piece_radius(layout: &Layout, kind: agon::Kind) -> f32 {
    match kind {
        agon::Kind::Queen => 0.72 * layout.r,
        agon::Kind::Guard => 0.56 * layout.r,
    }
}

/// The body colour of a side's pieces.
pub(crate) fn piece_fill(seat: Seat) -> &'static str {
    match seat {
        Seat::First => palette::LIGHT_PIECE,
        Seat::Second => palette::DARK_PIECE,
    }
}

/// The picture of a position, in its two layers.
pub(crate) fn draw(
    lang: Language,
    p: &agon::Position,
    last: Option<agon::Action>,
    size: u32,
) -> Layers {
    Layers {
        base: base(size),
        top: top(lang, p, last, size),
    }
}

/// The frame, the cells with their names, and the coordinates: the same for every position.
pub(crate) fn base(size: u32) -> String {
    let layout = Layout::new(size);
    let r = layout.r;
    let mut svg = Svg::new();

    // The frame: the flat-topped hexagon through the six corner cells, its edges pushed outward
    // by FRAME_BAND (its corners by FRAME_BAND / cos 30°).
    let corners = ["k1", "k6", "f11", "a6", "a1", "f1"].map(|name| {
        let (x, y) = layout.centre(name.parse().expect("a corner cell"));
        let (dx, dy) = (x - layout.centre.0, y - layout.centre.1);
        let scale = 1.0 + FRAME_BAND * 2.0 / SQRT3 * r / (dx * dx + dy * dy).sqrt();
        (layout.centre.0 + dx * scale, layout.centre.1 + dy * scale)
    });
    svg.polygon(&corners, Paint::with_stroke(FRAME, FRAME_EDGE, 0.08 * r));

    // Every cell shows its name; a piece's disc is wide enough to hide it.
    for cell in agon::Cell::all() {
        draw_cell(&mut svg, &layout, cell, RING_FILL[cell.ring() as usize]);
    }
    coordinates(&mut svg, &layout);
    svg.finish()
}

fn draw_cell(svg: &mut Svg, layout: &Layout, cell: agon::Cell, fill: &str) {
    let r = layout.r;
    let centre = layout.centre(cell);
    svg.polygon(
        &layout.hexagon(centre, r * 0.98),
        Paint::with_stroke(fill, CELL_EDGE, 0.05 * r),
    );
    let name_colour = if cell == agon::Cell::THRONE {
        THRONE_NAME
    } else {
        CELL_NAME
    };
    svg.text(
        centre.0,
        centre.1,
        0.34 * r,
        name_colour,
        Anchor::Middle,
        &cell.to_string(),
    );
}

/// What changes with the position: texts, the last action's cells and arrow, and the pieces.
pub(crate) fn top(
    lang: Language,
    p: &agon::Position,
    last: Option<agon::Action>,
    size: u32,
) -> String {
    let s = size as f32;
    let layout = Layout::new(size);
    let r = layout.r;
    let mut svg = Svg::new();
    header(&mut svg, s, "Agon", &caption::agon_status(lang, p));

    for (cell, piece) in p.pieces() {
        let kind = match piece.kind {
            agon::Kind::Queen => "queen",
            agon::Kind::Guard => "guard",
        };
        svg.piece(&cell.to_string(), piece.seat, kind, piece.captured, |svg| {
            draw_piece(svg, &layout, layout.centre(cell), piece)
        });
    }

    if let Some(action) = last {
        // Bands along the cells' edges, over the pieces' shadows: each cell keeps its own fill,
        // so the throne stays gold and ring 1 stays set apart.
        for cell in [action.from(), action.to()] {
            band(&mut svg, &layout, cell, palette::LAST_ARROW, None);
        }
        for cell in last_action::agon_captures(p, action) {
            band(&mut svg, &layout, cell, palette::CAPTURE, Some(0.42 * r));
        }
        let to = action.to();
        let stop = p.piece_at(to).map_or(0.3 * r, |piece| {
            piece_radius(&layout, piece.kind) + 0.04 * r
        });
        svg.arrow(
            layout.centre(action.from()),
            layout.centre(to),
            (0.3 * r, stop),
            0.16 * r,
            matches!(action, agon::Action::Return { .. }),
        );
        let text = caption::last_action(lang, GameKind::Agon, p.to_act(), &action.to_string());
        footer_line(&mut svg, s, s * (1.0 - FOOTER / 2.0), 0.027 * s, &text);
    }
    svg.finish()
}

/// A band along the edge of a cell that the last action touched, solid or dashed (told apart by
/// shape as well as colour). It lies on the edge the cell shares with its neighbours, half in the
/// cell and half in theirs, so it leaves the cell's own fill around a piece visible.
fn band(svg: &mut Svg, layout: &Layout, cell: agon::Cell, colour: &str, dash: Option<f32>) {
    let r = layout.r;
    let corners = layout.hexagon(layout.centre(cell), r);
    svg.outline(&corners, colour, BAND * r, dash);
}

/// The labels on the frame, each naming the cell it stands beside (AG-2: a cell's name is its row
/// letter and its number counted from the left of its row): the row letter left of each row's
/// first cell, the number of each row's last cell right of it, and the numbers of rows k and a
/// above and below their cells. So `10` ends row e, whose last cell is e10, and a reader can name
/// any cell by its row and by counting from either end.
fn coordinates(svg: &mut Svg, layout: &Layout) {
    for (at, text) in edge_labels(layout) {
        svg.text(
            at.0,
            at.1,
            0.42 * layout.r,
            FRAME_LABEL,
            Anchor::Middle,
            &text,
        );
    }
}

/// Where each label of [`coordinates`] stands, with its text.
fn edge_labels(layout: &Layout) -> Vec<((f32, f32), String)> {
    let r = layout.r;
    let mut labels = Vec::new();
    for row in 0..11 {
        let mut cells = agon::Cell::all().filter(|c| c.row() == row);
        let first = cells.next().expect("every row has cells");
        let last = cells.last().expect("every row has more than one cell");
        let (x, y) = layout.centre(first);
        let letter = ((b'a' + row as u8) as char).to_string();
        labels.push(((x - 1.45 * r, y), letter));
        // Two digits need a little more room from the cell than one letter.
        let (x, y) = layout.centre(last);
        labels.push(((x + 1.55 * r, y), last.number().to_string()));
    }
    for cell in agon::Cell::all() {
        let (x, y) = layout.centre(cell);
        match cell.row() {
            0 => labels.push(((x, y + 1.4 * r), cell.number().to_string())),
            10 => labels.push(((x, y - 1.4 * r), cell.number().to_string())),
            _ => {}
        }
    }
    labels
}

fn draw_piece(svg: &mut Svg, layout: &Layout, (x, y): (f32, f32), piece: agon::Piece) {
    let r = layout.r;
    let radius = piece_radius(layout, piece.kind);
    let body = piece_fill(piece.seat);
    let (edge, detail) = match piece.seat {
        Seat::First => (palette::LIGHT_EDGE, palette::LIGHT_EDGE),
        Seat::Second => (palette::DARK_EDGE, palette::DARK_DETAIL),
    };
    // A soft shadow lifts the pieces off the board.
    svg.circle(x + 0.05 * r, y + 0.08 * r, radius, Paint::fill("#00000033"));
    svg.circle(x, y, radius, Paint::with_stroke(body, edge, 0.07 * r));
    match piece.kind {
        agon::Kind::Guard => {
            svg.circle(
                x,
                y,
                0.6 * radius,
                Paint::with_stroke("none", detail, 0.07 * r),
            );
        }
        agon::Kind::Queen => {
            // A three-pointed crown in the upper part of the disc; the lower part keeps the body
            // colour, so the side is still read from the disc itself.
            let k = radius;
            let crown: Vec<(f32, f32)> = [
                (-0.5, 0.22),
                (-0.58, -0.42),
                (-0.27, -0.12),
                (0.0, -0.58),
                (0.27, -0.12),
                (0.58, -0.42),
                (0.5, 0.22),
            ]
            .iter()
            .map(|(cx, cy)| (x + cx * k, y + cy * k))
            .collect();
            svg.polygon(&crown, Paint::with_stroke(detail, detail, 0.03 * r));
            svg.rect(
                x - 0.5 * k,
                y + 0.3 * k,
                1.0 * k,
                0.14 * k,
                Paint::fill(detail),
            );
        }
    }
    if piece.captured {
        svg.captured_cross(x, y, radius);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::svg::texts;

    #[test]
    fn every_edge_label_names_the_cell_beside_it() {
        // AG-2: a cell is its row letter and its number from the left of its row. Read the labels
        // back from the drawing, find the cell nearest to each, and check the label names it:
        // a letter its row, a number its number.
        for size in [400, 800, 1200] {
            let layout = Layout::new(size);
            let r = layout.r;
            let labels: Vec<_> = texts(&base(size))
                .into_iter()
                .filter(|t| t.fill == FRAME_LABEL)
                .collect();
            assert_eq!(
                labels.len(),
                2 * 11 + 2 * 6,
                "a letter and a number per row, rows a and k"
            );
            let mut named = Vec::new();
            for label in &labels {
                let distance = |c: &agon::Cell| {
                    let (x, y) = layout.centre(*c);
                    ((x - label.x).powi(2) + (y - label.y).powi(2)).sqrt()
                };
                let cell = agon::Cell::all()
                    .min_by(|a, b| distance(a).total_cmp(&distance(b)))
                    .expect("cells");
                let name = cell.to_string();
                let (x, y) = layout.centre(cell);
                assert_eq!(cell.ring(), 5, "{} beside {name}: on the frame", label.text);
                assert!(distance(&cell) < 1.6 * r, "{} far from {name}", label.text);
                if label.text.chars().all(|c| c.is_ascii_lowercase()) {
                    assert_eq!(label.text, name[..1], "a row letter beside {name}");
                    assert!(label.x < x && (label.y - y).abs() < 0.1, "left of {name}");
                } else {
                    assert_eq!(label.text, cell.number().to_string(), "beside {name}");
                    let last = agon::Cell::from_row_number(cell.row(), cell.number() + 1).is_none();
                    let right = last && label.x > x && (label.y - y).abs() < 0.1;
                    let above = cell.row() == 10 && label.y < y && (label.x - x).abs() < 0.1;
                    let below = cell.row() == 0 && label.y > y && (label.x - x).abs() < 0.1;
                    assert!(
                        right || above || below,
                        "{} in line with {name}",
                        label.text
                    );
                }
                named.push((cell, label.text.clone()));
            }
            // Every row has its letter and the number of its last cell; rows k and a every number.
            for row in 0..11 {
                let cells: Vec<_> = agon::Cell::all().filter(|c| c.row() == row).collect();
                let (first, last) = (cells[0], cells[cells.len() - 1]);
                assert!(
                    named
                        .iter()
                        .any(|(c, t)| *c == first && t.len() == 1 && t != "1")
                );
                assert!(named.contains(&(last, last.number().to_string())), "{last}");
                if row == 0 || row == 10 {
                    for cell in cells {
                        assert!(named.contains(&(cell, cell.number().to_string())), "{cell}");
                    }
                }
            }
            // The issue that prompted this test: row e ends at e10, so its label is 10.
            let e10: agon::Cell = "e10".parse().expect("a cell");
            assert!(named.contains(&(e10, "10".to_string())));
            assert!(!named.iter().any(|(c, t)| c.row() == 4 && t == "11"));
        }
    }
}
