//! The facade on a fresh real SQLite file: every migration applied in order, WAL mode, a
//! transaction dropped without commit leaves nothing behind, and what was committed is still there
//! after the database is closed and opened again; a steady stream of commits keeps the WAL small.

use agora_testkit::store as common;

use common::{TestDb, game, message, player, sibling_exists, t0};

#[tokio::test]
async fn every_migration_is_applied_in_order_and_the_file_is_in_wal_mode() {
    let db = TestDb::sqlite("migrations").await;
    let applied = db.store.applied_migrations().await.unwrap();
    let shipped = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../migrations"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "sql")
        })
        .count();
    assert_eq!(applied.len(), shipped, "applied: {applied:?}");
    assert_eq!(applied[0], "players games outbox");
    assert!(applied.iter().any(|m| m == "outbox kinds"), "{applied:?}");
    assert!(sibling_exists(&db.path(), "-wal"), "WAL mode");
}

/// The file holds every player's addresses and keys: created for its owner alone, whatever the
/// umask, and so are the WAL and shared-memory files SQLite makes beside it.
#[cfg(unix)]
#[tokio::test]
async fn a_new_database_file_is_readable_by_its_owner_alone() {
    use std::os::unix::fs::PermissionsExt;
    let db = TestDb::sqlite("private-file").await;
    let mut tx = db.write().await;
    player(&mut tx, "ann", "mailto:ann@example.org").await;
    tx.commit().await.unwrap();
    for suffix in ["", "-wal", "-shm"] {
        let file = format!("{}{suffix}", db.path().display());
        let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{file}: {mode:o}");
    }
}

#[tokio::test]
async fn a_transaction_dropped_without_commit_changes_nothing() {
    let db = TestDb::fresh("rollback").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "mailto:ann@example.org").await;
    drop(tx);

    let mut tx = db.write().await;
    assert_eq!(tx.player(ann.id).await.unwrap(), None);
    assert_eq!(tx.player_named("ann").await.unwrap(), None);
    assert_eq!(tx.identity("mailto:ann@example.org").await.unwrap(), None);
}

#[tokio::test]
async fn a_commit_survives_closing_and_opening_again() {
    let db = TestDb::fresh("reopen").await;
    let mut tx = db.write().await;
    let ann = player(&mut tx, "ann", "mailto:ann@example.org").await;
    let bo = player(&mut tx, "bo", "discord:7").await;
    let written = game(&mut tx, [ann.id, bo.id]).await;
    tx.commit().await.unwrap();
    db.store.close().await;

    // Opening again runs the migrations once more: none is pending, nothing is lost.
    let store = db.open_again().await;
    let mut tx = store.write().await.unwrap();
    assert_eq!(tx.game(written.id).await.unwrap(), Some(written));
    assert_eq!(tx.player_named("BO").await.unwrap(), Some(bo));
    drop(tx);
    assert!(store.raw_insert_rate(20).await.unwrap() > 0.0);
    store.close().await;
}

/// Under a steady stream of commits the WAL starts over from its beginning now and then instead
/// of growing for as long as the stream lasts: the writer finishes the checkpoint itself between
/// batches, since the checkpoint task never catches up between two commits.
#[tokio::test]
async fn a_steady_stream_of_commits_keeps_the_wal_small() {
    let db = TestDb::sqlite("wal-bound").await;
    let commits = 1500;
    for i in 0..commits {
        let mut tx = db.write().await;
        player(
            &mut tx,
            &format!("p{i}"),
            &format!("mailto:p{i}@example.org"),
        )
        .await;
        tx.commit().await.unwrap();
    }
    let wal = std::fs::metadata(format!("{}-wal", db.path().display()))
        .unwrap()
        .len();
    // Each commit writes at least one page of 4 KiB: a WAL that never started over would hold
    // them all.
    let every_commit = commits * 4096;
    println!(
        "WAL after {commits} commits: {wal} bytes (every commit kept: {every_commit} at least)"
    );
    assert!(
        wal < every_commit / 2,
        "WAL of {wal} bytes after {commits} commits"
    );
}

/// A process that delivers an outbox learns of rows another process on the same database queued:
/// its look-out for commits returns once the other process has committed, and not before.
#[tokio::test]
async fn a_look_out_sees_the_commits_of_another_process_on_the_same_file() {
    use std::time::Duration;
    let db = TestDb::fresh("look-out").await;
    // A second process on the same file, as `agora serve` twice on one database would be.
    let other = db.open_again().await;
    let mut look = db.store.commits();
    let quiet = Duration::from_millis(500);
    assert!(
        tokio::time::timeout(quiet, look.changed()).await.is_err(),
        "nothing was committed, yet the look-out saw a change"
    );

    let mut tx = other.write().await.unwrap();
    let ann = player(&mut tx, "ann", "mailto:ann@example.org").await;
    tx.queue(&message(ann.id, "mailto", None, "welcome"), t0())
        .await
        .unwrap();
    tx.commit().await.unwrap();
    tokio::time::timeout(Duration::from_secs(10), look.changed())
        .await
        .expect("the other process's commit is seen");

    // This process's own writer is another connection too.
    let mut tx = db.write().await;
    let bo = player(&mut tx, "bo", "discord:7").await;
    tx.queue(&message(bo.id, "discord", None, "welcome"), t0())
        .await
        .unwrap();
    tx.commit().await.unwrap();
    tokio::time::timeout(Duration::from_secs(10), look.changed())
        .await
        .expect("this process's commit is seen");
    other.close().await;
}
