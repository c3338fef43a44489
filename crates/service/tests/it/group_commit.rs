//! Group commit: commands that arrive while the writer is busy share one commit, each in its own
//! savepoint. A batch mixing a legal move, an illegal move, a stale button (version conflict), a
//! repeated delivery and a database error injected into one command's statements is run twice
//! on identical databases: once queued into one batch, once one command at a time. Every answer,
//! and everything stored, is the same both ways; the batch took one commit; and no answer of the
//! batch came out before its commit.

use agora_service::{
    Answer, BatchLimits, Inbound, Service, ServiceError, Settings, Status, Store, StoreOptions,
    Templates,
};
use chrono::{DateTime, TimeZone, Utc};
use sqlx::{Connection, Row, SqliteConnection};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

const GAMES: i64 = 6;

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 2, 12, 0, 0).unwrap()
}

fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("agora-group-commit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.db"));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    path
}

fn inbound(from: &str, text: &str, delivery: &str) -> Inbound {
    Inbound {
        text: text.into(),
        delivery: Some(delivery.into()),
        ..Inbound::new(format!("local:{from}").parse().unwrap())
    }
}

/// A service on a fresh file with `GAMES` Agon games started (game `g` between `a<g>`, who
/// moves first, and `b<g>`), and a trigger that fails every action stored in game 3: a
/// database error inside one command's savepoint.
async fn setup(name: &str) -> (Arc<Service>, PathBuf) {
    let path = temp_db(name);
    let options = StoreOptions {
        // Long enough that only "nobody else is waiting" closes the batch in this test.
        batch: BatchLimits {
            max_commands: 64,
            max_open: Duration::from_secs(60),
        },
        ..StoreOptions::default()
    };
    let store = Store::open(&path, &options).await.unwrap();
    let settings = Settings {
        seed: Some(3),
        ..Settings::default()
    };
    let service = Arc::new(Service::new(
        store,
        Templates::load(None).unwrap(),
        settings,
    ));
    for g in 1..=GAMES {
        let challenge = inbound(
            &format!("a{g}"),
            &format!("challenge b{g} agon"),
            &format!("c{g}"),
        );
        let hello = inbound(&format!("b{g}"), "games", &format!("hi{g}"));
        let accept = inbound(&format!("b{g}"), "accept", &format!("ok{g}"));
        for i in [hello, challenge, accept] {
            let answer = service.handle(&i, now()).await.unwrap();
            assert_eq!(answer.status, Status::Done, "{}", answer.text);
        }
    }
    let mut conn = SqliteConnection::connect(&format!("sqlite://{}", path.display()))
        .await
        .unwrap();
    sqlx::query(
        "CREATE TRIGGER injected_fault BEFORE INSERT ON actions WHEN NEW.game_id = 3
         BEGIN SELECT RAISE(ABORT, 'injected fault'); END",
    )
    .execute(&mut conn)
    .await
    .unwrap();
    conn.close().await.unwrap();
    (service, path)
}

/// The commands of the batch, each about a game of its own, so their order does not matter.
async fn commands(service: &Service) -> Vec<(&'static str, Inbound)> {
    let version = service.game_state(4, None).await.unwrap().unwrap().version;
    vec![
        ("legal move", inbound("a1", "move #1 k1-j1", "m1")),
        ("illegal move", inbound("a2", "move #2 k1-a9", "m2")),
        ("database error", inbound("a3", "move #3 k1-j1", "m3")),
        (
            "stale button",
            Inbound {
                game: Some(4),
                expect_version: Some(version - 1),
                ..inbound("a4", "move k1-j1", "m4")
            },
        ),
        ("another legal move", inbound("a5", "move #5 k1-j1", "m5")),
        // The accept of game 6 again: answered as before, applied never.
        ("repeated delivery", inbound("b6", "accept", "ok6")),
    ]
}

/// What a command came to: its status and words, or that it failed inside.
fn outcome(result: Result<Answer, ServiceError>) -> String {
    match result {
        Ok(a) => format!("{:?}: {}", a.status, a.text),
        Err(e) => format!("internal failure: {e}"),
    }
}

