//! Reply tokens: the secret that proves a mail is a reply to one we sent to that mailbox.
//!
//! Every mail we send carries, in its Reply-To, the address `agora+<token>@domain`, with a token
//! made for that recipient and that game (or for the recipient alone). A reply comes back to
//! that address; a forger who never saw our mail cannot guess it. Tokens are kept through the
//! service's mail desk; this module only makes and recognises them.

use rand::Rng;

/// Lower-case letters and digits without look-alikes, so a token survives being typed.
const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
/// 20 symbols of 31 are about 99 bits: not guessable.
pub const LENGTH: usize = 20;

/// A fresh random token.
pub fn generate() -> String {
    let mut rng = rand::rng();
    (0..LENGTH)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

/// Whether a string has the shape of a token (checked before any database lookup).
pub fn is_token(s: &str) -> bool {
    s.len() == LENGTH && s.bytes().all(|b| ALPHABET.contains(&b))
}

/// The plus address carrying a token: `agora+<token>@domain`.
pub fn reply_address(local: &str, domain: &str, token: &str) -> String {
    format!("{local}+{token}@{domain}")
}

/// The tokens found in these recipient addresses (`agora+<token>@domain`, any case).
pub fn from_recipients<'a>(
    recipients: impl IntoIterator<Item = &'a String>,
    local: &str,
    domain: &str,
) -> Vec<String> {
    let mut out = Vec::new();
    for r in recipients {
        let r = r.to_ascii_lowercase();
        let Some((l, d)) = r.rsplit_once('@') else {
            continue;
        };
        if !d.eq_ignore_ascii_case(domain) {
            continue;
        }
        if let Some((base, tag)) = l.split_once('+')
            && base.eq_ignore_ascii_case(local)
            && is_token(tag)
            && !out.iter().any(|t| t == tag)
        {
            out.push(tag.to_owned());
        }
    }
    out
}

/// Whether a line is the address confirmation: `Some(Some(code))` for `verify <code>` (the code
/// lower case, without quotes a person may have copied around it), `Some(None)` for `verify`
/// alone, which asks for the code; `None` for any other line.
pub fn verify_command(line: &str) -> Option<Option<String>> {
    let mut words = line.split_whitespace();
    let first = words.next()?.trim_end_matches(':');
    if !first.eq_ignore_ascii_case("verify") {
        return None;
    }
    let code = words
        .map(|w| w.trim_matches(|c| "`'\"<>".contains(c)))
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
        .to_ascii_lowercase();
    Some((!code.is_empty()).then_some(code))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_round_trip_through_addresses() {
        let t = generate();
        assert!(is_token(&t));
        assert_ne!(t, generate());
        let a = reply_address("agora", "example.test", &t);
        let found = from_recipients(
            &[
                a.to_uppercase(),
                "agora@example.test".into(),
                "bob@x.org".into(),
            ],
            "agora",
            "example.test",
        );
        assert_eq!(found, vec![t.clone()]);
        assert!(
            from_recipients(&[format!("agora+{t}@evil.test")], "agora", "example.test").is_empty()
        );
        assert!(
            from_recipients(
                &["agora+short@example.test".to_owned()],
                "agora",
                "example.test"
            )
            .is_empty()
        );
    }

    #[test]
    fn verify_lines() {
        assert_eq!(verify_command("Verify ABC"), Some(Some("abc".into())));
        assert_eq!(verify_command("verify: `abc`"), Some(Some("abc".into())));
        assert_eq!(verify_command("verify"), Some(None));
        assert_eq!(verify_command("verify a b"), Some(Some("a b".into())));
        assert_eq!(verify_command("play e4"), None);
        assert_eq!(verify_command("verifying"), None);
    }
}
