//! Purging old records on a fresh real database: only sent outbox rows, sent spooled mails and
//! delivery records older than the cut-off go, a batch at a time, oldest first; nothing unsent
//! goes, however old; a spooled mail stays while its outbox row is unsent; game records stay.

use agora_testkit::store as common;

use agora_store::Purged;
use agora_store::discord::{DiscordChannelId, DiscordMessageId};
use chrono::{DateTime, Duration, Utc};
use common::{TestDb, game, message, player, t0};

/// Rows of a table as committed, read on a connection of its own.
async fn count(db: &TestDb, table: &str) -> i64 {
    db.count_rows(table).await
}

async fn purge_all(db: &TestDb, before: DateTime<Utc>, limit: u32) -> (Purged, u32) {
    let mut total = Purged::default();
    let mut batches = 0;
    loop {
        let mut tx = db.write().await;
        let batch = Purged {
            outbox: tx.purge_sent_outbox(before, limit).await.unwrap(),
            spool: tx.purge_sent_spool(before, limit).await.unwrap(),
            deliveries: tx.purge_deliveries(before, limit).await.unwrap(),
            ..Purged::default()
        };
        tx.commit().await.unwrap();
        if batch.total() == 0 {
            return (total, batches);
        }
        batches += 1;
        total.add(batch);
    }
}

#[tokio::test]
async fn only_sent_rows_older_than_the_cut_off_go_and_game_records_stay() {
    let db = TestDb::fresh("purge-outbox").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "discord:7").await;
    let bo = player(&mut tx, "bo", "local:bo").await;
    let g = game(&mut tx, [ann.id, bo.id]).await;
    // Ten rows sent on day 0 (one posted on Discord), ten sent on day 40, five never sent.
    let mut old = Vec::new();
    for i in 0..10 {
        let id = tx
            .queue(
                &message(ann.id, "discord", Some(g.id), &format!("old {i}")),
                t0(),
            )
            .await
            .unwrap();
        tx.mark_sent(id, t0() + Duration::minutes(i)).await.unwrap();
        old.push(id);
    }
    let (channel, posted) = (
        DiscordChannelId::new(1).unwrap(),
        DiscordMessageId::new(2).unwrap(),
    );
    tx.record_discord_post(old[0], channel, posted, t0())
        .await
        .unwrap();
    let day40 = t0() + Duration::days(40);
    for i in 0..10 {
        let id = tx
            .queue(
                &message(ann.id, "discord", Some(g.id), &format!("new {i}")),
                day40,
            )
            .await
            .unwrap();
        tx.mark_sent(id, day40).await.unwrap();
    }
    let mut unsent = Vec::new();
    for i in 0..5 {
        let m = message(bo.id, "local", Some(g.id), &format!("unsent {i}"));
        unsent.push(tx.queue(&m, t0()).await.unwrap());
    }
    tx.mark_failed(unsent[0], "relay down", t0() + Duration::days(99))
        .await
        .unwrap();
    tx.commit().await.unwrap();

    // Cut-off on day 30, three rows per batch: the ten old rows go in four batches.
    let (purged, batches) = purge_all(&db, t0() + Duration::days(30), 3).await;
    assert_eq!(purged.outbox, 10);
    assert_eq!(batches, 4);

    let mut tx = db.write().await;
    let stats = tx.outbox_stats().await.unwrap();
    assert_eq!((stats.pending, stats.sent), (5, 10));
    assert_eq!(tx.discord_post(old[0]).await.unwrap(), None);
    // Unsent rows are all still due, the one with a failure included.
    let due = tx
        .pending("local", t0() + Duration::days(100), 100)
        .await
        .unwrap();
    assert_eq!(due.iter().map(|m| m.id).collect::<Vec<_>>(), unsent);
    assert_eq!(tx.game(g.id).await.unwrap().map(|x| x.id), Some(g.id));
    assert_eq!(count(&db, "players").await, 2);
    tx.commit().await.unwrap();

    // A cut-off far in the future still leaves the unsent rows.
    let (purged, _) = purge_all(&db, t0() + Duration::days(1000), 100).await;
    assert_eq!(purged.outbox, 10);
    let mut tx = db.write().await;
    assert_eq!(tx.outbox_stats().await.unwrap().pending, 5);
    assert_eq!(count(&db, "games").await, 1);
}

