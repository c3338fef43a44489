//! Standings and crosstables: points, tie-breaks and ranks from a tournament's games, as defined
//! in the [module documentation](super).

use super::{Entrant, Format, Outcome, Played};

/// One entrant's line in the standings. Points and tie-breaks are in half-points, except
/// Sonneborn–Berger, in quarter-points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub entrant: Entrant,
    /// From 1; entrants share a rank only when points and every tie-break (direct encounter and
    /// wins included) are equal, and are then listed by entrant number.
    pub rank: usize,
    /// Half-points: counted games, plus 2 for each Swiss bye.
    pub points: u32,
    /// Games with a result that counts (forfeits included).
    pub played: u32,
    /// Games won (forfeits included, byes not).
    pub wins: u32,
    /// Quarter-points: twice the opponent's half-points for each win, once for each draw.
    pub sonneborn_berger: u32,
    /// Half-points: the sum of the opponents' points, one term per counted game.
    pub buchholz: u32,
    /// Half-points: the Buchholz less its highest and lowest term, when it has at least 3.
    pub median_buchholz: u32,
    /// Half-points scored against the entrants tied with this one on points and the format's
    /// tie-breaks.
    pub direct: u32,
}

impl Standing {
    /// Points and the format's tie-breaks before the direct encounter: entrants equal on these
    /// are tied, and the games between them decide.
    fn tied_on(&self, format: Format) -> [u32; 3] {
        match format {
            Format::RoundRobin { .. } => [self.points, self.sonneborn_berger, 0],
            Format::Swiss { .. } => [self.points, self.buchholz, self.median_buchholz],
            Format::Ladder { .. } => [self.points, 0, 0],
        }
    }

    /// Everything that orders the standings, best first when compared descending.
    fn order_key(&self, format: Format) -> [u32; 5] {
        let [a, b, c] = self.tied_on(format);
        [a, b, c, self.direct, self.wins]
    }
}

/// The standings of entrants `0..n`, best first (see the module documentation for the points,
/// the tie-breaks and the order). `byes` lists each Swiss bye given (an entrant once per bye);
/// pass none for a round robin, whose rests score nothing. Every tie-break is computed for every
/// format; only the format's ones order the list. Games naming an entrant outside `0..n`, or the
/// same entrant twice, are ignored.
pub fn standings(n: usize, format: Format, games: &[Played], byes: &[Entrant]) -> Vec<Standing> {
    let counted: Vec<&Played> = games
        .iter()
        .filter(|g| g.first < n && g.second < n && g.first != g.second && g.counts())
        .collect();
    let mut table: Vec<Standing> = (0..n)
        .map(|entrant| Standing {
            entrant,
            rank: 0,
            points: 0,
            played: 0,
            wins: 0,
            sonneborn_berger: 0,
            buchholz: 0,
            median_buchholz: 0,
            direct: 0,
        })
        .collect();
    for &b in byes.iter().filter(|&&b| b < n) {
        table[b].points += 2;
    }
    for g in &counted {
        for e in [g.first, g.second] {
            let scored = g.scored(e).unwrap_or(0);
            table[e].points += scored;
            table[e].played += 1;
            table[e].wins += u32::from(scored == 2);
        }
    }

    // The tie-breaks use the final points, so only once all are known.
    let points: Vec<u32> = table.iter().map(|s| s.points).collect();
    let mut opponents_points: Vec<Vec<u32>> = vec![Vec::new(); n];
    for g in &counted {
        for (e, opponent) in [(g.first, g.second), (g.second, g.first)] {
            let scored = g.scored(e).unwrap_or(0);
            table[e].sonneborn_berger += scored * points[opponent];
            opponents_points[e].push(points[opponent]);
        }
    }
    for (s, theirs) in table.iter_mut().zip(&opponents_points) {
        s.buchholz = theirs.iter().sum();
        s.median_buchholz = match (theirs.iter().max(), theirs.iter().min()) {
            (Some(&high), Some(&low)) if theirs.len() >= 3 => s.buchholz - high - low,
            _ => s.buchholz,
        };
    }

    let tied: Vec<[u32; 3]> = table.iter().map(|s| s.tied_on(format)).collect();
    for g in &counted {
        if tied[g.first] == tied[g.second] {
            for e in [g.first, g.second] {
                table[e].direct += g.scored(e).unwrap_or(0);
            }
        }
    }

    table.sort_by(|a, b| {
        b.order_key(format)
            .cmp(&a.order_key(format))
            .then(a.entrant.cmp(&b.entrant))
    });
    for i in 0..table.len() {
        table[i].rank = if i > 0 && table[i - 1].order_key(format) == table[i].order_key(format) {
            table[i - 1].rank
        } else {
            i + 1
        };
    }
    table
}

