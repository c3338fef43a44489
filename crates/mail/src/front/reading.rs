//! The reading side: IMAP sessions one after the other, each reading the new mail in UID order
//! while this process holds the lease, and each mail's result recorded: marked when handled,
//! retried when it failed, put aside with one apology when it failed too often. What a mail
//! means is decided in [`super::received`].

use super::reply::ReplyParts;
use super::{MailFrontEnd, domain_of, guarded, stopped};
use crate::compose::{self, Outgoing};
use crate::imap::{Fetched, Mailbox};
use crate::{MailError, authres, parse, token};
use agora_service::FrontEnd;
use agora_service::desk::{MailFailure, SpoolEntry, Taken};
use chrono::{DateTime, Utc};
use serde::Serialize;
use std::panic::AssertUnwindSafe;
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// The words of the apology for a mail put aside (`templates/mail_put_aside.txt`).
#[derive(Serialize)]
struct PutAsideWords<'a> {
    address: &'a str,
    service: &'a str,
    /// How many times handling it was tried.
    attempts: u32,
    /// When it reached the mailbox.
    arrived: String,
    /// What the operator finds it by.
    reference: &'a str,
}

/// A written apology, ready to spool.
struct Apology {
    to: String,
    bytes: Vec<u8>,
    message_id: String,
}

impl MailFrontEnd {
    /// Reads every new mail (and every failed one that is due again) and handles it in UID order,
    /// then records that the mailbox was read through `now`; returns how many were handled.
    pub async fn read_new(
        &self,
        mailbox: &mut Mailbox,
        now: DateTime<Utc>,
    ) -> Result<usize, MailError> {
        // Only the process that holds the lease reads (it is checked at every look, and renewed
        // once a third of it has passed).
        if !self.keep_lease().await? {
            return Err(MailError::LeaseLost);
        }
        let name = self.settings.imap.mailbox.clone();
        let validity = mailbox.uidvalidity;
        let start = self
            .service
            .mail()
            .mailbox_start(&name, validity, now)
            .await?;
        if start.renumbered {
            tracing::warn!(mailbox = %name, validity, "UIDVALIDITY changed: reading the mailbox again");
        }
        let (last, retries) = (start.last, start.retries);
        let mut uids: Vec<u32> = retries.iter().map(|r| r.uid).collect();
        uids.extend(mailbox.uids_after(last).await?);
        let mut handled = 0;
        for chunk in uids.chunks(25) {
            // Handling may take long: never go on once another process may be reading.
            if !self.keep_lease().await? {
                return Err(MailError::LeaseLost);
            }
            let fetched = mailbox.fetch(chunk, self.settings.max_bytes).await?;
            for uid in chunk {
                match fetched.iter().find(|f| f.uid == *uid) {
                    Some(f) => {
                        self.take(mailbox, f, &name, validity, last, now).await?;
                        handled += 1;
                    }
                    None => {
                        // Gone from the mailbox (an operator moved it): nothing left to retry.
                        self.service.mail().mail_gone(&name, validity, *uid).await?;
                    }
                }
            }
        }
        self.service.mail().mailbox_read(&name, now).await?;
        Ok(handled)
    }

    /// Handles one fetched mail and records the result: handled mail is marked in the mailbox and
    /// passed; failed mail stays unmarked and is retried later, until it has failed
    /// `max_attempts` times: then it is put aside (its keyword set, never tried again) and its
    /// sender gets one apology.
    async fn take(
        &self,
        mailbox: &mut Mailbox,
        fetched: &Fetched,
        name: &str,
        validity: u32,
        last: u32,
        now: DateTime<Utc>,
    ) -> Result<(), MailError> {
        let uid = fetched.uid;
        let fallback = format!("uid-{validity}-{uid}.{name}.agora");
        let handled = self.handle_arrived(
            &fetched.bytes,
            fetched.header_only,
            &fallback,
            fetched.arrived_at,
            now,
        );
        let desk = self.service.mail();
        let error = match guarded(handled).await {
            Ok(outcome) => {
                tracing::info!(uid, ?outcome, "mail handled");
                // The spool and the deliveries table already make a repeat harmless, so a failure
                // to mark is only logged.
                if let Err(e) = mailbox.mark_handled(uid).await {
                    tracing::warn!(uid, error = %e, "could not mark a handled mail");
                }
                desk.mail_taken(name, validity, uid, Ok(()), last, now)
                    .await?;
                return Ok(());
            }
            Err(e) => e.to_string(),
        };
        let key = format!("aside:{name}:{validity}:{uid}");
        let apology = self.apology(fetched, &key, now);
        let failure = MailFailure {
            error: &error,
            max_attempts: self.settings.max_attempts,
            apology: apology.as_ref().map(|a| SpoolEntry {
                key: &key,
                from: &self.settings.address,
                to: &a.to,
                bytes: &a.bytes,
                game: None,
                message_id: &a.message_id,
                token: None,
            }),
        };
        match desk
            .mail_taken(name, validity, uid, Err(failure), last, now)
            .await?
        {
            Taken::PutAside { attempts } => {
                tracing::error!(uid, attempts, %error, apologised = apology.is_some(),
                    "mail failed too often: put aside, never tried again");
                if let Err(e) = mailbox.mark_put_aside(uid).await {
                    tracing::warn!(uid, error = %e, "could not mark a mail put aside");
                }
            }
            Taken::Retry { attempts } => {
                tracing::error!(uid, attempts, %error, "mail failed; it will be retried");
            }
            Taken::Handled => {}
        }
        Ok(())
    }

