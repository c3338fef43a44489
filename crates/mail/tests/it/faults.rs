//! Faults of the mail front end, through real servers (dovecot and OpenSMTPD from
//! `tests/mail/servers.sh`): a move that waited in the mailbox past its deadline while the front
//! end was down counts when it arrived (and one that arrived after its deadline does not), and a
//! mail whose handling keeps failing is put aside after `max_attempts` with one apology to its
//! sender, while the mail next to it is answered.
//!
//! The failing mail meets a real failure of the real database: the test installs a trigger in the
//! database file that makes SQLite refuse the row of one sender, as a full disk, a corrupt page or
//! a bug in a query would refuse it. Nothing in Agora's code knows about it.
//!
//! Without the servers (no `AGORA_TEST_IMAP_PORT` in the environment) every test prints SKIPPED
//! and passes, unless `AGORA_REQUIRE_MAIL_SERVERS=1` (as in CI) makes it fail, naming what is
//! missing.

use agora_testkit::mail as common;

use agora_mail::MailFrontEnd;
use agora_mail::imap::Mailbox;
use agora_rules::Variant;
use agora_store::GameStatus;
use chrono::Utc;
use common::{Agora, MAILBOXES, Player};
use std::path::Path;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(120);

fn temp_db(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("agora-faults-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("agora.db")
}

/// Moves the deadline of game `game` (and its due time) to `at`, as time passing would.
async fn set_deadline(front: &MailFrontEnd, game: i64, at: chrono::DateTime<Utc>) {
    let mut tx = front.service().store().write().await.unwrap();
    let mut g = tx.game(game).await.unwrap().unwrap();
    g.deadline_at = Some(at);
    g.due_at = Some(at);
    // As if the game's one move of an unwarned deadline were spent: these tests are about when
    // a move counts, not about reminders (whose rule has tests of its own).
    g.grace_ply = Some(u32::MAX);
    tx.save_game(&mut g, Utc::now()).await.unwrap();
    tx.commit().await.unwrap();
}

async fn state(front: &MailFrontEnd, game: i64) -> (GameStatus, u32) {
    let s = front
        .service()
        .game_state(game, None)
        .await
        .unwrap()
        .unwrap();
    (s.status, s.ply)
}

/// The first legal action of Agon and one of the second player's answers to it.
fn opening() -> (String, String) {
    let mut position = Variant::Agon.start();
    let first = position.legal_actions()[0];
    let first_text = position.notation(first);
    position.play_unchecked(first);
    let second = position.notation(position.legal_actions()[0]);
    (first_text, second)
}

/// Alice mails her move before her deadline while the front end is down; when it is up again the
/// deadline has passed. The move is played (it arrived in time), and Bob's move, mailed after his
/// deadline, is not: his game is lost on time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_read_after_its_deadline_counts_when_it_arrived() {
    let Some(mut servers) =
        common::servers("a_move_read_after_its_deadline_counts_when_it_arrived")
    else {
        return;
    };
    let _turn = MAILBOXES.lock(&mut servers).await;
    common::empty_mailboxes(&servers).await;
    let db = temp_db("backlog");
    let agora = Agora::start(&db, common::settings(&servers)).await;
    let mut alice = Player::new(&servers, "alice");
    let mut bob = Player::new(&servers, "bob");
    let home = common::confirmed(&mut alice, WAIT).await;
    let (alice_latest, _) = common::started(&mut alice, &home, &mut bob, 1, WAIT).await;
    let in_box = common::inbox_flags(&servers, &servers.service())
        .await
        .len();

    // The front end is down (a crash, a long IMAP outage) while Alice's move reaches the mailbox.
    let (db, settings) = (agora.db.clone(), agora.settings.clone());
    agora.stop().await;
    let (first, second) = opening();
    alice.reply(&alice_latest, &first).await;
    common::wait_for_inbox(&servers, &servers.service(), in_box + 1, WAIT).await;
    // Her deadline passes after the mail arrived (INTERNALDATE counts whole seconds) and before it
    // is read.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let agora = restart_with_deadline(&db, settings, 1, Utc::now()).await;

    let answer = alice.next_mail(WAIT).await;
    assert!(!answer.text.starts_with("Sorry"), "{answer:?}");
    assert!(!answer.text.contains("is over"), "{answer:?}");
    let notice = bob.next_mail(WAIT).await;
    assert!(notice.text.contains(&first), "{notice:?}");
    assert!(notice.text.contains("Your turn"), "{notice:?}");
    assert_eq!(state(&agora.front, 1).await, (GameStatus::Active, 1));

    // Bob's deadline passes before his move arrives: that one is late, whenever it is read.
    set_deadline(&agora.front, 1, Utc::now() - chrono::Duration::minutes(1)).await;
    bob.reply(&notice, &second).await;
    let over = bob.next_mail(WAIT).await;
    assert!(over.text.contains("is over"), "{over:?}");
    assert_eq!(state(&agora.front, 1).await, (GameStatus::Finished, 1));
    agora.stop().await;
}

