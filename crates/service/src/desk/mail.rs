//! The mail front end's desk: arrival and rate counts, codes, reply tokens and threads, the SMTP
//! spool, mailbox positions, retries and mail put aside.

use crate::outbox::SendError;
use crate::{Identity, Service, ServiceError};
pub use agora_store::SpooledMail;
use agora_store::{MailRetry, MailSender, MailThread, PutAsideMail, Tx};
use chrono::{DateTime, Duration, Utc};

/// The mail front end's own records.
pub struct MailDesk<'a> {
    pub(super) service: &'a Service,
}

/// What is known of a mail's sender when it arrives, before anything is counted.
#[derive(Debug, Clone)]
pub struct Arrival {
    /// The thread of the first of the mail's tokens that was made for this very address (someone
    /// else's token proves nothing).
    pub thread: Option<MailThread>,
    /// The address as known before (verified or not).
    pub sender: Option<MailSender>,
    /// The address's verification code, while it is valid.
    pub code: Option<String>,
    /// Wrong codes sent for the address in the current window.
    pub wrong_codes: u32,
}

/// Unauthenticated mails in the current hour, this one included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateCount {
    /// From the mail's sender address.
    pub address: u32,
    /// From the sender's domain.
    pub domain: u32,
    /// From anyone.
    pub overall: u32,
}

/// A finished mail to spool, once per key.
#[derive(Debug, Clone, Copy)]
pub struct SpoolEntry<'a> {
    /// What it answers or reports (`answer:<Message-ID>`, `outbox:<id>`): a second mail with the
    /// same key is not spooled.
    pub key: &'a str,
    pub from: &'a str,
    pub to: &'a str,
    pub bytes: &'a [u8],
    /// The thread it continues (the recipient's thread about this game, or about none), and its
    /// Message-ID, which the next mail in the thread replies to.
    pub game: Option<i64>,
    pub message_id: &'a str,
    /// The reply token in its Reply-To, kept (as a hash) in that thread when the mail is spooled.
    pub token: Option<&'a str>,
}

/// Where reading a mailbox starts.
#[derive(Debug, Clone)]
pub struct MailboxStart {
    /// The last UID handled; 0 when the mailbox is read from the start.
    pub last: u32,
    /// The mailbox's UIDVALIDITY changed since it was last read, so it is read again.
    pub renumbered: bool,
    /// Mails that failed before and are due again.
    pub retries: Vec<MailRetry>,
}

/// Why handling a mail failed this time, and what to do when it has failed too often.
#[derive(Debug, Clone, Copy)]
pub struct MailFailure<'a> {
    pub error: &'a str,
    /// Attempts after which the mail is put aside instead of being tried again (at least 1).
    pub max_attempts: u32,
    /// The one apology to its sender, spooled when it is put aside (none for a mail without a
    /// sender to answer).
    pub apology: Option<SpoolEntry<'a>>,
}

/// What became of a mail after an attempt at it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Taken {
    Handled,
    /// It failed and is tried again later; `attempts` so far.
    Retry {
        attempts: u32,
    },
    /// It failed for the last time allowed and is put aside.
    PutAside {
        attempts: u32,
    },
}

