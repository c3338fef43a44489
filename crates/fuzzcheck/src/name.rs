//! Player names (`agora_domain::clean_name`) from any text, as a Discord display name or a mail's
//! display name brings them. What is left is what `clean_name` promises: at most
//! `MAX_NAME_CHARS` characters, trimmed, one space between words, nothing that hides or reverses
//! text, no mention or markdown character, no run of `_`, no word a client shows as a link; and
//! cleaning it again changes nothing (it is cleaned where it enters and again where it is shown).

use agora_domain::{MAX_NAME_CHARS, NEUTRAL_NAME, shown_name};
use unicode_properties::{GeneralCategory as G, UnicodeGeneralCategory};

/// The characters that make mentions or markdown, which a name never holds.
const MARKUP: [char; 13] = [
    '@', '#', '<', '>', '[', ']', '(', ')', '*', '~', '|', '`', '\\',
];

/// Letters that render as blank space, which a name never holds.
const FILLERS: [char; 5] = ['\u{115F}', '\u{1160}', '\u{3164}', '\u{FFA0}', '\u{2800}'];

/// Target `clean_name`: any UTF-8 text as a raw name.
pub fn clean_name(data: &[u8]) {
    let Some(raw) = crate::text(data) else {
        return;
    };
    let Some(name) = agora_domain::clean_name(raw) else {
        assert_eq!(shown_name(raw), NEUTRAL_NAME);
        return;
    };
    assert_eq!(shown_name(raw), name);
    assert!(!name.is_empty());
    assert!(
        name.chars().count() <= MAX_NAME_CHARS,
        "{name:?} is longer than {MAX_NAME_CHARS} characters"
    );
    assert!(
        !name.starts_with(' ') && !name.ends_with(' ') && !name.contains("  "),
        "{name:?} is not one space between words"
    );
    for c in name.chars() {
        let hidden = matches!(
            c.general_category(),
            G::Control
                | G::Format
                | G::Surrogate
                | G::PrivateUse
                | G::Unassigned
                | G::LineSeparator
                | G::ParagraphSeparator
        );
        let odd_space =
            c != ' ' && (c.is_whitespace() || c.general_category() == G::SpaceSeparator);
        assert!(
            !(hidden || odd_space || FILLERS.contains(&c) || MARKUP.contains(&c)),
            "{name:?} holds U+{:04X}",
            c as u32
        );
    }
    assert!(!name.contains("__"), "{name:?} holds a run of `_`");
    for word in name.split(' ') {
        let lower = word.to_lowercase();
        let link = lower.contains("://")
            || lower.starts_with("www.")
            || lower.contains("discord.gg/")
            || lower.contains("discord.com/invite");
        assert!(!link, "{name:?} holds the link {word:?}");
    }
    assert_eq!(
        agora_domain::clean_name(&name).as_deref(),
        Some(name.as_str()),
        "cleaning {name:?} again changes it"
    );
}