/// One cell of a crosstable: a result of the row entrant against the column entrant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    Win,
    Draw,
    Loss,
    /// Won by forfeit, shown "+".
    ForfeitWin,
    /// Lost by forfeit, shown "-".
    ForfeitLoss,
    /// Its result no longer counts.
    Cancelled,
    /// Still running.
    Pending,
}

impl Mark {
    /// The mark of `game` for `row`, one of its players.
    fn of(game: &Played, row: Entrant) -> Mark {
        if game.cancelled {
            return Mark::Cancelled;
        }
        let won = match game.outcome {
            None => return Mark::Pending,
            Some(Outcome::Draw) => return Mark::Draw,
            Some(Outcome::FirstWins) => game.first == row,
            Some(Outcome::SecondWins) => game.second == row,
        };
        match (won, game.forfeit) {
            (true, false) => Mark::Win,
            (true, true) => Mark::ForfeitWin,
            (false, false) => Mark::Loss,
            (false, true) => Mark::ForfeitLoss,
        }
    }
}

/// A crosstable: for each row entrant (in the given order, e.g. the standings' order), for each
/// column entrant (same order), the marks of their games in round order (games of one round in
/// the order given); empty when they never met, and on the diagonal.
pub fn crosstable(order: &[Entrant], games: &[Played]) -> Vec<Vec<Vec<Mark>>> {
    let size = order.len();
    let mut table = vec![vec![Vec::new(); size]; size];
    // Where each entrant sits in `order` (usually once).
    let width = order.iter().max().map_or(0, |&m| m + 1);
    let mut seats: Vec<Vec<usize>> = vec![Vec::new(); width];
    for (i, &e) in order.iter().enumerate() {
        seats[e].push(i);
    }
    let seats_of = |e: Entrant| seats.get(e).map_or(&[][..], Vec::as_slice);
    let mut in_order: Vec<&Played> = games.iter().filter(|g| g.first != g.second).collect();
    in_order.sort_by_key(|g| g.round);
    for g in in_order {
        for (row, column) in [(g.first, g.second), (g.second, g.first)] {
            for &r in seats_of(row) {
                for &c in seats_of(column) {
                    table[r][c].push(Mark::of(g, row));
                }
            }
        }
    }
    table
}

#[cfg(test)]
mod tests {
    use super::super::Outcome::{Draw, FirstWins, SecondWins};
    use super::*;

    const ROUND_ROBIN: Format = Format::RoundRobin { double: false };
    const SWISS: Format = Format::Swiss { rounds: 3 };

    fn game(round: u32, first: Entrant, second: Entrant, outcome: Outcome) -> Played {
        Played {
            round,
            first,
            second,
            outcome: Some(outcome),
            forfeit: false,
            cancelled: false,
        }
    }

    /// (entrant, rank, points, sonneborn_berger, direct) in listing order.
    fn summary(table: &[Standing]) -> Vec<(Entrant, usize, u32, u32, u32)> {
        table
            .iter()
            .map(|s| (s.entrant, s.rank, s.points, s.sonneborn_berger, s.direct))
            .collect()
    }

