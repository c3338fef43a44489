//! What the fuzz targets in `fuzz/` check, one function per target taking the fuzzer's raw input.
//! A broken promise panics: the fuzzer reports it as a crash, and the replay of the targets' seeds
//! and corpus in agora-service's tests (`tests/it/fuzz_replay.rs`) as a failed test.
//!
//! Each cargo-fuzz target is one line that calls its function here, so the stable test run and
//! the fuzzer run the same code. This crate holds no fuzzing machinery and no libFuzzer.

mod command;
mod mail;
mod name;
mod record;
mod rules;

pub use command::command;
pub use mail::mail_parse;
pub use name::clean_name;
pub use record::record;
pub use rules::{agon_notation, agon_position, agros_notation, agros_position};

/// Reads the input as UTF-8, as a `|text: &str|` fuzz target does: other bytes are not an input
/// of the target and are passed over.
fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}
