//! The clock's columns, as games and tournaments both keep them: `days_per_move`,
//! `bank_initial`, `bank_increment`, `bank_max`, `period_moves` and `timeout_policy`.

use crate::{Result, StoreError};
use agora_domain::{TimeControl, TimeoutPolicy};

/// A time control as its columns hold it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ClockColumns {
    pub days_per_move: i64,
    pub bank_initial: Option<i64>,
    pub bank_increment: Option<i64>,
    pub bank_max: Option<i64>,
    pub period_moves: Option<i64>,
}

impl ClockColumns {
    pub fn of(control: TimeControl) -> ClockColumns {
        let none = ClockColumns {
            days_per_move: 0,
            bank_initial: None,
            bank_increment: None,
            bank_max: None,
            period_moves: None,
        };
        match control {
            TimeControl::PerMove { days } => ClockColumns {
                days_per_move: i64::from(days),
                ..none
            },
            TimeControl::Bank {
                initial,
                increment,
                max,
            } => ClockColumns {
                bank_initial: Some(initial),
                bank_increment: Some(increment),
                bank_max: Some(max),
                ..none
            },
            TimeControl::Moves { moves, days } => ClockColumns {
                days_per_move: i64::from(days),
                period_moves: Some(i64::from(moves)),
                ..none
            },
        }
    }

    pub fn control(self) -> TimeControl {
        match (self.bank_initial, self.bank_increment, self.bank_max) {
            _ if self.period_moves.is_some() => TimeControl::Moves {
                moves: self.period_moves.unwrap_or(1) as u32,
                days: self.days_per_move as u32,
            },
            (Some(initial), Some(increment), Some(max)) => TimeControl::Bank {
                initial,
                increment,
                max,
            },
            _ => TimeControl::PerMove {
                days: self.days_per_move as u32,
            },
        }
    }
}

/// The timeout policy of `code`; `whose` names the row for the error.
pub(crate) fn timeout_policy(code: &str, whose: &str) -> Result<TimeoutPolicy> {
    match code {
        "loss" => Ok(TimeoutPolicy::Loss),
        "pass" => Ok(TimeoutPolicy::Pass),
        other => Err(StoreError::Corrupt(format!(
            "timeout policy of {whose}: `{other}`"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_time_control_comes_back_from_its_columns() {
        for control in [
            TimeControl::PerMove { days: 3 },
            TimeControl::Bank {
                initial: 86_400 * 7,
                increment: 86_400,
                max: 86_400 * 14,
            },
            TimeControl::Moves {
                moves: 10,
                days: 30,
            },
        ] {
            assert_eq!(ClockColumns::of(control).control(), control);
        }
    }

    #[test]
    fn an_unknown_timeout_policy_is_corrupt() {
        assert!(timeout_policy("loss", "game 1").is_ok());
        assert!(matches!(
            timeout_policy("draw", "game 1"),
            Err(StoreError::Corrupt(_))
        ));
    }
}
