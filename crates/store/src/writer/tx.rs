//! A command's handle on the database: the [`Tx`], the connection it holds (a savepoint of the
//! writer's batch, a read of committed data, or a transaction of its own on PostgreSQL), and its
//! commit and rollback, which hand the savepoint back to the writer's batch.

use super::{Slot, Writer, db, exec};
use crate::direct::Handle;
use crate::{Result, StoreError};
use sqlx::sqlite::SqliteConnection;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;
use tokio::sync::OwnedMutexGuard;

/// The connection a `Tx` runs on: the writer's (a savepoint of the batch), or a reader's (a
/// transaction of its own on a pooled connection, which sees only what is committed). `Done`
/// once [`Tx::commit`] or [`Tx::rollback`] has taken it back.
pub(crate) enum Held {
    Write(OwnedMutexGuard<Slot>),
    /// The handle (first, so it is given back before the transaction ends) and the transaction.
    Read(Handle, sqlx::Transaction<'static, sqlx::Sqlite>),
    /// A transaction of its own on a pooled PostgreSQL connection, reading or writing: on
    /// PostgreSQL every command commits by itself, and the server batches the flushes of
    /// concurrent commits.
    Pg(sqlx::Transaction<'static, sqlx::Postgres>),
    Done,
}

const HELD: &str = "a Tx holds its connection until it is committed or rolled back";
const NOT_SQLITE: &str = "a statement for SQLite only was sent to PostgreSQL";

/// The connection for a statement through sqlx: the handle is given back to sqlx's thread first.
fn conn(slot: &mut Slot) -> &mut SqliteConnection {
    slot.direct.give_back();
    slot.conn.as_mut().expect(HELD)
}

impl Deref for Held {
    type Target = SqliteConnection;
    fn deref(&self) -> &SqliteConnection {
        match self {
            Held::Write(slot) => slot.conn.as_ref().expect(HELD),
            Held::Read(_, tx) => tx,
            Held::Pg(_) => panic!("{NOT_SQLITE}"),
            Held::Done => panic!("{HELD}"),
        }
    }
}

impl DerefMut for Held {
    fn deref_mut(&mut self) -> &mut SqliteConnection {
        match self {
            Held::Write(slot) => conn(slot),
            Held::Read(direct, tx) => {
                direct.give_back();
                tx
            }
            Held::Pg(_) => panic!("{NOT_SQLITE}"),
            Held::Done => panic!("{HELD}"),
        }
    }
}

/// One command's share of a write transaction (a savepoint of the current batch), or a read of
/// committed data ([`crate::Store::read`]). Dropping it without [`Tx::commit`] rolls back
/// everything it did, which is how a command that fails half-way changes nothing.
pub struct Tx {
    pub(crate) tx: Held,
    /// The group-commit writer on SQLite; `None` on PostgreSQL.
    pub(super) writer: Option<Arc<Writer>>,
    /// The notifications this command queued, in order ([`Tx::queued`]).
    pub(crate) queued: Vec<crate::outbox::Queued>,
}

impl Tx {
    /// The connection's SQLite handle, for statements run on the calling thread (see `direct`).
    pub(crate) async fn db(&mut self) -> Result<&rusqlite::Connection> {
        match &mut self.tx {
            Held::Write(slot) => db(slot).await,
            Held::Read(direct, tx) => Ok(direct.take(tx).await?),
            Held::Pg(_) => panic!("{NOT_SQLITE}"),
            Held::Done => panic!("{HELD}"),
        }
    }

    pub(crate) fn reading(tx: sqlx::Transaction<'static, sqlx::Sqlite>, writer: Arc<Writer>) -> Tx {
        Tx {
            tx: Held::Read(Handle::default(), tx),
            writer: Some(writer),
            queued: Vec::new(),
        }
    }

    /// A command's transaction on PostgreSQL.
    pub(crate) fn postgres(tx: sqlx::Transaction<'static, sqlx::Postgres>) -> Tx {
        Tx {
            tx: Held::Pg(tx),
            writer: None,
            queued: Vec::new(),
        }
    }

    /// Whether this transaction is on PostgreSQL, for the few statements the two dialects write
    /// differently.
    pub(crate) fn is_postgres(&self) -> bool {
        matches!(self.tx, Held::Pg(_))
    }

    /// Keeps what this command did and returns once it is committed: on `synchronous=FULL`, on
    /// disk. Commands that arrived meanwhile share the commit.
    pub async fn commit(mut self) -> Result<()> {
        let mut slot = match std::mem::replace(&mut self.tx, Held::Done) {
            Held::Write(slot) => slot,
            Held::Read(direct, tx) => {
                drop(direct);
                return Ok(tx.commit().await?);
            }
            Held::Pg(mut tx) => {
                if !self.queued.is_empty() {
                    // Heard by the look-outs of other processes once this commits (see `commits`).
                    sqlx::query("SELECT pg_notify($1, current_schema())")
                        .bind(crate::commits::CHANNEL)
                        .execute(&mut *tx)
                        .await?;
                }
                return Ok(tx.commit().await?);
            }
            Held::Done => return Ok(()),
        };
        let writer = self
            .writer
            .clone()
            .expect("a Tx on the writer has its writer");
        if let Err(e) = exec(&mut slot, "RELEASE cmd").await {
            // Whatever the savepoint held is in an unknown state: the batch cannot be trusted.
            writer.fail_batch(&mut slot, &e.to_string()).await;
            return Err(e);
        }
        slot.savepoint_open = false;
        if let Some(batch) = slot.batch.as_mut() {
            batch.members += 1;
        }
        writer.settle(slot).await.map_err(StoreError::Batch)
    }

    /// Undoes what this command did. Returns once whatever the command may have read from the
    /// others of its batch is committed, so an answer given from it is never ahead of the disk.
    pub async fn rollback(mut self) -> Result<()> {
        let mut slot = match std::mem::replace(&mut self.tx, Held::Done) {
            Held::Write(slot) => slot,
            Held::Read(direct, tx) => {
                drop(direct);
                return Ok(tx.rollback().await?);
            }
            Held::Pg(tx) => return Ok(tx.rollback().await?),
            Held::Done => return Ok(()),
        };
        let writer = self
            .writer
            .clone()
            .expect("a Tx on the writer has its writer");
        writer.tidy(&mut slot).await;
        // The batch's failure is not this command's: it changed nothing either way.
        let _ = writer.settle(slot).await;
        Ok(())
    }
}

impl Drop for Tx {
    fn drop(&mut self) {
        if let (Held::Write(_), Some(writer)) = (&self.tx, &self.writer) {
            // The savepoint stays open (`savepoint_open`); the next holder or the flusher rolls
            // it back and finishes the batch.
            writer.flush.notify_one();
        }
    }
}