/// Opens the database while the front end is down, moves game `game`'s deadline to `deadline`,
/// and starts the front end again.
async fn restart_with_deadline(
    db: &Path,
    settings: agora_mail::MailSettings,
    game: i64,
    deadline: chrono::DateTime<Utc>,
) -> Agora {
    {
        let front = MailFrontEnd::new(common::service(db).await, settings.clone()).unwrap();
        set_deadline(&front, game, deadline).await;
        front.service().store().close().await;
    }
    Agora::start(db, settings).await
}

/// Makes the real database refuse Dave's row in `mail_rates` (his hourly count), the first thing
/// Agora writes for a mail from a stranger.
async fn refuse_daves_rows(db: &Path, dave: &str) {
    use sqlx::Connection;
    let url = format!("sqlite://{}", db.display());
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "CREATE TRIGGER refuse_dave BEFORE INSERT ON mail_rates \
         WHEN NEW.key = 'address:{dave}' \
         BEGIN SELECT RAISE(ABORT, 'disk I/O error (injected)'); END",
    )))
    .execute(&mut conn)
    .await
    .unwrap();
    conn.close().await.unwrap();
}

/// A mail whose handling fails every time is tried `max_attempts` times, then put aside: flagged
/// in the mailbox, listed for the operator with its error, never tried again, and its sender gets
/// exactly one apology that repeats nothing of the mail. The mail beside it is answered as usual.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mail_that_keeps_failing_is_put_aside_with_one_apology() {
    let Some(mut servers) =
        common::servers("a_mail_that_keeps_failing_is_put_aside_with_one_apology")
    else {
        return;
    };
    let _turn = MAILBOXES.lock(&mut servers).await;
    common::empty_mailboxes(&servers).await;
    let db = temp_db("poison");
    let mut settings = common::settings(&servers);
    settings.max_attempts = 2;
    let service = common::service(&db).await;
    refuse_daves_rows(&db, &servers.address("dave")).await;
    let front = MailFrontEnd::new(service, settings.clone()).unwrap();
    let mut dave = Player::new(&servers, "dave");
    let mut carol = Player::new(&servers, "carol");
    dave.send_agora("xyzzy plugh", "games\r\nhelp").await;
    carol.send_agora("hello", "help").await;
    common::wait_for_inbox(&servers, &servers.service(), 2, WAIT).await;

    // The front end is driven by hand, so time can pass between attempts without waiting.
    let mut mailbox = Mailbox::open(&settings.imap).await.unwrap();
    let t = Utc::now();
    assert_eq!(front.read_new(&mut mailbox, t).await.unwrap(), 2);
    front.deliver(t).await.unwrap();
    let answer = carol.next_mail(WAIT).await;
    assert!(answer.text.contains("To confirm"), "{answer:?}");
    assert!(front.service().mail().put_aside().await.unwrap().is_empty());
    dave.no_mail(Duration::from_millis(300)).await;
    // Not due again before its backoff.
    assert_eq!(front.read_new(&mut mailbox, t).await.unwrap(), 0);

    let later = t + chrono::Duration::hours(1);
    assert_eq!(front.read_new(&mut mailbox, later).await.unwrap(), 1);
    // A mail put aside holds nothing back: the mailbox counts as read.
    assert_eq!(
        front.service().mail().read_through().await.unwrap(),
        Some(later)
    );
    let aside = front.service().mail().put_aside().await.unwrap();
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert_eq!(aside[0].attempts, 2, "{aside:?}");
    assert!(
        aside[0].last_error.contains("disk I/O error (injected)"),
        "{aside:?}"
    );
    let flags = common::inbox_flags(&servers, &servers.service()).await;
    let marked: Vec<u32> = flags
        .iter()
        .filter(|(_, f)| f.iter().any(|f| f.contains("$AgoraPutAside")))
        .map(|(uid, _)| *uid)
        .collect();
    assert_eq!(marked, [aside[0].uid], "{flags:?}");

    front.deliver(later).await.unwrap();
    let apology = dave.next_mail(WAIT).await;
    assert_eq!(apology.subject, "Agora: your mail could not be handled");
    assert!(apology.text.starts_with("Sorry"), "{apology:?}");
    assert!(apology.text.contains("after trying 2 times"), "{apology:?}");
    assert!(
        apology
            .text
            .contains(&format!("INBOX:{}:{}", mailbox.uidvalidity, aside[0].uid)),
        "the operator's reference: {apology:?}"
    );
    assert!(!apology.text.contains("xyzzy"), "{apology:?}");
    assert!(!apology.text.contains("games"), "{apology:?}");
    assert_eq!(
        apology.reply_to,
        servers.service(),
        "no personal key: {apology:?}"
    );
    assert_eq!(apology.auto_submitted.as_deref(), Some("auto-replied"));

    // Never tried again, never apologised for twice, also after a restart of the reader.
    mailbox.close().await;
    let mut mailbox = Mailbox::open(&settings.imap).await.unwrap();
    let much_later = t + chrono::Duration::days(30);
    assert_eq!(front.read_new(&mut mailbox, much_later).await.unwrap(), 0);
    front.deliver(much_later).await.unwrap();
    dave.no_mail(Duration::from_millis(500)).await;
    assert_eq!(front.service().mail().put_aside().await.unwrap().len(), 1);
    mailbox.close().await;
}

