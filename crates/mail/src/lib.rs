//! Agora's e-mail front end: people play by writing to one mailbox.
//!
//! Mail comes in over IMAP ([`imap`]), is reduced to a sender and commands ([`parse`]), checked
//! against the trust rules and handed to the service one command at a time ([`front`]); answers
//! and the service's outbox notifications become complete mails ([`compose`]) in a spool that is
//! sent over SMTP with retries ([`smtp`]). [`MailFrontEnd::run`] ties these together.
//!
//! This crate holds no game logic and no SQL: commands go to `agora-service`, and the front
//! end's own records (mailbox positions, tokens, the spool) go through the service's mail desk
//! ([`agora_service::MailDesk`]), never to the store directly. Time comes in as arguments except in
//! the run loop, which is the process's edge.

pub mod authres;
pub mod compose;
pub mod config;
pub mod front;
pub mod imap;
pub mod parse;
pub mod smtp;
pub mod tls;
pub mod token;

pub use config::MailConfig;
pub use front::{MailFrontEnd, Outcome};

use std::path::PathBuf;
use std::time::Duration;

/// How a connection is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Security {
    /// TLS from the first byte (IMAPS 993, SMTPS 465).
    Tls,
    /// Plain first, then STARTTLS before anything secret is sent.
    StartTls,
    /// No encryption; refused unless the server is on this machine.
    Plain,
}

/// What becomes of a handled mail in the mailbox, so an operator can see what was done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Handled {
    /// Add this keyword (and \Seen).
    Flag(String),
    /// Move the mail to this folder (created if missing).
    Move(String),
}

/// The mailbox to read.
#[derive(Debug, Clone)]
pub struct ImapSettings {
    pub host: String,
    pub port: u16,
    pub security: Security,
    pub user: String,
    pub password: String,
    pub mailbox: String,
    pub handled: Handled,
    /// The keyword of a mail put aside after failing too often (see
    /// [`MailSettings::max_attempts`]); it stays in the mailbox for the operator.
    pub put_aside_flag: String,
    /// Use IDLE when the server offers it (else poll).
    pub idle: bool,
    /// The longest wait between two looks at the mailbox and the outbox; IDLE is left and
    /// re-entered at this interval, far below the 29 minutes after which servers drop it.
    pub poll: Duration,
    /// The longest wait for the server's answer to one command (connecting, the greeting,
    /// STARTTLS and TLS, LOGIN, SELECT, SEARCH, STORE, MOVE, entering and leaving IDLE, LOGOUT);
    /// a FETCH gets more in proportion to the bytes it asks for. A command not answered in time
    /// ends the connection, which is opened again.
    pub command_timeout: Duration,
    /// A PEM file of extra trusted certificates (a private server's).
    pub ca_file: Option<PathBuf>,
}

/// The server mail is sent through.
#[derive(Debug, Clone)]
pub struct SmtpSettings {
    pub host: String,
    pub port: u16,
    pub security: Security,
    /// User and password, when the server wants them.
    pub credentials: Option<(String, String)>,
    pub ca_file: Option<PathBuf>,
    /// The longest one mail may take, from connecting to the server's last answer; past it the
    /// mail counts as not sent (a transient failure) and is tried again later.
    pub timeout: Duration,
    /// Mails sent at once (to different recipients: the mails of one recipient go one after the
    /// other, in order); at least 1.
    pub parallel: usize,
    /// No mail is started after a pass over the spool has run this long (one already started
    /// still has its `timeout`); what is left waits for the next pass.
    pub pass: Duration,
}

/// Everything the mail front end needs to know.
#[derive(Debug, Clone)]
pub struct MailSettings {
    /// The service's own address (`agora@example.org`); replies go to `agora+<token>@example.org`.
    pub address: String,
    /// The name shown beside it.
    pub display_name: String,
    pub imap: ImapSettings,
    pub smtp: SmtpSettings,
    /// Mails larger than this are not read; the sender gets a short refusal.
    pub max_bytes: u32,
    /// Unauthenticated mails (without a valid token of their sender or the right code) read
    /// from one address per hour; the first one over gets a short notice, the rest nothing.
    /// Authenticated mail is never limited.
    pub per_sender_per_hour: u32,
    /// Unauthenticated mails read from one domain per hour; more get no answer.
    pub per_domain_per_hour: u32,
    /// Unauthenticated mails read from anyone per hour; more get no answer.
    pub unauthenticated_per_hour: u32,
    /// How long a verification code stays valid.
    pub code_lifetime: chrono::Duration,
    /// Wrong verification codes allowed per address and day; past them, codes are not checked
    /// until the day is over.
    pub wrong_codes_per_day: u32,
    /// The authserv-id of the receiving server whose Authentication-Results headers are trusted
    /// (see [`authres`]); `None` = none are.
    pub trust_authentication_results: Option<String>,
    /// Attach a PNG picture of the board to mails about a game.
    pub png: bool,
    /// Pixels of that picture.
    pub png_size: u32,
    /// Attempts at a mail whose handling fails before it is put aside (its sender gets one
    /// apology and it is never tried again); at least 1.
    pub max_attempts: u32,
    /// How long the lease on reading the mailbox lasts when several processes share the
    /// database: one reads the mailbox, checks its lease at every look and before each batch of
    /// mails, and renews it once a third of this has passed; if it dies or hangs, another takes over once the lease ran out.
    /// The processes' clocks must agree to well within it.
    pub lease: Duration,
}

impl MailSettings {
    /// The local part and the domain of the service's address.
    pub fn address_parts(&self) -> (&str, &str) {
        self.address
            .rsplit_once('@')
            .unwrap_or((self.address.as_str(), "localhost"))
    }
}

/// An internal failure of the mail front end (never a person's mistake: those are answered).
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("mail configuration: {0}")]
    Config(String),
    #[error("IMAP: {0}")]
    Imap(String),
    #[error("SMTP: {0}")]
    Smtp(String),
    #[error("composing a mail: {0}")]
    Compose(String),
    /// A bug below (a panic) while handling one mail or message: that one is retried later, the
    /// front end goes on.
    #[error("internal failure: {0}")]
    Panic(String),
    /// Another process holds the lease on reading the mailbox now (this one's ran out).
    #[error("another process took over reading the mailbox")]
    LeaseLost,
    #[error(transparent)]
    Service(#[from] agora_service::ServiceError),
}

/// Refuses plain connections to anything but this machine: passwords and moves would cross the
/// network in clear.
pub(crate) fn check_plain(security: Security, host: &str) -> Result<(), MailError> {
    let loopback = host == "localhost"
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback());
    if security == Security::Plain && !loopback {
        return Err(MailError::Config(format!(
            "plain (unencrypted) mail connections are allowed only to this machine, not to {host}: use tls or starttls"
        )));
    }
    Ok(())
}
