//! The result of a record: its `Result` tag and the token that ends its actions.

use super::RecordError;
use crate::{Outcome, Seat};
use std::fmt;
use std::str::FromStr;

/// The result of a record, as its `Result` tag and the token that ends its actions write it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ResultToken {
    /// `1-0`: the first seat (White, Light) won.
    FirstWins,
    /// `0-1`: the second seat (Black, Dark) won.
    SecondWins,
    /// `1/2-1/2`: a draw.
    Draw,
    /// `*`: the game is unfinished, or ended without a result (an aborted game).
    Unfinished,
}

impl ResultToken {
    pub const ALL: [ResultToken; 4] = [
        ResultToken::FirstWins,
        ResultToken::SecondWins,
        ResultToken::Draw,
        ResultToken::Unfinished,
    ];

    pub fn code(self) -> &'static str {
        match self {
            ResultToken::FirstWins => "1-0",
            ResultToken::SecondWins => "0-1",
            ResultToken::Draw => "1/2-1/2",
            ResultToken::Unfinished => "*",
        }
    }

    /// The result of an ending by the rules, or `*` for a game still running.
    pub fn of(outcome: Option<Outcome>) -> ResultToken {
        match outcome.map(|o| o.winner) {
            None => ResultToken::Unfinished,
            Some(None) => ResultToken::Draw,
            Some(Some(Seat::First)) => ResultToken::FirstWins,
            Some(Some(Seat::Second)) => ResultToken::SecondWins,
        }
    }

    /// The token exactly as written (no other spelling is accepted, so a record has one form).
    pub(super) fn from_code(text: &str) -> Option<ResultToken> {
        ResultToken::ALL.into_iter().find(|r| r.code() == text)
    }
}

impl fmt::Display for ResultToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for ResultToken {
    type Err = RecordError;
    fn from_str(s: &str) -> Result<ResultToken, RecordError> {
        ResultToken::from_code(s).ok_or_else(|| RecordError::BadResult {
            line: None,
            value: s.to_string(),
        })
    }
}
