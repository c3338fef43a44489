//! Pixel checks on decoded PNGs: the geometry comes from the same layouts the drawing uses, the
//! expected colours from the same palette, so the tests say "a queen's cell shows the queen's
//! colour" rather than pinning bytes.

use crate::svg::{agon as agon_svg, agros as agros_svg, palette, rgb};
use crate::{PngOptions, RenderError, png};
use agora_rules::{AnyAction, AnyPosition, GameKind, Seat, Variant, agon, agros};

struct Image {
    width: u32,
    height: u32,
    channels: usize,
    pixels: Vec<u8>,
}

impl Image {
    fn decode(bytes: &[u8]) -> Image {
        let mut decoder = ::png::Decoder::new(std::io::Cursor::new(bytes));
        decoder.set_transformations(::png::Transformations::normalize_to_color8());
        let mut reader = decoder.read_info().expect("a PNG header");
        let mut buf = vec![0; reader.output_buffer_size().expect("a buffer size")];
        let info = reader.next_frame(&mut buf).expect("a PNG frame");
        let channels = match info.color_type {
            ::png::ColorType::Rgb => 3,
            ::png::ColorType::Rgba => 4,
            other => panic!("unexpected colour type {other:?}"),
        };
        buf.truncate(info.buffer_size());
        Image {
            width: info.width,
            height: info.height,
            channels,
            pixels: buf,
        }
    }

    fn at(&self, (x, y): (f32, f32)) -> [u8; 3] {
        let (x, y) = (x.round() as usize, y.round() as usize);
        let i = self.channels * (y * self.width as usize + x);
        [self.pixels[i], self.pixels[i + 1], self.pixels[i + 2]]
    }

    #[track_caller]
    fn assert_colour(&self, point: (f32, f32), hex: &str, what: &str) {
        let got = self.at(point);
        let want = rgb(hex);
        let close = got.iter().zip(want).all(|(g, w)| g.abs_diff(w) <= 3);
        assert!(
            close,
            "{what} at {point:?}: got {got:?}, want {want:?} ({hex})"
        );
    }
}

fn render(position: &AnyPosition, last: Option<AnyAction>, overlay: bool) -> Image {
    let options = PngOptions {
        size: 800,
        field_overlay: overlay,
        ..PngOptions::default()
    };
    let image = Image::decode(&png(position, last, &options).expect("a picture"));
    assert_eq!((image.width, image.height), (800, 800));
    image
}

fn cell(name: &str) -> agon::Cell {
    name.parse().expect("a cell name")
}

fn agon_after(actions: &[&str]) -> (AnyPosition, Option<AnyAction>) {
    let mut position = Variant::Agon.start();
    let mut last = None;
    for text in actions {
        let action = position.parse_action(text).expect("legal");
        position.play_unchecked(action);
        last = Some(action);
    }
    (position, last)
}

#[test]
fn agon_pieces_and_empty_cells_show_their_colours() {
    let (position, _) = agon_after(&[]);
    let image = render(&position, None, false);
    let layout = agon_svg::Layout::new(800);
    let r = layout.r;
    // Below the crown, a queen's disc shows its side's colour.
    let queen = agon_svg::piece_radius(&layout, agon::Kind::Queen);
    for (name, seat) in [("k1", Seat::First), ("a6", Seat::Second)] {
        let (x, y) = layout.centre(cell(name));
        image.assert_colour((x, y + 0.62 * queen), agon_svg::piece_fill(seat), "queen");
    }
    // A guard's disc, between its inner ring and its edge.
    let guard = agon_svg::piece_radius(&layout, agon::Kind::Guard);
    let (x, y) = layout.centre(cell("a2"));
    image.assert_colour((x + 0.8 * guard, y), palette::DARK_PIECE, "black guard");
    // Empty cells show their ring's shade away from the faint cell name; the throne its own.
    for name in ["c4", "d5", "e5", "f6", "k2"] {
        let c = cell(name);
        let (x, y) = layout.centre(c);
        image.assert_colour(
            (x, y - 0.6 * r),
            agon_svg::RING_FILL[c.ring() as usize],
            name,
        );
    }
    // The frame's corner, outside every cell, is wood.
    let (x, y) = layout.centre(cell("f1"));
    image.assert_colour((x - 1.3 * r, y - 0.9 * r), "#8a6a43", "frame");
}

