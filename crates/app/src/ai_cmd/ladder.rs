//! `agora ai ladder`: every level against the one below it, and each level's Elo rating with its
//! interval, anchored at `easy`.

use super::matches::{MatchResult, play_match, wilson};
use super::{LadderArgs, Player};
use agora_ai::Level;
use std::process::ExitCode;

/// The Elo difference that gives a score `s`: infinite for 0 and 1.
fn elo_difference(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// The rating of `easy`, which anchors the ladder (as the service's ratings do).
const EASY_ELO: f64 = 1200.0;

/// What one match between neighbours says about the gap between them.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Gap {
    /// The estimate: from the score with half a game added to each side, so that a clean sweep
    /// still gives a finite gap.
    estimate: f64,
    /// The 95 % interval, from the Wilson interval of the score (a sweep's is open above).
    low: f64,
    high: f64,
}

impl Gap {
    fn of(result: &MatchResult) -> Gap {
        let n = result.games() as f64;
        let points = result.wins as f64 + result.draws as f64 / 2.0;
        let (lo, hi) = wilson(result.score(), n);
        Gap {
            estimate: elo_difference((points + 0.5) / (n + 1.0)),
            low: elo_difference(lo),
            high: elo_difference(hi),
        }
    }
}

/// A level's row of the ladder: its rating and interval.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Rung {
    elo: f64,
    low: f64,
    high: f64,
}

/// The ratings of the levels above the anchor, each from the one below it plus the gap between
/// them: the intervals widen as they go up (the gaps' half-widths add in quadrature).
fn climb(anchor: f64, gaps: &[Gap]) -> Vec<Rung> {
    let mut out = Vec::new();
    let (mut elo, mut below, mut above) = (anchor, 0.0f64, 0.0f64);
    for g in gaps {
        elo += g.estimate;
        below = (below.powi(2) + (g.estimate - g.low).powi(2)).sqrt();
        above = (above.powi(2) + (g.high - g.estimate).powi(2)).sqrt();
        out.push(Rung {
            elo,
            low: elo - below,
            high: elo + above,
        });
    }
    out
}

fn rating(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.0}")
    } else if x < 0.0 {
        "-∞".into()
    } else {
        "∞".into()
    }
}

fn record(result: &MatchResult) -> String {
    format!(
        "{:.1} % ({}–{}–{})",
        100.0 * result.score(),
        result.wins,
        result.draws,
        result.losses
    )
}

pub(super) fn ladder(args: &LadderArgs) -> anyhow::Result<ExitCode> {
    let variant = args.game.variant()?;
    let rungs = [
        Player::Random,
        Player::Computer(Level::Easy),
        Player::Computer(Level::Normal),
        Player::Computer(Level::Hard),
    ];
    // Each level against the one below it.
    let mut results = Vec::new();
    for pair in rungs.windows(2) {
        let result = play_match(
            &variant,
            [&pair[1], &pair[0]],
            args.games,
            &args.common,
            false,
        )?;
        println!();
        results.push(result);
    }
    let gaps: Vec<Gap> = results.iter().map(Gap::of).collect();
    println!(
        "{variant}, {} games per match, {} ms per move; easy anchored at {EASY_ELO:.0}",
        args.games, args.common.movetime
    );
    println!(
        "{:<8} {:>6} {:>15}   against the level below (wins–draws–losses)",
        "level", "Elo", "95 % interval"
    );
    // Random is below easy: its rating is easy's less the gap, its interval turned over.
    let random = &gaps[0];
    println!(
        "{:<8} {:>6} {:>15}   easy scored {}",
        "random",
        rating(EASY_ELO - random.estimate),
        format!(
            "{} – {}",
            rating(EASY_ELO - random.high),
            rating(EASY_ELO - random.low)
        ),
        record(&results[0])
    );
    println!(
        "{:<8} {:>6} {:>15}   (the anchor)",
        "easy",
        rating(EASY_ELO),
        ""
    );
    for (k, rung) in climb(EASY_ELO, &gaps[1..]).into_iter().enumerate() {
        println!(
            "{:<8} {:>6} {:>15}   {}",
            rungs[k + 2].to_string(),
            rating(rung.elo),
            format!("{} – {}", rating(rung.low), rating(rung.high)),
            record(&results[k + 1])
        );
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_differences_follow_the_logistic_curve() {
        assert!(elo_difference(0.5).abs() < 1e-9);
        assert!((elo_difference(0.76) - 200.0).abs() < 1.0);
        assert!((elo_difference(0.24) + 200.0).abs() < 1.0);
        assert_eq!(elo_difference(1.0), f64::INFINITY);
    }

    #[test]
    fn a_clean_sweep_gives_a_finite_estimate_and_an_open_interval() {
        let sweep = Gap::of(&MatchResult {
            wins: 16,
            draws: 0,
            losses: 0,
        });
        // 16.5 of 17: about +607.
        assert!((sweep.estimate - 607.4).abs() < 0.5, "{sweep:?}");
        assert!(sweep.low > 200.0 && sweep.low < sweep.estimate);
        assert_eq!(sweep.high, f64::INFINITY);
        let even = Gap::of(&MatchResult {
            wins: 5,
            draws: 2,
            losses: 5,
        });
        assert!(even.estimate.abs() < 1e-9 && even.low < 0.0 && even.high > 0.0);
        let rungs = climb(1200.0, &[sweep, even]);
        assert!((rungs[0].elo - 1807.4).abs() < 0.5);
        assert!((rungs[1].elo - rungs[0].elo).abs() < 1e-9);
        assert!(rungs[1].low < rungs[0].low, "intervals widen going up");
        assert_eq!(rungs[1].high, f64::INFINITY);
    }
}
