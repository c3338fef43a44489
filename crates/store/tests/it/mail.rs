//! The e-mail front end's tables on a fresh real database: the position in each mailbox, mails to
//! try again after a failure, senders with their rate window, verification codes that expire and
//! confirm once, wrong codes and other counts per window, one reply token per address and game
//! (replaceable), and the SMTP spool with its key against doubles and its backoff.

use agora_testkit::store as common;

use agora_store::{MailRetry, MailSender, MailThread, PutAsideMail, SpooledMail};
use chrono::Duration;
use common::{TestDb, t0};

#[tokio::test]
async fn a_mailbox_position_is_kept_per_mailbox() {
    let db = TestDb::fresh("mailbox").await;
    let mut tx = db.write().await;
    assert_eq!(tx.mailbox_position("INBOX").await.unwrap(), None);
    tx.set_mailbox_position("INBOX", 7, 10).await.unwrap();
    tx.set_mailbox_position("Archive", 3, 1).await.unwrap();
    assert_eq!(tx.mailbox_position("INBOX").await.unwrap(), Some((7, 10)));
    // A new UIDVALIDITY replaces the old one with its UID.
    tx.set_mailbox_position("INBOX", 8, 2).await.unwrap();
    assert_eq!(tx.mailbox_position("INBOX").await.unwrap(), Some((8, 2)));
    assert_eq!(tx.mailbox_position("Archive").await.unwrap(), Some((3, 1)));
    // UIDs are unsigned 32-bit numbers; the top of the range survives the signed column.
    tx.set_mailbox_position("INBOX", u32::MAX, u32::MAX)
        .await
        .unwrap();
    assert_eq!(
        tx.mailbox_position("INBOX").await.unwrap(),
        Some((u32::MAX, u32::MAX))
    );
}

#[tokio::test]
async fn a_failed_mail_is_retried_after_its_backoff_until_handled() {
    let db = TestDb::fresh("retries").await;
    let mut tx = db.write().await;
    assert_eq!(tx.mail_attempts("INBOX", 7, 42).await.unwrap(), 0);
    let retry_at = t0() + Duration::seconds(30);
    tx.mail_failed("INBOX", 7, 42, "database busy", retry_at)
        .await
        .unwrap();
    tx.mail_failed("INBOX", 7, 40, "database busy", t0() + Duration::hours(1))
        .await
        .unwrap();
    assert_eq!(tx.mail_attempts("INBOX", 7, 42).await.unwrap(), 1);
    // Another UIDVALIDITY, or another mailbox, is another mail.
    assert_eq!(tx.mail_attempts("INBOX", 8, 42).await.unwrap(), 0);
    assert_eq!(tx.mail_attempts("Archive", 7, 42).await.unwrap(), 0);

    assert!(
        tx.due_mail_retries("INBOX", 7, t0())
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        tx.due_mail_retries("INBOX", 7, retry_at).await.unwrap(),
        [MailRetry {
            uid: 42,
            attempts: 1
        }]
    );
    let second_retry = retry_at + Duration::hours(2);
    tx.mail_failed("INBOX", 7, 42, "a bug", second_retry)
        .await
        .unwrap();
    assert_eq!(tx.mail_attempts("INBOX", 7, 42).await.unwrap(), 2);
    assert_eq!(
        tx.due_mail_retries("INBOX", 7, t0() + Duration::hours(1))
            .await
            .unwrap(),
        [MailRetry {
            uid: 40,
            attempts: 1
        }]
    );
    assert_eq!(
        tx.due_mail_retries("INBOX", 7, second_retry).await.unwrap(),
        [
            MailRetry {
                uid: 40,
                attempts: 1
            },
            MailRetry {
                uid: 42,
                attempts: 2
            }
        ]
    );
    assert!(
        tx.due_mail_retries("INBOX", 8, second_retry)
            .await
            .unwrap()
            .is_empty()
    );

    tx.mail_retried("INBOX", 7, 42).await.unwrap();
    assert_eq!(tx.mail_attempts("INBOX", 7, 42).await.unwrap(), 0);
    assert_eq!(
        tx.due_mail_retries("INBOX", 7, second_retry).await.unwrap(),
        [MailRetry {
            uid: 40,
            attempts: 1
        }]
    );
}

