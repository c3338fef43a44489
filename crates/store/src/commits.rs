//! Commits made by other processes on the same database file.
//!
//! Several `agora serve` may share one SQLite file, and one of them at a time delivers a
//! channel's outbox (it holds the lease, see `leases`). A command in another process queues its
//! notifications in the same table, but the wake-up that the holder's own commands give its
//! sender does not cross processes, so the holder would see them only at its next poll. A
//! [`Commits`] is how it sees them sooner: a connection of its own that looks at SQLite's
//! `PRAGMA data_version` every little while. That number changes whenever any other connection
//! (another process's, or this process's writer) has committed, and SQLite keeps it in the WAL's
//! shared memory, so a look reads nothing from the disk.
//!
//! On PostgreSQL a command that queued notifications says so on commit (`NOTIFY agora_commits`
//! with its schema as the payload, sent by the server only if the transaction commits), and a
//! look-out listens on a connection of its own (`LISTEN agora_commits`), heeding the commits of
//! its own schema only: the channel is the whole server's, which other databases (other
//! installations, each in a schema of its own) may share.

use crate::Result;
use sqlx::Connection;
use sqlx::postgres::{PgListener, PgPool};
use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection};
use std::time::Duration;

/// The channel PostgreSQL's commits that queued notifications are announced on.
pub(crate) const CHANNEL: &str = "agora_commits";

/// How often a [`Commits`] looks: a notification queued by another process waits about this
/// long (instead of up to a poll of the outbox) before its sender sees it.
pub const LOOK_EVERY: Duration = Duration::from_millis(100);

/// One look-out for commits (see the module docs).
pub struct Commits(Inner);

enum Inner {
    Sqlite(Box<Lite>),
    Postgres {
        pool: PgPool,
        /// Listening since the first look, with the schema whose commits count; `None` after a
        /// failure, until it listens again.
        listener: Option<(PgListener, String)>,
    },
}

impl Commits {
    pub(crate) fn sqlite(options: SqliteConnectOptions) -> Commits {
        Commits(Inner::Sqlite(Box::new(Lite::new(options))))
    }

    pub(crate) fn postgres(pool: PgPool) -> Commits {
        Commits(Inner::Postgres {
            pool,
            listener: None,
        })
    }

    /// Returns once the database has changed by a commit since the last time this returned
    /// (since the first look, the first time). A look that had to connect again counts as a
    /// change, since what happened meanwhile is unknown: a pass too many costs little, a missed
    /// one a wait.
    pub async fn changed(&mut self) {
        match &mut self.0 {
            Inner::Sqlite(lite) => lite.changed().await,
            Inner::Postgres { pool, listener } => loop {
                let Some(listening) = listener else {
                    match listen(pool).await {
                        Ok(started) => *listener = Some(started),
                        Err(e) => {
                            tracing::debug!(error = %e, "could not listen for commits");
                            tokio::time::sleep(LOOK_EVERY).await;
                        }
                    }
                    continue;
                };
                let (listening, schema) = listening;
                match listening.try_recv().await {
                    Ok(Some(heard)) if heard.payload() == schema.as_str() => return,
                    // Another schema's commit on the same server.
                    Ok(Some(_)) => continue,
                    // The connection was lost and is made again: what was said meanwhile is lost.
                    Ok(None) => return,
                    Err(e) => {
                        tracing::debug!(error = %e, "lost the commits' channel");
                        *listener = None;
                        tokio::time::sleep(LOOK_EVERY).await;
                        return;
                    }
                }
            },
        }
    }
}

async fn listen(pool: &PgPool) -> Result<(PgListener, String)> {
    let schema: String = sqlx::query_scalar("SELECT current_schema()")
        .fetch_one(pool)
        .await?;
    let mut listener = PgListener::connect_with(pool).await?;
    listener.listen(CHANNEL).await?;
    Ok((listener, schema))
}

/// The look-out on SQLite.
struct Lite {
    options: SqliteConnectOptions,
    /// The connection it looks through and the version it last saw there; opened at the first
    /// look, and again after a look failed.
    conn: Option<(SqliteConnection, i64)>,
    /// A look failed, so the connection is opened again: versions are a connection's own.
    lost: bool,
}

impl Lite {
    fn new(options: SqliteConnectOptions) -> Lite {
        Lite {
            options,
            conn: None,
            lost: false,
        }
    }

    async fn changed(&mut self) {
        loop {
            tokio::time::sleep(LOOK_EVERY).await;
            let Some((conn, seen)) = &mut self.conn else {
                match self.open().await {
                    Ok(opened) => {
                        self.conn = Some(opened);
                        if std::mem::take(&mut self.lost) {
                            return;
                        }
                    }
                    Err(e) => tracing::debug!(error = %e, "could not look for commits"),
                }
                continue;
            };
            match data_version(conn).await {
                Ok(version) if version == *seen => {}
                Ok(version) => {
                    *seen = version;
                    return;
                }
                Err(e) => {
                    tracing::debug!(error = %e, "could not look for commits");
                    self.conn = None;
                    self.lost = true;
                }
            }
        }
    }

    async fn open(&self) -> Result<(SqliteConnection, i64)> {
        let mut conn = SqliteConnection::connect_with(&self.options).await?;
        let version = data_version(&mut conn).await?;
        Ok((conn, version))
    }
}
async fn data_version(conn: &mut SqliteConnection) -> Result<i64> {
    Ok(sqlx::query_scalar("PRAGMA data_version")
        .fetch_one(conn)
        .await?)
}
