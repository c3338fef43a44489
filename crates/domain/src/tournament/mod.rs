//! Tournaments of correspondence games: who meets whom in each round (a round robin, a Swiss, a
//! ladder's challenges), what becomes of the games of an entrant who leaves, and who stands where.
//!
//! Everything here is a pure function of what the caller stores: no clock, no randomness, the same
//! games always give the same pairings and the same standings. Entrants are numbered `0..n` by
//! seed, 0 being the top seed (the highest rating); "first" is the player who moves first.
//!
//! # Points and tie-breaks
//!
//! Points are kept in half-points, as integers: a win is 2, a draw 1, a loss 0.
//!
//! - **Points**: from every game with an outcome that is not cancelled (a forfeit counts as a win
//!   for one and a loss for the other), plus 2 for each Swiss bye. A round robin's bye is a rest
//!   and scores nothing; a game still running scores nothing yet.
//! - **Sonneborn–Berger** (round robin), in *quarter*-points: over the counted games, twice the
//!   opponent's final half-points for a win, once for a draw (the usual "opponent's points for a
//!   win, half of them for a draw", times 4). Divide by 4 to show it.
//! - **Buchholz** (Swiss), in half-points: the sum of the final points of the opponent of each
//!   counted game (an opponent met twice counts twice; a bye adds nothing). Forfeited games count
//!   with the real opponent's points, as any other game.
//! - **Median Buchholz** (Swiss): the Buchholz less the highest and the lowest of those opponents'
//!   points, when there are at least 3; with fewer than 3 it equals the Buchholz.
//! - **Direct encounter**: among entrants tied on points and on the format's tie-breaks (above), the
//!   half-points each scored in the counted games between those tied entrants.
//! - **Order**: points; then for a round robin Sonneborn–Berger, then direct encounter; for a Swiss
//!   Buchholz, median Buchholz, then direct encounter; for a ladder (where standings are not the
//!   ladder's places) direct encounter alone; then games won (forfeits included, byes not); then,
//!   for listing only, the lower entrant number. Entrants share a rank only when all of these but
//!   the number are equal.
//!
//! # Withdrawals
//!
//! As at ICCF: when an entrant leaves, is removed, or loses too many games on time, and has
//! finished fewer than half of the games they are scheduled to play, all their games are
//! cancelled (they count for nobody); otherwise their finished results stand and every game of
//! theirs still running is lost by forfeit ([`withdrawal`], [`withdraw`]).

mod ladder;
mod matching;
mod round_robin;
mod standings;
mod swiss;

pub use ladder::{ladder_after, may_challenge};
pub use round_robin::round_robin;
pub use standings::{Mark, Standing, crosstable, standings};
pub use swiss::swiss_round;

/// An entrant, by seed: 0 is the top seed.
pub type Entrant = usize;

/// How a tournament is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Everyone meets everyone once, or twice (once with each colour) when `double`.
    RoundRobin { double: bool },
    /// `rounds` rounds paired by score.
    Swiss { rounds: u32 },
    /// A permanent ladder: a player may challenge someone up to `reach` places above.
    Ladder { reach: u32 },
}

/// One game of a round: `first` moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pairing {
    pub first: Entrant,
    pub second: Entrant,
}

/// One round: its games, board by board, and who sits it out.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Round {
    pub pairings: Vec<Pairing>,
    pub bye: Option<Entrant>,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    FirstWins,
    SecondWins,
    Draw,
}

/// A tournament game as standings see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    /// The round, from 1.
    pub round: u32,
    pub first: Entrant,
    pub second: Entrant,
    /// None while the game runs (or was never played).
    pub outcome: Option<Outcome>,
    /// Won or lost by forfeit (not played out); still scores, shown as "+"/"-" in a crosstable.
    pub forfeit: bool,
    /// Its result no longer counts (see the withdrawal rules): excluded from points and
    /// tie-breaks.
    pub cancelled: bool,
}

impl Played {
    /// Whether the game's result counts: it has one, and was not cancelled.
    pub fn counts(&self) -> bool {
        self.outcome.is_some() && !self.cancelled
    }

    /// Whether `entrant` is one of its two players.
    pub fn involves(&self, entrant: Entrant) -> bool {
        self.first == entrant || self.second == entrant
    }

    /// The other player, when `entrant` is one of the two.
    pub fn opponent(&self, entrant: Entrant) -> Option<Entrant> {
        if self.first == entrant {
            Some(self.second)
        } else if self.second == entrant {
            Some(self.first)
        } else {
            None
        }
    }

    /// The half-points `entrant` scored in it, when its result counts and they played in it.
    pub fn scored(&self, entrant: Entrant) -> Option<u32> {
        if !self.counts() || !self.involves(entrant) {
            return None;
        }
        Some(match self.outcome? {
            Outcome::Draw => 1,
            Outcome::FirstWins if self.first == entrant => 2,
            Outcome::SecondWins if self.second == entrant => 2,
            _ => 0,
        })
    }
}

/// The withdrawal rule (as ICCF): what happens to the games of an entrant who leaves, is
/// removed, or loses too many games on time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Withdrawal {
    /// Every game of the entrant is cancelled, finished or not.
    CancelAll,
    /// Finished games stand; those still running are lost by forfeit.
    ForfeitRest,
}

