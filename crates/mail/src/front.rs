//! The mail front end proper: from a received mail to the service's commands and back to a reply,
//! under the trust rules; the outbox sender for the `mailto` channel; and the run loop.
//!
//! Trust, in order:
//! 1. Automatic mail (bounces, holiday notices, lists) is never answered, so two robots can never
//!    talk to each other forever.
//! 2. Each sender gets [`crate::MailSettings::per_sender_per_hour`] mails an hour; the rest are
//!    dropped unanswered (floods and loops end there).
//! 3. An address is verified when a mail from it carries a token we sent to it (the plus address
//!    of our Reply-To) or its `verify <code>` line. Until then its commands wait and the sender is
//!    asked to confirm; a forged From therefore only ever makes the real owner receive a question.
//! 4. From a verified address, commands that change something (moves, accepting, resigning,
//!    settings) need a valid token of that address in the mail; reading (`help`, `board`,
//!    `history`, `games`) does not, since the answer goes to the address anyway. A game token also
//!    tells the service which game the reply is about.
//!
//! The service remains the only place where games change; this module only translates.

use crate::compose::{self, Outgoing};
use crate::imap::{Fetched, Mailbox};
use crate::parse::{self, Incoming};
use crate::smtp::Smtp;
use crate::{MailError, MailSettings, token};
use agora_service::commands::{self, Command};
use agora_service::outbox::{SendError, Sender};
use agora_service::{Inbound, Service, Status};
use agora_store::{GameStatus, OutboxMessage};
use chrono::{DateTime, Utc};
use futures::FutureExt;
use serde::Serialize;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::Duration;

/// What became of one received mail (for logs, tests and the benchmark).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Not answered: the reason (an automatic mail, no usable sender).
    Ignored(&'static str),
    /// The sender is over the rate limit: not answered.
    RateLimited,
    /// Too large to read: a short refusal was spooled.
    TooLarge,
    /// The sender's address is not verified: its commands wait, a confirmation request was
    /// spooled.
    Verification,
    /// Commands were handled and one reply spooled (none when the mail was a repeat).
    Answered { commands: usize, repeat: bool },
}

/// The mail front end over one service.
pub struct MailFrontEnd {
    service: Arc<Service>,
    settings: MailSettings,
    smtp: Smtp,
}

/// What a mail about a game shows: its subject for the recipient and the board picture.
struct GameMail {
    subject: String,
    png: Option<Vec<u8>>,
}

/// The channel code of mail identities in the service and the outbox.
const CHANNEL: &str = "mailto";

fn identity(address: &str) -> String {
    format!("{CHANNEL}:{address}")
}

#[derive(Serialize)]
struct Footer<'a> {
    game: Option<i64>,
    service: &'a str,
}

/// Commands that only show something to the sender, so a mail without a token may ask them.
fn reads_only(line: &str) -> bool {
    matches!(
        commands::parse(line),
        Ok(Command::Help(_) | Command::Board(_) | Command::History(_) | Command::Games)
    )
}

impl MailFrontEnd {
    pub fn new(service: Arc<Service>, settings: MailSettings) -> Result<MailFrontEnd, MailError> {
        let smtp = Smtp::new(&settings.smtp)?;
        Ok(MailFrontEnd {
            service,
            settings,
            smtp,
        })
    }

    pub fn settings(&self) -> &MailSettings {
        &self.settings
    }

    /// The footer of a mail, about `game` or about no game.
    fn footer(&self, game: Option<i64>) -> String {
        self.service.templates().render(
            "mail_footer.txt",
            Footer {
                game,
                service: &self.settings.address,
            },
        )
    }

