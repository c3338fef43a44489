//! `agora ai bench`: playouts per second and the time per move of each level, on positions
//! spread over each kind of game.

use super::{BenchArgs, mix};
use agora_ai::{Level, random_action};
use agora_rules::{AnyPosition, GameKind, Variant};
use std::time::{Duration, Instant};

/// Positions to search: the start, and positions a few random plies (then more) into a game.
fn bench_positions(variant: Variant, count: u32, seed: u64) -> Vec<AnyPosition> {
    let mut out = Vec::new();
    for k in 0..count {
        let mut p = variant.start();
        // Spread the positions over the game: the start, the opening, the middle.
        let depth = match variant.kind() {
            GameKind::Agon => k * 12,
            GameKind::Agros => k * 4,
        };
        for ply in 0..depth {
            if p.is_finished() {
                break;
            }
            let a = random_action(&p, mix(seed, u64::from(k * 1000 + ply))).expect("unfinished");
            p.play_unchecked(a);
        }
        if !p.is_finished() {
            out.push(p);
        }
    }
    out
}

pub(super) fn bench(args: &BenchArgs) {
    let variants = [
        Variant::Agon,
        Variant::Agros {
            board: 8,
            farmers: 3,
        },
        Variant::Agros {
            board: 10,
            farmers: 5,
        },
        Variant::Agros {
            board: 12,
            farmers: 7,
        },
    ];
    println!(
        "one thread, {} positions per game (the start and later ones), seed {}",
        args.positions, args.seed
    );
    println!(
        "{:<26} {:>7} {:>9} {:>13} {:>13}",
        "game", "level", "playouts", "playouts/s", "s per move"
    );
    for variant in variants {
        let positions = bench_positions(variant, args.positions, args.seed);
        for level in Level::ALL {
            if args.no_hard && level == Level::Hard {
                continue;
            }
            let budget = level.budget(variant.kind(), Duration::from_millis(args.movetime));
            let (mut playouts, mut took) = (0u64, Duration::ZERO);
            for (k, p) in positions.iter().enumerate() {
                let start = Instant::now();
                let (_, stats) = agora_ai::think(p, budget, mix(args.seed, k as u64));
                took += start.elapsed();
                playouts += u64::from(stats.playouts);
            }
            let secs = took.as_secs_f64();
            println!(
                "{:<26} {:>7} {:>9} {:>13.0} {:>13.3}",
                variant.to_string(),
                level.code(),
                budget
                    .playouts
                    .map_or("time".to_string(), |n| n.to_string()),
                playouts as f64 / secs.max(1e-9),
                secs / positions.len().max(1) as f64
            );
        }
    }
}