/// The addresses the test relay refuses at RCPT (`tests/mail/servers.sh`'s `refused` table):
/// while this is held, `address` is refused; dropping it takes the refusal back.
struct Refused {
    file: std::path::PathBuf,
}

impl Refused {
    fn update(file: &Path, text: &str) {
        std::fs::write(file, text).unwrap();
        let status = std::process::Command::new("smtpctl")
            .args(["update", "table", "refused"])
            .status()
            .expect("smtpctl runs");
        assert!(status.success(), "smtpctl update table refused: {status}");
    }

    fn start(address: &str) -> Refused {
        let dir = std::env::var("AGORA_TEST_MAIL_DIR")
            .expect("AGORA_TEST_MAIL_DIR: the folder of tests/mail/servers.sh");
        let file = Path::new(&dir).join("refused");
        Refused::update(&file, &format!("nobody@refused.invalid\n{address}\n"));
        Refused { file }
    }
}

impl Drop for Refused {
    fn drop(&mut self) {
        Refused::update(&self.file, "nobody@refused.invalid\n");
    }
}

/// How many mails of the spool to `to` the relay refused for good.
async fn refused_mails(db: &Path, to: &str) -> i64 {
    use sqlx::Connection;
    let url = format!("sqlite://{}", db.display());
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM mail_spool WHERE recipient = ? AND failed_at IS NOT NULL",
    )
    .bind(to)
    .fetch_one(&mut conn)
    .await
    .unwrap();
    conn.close().await.unwrap();
    n
}

