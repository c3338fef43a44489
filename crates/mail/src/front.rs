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

use crate::compose::{self, Outgoing};
use crate::imap::{Fetched, Mailbox};
use crate::parse::{self, Incoming};
use crate::smtp::Smtp;
use crate::{MailError, MailSettings, authres, token};
use agora_service::GameStatus;
use agora_service::Language;
use agora_service::commands::{self, ParseError};
use agora_service::desk::{Arrival, MailFailure, SpoolEntry, Taken, mailbox_lease};
use agora_service::outbox::{Delivery, SendError, Sender};
use agora_service::queries::GameState;
use agora_service::{FrontEnd, Identity, Inbound, Lease, Scope, Service, Status};
use chrono::{DateTime, Utc};
use futures::FutureExt;
use serde::Serialize;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::{Duration, Instant};
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

/// The channel code of mail identities in the service and the outbox.
const CHANNEL: &str = "mailto";

/// The window in which wrong verification codes are counted (`wrong_codes_per_day`).
fn code_window() -> chrono::Duration {
    chrono::Duration::days(1)
}

fn identity(address: &str) -> Identity {
    Identity::mail(address)
}

/// What proves that a mail comes from its From address, and so how far its commands reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Proof {
    /// A token made for the sender: of its thread about a game, or about no game (`None`).
    Token(Option<i64>),
    /// The address's verification code, which was mailed to it like its own token.
    Code,
    /// Nothing: only reading runs.
    Nothing,
}

impl Proof {
    /// The scope of the service's commands under this proof.
    fn scope(self) -> Scope {
        match self {
            Proof::Token(Some(game)) => Scope::Game(game),
            Proof::Token(None) | Proof::Code | Proof::Nothing => Scope::NoGame,
        }
    }
}

/// What a line of a mail is, decided from the parsed command before anything runs (never from
/// the wording of an answer).
enum Line {
    /// `verify <code>`, or `verify` alone (`None`), which asks for the code.
    Verify(Option<String>),
    /// `revoke`: void the tokens of all of the sender's conversations.
    Revoke,
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
        if token::revoke_command(line) {
            return Line::Revoke;
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
/// (its header says what each part means), and `templates/mail_subject.txt` names a reply that
/// must not repeat the received subject.
#[derive(Debug, Default, Serialize)]
struct ReplyParts {
    address: String,
    service: String,
    /// The reply goes to an address that proved nothing: it gets our own subject and no
    /// threading headers, so nothing the sender wrote goes back out.
    #[serde(skip)]
    fixed_subject: bool,
    limited: bool,
    /// The mail failed too often and was put aside (only the subject says so; the text is
    /// `mail_put_aside.txt`).
    put_aside: bool,
    too_large_kb: Option<u32>,
    confirmed: bool,
    already_confirmed: bool,
    wrong_code: bool,
    codes_locked: bool,
    revoked: bool,
    revoke_refused: bool,
    answers: Vec<Answered>,
    /// Files the answers carry (a record, a preview's picture), attached to the reply.
    #[serde(skip)]
    files: Vec<agora_service::Attachment>,
    not_done: Vec<String>,
    not_commands: Vec<NotCommand>,
    /// The mail came from a confirmed address without its key: its commands that were not
    /// done and its lines that are no command are only counted, none of its words repeated.
    unproven: Option<Unproven>,
    nothing: bool,
    request: Option<VerifyRequest>,
}

#[derive(Debug, Default, Serialize)]
struct Unproven {
    not_done: usize,
    not_commands: usize,
}

#[derive(Debug, Serialize)]
struct Answered {
    /// The command answered, quoted above its answer when there are several.
    line: String,
    text: String,
}

#[derive(Debug, Serialize)]
struct NotCommand {
    line: String,
    closest: Option<&'static str>,
}

/// How to confirm an address: its code, and whether the mail held more than was answered.
#[derive(Debug, Serialize)]
struct VerifyRequest {
    code: String,
    /// How long the code stays valid.
    hours: i64,
    not_done: bool,
}

impl ReplyParts {
    /// The commands among `lines`, in order; the lines that are no command are kept to be
    /// answered together, and `verify` and `revoke` lines are left out (the caller deals with
    /// them).
    fn take_commands(&mut self, lines: impl IntoIterator<Item = (String, Line)>) -> Vec<String> {
        let mut commands = Vec::new();
        for (line, kind) in lines {
            match kind {
                Line::Verify(_) | Line::Revoke => {}
                Line::NotCommand { closest } => {
                    self.not_commands.push(NotCommand { line, closest })
                }
                Line::Read | Line::Other => commands.push(line),
            }
        }
        commands
    }
}

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

#[derive(Serialize)]
struct Footer<'a> {
    game: Option<i64>,
    /// The game's page on the website, where it has one.
    url: Option<String>,
    service: &'a str,
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
        self.handle_arrived(raw, header_only, fallback_id, None, now)
            .await
    }

