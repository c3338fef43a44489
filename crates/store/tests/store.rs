//! The store on a fresh real SQLite file: migrations, WAL, the version check, de-duplication and
//! the outbox's pending/sent/retry cycle.

use agora_rules::Variant;
use agora_store::{
    GameStatus, NewGame, NewMessage, Notice, Store, StoreError, StoreOptions, TimeControl,
    TimeoutPolicy,
};
use chrono::{Duration, TimeZone, Utc};
use std::path::PathBuf;

fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("agora-store-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.db"));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    path
}

#[tokio::test]
async fn migrations_version_check_deliveries_and_outbox() {
    let path = temp_db("all");
    let store = Store::open(&path, &StoreOptions::default()).await.unwrap();
    assert!(
        store
            .applied_migrations()
            .await
            .unwrap()
            .iter()
            .any(|m| m.contains("players games outbox"))
    );
    assert!(
        std::path::Path::new(&format!("{}-wal", path.display())).exists(),
        "WAL mode"
    );
    let now = Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap();

    let mut tx = store.write().await.unwrap();
    let ann = tx
        .create_player("ann", "mailto:ann@example.org", true, None, now)
        .await
        .unwrap();
    let bo = tx
        .create_player("bo", "discord:7", true, None, now)
        .await
        .unwrap();
    assert_eq!(tx.player_named("ANN").await.unwrap().unwrap().id, ann.id);
    assert_eq!(tx.free_name("ann").await.unwrap(), "ann2");
    let mut game = tx
        .insert_game(
            &NewGame {
                variant: Variant::Agon,
                seats: [ann.id, bo.id],
                challenger: ann.id,
                status: GameStatus::Proposed,
                position: Variant::Agon.start().to_string(),
                time_control: TimeControl::PerMove { days: 3 },
                timeout: TimeoutPolicy::Loss,
            },
            now,
        )
        .await
        .unwrap();
    tx.commit().await.unwrap();

    // A write against an old version changes nothing.
    let mut tx = store.write().await.unwrap();
    let mut stale = game.clone();
    game.status = GameStatus::Active;
    game.deadline_at = Some(now + Duration::days(3));
    game.due_at = game.deadline_at;
    tx.save_game(&mut game, now).await.unwrap();
    stale.status = GameStatus::Cancelled;
    assert!(matches!(
        tx.save_game(&mut stale, now).await,
        Err(StoreError::Conflict(_))
    ));
    tx.commit().await.unwrap();
    let mut tx = store.write().await.unwrap();
    let read = tx.game(game.id).await.unwrap().unwrap();
    assert_eq!(read.status, GameStatus::Active);
    assert_eq!(read.version, 1);
    assert_eq!(
        tx.games_due(now + Duration::days(4), 10)
            .await
            .unwrap()
            .len(),
        1
    );

    // Deliveries: recorded once; the same id again writes nothing and keeps the first reply.
    assert!(
        tx.try_record_delivery("m1", "discord:7", "ok", now)
            .await
            .unwrap()
    );
    assert!(
        !tx.try_record_delivery("m1", "discord:7", "other", now)
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
    // The same id from another sender is another delivery, and the first reply is not theirs.
    assert_eq!(
        tx.delivery_reply("m1", "mailto:eve@example.org")
            .await
            .unwrap(),
        None
    );
    assert!(
        tx.try_record_delivery("m1", "mailto:eve@example.org", "theirs", now)
            .await
            .unwrap()
    );
    drop(tx);

    // Outbox: pending until sent; a failure waits for its retry time.
    let mut tx = store.write().await.unwrap();
    for (subject, kind) in [("one", Notice::Reminder), ("two", Notice::GameOver)] {
        tx.queue(
            &NewMessage {
                player_id: bo.id,
                channel: "discord".into(),
                address: "discord:7".into(),
                game_id: Some(game.id),
                ply: Some(0),
                kind,
                board: true,
                overlay: kind == Notice::GameOver,
                subject: subject.into(),
                body: subject.into(),
            },
            now,
        )
        .await
        .unwrap();
    }
    let pending = tx.pending("discord", now, 10).await.unwrap();
    assert_eq!(pending.len(), 2);
    // The kind and the picture's flags come back as written.
    assert_eq!(pending[0].kind, Notice::Reminder);
    assert!(pending[0].board && !pending[0].overlay);
    assert_eq!(pending[1].kind, Notice::GameOver);
    assert!(pending[1].overlay);
    for kind in Notice::ALL {
        assert_eq!(Notice::from_code(kind.code()), kind);
    }
    assert!(tx.pending("mailto", now, 10).await.unwrap().is_empty());
    tx.mark_sent(pending[0].id, now).await.unwrap();
    tx.mark_failed(pending[1].id, "timeout", now + Duration::seconds(30))
        .await
        .unwrap();
    assert!(tx.pending("discord", now, 10).await.unwrap().is_empty());
    let retry = tx
        .pending("discord", now + Duration::seconds(30), 10)
        .await
        .unwrap();
    assert_eq!(retry.len(), 1);
    assert_eq!(retry[0].attempts, 1);
    let stats = tx.outbox_stats().await.unwrap();
    assert_eq!((stats.pending, stats.sent), (1, 1));
    tx.commit().await.unwrap();

    assert!(store.raw_insert_rate(20).await.unwrap() > 0.0);
    store.close().await;
}
