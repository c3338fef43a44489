//! The game lifecycle: challenge, accept, decline, cancel, actions, resignation, draws, takebacks,
//! the board and the record, the deadline sweep, and the one [`Service::finish`] path every
//! ending goes through.

use crate::clock::{self, seat_to_act};
use crate::commands::{Opponent, Reply, edit_distance};
use crate::players::Queued;
use crate::views::{Loaded, SeatView, title};
use crate::{Done, Fail, Service, ServiceError, user};
use agora_rules::{ActionError, AnyAction, GameKind, Seat, Variant};
use agora_store::{
    Ending, Game, GameStatus, NewGame, Notice, PlayedAction, Player, TimeControl, TimeoutPolicy, Tx,
};
use chrono::{DateTime, Utc};
use serde::Serialize;

#[derive(Serialize)]
pub(crate) struct GameCtx<'a> {
    pub game: crate::views::GameView,
    #[serde(flatten)]
    pub extra: Extra<'a>,
}

/// What a template needs beyond the game.
#[derive(Serialize, Default)]
pub(crate) struct Extra<'a> {
    pub mover: Option<SeatView>,
    pub by: Option<SeatView>,
    pub action: Option<&'a str>,
    pub you_acted: bool,
    /// The action was played by the clock (an auto-pass at a missed deadline).
    pub on_time: bool,
    pub what: Option<&'a str>,
    pub event: Option<&'a str>,
    pub report: Vec<String>,
    /// A reminder: the time left before the deadline.
    pub left: Option<String>,
}

impl Service {
    /// Loads a game with its players' names and vacations (as of `now`) and replays it.
    pub(crate) async fn load(
        &self,
        tx: &mut Tx,
        game: Game,
        now: DateTime<Utc>,
    ) -> Result<Loaded, Fail> {
        let mut names = [String::new(), String::new()];
        let mut away = [None, None];
        let players = tx.seat_players(game.seats).await?;
        if players.iter().flatten().any(|p| p.computer.is_some()) {
            self.computer_games
                .lock()
                .expect("computer games lock")
                .insert(game.id);
        }
        for seat in Seat::BOTH {
            match &players[seat.index()] {
                Some(p) => {
                    away[seat.index()] = p.away(now).map(|v| v.until);
                    names[seat.index()] = p.name.clone();
                }
                None => names[seat.index()] = "?".into(),
            }
        }
        let actions = tx.actions(game.id).await?;
        let mut l = Loaded::replay(game, names, actions)
            .map_err(|e| Fail::Internal(ServiceError::Corrupt(e)))?;
        l.away = away;
        l.players = players;
        Ok(l)
    }

