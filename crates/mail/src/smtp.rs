//! Sending the spool over SMTP with lettre (implicit TLS, STARTTLS or plain on loopback, with or
//! without authentication).
//!
//! A spooled mail is marked sent right after the server's final answer accepted it, in a short
//! transaction of its own, before anything else is done; a failure is recorded and retried with
//! the outbox's backoff. The Message-ID is fixed when the mail is spooled (it is in the spooled
//! bytes), so in the window between the server's acceptance and that mark (a crash, a lost
//! connection after the final answer) the copy sent again is the same mail to the recipient's
//! client.
//!
//! A pass over the spool sends up to [`SmtpSettings::parallel`] mails at once, each bounded by
//! [`SmtpSettings::timeout`] (lettre's own timeout only covers connecting), and starts none after
//! [`SmtpSettings::pass`]: a dead relay costs one timeout per pass, not one per mail. The mails
//! of one recipient go one after the other, in the order they were spooled, so a player's
//! notifications about a game are never handed over out of order; after a failure the rest of
//! that recipient's mails wait for the next pass.
//!
//! A server's transient answer (4xx) is tried once more at once, on a new connection: servers end
//! a session with one when it reached their limit of mails (OpenSMTPD after a hundred).
//!
//! A failure says whether trying again can help ([`classify`]): the server's answers that refuse
//! the recipient or the mail for good (550-554, 521, 556) are permanent; everything else
//! (4xx, a broken connection, TLS, a timeout, and 5xx answers about our own commands or
//! credentials, which the operator can fix) is transient.

use crate::{MailError, Security, SmtpSettings};
use agora_service::MailDesk;
use agora_service::desk::SpooledMail;
use agora_service::outbox::SendError;
use chrono::{DateTime, Utc};
use futures::StreamExt;
use futures::stream::FuturesUnordered;
use lettre::address::Envelope;
use lettre::transport::smtp::PoolConfig;
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Certificate, Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use std::collections::{HashSet, VecDeque};
use std::time::Duration;
use tokio::sync::Notify;
use tokio::time::Instant;

/// Spooled mails read for one pass.
const PASS_BATCH: u32 = 200;

/// What one pass over the spool did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pass {
    /// Mails the server accepted.
    pub sent: usize,
    /// Mails that failed (recorded for a later try, or for good).
    pub failed: usize,
    /// Due mails may be left: the pass ran out of time, was stopped, or read a full batch.
    pub more: bool,
}

/// A pooled SMTP connection to the relay.
#[derive(Clone)]
pub struct Smtp {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    /// The same relay without a pool: each send on a connection of its own, closed after it.
    fresh: AsyncSmtpTransport<Tokio1Executor>,
    timeout: Duration,
    parallel: usize,
    pass: Duration,
}

