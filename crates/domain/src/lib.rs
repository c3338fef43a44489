//! The small domain types that the command language, the game service, the store and the front
//! ends all speak: a game ([`Game`], [`GameStatus`], how it ended: [`Ending`], [`EndReason`]),
//! what a notification is about ([`Notice`]), who someone is on which channel ([`Identity`],
//! [`Channel`]), what Discord's ids name ([`DiscordUserId`], [`DiscordChannelId`], …), how a
//! game's clock runs ([`TimeControl`], [`TimeoutPolicy`], a player's weekly [`Rest`]), and what of
//! a chosen name others may see ([`clean_name`]); and what time it is ([`Clock`]), a handle the
//! binary makes and everything below it is given. The pure rules of tournaments ([`tournament`]:
//! round-robin and Swiss pairings, standings and tie-breaks, withdrawals, a ladder's challenges)
//! live here too, for the service and the store to share.
//!
//! They live here, below both the service and the store, so that the pure command parser needs no
//! storage crate and the store needs no service crate. Nothing here reads a database or the
//! network, and only [`Clock::system`] reads the time of day.

mod clock;
mod discord;
mod game;
mod identity;
mod name;
mod notice;
mod rest;
mod time;
pub mod tournament;

pub use clock::Clock;
pub use discord::{
    DiscordChannelId, DiscordGuildId, DiscordIdError, DiscordMessageId, DiscordUserId,
};
pub use game::{EndReason, Ending, Game, GameOptions, GameStatus, NewGame, PlayedAction};
pub use identity::{Channel, Identity, IdentityError};
pub use name::{MAX_NAME_CHARS, NEUTRAL_NAME, clean_name, shown_name};
pub use notice::Notice;
pub use rest::{MAX_NIGHT_HOURS, Rest, RestError, ZonedRest};
pub use time::{TimeControl, TimeoutPolicy};