/// Everything the commands may have changed, as text.
async fn stored(path: &Path) -> String {
    let mut conn = SqliteConnection::connect(&format!("sqlite://{}", path.display()))
        .await
        .unwrap();
    let mut out = String::new();
    let queries = [
        "SELECT id, status, ply, version, position FROM games ORDER BY id",
        "SELECT game_id, ply, seat, notation, played_at, delivery_id FROM actions ORDER BY 1, 2",
        "SELECT id, sender, reply FROM deliveries ORDER BY id",
        "SELECT address, game_id, ply, subject, body FROM outbox ORDER BY game_id, address, id",
    ];
    for q in queries {
        for row in sqlx::query(q).fetch_all(&mut conn).await.unwrap() {
            let cells: Vec<String> = (0..row.len())
                .map(|i| {
                    row.try_get::<Option<String>, _>(i)
                        .ok()
                        .flatten()
                        .or_else(|| {
                            row.try_get::<Option<i64>, _>(i)
                                .ok()
                                .flatten()
                                .map(|v| v.to_string())
                        })
                        .unwrap_or_default()
                })
                .collect();
            out.push_str(&cells.join(" | "));
            out.push('\n');
        }
    }
    conn.close().await.unwrap();
    out
}

/// Actions of `game` visible to a reader of committed data.
async fn committed_actions(service: &Service, game: i64) -> u32 {
    service
        .store()
        .read()
        .await
        .unwrap()
        .actions(game)
        .await
        .unwrap()
        .len() as u32
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_failing_command_of_a_batch_fails_alone() {
    // One at a time: the reference.
    let (alone, alone_path) = setup("alone").await;
    let mut expected = BTreeMap::new();
    let before = alone.store().commit_stats();
    for (label, i) in commands(&alone).await {
        expected.insert(label, outcome(alone.handle(&i, now()).await));
    }
    let alone_commits = alone.store().commit_stats().commits - before.commits;
    assert_eq!(
        alone_commits, 2,
        "each legal move commits on its own: {expected:#?}"
    );

    // All queued behind one open savepoint, so they share its batch.
    let (batched, batched_path) = setup("batched").await;
    let list = commands(&batched).await;
    let before = batched.store().commit_stats();
    let hold = batched.store().write().await.unwrap();
    let mut tasks = tokio::task::JoinSet::new();
    let count = list.len();
    for (label, i) in list {
        let service = batched.clone();
        tasks.spawn(async move {
            let result = service.handle(&i, now()).await;
            // Whatever the answer says is already committed when it comes out.
            let committed: Vec<u32> = {
                let mut v = Vec::new();
                for g in 1..=GAMES {
                    v.push(committed_actions(&service, g).await);
                }
                v
            };
            (label, outcome(result), committed)
        });
    }
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    while batched.store().queued() < count {
        assert!(
            tokio::time::Instant::now() < deadline,
            "commands never queued"
        );
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    hold.commit().await.unwrap();
    let mut got = BTreeMap::new();
    while let Some(r) = tasks.join_next().await {
        let (label, outcome, committed) = r.unwrap();
        if outcome.starts_with("Done") {
            // Both legal moves were in the batch, so both are on disk by either's answer.
            assert_eq!(committed, vec![1, 0, 0, 0, 1, 0], "{label}");
        }
        got.insert(label, outcome);
    }
    let stats = batched.store().commit_stats();
    assert_eq!(
        stats.commits - before.commits,
        1,
        "one commit for the whole batch"
    );
    // The held savepoint and the two legal moves; the others rolled back alone.
    assert_eq!(stats.commands - before.commands, 3);
    assert_eq!(stats.failed, before.failed);

    assert_eq!(got, expected);
    assert!(got["legal move"].starts_with("Done"), "{got:?}");
    assert!(got["another legal move"].starts_with("Done"), "{got:?}");
    assert!(got["illegal move"].starts_with("Refused"), "{got:?}");
    assert!(got["stale button"].starts_with("Refused"), "{got:?}");
    assert!(got["repeated delivery"].starts_with("Repeat"), "{got:?}");
    assert!(got["database error"].contains("injected fault"), "{got:?}");
    batched.store().close().await;
    alone.store().close().await;
    assert_eq!(stored(&batched_path).await, stored(&alone_path).await);
}

/// A command alone is not held back for others: it commits at once, however long a batch may
/// stay open.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_alone_commits_at_once() {
    let (service, _path) = setup("alone-at-once").await;
    let before = service.store().commit_stats();
    let started = std::time::Instant::now();
    let answer = service
        .handle(&inbound("a1", "move 1 k1-j1", "solo"), now())
        .await
        .unwrap();
    assert_eq!(answer.status, Status::Done, "{}", answer.text);
    // The batch may stay open 60 s in this test; the command did not wait for that.
    assert!(started.elapsed() < Duration::from_secs(30));
    assert_eq!(service.store().commit_stats().commits - before.commits, 1);
    assert_eq!(committed_actions(&service, 1).await, 1);
}
