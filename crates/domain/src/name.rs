//! Player names as others see them. A name comes from whoever chose it (a Discord display name,
//! a mail's display name) and is shown to other people in game messages, mails and thread titles,
//! so it must not be able to hide text, reverse it, ping a crowd or carry a link.
//!
//! [`clean_name`] is the one place that decides what is left of a raw name. It is applied where
//! a name enters and again where a name is shown, so a name stored before it existed is shown
//! clean too.

use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// The most characters (not bytes) a shown name has.
pub const MAX_NAME_CHARS: usize = 32;

/// The name shown when nothing of a raw name is left.
pub const NEUTRAL_NAME: &str = "player";

/// What is left of a raw name once everything that could hide, reverse, ping or link is taken
/// out; `None` when nothing is left. See [`shown_name`] for the neutral fallback.
///
/// In order: control and format characters (bidirectional controls, zero-width characters, the
/// Unicode category Cf) and invisible fillers are dropped, and every kind of space becomes one
/// space; words that are links (`://`, `www.`, an invite) are dropped; Discord's mention and
/// timestamp tags (`<@…>`, `<#…>`, `<@&…>`, `<t:…>`) are dropped, and so are the characters that
/// make mentions or markdown (`@ # < > [ ] ( ) * ~ | \` and the backtick); runs of `_` shrink to
/// one; a word that is a link once they are gone is dropped too; spaces are collapsed and the
/// name is cut at [`MAX_NAME_CHARS`] characters.
pub fn clean_name(raw: &str) -> Option<String> {
    let visible: String = raw.chars().filter_map(visible_char).collect();
    let mut words = Vec::new();
    for word in visible.split_whitespace() {
        if is_link(word) {
            continue;
        }
        // Looked at again without its markup: `*www.e.vil` or `a:<t:1>//b` is a link once the
        // `*` or the tag is gone.
        let word = strip_markup(&without_tags(word));
        if !word.is_empty() && !is_link(&word) {
            words.push(word);
        }
    }
    let joined = words.join(" ");
    let cut: String = joined.chars().take(MAX_NAME_CHARS).collect();
    let cut = cut.trim();
    (!cut.is_empty()).then(|| cut.to_owned())
}

/// [`clean_name`], or [`NEUTRAL_NAME`] when nothing is left.
pub fn shown_name(raw: &str) -> String {
    clean_name(raw).unwrap_or_else(|| NEUTRAL_NAME.to_owned())
}

/// A character as it is kept: a space for every kind of space or line break, `None` for what
/// shows nothing or changes how the rest shows.
fn visible_char(c: char) -> Option<char> {
    use GeneralCategory as G;
    if c.is_whitespace() {
        return Some(' ');
    }
    // Letters that render as blank space and are used to fake empty or look-alike names.
    if matches!(
        c,
        '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' | '\u{2800}'
    ) {
        return None;
    }
    match c.general_category() {
        G::Control | G::Format | G::Surrogate | G::PrivateUse | G::Unassigned => None,
        G::SpaceSeparator | G::LineSeparator | G::ParagraphSeparator => Some(' '),
        _ => Some(c),
    }
}

/// Whether a word is (or holds) a link a client would make clickable.
fn is_link(word: &str) -> bool {
    let lower = word.to_lowercase();
    lower.contains("://")
        || lower.starts_with("www.")
        || lower.contains("discord.gg/")
        || lower.contains("discord.com/invite")
}