impl Smtp {
    pub fn new(settings: &SmtpSettings) -> Result<Smtp, MailError> {
        crate::check_plain(settings.security, &settings.host)?;
        let tls = match settings.security {
            Security::Plain => Tls::None,
            security => {
                let mut params = TlsParameters::builder(settings.host.clone());
                if let Some(path) = &settings.ca_file {
                    let pem = std::fs::read(path).map_err(|e| {
                        MailError::Config(format!("certificate file {}: {e}", path.display()))
                    })?;
                    params = params.add_root_certificate(
                        Certificate::from_pem(&pem)
                            .map_err(|e| MailError::Config(format!("{}: {e}", path.display())))?,
                    );
                }
                let params = params
                    .build_rustls()
                    .map_err(|e| MailError::Config(format!("SMTP TLS: {e}")))?;
                if security == Security::Tls {
                    Tls::Wrapper(params)
                } else {
                    Tls::Required(params)
                }
            }
        };
        let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&settings.host)
            .port(settings.port)
            .tls(tls)
            .timeout(Some(settings.timeout))
            .pool_config(PoolConfig::new().max_size(settings.parallel.max(1) as u32));
        if let Some((user, password)) = &settings.credentials {
            builder = builder.credentials(Credentials::new(user.clone(), password.clone()));
        }
        Ok(Smtp {
            fresh: builder
                .clone()
                .pool_config(PoolConfig::new().max_size(0))
                .build(),
            transport: builder.build(),
            timeout: settings.timeout,
            parallel: settings.parallel.max(1),
            pass: settings.pass,
        })
    }

    /// Hands one mail to the server, waiting at most the send timeout; a failure says whether
    /// trying again can help.
    pub async fn send(&self, from: &str, to: &str, message: &[u8]) -> Result<(), SendError> {
        let parse = |a: &str| {
            a.parse()
                .map_err(|e| SendError::Permanent(format!("address `{a}`: {e}")))
        };
        let envelope = Envelope::new(Some(parse(from)?), vec![parse(to)?])
            .map_err(|e| SendError::Permanent(e.to_string()))?;
        match self.send_on(&self.transport, &envelope, message).await {
            // Some servers end a session on purpose with a transient answer (4xx): OpenSMTPD
            // answers 452 after a hundred mails on one connection, others 421. One more try at
            // once, on a connection of its own (the pool's others may be as old as the one that
            // met the limit), hands such a mail over without waiting for the spool's next
            // attempt; an answer that stands (a full mailbox, greylisting) comes again and is the
            // failure.
            Err((_, true)) => self
                .send_on(&self.fresh, &envelope, message)
                .await
                .map_err(|(e, _)| e),
            other => other.map_err(|(e, _)| e),
        }
    }

    /// One try at handing a mail over by `transport`; a failure says whether it was the
    /// server's transient answer (4xx), as opposed to a refusal for good, a broken connection or
    /// a timeout.
    async fn send_on(
        &self,
        transport: &AsyncSmtpTransport<Tokio1Executor>,
        envelope: &Envelope,
        message: &[u8],
    ) -> Result<(), (SendError, bool)> {
        match tokio::time::timeout(self.timeout, transport.send_raw(envelope, message)).await {
            Ok(Ok(_)) => Ok(()),
            Ok(Err(e)) => Err((classify(&e), e.is_transient())),
            Err(_) => Err((
                SendError::Transient(format!(
                    "no answer from the SMTP server within {} s",
                    self.timeout.as_secs_f32()
                )),
                false,
            )),
        }
    }

    /// Sends every due spooled mail once (one pass after the other while mail is left that a
    /// pass could not reach); returns how many went out.
    pub async fn flush(&self, desk: &MailDesk<'_>, now: DateTime<Utc>) -> Result<usize, MailError> {
        let mut sent = 0;
        loop {
            let pass = self.pass(desk, now, &|| false, None).await?;
            sent += pass.sent;
            if !pass.more || pass.sent + pass.failed == 0 {
                return Ok(sent);
            }
        }
    }

    /// One pass over the due spool: up to `parallel` recipients at once, each recipient's mails
    /// in order, no mail started after the pass's time or once `stopping` says so.
    ///
    /// The pass refills: once a recipient's mails are sent, and whenever `spooled` is notified
    /// (a mail was spooled), it reads the due spool again and takes the recipients it is not
    /// already sending to, so a mail spooled while the pass sends waits only for its own
    /// recipient's earlier mails, not for the slowest recipient of the pass. A recipient whose
    /// mail failed is not taken again in the same pass. The pass ends once nothing is being sent
    /// and the last read found nothing to take.
    pub async fn pass(
        &self,
        desk: &MailDesk<'_>,
        now: DateTime<Utc>,
        stopping: &(dyn Fn() -> bool + Sync),
        spooled: Option<&Notify>,
    ) -> Result<Pass, MailError> {
        let began = Instant::now();
        let ends = began + self.pass;
        let mut total = Pass::default();
        // Recipients being sent to or waiting for a connection, and those whose mail failed in
        // this pass (their later mails wait for the next one).
        let mut busy: HashSet<String> = HashSet::new();
        let mut failed: HashSet<String> = HashSet::new();
        let mut waiting: VecDeque<Vec<SpooledMail>> = VecDeque::new();
        let mut running = FuturesUnordered::new();
        let mut read = true;
        let mut full = false;
        // The first group's error: nothing new starts once there is one, and the groups under
        // way finish (a mail the server accepted is recorded, not sent again by the next pass).
        let mut fault: Option<MailError> = None;
        let never = Notify::new();
        let spooled = spooled.unwrap_or(&never);
        loop {
            let in_time = Instant::now() < ends && !stopping() && fault.is_none();
            if read && in_time && waiting.is_empty() {
                read = false;
                // Read in a short transaction and send outside it: SMTP is slow and the
                // service's commands need the write lock. Mails spooled since the pass began
                // are due: the read looks at the pass's time moved on with it.
                let at = now + chrono::Duration::from_std(began.elapsed()).unwrap_or_default();
                let batch = match desk.due_spool(at, PASS_BATCH).await {
                    Ok(batch) => batch,
                    Err(e) => {
                        fault = Some(e.into());
                        continue;
                    }
                };
                full = batch.len() == PASS_BATCH as usize;
                for mails in by_recipient(batch) {
                    let recipient = mails[0].recipient.to_ascii_lowercase();
                    if failed.contains(&recipient) {
                        total.more = true;
                    } else if busy.insert(recipient) {
                        waiting.push_back(mails);
                    }
                    // A recipient being sent to is read again once its mails are done.
                }
            }
            while running.len() < self.parallel
                && in_time
                && let Some(mails) = waiting.pop_front()
            {
                running.push(self.send_in_order(desk, mails, (now, began), ends, stopping));
            }
            if running.is_empty() {
                if let Some(e) = fault {
                    return Err(e);
                }
                if read && in_time {
                    continue;
                }
                total.more |= full || read || !waiting.is_empty();
                return Ok(total);
            }
            tokio::select! {
                Some(result) = running.next() => {
                    let (recipient, pass) = match result {
                        Ok(done) => done,
                        Err(e) => {
                            fault.get_or_insert(e);
                            continue;
                        }
                    };
                    total.sent += pass.sent;
                    total.failed += pass.failed;
                    total.more |= pass.more;
                    busy.remove(&recipient);
                    if pass.failed > 0 {
                        failed.insert(recipient);
                    }
                    read = true;
                }
                () = spooled.notified(), if !read => read = true,
            }
        }
    }

    /// Sends one recipient's mails in order; stops at the first failure, at the pass's end, or
    /// when stopping. Each mail is recorded as soon as the server answered, in a transaction of
    /// its own (the shorter the time between the server's acceptance and this mark, the fewer
    /// mails a crash can make go out twice). An accepted mail's record is written while the next
    /// mail is handed over, so a recipient's mails follow each other at the server's pace, not
    /// the writer's; a refused mail is recorded before anything else happens.
    async fn send_in_order(
        &self,
        desk: &MailDesk<'_>,
        mails: Vec<SpooledMail>,
        (now, began): (DateTime<Utc>, Instant),
        ends: Instant,
        stopping: &(dyn Fn() -> bool + Sync),
    ) -> Result<(String, Pass), MailError> {
        let recipient = mails
            .first()
            .map(|m| m.recipient.to_ascii_lowercase())
            .unwrap_or_default();
        // The time the server answered: the pass's time moved on with it.
        let answered = || now + chrono::Duration::from_std(began.elapsed()).unwrap_or_default();
        let mut pass = Pass::default();
        // The last mail accepted, and when, while its record is not yet written.
        let mut accepted: Option<(&SpooledMail, DateTime<Utc>)> = None;
        let mut fault = None;
        for mail in &mails {
            if Instant::now() >= ends || stopping() {
                pass.more = true;
                break;
            }
            let handing = async {
                let result = self
                    .send(&mail.sender, &mail.recipient, &mail.message)
                    .await;
                (result, answered())
            };
            let ((result, at), recorded) = tokio::join!(handing, record(desk, accepted.take()));
            fault = recorded.err();
            match result {
                Ok(()) => {
                    pass.sent += 1;
                    accepted = Some((mail, at));
                }
                Err(e) => {
                    desk.spool_result(mail, Err(&e), at).await?;
                    tracing::warn!(key = %mail.key, to = %mail.recipient,
                        permanent = e.is_permanent(), error = %e.text(), "mail not sent");
                    pass.failed += 1;
                    break;
                }
            }
            if fault.is_some() {
                break;
            }
        }
        // The last one accepted is recorded even when an earlier record failed.
        record(desk, accepted).await?;
        match fault {
            Some(e) => Err(e.into()),
            None => Ok((recipient, pass)),
        }
    }
}

