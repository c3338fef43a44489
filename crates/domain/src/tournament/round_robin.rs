//! Round-robin schedules: everyone meets everyone, by the circle (Berger) method.

use super::{Pairing, Round};

/// All rounds of a round robin of `n` entrants (circle / Berger method), every pair once per
/// cycle. When `n` is odd one entrant sits out each round (`bye`, which in a round robin scores
/// nothing: it is just a rest). Colours are balanced: over a single cycle each entrant's firsts and
/// seconds differ by at most 1. `double` adds a second cycle of the same pairings with colours
/// swapped, so each pair plays once with each colour. Fewer than 2 entrants: no rounds.
pub fn round_robin(n: usize, double: bool) -> Vec<Round> {
    if n < 2 {
        return Vec::new();
    }
    // Seats: one per entrant, plus a rest seat when n is odd (whoever faces it has the bye).
    let seats = n + n % 2;
    // Seat `fixed` stays put; the others turn one step each round around a circle of `turning`.
    let fixed = seats - 1;
    let turning = seats - 1;
    let mut rounds: Vec<Round> = (0..turning)
        .map(|r| {
            let mut round = Round::default();
            // In round r, entrant r faces the fixed seat; the turning seats pair off across the
            // circle, r + i against r - i.
            if fixed < n {
                // The fixed entrant meets everyone in turn: alternating keeps theirs balanced.
                round.pairings.push(if r % 2 == 0 {
                    Pairing {
                        first: r,
                        second: fixed,
                    }
                } else {
                    Pairing {
                        first: fixed,
                        second: r,
                    }
                });
            } else {
                round.bye = Some(r);
            }
            for i in 1..=(turning - 1) / 2 {
                let ahead = (r + i) % turning;
                let behind = (r + turning - i) % turning;
                // Each turning entrant passes every distance i once per cycle, once ahead and once
                // behind; first on odd distances when ahead and even ones when behind gives each
                // the same number of firsts and seconds across the circle, and mostly alternates.
                round.pairings.push(if i % 2 == 1 {
                    Pairing {
                        first: ahead,
                        second: behind,
                    }
                } else {
                    Pairing {
                        first: behind,
                        second: ahead,
                    }
                });
            }
            round
        })
        .collect();
    if double {
        let returns: Vec<Round> = rounds
            .iter()
            .map(|round| Round {
                pairings: round
                    .pairings
                    .iter()
                    .map(|p| Pairing {
                        first: p.second,
                        second: p.first,
                    })
                    .collect(),
                bye: round.bye,
            })
            .collect();
        rounds.extend(returns);
    }
    rounds
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks one cycle of rounds; returns each entrant's firsts − seconds over it.
    fn check_cycle(n: usize, rounds: &[Round]) -> Vec<i32> {
        assert_eq!(rounds.len(), n - 1 + n % 2, "n = {n}");
        let mut met = vec![vec![0u32; n]; n];
        let mut diff = vec![0i32; n];
        let mut byes = vec![0u32; n];
        for round in rounds {
            let mut seen = vec![false; n];
            for p in &round.pairings {
                for e in [p.first, p.second] {
                    assert!(e < n && !seen[e], "n = {n}: {e} twice in a round");
                    seen[e] = true;
                }
                met[p.first][p.second] += 1;
                met[p.second][p.first] += 1;
                diff[p.first] += 1;
                diff[p.second] -= 1;
            }
            assert_eq!(round.bye.is_some(), n % 2 == 1, "n = {n}");
            if let Some(b) = round.bye {
                assert!(!seen[b]);
                seen[b] = true;
                byes[b] += 1;
            }
            assert!(seen.iter().all(|&s| s), "n = {n}: someone left out");
        }
        for (a, row) in met.iter().enumerate() {
            for (b, &times) in row.iter().enumerate() {
                assert_eq!(times, u32::from(a != b), "n = {n}: {a} and {b}");
            }
            assert!(
                diff[a].abs() <= 1,
                "n = {n}: {a} has colour difference {}",
                diff[a]
            );
            assert_eq!(byes[a], (n % 2) as u32);
        }
        diff
    }

    #[test]
    fn single_cycles_meet_everyone_once_with_balanced_colours() {
        for n in 2..=12 {
            check_cycle(n, &round_robin(n, false));
        }
        // Larger fields keep the balance too.
        for n in [15, 16, 31, 40] {
            check_cycle(n, &round_robin(n, false));
        }
    }

    #[test]
    fn double_cycles_swap_every_colour() {
        for n in 2..=12 {
            let rounds = round_robin(n, true);
            let half = rounds.len() / 2;
            let first = check_cycle(n, &rounds[..half]);
            let second = check_cycle(n, &rounds[half..]);
            assert!(first.iter().zip(&second).all(|(a, b)| a + b == 0));
            let mut ordered = vec![vec![0u32; n]; n];
            for p in rounds.iter().flat_map(|r| &r.pairings) {
                ordered[p.first][p.second] += 1;
            }
            for (a, row) in ordered.iter().enumerate() {
                for (b, &times) in row.iter().enumerate() {
                    assert_eq!(times, u32::from(a != b), "n = {n}: {a} first against {b}");
                }
            }
        }
    }

    #[test]
    fn the_top_seed_opens_against_the_last() {
        let rounds = round_robin(6, false);
        assert_eq!(
            rounds[0].pairings[0],
            Pairing {
                first: 0,
                second: 5
            }
        );
        assert!(round_robin(1, true).is_empty());
        assert!(round_robin(0, false).is_empty());
        let three = round_robin(3, false);
        assert_eq!(three[0].bye, Some(0));
        assert_eq!(
            three[0].pairings,
            vec![Pairing {
                first: 1,
                second: 2
            }]
        );
    }
}
