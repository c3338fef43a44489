//! Authentication-Results headers (RFC 8601): what the receiving mail server found when it checked
//! a mail's sender (SPF, DKIM, DMARC), and whether those findings say the From is forged.
//!
//! Anyone can write an Authentication-Results header into a mail, so only the headers of the one
//! server the operator names (its authserv-id, `[mail] trust_authentication_results`) count, and
//! that server must remove headers with its own id from incoming mail (RFC 8601 section 5).
//! This module only reads; [`crate::front`] decides what a failure means for the mail.
//!
//! Written by hand: no well-kept crate parses these headers (the mail crates that know them write
//! them), and the part needed here is small: the authserv-id, and each result's method and value,
//! with comments and quoted strings out of the way.

/// One Authentication-Results header, reduced to what is needed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuthResults {
    /// Who checked, lower case.
    pub authserv_id: String,
    /// Each result as `(method, result)`, lower case: `("dmarc", "fail")`.
    pub results: Vec<(String, String)>,
    /// For each result, the domain its `header.d` property names (a DKIM signature's signing
    /// domain), lower case, if it names one.
    pub domains: Vec<Option<String>>,
}

/// Parses one header's value; `None` when it has no authserv-id.
pub fn parse(value: &str) -> Option<AuthResults> {
    let mut segments = segments(value).into_iter();
    let first = segments.next()?;
    let authserv_id = unquote(first.split_whitespace().next()?).to_ascii_lowercase();
    if authserv_id.is_empty() {
        return None;
    }
    let (results, domains) = segments
        .filter_map(|segment| {
            let (method, rest) = segment.split_once('=')?;
            let method = method.split_whitespace().next()?;
            // `method/version`: the version says nothing about the result.
            let method = method.split('/').next().unwrap_or(method);
            let mut words = rest.split_whitespace();
            let result = unquote(words.next()?);
            // The properties after the result: `ptype.property=value`.
            let domain = words.find_map(|word| {
                let (name, value) = word.split_once('=')?;
                name.eq_ignore_ascii_case("header.d")
                    .then(|| unquote(value).to_ascii_lowercase())
            });
            Some((
                (method.to_ascii_lowercase(), result.to_ascii_lowercase()),
                domain,
            ))
        })
        .unzip();
    Some(AuthResults {
        authserv_id,
        results,
        domains,
    })
}

/// Why the trusted server's checks say the mail's sender (the From, at `from_domain`) is forged,
/// if they do: any `dmarc=fail`; where DMARC gave no result, a DKIM signature of the From's
/// domain that failed while none of that domain passed. Nothing else counts either way: SPF
/// checks the envelope sender, which whoever sends the mail chooses, and a DKIM signature of
/// another domain says nothing of the From. Headers of any other authserv-id than `trusted` are
/// ignored.
pub fn failure(headers: &[String], trusted: &str, from_domain: &str) -> Option<&'static str> {
    let (mut dmarc, mut aligned_dkim) = (Vec::new(), Vec::new());
    for header in headers {
        let Some(found) = parse(header) else {
            continue;
        };
        if !found.authserv_id.eq_ignore_ascii_case(trusted.trim()) {
            continue;
        }
        for ((method, result), domain) in found.results.into_iter().zip(found.domains) {
            match method.as_str() {
                "dmarc" => dmarc.push(result),
                "dkim" if domain.is_some_and(|d| aligned(&d, from_domain)) => {
                    aligned_dkim.push(result)
                }
                _ => {}
            }
        }
    }
    if dmarc.iter().any(|r| r == "fail") {
        return Some("dmarc=fail");
    }
    if dmarc.is_empty()
        && aligned_dkim.iter().any(|r| r == "fail")
        && !aligned_dkim.iter().any(|r| r == "pass")
    {
        return Some("dkim of the From's domain failed");
    }
    None
}

/// Whether a signing domain is aligned with the From's domain in DMARC's relaxed sense, read
/// without the public suffix list: the same domain, or one the parent of the other, never a
/// top-level domain alone.
fn aligned(signer: &str, from_domain: &str) -> bool {
    let (signer, from) = (
        signer.trim_end_matches('.').to_ascii_lowercase(),
        from_domain.trim_end_matches('.').to_ascii_lowercase(),
    );
    if !signer.contains('.') || !from.contains('.') {
        return false;
    }
    signer == from || from.ends_with(&format!(".{signer}")) || signer.ends_with(&format!(".{from}"))
}

/// The `;`-separated parts of a header value, with comments (parenthesised, possibly nested)
/// removed and quoted strings kept whole, so neither can hide or fake a separator.
fn segments(value: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut depth = 0usize;
    let mut quoted = false;
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' if quoted || depth > 0 => {
                let next = chars.next();
                if depth == 0 {
                    current.push(c);
                    current.extend(next);
                }
            }
            '"' if depth == 0 => {
                quoted = !quoted;
                current.push(c);
            }
            '(' if !quoted => depth += 1,
            ')' if !quoted && depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    current.push(' ');
                }
            }
            ';' if !quoted && depth == 0 => out.push(std::mem::take(&mut current)),
            _ if depth > 0 => {}
            _ => current.push(c),
        }
    }
    out.push(current);
    out
}

