//! Servers that stop answering never stall the mail front end: reading and sending run side by
//! side, every IMAP command and every SMTP send has a time limit, and a session whose command was
//! not answered is opened again. The stallers are small listeners in this file: one accepts and
//! never says a word, one plays an IMAP server until a chosen command and then goes silent. The
//! other side is the real dovecot and OpenSMTPD of `tests/mail/servers.sh`, and the database a
//! real SQLite file.
//!
//! Also here: how the relay's refusals are classified (a recipient refused for good, a relay that
//! does not answer), and that a mail sent again after the window between the relay's acceptance
//! and its mark in the spool carries the same Message-ID, that a pass whose record of one mail
//! fails lets the sends beside it finish, and that a session the relay ends with a transient
//! answer (a third fake plays that SMTP server) delays no mail.
//!
//! The tests with a real server print SKIPPED without the servers (fail instead when
//! `AGORA_REQUIRE_MAIL_SERVERS=1`); the ones against stallers only need no server.

use agora_testkit::mail as common;

use agora_mail::smtp::Smtp;
use agora_mail::{MailFrontEnd, MailSettings, Security, token};
use agora_service::desk::SpoolEntry;
use agora_service::{Identity, Inbound, Status};
use agora_store::GameStatus;
use chrono::Utc;
use common::{Agora, MAILBOXES, Player, Servers};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};

const WAIT: Duration = Duration::from_secs(60);

fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("agora-stalls-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("agora.db")
}

