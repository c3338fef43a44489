//! The Swiss pairing's tests: simulated tournaments checked for repeats, byes, colours and
//! score groups, and the matching on its own.

use super::super::Outcome;
use super::*;

/// A small deterministic generator (an LCG), so the simulated results need no randomness.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }
}

/// A result in which the better seed (lower number) is favoured.
fn result(rng: &mut Lcg, p: Pairing) -> Outcome {
    let roll = rng.next() % 10;
    let first_is_better = p.first < p.second;
    match roll {
        0..=5 if first_is_better => Outcome::FirstWins,
        0..=5 => Outcome::SecondWins,
        6..=7 => Outcome::Draw,
        _ if first_is_better => Outcome::SecondWins,
        _ => Outcome::FirstWins,
    }
}

fn played(round: u32, p: Pairing, outcome: Outcome) -> Played {
    Played {
        round,
        first: p.first,
        second: p.second,
        outcome: Some(outcome),
        forfeit: false,
        cancelled: false,
    }
}

fn scores(n: usize, games: &[Played], byes: &[Entrant]) -> Vec<u32> {
    let mut score = vec![0; n];
    for &b in byes {
        score[b] += 2;
    }
    for g in games {
        for e in [g.first, g.second] {
            score[e] += g.scored(e).unwrap_or(0);
        }
    }
    score
}

/// Everyone active exactly once (in a game or with the bye), nobody else, the bye exactly
/// when the active number is odd, and no pair met before.
fn check_round(n: usize, round: &Round, active: &[bool], games: &[Played]) {
    let mut seen = vec![false; n];
    for e in round
        .pairings
        .iter()
        .flat_map(|p| [p.first, p.second])
        .chain(round.bye)
    {
        assert!(active[e], "{e} is not active");
        assert!(!seen[e], "{e} twice");
        seen[e] = true;
    }
    assert_eq!(seen, active, "someone active was left out");
    let count = active.iter().filter(|&&a| a).count();
    assert_eq!(round.bye.is_some(), count % 2 == 1);
    for p in &round.pairings {
        assert!(
            !games
                .iter()
                .any(|g| g.involves(p.first) && g.involves(p.second)),
            "{} and {} meet again",
            p.first,
            p.second
        );
    }
}

fn colours(n: usize, games: &[Played]) -> Vec<History> {
    let mut history = vec![History::default(); n];
    let mut in_order: Vec<&Played> = games.iter().collect();
    in_order.sort_by_key(|g| g.round);
    for g in in_order {
        history[g.first].0.push(Colour::First);
        history[g.second].0.push(Colour::Second);
    }
    history
}

#[test]
fn nine_entrants_five_rounds() {
    let n = 9;
    let active = vec![true; n];
    let mut rng = Lcg(7);
    let mut games: Vec<Played> = Vec::new();
    let mut byes: Vec<Entrant> = Vec::new();
    for r in 1..=5 {
        let round = swiss_round(n, &games, &byes, &active);
        check_round(n, &round, &active, &games);
        let bye = round.bye.expect("9 entrants: a bye every round");
        assert!(!byes.contains(&bye), "{bye} has a second bye");

        // Every game within a score group or between neighbouring ones.
        let score = scores(n, &games, &byes);
        let mut groups: Vec<u32> = (0..n).filter(|&e| e != bye).map(|e| score[e]).collect();
        groups.sort_unstable();
        groups.dedup();
        let group = |e: Entrant| groups.iter().position(|&s| s == score[e]).unwrap();
        for p in &round.pairings {
            assert!(
                group(p.first).abs_diff(group(p.second)) <= 1,
                "round {r}: {p:?} with scores {} and {}",
                score[p.first],
                score[p.second]
            );
        }

        // The bye goes to the lowest-ranked who has not had one, here always possible.
        let lowest = (0..n)
            .filter(|e| !byes.contains(e))
            .min_by(|&a, &b| score[a].cmp(&score[b]).then(b.cmp(&a)))
            .unwrap();
        assert_eq!(bye, lowest, "round {r}");

        byes.push(bye);
        for &p in &round.pairings {
            games.push(played(r, p, result(&mut rng, p)));
        }
    }
    for (e, h) in colours(n, &games).iter().enumerate() {
        assert!(h.difference().abs() <= 2, "{e}: {:?}", h.0);
        assert!(
            !h.0.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]),
            "{e}: {:?}",
            h.0
        );
    }
    // Same input, same round.
    assert_eq!(
        swiss_round(n, &games, &byes, &active),
        swiss_round(n, &games, &byes, &active)
    );
}

