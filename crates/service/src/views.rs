//! What the templates see of a game: a [`GameView`] built for one recipient (their seat, their time
//! zone), with the ASCII board from `agora-render`, the result in words and the Agros score.
//!
//! It works on a game already replayed ([`Loaded`], from the one replay in `replay.rs`): nothing
//! here replays a game or reads the store.

pub use crate::replay::Loaded;
use agora_rules::{AnyPosition, EndReason as R, GameKind, Seat, Variant};
use agora_store::{EndReason, Ending, GameStatus, TimeControl};
use chrono::{DateTime, Duration, Utc};
use serde::Serialize;

/// What [`Loaded::view`] computed, by the state it was computed for: (ply, finished), board,
/// score line.
type Texts = ((u32, bool), String, Option<String>);

/// The texts of the last view of a [`Loaded`] game; a clone starts empty.
#[derive(Default)]
pub(crate) struct ViewCache(std::sync::Mutex<Option<Texts>>);

impl Clone for ViewCache {
    fn clone(&self) -> ViewCache {
        ViewCache::default()
    }
}

impl std::fmt::Debug for ViewCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ViewCache")
    }
}

impl Loaded {
    pub fn kind(&self) -> GameKind {
        self.game.variant.kind()
    }

    pub fn seat_view(&self, seat: Seat) -> SeatView {
        SeatView {
            name: self.names[seat.index()].clone(),
            colour: self.kind().seat_name(seat),
        }
    }

    /// `alice (white)`.
    pub fn who(&self, seat: Seat) -> String {
        format!(
            "{} ({})",
            self.names[seat.index()],
            self.kind().seat_name(seat)
        )
    }

    /// The ASCII board. The renderer knows only the position, so for a game ended by the
    /// service (resignation, agreement, time) its status line is replaced by the ending.
    pub fn board(&self) -> String {
        let text = agora_render::ascii(&self.position, self.last.as_ref().map(|(_, a)| *a));
        let service_ending = self
            .game
            .ending
            .as_ref()
            .filter(|_| self.position.outcome().is_none());
        match (service_ending, text.split_once('\n')) {
            (Some(e), Some((_, rest))) => {
                let how = match (e.reason, e.winner) {
                    (EndReason::Resignation, Some(w)) => {
                        format!("{} wins by resignation", self.kind().seat_name(w))
                    }
                    (EndReason::Time, Some(w)) => {
                        format!("{} wins on time", self.kind().seat_name(w))
                    }
                    (EndReason::Agreement, _) => "drawn by agreement".to_owned(),
                    (reason, _) => reason.code().to_owned(),
                };
                format!("{}: game over, {how}\n{rest}", title(self.game.variant))
            }
            _ => text,
        }
    }

    /// `bob (black)` to act, with their deadline.
    pub fn to_act_text(&self) -> String {
        self.who(self.to_act())
    }

    /// The time control, timeout policy and (for a time bank) both reserves.
    pub fn clock_text(&self) -> String {
        let g = &self.game;
        let mut text = crate::clock::describe(g);
        if matches!(g.time_control, TimeControl::Bank { .. }) && g.status.is_open() {
            let reserves: Vec<String> = Seat::BOTH
                .into_iter()
                .map(|s| {
                    format!(
                        "{} {}",
                        self.kind().seat_name(s),
                        crate::clock::span(Duration::seconds(g.bank[s.index()]))
                    )
                })
                .collect();
            text.push_str(&format!(
                "; reserves at the start of each turn: {}",
                reserves.join(", ")
            ));
        }
        text
    }

