//! Reading one received mail: who sent it, what it answers, whether a machine sent it, and the
//! commands a person typed in it.
//!
//! Everything here is pure and total: any bytes give an [`Incoming`] (possibly with no sender and
//! no commands), never a panic, whatever the charset or MIME structure. It does not decide trust
//! or talk to the service; [`crate::front`] does.

use mail_parser::{Addr, HeaderValue, Message, MessageParser, MimeHeaders};

/// The most commands taken from one mail; the rest is ignored, so a pasted essay cannot make the
/// service answer a hundred times.
pub const MAX_COMMANDS: usize = 10;
/// Longer lines are not commands (a pasted paragraph, base64 junk).
const MAX_COMMAND_LEN: usize = 200;

/// A received mail, reduced to what the front end needs.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Incoming {
    /// The From address, lower case; `None` when there is no usable one.
    pub from: Option<String>,
    /// The From display name, offered to the service as a first-time player's name.
    pub name: Option<String>,
    /// The Message-ID without angle brackets.
    pub message_id: Option<String>,
    /// References then In-Reply-To, without angle brackets, oldest first.
    pub references: Vec<String>,
    pub subject: String,
    /// Every address it was sent to (To, Cc, Delivered-To, X-Original-To), lower case: a reply
    /// token comes back in one of them.
    pub recipients: Vec<String>,
    /// Why this mail came from a machine and must get no answer, if it did.
    pub automatic: Option<&'static str>,
    /// The commands, in order.
    pub commands: Vec<String>,
    /// The values of its Authentication-Results headers (unfolded), at most
    /// [`MAX_AUTH_RESULTS`]; whose they are is for [`crate::authres`] to judge.
    pub auth_results: Vec<String>,
    /// When it reached the mailbox: the receiving server's time (IMAP INTERNALDATE), set by the
    /// reader, never taken from the mail's own headers, which its sender writes.
    pub arrived_at: Option<chrono::DateTime<chrono::Utc>>,
}

/// The most Authentication-Results headers read from one mail: a receiving server adds one, a few
/// relays a few more; hundreds would be an attempt to make reading them slow.
pub const MAX_AUTH_RESULTS: usize = 20;

/// Parses a whole mail. Bytes that are not a mail at all give an empty [`Incoming`].
pub fn parse(raw: &[u8]) -> Incoming {
    let Some(message) = unless_parser_panics(|| MessageParser::default().parse(raw)) else {
        return Incoming {
            automatic: Some("not a mail"),
            ..Incoming::default()
        };
    };
    let mut incoming = headers(&message, raw);
    // A text part is what the person typed; an HTML-only mail is turned into text here, where
    // block elements become lines and quoted blocks are dropped (mail-parser's own conversion
    // runs block elements together).
    let text = match message.text_part(0) {
        Some(part) if part.is_text_html() => html_to_text(part.text_contents().unwrap_or("")),
        Some(_) => message
            .body_text(0)
            .map(|t| t.into_owned())
            .unwrap_or_default(),
        None => message
            .body_html(0)
            .map(|h| html_to_text(&h))
            .unwrap_or_default(),
    };
    incoming.commands = commands(&text);
    if incoming.commands.is_empty() {
        // A mail with an empty body may carry its command in the subject (`help`).
        let subject = incoming.subject.trim();
        let is_reply = subject
            .get(..3)
            .is_some_and(|p| p.eq_ignore_ascii_case("re:"));
        if !subject.is_empty() && !is_reply && !subject.starts_with('[') {
            incoming.commands = commands(subject);
        }
    }
    incoming
}

/// Parses only the header of a mail (for one too large to read whole).
pub fn parse_header(raw: &[u8]) -> Incoming {
    match unless_parser_panics(|| MessageParser::default().parse_headers(raw)) {
        Some(message) => headers(&message, raw),
        None => Incoming {
            automatic: Some("not a mail"),
            ..Incoming::default()
        },
    }
}

/// The parser's result, or `None` if it panics: mail-parser 0.11 reaches a `debug_assert!` on some
/// malformed multipart nesting, and one hostile mail must not stop the mailbox from being read.
fn unless_parser_panics<T>(parse: impl FnOnce() -> Option<T>) -> Option<T> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(parse))
        .ok()
        .flatten()
}

