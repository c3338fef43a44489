//! The mail front end's secrets, made and recognised: reply tokens, verification codes, and the
//! mail-only lines `verify <code>` and `revoke`.
//!
//! Every mail we send carries, in its Reply-To and nowhere else, the address
//! `agora+<token>@domain`, with a token made for that recipient and that game (or for the
//! recipient alone). A reply comes back to that address; a forger who never saw our mail cannot
//! guess it, and a leaked token is worth one player in one game at most. A verification code is
//! another secret: shorter (it is typed), used once, valid for a while, and guessed wrongly only
//! a few times a day. Both are kept through the service's mail desk.

use agora_service::commands::mail_line;
use rand::Rng;

/// Lower-case letters and digits without look-alikes, so a token survives being typed.
const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
/// 26 symbols of 31 are about 128.8 bits.
pub const LENGTH: usize = 26;
/// 10 symbols of 31 are about 49.5 bits: with a few guesses a day before it expires, no guess
/// finds it.
pub const CODE_LENGTH: usize = 10;

/// `len` random symbols of [`ALPHABET`]. `rand::rng()` is the thread's ChaCha12 generator, seeded
/// from the operating system and reseeded as it goes: a cryptographic generator.
fn random(len: usize) -> String {
    let mut rng = rand::rng();
    (0..len)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

/// A fresh random reply token.
pub fn generate() -> String {
    random(LENGTH)
}

/// A fresh random verification code.
pub fn code() -> String {
    random(CODE_LENGTH)
}

/// Whether a line is `revoke` (in any language: `herroep`, `spärra`), which replaces all the
/// sender's tokens with new ones.
pub fn revoke_command(line: &str) -> bool {
    let word = line.trim().trim_end_matches(['.', '!']);
    !word.contains(char::is_whitespace) && mail_line(word) == Some("revoke")
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

/// Whether a line is the address confirmation: `Some(Some(code))` for `verify <code>` (or its
/// Dutch or Swedish name: `verifieer`, `verifiera`; the code lower case, without quotes a person
/// may have copied around it), `Some(None)` for `verify` alone, which asks for the code; `None`
/// for any other line.
pub fn verify_command(line: &str) -> Option<Option<String>> {
    let mut words = line.split_whitespace();
    let first = words.next()?.trim_end_matches(':');
    if mail_line(first) != Some("verify") {
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
        assert_eq!(verify_command("verifieer abc"), Some(Some("abc".into())));
        assert_eq!(verify_command("Verifiera: abc"), Some(Some("abc".into())));
        assert_eq!(verify_command("bekräfta"), Some(None));
        assert!(revoke_command(" Revoke "));
        assert!(revoke_command("herroep"));
        assert!(revoke_command("Spärra."));
        assert!(revoke_command("sparra"));
        assert!(!revoke_command("spärra nu"));
        assert!(!revoke_command("revoke 3"));
    }

    #[test]
    fn tokens_have_128_bits_and_codes_differ() {
        assert!((LENGTH as f64) * (ALPHABET.len() as f64).log2() >= 128.0);
        let c = code();
        assert_eq!(c.len(), CODE_LENGTH);
        assert!(!is_token(&c));
        assert_ne!(c, code());
    }
}
