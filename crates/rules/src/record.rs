//! Game records: a whole game of either game as text, in the spirit of chess's PGN. Tag pairs
//! (`[Game "agros"]`) come first, then the actions numbered per pair as AG-16 and AR-17 write them
//! (`1. e5 d4 2. c3,h8 …`), comments in `{…}` or after `;`, and a result token at the end.
//!
//! The format is described exactly for players and tool writers in `docs/records.md`; this module
//! is its one reader and writer. Reading ([`Record::parse`]) checks the syntax, the move numbers,
//! the tags the rules need (`Game`, `Board`, `Farmers`, `Result`) and the sizes, but not the
//! actions: whether they are legal is a question for the rules, answered by [`Record::replay`].
//! Keeping the two apart lets a person hear whether the file is malformed or the game in it is.
//!
//! A [`Record`] is always writable: every way to build or change one checks what it is given, so
//! its text ([`Record::to_text`]) reads back to an equal record. Records come from strangers (mail
//! attachments, uploads), so every size is bounded and nothing here panics on any input.

use crate::{ActionError, AnyAction, AnyPosition, GameKind, Outcome, Seat, Variant, VariantError};
use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

/// The largest record text read, in bytes (1 MB): far above any real game, small enough that a
/// hostile upload costs little to refuse.
pub const MAX_RECORD_BYTES: usize = 1_000_000;
/// The most actions a record holds. Real games are a few hundred actions long (random Agon games
/// about 500, rarely over 2,000); the bound caps the work a hostile record can ask of
/// [`Record::replay`], which keeps every position (an Agon position carries its history).
pub const MAX_ACTIONS: usize = 10_000;
/// The longest tag value, in characters.
pub const MAX_TAG_VALUE_CHARS: usize = 1_000;
/// The longest tag name, in characters.
pub const MAX_TAG_NAME_CHARS: usize = 64;
/// The longest action, in characters: the longest notation either game writes is far shorter.
pub const MAX_ACTION_CHARS: usize = 32;
/// The width the writer wraps the actions at; a single longer comment makes a longer line.
pub const LINE_WIDTH: usize = 80;

/// The tags the rules read, whose spelling is checked exactly.
const CHECKED_TAGS: [&str; 4] = ["Game", "Board", "Farmers", "Result"];

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
    fn from_code(text: &str) -> Option<ResultToken> {
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

/// A comment and the place it was written: after the first `after` actions (0: before the first).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Comment {
    pub after: usize,
    /// The text exactly as written between the braces, or after the `;` up to the line's end.
    pub text: String,
}

/// A game record: tag pairs in their order, the actions as written, and the comments between them.
///
/// Equality compares the tags, actions and comments; where each was read (kept for the messages
/// of [`Record::variant`] and [`Record::replay`]) is not part of it.
#[derive(Debug, Clone)]
pub struct Record {
    tags: Vec<(String, String)>,
    actions: Vec<String>,
    /// Sorted by `after`; comments at one place keep their order.
    comments: Vec<Comment>,
    /// The line each tag and each action was read on, parallel to `tags` and `actions`; `None`
    /// for what was added in code.
    tag_lines: Vec<Option<usize>>,
    action_lines: Vec<Option<usize>>,
}

impl PartialEq for Record {
    fn eq(&self, other: &Record) -> bool {
        (&self.tags, &self.actions, &self.comments)
            == (&other.tags, &other.actions, &other.comments)
    }
}
impl Eq for Record {}

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

/// Why a text cannot be a tag name, if it cannot.
fn tag_name_problem(name: &str) -> Option<String> {
    if !name.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) {
        return Some("a tag name starts with a letter".into());
    }
    if let Some(c) = name
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '_'))
    {
        return Some(format!(
            "a tag name holds letters, digits and `_` only, not `{}`",
            c.escape_default()
        ));
    }
    if name.chars().count() > MAX_TAG_NAME_CHARS {
        return Some(format!(
            "a tag name is at most {MAX_TAG_NAME_CHARS} characters long"
        ));
    }
    None
}