fn headers(message: &Message<'_>, raw: &[u8]) -> Incoming {
    let first = message.from().and_then(|a| a.first());
    let from = first.and_then(address_of);
    let name = first
        .and_then(|a| a.name())
        .map(|n| n.trim().to_owned())
        .filter(|n| !n.is_empty());
    let mut references = ids(message.references());
    for id in ids(message.in_reply_to()) {
        if !references.contains(&id) {
            references.push(id);
        }
    }
    let mut recipients = Vec::new();
    for list in [message.to(), message.cc()].into_iter().flatten() {
        recipients.extend(list.iter().filter_map(address_of));
    }
    for header in ["Delivered-To", "X-Original-To", "Envelope-To"] {
        for value in message.header_values(header) {
            if let Some(text) = value.as_text() {
                recipients.push(strip_angles(text).to_ascii_lowercase());
            }
        }
    }
    let mut incoming = Incoming {
        automatic: None,
        from,
        name,
        message_id: message.message_id().map(|id| strip_angles(id).to_owned()),
        references,
        subject: message.subject().unwrap_or("").trim().to_owned(),
        recipients,
        commands: Vec::new(),
        auth_results: auth_results(message, raw),
        arrived_at: None,
    };
    incoming.automatic = automatic(message, incoming.from.as_deref());
    incoming
}

/// The raw values of the Authentication-Results headers, unfolded, read from the mail's bytes
/// (the parser's offsets) so that nothing of them is lost to its idea of the header.
fn auth_results(message: &Message<'_>, raw: &[u8]) -> Vec<String> {
    message
        .headers()
        .iter()
        .filter(|h| {
            h.name
                .as_str()
                .eq_ignore_ascii_case("Authentication-Results")
        })
        .filter_map(|h| raw.get(h.offset_start as usize..h.offset_end as usize))
        .take(MAX_AUTH_RESULTS)
        .map(|bytes| {
            String::from_utf8_lossy(bytes)
                .split(['\r', '\n'])
                .collect::<Vec<_>>()
                .join(" ")
                .trim()
                .to_owned()
        })
        .collect()
}

fn address_of(addr: &Addr<'_>) -> Option<String> {
    let a = addr.address()?.trim();
    // An address a reply can go to: one `@`, something on each side, no spaces or brackets.
    let (local, domain) = a.rsplit_once('@')?;
    let ok = !local.is_empty()
        && domain.contains('.')
        && !a
            .chars()
            .any(|c| c.is_whitespace() || "<>()[],;:\"\\".contains(c));
    ok.then(|| a.to_ascii_lowercase())
}

fn ids(value: &HeaderValue<'_>) -> Vec<String> {
    match value {
        HeaderValue::Text(t) => vec![strip_angles(t).to_owned()],
        HeaderValue::TextList(list) => list.iter().map(|t| strip_angles(t).to_owned()).collect(),
        _ => Vec::new(),
    }
}

fn strip_angles(s: &str) -> &str {
    s.trim().trim_start_matches('<').trim_end_matches('>')
}

