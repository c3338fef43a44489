//! Agora's storage: every SQL statement of the project lives in this crate.
//!
//! [`Store`] is the facade: it opens the SQLite file (WAL), applies the embedded migrations from
//! `migrations/`, and hands out transactions. A [`Tx`] carries the methods of each aggregate, one
//! file per aggregate ([`players`], [`games`], [`deliveries`], [`outbox`]); [`purge`] removes
//! what is old and [`admin`] holds what the operator sees and changes. Their row structs stay
//! private and they return domain types. The store knows nothing of commands, templates or
//! clocks: callers pass `now`. [`backup`] copies a live database.
//!
//! Every state change is one [`Tx`]: a savepoint of the one write transaction the process has
//! open, which SQLite began with `BEGIN IMMEDIATE` so it holds the write lock up front and two
//! writers never both read a game and then both try to upgrade. Commands that arrive while a
//! commit is under way share the next commit ([`writer`]: group commit, one fsync per batch).
//! [`Tx::save_game`] also checks the game's version, which keeps the same guarantee on a backend
//! where transactions do not serialise.

pub mod admin;
mod analyses;
pub mod backup;
mod checkpoint;
mod clock_columns;
pub mod commits;
mod community;
mod conditionals;
pub mod deliveries;
mod dialect;
mod direct;
pub mod discord;
pub mod games;
mod health;
mod lane;
mod leases;
pub mod mail;
mod notes;
pub mod outbox;
pub mod players;
pub mod purge;
pub mod ratings;
mod site;
pub mod testing;
mod tournaments;
pub mod writer;

pub use admin::{Queue, RowChange, StuckRow};
pub use analyses::AnalysisRow;
pub use backup::{BackupError, BackupSummary};
pub use conditionals::ConditionalLine;
pub use games::{
    EndReason, Ending, Game, GameOptions, GameStatus, NewGame, PlayedAction, TimeControl,
    TimeoutPolicy,
};
pub use health::{Gauges, Waiting};
pub use mail::{MailRetry, MailSender, MailThread, PutAsideMail, SpooledMail};
pub use notes::Note;
pub use outbox::{Claimed, NewMessage, Notice, OutboxMessage, OutboxStats, Queued};
pub use players::{LinkCode, LinkedIdentity, Player, Vacation};
pub use purge::Purged;
pub use ratings::{Rating, RatingChange, Reliability};
pub use tournaments::{
    Entrant, NewTournament, Tournament, TournamentGame, TournamentStatus, format_code,
};
pub use writer::{BatchLimits, CommitStats, Tx, Urgency};

use agora_rules::Seat;
use sqlx::Connection;
use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions, PgSslMode};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

/// Why a store call failed. None of these is the user's fault: the service shows them as an
/// internal failure.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Db(sqlx::Error),
    /// On PostgreSQL, a key (a player's name, a delivery's id) that another transaction took
    /// after this one found it free: its command runs again and finds it taken. Carries the
    /// unique index's name. (SQLite's one writer never lets two commands race on a key.)
    #[error("{0}: taken by another command meanwhile")]
    Taken(String),
    #[error("migrations: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// Someone else changed the game since it was read; the caller retries or reports.
    #[error("game {0} changed meanwhile")]
    Conflict(i64),
    #[error("unreadable row: {0}")]
    Corrupt(String),
    /// The commit this command shared with others failed: none of the batch was kept.
    #[error("shared commit failed: {0}")]
    Batch(std::sync::Arc<str>),
    /// The store was closed.
    #[error("the database is closed")]
    Closed,
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        if let sqlx::Error::Database(db) = &e
            && db.kind() == sqlx::error::ErrorKind::UniqueViolation
            && db
                .try_downcast_ref::<sqlx::postgres::PgDatabaseError>()
                .is_some()
        {
            return StoreError::Taken(db.constraint().unwrap_or("a unique key").to_owned());
        }
        StoreError::Db(e)
    }
}

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// How to open the database.
#[derive(Debug, Clone)]
pub struct StoreOptions {
    /// Connections in the pool the store reads through outside commands (migrations, figures).
    /// Every write goes through the one writer connection beside it.
    pub max_connections: u32,
    /// `true` = `synchronous=FULL` (every commit reaches the disk before it returns; survives a
    /// power cut); `false` = `NORMAL` (survives a crash of the process, may lose the last commits
    /// on a power cut).
    pub sync_full: bool,
    /// How long a writer waits for another process holding the write lock.
    pub busy_timeout: Duration,
    /// When a shared commit stops waiting for more commands.
    pub batch: BatchLimits,
    /// Keep the writer's thread and SQLite's thread for the writer connection on one CPU (the
    /// last the process may use), so the hand-offs between them do not cross CPUs (see
    /// [`Store::on_writer`]).
    pub pin_writer: bool,
    /// Connections in a pool of their own for the website's page reads ([`Store::read_page`]),
    /// so a crowd of page requests waits for these and never for the connections commands use.
    pub page_connections: u32,
}