    /// The one apology for a mail put aside, to its sender: none for a mail Agora never answers
    /// (automatic, without a sender, its own, or found forged by the receiving server). Nothing
    /// of the mail is repeated (its sender may not be who the From says), and its Reply-To is the
    /// service's plain address. Built without the database, which may be what failed.
    fn apology(&self, fetched: &Fetched, reference: &str, now: DateTime<Utc>) -> Option<Apology> {
        let build = || {
            let mail = parse::parse_header(&fetched.bytes);
            let to = mail.from.filter(|_| mail.automatic.is_none())?;
            if to.eq_ignore_ascii_case(&self.settings.address) {
                return None;
            }
            if let Some(trusted) = &self.settings.trust_authentication_results
                && authres::failure(&mail.auth_results, trusted, domain_of(&to)).is_some()
            {
                return None;
            }
            let templates = self.service.templates();
            let words = PutAsideWords {
                address: &to,
                service: &self.settings.address,
                attempts: self.settings.max_attempts,
                arrived: fetched
                    .arrived_at
                    .unwrap_or(now)
                    .format("%Y-%m-%d %H:%M UTC")
                    .to_string(),
                reference,
            };
            let language = self.service.default_language();
            let subject = templates.render_in(
                "mail_subject.txt",
                "",
                language,
                ReplyParts {
                    put_aside: true,
                    ..self.parts(&to)
                },
            );
            let message_id =
                compose::message_id(&format!("aside.{}", token::generate()), &self.settings);
            let outgoing = Outgoing {
                files: Vec::new(),
                to: to.clone(),
                subject: subject.trim().to_owned(),
                text: templates.render_in("mail_put_aside.txt", "", language, &words),
                message_id: message_id.clone(),
                in_reply_to: None,
                references: Vec::new(),
                token: String::new(),
                png: None,
                footer: self.footer(None, None, language),
            };
            let bytes = compose::build(&self.settings, &outgoing)
                .map_err(|e| tracing::warn!(%to, error = %e, "no apology: it could not be written"))
                .ok()?;
            Some(Apology {
                to,
                bytes,
                message_id,
            })
        };
        std::panic::catch_unwind(AssertUnwindSafe(build))
            .ok()
            .flatten()
    }

    /// The reading side: IMAP sessions one after the other until stopped, each while this
    /// process holds the lease on reading the mailbox.
    pub(super) async fn reading(
        &self,
        mut stopping: watch::Receiver<bool>,
    ) -> Result<(), MailError> {
        let stopping = &mut stopping;
        let mut pause = Duration::from_secs(1);
        let mut standing_by = false;
        loop {
            match self.keep_lease().await {
                Ok(true) => standing_by = false,
                Ok(false) => {
                    if !standing_by {
                        tracing::info!("another process reads the mailbox; standing by");
                        standing_by = true;
                    }
                    // Standing by is this front end's job for now, not a fault.
                    self.service.metrics().set_connected(FrontEnd::Mail, true);
                    tokio::select! {
                        () = stopped(stopping) => return Ok(()),
                        () = tokio::time::sleep(self.lease_check()) => {}
                    }
                    continue;
                }
                Err(e) => {
                    tracing::warn!(error = %e, "could not take the lease on the mailbox");
                    tokio::select! {
                        () = stopped(stopping) => return Ok(()),
                        () = tokio::time::sleep(self.lease_check()) => {}
                    }
                    continue;
                }
            }
            let started = Instant::now();
            match self.session(stopping).await {
                Ok(()) => return Ok(()),
                Err(e @ MailError::Config(_)) => return Err(e),
                Err(MailError::LeaseLost) => {
                    tracing::warn!("another process took over reading the mailbox");
                    continue;
                }
                Err(e) => {
                    if started.elapsed() > Duration::from_secs(300) {
                        pause = Duration::from_secs(1);
                    }
                    tracing::warn!(error = %e, pause = ?pause, "mail session ended; reconnecting");
                }
            }
            tokio::select! {
                () = stopped(stopping) => return Ok(()),
                () = tokio::time::sleep(pause) => {}
            }
            pause = (pause * 2).min(Duration::from_secs(60));
        }
    }

    /// One IMAP connection's life; `Ok` when stopped.
    async fn session(&self, stopping: &mut watch::Receiver<bool>) -> Result<(), MailError> {
        let metrics = self.service.metrics();
        metrics.set_connected(FrontEnd::Mail, false);
        let mut mailbox = tokio::select! {
            () = stopped(stopping) => return Ok(()),
            opened = Mailbox::open(&self.settings.imap) => opened?,
        };
        tracing::info!(mailbox = %self.settings.imap.mailbox, "reading mail");
        metrics.set_connected(FrontEnd::Mail, true);
        let reading = async {
            loop {
                let read = self.read_new(&mut mailbox, self.service.now()).await;
                if let Err(MailError::LeaseLost) = read {
                    mailbox.close().await;
                    return Err(MailError::LeaseLost);
                }
                if read? > 0 {
                    self.spooled.notify_one();
                }
                tokio::select! {
                    () = stopped(stopping) => {
                        mailbox.close().await;
                        return Ok(());
                    }
                    woken = mailbox.wait(self.lease_check()) => {
                        woken?;
                    }
                }
            }
        };
        let ended = reading.await;
        metrics.set_connected(FrontEnd::Mail, false);
        ended
    }
}
