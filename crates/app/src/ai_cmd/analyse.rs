//! `agora ai analyse`: a whole game analysed as the service does after it ends, with the time it
//! took and the game's largest mistakes.

use super::AnalyseArgs;
use agora_ai::{Level, choose_action};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// `agora ai analyse`: the game's positions, the time the analysis took and its mistakes.
pub(super) fn analyse(args: &AnalyseArgs) -> anyhow::Result<ExitCode> {
    let (start, actions) = match &args.game.record {
        Some(path) => {
            let record = crate::rules_cmd::read_record(path)?;
            let start = record.variant()?.start();
            let mut p = start.clone();
            let mut actions = Vec::new();
            for text in record.actions() {
                let a = p.parse_action(text)?;
                p.play_unchecked(a);
                actions.push(a);
            }
            (start, actions)
        }
        None => {
            // The easy level against itself: a whole game, quickly.
            let start = args.game.variant()?.start();
            let mut p = start.clone();
            let mut actions = Vec::new();
            while !p.is_finished() && actions.len() < 1500 {
                let seed = args.seed ^ actions.len() as u64;
                let Some(a) = choose_action(&p, Level::Easy, Duration::from_secs(1), seed) else {
                    break;
                };
                p.play_unchecked(a);
                actions.push(a);
            }
            (start, actions)
        }
    };
    let started = Instant::now();
    let analysis = agora_ai::analyse(
        &start,
        &actions,
        agora_ai::Budget::time(Duration::from_millis(args.ms)),
        args.threads,
        args.seed,
    );
    let took = started.elapsed();
    println!(
        "{} positions, {} ms each on {} thread(s): {:.1} s",
        actions.len() + 1,
        args.ms,
        args.threads.max(1),
        took.as_secs_f64()
    );
    let mut positions = vec![start.clone()];
    for &a in &actions {
        let mut p = positions.last().expect("the start").clone();
        p.play_unchecked(a);
        positions.push(p);
    }
    for m in &analysis.mistakes {
        let before = &positions[m.ply as usize - 1];
        println!(
            "ply {:>4} {:<6} played {:<10} {:>3.0} % -> {:>3.0} %  better {}",
            m.ply,
            start.kind().seat_name(m.seat),
            before.notation(m.played),
            100.0 * m.before,
            100.0 * m.after,
            before.notation(m.better)
        );
    }
    Ok(ExitCode::SUCCESS)
}
