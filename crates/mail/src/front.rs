//! The mail front end proper: from a received mail to the service's commands and back to a reply,
//! under the trust rules; the outbox sender for the `mailto` channel; and the run loop.
//!
//! Trust, in order:
//! 1. Automatic mail (bounces, holiday notices, lists) is never answered, so two robots can never
//!    talk to each other forever.
//! 2. Each sender gets [`crate::MailSettings::per_sender_per_hour`] mails an hour; the rest are
//!    dropped unanswered (floods and loops end there).
//! 3. An address is verified when a mail from it carries a token we sent to it (the plus address
//!    of our Reply-To) or its `verify <code>` line. Until then what needs no player is answered
//!    (`help`, lines that are no command, commands written wrongly), the other commands wait, and
//!    the sender is asked to confirm; a forged From therefore only ever makes the real owner
//!    receive an answer and a question.
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
use agora_service::commands::{self, ParseError};
use agora_service::desk::SpoolEntry;
use agora_service::outbox::{Delivery, SendError, Sender};
use agora_service::queries::GameState;
use agora_service::{Identity, Inbound, Service, Status};
use agora_store::GameStatus;
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
    /// The sender's address is not verified: its commands wait; a confirmation request was
    /// spooled, after the answers to what needs no player (`help`).
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

/// The channel code of mail identities in the service and the outbox.
const CHANNEL: &str = "mailto";

fn identity(address: &str) -> Identity {
    Identity::mail(address)
}

/// What a line of a mail is, decided from the parsed command before anything runs (never from
/// the wording of an answer).
enum Line {
    /// `verify <code>`, or `verify` alone (`None`), which asks for the code.
    Verify(Option<String>),
    /// No command at all: its first word is neither a command nor an action.
    NotCommand { closest: Option<&'static str> },
    /// A command that only shows something to the sender, so a mail without a token may ask it.
    Read,
    /// Any other command, or a known command written wrongly.
    Other,
}

impl Line {
    fn of(line: &str) -> Line {
        if let Some(code) = token::verify_command(line) {
            return Line::Verify(code);
        }
        match commands::parse(line) {
            Ok(command) if command.reads_only() => Line::Read,
            Err(ParseError::Unknown { closest, .. }) => Line::NotCommand { closest },
            Err(ParseError::Empty) => Line::NotCommand { closest: None },
            _ => Line::Other,
        }
    }
}

/// The parts of one reply to a received mail; `templates/mail_reply.txt` puts them into words
/// (its header says what each part means).
#[derive(Debug, Default, Serialize)]
struct ReplyParts {
    address: String,
    service: String,
    /// Filled in when the reply's token is known.
    reply_address: String,
    too_large_kb: Option<u32>,
    confirmed: bool,
    already_confirmed: bool,
    wrong_codes: Vec<String>,
    answers: Vec<Answered>,
    not_done: Vec<String>,
    not_commands: Vec<NotCommand>,
    nothing: bool,
    request: Option<VerifyRequest>,
}

#[derive(Debug, Serialize)]
struct Answered {
    line: String,
    text: String,
}

#[derive(Debug, Serialize)]
struct NotCommand {
    line: String,
    closest: Option<&'static str>,
}

/// How to confirm an address: its code, and the commands that wait for the confirmation.
#[derive(Debug, Serialize)]
struct VerifyRequest {
    code: String,
    waiting: Vec<String>,
}

impl ReplyParts {
    /// The commands among `lines`, in order; the lines that are no command are kept to be
    /// answered together, and `verify` lines are left out (the caller has dealt with them).
    fn take_commands(&mut self, lines: impl IntoIterator<Item = (String, Line)>) -> Vec<String> {
        let mut commands = Vec::new();
        for (line, kind) in lines {
            match kind {
                Line::Verify(_) => {}
                Line::NotCommand { closest } => {
                    self.not_commands.push(NotCommand { line, closest })
                }
                Line::Read | Line::Other => commands.push(line),
            }
        }
        commands
    }
}

#[derive(Serialize)]
struct Footer<'a> {
    game: Option<i64>,
    service: &'a str,
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

    /// The service this front end speaks for (the binary and the tests drive its scheduler).
    pub fn service(&self) -> &Arc<Service> {
        &self.service
    }

    /// Handles one received mail: `raw` is the whole mail, or only its header when `header_only`
    /// (it was larger than the limit). `fallback_id` stands in for a missing Message-ID and must be
    /// stable for this mail (the mailbox, UIDVALIDITY and UID).
    // Long on purpose: the trust rules of the module's header (automatic mail, rate limit, size,
    // verification, the key, then the commands in order and one reply) are one sequence, read top
    // to bottom in the order they apply; each step that has more to it is a function of its own.
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

        let agora_service::desk::Arrival {
            this_hour: count,
            thread,
            sender,
            account,
        } = self
            .service
            .mail()
            .arrival(&from, &tokens, &token::generate(), now)
            .await?;

