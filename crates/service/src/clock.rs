//! Game clocks: the deadline of the player to act, time banks, reminder points, the one due time
//! the scheduler sweeps, and the daily digest's next hour in a player's zone.
//!
//! A turn's clock starts when the turn begins, or when the vacation of the player to act ends if
//! they are away; a vacation taken during the turn moves the start later by its length (and
//! `vacation end` moves it back by what was left). The clock then runs except in the weekly rest
//! of the player to act ([`rest::Week`]), as it was when the turn started. The deadline is the
//! instant the clock has run for the allowance (the days per move, or the seat's reserve), and
//! later by the grace of a turn whose player was not warned in time. Times are absolute
//! instants: "3 days" is 72 hours of clock time, whatever the clocks on the wall do in between.

mod rest;

pub(crate) use rest::Week;

use agora_domain::ZonedRest;
use agora_rules::Seat;
use agora_store::{Game, TimeControl, TimeoutPolicy};
use chrono::{DateTime, Duration, NaiveTime, TimeZone, Utc};

/// The seat to act in a running game: both games alternate strictly from the first seat.
pub(crate) fn seat_to_act(game: &Game) -> Seat {
    if game.ply.is_multiple_of(2) {
        Seat::First
    } else {
        Seat::Second
    }
}

/// The time a seat has for its turn, counted from the clock's start.
fn allowance(game: &Game, seat: Seat) -> Duration {
    match game.time_control {
        TimeControl::PerMove { days } => Duration::days(days.into()),
        TimeControl::Bank { .. } | TimeControl::Moves { .. } => {
            Duration::seconds(game.bank[seat.index()].max(0))
        }
    }
}

/// Starts the clock of the seat to act: at `now`, or when its player's vacation ends; it runs
/// outside `rest`, that player's weekly rest, for the whole turn.
pub(crate) fn start_turn(
    game: &mut Game,
    away_until: Option<DateTime<Utc>>,
    rest: Option<ZonedRest>,
    now: DateTime<Utc>,
    reminders: Reminders<'_>,
) {
    game.turn_started_at = Some(away_until.map_or(now, |u| u.max(now)));
    game.turn_rest = rest.filter(|r| r.rest.is_some());
    game.reminder_stage = 0;
    game.reminded_at = None;
    schedule(game, reminders);
}

/// Moves the clock of the player to act by `shift` (a vacation starting, or ending early).
pub(crate) fn shift_turn(game: &mut Game, shift: Duration, reminders: Reminders<'_>) {
    if let Some(start) = game.turn_started_at {
        game.turn_started_at = Some(start + shift);
        schedule(game, reminders);
    }
}

/// Stops the clock (the game is over).
pub(crate) fn stop(game: &mut Game) {
    game.deadline_at = None;
    game.due_at = None;
}

/// The weeks the clock of the turn under way runs through.
pub(crate) fn week(game: &Game) -> Week {
    Week::of(game.turn_rest.as_ref())
}

/// How far the deadline of the turn under way was moved because its player was not warned in
/// time (see `Service::unwarned`).
fn grace(game: &Game) -> Duration {
    if game.grace_ply == Some(game.ply) {
        Duration::seconds(game.grace_seconds)
    } else {
        Duration::zero()
    }
}

/// How long the clock of the player to act has run so far: never in their rest, nor before it
/// started (a clock paused by a vacation has not).
pub(crate) fn spent(game: &Game, now: DateTime<Utc>) -> Duration {
    game.turn_started_at
        .map_or(Duration::zero(), |s| week(game).worked(s, now))
}

/// Books the action of `seat` at ply `game.ply` (before it is counted) into its reserve: the
/// time spent comes off; a time bank's increment goes on, never above the cap; `moves N in D
/// days` adds D days when the action ends a period of N of the seat's actions.
pub(crate) fn charge(game: &mut Game, seat: Seat, spent: Duration) {
    let left = (game.bank[seat.index()] - spent.num_seconds()).max(0);
    match game.time_control {
        TimeControl::PerMove { .. } => {}
        TimeControl::Bank { increment, max, .. } => {
            game.bank[seat.index()] = (left + increment).min(max);
        }
        TimeControl::Moves { moves, days } => {
            // Both games alternate strictly: this is the seat's action number `ply / 2 + 1`.
            let done = game.ply / 2 + 1;
            let more = if done.is_multiple_of(moves.max(1)) {
                i64::from(days) * 86_400
            } else {
                0
            };
            game.bank[seat.index()] = left + more;
        }
    }
}