/// Why a mail was sent by a machine (RFC 3834 and common practice), so answering it could start a
/// loop or answer a bounce; `None` for mail from a person.
fn automatic(message: &Message<'_>, from: Option<&str>) -> Option<&'static str> {
    let raw = |name: &str| {
        message
            .header_raw(name)
            .map(|v| v.trim().to_ascii_lowercase())
    };
    if let Some(v) = raw("Auto-Submitted") {
        let keyword = v.split(';').next().unwrap_or("").trim();
        if keyword != "no" {
            return Some("Auto-Submitted");
        }
    }
    if let Some(ct) = message.content_type()
        && ct.ctype().eq_ignore_ascii_case("multipart")
        && ct
            .subtype()
            .is_some_and(|s| s.eq_ignore_ascii_case("report"))
    {
        return Some("delivery or disposition report");
    }
    if let Some(v) = raw("Return-Path")
        && matches!(v.as_str(), "<>" | "" | "< >")
    {
        return Some("empty Return-Path");
    }
    if let Some(v) = raw("Precedence")
        && matches!(v.as_str(), "bulk" | "list" | "junk")
    {
        return Some("Precedence");
    }
    if raw("X-Autoreply").is_some() || raw("X-Autorespond").is_some() {
        return Some("X-Autoreply");
    }
    if let Some(v) = raw("X-Auto-Response-Suppress")
        && (v.contains("all") || v.contains("oof") || v.contains("autoreply"))
    {
        return Some("X-Auto-Response-Suppress");
    }
    if raw("List-Id").is_some() || raw("List-Unsubscribe").is_some() {
        return Some("mailing list");
    }
    let Some(from) = from else {
        return Some("no sender address");
    };
    let local = from.split('@').next().unwrap_or("");
    let machine = [
        "mailer-daemon",
        "postmaster",
        "noreply",
        "no-reply",
        "no_reply",
        "donotreply",
    ]
    .iter()
    .any(|m| local == *m || local.starts_with(&format!("{m}+")))
        || local.contains("do-not-reply")
        || local.starts_with("bounce")
        || local.starts_with("owner-")
        || local.ends_with("-request");
    machine.then_some("machine sender address")
}

/// The text of an HTML mail as its writer saw it: one line per block element, without quoted
/// blocks (`<blockquote>`, Gmail's and Outlook's reply containers), scripts and styles.
pub fn html_to_text(html: &str) -> String {
    let lower = html.to_ascii_lowercase();
    // Everything from a reply container on is the quoted original.
    let mut end = html.len();
    for marker in [
        "class=\"gmail_quote",
        "class=\"gmail_attr",
        "id=\"divrplyfwdmsg",
        "class=\"moz-cite-prefix",
        "id=\"appendonsend",
        "<hr",
    ] {
        if let Some(at) = lower.find(marker) {
            let tag_start = lower[..at].rfind('<').unwrap_or(at);
            end = end.min(tag_start);
        }
    }
    let mut out = String::new();
    // Depth inside elements whose content is not the writer's text.
    let mut skip_depth = 0usize;
    let mut rest = &html[..end];
    while let Some(lt) = rest.find('<') {
        if skip_depth == 0 {
            out.push_str(&rest[..lt]);
        }
        let Some(gt) = rest[lt..].find('>') else {
            rest = "";
            break;
        };
        let tag = rest[lt + 1..lt + gt].trim().to_ascii_lowercase();
        rest = &rest[lt + gt + 1..];
        let closing = tag.starts_with('/');
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        if matches!(
            name.as_str(),
            "blockquote" | "script" | "style" | "head" | "title"
        ) {
            if closing {
                skip_depth = skip_depth.saturating_sub(1);
            } else if !tag.ends_with('/') {
                skip_depth += 1;
            }
            continue;
        }
        let block = matches!(
            name.as_str(),
            "br" | "p"
                | "div"
                | "li"
                | "tr"
                | "h1"
                | "h2"
                | "h3"
                | "h4"
                | "h5"
                | "h6"
                | "pre"
                | "table"
        );
        if block && skip_depth == 0 {
            out.push('\n');
        }
    }
    if skip_depth == 0 {
        out.push_str(rest);
    }
    decode_entities(&out)
}

fn decode_entities(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        // An entity is short; looking further would treat prose as one.
        let semi = rest
            .char_indices()
            .take(12)
            .find(|(_, c)| *c == ';')
            .map(|(i, _)| i);
        let decoded = semi.and_then(|semi| {
            let entity = &rest[1..semi];
            let c = match entity {
                "nbsp" => Some(' '),
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                e if e.starts_with("#x") || e.starts_with("#X") => u32::from_str_radix(&e[2..], 16)
                    .ok()
                    .and_then(char::from_u32),
                e if e.starts_with('#') => e[1..].parse().ok().and_then(char::from_u32),
                _ => None,
            };
            c.map(|c| (c, semi))
        });
        match decoded {
            Some((c, semi)) => {
                out.push(c);
                rest = &rest[semi + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The commands in a mail's text: one per line, in order, after removing what a person did not
/// type as a command for us (quotes, the reply header before a quote, signatures, forwarded
/// parts, footers of phones and mail services).
pub fn commands(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_matches(|c: char| c.is_whitespace() || c == '\u{a0}');
        if ends_body(trimmed, lines.get(i + 1).map(|l| l.trim())) {
            break;
        }
        if trimmed.is_empty()
            || trimmed.starts_with('>')
            || trimmed.chars().count() > MAX_COMMAND_LEN
        {
            continue;
        }
        // Some clients wrap commands in the text they send (`*accept*` from HTML bold).
        let command = trimmed.trim_matches(|c| c == '*' || c == '_').trim();
        if command.is_empty() || command.chars().all(|c| !c.is_alphanumeric()) {
            continue;
        }
        out.push(command.to_owned());
        if out.len() == MAX_COMMANDS {
            break;
        }
    }
    out
}

/// Whether everything from this line on is not the sender's own text.
fn ends_body(line: &str, next: Option<&str>) -> bool {
    let lower = line.to_lowercase();
    // `-- ` is the standard signature separator; many clients strip its trailing space.
    if line == "--" || line == "—" {
        return true;
    }
    // The header of a quote: "On Tue, 3 Mar 2026, Ann <ann@x> wrote:", possibly wrapped over two
    // lines, and its usual translations.
    let attribution = |l: &str| {
        l.ends_with("wrote:")
            || l.ends_with("a écrit :")
            || l.ends_with("a écrit:")
            || l.ends_with("schrieb:")
            || l.ends_with("escribió:")
            || l.ends_with("scritto:")
            || l.ends_with("schreef:")
    };
    let starts_quote = ["on ", "le ", "am ", "el ", "il ", "op "]
        .iter()
        .any(|p| lower.starts_with(p));
    if starts_quote && (attribution(&lower) || next.is_some_and(|n| attribution(&n.to_lowercase())))
    {
        return true;
    }
    if lower.ends_with(" wrote:") && lower.contains('@') {
        return true;
    }
    let separators = [
        "-----original message-----",
        "----- original message -----",
        "---------- forwarded message",
        "-------- forwarded message",
        "begin forwarded message",
        "-------- original message --------",
        "sent from my ",
        "sent from mail for windows",
        "get outlook for ",
        "envoyé de mon ",
        "von meinem ",
    ];
    if separators.iter().any(|s| lower.starts_with(s)) {
        return true;
    }
    // Outlook's quote header and the rules of mailing-list and provider footers.
    if lower.starts_with("from: ")
        && next.is_some_and(|n| {
            let n = n.to_lowercase();
            n.starts_with("sent:") || n.starts_with("date:") || n.starts_with("to:")
        })
    {
        return true;
    }
    line.len() >= 10 && line.chars().all(|c| c == '_' || c == '=' || c == '-')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mail(headers: &str, body: &str) -> Vec<u8> {
        format!("{headers}\r\n\r\n{body}").into_bytes()
    }

    #[test]
    fn plain_text_with_quote_and_signature() {
        let raw = mail(
            "From: Ann Smith <Ann@Example.ORG>\r\nTo: agora+abc@example.test\r\nSubject: Re: [Agora #3] Agon\r\nMessage-ID: <m1@example.org>\r\nIn-Reply-To: <o1@agora>\r\nReferences: <root@agora> <o1@agora>",
            "e2-e4\r\n\r\nboard\r\n\r\nOn Tue, 3 Mar 2026 at 10:00, Agora <agora@example.test>\r\nwrote:\r\n> Your move\r\n> resign\r\n",
        );
        let m = parse(&raw);
        assert_eq!(m.from.as_deref(), Some("ann@example.org"));
        assert_eq!(m.name.as_deref(), Some("Ann Smith"));
        assert_eq!(m.message_id.as_deref(), Some("m1@example.org"));
        assert_eq!(m.references, vec!["root@agora", "o1@agora"]);
        assert_eq!(m.recipients, vec!["agora+abc@example.test"]);
        assert_eq!(m.commands, vec!["e2-e4", "board"]);
        assert_eq!(m.automatic, None);
    }

    #[test]
    fn every_authentication_results_header_is_kept_unfolded() {
        let raw = mail(
            "From: ann@example.org\r\nAuthentication-Results: mx.example.test;\r\n\tdmarc=fail (p=none)\r\nSubject: hi\r\nauthentication-results: other.example; spf=pass",
            "help",
        );
        let m = parse(&raw);
        assert_eq!(m.auth_results.len(), 2, "{:?}", m.auth_results);
        assert!(
            !m.auth_results[0].contains(['\r', '\n']),
            "{:?}",
            m.auth_results
        );
        let first = crate::authres::parse(&m.auth_results[0]).unwrap();
        assert_eq!(first.authserv_id, "mx.example.test");
        assert_eq!(first.results, [("dmarc".to_owned(), "fail".to_owned())]);
        assert_eq!(m.auth_results[1], "other.example; spf=pass");
        assert_eq!(parse_header(&raw).auth_results.len(), 2);
        let many = format!(
            "{}From: a@b.org",
            "Authentication-Results: x; none\r\n".repeat(50)
        );
        assert_eq!(parse(&mail(&many, "")).auth_results.len(), MAX_AUTH_RESULTS);
    }

    #[test]
    fn cleaning() {
        assert_eq!(commands("play a1\n-- \nAnn\nresign"), vec!["play a1"]);
        assert_eq!(commands("accept 4\n--\nAnn"), vec!["accept 4"]);
        assert_eq!(commands("> resign\naccept\n>> draw"), vec!["accept"]);
        assert_eq!(
            commands("help\n\nSent from my iPhone\nresign"),
            vec!["help"]
        );
        assert_eq!(
            commands("games\n---------- Forwarded message ---------\nFrom: x\nresign"),
            vec!["games"]
        );
        assert_eq!(
            commands("board 2\nFrom: Agora <agora@x>\nSent: Monday\nresign"),
            vec!["board 2"]
        );
        assert_eq!(commands("a\n__________________\nfooter"), vec!["a"]);
        assert_eq!(commands("*accept*\n   \n"), vec!["accept"]);
        assert_eq!(
            commands("Le 3 mars 2026, Agora a écrit :\n> x"),
            Vec::<String>::new()
        );
        let many = "help\n".repeat(50);
        assert_eq!(commands(&many).len(), MAX_COMMANDS);
    }

    #[test]
    fn html_only_mail_becomes_text() {
        let raw = mail(
            "From: bob@example.org\r\nTo: agora@example.test\r\nSubject: hi\r\nContent-Type: text/html; charset=utf-8",
            "<html><body><p>accept 7</p><p>board 7</p><div class=\"gmail_quote\">On Mon, Agora wrote:<blockquote>resign</blockquote></div></body></html>",
        );
        assert_eq!(parse(&raw).commands, vec!["accept 7", "board 7"]);
    }

    #[test]
    fn html_conversion() {
        assert_eq!(
            html_to_text(
                "<p>a&amp;b</p><blockquote><p>x</p><blockquote>y</blockquote>z</blockquote>c&#65;&lt;"
            ),
            "\na&b\ncA<"
        );
        assert_eq!(
            commands(&html_to_text(
                "e5<br>pass<div id=\"divRplyFwdMsg\">From: Agora</div>resign"
            )),
            vec!["e5", "pass"]
        );
        let _ = html_to_text("<unclosed");
        let _ = html_to_text("&#xffffffff; &#99999999999; & &é;");
        assert_eq!(html_to_text("&ééééééééééé;"), "&ééééééééééé;");
    }

    #[test]
    fn subject_command_when_body_is_empty() {
        let raw = mail("From: bob@example.org\r\nSubject: help", "");
        assert_eq!(parse(&raw).commands, vec!["help"]);
        let raw = mail("From: bob@example.org\r\nSubject: Re: help", "");
        assert!(parse(&raw).commands.is_empty());
    }

    #[test]
    fn automatic_mail() {
        let cases = [
            (
                "From: a@x.org\r\nAuto-Submitted: auto-replied",
                Some("Auto-Submitted"),
            ),
            ("From: a@x.org\r\nAuto-Submitted: no", None),
            ("From: a@x.org\r\nPrecedence: bulk", Some("Precedence")),
            (
                "From: a@x.org\r\nReturn-Path: <>",
                Some("empty Return-Path"),
            ),
            ("From: MAILER-DAEMON@x.org", Some("machine sender address")),
            ("From: no-reply@x.org", Some("machine sender address")),
            (
                "From: a@x.org\r\nContent-Type: multipart/report; report-type=delivery-status; boundary=b",
                Some("delivery or disposition report"),
            ),
            ("From: a@x.org\r\nX-Autoreply: yes", Some("X-Autoreply")),
            ("From: a@x.org\r\nList-Id: <l.x.org>", Some("mailing list")),
            ("Subject: nobody", Some("no sender address")),
        ];
        for (headers, want) in cases {
            assert_eq!(parse(&mail(headers, "help")).automatic, want, "{headers}");
        }
    }

    #[test]
    fn hostile_bytes_never_panic() {
        let inputs: Vec<Vec<u8>> = vec![
            Vec::new(),
            b"\xff\xfe\x00garbage".to_vec(),
            [
                b"From: a@x.org\r\nContent-Type: text/plain; charset=x-unknown-charset\r\n\r\nh"
                    .as_slice(),
                &[0xe9, 0xff],
                b"lp",
            ]
            .concat(),
            mail(
                "From: a@x.org\r\nContent-Type: multipart/mixed; boundary=zz",
                "--zz\r\nContent-Type: text/plain\r\n\r\nhelp\r\n--zz",
            ),
            mail(
                "From: a@x.org\r\nContent-Type: multipart/mixed",
                "no boundary at all",
            ),
            mail(
                "From: =?utf-8?b?!!!?= <a@x.org>\r\nSubject: =?koi8-r?B?9MXT1A==?=",
                "help",
            ),
            mail(
                "From: a@x.org\r\nContent-Transfer-Encoding: base64",
                "@@@not base64@@@",
            ),
        ];
        for raw in inputs {
            let _ = parse(&raw);
            let _ = parse_header(&raw);
        }
        let odd = mail(
            "From: a@x.org\r\nContent-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: quoted-printable",
            "help=0D=0Agames",
        );
        assert_eq!(parse(&odd).commands, vec!["help", "games"]);
    }
}
