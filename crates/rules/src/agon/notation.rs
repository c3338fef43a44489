//! Reading Agon actions (AG-15): the syntax only. Whether the action is legal is the position's
//! business ([`Position::parse_action`](super::Position::parse_action)).

use super::Cell;
use crate::NotationError;

/// What an action text says, before any position is consulted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notation {
    pub from: Cell,
    pub to: Cell,
    /// `from=to` rather than `from-to`.
    pub returning: bool,
    /// The `x…` suffix, when given.
    pub captures: Option<Vec<Cell>>,
}

/// Reads an action text; the error says what cannot be read and how to write it.
pub fn parse_notation(text: &str) -> Result<Notation, NotationError> {
    let norm: String = text
        .trim()
        .chars()
        .map(|c| match c {
            '\u{2013}' | '\u{2014}' | '\u{2212}' => '-',
            c => c.to_ascii_lowercase(),
        })
        .collect();
    if norm.is_empty() {
        return Err(NotationError::AgonEmpty);
    }
    if norm == "pass" {
        return Err(NotationError::AgonPass);
    }
    let body = strip_piece_prefix(&norm);
    let seps: Vec<(usize, char)> = body
        .char_indices()
        .filter(|&(_, c)| c == '-' || c == '=')
        .collect();
    let (at, sep) = match seps.as_slice() {
        [one] => *one,
        [] => {
            let words: Vec<&str> = body.split_whitespace().collect();
            return Err(
                if words.len() == 2 && words.iter().all(|w| w.parse::<Cell>().is_ok()) {
                    NotationError::AgonNoSeparator {
                        text: text.trim().to_string(),
                        from: words[0].to_string(),
                        to: words[1].to_string(),
                    }
                } else {
                    NotationError::AgonUnreadable {
                        text: text.trim().to_string(),
                    }
                },
            );
        }
        _ => {
            return Err(NotationError::AgonSeparators {
                text: text.trim().to_string(),
            });
        }
    };
    let from = cell(&body[..at], text)?;
    let rest = &body[at + sep.len_utf8()..];
    let mut parts = rest.split('x');
    let to = cell(parts.next().unwrap_or(""), text)?;
    let captures = if rest.contains('x') {
        if sep == '=' {
            return Err(NotationError::ReturnCaptures { from, to });
        }
        let mut cells = Vec::new();
        for part in parts {
            for name in part
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|s| !s.is_empty())
            {
                cells.push(cell(name, text)?);
            }
        }
        if cells.is_empty() {
            return Err(NotationError::EndsInX {
                text: text.trim().to_string(),
            });
        }
        Some(cells)
    } else {
        None
    };
    Ok(Notation {
        from,
        to,
        returning: sep == '=',
        captures,
    })
}

/// Drops an optional `Q`/`G` piece letter. `g` is also a row, so it is a prefix only when a cell
/// name follows it.
fn strip_piece_prefix(s: &str) -> &str {
    let rest = |s: &str| s[1..].trim_start().to_string();
    match s.as_bytes().first() {
        Some(b'q') => s[1..].trim_start(),
        Some(b'g') if rest(s).starts_with(|c: char| c.is_ascii_alphabetic()) => s[1..].trim_start(),
        _ => s,
    }
}

fn cell(name: &str, text: &str) -> Result<Cell, NotationError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(NotationError::AgonUnreadable {
            text: text.trim().to_string(),
        });
    }
    name.parse::<Cell>().map_err(NotationError::Cell)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Cell {
        s.parse().unwrap()
    }

    #[test]
    fn ag15_accepted_forms() {
        for text in [
            "k1-j1",
            "K1-J1",
            " k1 - j1 ",
            "k1–j1",
            "k1—j1",
            "Qk1-j1",
            "q k1-j1",
            "Gk1-j1",
        ] {
            let n = parse_notation(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(
                (n.from, n.to, n.returning),
                (c("k1"), c("j1"), false),
                "{text}"
            );
        }
        let n = parse_notation("g1-f1").unwrap();
        assert_eq!((n.from, n.to), (c("g1"), c("f1")));
        let n = parse_notation("Gg1-f1").unwrap();
        assert_eq!((n.from, n.to), (c("g1"), c("f1")));
        let n = parse_notation("b7=f6").unwrap();
        assert!(n.returning);
        let n = parse_notation("a5-a6xb7").unwrap();
        assert_eq!(n.captures, Some(vec![c("b7")]));
        let n = parse_notation("a5-a6xb7xc8").unwrap();
        assert_eq!(n.captures, Some(vec![c("b7"), c("c8")]));
    }

    #[test]
    fn ag15_unreadable_forms_say_why() {
        assert!(
            parse_notation("")
                .unwrap_err()
                .to_string()
                .contains("no action given")
        );
        assert!(
            parse_notation("k1 j1")
                .unwrap_err()
                .to_string()
                .contains("write k1-j1 for a step")
        );
        assert!(
            parse_notation("pass")
                .unwrap_err()
                .to_string()
                .contains("no passing")
        );
        assert_eq!(
            parse_notation("a7-a6").unwrap_err().to_string(),
            "`a7` is not a cell: row a has cells a1 to a6"
        );
        assert!(
            parse_notation("k1-j1-j2")
                .unwrap_err()
                .to_string()
                .contains("one separator")
        );
        assert!(
            parse_notation("a5-a6x")
                .unwrap_err()
                .to_string()
                .contains("ends in x")
        );
        assert!(
            parse_notation("b7=f6xe5")
                .unwrap_err()
                .to_string()
                .contains("never captures")
        );
        assert!(
            parse_notation("hello")
                .unwrap_err()
                .to_string()
                .contains("cannot read")
        );
    }
}