/// How many of `samples` points evenly spread along the edge of `name`'s hexagon show
/// `hex`.
fn on_edge(image: &Image, layout: &agon_svg::Layout, name: &str, hex: &str) -> usize {
    let (x, y) = layout.centre(cell(name));
    let want = rgb(hex);
    let samples = 120;
    (0..samples)
        .filter(|&i| {
            // Along the six sides, corner to corner.
            let t = i as f32 / samples as f32 * 6.0;
            let corner = |k: f32| {
                let a = std::f32::consts::PI / 3.0 * k - std::f32::consts::FRAC_PI_2;
                (x + layout.r * a.cos(), y + layout.r * a.sin())
            };
            let (k, f) = (t.floor(), t.fract());
            let (p, q) = (corner(k), corner(k + 1.0));
            let got = image.at((p.0 + (q.0 - p.0) * f, p.1 + (q.1 - p.1) * f));
            got.iter().zip(want).all(|(g, w)| g.abs_diff(w) <= 3)
        })
        .count()
}

#[test]
fn agon_marks_captures_and_the_last_action() {
    // 1. a4-a5 a6-b7 2. a5-a6xb7: the black queen stands captured on b7.
    let (position, last) = agon_after(&["a4-a5", "a6-b7", "a5-a6"]);
    let image = render(&position, last, false);
    let layout = agon_svg::Layout::new(800);
    let r = layout.r;
    let queen = agon_svg::piece_radius(&layout, agon::Kind::Queen);
    let (x, y) = layout.centre(cell("b7"));
    let d = 0.62 * queen * 0.4;
    image.assert_colour((x + d, y + d), palette::CAPTURE, "captured cross");
    // The cell the guard left and the one it reached are ringed by a band on their edges,
    // and keep their ring's fill inside (away from the name and the arrow).
    let (x, y) = layout.centre(cell("a5"));
    image.assert_colour((x - 0.866 * r, y), palette::LAST_ARROW, "band of a5");
    image.assert_colour((x, y - 0.6 * r), agon_svg::RING_FILL[5], "inside a5");
    let guard = agon_svg::piece_radius(&layout, agon::Kind::Guard);
    let (x, y) = layout.centre(cell("a6"));
    image.assert_colour((x + 0.8 * guard, y), palette::LIGHT_PIECE, "moved guard");
    image.assert_colour((x + 0.866 * r, y), palette::LAST_ARROW, "band of a6");
    image.assert_colour((x, y - 0.8 * r), agon_svg::RING_FILL[5], "inside a6");
    // The captured queen's cell has a dashed band of the capture colour (and the blue of a6
    // only on the side it shares with a6); a cell away from the action has no band.
    let dashed = on_edge(&image, &layout, "b7", palette::CAPTURE);
    assert!(
        (25..=90).contains(&dashed),
        "{dashed} of 120 points on b7's edge"
    );
    assert!(on_edge(&image, &layout, "b7", palette::LAST_ARROW) <= 20);
    for name in ["c5", "d7", "k2"] {
        assert_eq!(
            on_edge(&image, &layout, name, palette::CAPTURE),
            0,
            "{name}"
        );
        assert_eq!(
            on_edge(&image, &layout, name, palette::LAST_ARROW),
            0,
            "{name}"
        );
    }
}

#[test]
fn agon_throne_keeps_its_gold_when_highlighted() {
    let layout = agon_svg::Layout::new(800);
    let r = layout.r;
    let gold = agon_svg::RING_FILL[0];
    let (x, y) = layout.centre(agon::Cell::THRONE);
    // The captured black queen returns to the throne (AG-10): the band rings the throne,
    // and gold shows between it and the queen.
    let (position, last) = agon_after(&["a4-a5", "a6-b7", "a5-a6", "b7=f6"]);
    let image = render(&position, last, false);
    assert!(on_edge(&image, &layout, "f6", palette::LAST_ARROW) > 100);
    for angle in [-90.0f32, -30.0, 30.0, 90.0, 150.0, 210.0] {
        // Towards each corner, past the queen's disc and short of the band.
        let a = angle.to_radians();
        let point = (x + 0.84 * r * a.cos(), y + 0.84 * r * a.sin());
        image.assert_colour(point, gold, &format!("throne towards {angle} degrees"));
    }

    // The queen is captured on the throne (the rules' example), then returned from it: the
    // throne is a captured cell, then the cell a return left, and stays gold both times.
    let piece = |seat, kind| agon::Piece {
        seat,
        kind,
        captured: false,
    };
    let (queen, guard) = (agon::Kind::Queen, agon::Kind::Guard);
    let pieces = [
        ("f6", piece(Seat::Second, queen)),
        ("a1", piece(Seat::First, queen)),
        ("e5", piece(Seat::First, guard)),
        ("g7", piece(Seat::First, guard)),
        ("a3", piece(Seat::First, guard)),
        ("a4", piece(Seat::First, guard)),
        ("a5", piece(Seat::First, guard)),
        ("b1", piece(Seat::First, guard)),
        ("k1", piece(Seat::Second, guard)),
        ("k2", piece(Seat::Second, guard)),
        ("k3", piece(Seat::Second, guard)),
        ("k4", piece(Seat::Second, guard)),
        ("k5", piece(Seat::Second, guard)),
        ("k6", piece(Seat::Second, guard)),
    ];
    let p =
        agon::Position::from_pieces(pieces.map(|(name, piece)| (cell(name), piece)), Seat::First)
            .expect("a valid position");
    let mut position = AnyPosition::Agon(p);
    for (text, band) in [("g7-g6", palette::CAPTURE), ("f6=c4", palette::LAST_ARROW)] {
        let action = position.parse_action(text).expect("legal");
        position.play(action).expect("legal");
        let image = render(&position, Some(action), false);
        assert!(on_edge(&image, &layout, "f6", band) > 25, "{text}");
        let point = (x - 0.84 * r * 0.866, y - 0.84 * r * 0.5);
        image.assert_colour(point, gold, &format!("throne after {text}"));
    }
    // With the throne empty, its whole inside is gold, away from its name.
    let image = render(&position, None, false);
    image.assert_colour((x, y - 0.6 * r), gold, "empty throne");
}

