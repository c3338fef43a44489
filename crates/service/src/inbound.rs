//! What arrives: a command as a front end hands it to the service, and how far the proof it came
//! with reaches.

use crate::{Identity, Origin};
use chrono::{DateTime, Utc};

/// What arrived from a person (or from the service's own scheduler and computer opponent).
#[derive(Debug, Clone)]
pub struct Inbound {
    /// The identity it came from, already authenticated by the front end (a Discord user, a
    /// verified address with its reply token checked, a local name).
    pub from: Identity,
    /// A display name for a first-time sender (their player name if it is free), as the medium
    /// gave it: the service cleans it ([`agora_domain::clean_name`]) before anyone sees it.
    pub name: Option<String>,
    /// The text as received: what [`Service::handle`] parses. Empty when the command comes
    /// typed ([`Service::handle_command`]), which never reads it.
    pub text: String,
    /// Message-ID, interaction id, …: a delivery seen before is answered, never applied again.
    pub delivery: Option<String>,
    /// The game the conversation is about (a reply thread, a button), if the medium knows it.
    pub game: Option<i64>,
    /// Act only if `game` is still at this version (a button carries the version it was shown
    /// for): checked in the command's transaction.
    pub expect_version: Option<i64>,
    /// Where on Discord the command was given, recorded as the place of the game it makes.
    pub origin: Option<Origin>,
    /// How far the proof that came with the command reaches.
    pub scope: Scope,
    /// When the command reached Agora's side (a mail its mailbox), if the medium says so; `None`
    /// = now. A move is judged against its game's deadline at this time (never later than now),
    /// so a backlog in reading never times a player out.
    pub arrived_at: Option<DateTime<Utc>>,
    /// The language of the sender's client where the medium says it (a Discord interaction's
    /// locale, such as `nl` or `sv-SE`): a player who has not chosen a language is answered in
    /// it, and their first one is kept as theirs.
    pub locale: Option<String>,
}

/// How far the proof that came with a command reaches. A mail's reply token is made for one
/// player and one game's conversation (or for the player's conversation about no game), so a
/// leaked token is worth that and no more. Commands that only show something to the sender are
/// allowed in every scope: the answer goes to the sender anyway.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Scope {
    /// All of the sender's games and settings: a Discord user, a local name, the service itself.
    #[default]
    Everything,
    /// One game: a command that acts in another game, or on the player's settings, is refused.
    Game(i64),
    /// The player's settings and new challenges, but no existing game.
    NoGame,
}

impl Inbound {
    /// When the command counts as given: when it reached Agora's side, never later than `now`
    /// (so an arrival time from the future cannot stretch a deadline).
    pub fn arrived(&self, now: DateTime<Utc>) -> DateTime<Utc> {
        self.arrived_at.map_or(now, |at| at.min(now))
    }

    /// An inbound from `from` with nothing else known yet; the rest is filled in with struct
    /// update syntax (`Inbound { text, ..Inbound::new(from) }`).
    pub fn new(from: Identity) -> Inbound {
        Inbound {
            from,
            name: None,
            text: String::new(),
            delivery: None,
            game: None,
            expect_version: None,
            origin: None,
            scope: Scope::Everything,
            arrived_at: None,
            locale: None,
        }
    }
}
