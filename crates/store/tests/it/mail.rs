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
async fn every_token_of_an_address_can_be_replaced() {
    let db = TestDb::fresh("revoke").await;
    let mut tx = db.write().await;
    let ann = "ann@example.org";
    tx.mail_thread(ann, None, "tok-a", t0()).await.unwrap();
    tx.mail_thread(ann, Some(3), "tok-b", t0()).await.unwrap();
    tx.mail_thread("bo@example.org", Some(3), "tok-c", t0())
        .await
        .unwrap();
    let threads = tx.mail_threads_of(ann).await.unwrap();
    assert_eq!(
        threads
            .iter()
            .map(|t| (t.game_id, t.token.as_str()))
            .collect::<Vec<_>>(),
        [(None, "tok-a"), (Some(3), "tok-b")]
    );
    tx.set_mail_thread_token(ann, None, "tok-x").await.unwrap();
    tx.set_mail_thread_token(ann, Some(3), "tok-y")
        .await
        .unwrap();
    assert_eq!(tx.mail_thread_by_token("tok-a").await.unwrap(), None);
    assert_eq!(tx.mail_thread_by_token("tok-b").await.unwrap(), None);
    assert_eq!(
        tx.mail_thread_by_token("tok-y")
            .await
            .unwrap()
            .unwrap()
            .game_id,
        Some(3)
    );
    assert_eq!(
        tx.mail_thread(ann, None, "tok-z", t0())
            .await
            .unwrap()
            .token,
        "tok-x"
    );
    assert!(tx.mail_thread_by_token("tok-c").await.unwrap().is_some());
}

#[tokio::test]
async fn one_token_per_address_and_game() {
    let db = TestDb::fresh("threads").await;
    let mut tx = db.write().await;
    let ann = "ann@example.org";
    let outside = tx.mail_thread(ann, None, "tok-a", t0()).await.unwrap();
    assert_eq!(
        outside,
        MailThread {
            address: ann.into(),
            game_id: None,
            token: "tok-a".into(),
            last_message_id: None,
        }
    );
    // The token stays the one made first; a second candidate is thrown away.
    assert_eq!(
        tx.mail_thread(ann, None, "tok-b", t0())
            .await
            .unwrap()
            .token,
        "tok-a"
    );
    let in_game = tx.mail_thread(ann, Some(12), "tok-c", t0()).await.unwrap();
    assert_eq!(
        (in_game.game_id, in_game.token.as_str()),
        (Some(12), "tok-c")
    );
    let bo = tx
        .mail_thread("bo@example.org", Some(12), "tok-d", t0())
        .await
        .unwrap();
    assert_eq!(bo.token, "tok-d");

    tx.set_thread_message(ann, Some(12), "<out-1@example.test>")
        .await
        .unwrap();
    assert_eq!(
        tx.mail_thread_by_token("tok-c").await.unwrap(),
        Some(MailThread {
            address: ann.into(),
            game_id: Some(12),
            token: "tok-c".into(),
            last_message_id: Some("<out-1@example.test>".into()),
        })
    );
    assert_eq!(
        tx.mail_thread_by_token("tok-a")
            .await
            .unwrap()
            .unwrap()
            .last_message_id,
        None
    );
    assert_eq!(tx.mail_thread_by_token("tok-b").await.unwrap(), None);
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