impl Default for StoreOptions {
    fn default() -> StoreOptions {
        StoreOptions {
            max_connections: 4,
            sync_full: true,
            busy_timeout: Duration::from_secs(10),
            batch: BatchLimits::default(),
            pin_writer: true,
            page_connections: 4,
        }
    }
}

/// How long a page read waits for a connection of its pool before it gives up (the page is then
/// answered with an error, and the reader may try again): pages must not queue up without end.
const PAGE_WAIT: Duration = Duration::from_secs(5);

/// The facade over the database.
#[derive(Clone)]
pub struct Store {
    engine: Engine,
    /// The website's page reads, on connections of their own.
    pages: Pages,
}

#[derive(Clone)]
enum Pages {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

#[derive(Clone)]
enum Engine {
    Sqlite(Box<Lite>),
    Postgres(PgPool),
}

/// The store on a SQLite file.
#[derive(Clone)]
struct Lite {
    pool: SqlitePool,
    writer: std::sync::Arc<writer::Writer>,
    lane: std::sync::Arc<lane::Lane>,
    /// How the pool's connections are opened, for a connection of its own ([`Store::commits`]).
    connect: SqliteConnectOptions,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.engine {
            Engine::Sqlite(lite) => f
                .debug_struct("Store")
                .field("pool", &lite.pool)
                .field("commits", &lite.writer.stats())
                .finish(),
            Engine::Postgres(pool) => f.debug_struct("Store").field("pool", pool).finish(),
        }
    }
}

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../../migrations");

/// The same schema on PostgreSQL (`migrations/postgres`): every SQLite migration after the first
/// PostgreSQL file has a twin of the same number there. A test builds both and compares them.
pub static POSTGRES_MIGRATIONS: sqlx::migrate::Migrator =
    sqlx::migrate!("../../migrations/postgres");