    /// The view of this game for the player `viewer` (any player id; a stranger sees no `you`).
    pub fn view(&self, viewer: i64, timezone: &str) -> GameView {
        let g = &self.game;
        let key = (g.ply, g.ending.is_some());
        let (board, score) = {
            let mut cache = self.cache.0.lock().expect("view cache lock");
            match cache.as_ref() {
                Some((k, board, score)) if *k == key => (board.clone(), score.clone()),
                _ => {
                    let (board, score) = (self.board(), self.score_line());
                    *cache = Some((key, board.clone(), score.clone()));
                    (board, score)
                }
            }
        };
        let to_act = (g.status == GameStatus::Active).then(|| self.to_act());
        let away = Seat::BOTH
            .into_iter()
            .filter_map(|s| {
                self.away[s.index()].map(|until| {
                    format!(
                        "{} is on vacation until {}: their clock is paused",
                        self.names[s.index()],
                        local_time(until, timezone)
                    )
                })
            })
            .collect();
        GameView {
            id: g.id,
            title: title(g.variant),
            status: g.status.code(),
            ply: g.ply,
            first: self.seat_view(Seat::First),
            second: self.seat_view(Seat::Second),
            you: g.seat_of(viewer).map(|s| self.seat_view(s)),
            to_act: to_act.map(|s| self.seat_view(s)),
            your_turn: to_act.is_some_and(|s| g.player_at(s) == viewer),
            deadline: g.deadline_at.map(|d| local_time(d, timezone)),
            board,
            last: self.last.as_ref().map(|(before, a)| before.notation(*a)),
            score,
            result: g.ending.as_ref().map(|e| self.result_text(e)),
            record: agora_rules::record(
                &self
                    .actions
                    .iter()
                    .map(|a| a.notation.as_str())
                    .collect::<Vec<_>>(),
            ),
            clock: self.clock_text(),
            pass_on_time: g.timeout == agora_store::TimeoutPolicy::Pass,
            times: self
                .actions
                .iter()
                .filter_map(|a| {
                    a.spent_ms.map(|ms| {
                        format!(
                            "{} {} {}",
                            a.ply,
                            a.notation,
                            crate::clock::span(Duration::milliseconds(ms))
                        )
                    })
                })
                .collect(),
            away,
            actions: self.actions.len(),
            duration: match (g.started_at, g.finished_at) {
                (Some(a), Some(b)) => Some(crate::clock::duration_words(b - a)),
                _ => None,
            },
            started: g.started_at.map(|t| local_time(t, timezone)),
            finished: g.finished_at.map(|t| local_time(t, timezone)),
            rated: g.options.rated,
            private: g.options.private,
            open: g.options.open,
            rating_range: range_words(g.options.min_rating, g.options.max_rating),
            watching: false,
        }
    }

    /// `light 19, dark 10.5` for Agros (the score so far, AR-14); nothing for Agon.
    pub fn score_line(&self) -> Option<String> {
        let AnyPosition::Agros(p) = &self.position else {
            return None;
        };
        let s = p.score();
        Some(format!(
            "{} {}, {} {}",
            self.kind().seat_name(Seat::First),
            s.total(Seat::First),
            self.kind().seat_name(Seat::Second),
            s.total(Seat::Second)
        ))
    }

    /// The score report of AR-14: one line per field.
    pub fn score_report(&self) -> Vec<String> {
        let AnyPosition::Agros(p) = &self.position else {
            return Vec::new();
        };
        if self.game.status != GameStatus::Finished {
            return Vec::new();
        }
        let s = p.score();
        // A game that ended before any harvest has nothing to report field by field.
        if s.fields
            .iter()
            .all(|f| f.harvests.iter().all(|h| h.is_empty()))
        {
            return Vec::new();
        }
        let list = |h: &[u8]| {
            format!(
                "[{}]",
                h.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
            )
        };
        // The fields that scored, largest first; those nobody controls summed up in one line.
        let mut scored: Vec<_> = s.fields.iter().filter(|f| f.controller.is_some()).collect();
        scored.sort_by_key(|f| std::cmp::Reverse((f.value, f.squares.len())));
        let mut lines: Vec<String> = scored
            .iter()
            .map(|f| {
                // A big field is named by its first squares: the size says the rest.
                let mut squares: Vec<String> =
                    f.squares.iter().take(6).map(|q| q.to_string()).collect();
                if f.squares.len() > 6 {
                    squares.push("...".into());
                }
                format!(
                    "{} ({}): {} {} vs {} {} -> {}",
                    squares.join(" "),
                    f.squares.len(),
                    self.kind().seat_name(Seat::First),
                    list(&f.harvests[0]),
                    self.kind().seat_name(Seat::Second),
                    list(&f.harvests[1]),
                    match f.controller {
                        Some(c) => format!("{} {}", self.kind().seat_name(c), f.value),
                        None => "nobody".into(),
                    }
                )
            })
            .collect();
        let unscored: Vec<_> = s.fields.iter().filter(|f| f.controller.is_none()).collect();
        if !unscored.is_empty() {
            let squares: usize = unscored.iter().map(|f| f.squares.len()).sum();
            lines.push(format!(
                "{} other field{} ({} square{}): nobody, 0",
                unscored.len(),
                if unscored.len() == 1 { "" } else { "s" },
                squares,
                if squares == 1 { "" } else { "s" },
            ));
        }
        lines.push(match s.half_point {
            Some(seat) => format!("half point: {}", self.kind().seat_name(seat)),
            None => "half point: nobody (equal harvests)".into(),
        });
        lines
    }