/// Why a text cannot be a tag value, if it cannot: one line of at most 1,000 characters.
fn tag_value_problem(value: &str) -> Option<String> {
    if let Some(c) = value.chars().find(|c| c.is_control()) {
        return Some(format!(
            "a tag value is one line of text without control characters (it holds U+{:04X})",
            c as u32
        ));
    }
    if value.chars().count() > MAX_TAG_VALUE_CHARS {
        return Some(format!(
            "a tag value is at most {MAX_TAG_VALUE_CHARS} characters long"
        ));
    }
    None
}

/// The characters that end an action in the text (besides white space).
const DELIMITERS: [char; 6] = ['{', '}', ';', '[', ']', '"'];

/// Why a text cannot be written as one action of a record, if it cannot.
fn action_problem(text: &str) -> Option<String> {
    if text.is_empty() {
        return Some("an action is not empty".into());
    }
    if let Some(c) = text
        .chars()
        .find(|c| c.is_whitespace() || DELIMITERS.contains(c))
    {
        return Some(format!(
            "an action holds no white space and none of {{ }} ; [ ] \" (it holds `{}`)",
            c.escape_default()
        ));
    }
    if text.starts_with(|c: char| c.is_ascii_digit()) || text == "*" {
        return Some("an action does not start with a digit and is not `*`, which number the actions and give the result".into());
    }
    if text.chars().count() > MAX_ACTION_CHARS {
        return Some(format!(
            "an action is at most {MAX_ACTION_CHARS} characters long"
        ));
    }
    None
}

/// Why a text cannot be a comment, if it cannot: one that holds `}` is written after `;`, so it
/// must fit on one line.
fn comment_problem(text: &str) -> Option<String> {
    if text.contains('\r') {
        return Some(
            "a comment ends its lines with a line feed alone, without a carriage return".into(),
        );
    }
    if text.contains('}') && text.contains('\n') {
        return Some("a comment that holds `}` is written after `;`, so it is one line".into());
    }
    None
}

/// A tag value as written between the quotes: `"` and `\` escaped with `\`.
fn escape(value: &str) -> Cow<'_, str> {
    if !value.contains(['"', '\\']) {
        return Cow::Borrowed(value);
    }
    let mut out = String::with_capacity(value.len() + 2);
    for c in value.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    Cow::Owned(out)
}

