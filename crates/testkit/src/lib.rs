//! What Agora's integration tests share, built once for all of them: each crate's tests are one
//! binary (`tests/it/main.rs`, a module per subject), and their common parts live here instead of
//! being compiled again into every binary. Each part is a feature, so a crate's tests build only
//! what they use.
//!
//! Nothing here is a mock of Agora: the parts start real things (a SQLite file or a PostgreSQL
//! schema, the mail servers' mailboxes, serenity's real client against a local double of
//! Discord, headless Chromium, the `agora` binary as a process) and drive them as people would.

#[cfg(feature = "process")]
pub mod burst;
#[cfg(feature = "discord")]
pub mod discord;
#[cfg(feature = "mail")]
pub mod mail;
#[cfg(feature = "process")]
pub mod serve;
#[cfg(feature = "soak")]
pub mod soak;
#[cfg(feature = "store")]
pub mod store;
#[cfg(feature = "web")]
pub mod web;
