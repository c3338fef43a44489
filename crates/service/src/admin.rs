//! The operator's desk (`agora admin`): what is stuck or failed, sending a notification or mail
//! again or dropping it, ending a game (abort, or a result the operator decides), and blocking
//! identities. Each call is one short write transaction, like a command, so it is safe while
//! `agora serve` runs on the same database; games end through the same path as every other
//! ending ([`Service::conclude`]), so both players get their final report through the outbox.
//!
//! A blocked identity's commands are ignored ([`Service::handle`] answers nothing and applies
//! nothing), nothing is queued or spooled for it, and its player's open challenges are withdrawn
//! when it is blocked; its running games go on until they end or the operator aborts them.

use crate::games::Extra;
use crate::{Channel, Fail, Identity, Service, ServiceError};
use agora_rules::Seat;
use agora_store::{
    EndReason, Ending, GameStatus, Notice, PutAsideMail, Queue, RowChange, StuckRow, Tx,
};
use chrono::{DateTime, Duration, Utc};

/// What `drop` writes as the last error of a row, so the operator's list tells it from a row
/// that failed by itself.
pub const DROPPED: &str = "dropped by the operator";

/// The operator's desk: [`Service::admin`].
pub struct Admin<'a> {
    service: &'a Service,
}

/// Why an operator's action was refused; nothing was changed.
#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    #[error("there is no {0} row {1}")]
    NoRow(&'static str, i64),
    #[error("{0} row {1} was sent already: there is nothing to resend or drop")]
    Sent(&'static str, i64),
    #[error("there is no game #{0}")]
    NoGame(i64),
    #[error("game #{0} is {1}: only a running game can be adjudicated")]
    NotRunning(i64, GameStatus),
    #[error("game #{0} is {1} already: only a running or proposed game can be aborted")]
    NotOpen(i64, GameStatus),
    #[error(transparent)]
    Identity(#[from] agora_domain::IdentityError),
    #[error("`{0}` cannot be blocked: block a person's discord:<user id> or mailto:<address>")]
    NotBlockable(String),
    #[error("`{0}` is not a Discord user id: it has digits only")]
    BadDiscordId(String),
    #[error("`{0}` is not a mail address such as mailto:ann@example.org")]
    BadAddress(String),
    #[error("{0}")]
    Refused(String),
    #[error(transparent)]
    Service(#[from] ServiceError),
}

impl From<agora_store::StoreError> for AdminError {
    fn from(e: agora_store::StoreError) -> AdminError {
        AdminError::Service(e.into())
    }
}

impl From<Fail> for AdminError {
    fn from(f: Fail) -> AdminError {
        match f {
            Fail::Internal(e) => AdminError::Service(e),
            // The operator's endings make no user errors; one that came anyway is a bug to see.
            Fail::User(m) => {
                AdminError::Service(ServiceError::Corrupt(m.in_lang(agora_i18n::Language::En)))
            }
            Fail::Already(m, _) => AdminError::Service(ServiceError::Corrupt(m)),
            Fail::Conflict(game) => {
                AdminError::Service(agora_store::StoreError::Conflict(game).into())
            }
            Fail::Taken(key) => AdminError::Service(agora_store::StoreError::Taken(key).into()),
        }
    }
}

/// What is stuck or failed, for `agora admin stuck`.
#[derive(Debug, Clone, Default)]
pub struct Stuck {
    pub outbox: Vec<StuckRow>,
    pub spool: Vec<StuckRow>,
    pub put_aside: Vec<PutAsideMail>,
}

impl Stuck {
    pub fn is_empty(&self) -> bool {
        self.outbox.is_empty() && self.spool.is_empty() && self.put_aside.is_empty()
    }
}

/// The result the operator decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    First,
    Second,
    Draw,
}

impl Verdict {
    fn winner(self) -> Option<Seat> {
        match self {
            Verdict::First => Some(Seat::First),
            Verdict::Second => Some(Seat::Second),
            Verdict::Draw => None,
        }
    }
}

/// What blocking an identity did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blocked {
    /// It was not blocked before.
    pub newly: bool,
    /// The challenges withdrawn (by or to its player).
    pub withdrawn: Vec<i64>,
}

impl Service {
    /// The operator's desk.
    pub fn admin(&self) -> Admin<'_> {
        Admin { service: self }
    }
}

