//! Group commit: every write of the process goes through one connection, and commands that
//! arrive while a commit is under way share the next one.
//!
//! A [`Tx`] holds the writer connection for the life of one command and runs in a savepoint
//! (`SAVEPOINT cmd`) of the writer's open transaction (the batch, begun with `BEGIN IMMEDIATE`
//! by its first member). [`Tx::commit`] releases the savepoint into the batch; a dropped `Tx` or
//! [`Tx::rollback`] rolls it back, so a failing command rolls back alone and the others of the
//! batch keep their work. The member that finds nobody waiting for the connection commits the
//! batch (one fsync on `synchronous=FULL`), and every member's `commit` returns only once that
//! commit is done: nothing a command did is answered or sent before it is on disk. A command
//! alone commits at once; a batch also commits when it reaches [`BatchLimits`], so a steady
//! stream of commands cannot hold one open for ever.
//!
//! The commit itself runs in a task of its own that owns the connection, so a caller that is
//! cancelled while waiting cannot leave a commit half done. A `Tx` dropped without an answer
//! (cancelled, or a refusal that never said `rollback`) leaves its savepoint open; the next
//! holder of the connection rolls it back first, and a small flusher task finishes a batch that
//! its last member abandoned.
//!
//! This file holds the writer, its batches and the flusher; the [`Tx`] a command holds, with its
//! commit and rollback, is in `tx`.

mod tx;

pub(crate) use tx::Held;
pub use tx::Tx;

use crate::direct::Handle;
use crate::lane::Lane;
use crate::{Result, StoreError};
use sqlx::Connection;
use sqlx::sqlite::SqliteConnection;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};
use tokio::sync::{Mutex, Notify, OwnedMutexGuard, watch};

/// When a batch commits even though more commands are waiting to join it.
#[derive(Debug, Clone, Copy)]
pub struct BatchLimits {
    /// Commands in one batch at most.
    pub max_commands: usize,
    /// How long a batch may stay open (from its first member's start) while others keep joining.
    pub max_open: Duration,
}

impl Default for BatchLimits {
    fn default() -> BatchLimits {
        BatchLimits {
            max_commands: 64,
            max_open: Duration::from_millis(5),
        }
    }
}

/// How many commits the writer made and how many commands they carried (read by the bench).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CommitStats {
    /// Transactions committed (one fsync each on `synchronous=FULL`).
    pub commits: u64,
    /// Savepoints released into those commits.
    pub commands: u64,
    /// Batches whose commit failed (every member got the error).
    pub failed: u64,
}

/// How a write waits for the connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Urgency {
    /// In line with the commands, first come first served.
    InLine,
    /// A short write the deliveries wait on (a claim, a row marked sent). It waits in line with
    /// the commands: letting it pass them made tests of several processes on one file time out
    /// under load, a cause not yet found.
    Soon,
}

/// The outcome of a batch's commit as its members see it; `Err` carries the database's words.
type Outcome = std::result::Result<(), Arc<str>>;

pub(crate) struct Writer {
    slot: Arc<Mutex<Slot>>,
    /// Commands wait for the connection one at a time in this line, so a short write of the
    /// deliveries' own bookkeeping ([`Urgency::Soon`]) waits behind at most one of them.
    turn: Mutex<()>,
    /// Where the writer's own tasks (commits, the flusher) run.
    lane: Arc<Lane>,
    /// Told of every commit (it wakes the checkpoints of the log).
    committed: Arc<Notify>,
    /// Tasks that asked for the connection and have not got it yet: while there are any, a
    /// finished member leaves the batch open for them.
    queued: AtomicUsize,
    /// Wakes the flusher: a `Tx` was dropped without an answer, or a waiting task gave up.
    flush: Arc<Notify>,
    limits: BatchLimits,
    commits: AtomicU64,
    commands: AtomicU64,
    failed: AtomicU64,
}