/// How a fake server misbehaves.
#[derive(Debug, Clone, Copy)]
enum Fake {
    /// Accepts the connection and never sends a byte.
    Silent,
    /// Plays an IMAP server with an empty INBOX (IDLE offered) and stops answering at this
    /// command (`LOGIN`, `SELECT`, `DONE`, …), keeping the connection open.
    ImapUntil(&'static str),
    /// Plays an SMTP server that takes every mail, except that it answers the `MAIL` commands
    /// numbered `from` to `from + count - 1` (counted over all connections, from 1) with 452,
    /// as a server does that ends a session at its limit of mails.
    SmtpRefusing { from: usize, count: usize },
}

/// A fake server on a port of this machine; it records the commands each connection sent.
struct Staller {
    port: u16,
    connections: Arc<Mutex<Vec<Vec<String>>>>,
}

impl Staller {
    async fn start(fake: Fake) -> Staller {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let connections = Arc::new(Mutex::new(Vec::new()));
        let log = connections.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                let n = {
                    let mut log = log.lock().unwrap();
                    log.push(Vec::new());
                    log.len() - 1
                };
                tokio::spawn(serve(socket, fake, log.clone(), n));
            }
        });
        Staller { port, connections }
    }

    fn connections(&self) -> Vec<Vec<String>> {
        self.connections.lock().unwrap().clone()
    }

    /// Waits until `n` connections were made (at most [`WAIT`]).
    async fn wait_for_connections(&self, n: usize) -> Vec<Vec<String>> {
        let start = Instant::now();
        loop {
            let seen = self.connections();
            if seen.len() >= n {
                return seen;
            }
            assert!(
                start.elapsed() < WAIT,
                "{n} connections not made within {WAIT:?}: {seen:?}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// One connection of a fake server.
async fn serve(socket: TcpStream, fake: Fake, log: Arc<Mutex<Vec<Vec<String>>>>, n: usize) {
    if let Fake::SmtpRefusing { from, count } = fake {
        return serve_smtp(socket, from..from + count, log, n).await;
    }
    let (read, mut write) = socket.into_split();
    let mut lines = BufReader::new(read).lines();
    let Fake::ImapUntil(stall_at) = fake else {
        // Read and drop whatever comes, answer nothing, until the client gives up.
        while let Ok(Some(_)) = lines.next_line().await {}
        return;
    };
    let _ = write.write_all(b"* OK fake IMAP ready\r\n").await;
    let mut stalled = false;
    let mut idle_tag = String::new();
    while let Ok(Some(line)) = lines.next_line().await {
        let (tag, rest) = line.split_once(' ').unwrap_or((line.as_str(), ""));
        let command = if line.trim() == "DONE" {
            "DONE".to_owned()
        } else {
            rest.split(' ').next().unwrap_or("").to_ascii_uppercase()
        };
        log.lock().unwrap()[n].push(command.clone());
        stalled |= command == stall_at;
        if stalled {
            continue;
        }
        let answer = match command.as_str() {
            "CAPABILITY" => format!("* CAPABILITY IMAP4rev1 IDLE\r\n{tag} OK done\r\n"),
            "SELECT" => format!(
                "* FLAGS (\\Seen)\r\n* 0 EXISTS\r\n* 0 RECENT\r\n* OK [UIDVALIDITY 7] ok\r\n\
                 * OK [UIDNEXT 1] ok\r\n{tag} OK [READ-WRITE] selected\r\n"
            ),
            "UID" => format!("* SEARCH\r\n{tag} OK done\r\n"),
            "IDLE" => {
                idle_tag = tag.to_owned();
                "+ idling\r\n".to_owned()
            }
            "DONE" => format!("{idle_tag} OK idle done\r\n"),
            "LOGOUT" => format!("* BYE\r\n{tag} OK bye\r\n"),
            _ => format!("{tag} OK done\r\n"),
        };
        if write.write_all(answer.as_bytes()).await.is_err() {
            return;
        }
    }
}

/// One connection of the fake SMTP server of [`Fake::SmtpRefusing`]: the `MAIL` commands whose
/// number over all connections is in `refused` get 452.
async fn serve_smtp(
    socket: TcpStream,
    refused: std::ops::Range<usize>,
    log: Arc<Mutex<Vec<Vec<String>>>>,
    n: usize,
) {
    let (read, mut write) = socket.into_split();
    let mut lines = BufReader::new(read).lines();
    let _ = write.write_all(b"220 fake ESMTP\r\n").await;
    while let Ok(Some(line)) = lines.next_line().await {
        let command = line
            .split([' ', ':'])
            .next()
            .unwrap_or("")
            .to_ascii_uppercase();
        let mails = {
            let mut log = log.lock().unwrap();
            log[n].push(command.clone());
            log.iter().flatten().filter(|c| *c == "MAIL").count()
        };
        let answer = match command.as_str() {
            "EHLO" | "HELO" => "250 fake\r\n",
            "MAIL" if refused.contains(&mails) => "452 4.5.3 Too many messages sent\r\n",
            "DATA" => {
                let _ = write.write_all(b"354 go on\r\n").await;
                while let Ok(Some(body)) = lines.next_line().await {
                    if body == "." {
                        break;
                    }
                }
                "250 queued\r\n"
            }
            "QUIT" => {
                let _ = write.write_all(b"221 bye\r\n").await;
                return;
            }
            _ => "250 ok\r\n",
        };
        if write.write_all(answer.as_bytes()).await.is_err() {
            return;
        }
    }
}

/// Settings whose IMAP side goes to `imap` and SMTP side to `smtp` (plain, on this machine), with
/// short limits; no real server is needed.
fn fake_settings(imap: u16, smtp: u16) -> MailSettings {
    let nowhere = Servers {
        imap,
        imaps: 0,
        smtp: 0,
        submission: smtp,
        submissions: 0,
        ca: PathBuf::new(),
        domain: "example.test".into(),
    };
    let mut settings = common::settings(&nowhere);
    settings.imap.security = Security::Plain;
    settings.imap.ca_file = None;
    settings.imap.poll = Duration::from_secs(1);
    settings.imap.command_timeout = Duration::from_secs(1);
    settings.smtp.security = Security::Plain;
    settings.smtp.ca_file = None;
    settings.smtp.credentials = None;
    settings.smtp.timeout = Duration::from_secs(2);
    settings
}

/// A Discord user challenges `address` to a game of Agon: the service queues one invitation by
/// mail to it. Returns the game's number.
async fn invite(front: &MailFrontEnd, address: &str) -> i64 {
    let inbound = Inbound {
        text: format!("challenge {address} agon"),
        name: Some("zoe".into()),
        ..Inbound::new(Identity::discord(4242))
    };
    let answer = front.service().handle(&inbound, Utc::now()).await.unwrap();
    assert_eq!(answer.status, Status::Done, "{}", answer.text);
    answer.game.expect("a challenge names its game")
}

/// A command that is never answered ends the session, and it is opened again: whether the server
/// stops answering at LOGIN, at SELECT, or when IDLE is left (DONE).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_without_answer_ends_the_session_and_it_is_opened_again() {
    let relay = Staller::start(Fake::Silent).await;
    for stall_at in ["LOGIN", "SELECT", "DONE"] {
        let imap = Staller::start(Fake::ImapUntil(stall_at)).await;
        let db = temp_db(&format!("reconnect-{stall_at}"));
        let agora = Agora::start(&db, fake_settings(imap.port, relay.port)).await;
        let seen = imap.wait_for_connections(3).await;
        // Each connection got as far as the stalled command, and no further.
        for commands in &seen[..2] {
            assert_eq!(
                commands.last().map(String::as_str),
                Some(stall_at),
                "{seen:?}"
            );
        }
        if stall_at == "DONE" {
            // The session worked until then: it read the (empty) mailbox and waited with IDLE.
            assert!(seen[0].iter().any(|c| c == "UID"), "{seen:?}");
            assert!(seen[0].iter().any(|c| c == "IDLE"), "{seen:?}");
        }
        agora.stop().await;
    }
}

/// An IMAP server that accepts the connection and never answers (nor greets) does not hold up
/// sending: a notification reaches the player's real mailbox while the reading side keeps
/// timing out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_imap_server_does_not_hold_up_sending() {
    let Some(mut servers) = common::servers("a_silent_imap_server_does_not_hold_up_sending") else {
        return;
    };
    let _turn = MAILBOXES.lock(&mut servers).await;
    common::empty_mailboxes(&servers).await;
    let imap = Staller::start(Fake::Silent).await;
    let mut settings = common::settings(&servers);
    settings.imap.host = "127.0.0.1".into();
    settings.imap.port = imap.port;
    settings.imap.security = Security::Plain;
    settings.imap.command_timeout = Duration::from_secs(1);
    let db = temp_db("silent-imap");
    let agora = Agora::start(&db, settings).await;
    let mut bob = Player::new(&servers, "bob");

    let game = invite(&agora.front, &bob.address).await;
    let invitation = bob.next_mail(WAIT).await;
    assert!(
        invitation.subject.starts_with(&format!("[Agora #{game}]")),
        "{invitation:?}"
    );
    assert!(invitation.text.contains("challenges you"), "{invitation:?}");
    // Meanwhile the reading side gave up on the silent server and tried again.
    imap.wait_for_connections(2).await;
    agora.stop().await;
}

/// A relay that accepts the connection and never answers does not hold up reading: a player's
/// `accept`, mailed to the real mailbox, is read and applied to the game while every mail out
/// times out (and is recorded as a transient failure, to be tried again).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_relay_does_not_hold_up_reading() {
    let Some(mut servers) = common::servers("a_silent_relay_does_not_hold_up_reading") else {
        return;
    };
    let _turn = MAILBOXES.lock(&mut servers).await;
    common::empty_mailboxes(&servers).await;
    let relay = Staller::start(Fake::Silent).await;
    let mut settings = common::settings(&servers);
    settings.smtp.port = relay.port;
    settings.smtp.security = Security::Plain;
    settings.smtp.credentials = None;
    settings.smtp.timeout = Duration::from_secs(2);
    let db = temp_db("silent-relay");
    let agora = Agora::start(&db, settings).await;
    let mut bob = Player::new(&servers, "bob");

    // Bob holds a key to the game's conversation, as an invitation mailed earlier would give him.
    let game = invite(&agora.front, &bob.address).await;
    let desk = agora.front.service().mail();
    let key = token::generate();
    desk.keep_token(&bob.address, Some(game), &key, Utc::now())
        .await
        .unwrap();
    let to = format!("agora+{key}@{}", servers.domain);
    bob.send(&to, &format!("[Agora #{game}]"), "accept").await;

    let start = Instant::now();
    loop {
        let state = agora.front.service().game_state(game, None).await.unwrap();
        if state.is_some_and(|s| s.status == GameStatus::Active) {
            break;
        }
        assert!(start.elapsed() < WAIT, "the accept was not applied");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // The sending side did try, and its failures wait for a later try.
    let start = Instant::now();
    while spool_errors(&db).await.is_empty() {
        assert!(start.elapsed() < WAIT, "no send was tried");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let errors = spool_errors(&db).await;
    assert!(
        errors.iter().all(|(_, e)| e.contains("no answer")),
        "{errors:?}"
    );
    assert!(!relay.connections().is_empty());
    agora.stop().await;
}

/// The spooled mails that failed at least once: their attempts and last error.
async fn spool_errors(db: &Path) -> Vec<(i64, String)> {
    sql_rows(
        db,
        "SELECT attempts, last_error FROM mail_spool WHERE last_error IS NOT NULL",
    )
    .await
}

async fn sql_rows(db: &Path, query: &'static str) -> Vec<(i64, String)> {
    use sqlx::Connection;
    let url = format!("sqlite://{}", db.display());
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    let rows = sqlx::query_as(query).fetch_all(&mut conn).await.unwrap();
    conn.close().await.unwrap();
    rows
}

async fn sql_execute(db: &Path, statement: &'static str) -> u64 {
    use sqlx::Connection;
    let url = format!("sqlite://{}", db.display());
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    let done = sqlx::query(statement).execute(&mut conn).await.unwrap();
    conn.close().await.unwrap();
    done.rows_affected()
}

/// A plain mail from the service to `to`.
fn plain_mail(from: &str, to: &str, subject: &str) -> Vec<u8> {
    let domain = from.split('@').nth(1).unwrap_or_default();
    format!(
        "From: {from}\r\nTo: {to}\r\nSubject: {subject}\r\nMessage-ID: <{subject}.{}@{domain}>\r\n\
         Date: Tue, 1 Dec 2026 06:00:00 +0000\r\n\r\nhello\r\n",
        std::process::id()
    )
    .into_bytes()
}

/// The relay's answers are classified: a recipient it refuses for good (OpenSMTPD's 550 for a
/// domain it does not serve) is a permanent failure, a relay that does not answer a transient
/// one. In a flush the refused mail is recorded with the server's answer after one attempt, and
/// the mail beside it goes out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_recipient_refused_for_good_is_a_permanent_failure() {
    let Some(mut servers) = common::servers("a_recipient_refused_for_good_is_a_permanent_failure")
    else {
        return;
    };
    let _turn = MAILBOXES.lock(&mut servers).await;
    common::empty_mailboxes(&servers).await;
    let settings = common::settings(&servers);
    let (service, bob) = (servers.service(), servers.address("bob"));
    let smtp = Smtp::new(&settings.smtp).unwrap();
    let stranger = "nobody@unknown.invalid";
    let refused = smtp
        .send(
            &service,
            stranger,
            &plain_mail(&service, stranger, "refused"),
        )
        .await
        .unwrap_err();
    assert!(refused.is_permanent(), "{refused:?}");
    assert!(refused.text().contains("550"), "{refused:?}");

    let relay = Staller::start(Fake::Silent).await;
    let mut silent = settings.smtp.clone();
    silent.port = relay.port;
    silent.security = Security::Plain;
    silent.credentials = None;
    silent.timeout = Duration::from_secs(1);
    let lost = Smtp::new(&silent)
        .unwrap()
        .send(&service, &bob, &plain_mail(&service, &bob, "lost"))
        .await
        .unwrap_err();
    assert!(!lost.is_permanent(), "{lost:?}");

    // Through the spool, beside a mail that goes out.
    let db = temp_db("refused");
    let front = MailFrontEnd::new(common::service(&db).await, settings).unwrap();
    let desk = front.service().mail();
    let now = Utc::now();
    for (key, to) in [("refused", stranger), ("fine", bob.as_str())] {
        let bytes = plain_mail(&service, to, key);
        let message_id = format!("{key}@{}", servers.domain);
        let entry = SpoolEntry {
            key,
            from: &service,
            to,
            bytes: &bytes,
            game: None,
            message_id: &message_id,
            token: None,
        };
        desk.spool(entry, now).await.unwrap();
    }
    assert_eq!(front.deliver(now).await.unwrap(), 1);
    let mut bob = Player::new(&servers, "bob");
    assert_eq!(bob.next_mail(WAIT).await.subject, "fine");
    let failed = spool_errors(&db).await;
    assert_eq!(failed.len(), 1, "{failed:?}");
    assert_eq!(failed[0].0, 1, "{failed:?}");
    assert!(failed[0].1.contains("550"), "{failed:?}");
    front.service().store().close().await;
}

/// A mail the relay accepted but the spool did not record as sent (a crash in between, simulated
/// by clearing `sent_at` in the database file) is sent again, byte for byte: both copies in the
/// player's mailbox carry the same Message-ID, so mail clients that de-duplicate show one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mail_sent_again_after_a_crash_keeps_its_message_id() {
    let Some(mut servers) = common::servers("a_mail_sent_again_after_a_crash_keeps_its_message_id")
    else {
        return;
    };
    let _turn = MAILBOXES.lock(&mut servers).await;
    common::empty_mailboxes(&servers).await;
    let db = temp_db("again");
    let front = MailFrontEnd::new(common::service(&db).await, common::settings(&servers)).unwrap();
    let mut bob = Player::new(&servers, "bob");
    invite(&front, &bob.address).await;
    assert_eq!(front.deliver(Utc::now()).await.unwrap(), 1);
    let first = bob.next_mail(WAIT).await;

    assert_eq!(
        sql_execute(&db, "UPDATE mail_spool SET sent_at = NULL").await,
        1
    );
    assert_eq!(front.deliver(Utc::now()).await.unwrap(), 1);
    let second = bob.next_mail(WAIT).await;
    assert!(!first.message_id.is_empty(), "{first:?}");
    assert_eq!(second.message_id, first.message_id);
    assert_eq!(second.subject, first.subject);
    assert_eq!(second.text, first.text);
    // And it is not sent a third time.
    assert_eq!(front.deliver(Utc::now()).await.unwrap(), 0);
    bob.no_mail(Duration::from_millis(500)).await;
    front.service().store().close().await;
}

