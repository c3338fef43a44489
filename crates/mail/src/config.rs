//! The `[mail]` section of `config/agora.toml`, as the binary hands it over, turned into
//! [`MailSettings`]. Passwords are not in the file: the binary reads them from the environment and
//! passes them in, so this crate never looks at the environment.

use crate::{Handled, ImapSettings, MailError, MailSettings, Security, SmtpSettings};
use serde::Deserialize;
use std::path::PathBuf;
use std::time::Duration;

/// `[mail]` (without `enabled`, which the binary reads).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MailConfig {
    /// The service's address; replies come to `<local>+<token>@<domain>` of it.
    pub address: String,
    #[serde(default = "default_name")]
    pub display_name: String,
    /// Mails larger than this many KiB get a short refusal.
    #[serde(default = "default_max_kb")]
    pub max_kb: u32,
    #[serde(default = "default_rate")]
    pub per_sender_per_hour: u32,
    #[serde(default = "default_domain_rate")]
    pub per_domain_per_hour: u32,
    #[serde(default = "default_overall_rate")]
    pub unauthenticated_per_hour: u32,
    /// Hours a verification code stays valid.
    #[serde(default = "default_code_hours")]
    pub verify_code_hours: u32,
    #[serde(default = "default_wrong_codes")]
    pub wrong_codes_per_day: u32,
    /// The authserv-id whose Authentication-Results are trusted; empty or absent = off.
    #[serde(default)]
    pub trust_authentication_results: Option<String>,
    #[serde(default = "yes")]
    pub png: bool,
    #[serde(default = "default_png_size")]
    pub png_size: u32,
    /// Attempts at a mail whose handling fails before it is put aside.
    #[serde(default = "default_max_attempts")]
    pub max_attempts: u32,
    /// Seconds the lease on reading the mailbox lasts when several processes share the database
    /// (the longest a dead reader's mailbox waits for another to take it over).
    #[serde(default = "default_lease")]
    pub lease_seconds: u64,
    pub imap: ImapConfig,
    pub smtp: SmtpConfig,
}

/// `[mail.imap]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImapConfig {
    pub host: String,
    #[serde(default)]
    pub port: Option<u16>,
    /// `tls` (default, port 993), `starttls` (143) or `plain` (loopback only, 143).
    #[serde(default = "default_security")]
    pub security: String,
    pub user: String,
    #[serde(default = "default_mailbox")]
    pub mailbox: String,
    /// `flag` (default: keyword `handled_flag` and \Seen) or `move` (to `handled_folder`).
    #[serde(default = "default_handled")]
    pub handled: String,
    #[serde(default = "default_flag")]
    pub handled_flag: String,
    #[serde(default = "default_folder")]
    pub handled_folder: String,
    /// The keyword of a mail put aside after failing too often.
    #[serde(default = "default_put_aside_flag")]
    pub put_aside_flag: String,
    #[serde(default = "yes")]
    pub idle: bool,
    /// Seconds between looks at the mailbox and the outbox without news (IDLE is renewed as
    /// often).
    #[serde(default = "default_poll")]
    pub poll_seconds: u64,
    /// Seconds to wait for the answer to one command before the connection is given up and
    /// opened again (a FETCH of many bytes gets more).
    #[serde(default = "default_command_timeout")]
    pub command_timeout_seconds: u64,
    #[serde(default)]
    pub ca_file: Option<PathBuf>,
}

/// `[mail.smtp]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SmtpConfig {
    pub host: String,
    #[serde(default)]
    pub port: Option<u16>,
    /// `tls` (default, port 465), `starttls` (587) or `plain` (loopback only, 25).
    #[serde(default = "default_security")]
    pub security: String,
    /// Log in as this user (with the password from the environment); none = no authentication.
    #[serde(default)]
    pub user: Option<String>,
    #[serde(default)]
    pub ca_file: Option<PathBuf>,
    /// Seconds one mail may take, connecting included.
    #[serde(default = "default_send_timeout")]
    pub timeout_seconds: u64,
    /// Mails sent at once (never two to one recipient).
    #[serde(default = "default_parallel")]
    pub parallel: u32,
    /// Seconds after which a pass over the spool starts no more mails.
    #[serde(default = "default_pass")]
    pub pass_seconds: u64,
}

