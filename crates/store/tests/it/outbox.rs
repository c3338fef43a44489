//! The outbox on a fresh real database: every kind and picture flag comes back as written, each
//! channel's sender sees only its own due rows in order, a sent row is gone for good, and a failed
//! one waits exactly until its retry time with its attempts counted, holding back the later rows
//! of its address and game until it is sent or given up.

use agora_testkit::store as common;

use agora_store::{NewMessage, Notice, OutboxStats, Tx};
use chrono::{DateTime, Duration, Utc};
use common::{TestDb, game, message, player, t0};

#[test]
fn every_kind_has_a_stable_code_and_an_unknown_code_is_a_plain_message() {
    for kind in Notice::ALL {
        assert_eq!(Notice::from_code(kind.code()), kind);
    }
    let mut codes: Vec<&str> = Notice::ALL.iter().map(|k| k.code()).collect();
    codes.sort_unstable();
    codes.dedup();
    assert_eq!(codes.len(), Notice::ALL.len(), "codes are distinct");
    assert_eq!(Notice::from_code("a_kind_of_tomorrow"), Notice::Message);
}

#[tokio::test]
async fn kinds_and_picture_flags_round_trip() {
    let db = TestDb::fresh("kinds").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "discord:7").await;
    let bo = player(&mut tx, "bo", "local:bo").await;
    let g = game(&mut tx, [ann.id, bo.id]).await;
    let mut written = Vec::new();
    for (i, kind) in Notice::ALL.into_iter().enumerate() {
        let m = NewMessage {
            kind,
            board: kind.shows_board(),
            overlay: kind == Notice::GameOver,
            ply: Some(i as u32),
            ..message(ann.id, "discord", Some(g.id), kind.code())
        };
        let id = tx.queue(&m, t0()).await.unwrap();
        written.push((id, m));
    }
    // A row about no game has no ply either.
    let loose = message(ann.id, "discord", None, "welcome");
    let loose_id = tx.queue(&loose, t0()).await.unwrap();
    written.push((loose_id, loose));

    let pending = tx.pending("discord", t0(), 100).await.unwrap();
    assert_eq!(pending.len(), written.len());
    for (read, (id, m)) in pending.iter().zip(&written) {
        assert_eq!(read.id, *id);
        assert_eq!(
            (read.player_id, &read.channel, &read.address),
            (m.player_id, &m.channel, &m.address)
        );
        assert_eq!((read.game_id, read.ply), (m.game_id, m.ply));
        assert_eq!(
            (read.kind, read.board, read.overlay),
            (m.kind, m.board, m.overlay),
            "{}",
            m.subject
        );
        assert_eq!((&read.subject, &read.body), (&m.subject, &m.body));
        assert_eq!(read.attempts, 0);
    }
}

#[tokio::test]
async fn each_channel_sees_its_own_due_rows_oldest_first() {
    let db = TestDb::fresh("channels").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "discord:7").await;
    let first = tx
        .queue(&message(ann.id, "discord", None, "one"), t0())
        .await
        .unwrap();
    let by_mail = tx
        .queue(&message(ann.id, "mailto", None, "two"), t0())
        .await
        .unwrap();
    // Queued later but for an earlier time: the order is the order of queueing.
    let second = tx
        .queue(
            &message(ann.id, "discord", None, "three"),
            t0() - Duration::hours(1),
        )
        .await
        .unwrap();
    let later = tx
        .queue(
            &message(ann.id, "discord", None, "four"),
            t0() + Duration::hours(1),
        )
        .await
        .unwrap();

    assert_eq!(ids(&mut tx, "discord", t0(), 10).await, [first, second]);
    assert_eq!(ids(&mut tx, "discord", t0(), 1).await, [first]);
    assert_eq!(
        ids(&mut tx, "discord", t0() + Duration::hours(1), 10).await,
        [first, second, later]
    );
    assert_eq!(ids(&mut tx, "mailto", t0(), 10).await, [by_mail]);
    assert!(ids(&mut tx, "local", t0(), 10).await.is_empty());
}

