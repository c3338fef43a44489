//! How games end: the one [`Service::finish`] path every ending goes through (the rules,
//! resignation, an agreed draw, a missed deadline, the operator's result or abort), and the
//! endings the service decides itself.

use super::play::By;
use super::{Extra, Running, Timing};
use crate::clock;
use crate::views::Loaded;
use crate::{Done, Fail, Reader, Service};
use agora_rules::Seat;
use agora_store::{EndReason, Ending, GameStatus, Notice, Player, TimeoutPolicy, Tx};
use chrono::{DateTime, Utc};

impl Service {
    /// A missed deadline: the game is lost on time, or in Agros with `timeout pass` the turn is
    /// passed (lost on time while no pass is allowed, in the opening). Returns the text for
    /// `actor` (a player who tried to act too late, with the reader of their answer), if any.
    pub(crate) async fn timeout(
        &self,
        tx: &mut Tx,
        l: &mut Loaded,
        actor: Option<(i64, Reader)>,
        now: DateTime<Utc>,
    ) -> Result<String, Fail> {
        let late = l.to_act();
        if l.game.timeout == TimeoutPolicy::Pass
            && let Ok(pass) = l.position.parse_action("pass")
        {
            let delivery = format!("clock:{}:{}:pass", l.game.id, l.game.ply);
            self.apply(tx, l, late, pass, Some(delivery), By::Clock, now)
                .await?;
            let Some((_, reader)) = actor else {
                return Ok(String::new());
            };
            let id = l.game.id;
            let lang = reader.language;
            return Ok(match l.game.ending.as_ref() {
                Some(e) => agora_i18n::text!(
                    "too-late-passed-ended",
                    game = id,
                    result = l.result_text_in(e, lang)
                ),
                None => agora_i18n::text!(
                    "too-late-passed",
                    game = id,
                    to_act = l.to_act_text_in(lang)
                ),
            }
            .in_lang(lang));
        }
        let ending = Ending {
            winner: Some(late.other()),
            reason: EndReason::Time,
        };
        self.finish(tx, l, ending, actor, now).await
    }

    /// Ends a game: every ending (rules, resignation, agreed draw, timeout) comes through here.
    /// Saves the game, tells every player but `actor` and returns the text for `actor`, worded
    /// for the reader that goes with them (the sender of the command that ends it).
    pub(crate) async fn finish(
        &self,
        tx: &mut Tx,
        l: &mut Loaded,
        ending: Ending,
        actor: Option<(i64, Reader)>,
        now: DateTime<Utc>,
    ) -> Result<String, Fail> {
        self.conclude(tx, l, Some(ending), None, actor, now).await
    }

    /// [`Service::finish`], and the operator's endings: with `operator` (the reason given,
    /// possibly empty) the final report says the operator decided it, and without an `ending`
    /// the game is aborted: cancelled, without a result.
    pub(crate) async fn conclude(
        &self,
        tx: &mut Tx,
        l: &mut Loaded,
        ending: Option<Ending>,
        operator: Option<&str>,
        actor: Option<(i64, Reader)>,
        now: DateTime<Utc>,
    ) -> Result<String, Fail> {
        l.game.status = if ending.is_some() {
            GameStatus::Finished
        } else {
            GameStatus::Cancelled
        };
        l.game.ending = ending;
        l.game.finished_at = Some(now);
        clock::stop(&mut l.game);
        l.game.draw_offer = None;
        l.game.undo_request = None;
        tx.save_game(&mut l.game, now).await?;
        // Conditional lines end with the game, unplayed and unseen.
        tx.clear_conditional_lines(l.game.id, None).await?;
        let ratings = if l.game.status == GameStatus::Finished {
            self.rate_game(tx, l).await?
        } else {
            Vec::new()
        };
        let analysis = crate::analysis::queue_finished(self, tx, l, now).await?;
        // The final report, in each reader's language.
        let extra = |language| Extra {
            report: l.score_report_in(language),
            event: operator.map(|_| "operator"),
            what: operator,
            ratings: ratings.clone(),
            analysis,
            ..Extra::default()
        };
        let mut text = String::new();
        for seat in Seat::BOTH {
            let player = l.game.player_at(seat);
            if let Some((_, reader)) = actor.filter(|(actor, _)| *actor == player) {
                let extra = extra(reader.language);
                text = self
                    .render_for(tx, &reader, l, player, "game_over.txt", extra)
                    .await?;
            } else {
                self.notify_game_in(tx, l, player, Notice::GameOver, extra, now)
                    .await?;
            }
        }
        if l.game.status == GameStatus::Finished {
            self.tell_watchers(tx, l, extra, true, now).await?;
        }
        // A tournament's game: its end may close a round or the tournament (boxed: that may
        // end other games through this path).
        Box::pin(self.tournament_game_over(tx, &l.game, now)).await?;
        Ok(text)
    }

    pub(crate) async fn resign(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        game: Option<i64>,
        at: Timing,
    ) -> Result<Done, Fail> {
        let (mut l, seat) = match self.running(tx, reader, me, game, "resign", at).await? {
            Running::Ready(l, seat) => (*l, seat),
            Running::Clocked(done) => return Ok(done),
        };
        let now = at.now;
        let id = l.game.id;
        let ending = Ending {
            winner: Some(seat.other()),
            reason: EndReason::Resignation,
        };
        let text = self
            .finish(tx, &mut l, ending, Some((me.id, *reader)), now)
            .await?;
        Ok(Done {
            loaded: Some(Box::new(l)),
            attachments: Vec::new(),
            text,
            game: Some(id),
        })
    }
}
