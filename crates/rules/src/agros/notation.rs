//! Reading Agros actions (AR-16): the syntax only. Whether the action is legal, and where a
//! direction form lands, is the position's business.

use super::{Direction, Square};
use crate::NotationError;

/// Where a harvest or sow goes: a landing square, or a direction (`harvest e5 n`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Square(Square),
    Direction(Direction),
}

/// What an action text says, before any position is consulted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notation {
    /// One or more squares to place farmers on (the opening).
    Place(Vec<Square>),
    Harvest {
        from: Square,
        to: Target,
    },
    Sow {
        from: Square,
        to: Target,
    },
    Pass,
}

/// Reads an action text on a `size`×`size` board; the error says what cannot be read.
pub fn parse_notation(text: &str, size: usize) -> Result<Notation, NotationError> {
    let norm: String = text
        .trim()
        .chars()
        .map(|c| match c {
            '\u{2013}' | '\u{2014}' | '\u{2212}' => '-',
            c => c.to_ascii_lowercase(),
        })
        .collect();
    if norm.is_empty() {
        return Err(NotationError::AgrosEmpty);
    }
    if norm == "pass" {
        return Ok(Notation::Pass);
    }
    let words: Vec<&str> = norm.split_whitespace().collect();
    if let Some(&verb) = words.first()
        && (verb == "harvest" || verb == "sow")
    {
        return parse_verb_form(text, verb, &words, size);
    }
    let seps: Vec<(usize, char)> = norm
        .char_indices()
        .filter(|&(_, c)| c == '-' || c == '=')
        .collect();
    match seps.as_slice() {
        [] => parse_placement(text, &norm, size),
        [(at, sep)] => {
            let from = Square::parse(&norm[..*at], size).map_err(NotationError::Square)?;
            let to = Square::parse(&norm[at + 1..], size).map_err(NotationError::Square)?;
            Ok(if *sep == '-' {
                Notation::Harvest {
                    from,
                    to: Target::Square(to),
                }
            } else {
                Notation::Sow {
                    from,
                    to: Target::Square(to),
                }
            })
        }
        _ => Err(NotationError::AgrosSeparators {
            text: text.trim().to_string(),
        }),
    }
}

/// `harvest <from> <to>` or `sow <from> <to>` (`verb` is the first of `words`), where `<to>` may
/// be a direction.
fn parse_verb_form(
    text: &str,
    verb: &str,
    words: &[&str],
    size: usize,
) -> Result<Notation, NotationError> {
    let [_, from, to] = words[..] else {
        return Err(NotationError::VerbForm {
            text: text.trim().to_string(),
            sowing: verb == "sow",
        });
    };
    let from = Square::parse(from, size).map_err(NotationError::Square)?;
    let to = match Direction::parse(to) {
        Some(d) => Target::Direction(d),
        None => Target::Square(Square::parse(to, size).map_err(NotationError::SquareOrDirection)?),
    };
    Ok(if verb == "harvest" {
        Notation::Harvest { from, to }
    } else {
        Notation::Sow { from, to }
    })
}

/// One or more square names separated by commas or spaces (`norm`, the text normalised): the
/// farmers an opening turn places.
fn parse_placement(text: &str, norm: &str, size: usize) -> Result<Notation, NotationError> {
    let names: Vec<&str> = norm
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .collect();
    if names.is_empty() {
        return Err(NotationError::AgrosUnreadable {
            text: text.trim().to_string(),
        });
    }
    let squares = names
        .iter()
        .map(|n| Square::parse(n, size))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| {
            // A lone word that is not even shaped like a square is not a placement.
            let shaped =
                names[0].starts_with(|c: char| c.is_ascii_alphabetic()) && names[0].len() <= 3;
            if names.len() == 1 && !shaped {
                NotationError::AgrosUnreadable {
                    text: text.trim().to_string(),
                }
            } else {
                NotationError::Square(e)
            }
        })?;
    Ok(Notation::Place(squares))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(name: &str) -> Square {
        Square::parse(name, 10).unwrap()
    }

    #[test]
    fn ar16_accepted_forms() {
        assert_eq!(parse_notation("E5", 10), Ok(Notation::Place(vec![s("e5")])));
        for t in ["c3,h8", "c3 h8", "C3, H8", " c3 ,h8 "] {
            assert_eq!(
                parse_notation(t, 10),
                Ok(Notation::Place(vec![s("c3"), s("h8")])),
                "{t}"
            );
        }
        let harvest = Ok(Notation::Harvest {
            from: s("e5"),
            to: Target::Square(s("e7")),
        });
        for t in [
            "e5-e7",
            "E5 - E7",
            "e5–e7",
            "harvest e5 e7",
            "HARVEST E5 E7",
        ] {
            assert_eq!(parse_notation(t, 10), harvest, "{t}");
        }
        let sow = Ok(Notation::Sow {
            from: s("e6"),
            to: Target::Square(s("e8")),
        });
        for t in ["e6=e8", "sow e6 e8", "e6 = e8"] {
            assert_eq!(parse_notation(t, 10), sow, "{t}");
        }
        assert_eq!(
            parse_notation("harvest e5 n", 10),
            Ok(Notation::Harvest {
                from: s("e5"),
                to: Target::Direction(Direction::N)
            })
        );
        assert_eq!(
            parse_notation("sow e6 NE", 10),
            Ok(Notation::Sow {
                from: s("e6"),
                to: Target::Direction(Direction::NE)
            })
        );
        assert_eq!(parse_notation("Pass", 10), Ok(Notation::Pass));
        assert_eq!(
            parse_notation("j10", 10),
            Ok(Notation::Place(vec![s("j10")]))
        );
    }

    #[test]
    fn ar16_unreadable_forms_say_why() {
        assert!(
            parse_notation("", 10)
                .unwrap_err()
                .to_string()
                .contains("no action given")
        );
        assert_eq!(
            parse_notation("k1", 10).unwrap_err().to_string(),
            "`k1` is not on this 10×10 board: squares run from a1 to j10"
        );
        assert!(
            parse_notation("harvest e5", 10)
                .unwrap_err()
                .to_string()
                .contains("harvest <from> <to>")
        );
        assert!(
            parse_notation("sow e5 up", 10)
                .unwrap_err()
                .to_string()
                .contains("direction")
        );
        assert!(
            parse_notation("e5-e6-e7", 10)
                .unwrap_err()
                .to_string()
                .contains("one separator")
        );
        assert!(
            parse_notation("hello", 10)
                .unwrap_err()
                .to_string()
                .contains("cannot read")
        );
        assert!(
            parse_notation("12", 10)
                .unwrap_err()
                .to_string()
                .contains("cannot read")
        );
    }
}