    /// A round robin of 4 (half-points in the cells, row against column):
    ///
    /// ```text
    ///        0  1  2  3   points  SB (quarter-points)
    ///   0    .  2  2  0   4       2×2 + 2×3       = 10
    ///   1    0  .  0  2   2       2×3             =  6
    ///   2    0  2  .  1   3       2×2 + 1×3       =  7
    ///   3    2  0  1  .   3       2×4 + 1×3       = 11
    /// ```
    ///
    /// 2 and 3 tie on points; Sonneborn–Berger puts 3 (who beat the winner) ahead.
    #[test]
    fn round_robin_by_points_then_sonneborn_berger() {
        let games = [
            game(1, 0, 3, SecondWins),
            game(1, 1, 2, SecondWins),
            game(2, 2, 0, SecondWins),
            game(2, 3, 1, SecondWins),
            game(3, 0, 1, FirstWins),
            game(3, 2, 3, Draw),
        ];
        let table = standings(4, ROUND_ROBIN, &games, &[]);
        assert_eq!(
            summary(&table),
            vec![
                (0, 1, 4, 10, 0),
                (3, 2, 3, 11, 0),
                (2, 3, 3, 7, 0),
                (1, 4, 2, 6, 0)
            ]
        );
        assert!(table.iter().all(|s| s.played == 3));
        assert_eq!(
            table.iter().map(|s| s.wins).collect::<Vec<_>>(),
            vec![2, 1, 1, 1]
        );
    }

    /// Another round robin of 4, where 1 and 2 tie on points and on Sonneborn–Berger:
    ///
    /// ```text
    ///        0  1  2  3   points  SB
    ///   0    .  2  1  2   5       2×3 + 1×3 + 2×1 = 11
    ///   1    0  .  2  1   3       2×3 + 1×1       =  7
    ///   2    1  0  .  2   3       1×5 + 2×1       =  7
    ///   3    0  1  0  .   1       1×3             =  3
    /// ```
    ///
    /// 1 beat 2, so the direct encounter (2 to 0) puts 1 ahead.
    #[test]
    fn direct_encounter_breaks_a_tie() {
        let games = [
            game(1, 0, 1, FirstWins),
            game(1, 2, 3, FirstWins),
            game(2, 2, 0, Draw),
            game(2, 1, 3, Draw),
            game(3, 0, 3, FirstWins),
            game(3, 1, 2, FirstWins),
        ];
        let table = standings(4, ROUND_ROBIN, &games, &[]);
        assert_eq!(
            summary(&table),
            vec![
                (0, 1, 5, 11, 0),
                (1, 2, 3, 7, 2),
                (2, 3, 3, 7, 0),
                (3, 4, 1, 3, 0)
            ]
        );
    }

    #[test]
    fn a_complete_tie_shares_the_rank() {
        let games = [
            game(1, 1, 2, Draw),
            game(2, 2, 0, Draw),
            game(3, 0, 1, Draw),
        ];
        let table = standings(3, ROUND_ROBIN, &games, &[]);
        // Each drew twice against entrants of 2 points: SB 2 × 2, direct 2.
        assert_eq!(
            summary(&table),
            vec![(0, 1, 2, 4, 2), (1, 1, 2, 4, 2), (2, 1, 2, 4, 2)]
        );
        // Someone who has not played yet is listed, last.
        let table = standings(4, ROUND_ROBIN, &games, &[]);
        assert_eq!(
            (table[3].entrant, table[3].rank, table[3].played),
            (3, 4, 0)
        );
    }

    /// A Swiss of 5 in 3 rounds, one bye a round (2 half-points each):
    ///
    /// ```text
    ///   round 1: 0–3 1-0, 1–4 ½-½, bye 2
    ///   round 2: 0–2 ½-½, 1–3 1-0, bye 4
    ///   round 3: 0–1 1-0, 2–4 1-0, bye 3
    ///
    ///        points  opponents' points  Buchholz  median
    ///   0    5       3:2  2:5  1:3      10        10 − 5 − 2 = 3
    ///   2    5       0:5  4:3            8         8 (only 2 opponents)
    ///   1    3       4:3  3:2  0:5      10         3
    ///   4    3       1:3  2:5            8         8
    ///   3    2       0:5  1:3            8         8
    /// ```
    #[test]
    fn swiss_by_points_then_buchholz() {
        let games = [
            game(1, 0, 3, FirstWins),
            game(1, 1, 4, Draw),
            game(2, 0, 2, Draw),
            game(2, 1, 3, FirstWins),
            game(3, 0, 1, FirstWins),
            game(3, 2, 4, FirstWins),
        ];
        let table = standings(5, SWISS, &games, &[2, 4, 3]);
        let got: Vec<_> = table
            .iter()
            .map(|s| (s.entrant, s.rank, s.points, s.buchholz, s.median_buchholz))
            .collect();
        assert_eq!(
            got,
            vec![
                (0, 1, 5, 10, 3),
                (2, 2, 5, 8, 8),
                (1, 3, 3, 10, 3),
                (4, 4, 3, 8, 8),
                (3, 5, 2, 8, 8)
            ]
        );
        // Byes score but are not games.
        assert_eq!((table[1].played, table[1].wins), (2, 1));
    }