#[tokio::test]
async fn a_failure_waits_for_its_retry_time_and_a_sent_row_is_done() {
    let db = TestDb::fresh("retry").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "discord:7").await;
    let sent = tx
        .queue(&message(ann.id, "discord", None, "sent"), t0())
        .await
        .unwrap();
    let failing = tx
        .queue(&message(ann.id, "discord", None, "failing"), t0())
        .await
        .unwrap();
    assert_eq!(
        tx.outbox_stats().await.unwrap(),
        OutboxStats {
            pending: 2,
            sent: 0,
            failed_attempts: 0
        }
    );

    tx.mark_sent(sent, t0()).await.unwrap();
    let first_retry = t0() + Duration::seconds(30);
    tx.mark_failed(failing, "timeout", first_retry)
        .await
        .unwrap();
    assert!(tx.pending("discord", t0(), 10).await.unwrap().is_empty());
    assert!(
        tx.pending("discord", first_retry - Duration::seconds(1), 10)
            .await
            .unwrap()
            .is_empty()
    );
    let due = tx.pending("discord", first_retry, 10).await.unwrap();
    assert_eq!(
        due.iter().map(|m| (m.id, m.attempts)).collect::<Vec<_>>(),
        [(failing, 1)]
    );

    // A second failure backs off further and counts again.
    let second_retry = first_retry + Duration::seconds(120);
    tx.mark_failed(failing, "refused", second_retry)
        .await
        .unwrap();
    assert!(
        tx.pending("discord", first_retry + Duration::seconds(60), 10)
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        tx.outbox_stats().await.unwrap(),
        OutboxStats {
            pending: 1,
            sent: 1,
            failed_attempts: 2
        }
    );
    let due = tx.pending("discord", second_retry, 10).await.unwrap();
    assert_eq!(due[0].attempts, 2);

    // Sent at the third attempt: the two failures stay counted, the row never comes back.
    tx.mark_sent(failing, second_retry).await.unwrap();
    assert!(
        tx.pending("discord", second_retry + Duration::days(1), 10)
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        tx.outbox_stats().await.unwrap(),
        OutboxStats {
            pending: 0,
            sent: 2,
            failed_attempts: 2
        }
    );
}

#[tokio::test]
async fn a_row_in_backoff_holds_back_its_conversation_until_given_up() {
    let db = TestDb::fresh("hold").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "discord:7").await;
    let bo = player(&mut tx, "bo", "local:bo").await;
    let g = game(&mut tx, [ann.id, bo.id]).await;
    let about = |game: Option<i64>, subject: &str| message(ann.id, "discord", game, subject);
    let first = tx.queue(&about(Some(g.id), "a"), t0()).await.unwrap();
    let second = tx.queue(&about(Some(g.id), "b"), t0()).await.unwrap();
    let other = tx.queue(&about(None, "c"), t0()).await.unwrap();
    assert_eq!(
        ids(&mut tx, "discord", t0(), 10).await,
        [first, second, other]
    );

    // The first row of the game waits in backoff: the second waits behind it, the row about
    // no game does not.
    let retry = t0() + Duration::seconds(30);
    tx.mark_failed(first, "timeout", retry).await.unwrap();
    assert_eq!(ids(&mut tx, "discord", t0(), 10).await, [other]);
    assert_eq!(
        ids(&mut tx, "discord", retry, 10).await,
        [first, second, other]
    );

    // Given up, it is never due again and holds nothing back; it keeps its error.
    tx.give_up(first, "550 gone", t0()).await.unwrap();
    assert_eq!(ids(&mut tx, "discord", t0(), 10).await, [second, other]);
    assert_eq!(
        ids(&mut tx, "discord", t0() + Duration::days(9), 10).await,
        [second, other]
    );
    let row = tx.outbox_message(first).await.unwrap().unwrap();
    assert_eq!(row.attempts, 2);
    assert!(tx.outbox_message(9_999).await.unwrap().is_none());

    // One notice of a kind to an address is remembered for the day it was queued.
    assert!(
        !tx.queued_since("discord:1", Notice::Undeliverable, t0() - Duration::days(1))
            .await
            .unwrap()
    );
    let notice = NewMessage {
        kind: Notice::Undeliverable,
        ..message(ann.id, "discord", None, "lost")
    };
    tx.queue(&notice, t0()).await.unwrap();
    let address = notice.address.as_str();
    assert!(
        tx.queued_since(address, Notice::Undeliverable, t0() - Duration::days(1))
            .await
            .unwrap()
    );
    assert!(
        !tx.queued_since(address, Notice::Undeliverable, t0())
            .await
            .unwrap()
    );
    assert!(
        !tx.queued_since(address, Notice::Digest, t0() - Duration::days(1))
            .await
            .unwrap()
    );
}

