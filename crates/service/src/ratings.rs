//! The arithmetic of ratings: Glicko-2 (through `skillratings`) with every game its own rating
//! period, the pools ratings are kept in, when a rating counts as established, and the fixed
//! ratings published for the computer's levels.
//!
//! What is stored, and the reliability figures, live in the store (`agora_store::ratings`);
//! which games are rated, and when a rating changes, is the lifecycle's business.

use agora_ai::Level;
use agora_rules::Variant;
use agora_store::Rating;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

/// Every pool a rating can be kept in, in the order a player's ratings are shown.
pub(crate) const POOLS: [&str; 4] = ["agon", "agros-8", "agros-10", "agros-12"];

/// The rating of someone who has played no rated game in a pool (Glicko-2's usual start).
pub(crate) const DEFAULT: Rating = Rating {
    rating: 1500.0,
    deviation: 350.0,
    volatility: 0.06,
    games: 0,
};

/// A rating is established (shown on the leaderboard, trusted for a rating range) once its
/// deviation is below this …
pub(crate) const ESTABLISHED_DEVIATION: f64 = 110.0;
/// … and it rests on at least this many rated games.
pub(crate) const ESTABLISHED_GAMES: u32 = 5;

/// The pool a game of `variant` is rated in: Agon has one, Agros one per board size (the number
/// of farmers changes the game less than the board does, and splitting further would leave each
/// pool too few games).
pub(crate) fn pool_of(variant: Variant) -> &'static str {
    match variant {
        Variant::Agon => "agon",
        Variant::Agros { board: 8, .. } => "agros-8",
        Variant::Agros { board: 12, .. } => "agros-12",
        // 10 is the default board, and 8, 10 and 12 the only ones `Variant::new` lets through.
        Variant::Agros { .. } => "agros-10",
    }
}

/// The system constant τ (how fast volatility may move) and the convergence tolerance: the
/// paper's defaults, τ = 0.5 being in the middle of its advised 0.3–1.2.
const CONFIG: Glicko2Config = Glicko2Config::new();

fn glicko(r: Rating) -> Glicko2Rating {
    Glicko2Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    }
}

fn rating(g: Glicko2Rating, games: u32) -> Rating {
    Rating {
        rating: g.rating,
        deviation: g.deviation,
        volatility: g.volatility,
        games,
    }
}

/// The ratings of two players after one game between them, `score_a` being what `a` scored
/// (1 a win, ½ a draw, 0 a loss; anything else is read as the nearest of the three). The game is
/// a rating period of its own and both players are updated from their ratings before it, so
/// the order in which the two are written does not matter. Each one's count of games goes up.
pub(crate) fn rate(a: Rating, b: Rating, score_a: f64) -> (Rating, Rating) {
    let outcome = if score_a > 0.75 {
        Outcomes::WIN
    } else if score_a < 0.25 {
        Outcomes::LOSS
    } else {
        Outcomes::DRAW
    };
    let (new_a, new_b) = glicko2(&glicko(a), &glicko(b), &outcome, &CONFIG);
    (
        rating(new_a, a.games.saturating_add(1)),
        rating(new_b, b.games.saturating_add(1)),
    )
}

/// Whether a rating is known well enough to rank (see [`ESTABLISHED_DEVIATION`]).
pub(crate) fn is_established(r: &Rating) -> bool {
    r.deviation < ESTABLISHED_DEVIATION && r.games >= ESTABLISHED_GAMES
}