    /// Two entrants with 3 wins each and the same Buchholz, 6:
    ///
    /// ```text
    ///   0 beat 2, 3, 4, who drew all their games among themselves: 2, 2, 2 → median 2
    ///   1 beat 5, 6, 7; 5–6 ½-½, 5–7 1-0, 6–7 1-0:               3, 3, 0 → median 3
    /// ```
    #[test]
    fn median_buchholz_breaks_an_equal_buchholz() {
        let games = [
            game(1, 0, 2, FirstWins),
            game(2, 3, 0, SecondWins),
            game(3, 0, 4, FirstWins),
            game(1, 1, 5, FirstWins),
            game(2, 6, 1, SecondWins),
            game(3, 1, 7, FirstWins),
            game(1, 3, 4, Draw),
            game(2, 2, 4, Draw),
            game(3, 2, 3, Draw),
            game(1, 6, 7, FirstWins),
            game(2, 5, 7, FirstWins),
            game(3, 5, 6, Draw),
        ];
        let table = standings(8, SWISS, &games, &[]);
        let top: Vec<_> = table[..2]
            .iter()
            .map(|s| (s.entrant, s.rank, s.points, s.buchholz, s.median_buchholz))
            .collect();
        assert_eq!(top, vec![(1, 1, 6, 6, 3), (0, 2, 6, 6, 2)]);
        // In a round robin the same games tie them on Sonneborn–Berger (2 × 6 each), and they
        // never met: they share the rank, listed by number.
        let table = standings(8, ROUND_ROBIN, &games, &[]);
        let top: Vec<_> = table[..2].iter().map(|s| (s.entrant, s.rank)).collect();
        assert_eq!(top, vec![(0, 1), (1, 1)]);
    }

    #[test]
    fn cancelled_and_running_games_do_not_count() {
        let mut games = vec![
            game(1, 0, 1, FirstWins),
            game(1, 2, 3, Draw),
            game(2, 0, 2, SecondWins),
            game(2, 1, 3, FirstWins),
        ];
        games[2].cancelled = true;
        games.push(Played {
            outcome: None,
            ..game(3, 0, 3, Draw)
        });
        let table = standings(4, ROUND_ROBIN, &games, &[]);
        let by_entrant = |e: Entrant| table.iter().find(|s| s.entrant == e).unwrap();
        assert_eq!((by_entrant(0).points, by_entrant(0).played), (2, 1));
        assert_eq!((by_entrant(2).points, by_entrant(2).played), (1, 1));
        // 0 beat 1 (2 points): SB 2 × 2; the cancelled win of 2 over 0 is not in 2's SB.
        assert_eq!(by_entrant(0).sonneborn_berger, 4);
        assert_eq!(by_entrant(2).sonneborn_berger, 1);
    }

    #[test]
    fn crosstable_marks_in_round_order() {
        let mut games = vec![
            game(2, 1, 0, Draw),
            game(1, 0, 1, FirstWins),
            game(1, 2, 3, SecondWins),
            game(2, 2, 0, FirstWins),
            game(3, 3, 0, Draw),
            game(3, 1, 2, Draw),
            Played {
                outcome: None,
                ..game(4, 1, 3, Draw)
            },
        ];
        games[2].forfeit = true;
        games[4].cancelled = true;
        let order = [0, 2, 1, 3];
        let table = crosstable(&order, &games);
        use Mark as M;
        assert_eq!(
            table,
            vec![
                vec![
                    vec![],
                    vec![M::Loss],
                    vec![M::Win, M::Draw],
                    vec![M::Cancelled]
                ],
                vec![vec![M::Win], vec![], vec![M::Draw], vec![M::ForfeitLoss]],
                vec![
                    vec![M::Loss, M::Draw],
                    vec![M::Draw],
                    vec![],
                    vec![M::Pending]
                ],
                vec![
                    vec![M::Cancelled],
                    vec![M::ForfeitWin],
                    vec![M::Pending],
                    vec![]
                ],
            ]
        );
        assert!(crosstable(&[], &games).is_empty());
    }
}
