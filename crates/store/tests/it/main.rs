//! The store's integration tests, one module per part of the store, on a real SQLite file
//! (or PostgreSQL with `AGORA_TEST_STORE=postgres`; see `agora_testkit::store`).
//!
//! One binary for the whole crate: `cargo test -p <crate> <module>::` runs one module's tests.

mod backup;
mod claims;
mod deliveries;
mod discord;
mod games;
mod leases;
mod mail;
mod outbox;
mod players;
mod postgres_schema;
mod purge;
mod ratings;
mod store;
