//! The scheduler's sweep purges old records on a real database: sent notifications, sent spooled
//! mails and delivery records older than `keep_days` go; unsent ones, young ones and the game's
//! whole record stay; `keep_days = 0` keeps everything. Rows given up on, mails put aside and
//! the windowed counters (hourly mail counts, wrong link codes, expired codes, Discord event
//! failures) go after `keep_days` too.

use agora_rules::Variant;
use agora_service::desk::SpoolEntry;
use agora_service::outbox::{Delivery, SendError, Sender};
use agora_service::{Identity, Inbound, Service, Settings, Status, StoreOptions, Templates};
use chrono::{DateTime, Duration, Utc};
use std::path::PathBuf;

/// Takes every `local` notification at once.
struct Terminal;

impl Sender for Terminal {
    fn channel(&self) -> &str {
        "local"
    }

    async fn send(&self, _: &Delivery) -> Result<(), SendError> {
        Ok(())
    }
}

fn t0() -> DateTime<Utc> {
    "2026-06-01T12:00:00Z".parse().unwrap()
}

async fn service(name: &str, keep_days: u32) -> (Service, PathBuf) {
    let dir = std::env::temp_dir().join(format!("agora-purge-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let store = agora_store::testing::open(&dir.join("game.db"), &StoreOptions::default())
        .await
        .unwrap();
    let settings = Settings {
        keep_days,
        seed: Some(3),
        ..Settings::default()
    };
    let service = Service::new(store, Templates::load(None).unwrap(), settings);
    (service, dir)
}

async fn say(service: &Service, who: &str, delivery: &str, text: &str, now: DateTime<Utc>) {
    let inbound = Inbound {
        text: text.into(),
        delivery: Some(delivery.into()),
        ..Inbound::new(Identity::local(who))
    };
    let answer = service.handle(&inbound, now).await.unwrap();
    assert_eq!(answer.status, Status::Done, "{text}: {}", answer.text);
}

/// A game of four moves on day 0 with every notification sent, a spooled mail sent and one not,
/// then a fifth move on day 10 whose notification waits.
async fn play(service: &Service) {
    say(service, "bob", "d1", "games", t0()).await;
    say(service, "alice", "d2", "challenge bob agon days 30", t0()).await;
    say(service, "bob", "d3", "accept #1", t0()).await;
    let mut position = Variant::Agon.start();
    for i in 0..4 {
        let who = ["alice", "bob"][i % 2];
        let action = position.legal_actions()[0];
        let text = format!("move {}", position.notation(action));
        say(service, who, &format!("m{i}"), &text, t0()).await;
        position.play_unchecked(action);
    }
    assert!(service.deliver(&Terminal, t0()).await.unwrap() > 0);
    let desk = service.mail();
    for key in ["answer:<sent@x>", "answer:<waiting@x>"] {
        let entry = SpoolEntry {
            key,
            from: "agora@example.org",
            to: "ann@example.org",
            bytes: &[0u8; 30_000],
            game: None,
            message_id: "<m@example.org>",
            token: None,
        };
        desk.spool(entry, t0()).await.unwrap();
    }
    let due = desk.due_spool(t0(), 10).await.unwrap();
    desk.spool_result(&due[0], Ok(()), t0()).await.unwrap();
    desk.spool_result(
        &due[1],
        Err(&SendError::Transient("451 later".into())),
        t0(),
    )
    .await
    .unwrap();
    let day10 = t0() + Duration::days(10);
    let action = position.legal_actions()[0];
    let text = format!("move {}", position.notation(action));
    say(service, "alice", "m4", &text, day10).await;
}

#[tokio::test]
async fn the_sweep_purges_what_is_old_and_sent_and_keeps_the_game() {
    let (service, dir) = service("sweep", 7).await;
    play(&service).await;
    let day10 = t0() + Duration::days(10);
    let before = service
        .store()
        .write()
        .await
        .unwrap()
        .outbox_stats()
        .await
        .unwrap();
    assert!(before.sent > 0 && before.pending > 0, "{before:?}");

    service.sweep(day10).await.unwrap();

    let mut tx = service.store().write().await.unwrap();
    let after = tx.outbox_stats().await.unwrap();
    assert_eq!((after.pending, after.sent), (before.pending, 0));
    assert_eq!(
        tx.spool_counts().await.unwrap(),
        (1, 0),
        "the unsent mail stays"
    );
    for (sender, id) in [("local:alice", "d2"), ("local:bob", "m3")] {
        assert_eq!(tx.delivery_reply(id, sender).await.unwrap(), None, "{id}");
    }
    assert!(
        tx.delivery_reply("m4", "local:alice")
            .await
            .unwrap()
            .is_some()
    );
    let game = tx.game(1).await.unwrap().unwrap();
    assert_eq!(game.ply, 5);
    assert_eq!(tx.actions(1).await.unwrap().len(), 5);
    drop(tx);

    // A second sweep finds nothing more to purge.
    assert_eq!(service.purge(day10).await.unwrap().total(), 0);
    service.store().close().await;
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn keep_days_zero_keeps_everything() {
    let (service, dir) = service("forever", 0).await;
    play(&service).await;
    let later = t0() + Duration::days(3650);
    let before = service
        .store()
        .write()
        .await
        .unwrap()
        .outbox_stats()
        .await
        .unwrap();
    assert_eq!(service.purge(later).await.unwrap().total(), 0);
    let mut tx = service.store().write().await.unwrap();
    assert_eq!(tx.outbox_stats().await.unwrap(), before);
    assert_eq!(tx.spool_counts().await.unwrap(), (1, 1));
    assert!(
        tx.delivery_reply("d2", "local:alice")
            .await
            .unwrap()
            .is_some()
    );
    drop(tx);
    service.store().close().await;
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn rows_given_up_mails_put_aside_and_windowed_counters_are_purged_too() {
    use agora_service::desk::{MailFailure, Taken};
    use agora_store::Queue;
    let (service, dir) = service("given-up", 7).await;
    let admin = service.admin();
    let desk = service.mail();
    say(&service, "bob", "d1", "games", t0()).await;
    say(&service, "alice", "d2", "challenge bob agon", t0()).await;
    // Given up on day 0: bob's notice of the challenge and a spooled mail, both dropped.
    admin.drop_row(Queue::Outbox, 1, t0()).await.unwrap();
    for key in ["answer:<old@x>", "answer:<young@x>"] {
        let entry = SpoolEntry {
            key,
            from: "agora@example.org",
            to: "ann@example.org",
            bytes: &[0u8; 1000],
            game: None,
            message_id: "<m@example.org>",
            token: None,
        };
        desk.spool(entry, t0()).await.unwrap();
    }
    admin.drop_row(Queue::Spool, 1, t0()).await.unwrap();
    // Given up on day 9: young, kept.
    let day9 = t0() + Duration::days(9);
    admin.drop_row(Queue::Spool, 2, day9).await.unwrap();
    // One mail put aside on day 0, one still being retried.
    desk.mailbox_start("INBOX", 1, t0()).await.unwrap();
    for (uid, max_attempts) in [(1, 1), (2, 5)] {
        let failure = MailFailure {
            error: "database is locked",
            max_attempts,
            apology: None,
        };
        desk.mail_taken("INBOX", 1, uid, Err(failure), 0, t0())
            .await
            .unwrap();
    }
    // Counters of day 0: the hourly counts of an unknown sender (address, domain, everyone), a
    // verification code valid for an hour, a wrong link code.
    desk.count_unauthenticated("eve@example.org", t0())
        .await
        .unwrap();
    desk.code("eve@example.org", "ABC123", Duration::hours(1), t0())
        .await
        .unwrap();
    let guess = Inbound {
        text: "link ZZZZZZZZ".into(),
        ..Inbound::new(Identity::local("bob"))
    };
    let answer = service.handle(&guess, t0()).await.unwrap();
    assert_eq!(answer.status, Status::Refused, "{}", answer.text);
    // A Discord event that failed on day 0, and one that failed on day 9.
    let discord = service.discord();
    discord
        .record_failure("interaction:1", "boom", t0())
        .await
        .unwrap();
    discord
        .record_failure("interaction:2", "boom", day9)
        .await
        .unwrap();

    let day10 = t0() + Duration::days(10);
    let purged = service.purge(day10).await.unwrap();
    assert_eq!(
        (purged.given_up, purged.put_aside, purged.counters),
        (2, 1, 6),
        "{purged:?}"
    );
    // What is young or still in use stays.
    let stuck = admin.stuck(Duration::minutes(30), day10).await.unwrap();
    assert!(stuck.outbox.is_empty(), "{:?}", stuck.outbox);
    assert_eq!(stuck.spool.len(), 1);
    assert_eq!(stuck.spool[0].kind, "answer:<young@x>");
    assert!(stuck.put_aside.is_empty());
    assert_eq!(discord.failures("interaction:1").await.unwrap(), 0);
    assert_eq!(discord.failures("interaction:2").await.unwrap(), 1);
    let start = desk.mailbox_start("INBOX", 1, day10).await.unwrap();
    assert_eq!(start.retries.len(), 1, "the mail being retried stays");
    assert_eq!(start.retries[0].uid, 2);
    // The counters start afresh.
    let counts = desk
        .count_unauthenticated("eve@example.org", day10)
        .await
        .unwrap();
    assert_eq!((counts.address, counts.domain, counts.overall), (1, 1, 1));
    let taken = desk
        .mail_taken(
            "INBOX",
            1,
            3,
            Err(MailFailure {
                error: "x",
                max_attempts: 1,
                apology: None,
            }),
            0,
            day10,
        )
        .await
        .unwrap();
    assert_eq!(taken, Taken::PutAside { attempts: 1 });
    // The challenge itself is a game record: kept.
    let mut tx = service.store().write().await.unwrap();
    assert!(tx.game(1).await.unwrap().is_some());
    drop(tx);
    assert_eq!(service.purge(day10).await.unwrap().total(), 0);
    service.store().close().await;
    let _ = std::fs::remove_dir_all(dir);
}