impl Record {
    /// A record of a game of this variant with these actions, its tags the ones the variant needs:
    /// `Game`, and for Agros `Board` and `Farmers` (written even at their defaults, so the record
    /// says what was played without the reader knowing the defaults).
    ///
    /// The actions are not checked against the rules here ([`Record::replay`] does); each must be
    /// one action in a form without spaces, as canonical notation is.
    pub fn new<I, S>(variant: Variant, actions: I) -> Result<Record, RecordError>
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        let mut tags = vec![("Game".to_string(), variant.kind().code().to_string())];
        if let Variant::Agros { board, farmers } = variant {
            tags.push(("Board".into(), board.to_string()));
            tags.push(("Farmers".into(), farmers.to_string()));
        }
        let mut record = Record {
            tag_lines: vec![None; tags.len()],
            tags,
            actions: Vec::new(),
            comments: Vec::new(),
            action_lines: Vec::new(),
        };
        for action in actions {
            record.push_action(action)?;
        }
        Ok(record)
    }

    /// Reads a record text (see `docs/records.md`). Checks the syntax, the move numbers, the sizes,
    /// the tags the rules read and that the result token matches the `Result` tag; the legality of
    /// the actions is [`Record::replay`]'s question.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        if text.len() > MAX_RECORD_BYTES {
            return Err(RecordError::TooLarge { size: text.len() });
        }
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        // One line ending, so comments read the same from any system and write back unchanged.
        let text: Cow<str> = if text.contains('\r') {
            Cow::Owned(text.replace("\r\n", "\n").replace('\r', "\n"))
        } else {
            Cow::Borrowed(text)
        };
        Parser::new(&text).run()
    }

    /// The canonical text: one tag pair per line, a blank line, then the actions numbered per pair
    /// with their comments, wrapped at [`LINE_WIDTH`] characters, and the result token.
    pub fn to_text(&self) -> String {
        self.to_string()
    }

    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The value of a tag (names are case-sensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The actions as written (not necessarily in canonical form: the rules accept several).
    pub fn actions(&self) -> &[String] {
        &self.actions
    }

    /// The comments in the order they are written.
    pub fn comments(&self) -> &[Comment] {
        &self.comments
    }

    /// The result the `Result` tag gives; `*` when there is none.
    pub fn result(&self) -> ResultToken {
        // The tag is checked whenever it is read or set, so it always holds a result token.
        self.tag("Result")
            .and_then(ResultToken::from_code)
            .unwrap_or(ResultToken::Unfinished)
    }

    /// Sets a tag, in its place if the record has it and last otherwise. The value is checked as
    /// reading would check it: `Result` must be a result token, and `Game`, `Board` and `Farmers`
    /// must still make a variant the rules offer (so change `Game` after removing `Board`).
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), RecordError> {
        let invalid = |reason: String| RecordError::InvalidTag {
            name: name.to_string(),
            reason,
        };
        if let Some(reason) = tag_name_problem(name).or_else(|| tag_value_problem(value)) {
            return Err(invalid(reason));
        }
        if name == "Result" && ResultToken::from_code(value).is_none() {
            return Err(invalid(format!(
                "`{value}` is not a result: `1-0`, `0-1`, `1/2-1/2` or `*`"
            )));
        }
        if let Some(expected) = CHECKED_TAGS
            .into_iter()
            .find(|t| *t != name && t.eq_ignore_ascii_case(name))
        {
            return Err(invalid(format!(
                "tag names are case-sensitive: write {expected}"
            )));
        }
        let mut changed = self.clone();
        match changed.tags.iter().position(|(n, _)| n == name) {
            Some(i) => {
                changed.tags[i].1 = value.to_string();
                changed.tag_lines[i] = None;
            }
            None => {
                changed.tags.push((name.to_string(), value.to_string()));
                changed.tag_lines.push(None);
            }
        }
        if ["Game", "Board", "Farmers"].contains(&name) {
            changed.variant().map_err(|e| invalid(e.to_string()))?;
        }
        *self = changed;
        Ok(())
    }

    /// Sets the `Result` tag.
    pub fn set_result(&mut self, result: ResultToken) {
        match self.tags.iter().position(|(n, _)| n == "Result") {
            Some(i) => {
                self.tags[i].1 = result.code().to_string();
                self.tag_lines[i] = None;
            }
            None => {
                self.tags.push(("Result".into(), result.code().to_string()));
                self.tag_lines.push(None);
            }
        }
    }

    /// Removes a tag and returns its value. `Game` stays: a record without it says nothing.
    pub fn remove_tag(&mut self, name: &str) -> Result<Option<String>, RecordError> {
        if name == "Game" {
            return Err(RecordError::InvalidTag {
                name: name.into(),
                reason: "every record names its game".into(),
            });
        }
        Ok(self.tags.iter().position(|(n, _)| n == name).map(|i| {
            self.tag_lines.remove(i);
            self.tags.remove(i).1
        }))
    }

    /// Appends an action (one token, such as canonical notation writes; not checked against the
    /// rules here).
    pub fn push_action(&mut self, text: impl Into<String>) -> Result<(), RecordError> {
        let text = text.into();
        if let Some(reason) = action_problem(&text) {
            return Err(RecordError::InvalidAction { text, reason });
        }
        if self.actions.len() >= MAX_ACTIONS {
            return Err(RecordError::InvalidAction {
                text,
                reason: format!("a record holds at most {MAX_ACTIONS} actions"),
            });
        }
        self.actions.push(text);
        self.action_lines.push(None);
        Ok(())
    }

    /// Adds a comment after the first `after` actions (0: before the first action), after any
    /// comments already there.
    pub fn add_comment(
        &mut self,
        after: usize,
        text: impl Into<String>,
    ) -> Result<(), RecordError> {
        let text = text.into();
        if let Some(reason) = comment_problem(&text) {
            return Err(RecordError::InvalidComment { reason });
        }
        if after > self.actions.len() {
            return Err(RecordError::InvalidComment {
                reason: format!(
                    "it cannot follow action {after}: the record has {} actions",
                    self.actions.len()
                ),
            });
        }
        let at = self.comments.partition_point(|c| c.after <= after);
        self.comments.insert(at, Comment { after, text });
        Ok(())
    }

    /// The tag's value and the line it was read on.
    fn tag_at(&self, name: &str) -> Option<(Option<usize>, &str)> {
        self.tags
            .iter()
            .position(|(n, _)| n == name)
            .map(|i| (self.tag_lines[i], self.tags[i].1.as_str()))
    }

    /// The variant its tags give: `Game` (`agon` or `agros`, any case), and for Agros `Board`
    /// (default 10) and `Farmers` (default 5), checked as a new game's options are (AR-1).
    pub fn variant(&self) -> Result<Variant, RecordError> {
        let (game_line, game) = self.tag_at("Game").ok_or(RecordError::MissingGame)?;
        let kind: GameKind = game.parse().map_err(|message| RecordError::Variant {
            line: game_line,
            tag: "Game",
            message,
        })?;
        let number = |tag: &'static str| -> Result<Option<(Option<usize>, u32)>, RecordError> {
            let Some((line, value)) = self.tag_at(tag) else {
                return Ok(None);
            };
            value
                .trim()
                .parse::<u32>()
                .map(|n| Some((line, n)))
                .map_err(|_| RecordError::Variant {
                    line,
                    tag,
                    message: format!("`{value}` is not a number"),
                })
        };
        let board = number("Board")?;
        let farmers = number("Farmers")?;
        Variant::new(kind, board.map(|b| b.1), farmers.map(|f| f.1)).map_err(|e| {
            let (tag, line) = match e {
                VariantError::Board(_) => ("Board", board.and_then(|b| b.0)),
                VariantError::Farmers(_) => ("Farmers", farmers.and_then(|f| f.0)),
                VariantError::AgonOptions => match board {
                    Some((line, _)) => ("Board", line),
                    None => ("Farmers", farmers.and_then(|f| f.0)),
                },
            };
            RecordError::Variant {
                line,
                tag,
                message: e.to_string(),
            }
        })
    }

    /// The positions of the game: the start, then the position after each action (so one more
    /// than there are actions). Stops at the first action that cannot be read or is not legal,
    /// naming it by its number and giving the rules' reason. A `Result` tag that contradicts an
    /// ending by the rules is an error too; any result may stand for a game the rules have not
    /// ended (a resignation, a loss on time, AR-15).
    pub fn replay(&self) -> Result<Vec<AnyPosition>, RecordError> {
        let mut positions = Vec::with_capacity(self.actions.len() + 1);
        let last = self.play(|_, before, _| positions.push(before.clone()))?;
        self.check_result(&last)?;
        positions.push(last);
        Ok(positions)
    }

    /// The position after the first `ply` actions, playing only those (so later actions are not
    /// checked), without keeping the positions before it.
    pub fn position_after(&self, ply: usize) -> Result<AnyPosition, RecordError> {
        if ply > self.actions.len() {
            return Err(RecordError::NoSuchPly {
                ply,
                actions: self.actions.len(),
            });
        }
        self.play_actions(&self.actions[..ply], |_, _, _| {})
    }

    /// Checks the `Result` tag against the position the actions lead to: when the rules ended the
    /// game, the tag is `*` or the result they give.
    pub fn check_result(&self, last: &AnyPosition) -> Result<(), RecordError> {
        let result = self.result();
        let Some(outcome) = last.outcome() else {
            return Ok(());
        };
        let rules = ResultToken::of(Some(outcome));
        if result == ResultToken::Unfinished || result == rules {
            return Ok(());
        }
        let kind = last.kind();
        let how = match outcome.winner {
            Some(seat) => format!("with a win for {}", kind.seat_name(seat)),
            None => "in a draw".into(),
        };
        Err(RecordError::ResultContradicts {
            result,
            rules: format!("{how} ({}), `{rules}`", outcome.reason.code()),
        })
    }

    /// Plays the actions from the variant's start through [`Variant::replay`] (the one replay),
    /// showing `visit` each action with its index and the position it is played from; returns
    /// the last position. The `Result` tag is not checked ([`Record::check_result`] does).
    pub fn play(
        &self,
        visit: impl FnMut(usize, &AnyPosition, AnyAction),
    ) -> Result<AnyPosition, RecordError> {
        self.play_actions(&self.actions, visit)
    }

    /// [`Record::play`] of the first actions only.
    fn play_actions(
        &self,
        actions: &[String],
        visit: impl FnMut(usize, &AnyPosition, AnyAction),
    ) -> Result<AnyPosition, RecordError> {
        self.variant()?
            .replay(actions, visit)
            .map_err(|e| RecordError::Action {
                line: self.action_line(e.index),
                ply: e.ply(),
                text: e.text,
                error: e.error,
            })
    }

    /// The line an action was read on, if it was read from text.
    pub fn action_line(&self, index: usize) -> Option<usize> {
        self.action_lines.get(index).copied().flatten()
    }
}