    /// The ending in words, naming the ruling.
    pub fn result_text(&self, e: &Ending) -> String {
        let (winner, loser) = match e.winner {
            Some(w) => (self.who(w), self.who(w.other())),
            None => (String::new(), String::new()),
        };
        match (e.reason, e.winner) {
            (EndReason::Rules(R::Throne), Some(_)) => {
                format!("{winner} wins: the queen on the throne, ring 1 full of her guards (AG-11)")
            }
            (EndReason::Rules(R::RingWithoutQueen), Some(_)) => format!(
                "{winner} wins: {loser} filled ring 1 without the queen on the throne (AG-11)"
            ),
            (EndReason::Rules(R::NoLegalAction), Some(_)) => {
                format!("{winner} wins: {loser} has no legal action (AG-12)")
            }
            (EndReason::Rules(R::Repetition), _) => {
                "draw: the same position for the third time (AG-13)".into()
            }
            (EndReason::Rules(R::TwoPasses), Some(_)) => format!(
                "{winner} wins on score, {} (AR-14)",
                self.score_line().unwrap_or_default()
            ),
            (EndReason::Rules(R::TwoPasses), None) => format!(
                "draw: equal scores, {} (AR-14)",
                self.score_line().unwrap_or_default()
            ),
            (EndReason::Resignation, Some(_)) => format!("{winner} wins: {loser} resigned"),
            (EndReason::Agreement, None) => "draw by agreement".into(),
            (EndReason::Time, Some(_)) => {
                format!("{winner} wins on time: {loser} missed the deadline")
            }
            // Endings no path of the service records (a draw by resignation, …), said plainly
            // should the database hold one.
            (reason, Some(_)) => format!("{winner} wins ({reason})"),
            (reason, None) => format!("draw ({reason})"),
        }
    }
}

/// `Agon`, or `Agros 10x10, 5 farmers`.
pub fn title(variant: Variant) -> String {
    match variant {
        Variant::Agon => "Agon".into(),
        Variant::Agros { board, farmers } => {
            format!("Agros {board}x{board}, {farmers} farmers")
        }
    }
}

/// A time in the recipient's zone: `2026-12-01 18:40 CET`. An unknown zone falls back to UTC.
pub fn local_time(t: DateTime<Utc>, timezone: &str) -> String {
    match timezone.parse::<chrono_tz::Tz>() {
        Ok(tz) => t.with_timezone(&tz).format("%Y-%m-%d %H:%M %Z").to_string(),
        Err(_) => t.format("%Y-%m-%d %H:%M UTC").to_string(),
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct SeatView {
    pub name: String,
    pub colour: &'static str,
}

#[derive(Debug, Clone, Serialize)]
pub struct GameView {
    pub id: i64,
    pub title: String,
    pub status: &'static str,
    pub ply: u32,
    pub first: SeatView,
    pub second: SeatView,
    /// The recipient's seat, if they play in this game.
    pub you: Option<SeatView>,
    /// Who acts next, while the game is under way.
    pub to_act: Option<SeatView>,
    pub your_turn: bool,
    /// The deadline of the player to act, in the recipient's zone.
    pub deadline: Option<String>,
    pub board: String,
    /// The last action in canonical notation.
    pub last: Option<String>,
    /// Agros: the score so far.
    pub score: Option<String>,
    pub result: Option<String>,
    pub record: String,
    /// `3 days per move, loss on time`, with the reserves of a time bank.
    pub clock: String,
    /// A missed deadline passes the turn (Agros `timeout pass`) instead of losing the game.
    pub pass_on_time: bool,
    /// The time each action took: `3 k1-j1 1d 2h`.
    pub times: Vec<String>,
    /// A line per player on vacation.
    pub away: Vec<String>,
    /// Actions played.
    pub actions: usize,
    /// From the start to the end of a finished game.
    pub duration: Option<String>,
    pub started: Option<String>,
    pub finished: Option<String>,
    /// The result counts for the players' ratings.
    pub rated: bool,
    /// Not listed among running games and not watchable.
    pub private: bool,
    /// A challenge to anyone that nobody took yet.
    pub open: bool,
    /// An open challenge's rating range in words (`1400 to 1800`, `at least 1500`), if any.
    pub rating_range: Option<String>,
    /// The recipient watches this game and plays in it not.
    pub watching: bool,
}

/// A rating range in words, if it has a bound.
pub(crate) fn range_words(min: Option<i64>, max: Option<i64>) -> Option<String> {
    match (min, max) {
        (Some(a), Some(b)) => Some(format!("{a} to {b}")),
        (Some(a), None) => Some(format!("at least {a}")),
        (None, Some(b)) => Some(format!("at most {b}")),
        (None, None) => None,
    }
}
