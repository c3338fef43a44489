//! A consistent copy of a live database: SQLite's `VACUUM INTO` reads the database in one read
//! transaction, so the copy is the database as of one commit, whoever is writing meanwhile (WAL
//! readers never block the writer, nor it them). The copy is compact (no free pages) and a plain
//! database file, with no WAL beside it.
//!
//! It never overwrites: the target is created exclusively before anything is copied, so an
//! existing file, or one made by a concurrent backup, is refused and left as it was.

use sqlx::Connection;
use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Why a backup failed; nothing was left at the target, unless it existed before.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("{} exists already; a backup never overwrites a file", .0.display())]
    Exists(PathBuf),
    #[error("there is no database at {}", .0.display())]
    NoDatabase(PathBuf),
    #[error("creating {}: {source}", path.display())]
    Create {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("copying the database: {0}")]
    Db(#[from] sqlx::Error),
    #[error("the copy failed its integrity check: {0}")]
    Damaged(String),
}

/// What a backup wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BackupSummary {
    /// Games in the copy.
    pub games: i64,
    /// Size of the copy in bytes.
    pub bytes: u64,
}

/// Copies the database at `database` to `to`, which must not exist, while other processes may be
/// using it; then opens the copy and checks it. `busy_timeout` is how long to wait for a writer
/// that holds a lock SQLite needs to start reading (a WAL checkpoint, a recovery).
///
/// The database is opened without running migrations: a backup copies what is there.
pub async fn backup(
    database: &Path,
    to: &Path,
    busy_timeout: Duration,
) -> Result<BackupSummary, BackupError> {
    if !database.is_file() {
        return Err(BackupError::NoDatabase(database.to_owned()));
    }
    // `VACUUM INTO` accepts an empty file as its target, so creating it exclusively first makes
    // the refusal atomic: no other backup can slip in between the check and the copy.
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(to)
    {
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            return Err(BackupError::Exists(to.to_owned()));
        }
        Err(source) => {
            return Err(BackupError::Create {
                path: to.to_owned(),
                source,
            });
        }
    }
    let result = copy_and_check(database, to, busy_timeout).await;
    if result.is_err() {
        // The empty or partial file is ours: leaving it would make the next try refuse.
        let _ = std::fs::remove_file(to);
    }
    result
}

async fn copy_and_check(
    database: &Path,
    to: &Path,
    busy_timeout: Duration,
) -> Result<BackupSummary, BackupError> {
    let source = SqliteConnectOptions::new()
        .filename(database)
        .create_if_missing(false)
        .busy_timeout(busy_timeout);
    let mut conn = SqliteConnection::connect_with(&source).await?;
    sqlx::query("VACUUM INTO ?")
        .bind(to.to_string_lossy().into_owned())
        .execute(&mut conn)
        .await?;
    conn.close().await?;

    let copy = SqliteConnectOptions::new()
        .filename(to)
        .create_if_missing(false)
        .read_only(true);
    let mut conn = SqliteConnection::connect_with(&copy).await?;
    let check: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut conn)
        .await?;
    if check != "ok" {
        return Err(BackupError::Damaged(check));
    }
    let games: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM games")
        .fetch_one(&mut conn)
        .await?;
    conn.close().await?;
    let bytes = std::fs::metadata(to)
        .map_err(|source| BackupError::Create {
            path: to.to_owned(),
            source,
        })?
        .len();
    Ok(BackupSummary { games, bytes })
}