/// The published rating of a computer level in a pool (`None` for a level or pool that does not
/// exist). The computer's games do not move these: they are measured, level against level, and
/// put on the people's scale by one anchor.
///
/// They come from `agora ai ladder` (docs/tools.md, "The computer opponent"): each level plays the one
/// below it (`--games 16`, seed 1, alternating who moves first, 1000 ms per move as
/// `[game] computer_think_ms` gives by default). A's score s gives the difference
/// D = 400·log10(s / (1 − s)), as in Elo, which Glicko's scale shares, with half a game added to
/// each side so that a clean sweep gives a finite D; the 95 % interval is D at the ends of the
/// score's Wilson interval. `easy` is anchored at 1200, so that a newcomer (1500) counts as
/// somewhat stronger than the easy computer; the others follow by adding the differences,
/// rounded to tens.
///
/// Agon (`--game agon`): easy beat random 16–0; normal beat easy 16–0 (normal 1807, 95 %
/// interval 1448 and up); hard beat normal 15–1 (hard 2213, 1778 and up).
///
/// Agros 10x10 with 5 farmers (`--game agros --board 10 --farmers 5`), with the playouts that
/// learn which actions do well: easy beat random 16–0; normal beat easy 16–0 (normal 1807, 1448
/// and up); hard beat normal 12–4 (hard 1985, 1585 and up).
///
/// Agros 8x8 and 12x12 were not measured: they use the 10x10 figures. Sixteen games a match
/// leave wide intervals: the figures are estimates, ordered as the levels are.
pub(crate) fn computer_rating(level: &str, pool: &str) -> Option<f64> {
    let level: Level = level.parse().ok()?;
    let agon = match pool {
        "agon" => true,
        "agros-8" | "agros-10" | "agros-12" => false,
        _ => return None,
    };
    Some(match (level, agon) {
        (Level::Easy, _) => 1200.0,
        (Level::Normal, true) => 1810.0,
        (Level::Hard, true) => 2210.0,
        (Level::Normal, false) => 1810.0,
        (Level::Hard, false) => 1990.0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use skillratings::glicko2::glicko2_rating_period;

    fn near(a: f64, b: f64, within: f64) -> bool {
        (a - b).abs() <= within
    }

    #[test]
    fn a_win_raises_the_winner_and_lowers_the_loser() {
        let (a, b) = rate(DEFAULT, DEFAULT, 1.0);
        assert!(a.rating > DEFAULT.rating && b.rating < DEFAULT.rating);
        // Between equals the exchange is symmetric: the crate's own example, 1662 and 1338.
        assert!(near(a.rating, 1662.31, 0.01), "{a:?}");
        assert!(near(b.rating, 1337.69, 0.01), "{b:?}");
        assert!(near(a.deviation, 290.32, 0.01) && near(b.deviation, 290.32, 0.01));
        assert_eq!((a.games, b.games), (1, 1));

        // The loss, seen from the other side, is the same game.
        let (b2, a2) = rate(DEFAULT, DEFAULT, 0.0);
        assert_eq!((a2, b2), (a, b));

        // Beating a much stronger, well-known player gains more than beating an equal.
        let strong = Rating {
            rating: 1900.0,
            deviation: 60.0,
            volatility: 0.06,
            games: 40,
        };
        let (upset, fallen) = rate(DEFAULT, strong, 1.0);
        assert!(upset.rating - DEFAULT.rating > a.rating - DEFAULT.rating);
        // … and the well-known player moves little, being sure of their rating.
        assert!(strong.rating - fallen.rating < 20.0, "{fallen:?}");
        assert_eq!(fallen.games, 41);
    }

    #[test]
    fn a_draw_between_equals_changes_nothing_but_the_deviation() {
        let known = Rating {
            rating: 1720.0,
            deviation: 80.0,
            volatility: 0.06,
            games: 30,
        };
        for r in [DEFAULT, known] {
            let (a, b) = rate(r, r, 0.5);
            assert!(near(a.rating, r.rating, 1e-9) && near(b.rating, r.rating, 1e-9));
            assert!(a.deviation < r.deviation, "{a:?}");
            assert!(near(a.volatility, r.volatility, 1e-4));
        }
        // A score that is not 0, ½ or 1 counts as the nearest of them.
        assert_eq!(rate(DEFAULT, DEFAULT, 0.6), rate(DEFAULT, DEFAULT, 0.5));
        assert_eq!(rate(DEFAULT, DEFAULT, 0.9), rate(DEFAULT, DEFAULT, 1.0));
    }

    #[test]
    fn the_deviation_shrinks_with_every_game() {
        let (mut a, mut b) = (DEFAULT, DEFAULT);
        let mut last = DEFAULT.deviation;
        for game in 0..30 {
            (a, b) = rate(a, b, [1.0, 0.0, 0.5][game % 3]);
            assert!(a.deviation < last && b.deviation < ESTABLISHED_DEVIATION.max(last));
            last = a.deviation;
        }
        assert!(is_established(&a) && is_established(&b), "{a:?}");
        assert_eq!(a.games, 30);
    }

    #[test]
    fn one_game_is_a_rating_period_of_that_game_for_each_player() {
        let a = Rating {
            rating: 1620.0,
            deviation: 120.0,
            volatility: 0.061,
            games: 12,
        };
        let b = Rating {
            rating: 1480.0,
            deviation: 240.0,
            volatility: 0.058,
            games: 3,
        };
        let (new_a, new_b) = rate(a, b, 0.0);
        let period_a = glicko2_rating_period(&glicko(a), &[(glicko(b), Outcomes::LOSS)], &CONFIG);
        let period_b = glicko2_rating_period(&glicko(b), &[(glicko(a), Outcomes::WIN)], &CONFIG);
        assert!(near(new_a.rating, period_a.rating, 1e-6));
        assert!(near(new_a.deviation, period_a.deviation, 1e-6));
        assert!(near(new_b.rating, period_b.rating, 1e-6));
        assert!(near(new_b.volatility, period_b.volatility, 1e-9));
    }

    /// The worked example of Glickman's "Example of the Glicko-2 system": a player of 1500 (RD 200,
    /// σ 0.06) who beats 1400 (RD 30) and loses to 1550 (RD 100) and 1700 (RD 300) in one period
    /// ends at 1464.06, RD 151.52, σ 0.05999 (τ = 0.5).
    #[test]
    fn the_crate_agrees_with_the_papers_example() {
        let player = Glicko2Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opponent = |rating, deviation| Glicko2Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let after = glicko2_rating_period(
            &player,
            &[
                (opponent(1400.0, 30.0), Outcomes::WIN),
                (opponent(1550.0, 100.0), Outcomes::LOSS),
                (opponent(1700.0, 300.0), Outcomes::LOSS),
            ],
            &CONFIG,
        );
        assert!(near(after.rating, 1464.06, 0.01), "{after:?}");
        assert!(near(after.deviation, 151.52, 0.01), "{after:?}");
        assert!(near(after.volatility, 0.05999, 0.00001), "{after:?}");
    }

    #[test]
    fn every_variant_has_its_pool() {
        let agros = |board| Variant::Agros { board, farmers: 5 };
        assert_eq!(pool_of(Variant::Agon), "agon");
        assert_eq!(pool_of(agros(8)), "agros-8");
        assert_eq!(pool_of(agros(10)), "agros-10");
        assert_eq!(pool_of(agros(12)), "agros-12");
        assert_eq!(
            pool_of(Variant::Agros {
                board: 12,
                farmers: 7
            }),
            "agros-12"
        );
        for variant in [Variant::Agon, agros(8), agros(10), agros(12)] {
            assert!(POOLS.contains(&pool_of(variant)));
        }
    }

    #[test]
    fn established_needs_a_small_deviation_and_some_games() {
        let r = |deviation, games| Rating {
            deviation,
            games,
            ..DEFAULT
        };
        assert!(is_established(&r(100.0, 10)));
        assert!(!is_established(&r(110.0, 10)));
        assert!(!is_established(&r(60.0, 4)));
        assert!(!is_established(&DEFAULT));
    }

    #[test]
    fn every_level_has_a_rating_in_every_pool_and_stronger_levels_rate_higher() {
        for pool in POOLS {
            let levels: Vec<f64> = Level::ALL
                .iter()
                .map(|l| computer_rating(l.code(), pool).unwrap())
                .collect();
            assert!(levels.windows(2).all(|w| w[0] < w[1]), "{pool}: {levels:?}");
        }
        assert_eq!(
            computer_rating("hard", "agros-8"),
            computer_rating("hard", "agros-12")
        );
        assert_eq!(
            computer_rating("Normal", "agon"),
            computer_rating("normal", "agon")
        );
        assert_eq!(computer_rating("expert", "agon"), None);
        assert_eq!(computer_rating("easy", "agros"), None);
    }
}
