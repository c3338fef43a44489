//! Writing the mails Agora sends: the threading headers, the reply address with its token, the
//! marks that keep auto-responders away, the text (with the ASCII board the service already put
//! in it) and the PNG picture of the board as an attachment.
//!
//! Pure: the caller chooses Message-IDs, tokens, subjects and the footer's words; this only
//! formats.

use crate::{MailError, MailSettings};
use lettre::Message;
use lettre::message::header::{ContentType, Header, HeaderName, HeaderValue};
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};

/// `Auto-Submitted: auto-replied` (RFC 3834): our mail answers a person's, so well-behaved
/// auto-responders (holiday notices) do not answer it back.
#[derive(Debug, Clone)]
struct AutoSubmitted;

impl Header for AutoSubmitted {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("Auto-Submitted")
    }
    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(AutoSubmitted)
    }
    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "auto-replied".into())
    }
}

/// `X-Auto-Response-Suppress: All`: the same request in Microsoft Exchange's words.
#[derive(Debug, Clone)]
struct SuppressAutoResponse;

impl Header for SuppressAutoResponse {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("X-Auto-Response-Suppress")
    }
    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(SuppressAutoResponse)
    }
    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "All".into())
    }
}

/// A mail to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outgoing {
    /// The recipient's address (without `mailto:`).
    pub to: String,
    pub subject: String,
    pub text: String,
    /// Without angle brackets.
    pub message_id: String,
    /// The mail this one answers, without angle brackets.
    pub in_reply_to: Option<String>,
    /// The thread so far, oldest first, without angle brackets.
    pub references: Vec<String>,
    /// The token of the Reply-To address; empty for the service's plain address.
    pub token: String,
    /// A PNG picture of the board.
    pub png: Option<Vec<u8>>,
    /// Other files: a game's record (`export`), a preview's picture.
    pub files: Vec<agora_service::Attachment>,
    /// The words under the signature separator (from `templates/mail_footer.txt`).
    pub footer: String,
}

/// The subject of every mail about a game, the same for the game's whole life:
/// `[Agora #12] Agon: alice vs bob`. Clients that thread by subject keep a game together; the
/// prefix also tells people which game a mail is about at a glance. What changes (whose turn it
/// is, the result) is said in the text.
pub fn game_subject(id: i64, title: &str, first: &str, second: &str) -> String {
    format!("[Agora #{id}] {title}: {first} vs {second}")
}

/// The subject of an answer to a mail that was not about a game.
pub fn reply_subject(theirs: &str) -> String {
    let theirs = theirs.trim();
    if theirs.is_empty() {
        "Agora".into()
    } else if theirs
        .get(..3)
        .is_some_and(|p| p.eq_ignore_ascii_case("re:"))
    {
        theirs.to_owned()
    } else {
        format!("Re: {theirs}")
    }
}

/// A Message-ID of ours, unique by `unique`, without angle brackets.
pub fn message_id(unique: &str, settings: &MailSettings) -> String {
    let (_, domain) = settings.address_parts();
    format!("{unique}@{domain}")
}

fn mailbox(address: &str, name: Option<&str>) -> Result<Mailbox, MailError> {
    let parsed = address
        .parse()
        .map_err(|e| MailError::Compose(format!("address `{address}`: {e}")))?;
    Ok(Mailbox::new(name.map(str::to_owned), parsed))
}

