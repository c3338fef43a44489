//! What the templates see of a game: a [`GameView`] built for one recipient (their seat, their time
//! zone, their language), with the ASCII board from `agora-render`, the result in words and the
//! Agros score. Every word of it comes from `templates/*/views.ftl` in the recipient's language;
//! the notation of actions is the same in all.
//!
//! The functions named `…_in` take the language; those without it are their English forms, kept
//! for callers that do not know their reader's language yet.
//!
//! It works on a game already replayed ([`Loaded`], from the one replay in `replay.rs`): nothing
//! here replays a game or reads the store.

pub use crate::replay::Loaded;
use agora_i18n::{Arg, Language, tr};
use agora_rules::{AnyPosition, EndReason as R, GameKind, Seat, Variant};
use agora_store::{EndReason, Ending, GameStatus};
use chrono::Duration;
use serde::Serialize;

mod times;
pub use times::{
    Times, clock_words_in, duration_words_in, local_time, local_time_in, rest_words_in, span_in,
};

/// What [`Loaded::view`] computed, by the state and language it was computed for:
/// (ply, finished), language, board, score line.
type Texts = ((u32, bool), Language, String, Option<String>);

/// The texts of the last view of a [`Loaded`] game, one per language asked for; a clone starts
/// empty.
#[derive(Default)]
pub(crate) struct ViewCache(std::sync::Mutex<Vec<Texts>>);

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

    /// A seat's player and colour, in English (see [`Loaded::seat_view_in`]).
    pub fn seat_view(&self, seat: Seat) -> SeatView {
        self.seat_view_in(seat, Language::En)
    }

    /// A seat's player and colour (`white`, `wit`, `vit`) in `lang`.
    pub fn seat_view_in(&self, seat: Seat, lang: Language) -> SeatView {
        SeatView {
            name: self.names[seat.index()].clone(),
            colour: colour(lang, self.kind(), seat),
            seat: self.kind().seat_name(seat),
        }
    }

    /// `alice (white)`, in English (see [`Loaded::who_in`]).
    pub fn who(&self, seat: Seat) -> String {
        self.who_in(seat, Language::En)
    }

    /// `alice (white)`, `alice (wit)`, `alice (vit)`.
    pub fn who_in(&self, seat: Seat, lang: Language) -> String {
        tr(
            lang,
            "view-who",
            &[
                ("name", Arg::Str(self.names[seat.index()].clone())),
                ("colour", colour(lang, self.kind(), seat).into()),
            ],
        )
    }

    /// The ASCII board, in English (see [`Loaded::board_in`]).
    pub fn board(&self) -> String {
        self.board_in(Language::En)
    }

    /// The ASCII board with its words in `lang`. The renderer knows only the position, so for a
    /// game ended by the service (resignation, agreement, time) its status line is replaced by the
    /// ending.
    pub fn board_in(&self, lang: Language) -> String {
        let text = agora_render::ascii(&self.position, self.last.as_ref().map(|(_, a)| *a), lang);
        let service_ending = self
            .game
            .ending
            .as_ref()
            .filter(|_| self.position.outcome().is_none());
        match (service_ending, text.split_once('\n')) {
            (Some(e), Some((_, rest))) => {
                let with_colour = |key: &str, w: Seat| {
                    tr(
                        lang,
                        key,
                        &[("colour", colour(lang, self.kind(), w).into())],
                    )
                };
                let how = match (e.reason, e.winner) {
                    (EndReason::Resignation, Some(w)) => with_colour("view-over-resigned", w),
                    (EndReason::Time, Some(w)) => with_colour("view-over-time", w),
                    (EndReason::Agreement, _) => tr(lang, "view-over-agreement", &[]),
                    (EndReason::Forfeit, Some(w)) => with_colour("view-over-forfeit", w),
                    (reason, _) => reason.code().to_owned(),
                };
                let heading = tr(
                    lang,
                    "view-game-over",
                    &[
                        ("title", title_in(self.game.variant, lang).into()),
                        ("how", how.into()),
                    ],
                );
                format!("{heading}\n{rest}")
            }
            _ => text,
        }
    }

    /// `bob (black)` to act, in English (see [`Loaded::to_act_text_in`]).
    pub fn to_act_text(&self) -> String {
        self.to_act_text_in(Language::En)
    }

    /// `bob (black)` to act, in `lang`.
    pub fn to_act_text_in(&self, lang: Language) -> String {
        self.who_in(self.to_act(), lang)
    }

    /// The clock in English (see [`Loaded::clock_text_in`]).
    pub fn clock_text(&self) -> String {
        self.clock_text_in(Language::En)
    }

    /// The time control, timeout policy and (for a time bank or `moves N in D days`) both
    /// reserves, in `lang`.
    pub fn clock_text_in(&self, lang: Language) -> String {
        let g = &self.game;
        let text = describe_in(g, lang);
        if g.time_control.has_reserve() && g.status.is_open() {
            let reserves: Vec<String> = Seat::BOTH
                .into_iter()
                .map(|s| {
                    tr(
                        lang,
                        "view-reserve",
                        &[
                            ("colour", colour(lang, self.kind(), s).into()),
                            (
                                "left",
                                span_in(Duration::seconds(g.bank[s.index()]), lang).into(),
                            ),
                        ],
                    )
                })
                .collect();
            return tr(
                lang,
                "view-reserves",
                &[
                    ("clock", text.into()),
                    ("reserves", reserves.join(", ").into()),
                ],
            );
        }
        text
    }

    /// The view of this game for the player `viewer` (any player id; a stranger sees no `you`),
    /// with times in `timezone` and words in `lang`, the reader's language: for an answer its
    /// sender's (the command's [`crate::Reader`]), for a notice the recipient's.
    pub fn view(&self, viewer: i64, timezone: &str, lang: Language) -> GameView {
        let g = &self.game;
        let (board, score) = self.board_and_score_in(lang);
        let to_act = (g.status == GameStatus::Active).then(|| self.to_act());
        let away = self.away_lines(to_act, timezone, lang);
        GameView {
            id: g.id,
            title: title_in(g.variant, lang),
            status: g.status.code(),
            ply: g.ply,
            first: self.seat_view_in(Seat::First, lang),
            second: self.seat_view_in(Seat::Second, lang),
            you: g.seat_of(viewer).map(|s| self.seat_view_in(s, lang)),
            to_act: to_act.map(|s| self.seat_view_in(s, lang)),
            your_turn: to_act.is_some_and(|s| g.player_at(s) == viewer),
            deadline: g.deadline_at.map(|d| local_time_in(d, timezone, lang)),
            board,
            last: self.last.as_ref().map(|(before, a)| before.notation(*a)),
            score,
            result: g.ending.as_ref().map(|e| self.result_text_in(e, lang)),
            record: agora_rules::record(
                &self
                    .actions
                    .iter()
                    .map(|a| a.notation.as_str())
                    .collect::<Vec<_>>(),
            ),
            clock: self.clock_text_in(lang),
            pass_on_time: g.timeout == agora_store::TimeoutPolicy::Pass,
            times: Times::of(&self.actions, lang),
            away,
            actions: self.actions.len(),
            duration: match (g.started_at, g.finished_at) {
                (Some(a), Some(b)) => Some(duration_words_in(b - a, lang)),
                _ => None,
            },
            started: g.started_at.map(|t| local_time_in(t, timezone, lang)),
            finished: g.finished_at.map(|t| local_time_in(t, timezone, lang)),
            rated: g.options.rated,
            private: g.options.private,
            open: g.options.open,
            rating_range: range_words_in(g.options.min_rating, g.options.max_rating, lang),
            watching: false,
        }
    }

    /// The board and the score line in `lang`, from the cache when this state was shown in
    /// `lang` before.
    fn board_and_score_in(&self, lang: Language) -> (String, Option<String>) {
        let g = &self.game;
        let key = (g.ply, g.ending.is_some());
        let mut cache = self.cache.0.lock().expect("view cache lock");
        // Texts of another state are stale: a cache holds those of one state, by language.
        cache.retain(|(k, ..)| *k == key);
        match cache.iter().find(|(_, l, ..)| *l == lang) {
            Some((_, _, board, score)) => (board.clone(), score.clone()),
            None => {
                let (board, score) = (self.board_in(lang), self.score_line_in(lang));
                cache.push((key, lang, board.clone(), score.clone()));
                (board, score)
            }
        }
    }

    /// Who is away until when, and whether the seat `to_act` rests, in words in `lang` with
    /// times in `timezone`.
    fn away_lines(&self, to_act: Option<Seat>, timezone: &str, lang: Language) -> Vec<String> {
        Seat::BOTH
            .into_iter()
            .filter_map(|s| {
                self.away[s.index()].map(|until| {
                    tr(
                        lang,
                        "view-away",
                        &[
                            ("name", Arg::Str(self.names[s.index()].clone())),
                            ("until", local_time_in(until, timezone, lang).into()),
                        ],
                    )
                })
            })
            .chain(self.resting.filter(|_| to_act.is_some()).map(|until| {
                let s = self.to_act();
                tr(
                    lang,
                    "view-resting",
                    &[
                        ("name", Arg::Str(self.names[s.index()].clone())),
                        ("until", local_time_in(until, timezone, lang).into()),
                    ],
                )
            }))
            .collect()
    }

    /// The score line in English (see [`Loaded::score_line_in`]).
    pub fn score_line(&self) -> Option<String> {
        self.score_line_in(Language::En)
    }

    /// `light 19, dark 10.5` for Agros (the score so far, AR-14) in `lang`; nothing for Agon.
    pub fn score_line_in(&self, lang: Language) -> Option<String> {
        score_line(&self.position, self.kind(), lang)
    }

    /// The score report in English (see [`Loaded::score_report_in`]).
    pub fn score_report(&self) -> Vec<String> {
        self.score_report_in(Language::En)
    }

    /// The score report of AR-14 in `lang`: one line per field.
    pub fn score_report_in(&self, lang: Language) -> Vec<String> {
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
        // The fields that scored, largest first; those nobody controls summed up in one line.
        let mut scored: Vec<_> = s.fields.iter().filter(|f| f.controller.is_some()).collect();
        scored.sort_by_key(|f| std::cmp::Reverse((f.value, f.squares.len())));
        let mut lines: Vec<String> = scored
            .iter()
            .map(|f| self.field_report_in(f, lang))
            .collect();
        let unscored: Vec<_> = s.fields.iter().filter(|f| f.controller.is_none()).collect();
        if !unscored.is_empty() {
            let squares: usize = unscored.iter().map(|f| f.squares.len()).sum();
            lines.push(tr(
                lang,
                "report-others",
                &[
                    ("fields", unscored.len().into()),
                    ("squares", squares.into()),
                ],
            ));
        }
        lines.push(match s.half_point {
            Some(seat) => tr(
                lang,
                "report-half-point",
                &[("colour", colour(lang, self.kind(), seat).into())],
            ),
            None => tr(lang, "report-half-point-nobody", &[]),
        });
        lines
    }

    /// One field that scored, for the final report in `lang`: its squares (a big field by its
    /// first ones), each side's harvests beside it, and who controls it for how much.
    fn field_report_in(&self, f: &agora_rules::agros::Field, lang: Language) -> String {
        let list = |h: &[u8]| {
            format!(
                "[{}]",
                h.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
            )
        };
        // A big field is named by its first squares: the size says the rest.
        let mut squares: Vec<String> = f.squares.iter().take(6).map(|q| q.to_string()).collect();
        if f.squares.len() > 6 {
            squares.push("...".into());
        }
        let result = match f.controller {
            Some(c) => tr(
                lang,
                "report-controller",
                &[
                    ("colour", colour(lang, self.kind(), c).into()),
                    ("value", decimal(f.value.to_string(), lang).into()),
                ],
            ),
            None => tr(lang, "report-nobody", &[]),
        };
        tr(
            lang,
            "report-field",
            &[
                ("squares", squares.join(" ").into()),
                ("count", f.squares.len().into()),
                (
                    "light_colour",
                    colour(lang, self.kind(), Seat::First).into(),
                ),
                ("light", list(&f.harvests[0]).into()),
                (
                    "dark_colour",
                    colour(lang, self.kind(), Seat::Second).into(),
                ),
                ("dark", list(&f.harvests[1]).into()),
                ("result", result.into()),
            ],
        )
    }

    /// The ending in English (see [`Loaded::result_text_in`]).
    pub fn result_text(&self, e: &Ending) -> String {
        self.result_text_in(e, Language::En)
    }

    /// The ending in words in `lang`, naming the ruling.
    pub fn result_text_in(&self, e: &Ending, lang: Language) -> String {
        let (winner, loser) = match e.winner {
            Some(w) => (self.who_in(w, lang), self.who_in(w.other(), lang)),
            None => (String::new(), String::new()),
        };
        let score = || Arg::Str(self.score_line_in(lang).unwrap_or_default());
        let key = match (e.reason, e.winner) {
            (EndReason::Rules(R::Throne), Some(_)) => "result-throne",
            (EndReason::Rules(R::RingWithoutQueen), Some(_)) => "result-ring",
            (EndReason::Rules(R::NoLegalAction), Some(_)) => "result-no-action",
            (EndReason::Rules(R::Repetition), _) => "result-repetition",
            (EndReason::Rules(R::TwoPasses), Some(_)) => "result-score-win",
            (EndReason::Rules(R::TwoPasses), None) => "result-score-draw",
            (EndReason::Resignation, Some(_)) => "result-resigned",
            (EndReason::Agreement, None) => "result-agreement",
            (EndReason::Time, Some(_)) => "result-time",
            (EndReason::Forfeit, Some(_)) => "result-forfeit",
            // Endings no path of the service records (a draw by resignation, …), said plainly
            // should the database hold one.
            (_, Some(_)) => "result-other-win",
            (_, None) => "result-other-draw",
        };
        tr(
            lang,
            key,
            &[
                ("winner", winner.into()),
                ("loser", loser.into()),
                ("score", score()),
                ("reason", e.reason.to_string().into()),
            ],
        )
    }
}