    /// [`Self::handle_mail`] for a mail that reached the mailbox at `arrived_at` (its
    /// INTERNALDATE): its moves are judged against their games' deadlines at that time, never
    /// later than `now`.
    // Long on purpose: the trust rules of the module's header (automatic mail, the receiving
    // server's checks, the proof, the limits, size, confirmation, then the commands and one reply)
    // are one sequence, read top to bottom in the order they apply; each step that has more to it
    // is a function of its own.
    pub async fn handle_arrived(
        &self,
        raw: &[u8],
        header_only: bool,
        fallback_id: &str,
        arrived_at: Option<DateTime<Utc>>,
        now: DateTime<Utc>,
    ) -> Result<Outcome, MailError> {
        let too_large = header_only || raw.len() > self.settings.max_bytes as usize;
        let mut mail = if too_large {
            parse::parse_header(raw)
        } else {
            parse::parse(raw)
        };
        mail.arrived_at = arrived_at.map(|at| at.min(now));
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
        if let Some(trusted) = &self.settings.trust_authentication_results
            && let Some(reason) = authres::failure(&mail.auth_results, trusted, domain_of(&from))
        {
            tracing::warn!(%from, reason, "the receiving server found the sender forged: not acted on, not answered");
            return Ok(Outcome::Ignored("forged sender"));
        }
        let delivery = mail
            .message_id
            .clone()
            .unwrap_or_else(|| fallback_id.to_owned());
        let (local, domain) = self.settings.address_parts();
        let tokens = token::from_recipients(&mail.recipients, local, domain);
        let arrival = self
            .service
            .mail()
            .arrival(&from, &tokens, code_window(), now)
            .await?;
        let verified = arrival.sender.as_ref().is_some_and(|s| s.verified);
        let lines: Vec<(String, Line)> = mail
            .commands
            .iter()
            .map(|l| (l.clone(), Line::of(l)))
            .collect();
        let proof = self.proof(&arrival, verified, &lines);
        if proof == Proof::Nothing
            && let Some(outcome) = self.limit(&mail, &from, &delivery, now).await?
        {
            return Ok(outcome);
        }
        let stranger = !verified && proof == Proof::Nothing;
        if too_large {
            let parts = ReplyParts {
                too_large_kb: Some(self.settings.max_bytes / 1024),
                fixed_subject: proof == Proof::Nothing,
                ..self.parts(&from)
            };
            self.reply(&mail, &from, &delivery, parts, None, false, now)
                .await?;
            return Ok(Outcome::TooLarge);
        }
        if stranger {
            return self
                .ask_to_verify(&mail, &from, &delivery, lines, now)
                .await;
        }

        let mut parts = self.parts(&from);
        if !verified {
            self.service.mail().verify(&from, now).await?;
            parts.confirmed = true;
        } else if lines
            .iter()
            .any(|(_, kind)| matches!(kind, Line::Verify(_)))
        {
            parts.already_confirmed = true;
        }
        let revoke = lines.iter().any(|(_, kind)| matches!(kind, Line::Revoke));
        // Lines that are no command are answered together, once; the commands run in order.
        let commands = parts.take_commands(lines);
        // A mail that proves nothing may be forged, whoever it claims to be from: its answer
        // (to the address, which may not have written it) has our own subject and repeats none
        // of its words, so Agora never relays a forger's text to a player.
        if proof == Proof::Nothing {
            parts.fixed_subject = true;
            parts.unproven = Some(Unproven {
                not_done: 0,
                not_commands: std::mem::take(&mut parts.not_commands).len(),
            });
        }
        let runs = numbered(&delivery, commands);
        let (repeats, game_of_reply) = self
            .run_commands(&mail, &from, &runs, proof, &mut parts, now)
            .await?;
        if revoke {
            if matches!(proof, Proof::Token(_)) {
                let voided = self.service.mail().revoke(&from).await?;
                tracing::info!(%from, voided, "reply tokens revoked by their owner");
                parts.revoked = true;
            } else {
                parts.revoke_refused = true;
            }
        }
        parts.nothing = runs.is_empty()
            && parts.not_commands.is_empty()
            && parts.unproven.as_ref().is_none_or(|u| u.not_commands == 0)
            && !parts.confirmed
            && !parts.already_confirmed
            && !revoke;
        let repeat = !runs.is_empty() && repeats == runs.len();
        // A reply in a game's conversation stays in it (same subject, same key) even when its
        // answer is about no game, such as `help`; the board goes along only when the answer is
        // about the game. Even for a repeat: the reply is spooled at most once per Message-ID,
        // and a mail handled just before a crash gets its reply now.
        let game = match proof {
            Proof::Token(game) => game,
            Proof::Code | Proof::Nothing => None,
        };
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

    /// What the mail proves: a token of the sender's, else the right verification code (checked
    /// only for an address not yet confirmed, and not while it has had too many wrong ones).
    fn proof(&self, arrival: &Arrival, verified: bool, lines: &[(String, Line)]) -> Proof {
        if let Some(thread) = &arrival.thread {
            return Proof::Token(thread.game_id);
        }
        let checked = !verified && arrival.wrong_codes < self.settings.wrong_codes_per_day;
        let right = checked
            && arrival.code.as_ref().is_some_and(|code| {
                lines
                    .iter()
                    .any(|(_, kind)| matches!(kind, Line::Verify(Some(c)) if c == code))
            });
        if right { Proof::Code } else { Proof::Nothing }
    }

    /// Counts a mail that proves nothing against the hourly limits. `Some` when it is over one:
    /// it is then not read further, and the first one over its address's limit gets one notice
    /// (the domain's and everyone's limits stop floods from many addresses, which get none).
    async fn limit(
        &self,
        mail: &Incoming,
        from: &str,
        delivery: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<Outcome>, MailError> {
        let count = self.service.mail().count_unauthenticated(from, now).await?;
        let s = &self.settings;
        if count.overall > s.unauthenticated_per_hour || count.domain > s.per_domain_per_hour {
            tracing::warn!(%from, ?count, "over the hourly limit of unauthenticated mail of its domain or of everyone: not answered");
            return Ok(Some(Outcome::RateLimited));
        }
        if count.address <= s.per_sender_per_hour {
            return Ok(None);
        }
        if count.address == s.per_sender_per_hour.saturating_add(1) {
            tracing::warn!(%from, count = count.address, "over the per-sender limit: one notice, then silence for the hour");
            let parts = ReplyParts {
                limited: true,
                fixed_subject: true,
                ..self.parts(from)
            };
            self.reply(mail, from, delivery, parts, None, false, now)
                .await?;
        } else {
            tracing::warn!(%from, count = count.address, "over the per-sender limit: not answered");
        }
        Ok(Some(Outcome::RateLimited))
    }

    /// Runs the commands of a mail in order under its proof and adds their answers to `parts`;
    /// returns how many were repeats and the game the first answer about a game is about.
    async fn run_commands(
        &self,
        mail: &Incoming,
        from: &str,
        runs: &[(String, String)],
        proof: Proof,
        parts: &mut ReplyParts,
        now: DateTime<Utc>,
    ) -> Result<(usize, Option<i64>), MailError> {
        let game = match proof {
            Proof::Token(game) => game,
            Proof::Code | Proof::Nothing => None,
        };
        let mut repeats = 0;
        let mut game_of_reply = None;
        for (line, id) in runs {
            let read = matches!(Line::of(line), Line::Read);
            if proof == Proof::Nothing && !read {
                // Without proof nothing but reading runs, and the line is not repeated.
                if let Some(unproven) = parts.unproven.as_mut() {
                    unproven.not_done += 1;
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
                        scope: proof.scope(),
                        arrived_at: mail.arrived_at,
                        ..Inbound::new(identity(from))
                    },
                    now,
                )
                .await?;
            if matches!(answer.status, Status::Repeat | Status::Ignored) {
                repeats += 1;
            }
            if game_of_reply.is_none() {
                game_of_reply = answer.game;
            }
            parts.files.extend(answer.attachments);
            parts.answers.push(Answered {
                // Without proof the answer does not quote the line it answers.
                line: match proof {
                    Proof::Nothing => String::new(),
                    _ => line.clone(),
                },
                text: answer.text,
            });
        }
        Ok((repeats, game_of_reply))
    }

    /// The parts of a reply to `address`, with nothing said yet.
    fn parts(&self, address: &str) -> ReplyParts {
        ReplyParts {
            address: address.to_owned(),
            service: self.settings.address.clone(),
            ..ReplyParts::default()
        }
    }

    /// The language the owner of a mail address reads (the service's default for an address it
    /// does not know).
    async fn language_of_address(&self, address: &str) -> Result<Language, MailError> {
        match format!("mailto:{address}").parse::<agora_service::Identity>() {
            Ok(identity) => Ok(self.service.language_for(&identity, None).await?),
            Err(_) => Ok(self.service.default_language()),
        }
    }

    /// The footer of a mail, about `game` (whose page on the website is `url`) or about no
    /// game, in `language`.
    fn footer(&self, game: Option<i64>, url: Option<String>, language: Language) -> String {
        self.service.templates().render_in(
            "mail_footer.txt",
            "",
            language,
            Footer {
                game,
                url,
                service: &self.settings.address,
            },
        )
    }

    /// The one answer to a mail from an address that is not confirmed and proved nothing:
    /// `help` is answered, nothing else is done or kept, a wrong code is counted (past the day's
    /// limit codes are not checked, which is said once; after that such mail gets no answer),
    /// and the address is told how to confirm. None of the mail's text is repeated.
    async fn ask_to_verify(
        &self,
        mail: &Incoming,
        from: &str,
        delivery: &str,
        lines: Vec<(String, Line)>,
        now: DateTime<Utc>,
    ) -> Result<Outcome, MailError> {
        let mut parts = ReplyParts {
            fixed_subject: true,
            ..self.parts(from)
        };
        let mut not_done = false;
        let mut codes = false;
        for (line, kind) in lines {
            match kind {
                Line::Verify(Some(_)) => codes = true,
                Line::Verify(None) => {}
                Line::Read | Line::Other => match self.help_for_stranger(&line) {
                    Some(answer) => parts.answers.push(answer),
                    None => not_done = true,
                },
                Line::Revoke | Line::NotCommand { .. } => not_done = true,
            }
        }
        let desk = self.service.mail();
        if codes {
            let limit = self.settings.wrong_codes_per_day;
            let wrong = desk.wrong_code(from, code_window(), now).await?;
            if wrong > limit.saturating_add(1) {
                tracing::warn!(%from, wrong, "verification codes still locked: not answered");
                return Ok(Outcome::Ignored("too many wrong codes"));
            }
            if wrong > limit {
                tracing::warn!(%from, wrong, "too many wrong verification codes: not checked for a day");
                parts.codes_locked = true;
            } else {
                parts.wrong_code = true;
            }
        }
        let code = desk
            .code(from, &token::code(), self.settings.code_lifetime, now)
            .await?;
        parts.request = Some(VerifyRequest {
            code,
            hours: self.settings.code_lifetime.num_hours(),
            not_done,
        });
        self.reply(mail, from, delivery, parts, None, false, now)
            .await?;
        Ok(Outcome::Verification)
    }

    /// The answer to `help` (or `help <command>`) for an address that proved nothing; `None` for
    /// any other line. It is quoted in the table's words, never the sender's.
    fn help_for_stranger(&self, line: &str) -> Option<Answered> {
        let Ok(commands::Command::Help(topic)) = commands::parse(line) else {
            return None;
        };
        let answer = self.service.answer_without_sender(line)?;
        if answer.status != Status::Done {
            return None;
        }
        let quote = match topic.as_deref().and_then(commands::spec) {
            Some(spec) => format!("help {}", spec.name),
            None => "help".to_owned(),
        };
        Some(Answered {
            line: quote,
            text: answer.text,
        })
    }

    /// Spools the one reply to a received mail, threaded under it (once per Message-ID) unless
    /// it has a fixed subject. A reply about `game` carries the game's subject and the sender's
    /// key to it, and the board when `picture`; any other carries the sender's own key. The key
    /// is only ever in the Reply-To, never in the text.
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
        // The sender's address is part of the key: a Message-ID is the sender's to choose, so
        // another sender who guesses it must not pre-empt this answer.
        let key = format!("answer:{}:{delivery}", to.to_ascii_lowercase());
        let desk = self.service.mail();
        // Every mail carries a token of its own; only its hash is kept (see `MailDesk::spool`).
        let token = token::generate();
        desk.thread(to, game, now).await?;
        let language = self.language_of_address(to).await?;
        let state = match game {
            Some(g) => self.service.game_state_in(g, None, language).await?,
            None => None,
        };
        let templates = self.service.templates();
        let (subject, png) = match &state {
            Some(state) => {
                // The board goes along once the game has started.
                let png = (picture && self.settings.png && state.status != GameStatus::Proposed)
                    .then(|| self.picture(state, language))
                    .flatten();
                (game_subject(state, language), png)
            }
            None if parts.fixed_subject => {
                let subject = templates.render_in("mail_subject.txt", "", language, &parts);
                (subject.trim().to_owned(), None)
            }
            None => (compose::reply_subject(&mail.subject), None),
        };
        let (in_reply_to, references) = if parts.fixed_subject {
            (None, Vec::new())
        } else {
            let mut references = mail.references.clone();
            if let Some(id) = &mail.message_id {
                references.push(id.clone());
            }
            (mail.message_id.clone(), references)
        };
        let url = match game {
            Some(id) => self.service.page_url_of(id).await?,
            None => None,
        };
        let message_id =
            compose::message_id(&format!("reply.{}", token::generate()), &self.settings);
        let outgoing = Outgoing {
            to: to.to_owned(),
            subject,
            text: templates.render_in("mail_reply.txt", "", language, &parts),
            message_id: message_id.clone(),
            in_reply_to,
            references,
            token: token.clone(),
            png,
            files: std::mem::take(&mut parts.files),
            footer: self.footer(game, url, language),
        };
        let bytes = compose::build(&self.settings, &outgoing)?;
        let entry = SpoolEntry {
            key: &key,
            from: &self.settings.address,
            to,
            bytes: &bytes,
            game,
            message_id: &message_id,
            token: Some(&token),
        };
        desk.spool(entry, now).await?;
        Ok(())
    }

    /// The picture of a game's shown position, its words in `language`, if pictures are on,
    /// drawn once by the service for everyone who is shown it in that language; a failure is
    /// logged and the mail goes without it.
    fn picture(&self, state: &GameState, language: Language) -> Option<Vec<u8>> {
        self.service
            .picture_in(state, self.settings.png_size, language)
            .map(|png| png.to_vec())
            .map_err(|e| tracing::warn!(game = state.id, error = %e, "board picture failed; sending text only"))
            .ok()
    }

    /// Turns one outbox notification into a spooled mail (once per outbox id), marking its row
    /// sent: the text the service wrote, the game's subject, and the picture when the row carries
    /// one.
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
            // An earlier try spooled it and did not come to mark the row.
            self.service.mark_sent(message.id, now).await?;
            return Ok(());
        }
        let thread = desk.thread(&to, message.game_id, now).await?;
        let token = token::generate();
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
            files: Vec::new(),
            to: to.clone(),
            subject: delivery.game.as_ref().map_or_else(
                || message.subject.clone(),
                |state| game_subject(state, delivery.language),
            ),
            text: message.body.clone(),
            message_id: message_id.clone(),
            in_reply_to: thread.last_message_id.clone(),
            references,
            token: token.clone(),
            png: if self.settings.png {
                delivery
                    .picture(self.settings.png_size)
                    .map(|png| png.to_vec())
            } else {
                None
            },
            footer: self.footer(
                message.game_id,
                delivery
                    .game
                    .as_ref()
                    .and_then(|s| self.service.page_url(s)),
                delivery.language,
            ),
        };
        let bytes = compose::build(&self.settings, &outgoing)?;
        let entry = SpoolEntry {
            key: &key,
            from: &self.settings.address,
            to: &to,
            bytes: &bytes,
            game: message.game_id,
            message_id: &message_id,
            token: Some(&token),
        };
        desk.spool_row(entry, message.id, now).await?;
        self.spooled.notify_one();
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

    /// The reading side: IMAP sessions one after the other until stopped, each while this
    /// process holds the lease on reading the mailbox.
    async fn reading(&self, mut stopping: watch::Receiver<bool>) -> Result<(), MailError> {
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

    /// How often the lease is looked at: a third of its length (so a holder renews it well
    /// before it runs out, and one standing by takes over soon after), never less often than
    /// the mailbox is polled.
    fn lease_check(&self) -> Duration {
        self.lease.check_every().min(self.settings.imap.poll)
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

    /// Relaying: passes over the spool (bounded in time, see [`Smtp::pass`]), each taking the
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

/// The subject of every mail about a game, for its whole life, its title in `language` (the
/// recipient's).
fn game_subject(state: &GameState, language: Language) -> String {
    compose::game_subject(
        state.id,
        state.title_in(language),
        &state.names[0],
        &state.names[1],
    )
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

    /// A row's mail is spooled and the row marked sent in one transaction
    /// ([`agora_service::desk::MailDesk::spool_row`]).
    fn marks_sent(&self) -> bool {
        true
    }

    async fn send(&self, delivery: &Delivery) -> Result<(), SendError> {
        guarded(self.front.spool_notification(delivery, self.now))
            .await
            .map_err(|e| SendError::Transient(e.to_string()))
    }
}

/// The domain of a mail address (what follows its last `@`).
fn domain_of(address: &str) -> &str {
    address.rsplit_once('@').map_or("", |(_, domain)| domain)
}
