//! The pictures' integration tests: golden ASCII boards and the pictures in every language.
//!
//! One binary for the whole crate: `cargo test -p <crate> <module>::` runs one module's tests.

mod captions;
mod contrast;
mod golden;
mod languages;