#[tokio::test]
async fn a_spooled_mail_goes_once_sent_and_old_but_never_while_its_outbox_row_is_unsent() {
    let db = TestDb::fresh("purge-spool").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "mailto:ann@example.org").await;
    let picture = vec![7u8; 40_000];
    // Row 1 was spooled and the process stopped before marking it sent; row 2 is sent.
    let stuck = tx
        .queue(&message(ann.id, "mailto", None, "stuck"), t0())
        .await
        .unwrap();
    let done = tx
        .queue(&message(ann.id, "mailto", None, "done"), t0())
        .await
        .unwrap();
    tx.mark_sent(done, t0()).await.unwrap();
    for (key, sent) in [
        (format!("outbox:{stuck}"), true),
        (format!("outbox:{done}"), true),
        ("answer:<a@x>".to_owned(), true),
        ("answer:<b@x>".to_owned(), false),
    ] {
        tx.spool_mail(&key, "agora@example.org", "ann@example.org", &picture, t0())
            .await
            .unwrap();
        let id = tx
            .due_spool(t0(), 100)
            .await
            .unwrap()
            .into_iter()
            .find(|m| m.key == key)
            .unwrap()
            .id;
        if sent {
            tx.spool_sent(id, t0()).await.unwrap();
        } else {
            tx.spool_failed(id, "451 later", t0() + Duration::hours(1))
                .await
                .unwrap();
        }
    }
    tx.commit().await.unwrap();

    // Too young: nothing goes.
    let (purged, _) = purge_all(&db, t0(), 100).await;
    assert_eq!(purged.spool, 0);

    let (purged, _) = purge_all(&db, t0() + Duration::days(31), 100).await;
    assert_eq!(purged.spool, 2, "the sent answer and the sent notification");
    assert_eq!(purged.outbox, 1, "the sent row");
    let mut tx = db.write().await;
    assert!(tx.is_spooled(&format!("outbox:{stuck}")).await.unwrap());
    assert!(!tx.is_spooled(&format!("outbox:{done}")).await.unwrap());
    assert!(!tx.is_spooled("answer:<a@x>").await.unwrap());
    assert_eq!(tx.spool_counts().await.unwrap(), (1, 1));

    // Once its row is marked sent, the stuck mail goes too.
    tx.mark_sent(stuck, t0()).await.unwrap();
    tx.commit().await.unwrap();
    let (purged, _) = purge_all(&db, t0() + Duration::days(31), 100).await;
    assert_eq!((purged.spool, purged.outbox), (1, 1));
    let mut tx = db.write().await;
    assert_eq!(
        tx.spool_counts().await.unwrap(),
        (1, 0),
        "the unsent answer stays"
    );
}

#[tokio::test]
async fn old_delivery_records_go_and_young_ones_still_answer_a_repeat() {
    let db = TestDb::fresh("purge-deliveries").await;
    let mut tx = db.write().await;
    for i in 0..7 {
        let at = t0() + Duration::days(i * 10);
        assert!(
            tx.try_record_delivery(&format!("<{i}@x>"), "mailto:ann@x", "done", at)
                .await
                .unwrap()
        );
    }
    tx.commit().await.unwrap();
    // Cut-off on day 35: days 0, 10, 20 and 30 go; 40, 50 and 60 stay.
    let (purged, batches) = purge_all(&db, t0() + Duration::days(35), 2).await;
    assert_eq!((purged.deliveries, batches), (4, 2));
    let mut tx = db.write().await;
    for i in 0..7 {
        let reply = tx
            .delivery_reply(&format!("<{i}@x>"), "mailto:ann@x")
            .await
            .unwrap();
        assert_eq!(reply.is_some(), i >= 4, "delivery {i}");
    }
}
