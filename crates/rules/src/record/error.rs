//! What is wrong with a record text, a change to a record, or the game it holds.

use super::{MAX_ACTION_CHARS, MAX_ACTIONS, MAX_RECORD_BYTES, MAX_TAG_VALUE_CHARS, ResultToken};
use crate::ActionError;

/// What is wrong with a record text, or with a change to a record, or with the game it holds.
///
/// Every error about a text names the line; an error about an action also names its number
/// (counted from 1 over all actions, as the service's `history` counts plies) and says whether the
/// action could not be read or is not legal where it stands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error(
        "the record is {size} bytes long: records of at most {MAX_RECORD_BYTES} bytes (1 MB) are read"
    )]
    TooLarge { size: usize },
    #[error("line {line}: the record holds more than {MAX_ACTIONS} actions")]
    TooManyActions { line: usize },
    /// A tag pair that is not `[Name "value"]`.
    #[error("line {line}: {message}")]
    BadTag { line: usize, message: String },
    #[error("line {line}: the value of tag {name} is longer than {MAX_TAG_VALUE_CHARS} characters")]
    TagTooLong { line: usize, name: String },
    #[error("line {line}: tag {name} is given twice (first on line {first})")]
    DuplicateTag {
        line: usize,
        name: String,
        first: usize,
    },
    #[error("line {line}: tag names are case-sensitive: write {expected}, not {name}")]
    TagCase {
        line: usize,
        name: String,
        expected: &'static str,
    },
    #[error("line {line}: a tag pair after the actions: all tag pairs come first")]
    TagAfterActions { line: usize },
    #[error("line {line}: the comment opened here with `{{` is never closed with `}}`")]
    UnclosedComment { line: usize },
    #[error("line {line}: {message}")]
    Unexpected { line: usize, message: String },
    #[error(
        "line {line}: `{token}` is neither a move number (such as `3.` or `3...`) nor a result (`1-0`, `0-1`, `1/2-1/2`, `*`)"
    )]
    BadToken { line: usize, token: String },
    #[error(
        "line {line}: move number `{found}` does not fit here: the next action is action {ply}, numbered `{expected}`"
    )]
    MoveNumber {
        line: usize,
        found: String,
        ply: usize,
        expected: String,
    },
    #[error("line {line}: move number `{number}` is not followed by an action")]
    DanglingNumber { line: usize, number: String },
    #[error("line {line}: an action is at most {MAX_ACTION_CHARS} characters long: `{start}…`")]
    ActionTooLong { line: usize, start: String },
    #[error("line {line}: `{found}` after the result `{result}`: the result ends the record")]
    AfterResult {
        line: usize,
        result: ResultToken,
        found: String,
    },
    #[error(
        "line {line}: the actions end with the result `{token}` but the Result tag says `{tag}`{}",
        if *.tag_given { "" } else { " (there is no Result tag)" }
    )]
    ResultMismatch {
        line: usize,
        token: ResultToken,
        tag: ResultToken,
        tag_given: bool,
    },
    #[error(
        "{}tag Result is `{value}`: a result is `1-0`, `0-1`, `1/2-1/2` or `*`",
        at(*.line)
    )]
    BadResult { line: Option<usize>, value: String },
    #[error("the record has no Game tag: it needs [Game \"agon\"] or [Game \"agros\"]")]
    MissingGame,
    /// A `Game`, `Board` or `Farmers` tag the rules do not offer.
    #[error("{}tag {tag}: {message}", at(*.line))]
    Variant {
        line: Option<usize>,
        tag: &'static str,
        message: String,
    },
    /// An action that cannot be read, or is not legal where it stands.
    #[error(
        "{}action {ply} (`{}`) {}: {error}",
        at(*.line),
        numbered(*.ply, .text),
        if .error.is_unreadable() { "cannot be read" } else { "is not legal" }
    )]
    Action {
        line: Option<usize>,
        ply: usize,
        text: String,
        error: ActionError,
    },
    #[error("there is no position after action {ply}: the record has {actions} actions")]
    NoSuchPly { ply: usize, actions: usize },
    /// The `Result` tag says one thing and the rules, which ended the game, another.
    #[error("tag Result is `{result}` but by the rules the game ended {rules}")]
    ResultContradicts { result: ResultToken, rules: String },
    /// A tag that a record cannot hold (a change made in code).
    #[error("tag {name}: {reason}")]
    InvalidTag { name: String, reason: String },
    /// An action that a record cannot hold (a change made in code).
    #[error("action `{text}`: {reason}")]
    InvalidAction { text: String, reason: String },
    /// A comment that a record cannot hold (a change made in code).
    #[error("comment: {reason}")]
    InvalidComment { reason: String },
}

/// `line 3: `, or nothing when the place is not known.
fn at(line: Option<usize>) -> String {
    line.map(|l| format!("line {l}: ")).unwrap_or_default()
}

/// An action with its number as a record writes it: `4. e5` for the first of a pair, `4... d4`
/// for the second.
fn numbered(ply: usize, text: &str) -> String {
    let pair = ply.div_ceil(2);
    if ply % 2 == 1 {
        format!("{pair}. {text}")
    } else {
        format!("{pair}... {text}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_writes_the_second_of_a_pair_with_dots() {
        assert_eq!(numbered(7, "e5"), "4. e5");
        assert_eq!(numbered(8, "d4"), "4... d4");
    }
}