    /// Handles one received mail: `raw` is the whole mail, or only its header when `header_only`
    /// (it was larger than the limit). `fallback_id` stands in for a missing Message-ID and must be
    /// stable for this mail (the mailbox, UIDVALIDITY and UID).
    pub async fn handle_mail(
        &self,
        raw: &[u8],
        header_only: bool,
        fallback_id: &str,
        now: DateTime<Utc>,
    ) -> Result<Outcome, MailError> {
        let too_large = header_only || raw.len() > self.settings.max_bytes as usize;
        let mail = if too_large {
            parse::parse_header(raw)
        } else {
            parse::parse(raw)
        };
        if let Some(reason) = mail.automatic {
            tracing::info!(from = ?mail.from, reason, "automatic mail: not answered");
            return Ok(Outcome::Ignored(reason));
        }
        let Some(from) = mail.from.clone() else {
            return Ok(Outcome::Ignored("no sender address"));
        };
        if from.eq_ignore_ascii_case(&self.settings.address) {
            return Ok(Outcome::Ignored("our own mail"));
        }
        let delivery = mail
            .message_id
            .clone()
            .unwrap_or_else(|| fallback_id.to_owned());
        let (local, domain) = self.settings.address_parts();
        let tokens = token::from_recipients(&mail.recipients, local, domain);

        let mut tx = self.service.store().write().await?;
        let count = tx
            .count_mail_from(&from, chrono::Duration::hours(1), now)
            .await?;
        // A valid token is one we made for this very address; someone else's token proves nothing.
        let mut thread = None;
        for t in &tokens {
            if let Some(th) = tx.mail_thread_by_token(t).await?
                && th.address == from
            {
                thread = Some(th);
                break;
            }
        }
        let sender = tx.mail_sender(&from).await?;
        let account = tx.mail_thread(&from, None, &token::generate(), now).await?;
        tx.commit().await?;

        if count > self.settings.per_sender_per_hour {
            tracing::warn!(%from, count, "over the per-sender rate limit: not answered");
            return Ok(Outcome::RateLimited);
        }
        if too_large {
            let text = format!(
                "Sorry: your mail was too large to read (the limit is {} KB). Send commands as plain text, without attachments or long quotes.",
                self.settings.max_bytes / 1024
            );
            self.reply(&mail, &from, &delivery, &[text], None, &account.token, now)
                .await?;
            return Ok(Outcome::TooLarge);
        }

        let verified = sender.as_ref().is_some_and(|s| s.verified);
        let code_line = mail
            .commands
            .iter()
            .position(|l| token::verify_command(l).is_some_and(|c| c == account.token));
        let mut lines = mail.commands.clone();
        let mut answers = Vec::new();
        let mut pending = None;
        if !verified {
            if thread.is_none() && code_line.is_none() {
                return self
                    .ask_to_verify(&mail, &from, &delivery, &account.token, now)
                    .await;
            }
            let mut tx = self.service.store().write().await?;
            pending = tx.verify_mail_sender(&from, now).await?;
            tx.commit().await?;
            answers.push(format!(
                "Thank you: {from} is confirmed. Your mails to Agora now count as yours."
            ));
        }
        if let Some(i) = code_line {
            lines.remove(i);
            if verified {
                answers.push(format!("{from} is already confirmed."));
            }
        }
        // A valid code in the body proves the address as well as a token in the reply address.
        let authenticated = thread.is_some() || code_line.is_some();
        let game = thread.as_ref().and_then(|t| t.game_id);

        let mut runs: Vec<(String, String)> = Vec::new();
        if let Some((text, pending_delivery)) = pending {
            let base = pending_delivery.unwrap_or_else(|| format!("{delivery}/pending"));
            runs.extend(numbered(&base, text.lines().map(str::to_owned).collect()));
        }
        runs.extend(numbered(&delivery, lines));

        let several = runs.len() > 1;
        let mut repeats = 0;
        let mut game_of_reply = None;
        for (line, id) in &runs {
            let text = if !authenticated && !reads_only(line) {
                format!(
                    "Sorry: `{line}` was not done. A command that changes a game or your settings must come in a reply to a mail from Agora: its reply address (agora+…) carries your personal key. Reply to the latest mail about the game, or to this one, and send the command again."
                )
            } else {
                let answer = self
                    .service
                    .handle(
                        &Inbound {
                            from: identity(&from),
                            name: mail.name.clone(),
                            text: line.clone(),
                            delivery: Some(id.clone()),
                            game,
                        },
                        now,
                    )
                    .await?;
                if answer.status == Status::Repeat {
                    repeats += 1;
                }
                if game_of_reply.is_none() {
                    game_of_reply = answer.game;
                }
                answer.text
            };
            answers.push(if several {
                format!("> {line}\n{}", text.trim_end())
            } else {
                text
            });
        }
        if runs.is_empty() && answers.is_empty() {
            answers.push(
                "Agora found no command in your mail. Write one command per line at the top of the mail; send `help` for the list.".into(),
            );
        }
        let repeat = !runs.is_empty() && repeats == runs.len();
        // Even for a repeat: the reply is spooled at most once per Message-ID, and a mail handled
        // just before a crash gets its reply now.
        {
            let token = match game_of_reply {
                Some(g) => {
                    let mut tx = self.service.store().write().await?;
                    let t = tx
                        .mail_thread(&from, Some(g), &token::generate(), now)
                        .await?;
                    tx.commit().await?;
                    t.token
                }
                None => account.token.clone(),
            };
            self.reply(
                &mail,
                &from,
                &delivery,
                &answers,
                game_of_reply,
                &token,
                now,
            )
            .await?;
        }
        Ok(Outcome::Answered {
            commands: runs.len(),
            repeat,
        })
    }

