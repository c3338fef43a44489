//! Checkpoints of the write-ahead log, off the writer's path.
//!
//! SQLite copies the WAL back into the database file (a checkpoint) from inside the commit that
//! makes the log pass 1,000 pages, so that commit, and every command waiting behind it, pays for
//! writing and syncing the database file too. The writer connection turns that off
//! (`wal_autocheckpoint = 0`) and this task does the same work on a reading connection after
//! commits: a passive checkpoint, which never blocks the writer, so commands go on while it runs.
//! Under a steady stream of commits it never copies the last frames before the next commit adds
//! more, so every 32 commits the writer copies the rest itself, between two batches, and the WAL
//! starts over (`writer::catch_up`).

use sqlx::SqlitePool;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

/// How long the task lets commits gather before it checkpoints what they wrote.
const GATHER: Duration = Duration::from_millis(50);

/// Checkpoints after each wake-up (`committed` is notified by every commit) until the pool is
/// closed.
pub(crate) async fn run(pool: SqlitePool, committed: Arc<Notify>) {
    loop {
        committed.notified().await;
        tokio::time::sleep(GATHER).await;
        if pool.is_closed() {
            return;
        }
        let done: Result<(i64, i64, i64), sqlx::Error> =
            sqlx::query_as("PRAGMA wal_checkpoint(PASSIVE)")
                .fetch_one(&pool)
                .await;
        match done {
            Ok(_) => {}
            Err(sqlx::Error::PoolClosed) => return,
            Err(e) => tracing::warn!(error = %e, "a checkpoint of the write-ahead log failed"),
        }
    }
}