/// Writes the canonical text (see [`Record::to_text`]).
impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in &self.tags {
            writeln!(f, "[{name} \"{}\"]", escape(value))?;
        }
        writeln!(f)?;
        let mut out = Wrapper { f, column: 0 };
        let mut comments = self.comments.iter().peekable();
        for i in 0..=self.actions.len() {
            if i > 0 {
                let action = &self.actions[i - 1];
                if i % 2 == 1 {
                    out.word(&format!("{}. {action}", i.div_ceil(2)))?;
                } else {
                    out.word(action)?;
                }
            }
            while let Some(c) = comments.next_if(|c| c.after == i) {
                if c.text.contains('}') {
                    out.word(&format!(";{}", c.text))?;
                    out.newline()?;
                } else {
                    out.word(&format!("{{{}}}", c.text))?;
                }
            }
        }
        out.word(self.result().code())?;
        out.newline()
    }
}

/// Fills lines with words up to [`LINE_WIDTH`] characters.
struct Wrapper<'a, 'b> {
    f: &'a mut fmt::Formatter<'b>,
    /// Characters on the current line so far.
    column: usize,
}

impl Wrapper<'_, '_> {
    fn word(&mut self, word: &str) -> fmt::Result {
        let first_line = word.split('\n').next().unwrap_or_default().chars().count();
        if self.column > 0 {
            if self.column + 1 + first_line > LINE_WIDTH {
                self.newline()?;
            } else {
                self.f.write_str(" ")?;
                self.column += 1;
            }
        }
        self.f.write_str(word)?;
        self.column = match word.rfind('\n') {
            Some(i) => word[i + 1..].chars().count(),
            None => self.column + first_line,
        };
        Ok(())
    }

