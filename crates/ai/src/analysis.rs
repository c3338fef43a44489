//! Post-game analysis: every position of a game evaluated by the search, and the actions that
//! cost their mover most winning chance, each with the action the search prefers.
//!
//! [`evaluate`] searches one position within a [`Budget`] and reports the first seat's winning
//! chance and the action the search would play. [`analyse`] does that for the start and the
//! position after each action of a game, on a few threads, and lists the [`Mistake`]s: actions
//! that differ from the search's choice and after which the mover's chance is at least
//! [`MISTAKE`] lower than with that choice.
//!
//! A search's value is an estimate, and the value of a position and that of the position one
//! action later come from searches of different depths. So a drop seen between the position
//! before an action and the one after it is checked like with like before it counts: the
//! position after the search's choice is evaluated too, and the mover's chance with the choice
//! is the smaller of that evaluation and the value of the position before (see [`analyse`]).
//!
//! With a budget of playouts alone, the analysis depends only on the game, the budget and the
//! seed (never on the number of threads); with a time budget, on the machine's speed as well.
//! Nothing here knows how a game is stored or sent.

use crate::agon::AgonGame;
use crate::agros::{AgrosGame, Playouts};
use crate::mcts::{self, Budget};
use agora_rules::{AnyAction, AnyPosition, Seat};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The least loss of winning chance (as a fraction, 0 to 1) that makes an action a mistake:
/// ten percentage points. Smaller drops are within what a search's estimate of a balanced
/// position wavers by from one budget or seed to another.
pub const MISTAKE: f64 = 0.1;

/// What the search makes of one position.
#[derive(Debug, Clone, PartialEq)]
pub struct Evaluation {
    /// The chance that the first seat wins, 0 to 1 (a draw counting a half): exact for a
    /// finished game (1, 0 or ½) and when the side to act wins at once, otherwise the search's
    /// estimate, the mean result of all its playouts (by who wins, not by how much).
    pub first_wins: f64,
    /// The action the search would play; `None` when the game is over.
    pub best: Option<AnyAction>,
    /// The playouts the search ran (0 for a finished game or an immediate win).
    pub playouts: u32,
}

impl Evaluation {
    /// The chance that `seat` wins.
    pub fn chance(&self, seat: Seat) -> f64 {
        chance_of(self.first_wins, seat)
    }
}

fn chance_of(first_wins: f64, seat: Seat) -> f64 {
    match seat {
        Seat::First => first_wins,
        Seat::Second => 1.0 - first_wins,
    }
}

/// Evaluates `position` with the `hard` level's search, using all of `budget` (not stopping
/// once its choice is settled, and searching even a lone legal action, since the value is
/// wanted too). The same answer for the same position, playout budget and seed on every
/// machine.
pub fn evaluate(position: &AnyPosition, budget: Budget, seed: u64) -> Evaluation {
    let mut rng = SmallRng::seed_from_u64(seed);
    let (best, stats, first_wins) = match position {
        AnyPosition::Agon(p) => {
            let game = AgonGame {
                position: p.clone(),
            };
            let (a, s, v) = mcts::evaluate(&game, budget, &mut rng);
            (a.map(AnyAction::Agon), s, v)
        }
        AnyPosition::Agros(p) => {
            let game = AgrosGame::new(p.clone(), Playouts::Learnt);
            let (a, s, v) = mcts::evaluate(&game, budget, &mut rng);
            (a.map(AnyAction::Agros), s, v)
        }
    };
    Evaluation {
        first_wins: first_wins.clamp(0.0, 1.0),
        best,
        playouts: stats.playouts,
    }
}

/// An action that cost its mover at least [`MISTAKE`] of winning chance.
#[derive(Debug, Clone, PartialEq)]
pub struct Mistake {
    /// The action's number in the game, counted from 1.
    pub ply: u32,
    /// Who played it.
    pub seat: Seat,
    pub played: AnyAction,
    /// The search's choice in the position it was played from.
    pub better: AnyAction,
    /// The mover's winning chance with `better` (see [`analyse`]), 0 to 1.
    pub before: f64,
    /// The mover's winning chance after `played`, 0 to 1.
    pub after: f64,
    /// `before - after`: the chance lost, at least [`MISTAKE`].
    pub drop: f64,
}

/// A game evaluated position by position.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    /// The first seat's winning chance in each position: index 0 the start, index k after the
    /// k-th action (one more than the actions).
    pub evaluations: Vec<f64>,
    /// The search's choice in each position, indexed as `evaluations` (`None` once the game is
    /// over).
    pub best: Vec<Option<AnyAction>>,
    /// Every mistake of both sides, the largest drop first (equal drops in the order played).
    pub mistakes: Vec<Mistake>,
}

