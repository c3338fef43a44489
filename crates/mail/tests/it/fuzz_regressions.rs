//! Inputs the fuzz targets in `fuzz/` found to panic, kept as ordinary tests.

use agora_mail::parse;

/// A multipart report whose parts nest `message/rfc822` after a broken part header (found by the
/// `mail_parse` target, then minimised): mail-parser 0.11.9 stops on a `debug_assert!` ("Invalid
/// part ID, could not find multipart") while walking its parts.
const NESTED_RFC822: &[u8] = b"\
Frotest\r\n\
Subject: Undevered\r\n\
Content-Type: multipart/report; re-sts; boundary=\"r\"\r\n\
\r\n\
--r\r\n\
Content-Ty\n\
Content-Type: message/rfc822\r\n\
\r\n\
From: t\r\n\
Content-Type: message/rfc822\r\n\
\r\n\
>ma\r\n\
Subject: x\r\n\
\r\n\
help\r\n\
--r--\r\n\
";

#[test]
fn a_malformed_nested_multipart_is_read_without_a_panic_and_gets_no_answer() {
    for incoming in [
        parse::parse(NESTED_RFC822),
        parse::parse_header(NESTED_RFC822),
    ] {
        assert!(incoming.automatic.is_some(), "{incoming:?}");
    }
}
