//! Backing up a real database file: the copy opens as a store with the same games, an existing
//! target is refused and left untouched, a missing database is refused without creating one, and a
//! copy taken while another connection writes is consistent.

use agora_testkit::store as common;

use agora_store::{BackupError, Store, StoreOptions, backup::backup};
use common::{TestDb, game, player, t0};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(5);

#[tokio::test]
async fn the_copy_opens_with_the_same_games() {
    let db = TestDb::sqlite("backup-copy").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "local:ann").await;
    let bo = player(&mut tx, "bo", "local:bo").await;
    let ids = [
        game(&mut tx, [ann.id, bo.id]).await.id,
        game(&mut tx, [bo.id, ann.id]).await.id,
    ];
    tx.commit().await.unwrap();

    let to = db.path().with_file_name("copy.db");
    let summary = backup(&db.path(), &to, WAIT).await.unwrap();
    assert_eq!(summary.games, 2);
    assert_eq!(summary.bytes, std::fs::metadata(&to).unwrap().len());

    let copy = Store::open(&to, &StoreOptions::default()).await.unwrap();
    let mut tx = copy.write().await.unwrap();
    for id in ids {
        let original = db.write().await.game(id).await.unwrap().unwrap();
        assert_eq!(tx.game(id).await.unwrap().unwrap(), original);
    }
    tx.commit().await.unwrap();
    copy.close().await;
}

#[tokio::test]
async fn an_existing_file_is_refused_and_left_as_it_was() {
    let db = TestDb::sqlite("backup-exists").await;
    let to = db.path().with_file_name("precious.db");
    std::fs::write(&to, b"not yours").unwrap();
    let err = backup(&db.path(), &to, WAIT).await.unwrap_err();
    assert!(
        matches!(err, BackupError::Exists(ref p) if *p == to),
        "{err}"
    );
    assert!(err.to_string().contains("never overwrites"), "{err}");
    assert_eq!(std::fs::read(&to).unwrap(), b"not yours");

    // An empty file too: SQLite would write into it, the backup does not.
    let empty = db.path().with_file_name("empty.db");
    std::fs::write(&empty, b"").unwrap();
    assert!(matches!(
        backup(&db.path(), &empty, WAIT).await,
        Err(BackupError::Exists(_))
    ));
    assert_eq!(std::fs::metadata(&empty).unwrap().len(), 0);
}

#[tokio::test]
async fn a_missing_database_is_refused_and_nothing_is_created() {
    let db = TestDb::sqlite("backup-missing").await;
    let missing = db.path().with_file_name("nowhere.db");
    let to = db.path().with_file_name("copy.db");
    let err = backup(&missing, &to, WAIT).await.unwrap_err();
    assert!(matches!(err, BackupError::NoDatabase(_)), "{err}");
    assert!(!missing.exists() && !to.exists());
}

#[tokio::test]
async fn a_copy_taken_while_another_connection_writes_is_consistent() {
    let db = TestDb::sqlite("backup-live").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "local:ann").await;
    let bo = player(&mut tx, "bo", "local:bo").await;
    tx.commit().await.unwrap();
    // A writer adds games, one transaction each, while copies are taken.
    let store = db.store.clone();
    let writer = tokio::spawn(async move {
        for _ in 0..300 {
            let mut tx = store.write().await.unwrap();
            tx.insert_game(&common::new_game([ann.id, bo.id]), t0())
                .await
                .unwrap();
            tx.commit().await.unwrap();
        }
    });
    let mut seen = Vec::new();
    for i in 0..5 {
        let to = db.path().with_file_name(format!("live-{i}.db"));
        let summary = backup(&db.path(), &to, WAIT).await.unwrap();
        // Every copy is one commit's state: its games are exactly ids 1..=n.
        let copy = Store::open(&to, &StoreOptions::default()).await.unwrap();
        let mut tx = copy.write().await.unwrap();
        if summary.games > 0 {
            assert!(tx.game(summary.games).await.unwrap().is_some());
        }
        assert!(tx.game(summary.games + 1).await.unwrap().is_none());
        drop(tx);
        copy.close().await;
        seen.push(summary.games);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    writer.await.unwrap();
    assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
    let last = db.path().with_file_name("after.db");
    assert_eq!(backup(&db.path(), &last, WAIT).await.unwrap().games, 300);
}