/// A pass whose record of one recipient's mail fails (the database refuses carol's row, by a
/// trigger on the real file) lets the recipients being sent to beside her finish: every mail the
/// relay accepted for bob is recorded as sent, so none of his goes out twice once the database
/// takes writes again. Carol's one mail, accepted but not recorded, is sent again, with the same
/// Message-ID.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_record_lets_the_sends_beside_it_finish() {
    let Some(mut servers) = common::servers("a_failed_record_lets_the_sends_beside_it_finish")
    else {
        return;
    };
    let _turn = MAILBOXES.lock(&mut servers).await;
    common::empty_mailboxes(&servers).await;
    let mut settings = common::settings(&servers);
    settings.smtp.parallel = 2;
    let db = temp_db("record-fails");
    let front = MailFrontEnd::new(common::service(&db).await, settings.clone()).unwrap();
    let desk = front.service().mail();
    let service = servers.service();
    let (bob, carol) = (servers.address("bob"), servers.address("carol"));
    let now = Utc::now();
    let mails = [
        ("b1", &bob),
        ("c1", &carol),
        ("b2", &bob),
        ("b3", &bob),
        ("b4", &bob),
    ];
    for (key, to) in mails {
        let bytes = plain_mail(&service, to, key);
        let message_id = format!("{key}@{}", servers.domain);
        let entry = SpoolEntry {
            key,
            from: &service,
            to,
            bytes: &bytes,
            game: None,
            message_id: &message_id,
            token: None,
        };
        desk.spool(entry, now).await.unwrap();
    }
    let trigger = "CREATE TRIGGER refuse_carol BEFORE UPDATE OF sent_at ON mail_spool \
         WHEN NEW.recipient LIKE 'carol@%' BEGIN SELECT RAISE(ABORT, 'carol refused'); END";
    sql_execute(&db, trigger).await;

    let smtp = Smtp::new(&settings.smtp).unwrap();
    assert!(smtp.flush(&desk, now).await.is_err());
    let unrecorded = sql_rows(
        &db,
        "SELECT id, recipient FROM mail_spool WHERE sent_at IS NULL ORDER BY id",
    )
    .await;
    assert_eq!(unrecorded.len(), 1, "{unrecorded:?}");
    assert_eq!(unrecorded[0].1, carol, "{unrecorded:?}");

    sql_execute(&db, "DROP TRIGGER refuse_carol").await;
    assert_eq!(smtp.flush(&desk, Utc::now()).await.unwrap(), 1);
    let mut bob = Player::new(&servers, "bob");
    let mut subjects: Vec<String> = bob
        .next_mails(4, WAIT)
        .await
        .into_iter()
        .map(|m| m.subject)
        .collect();
    subjects.sort();
    assert_eq!(subjects, ["b1", "b2", "b3", "b4"]);
    bob.no_mail(Duration::from_millis(500)).await;
    let mut carol = Player::new(&servers, "carol");
    let copies = carol.next_mails(2, WAIT).await;
    assert!(copies.iter().all(|m| m.subject == "c1"), "{copies:?}");
    assert_eq!(copies[0].message_id, copies[1].message_id);
    carol.no_mail(Duration::from_millis(500)).await;
    front.service().store().close().await;
}

