//! The player's guide, `docs/guide/en.md`, `nl.md` and `sv.md`, embedded and served at `/help`
//! as HTML inside the site's layout. Those files are the guide's one text: the page adds only the
//! links to the other languages and the service's command table, which goes where a file has the
//! line `<!-- commands -->`. Two things in a file depend on `[web]`:
//!
//! - the lines between `<!-- if NAME -->` and `<!-- end -->` (with an optional `<!-- else -->`
//!   between them) are kept when the setting NAME (`mail_address`, `discord_invite`) is set, and
//!   the lines after `else` when it is not;
//! - `{mail_address}` and `{discord_invite}`, in text or in a link's address, stand for the
//!   setting. It goes in as text, escaped by the HTML writer: a setting is never read as markdown
//!   or HTML.
//!
//! Any other HTML in a file, comments included, is left out of the page. This module renders; it
//! does not choose the language or read the configuration.

use agora_i18n::Language;
use pulldown_cmark::{CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd, TextMergeStream};
use serde::Serialize;

/// The guide's source in `lang`, as in the repository.
pub(crate) fn source(lang: Language) -> &'static str {
    match lang {
        Language::En => include_str!("../../../docs/guide/en.md"),
        Language::Nl => include_str!("../../../docs/guide/nl.md"),
        Language::Sv => include_str!("../../../docs/guide/sv.md"),
    }
}

/// The line where the page puts the command table.
pub(crate) const COMMANDS_MARK: &str = "<!-- commands -->";

/// The settings a guide may name; `None` (or empty) is not set.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Ways<'a> {
    pub mail_address: Option<&'a str>,
    pub discord_invite: Option<&'a str>,
}

impl<'a> Ways<'a> {
    /// The setting `name`, `Some(None)` when it is not set, `None` when no setting has that name.
    fn get(&self, name: &str) -> Option<Option<&'a str>> {
        let value = match name {
            "mail_address" => self.mail_address,
            "discord_invite" => self.discord_invite,
            _ => return None,
        };
        Some(value.filter(|v| !v.is_empty()))
    }
}

/// A guide as HTML: the text of its `#` heading, and what follows that heading, cut where the
/// command table goes (`after` is empty when a file has no such line).
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Guide {
    pub title: String,
    pub before: String,
    pub after: String,
}

/// The guide in `source` with `ways` filled in.
pub(crate) fn render(source: &str, ways: Ways) -> Guide {
    let kept = kept_lines(source, ways);
    let (before, after) = match kept.split_once(&format!("\n{COMMANDS_MARK}\n")) {
        Some((before, after)) => (before, after),
        None => (kept.as_str(), ""),
    };
    let mut title = None;
    let before = to_html(before, ways, &mut title);
    let after = to_html(after, ways, &mut title);
    Guide {
        title: title.unwrap_or_default(),
        before,
        after,
    }
}

/// The text of a line `<!-- … -->`, trimmed.
fn directive(line: &str) -> Option<&str> {
    line.trim()
        .strip_prefix("<!--")?
        .strip_suffix("-->")
        .map(str::trim)
}