/// When the player to act is reminded in a turn: at each of `hours` before the deadline and, with
/// `half`, when half of the turn's time is gone.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Reminders<'a> {
    pub hours: &'a [u32],
    pub half: bool,
}

/// The reminder points of this turn not yet passed, as (index, instant), in order: each an
/// instant at which the clock has that much time left (it rests as the deadline does).
fn reminder_points(game: &Game, reminders: Reminders<'_>) -> Vec<(u32, DateTime<Utc>)> {
    let Some(start) = game.turn_started_at else {
        return Vec::new();
    };
    let allowance = allowance(game, seat_to_act(game));
    let (week, grace) = (week(game), grace(game));
    // The clock time run at each point: a point at or before the clock's start would remind at
    // once (the turn is shorter than that point), so it is skipped, but keeps its number.
    let mut points: Vec<Duration> = reminders
        .hours
        .iter()
        .filter(|&&h| h > 0)
        .map(|&h| allowance - Duration::hours(h.into()))
        .collect();
    if reminders.half {
        points.push(allowance / 2);
    }
    let mut points: Vec<(Duration, DateTime<Utc>)> = points
        .into_iter()
        .map(|run| {
            let at = if run > Duration::zero() {
                week.after(start, run)
            } else {
                start + run
            };
            (run, at + grace)
        })
        .collect();
    points.sort_unstable_by_key(|&(_, at)| at);
    // Points within a minute of each other are one reminder.
    points.dedup_by(|later, earlier| later.1 - earlier.1 < Duration::minutes(1));
    points
        .into_iter()
        .enumerate()
        .map(|(i, (run, at))| (i as u32, run, at))
        .filter(|&(i, run, _)| i >= game.reminder_stage && run > Duration::zero())
        .map(|(i, _, at)| (i, at))
        .collect()
}

/// The reminders of the turn under way still to come after `now`.
pub(crate) fn reminders_ahead(
    game: &Game,
    now: DateTime<Utc>,
    reminders: Reminders<'_>,
) -> Vec<DateTime<Utc>> {
    reminder_points(game, reminders)
        .into_iter()
        .map(|(_, at)| at)
        .filter(|&at| at > now)
        .collect()
}

/// Recomputes the deadline and the due time from the clock's start and the reminder progress.
pub(crate) fn schedule(game: &mut Game, reminders: Reminders<'_>) {
    let Some(start) = game.turn_started_at else {
        stop(game);
        return;
    };
    let deadline = week(game).after(start, allowance(game, seat_to_act(game))) + grace(game);
    game.deadline_at = Some(deadline);
    game.due_at = Some(
        reminder_points(game, reminders)
            .first()
            .map_or(deadline, |&(_, at)| at),
    );
}

/// What the scheduler finds when a game is due.
pub(crate) enum Due {
    /// The deadline has passed.
    Timeout,
    /// Remind the player to act; `stage` is the reminder progress after it.
    Remind { stage: u32 },
    /// Nothing (the player acted since the game was selected).
    Nothing,
}

/// What is due in `game` at `now`. Of several reminder points passed at once (the service was
/// down), only the latest is sent.
pub(crate) fn due(game: &Game, now: DateTime<Utc>, hours: Reminders<'_>) -> Due {
    let Some(deadline) = game.deadline_at else {
        return Due::Nothing;
    };
    if deadline <= now {
        return Due::Timeout;
    }
    match reminder_points(game, hours)
        .into_iter()
        .rfind(|&(_, at)| at <= now)
    {
        Some((i, _)) => Due::Remind { stage: i + 1 },
        None => Due::Nothing,
    }
}

/// `2d 4h`, `5h 10m`, `12m`: a duration for people.
pub fn span(d: Duration) -> String {
    let secs = d.num_seconds().max(0);
    let (days, hours, minutes) = (secs / 86_400, secs % 86_400 / 3600, secs % 3600 / 60);
    match (days, hours, minutes) {
        (0, 0, m) => format!("{m}m"),
        (0, h, 0) => format!("{h}h"),
        (0, h, m) => format!("{h}h {m}m"),
        (d, 0, _) => format!("{d}d"),
        (d, h, _) => format!("{d}d {h}h"),
    }
}

