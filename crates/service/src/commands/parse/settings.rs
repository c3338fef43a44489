//! The words of `vacation` and `settings …`: a vacation's length, and each setting's value (a
//! channel, a language, a digest hour, a weekly rest, the calendar).

use crate::commands::table::english_word;
use crate::commands::{Command, ParseError, VacationRequest};
use agora_domain::Channel;
use agora_i18n::{Text, text};

/// `vacation`, `vacation 7`, `vacation 7 days`, `vacation end`, from the (lowercase) words after
/// the command.
pub(in crate::commands) fn parse_vacation(args: &[String]) -> Result<Command, ParseError> {
    let usage = |problem: Text| ParseError::Usage {
        command: "vacation",
        problem,
    };
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    match words.as_slice() {
        [] => Ok(Command::Vacation(VacationRequest::Show)),
        ["end" | "stop" | "off" | "over"] => Ok(Command::Vacation(VacationRequest::End)),
        [n] | [n, "day" | "days" | "d"] => match n.trim_end_matches('d').parse::<u32>() {
            Ok(days) if days > 0 => Ok(Command::Vacation(VacationRequest::Days(days))),
            Ok(_) => Err(usage(text!("parse-problem-vacation-min"))),
            _ => Err(usage(text!("parse-problem-vacation-days", word = *n))),
        },
        [_, extra, ..] => Err(usage(text!("parse-problem-not-understood", word = *extra))),
    }
}

fn settings_usage(problem: Text) -> ParseError {
    ParseError::Usage {
        command: "settings",
        problem,
    }
}

/// The channel `settings notify` names.
pub(in crate::commands) fn notify(channel: &str) -> Result<Command, ParseError> {
    match english_word(channel).as_str() {
        "discord" => Ok(Command::Notify(Channel::Discord)),
        "email" | "e-mail" | "mail" => Ok(Command::Notify(Channel::Mail)),
        "terminal" | "local" => Ok(Command::Notify(Channel::Local)),
        other => Err(settings_usage(text!("parse-problem-channel", word = other))),
    }
}

/// The language `settings language` names.
pub(in crate::commands) fn language_setting(word: &str) -> Result<Command, ParseError> {
    agora_i18n::Language::parse(word)
        .map(Command::Language)
        .ok_or_else(|| settings_usage(text!("parse-problem-language", word = word)))
}

/// The hour `settings digest` names, or `off`.
pub(in crate::commands) fn digest(hour: &str) -> Result<Command, ParseError> {
    match english_word(hour).trim_end_matches(":00") {
        "off" | "none" | "no" => Ok(Command::Digest(None)),
        h => match h.parse::<u32>() {
            Ok(h) if h < 24 => Ok(Command::Digest(Some(h))),
            _ => Err(settings_usage(text!("parse-problem-hour", word = hour))),
        },
    }
}

/// The weekly rest `settings rest` names, its words in any language: `weekend`, `night 23-07`,
/// both, or `off`.
pub(in crate::commands) fn rest(words: &[String]) -> Result<Command, ParseError> {
    if words.is_empty() {
        return Err(settings_usage(text!("parse-problem-rest-missing")));
    }
    let english: Vec<String> = words.iter().map(|w| english_word(w)).collect();
    match english.join(" ").parse::<agora_domain::Rest>() {
        Ok(rest) => Ok(Command::Rest(rest)),
        Err(agora_domain::RestError::TooLong(hours, n)) => Err(settings_usage(text!(
            "parse-problem-rest-long",
            hours = hours,
            length = n,
            most = agora_domain::MAX_NIGHT_HOURS
        ))),
        Err(agora_domain::RestError::Night(hours)) if hours.is_empty() => {
            Err(settings_usage(text!("parse-problem-rest-night-missing")))
        }
        Err(agora_domain::RestError::Night(hours)) => Err(settings_usage(text!(
            "parse-problem-rest-night",
            hours = hours
        ))),
        Err(agora_domain::RestError::Word(word)) => {
            Err(settings_usage(text!("parse-problem-rest", word = word)))
        }
    }
}

/// `settings calendar` (a new address) or `settings calendar off`.
pub(in crate::commands) fn calendar(word: Option<&str>) -> Result<Command, ParseError> {
    match word.map(english_word).as_deref() {
        None | Some("new" | "on") => Ok(Command::Calendar(true)),
        Some("off" | "none" | "no") => Ok(Command::Calendar(false)),
        Some(other) => Err(settings_usage(text!(
            "parse-problem-calendar",
            word = other
        ))),
    }
}

pub(super) fn parse_settings(words: Vec<String>) -> Result<Command, ParseError> {
    let words: Vec<String> = match words.as_slice() {
        [key, rest @ ..] => std::iter::once(english_word(key))
            .chain(rest.iter().cloned())
            .collect(),
        [] => Vec::new(),
    };
    match words.as_slice() {
        [key, zone] if key.eq_ignore_ascii_case("timezone") || key.eq_ignore_ascii_case("tz") => {
            Ok(Command::Timezone(zone.clone()))
        }
        [key, channel] if key.eq_ignore_ascii_case("notify") => notify(channel),
        [key, hour] if key.eq_ignore_ascii_case("digest") => digest(hour),
        [key, language] if key.eq_ignore_ascii_case("language") => language_setting(language),
        [key, words @ ..] if key.eq_ignore_ascii_case("rest") => rest(words),
        [key] if key.eq_ignore_ascii_case("calendar") => calendar(None),
        [key, word] if key.eq_ignore_ascii_case("calendar") => calendar(Some(word)),
        [] => Err(settings_usage(text!("parse-problem-setting-missing"))),
        [key, ..] => Err(settings_usage(text!("parse-problem-setting", word = key))),
    }
}