#[test]
fn round_two_pairs_winners_with_winners() {
    let n = 9;
    let active = vec![true; n];
    let first = swiss_round(n, &[], &[], &active);
    // Round 1: top half against bottom half, colours alternating by board, the last seed
    // sitting out.
    assert_eq!(first.bye, Some(8));
    let boards: Vec<(Entrant, Entrant)> =
        first.pairings.iter().map(|p| (p.first, p.second)).collect();
    assert_eq!(boards, vec![(0, 4), (5, 1), (2, 6), (7, 3)]);
    // The better seed wins every game.
    let games: Vec<Played> = first
        .pairings
        .iter()
        .map(|&p| {
            let outcome = if p.first < p.second {
                Outcome::FirstWins
            } else {
                Outcome::SecondWins
            };
            played(1, p, outcome)
        })
        .collect();
    let second = swiss_round(n, &games, &[8], &active);
    check_round(n, &second, &active, &games);
    // On 2 points: 0, 1, 2, 3 and 8 (the bye). Two games among them, one of them floating
    // down against a loser.
    let winners = [0, 1, 2, 3, 8];
    let among = |p: &Pairing| {
        usize::from(winners.contains(&p.first)) + usize::from(winners.contains(&p.second))
    };
    let mut kinds: Vec<usize> = second.pairings.iter().map(among).collect();
    kinds.sort_unstable();
    assert_eq!(kinds, vec![0, 1, 2, 2]);
    assert_eq!(second.bye, Some(7));
    // Colours called for: who had first in round 1 has second now, among the winners.
    for p in &second.pairings {
        if among(p) == 2 {
            assert!(
                [1, 3].contains(&p.first) && [0, 2].contains(&p.second),
                "{p:?}"
            );
        }
    }
}

#[test]
fn repeats_only_when_nothing_else_pairs() {
    // Four entrants, three rounds played: everyone has met everyone, so round 4 must repeat.
    let active = vec![true; 4];
    let pairs = [(0, 1), (2, 3), (0, 2), (1, 3), (0, 3), (1, 2)];
    let games: Vec<Played> = pairs
        .iter()
        .enumerate()
        .map(|(i, &(a, b))| {
            played(
                i as u32 / 2 + 1,
                Pairing {
                    first: a,
                    second: b,
                },
                Outcome::Draw,
            )
        })
        .collect();
    let round = swiss_round(4, &games, &[], &active);
    assert_eq!(round.pairings.len(), 2);
    assert_eq!(round.bye, None);
    // Cancelled games still count as met.
    let mut some = games[..4].to_vec();
    for g in &mut some {
        g.cancelled = true;
    }
    let round = swiss_round(4, &some, &[], &active);
    let mut met: Vec<(Entrant, Entrant)> = round
        .pairings
        .iter()
        .map(|p| (p.first.min(p.second), p.first.max(p.second)))
        .collect();
    met.sort_unstable();
    assert_eq!(met, vec![(0, 3), (1, 2)]);
}