pub(crate) struct Slot {
    /// The connection's handle while statements run on the lane's thread (see `direct`);
    /// declared first, so it is given back before the connection goes.
    direct: Handle,
    /// `None` once the store is closed.
    conn: Option<SqliteConnection>,
    batch: Option<Batch>,
    /// A savepoint is open that no `Tx` will release: its holder was dropped.
    savepoint_open: bool,
}

struct Batch {
    started: Instant,
    /// Savepoints released into the batch.
    members: usize,
    done: watch::Sender<Option<Outcome>>,
}

impl Batch {
    fn new() -> Batch {
        Batch {
            started: Instant::now(),
            members: 0,
            done: watch::channel(None).0,
        }
    }
}

impl Writer {
    pub(crate) fn start(
        conn: SqliteConnection,
        limits: BatchLimits,
        lane: Arc<Lane>,
        committed: Arc<Notify>,
    ) -> Arc<Writer> {
        let writer = Arc::new(Writer {
            turn: Mutex::new(()),
            slot: Arc::new(Mutex::new(Slot {
                direct: Handle::default(),
                conn: Some(conn),
                batch: None,
                savepoint_open: false,
            })),
            lane,
            committed,
            queued: AtomicUsize::new(0),
            flush: Arc::new(Notify::new()),
            limits,
            commits: AtomicU64::new(0),
            commands: AtomicU64::new(0),
            failed: AtomicU64::new(0),
        });
        writer
            .lane
            .spawn(flusher(Arc::downgrade(&writer), writer.flush.clone()));
        writer
    }

    pub(crate) fn queued(&self) -> usize {
        self.queued.load(Ordering::Acquire)
    }

    pub(crate) fn stats(&self) -> CommitStats {
        CommitStats {
            commits: self.commits.load(Ordering::Relaxed),
            commands: self.commands.load(Ordering::Relaxed),
            failed: self.failed.load(Ordering::Relaxed),
        }
    }

    /// Waits for the connection, counted among the queued until it has it.
    async fn take(self: &Arc<Self>, urgency: Urgency) -> OwnedMutexGuard<Slot> {
        let ticket = Queued::new(self);
        let slot = match urgency {
            Urgency::Soon => {
                let _turn = self.turn.lock().await;
                self.slot.clone().lock_owned().await
            }
            Urgency::InLine => {
                let _turn = self.turn.lock().await;
                self.slot.clone().lock_owned().await
            }
        };
        ticket.served();
        slot
    }

    /// Opens a savepoint for one command, in the open batch or in a new one. With `sender`, says
    /// too whether that identity is blocked.
    pub(crate) async fn begin(
        self: &Arc<Self>,
        sender: Option<&str>,
        urgency: Urgency,
    ) -> Result<(Tx, bool)> {
        let mut slot = self.take(urgency).await;
        if slot.conn.is_none() {
            return Err(StoreError::Closed);
        }
        self.tidy(&mut slot).await;
        if slot.batch.is_none() {
            exec(&mut slot, "BEGIN IMMEDIATE").await?;
            slot.batch = Some(Batch::new());
        }
        let opened = match exec(&mut slot, "SAVEPOINT cmd").await {
            Err(e) => Err(e),
            Ok(()) => match sender {
                None => Ok(false),
                Some(identity) => blocked(&mut slot, identity).await,
            },
        };
        let blocked = match opened {
            Ok(blocked) => blocked,
            Err(e) => {
                if sender.is_some() {
                    // The savepoint may have opened before the question failed; if it did not,
                    // this fails with "no such savepoint" and changes nothing.
                    let _ = exec(&mut slot, "ROLLBACK TO cmd; RELEASE cmd").await;
                }
                // The batch may hold others' work: leave it to the flusher to commit.
                drop(slot);
                self.flush.notify_one();
                return Err(e);
            }
        };
        slot.savepoint_open = true;
        Ok((
            Tx {
                tx: Held::Write(slot),
                writer: Some(self.clone()),
                queued: Vec::new(),
            },
            blocked,
        ))
    }