/// A seat's colour within a sentence in `lang`: `white`, `wit`, `vit`.
pub fn colour(lang: Language, kind: GameKind, seat: Seat) -> String {
    tr(lang, "colour", &[("seat", kind.seat_name(seat).into())])
}

/// A number written with a decimal point (`10.5`) as `lang` writes it (`10,5`).
/// The final score line of an Agros position in `lang` (`None` for Agon): each side's colour
/// and total, with the language's decimal sign.
pub(crate) fn score_line(position: &AnyPosition, kind: GameKind, lang: Language) -> Option<String> {
    let AnyPosition::Agros(p) = position else {
        return None;
    };
    let s = p.score();
    let total = |seat| decimal(s.total(seat).to_string(), lang);
    Some(tr(
        lang,
        "view-score",
        &[
            ("light_colour", colour(lang, kind, Seat::First).into()),
            ("light", total(Seat::First).into()),
            ("dark_colour", colour(lang, kind, Seat::Second).into()),
            ("dark", total(Seat::Second).into()),
        ],
    ))
}

fn decimal(number: String, lang: Language) -> String {
    match lang {
        Language::En => number,
        Language::Nl | Language::Sv => number.replace('.', ","),
    }
}

/// `Agon`, or `Agros 10x10, 5 farmers`, in English (see [`title_in`]).
pub fn title(variant: Variant) -> String {
    title_in(variant, Language::En)
}

