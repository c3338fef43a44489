//! Why a text cannot be read as an action (AG-15, AR-16) or as an Agros square: the syntax
//! mistakes, kept apart from the rules' refusals.

use crate::agon::{Cell, CellError};
use std::fmt;

/// How to write an Agon action (AG-15).
pub const AGON_HOW: &str = "write a step as from-to (k1-j1) or a return as from=to (b7=f6)";
/// How to write an Agros action (AR-16).
pub const AGROS_HOW: &str =
    "write a placement (e5 or c3,h8), a harvest (e5-e7), a sow (e6=e8) or pass";

/// Why a text is not an Agros square name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SquareError {
    /// Not shaped like a square name.
    Malformed(String),
    /// Shaped like one, but off the `size`×`size` board.
    OffBoard { text: String, size: usize },
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SquareError::Malformed(t) => write!(
                f,
                "`{t}` is not a square: a square is a file letter and a rank number, like e5"
            ),
            SquareError::OffBoard { text, size } => write!(
                f,
                "`{text}` is not on this {size}×{size} board: squares run from a1 to {}{size}",
                last_file(*size)
            ),
        }
    }
}

impl std::error::Error for SquareError {}

/// The last file letter of a `size`×`size` board.
pub fn last_file(size: usize) -> char {
    (b'a' + size as u8 - 1) as char
}

/// Why a text cannot be read as an action (AG-15, AR-16). `text` fields hold the text as given,
/// trimmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotationError {
    /// Agon: nothing given.
    AgonEmpty,
    /// Agon: `pass`.
    AgonPass,
    /// Agon: two cell names without `-` or `=`.
    AgonNoSeparator {
        text: String,
        from: String,
        to: String,
    },
    /// Agon: not an action at all.
    AgonUnreadable { text: String },
    /// Agon: more than one separator.
    AgonSeparators { text: String },
    /// Agon: a return with an `x` part.
    ReturnCaptures { from: Cell, to: Cell },
    /// Agon: an `x` with no cell after it.
    EndsInX { text: String },
    /// Agon: a cell name that is not one.
    Cell(CellError),
    /// Agros: nothing given.
    AgrosEmpty,
    /// Agros: `harvest`/`sow` not followed by two words.
    VerbForm { text: String, sowing: bool },
    /// Agros: not an action at all.
    AgrosUnreadable { text: String },
    /// Agros: more than one separator.
    AgrosSeparators { text: String },
    /// Agros: a square name that is not one.
    Square(SquareError),
    /// Agros: the target of `harvest`/`sow` is neither a square nor a direction.
    SquareOrDirection(SquareError),
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use NotationError::*;
        match self {
            AgonEmpty => write!(f, "no action given: {AGON_HOW}"),
            AgonPass => write!(
                f,
                "there is no passing in Agon: every turn is a step or a return (AG-5)"
            ),
            AgonNoSeparator { text, from, to } => write!(
                f,
                "`{text}` has no separator: write {from}-{to} for a step or {from}={to} for a return"
            ),
            AgonUnreadable { text } => write!(f, "cannot read `{text}`: {AGON_HOW}"),
            AgonSeparators { text } => write!(
                f,
                "cannot read `{text}`: an action has one separator, - or =; {AGON_HOW}"
            ),
            ReturnCaptures { from, to } => write!(
                f,
                "a return never captures: write {from}={to} without an x part"
            ),
            EndsInX { text } => write!(
                f,
                "`{text}` ends in x without a cell: name the captured pieces (a5-a6xb7) or leave the x part out"
            ),
            Cell(e) => write!(f, "{e}"),
            AgrosEmpty => write!(f, "no action given: {AGROS_HOW}"),
            VerbForm { text, sowing } => {
                let verb = if *sowing { "sow" } else { "harvest" };
                write!(
                    f,
                    "cannot read `{text}`: write {verb} <from> <to>, like {verb} e5 e7, or {verb} <from> <direction>, like {verb} e5 n"
                )
            }
            AgrosUnreadable { text } => write!(f, "cannot read `{text}`: {AGROS_HOW}"),
            AgrosSeparators { text } => write!(
                f,
                "cannot read `{text}`: an action has one separator, - or =; {AGROS_HOW}"
            ),
            Square(e) => write!(f, "{e}"),
            SquareOrDirection(e) => write!(f, "{e} (or give a direction: n ne e se s sw w nw)"),
        }
    }
}

impl std::error::Error for NotationError {}