#[tokio::test]
async fn how_far_the_mailboxes_were_read_is_the_earliest_and_never_moves_back() {
    let db = TestDb::fresh("read-through").await;
    let mut tx = db.write().await;
    assert_eq!(tx.mail_read_through().await.unwrap(), None);
    tx.set_mailbox_position("INBOX", 7, 0).await.unwrap();
    // A mailbox known but never read through holds everything back.
    assert_eq!(tx.mail_read_through().await.unwrap(), None);
    tx.set_mailbox_read_through("INBOX", t0() + Duration::hours(2))
        .await
        .unwrap();
    assert_eq!(
        tx.mail_read_through().await.unwrap(),
        Some(t0() + Duration::hours(2))
    );
    tx.set_mailbox_read_through("INBOX", t0() + Duration::hours(1))
        .await
        .unwrap();
    assert_eq!(
        tx.mail_read_through().await.unwrap(),
        Some(t0() + Duration::hours(2)),
        "never back"
    );
    tx.set_mailbox_position("Archive", 3, 0).await.unwrap();
    assert_eq!(tx.mail_read_through().await.unwrap(), None);
    tx.set_mailbox_read_through("Archive", t0()).await.unwrap();
    assert_eq!(tx.mail_read_through().await.unwrap(), Some(t0()));
}

#[tokio::test]
async fn a_mail_put_aside_is_never_due_again_and_is_listed_with_its_error() {
    let db = TestDb::fresh("put-aside").await;
    let mut tx = db.write().await;
    assert!(tx.put_aside_mails().await.unwrap().is_empty());
    let retry_at = t0() + Duration::seconds(30);
    for uid in [5, 6] {
        tx.mail_failed("INBOX", 7, uid, "first", retry_at)
            .await
            .unwrap();
    }
    tx.mail_failed("INBOX", 7, 5, "constraint failed", retry_at)
        .await
        .unwrap();
    tx.put_mail_aside("INBOX", 7, 5, t0() + Duration::minutes(1))
        .await
        .unwrap();
    // Putting aside a mail that never failed changes nothing: there is no row to mark.
    tx.put_mail_aside("INBOX", 7, 99, t0()).await.unwrap();

    let later = t0() + Duration::days(30);
    assert_eq!(
        tx.due_mail_retries("INBOX", 7, later).await.unwrap(),
        [MailRetry {
            uid: 6,
            attempts: 1
        }]
    );
    assert_eq!(
        tx.put_aside_mails().await.unwrap(),
        [PutAsideMail {
            mailbox: "INBOX".into(),
            uidvalidity: 7,
            uid: 5,
            attempts: 2,
            last_error: "constraint failed".into(),
            put_aside_at: t0() + Duration::minutes(1),
        }]
    );
    // Its attempts are still known (the front end never counts them again from zero).
    assert_eq!(tx.mail_attempts("INBOX", 7, 5).await.unwrap(), 2);
}

#[tokio::test]
async fn a_senders_mails_are_counted_per_window() {
    let db = TestDb::fresh("rate").await;
    let mut tx = db.write().await;
    let hour = Duration::hours(1);
    assert_eq!(tx.mail_sender("ann@example.org").await.unwrap(), None);
    assert_eq!(
        tx.count_mail_from("ann@example.org", hour, t0())
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        tx.count_mail_from("ann@example.org", hour, t0() + Duration::minutes(59))
            .await
            .unwrap(),
        2
    );
    assert_eq!(
        tx.count_mail_from("bo@example.org", hour, t0())
            .await
            .unwrap(),
        1
    );
    // A window is an hour from its first mail; the next mail after it opens a new one.
    assert_eq!(
        tx.count_mail_from("ann@example.org", hour, t0() + hour)
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        tx.count_mail_from("ann@example.org", hour, t0() + hour + Duration::minutes(1))
            .await
            .unwrap(),
        2
    );
    // Counting is all it did: the address is still unknown, so not confirmed.
    assert_eq!(tx.mail_sender("ann@example.org").await.unwrap(), None);
}