/// A finished 8×8 game: Dark passed, then Light passed (AR-9).
fn agros_finished() -> AnyPosition {
    let text =
        "..l..D3../.L4l.dddd/lll...../....llll/.L2..lD5../ddddl.../....l.L3./...D1l... l n3 m+";
    let mut position = AnyPosition::parse(GameKind::Agros, text).expect("valid");
    let pass = position.parse_action("pass").expect("legal");
    position.play_unchecked(pass);
    position
}

#[test]
fn agros_overlay_tints_fields_by_controller() {
    let position = agros_finished();
    let AnyPosition::Agros(p) = &position else {
        unreachable!()
    };
    let layout = agros_svg::Layout::new(800, p.size());
    let q = layout.side;
    let with = render(&position, None, true);
    let without = render(&position, None, false);
    let score = p.score();
    let mut seen = [false; 2];
    for field in &score.fields {
        let tint = match field.controller {
            Some(Seat::First) => agros_svg::LIGHT_FIELD,
            Some(Seat::Second) => agros_svg::DARK_FIELD,
            None => agros_svg::BOARD,
        };
        if let Some(seat) = field.controller {
            seen[seat.index()] = true;
        }
        for &square in &field.squares {
            // A corner of the square, clear of the value printed in its middle.
            let (x, y) = layout.centre(square);
            let point = (x - 0.3 * q, y - 0.3 * q);
            with.assert_colour(point, tint, &format!("field at {square}"));
            without.assert_colour(point, agros_svg::BOARD, &format!("board at {square}"));
        }
    }
    assert_eq!(
        seen,
        [true, true],
        "the test position has fields of both sides"
    );
}

/// The CIE 1976 distance between two colours (CIELAB, D65): about 2 is just noticeable,
/// and two flat areas side by side read as plainly different from about 20.
fn delta_e(a: [u8; 3], b: [u8; 3]) -> f32 {
    fn lab(c: [u8; 3]) -> [f32; 3] {
        let linear = c.map(|v| {
            let v = f32::from(v) / 255.0;
            if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        });
        let [r, g, b] = linear;
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.950_47;
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.088_83;
        let f = |t: f32| {
            if t > 0.008_856 {
                t.cbrt()
            } else {
                7.787 * t + 16.0 / 116.0
            }
        };
        [
            116.0 * f(y) - 16.0,
            500.0 * (f(x) - f(y)),
            200.0 * (f(y) - f(z)),
        ]
    }
    let (a, b) = (lab(a), lab(b));
    a.iter()
        .zip(b)
        .map(|(p, q)| (p - q).powi(2))
        .sum::<f32>()
        .sqrt()
}

#[test]
fn agros_field_tints_stand_out_from_the_bare_board() {
    // Read the colours off the picture: a field of each side, and a square of the bare board
    // (a square holding a seed, away from the seed).
    let position = agros_finished();
    let AnyPosition::Agros(p) = &position else {
        unreachable!()
    };
    let layout = agros_svg::Layout::new(800, p.size());
    let q = layout.side;
    let image = render(&position, None, true);
    let score = p.score();
    let sample = |seat| {
        let field = score
            .fields
            .iter()
            .find(|f| f.controller == Some(seat))
            .expect("a field of each side");
        let (x, y) = layout.centre(field.squares[0]);
        image.at((x - 0.3 * q, y - 0.3 * q))
    };
    let (light, dark) = (sample(Seat::First), sample(Seat::Second));
    let seed = agros::Square::parse("c8", 8).expect("a square");
    assert!(matches!(p.content(seed), Some(agros::Content::Seed(_))));
    let (x, y) = layout.centre(seed);
    let board = image.at((x - 0.35 * q, y + 0.35 * q));
    assert_eq!(board, rgb(agros_svg::BOARD));
    for (what, a, b) in [
        ("Light's fields and the board", light, board),
        ("Dark's fields and the board", dark, board),
        ("the two sides' fields", light, dark),
    ] {
        let d = delta_e(a, b);
        assert!(d >= 20.0, "{what}: {a:?} and {b:?} differ by only {d:.1}");
    }
    // Sides are told apart by lightness, as the pieces are: Light's fields lighter than the
    // board, Dark's darker.
    let lightness = |c: [u8; 3]| c.iter().map(|&v| u32::from(v)).sum::<u32>();
    assert!(lightness(light) > lightness(board) && lightness(dark) < lightness(board));
}