/// The lines of `source` its `if` blocks keep, the directives themselves left out. A block on a
/// name that is no setting keeps nothing (the tests read every file, so none ships).
fn kept_lines(source: &str, ways: Ways) -> String {
    // Whether each open block's present branch is kept.
    let mut open: Vec<bool> = Vec::new();
    let mut out = String::with_capacity(source.len() + 1);
    out.push('\n');
    for line in source.lines() {
        match directive(line) {
            Some(d) if d.starts_with("if ") => {
                let set = ways.get(d[3..].trim()).is_some_and(|v| v.is_some());
                open.push(set);
                continue;
            }
            Some("else") => {
                if let Some(kept) = open.last_mut() {
                    *kept = !*kept;
                }
                continue;
            }
            Some("end") => {
                open.pop();
                continue;
            }
            _ => {}
        }
        if open.iter().all(|&kept| kept) {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// `text` with each `{name}` of a setting replaced by its value (nothing when unset), in one
/// pass, so that a value is never read again.
fn fill<'a>(text: CowStr<'a>, ways: Ways) -> CowStr<'a> {
    if !text.contains('{') {
        return text;
    }
    let mut out = String::with_capacity(text.len());
    let mut rest: &str = &text;
    while let Some(start) = rest.find('{') {
        out.push_str(&rest[..start]);
        let after = &rest[start + 1..];
        match after
            .split_once('}')
            .and_then(|(name, tail)| Some((ways.get(name)?, tail)))
        {
            Some((value, tail)) => {
                out.push_str(value.unwrap_or(""));
                rest = tail;
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out.into()
}

/// `markdown` as HTML, with the settings filled in and raw HTML left out; the first `#`
/// heading's text goes to `title` (once) instead of the HTML.
fn to_html(markdown: &str, ways: Ways, title: &mut Option<String>) -> String {
    let mut events = Vec::new();
    let mut in_title = false;
    let mut heading = String::new();
    let parser = TextMergeStream::new(Parser::new_ext(markdown, Options::ENABLE_TABLES));
    for event in parser {
        let event = match event {
            Event::Html(_)
            | Event::InlineHtml(_)
            | Event::Start(Tag::HtmlBlock)
            | Event::End(TagEnd::HtmlBlock) => continue,
            Event::Text(t) => Event::Text(fill(t, ways)),
            Event::Code(t) => Event::Code(fill(t, ways)),
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => Event::Start(Tag::Link {
                link_type,
                dest_url: fill(dest_url, ways),
                title,
                id,
            }),
            other => other,
        };
        match &event {
            Event::Start(Tag::Heading {
                level: HeadingLevel::H1,
                ..
            }) if title.is_none() => {
                in_title = true;
                continue;
            }
            Event::End(TagEnd::Heading(HeadingLevel::H1)) if in_title => {
                in_title = false;
                *title = Some(std::mem::take(&mut heading));
                continue;
            }
            Event::Text(t) | Event::Code(t) if in_title => {
                heading.push_str(t);
                continue;
            }
            _ if in_title => continue,
            _ => {}
        }
        events.push(event);
    }
    let mut html = String::with_capacity(markdown.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut html, events.into_iter());
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "# The guide\n\nIntro.\n\n## By e-mail\n\n<!-- if mail_address -->\n\
        Write to [{mail_address}](mailto:{mail_address}).\n<!-- else -->\nNo mail here.\n\
        <!-- end -->\n\n## Commands\n\n<!-- commands -->\n\n## After\n\n<b>bold</b> <!-- x --> done\n";

    #[test]
    fn a_setting_chooses_its_block_and_fills_its_place() {
        let set = render(
            SAMPLE,
            Ways {
                mail_address: Some("play@example.org"),
                discord_invite: None,
            },
        );
        assert_eq!(set.title, "The guide");
        assert!(!set.before.contains("<h1>"), "{}", set.before);
        assert!(
            set.before.contains(
                "<p>Write to <a href=\"mailto:play@example.org\">play@example.org</a>.</p>"
            ),
            "{}",
            set.before
        );
        assert!(!set.before.contains("No mail here"), "{}", set.before);
        assert!(
            set.before.ends_with("<h2>Commands</h2>\n"),
            "{}",
            set.before
        );
        assert!(set.after.starts_with("<h2>After</h2>"), "{}", set.after);

        for ways in [
            Ways::default(),
            Ways {
                mail_address: Some(""),
                ..Ways::default()
            },
        ] {
            let unset = render(SAMPLE, ways);
            assert!(
                unset.before.contains("<p>No mail here.</p>"),
                "{}",
                unset.before
            );
            assert!(!unset.before.contains("mailto"), "{}", unset.before);
        }
    }

    /// A setting is text on the page, never markup, in text and in an address alike.
    #[test]
    fn a_setting_is_escaped() {
        let hostile = r#"x"><script>alert(1)</script>@example.org"#;
        let guide = render(
            SAMPLE,
            Ways {
                mail_address: Some(hostile),
                discord_invite: None,
            },
        );
        assert!(!guide.before.contains("<script>"), "{}", guide.before);
        assert!(!guide.before.contains("x\">"), "{}", guide.before);
        assert!(guide.before.contains("&lt;script&gt;"), "{}", guide.before);
        // A value that looks like a placeholder is not filled again.
        assert_eq!(
            fill(
                "{mail_address} {other}".into(),
                Ways {
                    mail_address: Some("{discord_invite}"),
                    discord_invite: Some("no"),
                }
            )
            .as_ref(),
            "{discord_invite} {other}"
        );
    }

    #[test]
    fn raw_html_is_left_out() {
        let guide = render(SAMPLE, Ways::default());
        assert!(!guide.after.contains("<b>"), "{}", guide.after);
        assert!(!guide.after.contains("<!--"), "{}", guide.after);
        assert!(guide.after.contains("bold"), "{}", guide.after);
    }

    /// Every guide renders, with a title, the command table's place and each setting used only
    /// inside a block on it; and the three have the same shape: the same headings' levels and
    /// the same directives, in the same order.
    #[test]
    fn every_guide_has_the_same_shape() {
        let shape = |lang: Language| -> Vec<String> {
            source(lang)
                .lines()
                .filter_map(|l| {
                    if let Some(d) = directive(l) {
                        Some(d.to_owned())
                    } else if l.starts_with('#') {
                        Some(l.chars().take_while(|&c| c == '#').collect())
                    } else {
                        None
                    }
                })
                .collect()
        };
        let english = shape(Language::En);
        for lang in Language::ALL {
            assert_eq!(shape(lang), english, "docs/guide/{}.md", lang.code());
            let text = source(lang);
            assert_eq!(
                text.lines().filter(|l| l.starts_with("# ")).count(),
                1,
                "{lang}: one title"
            );
            assert_eq!(
                text.lines().filter(|&l| l == COMMANDS_MARK).count(),
                1,
                "{lang}: one place for the commands"
            );
            for ways in [
                Ways::default(),
                Ways {
                    mail_address: Some("play@agora.example.org"),
                    discord_invite: Some("https://discord.gg/agora"),
                },
            ] {
                let guide = render(text, ways);
                assert!(!guide.title.is_empty(), "{lang}");
                for html in [&guide.before, &guide.after] {
                    assert!(!html.contains("{mail_address}"), "{lang}: {html}");
                    assert!(!html.contains("{discord_invite}"), "{lang}: {html}");
                    assert!(!html.contains("<!--"), "{lang}: {html}");
                }
                let mailto = guide
                    .before
                    .contains("href=\"mailto:play@agora.example.org\"");
                assert_eq!(mailto, ways.mail_address.is_some(), "{lang}");
                let invite = guide.before.contains("href=\"https://discord.gg/agora\"");
                assert_eq!(invite, ways.discord_invite.is_some(), "{lang}");
            }
        }
    }
}
