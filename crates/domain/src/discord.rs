//! Discord's ids, one type for each kind of thing they name: a user, a channel (a thread is one),
//! a message, a server (a guild).
//!
//! Discord ids are 64-bit snowflakes, never zero. A kind of its own for each keeps a message id
//! from being passed where a channel is meant, from the front end through the service to the
//! store. Their text form (`Display` and `FromStr`) is the decimal number the store keeps, so the
//! types change nothing on disk; the Discord front end converts them to and from its library's
//! ids at its edge, and nothing below it knows that library.

use std::fmt;
use std::num::NonZeroU64;
use std::str::FromStr;

/// Why a text is not a Discord id.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a Discord id (a decimal number other than zero)")]
pub struct DiscordIdError(pub String);

macro_rules! discord_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(NonZeroU64);

        impl $name {
            /// The id of a number; `None` for zero, which names nothing on Discord.
            pub const fn new(id: u64) -> Option<$name> {
                match NonZeroU64::new(id) {
                    Some(id) => Some($name(id)),
                    None => None,
                }
            }

            /// The number.
            pub fn get(self) -> u64 {
                self.0.get()
            }
        }

        impl From<NonZeroU64> for $name {
            fn from(id: NonZeroU64) -> $name {
                $name(id)
            }
        }

        impl From<$name> for NonZeroU64 {
            fn from(id: $name) -> NonZeroU64 {
                id.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl FromStr for $name {
            type Err = DiscordIdError;

            fn from_str(text: &str) -> Result<$name, DiscordIdError> {
                text.parse::<NonZeroU64>()
                    .map($name)
                    .map_err(|_| DiscordIdError(text.to_owned()))
            }
        }
    };
}

discord_id! {
    /// A Discord user.
    DiscordUserId
}

discord_id! {
    /// A Discord channel: a server's channel, a thread or a direct-message channel.
    DiscordChannelId
}

discord_id! {
    /// A message, in the channel it was posted in.
    DiscordMessageId
}

discord_id! {
    /// A Discord server (a guild).
    DiscordGuildId
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_through_their_decimal_text() {
        for text in ["1", "123456789012345678", "18446744073709551615"] {
            let id: DiscordChannelId = text.parse().unwrap();
            assert_eq!(id.to_string(), text);
        }
        assert_eq!(
            DiscordUserId::new(42).map(DiscordUserId::get),
            Some(42),
            "a number is its id"
        );
    }

    #[test]
    fn zero_and_other_text_are_no_ids() {
        assert_eq!(DiscordMessageId::new(0), None);
        for text in ["0", "", "-1", "12a", " 1", "18446744073709551616"] {
            assert_eq!(
                text.parse::<DiscordMessageId>(),
                Err(DiscordIdError(text.to_owned())),
                "{text:?}"
            );
        }
    }
}
