//! The website's integration tests: over HTTP, and in a real headless Chromium.
//!
//! One binary for the whole crate: `cargo test -p <crate> <module>::` runs one module's tests.

mod browser;
mod http;
mod limits;
mod operations;