/// The word without `<…>` tags (Discord's mentions, channel links, role pings, timestamps and
/// custom emoji all take that form).
fn without_tags(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    let mut rest = word;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        match rest[open..].find('>') {
            Some(close) => rest = &rest[open + close + 1..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// The word without the characters that make mentions or markdown, with runs of `_` shrunk to
/// one (a single `_` is common in names and formats nothing on its own).
fn strip_markup(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    for c in word.chars() {
        if matches!(
            c,
            '@' | '#' | '<' | '>' | '[' | ']' | '(' | ')' | '*' | '~' | '|' | '`' | '\\'
        ) {
            continue;
        }
        if c == '_' && out.ends_with('_') {
            continue;
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_names_stay() {
        assert_eq!(clean_name("Ann").as_deref(), Some("Ann"));
        assert_eq!(clean_name("ann_smith").as_deref(), Some("ann_smith"));
        assert_eq!(clean_name("Grüße Привет").as_deref(), Some("Grüße Привет"));
        assert_eq!(clean_name("  Bo \t  Rad \n").as_deref(), Some("Bo Rad"));
    }

    #[test]
    fn hidden_and_reversing_characters_go() {
        for c in [
            '\u{200B}', '\u{200C}', '\u{200D}', '\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}',
            '\u{202C}', '\u{202D}', '\u{202E}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}',
            '\u{061C}', '\u{FEFF}', '\u{00AD}', '\u{0000}', '\u{0007}', '\u{001B}', '\u{007F}',
            '\u{3164}', '\u{E000}',
        ] {
            assert_eq!(
                clean_name(&format!("ev{c}il")).as_deref(),
                Some("evil"),
                "U+{:04X}",
                c as u32
            );
        }
        assert_eq!(clean_name("a\u{2028}b\u{00A0}c").as_deref(), Some("a b c"));
    }

    #[test]
    fn mentions_and_links_go() {
        assert_eq!(clean_name("@everyone").as_deref(), Some("everyone"));
        assert_eq!(clean_name("@here hi").as_deref(), Some("here hi"));
        assert_eq!(clean_name("<@123> <@&456> <#789> x").as_deref(), Some("x"));
        assert_eq!(clean_name("<t:1700000000:R>ann").as_deref(), Some("ann"));
        assert_eq!(clean_name("[x](http://e.vil)"), None);
        assert_eq!(clean_name("see www.e.vil now").as_deref(), Some("see now"));
        assert_eq!(clean_name("join discord.gg/abc").as_deref(), Some("join"));
        assert_eq!(clean_name("[click](x.y)").as_deref(), Some("clickx.y"));
        // Links that only show once the markup or a tag is taken out (found by fuzzing).
        assert_eq!(clean_name("*www."), None);
        assert_eq!(clean_name("hi [www.]e.vil").as_deref(), Some("hi"));
        assert_eq!(clean_name("a:<t:1>//b x").as_deref(), Some("x"));
        assert_eq!(clean_name("discord.gg<@1>/abc").as_deref(), None);
        assert_eq!(
            clean_name("**bold** ~~s~~ ||spoiler|| `code` > q").as_deref(),
            Some("bold s spoiler code q")
        );
        assert_eq!(clean_name("__under__").as_deref(), Some("_under_"));
        assert_eq!(clean_name("# Big").as_deref(), Some("Big"));
        assert_eq!(clean_name("<unclosed").as_deref(), None);
        assert_eq!(
            clean_name("a\u{200B}@\u{200B}everyone").as_deref(),
            Some("aeveryone")
        );
    }

    #[test]
    fn long_names_are_cut_on_characters() {
        let long = "é".repeat(100);
        let cut = clean_name(&long).unwrap();
        assert_eq!(cut.chars().count(), MAX_NAME_CHARS);
        let spaced = format!("{} x", "a".repeat(MAX_NAME_CHARS - 1));
        assert_eq!(clean_name(&spaced).unwrap(), "a".repeat(MAX_NAME_CHARS - 1));
        let emoji = "👍🏽".repeat(40);
        assert!(clean_name(&emoji).unwrap().chars().count() <= MAX_NAME_CHARS);
    }

    #[test]
    fn nothing_left_is_neutral() {
        assert_eq!(clean_name(""), None);
        assert_eq!(clean_name("\u{202E}\u{200B} @ <@1> ***"), None);
        assert_eq!(shown_name("\u{200B}"), NEUTRAL_NAME);
    }

    #[test]
    fn the_hostile_display_name_is_clean() {
        let raw = format!(
            "@everyone \u{202E}evil\u{200B} [x](http://e.vil) {}",
            "y".repeat(40)
        );
        let name = shown_name(&raw);
        assert!(name.chars().count() <= MAX_NAME_CHARS);
        assert!(name.starts_with("everyone evil y"), "{name}");
        assert!(!name.contains(['@', '\u{202E}', '\u{200B}', '[', '(']));
        assert!(!name.contains("://"));
    }

    #[test]
    fn any_text_gives_a_short_clean_name() {
        let pieces = [
            "a", "é", "<", ">", "@", "\u{202E}", "_", " ", "://", "[", "]", "(", "👍🏽", "\n", "#",
        ];
        // Every sequence of up to four pieces: no panic, always short and free of markup.
        let mut texts = vec![String::new()];
        for _ in 0..4 {
            let next: Vec<String> = texts
                .iter()
                .flat_map(|t| pieces.iter().map(move |p| format!("{t}{p}")))
                .collect();
            texts.extend(next);
            texts.dedup();
        }
        for text in &texts {
            if let Some(name) = clean_name(text) {
                assert!(name.chars().count() <= MAX_NAME_CHARS, "{text:?}");
                assert!(
                    !name.contains(['@', '<', '>', '[', '(', '\u{202E}', '\n']),
                    "{text:?}"
                );
                assert_eq!(name.trim(), name, "{text:?}");
            }
        }
    }
}
