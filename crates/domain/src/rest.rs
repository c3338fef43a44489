//! Weekly rest: the hours of a week in which a player's clock does not run, in their own zone.

use std::fmt;
use std::str::FromStr;

/// The longest night rest, in hours: a clock that rests longer than it runs is no clock.
pub const MAX_NIGHT_HOURS: u8 = 12;

/// When a player's clock rests each week, in their time zone: all of Saturday and Sunday
/// (`weekend`), every night from one whole hour to another (`night 23-07`), both, or never (the
/// default). Written and read as `weekend`, `night 23-07`, `weekend night 23-07` or `off`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Rest {
    pub weekend: bool,
    /// The local hours (0–23) a night's rest starts and ends; it runs past midnight when the
    /// start is the later hour.
    pub night: Option<(u8, u8)>,
}

/// A rest in a time zone (an IANA name): what a turn's clock follows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ZonedRest {
    pub rest: Rest,
    pub zone: String,
}

/// Why a rest cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RestError {
    #[error("`{0}` is not a rest: use weekend, night 23-07 or off")]
    Word(String),
    #[error("`{0}` is not a night: use two hours, as in night 23-07")]
    Night(String),
    #[error("a night rests at most {MAX_NIGHT_HOURS} hours: `{0}` is {1}")]
    TooLong(String, u8),
}

impl Rest {
    /// No rest: the clock runs at every hour.
    pub const NONE: Rest = Rest {
        weekend: false,
        night: None,
    };

    /// Whether the clock rests at some hour of the week.
    pub fn is_some(self) -> bool {
        self.weekend || self.night.is_some()
    }

    /// Hours of a night's rest, `night 23-07` being 8.
    pub fn night_hours(start: u8, end: u8) -> u8 {
        (end + 24 - start) % 24
    }

    /// Reads a night's hours, `23-07` (also `23:00-07:00`, `23-7`).
    pub fn parse_night(hours: &str) -> Result<(u8, u8), RestError> {
        let bad = || RestError::Night(hours.to_owned());
        let (a, b) = hours.split_once('-').ok_or_else(bad)?;
        let hour = |s: &str| -> Result<u8, RestError> {
            let s = s.trim();
            let s = s.strip_suffix(":00").unwrap_or(s);
            match s.parse::<u8>() {
                Ok(h) if h < 24 && !s.is_empty() && s.len() <= 2 => Ok(h),
                _ => Err(bad()),
            }
        };
        let (start, end) = (hour(a)?, hour(b)?);
        match Rest::night_hours(start, end) {
            0 => Err(bad()),
            n if n > MAX_NIGHT_HOURS => Err(RestError::TooLong(hours.to_owned(), n)),
            _ => Ok((start, end)),
        }
    }
}

impl fmt::Display for Rest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.weekend, self.night) {
            (false, None) => f.write_str("off"),
            (true, None) => f.write_str("weekend"),
            (false, Some((a, b))) => write!(f, "night {a:02}-{b:02}"),
            (true, Some((a, b))) => write!(f, "weekend night {a:02}-{b:02}"),
        }
    }
}

/// Reads the written form (English words; the command parser maps Dutch and Swedish ones to
/// them first): `weekend`, `night 23-07`, both in either order, or `off`.
impl FromStr for Rest {
    type Err = RestError;
    fn from_str(s: &str) -> Result<Rest, RestError> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let mut rest = Rest::NONE;
        let mut i = 0;
        while i < words.len() {
            match words[i].to_ascii_lowercase().as_str() {
                "off" | "none" | "no" if words.len() == 1 => return Ok(Rest::NONE),
                "weekend" | "weekends" if !rest.weekend => rest.weekend = true,
                "night" | "nights" if rest.night.is_none() => {
                    let hours = words
                        .get(i + 1)
                        .ok_or_else(|| RestError::Night(String::new()))?;
                    rest.night = Some(Rest::parse_night(hours)?);
                    i += 1;
                }
                _ => return Err(RestError::Word(words[i].to_owned())),
            }
            i += 1;
        }
        if words.is_empty() {
            return Err(RestError::Word(String::new()));
        }
        Ok(rest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rests_are_written_and_read_back() {
        for rest in [
            Rest::NONE,
            Rest {
                weekend: true,
                night: None,
            },
            Rest {
                weekend: false,
                night: Some((23, 7)),
            },
            Rest {
                weekend: true,
                night: Some((0, 6)),
            },
        ] {
            assert_eq!(rest.to_string().parse::<Rest>(), Ok(rest));
        }
        assert_eq!(
            "night 22:00-06:00 weekend".parse::<Rest>(),
            Ok(Rest {
                weekend: true,
                night: Some((22, 6))
            })
        );
    }

    #[test]
    fn a_rest_that_is_no_rest_is_refused() {
        for bad in [
            "",
            "sunday",
            "night",
            "night 7",
            "night 7-7",
            "night 24-06",
            "night 18-08",
            "night -3-4",
            "weekend weekend",
            "off weekend",
        ] {
            assert!(bad.parse::<Rest>().is_err(), "{bad:?} was read");
        }
        assert_eq!(
            "night 18-08".parse::<Rest>(),
            Err(RestError::TooLong("18-08".into(), 14))
        );
    }
}
