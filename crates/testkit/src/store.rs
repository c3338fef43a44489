//! What the store's tests share: a fresh real SQLite file per test, in a directory of its own,
//! opened exactly as the service opens it (default options, WAL, every migration applied), and a
//! few rows most tests start from (two players, a game between them). No mock: a test that passes
//! here passed against the schema the binary ships.
//!
//! With `AGORA_TEST_STORE=postgres` the same tests run on PostgreSQL instead: each test gets a
//! schema of its own in the database `AGORA_TEST_POSTGRES_URL` names (see
//! `tests/postgres/server.sh`), with every PostgreSQL migration applied. Tests of what only SQLite
//! has (its files, its WAL, backups of a file) open [`TestDb::sqlite`] either way.

#![allow(dead_code)]

use agora_rules::Variant;
use agora_store::{
    Game, GameStatus, NewGame, NewMessage, Notice, Player, Store, StoreOptions, TimeControl,
    TimeoutPolicy, Tx,
};
use chrono::{DateTime, TimeZone, Utc};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// A store on a file nobody else uses; the directory goes away with it. On PostgreSQL, a schema
/// nobody else uses.
pub struct TestDb {
    pub store: Store,
    dir: PathBuf,
    /// The URL the store was opened with, on PostgreSQL.
    url: Option<String>,
}

static NEXT: AtomicU32 = AtomicU32::new(0);

impl TestDb {
    /// Opens a new database for the test `name`: a SQLite file, or a schema on PostgreSQL with
    /// `AGORA_TEST_STORE=postgres`.
    pub async fn fresh(name: &str) -> TestDb {
        match agora_store::testing::postgres_under_test() {
            Some(url) => TestDb::postgres(&url, name).await,
            None => TestDb::sqlite(name).await,
        }
    }

    /// A new schema on the PostgreSQL at `url`, and the store opened on it.
    async fn postgres(url: &str, name: &str) -> TestDb {
        let schema = format!(
            "t_{}_{}_{}",
            name.replace(|c: char| !c.is_ascii_alphanumeric(), "_"),
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        )
        .to_lowercase();
        agora_store::testing::reset_schema(url, &schema, true)
            .await
            .expect("the test PostgreSQL answers");
        let url = agora_store::testing::url_with_schema(url, &schema);
        let store = Store::connect(&url, &StoreOptions::default())
            .await
            .unwrap();
        TestDb {
            store,
            dir: PathBuf::new(),
            url: Some(url),
        }
    }

    /// The rows of a table as committed, read on a connection of its own.
    pub async fn count_rows(&self, table: &str) -> i64 {
        let sql = format!("SELECT COUNT(*) FROM {table}");
        match &self.url {
            Some(url) => {
                let pool = sqlx::PgPool::connect(url).await.unwrap();
                let n = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
                    .fetch_one(&pool)
                    .await
                    .unwrap();
                pool.close().await;
                n
            }
            None => {
                let pool =
                    sqlx::SqlitePool::connect(&format!("sqlite://{}", self.path().display()))
                        .await
                        .unwrap();
                let n = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
                    .fetch_one(&pool)
                    .await
                    .unwrap();
                pool.close().await;
                n
            }
        }
    }

    /// Whether the store is on PostgreSQL.
    pub fn is_postgres(&self) -> bool {
        self.url.is_some()
    }

    /// Opens a new SQLite file for the test `name`, whatever `AGORA_TEST_STORE` says. Tests of one
    /// binary run in parallel threads of one process, so the directory carries the process id,
    /// the name and a counter.
    pub async fn sqlite(name: &str) -> TestDb {
        let dir = std::env::temp_dir().join(format!(
            "agora-store-{}-{name}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        // A directory left by a crashed run with the same process id would hold an old database.
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let store = Store::open(&dir.join("agora.db"), &StoreOptions::default())
            .await
            .unwrap();
        TestDb {
            store,
            dir,
            url: None,
        }
    }

    /// The database file.
    pub fn path(&self) -> PathBuf {
        self.dir.join("agora.db")
    }

    pub async fn write(&self) -> Tx {
        self.store.write().await.unwrap()
    }

    /// Another store on the same file, as a second process on one database would open it (and
    /// as a process opens it again after a restart).
    pub async fn open_again(&self) -> Store {
        match &self.url {
            Some(url) => Store::connect(url, &StoreOptions::default()).await.unwrap(),
            None => Store::open(&self.path(), &StoreOptions::default())
                .await
                .unwrap(),
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if self.url.is_some() {
            return;
        }
        // The pool may still hold the file open; on Unix the unlinked file lives on until then.
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Whether a file exists beside the database, such as its `-wal`.
pub fn sibling_exists(db: &Path, suffix: &str) -> bool {
    Path::new(&format!("{}{suffix}", db.display())).exists()
}

/// A fixed instant, so times in the assertions read as plain dates.
pub fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 1, 1, 12, 0, 0).unwrap()
}

/// A person with one verified identity.
pub async fn player(tx: &mut Tx, name: &str, address: &str) -> Player {
    tx.create_player(name, address, true, None, t0())
        .await
        .unwrap()
}

/// An Agon challenge from the first seat to the second, three days per move.
pub fn new_game(seats: [i64; 2]) -> NewGame {
    NewGame {
        variant: Variant::Agon,
        seats,
        challenger: seats[0],
        status: GameStatus::Proposed,
        position: Variant::Agon.start().to_string(),
        time_control: TimeControl::PerMove { days: 3 },
        timeout: TimeoutPolicy::Loss,
        options: agora_store::GameOptions::default(),
    }
}

/// Inserts [`new_game`] and returns it as stored.
pub async fn game(tx: &mut Tx, seats: [i64; 2]) -> Game {
    tx.insert_game(&new_game(seats), t0()).await.unwrap()
}

/// A notification for a player on a channel, about a game or not.
pub fn message(player_id: i64, channel: &str, game_id: Option<i64>, subject: &str) -> NewMessage {
    NewMessage {
        player_id,
        channel: channel.into(),
        address: format!("{channel}:{player_id}"),
        game_id,
        ply: game_id.map(|_| 0),
        kind: Notice::Message,
        board: false,
        overlay: false,
        subject: subject.into(),
        body: format!("body of {subject}"),
    }
}