    fn newline(&mut self) -> fmt::Result {
        self.column = 0;
        self.f.write_str("\n")
    }
}

/// Reads a record text, tracking the line for every message.
struct Parser<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    record: Record,
    /// Whether a move number, action or result has been read: tag pairs come before them.
    in_actions: bool,
    result: Option<(ResultToken, usize)>,
    /// A move number read and not yet followed by its action.
    pending_number: Option<(String, usize)>,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Parser<'a> {
        Parser {
            text,
            pos: 0,
            line: 1,
            record: Record {
                tags: Vec::new(),
                actions: Vec::new(),
                comments: Vec::new(),
                tag_lines: Vec::new(),
                action_lines: Vec::new(),
            },
            in_actions: false,
            result: None,
            pending_number: None,
        }
    }

    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    fn run(mut self) -> Result<Record, RecordError> {
        loop {
            let rest = self.rest();
            let trimmed = rest.trim_start();
            self.line += rest[..rest.len() - trimmed.len()].matches('\n').count();
            self.pos += rest.len() - trimmed.len();
            let Some(c) = trimmed.chars().next() else {
                break;
            };
            match c {
                ';' => {
                    let end = trimmed.find('\n').unwrap_or(trimmed.len());
                    self.comment(&trimmed[1..end]);
                    self.pos += end;
                }
                '{' => {
                    let Some(end) = trimmed.find('}') else {
                        return Err(RecordError::UnclosedComment { line: self.line });
                    };
                    let text = &trimmed[1..end];
                    self.comment(text);
                    self.line += text.matches('\n').count();
                    self.pos += end + 1;
                }
                '[' if self.in_actions => {
                    return Err(RecordError::TagAfterActions { line: self.line });
                }
                '[' => self.tag()?,
                '}' | ']' | '"' => {
                    return Err(RecordError::Unexpected {
                        line: self.line,
                        message: match c {
                            '}' => "a `}` that closes no comment".into(),
                            ']' => "a `]` outside a tag pair".into(),
                            _ => "a `\"` outside a tag pair".into(),
                        },
                    });
                }
                _ => {
                    let end = trimmed
                        .find(|c: char| c.is_whitespace() || DELIMITERS.contains(&c))
                        .unwrap_or(trimmed.len());
                    self.token(&trimmed[..end])?;
                    self.pos += end;
                }
            }
        }
        self.finish()
    }

    fn comment(&mut self, text: &str) {
        self.record.comments.push(Comment {
            after: self.record.actions.len(),
            text: text.to_string(),
        });
    }

    /// One word of the actions: a result, a move number (perhaps with its action joined, `1.e5`),
    /// or an action.
    fn token(&mut self, token: &str) -> Result<(), RecordError> {
        self.in_actions = true;
        let line = self.line;
        if let Some((result, _)) = self.result {
            return Err(RecordError::AfterResult {
                line,
                result,
                found: token.chars().take(MAX_ACTION_CHARS).collect(),
            });
        }
        if let Some(result) = ResultToken::from_code(token) {
            if let Some((number, line)) = self.pending_number.take() {
                return Err(RecordError::DanglingNumber { line, number });
            }
            self.result = Some((result, line));
            return Ok(());
        }
        let mut action = token;
        if token.starts_with(|c: char| c.is_ascii_digit()) {
            let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let after = &token[digits..];
            let (dots, rest) = if let Some(rest) = after.strip_prefix("...") {
                ("...", rest)
            } else if let Some(rest) = after.strip_prefix('.') {
                (".", rest)
            } else {
                return Err(self.bad_token(token));
            };
            let Ok(number) = token[..digits].parse::<usize>() else {
                return Err(self.bad_token(token));
            };
            if let Some((number, line)) = self.pending_number.take() {
                return Err(RecordError::DanglingNumber { line, number });
            }
            let ply = self.record.actions.len() + 1;
            let expected = if ply % 2 == 1 {
                format!("{}.", ply.div_ceil(2))
            } else {
                format!("{}...", ply / 2)
            };
            let found = format!("{number}{dots}");
            if found != expected {
                return Err(RecordError::MoveNumber {
                    line,
                    found,
                    ply,
                    expected,
                });
            }
            if rest.is_empty() {
                self.pending_number = Some((found, line));
                return Ok(());
            }
            action = rest;
        }
        if action.chars().count() > MAX_ACTION_CHARS {
            return Err(RecordError::ActionTooLong {
                line,
                start: action.chars().take(MAX_ACTION_CHARS).collect(),
            });
        }
        if let Some(message) = action_problem(action) {
            return Err(RecordError::Unexpected {
                line,
                message: format!("`{action}` cannot be an action: {message}"),
            });
        }
        if self.record.actions.len() >= MAX_ACTIONS {
            return Err(RecordError::TooManyActions { line });
        }
        self.pending_number = None;
        self.record.actions.push(action.to_string());
        self.record.action_lines.push(Some(line));
        Ok(())
    }

    fn bad_token(&self, token: &str) -> RecordError {
        RecordError::BadToken {
            line: self.line,
            token: token.chars().take(MAX_ACTION_CHARS).collect(),
        }
    }

    /// A tag pair `[Name "value"]`, on one line.
    fn tag(&mut self) -> Result<(), RecordError> {
        let line = self.line;
        let bad = |message: String| RecordError::BadTag { line, message };
        let form = "a tag pair is written [Name \"value\"] on one line";
        let rest = &self.rest()[1..];
        let is_blank = |c: char| c == ' ' || c == '\t';
        let after_open = rest.trim_start_matches(is_blank);
        let name_len = after_open
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(after_open.len());
        let name = &after_open[..name_len];
        if name.is_empty() {
            return Err(bad(format!("{form}: the name is missing")));
        }
        if let Some(problem) = tag_name_problem(name) {
            return Err(bad(format!("tag `{name}`: {problem}")));
        }
        let after_name = after_open[name_len..].trim_start_matches(is_blank);
        let Some(quoted) = after_name.strip_prefix('"') else {
            return Err(bad(format!(
                "{form}: the value of tag {name} is in double quotes"
            )));
        };
        let mut value = String::new();
        let mut count = 0;
        let mut chars = quoted.char_indices();
        let close = loop {
            let unclosed = || {
                bad(format!(
                    "the value of tag {name} is not closed with `\"` on its line"
                ))
            };
            let Some((i, c)) = chars.next() else {
                return Err(unclosed());
            };
            let c = match c {
                '"' => break i,
                '\n' => return Err(unclosed()),
                '\\' => match chars.next() {
                    Some((_, e @ ('"' | '\\'))) => e,
                    None | Some((_, '\n')) => return Err(unclosed()),
                    Some((_, other)) => {
                        return Err(bad(format!(
                            "`\\{}` in the value of tag {name}: within a value only `\\\"` and `\\\\` are escapes",
                            other.escape_default()
                        )));
                    }
                },
                c if c.is_control() => {
                    return Err(bad(format!(
                        "the value of tag {name} holds a control character (U+{:04X})",
                        c as u32
                    )));
                }
                c => c,
            };
            count += 1;
            if count > MAX_TAG_VALUE_CHARS {
                return Err(RecordError::TagTooLong {
                    line,
                    name: name.to_string(),
                });
            }
            value.push(c);
        };
        let after_value = quoted[close + 1..].trim_start_matches(is_blank);
        if !after_value.starts_with(']') {
            return Err(bad(format!(
                "{form}: `]` is missing after the value of tag {name}"
            )));
        }
        if let Some(expected) = CHECKED_TAGS
            .into_iter()
            .find(|t| *t != name && t.eq_ignore_ascii_case(name))
        {
            return Err(RecordError::TagCase {
                line,
                name: name.to_string(),
                expected,
            });
        }
        if let Some(i) = self.record.tags.iter().position(|(n, _)| n == name) {
            return Err(RecordError::DuplicateTag {
                line,
                name: name.to_string(),
                first: self.record.tag_lines[i].unwrap_or(line),
            });
        }
        if name == "Result" && ResultToken::from_code(&value).is_none() {
            return Err(RecordError::BadResult {
                line: Some(line),
                value,
            });
        }
        self.record.tags.push((name.to_string(), value));
        self.record.tag_lines.push(Some(line));
        // Everything up to and including the `]` is on this line: no line count changes.
        self.pos = self.text.len() - after_value.len() + 1;
        Ok(())
    }

    fn finish(mut self) -> Result<Record, RecordError> {
        if let Some((number, line)) = self.pending_number.take() {
            return Err(RecordError::DanglingNumber { line, number });
        }
        self.record.variant()?;
        if let Some((token, line)) = self.result {
            let tag = self.record.result();
            if token != tag {
                return Err(RecordError::ResultMismatch {
                    line,
                    token,
                    tag,
                    tag_given: self.record.tag("Result").is_some(),
                });
            }
        }
        Ok(self.record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_pairs_like_the_history() {
        let record = Record::new(Variant::Agon, ["a4-a5", "a6-b7", "a5-a6xb7"]).unwrap();
        let text = record.to_text();
        assert!(
            text.ends_with(&format!(
                "\n{} *\n",
                crate::record(&["a4-a5", "a6-b7", "a5-a6xb7"])
            )),
            "{text}"
        );
    }

    #[test]
    fn wraps_at_the_line_width() {
        let actions = ["pass"; 60].map(String::from);
        let mut record = Record::new(Variant::Agon, actions).unwrap();
        record.set_result(ResultToken::Draw);
        let text = record.to_text();
        assert!(
            text.lines().all(|l| l.chars().count() <= LINE_WIDTH),
            "{text}"
        );
        assert!(text.lines().count() > 4, "{text}");
        assert_eq!(Record::parse(&text).unwrap(), record);
    }

    #[test]
    fn numbered_writes_the_second_of_a_pair_with_dots() {
        assert_eq!(numbered(7, "e5"), "4. e5");
        assert_eq!(numbered(8, "d4"), "4... d4");
    }
}