#[tokio::test]
async fn a_code_expires_and_confirms_once() {
    let db = TestDb::fresh("verify").await;
    let mut tx = db.write().await;
    let ann = "ann@example.org";
    assert_eq!(tx.mail_code(ann, t0()).await.unwrap(), None);
    let expires = t0() + Duration::days(2);
    tx.set_mail_code(ann, "code-one", expires).await.unwrap();
    assert_eq!(
        tx.mail_code(ann, t0()).await.unwrap().as_deref(),
        Some("code-one")
    );
    // Void from its expiry on.
    assert_eq!(tx.mail_code(ann, expires).await.unwrap(), None);
    tx.set_mail_code(ann, "code-two", expires).await.unwrap();
    assert_eq!(
        tx.mail_code(ann, t0()).await.unwrap().as_deref(),
        Some("code-two")
    );

    // Verifying an address that never wrote makes its row; the code is used up.
    tx.verify_mail_sender(ann, t0()).await.unwrap();
    assert_eq!(
        tx.mail_sender(ann).await.unwrap(),
        Some(MailSender {
            address: ann.into(),
            verified: true,
        })
    );
    assert_eq!(tx.mail_code(ann, t0()).await.unwrap(), None);
    tx.verify_mail_sender(ann, t0() + Duration::hours(1))
        .await
        .unwrap();
    assert!(tx.mail_sender(ann).await.unwrap().unwrap().verified);
    assert_eq!(tx.mail_sender("eve@example.org").await.unwrap(), None);
}

#[tokio::test]
async fn wrong_codes_and_rates_are_counted_per_window() {
    let db = TestDb::fresh("wrong-codes").await;
    let mut tx = db.write().await;
    let day = Duration::days(1);
    let vic = "vic@example.org";
    assert_eq!(tx.wrong_codes(vic, day, t0()).await.unwrap(), 0);
    for n in 1..=3 {
        let at = t0() + Duration::hours(n.into());
        assert_eq!(tx.count_wrong_code(vic, day, at).await.unwrap(), n);
    }
    assert_eq!(
        tx.wrong_codes(vic, day, t0() + Duration::hours(23))
            .await
            .unwrap(),
        3
    );
    // The window is a day from the first wrong code (made an hour after t0).
    let next = t0() + day + Duration::hours(1);
    assert_eq!(tx.wrong_codes(vic, day, next).await.unwrap(), 0);
    assert_eq!(tx.count_wrong_code(vic, day, next).await.unwrap(), 1);
    // Counting wrong codes is not counting mail.
    assert_eq!(
        tx.count_mail_from(vic, Duration::hours(1), next)
            .await
            .unwrap(),
        1
    );
    assert!(!tx.mail_sender(vic).await.unwrap().unwrap().verified);

    let hour = Duration::hours(1);
    assert_eq!(
        tx.count_mail_rate("domain:example.org", hour, t0())
            .await
            .unwrap(),
        1
    );
    assert_eq!(tx.count_mail_rate("all", hour, t0()).await.unwrap(), 1);
    assert_eq!(
        tx.count_mail_rate("domain:example.org", hour, t0() + Duration::minutes(5))
            .await
            .unwrap(),
        2
    );
    assert_eq!(
        tx.count_mail_rate("domain:example.org", hour, t0() + hour)
            .await
            .unwrap(),
        1
    );
}

#[tokio::test]
async fn tokens_are_kept_as_hashes_and_voided_per_address() {
    let db = TestDb::fresh("revoke").await;
    let mut tx = db.write().await;
    let ann = "ann@example.org";
    tx.mail_thread(ann, None, t0()).await.unwrap();
    tx.mail_thread(ann, Some(3), t0()).await.unwrap();
    tx.add_mail_token(ann, None, "tok-a", t0()).await.unwrap();
    tx.add_mail_token(ann, Some(3), "tok-b", t0())
        .await
        .unwrap();
    tx.add_mail_token(ann, Some(3), "tok-b2", t0())
        .await
        .unwrap();
    tx.mail_thread("bo@example.org", Some(3), t0())
        .await
        .unwrap();
    tx.add_mail_token("bo@example.org", Some(3), "tok-c", t0())
        .await
        .unwrap();
    // Every token of a conversation opens it, not only the latest.
    for (token, game) in [("tok-a", None), ("tok-b", Some(3)), ("tok-b2", Some(3))] {
        let thread = tx.mail_thread_by_token(token).await.unwrap().unwrap();
        assert_eq!((thread.address.as_str(), thread.game_id), (ann, game));
    }
    assert_eq!(tx.mail_thread_by_token("tok-").await.unwrap(), None);
    assert_eq!(tx.revoke_mail_tokens(ann).await.unwrap(), 3);
    for token in ["tok-a", "tok-b", "tok-b2"] {
        assert_eq!(tx.mail_thread_by_token(token).await.unwrap(), None);
    }
    assert!(tx.mail_thread_by_token("tok-c").await.unwrap().is_some());
    tx.commit().await.unwrap();
    // What the database holds is the hash, never the token.
    let kept = db.count_rows("mail_tokens").await;
    assert_eq!(kept, 1);
    if !db.is_postgres() {
        let file = std::fs::read(db.path()).unwrap();
        let wal = std::fs::read(format!("{}-wal", db.path().display())).unwrap_or_default();
        for bytes in [&file, &wal] {
            assert!(
                !bytes.windows(5).any(|w| w == b"tok-c"),
                "the token is in the file"
            );
        }
    }
    // SHA-256 in lower-case hex, as `sha256sum` prints it.
    assert_eq!(
        agora_store::mail::token_hash("tok-c"),
        "1236183d37679658f9f22e86d74ca3bad0a8125f5d057d60e0337565f3ae4f89"
    );
}