impl MailDesk<'_> {
    async fn tx(&self) -> Result<Tx, ServiceError> {
        Ok(self.service.store.write().await?)
    }

    /// A short write of the sending side's own (a mail spooled, a server's answer recorded):
    /// it waits behind at most one command (see `agora_store::Store::write_soon`).
    async fn soon(&self) -> Result<Tx, ServiceError> {
        Ok(self.service.store.write_soon().await?)
    }

    /// A read beside the writer, of what is committed.
    async fn read(&self) -> Result<Tx, ServiceError> {
        Ok(self.service.store.read().await?)
    }

    /// What is known of the sender `from` and of the tokens its recipients carry; `code_window`
    /// is how far back wrong verification codes count. Nothing is written.
    pub async fn arrival(
        &self,
        from: &str,
        tokens: &[String],
        code_window: Duration,
        now: DateTime<Utc>,
    ) -> Result<Arrival, ServiceError> {
        let mut tx = self.tx().await?;
        let mut thread = None;
        for t in tokens {
            if let Some(th) = tx.mail_thread_by_token(t).await?
                && th.address == from
            {
                thread = Some(th);
                break;
            }
        }
        let sender = tx.mail_sender(from).await?;
        let code = tx.mail_code(from, now).await?;
        let wrong_codes = tx.wrong_codes(from, code_window, now).await?;
        Ok(Arrival {
            thread,
            sender,
            code,
            wrong_codes,
        })
    }

    /// Counts an unauthenticated mail from `from` towards the hourly limits: of its address, of
    /// its domain and of everyone.
    pub async fn count_unauthenticated(
        &self,
        from: &str,
        now: DateTime<Utc>,
    ) -> Result<RateCount, ServiceError> {
        let hour = Duration::hours(1);
        let domain = from.rsplit_once('@').map_or(from, |(_, d)| d);
        let mut tx = self.tx().await?;
        let address = tx.count_mail_from(from, hour, now).await?;
        let domain = tx
            .count_mail_rate(&format!("domain:{domain}"), hour, now)
            .await?;
        let overall = tx.count_mail_rate("all", hour, now).await?;
        tx.commit().await?;
        Ok(RateCount {
            address,
            domain,
            overall,
        })
    }

    /// Counts a wrong verification code for `address` in its window; returns the count so far.
    pub async fn wrong_code(
        &self,
        address: &str,
        window: Duration,
        now: DateTime<Utc>,
    ) -> Result<u32, ServiceError> {
        let mut tx = self.tx().await?;
        let n = tx.count_wrong_code(address, window, now).await?;
        tx.commit().await?;
        Ok(n)
    }

    /// The address's verification code: the valid one it has, else `new_code`, valid for
    /// `lifetime`.
    pub async fn code(
        &self,
        address: &str,
        new_code: &str,
        lifetime: Duration,
        now: DateTime<Utc>,
    ) -> Result<String, ServiceError> {
        let mut tx = self.tx().await?;
        let code = match tx.mail_code(address, now).await? {
            Some(code) => code,
            None => {
                tx.set_mail_code(address, new_code, now + lifetime).await?;
                new_code.to_owned()
            }
        };
        tx.commit().await?;
        Ok(code)
    }

    /// Marks an address verified and voids its verification code.
    pub async fn verify(&self, address: &str, now: DateTime<Utc>) -> Result<(), ServiceError> {
        let mut tx = self.tx().await?;
        tx.verify_mail_sender(address, now).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Voids every reply token of the player who owns `address` (the tokens of each of their
    /// mail addresses, not of this one alone), so the old ones stop working at once; the next
    /// mail to each address carries a new one. Returns how many were voided.
    pub async fn revoke(&self, address: &str) -> Result<u64, ServiceError> {
        let mut tx = self.tx().await?;
        let mut addresses = vec![address.to_owned()];
        if let Some(owner) = tx.identity(&Identity::mail(address).to_string()).await? {
            for identity in tx.identities_of(owner.player_id).await? {
                if let Some(other) = identity.address.mail_address()
                    && !addresses.iter().any(|a| a.eq_ignore_ascii_case(other))
                {
                    addresses.push(other.to_owned());
                }
            }
        }
        let mut voided = 0;
        for address in &addresses {
            voided += tx.revoke_mail_tokens(address).await?;
        }
        tx.commit().await?;
        Ok(voided)
    }

    /// The address's conversation about `game` (or about no game) as committed, read beside the
    /// writer: one not begun yet has no last message. Nothing is written; spooling a mail in it
    /// begins it ([`MailDesk::spool`]). The mails of one conversation are spooled one after
    /// another, so the last message read here is the one the next mail answers.
    pub async fn thread(
        &self,
        address: &str,
        game: Option<i64>,
    ) -> Result<MailThread, ServiceError> {
        let found = self.read().await?.find_mail_thread(address, game).await?;
        Ok(found.unwrap_or_else(|| MailThread {
            address: address.to_owned(),
            game_id: game,
            last_message_id: None,
        }))
    }

    /// Keeps `token` as a key to the address's conversation about `game` (or about none), as if
    /// a mail carrying it had been spooled: for a token handed out some other way than in a
    /// spooled mail's Reply-To.
    pub async fn keep_token(
        &self,
        address: &str,
        game: Option<i64>,
        token: &str,
        now: DateTime<Utc>,
    ) -> Result<(), ServiceError> {
        let mut tx = self.tx().await?;
        tx.mail_thread(address, game, now).await?;
        tx.add_mail_token(address, game, token, now).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Whether a mail with this key is spooled already.
    pub async fn is_spooled(&self, key: &str) -> Result<bool, ServiceError> {
        Ok(self.read().await?.is_spooled(key).await?)
    }

    /// Spools a mail (unless its key was spooled before, or its recipient is blocked) and makes
    /// it the latest of its thread.
    pub async fn spool(
        &self,
        mail: SpoolEntry<'_>,
        now: DateTime<Utc>,
    ) -> Result<(), ServiceError> {
        self.spool_marking(mail, None, now).await
    }

    /// Spools the mail of outbox row `row` and marks the row sent, in one transaction: the
    /// mail is the row's delivery from here on (a recipient blocked meanwhile gets none, and
    /// the row is done all the same).
    pub async fn spool_row(
        &self,
        mail: SpoolEntry<'_>,
        row: i64,
        now: DateTime<Utc>,
    ) -> Result<(), ServiceError> {
        self.spool_marking(mail, Some(row), now).await
    }

    async fn spool_marking(
        &self,
        mail: SpoolEntry<'_>,
        row: Option<i64>,
        now: DateTime<Utc>,
    ) -> Result<(), ServiceError> {
        let mut tx = self.soon().await?;
        if let Some(row) = row {
            tx.mark_sent(row, now).await?;
        }
        if blocked(&mut tx, mail.to).await? {
            tx.commit().await?;
            return Ok(());
        }
        if tx
            .spool_mail(mail.key, mail.from, mail.to, mail.bytes, now)
            .await?
        {
            // The conversation is begun with its first mail.
            tx.mail_thread(mail.to, mail.game, now).await?;
            tx.set_thread_message(mail.to, mail.game, mail.message_id)
                .await?;
            if let Some(token) = mail.token {
                tx.add_mail_token(mail.to, mail.game, token, now).await?;
            }
        }
        tx.commit().await?;
        Ok(())
    }

    /// Spooled mails due to be sent, oldest first, at most `limit`.
    pub async fn due_spool(
        &self,
        now: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<SpooledMail>, ServiceError> {
        Ok(self.read().await?.due_spool(now, limit).await?)
    }

    /// Records that the server accepted a spooled mail, or why it did not: after a transient
    /// failure it is tried again with the outbox's backoff; after a permanent one, or the
    /// `max_send_attempts`th, it is given up for good (logged at error level). A given-up mail
    /// made from an outbox row (key `outbox:<id>`) tells the player on their other channels, as
    /// a given-up row does; an answer (`answer:<Message-ID>`) may have gone to a stranger, who
    /// is told nothing.
    pub async fn spool_result(
        &self,
        mail: &SpooledMail,
        result: Result<(), &SendError>,
        now: DateTime<Utc>,
    ) -> Result<(), ServiceError> {
        let metrics = &self.service.metrics;
        match result {
            Ok(()) => metrics.sent("smtp"),
            Err(e) => metrics.send_failed("smtp", crate::metrics::SendFailure::of(e)),
        }
        let mut tx = self.soon().await?;
        match result {
            Ok(()) => tx.spool_sent(mail.id, now).await?,
            Err(error) if self.service.gives_up(error, mail.attempts) => {
                tracing::error!(
                    id = mail.id,
                    channel = "mailto",
                    key = %mail.key,
                    to = %mail.recipient,
                    attempts = mail.attempts + 1,
                    error = %error,
                    "mail given up"
                );
                tx.spool_given_up(mail.id, error.text(), now).await?;
                let row = match mail.key.strip_prefix("outbox:").map(str::parse::<i64>) {
                    Some(Ok(id)) => tx.outbox_message(id).await?,
                    _ => None,
                };
                if let Some(row) = row {
                    self.service.tell_undeliverable(&mut tx, &row, now).await?;
                }
            }
            Err(error) => {
                let retry = now + crate::outbox::backoff(mail.attempts);
                tx.spool_failed(mail.id, error.text(), retry).await?;
            }
        }
        tx.commit().await?;
        Ok(())
    }

    /// Where to start reading `mailbox`, whose UIDVALIDITY is now `validity`.
    pub async fn mailbox_start(
        &self,
        mailbox: &str,
        validity: u32,
        now: DateTime<Utc>,
    ) -> Result<MailboxStart, ServiceError> {
        let mut tx = self.tx().await?;
        let (last, renumbered) = match tx.mailbox_position(mailbox).await? {
            Some((v, last)) if v == validity => (last, false),
            stored => {
                tx.set_mailbox_position(mailbox, validity, 0).await?;
                (0, stored.is_some())
            }
        };
        let retries = tx.due_mail_retries(mailbox, validity, now).await?;
        tx.commit().await?;
        Ok(MailboxStart {
            last,
            renumbered,
            retries,
        })
    }

    /// Records what became of mail `uid`: handled (`Ok`, its failures forgotten), failed again
    /// (retried later with the outbox's backoff), or failed for the `max_attempts`th time: put
    /// aside for good, with the apology spooled in the same transaction so the sender hears of it
    /// exactly once. Either way the mailbox's position moves past it when it is newer than `last`,
    /// the position reading started from.
    pub async fn mail_taken(
        &self,
        mailbox: &str,
        validity: u32,
        uid: u32,
        result: Result<(), MailFailure<'_>>,
        last: u32,
        now: DateTime<Utc>,
    ) -> Result<Taken, ServiceError> {
        let mut tx = self.tx().await?;
        let taken = match result {
            Ok(()) => {
                tx.mail_retried(mailbox, validity, uid).await?;
                Taken::Handled
            }
            Err(failure) => {
                let before = tx.mail_attempts(mailbox, validity, uid).await?;
                let retry = now + crate::outbox::backoff(before);
                tx.mail_failed(mailbox, validity, uid, failure.error, retry)
                    .await?;
                let attempts = before.saturating_add(1);
                if attempts >= failure.max_attempts.max(1) {
                    tx.put_mail_aside(mailbox, validity, uid, now).await?;
                    if let Some(apology) = failure.apology
                        && !blocked(&mut tx, apology.to).await?
                    {
                        tx.spool_mail(apology.key, apology.from, apology.to, apology.bytes, now)
                            .await?;
                    }
                    Taken::PutAside { attempts }
                } else {
                    Taken::Retry { attempts }
                }
            }
        };
        if uid > last {
            let current = tx.mailbox_position(mailbox).await?.map_or(0, |(_, u)| u);
            if uid > current {
                tx.set_mailbox_position(mailbox, validity, uid).await?;
            }
        }
        tx.commit().await?;
        Ok(taken)
    }

    /// Records a complete read of `mailbox` that started at `at`: every mail that reached it
    /// before then was handled, is due again, or was put aside.
    pub async fn mailbox_read(&self, mailbox: &str, at: DateTime<Utc>) -> Result<(), ServiceError> {
        let mut tx = self.tx().await?;
        tx.set_mailbox_read_through(mailbox, at).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The moment up to which mail was read completely; `None` before a first complete read.
    /// A move by mail counts when it arrived, so a sweep about to time out a mail player whose
    /// deadline is later than this may be ending a game whose saving move waits unread.
    pub async fn read_through(&self) -> Result<Option<DateTime<Utc>>, ServiceError> {
        Ok(self.tx().await?.mail_read_through().await?)
    }

    /// Every mail put aside after failing too often, oldest first (for the operator).
    pub async fn put_aside(&self) -> Result<Vec<PutAsideMail>, ServiceError> {
        Ok(self.tx().await?.put_aside_mails().await?)
    }

    /// Who holds the lease on reading `mailbox`, and until when (it may have run out).
    pub async fn mailbox_holder(
        &self,
        mailbox: &str,
    ) -> Result<Option<(String, DateTime<Utc>)>, ServiceError> {
        self.service.lease_holder(&mailbox_lease(mailbox)).await
    }

    /// Forgets a mail to retry that is gone from the mailbox (an operator moved it).
    pub async fn mail_gone(
        &self,
        mailbox: &str,
        validity: u32,
        uid: u32,
    ) -> Result<(), ServiceError> {
        let mut tx = self.tx().await?;
        tx.mail_retried(mailbox, validity, uid).await?;
        tx.commit().await?;
        Ok(())
    }
}

/// The name of the lease on reading `mailbox` (and sending the spooled mail).
pub fn mailbox_lease(mailbox: &str) -> String {
    format!("imap:{mailbox}")
}

/// Whether mail to `address` must not be sent: its identity is blocked by the operator.
async fn blocked(tx: &mut Tx, address: &str) -> Result<bool, ServiceError> {
    let identity = Identity::mail(address.to_lowercase());
    let blocked = tx.is_blocked(&identity.to_string()).await?;
    if blocked {
        tracing::info!(%identity, "not spooled: the recipient is blocked");
    }
    Ok(blocked)
}
