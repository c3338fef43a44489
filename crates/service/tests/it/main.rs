//! The service's integration tests, one module per part of the service, on a real database
//! (SQLite, or PostgreSQL with `AGORA_TEST_STORE=postgres`; see `agora_store::testing`).
//!
//! One binary for the whole crate: `cargo test -p <crate> <module>::` runs one module's tests.

mod admin;
mod analysis;
mod answer_state;
mod bare_actions;
mod calendar;
mod community;
mod concurrency;
mod conditional;
mod deliveries;
mod every_text;
mod final_picture;
mod fuzz_replay;
mod glossary;
mod group_commit;
mod lease_holders;
mod notes;
mod pictures;
mod privacy;
mod purge;
mod reads_only;
mod time_controls;
mod tournaments;
mod transcripts;
mod trust;
