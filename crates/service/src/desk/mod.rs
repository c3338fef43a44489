//! The front ends' desks: what the mail and Discord front ends keep for themselves (mail threads
//! and reply tokens, verification codes, rate counts, the SMTP spool, mailbox positions and
//! retries; Discord channels, threads, posts and the choice of direct messages),
//! reached through named calls on the service instead of the store.
//!
//! A front end never opens a transaction: each call here is one, and what belongs with a command
//! travels in its [`crate::Inbound`] (the Discord channel a challenge was made in, the version a
//! button acted on) so the service writes or checks it in the command's own transaction.
//! Nothing here touches a game.

use crate::{Fail, Inbound, Service, StoreError, user};
use agora_store::discord::{DiscordChannelId, DiscordGuildId};
use agora_store::{GameStatus, Tx};
use chrono::{DateTime, Utc};

mod discord;
mod mail;

pub use agora_store::discord::DiscordGame;
pub use discord::DiscordDesk;
pub use mail::*;

/// Where on Discord a command was given: the channel and, unless it was a direct message, its
/// server. A challenge made there is announced there, and its game's thread opens there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Origin {
    pub channel: DiscordChannelId,
    pub guild: Option<DiscordGuildId>,
}

impl Service {
    /// The mail front end's desk.
    pub fn mail(&self) -> MailDesk<'_> {
        MailDesk { service: self }
    }

    /// The Discord front end's desk.
    pub fn discord(&self) -> DiscordDesk<'_> {
        DiscordDesk { service: self }
    }
}

/// Refuses a command that names the game version it acted on (a button) when the game has
/// changed since: checked in the command's transaction, so no change can slip in between.
pub(crate) async fn check_version(tx: &mut Tx, inbound: &Inbound) -> Result<(), Fail> {
    let (Some(expected), Some(id)) = (inbound.expect_version, inbound.game) else {
        return Ok(());
    };
    let Some(game) = tx.game(id).await? else {
        return user(agora_i18n::text!("no-such-game", game = id));
    };
    if game.version == expected {
        return Ok(());
    }
    let change = match game.status {
        GameStatus::Proposed => "changed",
        GameStatus::Active => "started",
        GameStatus::Finished => "ended",
        GameStatus::Declined => "declined",
        GameStatus::Cancelled => "withdrawn",
    };
    user(agora_i18n::text!("out-of-date", game = id, change = change))
}

/// Records the Discord channel a command was given in as the place of the game it made (a
/// challenge), with the command: the challenge's notification then already knows where it goes.
/// A game keeps the first place recorded.
pub(crate) async fn record_origin(
    tx: &mut Tx,
    inbound: &Inbound,
    game: Option<i64>,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    if let (Some(origin), Some(game)) = (&inbound.origin, game) {
        tx.set_discord_origin(game, origin.channel, origin.guild, now)
            .await?;
    }
    Ok(())
}