#[test]
fn agros_overlay_has_a_legend_of_its_tints() {
    // The legend's swatches show in the footer, under the board: a few hundred pixels of
    // each side's tint, and of the bare board's colour only when a field is nobody's.
    let legend_pixels = |image: &Image, hex: &str| {
        let want = rgb(hex);
        (0..800)
            .flat_map(|x| (690..730).map(move |y| (x as f32, y as f32)))
            .filter(|&p| image.at(p) == want)
            .count()
    };
    let image = render(&agros_finished(), None, true);
    for tint in [agros_svg::LIGHT_FIELD, agros_svg::DARK_FIELD] {
        let n = legend_pixels(&image, tint);
        assert!(n > 150, "{n} pixels of {tint} in the legend");
    }
    assert_eq!(
        legend_pixels(&image, agros_svg::BOARD),
        0,
        "no field is nobody's"
    );
    let plain = render(&agros_finished(), None, false);
    assert_eq!(
        legend_pixels(&plain, agros_svg::LIGHT_FIELD),
        0,
        "no overlay, no legend"
    );
    assert_eq!(
        legend_pixels(&plain, agros_svg::DARK_FIELD),
        0,
        "no overlay, no legend"
    );
    // Four lone farmers with equal harvests: the one field is nobody's (AR-11).
    let even = AnyPosition::parse(
        GameKind::Agros,
        "L1......D1/......../......../......../......../......../......../D1......L1 l n2 m",
    )
    .expect("valid");
    let image = render(&even, None, true);
    let n = legend_pixels(&image, agros_svg::BOARD);
    assert!(n > 150, "{n} pixels of the board's colour in the legend");
}

#[test]
fn agros_farmers_seeds_and_last_action() {
    let mut position = Variant::new(GameKind::Agros, Some(10), Some(3))
        .expect("variant")
        .start();
    let mut last = None;
    for text in [
        "e5", "d4,f6", "c3,h8", "a1", "e5-e6", "f6-g6", "c3-c4", "g6=g7",
    ] {
        let action = position.parse_action(text).expect("legal");
        position.play_unchecked(action);
        last = Some(action);
    }
    let image = render(&position, last, false);
    let layout = agros_svg::Layout::new(800, 10);
    let q = layout.side;
    let square = |name: &str| agros::Square::parse(name, 10).expect("a square");
    // A lone Dark farmer on a1: its disc beside the harvest digit.
    let (x, y) = layout.centre(square("a1"));
    let farmer = agros_svg::farmer_radius(&layout);
    image.assert_colour((x - 0.75 * farmer, y), palette::DARK_PIECE, "dark farmer");
    let (x, y) = layout.centre(square("h8"));
    image.assert_colour((x - 0.75 * farmer, y), palette::LIGHT_PIECE, "light farmer");
    // Dark just sowed from g6: a Dark seed there, on a highlighted square.
    let (x, y) = layout.centre(square("g6"));
    image.assert_colour((x, y), palette::DARK_PIECE, "dark seed");
    image.assert_colour((x - 0.4 * q, y + 0.4 * q), palette::LAST_CELL, "last from");
    // An empty square shows the board.
    let (x, y) = layout.centre(square("j1"));
    image.assert_colour((x, y), agros_svg::BOARD, "empty square");
}

#[test]
fn sizes_are_honoured_and_checked() {
    let position = Variant::Agon.start();
    for size in [200, 400, 1200] {
        let options = PngOptions {
            size,
            field_overlay: false,
            ..PngOptions::default()
        };
        let image = Image::decode(&png(&position, None, &options).expect("a picture"));
        assert_eq!((image.width, image.height), (size, size));
    }
    let tiny = PngOptions {
        size: 10,
        field_overlay: false,
        ..PngOptions::default()
    };
    assert!(matches!(
        png(&position, None, &tiny),
        Err(RenderError::Size(10))
    ));
}

#[test]
fn text_is_drawn_with_the_embedded_font() {
    // The build has no system fonts, so ink in the title's place proves the embedded face
    // was used.
    let image = render(&Variant::Agon.start(), None, false);
    let inked = (20..120)
        .flat_map(|x| (10..45).map(move |y| (x as f32, y as f32)))
        .filter(|&p| image.at(p) == rgb(palette::INK))
        .count();
    assert!(inked > 100, "only {inked} title pixels");
}