fn default_name() -> String {
    "Agora".into()
}
fn default_max_kb() -> u32 {
    256
}
fn default_rate() -> u32 {
    30
}
fn default_domain_rate() -> u32 {
    100
}
fn default_overall_rate() -> u32 {
    300
}
fn default_code_hours() -> u32 {
    48
}
fn default_wrong_codes() -> u32 {
    5
}
fn yes() -> bool {
    true
}
fn default_png_size() -> u32 {
    480
}
fn default_security() -> String {
    "tls".into()
}
fn default_mailbox() -> String {
    "INBOX".into()
}
fn default_handled() -> String {
    "flag".into()
}
fn default_flag() -> String {
    "$AgoraHandled".into()
}
fn default_folder() -> String {
    "Agora-Handled".into()
}
fn default_put_aside_flag() -> String {
    "$AgoraPutAside".into()
}
fn default_max_attempts() -> u32 {
    5
}

/// Checks that `flag` is an IMAP keyword (an atom: no spaces, brackets, quotes, wildcards or
/// backslash), so it can be written into a STORE or SEARCH command as it is.
fn keyword(flag: &str, key: &str) -> Result<String, MailError> {
    let atom = |c: char| c.is_ascii_graphic() && !"(){%*\"]\\".contains(c);
    if flag.is_empty() || !flag.chars().all(atom) {
        return Err(MailError::Config(format!(
            "{key} is `{flag}`: an IMAP keyword is letters, digits and $-_. without spaces"
        )));
    }
    Ok(flag.to_owned())
}
fn default_lease() -> u64 {
    60
}
fn default_poll() -> u64 {
    60
}
fn default_command_timeout() -> u64 {
    60
}
fn default_send_timeout() -> u64 {
    60
}
/// How many mails are handed to the SMTP server at once unless `[mail.smtp] parallel` says
/// otherwise. Submission servers take many connections from one client; the end-to-end bench
/// found four too few to keep up with a busy service (mails waited for a connection), eight not.
pub const DEFAULT_SMTP_PARALLEL: u32 = 8;

fn default_parallel() -> u32 {
    DEFAULT_SMTP_PARALLEL
}
fn default_pass() -> u64 {
    120
}

fn security(word: &str, what: &str) -> Result<Security, MailError> {
    match word {
        "tls" => Ok(Security::Tls),
        "starttls" => Ok(Security::StartTls),
        "plain" => Ok(Security::Plain),
        other => Err(MailError::Config(format!(
            "{what}.security is `{other}`: use tls, starttls or plain"
        ))),
    }
}

impl MailConfig {
    /// The settings, with the passwords the binary read from the environment.
    pub fn into_settings(
        self,
        imap_password: String,
        smtp_password: Option<String>,
    ) -> Result<MailSettings, MailError> {
        if !self.address.contains('@') {
            return Err(MailError::Config(format!(
                "mail.address `{}` is not an address",
                self.address
            )));
        }
        let imap_security = security(&self.imap.security, "mail.imap")?;
        let smtp_security = security(&self.smtp.security, "mail.smtp")?;
        let imap = self.imap.into_settings(imap_security, imap_password)?;
        let smtp = self.smtp.into_settings(smtp_security, smtp_password)?;
        Ok(MailSettings {
            address: self.address.to_ascii_lowercase(),
            display_name: self.display_name,
            imap,
            smtp,
            max_bytes: self.max_kb.saturating_mul(1024),
            per_sender_per_hour: self.per_sender_per_hour,
            per_domain_per_hour: self.per_domain_per_hour,
            unauthenticated_per_hour: self.unauthenticated_per_hour,
            code_lifetime: chrono::Duration::hours(i64::from(self.verify_code_hours.max(1))),
            wrong_codes_per_day: self.wrong_codes_per_day,
            trust_authentication_results: self
                .trust_authentication_results
                .map(|id| id.trim().to_owned())
                .filter(|id| !id.is_empty()),
            png: self.png,
            png_size: self.png_size,
            max_attempts: self.max_attempts.max(1),
            // Renewed every third of it: under three seconds would renew all the time.
            lease: Duration::from_secs(self.lease_seconds.max(3)),
        })
    }
}

