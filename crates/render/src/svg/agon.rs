//! The Agon picture: 91 pointy-top hexagons in a wooden frame, rings shaded alternately, ring 1 and
//! the throne set apart (they decide the game, AG-11), pieces as discs (a queen larger, with a
//! crown), captured pieces crossed out, and the last action as an arrow between highlighted cells.

use super::{Anchor, HEADER, Layers, Paint, Svg, header, palette};
use crate::caption;
use agora_rules::{GameKind, Seat, agon};

/// Fill of each ring, from the throne (0) out to the edge (5).
pub(crate) const RING_FILL: [&str; 6] = [
    "#b8923f", "#d3bd88", "#e2d4b0", "#ece2c8", "#e2d4b0", "#ece2c8",
];
const CELL_EDGE: &str = "#9c8963";
const FRAME: &str = "#8a6a43";
const FRAME_EDGE: &str = "#5e4629";
/// The faint cell names printed in empty cells.
const CELL_NAME: &str = "#a79673";

const FOOTER: f32 = 0.06;
/// How far the frame's edges lie beyond the centres of the outer cells, in hexagon radii: one
/// radius for the cells themselves and the rest for the coordinates.
const FRAME_BAND: f32 = 1.8;
/// Coordinates are written on the frame, in a colour that stands out from the wood.
const FRAME_LABEL: &str = "#f3e6c4";
const SQRT3: f32 = 1.732_050_8;

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

    /// A point `distance` away from `from` in the direction of axial step (dq, dr).
    fn beyond(&self, from: (f32, f32), (dq, dr): (f32, f32), distance: f32) -> (f32, f32) {
        let w = SQRT3 * self.r;
        let (dx, dy) = (w * (dq + dr / 2.0), 1.5 * self.r * dr);
        let length = (dx * dx + dy * dy).sqrt();
        (
            from.0 + dx / length * distance,
            from.1 + dy / length * distance,
        )
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
pub(crate) fn draw(p: &agon::Position, last: Option<agon::Action>, size: u32) -> Layers {
    Layers {
        base: base(size),
        top: top(p, last, size),
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
        "#7d6128"
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
pub(crate) fn top(p: &agon::Position, last: Option<agon::Action>, size: u32) -> String {
    let s = size as f32;
    let layout = Layout::new(size);
    let r = layout.r;
    let mut svg = Svg::new();
    header(&mut svg, s, "Agon", &caption::agon_status(p));

    if let Some(action) = last {
        for cell in [action.from(), action.to()] {
            draw_cell(&mut svg, &layout, cell, palette::LAST_CELL);
        }
    }

    for (cell, piece) in p.pieces() {
        draw_piece(&mut svg, &layout, layout.centre(cell), piece);
    }

    if let Some(action) = last {
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
        let text = caption::last_action(GameKind::Agon, p.to_act(), &action.to_string());
        svg.text(
            0.03 * s,
            s * (1.0 - FOOTER / 2.0),
            0.027 * s,
            palette::INK,
            Anchor::Start,
            &text,
        );
    }
    svg.finish()
}

/// Row letters along the left edge, and cell numbers where the board's diagonals leave it: a
/// number is constant along up-right lines in the upper half and down-right lines in the lower
/// half (AG-2), so 1–6 stand above row k and below row a, and 7–11 down the right-hand edges.
fn coordinates(svg: &mut Svg, layout: &Layout) {
    let r = layout.r;
    let font = 0.42 * r;
    let label = |svg: &mut Svg, at: (f32, f32), text: &str| {
        svg.text(at.0, at.1, font, FRAME_LABEL, Anchor::Middle, text);
    };
    for row in 0..11 {
        let first = agon::Cell::from_row_number(row, 1).expect("every row has a first cell");
        let at = layout.centre(first);
        let letter = ((b'a' + row as u8) as char).to_string();
        label(svg, (at.0 - 1.45 * r, at.1), &letter);
    }
    let up_right = (1.0, -1.0);
    let down_right = (0.0, 1.0);
    for number in 1..=11 {
        // The last cell of diagonal `number` in each half: on row k/a for 1–6, else on the edge.
        let (upper, lower) = if number <= 6 {
            (10, 0)
        } else {
            (16 - number, number - 6)
        };
        for (row, direction) in [(upper, up_right), (lower, down_right)] {
            let cell = agon::Cell::from_row_number(row, number).expect("the diagonal's end");
            let at = layout.beyond(layout.centre(cell), direction, 1.45 * r);
            label(svg, at, &number.to_string());
        }
    }
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