    /// Starts the clock of whoever is to act now (after an action, a start, a takeback).
    pub(crate) fn start_clock(&self, l: &mut Loaded, now: DateTime<Utc>) {
        let away = l.away[seat_to_act(&l.game).index()];
        clock::start_turn(&mut l.game, away, now, &self.settings.reminder_hours);
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

    /// Renders a game template for one player.
    async fn render_for(
        &self,
        tx: &mut Tx,
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
            GameCtx {
                game: l.view(player, &tz),
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
        let Some(p) = self.player_of(tx, l, player).await? else {
            return Ok(());
        };
        if p.computer.is_some() {
            return Ok(());
        }
        let ctx = GameCtx {
            game: l.view(player, &p.timezone),
            extra,
        };
        // The final Agros position is pictured with its fields tinted by controller (AR-14).
        let overlay = kind == Notice::GameOver
            && l.kind() == GameKind::Agros
            && l.game.status == GameStatus::Finished;
        let notice = Queued {
            game: Some((l.game.id, l.game.ply)),
            kind,
            overlay,
        };
        self.notify_player(tx, &p, notice, ctx, now).await
    }

    /// The game a command means: the number given, else the only open game that `fits`; a list
    /// to choose from when several fit.
    async fn pick(
        &self,
        tx: &mut Tx,
        me: &Player,
        explicit: Option<i64>,
        command: &str,
        none: &str,
        fits: impl Fn(&Game) -> bool,
    ) -> Result<Game, Fail> {
        if let Some(id) = explicit {
            let Some(game) = tx.game(id).await? else {
                return user(format!("there is no game #{id}: `games` lists yours"));
            };
            if game.seat_of(me.id).is_none() {
                return user(format!("game #{id} is not yours: `games` lists yours"));
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
            0 => user(none.to_owned()),
            1 => Ok(open.remove(0)),
            _ => {
                let mut list = Vec::new();
                for g in &open {
                    let other = g.player_at(g.seat_of(me.id).unwrap_or(Seat::First).other());
                    let name = tx.player(other).await?.map_or_else(String::new, |p| p.name);
                    list.push(format!("#{} ({} vs {name})", g.id, title(g.variant)));
                }
                user(format!(
                    "which game? {}: add it, e.g. `{command} #{}`",
                    list.join(", "),
                    open[0].id
                ))
            }
        }
    }

    async fn computer_player(
        &self,
        tx: &mut Tx,
        level: &str,
        now: DateTime<Utc>,
    ) -> Result<Player, Fail> {
        let address = crate::Identity::local(format!("computer-{level}")).to_string();
        if let Some(p) = tx.player_by_identity(&address).await? {
            return Ok(p);
        }
        let name = tx.free_name(&format!("computer-{level}")).await?;
        Ok(tx
            .create_player(&name, &address, true, Some(level), now)
            .await?)
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) async fn challenge(
        &self,
        tx: &mut Tx,
        me: &Player,
        opponent: Opponent,
        variant: Variant,
        (time, timeout): (Option<TimeControl>, Option<TimeoutPolicy>),
        level: Option<String>,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let max_days = self.settings.max_days;
        let time_control = time.unwrap_or(TimeControl::PerMove {
            days: self.settings.default_days,
        });
        match time_control {
            TimeControl::PerMove { days } if days == 0 || days > max_days => {
                return user(format!(
                    "`days {days}`: the time per move is 1 to {max_days} days"
                ));
            }
            TimeControl::Bank { initial, max, .. }
                if initial < 3600 || max > i64::from(max_days) * 86_400 =>
            {
                return user(format!(
                    "a time bank starts with at least 1h and holds at most {max_days} days (`max {max_days}d`)"
                ));
            }
            _ => {}
        }
        let computer = opponent == Opponent::Computer;
        let them = match opponent {
            Opponent::Computer => {
                let level = level.unwrap_or_else(|| self.settings.computer_level.clone());
                self.computer_player(tx, &level, now).await?
            }
            Opponent::Name(name) => match tx.player_named(&name).await? {
                Some(p) => p,
                None => {
                    let names = tx.player_names().await?;
                    let close = names
                        .iter()
                        .filter(|n| !n.eq_ignore_ascii_case(&me.name))
                        .map(|n| (edit_distance(&name, &n.to_ascii_lowercase()), n))
                        .min();
                    return user(match close {
                        Some((d, n)) if d <= 2 => format!(
                            "no player is called `{name}`: did you mean `{n}`? You can also challenge an e-mail address or a Discord mention"
                        ),
                        _ => format!(
                            "no player is called `{name}`: challenge an e-mail address or a Discord mention to invite someone new"
                        ),
                    });
                }
            },
            Opponent::Identity(identity) => {
                match tx.player_by_identity(&identity.to_string()).await? {
                    Some(p) => p,
                    None => {
                        let address = identity.to_string();
                        let name = tx.free_name(&identity.name_hint()).await?;
                        tx.create_player(&name, &address, false, None, now).await?
                    }
                }
            }
        };
        if them.id == me.id {
            return user("you cannot challenge yourself: name your opponent");
        }
        let game = tx
            .insert_game(
                &NewGame {
                    variant,
                    seats: [me.id, them.id],
                    challenger: me.id,
                    // The computer accepts at once.
                    status: if computer {
                        GameStatus::Active
                    } else {
                        GameStatus::Proposed
                    },
                    position: variant.start().to_string(),
                    time_control,
                    timeout: timeout.unwrap_or(TimeoutPolicy::Loss),
                },
                now,
            )
            .await?;
        let mut l = self.load(tx, game, now).await?;
        if computer {
            l.game.started_at = Some(now);
            self.start_clock(&mut l, now);
            tx.save_game(&mut l.game, now).await?;
        }
        let text = if computer {
            self.render_for(tx, &l, me.id, "game_started.txt", Extra::default())
                .await?
        } else {
            self.notify_game(
                tx,
                &l,
                them.id,
                Notice::ChallengeReceived,
                Extra {
                    by: Some(l.seat_view(Seat::First)),
                    ..Extra::default()
                },
                now,
            )
            .await?;
            self.render_for(tx, &l, me.id, "challenge_sent.txt", Extra::default())
                .await?
        };
        Ok(Done {
            text,
            game: Some(l.game.id),
        })
    }

    pub(crate) async fn accept(
        &self,
        tx: &mut Tx,
        me: &Player,
        game: Option<i64>,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let me_id = me.id;
        let game = self
            .pick(
                tx,
                me,
                game,
                "accept",
                "no challenge waits for you: `games` lists your games",
                |g| g.status == GameStatus::Proposed && g.challenger != me_id,
            )
            .await?;
        let id = game.id;
        match game.status {
            GameStatus::Proposed if game.challenger == me.id => {
                return user(format!(
                    "game #{id} is your own challenge: your opponent accepts it (`cancel #{id}` withdraws it)"
                ));
            }
            GameStatus::Proposed => {}
            GameStatus::Active => return user(format!("game #{id} has already started")),
            s => return user(format!("game #{id} is {s}: nothing to accept")),
        }
        let mut l = self.load(tx, game, now).await?;
        l.game.status = GameStatus::Active;
        l.game.started_at = Some(now);
        self.start_clock(&mut l, now);
        tx.save_game(&mut l.game, now).await?;
        self.notify_game(
            tx,
            &l,
            l.game.challenger,
            Notice::GameStarted,
            Extra::default(),
            now,
        )
        .await?;
        Ok(Done {
            text: self
                .render_for(tx, &l, me.id, "game_started.txt", Extra::default())
                .await?,
            game: Some(id),
        })
    }

    /// `decline` (by the challenged) or `cancel` (by the challenger) of a proposed game.
    pub(crate) async fn close_challenge(
        &self,
        tx: &mut Tx,
        me: &Player,
        game: Option<i64>,
        cancel: bool,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let me_id = me.id;
        let (command, none) = if cancel {
            (
                "cancel",
                "you have no challenge to withdraw: `games` lists your games",
            )
        } else {
            (
                "decline",
                "no challenge waits for you: `games` lists your games",
            )
        };
        let game = self
            .pick(tx, me, game, command, none, |g| {
                g.status == GameStatus::Proposed && (g.challenger == me_id) == cancel
            })
            .await?;
        let id = game.id;
        match game.status {
            GameStatus::Proposed if cancel && game.challenger != me.id => {
                return user(format!(
                    "game #{id} is a challenge to you: `decline #{id}` refuses it"
                ));
            }
            GameStatus::Proposed if !cancel && game.challenger == me.id => {
                return user(format!(
                    "game #{id} is your own challenge: `cancel #{id}` withdraws it"
                ));
            }
            GameStatus::Proposed => {}
            GameStatus::Active => {
                return user(format!("game #{id} is under way: `resign #{id}` ends it"));
            }
            s => return user(format!("game #{id} is {s} already")),
        }
        let mut l = self.load(tx, game, now).await?;
        l.game.status = if cancel {
            GameStatus::Cancelled
        } else {
            GameStatus::Declined
        };
        tx.save_game(&mut l.game, now).await?;
        let my_seat = l.game.seat_of(me.id).unwrap_or(Seat::First);
        let what = if cancel { "withdrew" } else { "declined" };
        let extra = || Extra {
            by: Some(l.seat_view(my_seat)),
            what: Some(what),
            ..Extra::default()
        };
        self.notify_game(
            tx,
            &l,
            l.game.player_at(my_seat.other()),
            Notice::ChallengeClosed,
            extra(),
            now,
        )
        .await?;
        Ok(Done {
            text: self
                .render_for(tx, &l, me.id, "challenge_closed.txt", extra())
                .await?,
            game: Some(id),
        })
    }

    /// The action `text` as already applied by `seat` as the last action of the game, if it was:
    /// the same action arriving twice (say by mail and by Discord).
    fn already_applied(l: &Loaded, seat: Seat, text: &str) -> Option<String> {
        let last = l.actions.last()?;
        if last.seat != seat {
            return None;
        }
        let (before, action) = l.last.as_ref()?;
        let parsed = before.parse_action(text).ok()?;
        (parsed == *action).then(|| last.notation.clone())
    }

    fn already_text(&self, l: &Loaded, notation: &str) -> Fail {
        #[derive(Serialize)]
        struct Ctx<'a> {
            id: i64,
            action: &'a str,
            ply: u32,
        }
        let ply = l.actions.last().map_or(0, |a| a.ply);
        Fail::Already(
            self.templates.render(
                "already_applied.txt",
                Ctx {
                    id: l.game.id,
                    action: notation,
                    ply,
                },
            ),
            l.game.id,
        )
    }

    /// A few legal actions to suggest after an illegal one: those of the same piece if it has any.
    fn suggestions(l: &Loaded, text: &str) -> String {
        let legal: Vec<String> = l
            .position
            .legal_actions()
            .into_iter()
            .map(|a| l.position.notation(a))
            .collect();
        let from: String = text
            .trim()
            .trim_start_matches(['Q', 'G', 'q', 'g'])
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        let same: Vec<&String> = legal
            .iter()
            .filter(|a| {
                !from.is_empty()
                    && (a.starts_with(&format!("{from}-")) || a.starts_with(&format!("{from}=")))
            })
            .take(8)
            .collect();
        if !same.is_empty() {
            let same: Vec<&str> = same.iter().map(|s| s.as_str()).collect();
            format!("legal actions from {from}: {}", same.join(" "))
        } else {
            let some: Vec<&str> = legal.iter().take(8).map(String::as_str).collect();
            format!("{} legal actions, e.g. {}", legal.len(), some.join(" "))
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) async fn play(
        &self,
        tx: &mut Tx,
        me: &Player,
        game: Option<i64>,
        ply: Option<u32>,
        text: &str,
        inbound: &crate::Inbound,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let me_id = me.id;
        let game = match game {
            Some(_) => self.pick(tx, me, game, "move", "", |_| true).await?,
            None => {
                let open = tx.open_games_of(me.id).await?;
                let active: Vec<&Game> = open
                    .iter()
                    .filter(|g| g.status == GameStatus::Active)
                    .collect();
                let mine: Vec<&Game> = active
                    .iter()
                    .copied()
                    .filter(|g| g.player_at(seat_to_act(g)) == me_id)
                    .collect();
                match (mine.len(), active.len()) {
                    (1, _) | (0, 1) => (*mine.first().or(active.first()).expect("one")).clone(),
                    (0, 0) => {
                        return user(
                            "you have no game under way: `challenge <opponent> agon` starts one, `games` lists yours",
                        );
                    }
                    (0, _) => {
                        // Not this player's turn anywhere: maybe the same action came twice.
                        for g in &active {
                            let l = self.load(tx, (*g).clone(), now).await?;
                            if let Some(seat) = l.game.seat_of(me_id)
                                && let Some(n) = Self::already_applied(&l, seat, text)
                            {
                                return Err(self.already_text(&l, &n));
                            }
                        }
                        let mut waits = Vec::new();
                        for g in &active {
                            let other = tx.player(g.player_at(seat_to_act(g))).await?;
                            waits.push(format!(
                                "game #{} waits for {}",
                                g.id,
                                other.map_or_else(String::new, |p| p.name)
                            ));
                        }
                        return user(format!(
                            "it is not your turn in any game ({})",
                            waits.join(", ")
                        ));
                    }
                    _ => {
                        let ids: Vec<String> = mine.iter().map(|g| format!("#{}", g.id)).collect();
                        return user(format!(
                            "which game? It is your turn in games {}: add it, e.g. `#{} {text}`",
                            ids.join(", "),
                            mine[0].id
                        ));
                    }
                }
            }
        };
        let mut l = self.load(tx, game, now).await?;
        let id = l.game.id;
        let Some(seat) = l.game.seat_of(me.id) else {
            return user(format!("game #{id} is not yours"));
        };
        if let Some(n) = Self::already_applied(&l, seat, text)
            && (ply.is_none() || ply == Some(l.game.ply - 1) || l.game.status != GameStatus::Active)
        {
            return Err(self.already_text(&l, &n));
        }
        match l.game.status {
            GameStatus::Active => {}
            GameStatus::Proposed if l.game.challenger == me.id => {
                return user(format!(
                    "game #{id} has not started: {} has not accepted your challenge yet",
                    l.names[seat.other().index()]
                ));
            }
            GameStatus::Proposed => {
                return user(format!(
                    "game #{id} has not started: `accept #{id}` starts it"
                ));
            }
            GameStatus::Finished => {
                let result = l
                    .game
                    .ending
                    .as_ref()
                    .map(|e| l.result_text(e))
                    .unwrap_or_default();
                return user(format!("game #{id} is over: {result}"));
            }
            s => return user(format!("game #{id} was {s}: it has no board to play on")),
        }
        if l.game.deadline_at.is_some_and(|d| d <= now) {
            // The deadline passed before the scheduler got to it: the clock acts first.
            let text = self.timeout(tx, &mut l, Some(me.id), now).await?;
            return Ok(Done {
                text,
                game: Some(id),
            });
        }
        if let Some(p) = ply
            && p != l.game.ply
        {
            return user(format!(
                "stale: the game is at ply {}; look at `board #{id}` and send your action again",
                l.game.ply
            ));
        }
        let to_act = l.position.to_act();
        if to_act != seat {
            let tz = me.timezone.clone();
            let deadline = l
                .game
                .deadline_at
                .map(|d| format!("; the deadline is {}", crate::views::local_time(d, &tz)))
                .unwrap_or_default();
            return user(format!(
                "it is {}'s turn in game #{id}, not yours{deadline}",
                l.who(to_act)
            ));
        }
        if l.kind() == GameKind::Agon && text.trim().eq_ignore_ascii_case("pass") {
            return user(
                "there is no passing in Agon (AG-5): every turn is one step, or a return when a piece is captured",
            );
        }
        let action = match l.position.parse_action(text) {
            Ok(a) => a,
            Err(ActionError::Unreadable(why)) => {
                return user(format!(
                    "cannot read `{text}` as an action: {why}; {}",
                    Self::suggestions(&l, text)
                ));
            }
            Err(ActionError::Illegal(why)) => {
                return user(format!(
                    "`{text}` is not legal here: {why}; {}",
                    Self::suggestions(&l, text)
                ));
            }
        };
        let text = self
            .apply(
                tx,
                &mut l,
                seat,
                action,
                inbound.delivery.clone(),
                false,
                now,
            )
            .await?;
        Ok(Done {
            text,
            game: Some(id),
        })
    }

    /// Plays a checked action for `seat` and tells the players: the text for the seat's player is
    /// returned, the other is notified. An action `on_time` was played by the clock: both are
    /// notified and the text is empty.
    #[allow(clippy::too_many_arguments)]
    pub(crate) async fn apply(
        &self,
        tx: &mut Tx,
        l: &mut Loaded,
        seat: Seat,
        action: AnyAction,
        delivery: Option<String>,
        on_time: bool,
        now: DateTime<Utc>,
    ) -> Result<String, Fail> {
        let id = l.game.id;
        let actor = l.game.player_at(seat);
        let notation = l.position.notation(action);
        let before = l.position.clone();
        l.position.play_unchecked(action);
        l.last = Some((before, action));
        let spent = clock::spent(&l.game, now);
        clock::charge(&mut l.game, seat, spent);
        l.game.ply += 1;
        let record = PlayedAction {
            ply: l.game.ply,
            seat,
            notation: notation.clone(),
            played_at: now,
            delivery_id: delivery,
            spent_ms: Some(spent.num_milliseconds()),
        };
        tx.insert_action(id, &record).await?;
        l.actions.push(record);
        l.game.position = l.position.to_string();
        // An offer stands until the other side acts.
        if l.game.draw_offer == Some(seat.other()) {
            l.game.draw_offer = None;
        }
        l.game.undo_request = None;
        self.start_clock(l, now);
        let mover = l.seat_view(seat);
        if let Some(outcome) = l.position.outcome() {
            let ending = Ending {
                winner: outcome.winner,
                reason: outcome.reason.code().to_owned(),
            };
            let actor = (!on_time).then_some(actor);
            return self.finish(tx, l, ending, actor, now).await;
        }
        tx.save_game(&mut l.game, now).await?;
        let extra = |you_acted| Extra {
            mover: Some(mover.clone()),
            action: Some(&notation),
            you_acted,
            on_time,
            ..Extra::default()
        };
        self.notify_game(
            tx,
            l,
            l.game.player_at(seat.other()),
            if on_time {
                Notice::Timeout
            } else {
                Notice::MovePlayed
            },
            extra(false),
            now,
        )
        .await?;
        if on_time {
            let kind = Notice::Timeout;
            self.notify_game(tx, l, actor, kind, extra(true), now)
                .await?;
            return Ok(String::new());
        }
        self.render_for(tx, l, actor, "action_played.txt", extra(true))
            .await
    }

    /// A missed deadline: the game is lost on time, or in Agros with `timeout pass` the turn is
    /// passed (lost on time while no pass is allowed, in the opening). Returns the text for
    /// `actor` (a player who tried to act too late), if any.
    pub(crate) async fn timeout(
        &self,
        tx: &mut Tx,
        l: &mut Loaded,
        actor: Option<i64>,
        now: DateTime<Utc>,
    ) -> Result<String, Fail> {
        let late = l.position.to_act();
        if l.game.timeout == TimeoutPolicy::Pass
            && let Ok(pass) = l.position.parse_action("pass")
        {
            let delivery = format!("clock:{}:{}:pass", l.game.id, l.game.ply);
            self.apply(tx, l, late, pass, Some(delivery), true, now)
                .await?;
            if actor.is_none() {
                return Ok(String::new());
            }
            let id = l.game.id;
            return Ok(match l.game.ending.as_ref() {
                Some(e) => format!(
                    "Too late: your deadline in game #{id} had passed, so your turn was passed (AR-7), and that ended the game: {}.",
                    l.result_text(e)
                ),
                None => format!(
                    "Too late: your deadline in game #{id} had passed, so your turn was passed (AR-7); {} is to act now.",
                    l.to_act_text()
                ),
            });
        }
        let ending = Ending {
            winner: Some(late.other()),
            reason: "timeout".into(),
        };
        self.finish(tx, l, ending, actor, now).await
    }

    /// Ends a game: every ending (rules, resignation, agreed draw, timeout) comes through here.
    /// Saves the game, tells every player but `actor` and returns the text for `actor`.
    pub(crate) async fn finish(
        &self,
        tx: &mut Tx,
        l: &mut Loaded,
        ending: Ending,
        actor: Option<i64>,
        now: DateTime<Utc>,
    ) -> Result<String, Fail> {
        l.game.status = GameStatus::Finished;
        l.game.ending = Some(ending);
        l.game.finished_at = Some(now);
        clock::stop(&mut l.game);
        l.game.draw_offer = None;
        l.game.undo_request = None;
        tx.save_game(&mut l.game, now).await?;
        let report = l.score_report();
        let mut text = String::new();
        for seat in Seat::BOTH {
            let player = l.game.player_at(seat);
            let extra = Extra {
                report: report.clone(),
                ..Extra::default()
            };
            if Some(player) == actor {
                text = self
                    .render_for(tx, l, player, "game_over.txt", extra)
                    .await?;
            } else {
                self.notify_game(tx, l, player, Notice::GameOver, extra, now)
                    .await?;
            }
        }
        Ok(text)
    }

    async fn running(
        &self,
        tx: &mut Tx,
        me: &Player,
        game: Option<i64>,
        command: &str,
        now: DateTime<Utc>,
    ) -> Result<(Loaded, Seat), Fail> {
        let game = self
            .pick(
                tx,
                me,
                game,
                command,
                "you have no game under way: `games` lists yours",
                |g| g.status == GameStatus::Active,
            )
            .await?;
        let id = game.id;
        match game.status {
            GameStatus::Active => {}
            GameStatus::Proposed => {
                return user(format!(
                    "game #{id} has not started: a challenge is withdrawn with `cancel #{id}` or refused with `decline #{id}`"
                ));
            }
            s => return user(format!("game #{id} is {s}")),
        }
        let l = self.load(tx, game, now).await?;
        let seat = l
            .game
            .seat_of(me.id)
            .expect("picked games are the player's");
        Ok((l, seat))
    }

    pub(crate) async fn resign(
        &self,
        tx: &mut Tx,
        me: &Player,
        game: Option<i64>,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let (mut l, seat) = self.running(tx, me, game, "resign", now).await?;
        let id = l.game.id;
        let ending = Ending {
            winner: Some(seat.other()),
            reason: "resignation".into(),
        };
        let text = self.finish(tx, &mut l, ending, Some(me.id), now).await?;
        Ok(Done {
            text,
            game: Some(id),
        })
    }

    /// A draw or takeback offer changed: tell the other side, answer the actor.
    async fn offer_event(
        &self,
        tx: &mut Tx,
        l: &mut Loaded,
        seat: Seat,
        what: &str,
        event: &str,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let extra = || Extra {
            by: Some(l.seat_view(seat)),
            what: Some(what),
            event: Some(event),
            ..Extra::default()
        };
        let (e1, e2) = (extra(), extra());
        self.notify_game(
            tx,
            l,
            l.game.player_at(seat.other()),
            Notice::Offer,
            e1,
            now,
        )
        .await?;
        Ok(Done {
            text: self
                .render_for(tx, l, l.game.player_at(seat), "offer.txt", e2)
                .await?,
            game: Some(l.game.id),
        })
    }

    pub(crate) async fn draw(
        &self,
        tx: &mut Tx,
        me: &Player,
        game: Option<i64>,
        reply: Reply,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let (mut l, seat) = self.running(tx, me, game, "draw", now).await?;
        let id = l.game.id;
        if l.kind() != GameKind::Agon {
            return user(format!(
                "game #{id} is Agros, which has no draw offers: it ends when both players pass in turn (AR-9), and `resign #{id}` gives up"
            ));
        }
        match reply {
            Reply::Offer => {
                if l.game.draw_offer == Some(seat) {
                    return user(format!("you have already offered a draw in game #{id}"));
                }
                if l.game.draw_offer == Some(seat.other()) {
                    return user(format!(
                        "{} has offered you a draw in game #{id}: `draw accept #{id}` or `draw decline #{id}`",
                        l.who(seat.other())
                    ));
                }
                l.game.draw_offer = Some(seat);
                tx.save_game(&mut l.game, now).await?;
                self.offer_event(tx, &mut l, seat, "draw", "offered", now)
                    .await
            }
            Reply::Accept | Reply::Decline => {
                if l.game.draw_offer != Some(seat.other()) {
                    return user(format!(
                        "no draw is offered to you in game #{id}: `draw offer #{id}` offers one"
                    ));
                }
                if reply == Reply::Decline {
                    l.game.draw_offer = None;
                    tx.save_game(&mut l.game, now).await?;
                    return self
                        .offer_event(tx, &mut l, seat, "draw", "declined", now)
                        .await;
                }
                let ending = Ending {
                    winner: None,
                    reason: "agreement".into(),
                };
                let text = self.finish(tx, &mut l, ending, Some(me.id), now).await?;
                Ok(Done {
                    text,
                    game: Some(id),
                })
            }
        }
    }

    pub(crate) async fn undo(
        &self,
        tx: &mut Tx,
        me: &Player,
        game: Option<i64>,
        reply: Reply,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let (mut l, seat) = self.running(tx, me, game, "undo", now).await?;
        let id = l.game.id;
        match reply {
            Reply::Offer => {
                if l.actions.last().is_none_or(|a| a.seat != seat) {
                    return user(format!(
                        "nothing to take back in game #{id}: only your last action can be taken back, before your opponent acts"
                    ));
                }
                if l.game.undo_request == Some(seat) {
                    return user(format!(
                        "you have already asked for a takeback in game #{id}"
                    ));
                }
                l.game.undo_request = Some(seat);
                tx.save_game(&mut l.game, now).await?;
                self.offer_event(tx, &mut l, seat, "takeback", "offered", now)
                    .await
            }
            Reply::Accept | Reply::Decline => {
                if l.game.undo_request != Some(seat.other()) {
                    return user(format!("no takeback is asked of you in game #{id}"));
                }
                l.game.undo_request = None;
                if reply == Reply::Decline {
                    tx.save_game(&mut l.game, now).await?;
                    return self
                        .offer_event(tx, &mut l, seat, "takeback", "declined", now)
                        .await;
                }
                let taken = l.game.ply;
                tx.delete_action(id, taken).await?;
                let mut actions = std::mem::take(&mut l.actions);
                actions.pop();
                let mut game = l.game.clone();
                game.ply -= 1;
                game.draw_offer = None;
                let (names, away, players) = (l.names.clone(), l.away, l.players.clone());
                l = Loaded::replay(game, names, actions)
                    .map_err(|e| Fail::Internal(ServiceError::Corrupt(e)))?;
                l.away = away;
                l.players = players;
                l.game.position = l.position.to_string();
                self.start_clock(&mut l, now);
                tx.save_game(&mut l.game, now).await?;
                self.offer_event(tx, &mut l, seat, "takeback", "accepted", now)
                    .await
            }
        }
    }

    /// `board` and `history`: any game by number, else the player's only open game, else the game
    /// that ended last.
    pub(crate) async fn board(
        &self,
        tx: &mut Tx,
        me: &Player,
        game: Option<i64>,
        history: bool,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let command = if history { "history" } else { "board" };
        let game = match game {
            Some(id) => tx.game(id).await?.ok_or_else(|| {
                Fail::User(format!("there is no game #{id}: `games` lists yours"))
            })?,
            // With no game under way, the one that ended last: a player looks back at it.
            None => match tx.open_games_of(me.id).await?.is_empty() {
                true => tx.last_finished_game_of(me.id).await?.ok_or_else(|| {
                    Fail::User(
                        "you have no game under way: name the game (`board #12`), or `challenge <opponent> agon` to start one"
                            .into(),
                    )
                })?,
                false => {
                    self.pick(tx, me, None, command, "", |_| true).await?
                }
            },
        };
        let l = self.load(tx, game, now).await?;
        let extra = Extra {
            report: if history {
                l.score_report()
            } else {
                Vec::new()
            },
            ..Extra::default()
        };
        let template = if history { "history.txt" } else { "board.txt" };
        Ok(Done {
            text: self.render_for(tx, &l, me.id, template, extra).await?,
            game: Some(l.game.id),
        })
    }

    pub(crate) async fn games(
        &self,
        tx: &mut Tx,
        me: &Player,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        #[derive(Serialize)]
        struct Ctx {
            games: Vec<GameLine>,
        }
        let games = self.game_lines(tx, me, false, now).await?;
        Ok(Done {
            text: self.templates.render("games.txt", Ctx { games }),
            game: None,
        })
    }

    /// One line per open game of `me` (only those waiting for them, if `waiting`): opponent,
    /// whose turn, deadline in their zone, and an opponent's vacation.
    pub(crate) async fn game_lines(
        &self,
        tx: &mut Tx,
        me: &Player,
        waiting: bool,
        now: DateTime<Utc>,
    ) -> Result<Vec<GameLine>, Fail> {
        let mut lines = Vec::new();
        for g in tx.open_games_of(me.id).await? {
            let seat = g.seat_of(me.id).unwrap_or(Seat::First);
            let yours = match g.status {
                GameStatus::Proposed => g.challenger != me.id,
                _ => seat_to_act(&g) == seat,
            };
            if waiting && !yours {
                continue;
            }
            let them = tx.player(g.player_at(seat.other())).await?;
            let away = them
                .as_ref()
                .and_then(|p| p.away(now))
                .map(|v| crate::views::local_time(v.until, &me.timezone));
            let opponent = them.map_or_else(String::new, |p| p.name);
            let state = match g.status {
                GameStatus::Proposed if g.challenger == me.id => {
                    format!("waiting for {opponent} to accept")
                }
                GameStatus::Proposed => format!("challenge from {opponent}: accept {}", g.id),
                _ if yours => "your turn".to_owned(),
                _ => format!("{opponent}'s turn"),
            };
            lines.push(GameLine {
                id: g.id,
                title: title(g.variant),
                colour: g.variant.kind().seat_name(seat),
                opponent,
                state,
                deadline: g
                    .deadline_at
                    .map(|d| crate::views::local_time(d, &me.timezone)),
                away,
            });
        }
        Ok(lines)
    }
}

/// A game in a list (`games`, the digest).
#[derive(Serialize)]
pub(crate) struct GameLine {
    id: i64,
    title: String,
    opponent: String,
    colour: &'static str,
    state: String,
    deadline: Option<String>,
    /// The opponent's vacation end, while they are away.
    away: Option<String>,
}

impl Service {
    /// Among the players behind `addresses`, the one that the most recent open game of theirs
    /// waits for (to accept or to act), as one of those addresses. A hotseat front end uses it to
    /// pick whose prompt comes next.
    pub async fn waiting_on(&self, addresses: &[String]) -> Result<Option<String>, ServiceError> {
        let mut tx = self.store.write().await?;
        let mut players = Vec::new();
        for a in addresses {
            if let Some(p) = tx.player_by_identity(a).await? {
                players.push((p.id, a.clone()));
            }
        }
        let mut latest: Option<Game> = None;
        for (id, _) in &players {
            for g in tx.open_games_of(*id).await? {
                if latest.as_ref().is_none_or(|l| g.id > l.id) {
                    latest = Some(g);
                }
            }
        }
        let Some(g) = latest else {
            return Ok(None);
        };
        let waits_for = match g.status {
            GameStatus::Proposed => g.player_at(Seat::Second),
            _ => g.player_at(seat_to_act(&g)),
        };
        Ok(players
            .into_iter()
            .find(|(id, _)| *id == waits_for)
            .map(|(_, a)| a))
    }
}