/// Spools `n` plain mails to bob@example.test, from the service.
async fn spool_to_bob(desk: &agora_service::MailDesk<'_>, n: usize) {
    let (from, to) = ("agora@example.test", "bob@example.test");
    for i in 1..=n {
        let key = format!("m{i}");
        let bytes = plain_mail(from, to, &key);
        let message_id = format!("{key}@example.test");
        let entry = SpoolEntry {
            key: &key,
            from,
            to,
            bytes: &bytes,
            game: None,
            message_id: &message_id,
            token: None,
        };
        desk.spool(entry, Utc::now()).await.unwrap();
    }
}

/// A server that ends a session with a transient answer (OpenSMTPD's 452 after a hundred mails
/// on one connection, another's 421) delays no mail: the one it refused is handed over again at
/// once, on a new connection, and the whole spool goes out in one flush, each mail recorded on
/// its first attempt.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_ended_by_the_relay_delays_no_mail() {
    let relay = Staller::start(Fake::SmtpRefusing { from: 2, count: 1 }).await;
    let settings = fake_settings(0, relay.port);
    let db = temp_db("session-ended");
    let front = MailFrontEnd::new(common::service(&db).await, settings.clone()).unwrap();
    let desk = front.service().mail();
    spool_to_bob(&desk, 4).await;
    let smtp = Smtp::new(&settings.smtp).unwrap();
    assert_eq!(smtp.flush(&desk, Utc::now()).await.unwrap(), 4);
    let retried = sql_rows(
        &db,
        "SELECT id, COALESCE(last_error, '') FROM mail_spool WHERE attempts <> 1 OR sent_at IS NULL",
    )
    .await;
    assert!(retried.is_empty(), "{retried:?}");
    let mails: usize = relay
        .connections()
        .iter()
        .map(|c| c.iter().filter(|m| *m == "DATA").count())
        .sum();
    assert_eq!(mails, 4, "{:?}", relay.connections());
    front.service().store().close().await;
}

/// A transient answer that stands (a server refusing every mail for a while) is tried once more
/// at once, then is the mail's failure, retried later with the spool's backoff; the recipient's
/// later mails wait for that.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_transient_answer_that_stands_is_tried_twice_then_waits() {
    let relay = Staller::start(Fake::SmtpRefusing {
        from: 2,
        count: usize::MAX / 2,
    })
    .await;
    let settings = fake_settings(0, relay.port);
    let db = temp_db("answer-stands");
    let front = MailFrontEnd::new(common::service(&db).await, settings.clone()).unwrap();
    let desk = front.service().mail();
    spool_to_bob(&desk, 3).await;
    let smtp = Smtp::new(&settings.smtp).unwrap();
    assert_eq!(smtp.flush(&desk, Utc::now()).await.unwrap(), 1);
    let failed = spool_errors(&db).await;
    assert_eq!(failed.len(), 1, "{failed:?}");
    assert!(failed[0].1.contains("452"), "{failed:?}");
    let tries: usize = relay
        .connections()
        .iter()
        .map(|c| c.iter().filter(|m| *m == "MAIL").count())
        .sum();
    assert_eq!(tries, 3, "{:?}", relay.connections());
    front.service().store().close().await;
}