        if count > self.settings.per_sender_per_hour {
            tracing::warn!(%from, count, "over the per-sender rate limit: not answered");
            return Ok(Outcome::RateLimited);
        }
        if too_large {
            let parts = ReplyParts {
                too_large_kb: Some(self.settings.max_bytes / 1024),
                ..self.parts(&from)
            };
            self.reply(&mail, &from, &delivery, parts, None, false, now)
                .await?;
            return Ok(Outcome::TooLarge);
        }

        let verified = sender.as_ref().is_some_and(|s| s.verified);
        let lines: Vec<(String, Line)> = mail
            .commands
            .iter()
            .map(|l| (l.clone(), Line::of(l)))
            .collect();
        let right_code = lines
            .iter()
            .any(|(_, kind)| matches!(kind, Line::Verify(Some(c)) if *c == account.token));
        // A valid code in the body proves the address as well as a token in the reply address.
        let authenticated = thread.is_some() || right_code;
        if !verified && !authenticated {
            let stored = sender.and_then(|s| s.pending_text);
            return self
                .ask_to_verify(&mail, &from, &delivery, &account.token, lines, stored, now)
                .await;
        }
        let mut parts = self.parts(&from);
        let mut pending = None;
        if !verified {
            pending = self.service.mail().verify(&from, now).await?;
            parts.confirmed = true;
        } else if lines
            .iter()
            .any(|(_, kind)| matches!(kind, Line::Verify(_)))
        {
            parts.already_confirmed = true;
        }
        let game = thread.as_ref().and_then(|t| t.game_id);

        // Lines that are no command are answered together, once; the commands run in order.
        let mut runs: Vec<(String, String)> = Vec::new();
        if let Some((text, pending_delivery)) = pending {
            let base = pending_delivery.unwrap_or_else(|| format!("{delivery}/pending"));
            let waiting = parts.take_commands(text.lines().map(|l| (l.to_owned(), Line::of(l))));
            runs.extend(numbered(&base, waiting));
        }
        let commands = parts.take_commands(lines);
        runs.extend(numbered(&delivery, commands));

