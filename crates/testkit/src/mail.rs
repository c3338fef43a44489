//! What the end-to-end mail tests and the benchmark share: the servers started by
//! `tests/mail/servers.sh` (found through the environment it writes), players that use real mail
//! clients (lettre to send over SMTP, async-imap to read their inbox), and an Agora mail front end
//! that can be stopped and started again on the same database.

#![allow(dead_code)]

use agora_mail::{Handled, ImapSettings, MailFrontEnd, MailSettings, Security, SmtpSettings};
use agora_service::{Service, Settings, Store, StoreOptions, Templates};
use futures::TryStreamExt;
use lettre::address::Envelope;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::net::TcpStream;

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

/// The tests share the servers' mailboxes, in lanes: each lane is the same five mailboxes at a
/// domain of its own, and a test takes a lane for itself with `MAILBOXES.lock(&mut servers)`,
/// holding it until the guard is dropped.
pub static MAILBOXES: Mailboxes = Mailboxes;

/// Turns on the lanes of mailboxes, across threads and across processes: a test runner that runs
/// each test in a process of its own (cargo nextest), or several tests in one process, still
/// gives each lane to one test at a time, and a lane rests a few seconds between turns so that
/// no mail of one test reaches the next. A lane is held by a lock on a file named after the
/// servers' IMAP port and the lane's domain (`flock`, which also keeps apart two opens of one
/// file in one process, released by the kernel when the holder exits, even by `kill -9`).
pub struct Mailboxes;

/// A test's turn on a lane of mailboxes; dropping it ends the turn.
pub struct MailboxTurn {
    file: std::fs::File,
}

/// How long a lane rests after a turn before the next: a mail the last test's Agora handed to
/// the servers just before it ended still reaches the lane's mailboxes (OpenSMTPD's queue takes
/// up to a second or so under load), and must not land in the next test's.
const SETTLE: Duration = Duration::from_secs(3);

impl Drop for MailboxTurn {
    /// Notes when the turn ended, in the lane's lock file, before the lock goes with the file.
    fn drop(&mut self) {
        use std::os::unix::fs::FileExt;
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default()
            .as_millis()
            .to_string();
        let _ = self.file.set_len(0);
        let _ = self.file.write_all_at(now.as_bytes(), 0);
    }
}

/// How long ago the last turn on a lane ended, from its lock file (`None`: never, or unknown).
fn since_last_turn(file: &std::fs::File) -> Option<Duration> {
    use std::io::Read;
    let mut text = String::new();
    (&*file).read_to_string(&mut text).ok()?;
    let ended = std::time::UNIX_EPOCH + Duration::from_millis(text.trim().parse().ok()?);
    std::time::SystemTime::now().duration_since(ended).ok()
}