/// `Agon`, or `Agros 10x10, 5 farmers` (`5 boeren`, `5 bönder`) in `lang`.
pub fn title_in(variant: Variant, lang: Language) -> String {
    match variant {
        Variant::Agon => "Agon".into(),
        Variant::Agros { board, farmers } => tr(
            lang,
            "agros-title",
            &[("board", board.into()), ("farmers", farmers.into())],
        ),
    }
}

/// The time control and timeout policy in words in `lang`: `3 days per move, loss on time`
/// (the words of `crate::clock::describe`).
pub fn describe_in(game: &agora_store::Game, lang: Language) -> String {
    clock_words_in(game.time_control, game.timeout, lang)
}

#[derive(Debug, Clone, Serialize)]
pub struct SeatView {
    pub name: String,
    /// The seat's colour in the reader's language: `white`, `wit`, `vit`.
    pub colour: String,
    /// The seat's colour as the rules name it (`white`, `dark`), the same in every language.
    #[serde(skip)]
    pub seat: &'static str,
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
    /// The time each action took: `3 k1-j1 1d 2h`, a list worded only when a template reads it.
    pub times: minijinja::Value,
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

/// A rating range in words in `lang`, if it has a bound: `1400 to 1800`, `at least 1500`.
pub(crate) fn range_words_in(min: Option<i64>, max: Option<i64>, lang: Language) -> Option<String> {
    let key = match (min, max) {
        (Some(_), Some(_)) => "view-range-both",
        (Some(_), None) => "view-range-min",
        (None, Some(_)) => "view-range-max",
        (None, None) => return None,
    };
    let mut args = Vec::new();
    if let Some(a) = min {
        args.push(("min", Arg::Str(a.to_string())));
    }
    if let Some(b) = max {
        args.push(("max", Arg::Str(b.to_string())));
    }
    Some(tr(lang, key, &args))
}
