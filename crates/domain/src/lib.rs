//! The small domain types that the command language, the game service and the store all speak:
//! who someone is on which channel ([`Identity`]), and how a game's clock runs ([`TimeControl`],
//! [`TimeoutPolicy`]).
//!
//! They live here, below both the service and the store, so that the pure command parser needs no
//! storage crate and the store needs no service crate. Nothing here reads a clock, a database or
//! the network.

mod identity;
mod time;

pub use identity::{Channel, Identity, IdentityError};
pub use time::{TimeControl, TimeoutPolicy};
