//! The mail front end's integration tests: real dovecot and OpenSMTPD started by
//! `tests/mail/servers.sh` (see `agora_testkit::mail`), one module per subject.
//!
//! One binary for the whole crate: `cargo test -p <crate> <module>::` runs one module's tests.

mod clear_answers;
mod community_by_mail;
mod faults;
mod fuzz_regressions;
mod languages_by_mail;
mod lease;
mod play_by_mail;
mod stalls;
mod trust;
