//! The run loop and the sending side: the outbox moved into the spool and the spool handed to
//! SMTP, side by side, while this process holds the lease; and a bounded stop.

use super::notification::OutboxSender;
use super::{MailFrontEnd, stopped};
use crate::MailError;
use std::future::Future;
use std::time::Duration;
use tokio::sync::watch;

impl MailFrontEnd {
    /// Runs until `shutdown` completes, reading and sending side by side, neither waiting for
    /// the other: a dead IMAP server never holds up sending, a dead relay never holds up reading.
    ///
    /// Reading keeps one IMAP session (waiting with IDLE, or polling) and handles the new mail; a
    /// lost connection or a command not answered in time ends the session, which is opened again
    /// after a pause that grows while it keeps failing. Sending moves the `mailto` outbox into the
    /// spool as rows are queued (by any front end's commands, or another process's) and, beside
    /// it, hands the spool to SMTP as mail is spooled; both also look at least every poll
    /// interval.
    ///
    /// Several processes may share the database: both sides work only while this process holds
    /// the lease on reading the mailbox ([`MailFrontEnd::keep_lease`]); the others stand by and
    /// take over once it is given up or has run out (its holder died or hangs).
    ///
    /// At `shutdown` both sides finish their current step (a mail being handled, mails being
    /// sent) and stop, but the whole takes at most a bounded time
    /// ([`MailFrontEnd::shutdown_grace`]); what is cut then is retried after the restart. Then
    /// the lease is given up.
    pub async fn run(&self, shutdown: impl Future<Output = ()>) -> Result<(), MailError> {
        let (stop, stopping) = watch::channel(false);
        let work = async {
            tokio::try_join!(
                self.reading(stopping.clone()),
                self.sending(stopping.clone())
            )
            .map(|_| ())
        };
        let mut work = std::pin::pin!(work);
        let done = tokio::select! {
            done = &mut work => done,
            () = shutdown => {
                let _ = stop.send(true);
                let grace = self.shutdown_grace();
                tokio::time::timeout(grace, work).await.unwrap_or_else(|_| {
                    tracing::warn!(?grace, "mail front end cut short at shutdown");
                    Ok(())
                })
            }
        };
        // Both sides have ended: another process may take over at once.
        self.leave_lease().await;
        done
    }

    /// The longest a shutdown waits for the step in progress: an IMAP command or a mail's send,
    /// whichever may take longer, and a little for the database.
    pub fn shutdown_grace(&self) -> Duration {
        self.settings
            .imap
            .command_timeout
            .max(self.settings.smtp.timeout)
            + Duration::from_secs(5)
    }

    /// The sending side, in two stages side by side until stopped: spooling moves the `mailto`
    /// outbox into the spool, relaying hands the spool to SMTP. Each mail is spooled by the one
    /// and sent by the other, and neither waits for the other's pass: a notification is spooled
    /// as soon as it is queued, and sent as soon as its recipient's earlier mails are.
    async fn sending(&self, stopping: watch::Receiver<bool>) -> Result<(), MailError> {
        tracing::info!("sending mail");
        tokio::try_join!(
            self.spooling(stopping.clone()),
            self.relaying(stopping.clone())
        )
        .map(|_| ())
    }

    /// Whether this process may send mail now; while it may not, waits a lease check (or until
    /// stopped). Mail is sent by the process that reads the mailbox, so two processes never send
    /// one mail side by side.
    async fn may_send(&self, stopping: &mut watch::Receiver<bool>) -> bool {
        let leased = match self.keep_lease().await {
            Ok(held) => held,
            Err(e) => {
                tracing::warn!(error = %e, "could not take the lease on the mailbox");
                false
            }
        };
        if !leased {
            tokio::select! {
                () = stopped(stopping) => {}
                () = tokio::time::sleep(self.lease_check()) => {}
            }
        }
        leased
    }

    /// Spooling: passes over the `mailto` outbox, each taking the rows queued while it runs, as
    /// long as rows come. A failure (the database busy or failing) is logged and the next pass
    /// tries again.
    async fn spooling(&self, mut stopping: watch::Receiver<bool>) -> Result<(), MailError> {
        // Rows other processes queue wake it too, once their commit is seen; rows of this
        // process's commands, whatever front end they came by, at their commit.
        let mut commits = self.service.store().commits();
        let mut queued = self.service.queued_rows();
        while !*stopping.borrow() {
            if !self.may_send(&mut stopping).await {
                continue;
            }
            let now = self.service.now();
            if let Err(e) = self
                .service
                .deliver(&OutboxSender { front: self, now }, now)
                .await
            {
                tracing::warn!(error = %e, "spooling mail failed; trying again later");
            }
            tokio::select! {
                () = stopped(&mut stopping) => {}
                () = commits.changed() => {}
                _ = queued.changed() => {}
                () = tokio::time::sleep(self.settings.imap.poll) => {}
            }
        }
        Ok(())
    }

    /// Relaying: passes over the spool (bounded in time, see [`Smtp::pass`](crate::smtp::Smtp::pass)), each taking the
    /// mails spooled while it runs. A failure is logged and the next pass tries again.
    async fn relaying(&self, mut stopping: watch::Receiver<bool>) -> Result<(), MailError> {
        while !*stopping.borrow() {
            if !self.may_send(&mut stopping).await {
                continue;
            }
            let stop_now = || *stopping.borrow();
            let now = self.service.now();
            let desk = self.service.mail();
            match self
                .smtp
                .pass(&desk, now, &stop_now, Some(&self.spooled))
                .await
            {
                // Mail is left that the pass could not reach: go on at once.
                Ok(pass) if pass.more && pass.sent + pass.failed > 0 => continue,
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "sending mail failed; trying again later"),
            }
            // Mails whose retry comes due are found by the poll.
            tokio::select! {
                () = stopped(&mut stopping) => {}
                () = self.spooled.notified() => {}
                () = tokio::time::sleep(self.settings.imap.poll) => {}
            }
        }
        Ok(())
    }
}
