//! Several processes on one database, through real servers (dovecot and OpenSMTPD from
//! `tests/mail/servers.sh`): one reads the mailbox at a time, holding a lease in the database; the
//! other stands by and reads nothing. When the reader dies without a word (its task is cut off
//! where it stands, so its lease is never given up), the one standing by takes over once the
//! lease has run out, and every mail is answered exactly once. A clean stop gives the lease up.
//!
//! Each "process" is a service with a store of its own on the same SQLite file, as two
//! `agora serve` on one machine have.
//!
//! Without the servers (no `AGORA_TEST_IMAP_PORT` in the environment) the test prints SKIPPED
//! and passes, unless `AGORA_REQUIRE_MAIL_SERVERS=1` (as in CI) makes it fail, naming what is
//! missing.

use agora_testkit::mail as common;

use agora_mail::{MailFrontEnd, MailSettings};
use common::{MAILBOXES, Player};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::task::JoinHandle;

const WAIT: Duration = Duration::from_secs(120);

/// One process: its front end and the task it runs in, with the means to stop it cleanly.
struct Process {
    front: Arc<MailFrontEnd>,
    stop: tokio::sync::oneshot::Sender<()>,
    task: JoinHandle<()>,
}

async fn start(db: &Path, settings: &MailSettings) -> Process {
    let service = common::service(db).await;
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
    Process { front, stop, task }
}

/// Who holds the lease on the mailbox now (as the database says), if anyone.
async fn holder(front: &MailFrontEnd) -> Option<String> {
    let mailbox = &front.settings().imap.mailbox;
    let held = front
        .service()
        .mail()
        .mailbox_holder(mailbox)
        .await
        .unwrap();
    held.map(|(holder, _)| holder)
}

async fn wait_for_holder(front: &MailFrontEnd, expected: Option<&str>, limit: Duration) {
    let started = Instant::now();
    loop {
        let now = holder(front).await;
        if now.as_deref() == expected {
            return;
        }
        assert!(
            started.elapsed() < limit,
            "the lease is held by {now:?}, not {expected:?}, after {limit:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_process_reads_the_mailbox_and_another_takes_over_when_it_dies() {
    let Some(mut servers) =
        common::servers("one_process_reads_the_mailbox_and_another_takes_over_when_it_dies")
    else {
        return;
    };
    let _turn = MAILBOXES.lock(&mut servers).await;
    common::empty_mailboxes(&servers).await;
    let dir = std::env::temp_dir().join(format!("agora-lease-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("agora.db");
    let mut settings = common::settings(&servers);
    settings.lease = Duration::from_secs(3);
    settings.imap.poll = Duration::from_secs(1);

    let first = start(&db, &settings).await;
    wait_for_holder(&first.front, Some(first.front.holder()), WAIT).await;
    let second = start(&db, &settings).await;
    assert_ne!(first.front.holder(), second.front.holder());

    // The first reads; the second stands by through several of its lease checks.
    let mut alice = Player::new(&servers, "alice");
    let home = common::confirmed(&mut alice, WAIT).await;
    for _ in 0..3 {
        let sent = alice.reply(&home, "games").await;
        let answer = alice.next_mail(WAIT).await;
        assert_eq!(
            answer.in_reply_to.as_deref(),
            Some(sent.as_str()),
            "{answer:?}"
        );
        assert_eq!(
            holder(&second.front).await.as_deref(),
            Some(first.front.holder())
        );
    }
    tokio::time::sleep(settings.lease * 2).await;
    assert_eq!(
        holder(&second.front).await.as_deref(),
        Some(first.front.holder())
    );
    alice.no_mail(Duration::from_millis(500)).await;

    // The first dies where it stands: its lease is not given up, only runs out.
    first.task.abort();
    let _ = first.task.await;
    drop(first.stop);
    let sent = alice.reply(&home, "games").await;
    let answer = alice.next_mail(WAIT).await;
    assert_eq!(
        answer.in_reply_to.as_deref(),
        Some(sent.as_str()),
        "{answer:?}"
    );
    assert_eq!(
        holder(&second.front).await.as_deref(),
        Some(second.front.holder())
    );
    // Answered once, by the survivor alone.
    alice.no_mail(settings.lease * 2).await;

    // A clean stop gives the lease up at once.
    let _ = second.stop.send(());
    second.task.await.unwrap();
    assert_eq!(holder(&first.front).await, None);
    let _ = std::fs::remove_dir_all(&dir);
}