        let mut repeats = 0;
        let mut game_of_reply = None;
        for (line, id) in runs.iter() {
            let read = matches!(Line::of(line), Line::Read);
            if !authenticated && !read {
                // Without the key only a mistake in the command itself can be answered.
                match self.service.answer_without_sender(line) {
                    Some(answer) => parts.answers.push(Answered {
                        line: line.clone(),
                        text: answer.text,
                    }),
                    None => parts.not_done.push(line.clone()),
                }
                continue;
            }
            let answer = self
                .service
                .handle(
                    &Inbound {
                        name: mail.name.clone(),
                        text: line.clone(),
                        delivery: Some(id.clone()),
                        game,
                        ..Inbound::new(identity(&from))
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
            parts.answers.push(Answered {
                line: line.clone(),
                text: answer.text,
            });
        }
        parts.nothing = runs.is_empty()
            && parts.not_commands.is_empty()
            && !parts.confirmed
            && !parts.already_confirmed;
        let repeat = !runs.is_empty() && repeats == runs.len();
        // A reply in a game's conversation stays in it (same subject, same key) even when its
        // answer is about no game, such as `help`; the board goes along only when the answer is
        // about the game. Even for a repeat: the reply is spooled at most once per Message-ID,
        // and a mail handled just before a crash gets its reply now.
        let about = game_of_reply.or(game);
        self.reply(
            &mail,
            &from,
            &delivery,
            parts,
            about,
            game_of_reply.is_some(),
            now,
        )
        .await?;
        Ok(Outcome::Answered {
            commands: runs.len(),
            repeat,
        })
    }

    /// The parts of a reply to `address`, with nothing said yet.
    fn parts(&self, address: &str) -> ReplyParts {
        ReplyParts {
            address: address.to_owned(),
            service: self.settings.address.clone(),
            ..ReplyParts::default()
        }
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

    /// Answers what an unverified sender may ask before confirming (`help`, and the mistakes in
    /// their commands), keeps their other commands until the address is confirmed, and asks them
    /// to confirm it. `stored` is what an earlier mail left waiting.
    #[allow(clippy::too_many_arguments)]
    async fn ask_to_verify(
        &self,
        mail: &Incoming,
        from: &str,
        delivery: &str,
        code: &str,
        lines: Vec<(String, Line)>,
        stored: Option<String>,
        now: DateTime<Utc>,
    ) -> Result<Outcome, MailError> {
        let mut parts = self.parts(from);
        let mut waiting = Vec::new();
        for (line, kind) in lines {
            match kind {
                // The right code would have confirmed the address.
                Line::Verify(Some(_)) => parts.wrong_codes.push(line),
                Line::Verify(None) => {}
                Line::NotCommand { closest } => {
                    parts.not_commands.push(NotCommand { line, closest })
                }
                Line::Read | Line::Other => match self.service.answer_without_sender(&line) {
                    Some(answer) => parts.answers.push(Answered {
                        line,
                        text: answer.text,
                    }),
                    None => waiting.push(line),
                },
            }
        }
        if waiting.is_empty() {
            // This mail asked nothing to wait: what an earlier one asked still waits.
            waiting = stored
                .map(|t| t.lines().map(str::to_owned).collect())
                .unwrap_or_default();
        } else {
            self.service
                .mail()
                .keep_waiting(from, &waiting.join("\n"), delivery)
                .await?;
        }
        parts.request = Some(VerifyRequest {
            code: code.to_owned(),
            waiting,
        });
        self.reply(mail, from, delivery, parts, None, false, now)
            .await?;
        Ok(Outcome::Verification)
    }

    /// Spools the one reply to a received mail, threaded under it (once per Message-ID). A reply
    /// about `game` carries the game's subject and the sender's key to it, and the board when
    /// `picture`; any other carries the sender's own key.
    #[allow(clippy::too_many_arguments)]
    async fn reply(
        &self,
        mail: &Incoming,
        to: &str,
        delivery: &str,
        mut parts: ReplyParts,
        game: Option<i64>,
        picture: bool,
        now: DateTime<Utc>,
    ) -> Result<(), MailError> {
        let key = format!("answer:{delivery}");
        let desk = self.service.mail();
        let token = desk.thread(to, game, &token::generate(), now).await?.token;
        let state = match game {
            Some(g) => self.service.game_state(g, None).await?,
            None => None,
        };
        let (subject, png) = match &state {
            Some(state) => {
                // The board goes along once the game has started.
                let png = (picture && self.settings.png && state.status != GameStatus::Proposed)
                    .then(|| self.picture(state))
                    .flatten();
                (game_subject(state), png)
            }
            None => (compose::reply_subject(&mail.subject), None),
        };
        let (local, domain) = self.settings.address_parts();
        parts.reply_address = token::reply_address(local, domain, &token);
        let mut references = mail.references.clone();
        if let Some(id) = &mail.message_id {
            references.push(id.clone());
        }
        let message_id =
            compose::message_id(&format!("reply.{}", token::generate()), &self.settings);
        let outgoing = Outgoing {
            to: to.to_owned(),
            subject,
            text: self.service.templates().render("mail_reply.txt", &parts),
            message_id: message_id.clone(),
            in_reply_to: mail.message_id.clone(),
            references,
            token,
            png,
            footer: self.footer(game),
        };
        let bytes = compose::build(&self.settings, &outgoing)?;
        let entry = SpoolEntry {
            key: &key,
            from: &self.settings.address,
            to,
            bytes: &bytes,
            game,
            message_id: &message_id,
        };
        desk.spool(entry, now).await?;
        Ok(())
    }

    /// The picture of a game's shown position, if pictures are on; a failure is logged and the
    /// mail goes without it.
    fn picture(&self, state: &GameState) -> Option<Vec<u8>> {
        state
            .png(self.settings.png_size)
            .map_err(|e| tracing::warn!(game = state.id, error = %e, "board picture failed; sending text only"))
            .ok()
    }

    /// Turns one outbox notification into a spooled mail (once per outbox id): the text the
    /// service wrote, the game's subject, and the picture when the row carries one.
    pub async fn spool_notification(
        &self,
        delivery: &Delivery,
        now: DateTime<Utc>,
    ) -> Result<(), MailError> {
        let message = &delivery.message;
        let key = format!("outbox:{}", message.id);
        let to = message
            .address
            .strip_prefix("mailto:")
            .unwrap_or(&message.address)
            .to_ascii_lowercase();
        let desk = self.service.mail();
        if desk.is_spooled(&key).await? {
            return Ok(());
        }
        let thread = desk
            .thread(&to, message.game_id, &token::generate(), now)
            .await?;
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
            subject: delivery
                .game
                .as_ref()
                .map_or_else(|| message.subject.clone(), game_subject),
            text: message.body.clone(),
            message_id: message_id.clone(),
            in_reply_to: thread.last_message_id.clone(),
            references,
            token: thread.token.clone(),
            png: if self.settings.png {
                delivery.picture(self.settings.png_size)
            } else {
                None
            },
            footer: self.footer(message.game_id),
        };
        let bytes = compose::build(&self.settings, &outgoing)?;
        let entry = SpoolEntry {
            key: &key,
            from: &self.settings.address,
            to: &to,
            bytes: &bytes,
            game: message.game_id,
            message_id: &message_id,
        };
        desk.spool(entry, now).await?;
        Ok(())
    }

    /// Moves the service's `mailto` outbox into the spool and sends the spool; returns the mails
    /// sent.
    pub async fn deliver(&self, now: DateTime<Utc>) -> Result<usize, MailError> {
        self.service
            .deliver(&OutboxSender { front: self, now }, now)
            .await?;
        self.smtp.flush(&self.service.mail(), now).await
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
        let error = result.as_ref().err().map(ToString::to_string);
        self.service
            .mail()
            .mail_taken(
                name,
                validity,
                fetched.uid,
                error.as_deref().map_or(Ok(()), Err),
                last,
                now,
            )
            .await?;
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

/// The subject of every mail about a game, for its whole life.
fn game_subject(state: &GameState) -> String {
    compose::game_subject(state.id, &state.title, &state.names[0], &state.names[1])
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

    async fn send(&self, delivery: &Delivery) -> Result<(), SendError> {
        guarded(self.front.spool_notification(delivery, self.now))
            .await
            .map_err(|e| SendError(e.to_string()))
    }
}