    /// Rolls back a savepoint a dropped `Tx` left open. If that fails the transaction is in an
    /// unknown state: it is rolled back whole and its batch fails.
    async fn tidy(&self, slot: &mut Slot) {
        if !slot.savepoint_open {
            return;
        }
        slot.savepoint_open = false;
        let undone = exec(slot, "ROLLBACK TO cmd; RELEASE cmd").await;
        if let Err(e) = undone {
            tracing::error!(error = %e, "could not roll back an abandoned command; the batch fails");
            self.fail_batch(slot, &e.to_string()).await;
        }
    }

    /// Rolls the whole transaction back and tells its members their commit failed.
    async fn fail_batch(&self, slot: &mut Slot, why: &str) {
        slot.savepoint_open = false;
        let _ = exec(slot, "ROLLBACK").await;
        if let Some(batch) = slot.batch.take() {
            self.failed.fetch_add(1, Ordering::Relaxed);
            batch.done.send_replace(Some(Err(why.into())));
        }
    }

    /// Whether the batch should commit now rather than wait for the commands queued behind.
    fn due(&self, batch: &Batch) -> bool {
        self.queued.load(Ordering::Acquire) == 0
            || batch.members >= self.limits.max_commands
            || batch.started.elapsed() >= self.limits.max_open
    }

    /// After a member's savepoint is settled: commits the batch if it is due (in a task that
    /// owns the connection), and waits for the batch's outcome.
    async fn settle(self: &Arc<Self>, mut slot: OwnedMutexGuard<Slot>) -> Outcome {
        if slot.batch.is_some() && self.queued.load(Ordering::Acquire) == 0 {
            // A command's statements run on the lane's thread without a pause (see `direct`),
            // so commands that arrived meanwhile have not yet asked for the connection: let
            // them, so that they share this commit rather than each pay for one.
            tokio::task::yield_now().await;
        }
        let Some(batch) = slot.batch.as_ref() else {
            return Ok(());
        };
        if batch.members == 0 {
            // Nothing of anyone's is in the batch: nothing to wait for. Without others queued,
            // end the transaction so other processes may write.
            if self.queued.load(Ordering::Acquire) == 0 {
                let _ = exec(&mut slot, "ROLLBACK").await;
                slot.batch = None;
            }
            return Ok(());
        }
        let mut done = batch.done.subscribe();
        if self.due(batch) {
            let writer = self.clone();
            self.lane
                .spawn(async move { writer.commit_batch(slot).await });
        } else {
            drop(slot);
        }
        match done.wait_for(Option::is_some).await {
            Ok(outcome) => outcome.clone().unwrap_or(Ok(())),
            Err(_) => Err("the shared commit was abandoned".into()),
        }
    }

    async fn commit_batch(&self, mut slot: OwnedMutexGuard<Slot>) {
        let Some(batch) = slot.batch.take() else {
            return;
        };
        let outcome = match exec(&mut slot, "COMMIT").await {
            Ok(_) => {
                self.committed.notify_one();
                self.commits.fetch_add(1, Ordering::Relaxed);
                self.commands
                    .fetch_add(batch.members as u64, Ordering::Relaxed);
                Ok(())
            }
            Err(e) => {
                tracing::error!(error = %e, members = batch.members, "a shared commit failed");
                let _ = exec(&mut slot, "ROLLBACK").await;
                self.failed.fetch_add(1, Ordering::Relaxed);
                Err(e.to_string().into())
            }
        };
        let committed = outcome.is_ok();
        batch.done.send_replace(Some(outcome));
        if committed
            && self
                .commits
                .load(Ordering::Relaxed)
                .is_multiple_of(CATCH_UP_EVERY)
        {
            // The batch's members take their answers first.
            tokio::task::yield_now().await;
            catch_up(&mut slot).await;
        }
    }

    /// Commits whatever is open and closes the connection; later writes fail.
    pub(crate) async fn close(self: &Arc<Self>) {
        let mut slot = self.take(Urgency::Soon).await;
        if slot.conn.is_none() {
            return;
        }
        self.tidy(&mut slot).await;
        if slot.batch.is_some() {
            let writer = self.clone();
            // The same path as every commit, so members waiting on the batch hear of it.
            self.lane
                .run(async move {
                    writer.commit_batch(slot).await;
                })
                .await;
            slot_closed(&mut *self.slot.clone().lock_owned().await).await;
        } else {
            slot_closed(&mut slot).await;
        }
    }
}