/// Checks an identity the operator typed, in the form the store keeps: a Discord user id of
/// digits, or a mail address in lower case (as the mail front end keeps them).
pub fn operator_identity(text: &str) -> Result<Identity, AdminError> {
    let identity: Identity = text.trim().parse()?;
    match identity.channel {
        Channel::Discord if identity.id.bytes().all(|b| b.is_ascii_digit()) => Ok(identity),
        Channel::Discord => Err(AdminError::BadDiscordId(identity.id)),
        Channel::Mail => {
            let address = identity.id.to_lowercase();
            match address.split_once('@') {
                Some((local, domain))
                    if !local.is_empty()
                        && domain.contains('.')
                        && !address.contains(char::is_whitespace) =>
                {
                    Ok(Identity::mail(address))
                }
                _ => Err(AdminError::BadAddress(text.trim().to_owned())),
            }
        }
        Channel::Local | Channel::System => Err(AdminError::NotBlockable(text.trim().to_owned())),
    }
}

fn queue_name(queue: Queue) -> &'static str {
    match queue {
        Queue::Outbox => "outbox",
        Queue::Spool => "spool",
    }
}

impl Admin<'_> {
    async fn tx(&self) -> Result<Tx, AdminError> {
        Ok(self.service.store.write().await?)
    }

    /// Every unsent outbox row and spooled mail that failed at least once, was given up on, or
    /// has waited more than `overdue` past its due time; and every mail put aside. Nothing is
    /// written.
    pub async fn stuck(&self, overdue: Duration, now: DateTime<Utc>) -> Result<Stuck, AdminError> {
        let mut tx = self.tx().await?;
        let since = now - overdue;
        Ok(Stuck {
            outbox: tx.stuck_outbox(since).await?,
            spool: tx.stuck_spool(since).await?,
            put_aside: tx.put_aside_mails().await?,
        })
    }

    /// Makes an unsent row due now, with its attempts counted afresh (a row given up on too).
    pub async fn resend(
        &self,
        queue: Queue,
        id: i64,
        now: DateTime<Utc>,
    ) -> Result<(), AdminError> {
        let mut tx = self.tx().await?;
        let change = tx.resend(queue, id, crate::truncate(now)).await?;
        finish_row(tx, queue, id, change).await
    }

    /// Gives an unsent row up: never sent, kept as [`DROPPED`] until the purge.
    pub async fn drop_row(
        &self,
        queue: Queue,
        id: i64,
        now: DateTime<Utc>,
    ) -> Result<(), AdminError> {
        let mut tx = self.tx().await?;
        let change = tx
            .drop_unsent(queue, id, DROPPED, crate::truncate(now))
            .await?;
        finish_row(tx, queue, id, change).await
    }

    /// Ends a running game with the operator's result; `reason` is shown to both players.
    pub async fn adjudicate(
        &self,
        game: i64,
        verdict: Verdict,
        reason: &str,
        now: DateTime<Utc>,
    ) -> Result<(), AdminError> {
        let now = crate::truncate(now);
        let mut tx = self.tx().await?;
        let found = tx.game(game).await?.ok_or(AdminError::NoGame(game))?;
        if found.status != GameStatus::Active {
            return Err(AdminError::NotRunning(game, found.status));
        }
        let mut l = self.service.load(&mut tx, found, Some(now)).await?;
        let ending = Ending {
            winner: verdict.winner(),
            reason: EndReason::Adjudication,
        };
        self.service
            .conclude(&mut tx, &mut l, Some(ending), Some(reason), None, now)
            .await?;
        tx.commit().await?;
        tracing::info!(game, ?verdict, reason, "game adjudicated by the operator");
        Ok(())
    }

    /// Ends a running game without a result, or withdraws a challenge; `reason` is shown to both
    /// players.
    pub async fn abort(
        &self,
        game: i64,
        reason: &str,
        now: DateTime<Utc>,
    ) -> Result<(), AdminError> {
        let now = crate::truncate(now);
        let mut tx = self.tx().await?;
        let found = tx.game(game).await?.ok_or(AdminError::NoGame(game))?;
        match found.status {
            GameStatus::Active => {
                let mut l = self.service.load(&mut tx, found, Some(now)).await?;
                self.service
                    .conclude(&mut tx, &mut l, None, Some(reason), None, now)
                    .await?;
            }
            GameStatus::Proposed => self.withdraw(&mut tx, game, reason, now).await?,
            status => return Err(AdminError::NotOpen(game, status)),
        }
        tx.commit().await?;
        tracing::info!(game, reason, "game aborted by the operator");
        Ok(())
    }

    /// Withdraws a challenge for the operator: cancelled, and both sides told (a blocked one is
    /// sent nothing, as always).
    async fn withdraw(
        &self,
        tx: &mut Tx,
        game: i64,
        reason: &str,
        now: DateTime<Utc>,
    ) -> Result<(), AdminError> {
        let found = tx.game(game).await?.ok_or(AdminError::NoGame(game))?;
        let mut l = self.service.load(tx, found, Some(now)).await?;
        l.game.status = GameStatus::Cancelled;
        l.game.due_at = None;
        tx.save_game(&mut l.game, now).await?;
        for seat in Seat::BOTH {
            let extra = Extra {
                event: Some("operator"),
                what: Some(reason),
                ..Extra::default()
            };
            let player = l.game.player_at(seat);
            self.service
                .notify_game(tx, &l, player, Notice::ChallengeClosed, extra, now)
                .await?;
        }
        Ok(())
    }

    /// Blocks an identity and withdraws its player's open challenges (made by them or to them).
    pub async fn block(
        &self,
        identity: &Identity,
        now: DateTime<Utc>,
    ) -> Result<Blocked, AdminError> {
        let now = crate::truncate(now);
        let text = identity.to_string();
        let mut tx = self.tx().await?;
        let newly = tx.block(&text, now).await?;
        let mut withdrawn = Vec::new();
        if let Some((player, _)) = tx.identity_player(&text).await? {
            for game in tx.open_games_of(player.id).await? {
                if game.status == GameStatus::Proposed {
                    self.withdraw(&mut tx, game.id, "", now).await?;
                    withdrawn.push(game.id);
                }
            }
            // Out of every tournament: nothing there waits on a blocked player.
            for id in tx.tournaments_of_player(player.id).await? {
                if let Some(t) = tx.tournament(id).await? {
                    self.service
                        .leave_for(&mut tx, &t, player.id, "blocked", now)
                        .await?;
                }
            }
        }
        tx.commit().await?;
        tracing::info!(identity = %text, ?withdrawn, "identity blocked by the operator");
        Ok(Blocked { newly, withdrawn })
    }

    /// `agora admin tournament …`: the tournament commands as the operator, who organises
    /// without a limit (`create`) and may `start`, `cancel` and `remove` in any tournament. The
    /// answer is the one a player would read, in English.
    pub async fn tournament(&self, words: &str, now: DateTime<Utc>) -> Result<String, AdminError> {
        use crate::commands::Command;
        let now = crate::truncate(now);
        let refused = |e: crate::Text| AdminError::Refused(e.in_lang(agora_i18n::Language::En));
        let command = match crate::commands::parse(&format!("tournament {words}")) {
            Ok(Command::Tournament(t)) => t,
            Ok(_) => {
                return Err(AdminError::Refused(format!(
                    "`{words}` is no tournament command"
                )));
            }
            Err(e) => return Err(AdminError::Refused(e.to_string())),
        };
        let mut tx = self.tx().await?;
        let out = self
            .service
            .tournament_as_operator(&mut tx, command, now)
            .await;
        let text = match out {
            Ok(text) => text,
            Err(Fail::User(e)) => return Err(refused(e)),
            Err(other) => return Err(other.into()),
        };
        tx.commit().await?;
        tracing::info!(words, "tournament command by the operator");
        Ok(text)
    }

    /// Lifts a block; whether the identity was blocked.
    pub async fn unblock(&self, identity: &Identity) -> Result<bool, AdminError> {
        let mut tx = self.tx().await?;
        let was = tx.unblock(&identity.to_string()).await?;
        tx.commit().await?;
        tracing::info!(identity = %identity, was, "identity unblocked by the operator");
        Ok(was)
    }

    /// Every blocked identity with the time it was blocked.
    pub async fn blocked(&self) -> Result<Vec<(String, DateTime<Utc>)>, AdminError> {
        Ok(self.tx().await?.blocked().await?)
    }
}

/// Commits a row's change, or says why there was none (and rolls back).
async fn finish_row(tx: Tx, queue: Queue, id: i64, change: RowChange) -> Result<(), AdminError> {
    match change {
        RowChange::Changed => {
            tx.commit().await?;
            tracing::info!(queue = queue_name(queue), id, "row changed by the operator");
            Ok(())
        }
        RowChange::Missing => Err(AdminError::NoRow(queue_name(queue), id)),
        RowChange::Sent => Err(AdminError::Sent(queue_name(queue), id)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operator_identities_are_checked() {
        let ok = |t: &str| operator_identity(t).unwrap().to_string();
        assert_eq!(ok("discord:123"), "discord:123");
        assert_eq!(ok(" mailto:Ann@Example.ORG "), "mailto:ann@example.org");
        for bad in [
            "ann",
            "discord:",
            "discord:12a",
            "mailto:ann",
            "mailto:@example.org",
            "mailto:ann@localhost",
            "local:ann",
            "system:clock",
            "telegram:5",
        ] {
            assert!(operator_identity(bad).is_err(), "{bad}");
        }
    }
}
