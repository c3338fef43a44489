//! The writer's lane: one thread of its own, with a single-threaded async runtime, where the
//! commands that write run ([`crate::Store::on_writer`]), beside SQLite's thread for the writer
//! connection, both kept on one CPU.
//!
//! sqlx runs every SQLite connection on a thread of its own and hands each statement over to it
//! and the result back. The statements of an action run on the lane's thread itself instead (see
//! `direct`); what still goes through sqlx (rarer commands) is handed over. Between threads on two
//! CPUs each hand-off wakes a sleeping CPU (on a virtual machine, tens of microseconds); between
//! two threads on the same CPU it is a plain switch. The lane's
//! thread pins itself to the last CPU the process may use, and the writer connection is opened
//! from it, so SQLite's thread (spawned by that connection) inherits the same CPU. Everything
//! else (readers, senders, pictures, the computer's thinking) runs on the other runtime's
//! threads, on every CPU.

use std::future::Future;
use tokio::runtime::Handle;
use tokio::sync::oneshot;

pub(crate) struct Lane {
    handle: Handle,
    /// Ends the lane's thread when the lane is dropped (its runtime then cancels what is left).
    _stop: oneshot::Sender<()>,
    /// The CPU the lane runs on, if it was pinned.
    cpu: Option<usize>,
}

impl Lane {
    /// Starts the lane's thread, pinned to the last CPU of the process's set when `pin` holds
    /// and the process may use more than one.
    pub(crate) async fn start(pin: bool) -> std::io::Result<Lane> {
        let (ready_tx, ready_rx) = oneshot::channel();
        let (stop_tx, stop_rx) = oneshot::channel::<()>();
        std::thread::Builder::new()
            .name("agora-writer".into())
            .spawn(move || {
                let cpu = if pin { pin_to_last_cpu() } else { None };
                // Timers only: nothing on the lane does I/O of its own, and a runtime without an I/O
                // driver sleeps on a plain futex rather than in epoll between statements.
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_time()
                    .build();
                match runtime {
                    Ok(runtime) => {
                        let _ = ready_tx.send(Ok((runtime.handle().clone(), cpu)));
                        runtime.block_on(async {
                            let _ = stop_rx.await;
                        });
                    }
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                    }
                }
            })?;
        let (handle, cpu) = ready_rx
            .await
            .map_err(|_| std::io::Error::other("the writer's thread ended at its start"))??;
        Ok(Lane {
            handle,
            _stop: stop_tx,
            cpu,
        })
    }

    pub(crate) fn cpu(&self) -> Option<usize> {
        self.cpu
    }

    /// Runs `task` on the lane and waits for its output. `None` if the lane was shut down
    /// before the task ended. A task that panics panics the caller too. A caller that stops
    /// waiting does not stop the task: a command once begun runs to its end.
    pub(crate) async fn run<F>(&self, task: F) -> Option<F::Output>
    where
        F: Future + Send + 'static,
        F::Output: Send + 'static,
    {
        match self.handle.spawn(task).await {
            Ok(output) => Some(output),
            Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
            Err(_) => None,
        }
    }

    /// Starts `task` on the lane without waiting for it.
    pub(crate) fn spawn<F>(&self, task: F)
    where
        F: Future<Output = ()> + Send + 'static,
    {
        self.handle.spawn(task);
    }
}

/// Pins the calling thread to the last CPU it may run on; `None` when it may run on one only (or
/// the system does not say).
fn pin_to_last_cpu() -> Option<usize> {
    let cores = core_affinity::get_core_ids()?;
    if cores.len() < 2 {
        return None;
    }
    let last = *cores.last()?;
    core_affinity::set_for_current(last).then_some(last.id)
}
