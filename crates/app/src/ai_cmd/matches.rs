//! `agora ai match`: games between two players, alternating who moves first, played on several
//! threads, each game's line and the match's totals seen from A.

use super::engine::{Forfeit, Side};
use super::{MatchOptions, Player, mix};
use agora_rules::{Seat, Variant};
use anyhow::bail;
use indicatif::{ProgressBar, ProgressStyle};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// How one game ended, seen from A.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Result3 {
    Win,
    Draw,
    Loss,
}

struct GameReport {
    result: Result3,
    plies: u32,
    capped: bool,
    /// Why a side lost without the rules deciding: (0 for A, 1 for B, the reason).
    forfeit: Option<(usize, Forfeit)>,
    /// Time spent choosing actions, per player (A, B), the actions chosen and the longest.
    thinking: [(Duration, u32, Duration); 2],
}

fn play_game(
    variant: Variant,
    sides: &mut [Side; 2],
    a_first: bool,
    seed: u64,
    options: &MatchOptions,
) -> GameReport {
    let mut p = variant.start();
    // seat_of_a: the seat A sits in.
    let seat_of_a = if a_first { Seat::First } else { Seat::Second };
    let mut thinking = [(Duration::ZERO, 0u32, Duration::ZERO); 2];
    let mut actions: Vec<String> = Vec::new();
    let mut plies = 0;
    let mut forfeit = None;
    for (k, side) in sides.iter_mut().enumerate() {
        if let Err(why) = side.begin(variant) {
            side.failed();
            forfeit = Some((k, why));
            break;
        }
    }
    while forfeit.is_none() && !p.is_finished() && plies < options.max_plies {
        let who = usize::from(p.to_act() != seat_of_a);
        let start = Instant::now();
        let chosen = sides[who].act(&p, &actions, mix(seed, u64::from(plies)), options);
        let took = start.elapsed();
        thinking[who].0 += took;
        thinking[who].1 += 1;
        thinking[who].2 = thinking[who].2.max(took);
        match chosen {
            Ok(action) => {
                actions.push(p.notation(action));
                p.play(action).expect("players only choose legal actions");
                plies += 1;
            }
            Err(why) => {
                sides[who].failed();
                forfeit = Some((who, why));
            }
        }
    }
    let result = match (&forfeit, p.outcome().map(|o| o.winner)) {
        (Some((0, _)), _) => Result3::Loss,
        (Some(_), _) => Result3::Win,
        (None, Some(Some(s))) if s == seat_of_a => Result3::Win,
        (None, Some(Some(_))) => Result3::Loss,
        _ => Result3::Draw,
    };
    GameReport {
        result,
        plies,
        capped: forfeit.is_none() && !p.is_finished(),
        forfeit,
        thinking,
    }
}

/// A match's totals, seen from A.
pub(super) struct MatchResult {
    pub(super) wins: usize,
    pub(super) draws: usize,
    pub(super) losses: usize,
}

impl MatchResult {
    pub(super) fn games(&self) -> usize {
        self.wins + self.draws + self.losses
    }

    pub(super) fn score(&self) -> f64 {
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games().max(1) as f64
    }
}

/// The Wilson score interval at 95 % for a proportion `p` of `n` trials.
pub(super) fn wilson(p: f64, n: f64) -> (f64, f64) {
    let z: f64 = 1.96;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Plays `games` games between A and B (`players`), A moving first in the even-numbered ones,
/// on `--jobs` threads; prints each game (with `verbose`, else only forfeits) and the totals.
pub(super) fn play_match(
    variant: &Variant,
    players: [&Player; 2],
    games: u32,
    options: &MatchOptions,
    verbose: bool,
) -> anyhow::Result<MatchResult> {
    let variant = *variant;
    if games == 0 {
        bail!("--games must be at least 1");
    }
    if options.movetime == 0 {
        bail!("--movetime must be at least 1 ms");
    }
    println!(
        "{variant}: A = {} vs B = {}, {games} games, {} ms per move, seed {}",
        players[0], players[1], options.movetime, options.seed
    );
    let bar = ProgressBar::new(u64::from(games));
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {msg}  [{elapsed_precise}]")
            .expect("a valid template"),
    );
    let next = AtomicU32::new(0);
    let reports: Mutex<Vec<(u32, GameReport)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..options.jobs.max(1) {
            scope.spawn(|| {
                let mut sides = [Side::new(players[0].clone()), Side::new(players[1].clone())];
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    let report = play_game(
                        variant,
                        &mut sides,
                        i.is_multiple_of(2),
                        mix(options.seed, u64::from(i)),
                        options,
                    );
                    // A hidden bar (output not a terminal) prints nothing, so a log still
                    // shows how the match goes.
                    if verbose || report.forfeit.is_some() {
                        let line = game_line(variant, i, &report);
                        if bar.is_hidden() {
                            eprintln!("{line}");
                        } else {
                            bar.println(line);
                        }
                    }
                    tally(&bar, &reports, i, report);
                }
                for side in &mut sides {
                    side.finish();
                }
            });
        }
    });
    bar.finish_and_clear();
    let mut reports = reports.into_inner().expect("threads done");
    reports.sort_by_key(|(i, _)| *i);
    let count = |r| reports.iter().filter(|(_, g)| g.result == r).count();
    let result = MatchResult {
        wins: count(Result3::Win),
        draws: count(Result3::Draw),
        losses: count(Result3::Loss),
    };
    print_totals(players, &reports, &result);
    Ok(result)
}