impl ImapConfig {
    /// The mailbox's settings, under `security` (read by the caller); the two keywords must be
    /// IMAP keywords.
    fn into_settings(
        self,
        security: Security,
        password: String,
    ) -> Result<ImapSettings, MailError> {
        let put_aside_flag = keyword(&self.put_aside_flag, "mail.imap.put_aside_flag")?;
        let handled = match self.handled.as_str() {
            "flag" => Handled::Flag(self.handled_flag),
            "move" => Handled::Move(self.handled_folder),
            other => {
                return Err(MailError::Config(format!(
                    "mail.imap.handled is `{other}`: use flag or move"
                )));
            }
        };
        Ok(ImapSettings {
            port: self.port.unwrap_or(match security {
                Security::Tls => 993,
                _ => 143,
            }),
            host: self.host,
            security,
            user: self.user,
            password,
            mailbox: self.mailbox,
            handled,
            put_aside_flag,
            idle: self.idle,
            poll: Duration::from_secs(self.poll_seconds.clamp(1, 25 * 60)),
            command_timeout: Duration::from_secs(self.command_timeout_seconds.max(1)),
            ca_file: self.ca_file,
        })
    }
}

impl SmtpConfig {
    /// The sending server's settings, under `security`; a user needs a password.
    fn into_settings(
        self,
        security: Security,
        password: Option<String>,
    ) -> Result<SmtpSettings, MailError> {
        let credentials = match (self.user, password) {
            (Some(user), Some(password)) => Some((user, password)),
            (Some(user), None) => {
                return Err(MailError::Config(format!(
                    "mail.smtp.user is {user} but no SMTP password was given"
                )));
            }
            (None, _) => None,
        };
        Ok(SmtpSettings {
            port: self.port.unwrap_or(match security {
                Security::Tls => 465,
                Security::StartTls => 587,
                Security::Plain => 25,
            }),
            host: self.host,
            security,
            credentials,
            ca_file: self.ca_file,
            timeout: Duration::from_secs(self.timeout_seconds.max(1)),
            parallel: self.parallel.clamp(1, 64) as usize,
            pass: Duration::from_secs(self.pass_seconds.max(1)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(extra_mail: &str, extra_imap: &str) -> Result<MailSettings, MailError> {
        let text = format!(
            "address = \"agora@example.org\"\n{extra_mail}\n\
             [imap]\nhost = \"imap.example.org\"\nuser = \"agora\"\n{extra_imap}\n\
             [smtp]\nhost = \"smtp.example.org\"\n"
        );
        let config: MailConfig = toml::from_str(&text).unwrap();
        config.into_settings("secret".into(), None)
    }

    #[test]
    fn failing_mail_is_tried_five_times_then_flagged_by_default() {
        let s = settings("", "").unwrap();
        assert_eq!(s.max_attempts, 5);
        assert_eq!(s.imap.put_aside_flag, "$AgoraPutAside");
        let s = settings("max_attempts = 2", "put_aside_flag = \"Agora-Stuck\"").unwrap();
        assert_eq!(s.max_attempts, 2);
        assert_eq!(s.imap.put_aside_flag, "Agora-Stuck");
        // No attempt at all would put aside every mail unread: one is the least.
        assert_eq!(settings("max_attempts = 0", "").unwrap().max_attempts, 1);
    }

    #[test]
    fn every_wait_is_bounded_by_default_and_never_zero() {
        let s = settings("", "").unwrap();
        assert_eq!(s.imap.command_timeout, Duration::from_secs(60));
        assert_eq!(s.smtp.timeout, Duration::from_secs(60));
        assert_eq!(s.smtp.parallel, DEFAULT_SMTP_PARALLEL as usize);
        assert_eq!(s.smtp.pass, Duration::from_secs(120));
        let text = "address = \"agora@example.org\"\n\
             [imap]\nhost = \"i\"\nuser = \"a\"\ncommand_timeout_seconds = 0\n\
             [smtp]\nhost = \"s\"\ntimeout_seconds = 0\nparallel = 0\npass_seconds = 0\n";
        let config: MailConfig = toml::from_str(text).unwrap();
        let s = config.into_settings("secret".into(), None).unwrap();
        // Zero would make every command time out at once, or send nothing.
        assert_eq!(s.imap.command_timeout, Duration::from_secs(1));
        assert_eq!(s.smtp.timeout, Duration::from_secs(1));
        assert_eq!(s.smtp.parallel, 1);
        assert_eq!(s.smtp.pass, Duration::from_secs(1));
    }

    #[test]
    fn a_put_aside_flag_that_is_no_imap_keyword_is_refused() {
        for bad in ["", "two words", "a(b", "\\\\Seen", "x*", "caf\u{e9}"] {
            let imap = format!("put_aside_flag = {bad:?}");
            match settings("", &imap) {
                Err(MailError::Config(e)) => assert!(e.contains("put_aside_flag"), "{e}"),
                other => panic!("{bad:?}: {other:?}"),
            }
        }
    }
}