/// Waits until the relay has refused `n` mails to `to`.
async fn wait_refused(db: &Path, to: &str, n: i64) {
    let end = std::time::Instant::now() + WAIT;
    while refused_mails(db, to).await < n {
        assert!(
            std::time::Instant::now() < end,
            "the relay refused no mail to {to}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Never lost unwarned, through the real relay: while OpenSMTPD refuses Alice's address (550 at
/// RCPT), her reminders are given up and her deadline does not end the game, it moves, and Bob
/// hears why; once her address works again, a reminder reaches her mailbox, and the deadline
/// after it ends the game on time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_the_relay_refuses_holds_the_timeout_until_one_reaches_the_player() {
    let Some(mut servers) = common::servers(
        "a_reminder_the_relay_refuses_holds_the_timeout_until_one_reaches_the_player",
    ) else {
        return;
    };
    let _turn = MAILBOXES.lock(&mut servers).await;
    common::empty_mailboxes(&servers).await;
    let db = temp_db("refused");
    // Whole seconds, as the store keeps times to the millisecond.
    let clock = agora_service::Clock::fixed(chrono::SubsecRound::trunc_subsecs(Utc::now(), 0));
    let service = common::service_with(
        &db,
        agora_service::Settings {
            seed: Some(7),
            site_url: Some(common::SITE.to_owned()),
            clock: clock.clone(),
            ..agora_service::Settings::default()
        },
    )
    .await;
    let agora = Agora::start_on(service.clone(), &db, common::settings(&servers)).await;
    let mut alice = Player::new(&servers, "alice");
    let mut bob = Player::new(&servers, "bob");
    let home = common::confirmed(&mut alice, WAIT).await;
    common::started(&mut alice, &home, &mut bob, 1, WAIT).await;
    let started = clock.now();
    let deadline = started + chrono::Duration::days(3);
    assert_eq!(
        service.game_state(1, None).await.unwrap().unwrap().deadline,
        Some(deadline)
    );

    // Her address is refused: the reminder at half her time is given up by the relay.
    let refused = Refused::start(&alice.address);
    clock.set(started + chrono::Duration::hours(36) + chrono::Duration::minutes(1));
    assert_eq!(service.sweep(clock.now()).await.unwrap(), 1);
    wait_refused(&db, &alice.address, 1).await;

    // The deadline passes: the game goes on, 12 hours more from now; a new reminder goes out
    // (refused too) and Bob reads why.
    clock.set(deadline + chrono::Duration::minutes(1));
    service.sweep(clock.now()).await.unwrap();
    let state = service.game_state(1, None).await.unwrap().unwrap();
    assert_eq!(state.status, GameStatus::Active, "{:?}", state.result);
    let moved = clock.now() + chrono::Duration::hours(12);
    assert_eq!(state.deadline, Some(moved));
    let told = bob.next_mail(WAIT).await;
    assert!(told.text.contains("No reminder reached alice"), "{told:?}");
    wait_refused(&db, &alice.address, 2).await;

    // Her address works again: the reminder two hours before the moved deadline reaches her.
    drop(refused);
    clock.set(moved - chrono::Duration::hours(2) + chrono::Duration::minutes(1));
    assert_eq!(service.sweep(clock.now()).await.unwrap(), 1);
    let reminder = alice.next_mail(WAIT).await;
    assert!(
        reminder.text.to_lowercase().contains("your turn"),
        "{reminder:?}"
    );
    let reached = clock.now();
    // That was less than 12 hours before: her deadline moves once more, to 12 hours after it.
    clock.set(moved + chrono::Duration::minutes(1));
    service.sweep(clock.now()).await.unwrap();
    let state = service.game_state(1, None).await.unwrap().unwrap();
    assert_eq!(state.status, GameStatus::Active);
    assert_eq!(state.deadline, Some(reached + chrono::Duration::hours(12)));
    // And then it ends the game: a reminder reached her 12 hours before.
    clock.set(reached + chrono::Duration::hours(12) + chrono::Duration::minutes(1));
    service.sweep(clock.now()).await.unwrap();
    let state = service.game_state(1, None).await.unwrap().unwrap();
    assert_eq!(state.status, GameStatus::Finished);
    let over = alice.next_mail(WAIT).await;
    assert!(over.text.contains("is over"), "{over:?}");
    agora.stop().await;
}