    /// Keeps the commands of an unverified sender and asks them to confirm the address.
    async fn ask_to_verify(
        &self,
        mail: &Incoming,
        from: &str,
        delivery: &str,
        code: &str,
        now: DateTime<Utc>,
    ) -> Result<Outcome, MailError> {
        let mut tx = self.service.store().write().await?;
        if !mail.commands.is_empty() {
            tx.set_pending_mail(from, &mail.commands.join("\n"), Some(delivery))
                .await?;
        }
        tx.commit().await?;
        let waiting = if mail.commands.is_empty() {
            String::new()
        } else {
            format!(
                "\nThen Agora will do what you asked:\n{}\n",
                mail.commands
                    .iter()
                    .map(|c| format!("    {c}"))
                    .collect::<Vec<_>>()
                    .join("\n")
            )
        };
        let text = format!(
            "Welcome to Agora, where you can play Agon and Agros by mail.\n\nTo confirm that {from} is yours, simply reply to this mail (keep the reply address), or send a mail with the line\n\n    verify {code}\n{waiting}\nIf you did not write to Agora, ignore this mail: nothing happens without your reply."
        );
        self.reply(mail, from, delivery, &[text], None, code, now)
            .await?;
        Ok(Outcome::Verification)
    }

    /// Spools the one reply to a received mail, threaded under it (once per Message-ID).
    #[allow(clippy::too_many_arguments)]
    async fn reply(
        &self,
        mail: &Incoming,
        to: &str,
        delivery: &str,
        answers: &[String],
        game: Option<i64>,
        token: &str,
        now: DateTime<Utc>,
    ) -> Result<(), MailError> {
        let key = format!("answer:{delivery}");
        let view = match game {
            Some(g) => self.game_mail(g, None).await?,
            None => None,
        };
        let (subject, png) = match view {
            Some(v) => (v.subject, v.png),
            None => (compose::reply_subject(&mail.subject), None),
        };
        let mut references = mail.references.clone();
        if let Some(id) = &mail.message_id {
            references.push(id.clone());
        }
        let message_id =
            compose::message_id(&format!("reply.{}", token::generate()), &self.settings);
        let outgoing = Outgoing {
            to: to.to_owned(),
            subject,
            text: answers.join("\n\n"),
            message_id: message_id.clone(),
            in_reply_to: mail.message_id.clone(),
            references,
            token: token.to_owned(),
            png,
            footer: self.footer(game),
        };
        let bytes = compose::build(&self.settings, &outgoing)?;
        let mut tx = self.service.store().write().await?;
        if tx
            .spool_mail(&key, &self.settings.address, to, &bytes, now)
            .await?
        {
            tx.set_thread_message(to, game, &message_id).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// The subject and picture of a mail about `game_id`; the picture shows the position after
    /// `ply` (the current one if `None`). `None` if the game does not exist.
    async fn game_mail(
        &self,
        game_id: i64,
        ply: Option<u32>,
    ) -> Result<Option<GameMail>, MailError> {
        let (game, actions, names) = {
            let mut tx = self.service.store().write().await?;
            let Some(game) = tx.game(game_id).await? else {
                return Ok(None);
            };
            let actions = tx.actions(game_id).await?;
            let mut names = Vec::new();
            for id in game.seats {
                names.push(tx.player(id).await?.map(|p| p.name).unwrap_or_default());
            }
            // Only read: dropping the transaction rolls back nothing.
            (game, actions, names)
        };
        let subject = compose::game_subject(
            game.id,
            &agora_service::views::title(game.variant),
            &names[0],
            &names[1],
        );
        let png = if self.settings.png && game.status != GameStatus::Proposed {
            match agora_service::views::picture(&game, &actions, ply, self.settings.png_size) {
                Ok(bytes) => Some(bytes),
                Err(e) => {
                    tracing::warn!(game = game.id, error = %e, "board picture failed; sending text only");
                    None
                }
            }
        } else {
            None
        };
        Ok(Some(GameMail { subject, png }))
    }

    /// Turns one outbox notification into a spooled mail (once per outbox id).
    pub async fn spool_notification(
        &self,
        message: &OutboxMessage,
        now: DateTime<Utc>,
    ) -> Result<(), MailError> {
        let key = format!("outbox:{}", message.id);
        let to = message
            .address
            .strip_prefix("mailto:")
            .unwrap_or(&message.address)
            .to_ascii_lowercase();
        {
            let mut tx = self.service.store().write().await?;
            if tx.is_spooled(&key).await? {
                return Ok(());
            }
        }
        let view = match message.game_id {
            Some(g) => self.game_mail(g, message.ply).await?,
            None => None,
        };
        let mut tx = self.service.store().write().await?;
        let thread = tx
            .mail_thread(&to, message.game_id, &token::generate(), now)
            .await?;
        tx.commit().await?;
        let (_, domain) = self.settings.address_parts();
        let mut references = Vec::new();
        if let Some(g) = message.game_id {
            // A fixed, never-sent root keeps every mail of a game in one thread in clients that
            // thread by References, even when the player deleted earlier ones.
            references.push(format!("agora-game-{g}@{domain}"));
        }
        if let Some(last) = &thread.last_message_id {
            references.push(last.clone());
        }
        let message_id = compose::message_id(&format!("outbox-{}", message.id), &self.settings);
        let outgoing = Outgoing {
            to: to.clone(),
            subject: view
                .as_ref()
                .map(|v| v.subject.clone())
                .unwrap_or_else(|| message.subject.clone()),
            text: message.body.clone(),
            message_id: message_id.clone(),
            in_reply_to: thread.last_message_id.clone(),
            references,
            token: thread.token.clone(),
            png: view.and_then(|v| v.png),
            footer: self.footer(message.game_id),
        };
        let bytes = compose::build(&self.settings, &outgoing)?;
        let mut tx = self.service.store().write().await?;
        if tx
            .spool_mail(&key, &self.settings.address, &to, &bytes, now)
            .await?
        {
            tx.set_thread_message(&to, message.game_id, &message_id)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Moves the service's `mailto` outbox into the spool and sends the spool; returns the mails
    /// sent.
    pub async fn deliver(&self, now: DateTime<Utc>) -> Result<usize, MailError> {
        self.service
            .deliver(&OutboxSender { front: self, now }, now)
            .await?;
        self.smtp.flush(self.service.store(), now).await
    }

    /// Reads every new mail (and every failed one that is due again) and handles it in UID order;
    /// returns how many were handled.
    pub async fn read_new(
        &self,
        mailbox: &mut Mailbox,
        now: DateTime<Utc>,
    ) -> Result<usize, MailError> {
        let name = self.settings.imap.mailbox.clone();
        let validity = mailbox.uidvalidity;
        let (last, retries) = {
            let mut tx = self.service.store().write().await?;
            let last = match tx.mailbox_position(&name).await? {
                Some((v, last)) if v == validity => last,
                stored => {
                    if stored.is_some() {
                        tracing::warn!(mailbox = %name, validity, "UIDVALIDITY changed: reading the mailbox again");
                    }
                    tx.set_mailbox_position(&name, validity, 0).await?;
                    0
                }
            };
            let retries = tx.due_mail_retries(&name, validity, now).await?;
            tx.commit().await?;
            (last, retries)
        };
        let mut uids: Vec<u32> = retries.iter().map(|r| r.uid).collect();
        uids.extend(mailbox.uids_after(last).await?);
        let mut handled = 0;
        for chunk in uids.chunks(25) {
            let fetched = mailbox.fetch(chunk, self.settings.max_bytes).await?;
            for uid in chunk {
                match fetched.iter().find(|f| f.uid == *uid) {
                    Some(f) => {
                        self.take(mailbox, f, &name, validity, last, now).await?;
                        handled += 1;
                    }
                    None => {
                        // Gone from the mailbox (an operator moved it): nothing left to retry.
                        let mut tx = self.service.store().write().await?;
                        tx.mail_retried(&name, validity, *uid).await?;
                        tx.commit().await?;
                    }
                }
            }
        }
        Ok(handled)
    }

    /// Handles one fetched mail and records the result: handled mail is marked in the mailbox and
    /// passed; failed mail stays unmarked and is retried later.
    async fn take(
        &self,
        mailbox: &mut Mailbox,
        fetched: &Fetched,
        name: &str,
        validity: u32,
        last: u32,
        now: DateTime<Utc>,
    ) -> Result<(), MailError> {
        let fallback = format!("uid-{validity}-{}.{name}.agora", fetched.uid);
        let result =
            guarded(self.handle_mail(&fetched.bytes, fetched.header_only, &fallback, now)).await;
        match &result {
            Ok(outcome) => {
                tracing::info!(uid = fetched.uid, ?outcome, "mail handled");
                // The spool and the deliveries table already make a repeat harmless, so a failure
                // to mark is only logged.
                if let Err(e) = mailbox.mark_handled(fetched.uid).await {
                    tracing::warn!(uid = fetched.uid, error = %e, "could not mark a handled mail");
                }
            }
            Err(e) => {
                tracing::error!(uid = fetched.uid, error = %e, "mail failed; it will be retried")
            }
        }
        let mut tx = self.service.store().write().await?;
        match &result {
            Ok(_) => tx.mail_retried(name, validity, fetched.uid).await?,
            Err(e) => {
                let attempts = tx.mail_attempts(name, validity, fetched.uid).await?;
                let retry = now + agora_service::outbox::backoff(attempts);
                tx.mail_failed(name, validity, fetched.uid, &e.to_string(), retry)
                    .await?;
            }
        }
        if fetched.uid > last {
            let current = tx.mailbox_position(name).await?.map_or(0, |(_, u)| u);
            if fetched.uid > current {
                tx.set_mailbox_position(name, validity, fetched.uid).await?;
            }
        }
        tx.commit().await?;
        Ok(())
    }

    /// Runs until `shutdown` completes: reads the mailbox (waiting with IDLE, or polling), answers,
    /// delivers the outbox. A lost connection is re-opened after a pause that grows while it keeps
    /// failing. Shutdown is taken only between mails, so no mail is left half handled.
    pub async fn run(&self, shutdown: impl Future<Output = ()>) -> Result<(), MailError> {
        let mut shutdown = std::pin::pin!(shutdown);
        let mut pause = Duration::from_secs(1);
        loop {
            let started = std::time::Instant::now();
            match self.session(shutdown.as_mut()).await {
                Ok(()) => return Ok(()),
                Err(e @ MailError::Config(_)) => return Err(e),
                Err(e) => {
                    if started.elapsed() > Duration::from_secs(300) {
                        pause = Duration::from_secs(1);
                    }
                    tracing::warn!(error = %e, pause = ?pause, "mail session ended; reconnecting");
                }
            }
            tokio::select! {
                () = &mut shutdown => return Ok(()),
                () = tokio::time::sleep(pause) => {}
            }
            pause = (pause * 2).min(Duration::from_secs(60));
        }
    }

    /// One IMAP connection's life; `Ok` when `shutdown` completed.
    async fn session(
        &self,
        mut shutdown: std::pin::Pin<&mut impl Future<Output = ()>>,
    ) -> Result<(), MailError> {
        let mut mailbox = tokio::select! {
            () = &mut shutdown => return Ok(()),
            opened = Mailbox::open(&self.settings.imap) => opened?,
        };
        tracing::info!(mailbox = %self.settings.imap.mailbox, "reading mail");
        loop {
            let now = Utc::now();
            self.read_new(&mut mailbox, now).await?;
            self.deliver(now).await?;
            tokio::select! {
                () = &mut shutdown => {
                    mailbox.close().await;
                    return Ok(());
                }
                woken = mailbox.wait(self.settings.imap.poll) => {
                    woken?;
                }
            }
        }
    }
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

/// Numbers the commands of one mail: the first keeps the Message-ID as its delivery id, the next
/// ones get `#2`, `#3`, … so each is de-duplicated on its own.
fn numbered(base: &str, lines: Vec<String>) -> Vec<(String, String)> {
    lines
        .into_iter()
        .enumerate()
        .map(|(i, line)| {
            let id = if i == 0 {
                base.to_owned()
            } else {
                format!("{base}#{}", i + 1)
            };
            (line, id)
        })
        .collect()
}

/// The service's outbox sender for the `mailto` channel: it spools, the SMTP flush sends.
struct OutboxSender<'a> {
    front: &'a MailFrontEnd,
    now: DateTime<Utc>,
}

impl Sender for OutboxSender<'_> {
    fn channel(&self) -> &str {
        CHANNEL
    }

    async fn send(&self, message: &OutboxMessage) -> Result<(), SendError> {
        guarded(self.front.spool_notification(message, self.now))
            .await
            .map_err(|e| SendError(e.to_string()))
    }
}