impl Analysis {
    /// The `n` largest mistakes of `seat`, the largest first.
    pub fn worst(&self, seat: Seat, n: usize) -> Vec<&Mistake> {
        self.mistakes
            .iter()
            .filter(|m| m.seat == seat)
            .take(n)
            .collect()
    }
}

/// Evaluates the start and the position after each of `actions` (a game's history: each action
/// legal where it is played) with [`evaluate`] within `budget` each, on at most `threads` threads
/// (at least one), and finds the mistakes.
///
/// The action of ply k, played by seat s from the position before it, is a mistake when it is
/// not the search's choice there and seat s's chance after it is lower by at least [`MISTAKE`]
/// than with the choice. That chance with the choice is the smaller of the value of the position
/// before and an evaluation of the position after the choice (within the same budget): the
/// latter compares like with like, two positions with the same side to act searched equally
/// deep, and taking the smaller of the two keeps a drop only when both estimates show it. The
/// position after the choice is evaluated only where the first estimate shows a drop of
/// [`MISTAKE`]: a few actions of a game, so an analysis takes little more than one search per
/// position.
///
/// Each search has its own seed, derived from `seed`, the ply and which of the two it is. With a
/// time budget, threads beyond the machine's cores only give each search less of it.
pub fn analyse(
    start: &AnyPosition,
    actions: &[AnyAction],
    budget: Budget,
    threads: usize,
    seed: u64,
) -> Analysis {
    let mut positions = Vec::with_capacity(actions.len() + 1);
    positions.push(start.clone());
    for &action in actions {
        let mut next = positions.last().expect("the start at least").clone();
        debug_assert_eq!(next.check(action), Ok(()), "{next}: {action}");
        next.play_unchecked(action);
        positions.push(next);
    }
    let evaluations = in_parallel(positions.len(), threads, |k| {
        evaluate(
            &positions[k],
            budget,
            position_seed(seed, k, Search::Position),
        )
    });

    // (ply, seat, better, mover's chance before, after) of each action that seems to lose.
    let mut suspects = Vec::new();
    for (k, &played) in actions.iter().enumerate().map(|(i, a)| (i + 1, a)) {
        let seat = positions[k - 1].to_act();
        let Some(better) = evaluations[k - 1].best else {
            continue;
        };
        let before = evaluations[k - 1].chance(seat);
        let after = evaluations[k].chance(seat);
        if better != played && before - after >= MISTAKE {
            suspects.push((k, seat, better, before, after));
        }
    }
    let alternatives = in_parallel(suspects.len(), threads, |j| {
        let (k, _, better, _, _) = suspects[j];
        let mut position = positions[k - 1].clone();
        position.play_unchecked(better);
        evaluate(&position, budget, position_seed(seed, k, Search::Better))
    });

    let mut mistakes: Vec<Mistake> = suspects
        .into_iter()
        .zip(&alternatives)
        .filter_map(|((k, seat, better, before, after), alternative)| {
            let before = before.min(alternative.chance(seat));
            let drop = before - after;
            (drop >= MISTAKE).then(|| Mistake {
                ply: k as u32,
                seat,
                played: actions[k - 1],
                better,
                before,
                after,
                drop,
            })
        })
        .collect();
    mistakes.sort_by(|a, b| b.drop.total_cmp(&a.drop).then(a.ply.cmp(&b.ply)));

    Analysis {
        best: evaluations.iter().map(|e| e.best).collect(),
        evaluations: evaluations.into_iter().map(|e| e.first_wins).collect(),
        mistakes,
    }
}

/// Which search of a ply a seed is for.
#[derive(Clone, Copy)]
enum Search {
    /// The position after the ply's action (the start for ply 0).
    Position = 0,
    /// The position after the search's choice instead of the ply's action.
    Better = 1,
}

/// The seed of one search of an analysis: `seed`, the ply and the search mixed (SplitMix64), so
/// that neighbouring plies' searches are unrelated.
fn position_seed(seed: u64, ply: usize, search: Search) -> u64 {
    let mut z = seed ^ (ply as u64).wrapping_mul(2).wrapping_add(search as u64);
    for _ in 0..2 {
        z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
    }
    z
}

