//! A tournament's life after its start: a game's end may take its loser out, close a Swiss
//! round (the next is paired) or end the tournament (the final standings go to every entrant);
//! a player who leaves, is removed or blocked is withdrawn by the ICCF rule; the organiser may
//! cancel; the sweep starts those whose day has come.

use super::Format;
use crate::{Fail, Service, user};
use agora_domain::tournament::{self as rules, Withdrawal};
use agora_i18n::text;
use agora_rules::Seat;
use agora_store::{
    EndReason, Ending, GameStatus, Notice, Tournament, TournamentGame, TournamentStatus, Tx,
};
use chrono::{DateTime, Utc};

impl Service {
    /// Takes a player out of a running tournament (left, removed, too many games lost on time,
    /// blocked), with the withdrawal rule: before half their games are finished all their results
    /// are cancelled, after it their unfinished games are lost by forfeit. Either way, none of
    /// their games goes on, so nothing waits on them.
    pub(crate) async fn withdraw(
        &self,
        tx: &mut Tx,
        t: &Tournament,
        player: i64,
        how: &str,
        now: DateTime<Utc>,
    ) -> Result<(), Fail> {
        tx.set_entrant_left(t.id, player, how, now).await?;
        let (players, played, _, _) = self.tournament_state(tx, t).await?;
        let Some(me) = players.iter().position(|&p| p == player) else {
            return Ok(());
        };
        let games = tx.tournament_games(t.id).await?;
        // A ladder has no results to cancel: only the games under way are lost.
        let rule = match t.new.format {
            Format::Ladder { .. } => Withdrawal::ForfeitRest,
            _ => rules::withdrawal(me, &played, Self::scheduled(t, players.len())),
        };
        let theirs: Vec<&TournamentGame> =
            games.iter().filter(|g| g.seats.contains(&player)).collect();
        let running = |g: &TournamentGame| g.status == GameStatus::Active.code();
        // Every result is marked before any game ends, so the rounds and standings that the
        // endings below look at already read the rule's marks.
        for g in &theirs {
            match rule {
                Withdrawal::CancelAll => tx.mark_tournament_game(g.game, true, false).await?,
                Withdrawal::ForfeitRest if running(g) => {
                    tx.mark_tournament_game(g.game, false, true).await?;
                }
                Withdrawal::ForfeitRest => {}
            }
        }
        for g in theirs.into_iter().filter(|g| running(g)) {
            let ending = match rule {
                Withdrawal::CancelAll => None,
                Withdrawal::ForfeitRest => {
                    let seat = if g.seats[0] == player {
                        Seat::First
                    } else {
                        Seat::Second
                    };
                    Some(Ending {
                        winner: Some(seat.other()),
                        reason: EndReason::Forfeit,
                    })
                }
            };
            self.end_tournament_game(tx, g.game, ending, now).await?;
        }
        // The games ended here may have been the last of a round, or of the tournament.
        if let Some(t) = tx.tournament(t.id).await? {
            self.tournament_goes_on(tx, t, now).await?;
        }
        Ok(())
    }

    /// Ends a running tournament game for a withdrawal: with the forfeit's result, or without
    /// one (cancelled).
    pub(super) async fn end_tournament_game(
        &self,
        tx: &mut Tx,
        game: i64,
        ending: Option<Ending>,
        now: DateTime<Utc>,
    ) -> Result<(), Fail> {
        let Some(g) = tx.game(game).await? else {
            return Ok(());
        };
        let mut l = self.load(tx, g, Some(now)).await?;
        Box::pin(self.conclude(tx, &mut l, ending, None, None, now)).await?;
        Ok(())
    }

    /// Called by the one ending path for every game that ends: a tournament game's end may take
    /// its loser out (too many games lost on time), close a Swiss round, or end the tournament.
    pub(crate) async fn tournament_game_over(
        &self,
        tx: &mut Tx,
        game: &agora_store::Game,
        now: DateTime<Utc>,
    ) -> Result<(), Fail> {
        let Some((id, _)) = tx.tournament_of_game(game.id).await? else {
            return Ok(());
        };
        let Some(t) = tx.tournament(id).await? else {
            return Ok(());
        };
        if t.status != TournamentStatus::Running {
            return Ok(());
        }
        if let Some(Ending {
            winner: Some(winner),
            reason: EndReason::Time,
        }) = game.ending
        {
            let loser = game.player_at(winner.other());
            let games = tx.tournament_games(id).await?;
            let lost_on_time = games
                .iter()
                .filter(|g| {
                    g.reason.as_deref() == Some(EndReason::Time.code())
                        && g.winner
                            .flatten()
                            .is_some_and(|w| g.seats[w.other().index()] == loser)
                })
                .count() as u32;
            let still_in = tx
                .entrants(id)
                .await?
                .iter()
                .any(|e| e.player == loser && e.left_at.is_none());
            if still_in && lost_on_time >= self.settings.tournament_time_losses {
                return Box::pin(self.withdraw(tx, &t, loser, "timeouts", now)).await;
            }
        }
        if let Format::Ladder { .. } = t.new.format {
            if let Some(Ending {
                winner: Some(w), ..
            }) = game.ending
            {
                self.ladder_result(tx, id, game.player_at(w), game.player_at(w.other()))
                    .await?;
            }
            return Ok(());
        }
        self.tournament_goes_on(tx, t, now).await
    }

