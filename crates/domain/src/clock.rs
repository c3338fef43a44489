//! What time it is, for the whole process: [`Clock`]. The binary makes one that reads the
//! system's clock and hands it to the service, which gives it to the front ends; tests make one
//! set to a time of their choosing and move it. Nothing else reads the time of day, so a test
//! that sets the clock sets it for deadlines, leases, arrivals and metrics alike.
//!
//! Only the time of day is here. How long something took is measured with
//! [`std::time::Instant`], which no setting of a clock should change.

use chrono::{DateTime, Duration, Utc};
use std::sync::{Arc, Mutex};

/// A handle on the time of day, cheap to clone; every clone shows the same time.
#[derive(Debug, Clone)]
pub struct Clock {
    /// `None` for the system's clock; else the time it was set to, shared by every clone.
    set: Option<Arc<Mutex<DateTime<Utc>>>>,
}

impl Clock {
    /// The system's clock: the one place where the time of day is read.
    pub fn system() -> Clock {
        Clock { set: None }
    }

    /// A clock that shows `at` until it is set again ([`Clock::set`], [`Clock::advance`]), with
    /// every clone of it.
    pub fn fixed(at: DateTime<Utc>) -> Clock {
        Clock {
            set: Some(Arc::new(Mutex::new(at))),
        }
    }

    /// The time now.
    pub fn now(&self) -> DateTime<Utc> {
        match &self.set {
            None => Utc::now(),
            Some(at) => *at.lock().expect("clock lock"),
        }
    }

    /// Whether this clock was set ([`Clock::fixed`]) rather than reading the system's.
    pub fn is_fixed(&self) -> bool {
        self.set.is_some()
    }

    /// Sets a fixed clock, and every clone of it, to `at`.
    ///
    /// # Panics
    ///
    /// On the system's clock, which nothing sets.
    pub fn set(&self, at: DateTime<Utc>) {
        let set = self.set.as_ref().expect("only a fixed clock is set");
        *set.lock().expect("clock lock") = at;
    }

    /// Moves a fixed clock, and every clone of it, on by `by` (back, if negative).
    ///
    /// # Panics
    ///
    /// On the system's clock, which nothing sets.
    pub fn advance(&self, by: Duration) {
        let set = self.set.as_ref().expect("only a fixed clock is set");
        let mut at = set.lock().expect("clock lock");
        *at = at
            .checked_add_signed(by)
            .unwrap_or(DateTime::<Utc>::MAX_UTC);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fixed_clock_shows_its_time_in_every_clone() {
        let start = DateTime::from_timestamp(1_800_000_000, 0).expect("a time");
        let clock = Clock::fixed(start);
        let clone = clock.clone();
        assert_eq!(clone.now(), start);
        clock.advance(Duration::minutes(5));
        assert_eq!(clone.now(), start + Duration::minutes(5));
        clone.set(start);
        assert_eq!(clock.now(), start);
        assert!(clock.is_fixed() && !Clock::system().is_fixed());
    }

    #[test]
    fn the_system_clock_moves() {
        let clock = Clock::system();
        let before = clock.now();
        assert!(clock.now() >= before);
    }
}