/// Whether a `[database] url` names a PostgreSQL database (`postgres://…`, `postgresql://…`).
pub fn is_postgres_url(url: &str) -> bool {
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

impl Store {
    /// Opens the database a `[database] url` names: `postgres://…` (or `postgresql://…`) on
    /// PostgreSQL, `sqlite:PATH` (or a bare path) on a SQLite file.
    pub async fn connect(url: &str, options: &StoreOptions) -> Result<Store> {
        if is_postgres_url(url) {
            return Store::open_postgres(url, options).await;
        }
        let path = url
            .strip_prefix("sqlite://")
            .or_else(|| url.strip_prefix("sqlite:"));
        Store::open(Path::new(path.unwrap_or(url)), options).await
    }

    /// Connects to the PostgreSQL database at `url` and applies every pending migration of
    /// `migrations/postgres`. Each command is a transaction of its own on a pooled connection.
    pub async fn open_postgres(url: &str, options: &StoreOptions) -> Result<Store> {
        let mut connect = PgConnectOptions::from_str(url)?.options([(
            "synchronous_commit",
            if options.sync_full { "on" } else { "off" },
        )]);
        // Off this machine, TLS is required unless the URL says otherwise (`sslmode=`): the
        // driver's own default, `prefer`, falls back to plain text without a word.
        if tls_required_by_default(url, connect.get_host()) {
            connect = connect.ssl_mode(PgSslMode::Require);
        }
        let pool = PgPoolOptions::new()
            .max_connections(options.max_connections.max(1) * 4)
            .min_connections(1)
            .acquire_timeout(options.busy_timeout)
            .connect_with(connect.clone())
            .await?;
        POSTGRES_MIGRATIONS.run(&pool).await?;
        let pages = PgPoolOptions::new()
            .max_connections(options.page_connections.max(1))
            .min_connections(0)
            .acquire_timeout(PAGE_WAIT.min(options.busy_timeout))
            .connect_lazy_with(connect);
        Ok(Store {
            engine: Engine::Postgres(pool),
            pages: Pages::Postgres(pages),
        })
    }

    /// Whether the store is on PostgreSQL.
    pub fn is_postgres(&self) -> bool {
        matches!(self.engine, Engine::Postgres(_))
    }

    /// The SQLite parts of the store, or why there are none.
    fn lite(&self) -> Option<&Lite> {
        match &self.engine {
            Engine::Sqlite(lite) => Some(lite),
            Engine::Postgres(_) => None,
        }
    }

    /// Opens (creating if missing) the SQLite file at `path` in WAL mode and applies every pending
    /// migration. A new file is readable by its owner alone (`0600`), whatever the umask: it
    /// holds every player's addresses and keys. SQLite gives its WAL and shared-memory files the
    /// same permissions.
    pub async fn open(path: &Path, options: &StoreOptions) -> Result<Store> {
        create_private(path).map_err(sqlx::Error::Io)?;
        let connect = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(if options.sync_full {
                SqliteSynchronous::Full
            } else {
                SqliteSynchronous::Normal
            })
            .foreign_keys(true)
            .busy_timeout(options.busy_timeout);
        let pool = SqlitePoolOptions::new()
            .max_connections(options.max_connections.max(1))
            .min_connections(1)
            // A local file has no connection to lose: testing it before each use would cost a
            // round trip to SQLite's thread on every command.
            .test_before_acquire(false)
            .connect_with(connect.clone())
            .await?;
        MIGRATOR.run(&pool).await?;
        mail::hash_plain_tokens(&pool).await?;
        let lane = std::sync::Arc::new(
            lane::Lane::start(options.pin_writer)
                .await
                .map_err(sqlx::Error::Io)?,
        );
        // Opened from the lane, so SQLite's thread for it starts on the lane's CPU. It leaves
        // checkpoints to a task of their own (see `checkpoint`). Its temporary files are kept in
        // memory: every command runs in a savepoint, whose pages' old contents SQLite keeps in a
        // sub-journal, otherwise a temporary file written on every first change of a page.
        let writer_connect = connect
            .clone()
            .pragma("wal_autocheckpoint", "0")
            .pragma("temp_store", "memory");
        let conn = lane
            .run(async move { sqlx::SqliteConnection::connect_with(&writer_connect).await })
            .await
            .ok_or(StoreError::Closed)??;
        let committed = std::sync::Arc::new(tokio::sync::Notify::new());
        lane.spawn(checkpoint::run(pool.clone(), committed.clone()));
        let writer = writer::Writer::start(conn, options.batch, lane.clone(), committed);
        let pages = SqlitePoolOptions::new()
            .max_connections(options.page_connections.max(1))
            .min_connections(0)
            .acquire_timeout(PAGE_WAIT.min(options.busy_timeout))
            .test_before_acquire(false)
            .connect_lazy_with(connect.clone().read_only(true));
        Ok(Store {
            engine: Engine::Sqlite(Box::new(Lite {
                pool,
                writer,
                lane,
                connect,
            })),
            pages: Pages::Sqlite(pages),
        })
    }

    /// Runs `task` on the writer's thread and returns its output: the way a command that writes
    /// should run, since every statement it sends the writer connection is then handed between
    /// two threads on the same CPU (see `lane`). A task begun runs to its end even if the caller
    /// stops waiting for it. [`StoreError::Closed`] if the store was dropped meanwhile. On
    /// PostgreSQL, where there is no writer thread, the task runs as a task of its own.
    pub async fn on_writer<F>(&self, task: F) -> Result<F::Output>
    where
        F: std::future::Future + Send + 'static,
        F::Output: Send + 'static,
    {
        match &self.engine {
            Engine::Sqlite(lite) => lite.lane.run(task).await.ok_or(StoreError::Closed),
            Engine::Postgres(_) => tokio::spawn(task).await.map_err(|_| StoreError::Closed),
        }
    }

    /// The CPU the writer's thread is pinned to, if it is.
    pub fn writer_cpu(&self) -> Option<usize> {
        self.lite().and_then(|lite| lite.lane.cpu())
    }

    /// Begins one command's share of the write transaction (see [`writer`]); on PostgreSQL, a
    /// transaction of its own.
    pub async fn write(&self) -> Result<Tx> {
        match &self.engine {
            Engine::Sqlite(lite) => Ok(lite.writer.begin(None, Urgency::InLine).await?.0),
            Engine::Postgres(pool) => Ok(Tx::postgres(pool.begin().await?)),
        }
    }

    /// [`Store::write`] for a short write of the deliveries' own bookkeeping (a claim, a row
    /// marked sent, a post recorded): on SQLite it waits behind the write under way and at most
    /// one command, not behind every command in line (see [`Urgency::Soon`]).
    pub async fn write_soon(&self) -> Result<Tx> {
        match &self.engine {
            Engine::Sqlite(lite) => Ok(lite.writer.begin(None, Urgency::Soon).await?.0),
            Engine::Postgres(pool) => Ok(Tx::postgres(pool.begin().await?)),
        }
    }

    /// [`Store::write`] for a command from `sender` (an identity's text form), and whether that
    /// identity is blocked, asked as the savepoint is opened.
    pub async fn write_from(&self, sender: &str) -> Result<(Tx, bool)> {
        match &self.engine {
            Engine::Sqlite(lite) => lite.writer.begin(Some(sender), Urgency::InLine).await,
            Engine::Postgres(pool) => {
                let mut tx = pool.begin().await?;
                let blocked: bool = sqlx::query_scalar(
                    "SELECT EXISTS (SELECT 1 FROM blocked_identities WHERE identity = $1)",
                )
                .bind(sender.to_owned())
                .fetch_one(&mut *tx)
                .await?;
                Ok((Tx::postgres(tx), blocked))
            }
        }
    }

    /// Begins a read of committed data on a connection of the pool, beside the writer: what it
    /// sees is on disk (on `synchronous=FULL`), and it never waits for a batch. For questions that
    /// change nothing (a picture's game, the rows due to be sent).
    pub async fn read(&self) -> Result<Tx> {
        match &self.engine {
            Engine::Sqlite(lite) => Ok(Tx::reading(lite.pool.begin().await?, lite.writer.clone())),
            Engine::Postgres(pool) => Ok(Tx::postgres(pool.begin().await?)),
        }
    }

    /// A read of committed data for a page of the website, on the pool kept for pages (see
    /// [`StoreOptions::page_connections`]): however many pages are asked at once, the commands'
    /// connections stay free. Fails after a few seconds' wait for a connection.
    pub async fn read_page(&self) -> Result<Tx> {
        match (&self.engine, &self.pages) {
            (Engine::Sqlite(lite), Pages::Sqlite(pool)) => {
                Ok(Tx::reading(pool.begin().await?, lite.writer.clone()))
            }
            (_, Pages::Postgres(pool)) => Ok(Tx::postgres(pool.begin().await?)),
            (Engine::Postgres(_), Pages::Sqlite(_)) => self.read().await,
        }
    }

    /// A look-out for commits made through other connections, other processes' among them, on a
    /// connection of its own (see [`commits`]): how a process that delivers an outbox learns of
    /// rows another process queued.
    pub fn commits(&self) -> commits::Commits {
        match &self.engine {
            Engine::Sqlite(lite) => commits::Commits::sqlite(lite.connect.clone()),
            Engine::Postgres(pool) => commits::Commits::postgres(pool.clone()),
        }
    }

    /// Commands waiting for the writer connection now (they will share the next commit).
    pub fn queued(&self) -> usize {
        self.lite().map_or(0, |lite| lite.writer.queued())
    }

    /// The commits made so far and the commands they carried (SQLite's group commit; zero on
    /// PostgreSQL).
    pub fn commit_stats(&self) -> CommitStats {
        self.lite()
            .map_or_else(CommitStats::default, |lite| lite.writer.stats())
    }

    /// The names of the migrations applied, oldest first.
    pub async fn applied_migrations(&self) -> Result<Vec<String>> {
        const SQL: &str = "SELECT description FROM _sqlx_migrations ORDER BY version";
        Ok(match &self.engine {
            Engine::Sqlite(lite) => sqlx::query_scalar(SQL).fetch_all(&lite.pool).await?,
            Engine::Postgres(pool) => sqlx::query_scalar(SQL).fetch_all(pool).await?,
        })
    }

    /// Measures the raw rate of single-row committed inserts into a scratch table on this
    /// database's disk (one transaction per insert), for comparison with the service's own rate.
    pub async fn raw_insert_rate(&self, rows: u32) -> Result<f64> {
        let pool = match &self.engine {
            Engine::Sqlite(lite) => &lite.pool,
            Engine::Postgres(pool) => return raw_insert_rate_postgres(pool, rows).await,
        };
        // A real table in the main schema (not TEMP, which lives outside the WAL), so the figure
        // measures the same disk path as the service's commits; it is dropped afterwards.
        sqlx::query("CREATE TABLE IF NOT EXISTS _bench_inserts (id INTEGER PRIMARY KEY, v TEXT)")
            .execute(pool)
            .await?;
        let start = std::time::Instant::now();
        for i in 0..rows {
            let mut tx = pool.begin_with("BEGIN IMMEDIATE").await?;
            sqlx::query("INSERT INTO _bench_inserts (v) VALUES (?)")
                .bind(format!("row {i}"))
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
        }
        let secs = start.elapsed().as_secs_f64();
        sqlx::query("DROP TABLE _bench_inserts")
            .execute(pool)
            .await?;
        Ok(rows as f64 / secs)
    }

    /// Commits what is open and closes every connection (checkpointing the WAL).
    pub async fn close(&self) {
        match &self.engine {
            Engine::Sqlite(lite) => {
                lite.writer.close().await;
                lite.pool.close().await;
            }
            Engine::Postgres(pool) => pool.close().await,
        }
    }
}

/// [`Store::raw_insert_rate`] on PostgreSQL: a table of this connection's own, dropped after.
async fn raw_insert_rate_postgres(pool: &PgPool, rows: u32) -> Result<f64> {
    let mut conn = pool.acquire().await?;
    let table = format!("_bench_inserts_{}", std::process::id());
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "CREATE TABLE IF NOT EXISTS {table} (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, v TEXT)"
    )))
    .execute(&mut *conn)
    .await?;
    let insert = format!("INSERT INTO {table} (v) VALUES ($1)");
    let start = std::time::Instant::now();
    for i in 0..rows {
        let mut tx = conn.begin().await?;
        sqlx::query(sqlx::AssertSqlSafe(insert.as_str()))
            .bind(format!("row {i}"))
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
    }
    let secs = start.elapsed().as_secs_f64();
    sqlx::query(sqlx::AssertSqlSafe(format!("DROP TABLE {table}")))
        .execute(&mut *conn)
        .await?;
    Ok(rows as f64 / secs)
}

