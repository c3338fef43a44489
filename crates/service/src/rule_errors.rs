//! The rules engine's errors in the reader's language.
//!
//! `agora_rules` words its errors in English (its `Display`), and an [`ActionError`] carries only
//! that sentence. Here each error becomes a keyed [`Text`]: a [`VariantError`] by its variant and
//! fields, an [`ActionError`] by recognising the sentence among the rules engine's own patterns
//! (the same `format!` strings, with their fields taken back out). A sentence none of them
//! matches is kept as it is, in `rule-other`, so nothing a player needs to read is lost.

use agora_i18n::{Text, text};
use agora_rules::{ActionError, VariantError};

/// A variant the game does not offer, as a text.
pub(crate) fn variant_error(e: &VariantError) -> Text {
    match e {
        VariantError::Board(n) => text!("rule-variant-board", board = *n),
        VariantError::Farmers(n) => text!("rule-variant-farmers", farmers = *n),
        VariantError::AgonOptions => text!("rule-variant-agon-options"),
    }
}

/// Why an action could not be read or is not legal, as a text.
pub(crate) fn action_error(e: &ActionError) -> Text {
    let (ActionError::Unreadable(message) | ActionError::Illegal(message)) = e;
    sentence(message)
}

/// The rules engine's sentences: the key and the pattern of its `format!` string, `{name}` for
/// a field. Fields named `piece` or `seat` are words of the game (queen, white, …) and are
/// translated with `rule-word`.
const PATTERNS: &[(&str, &str)] = &[
    ("rule-game-over", "the game is over"),
    ("rule-other-game", "that action belongs to the other game"),
    ("rule-guard-throne", "a guard may not enter the throne"),
    ("rule-no-piece", "there is no piece on {from}"),
    (
        "rule-not-yours",
        "the {piece} on {from} is {seat}'s; {me} is to act",
    ),
    (
        "rule-captured-cannot-step",
        "the {piece} on {from} is captured and cannot step: return it with {cell}=<cell>",
    ),
    (
        "rule-return-queen-first",
        "{seat} must first return the captured queen on {cell} (write {write}=<cell>)",
    ),
    (
        "rule-return-guard-first",
        "{seat} must first return a captured guard ({cells})",
    ),
    (
        "rule-not-next-to",
        "{to} is not next to {from}: a piece steps to a neighbouring cell",
    ),
    ("rule-not-empty", "{to} is not empty"),
    (
        "rule-steps-outward",
        "{action} steps outward (ring {outer} to ring {inner}): a piece steps sideways or inward",
    ),
    (
        "rule-between-enemies",
        "{to} stands between two enemy pieces ({cells})",
    ),
    (
        "rule-not-captured",
        "the {piece} on {from} is not captured, so it cannot be returned: write a step as {write}",
    ),
    (
        "rule-guard-outer-ring",
        "a returned guard goes to an empty cell of the outer ring, and {to} is in ring {ring}",
    ),
    (
        "rule-captured-must-return",
        "the {piece} on {from} is captured: {seat} must return {what} with {cell}=<cell>, e.g. {example}",
    ),
    (
        "rule-captures-nothing",
        "{action} captures nothing: write {write}",
    ),
    (
        "rule-captures-other",
        "{action} captures {actual}, not {given}: write {write}",
    ),
    (
        "rule-opening-no-pass",
        "no passing in the opening: place {hint} (AR-4)",
    ),
    (
        "rule-opening-places",
        "the opening places farmers, nothing moves yet: place {hint}",
    ),
    (
        "rule-opening-over",
        "the opening is over: harvest (like e5-e7), sow (like e6=e8) or pass",
    ),
    (
        "rule-off-board-size",
        "{square} is not on this {size} board",
    ),
    ("rule-no-farmer", "there is no farmer on {from}"),
    (
        "rule-seed-never-moves",
        "{from} holds a loose seed, and seeds never move",
    ),
    (
        "rule-not-straight",
        "{from} to {to} is not a straight line: a farmer moves orthogonally or diagonally",
    ),
    ("rule-is-sow", "{action} is a sow: write {write}"),
    ("rule-is-harvest", "{action} is a harvest: write {write}"),
    (
        "rule-harvest-not-empty",
        "{to} is not empty: a harvest lands on an empty square",
    ),
];

/// The text of one of the rules engine's sentences.
fn sentence(message: &str) -> Text {
    for (key, pattern) in PATTERNS {
        if let Some(fields) = capture(pattern, message) {
            let mut t = Text::new(key);
            for (name, value) in fields {
                let lang = crate::templates::answer_language();
                let value = match (name, value.as_str()) {
                    ("piece" | "seat" | "me", word) => {
                        text!("rule-word", word = word).in_lang(lang)
                    }
                    ("what", "the queen") => {
                        text!("rule-return-what", what = "queen").in_lang(lang)
                    }
                    ("what", "a guard") => text!("rule-return-what", what = "guard").in_lang(lang),
                    _ => value,
                };
                t = t.with(name, value);
            }
            return t;
        }
    }
    text!("rule-other", message = message)
}

/// The fields of `text` if it is `pattern` with its `{name}`s filled in. A field takes the
/// shortest run up to the literal text after it (all of the rest for a last field).
fn capture(pattern: &'static str, text: &str) -> Option<Vec<(&'static str, String)>> {
    let mut fields = Vec::new();
    let mut pat = pattern;
    let mut rest = text;
    loop {
        match pat.find('{') {
            None => return (pat == rest).then_some(fields),
            Some(open) => {
                let literal = &pat[..open];
                rest = rest.strip_prefix(literal)?;
                let close = open + pat[open..].find('}')?;
                let name = &pat[open + 1..close];
                pat = &pat[close + 1..];
                let next = pat.find('{').unwrap_or(pat.len());
                let after = &pat[..next];
                let end = if after.is_empty() {
                    if next == pat.len() {
                        rest.len()
                    } else {
                        return None;
                    }
                } else {
                    rest.find(after)?
                };
                if end == 0 {
                    return None;
                }
                fields.push((name, rest[..end].to_owned()));
                rest = &rest[end..];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_i18n::Language;

    #[test]
    fn sentences_of_the_rules_engine_are_keyed() {
        let t = sentence("the queen on f6 is black's; white is to act");
        assert_eq!(t.key, "rule-not-yours");
        assert_eq!(
            t.in_lang(Language::En),
            "the queen on f6 is black's; white is to act"
        );
        let t = sentence("k1 is not empty");
        assert_eq!(t.key, "rule-not-empty");
        assert_eq!(t.in_lang(Language::En), "k1 is not empty");
        let t = sentence("something new");
        assert_eq!(t.key, "rule-other");
        assert_eq!(t.in_lang(Language::En), "something new");
    }

    #[test]
    fn every_pattern_reads_back_as_itself_in_english() {
        for (key, pattern) in PATTERNS {
            let t = sentence(pattern);
            assert_eq!(t.key, *key, "{pattern}");
            assert_eq!(t.in_lang(Language::En), *pattern, "{key}");
        }
    }
}
