//! Challenges: proposing a game (to a person, or to the computer, which accepts at once), and
//! accepting, declining or withdrawing one.

use super::Extra;
use crate::commands::{ChallengeOptions, Opponent, edit_distance};
use crate::views::Loaded;
use crate::{Done, Fail, Reader, Service, user};
use agora_rules::{Seat, Variant};
use agora_store::{
    Game, GameOptions, GameStatus, NewGame, Notice, Player, TimeControl, TimeoutPolicy, Tx,
};
use chrono::{DateTime, Duration, Utc};

/// The most actions one period of `moves N in D days` may count.
const MAX_PERIOD_MOVES: u32 = 100;

impl Service {
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

    /// The placeholder player who holds the open seat of every challenge to anyone. Nobody can
    /// take the name `anyone` (see [`crate::players::name_from`]); it has no identity to notify.
    pub(crate) async fn anyone_player(
        &self,
        tx: &mut Tx,
        now: DateTime<Utc>,
    ) -> Result<Player, Fail> {
        let address = super::anyone_identity();
        if let Some(p) = tx.player_by_identity(&address).await? {
            return Ok(p);
        }
        let name = tx.free_name("anyone").await?;
        Ok(tx.create_player(&name, &address, true, None, now).await?)
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) async fn challenge(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        opponent: Opponent,
        variant: Variant,
        (time, timeout): (Option<TimeControl>, Option<TimeoutPolicy>),
        level: Option<String>,
        options: ChallengeOptions,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let time_control = self.time_control_of(time)?;
        let computer = opponent == Opponent::Computer;
        let open = opponent == Opponent::Anyone;
        let them = if open {
            self.anyone_player(tx, now).await?
        } else {
            self.opponent(tx, me, opponent, level, now).await?
        };
        if them.id == me.id {
            return user(agora_i18n::text!("challenge-self"));
        }
        if them.computer.is_some() {
            self.within_computer_limit(tx, me).await?;
        }
        if !computer {
            self.within_challenge_limits(tx, me, &them, open, now)
                .await?;
        }
        let options = GameOptions {
            rated: !computer && !options.unrated,
            private: options.private,
            open,
            min_rating: options.min_rating,
            max_rating: options.max_rating,
        };
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
                    options,
                },
                now,
            )
            .await?;
        let mut l = self.load(tx, game, Some(now)).await?;
        self.start_or_expire(tx, &mut l, computer, now).await?;
        let text = if computer {
            self.render_for(tx, reader, &l, me.id, "game_started.txt", Extra::default())
                .await?
        } else if open {
            // Nobody to tell: `seeks` lists it, and the Discord lobby shows it.
            self.render_for(
                tx,
                reader,
                &l,
                me.id,
                "challenge_sent.txt",
                Extra::default(),
            )
            .await?
        } else {
            self.send_challenge(tx, reader, &l, me, them.id, now)
                .await?
        };
        Ok(Done {
            loaded: None,
            attachments: Vec::new(),
            text,
            game: Some(l.game.id),
        })
    }

    /// Each move against the computer costs a search: a player's games with it are capped.
    async fn within_computer_limit(&self, tx: &mut Tx, me: &Player) -> Result<(), Fail> {
        let max = self.settings.max_computer_games;
        if tx.computer_games_of(me.id).await? >= max {
            return user(agora_i18n::text!("computer-game-limit", max = max));
        }
        Ok(())
    }

    /// A new game against the `computer` starts at once; a challenge to a player is given the
    /// time it waits for an answer.
    async fn start_or_expire(
        &self,
        tx: &mut Tx,
        l: &mut Loaded,
        computer: bool,
        now: DateTime<Utc>,
    ) -> Result<(), Fail> {
        if computer {
            l.game.started_at = Some(now);
            self.start_clock(l, now);
            tx.save_game(&mut l.game, now).await?;
        } else {
            // The scheduler closes the challenge if nobody answers it in time.
            let expires = self.expiry_of(&l.game);
            tx.set_due(l.game.id, Some(expires)).await?;
            l.game.due_at = Some(expires);
        }
        Ok(())
    }

    /// Tells player `them` of `me`'s challenge `l`, with `me`'s rating and reliability; the
    /// answer is `me`'s.
    async fn send_challenge(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        l: &Loaded,
        me: &Player,
        them: i64,
        now: DateTime<Utc>,
    ) -> Result<String, Fail> {
        let maker_rating = tx
            .rating(me.id, crate::ratings::pool_of(l.game.variant))
            .await?
            .map(|r| r.rating.round() as i64);
        let reliability = self.reliability_of(tx, me.id).await?;
        self.notify_game_in(
            tx,
            l,
            them,
            Notice::ChallengeReceived,
            |language| Extra {
                by: Some(l.seat_view_in(Seat::First, language)),
                rating: maker_rating,
                reliability,
                ..Extra::default()
            },
            now,
        )
        .await?;
        self.render_for(tx, reader, l, me.id, "challenge_sent.txt", Extra::default())
            .await
    }

    /// When a challenge expires if nobody answers it.
    pub(crate) fn expiry_of(&self, game: &Game) -> DateTime<Utc> {
        game.created_at + Duration::days(self.settings.challenge_expiry_days.into())
    }

    /// Whether a challenge waited too long for an answer at `now`.
    pub(super) fn expired(&self, game: &Game, now: DateTime<Utc>) -> bool {
        self.expiry_of(game) <= now
    }

    /// Refuses a challenge beyond the caps: open challenges per player, and challenges per day
    /// to people who have never used Agora (so nobody can use it to message strangers in bulk).
    async fn within_challenge_limits(
        &self,
        tx: &mut Tx,
        me: &Player,
        them: &Player,
        open: bool,
        now: DateTime<Utc>,
    ) -> Result<(), Fail> {
        let max = self.settings.max_open_challenges;
        if tx.open_challenges_by(me.id).await? >= max {
            return user(agora_i18n::text!("challenge-limit", max = max));
        }
        if them.first_seen_at.is_none() && !open {
            let max = self.settings.new_opponent_challenges_per_day;
            let since = now - Duration::days(1);
            if tx.challenges_to_strangers_since(me.id, since).await? >= max {
                return user(agora_i18n::text!("challenge-strangers-limit", max = max));
            }
        }
        Ok(())
    }

    /// The scheduler's look at a challenge whose due time came: closed (like a withdrawal, both
    /// sides told) once it waited `challenge_expiry_days`, else given its right due time (a
    /// challenge from before challenges expired, or the setting changed).
    pub(crate) async fn expire_challenge(
        &self,
        tx: &mut Tx,
        game: Game,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let id = game.id;
        let days = self.settings.challenge_expiry_days;
        let expired = self.expired(&game, now);
        let mut l = self.load(tx, game, Some(now)).await?;
        if !expired {
            l.game.due_at = Some(self.expiry_of(&l.game));
            tx.save_game(&mut l.game, now).await?;
            return Ok(Done {
                loaded: None,
                attachments: Vec::new(),
                text: format!("game #{id}: challenge rescheduled"),
                game: Some(id),
            });
        }
        l.game.status = GameStatus::Cancelled;
        l.game.due_at = None;
        tx.save_game(&mut l.game, now).await?;
        // A ladder's challenge unanswered in time is lost by the one challenged.
        self.ladder_challenge_lapsed(tx, &l.game).await?;
        for seat in Seat::BOTH {
            let extra = |language| Extra {
                opponent: Some(l.seat_view_in(seat.other(), language)),
                you_acted: l.game.player_at(seat) == l.game.challenger,
                days: Some(days),
                ..Extra::default()
            };
            let player = l.game.player_at(seat);
            self.notify_game_in(tx, &l, player, Notice::ChallengeExpired, extra, now)
                .await?;
        }
        Ok(Done {
            loaded: None,
            attachments: Vec::new(),
            text: format!("game #{id}: challenge expired"),
            game: Some(id),
        })
    }

    pub(crate) async fn accept(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        game: Option<i64>,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let me_id = me.id;
        if let Some(id) = game
            && let Some(open) = tx.game(id).await?
            && open.options.open
        {
            return self.accept_open(tx, reader, me, open, now).await;
        }
        let game = self
            .pick(
                tx,
                me,
                game,
                "accept",
                agora_i18n::text!("no-challenge-for-you"),
                |g| g.status == GameStatus::Proposed && g.challenger != me_id,
            )
            .await?;
        let id = game.id;
        match game.status {
            GameStatus::Proposed if game.challenger == me.id => {
                return user(agora_i18n::text!("accept-own-challenge", game = id));
            }
            // Expired, though the sweep has not closed it yet: too late all the same.
            GameStatus::Proposed if self.expired(&game, now) => {
                return user(agora_i18n::text!(
                    "challenge-expired",
                    game = id,
                    days = self.settings.challenge_expiry_days
                ));
            }
            GameStatus::Proposed => {}
            GameStatus::Active => {
                return user(agora_i18n::text!("game-already-started", game = id));
            }
            s => {
                return user(agora_i18n::text!(
                    "accept-nothing",
                    game = id,
                    status = s.to_string()
                ));
            }
        }
        self.start(tx, reader, me, game, now).await
    }

    /// `accept #N` of a challenge to anyone: the first eligible player takes the open seat and
    /// the game starts. Eligible: a person (not the challenge's maker, not the computer) whose
    /// rating in the game's pool lies in the range asked for.
    async fn accept_open(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        game: Game,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let id = game.id;
        if game.challenger == me.id {
            return user(agora_i18n::text!("accept-own-open", game = id));
        }
        if game.status != GameStatus::Proposed || self.expired(&game, now) {
            return user(agora_i18n::text!("open-challenge-closed", game = id));
        }
        if me.computer.is_some() {
            return user(agora_i18n::text!("computer-no-open"));
        }
        let o = game.options;
        if o.min_rating.is_some() || o.max_rating.is_some() {
            let pool = crate::ratings::pool_of(game.variant);
            let rating = tx
                .rating(me.id, pool)
                .await?
                .unwrap_or(crate::ratings::DEFAULT)
                .rating
                .round() as i64;
            let low = o.min_rating.is_some_and(|m| rating < m);
            let high = o.max_rating.is_some_and(|m| rating > m);
            if low || high {
                let range = match (o.min_rating, o.max_rating) {
                    (Some(a), Some(b)) => {
                        agora_i18n::text!("rating-range-between", min = a, max = b)
                    }
                    (Some(a), None) => agora_i18n::text!("rating-range-at-least", min = a),
                    (None, Some(b)) => agora_i18n::text!("rating-range-at-most", max = b),
                    (None, None) => agora_i18n::text!("rating-range-any"),
                };
                let lang = reader.language;
                return user(agora_i18n::text!(
                    "open-rating-range",
                    game = id,
                    range = range.in_lang(lang),
                    variant = crate::views::title_in(game.variant, lang),
                    rating = rating
                ));
            }
        }
        if !tx.take_open_seat(id, me.id).await? {
            return user(agora_i18n::text!("open-seat-taken", game = id));
        }
        let Some(game) = tx.game(id).await? else {
            return user(agora_i18n::text!("no-such-game", game = id));
        };
        self.start(tx, reader, me, game, now).await
    }

    /// Starts an accepted challenge: the clock of the first to act runs, the challenger is told,
    /// and the one who accepted gets the game's first board.
    async fn start(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        game: Game,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let id = game.id;
        let mut l = self.load(tx, game, Some(now)).await?;
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
            loaded: None,
            attachments: Vec::new(),
            text: self
                .render_for(tx, reader, &l, me.id, "game_started.txt", Extra::default())
                .await?,
            game: Some(id),
        })
    }

    /// `decline` (by the challenged) or `cancel` (by the challenger) of a proposed game.
    pub(crate) async fn close_challenge(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        game: Option<i64>,
        cancel: bool,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let me_id = me.id;
        let (command, none) = if cancel {
            ("cancel", agora_i18n::text!("no-challenge-to-withdraw"))
        } else {
            ("decline", agora_i18n::text!("no-challenge-for-you"))
        };
        let game = self
            .pick(tx, me, game, command, none, |g| {
                g.status == GameStatus::Proposed && (g.challenger == me_id) == cancel
            })
            .await?;
        let id = game.id;
        match game.status {
            GameStatus::Proposed if cancel && game.challenger != me.id => {
                return user(agora_i18n::text!("cancel-challenge-to-you", game = id));
            }
            GameStatus::Proposed if !cancel && game.challenger == me.id => {
                return user(agora_i18n::text!("decline-own-challenge", game = id));
            }
            GameStatus::Proposed => {}
            GameStatus::Active => {
                return user(agora_i18n::text!("game-under-way-resign", game = id));
            }
            s => {
                return user(agora_i18n::text!(
                    "game-status-already",
                    game = id,
                    status = s.to_string()
                ));
            }
        }
        let mut l = self.load(tx, game, Some(now)).await?;
        l.game.status = if cancel {
            GameStatus::Cancelled
        } else {
            GameStatus::Declined
        };
        tx.save_game(&mut l.game, now).await?;
        // A ladder's challenge declined is lost by the one challenged.
        if !cancel {
            self.ladder_challenge_lapsed(tx, &l.game).await?;
        }
        let my_seat = l.game.seat_of(me.id).unwrap_or(Seat::First);
        let what = if cancel { "withdrew" } else { "declined" };
        let extra = |language| Extra {
            by: Some(l.seat_view_in(my_seat, language)),
            what: Some(what),
            ..Extra::default()
        };
        self.notify_game_in(
            tx,
            &l,
            l.game.player_at(my_seat.other()),
            Notice::ChallengeClosed,
            extra,
            now,
        )
        .await?;
        let language = reader.language;
        Ok(Done {
            loaded: None,
            attachments: Vec::new(),
            text: self
                .render_for(
                    tx,
                    reader,
                    &l,
                    me.id,
                    "challenge_closed.txt",
                    extra(language),
                )
                .await?,
            game: Some(id),
        })
    }

    /// The time control a challenge asks for (the default one if none), within the limits: a
    /// period of `moves N in D days` may average no more days a move than `days` may take.
    pub(crate) fn time_control_of(&self, time: Option<TimeControl>) -> Result<TimeControl, Fail> {
        let max_days = self.settings.max_days;
        let time_control = time.unwrap_or(TimeControl::PerMove {
            days: self.settings.default_days,
        });
        match time_control {
            TimeControl::PerMove { days } if days == 0 || days > max_days => {
                return user(agora_i18n::text!("days-range", days = days, max = max_days));
            }
            TimeControl::Bank { initial, max, .. }
                if initial < 3600 || max > i64::from(max_days) * 86_400 =>
            {
                return user(agora_i18n::text!("bank-range", max = max_days));
            }
            TimeControl::Moves { moves, days }
                if moves == 0
                    || moves > MAX_PERIOD_MOVES
                    || days == 0
                    || u64::from(days) > u64::from(max_days) * u64::from(moves) =>
            {
                return user(agora_i18n::text!(
                    "moves-range",
                    moves = moves,
                    days = days,
                    most = MAX_PERIOD_MOVES,
                    max = max_days
                ));
            }
            _ => {}
        }
        Ok(time_control)
    }

    /// The player a challenge is for: the computer at a level, a player by name (with the
    /// closest name when none is called so), or anyone by an address (a new player if need be).
    async fn opponent(
        &self,
        tx: &mut Tx,
        me: &Player,
        opponent: Opponent,
        level: Option<String>,
        now: DateTime<Utc>,
    ) -> Result<Player, Fail> {
        Ok(match opponent {
            Opponent::Anyone => self.anyone_player(tx, now).await?,
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
                        Some((d, n)) if d <= 2 => agora_i18n::text!(
                            "challenge-no-player-suggest",
                            name = name.as_str(),
                            suggestion = n.as_str()
                        ),
                        _ => agora_i18n::text!("challenge-no-player", name = name.as_str()),
                    });
                }
            },
            Opponent::Identity(identity) => {
                match tx.player_by_identity(&identity.to_string()).await? {
                    Some(p) => p,
                    None => {
                        let address = identity.to_string();
                        let name = tx
                            .free_name(&crate::players::name_from(&identity, None))
                            .await?;
                        tx.create_player(&name, &address, false, None, now).await?
                    }
                }
            }
        })
    }
}