impl Mailboxes {
    /// Waits for a free lane and points `servers` at it.
    pub async fn lock(&'static self, servers: &mut Servers) -> MailboxTurn {
        let port = servers.imap;
        let lanes = lanes();
        loop {
            for domain in &lanes {
                let path =
                    std::env::temp_dir().join(format!("agora-mailboxes-{port}-{domain}.lock"));
                let file = std::fs::OpenOptions::new()
                    .create(true)
                    .truncate(false)
                    .write(true)
                    .open(&path)
                    .unwrap_or_else(|e| panic!("the mailboxes' lock {}: {e}", path.display()));
                match file.try_lock() {
                    Ok(()) => {
                        if let Some(since) = since_last_turn(&file)
                            && since < SETTLE
                        {
                            tokio::time::sleep(SETTLE - since).await;
                        }
                        servers.domain = domain.clone();
                        return MailboxTurn { file };
                    }
                    Err(std::fs::TryLockError::WouldBlock) => {}
                    Err(std::fs::TryLockError::Error(e)) => {
                        panic!("the mailboxes' lock {}: {e}", path.display())
                    }
                }
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
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

type Imap = async_imap::Session<TcpStream>;

async fn login(port: u16, user: &str) -> Imap {
    let tcp = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    let mut client = async_imap::Client::new(tcp);
    client.read_response().await.unwrap();
    client
        .login(user, "secret")
        .await
        .map_err(|(e, _)| e)
        .unwrap()
}

/// Empties the INBOX of every test mailbox.
pub async fn empty_mailboxes(s: &Servers) {
    for user in ["agora", "alice", "bob", "carol", "dave"] {
        let mut imap = login(s.imap, &s.address(user)).await;
        imap.select("INBOX").await.unwrap();
        let _: Vec<_> = imap
            .store("1:*", "+FLAGS.SILENT (\\Deleted)")
            .await
            .unwrap()
            .try_collect()
            .await
            .unwrap_or_default();
        let _: Vec<_> = imap.expunge().await.unwrap().try_collect().await.unwrap();
        imap.logout().await.unwrap();
    }
}

/// The UIDs in `user`'s INBOX with their flags (keywords included), as any mail client sees them.
pub async fn inbox_flags(s: &Servers, user: &str) -> Vec<(u32, Vec<String>)> {
    let mut imap = login(s.imap, user).await;
    imap.select("INBOX").await.unwrap();
    let fetched: Vec<_> = imap
        .uid_fetch("1:*", "(UID FLAGS)")
        .await
        .unwrap()
        .try_collect()
        .await
        .unwrap_or_default();
    let mut out: Vec<(u32, Vec<String>)> = fetched
        .iter()
        .map(|f| {
            let flags = f.flags().map(|flag| format!("{flag:?}")).collect();
            (f.uid.unwrap_or(0), flags)
        })
        .collect();
    out.sort();
    imap.logout().await.ok();
    out
}

/// Waits until `user`'s INBOX holds `n` mails (at most `limit`).
pub async fn wait_for_inbox(s: &Servers, user: &str, n: usize, limit: Duration) {
    let start = Instant::now();
    while inbox_flags(s, user).await.len() < n {
        assert!(
            start.elapsed() < limit,
            "{user}: not {n} mails within {limit:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Confirms a newcomer's address by replying to the confirmation request; returns the answer,
/// a mail about no game (its Reply-To carries the player's own token).
pub async fn confirmed(player: &mut Player, wait: Duration) -> Received {
    player.send_agora("hello", "help").await;
    let request = player.next_mail(wait).await;
    assert!(request.text.contains("To confirm"), "{request:?}");
    player.reply(&request, "games").await;
    let home = player.next_mail(wait).await;
    assert!(home.text.contains("is confirmed"), "{home:?}");
    home
}

/// Starts an Agon game of `first` against `second` from `first`'s mail about no game; returns the
/// latest mail about the game of each (first to move).
pub async fn started(
    first: &mut Player,
    home: &Received,
    second: &mut Player,
    game: i64,
    wait: Duration,
) -> (Received, Received) {
    first
        .reply(home, &format!("challenge {} agon", second.address))
        .await;
    let sent = first.next_mail(wait).await;
    assert!(
        sent.text.contains(&format!("Game #{game}: you challenged")),
        "{sent:?}"
    );
    let invitation = second.next_mail(wait).await;
    second.reply(&invitation, "accept").await;
    let second_latest = second.next_mail(wait).await;
    assert!(
        second_latest.text.contains("has started"),
        "{second_latest:?}"
    );
    let first_latest = first.next_mail(wait).await;
    assert!(first_latest.text.contains("Your turn"), "{first_latest:?}");
    (first_latest, second_latest)
}

/// A received mail, as a player reads it.
#[derive(Debug, Clone)]
pub struct Received {
    pub subject: String,
    pub text: String,
    pub message_id: String,
    pub reply_to: String,
    pub in_reply_to: Option<String>,
    pub references: Vec<String>,
    pub auto_submitted: Option<String>,
    pub attachments: usize,
    /// The attached files: (file name, media type, contents).
    pub files: Vec<(String, String, Vec<u8>)>,
}

impl Received {
    /// The token of its Reply-To (`agora+<token>@…`), or "" when it has none.
    pub fn token(&self) -> &str {
        self.reply_to
            .strip_prefix("agora+")
            .and_then(|r| r.split('@').next())
            .unwrap_or("")
    }

    /// The verification code it tells (`verify <code>` on a line of its own).
    pub fn code(&self) -> String {
        self.text
            .lines()
            .find_map(|l| l.trim().strip_prefix("verify "))
            .unwrap_or_else(|| panic!("no code in {self:?}"))
            .trim()
            .to_owned()
    }

    fn parse(raw: Vec<u8>) -> Received {
        let m = mail_parser::MessageParser::default().parse(&raw).unwrap();
        let ids = |v: &mail_parser::HeaderValue<'_>| match v {
            mail_parser::HeaderValue::Text(t) => vec![t.to_string()],
            mail_parser::HeaderValue::TextList(l) => l.iter().map(|t| t.to_string()).collect(),
            _ => Vec::new(),
        };
        Received {
            subject: m.subject().unwrap_or("").to_owned(),
            // Line ends as a person's mail program shows them, whatever the transfer used.
            text: m
                .body_text(0)
                .map(|t| t.replace("\r\n", "\n"))
                .unwrap_or_default(),
            message_id: m.message_id().unwrap_or("").to_owned(),
            reply_to: m
                .reply_to()
                .and_then(|a| a.first())
                .and_then(|a| a.address())
                .unwrap_or("")
                .to_owned(),
            in_reply_to: ids(m.in_reply_to()).into_iter().next(),
            references: ids(m.references()),
            auto_submitted: m.header_raw("Auto-Submitted").map(|v| v.trim().to_owned()),
            attachments: m.attachment_count(),
            files: m
                .attachments()
                .map(|a| {
                    use mail_parser::MimeHeaders;
                    let kind = a
                        .content_type()
                        .map(|t| match t.subtype() {
                            Some(sub) => format!("{}/{sub}", t.ctype()),
                            None => t.ctype().to_owned(),
                        })
                        .unwrap_or_default();
                    (
                        a.attachment_name().unwrap_or("").to_owned(),
                        kind,
                        a.contents().to_vec(),
                    )
                })
                .collect(),
        }
    }
}

/// A person with a mailbox on the test server and a mail program.
pub struct Player {
    pub address: String,
    /// Agora's address in the player's lane.
    pub service: String,
    smtp: AsyncSmtpTransport<Tokio1Executor>,
    imap_port: u16,
    seen: u32,
    sent: u32,
    last: Option<(String, String)>,
}

impl Player {
    pub fn new(s: &Servers, user: &str) -> Player {
        let smtp = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous("127.0.0.1")
            .port(s.smtp)
            .build();
        Player {
            address: s.address(user),
            service: s.service(),
            smtp,
            imap_port: s.imap,
            seen: 0,
            sent: 0,
            last: None,
        }
    }

    /// Sends a mail as it is written here (headers and body), to `to`; returns its Message-ID.
    pub async fn send_raw(&mut self, from: &str, to: &str, headers: &str, body: &str) -> String {
        self.sent += 1;
        let id = format!(
            "{}.{}.{}@{}",
            self.address.split('@').next().unwrap(),
            self.sent,
            std::process::id(),
            self.address.split('@').nth(1).unwrap_or(DOMAIN),
        );
        let raw = format!(
            "From: {from}\r\nTo: {to}\r\nMessage-ID: <{id}>\r\nDate: Mon, 30 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\n{headers}\r\n\r\n{body}"
        );
        self.deliver(&raw, to).await;
        self.last = Some((raw, to.to_owned()));
        id
    }

    /// Delivers the last mail sent once more, byte for byte (a duplicate delivery).
    pub async fn redeliver_last(&self) {
        let (raw, to) = self.last.clone().expect("a mail was sent");
        self.deliver(&raw, &to).await;
    }

    /// Hands a complete mail to the SMTP server (also used to deliver the same mail twice).
    pub async fn deliver(&self, raw: &str, to: &str) {
        let envelope = Envelope::new(
            Some(self.address.parse().unwrap()),
            vec![to.parse().unwrap()],
        )
        .unwrap();
        self.smtp.send_raw(&envelope, raw.as_bytes()).await.unwrap();
    }

    /// A plain-text mail from this player.
    pub async fn send(&mut self, to: &str, subject: &str, body: &str) -> String {
        let from = self.address.clone();
        self.send_raw(
            &from,
            to,
            &format!("Subject: {subject}\r\nContent-Type: text/plain; charset=utf-8"),
            body,
        )
        .await
    }

    /// A plain-text mail from this player to Agora's own address (not a reply: no key).
    pub async fn send_agora(&mut self, subject: &str, body: &str) -> String {
        let to = self.service.clone();
        self.send(&to, subject, body).await
    }

    /// Answers a received mail the way a mail program does: to its Reply-To, with threading
    /// headers, the text on top and the original quoted below.
    pub async fn reply(&mut self, to: &Received, body: &str) -> String {
        self.reply_with(to, "", body).await
    }

    /// [`Player::reply`] with more header lines (each ending in `\r\n`) on top, as a receiving
    /// server adds them.
    pub async fn reply_with(&mut self, to: &Received, extra: &str, body: &str) -> String {
        let quoted: String = to.text.lines().map(|l| format!("> {l}\r\n")).collect();
        let mut refs = to.references.clone();
        refs.push(to.message_id.clone());
        let refs: Vec<String> = refs.iter().map(|r| format!("<{r}>")).collect();
        let from = self.address.clone();
        self.send_raw(
            &from,
            &to.reply_to,
            &format!(
                "{extra}Subject: Re: {}\r\nIn-Reply-To: <{}>\r\nReferences: {}\r\nContent-Type: text/plain; charset=utf-8",
                to.subject,
                to.message_id,
                refs.join(" ")
            ),
            &format!(
                "{body}\r\n\r\nOn Mon, 30 Nov 2026, Agora <{}> wrote:\r\n{quoted}",
                self.service
            ),
        )
        .await
    }

    /// The mails that arrived since the last look.
    pub async fn fetch_new(&mut self) -> Vec<Received> {
        let mut imap = login(self.imap_port, &self.address).await;
        imap.select("INBOX").await.unwrap();
        let found = imap
            .uid_search(format!("UID {}:*", self.seen + 1))
            .await
            .unwrap();
        let mut uids: Vec<u32> = found.into_iter().filter(|u| *u > self.seen).collect();
        uids.sort_unstable();
        let mut out = Vec::new();
        for uid in uids {
            let fetched: Vec<_> = imap
                .uid_fetch(uid.to_string(), "(UID BODY.PEEK[])")
                .await
                .unwrap()
                .try_collect()
                .await
                .unwrap();
            for f in fetched {
                if let Some(body) = f.body() {
                    let mail = Received::parse(body.to_vec());
                    // The personal key lives in the Reply-To only, never in what a person reads
                    // (and forwards): every mail every test receives is checked.
                    let key = mail.token();
                    assert!(
                        key.is_empty() || !mail.text.contains(key),
                        "the reply token is in the body: {mail:?}"
                    );
                    out.push(mail);
                }
            }
            self.seen = uid;
        }
        imap.logout().await.ok();
        out
    }

    /// Waits for the next mail (at most `limit`).
    pub async fn next_mail(&mut self, limit: Duration) -> Received {
        let start = Instant::now();
        loop {
            let mut mails = self.fetch_new().await;
            if !mails.is_empty() {
                assert_eq!(mails.len(), 1, "expected one mail, got {mails:#?}");
                return mails.remove(0);
            }
            assert!(
                start.elapsed() < limit,
                "{}: no mail within {limit:?}",
                self.address
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Waits for `n` mails (at most `limit`), in arrival order.
    pub async fn next_mails(&mut self, n: usize, limit: Duration) -> Vec<Received> {
        let start = Instant::now();
        let mut all = Vec::new();
        while all.len() < n {
            all.extend(self.fetch_new().await);
            assert!(
                start.elapsed() < limit,
                "{}: {} of {n} mails within {limit:?}: {all:#?}",
                self.address,
                all.len()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        all
    }

    /// Asserts that nothing arrives for `wait`.
    pub async fn no_mail(&mut self, wait: Duration) {
        tokio::time::sleep(wait).await;
        let mails = self.fetch_new().await;
        assert!(
            mails.is_empty(),
            "{}: unexpected mail {mails:#?}",
            self.address
        );
    }
}
