//! One received mail, from its header to the service's commands: whether it is acted on at
//! all, what it proves, the hourly limits, the request to confirm an address, and its commands
//! run one by one under that proof. The reply itself is written in [`super::reply`].

use super::reply::{Answered, ReplyParts, Unproven, VerifyRequest};
use super::{MailFrontEnd, Outcome, domain_of};
use crate::parse::{self, Incoming};
use crate::{MailError, authres, token};
use agora_service::commands::{self, ParseError};
use agora_service::desk::Arrival;
use agora_service::{Identity, Inbound, Scope, Status};
use chrono::{DateTime, Utc};

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

    /// The game whose thread the mail's token is of, if any.
    fn game(self) -> Option<i64> {
        match self {
            Proof::Token(game) => game,
            Proof::Code | Proof::Nothing => None,
        }
    }
}

/// What a line of a mail is, decided from the parsed command before anything runs (never from
/// the wording of an answer).
pub(super) enum Line {
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
    pub(super) fn of(line: &str) -> Line {
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

impl MailFrontEnd {
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
    // The trust rules of the header of `front`, in the order they apply: the sender (automatic
    // mail, the receiving server's checks), the proof, the limits, size, confirmation, then the
    // commands and one reply.
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
        let from = match self.sender(&mail) {
            Ok(from) => from,
            Err(reason) => return Ok(Outcome::Ignored(reason)),
        };
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
        // Boxed: the answer runs commands through the service, whose future is deep, and the
        // futures that await a mail's handling would otherwise nest it past the compiler's
        // layout limit.
        Box::pin(self.answer(&mail, &from, &delivery, lines, proof, verified, now)).await
    }

    /// The address a mail is answered at, or why it is neither acted on nor answered: it is
    /// automatic, has no sender, is our own, or the receiving server found its sender forged.
    fn sender(&self, mail: &Incoming) -> Result<String, &'static str> {
        if let Some(reason) = mail.automatic {
            tracing::info!(from = ?mail.from, reason, "automatic mail: not answered");
            return Err(reason);
        }
        let Some(from) = mail.from.clone() else {
            return Err("no sender address");
        };
        if from.eq_ignore_ascii_case(&self.settings.address) {
            return Err("our own mail");
        }
        if let Some(trusted) = &self.settings.trust_authentication_results
            && let Some(reason) = authres::failure(&mail.auth_results, trusted, domain_of(&from))
        {
            tracing::warn!(%from, reason, "the receiving server found the sender forged: not acted on, not answered");
            return Err("forged sender");
        }
        Ok(from)
    }

    /// Runs the commands of a mail from a confirmed address, or one that proved it, under the
    /// mail's proof, and spools the one reply: the answers, the lines that are no command, the
    /// confirmation and `revoke`.
    #[allow(clippy::too_many_arguments)]
    async fn answer(
        &self,
        mail: &Incoming,
        from: &str,
        delivery: &str,
        lines: Vec<(String, Line)>,
        proof: Proof,
        verified: bool,
        now: DateTime<Utc>,
    ) -> Result<Outcome, MailError> {
        let mut parts = self.parts(from);
        if !verified {
            self.service.mail().verify(from, now).await?;
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
        let runs = numbered(delivery, commands);
        let (repeats, game_of_reply) = self
            .run_commands(mail, from, &runs, proof, &mut parts, now)
            .await?;
        if revoke {
            if matches!(proof, Proof::Token(_)) {
                let voided = self.service.mail().revoke(from).await?;
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
        let about = game_of_reply.or(proof.game());
        self.reply(
            mail,
            from,
            delivery,
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
        let game = proof.game();
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
            // The reply shows its game as the last answer about it left it.
            if answer.state.is_some() && answer.game == game_of_reply {
                parts.state = answer.state;
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