/// The stable text code of a seat in the database.
fn seat_code(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "first",
        Seat::Second => "second",
    }
}

fn parse_seat(code: &str) -> Result<Seat> {
    match code {
        "first" => Ok(Seat::First),
        "second" => Ok(Seat::Second),
        other => Err(StoreError::Corrupt(format!("seat `{other}`"))),
    }
}

fn parse_code<T: FromStr>(what: &str, code: &str) -> Result<T> {
    code.parse()
        .map_err(|_| StoreError::Corrupt(format!("{what} `{code}`")))
}

/// Creates an empty database file at `path` with the owner's permissions only (`0600`), unless
/// something is there already (left as it is).
fn create_private(path: &Path) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    match options.open(path) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        // A path SQLite itself resolves (":memory:", a URI) or a folder not there yet: SQLite
        // says what is wrong.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}

/// Whether a PostgreSQL URL that names no `sslmode` gets `require`: every host but this machine
/// (`localhost`, a loopback address, or a Unix socket's folder).
fn tls_required_by_default(url: &str, host: &str) -> bool {
    let names_mode = url.split_once('?').is_some_and(|(_, query)| {
        query.split('&').any(|pair| {
            pair.split('=')
                .next()
                .unwrap_or("")
                .eq_ignore_ascii_case("sslmode")
        })
    });
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let local = host.is_empty()
        || host.starts_with('/')
        || host.eq_ignore_ascii_case("localhost")
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback());
    !names_mode && !local
}

#[cfg(test)]
mod tls_tests {
    use super::tls_required_by_default as required;

    #[test]
    fn tls_is_required_off_this_machine_unless_the_url_says_otherwise() {
        assert!(required("postgres://agora@db.example/agora", "db.example"));
        assert!(required("postgres://agora@10.0.0.5/agora", "10.0.0.5"));
        for (url, host) in [
            ("postgres://agora@127.0.0.1:5432/agora", "127.0.0.1"),
            ("postgres://agora@localhost/agora", "localhost"),
            ("postgres://agora@[::1]/agora", "[::1]"),
            ("postgres:///agora?host=/run/postgresql", "/run/postgresql"),
            (
                "postgres://agora@db.example/agora?sslmode=disable",
                "db.example",
            ),
            (
                "postgres://agora@db.example/agora?SSLMode=verify-full",
                "db.example",
            ),
        ] {
            assert!(!required(url, host), "{url}");
        }
    }
}