/// One game's line: how A fared, in which seat and how many plies, and any forfeit.
fn game_line(variant: Variant, i: u32, report: &GameReport) -> String {
    format!(
        "game {}: A ({}) {} in {} plies{}{}",
        i + 1,
        variant.kind().seat_name(if i.is_multiple_of(2) {
            Seat::First
        } else {
            Seat::Second
        }),
        match report.result {
            Result3::Win => "won",
            Result3::Draw => "drew",
            Result3::Loss => "lost",
        },
        report.plies,
        if report.capped { " (stopped)" } else { "" },
        match &report.forfeit {
            Some((k, why)) => {
                format!(": {} forfeited, {why}", ["A", "B"][*k])
            }
            None => String::new(),
        }
    )
}

/// Adds game `i`'s report to the match's and shows the score so far on the bar.
fn tally(bar: &ProgressBar, reports: &Mutex<Vec<(u32, GameReport)>>, i: u32, report: GameReport) {
    let mut all = reports.lock().expect("no panics while held");
    all.push((i, report));
    let count = |r| all.iter().filter(|(_, g)| g.result == r).count();
    bar.set_message(format!(
        "A: {} won, {} drawn, {} lost",
        count(Result3::Win),
        count(Result3::Draw),
        count(Result3::Loss)
    ));
    bar.inc(1);
}

/// The match's totals: A's score with its interval, the first player's wins, plies per game,
/// games stopped and forfeited, and each side's time per move.
fn print_totals(players: [&Player; 2], reports: &[(u32, GameReport)], result: &MatchResult) {
    let n = reports.len() as f64;
    let score = result.score();
    let (lo, hi) = wilson(score, n);
    let first_wins = reports
        .iter()
        .filter(|(i, g)| {
            g.forfeit.is_none()
                && g.result != Result3::Draw
                && (g.result == Result3::Win) == (i % 2 == 0)
        })
        .count();
    let capped = reports.iter().filter(|(_, g)| g.capped).count();
    let forfeits: [usize; 2] = [0, 1].map(|k| {
        reports
            .iter()
            .filter(|(_, g)| matches!(&g.forfeit, Some((f, _)) if *f == k))
            .count()
    });
    let plies: u32 = reports.iter().map(|(_, g)| g.plies).sum();
    let per_move = |k: usize| {
        let (t, m) = reports.iter().fold((Duration::ZERO, 0u32), |acc, (_, g)| {
            (acc.0 + g.thinking[k].0, acc.1 + g.thinking[k].1)
        });
        t.as_secs_f64() / f64::from(m.max(1))
    };
    let longest = |k: usize| {
        reports
            .iter()
            .map(|(_, g)| g.thinking[k].2)
            .max()
            .unwrap_or_default()
            .as_secs_f64()
    };
    println!(
        "A ({}) vs B ({}): {} wins, {} draws, {} losses in {} games",
        players[0],
        players[1],
        result.wins,
        result.draws,
        result.losses,
        reports.len()
    );
    println!(
        "A's score {:.1} % (95 % Wilson interval {:.1} % – {:.1} %)",
        100.0 * score,
        100.0 * lo,
        100.0 * hi
    );
    println!(
        "the first player won {first_wins} games; {:.1} plies per game{}{}",
        f64::from(plies) / n,
        if capped > 0 {
            format!(", {capped} stopped at --max-plies (drawn)")
        } else {
            String::new()
        },
        if forfeits != [0, 0] {
            format!(
                "; forfeited (crash, timeout or wrong answer): A {}, B {}",
                forfeits[0], forfeits[1]
            )
        } else {
            String::new()
        }
    );
    println!(
        "time per move: A {:.3} s (longest {:.3} s), B {:.3} s (longest {:.3} s)",
        per_move(0),
        longest(0),
        per_move(1),
        longest(1)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_brackets_the_score() {
        let (lo, hi) = wilson(0.5, 100.0);
        assert!((lo - 0.404).abs() < 0.002 && (hi - 0.596).abs() < 0.002);
        let (lo, hi) = wilson(1.0, 40.0);
        assert!(lo > 0.9 && hi == 1.0);
    }
}