/// The complete mail as bytes, ready for SMTP.
pub fn build(settings: &MailSettings, m: &Outgoing) -> Result<Vec<u8>, MailError> {
    let (local, domain) = settings.address_parts();
    let reply_to = if m.token.is_empty() {
        settings.address.clone()
    } else {
        crate::token::reply_address(local, domain, &m.token)
    };
    let mut builder = Message::builder()
        .from(mailbox(&settings.address, Some(&settings.display_name))?)
        .reply_to(mailbox(&reply_to, Some(&settings.display_name))?)
        .to(mailbox(&m.to, None)?)
        .subject(m.subject.clone())
        .message_id(Some(format!("<{}>", m.message_id)))
        .header(AutoSubmitted)
        .header(SuppressAutoResponse);
    if let Some(parent) = &m.in_reply_to {
        builder = builder.in_reply_to(format!("<{parent}>"));
    }
    if !m.references.is_empty() {
        let refs: Vec<String> = m.references.iter().map(|r| format!("<{r}>")).collect();
        builder = builder.references(refs.join(" "));
    }
    // The footer goes under a signature separator, so a reply that keeps it, quoted or not, never
    // turns it into commands.
    let mut text = m.text.trim_end().to_owned();
    text.push_str("\n\n-- \n");
    text.push_str(m.footer.trim());
    text.push('\n');
    let message = if m.png.is_none() && m.files.is_empty() {
        builder.singlepart(SinglePart::plain(text))
    } else {
        let content_type =
            |t: &str| ContentType::parse(t).map_err(|e| MailError::Compose(e.to_string()));
        let mut parts = MultiPart::mixed().singlepart(SinglePart::plain(text));
        if let Some(png) = &m.png {
            parts = parts.singlepart(
                Attachment::new("board.png".into()).body(png.clone(), content_type("image/png")?),
            );
        }
        for file in &m.files {
            parts = parts.singlepart(
                Attachment::new(file.name.clone())
                    .body(file.bytes.clone(), content_type(file.content_type)?),
            );
        }
        builder.multipart(parts)
    }
    .map_err(|e| MailError::Compose(e.to_string()))?;
    Ok(message.formatted())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Handled, ImapSettings, Security, SmtpSettings};
    use std::time::Duration;

    pub(crate) fn settings() -> MailSettings {
        MailSettings {
            address: "agora@example.test".into(),
            display_name: "Agora".into(),
            imap: ImapSettings {
                host: "127.0.0.1".into(),
                port: 143,
                security: Security::Plain,
                user: "agora@example.test".into(),
                password: "secret".into(),
                mailbox: "INBOX".into(),
                handled: Handled::Flag("$AgoraHandled".into()),
                put_aside_flag: "$AgoraPutAside".into(),
                idle: true,
                poll: Duration::from_secs(30),
                command_timeout: Duration::from_secs(60),
                ca_file: None,
            },
            smtp: SmtpSettings {
                host: "127.0.0.1".into(),
                port: 25,
                security: Security::Plain,
                credentials: None,
                ca_file: None,
                timeout: Duration::from_secs(60),
                parallel: 4,
                pass: Duration::from_secs(120),
            },
            max_bytes: 256 * 1024,
            per_sender_per_hour: 60,
            per_domain_per_hour: 1000,
            unauthenticated_per_hour: 1000,
            code_lifetime: chrono::Duration::hours(48),
            wrong_codes_per_day: 5,
            trust_authentication_results: None,
            png: true,
            png_size: 400,
            max_attempts: 5,
            lease: std::time::Duration::from_secs(60),
        }
    }

    #[test]
    fn headers_thread_and_mark_the_mail() {
        let s = settings();
        let m = Outgoing {
            files: Vec::new(),
            to: "ann@example.org".into(),
            subject: game_subject(12, "Agon", "alice", "bob"),
            text: "Game 12: bob played e4\n\n  board\n".into(),
            message_id: message_id("outbox-7", &s),
            in_reply_to: Some("m1@example.org".into()),
            references: vec!["agora-game-12@example.test".into(), "m1@example.org".into()],
            token: "abcdefghjkmnpqrstuvw".into(),
            png: Some(vec![0x89, b'P', b'N', b'G']),
            footer: "Keep the reply address as it is.".into(),
        };
        let bytes = build(&s, &m).unwrap();
        let parsed = mail_parser::MessageParser::default().parse(&bytes).unwrap();
        assert_eq!(parsed.message_id(), Some("outbox-7@example.test"));
        assert_eq!(parsed.subject(), Some("[Agora #12] Agon: alice vs bob"));
        assert_eq!(
            parsed.header_raw("Auto-Submitted").map(str::trim),
            Some("auto-replied")
        );
        let reply_to = parsed
            .reply_to()
            .and_then(|a| a.first())
            .and_then(|a| a.address());
        assert_eq!(reply_to, Some("agora+abcdefghjkmnpqrstuvw@example.test"));
        assert_eq!(parsed.in_reply_to().as_text(), Some("m1@example.org"));
        assert_eq!(parsed.attachment_count(), 1);
        let body = parsed.body_text(0).unwrap().replace("\r\n", "\n");
        assert!(body.contains("bob played e4"));
        assert!(
            body.ends_with("\n-- \nKeep the reply address as it is.\n"),
            "{body:?}"
        );
        // The signature separator keeps a quoted footer out of the commands of a reply.
        assert_eq!(
            crate::parse::commands(&body),
            vec!["Game 12: bob played e4", "board"]
        );
    }
}