/// Several rows queued in one statement come back as written, in order, with their ids in the
/// order given; text that JSON must escape survives, and so does a row about no game.
#[tokio::test]
async fn rows_queued_together_come_back_as_written() {
    let db = TestDb::fresh("queue-all").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "discord:7").await;
    let bo = player(&mut tx, "bo", "local:bo").await;
    let g = game(&mut tx, [ann.id, bo.id]).await;
    assert!(tx.queue_all(&[], t0()).await.unwrap().is_empty());
    let before = tx.queued().len();
    let messages = vec![
        NewMessage {
            kind: Notice::Watching,
            board: true,
            overlay: true,
            ply: Some(7),
            ..message(ann.id, "discord", Some(g.id), "Game #1 (watched), ply 7")
        },
        message(bo.id, "local", None, "about no game"),
        NewMessage {
            body: "quotes \" and \\ backslashes,\nlines, ünïcode ♛ and '; DROP TABLE outbox; --"
                .into(),
            ..message(bo.id, "local", Some(g.id), "Partij #1 (gevolgd)")
        },
    ];
    let written = tx.queue_all(&messages, t0()).await.unwrap();
    assert_eq!(written.len(), messages.len());
    assert!(written.windows(2).all(|w| w[0] < w[1]), "{written:?}");
    let queued = tx.queued()[before..].to_vec();
    assert_eq!(queued.iter().map(|q| q.id).collect::<Vec<_>>(), written);
    for ((id, m), q) in written.iter().zip(&messages).zip(queued) {
        assert_eq!(
            (q.player_id, &q.address, q.game_id, q.kind),
            (m.player_id, &m.address, m.game_id, m.kind)
        );
        let read = tx.outbox_message(*id).await.unwrap().unwrap();
        assert_eq!(
            (read.player_id, &read.channel, &read.address),
            (m.player_id, &m.channel, &m.address)
        );
        assert_eq!((read.game_id, read.ply), (m.game_id, m.ply));
        assert_eq!(
            (read.kind, read.board, read.overlay),
            (m.kind, m.board, m.overlay)
        );
        assert_eq!((&read.subject, &read.body), (&m.subject, &m.body));
    }
    assert_eq!(ids(&mut tx, "local", t0(), 10).await, written[1..]);
    tx.commit().await.unwrap();
}

/// A game's watchers are read in one query, in the order they began, each with every identity
/// of theirs (in the order `identities_of` gives) and whether its mail address is confirmed.
#[tokio::test]
async fn a_games_watchers_come_with_their_identities() {
    let db = TestDb::fresh("watchers").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "discord:7").await;
    let bo = player(&mut tx, "bo", "local:bo").await;
    let g = game(&mut tx, [ann.id, bo.id]).await;
    // Cy: a terminal name and an unverified address nobody confirmed. Dee: an unverified
    // address the mail front end confirmed. Eve: a blocked address only.
    let cy = player(&mut tx, "cy", "local:cy").await;
    tx.add_identity(cy.id, "mailto:cy@example.org", false, t0())
        .await
        .unwrap();
    let dee = tx
        .create_player("dee", "mailto:dee@example.org", false, None, t0())
        .await
        .unwrap();
    tx.verify_mail_sender("dee@example.org", t0())
        .await
        .unwrap();
    let eve = player(&mut tx, "eve", "mailto:eve@example.org").await;
    tx.block("mailto:eve@example.org", t0()).await.unwrap();
    assert!(tx.watchers(g.id).await.unwrap().is_empty());
    for (i, p) in [&dee, &cy, &eve].into_iter().enumerate() {
        tx.watch(g.id, p.id, t0() + Duration::seconds(i as i64))
            .await
            .unwrap();
    }
    let watchers = tx.watchers(g.id).await.unwrap();
    // Per watcher: their name, and each identity's address, verified, blocked, confirmed.
    type Seen<'a> = (&'a str, Vec<(String, bool, bool, bool)>);
    let seen: Vec<Seen> = watchers
        .iter()
        .map(|w| {
            let identities = w
                .identities
                .iter()
                .map(|(i, confirmed)| {
                    let address = i.address.to_string();
                    (address, i.verified, i.blocked, *confirmed)
                })
                .collect();
            (w.player.name.as_str(), identities)
        })
        .collect();
    assert_eq!(
        seen,
        vec![
            (
                "dee",
                vec![("mailto:dee@example.org".to_owned(), false, false, true)]
            ),
            (
                "cy",
                vec![
                    ("local:cy".to_owned(), true, false, false),
                    ("mailto:cy@example.org".to_owned(), false, false, false)
                ]
            ),
            (
                "eve",
                vec![("mailto:eve@example.org".to_owned(), true, true, false)]
            ),
        ]
    );
    for w in &watchers {
        let read = tx.identities_of(w.player.id).await.unwrap();
        let listed: Vec<_> = w.identities.iter().map(|(i, _)| i.clone()).collect();
        assert_eq!(listed, read);
        assert_eq!(
            Some(&w.player),
            tx.player(w.player.id).await.unwrap().as_ref()
        );
    }
    assert_eq!(tx.watcher_count(g.id).await.unwrap(), 3);
    assert!(tx.watches(g.id, cy.id).await.unwrap());
    assert!(!tx.watches(g.id, ann.id).await.unwrap());
    tx.commit().await.unwrap();
}

/// The ids a channel's sender would take at `at`.
async fn ids(tx: &mut Tx, channel: &str, at: DateTime<Utc>, limit: u32) -> Vec<i64> {
    tx.pending(channel, at, limit)
        .await
        .unwrap()
        .iter()
        .map(|m| m.id)
        .collect()
}
