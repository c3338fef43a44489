//! Leases on a fresh real database: one holder at a time, renewed by its holder, taken over once
//! it ran out or was given up, and the same seen from a second store on the same file (as a second
//! process sees it).

use agora_testkit::store as common;

use agora_store::Store;
use chrono::{DateTime, Duration, Utc};
use common::{TestDb, t0};

async fn take(store: &Store, holder: &str, now: DateTime<Utc>, until: DateTime<Utc>) -> bool {
    let mut tx = store.write().await.unwrap();
    let held = tx
        .take_lease("imap:INBOX", holder, now, until)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    held
}

async fn release(store: &Store, holder: &str) {
    let mut tx = store.write().await.unwrap();
    tx.release_lease("imap:INBOX", holder).await.unwrap();
    tx.commit().await.unwrap();
}

#[tokio::test]
async fn a_lease_has_one_holder_until_it_runs_out_or_is_given_up() {
    let db = TestDb::fresh("leases").await;
    let store = &db.store;
    let s = Duration::seconds;
    assert!(take(store, "a", t0(), t0() + s(30)).await);
    assert!(
        !take(store, "b", t0() + s(1), t0() + s(31)).await,
        "a holds it"
    );
    assert!(
        take(store, "a", t0() + s(20), t0() + s(50)).await,
        "a renews"
    );
    assert!(
        !take(store, "b", t0() + s(40), t0() + s(70)).await,
        "a renewed it"
    );
    assert!(
        take(store, "b", t0() + s(50), t0() + s(80)).await,
        "ran out: b takes over"
    );
    assert!(
        !take(store, "a", t0() + s(51), t0() + s(81)).await,
        "a lost it"
    );
    let mut tx = store.read().await.unwrap();
    assert_eq!(
        tx.lease("imap:INBOX").await.unwrap(),
        Some(("b".to_owned(), t0() + s(80)))
    );
    drop(tx);
    release(store, "a").await;
    assert!(
        !take(store, "a", t0() + s(52), t0() + s(82)).await,
        "only its holder gives a lease up"
    );
    release(store, "b").await;
    assert!(
        take(store, "a", t0() + s(53), t0() + s(83)).await,
        "given up: a takes it"
    );
    // Another name is another lease.
    let mut tx = store.write().await.unwrap();
    assert!(
        tx.take_lease("discord:lobby", "b", t0() + s(53), t0() + s(83))
            .await
            .unwrap()
    );
    tx.commit().await.unwrap();
}

/// Two stores on one file, as two processes: each sees the other's lease.
#[tokio::test]
async fn two_stores_on_one_file_share_the_lease() {
    let db = TestDb::fresh("leases-two").await;
    let other = db.open_again().await;
    let s = Duration::seconds;
    assert!(take(&db.store, "one", t0(), t0() + s(10)).await);
    assert!(!take(&other, "two", t0() + s(5), t0() + s(15)).await);
    assert!(take(&other, "two", t0() + s(10), t0() + s(20)).await);
    assert!(!take(&db.store, "one", t0() + s(11), t0() + s(21)).await);
    other.close().await;
}