/// A value without the quotes of a quoted string (and its escapes).
fn unquote(word: &str) -> String {
    match word.strip_prefix('"').and_then(|w| w.strip_suffix('"')) {
        Some(inner) => {
            let mut out = String::new();
            let mut chars = inner.chars();
            while let Some(c) = chars.next() {
                if c == '\\' {
                    out.extend(chars.next());
                } else {
                    out.push(c);
                }
            }
            out
        }
        None => word.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(r: &AuthResults) -> Vec<(&str, &str)> {
        r.results
            .iter()
            .map(|(m, v)| (m.as_str(), v.as_str()))
            .collect()
    }

    #[test]
    fn results_with_comments_versions_and_properties() {
        let r = parse(
            "MX.Example.org 1; spf=pass (sender SPF authorized; really) smtp.mailfrom=a@b.org;\r\n \
             dkim/1=pass (2048-bit key) header.d=b.org header.s=\"sel;1\"; dmarc=FAIL (p=reject) header.from=b.org",
        )
        .unwrap();
        assert_eq!(r.authserv_id, "mx.example.org");
        assert_eq!(
            pairs(&r),
            [("spf", "pass"), ("dkim", "pass"), ("dmarc", "fail")]
        );
    }

    #[test]
    fn quoted_values_and_spaces_around_the_equal_sign() {
        let r = parse("\"mx.example.org\"; dkim = \"pass\" header.i=@b.org; none").unwrap();
        assert_eq!(r.authserv_id, "mx.example.org");
        assert_eq!(pairs(&r), [("dkim", "pass")]);
        assert_eq!(parse("mx.example.org; none").unwrap().results, []);
        assert_eq!(parse("  ; spf=pass"), None);
        assert_eq!(parse(""), None);
    }

    #[test]
    fn a_comment_cannot_close_a_result_or_open_one() {
        // `;` and `dmarc=pass` inside a comment, even nested or with an escaped parenthesis, are
        // no result.
        let r = parse("mx; dmarc=fail (a (nested; dmarc=pass) \\) still; dmarc=pass) x=y").unwrap();
        assert_eq!(pairs(&r), [("dmarc", "fail")]);
        // An unclosed comment or quote swallows the rest, never panics.
        assert_eq!(
            pairs(&parse("mx; spf=fail (open; dmarc=pass").unwrap()),
            [("spf", "fail")]
        );
        assert!(parse("mx; spf=\"fail;").is_some());
    }

    #[test]
    fn any_text_is_read_without_a_panic() {
        let tricky =
            "mx.example (c \\( \"q;\" ; x) ; \"dmarc\"=\"fail\\\" (p) ; spf = ; =pass ;; dkim/=";
        for end in 0..=tricky.len() {
            if let Some(prefix) = tricky.get(..end) {
                let _ = parse(prefix);
                let _ = failure(&[prefix.to_owned()], "mx.example", "b.org");
            }
        }
        for odd in ["\\", "(", ")", "\"", ";", "=", "é; dmarc=fail", "\u{0}"] {
            let _ = parse(odd);
        }
    }

    #[test]
    fn only_the_trusted_server_counts() {
        let trusted = "mx.example.org";
        let failure = |h: &[String]| failure(h, trusted, "b.org");
        let forged = vec!["evil.example; dmarc=fail".to_owned()];
        assert_eq!(failure(&forged), None);
        // A forged pass under another id does not outweigh the trusted fail.
        let mixed = vec![
            "evil.example; dmarc=pass".to_owned(),
            "mx.example.org; dmarc=fail header.from=b.org".to_owned(),
        ];
        assert_eq!(failure(&mixed), Some("dmarc=fail"));
        // An id that merely starts like the trusted one is another id.
        let lookalike = vec!["mx.example.org.evil; dmarc=fail".to_owned()];
        assert_eq!(failure(&lookalike), None);
        assert_eq!(failure(&["MX.EXAMPLE.ORG; dmarc=pass".to_owned()]), None);
    }

    #[test]
    fn spf_says_nothing_either_way_and_dkim_only_for_the_from_domain() {
        let one = |v: &str| failure(&[v.to_owned()], "mx", "b.org");
        // SPF checks the envelope sender, which the sender chooses: no finding either way.
        assert_eq!(one("mx; spf=softfail"), None);
        assert_eq!(one("mx; spf=fail; dkim=fail header.d=evil.example"), None);
        assert_eq!(one("mx; spf=pass; dmarc=fail"), Some("dmarc=fail"));
        // Without DMARC, a signature of the From's domain (or its parent or a subdomain) counts.
        for signer in ["b.org", "mail.b.org", "B.ORG."] {
            assert_eq!(
                one(&format!("mx; spf=pass; dkim=fail header.d={signer}")),
                Some("dkim of the From's domain failed"),
                "{signer}"
            );
        }
        assert_eq!(
            one("mx; dkim=fail header.d=b.org; dkim=pass header.d=b.org"),
            None
        );
        // Another domain's pass does not clear a failed signature of the From's domain.
        assert_eq!(
            one("mx; dkim=fail header.d=b.org; dkim=pass header.d=evil.example"),
            Some("dkim of the From's domain failed")
        );
        // A top-level domain alone, or a lookalike, is not aligned.
        assert_eq!(one("mx; dkim=fail header.d=org"), None);
        assert_eq!(one("mx; dkim=fail header.d=xb.org"), None);
        assert_eq!(one("mx; dkim=fail header.d=b.org; dmarc=pass"), None);
        assert_eq!(failure(&[], "mx", "b.org"), None);
    }

    #[test]
    fn the_signing_domain_is_read_from_its_property() {
        let r = parse("mx; dkim=pass header.i=@x.org header.d=\"B.Org\" header.s=s1; dkim=fail")
            .unwrap();
        assert_eq!(r.domains, [Some("b.org".to_owned()), None]);
    }
}