/// `CancelAll` when `entrant` has finished fewer than half of the `scheduled` games they are to
/// play (finished: an outcome, not cancelled; exactly half is enough to keep them), otherwise
/// `ForfeitRest`. With nothing scheduled, `ForfeitRest`, which then changes nothing.
pub fn withdrawal(entrant: Entrant, games: &[Played], scheduled: u32) -> Withdrawal {
    let finished = games
        .iter()
        .filter(|g| g.involves(entrant) && g.counts())
        .count();
    // Compared doubled, so that an odd number scheduled needs no rounding.
    if (finished as u64) * 2 < u64::from(scheduled) {
        Withdrawal::CancelAll
    } else {
        Withdrawal::ForfeitRest
    }
}

/// Applies [`withdrawal`] to the games: `CancelAll` marks every game of the entrant not yet
/// cancelled as `cancelled` (running ones too: they keep no outcome); `ForfeitRest` gives every
/// game of the entrant without an outcome (and not cancelled) to the opponent, by forfeit.
/// Returns the indices of the games it changed, in order.
pub fn withdraw(entrant: Entrant, games: &mut [Played], scheduled: u32) -> Vec<usize> {
    let rule = withdrawal(entrant, games, scheduled);
    let mut changed = Vec::new();
    for (i, g) in games.iter_mut().enumerate() {
        if !g.involves(entrant) || g.first == g.second || g.cancelled {
            continue;
        }
        match rule {
            Withdrawal::CancelAll => g.cancelled = true,
            Withdrawal::ForfeitRest if g.outcome.is_none() => {
                g.outcome = Some(if g.first == entrant {
                    Outcome::SecondWins
                } else {
                    Outcome::FirstWins
                });
                g.forfeit = true;
            }
            Withdrawal::ForfeitRest => continue,
        }
        changed.push(i);
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(round: u32, first: Entrant, second: Entrant, outcome: Option<Outcome>) -> Played {
        Played {
            round,
            first,
            second,
            outcome,
            forfeit: false,
            cancelled: false,
        }
    }

    #[test]
    fn scored_counts_only_results_that_stand() {
        let mut g = game(1, 0, 1, Some(Outcome::SecondWins));
        assert_eq!(
            (g.scored(0), g.scored(1), g.scored(2)),
            (Some(0), Some(2), None)
        );
        g.cancelled = true;
        assert_eq!(g.scored(1), None);
        let running = game(1, 0, 1, None);
        assert_eq!(running.scored(0), None);
        assert_eq!(game(1, 3, 4, Some(Outcome::Draw)).scored(4), Some(1));
    }

    /// Entrant 0 is scheduled for 6 games (a double round robin of 4).
    fn six_games(finished: usize) -> Vec<Played> {
        let opponents = [1, 2, 3, 1, 2, 3];
        opponents
            .iter()
            .enumerate()
            .map(|(i, &o)| {
                let round = i as u32 + 1;
                let outcome = (i < finished).then_some(Outcome::FirstWins);
                if i % 2 == 0 {
                    game(round, 0, o, outcome)
                } else {
                    game(round, o, 0, outcome)
                }
            })
            .collect()
    }

    #[test]
    fn withdrawal_before_half_cancels_everything() {
        let mut games = six_games(2);
        games.push(game(1, 1, 2, Some(Outcome::Draw)));
        assert_eq!(withdrawal(0, &games, 6), Withdrawal::CancelAll);
        let changed = withdraw(0, &mut games, 6);
        assert_eq!(changed, vec![0, 1, 2, 3, 4, 5]);
        assert!(games[..6].iter().all(|g| g.cancelled));
        // Finished games keep their outcome, running ones stay without one.
        assert_eq!(games[0].outcome, Some(Outcome::FirstWins));
        assert_eq!(games[4].outcome, None);
        assert!(!games[6].cancelled, "other entrants' games are untouched");
        // Again: nothing left to change.
        assert!(withdraw(0, &mut games, 6).is_empty());
    }

    #[test]
    fn withdrawal_from_half_forfeits_the_rest() {
        let mut games = six_games(3);
        assert_eq!(withdrawal(0, &games, 6), Withdrawal::ForfeitRest);
        let changed = withdraw(0, &mut games, 6);
        assert_eq!(changed, vec![3, 4, 5]);
        // Game 3: 1 was first; game 4: 0 was first; game 5: 3 was first.
        assert_eq!(games[3].outcome, Some(Outcome::FirstWins));
        assert_eq!(games[4].outcome, Some(Outcome::SecondWins));
        assert_eq!(games[5].outcome, Some(Outcome::FirstWins));
        assert!(games[3..].iter().all(|g| g.forfeit && !g.cancelled));
        assert!(games[..3].iter().all(|g| !g.forfeit));
        // Cancelled games count as unfinished: 2 of 5 is under half.
        let mut games = six_games(3);
        games[0].cancelled = true;
        assert_eq!(withdrawal(0, &games, 5), Withdrawal::CancelAll);
        assert_eq!(withdrawal(0, &games, 4), Withdrawal::ForfeitRest);
        assert_eq!(withdrawal(0, &[], 0), Withdrawal::ForfeitRest);
    }
}
