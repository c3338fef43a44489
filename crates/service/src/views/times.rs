//! Times in a reader's words: a clock and its timeout policy, the time each action took, spans
//! and durations, a weekly rest, and a moment in the reader's time zone, each in their language.

use agora_i18n::{Arg, Language, tr};
use agora_store::{TimeControl, TimeoutPolicy};
use chrono::{DateTime, Datelike, Duration, Utc};

/// A clock and its timeout policy, in `lang` (a game's, or a tournament's for its games).
pub fn clock_words_in(time_control: TimeControl, timeout: TimeoutPolicy, lang: Language) -> String {
    let control = match time_control {
        TimeControl::PerMove { days } => tr(lang, "clock-per-move", &[("days", days.into())]),
        TimeControl::Bank {
            initial,
            increment,
            max,
        } => tr(
            lang,
            "clock-bank",
            &[
                ("initial", span_in(Duration::seconds(initial), lang).into()),
                (
                    "increment",
                    span_in(Duration::seconds(increment), lang).into(),
                ),
                ("max", span_in(Duration::seconds(max), lang).into()),
            ],
        ),
        TimeControl::Moves { moves, days } => tr(
            lang,
            "clock-moves",
            &[("moves", moves.into()), ("days", days.into())],
        ),
    };
    let key = match timeout {
        TimeoutPolicy::Loss => "clock-loss",
        TimeoutPolicy::Pass => "clock-pass",
    };
    tr(lang, key, &[("control", control.into())])
}

/// The time each action took (`3 k1-j1 1d 2h`), worded when a template first reads it: only the
/// history shows it, and every other text would otherwise pay for a line per action of the game.
#[derive(Debug)]
pub struct Times {
    spent: Vec<(u32, String, i64)>,
    lang: Language,
    lines: std::sync::OnceLock<Vec<minijinja::Value>>,
}

impl Times {
    pub(super) fn of(actions: &[agora_store::PlayedAction], lang: Language) -> minijinja::Value {
        let spent = actions
            .iter()
            .filter_map(|a| a.spent_ms.map(|ms| (a.ply, a.notation.clone(), ms)))
            .collect();
        minijinja::Value::from_object(Times {
            spent,
            lang,
            lines: std::sync::OnceLock::new(),
        })
    }

    /// The lines, worded once.
    pub fn lines(&self) -> &[minijinja::Value] {
        self.lines.get_or_init(|| {
            self.spent
                .iter()
                .map(|(ply, notation, ms)| {
                    let span = span_in(Duration::milliseconds(*ms), self.lang);
                    minijinja::Value::from(format!("{ply} {notation} {span}"))
                })
                .collect()
        })
    }
}

impl minijinja::value::Object for Times {
    fn repr(self: &std::sync::Arc<Self>) -> minijinja::value::ObjectRepr {
        minijinja::value::ObjectRepr::Seq
    }

    fn get_value(self: &std::sync::Arc<Self>, key: &minijinja::Value) -> Option<minijinja::Value> {
        self.lines().get(key.as_usize()?).cloned()
    }

    fn enumerate(self: &std::sync::Arc<Self>) -> minijinja::value::Enumerator {
        minijinja::value::Enumerator::Seq(self.spent.len())
    }

    fn enumerator_len(self: &std::sync::Arc<Self>) -> Option<usize> {
        Some(self.spent.len())
    }
}

/// A short span in `lang`: `3d 2h`, `5h 10m`, `45m` (the form of `crate::clock::span`).
pub fn span_in(d: Duration, lang: Language) -> String {
    let secs = d.num_seconds().max(0);
    let (days, hours, minutes) = (secs / 86_400, secs % 86_400 / 3600, secs % 3600 / 60);
    let args = [
        ("days", Arg::Num(days)),
        ("hours", Arg::Num(hours)),
        ("minutes", Arg::Num(minutes)),
    ];
    let key = match (days, hours, minutes) {
        (0, 0, _) => "span-minutes",
        (0, _, 0) => "span-hours",
        (0, _, _) => "span-hours-minutes",
        (_, 0, _) => "span-days",
        (_, _, _) => "span-days-hours",
    };
    tr(lang, key, &args)
}

/// A duration in words in `lang`, the two largest units: `4 minutes`, `2 hours 10 minutes`,
/// `under a minute` (the words of `crate::clock::duration_words`).
pub fn duration_words_in(d: Duration, lang: Language) -> String {
    let secs = d.num_seconds().max(0);
    let (days, hours, minutes) = (secs / 86_400, secs % 86_400 / 3600, secs % 3600 / 60);
    let unit = |key: &str, name: &'static str, n: i64| tr(lang, key, &[(name, Arg::Num(n))]);
    let two = |first: String, second: String| {
        tr(
            lang,
            "duration-two",
            &[("first", first.into()), ("second", second.into())],
        )
    };
    match (days, hours, minutes) {
        (0, 0, 0) => tr(lang, "duration-under-a-minute", &[]),
        (0, 0, m) => unit("duration-minutes", "minutes", m),
        (0, h, 0) => unit("duration-hours", "hours", h),
        (0, h, m) => two(
            unit("duration-hours", "hours", h),
            unit("duration-minutes", "minutes", m),
        ),
        (d, 0, _) => unit("duration-days", "days", d),
        (d, h, _) => two(
            unit("duration-days", "days", d),
            unit("duration-hours", "hours", h),
        ),
    }
}

/// A time in the recipient's zone, in English: `2026-12-01 18:40 CET` (see [`local_time_in`]).
pub fn local_time(t: DateTime<Utc>, timezone: &str) -> String {
    local_time_in(t, timezone, Language::En)
}

/// A weekly rest in words, in `lang`: `your clock rests at weekends and every night from 23:00
/// to 07:00 (Europe/Amsterdam)`.
pub fn rest_words_in(rest: agora_domain::Rest, timezone: &str, lang: Language) -> String {
    let key = match (rest.weekend, rest.night) {
        (false, None) => "rest-off",
        (true, None) => "rest-weekend",
        (false, Some(_)) => "rest-night",
        (true, Some(_)) => "rest-both",
    };
    let (from, to) = rest.night.unwrap_or_default();
    tr(
        lang,
        key,
        &[
            ("from", format!("{from:02}:00").into()),
            ("to", format!("{to:02}:00").into()),
            ("zone", timezone.into()),
        ],
    )
}

/// A time in the recipient's zone as `lang` writes it: `2026-12-02 14:00 CET` in English,
/// `wo 2 dec 2026 14:00 CET` in Dutch, `ons 2 dec. 2026 14:00 CET` in Swedish. An unknown zone
/// falls back to UTC.
pub fn local_time_in(t: DateTime<Utc>, timezone: &str, lang: Language) -> String {
    let tz: chrono_tz::Tz = timezone.parse().unwrap_or(chrono_tz::UTC);
    let local = t.with_timezone(&tz);
    match lang {
        Language::En => local.format("%Y-%m-%d %H:%M %Z").to_string(),
        Language::Nl | Language::Sv => tr(
            lang,
            "date-time",
            &[
                (
                    "weekday",
                    tr(
                        lang,
                        "weekday-short",
                        &[("day", local.weekday().number_from_monday().into())],
                    )
                    .into(),
                ),
                ("day", local.day().into()),
                (
                    "month",
                    tr(lang, "month-short", &[("month", local.month().into())]).into(),
                ),
                ("year", Arg::Str(local.year().to_string())),
                ("time", local.format("%H:%M").to_string().into()),
                ("zone", local.format("%Z").to_string().into()),
            ],
        ),
    }
}
