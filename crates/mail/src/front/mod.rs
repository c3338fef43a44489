//! The mail front end proper: from a received mail to the service's commands and back to a reply,
//! under the trust rules; the outbox sender for the `mailto` channel; and the run loop.
//!
//! Trust, in order:
//! 1. Automatic mail (bounces, holiday notices, lists) is never answered, so two robots can never
//!    talk to each other forever.
//! 2. With [`crate::MailSettings::trust_authentication_results`], a mail whose receiving server
//!    found its sender forged ([`crate::authres`]) is not acted on and gets no answer.
//! 3. A mail proves its sender with a token we sent to that address (the plus address of our
//!    Reply-To) or with the address's `verify <code>`. Such mail is never limited. Every other
//!    mail counts against hourly limits per address, per domain and overall; over them it is
//!    dropped, the first one over the address's limit with one short notice.
//! 4. A mail from an address that is not confirmed and proves nothing gets one answer: `help` is
//!    answered, nothing else is done or kept, none of its text is repeated (the subject is ours
//!    too), and the answer says how to confirm and then send the commands again. A forged From
//!    therefore only ever makes the real owner receive one question.
//! 5. A command runs with the authority of its own mail only: without a token only reading
//!    (`help`, `board`, `history`, `games`), whose answer goes to the address anyway; with a
//!    token, what the token's scope allows: a game's token acts in that game only, the address's
//!    own token (or its code) on no existing game. `revoke` in a tokened mail voids all the
//!    sender's tokens.
//!
//! The service remains the only place where games change; this module only translates.
//!
//! The parts: `received` reads one mail and runs its commands, `reply` writes the one answer
//! to it, `notification` turns the service's outbox into mail, `reading` reads the mailbox and
//! `sending` sends the spool; the run loop (in `sending`) ties them together.

mod notification;
mod reading;
mod received;
mod reply;
mod sending;

use crate::smtp::Smtp;
use crate::{MailError, MailSettings};
use agora_service::desk::mailbox_lease;
use agora_service::{Lease, Service};
use futures::FutureExt;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Notify, watch};

/// What became of one received mail (for logs, tests and the benchmark).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Not answered: the reason (an automatic mail, no usable sender, a forged sender, too many
    /// wrong codes).
    Ignored(&'static str),
    /// Unauthenticated and over an hourly limit: not answered, or with the one notice.
    RateLimited,
    /// Too large to read: a short refusal was spooled.
    TooLarge,
    /// The sender's address is not confirmed and the mail proved nothing: `help` was answered,
    /// nothing else done, and a confirmation request spooled.
    Verification,
    /// Commands were handled and one reply spooled (none when the mail was a repeat).
    Answered { commands: usize, repeat: bool },
}

/// The mail front end over one service.
pub struct MailFrontEnd {
    service: Arc<Service>,
    settings: MailSettings,
    smtp: Smtp,
    /// Wakes the relaying side when mail was spooled: a reply of the reading side, or a
    /// notification of the spooling side.
    spooled: Notify,
    /// The lease on reading the mailbox (and sending mail), held by one process at a time.
    lease: Lease,
}

impl MailFrontEnd {
    pub fn new(service: Arc<Service>, settings: MailSettings) -> Result<MailFrontEnd, MailError> {
        let smtp = Smtp::new(&settings.smtp)?;
        let lease = Lease::new(
            service.clone(),
            mailbox_lease(&settings.imap.mailbox),
            settings.lease,
        );
        Ok(MailFrontEnd {
            service,
            settings,
            smtp,
            spooled: Notify::new(),
            lease,
        })
    }

    /// This front end's name in the lease on reading the mailbox.
    pub fn holder(&self) -> &str {
        self.lease.holder()
    }

    /// Whether this front end holds the lease on reading the mailbox, taking it if it is free
    /// and renewing it once a third of it has passed since it was last renewed. Several
    /// processes may share the database: one at a time reads the mailbox.
    pub async fn keep_lease(&self) -> Result<bool, MailError> {
        let held = self.lease.keep().await?;
        self.service.metrics().set_mail_reader(held.held());
        Ok(held.held())
    }

    /// Gives up the lease on reading the mailbox (at a clean stop), so another process takes
    /// over at once instead of when it runs out.
    async fn leave_lease(&self) {
        if self.lease.leave().await {
            self.service.metrics().set_mail_reader(false);
        }
    }

    pub fn settings(&self) -> &MailSettings {
        &self.settings
    }

    /// The service this front end speaks for (the binary and the tests drive its scheduler).
    pub fn service(&self) -> &Arc<Service> {
        &self.service
    }

    /// How often the lease is looked at: a third of its length (so a holder renews it well
    /// before it runs out, and one standing by takes over soon after), never less often than
    /// the mailbox is polled.
    fn lease_check(&self) -> Duration {
        self.lease.check_every().min(self.settings.imap.poll)
    }
}

/// Resolves once the stop was given (or whoever could give it is gone).
async fn stopped(stopping: &mut watch::Receiver<bool>) {
    // The guard `wait_for` returns is not `Send`: it is dropped here, before any other await.
    let _ = stopping.wait_for(|stop| *stop).await;
}

/// Runs one unit of work so that a panic below (a bug in a lower crate) fails only that unit,
/// which is then retried, instead of ending the front end. Any transaction it held is dropped,
/// which rolls it back.
async fn guarded<T>(work: impl Future<Output = Result<T, MailError>>) -> Result<T, MailError> {
    match AssertUnwindSafe(work).catch_unwind().await {
        Ok(result) => result,
        Err(panic) => {
            let what = panic
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| panic.downcast_ref::<&str>().copied())
                .unwrap_or("a panic");
            Err(MailError::Panic(what.to_owned()))
        }
    }
}

/// The domain of a mail address (what follows its last `@`).
fn domain_of(address: &str) -> &str {
    address.rsplit_once('@').map_or("", |(_, domain)| domain)
}
