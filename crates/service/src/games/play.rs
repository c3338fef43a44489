//! Playing an action: finding the game it is for, checking it may be played now, and applying
//! it with its notifications. An action that ends the game hands over to [`Service::finish`].

use super::Extra;
use crate::clock::{self, seat_to_act};
use crate::views::Loaded;
use crate::{Done, Fail, Language, Reader, Service, user};
use agora_rules::{AnyAction, GameKind, Seat};
use agora_store::{Ending, Game, GameStatus, Notice, PlayedAction, Player, Tx};
use chrono::{DateTime, Utc};
use serde::Serialize;

/// Who played an action: the player (their command, answered for its reader), the clock (a pass
/// at a missed deadline) or the player's conditional line, answering the opponent's action at
/// once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum By {
    Player(Reader),
    Clock,
    Conditional,
}

impl Service {
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

    fn already_text(&self, reader: &Reader, l: &Loaded, notation: &str) -> Fail {
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
                reader,
                Ctx {
                    id: l.game.id,
                    action: notation,
                    ply,
                },
            ),
            l.game.id,
        )
    }

    /// `move`: finds the game, checks that the sender may act in it now, reads the action and
    /// applies it. A deadline already passed is met first, and answers instead.
    #[allow(clippy::too_many_arguments)]
    pub(crate) async fn play(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        game: Option<i64>,
        ply: Option<u32>,
        text: &str,
        inbound: &crate::Inbound,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let game = match game {
            Some(_) => {
                self.pick(
                    tx,
                    me,
                    game,
                    "move",
                    agora_i18n::text!("no-game-under-way"),
                    |_| true,
                )
                .await?
            }
            None => self.game_to_play(tx, reader, me, text, now).await?,
        };
        let mut l = self.load(tx, game, Some(now)).await?;
        let id = l.game.id;
        let Some(seat) = l.game.seat_of(me.id) else {
            return user(agora_i18n::text!("game-not-yours", game = id));
        };
        self.check_running(reader, &l, me, seat, ply, text)?;
        // A move counts when it arrived, not when it was read.
        let at = super::Timing::of(inbound, now);
        if let Some(done) = self.clock_first(tx, reader, &mut l, me, at).await? {
            return Ok(done);
        }
        let arrived = at.arrived;
        let action = Self::read_action(reader.language, &l, me, seat, ply, text)?;
        let delivery = inbound.delivery.clone();
        let by = By::Player(*reader);
        let text = self
            .apply_at(tx, &mut l, seat, action, delivery, by, arrived, now)
            .await?;
        Ok(Done {
            loaded: Some(Box::new(l)),
            attachments: Vec::new(),
            text,
            game: Some(id),
        })
    }

    /// The game an action names none for: the only game under way waiting for the sender, else
    /// their only game under way (whose turn it is is said later). Otherwise the answer says
    /// why not, or that the action was already applied (it came twice).
    async fn game_to_play(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        text: &str,
        now: DateTime<Utc>,
    ) -> Result<Game, Fail> {
        let open = tx.open_games_of(me.id).await?;
        let active: Vec<&Game> = open
            .iter()
            .filter(|g| g.status == GameStatus::Active)
            .collect();
        let mine: Vec<&Game> = active
            .iter()
            .copied()
            .filter(|g| g.player_at(seat_to_act(g)) == me.id)
            .collect();
        match (mine.len(), active.len()) {
            (1, _) | (0, 1) => Ok((*mine.first().or(active.first()).expect("one")).clone()),
            (0, 0) => user(agora_i18n::text!("no-game-under-way-challenge")),
            (0, _) => {
                // Not this player's turn anywhere: maybe the same action came twice.
                for g in &active {
                    let l = self.load(tx, (*g).clone(), Some(now)).await?;
                    if let Some(seat) = l.game.seat_of(me.id)
                        && let Some(n) = Self::already_applied(&l, seat, text)
                    {
                        return Err(self.already_text(reader, &l, &n));
                    }
                }
                let mut waits = Vec::new();
                for g in &active {
                    let other = tx.player(g.player_at(seat_to_act(g))).await?;
                    waits.push(
                        agora_i18n::text!(
                            "game-waits-for",
                            game = g.id,
                            player = other.map_or_else(String::new, |p| p.name)
                        )
                        .in_lang(reader.language),
                    );
                }
                user(agora_i18n::text!(
                    "not-your-turn-anywhere",
                    waits = waits.join(", ")
                ))
            }
            _ => {
                let ids: Vec<String> = mine.iter().map(|g| format!("#{}", g.id)).collect();
                user(agora_i18n::text!(
                    "which-game-turn",
                    games = ids.join(", "),
                    game = mine[0].id,
                    action = text
                ))
            }
        }
    }

    /// Refuses an action in a game that is not under way, and answers an action that was
    /// already applied (the same action again, not a stale one for another ply).
    fn check_running(
        &self,
        reader: &Reader,
        l: &Loaded,
        me: &Player,
        seat: Seat,
        ply: Option<u32>,
        text: &str,
    ) -> Result<(), Fail> {
        let id = l.game.id;
        if let Some(n) = Self::already_applied(l, seat, text)
            && (ply.is_none() || ply == Some(l.game.ply - 1) || l.game.status != GameStatus::Active)
        {
            return Err(self.already_text(reader, l, &n));
        }
        match l.game.status {
            GameStatus::Active => Ok(()),
            GameStatus::Proposed if l.game.challenger == me.id => user(agora_i18n::text!(
                "not-started-awaiting",
                game = id,
                opponent = l.names[seat.other().index()].as_str()
            )),
            GameStatus::Proposed => user(agora_i18n::text!("not-started-accept", game = id)),
            GameStatus::Finished => {
                let result = l
                    .game
                    .ending
                    .as_ref()
                    .map(|e| l.result_text_in(e, reader.language))
                    .unwrap_or_default();
                user(agora_i18n::text!(
                    "game-over-result",
                    game = id,
                    result = result
                ))
            }
            s => user(agora_i18n::text!(
                "game-no-board",
                game = id,
                status = s.to_string()
            )),
        }
    }

    /// The action `text` of `seat` in a running game, checked: the ply it was sent for, the
    /// turn, and the rules (with legal actions to suggest when it is wrong), the refusal worded
    /// in `lang`.
    fn read_action(
        lang: Language,
        l: &Loaded,
        me: &Player,
        seat: Seat,
        ply: Option<u32>,
        text: &str,
    ) -> Result<AnyAction, Fail> {
        let id = l.game.id;
        if let Some(p) = ply
            && p != l.game.ply
        {
            return user(agora_i18n::text!("stale-ply", game = id, ply = l.game.ply));
        }
        let to_act = l.to_act();
        if to_act != seat {
            return user(match l.game.deadline_at {
                Some(d) => agora_i18n::text!(
                    "not-your-turn-deadline",
                    player = l.who_in(to_act, lang),
                    game = id,
                    deadline = crate::views::local_time_in(d, &me.timezone, lang)
                ),
                None => {
                    agora_i18n::text!("not-your-turn", player = l.who_in(to_act, lang), game = id)
                }
            });
        }
        if l.kind() == GameKind::Agon && text.trim().eq_ignore_ascii_case("pass") {
            return user(agora_i18n::text!("agon-no-pass"));
        }
        match l.position.parse_action(text) {
            Ok(a) => Ok(a),
            Err(e) => user(crate::rule_errors::action_problem(
                lang,
                &l.position,
                text,
                &e,
            )),
        }
    }

    /// Plays a checked action for `seat` and tells the players: the text for the seat's player is
    /// returned, the other is notified. An action played by the clock or by a conditional line
    /// has no command to answer: both players are notified and the text is empty. The other
    /// player's conditional line may answer the action at once ([`Service::conditional_answers`]).
    #[allow(clippy::too_many_arguments)]
    pub(crate) async fn apply(
        &self,
        tx: &mut Tx,
        l: &mut Loaded,
        seat: Seat,
        action: AnyAction,
        delivery: Option<String>,
        by: By,
        now: DateTime<Utc>,
    ) -> Result<String, Fail> {
        self.apply_at(tx, l, seat, action, delivery, by, now, now)
            .await
    }

    /// [`Self::apply`], charging the seat's clock up to `charged_until`: a player's action that
    /// reached Agora then (read later, at `now`) is charged up to its arrival, not for the time
    /// Agora took to read it.
    #[allow(clippy::too_many_arguments)]
    async fn apply_at(
        &self,
        tx: &mut Tx,
        l: &mut Loaded,
        seat: Seat,
        action: AnyAction,
        delivery: Option<String>,
        by: By,
        charged_until: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<String, Fail> {
        let on_time = by == By::Clock;
        let id = l.game.id;
        let actor = l.game.player_at(seat);
        let notation = self.play_in_memory(l, seat, action, delivery, charged_until, now);
        if let Some(outcome) = l.position.outcome() {
            let ending = Ending {
                winner: outcome.winner,
                reason: outcome.reason.into(),
            };
            let actor = match by {
                By::Player(reader) => Some((actor, reader)),
                By::Clock | By::Conditional => None,
            };
            tx.insert_action(id, l.actions.last().expect("just played"))
                .await?;
            return self.finish(tx, l, ending, actor, now).await;
        }
        let played = l.actions.last().expect("just played");
        tx.save_game_after(&mut l.game, played, now).await?;
        let answers = self.answers_to(tx, l, seat, &notation, by, now).await?;
        let replied_to = computer_answered(l, seat);
        // The mover's colour in the reader's language.
        let extra = |you_acted, language| Extra {
            mover: Some(l.seat_view_in(seat, language)),
            action: Some(&notation),
            replied_to: replied_to.as_deref(),
            you_acted,
            on_time,
            ..Extra::default()
        };
        // The player whose line answers hears of both actions at once, with the answer.
        if answers.is_empty() {
            let other = l.game.player_at(seat.other());
            let kind = if on_time {
                Notice::Timeout
            } else {
                Notice::MovePlayed
            };
            self.notify_game_in(tx, l, other, kind, |language| extra(false, language), now)
                .await?;
        }
        self.tell_watchers(tx, l, |language| extra(false, language), false, now)
            .await?;
        let text = match by {
            By::Clock => {
                let kind = Notice::Timeout;
                self.notify_game_in(tx, l, actor, kind, |language| extra(true, language), now)
                    .await?;
                String::new()
            }
            By::Conditional => {
                self.tell_conditional_played(tx, l, seat, actor, &notation, now)
                    .await?;
                String::new()
            }
            By::Player(reader) => {
                let extra = extra(true, reader.language);
                self.render_for(tx, &reader, l, actor, "action_played.txt", extra)
                    .await?
            }
        };
        self.play_answers(tx, l, seat.other(), answers, now).await?;
        Ok(text)
    }

    /// Plays `action` for `seat` on the loaded game, not yet saved: the position, the record
    /// with the time it took up to `charged_until`, the offers it answers and the clock of the
    /// next turn. Returns the action's notation.
    fn play_in_memory(
        &self,
        l: &mut Loaded,
        seat: Seat,
        action: AnyAction,
        delivery: Option<String>,
        charged_until: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> String {
        let notation = l.position.notation(action);
        let before = l.position.clone();
        l.position.play_unchecked(action);
        l.last = Some((before, action));
        let spent = clock::spent(&l.game, charged_until);
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
        l.actions.push(record);
        l.game.position = l.position.to_string();
        // An offer stands until the other side acts.
        if l.game.draw_offer == Some(seat.other()) {
            l.game.draw_offer = None;
        }
        l.game.undo_request = None;
        self.start_clock(l, now);
        notation
    }

    /// The other player's answers to `notation` from their conditional line, played at once. An
    /// answer does not look for lines in turn: the one it answers is to act after it, and keeps
    /// none.
    async fn answers_to(
        &self,
        tx: &mut Tx,
        l: &Loaded,
        seat: Seat,
        notation: &str,
        by: By,
        now: DateTime<Utc>,
    ) -> Result<Vec<AnyAction>, Fail> {
        Ok(match by {
            By::Conditional => Vec::new(),
            By::Player(_) | By::Clock => {
                self.conditional_answers(tx, l, seat, notation, now).await?
            }
        })
    }

    /// Tells `actor` that their conditional line played `notation` for `seat`, with the action
    /// it answered.
    async fn tell_conditional_played(
        &self,
        tx: &mut Tx,
        l: &Loaded,
        seat: Seat,
        actor: i64,
        notation: &str,
        now: DateTime<Utc>,
    ) -> Result<(), Fail> {
        let replied_to = answered(l, seat);
        let kind = Notice::Conditional;
        let extra =
            |language| Self::conditional_extra(l, seat, notation, replied_to.as_deref(), language);
        self.notify_game_in(tx, l, actor, kind, extra, now).await?;
        Ok(())
    }

    /// The `answers` of `holder`'s conditional line, played as any move is, each with its own
    /// ply, while the game goes on.
    async fn play_answers(
        &self,
        tx: &mut Tx,
        l: &mut Loaded,
        holder: Seat,
        answers: Vec<AnyAction>,
        now: DateTime<Utc>,
    ) -> Result<(), Fail> {
        let id = l.game.id;
        for (i, answer) in answers.into_iter().enumerate() {
            if l.game.status != GameStatus::Active {
                break;
            }
            let delivery = format!("conditional:{id}:{}:{i}", l.game.ply);
            Box::pin(self.apply(tx, l, holder, answer, Some(delivery), By::Conditional, now))
                .await?;
        }
        Ok(())
    }
}

/// The notation of the action before the last when the other seat than `seat` played it: the
/// action the last one answered.
fn answered(l: &Loaded, seat: Seat) -> Option<String> {
    let before = &l.actions[l.actions.len().checked_sub(2)?];
    (before.seat == seat.other()).then(|| before.notation.clone())
}

/// What the computer's last action (for `seat`) answered, when the computer played it.
fn computer_answered(l: &Loaded, seat: Seat) -> Option<String> {
    let by_computer = l.players[seat.index()]
        .as_ref()
        .is_some_and(|p| p.computer.is_some());
    by_computer.then(|| answered(l, seat)).flatten()
}
