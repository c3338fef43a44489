//! The Agros position text (see the crate's documentation): writing it, reading it back through the
//! checked constructor, and serde through the same text.

use super::{
    Content, DARK_SEED, FARMER, HARVEST, LIGHT_SEED, Phase, Position, STRIDE, Setup, decode,
    farmer_of, seat_name,
};
use crate::{PositionError, Seat};
use std::fmt;
use std::str::FromStr;

impl Position {
    fn validate(self) -> Result<Position, PositionError> {
        let n = self.farmers as usize;
        let err = |m: String| Err(PositionError(m));
        let expected: [usize; 2] = match self.phase {
            Phase::Opening(t) => {
                let t = t as usize;
                if t > n {
                    return err(format!("opening turn {} of {}", t + 1, n + 1));
                }
                if t.is_multiple_of(2) != (self.to_act == Seat::First) {
                    return err(format!(
                        "opening turn {} belongs to {}",
                        t + 1,
                        seat_name(if t.is_multiple_of(2) {
                            Seat::First
                        } else {
                            Seat::Second
                        })
                    ));
                }
                // Light places 1, then each turn 2; after t turns Light made ceil(t/2) turns.
                let light_turns = t.div_ceil(2);
                let dark_turns = t / 2;
                [
                    if light_turns == 0 {
                        0
                    } else {
                        2 * light_turns - 1
                    },
                    2 * dark_turns,
                ]
            }
            _ => [n, n],
        };
        for seat in Seat::BOTH {
            let have = self.placed[seat.index()] as usize;
            if have != expected[seat.index()] {
                return err(format!(
                    "{} has {have} farmers; at this point of the game it has {}",
                    seat_name(seat),
                    expected[seat.index()]
                ));
            }
        }
        if self.in_opening()
            && self.cells.iter().any(|&b| {
                b == LIGHT_SEED || b == DARK_SEED || (b & FARMER != 0 && b & HARVEST != 1)
            })
        {
            return err("seeds before the movement phase".into());
        }
        Ok(self)
    }

    /// Puts the squares of one rank of the position text (`rank` 0 at the bottom) on the board.
    fn read_rank(&mut self, rank: usize, text: &str) -> Result<(), PositionError> {
        let err = |m: String| Err(PositionError(m));
        let size = self.size();
        let farmers = self.farmers;
        let mut file = 0;
        let mut bytes = text.bytes().peekable();
        while let Some(b) = bytes.next() {
            if file >= size {
                return err(format!("rank {} is longer than {size} squares", rank + 1));
            }
            let i = rank * STRIDE + file;
            match b {
                b'.' => {}
                b'l' => self.cells[i] = LIGHT_SEED,
                b'd' => self.cells[i] = DARK_SEED,
                b'L' | b'D' => {
                    let seat = if b == b'L' { Seat::First } else { Seat::Second };
                    let mut h = 0u32;
                    while let Some(d) = bytes.peek().copied().filter(u8::is_ascii_digit) {
                        h = h * 10 + (d - b'0') as u32;
                        bytes.next();
                        if h > HARVEST as u32 {
                            return err(format!("harvest too large on rank {}", rank + 1));
                        }
                    }
                    if h == 0 {
                        return err(format!(
                            "a farmer on rank {} needs its harvest (1 or more), like L3",
                            rank + 1
                        ));
                    }
                    let si = seat.index();
                    if self.placed[si] >= farmers {
                        return err(format!(
                            "{} has more than {farmers} farmers",
                            seat_name(seat)
                        ));
                    }
                    self.cells[i] = farmer_of(seat, h as u8);
                    self.farmer_at[si][self.placed[si] as usize] = i as u8;
                    self.placed[si] += 1;
                }
                o => {
                    return err(format!(
                        "unexpected `{}` on rank {}",
                        String::from_utf8_lossy(&[o]),
                        rank + 1
                    ));
                }
            }
            file += 1;
        }
        if file != size {
            return err(format!("rank {} has {file} squares, not {size}", rank + 1));
        }
        Ok(())
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size();
        for rank in (0..n).rev() {
            for file in 0..n {
                match decode(self.cells[rank * STRIDE + file]) {
                    None => write!(f, ".")?,
                    Some(Content::Seed(Seat::First)) => write!(f, "l")?,
                    Some(Content::Seed(Seat::Second)) => write!(f, "d")?,
                    Some(Content::Farmer { seat, harvest }) => write!(
                        f,
                        "{}{harvest}",
                        if seat == Seat::First { 'L' } else { 'D' }
                    )?,
                }
            }
            if rank > 0 {
                write!(f, "/")?;
            }
        }
        let side = if self.to_act == Seat::First { 'l' } else { 'd' };
        write!(f, " {side} n{} ", self.farmers)?;
        match self.phase {
            Phase::Opening(t) => write!(f, "o{}", t + 1),
            Phase::Movement { passed: false } => write!(f, "m"),
            Phase::Movement { passed: true } => write!(f, "m+"),
            Phase::Over => write!(f, "end"),
        }
    }
}

impl FromStr for Position {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Position, PositionError> {
        let err = |m: String| Err(PositionError(m));
        let parts: Vec<&str> = s.split_whitespace().collect();
        let [board, side, farmers, phase] = parts[..] else {
            return err("expected `<ranks> <l|d> n<farmers> <o<turn>|m|m+|end>`".into());
        };
        let to_act = match side {
            "l" => Seat::First,
            "d" => Seat::Second,
            o => return err(format!("side to act must be l or d, not `{o}`")),
        };
        let farmers: u8 = match farmers.strip_prefix('n').and_then(|n| n.parse().ok()) {
            Some(n) => n,
            None => {
                return err(format!(
                    "expected the farmers per side like n5, not `{farmers}`"
                ));
            }
        };
        let ranks: Vec<&str> = board.split('/').collect();
        let size = ranks.len();
        let mut p = Position::new(Setup {
            board: size.min(255) as u8,
            farmers,
        })?;
        p.to_act = to_act;
        p.phase = match phase {
            "m" => Phase::Movement { passed: false },
            "m+" => Phase::Movement { passed: true },
            "end" => Phase::Over,
            o => match o.strip_prefix('o').and_then(|t| t.parse::<u8>().ok()) {
                Some(t) if t >= 1 => Phase::Opening(t - 1),
                _ => return err(format!("unknown phase `{o}`")),
            },
        };
        for (k, text) in ranks.iter().enumerate() {
            p.read_rank(size - 1 - k, text)?;
        }
        p.validate()
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
