//! Reading a record text: the one parser behind [`Record::parse`], which tracks the line for every
//! message.

use super::{
    CHECKED_TAGS, Comment, DELIMITERS, MAX_ACTION_CHARS, MAX_ACTIONS, MAX_TAG_VALUE_CHARS, Record,
    RecordError, ResultToken, action_problem, tag_name_problem,
};

/// Reads a record text, tracking the line for every message.
pub(super) struct Parser<'a> {
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
    pub(super) fn new(text: &'a str) -> Parser<'a> {
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

    pub(super) fn run(mut self) -> Result<Record, RecordError> {
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
        let (value, close) = tag_value(line, name, quoted)?;
        let after_value = quoted[close + 1..].trim_start_matches(is_blank);
        if !after_value.starts_with(']') {
            return Err(bad(format!(
                "{form}: `]` is missing after the value of tag {name}"
            )));
        }
        self.add_tag(line, name, value)?;
        // Everything up to and including the `]` is on this line: no line count changes.
        self.pos = self.text.len() - after_value.len() + 1;
        Ok(())
    }

    /// Adds a tag read on `line`, checking what the record's tags as a whole allow: the spelling
    /// of the tags the rules read, one pair per name, and a result token as the `Result`.
    fn add_tag(&mut self, line: usize, name: &str, value: String) -> Result<(), RecordError> {
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

/// The value of tag `name` read on `line`, from `quoted`, the text just after its opening `"`:
/// the value with its escapes resolved, and the index in `quoted` of the closing `"`.
fn tag_value(line: usize, name: &str, quoted: &str) -> Result<(String, usize), RecordError> {
    let bad = |message: String| RecordError::BadTag { line, message };
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
    Ok((value, close))
}
