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
//!
//! Here are the record and the checks on what it may hold; `parse` reads a text, `write` writes
//! one, `replay` plays the game a record holds, `result` is the result token and `error` says what
//! is wrong.

mod error;
mod parse;
mod replay;
mod result;
mod write;

pub use error::RecordError;
pub use result::ResultToken;

use crate::Variant;
use parse::Parser;
use std::borrow::Cow;

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
}