#[test]
fn withdrawn_and_tiny_fields() {
    assert_eq!(swiss_round(0, &[], &[], &[]), Round::default());
    let alone = swiss_round(3, &[], &[], &[false, true, false]);
    assert_eq!(
        alone,
        Round {
            pairings: vec![],
            bye: Some(1)
        }
    );
    // Shorter `active` than n: the rest count as withdrawn.
    let two = swiss_round(5, &[], &[], &[true, false, true]);
    assert_eq!(
        two.pairings,
        vec![Pairing {
            first: 0,
            second: 2
        }]
    );
    assert_eq!(two.bye, None);
    // Everyone has had a bye: the lowest-ranked has it again.
    let again = swiss_round(3, &[], &[0, 1, 2], &[true; 3]);
    assert_eq!(again.bye, Some(2));
}

#[test]
fn two_hundred_entrants_seven_rounds_with_withdrawals() {
    let n = 200;
    let mut active = vec![true; n];
    let mut rng = Lcg(2024);
    let mut games: Vec<Played> = Vec::new();
    let mut byes: Vec<Entrant> = Vec::new();
    for r in 1..=7 {
        // Some leave along the way, at the top, the bottom and in between.
        let leaving: &[Entrant] = match r {
            2 => &[0, 57],
            4 => &[199, 100, 101],
            6 => &[13],
            _ => &[],
        };
        for &e in leaving {
            active[e] = false;
        }
        let round = swiss_round(n, &games, &byes, &active);
        check_round(n, &round, &active, &games);
        if let Some(b) = round.bye {
            assert!(!byes.contains(&b));
            byes.push(b);
        }
        for &p in &round.pairings {
            games.push(played(r, p, result(&mut rng, p)));
        }
    }
    for (e, h) in colours(n, &games).iter().enumerate() {
        assert!(h.difference().abs() <= 2, "{e}: {:?}", h.0);
    }
}

#[test]
fn floats_are_mended_three_games_at_a_time() {
    // Groups: 0 alone on top; 1, 2, 3 (2 and 3 already met); 4 and 5. Three floats where one
    // will do, and no exchange of two games helps: it takes all three.
    let group = [0, 1, 1, 1, 2, 2];
    let players: Vec<Entrant> = (0..6).collect();
    let matcher = Matcher::new(6, &players, |a, b| (a.min(b), a.max(b)) != (2, 3));
    let mut pairs = vec![(0, 1), (2, 4), (3, 5)];
    bring_closer(&mut pairs, &group, &matcher);
    pairs.sort_unstable();
    assert_eq!(pairs, vec![(0, 2), (1, 3), (4, 5)]);
}

#[test]
fn matcher_finds_perfect_matchings_through_blossoms() {
    // A triangle 0-1-2 with 5 hanging off 0 and the path 2-3-4. The greedy start (0-1, 2-3)
    // leaves 4 and 5 out, and the only path joining them goes round the triangle
    // (4-3, 3=2, 2-1, 1=0, 0-5): the search must shrink it.
    let edges = [(5, 0), (0, 1), (1, 2), (2, 0), (2, 3), (3, 4)];
    let may = |a: Entrant, b: Entrant| edges.contains(&(a, b)) || edges.contains(&(b, a));
    let players: Vec<Entrant> = (0..6).collect();
    let mut m = Matcher::new(6, &players, may);
    assert!(m.perfect());
    // 0 must stay with 5, and 3 with 4: anything else strands someone, and is refused.
    assert!(!m.try_fix(0, 1));
    assert!(!m.try_fix(0, 2));
    assert!(!m.try_fix(2, 3));
    assert!(!m.try_fix(1, 3), "not allowed to meet");
    assert!(m.try_fix(1, 2));
    assert!(m.try_fix(0, 5));
    assert!(m.try_fix(3, 4));
    assert!(m.perfect());
    // An odd cycle of 5 has no perfect matching.
    let cycle = |a: Entrant, b: Entrant| a.abs_diff(b) == 1 || a.abs_diff(b) == 4;
    let m = Matcher::new(5, &[0, 1, 2, 3, 4], cycle);
    assert_eq!(m.exposed(), 1);
}