async fn slot_closed(slot: &mut Slot) {
    slot.direct.forget();
    if let Some(conn) = slot.conn.take() {
        let _ = conn.close().await;
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        // Lets the flusher see that the writer is gone and end.
        self.flush.notify_one();
    }
}

/// Every how many commits the writer finishes the checkpoint itself (see [`catch_up`]).
const CATCH_UP_EVERY: u64 = 32;

/// Copies into the database file what the checkpoint task has not yet copied of the WAL (a
/// passive checkpoint, which waits for nobody), so that the next commit starts the WAL over
/// from its beginning. Under a steady stream of commits the checkpoint task (`checkpoint`)
/// never catches up between two of them, and SQLite starts the WAL over only when every frame
/// in it has been copied: without this the WAL grows for as long as the stream lasts (hundreds
/// of megabytes in `agora service bench`), every commit appends to it, and an fsync that also
/// records a file's new length is slower than one that overwrites; and a start after a crash
/// reads the whole WAL. Runs between batches, after the last batch's members are answered.
async fn catch_up(slot: &mut Slot) {
    if let Err(e) = exec(slot, "PRAGMA wal_checkpoint(PASSIVE)").await {
        tracing::debug!(error = %e, "the writer could not finish a checkpoint");
    }
}

/// The connection's handle, for statements run on the lane's thread (see `direct`).
async fn db(slot: &mut Slot) -> Result<&rusqlite::Connection> {
    let conn = slot.conn.as_mut().ok_or(StoreError::Closed)?;
    Ok(slot.direct.take(conn).await?)
}

/// Runs statements without arguments or rows (savepoints, commits) on the lane's thread.
async fn exec(slot: &mut Slot, sql: &str) -> Result<()> {
    db(slot).await?.execute_batch(sql)?;
    Ok(())
}

/// Whether an identity is blocked by the operator.
async fn blocked(slot: &mut Slot, identity: &str) -> Result<bool> {
    let db = db(slot).await?;
    let mut query =
        db.prepare_cached("SELECT EXISTS (SELECT 1 FROM blocked_identities WHERE identity = ?)")?;
    Ok(query.query_row([identity], |row| row.get(0))?)
}

/// Finishes batches their last member abandoned: rolls back a dropped `Tx`'s savepoint and
/// commits (or ends) the batch when nobody else is coming.
async fn flusher(writer: Weak<Writer>, flush: Arc<Notify>) {
    loop {
        flush.notified().await;
        let Some(writer) = writer.upgrade() else {
            return;
        };
        let mut slot = writer.take(Urgency::Soon).await;
        if slot.conn.is_none() {
            return;
        }
        writer.tidy(&mut slot).await;
        match slot.batch.as_ref() {
            Some(batch) if writer.queued.load(Ordering::Acquire) == 0 => {
                if batch.members == 0 {
                    let _ = exec(&mut slot, "ROLLBACK").await;
                    slot.batch = None;
                } else {
                    writer.commit_batch(slot).await;
                }
            }
            _ => {}
        }
    }
}

/// Counts a task among those waiting for the connection until it has it; one that gives up
/// (its future dropped) wakes the flusher, since a batch may have been left open for it.
struct Queued<'a> {
    writer: &'a Writer,
    served: bool,
}

impl<'a> Queued<'a> {
    fn new(writer: &'a Writer) -> Queued<'a> {
        writer.queued.fetch_add(1, Ordering::AcqRel);
        Queued {
            writer,
            served: false,
        }
    }

    fn served(mut self) {
        self.served = true;
        self.writer.queued.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Drop for Queued<'_> {
    fn drop(&mut self) {
        if !self.served {
            self.writer.queued.fetch_sub(1, Ordering::AcqRel);
            self.writer.flush.notify_one();
        }
    }
}
