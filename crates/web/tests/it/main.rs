//! The website's integration tests: over HTTP, and in a real headless Chromium.
//!
//! One binary for the whole crate: `cargo test -p <crate> <module>::` runs one module's tests.

mod accessibility;
mod browser;
mod guide;
mod http;
mod limits;
mod operations;
