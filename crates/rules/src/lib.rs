//! The rules of Agon and Agros: positions, actions, legality, outcome, notation and scoring.
//!
//! This crate is pure: no I/O, no clock, no async, no randomness. Everything a front end, the store,
//! the renderer or the computer opponent knows about the games comes from here.
//!
//! Each game has its own module ([`agon`], [`agros`]) with a position type whose only way in from
//! untrusted text is a checked constructor (`FromStr`), so a value of the type is always a legal
//! position. [`GameKind`], [`AnyPosition`] and [`AnyAction`] put both games behind one small surface
//! for code that must handle either (the store keeps them as stable text codes).
//!
//! # Position text
//!
//! Both games have a one-line text form that round-trips through `Display` and `FromStr` (and serde,
//! which uses the same text).
//!
//! **Agon**: the eleven rows from `k` (top) down to `a`, separated by `/`; within a row the cells from
//! number 1 on: `Q`/`G` a white queen/guard, `q`/`g` a black queen/guard, a `*` after a piece marks it
//! captured, a number counts empty cells. Then a space and the side to act, `w` or `b`. The start:
//!
//! ```
//! use agora_rules::agon::Position;
//! let start = Position::start();
//! assert_eq!(start.to_string(), "Q1g1G1/6g/g7/9/G8G/11/g8g/9/7G/G6/1g1G1q w");
//! assert_eq!(start.to_string().parse::<Position>().unwrap(), start);
//! ```
//!
//! The text holds no history, so a position read from text starts its repetition count (AG-13) anew.
//!
//! **Agros**: the ranks from the top down, separated by `/`; each square is `.` (empty), `l`/`d` (a
//! loose Light/Dark seed) or `L`/`D` followed by the harvest (a Light/Dark farmer stack). Then the side
//! to act (`l` or `d`), the number of farmers each side has (`n5`), and the phase: `o1`…`oN+1` for the
//! opening turn about to be played, `m` in the movement phase, `m+` when the last action was a pass.
//! Ten ranks make a 10×10 board; 5 to 12 are accepted.
//!
//! ```
//! use agora_rules::agros::Position;
//! let p: Position = "....L1./....../....../....../....../D1.D1... l n3 o3".parse().unwrap();
//! assert_eq!(p.to_string().parse::<Position>().unwrap(), p);
//! ```

pub mod agon;
pub mod agros;
mod any;
mod error;
pub mod record;

pub use any::{AnyAction, AnyPosition, GameKind, ReplayError, Variant, VariantError, record};
pub use error::{
    ActionError, IllegalAction, NotationError, PieceName, PlacementHint, Side, SquareError,
};
pub use record::{Comment, Record, RecordError, ResultToken};

use serde::{Deserialize, Serialize};

/// One of the two seats at the board. The first seat acts first: White in Agon, Light in Agros.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    First,
    Second,
}

impl Seat {
    pub const BOTH: [Seat; 2] = [Seat::First, Seat::Second];

    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

/// Why a game ended by its rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// AG-11: queen on the throne, ring 1 full of her guards.
    Throne,
    /// AG-11: ring 1 full of a player's guards without their queen on the throne.
    RingWithoutQueen,
    /// AG-12: the player to act had no legal action.
    NoLegalAction,
    /// AG-13: the third occurrence of a position.
    Repetition,
    /// AR-9: a pass directly after the opponent's pass; the result follows from the score.
    TwoPasses,
}

impl EndReason {
    /// The stable code used in text and JSON (`ring-without-queen`, …).
    pub fn code(self) -> &'static str {
        match self {
            EndReason::Throne => "throne",
            EndReason::RingWithoutQueen => "ring-without-queen",
            EndReason::NoLegalAction => "no-legal-action",
            EndReason::Repetition => "repetition",
            EndReason::TwoPasses => "two-passes",
        }
    }
}

/// How a finished game ended: the winner (`None` for a draw) and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Option<Seat>,
    pub reason: EndReason,
}

impl Outcome {
    pub fn is_draw(&self) -> bool {
        self.winner.is_none()
    }
}

/// Why a position text was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid position: {0}")]
pub struct PositionError(pub String);
