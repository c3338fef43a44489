//! The rules' integration tests: Agon, Agros, their properties, and game records.
//!
//! One binary for the whole crate: `cargo test -p <crate> <module>::` runs one module's tests.

mod agon;
mod agros;
mod properties;
mod records;
