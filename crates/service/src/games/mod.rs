//! The game lifecycle, one file per concern: [`challenges`] (challenge, accept, decline,
//! cancel), [`play`] (an action and its effects), [`endings`] (the one [`Service::finish`] path
//! every ending goes through, timeouts, resignation), [`offers`] (draws and takebacks) and
//! [`listing`] (the board, the record and the list of games). This file holds what they share:
//! the template context of a game, finding the game a command means, and telling its players.

mod challenges;
mod community;
mod conditional;
mod endings;
mod listing;
mod notes;
mod offers;
mod play;
mod standing;

pub(crate) use community::{WatchedLine, visible_to};
pub(crate) use listing::GameLine;

use crate::clock::{self, seat_to_act};
use crate::players::Queued;
use crate::queries::final_fields;
use crate::views::{Loaded, SeatView, title};
use crate::{Fail, Language, Reader, Service, Text, user};
use agora_rules::Seat;
use agora_store::{Game, GameStatus, Notice, Player, Tx};
use chrono::{DateTime, Utc};
use serde::Serialize;

/// When a command a game's clock judges counts as given (`arrived`: when it reached Agora's
/// side, see [`crate::Inbound::arrived`]) and when it is handled (`now`, the time written).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Timing {
    pub arrived: DateTime<Utc>,
    pub now: DateTime<Utc>,
}

impl Timing {
    pub(crate) fn of(inbound: &crate::Inbound, now: DateTime<Utc>) -> Timing {
        Timing {
            arrived: inbound.arrived(now),
            now,
        }
    }
}

/// A game under way, ready for a command of one of its players, or the clock's answer when its
/// deadline had passed before the command arrived (the clock acted first).
pub(crate) enum Running {
    Ready(Box<Loaded>, Seat),
    Clocked(crate::Done),
}

/// What a game template sees: the game as its recipient sees it, and what happened.
#[derive(Serialize)]
pub(crate) struct GameCtx<'a> {
    pub game: crate::views::GameView,
    #[serde(flatten)]
    pub extra: Extra<'a>,
}

/// The identity of the placeholder player who holds the open seat of every challenge to anyone:
/// a service identity, never written to.
pub(crate) fn anyone_identity() -> String {
    crate::Identity::new(agora_domain::Channel::System, "anyone").to_string()
}

/// What a template needs beyond the game.
#[derive(Serialize, Default)]
pub(crate) struct Extra<'a> {
    pub mover: Option<SeatView>,
    pub by: Option<SeatView>,
    pub action: Option<&'a str>,
    /// The computer's action answers the recipient's own last one, named here so one message
    /// tells both.
    pub replied_to: Option<&'a str>,
    pub you_acted: bool,
    /// The action was played by the clock (an auto-pass at a missed deadline).
    pub on_time: bool,
    pub what: Option<&'a str>,
    pub event: Option<&'a str>,
    pub report: Vec<String>,
    /// A reminder: the time left before the deadline.
    pub left: Option<String>,
    /// The deadline moved because no reminder reached its player this many hours before it.
    pub moved: Option<u32>,
    /// The other side, as the recipient sees them.
    pub opponent: Option<SeatView>,
    /// An expired challenge: the days it waited.
    pub days: Option<u32>,
    /// The recipient's mail address is not confirmed: names chosen by others are replaced by
    /// what those players proved (see [`Service::identity_label`]).
    pub unconfirmed: bool,
    /// A rated game's end: what it did to both players' ratings.
    pub ratings: Vec<standing::RatingChangeView>,
    /// A challenge: its maker's rating in the game's pool and their reliability.
    pub rating: Option<i64>,
    pub reliability: Option<standing::ReliabilityView>,
    /// `board` and `history` to a player of the game: their own private notes on it, and no
    /// one else's (every notification leaves this empty).
    pub notes: Vec<NoteLine>,
    /// The recipient's conditional line played `action`, answering `replied_to`.
    pub conditional: bool,
    /// A final report: the game's analysis is on its way (`analysis #12`).
    pub analysis: bool,
    /// A tournament game's start: its tournament and round.
    pub tournament: Option<crate::tournaments::TournamentTag>,
}

