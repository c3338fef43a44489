//! The `agora` binary's integration tests: the real binary started as a process (`agora play`,
//! `agora serve`, `agora admin`, `agora backup`), killed, and run beside the real mail servers,
//! the Discord double and PostgreSQL; one module per subject.
//!
//! One binary for the whole crate: `cargo test -p <crate> <module>::` runs one module's tests.

/// The binary under test, built by cargo for these tests.
const AGORA: &str = env!("CARGO_BIN_EXE_agora");

mod admin;
mod backup;
mod cluster;
mod crash;
mod engine;
mod mail_once;
mod mail_serve;
mod processes;
mod serve;
mod soak;
