//! A turn's clock through its player's weekly rest: the hours of each week, in the player's
//! zone, in which the clock does not run. Rest is local time: a night's rest from 23:00 to 07:00
//! lasts 8 hours, or 7 or 9 on the night the zone's clocks change, and the weekend is Saturday
//! 00:00 to Monday 00:00 on the wall, however long that is.

use agora_domain::{Rest, ZonedRest};
use chrono::{DateTime, Datelike, Duration, NaiveDate, TimeZone, Utc, Weekday};
use chrono_tz::Tz;
use std::collections::VecDeque;

/// The weeks a turn's clock runs through.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Week {
    rest: Rest,
    zone: Tz,
}

impl Week {
    /// A clock that runs at every hour.
    pub(crate) const ALWAYS: Week = Week {
        rest: Rest::NONE,
        zone: chrono_tz::UTC,
    };

    /// The weeks of a turn whose player rests in `rest` (`None`: never). A zone that cannot be
    /// read is UTC, as everywhere a zone is shown.
    pub(crate) fn of(rest: Option<&ZonedRest>) -> Week {
        rest.map_or(Week::ALWAYS, |r| Week {
            rest: r.rest,
            zone: r.zone.parse().unwrap_or(chrono_tz::UTC),
        })
    }

    /// The instant at which the clock has run for `work` since `start`.
    pub(crate) fn after(&self, start: DateTime<Utc>, work: Duration) -> DateTime<Utc> {
        let mut at = start;
        let mut left = work.max(Duration::zero());
        // Each week runs at least 5 days less 5 nights of 12 hours: this ends.
        for (from, until) in self.rests_after(start) {
            if from > at {
                let run = from - at;
                if run >= left {
                    return at + left;
                }
                left -= run;
            }
            at = at.max(until);
        }
        at + left
    }

    /// How long the clock ran between `from` and `to`.
    pub(crate) fn worked(&self, from: DateTime<Utc>, to: DateTime<Utc>) -> Duration {
        if to <= from {
            return Duration::zero();
        }
        let mut total = to - from;
        for (a, b) in self.rests_after(from) {
            if a >= to {
                break;
            }
            total -= b.min(to) - a.max(from);
        }
        total
    }

    /// When the clock runs again, if it rests at `now`.
    pub(crate) fn resting_until(&self, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        self.rests_after(now)
            .next()
            .filter(|&(from, _)| from <= now)
            .map(|(_, until)| until)
    }

    /// The rests that end after `from`, joined where they touch or overlap (a Friday night's
    /// rest runs into the weekend's), in order; none for a week without rest.
    fn rests_after(
        &self,
        from: DateTime<Utc>,
    ) -> impl Iterator<Item = (DateTime<Utc>, DateTime<Utc>)> {
        // A weekend is made on its Saturday and a night on the day it starts: begin two days
        // early to hold the ones `from` is inside.
        let day = from.with_timezone(&self.zone).date_naive() - Duration::days(2);
        Rests {
            week: *self,
            day,
            raw: VecDeque::new(),
            joined: None,
        }
        .filter(move |&(_, until)| until > from)
    }

    /// The rests that start on the local `day`, in order.
    fn rests_of(&self, day: NaiveDate) -> impl Iterator<Item = (DateTime<Utc>, DateTime<Utc>)> {
        let weekend = (self.rest.weekend && day.weekday() == Weekday::Sat)
            .then(|| (self.local(day, 0), self.local(day + Duration::days(2), 0)));
        let night = self.rest.night.map(|(start, end)| {
            let end_day = if start > end {
                day + Duration::days(1)
            } else {
                day
            };
            (self.local(day, start), self.local(end_day, end))
        });
        weekend.into_iter().chain(night)
    }

    /// The instant it is `hour`:00 on the local `day`: in a gap of a change of clocks, the first
    /// instant after it; an hour that comes twice, the first time.
    fn local(&self, day: NaiveDate, hour: u8) -> DateTime<Utc> {
        let mut local = day
            .and_hms_opt(hour.into(), 0, 0)
            .expect("an hour of the day");
        loop {
            if let Some(t) = self.zone.from_local_datetime(&local).earliest() {
                return t.with_timezone(&Utc);
            }
            local += Duration::minutes(15);
        }
    }
}

