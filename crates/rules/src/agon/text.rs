//! The Agon position text (see the crate's documentation): writing it, reading it back through the
//! checked constructor, and serde through the same text.

use super::{Cell, Kind, Piece, Position, board};
use crate::{PositionError, Seat};
use std::fmt;
use std::str::FromStr;

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..11).rev() {
            let mut empty = 0;
            for number in 1.. {
                let Some(c) = Cell::from_row_number(row, number) else {
                    break;
                };
                match self.piece_at(c) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        let ch = match (p.seat, p.kind) {
                            (Seat::First, Kind::Queen) => 'Q',
                            (Seat::First, Kind::Guard) => 'G',
                            (Seat::Second, Kind::Queen) => 'q',
                            (Seat::Second, Kind::Guard) => 'g',
                        };
                        write!(f, "{ch}")?;
                        if p.captured {
                            write!(f, "*")?;
                        }
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if row > 0 {
                write!(f, "/")?;
            }
        }
        let side = if self.to_act == Seat::First { 'w' } else { 'b' };
        write!(f, " {side}")
    }
}

impl FromStr for Position {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Position, PositionError> {
        let err = |m: String| Err(PositionError(m));
        let mut parts = s.split_whitespace();
        let (Some(board), Some(side), None) = (parts.next(), parts.next(), parts.next()) else {
            return err("expected the rows and the side to act, like `<rows> w`".into());
        };
        let to_act = match side {
            "w" => Seat::First,
            "b" => Seat::Second,
            other => return err(format!("side to act must be w or b, not `{other}`")),
        };
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != 11 {
            return err(format!("expected 11 rows (k to a), found {}", rows.len()));
        }
        let mut pieces = Vec::new();
        for (i, text) in rows.iter().enumerate() {
            let row = 10 - i;
            let row_name = (b'a' + row as u8) as char;
            let mut number = 0usize;
            let mut bytes = text.bytes().peekable();
            while let Some(b) = bytes.next() {
                if b.is_ascii_digit() {
                    let mut run = (b - b'0') as usize;
                    while let Some(d) = bytes.peek().copied().filter(u8::is_ascii_digit) {
                        run = run * 10 + (d - b'0') as usize;
                        bytes.next();
                        if run > 11 {
                            break;
                        }
                    }
                    if run == 0 {
                        return err(format!("row {row_name}: an empty run of 0"));
                    }
                    number += run;
                    continue;
                }
                let (seat, kind) = match b {
                    b'Q' => (Seat::First, Kind::Queen),
                    b'G' => (Seat::First, Kind::Guard),
                    b'q' => (Seat::Second, Kind::Queen),
                    b'g' => (Seat::Second, Kind::Guard),
                    _ => {
                        return err(format!(
                            "row {row_name}: unexpected `{}`",
                            String::from_utf8_lossy(&[b])
                        ));
                    }
                };
                let captured = bytes.next_if_eq(&b'*').is_some();
                number += 1;
                let Some(c) = Cell::from_row_number(row, number) else {
                    return err(format!("row {row_name} is too long"));
                };
                pieces.push((
                    c,
                    Piece {
                        seat,
                        kind,
                        captured,
                    },
                ));
            }
            if Cell::from_row_number(row, number).is_none()
                || Cell::from_row_number(row, number + 1).is_some()
            {
                return err(format!(
                    "row {row_name} describes {number} cells; it has {}",
                    board::row_len(row)
                ));
            }
        }
        Position::from_pieces(pieces, to_act)
    }
}

impl serde::Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Position {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