/// A private note as its writer reads it.
#[derive(Serialize, Debug, Clone)]
pub(crate) struct NoteLine {
    pub ply: i64,
    pub text: String,
}

impl GameCtx<'_> {
    /// Replaces the name of the seat of `colour` by `label` wherever the context shows it, for a
    /// recipient who must not read names chosen by others; vacation lines (which carry names)
    /// are left out.
    fn hide_name(&mut self, colour: &str, label: &str) {
        let g = &mut self.game;
        let e = &mut self.extra;
        e.unconfirmed = true;
        let seats = [&mut g.first, &mut g.second]
            .into_iter()
            .chain(g.you.as_mut())
            .chain(g.to_act.as_mut())
            .chain(e.by.as_mut())
            .chain(e.mover.as_mut())
            .chain(e.opponent.as_mut());
        for seat in seats {
            if seat.seat == colour {
                label.clone_into(&mut seat.name);
            }
        }
        g.away.clear();
    }
}

impl Service {
    /// Starts the clock of whoever is to act now (after an action, a start, a takeback).
    pub(crate) fn start_clock(&self, l: &mut Loaded, now: DateTime<Utc>) {
        let seat = seat_to_act(&l.game).index();
        let away = l.away[seat];
        // The rest of the player to act, in their zone as it is now, holds for the whole turn.
        let rest = l.players[seat].as_ref().map(|p| agora_domain::ZonedRest {
            rest: p.rest,
            zone: p.timezone.clone(),
        });
        clock::start_turn(&mut l.game, away, rest, now, self.settings.reminders());
    }

    /// A player's record: from the loaded game if they play in it, else from the store.
    async fn player_of(
        &self,
        tx: &mut Tx,
        l: &Loaded,
        player: i64,
    ) -> Result<Option<Player>, Fail> {
        if let Some(p) = l.players.iter().flatten().find(|p| p.id == player) {
            return Ok(Some(p.clone()));
        }
        Ok(tx.player(player).await?)
    }

    /// Renders a game template for one player, the sender of the command it answers, for
    /// `reader`.
    async fn render_for(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        l: &Loaded,
        player: i64,
        template: &str,
        extra: Extra<'_>,
    ) -> Result<String, Fail> {
        let tz = self
            .player_of(tx, l, player)
            .await?
            .map_or_else(|| "UTC".into(), |p| p.timezone);
        Ok(self.templates.render(
            template,
            reader,
            GameCtx {
                game: l.view(player, &tz, reader.language),
                extra,
            },
        ))
    }

    /// Queues a game template for one player.
    pub(crate) async fn notify_game(
        &self,
        tx: &mut Tx,
        l: &Loaded,
        player: i64,
        kind: Notice,
        extra: Extra<'_>,
        now: DateTime<Utc>,
    ) -> Result<(), Fail> {
        self.notify_game_in(tx, l, player, kind, |_| extra, now)
            .await
    }