/// The rests of a week, day after day, joined.
struct Rests {
    week: Week,
    /// The next local day whose rests are made.
    day: NaiveDate,
    /// Rests made and not yet joined.
    raw: VecDeque<(DateTime<Utc>, DateTime<Utc>)>,
    /// The rest being joined with the ones after it.
    joined: Option<(DateTime<Utc>, DateTime<Utc>)>,
}

impl Iterator for Rests {
    type Item = (DateTime<Utc>, DateTime<Utc>);

    fn next(&mut self) -> Option<Self::Item> {
        if !self.week.rest.is_some() {
            return None;
        }
        loop {
            // A week without rest is never made: every week has a weekend or nights.
            while self.raw.is_empty() {
                self.raw.extend(self.week.rests_of(self.day));
                self.day = self.day.succ_opt()?;
            }
            let next = self.raw.pop_front()?;
            match self.joined {
                None => self.joined = Some(next),
                Some((a, b)) if next.0 <= b => self.joined = Some((a, b.max(next.1))),
                Some(done) => {
                    self.joined = Some(next);
                    return Some(done);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn week(rest: &str, zone: &str) -> Week {
        Week::of(Some(&ZonedRest {
            rest: rest.parse().expect("a rest"),
            zone: zone.to_owned(),
        }))
    }

    fn at(s: &str) -> DateTime<Utc> {
        s.parse().expect("an instant")
    }

    #[test]
    fn a_weekend_stops_the_clock_from_saturday_to_monday_in_the_players_zone() {
        // Friday 2026-03-06 12:00 in Amsterdam (11:00 UTC), one day of clock time: Friday's
        // afternoon and evening (12 h), then Monday from midnight.
        let w = week("weekend", "Europe/Amsterdam");
        let start = at("2026-03-06T11:00:00Z");
        assert_eq!(
            w.after(start, Duration::days(1)),
            at("2026-03-08T23:00:00Z") + Duration::hours(12)
        );
        assert_eq!(
            w.worked(start, at("2026-03-09T00:00:00Z")),
            Duration::hours(13)
        );
        assert_eq!(
            w.resting_until(at("2026-03-07T10:00:00Z")),
            Some(at("2026-03-08T23:00:00Z"))
        );
        assert_eq!(w.resting_until(start), None);
    }

    #[test]
    fn nights_join_the_weekend_and_follow_a_change_of_clocks() {
        // Europe/Stockholm moves to summer time on Sunday 2026-03-29 at 02:00.
        let w = week("weekend night 23-07", "Europe/Stockholm");
        // Friday 22:00 local (21:00 UTC): an hour, then rest from Friday 23:00 to Monday 07:00
        // local, which is summer time by then (05:00 UTC).
        let start = at("2026-03-27T21:00:00Z");
        let rests: Vec<_> = w.rests_after(start).take(2).collect();
        assert_eq!(
            rests[0],
            (at("2026-03-27T22:00:00Z"), at("2026-03-30T05:00:00Z"))
        );
        assert_eq!(
            rests[1],
            (at("2026-03-30T21:00:00Z"), at("2026-03-31T05:00:00Z"))
        );
        assert_eq!(
            w.after(start, Duration::hours(2)),
            at("2026-03-30T06:00:00Z")
        );
        // A night over the change back to winter time (Sunday 2026-10-25, 03:00 → 02:00) lasts
        // 9 hours.
        let n = week("night 23-07", "Europe/Stockholm");
        let night: Vec<_> = n.rests_after(at("2026-10-24T12:00:00Z")).take(1).collect();
        assert_eq!(night[0].1 - night[0].0, Duration::hours(9));
    }

    #[test]
    fn a_week_without_rest_is_the_wall_clock() {
        let w = Week::ALWAYS;
        let start = at("2026-03-27T21:00:00Z");
        assert_eq!(w.after(start, Duration::days(3)), start + Duration::days(3));
        assert_eq!(
            w.worked(start, start + Duration::hours(5)),
            Duration::hours(5)
        );
        assert_eq!(w.resting_until(start), None);
    }

    #[test]
    fn clock_time_after_and_worked_agree() {
        let w = week("weekend night 22-06", "America/New_York");
        let start = at("2026-10-30T15:30:00Z");
        for hours in [0, 1, 7, 30, 100, 500, 2000] {
            let end = w.after(start, Duration::hours(hours));
            assert_eq!(w.worked(start, end), Duration::hours(hours), "{hours} h");
        }
    }
}