/// Records a mail the server accepted at `at`, if there is one.
async fn record(
    desk: &MailDesk<'_>,
    accepted: Option<(&SpooledMail, DateTime<Utc>)>,
) -> Result<(), agora_service::ServiceError> {
    match accepted {
        Some((mail, at)) => desk.spool_result(mail, Ok(()), at).await,
        None => Ok(()),
    }
}

/// Whether a failure of lettre's can end with trying again: the server's answers that refuse
/// this recipient or this mail for good are permanent (550 no such user, 551, 552 too large, 553
/// bad address, 554 refused, 521 and 556 domain takes no mail). Other 5xx answers are about our
/// own commands or login (500-504 syntax, 530-538 authentication): every mail would get them until
/// the operator fixes the configuration, so they are transient, as are 4xx answers, broken
/// connections, TLS failures and timeouts.
pub fn classify(error: &lettre::transport::smtp::Error) -> SendError {
    let text = error.to_string();
    let code = error
        .status()
        .and_then(|c| c.to_string().parse::<u16>().ok());
    match code {
        Some(550..=554 | 521 | 556) if error.is_permanent() => SendError::Permanent(text),
        _ => SendError::Transient(text),
    }
}

/// The mails grouped by recipient (case aside), each group in spool order, the groups in the
/// order of their first mail.
fn by_recipient(mails: Vec<SpooledMail>) -> Vec<Vec<SpooledMail>> {
    let mut groups: Vec<(String, Vec<SpooledMail>)> = Vec::new();
    for mail in mails {
        let key = mail.recipient.to_ascii_lowercase();
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, group)) => group.push(mail),
            None => groups.push((key, vec![mail])),
        }
    }
    groups.into_iter().map(|(_, group)| group).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mail(id: i64, to: &str) -> SpooledMail {
        SpooledMail {
            id,
            key: format!("k{id}"),
            sender: "agora@example.test".into(),
            recipient: to.into(),
            message: Vec::new(),
            attempts: 0,
        }
    }

    #[test]
    fn the_mails_of_one_recipient_stay_together_and_in_order() {
        let batch = vec![
            mail(1, "bob@example.test"),
            mail(2, "carol@example.test"),
            mail(3, "Bob@Example.test"),
            mail(4, "dave@example.test"),
            mail(5, "carol@example.test"),
            mail(6, "bob@example.test"),
        ];
        let ids: Vec<Vec<i64>> = by_recipient(batch)
            .iter()
            .map(|g| g.iter().map(|m| m.id).collect())
            .collect();
        assert_eq!(ids, [vec![1, 3, 6], vec![2, 5], vec![4]]);
        assert!(by_recipient(Vec::new()).is_empty());
    }
}
