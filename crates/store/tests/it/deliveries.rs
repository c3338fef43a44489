//! Handled deliveries on a fresh real database: a delivery is recorded once with its reply, a
//! repeat writes nothing and keeps the first reply, ids belong to their sender, and a record
//! rolled back with its transaction lets the delivery be handled again.

use agora_testkit::store as common;

use chrono::Duration;
use common::{TestDb, t0};

#[tokio::test]
async fn a_delivery_is_recorded_once_and_keeps_its_first_reply() {
    let db = TestDb::fresh("repeat").await;
    let mut tx = db.write().await;
    assert_eq!(tx.delivery_reply("m1", "discord:7").await.unwrap(), None);
    assert!(
        tx.try_record_delivery("m1", "discord:7", "ok", t0())
            .await
            .unwrap()
    );
    assert!(
        !tx.try_record_delivery("m1", "discord:7", "other", t0() + Duration::hours(1))
            .await
            .unwrap()
    );
    assert_eq!(
        tx.delivery_reply("m1", "discord:7")
            .await
            .unwrap()
            .as_deref(),
        Some("ok")
    );
}

#[tokio::test]
async fn ids_belong_to_their_sender() {
    let db = TestDb::fresh("per-sender").await;
    let mut tx = db.write().await;
    assert!(
        tx.try_record_delivery("clock:1", "clock", "timeout", t0())
            .await
            .unwrap()
    );
    // A stranger sending the same id is another delivery, and never hears the first reply.
    assert_eq!(
        tx.delivery_reply("clock:1", "mailto:eve@example.org")
            .await
            .unwrap(),
        None
    );
    assert!(
        tx.try_record_delivery("clock:1", "mailto:eve@example.org", "theirs", t0())
            .await
            .unwrap()
    );
    assert_eq!(
        tx.delivery_reply("clock:1", "clock")
            .await
            .unwrap()
            .as_deref(),
        Some("timeout")
    );
    assert_eq!(
        tx.delivery_reply("clock:1", "mailto:eve@example.org")
            .await
            .unwrap()
            .as_deref(),
        Some("theirs")
    );
}

#[tokio::test]
async fn a_record_rolled_back_leaves_the_delivery_unhandled() {
    let db = TestDb::fresh("rollback").await;
    let mut tx = db.write().await;
    assert!(
        tx.try_record_delivery("m1", "discord:7", "ok", t0())
            .await
            .unwrap()
    );
    drop(tx);
    let mut tx = db.write().await;
    assert_eq!(tx.delivery_reply("m1", "discord:7").await.unwrap(), None);
    assert!(
        tx.try_record_delivery("m1", "discord:7", "again", t0())
            .await
            .unwrap()
    );
    tx.commit().await.unwrap();
    let mut tx = db.write().await;
    assert_eq!(
        tx.delivery_reply("m1", "discord:7")
            .await
            .unwrap()
            .as_deref(),
        Some("again")
    );
}