/// A duration in words, for sentences: `4 minutes`, `2 hours 10 minutes`, `3 days 4 hours`,
/// `under a minute`. The two largest units only: a game's length needs no seconds.
pub fn duration_words(d: Duration) -> String {
    let secs = d.num_seconds().max(0);
    let (days, hours, minutes) = (secs / 86_400, secs % 86_400 / 3600, secs % 3600 / 60);
    let unit = |n: i64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    match (days, hours, minutes) {
        (0, 0, 0) => "under a minute".to_owned(),
        (0, 0, m) => unit(m, "minute", "minutes"),
        (0, h, 0) => unit(h, "hour", "hours"),
        (0, h, m) => format!(
            "{} {}",
            unit(h, "hour", "hours"),
            unit(m, "minute", "minutes")
        ),
        (d, 0, _) => unit(d, "day", "days"),
        (d, h, _) => format!("{} {}", unit(d, "day", "days"), unit(h, "hour", "hours")),
    }
}

/// The time control and timeout policy in words: `3 days per move, loss on time`.
pub fn describe(game: &Game) -> String {
    let control = match game.time_control {
        TimeControl::PerMove { days: 1 } => "1 day per move".to_owned(),
        TimeControl::PerMove { days } => format!("{days} days per move"),
        TimeControl::Bank {
            initial,
            increment,
            max,
        } => format!(
            "time bank {}+{} max {}",
            span(Duration::seconds(initial)),
            span(Duration::seconds(increment)),
            span(Duration::seconds(max))
        ),
        TimeControl::Moves { moves, days } => format!("{moves} moves in {days} days"),
    };
    let policy = match game.timeout {
        TimeoutPolicy::Loss => "loss on time",
        TimeoutPolicy::Pass => "auto-pass on time",
    };
    format!("{control}, {policy}")
}

/// The next instant after `now` at which it is `hour`:00 in `zone`. An hour skipped by a
/// daylight-saving change falls on the first instant after the gap; a repeated hour is taken the
/// first time.
pub(crate) fn next_local_hour(hour: u32, zone: &str, now: DateTime<Utc>) -> DateTime<Utc> {
    let tz: chrono_tz::Tz = zone.parse().unwrap_or(chrono_tz::UTC);
    let time = NaiveTime::from_hms_opt(hour.min(23), 0, 0).expect("valid hour");
    let mut day = now.with_timezone(&tz).date_naive();
    loop {
        let local = day.and_time(time);
        let at = match tz.from_local_datetime(&local) {
            chrono::LocalResult::Single(t) => t.with_timezone(&Utc),
            chrono::LocalResult::Ambiguous(a, _) => a.with_timezone(&Utc),
            // In a gap: the hour after.
            chrono::LocalResult::None => tz
                .from_local_datetime(&(local + Duration::hours(1)))
                .earliest()
                .map_or(now + Duration::days(1), |t| t.with_timezone(&Utc)),
        };
        if at > now {
            return at;
        }
        day = day.succ_opt().expect("date in range");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_read_naturally() {
        assert_eq!(span(Duration::days(7)), "7d");
        assert_eq!(span(Duration::hours(30)), "1d 6h");
        assert_eq!(span(Duration::minutes(130)), "2h 10m");
        assert_eq!(span(Duration::seconds(59)), "0m");
        assert_eq!(duration_words(Duration::seconds(59)), "under a minute");
        assert_eq!(duration_words(Duration::minutes(4)), "4 minutes");
        assert_eq!(duration_words(Duration::minutes(61)), "1 hour 1 minute");
        assert_eq!(duration_words(Duration::hours(26)), "1 day 2 hours");
        assert_eq!(duration_words(Duration::days(3)), "3 days");
    }

    #[test]
    fn the_digest_hour_follows_the_zone_across_a_change_of_clocks() {
        let now: DateTime<Utc> = "2026-10-24T12:00:00Z".parse().unwrap();
        // 08:00 in Berlin is 06:00 UTC in summer time and 07:00 UTC after 25 October.
        let first = next_local_hour(8, "Europe/Berlin", now);
        assert_eq!(first.to_rfc3339(), "2026-10-25T07:00:00+00:00");
        let before: DateTime<Utc> = "2026-10-23T12:00:00Z".parse().unwrap();
        assert_eq!(
            next_local_hour(8, "Europe/Berlin", before).to_rfc3339(),
            "2026-10-24T06:00:00+00:00"
        );
        // 02:30 does not exist on 29 March 2026 in Berlin: the digest comes at 03:00 CEST.
        let spring: DateTime<Utc> = "2026-03-28T12:00:00Z".parse().unwrap();
        assert_eq!(
            next_local_hour(2, "Europe/Berlin", spring).to_rfc3339(),
            "2026-03-29T01:00:00+00:00"
        );
    }
}