#[tokio::test]
async fn a_conversation_keeps_its_newest_tokens() {
    let db = TestDb::fresh("newest-tokens").await;
    let mut tx = db.write().await;
    let ann = "ann@example.org";
    tx.mail_thread(ann, Some(5), t0()).await.unwrap();
    tx.mail_thread(ann, Some(6), t0()).await.unwrap();
    tx.add_mail_token(ann, Some(6), "other", t0())
        .await
        .unwrap();
    let kept = agora_store::mail::TOKENS_PER_THREAD;
    for n in 0..kept + 3 {
        tx.add_mail_token(ann, Some(5), &format!("tok-{n}"), t0())
            .await
            .unwrap();
    }
    for n in 0..3 {
        let token = format!("tok-{n}");
        assert_eq!(
            tx.mail_thread_by_token(&token).await.unwrap(),
            None,
            "{token}"
        );
    }
    for n in 3..kept + 3 {
        let token = format!("tok-{n}");
        assert!(
            tx.mail_thread_by_token(&token).await.unwrap().is_some(),
            "{token}"
        );
    }
    // Another conversation of the same address keeps its own.
    assert!(tx.mail_thread_by_token("other").await.unwrap().is_some());
}

#[tokio::test]
async fn one_thread_per_address_and_game() {
    let db = TestDb::fresh("threads").await;
    let mut tx = db.write().await;
    let ann = "ann@example.org";
    let outside = tx.mail_thread(ann, None, t0()).await.unwrap();
    assert_eq!(
        outside,
        MailThread {
            address: ann.into(),
            game_id: None,
            last_message_id: None,
        }
    );
    tx.mail_thread(ann, Some(12), t0()).await.unwrap();
    tx.add_mail_token(ann, Some(12), "tok-c", t0())
        .await
        .unwrap();
    tx.set_thread_message(ann, Some(12), "<out-1@example.test>")
        .await
        .unwrap();
    // Asking again finds the same conversation, with its last message.
    assert_eq!(
        tx.mail_thread(ann, Some(12), t0()).await.unwrap(),
        MailThread {
            address: ann.into(),
            game_id: Some(12),
            last_message_id: Some("<out-1@example.test>".into()),
        }
    );
    assert_eq!(
        tx.mail_thread_by_token("tok-c").await.unwrap(),
        Some(MailThread {
            address: ann.into(),
            game_id: Some(12),
            last_message_id: Some("<out-1@example.test>".into()),
        })
    );
}

