//! Why an action could not be read or is not legal: one variant per mistake, with its values as
//! fields, so a front end can word it in any language. `Display` gives the English sentence.
//!
//! The syntax mistakes live in `notation`, the rules' refusals in `illegal`; this module holds what
//! both use (the two kinds together, the sides and the pieces by name).

mod illegal;
mod notation;

pub use illegal::{IllegalAction, PlacementHint};
pub use notation::{NotationError, SquareError};

use crate::Seat;
use std::fmt;

/// Why a text could not be read as an action (syntax), or why a readable action is not legal here.
///
/// The two kinds are kept apart so a person hears exactly what is wrong: a typo is not the same
/// mistake as a move the rules forbid.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    #[error("{0}")]
    Unreadable(NotationError),
    #[error("{0}")]
    Illegal(IllegalAction),
}

impl ActionError {
    pub fn is_unreadable(&self) -> bool {
        matches!(self, ActionError::Unreadable(_))
    }
}

impl From<NotationError> for ActionError {
    fn from(e: NotationError) -> ActionError {
        ActionError::Unreadable(e)
    }
}

impl From<IllegalAction> for ActionError {
    fn from(e: IllegalAction) -> ActionError {
        ActionError::Illegal(e)
    }
}

/// A side, by the name its game gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    White,
    Black,
    Light,
    Dark,
}

impl Side {
    pub fn agon(seat: Seat) -> Side {
        match seat {
            Seat::First => Side::White,
            Seat::Second => Side::Black,
        }
    }

    pub fn agros(seat: Seat) -> Side {
        match seat {
            Seat::First => Side::Light,
            Seat::Second => Side::Dark,
        }
    }

    /// The English word, lower case: `white`, `black`, `light`, `dark`.
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
            Side::Light => "light",
            Side::Dark => "dark",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece of either game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PieceName {
    Queen,
    Guard,
    Farmer,
    Seed,
}

impl PieceName {
    /// The English word: `queen`, `guard`, `farmer`, `seed`.
    pub fn name(self) -> &'static str {
        match self {
            PieceName::Queen => "queen",
            PieceName::Guard => "guard",
            PieceName::Farmer => "farmer",
            PieceName::Seed => "seed",
        }
    }
}

impl fmt::Display for PieceName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `a, b, c`.
pub fn join<T: fmt::Display>(items: &[T]) -> String {
    items
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