/// `work(0)`, …, `work(jobs - 1)` on at most `threads` scoped threads (at least one), each
/// taking the next job as it finishes one, so that slow jobs do not hold up a fixed share; the
/// results in job order.
fn in_parallel<T: Send>(jobs: usize, threads: usize, work: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let threads = threads.clamp(1, jobs.max(1));
    if threads == 1 {
        return (0..jobs).map(work).collect();
    }
    let next = AtomicUsize::new(0);
    let done = Mutex::new(Vec::with_capacity(jobs));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut mine = Vec::new();
                loop {
                    let job = next.fetch_add(1, Ordering::Relaxed);
                    if job >= jobs {
                        break;
                    }
                    mine.push((job, work(job)));
                }
                done.lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner())
                    .extend(mine);
            });
        }
    });
    let mut done = done
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    done.sort_unstable_by_key(|&(job, _)| job);
    done.into_iter().map(|(_, result)| result).collect()
}

/// A blunder in `position`, if there is one: an action of the side to act after which it has
/// lost, or after which its opponent can win at once. It is what an analysis must catch, and what
/// the tests of the analysis play on purpose. `None` in Agros's opening, where nothing ends (and
/// a turn with two farmers has thousands of actions).
pub fn blunder(position: &AnyPosition) -> Option<AnyAction> {
    if let AnyPosition::Agros(p) = position
        && p.in_opening()
    {
        return None;
    }
    let me = position.to_act();
    let lost = |p: &AnyPosition| p.outcome().is_some_and(|o| o.winner == Some(me.other()));
    position.legal_actions().into_iter().find(|&a| {
        let mut next = position.clone();
        next.play_unchecked(a);
        lost(&next)
            || (!next.is_finished()
                && next.legal_actions().into_iter().any(|reply| {
                    let mut replied = next.clone();
                    replied.play_unchecked(reply);
                    lost(&replied)
                }))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_rules::Variant;
    use agora_rules::agon::{self, Cell, Kind, Piece};

    /// The playouts of the searches that play the test games: quick, and still purposeful.
    const PLAY: u32 = 200;
    /// The playouts of each evaluation of an analysis in the tests.
    const ANALYSE: u32 = 600;

    /// The search's action with [`PLAY`] playouts, a seed per ply.
    fn engine(position: &AnyPosition, ply: usize) -> AnyAction {
        crate::search(position, PLAY, ply as u64)
            .0
            .expect("an unfinished game")
    }

    /// Plays `actions` from `start`.
    fn after(start: &AnyPosition, actions: &[AnyAction]) -> AnyPosition {
        let mut p = start.clone();
        for &a in actions {
            p.play(a).expect("legal");
        }
        p
    }

    /// The engine plays on from `start` after `actions` for at most `plies` more plies.
    fn play_on(start: &AnyPosition, actions: &mut Vec<AnyAction>, plies: usize) {
        let mut p = after(start, actions);
        for _ in 0..plies {
            if p.is_finished() {
                break;
            }
            let a = engine(&p, actions.len());
            p.play_unchecked(a);
            actions.push(a);
        }
    }

    /// Checks that `analyse` of `actions` from `start` lists ply `blunder` among the worst
    /// three mistakes of its mover, with the engine's choice as the better action.
    #[track_caller]
    fn assert_found(start: &AnyPosition, actions: &[AnyAction], blunder: usize) {
        let analysis = analyse(start, actions, Budget::playouts(ANALYSE), 2, 7);
        assert_eq!(analysis.evaluations.len(), actions.len() + 1);
        assert_eq!(analysis.best.len(), actions.len() + 1);
        let seat = after(start, &actions[..blunder - 1]).to_act();
        let worst = analysis.worst(seat, 3);
        let found = worst
            .iter()
            .find(|m| m.ply == blunder as u32)
            .unwrap_or_else(|| panic!("ply {blunder} not among {worst:#?}"));
        assert_eq!(found.seat, seat);
        assert_eq!(found.played, actions[blunder - 1]);
        assert_eq!(Some(found.better), analysis.best[blunder - 1]);
        assert_ne!(found.better, found.played);
        assert!(found.drop >= MISTAKE, "{found:?}");
        assert!((found.before - found.after - found.drop).abs() < 1e-12);
        assert_eq!(
            worst[0].ply, blunder as u32,
            "the blunder is the worst: {worst:#?}"
        );
    }

    /// Agon: the engine plays itself until the side to act could let its opponent win at once
    /// (AG-11) while it still has chances; it does so, and the game runs to its end.
    #[test]
    fn an_agon_blunder_is_found() {
        let start = Variant::Agon.start();
        let mut actions = Vec::new();
        let blunder = loop {
            let p = after(&start, &actions);
            assert!(
                !p.is_finished(),
                "no chance to blunder in {} plies",
                actions.len()
            );
            if let Some(a) = crate::blunder(&p)
                && evaluate(&p, Budget::playouts(ANALYSE), 1).chance(p.to_act()) >= 0.2
            {
                actions.push(a);
                break actions.len();
            }
            play_on(&start, &mut actions, 1);
        };
        play_on(&start, &mut actions, 20);
        assert!(after(&start, &actions).is_finished());
        // The last dozen plies before the blunder and what followed it.
        let from = blunder.saturating_sub(12);
        let start = after(&start, &actions[..from]);
        assert_found(&start, &actions[from..], blunder - from);
    }

    /// Agros (8×8, three farmers): in the movement phase, the engine plays itself until the
    /// side to act has fair chances and could let its opponent win at once (a pass while behind
    /// on the board lets the opponent's pass end the game, AR-9); it does so.
    #[test]
    fn an_agros_blunder_is_found() {
        let start = Variant::Agros {
            board: 8,
            farmers: 3,
        }
        .start();
        let mut actions = Vec::new();
        play_on(&start, &mut actions, 8);
        let blunder = loop {
            let p = after(&start, &actions);
            assert!(
                !p.is_finished(),
                "no chance to blunder in {} plies",
                actions.len()
            );
            if let Some(a) = crate::blunder(&p)
                && evaluate(&p, Budget::playouts(ANALYSE), 1).chance(p.to_act()) >= 0.4
            {
                actions.push(a);
                break actions.len();
            }
            play_on(&start, &mut actions, 1);
        };
        play_on(&start, &mut actions, 12);
        assert!(after(&start, &actions).is_finished());
        let from = blunder - 8;
        let start = after(&start, &actions[..from]);
        assert_found(&start, &actions[from..], blunder - from);
    }

    fn cell(name: &str) -> Cell {
        name.parse().expect("a cell")
    }

    fn piece(seat: Seat, kind: Kind) -> Piece {
        Piece {
            seat,
            kind,
            captured: false,
        }
    }

    /// AG-11: White's queen holds the throne and five guards hold ring 1; g7-g6 closes the ring.
    fn agon_throne_in_one() -> AnyPosition {
        let mut pieces = vec![(cell("f6"), piece(Seat::First, Kind::Queen))];
        for g in ["e5", "e6", "f5", "f7", "g5", "g7"] {
            pieces.push((cell(g), piece(Seat::First, Kind::Guard)));
        }
        pieces.push((cell("a6"), piece(Seat::Second, Kind::Queen)));
        for g in ["a1", "a2", "a3", "a4", "b1", "b2"] {
            pieces.push((cell(g), piece(Seat::Second, Kind::Guard)));
        }
        AnyPosition::Agon(agon::Position::from_pieces(pieces, Seat::First).expect("valid"))
    }

    fn agros(text: &str) -> AnyPosition {
        AnyPosition::parse(agora_rules::GameKind::Agros, text).expect("valid")
    }

    /// A finished game is worth exactly its result, and so is a position whose side to act wins
    /// at once; an Agros win counts 1 whatever its margin (AR-14).
    #[test]
    fn finished_and_won_positions_are_exact() {
        let budget = Budget::playouts(ANALYSE);
        let p = agon_throne_in_one();
        let win = p.parse_action("g7-g6").expect("legal");
        let now = evaluate(&p, budget, 3);
        assert_eq!((now.first_wins, now.best), (1.0, Some(win)));
        let won = after(&p, &[win]);
        let over = evaluate(&won, budget, 3);
        assert_eq!((over.first_wins, over.best, over.playouts), (1.0, None, 0));

        let middle = ["........"; 6].join("/");
        for (text, first_wins) in [
            // Equal fields: a draw.
            (format!("D1.D1.D1.../{middle}/L1.L1.L1... l n3 m+"), 0.5),
            // Light by a harvest's worth (and the half point).
            (format!("D1.D1.D1.../{middle}/L2.L1.L1... l n3 m+"), 1.0),
            // Dark by as much.
            (format!("D2.D1.D1.../{middle}/L1.L1.L1... l n3 m+"), 0.0),
        ] {
            let p = agros(&text);
            let pass = p.parse_action("pass").expect("legal");
            let ended = evaluate(&after(&p, &[pass]), budget, 3);
            assert_eq!((ended.first_wins, ended.best), (first_wins, None), "{text}");
            if first_wins == 1.0 {
                // Light's pass ends the game won: no search needed.
                let now = evaluate(&p, budget, 3);
                assert_eq!(
                    (now.first_wins, now.best, now.playouts),
                    (1.0, Some(pass), 0)
                );
            }
        }
        // A lost position is lost for both seats' readings.
        let lost = Evaluation {
            first_wins: 0.0,
            best: None,
            playouts: 0,
        };
        assert_eq!(
            (lost.chance(Seat::First), lost.chance(Seat::Second)),
            (0.0, 1.0)
        );
    }

    /// A side with nothing but a pass is still searched (the computer's play skips the search),
    /// so its evaluation rests on playouts.
    #[test]
    fn a_lone_action_is_searched() {
        // Light's farmers are walled in by Dark seeds; Dark's are free.
        let p = agros(
            "L1dL1dL1d../dddddd../......../......../......../......../......../D1.D1.D1... l n3 m",
        );
        assert_eq!(p.legal_count(), 1);
        let e = evaluate(&p, Budget::playouts(300), 5);
        assert_eq!(e.best, p.parse_action("pass").ok());
        assert_eq!(e.playouts, 300);
        assert!((0.0..=1.0).contains(&e.first_wins));
        assert_eq!(e, evaluate(&p, Budget::playouts(300), 5));
    }

    /// A weak player's game: every other action random, and from the eighth on, an action that
    /// loses at once whenever there is one (so that there are mistakes to find).
    fn weak_game(variant: Variant, plies: u64) -> (AnyPosition, Vec<AnyAction>) {
        let start = variant.start();
        let mut actions = Vec::new();
        let mut p = start.clone();
        for ply in 0..plies {
            let a = match crate::blunder(&p) {
                Some(a) if ply >= 8 => Some(a),
                _ if ply % 2 == 0 => crate::random_action(&p, ply),
                _ => crate::search(&p, 50, ply).0,
            };
            let Some(a) = a else { break };
            p.play_unchecked(a);
            actions.push(a);
        }
        (start, actions)
    }

    #[test]
    fn threads_do_not_change_the_analysis() {
        let mut mistakes = 0;
        for variant in [
            Variant::Agon,
            Variant::Agros {
                board: 8,
                farmers: 3,
            },
        ] {
            let (start, actions) = weak_game(variant, 24);
            let budget = Budget::playouts(150);
            let one = analyse(&start, &actions, budget, 1, 11);
            mistakes += one.mistakes.len();
            for threads in [2, 3, 64] {
                assert_eq!(
                    analyse(&start, &actions, budget, threads, 11),
                    one,
                    "{variant}"
                );
            }
            // No threads means one.
            assert_eq!(analyse(&start, &actions, budget, 0, 11), one, "{variant}");
        }
        assert!(mistakes > 0, "no mistakes to compare");
    }

    #[test]
    fn worst_lists_at_most_n_of_one_seat_largest_first() {
        let a = agon_throne_in_one().legal_actions();
        let mistake = |ply: u32, seat, drop: f64| Mistake {
            ply,
            seat,
            played: a[0],
            better: a[1],
            before: 0.9,
            after: 0.9 - drop,
            drop,
        };
        let analysis = Analysis {
            evaluations: vec![0.5; 11],
            best: vec![None; 11],
            mistakes: vec![
                mistake(7, Seat::First, 0.6),
                mistake(4, Seat::Second, 0.5),
                mistake(3, Seat::First, 0.4),
                mistake(9, Seat::First, 0.3),
                mistake(1, Seat::First, 0.2),
            ],
        };
        let plies =
            |seat, n| -> Vec<u32> { analysis.worst(seat, n).iter().map(|m| m.ply).collect() };
        assert_eq!(plies(Seat::First, 3), [7, 3, 9]);
        assert_eq!(plies(Seat::First, 10), [7, 3, 9, 1]);
        assert_eq!(plies(Seat::Second, 3), [4]);
        assert_eq!(plies(Seat::Second, 0), Vec::<u32>::new());
    }

    /// The empty game has one position and nothing to blame.
    #[test]
    fn no_actions_no_mistakes() {
        let start = Variant::Agon.start();
        let analysis = analyse(&start, &[], Budget::playouts(50), 4, 1);
        assert_eq!(analysis.evaluations.len(), 1);
        assert!(analysis.best[0].is_some());
        assert!(analysis.mistakes.is_empty());
    }

    #[test]
    fn each_search_has_its_own_seed() {
        let mut seeds = std::collections::HashSet::new();
        for ply in 0..1_000 {
            for search in [Search::Position, Search::Better] {
                assert!(seeds.insert(position_seed(42, ply, search)));
            }
        }
    }
}
