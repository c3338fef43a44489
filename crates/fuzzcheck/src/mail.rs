//! A received mail from raw bytes: the whole-mail and header-only parsers, what the front end then
//! reads out of the result (reply tokens, `verify`, `revoke`, the receiving server's
//! Authentication-Results, the commands) and the answer it builds from it.
//! Any bytes must give an `Incoming` and, from that, either a mail or an error, never a panic.

use agora_mail::compose::{self, Outgoing};
use agora_mail::{MailConfig, MailSettings, authres, parse, token};
use std::sync::{LazyLock, Once};

static SETTINGS: LazyLock<MailSettings> = LazyLock::new(|| {
    let config: MailConfig = toml::from_str(
        r#"
        address = "agora@example.test"
        [imap]
        host = "127.0.0.1"
        security = "plain"
        user = "agora@example.test"
        [smtp]
        host = "127.0.0.1"
        security = "plain"
        "#,
    )
    .expect("the fuzz settings are a valid [mail] section");
    config
        .into_settings("secret".into(), None)
        .expect("the fuzz settings are complete")
});

/// Target `mail_parse`: any bytes as a received mail.
pub fn mail_parse(raw: &[u8]) {
    let_known_parser_panic_unwind();
    let whole = parse::parse(raw);
    let head = parse::parse_header(raw);
    assert!(whole.commands.len() <= parse::MAX_COMMANDS);
    assert!(whole.auth_results.len() <= parse::MAX_AUTH_RESULTS);
    for value in &whole.auth_results {
        let _ = authres::parse(value);
    }
    let from_domain = whole.from.as_deref().map_or("", domain_of);
    let _ = authres::failure(&whole.auth_results, "mx.example.test", from_domain);
    for incoming in [&whole, &head] {
        let (local, domain) = SETTINGS.address_parts();
        for t in token::from_recipients(&incoming.recipients, local, domain) {
            assert!(token::is_token(&t));
        }
        answer(incoming);
    }
    for line in &whole.commands {
        let _ = token::verify_command(line);
        let _ = token::revoke_command(line);
        let _ = agora_service::commands::parse(line);
    }
    // The text helpers on their own, where the mail parser does not shape their input first.
    if let Ok(text) = std::str::from_utf8(raw) {
        let _ = parse::commands(&parse::html_to_text(text));
        let _ = parse::commands(text);
        let _ = token::verify_command(text);
        let _ = authres::parse(text);
        let _ = authres::failure(&[text.to_owned()], "mx.example.test", domain_of(text));
        let _ = compose::reply_subject(text);
    }
}

/// Builds the answer the front end would send to this mail; the result may be an error (an
/// address the mail library refuses), never a panic.
fn answer(incoming: &parse::Incoming) {
    let mut references = incoming.references.clone();
    references.extend(incoming.message_id.clone());
    let outgoing = Outgoing {
        to: incoming
            .from
            .clone()
            .unwrap_or_else(|| "someone@example.test".into()),
        subject: compose::reply_subject(&incoming.subject),
        text: format!("Hello {}", incoming.name.as_deref().unwrap_or("")),
        message_id: compose::message_id("reply.fuzz", &SETTINGS),
        in_reply_to: incoming.message_id.clone(),
        references,
        token: token::generate(),
        png: None,
        files: Vec::new(),
        footer: incoming.commands.join("\n"),
    };
    let _ = compose::build(&SETTINGS, &outgoing);
}

/// The domain of an address, as the front end takes it from the From.
fn domain_of(address: &str) -> &str {
    address.rsplit_once('@').map_or("", |(_, domain)| domain)
}

/// mail-parser 0.11 stops on a `debug_assert!` in its part walk for some malformed multiparts
/// (`crates/mail/tests/it/fuzz_regressions.rs`), and `parse` catches that panic. The fuzzer's own
/// panic hook aborts before any catch, so it is skipped for that known panic alone (in the tests
/// the default hook is skipped the same way, which only keeps the known panic's message out of
/// their output).
fn let_known_parser_panic_unwind() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let fuzzer_hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let in_part_walk = info.location().is_some_and(|l| {
                l.file().contains("mail-parser") && l.file().ends_with("message.rs")
            });
            let known = info
                .payload_as_str()
                .is_some_and(|m| m.starts_with("Invalid part ID"));
            if !(in_part_walk && known) {
                fuzzer_hook(info);
            }
        }));
    });
}