    /// After a game ended: the next Swiss round once the last game of this one ended, or the end
    /// of a tournament whose games are all over.
    pub(super) async fn tournament_goes_on(
        &self,
        tx: &mut Tx,
        t: Tournament,
        now: DateTime<Utc>,
    ) -> Result<(), Fail> {
        if t.status != TournamentStatus::Running || matches!(t.new.format, Format::Ladder { .. }) {
            return Ok(());
        }
        let games = tx.tournament_games(t.id).await?;
        // A round robin's games all run at once; a Swiss waits for its round's.
        let swiss = matches!(t.new.format, Format::Swiss { .. });
        let open = |g: &TournamentGame| {
            (!swiss || g.round == t.round)
                && (g.status == GameStatus::Active.code()
                    || g.status == GameStatus::Proposed.code())
        };
        if games.iter().any(open) {
            return Ok(());
        }
        match t.new.format {
            Format::Swiss { .. } => Box::pin(self.pair_next_round(tx, t, now)).await,
            _ => self.end_tournament(tx, t, now).await,
        }
    }

    /// Ends a tournament: its final standings go to every entrant.
    pub(super) async fn end_tournament(
        &self,
        tx: &mut Tx,
        mut t: Tournament,
        now: DateTime<Utc>,
    ) -> Result<(), Fail> {
        t.status = TournamentStatus::Finished;
        t.finished_at = Some(now);
        tx.save_tournament(&t).await?;
        for e in tx.entrants(t.id).await? {
            let Some(p) = tx.player(e.player).await? else {
                continue;
            };
            let language = self.language_of(&p);
            let context = self.standings_context(tx, &t, "finished", language).await?;
            self.notify(tx, p.id, None, Notice::Tournament, context, now)
                .await?;
        }
        Ok(())
    }

    /// The organiser's `cancel`: nothing more is played; running games end without a result.
    pub(super) async fn cancel_tournament(
        &self,
        tx: &mut Tx,
        mut t: Tournament,
        now: DateTime<Utc>,
    ) -> Result<(), Fail> {
        if !matches!(t.status, TournamentStatus::Open | TournamentStatus::Running) {
            return user(text!("tournament-over", id = t.id));
        }
        t.status = TournamentStatus::Cancelled;
        t.finished_at = Some(now);
        tx.save_tournament(&t).await?;
        for g in tx.tournament_games(t.id).await? {
            if g.status == GameStatus::Active.code() {
                tx.mark_tournament_game(g.game, true, false).await?;
                self.end_tournament_game(tx, g.game, None, now).await?;
            }
        }
        Ok(())
    }

    /// Open tournaments whose start day has come: started with enough players, else cancelled.
    /// The sweep's; how many it looked at.
    pub(crate) async fn start_due_tournaments(
        &self,
        now: DateTime<Utc>,
    ) -> Result<usize, crate::ServiceError> {
        match self.start_due(now).await {
            Ok(n) => Ok(n),
            Err(Fail::Internal(e)) => Err(e),
            Err(_) => Err(crate::ServiceError::Corrupt(
                "a tournament due to start could not be started".into(),
            )),
        }
    }

    pub(super) async fn start_due(&self, now: DateTime<Utc>) -> Result<usize, Fail> {
        let mut tx = self.store.write().await?;
        let due = tx.tournaments_to_start(now).await?;
        for id in &due {
            let Some(t) = tx.tournament(*id).await? else {
                continue;
            };
            if tx.entrants(*id).await?.len() as u32 >= t.new.min_players {
                self.start_tournament(&mut tx, t, now).await?;
            } else {
                self.cancel_tournament(&mut tx, t, now).await?;
            }
        }
        tx.commit().await?;
        Ok(due.len())
    }
}
