//! Who someone is on which channel: `discord:<user id>`, `mailto:<address>`, `local:<name>`.
//!
//! The text form (`Display` and `FromStr`) is the one the store keeps and the outbox addresses, so
//! the type changes nothing on disk. It says nothing about whether an identity is verified or
//! which player it belongs to: that is the store's and the service's business.

use crate::DiscordUserId;
use std::fmt;
use std::str::FromStr;

/// A medium a person reaches Agora through.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Channel {
    /// A Discord user, by their numeric id.
    Discord,
    /// An e-mail address.
    Mail,
    /// A name at the terminal (and the computer opponent, which sits at no real medium).
    Local,
    /// The service's own scheduler: it acts on games' clocks and digests, has no player and is
    /// produced by no front end.
    System,
}

impl Channel {
    /// Every channel, in a fixed order.
    pub const ALL: [Channel; 4] = [
        Channel::Discord,
        Channel::Mail,
        Channel::Local,
        Channel::System,
    ];

    /// The stable text code: the prefix of an identity and the outbox's channel column.
    pub fn code(self) -> &'static str {
        match self {
            Channel::Discord => "discord",
            Channel::Mail => "mailto",
            Channel::Local => "local",
            Channel::System => "system",
        }
    }

    /// The channel of a text code, if it is one.
    pub fn from_code(code: &str) -> Option<Channel> {
        Channel::ALL.into_iter().find(|c| c.code() == code)
    }
}

impl fmt::Display for Channel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// One identity: a channel and the id on it (a Discord user id, an address, a local name).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Identity {
    pub channel: Channel,
    pub id: String,
}

/// Why a text is not an identity.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IdentityError {
    #[error("`{0}` is not an identity such as discord:<id> or mailto:<address>")]
    NoChannel(String),
    #[error("`{0}` is not a channel (discord, mailto, local or system)")]
    UnknownChannel(String),
    #[error("the identity `{0}` names no one after its channel")]
    EmptyId(String),
}

impl Identity {
    pub fn new(channel: Channel, id: impl Into<String>) -> Identity {
        Identity {
            channel,
            id: id.into(),
        }
    }

    /// A Discord user.
    pub fn discord(user: impl fmt::Display) -> Identity {
        Identity::new(Channel::Discord, user.to_string())
    }

    /// An e-mail address, as given (without `mailto:`).
    pub fn mail(address: impl Into<String>) -> Identity {
        Identity::new(Channel::Mail, address)
    }

    /// A name at the terminal.
    pub fn local(name: impl Into<String>) -> Identity {
        Identity::new(Channel::Local, name)
    }

    /// The Discord user this identity is, by their id; `None` for another channel or an id that
    /// is not a Discord one (not a number, or zero).
    pub fn discord_user(&self) -> Option<DiscordUserId> {
        (self.channel == Channel::Discord)
            .then(|| self.id.parse().ok())
            .flatten()
    }

    /// The address of a mail identity (without `mailto:`); `None` for another channel.
    pub fn mail_address(&self) -> Option<&str> {
        (self.channel == Channel::Mail).then_some(self.id.as_str())
    }

    /// What a player behind this identity may be called before they choose: an address's local
    /// part, `discord-<id>`, the local name. Not yet cleaned of characters a name cannot hold.
    pub fn name_hint(&self) -> String {
        match self.channel {
            Channel::Mail => self.id.split('@').next().unwrap_or(&self.id).to_owned(),
            Channel::Discord => format!("discord-{}", self.id),
            Channel::Local | Channel::System => self.id.clone(),
        }
    }
}

impl fmt::Display for Identity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.channel.code(), self.id)
    }
}

impl FromStr for Identity {
    type Err = IdentityError;

    fn from_str(text: &str) -> Result<Identity, IdentityError> {
        let (code, id) = text
            .split_once(':')
            .ok_or_else(|| IdentityError::NoChannel(text.to_owned()))?;
        let channel = Channel::from_code(code)
            .ok_or_else(|| IdentityError::UnknownChannel(code.to_owned()))?;
        if id.is_empty() {
            return Err(IdentityError::EmptyId(text.to_owned()));
        }
        Ok(Identity::new(channel, id))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identities_round_trip_through_their_text() {
        for text in [
            "discord:123456789012345678",
            "mailto:ann.smith@example.org",
            "mailto:odd:colon@example.org",
            "local:alice",
            "local:computer-hard",
            "system:clock",
        ] {
            let identity: Identity = text.parse().unwrap();
            assert_eq!(identity.to_string(), text);
        }
        for identity in [
            Identity::discord(42u64),
            Identity::mail("bob@example.org"),
            Identity::local("carol"),
            Identity::new(Channel::System, "clock"),
        ] {
            assert_eq!(identity.to_string().parse::<Identity>(), Ok(identity));
        }
    }

    #[test]
    fn channel_codes_are_the_stored_ones() {
        assert_eq!(Identity::discord(7).to_string(), "discord:7");
        assert_eq!(Identity::mail("a@b.c").channel.code(), "mailto");
        for c in Channel::ALL {
            assert_eq!(Channel::from_code(c.code()), Some(c));
        }
    }

    #[test]
    fn malformed_identities_are_refused() {
        assert!(matches!(
            "alice".parse::<Identity>(),
            Err(IdentityError::NoChannel(_))
        ));
        assert!(matches!(
            "irc:alice".parse::<Identity>(),
            Err(IdentityError::UnknownChannel(_))
        ));
        assert!(matches!(
            "discord:".parse::<Identity>(),
            Err(IdentityError::EmptyId(_))
        ));
    }

    #[test]
    fn typed_access_by_channel() {
        assert_eq!(
            Identity::discord(42u64).discord_user(),
            DiscordUserId::new(42)
        );
        assert_eq!(Identity::discord("0").discord_user(), None);
        assert_eq!(Identity::discord("abc").discord_user(), None);
        assert_eq!(Identity::local("42").discord_user(), None);
        assert_eq!(Identity::mail("a@b.c").mail_address(), Some("a@b.c"));
        assert_eq!(Identity::discord(42u64).mail_address(), None);
    }

    #[test]
    fn name_hints() {
        assert_eq!(
            Identity::mail("ann.smith@example.org").name_hint(),
            "ann.smith"
        );
        assert_eq!(Identity::discord(42).name_hint(), "discord-42");
        assert_eq!(Identity::local("bo").name_hint(), "bo");
    }
}
