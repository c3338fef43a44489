//! Offers between the players of a running game: a draw (Agon) and a takeback of one's last
//! action. An accepted draw ends the game through [`Service::finish`].

use super::{Extra, Running, Timing};
use crate::commands::Reply;
use crate::views::Loaded;
use crate::{Done, Fail, Reader, Service, user};
use agora_rules::{GameKind, Seat};
use agora_store::{EndReason, Ending, Notice, Player, Tx};
use chrono::{DateTime, Utc};

impl Service {
    /// A draw or takeback offer changed: tell the other side, answer the actor (for `reader`).
    #[allow(clippy::too_many_arguments)]
    async fn offer_event(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        l: &mut Loaded,
        seat: Seat,
        what: &str,
        event: &str,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let extra = |language| Extra {
            by: Some(l.seat_view_in(seat, language)),
            what: Some(what),
            event: Some(event),
            ..Extra::default()
        };
        let e2 = extra(reader.language);
        self.notify_game_in(
            tx,
            l,
            l.game.player_at(seat.other()),
            Notice::Offer,
            extra,
            now,
        )
        .await?;
        Ok(Done {
            loaded: None,
            attachments: Vec::new(),
            text: self
                .render_for(tx, reader, l, l.game.player_at(seat), "offer.txt", e2)
                .await?,
            game: Some(l.game.id),
        })
    }

    pub(crate) async fn draw(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        game: Option<i64>,
        reply: Reply,
        at: Timing,
    ) -> Result<Done, Fail> {
        let (mut l, seat) = match self.running(tx, reader, me, game, "draw", at).await? {
            Running::Ready(l, seat) => (*l, seat),
            Running::Clocked(done) => return Ok(done),
        };
        let now = at.now;
        let id = l.game.id;
        if l.kind() != GameKind::Agon {
            return user(agora_i18n::text!("agros-no-draw", game = id));
        }
        match reply {
            Reply::Offer => {
                if l.game.draw_offer == Some(seat) {
                    return user(agora_i18n::text!("draw-already-offered", game = id));
                }
                if l.game.draw_offer == Some(seat.other()) {
                    return user(agora_i18n::text!(
                        "draw-offered-to-you",
                        player = l.who_in(seat.other(), reader.language),
                        game = id
                    ));
                }
                l.game.draw_offer = Some(seat);
                tx.save_game(&mut l.game, now).await?;
                self.offer_event(tx, reader, &mut l, seat, "draw", "offered", now)
                    .await
            }
            Reply::Accept | Reply::Decline => {
                if l.game.draw_offer != Some(seat.other()) {
                    return user(agora_i18n::text!("no-draw-offered", game = id));
                }
                if reply == Reply::Decline {
                    l.game.draw_offer = None;
                    tx.save_game(&mut l.game, now).await?;
                    return self
                        .offer_event(tx, reader, &mut l, seat, "draw", "declined", now)
                        .await;
                }
                let ending = Ending {
                    winner: None,
                    reason: EndReason::Agreement,
                };
                let actor = Some((me.id, *reader));
                let text = self.finish(tx, &mut l, ending, actor, now).await?;
                Ok(Done {
                    loaded: None,
                    attachments: Vec::new(),
                    text,
                    game: Some(id),
                })
            }
        }
    }

    pub(crate) async fn undo(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        game: Option<i64>,
        reply: Reply,
        at: Timing,
    ) -> Result<Done, Fail> {
        let (mut l, seat) = match self.running(tx, reader, me, game, "undo", at).await? {
            Running::Ready(l, seat) => (*l, seat),
            Running::Clocked(done) => return Ok(done),
        };
        let now = at.now;
        let id = l.game.id;
        match reply {
            Reply::Offer => {
                if l.actions.last().is_none_or(|a| a.seat != seat) {
                    return user(agora_i18n::text!("nothing-to-take-back", game = id));
                }
                if l.game.undo_request == Some(seat) {
                    return user(agora_i18n::text!("takeback-already-asked", game = id));
                }
                l.game.undo_request = Some(seat);
                tx.save_game(&mut l.game, now).await?;
                self.offer_event(tx, reader, &mut l, seat, "takeback", "offered", now)
                    .await
            }
            Reply::Accept | Reply::Decline => {
                if l.game.undo_request != Some(seat.other()) {
                    return user(agora_i18n::text!("no-takeback-asked", game = id));
                }
                l.game.undo_request = None;
                if reply == Reply::Decline {
                    tx.save_game(&mut l.game, now).await?;
                    return self
                        .offer_event(tx, reader, &mut l, seat, "takeback", "declined", now)
                        .await;
                }
                tx.delete_action(id, l.game.ply).await?;
                // Lines entered for the positions after the one taken back no longer apply.
                tx.clear_conditional_lines(id, None).await?;
                let mut game = l.game.clone();
                game.ply -= 1;
                game.draw_offer = None;
                // Loaded again from the store: the cache finds the position before the action
                // taken back, or replays from its nearest checkpoint.
                l = self.load(tx, game, Some(now)).await?;
                l.game.position = l.position.to_string();
                self.start_clock(&mut l, now);
                tx.save_game(&mut l.game, now).await?;
                self.offer_event(tx, reader, &mut l, seat, "takeback", "accepted", now)
                    .await
            }
        }
    }
}
