//! What the end-to-end mail tests and the benchmark share: the servers started by
//! `tests/mail/servers.sh` (found through the environment it writes), players that use real mail
//! clients (lettre to send over SMTP, async-imap to read their inbox), and an Agora mail front end
//! that can be stopped and started again on the same database.

#![allow(dead_code)]

mod mailboxes;
mod player;

pub use mailboxes::{
    MAILBOXES, MailboxTurn, Mailboxes, empty_mailboxes, inbox_flags, wait_for_inbox,
};
pub use player::{Player, Received, confirmed, started};

use agora_mail::{Handled, ImapSettings, MailFrontEnd, MailSettings, Security, SmtpSettings};
use agora_service::{Service, Settings, Store, StoreOptions, Templates};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

pub use crate::short_game;

/// Where the servers listen, from `<dir>/env` of `tests/mail/servers.sh start <dir>`.
#[derive(Debug, Clone)]
pub struct Servers {
    pub imap: u16,
    pub imaps: u16,
    pub smtp: u16,
    pub submission: u16,
    pub submissions: u16,
    pub ca: PathBuf,
    /// The mail domain of the test's lane: its mailboxes are `agora`, `alice`, `bob`, `carol` and
    /// `dave` at this domain (see [`Mailboxes::lock`]).
    pub domain: String,
}

impl Servers {
    /// Agora's own address in this lane.
    pub fn service(&self) -> String {
        self.address("agora")
    }

    /// The address of the test mailbox `user` (`alice`, `bob`, …) in this lane.
    pub fn address(&self, user: &str) -> String {
        format!("{user}@{}", self.domain)
    }
}

/// The lanes' mail domains: `tests/mail/servers.sh` writes them to `AGORA_TEST_MAIL_DOMAINS`
/// (each a set of the same mailboxes); servers started without it have the one `example.test`.
pub fn lanes() -> Vec<String> {
    let listed = std::env::var("AGORA_TEST_MAIL_DOMAINS").unwrap_or_default();
    let lanes: Vec<String> = listed.split_whitespace().map(str::to_owned).collect();
    if lanes.is_empty() {
        vec![DOMAIN.to_owned()]
    } else {
        lanes
    }
}

/// The servers, or `None` (with a message saying how to start them) when they are not running.
///
/// Where the servers must be there (CI, which starts them, sets `AGORA_REQUIRE_MAIL_SERVERS=1`),
/// their absence fails the test instead, naming the variables missing: a test that skips there
/// would pass without having tested anything.
pub fn servers(test: &str) -> Option<Servers> {
    let port = |name: &str| std::env::var(name).ok().and_then(|p| p.parse().ok());
    match (
        port("AGORA_TEST_IMAP_PORT"),
        port("AGORA_TEST_IMAPS_PORT"),
        port("AGORA_TEST_SMTP_PORT"),
        port("AGORA_TEST_SUBMISSION_PORT"),
        port("AGORA_TEST_SUBMISSIONS_PORT"),
        std::env::var("AGORA_TEST_CA"),
    ) {
        (Some(imap), Some(imaps), Some(smtp), Some(submission), Some(submissions), Ok(ca)) => {
            Some(Servers {
                imap,
                imaps,
                smtp,
                submission,
                submissions,
                ca: ca.into(),
                domain: lanes().remove(0),
            })
        }
        _ => {
            let missing: Vec<&str> = [
                "AGORA_TEST_IMAP_PORT",
                "AGORA_TEST_IMAPS_PORT",
                "AGORA_TEST_SMTP_PORT",
                "AGORA_TEST_SUBMISSION_PORT",
                "AGORA_TEST_SUBMISSIONS_PORT",
            ]
            .into_iter()
            .filter(|name| port(name).is_none())
            .chain(
                std::env::var("AGORA_TEST_CA")
                    .is_err()
                    .then_some("AGORA_TEST_CA"),
            )
            .collect();
            let how = "run `tests/mail/servers.sh start <dir>` as root, then `source <dir>/env`";
            if std::env::var("AGORA_REQUIRE_MAIL_SERVERS").as_deref() == Ok("1") {
                panic!(
                    "{test}: AGORA_REQUIRE_MAIL_SERVERS=1 but the mail servers are missing \
                     (not set, or not a port: {}); {how}",
                    missing.join(", ")
                );
            }
            eprintln!(
                "SKIPPED {test}: no mail servers (not set, or not a port: {}); {how}",
                missing.join(", ")
            );
            None
        }
    }
}

