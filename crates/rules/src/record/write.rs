//! Writing a record's canonical text: tag pairs, a blank line, then the numbered actions and
//! comments wrapped at [`LINE_WIDTH`], and the result token.

use super::{LINE_WIDTH, Record};
use std::borrow::Cow;
use std::fmt;

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