    /// Queues a game template for one player, with what it needs beyond the game worded in the
    /// player's language (`extra` is given it).
    pub(crate) async fn notify_game_in<'a>(
        &self,
        tx: &mut Tx,
        l: &Loaded,
        player: i64,
        kind: Notice,
        extra: impl FnOnce(Language) -> Extra<'a>,
        now: DateTime<Utc>,
    ) -> Result<(), Fail> {
        let Some(p) = self.player_of(tx, l, player).await? else {
            return Ok(());
        };
        if p.computer.is_some() {
            return Ok(());
        }
        let language = self.language_of(&p);
        let mut ctx = GameCtx {
            game: l.view(player, &p.timezone, language),
            extra: extra(language),
        };
        let Some(identity) = self.notice_identity(tx, &p).await? else {
            return Ok(());
        };
        if self.unconfirmed_mail(tx, &identity).await? {
            let other = l.game.seat_of(player).unwrap_or(Seat::First).other();
            let label = self
                .identity_label(tx, l.game.player_at(other), language)
                .await?;
            ctx.hide_name(l.kind().seat_name(other), &label);
        }
        // Only the final report pictures the final fields; every other notice of a finished
        // game shows the board plainly.
        let overlay = kind == Notice::GameOver && final_fields(&l.game, l.game.ply);
        let notice = Queued {
            game: Some((l.game.id, l.game.ply)),
            kind,
            overlay,
        };
        self.notify_at(tx, &p, &identity, notice, ctx, now).await
    }

    /// The game a command means: the number given, else the only open game that `fits`; a list
    /// to choose from when several fit.
    async fn pick(
        &self,
        tx: &mut Tx,
        me: &Player,
        explicit: Option<i64>,
        command: &str,
        none: Text,
        fits: impl Fn(&Game) -> bool,
    ) -> Result<Game, Fail> {
        if let Some(id) = explicit {
            let Some(game) = tx.game(id).await? else {
                return user(agora_i18n::text!("no-such-game-list", game = id));
            };
            if game.seat_of(me.id).is_none() {
                return user(agora_i18n::text!("game-not-yours-list", game = id));
            }
            return Ok(game);
        }
        let mut open: Vec<Game> = tx
            .open_games_of(me.id)
            .await?
            .into_iter()
            .filter(|g| fits(g))
            .collect();
        match open.len() {
            0 => user(none),
            1 => Ok(open.remove(0)),
            _ => {
                let mut list = Vec::new();
                for g in &open {
                    let other = g.player_at(g.seat_of(me.id).unwrap_or(Seat::First).other());
                    let name = tx.player(other).await?.map_or_else(String::new, |p| p.name);
                    list.push(format!("#{} ({} vs {name})", g.id, title(g.variant)));
                }
                user(agora_i18n::text!(
                    "which-game",
                    games = list.join(", "),
                    command = command,
                    game = open[0].id
                ))
            }
        }
    }

    async fn running(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        game: Option<i64>,
        command: &str,
        at: Timing,
    ) -> Result<Running, Fail> {
        let game = self
            .pick(
                tx,
                me,
                game,
                command,
                agora_i18n::text!("no-game-under-way"),
                |g| g.status == GameStatus::Active,
            )
            .await?;
        let id = game.id;
        match game.status {
            GameStatus::Active => {}
            GameStatus::Proposed => {
                return user(agora_i18n::text!("not-started-withdraw", game = id));
            }
            s => {
                return user(agora_i18n::text!(
                    "game-is-status",
                    game = id,
                    status = s.to_string()
                ));
            }
        }
        let mut l = self.load(tx, game, Some(at.now)).await?;
        let seat = l
            .game
            .seat_of(me.id)
            .expect("picked games are the player's");
        if let Some(done) = self.clock_first(tx, reader, &mut l, me, at).await? {
            return Ok(Running::Clocked(done));
        }
        Ok(Running::Ready(Box::new(l), seat))
    }

    /// When the game's deadline passed before a command of `me` arrived (the scheduler had not
    /// got to it yet, or waited for the mailbox), the clock acts first and its answer is the
    /// command's: a command that came too late cannot save the game, end it otherwise or take
    /// a vacation from it. When the late player is the other one, the clock waits for the
    /// mailbox as the scheduler does (their saving move may be sitting unread in it), and the
    /// command goes on meanwhile. The clock's answer is worded for `reader`.
    pub(crate) async fn clock_first(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        l: &mut Loaded,
        me: &Player,
        at: Timing,
    ) -> Result<Option<crate::Done>, Fail> {
        if l.game.status != GameStatus::Active || l.game.deadline_at.is_none_or(|d| d > at.arrived)
        {
            return Ok(None);
        }
        if l.game.player_at(seat_to_act(&l.game)) != me.id && self.mail_hold(tx, &l.game).await? {
            return Ok(None);
        }
        // A player never warned in time gets their deadline moved, and their command counts.
        if self.unwarned(tx, l, at.now).await? && l.game.deadline_at.is_some_and(|d| d > at.arrived)
        {
            return Ok(None);
        }
        let text = self.timeout(tx, l, Some((me.id, *reader)), at.now).await?;
        Ok(Some(crate::Done {
            loaded: None,
            attachments: Vec::new(),
            text,
            game: Some(l.game.id),
        }))
    }
}