/// The first lane's domain, the one of servers started without lanes.
const DOMAIN: &str = "example.test";

/// The front end's settings against the local servers: IMAP with STARTTLS, SMTP submission with
/// authentication (both through the script's self-signed certificate).
pub fn settings(s: &Servers) -> MailSettings {
    MailSettings {
        address: s.service(),
        display_name: "Agora".into(),
        imap: ImapSettings {
            host: "127.0.0.1".into(),
            port: s.imap,
            security: Security::StartTls,
            user: s.service(),
            password: "secret".into(),
            mailbox: "INBOX".into(),
            handled: Handled::Flag("$AgoraHandled".into()),
            put_aside_flag: "$AgoraPutAside".into(),
            idle: true,
            poll: Duration::from_secs(2),
            command_timeout: Duration::from_secs(60),
            ca_file: Some(s.ca.clone()),
        },
        smtp: SmtpSettings {
            host: "127.0.0.1".into(),
            port: s.submission,
            security: Security::StartTls,
            credentials: Some((s.service(), "secret".into())),
            ca_file: Some(s.ca.clone()),
            timeout: Duration::from_secs(60),
            parallel: 4,
            pass: Duration::from_secs(120),
        },
        max_bytes: 64 * 1024,
        per_sender_per_hour: 1000,
        per_domain_per_hour: 1000,
        unauthenticated_per_hour: 1000,
        code_lifetime: chrono::Duration::hours(48),
        wrong_codes_per_day: 5,
        trust_authentication_results: None,
        png: true,
        png_size: 320,
        max_attempts: 5,
        lease: std::time::Duration::from_secs(60),
    }
}

/// A running Agora (service + mail front end) on a database file.
pub struct Agora {
    pub db: PathBuf,
    pub settings: MailSettings,
    pub front: Arc<MailFrontEnd>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<()>>,
}

/// The website's public address in the tests.
pub const SITE: &str = "https://agora.example.test";

pub async fn service(db: &Path) -> Arc<Service> {
    service_with(
        db,
        Settings {
            seed: Some(7),
            // The website runs: game mails and posts link to each game's page.
            site_url: Some(SITE.to_owned()),
            ..Settings::default()
        },
    )
    .await
}

/// The service on `db` with the given settings.
pub async fn service_with(db: &Path, settings: Settings) -> Arc<Service> {
    let store = Store::open(db, &StoreOptions::default()).await.unwrap();
    let templates = Templates::load(None).unwrap();
    Arc::new(Service::new(store, templates, settings))
}

impl Agora {
    /// Starts the front end on `db` (created if missing).
    pub async fn start(db: &Path, settings: MailSettings) -> Agora {
        Agora::start_on(service(db).await, db, settings).await
    }

    /// Starts the front end on a service of the caller's.
    pub async fn start_on(service: Arc<Service>, db: &Path, settings: MailSettings) -> Agora {
        let front = Arc::new(MailFrontEnd::new(service, settings.clone()).unwrap());
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let runner = front.clone();
        let task = tokio::spawn(async move {
            runner
                .run(async {
                    let _ = stopped.await;
                })
                .await
                .unwrap();
        });
        Agora {
            db: db.to_owned(),
            settings,
            front,
            stop: Some(stop),
            task: Some(task),
        }
    }

    /// Stops it as a process would stop: the loop ends and the database is closed.
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(task) = self.task.take() {
            task.await.unwrap();
        }
    }

    pub async fn restart(self) -> Agora {
        let (db, settings) = (self.db.clone(), self.settings.clone());
        self.stop().await;
        Agora::start(&db, settings).await
    }
}
