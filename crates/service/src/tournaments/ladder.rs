//! A ladder's challenges: a challenge of a player at most the ladder's reach above is a proposed
//! game of the tournament, answered like any challenge; the winner of the game takes the higher
//! place, and a challenge declined or not answered in time is lost by the one challenged.

use super::{TournamentTag, new_game};
use crate::games::Extra;
use crate::{Done, Fail, Reader, Service, user};
use agora_domain::tournament::{self as rules, Format};
use agora_i18n::text;
use agora_rules::Seat;
use agora_store::{GameStatus, Notice, Player, TournamentStatus, Tx};
use chrono::{DateTime, Utc};

impl Service {
    /// `tournament challenge N <player>` on a ladder: a challenge of a player at most the
    /// ladder's reach above, answered like any challenge. The winner of the game takes the
    /// higher place; a challenge declined or not answered in time is lost by the one challenged.
    pub(super) async fn ladder_challenge(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        id: i64,
        name: &str,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let t = self.tournament_named(tx, id).await?;
        let Format::Ladder { reach } = t.new.format else {
            return user(text!("tournament-not-ladder", id = id));
        };
        if t.status != TournamentStatus::Running {
            return user(text!("tournament-over", id = id));
        }
        let places = ladder_places(&tx.entrants(id).await?);
        let Some(challenger) = places.iter().position(|&p| p == me.id) else {
            return user(text!("tournament-not-in", id = id));
        };
        let target = match tx.player_named(name).await? {
            Some(p) => places.iter().position(|&q| q == p.id),
            None => None,
        };
        let Some(target) = target else {
            return user(text!("tournament-no-such-entrant", id = id, name = name));
        };
        let order: Vec<usize> = (0..places.len()).collect();
        if !rules::may_challenge(&order, challenger, target, reach) {
            return user(text!(
                "tournament-ladder-reach",
                id = id,
                name = name,
                reach = reach,
                place = challenger as u32 + 1
            ));
        }
        let busy = tx.tournament_games(id).await?.into_iter().any(|g| {
            (g.status == GameStatus::Proposed.code() || g.status == GameStatus::Active.code())
                && (g.seats.contains(&me.id) || g.seats.contains(&places[target]))
        });
        if busy {
            return user(text!("tournament-ladder-busy", id = id));
        }
        let seats = [me.id, places[target]];
        let game = tx
            .insert_game(&new_game(&t, seats, GameStatus::Proposed), now)
            .await?;
        tx.add_tournament_game(id, game.id, 0).await?;
        let mut l = self.load(tx, game, Some(now)).await?;
        let expires = self.expiry_of(&l.game);
        tx.set_due(l.game.id, Some(expires)).await?;
        l.game.due_at = Some(expires);
        let tag = TournamentTag::of(&t, 0);
        self.notify_game_in(
            tx,
            &l,
            places[target],
            Notice::ChallengeReceived,
            |language| Extra {
                by: Some(l.seat_view_in(Seat::First, language)),
                tournament: Some(tag.clone()),
                ..Extra::default()
            },
            now,
        )
        .await?;
        let text = self.templates.render(
            "tournament.txt",
            reader,
            super::view::challenged(&t, l.game.id, name),
        );
        Ok(Done {
            loaded: None,
            attachments: Vec::new(),
            text,
            game: Some(l.game.id),
        })
    }

    /// A ladder's challenge declined or not answered in time: the challenger takes the place.
    pub(crate) async fn ladder_challenge_lapsed(
        &self,
        tx: &mut Tx,
        game: &agora_store::Game,
    ) -> Result<(), Fail> {
        let Some((id, _)) = tx.tournament_of_game(game.id).await? else {
            return Ok(());
        };
        let Some(t) = tx.tournament(id).await? else {
            return Ok(());
        };
        if !matches!(t.new.format, Format::Ladder { .. }) || t.status != TournamentStatus::Running {
            return Ok(());
        }
        tx.mark_tournament_game(game.id, false, true).await?;
        self.ladder_result(tx, id, game.seats[0], game.seats[1])
            .await
    }

    /// The ladder after `winner` beat `loser`.
    pub(super) async fn ladder_result(
        &self,
        tx: &mut Tx,
        id: i64,
        winner: i64,
        loser: i64,
    ) -> Result<(), Fail> {
        let places = ladder_places(&tx.entrants(id).await?);
        let index = |p: i64| places.iter().position(|&q| q == p);
        let (Some(w), Some(l)) = (index(winner), index(loser)) else {
            return Ok(());
        };
        let mut order: Vec<usize> = (0..places.len()).collect();
        rules::ladder_after(&mut order, w, l);
        let kept: Vec<(i64, u32, Option<u32>)> = order
            .iter()
            .enumerate()
            .map(|(i, &e)| (places[e], i as u32, Some(i as u32 + 1)))
            .collect();
        tx.set_entrant_order(id, &kept).await?;
        Ok(())
    }
}

/// A ladder's players from the top, those who left taken off.
fn ladder_places(entrants: &[agora_store::Entrant]) -> Vec<i64> {
    let mut on: Vec<(u32, i64)> = entrants
        .iter()
        .filter(|e| e.left_at.is_none())
        .filter_map(|e| Some((e.place?, e.player)))
        .collect();
    on.sort_unstable();
    on.into_iter().map(|(_, p)| p).collect()
}
