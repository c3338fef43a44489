//! How long pictures take and how big the PNGs are: `cargo bench -p agora-render`.
//!
//! For a mid-game position of each game (and a finished 12x12 Agros game with the field overlay)
//! it prints the mean ASCII, SVG and PNG render times on one thread and the size of the 800 px
//! PNG. The targets are under 20 ms and under 100 KB per 800 px PNG. Then the same figures for
//! the evaluation graph of an analysed game at 800 x 300 px.
//!
//! Times are wall-clock means; where Linux reports the thread's CPU time, the PNG's CPU time is
//! printed too, since a busy shared machine inflates wall time but not CPU time. The first PNG of
//! each board and size also draws its base layer, which later pictures reuse: that one-off cost is
//! printed separately.

use agora_render::{
    GraphLabels, Language, PngOptions, ascii, evaluation_png, evaluation_svg, png, svg,
};
use agora_rules::{AnyAction, AnyPosition, GameKind, Variant};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Plays `plies` pseudo-random legal actions (a fixed sequence) from a variant's start, stopping
/// early at the end of the game; with `finish`, passes at the end to finish an Agros game.
fn playout(variant: Variant, plies: usize, finish: bool) -> (AnyPosition, Option<AnyAction>) {
    let mut position = variant.start();
    let mut last = None;
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..plies {
        let actions = position.legal_actions();
        if actions.is_empty() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let action = actions[(state % actions.len() as u64) as usize];
        position.play_unchecked(action);
        last = Some(action);
    }
    if finish {
        while !position.is_finished() {
            let pass = position.parse_action("pass").expect("pass is legal");
            position.play_unchecked(pass);
            last = Some(pass);
        }
    }
    (position, last)
}

/// This thread's CPU time so far, if the system reports it (Linux, in 10 ms ticks).
fn thread_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and
    // 13th, in clock ticks of 1/100 s on every Linux that Rust supports.
    let fields: Vec<&str> = stat.rsplit(')').next()?.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

/// The mean wall time and mean CPU time of `f` over enough runs to fill about a second.
fn mean(mut f: impl FnMut()) -> (Duration, Option<Duration>) {
    f();
    let cpu = thread_cpu();
    let start = Instant::now();
    let mut runs = 0u32;
    while start.elapsed() < Duration::from_secs(1) || runs < 3 {
        f();
        runs += 1;
    }
    let wall = start.elapsed() / runs;
    let cpu = cpu.zip(thread_cpu()).map(|(a, b)| (b - a) / runs);
    (wall, cpu)
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}

fn main() {
    let agros = |board, farmers| {
        Variant::new(GameKind::Agros, Some(board), Some(farmers)).expect("an offered variant")
    };
    let cases = [
        ("agon mid-game", playout(Variant::Agon, 40, false), false),
        (
            "agros 10x10 mid-game",
            playout(agros(10, 5), 40, false),
            false,
        ),
        (
            "agros 12x12 finished, overlay",
            playout(agros(12, 7), 120, true),
            true,
        ),
    ];
    println!(
        "{:<30} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9}",
        "position", "ascii", "svg", "png", "png cpu", "png size", "1st png"
    );
    for (name, (position, last), overlay) in cases {
        let options = PngOptions {
            size: 800,
            field_overlay: overlay,
            ..PngOptions::default()
        };
        let first = Instant::now();
        let bytes = png(&position, last, &options).expect("a picture").len();
        let first = first.elapsed();
        let (ascii_time, _) = mean(|| {
            black_box(ascii(black_box(&position), last, Language::En));
        });
        let (svg_time, _) = mean(|| {
            black_box(svg(black_box(&position), last, &options));
        });
        let (png_time, png_cpu) = mean(|| {
            black_box(png(black_box(&position), last, &options).expect("a picture"));
        });
        println!(
            "{name:<30} {:>9} {:>9} {:>9} {:>9} {:>6.1} KB {:>9}",
            ms(ascii_time),
            ms(svg_time),
            ms(png_time),
            png_cpu.map_or("-".to_string(), ms),
            bytes as f64 / 1024.0,
            ms(first),
        );
    }
    graphs();
}

/// The evaluation graph of an analysed game at 800 x 300: SVG and PNG times and the PNG's size,
/// for a usual game and for a 1,500-ply one.
fn graphs() {
    let labels = GraphLabels {
        first: "White".into(),
        second: "Black".into(),
        ply: "ply".into(),
        description: String::new(),
    };
    println!();
    println!(
        "{:<30} {:>9} {:>9} {:>9} {:>9}",
        "evaluation graph", "svg", "png", "png cpu", "png size"
    );
    for plies in [260usize, 1_500] {
        // A swinging game with a ply-to-ply zigzag, and a mistake every 40 plies.
        let evaluations: Vec<f64> = (0..=plies)
            .map(|k| {
                let k = k as f64;
                0.5 + 0.4 * (k / 37.0).sin() + 0.03 * (k * 1.7).sin()
            })
            .collect();
        let marks: Vec<u32> = (40..=plies as u32).step_by(40).collect();
        let bytes = evaluation_png(&evaluations, &marks, &labels, 800, 300)
            .expect("a picture")
            .len();
        let (svg_time, _) = mean(|| {
            black_box(evaluation_svg(
                black_box(&evaluations),
                &marks,
                &labels,
                800,
                300,
            ));
        });
        let (png_time, png_cpu) = mean(|| {
            black_box(
                evaluation_png(black_box(&evaluations), &marks, &labels, 800, 300)
                    .expect("a picture"),
            );
        });
        println!(
            "{:<30} {:>9} {:>9} {:>9} {:>6.1} KB",
            format!("{plies} plies"),
            ms(svg_time),
            ms(png_time),
            png_cpu.map_or("-".to_string(), ms),
            bytes as f64 / 1024.0,
        );
    }
}