#[tokio::test]
async fn the_spool_keeps_one_mail_per_key_and_backs_off_failures() {
    let db = TestDb::fresh("spool").await;
    let mut tx = db.write().await;
    let body = b"Subject: hello\r\n\r\nhi\r\n";
    assert!(
        tx.spool_mail(
            "outbox:1",
            "agora@example.test",
            "ann@example.org",
            body,
            t0()
        )
        .await
        .unwrap()
    );
    assert!(
        !tx.spool_mail(
            "outbox:1",
            "agora@example.test",
            "bo@example.org",
            b"x",
            t0()
        )
        .await
        .unwrap()
    );
    assert!(tx.is_spooled("outbox:1").await.unwrap());
    assert!(!tx.is_spooled("outbox:2").await.unwrap());
    assert!(
        tx.spool_mail(
            "answer:<m1@example.org>",
            "agora@example.test",
            "bo@example.org",
            b"answer",
            t0() + Duration::seconds(1)
        )
        .await
        .unwrap()
    );

    let due = tx.due_spool(t0(), 10).await.unwrap();
    assert_eq!(due.len(), 1, "the answer is not due yet");
    let first = due[0].clone();
    assert_eq!(
        first,
        SpooledMail {
            id: first.id,
            key: "outbox:1".into(),
            sender: "agora@example.test".into(),
            recipient: "ann@example.org".into(),
            message: body.to_vec(),
            attempts: 0,
        }
    );
    let later = t0() + Duration::seconds(1);
    let all = tx.due_spool(later, 10).await.unwrap();
    assert_eq!(
        all.iter().map(|m| m.key.as_str()).collect::<Vec<_>>(),
        ["outbox:1", "answer:<m1@example.org>"]
    );
    assert_eq!(tx.due_spool(later, 1).await.unwrap().len(), 1);

    let retry_at = later + Duration::seconds(30);
    tx.spool_failed(first.id, "connection refused", retry_at)
        .await
        .unwrap();
    tx.spool_sent(all[1].id, later).await.unwrap();
    assert!(tx.due_spool(later, 10).await.unwrap().is_empty());
    assert_eq!(tx.spool_counts().await.unwrap(), (1, 1));
    let again = tx.due_spool(retry_at, 10).await.unwrap();
    assert_eq!(
        again.iter().map(|m| (m.id, m.attempts)).collect::<Vec<_>>(),
        [(first.id, 1)]
    );
    tx.spool_sent(first.id, retry_at).await.unwrap();
    assert!(
        tx.due_spool(retry_at + Duration::days(1), 10)
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(tx.spool_counts().await.unwrap(), (0, 2));
    // A sent mail's key still guards against spooling it again.
    assert!(
        !tx.spool_mail(
            "outbox:1",
            "agora@example.test",
            "ann@example.org",
            body,
            retry_at
        )
        .await
        .unwrap()
    );
}

/// A database from before tokens were hashed: opening it with this version hashes the tokens it
/// holds, and each still opens its conversation.
#[tokio::test]
async fn opening_an_older_database_hashes_its_tokens() {
    let dir = std::env::temp_dir().join(format!("agora-rehash-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("old.db");
    let _ = std::fs::remove_file(&path);
    {
        let pool = sqlx::sqlite::SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(
                sqlx::sqlite::SqliteConnectOptions::new()
                    .filename(&path)
                    .create_if_missing(true),
            )
            .await
            .unwrap();
        let mut migrator = sqlx::migrate::Migrator::new(std::path::Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../migrations"
        )))
        .await
        .unwrap();
        migrator.migrations = migrator
            .migrations
            .iter()
            .filter(|m| m.version < 1400)
            .cloned()
            .collect::<Vec<_>>()
            .into();
        migrator.run(&pool).await.unwrap();
        sqlx::query(
            "INSERT INTO mail_threads (address, game_id, token, last_message_id, created_at)
             VALUES ('ann@example.org', 0, 'old-token-of-ann', '<m1@example.test>', '2026-01-01T00:00:00Z'),
                    ('bo@example.org', 4, 'old-token-of-bo', NULL, '2026-01-01T00:00:00Z')",
        )
        .execute(&pool)
        .await
        .unwrap();
        pool.close().await;
    }
    let store = agora_store::Store::open(&path, &agora_store::StoreOptions::default())
        .await
        .unwrap();
    let mut tx = store.write().await.unwrap();
    let ann = tx
        .mail_thread_by_token("old-token-of-ann")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (
            ann.address.as_str(),
            ann.game_id,
            ann.last_message_id.as_deref()
        ),
        ("ann@example.org", None, Some("<m1@example.test>"))
    );
    let bo = tx
        .mail_thread_by_token("old-token-of-bo")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (bo.address.as_str(), bo.game_id),
        ("bo@example.org", Some(4))
    );
    tx.commit().await.unwrap();
    drop(store);
    for file in [path.clone(), dir.join("old.db-wal")] {
        let bytes = std::fs::read(&file).unwrap_or_default();
        assert!(
            !bytes.windows(9).any(|w| w == b"old-token"),
            "{} holds a token in plain text",
            file.display()
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
