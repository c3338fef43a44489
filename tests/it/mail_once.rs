//! How often a notification mail goes out twice when `agora serve` is killed with SIGKILL while
//! it sends: a mail the relay accepted is marked sent in the spool right after the relay's final
//! answer, so only a kill between the two sends it again, and then with the same Message-ID.
//!
//! The test queues a stream of notifications (invitations to four real mailboxes of
//! `tests/mail/servers.sh`), a few before each start of the binary, kills the binary at a random
//! moment, again and again, then lets it finish and counts what arrived. It asserts that no mail
//! was lost and that every copy of a notification carries the notification's one Message-ID, and
//! prints the figures for docs/testing.md:
//!
//! ```text
//! kills 30 (10 before the queued mail was all sent), mails 900, received 910, duplicates 10
//! ```
//!
//! `AGORA_MAIL_KILLS` and `AGORA_MAIL_PER_RUN` change the number of kills and of notifications
//! queued before each start (default 30 and 30). Prints SKIPPED without the servers (fails instead
//! when `AGORA_REQUIRE_MAIL_SERVERS=1`).

use agora_testkit::mail as common;

use agora_service::{Identity, Inbound, Status};
use agora_store::{Store, StoreOptions};
use common::Player;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const RECIPIENTS: [&str; 4] = ["alice", "bob", "carol", "dave"];
const WAIT: Duration = Duration::from_secs(180);

fn number(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn spawn(config: &Path, log: &Path) -> Child {
    let log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(log)
        .unwrap();
    Command::new(crate::AGORA)
        .args(["serve", "--config"])
        .arg(config)
        .env("RUST_LOG", "info")
        .env("AGORA_IMAP_PASSWORD", "secret")
        .env("AGORA_SMTP_PASSWORD", "secret")
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .unwrap()
}

/// Queues `n` invitations, the `first`-th onwards, while the binary is down: each from its own
/// Discord user to one of the four mailboxes in turn.
async fn queue(db: &Path, domain: &str, first: usize, n: usize) {
    let service = common::service(db).await;
    for i in first..first + n {
        let to = format!("{}@{domain}", RECIPIENTS[i % RECIPIENTS.len()]);
        let inbound = Inbound {
            text: format!("challenge {to} agon"),
            name: Some(format!("p{i}")),
            ..Inbound::new(Identity::discord(10_000 + i))
        };
        let answer = service.handle(&inbound, chrono::Utc::now()).await.unwrap();
        assert_eq!(answer.status, Status::Done, "{}", answer.text);
    }
    service.store().close().await;
}

/// Mails still to send: the spool's unsent rows and the outbox's `mailto` rows.
async fn unsent(db: &Path) -> i64 {
    let store = Store::open(db, &StoreOptions::default()).await.unwrap();
    let left = {
        let mut tx = store.write().await.unwrap();
        let far = chrono::Utc::now() + chrono::Duration::days(400);
        let outbox = tx.pending("mailto", far, 1000).await.unwrap().len() as i64;
        tx.spool_counts().await.unwrap().0 + outbox
    };
    store.close().await;
    left
}

/// Every mail in the four mailboxes: (subject, Message-ID).
async fn received(servers: &common::Servers) -> Vec<(String, String)> {
    let mut all = Vec::new();
    for user in RECIPIENTS {
        let mut player = Player::new(servers, user);
        all.extend(
            player
                .fetch_new()
                .await
                .into_iter()
                .map(|m| (m.subject, m.message_id)),
        );
    }
    all
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_while_sending_repeats_a_mail_only_with_its_message_id() {
    let Some(mut servers) =
        common::servers("sigkill_while_sending_repeats_a_mail_only_with_its_message_id")
    else {
        return;
    };
    let _turn = common::MAILBOXES.lock(&mut servers).await;
    common::empty_mailboxes(&servers).await;
    let kills = number("AGORA_MAIL_KILLS", 30);
    let per_run = number("AGORA_MAIL_PER_RUN", 30).max(1);
    let dir = std::env::temp_dir().join(format!("agora-mail-once-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (db, config, log) = (
        dir.join("agora.db"),
        dir.join("agora.toml"),
        dir.join("serve.log"),
    );
    std::fs::write(
        &config,
        format!(
            r#"[database]
path = {db:?}

[web]
listen = "127.0.0.1:0"
admin_listen = "127.0.0.1:0"

[mail]
enabled = true
address = "{service}"
png = false

[mail.imap]
host = "127.0.0.1"
port = {imap}
security = "starttls"
user = "{service}"
poll_seconds = 1
ca_file = {ca:?}

[mail.smtp]
host = "127.0.0.1"
port = {submission}
security = "starttls"
user = "{service}"
ca_file = {ca:?}
"#,
            db = db.display().to_string(),
            service = servers.service(),
            imap = servers.imap,
            submission = servers.submission,
            ca = servers.ca.display().to_string(),
        ),
    )
    .unwrap();

    let mut rng = SmallRng::seed_from_u64(15);
    let mut queued = 0;
    // Kills that left mail to send: those landed while the binary was starting or sending.
    let mut mid_send = 0;
    for _ in 0..kills {
        queue(&db, &servers.domain, queued, per_run).await;
        queued += per_run;
        let mut child = spawn(&config, &log);
        // Starting takes about a tenth of a second, sending the batch a few more.
        tokio::time::sleep(Duration::from_millis(rng.random_range(50..600))).await;
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        if unsent(&db).await > 0 {
            mid_send += 1;
        }
    }

    // The last start runs until everything went out.
    let mut child = spawn(&config, &log);
    let start = Instant::now();
    while unsent(&db).await > 0 {
        assert!(start.elapsed() < WAIT, "mail left unsent; see {log:?}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    child.wait().unwrap();

    // Delivery behind the relay takes a moment: wait for every notification, then a little more
    // for any second copy.
    let start = Instant::now();
    let mut mails = received(&servers).await;
    loop {
        let subjects: std::collections::HashSet<&String> = mails.iter().map(|(s, _)| s).collect();
        if subjects.len() >= queued {
            break;
        }
        assert!(
            start.elapsed() < WAIT,
            "{} of {queued} notifications arrived; see {log:?}",
            subjects.len()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
        mails = received(&servers).await;
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let mails = received(&servers).await;

    // Each notification is about its own game, so its subject names it; every copy of one has
    // the same Message-ID, and no two notifications share one.
    let mut ids: HashMap<&str, Vec<&str>> = HashMap::new();
    for (subject, id) in &mails {
        ids.entry(subject.as_str()).or_default().push(id.as_str());
    }
    assert_eq!(ids.len(), queued, "no notification lost");
    for (subject, copies) in &ids {
        assert!(
            copies.iter().all(|id| !id.is_empty() && *id == copies[0]),
            "{subject}: {copies:?}"
        );
    }
    let distinct: std::collections::HashSet<&str> = ids.values().map(|c| c[0]).collect();
    assert_eq!(distinct.len(), queued, "one Message-ID per notification");
    let duplicates = mails.len() - queued;
    println!(
        "kills {kills} ({mid_send} before the queued mail was all sent), mails {queued}, \
         received {}, duplicates {duplicates}",
        mails.len()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
