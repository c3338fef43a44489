//! A TCP fault proxy for tests: it sits between a client (Agora) and a server (IMAP, SMTP, the
//! Discord double) and misbehaves on command, the way networks do.
//!
//! [`FaultProxy::start`] listens on `127.0.0.1:0` and forwards every accepted connection to the
//! upstream address, both directions. The [`Fault`] in force can be changed at any time and
//! applies at once to new **and** open connections:
//!
//! - [`Fault::Pass`] (the default): bytes flow as they come.
//! - [`Fault::Stall`]: nothing is forwarded; bytes read are held (then TCP's own flow control holds
//!   the rest), no connection is closed. Switching back forwards what was held.
//! - [`Fault::Reset`]: every open connection is cut abruptly on both sides (an RST: zero linger
//!   before the socket is dropped), and so is every connection made while the fault lasts.
//! - [`Fault::ResetAfter`]`(n)`: every connection is cut (RST) once it has forwarded `n` more
//!   bytes, both directions counted together, from the switch or from its opening if later: a
//!   command cut in the middle.
//! - [`Fault::Trickle`]: `bytes` bytes at a time, then a pause of `every`.
//! - [`Fault::Refuse`]: a new connection is accepted and cut at once (RST), before the upstream
//!   is ever contacted; open connections go on as in `Pass` (a server that stops taking new
//!   clients keeps its old ones).
//!
//! [`FaultProxy::random`] switches faults by itself from a seed and weights, each held for a random
//! time in a range, so a soak is reproducible from its seed. [`FaultProxy::stats`] counts
//! connections, bytes each way, cuts and the faults switched into, for a test's report.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::tcp::{ReadHalf, WriteHalf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::task::AbortHandle;

/// What the proxy does to the traffic; see the module documentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    Pass,
    Stall,
    Reset,
    ResetAfter(u64),
    Trickle { bytes: usize, every: Duration },
    Refuse,
}

impl Fault {
    /// A short name for reports: `pass`, `stall`, `reset`, `reset-after`, `trickle`, `refuse`.
    pub fn kind(&self) -> &'static str {
        match self {
            Fault::Pass => "pass",
            Fault::Stall => "stall",
            Fault::Reset => "reset",
            Fault::ResetAfter(_) => "reset-after",
            Fault::Trickle { .. } => "trickle",
            Fault::Refuse => "refuse",
        }
    }
}

/// A plan for [`FaultProxy::random`]: each pick is drawn by weight and held for a time drawn
/// uniformly from `hold`.
#[derive(Debug, Clone)]
pub struct RandomFaults {
    pub seed: u64,
    /// Each fault with its weight (a weight of 0 never picks it).
    pub weights: Vec<(Fault, u32)>,
    /// The shortest and longest time a pick lasts.
    pub hold: (Duration, Duration),
}

impl RandomFaults {
    /// Every fault, passing half of the time, each pick held 0.5 to 4 seconds.
    pub fn every_fault(seed: u64) -> RandomFaults {
        RandomFaults {
            seed,
            weights: vec![
                (Fault::Pass, 10),
                (Fault::Stall, 3),
                (Fault::Reset, 2),
                (Fault::ResetAfter(200), 2),
                (
                    Fault::Trickle {
                        bytes: 64,
                        every: Duration::from_millis(20),
                    },
                    2,
                ),
                (Fault::Refuse, 1),
            ],
            hold: (Duration::from_millis(500), Duration::from_secs(4)),
        }
    }

    fn pick(&self, rng: &mut SmallRng) -> Fault {
        let total: u32 = self.weights.iter().map(|(_, w)| w).sum();
        if total == 0 {
            return Fault::Pass;
        }
        let mut at = rng.random_range(0..total);
        for (fault, weight) in &self.weights {
            if at < *weight {
                return *fault;
            }
            at -= weight;
        }
        Fault::Pass
    }
}

/// What a proxy did so far.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    /// Connections forwarded to the upstream.
    pub connections: u64,
    /// Connections cut at once because the proxy refused (or was resetting) them.
    pub refused: u64,
    /// Connections cut because the upstream could not be reached.
    pub upstream_failures: u64,
    /// Bytes forwarded from the client to the upstream.
    pub bytes_up: u64,
    /// Bytes forwarded from the upstream to the client.
    pub bytes_down: u64,
    /// Open connections cut by a fault (`Reset`, `ResetAfter`).
    pub resets: u64,
    /// How many times each fault kind was switched into (`pass` not counted).
    pub faults: BTreeMap<&'static str, u64>,
}

/// The fault in force, numbered so a connection can tell a new `ResetAfter` from the old one.
#[derive(Debug, Clone, Copy)]
struct Applied {
    fault: Fault,
    epoch: u64,
}

#[derive(Default)]
struct Counters {
    connections: AtomicU64,
    refused: AtomicU64,
    upstream_failures: AtomicU64,
    bytes_up: AtomicU64,
    bytes_down: AtomicU64,
    resets: AtomicU64,
    faults: Mutex<BTreeMap<&'static str, u64>>,
}

struct Shared {
    upstream: SocketAddr,
    mode: watch::Sender<Applied>,
    counters: Counters,
    /// The random switcher, if one runs.
    random: Mutex<Option<AbortHandle>>,
    /// Every task the proxy started, so dropping it ends them all.
    tasks: Mutex<Vec<AbortHandle>>,
}

impl Shared {
    fn apply(&self, fault: Fault) {
        self.mode.send_modify(|a| {
            a.fault = fault;
            a.epoch += 1;
        });
        if fault != Fault::Pass {
            *lock(&self.counters.faults).entry(fault.kind()).or_default() += 1;
        }
    }

    fn keep(&self, task: AbortHandle) {
        let mut tasks = lock(&self.tasks);
        tasks.retain(|t| !t.is_finished());
        tasks.push(task);
    }
}

/// A poisoned lock only means a test thread panicked; the data is still counters.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A running proxy; dropping it closes the listener and every connection.
pub struct FaultProxy {
    addr: SocketAddr,
    shared: Arc<Shared>,
}

impl FaultProxy {
    /// Listens on `127.0.0.1:0` and forwards to `upstream`, in [`Fault::Pass`].
    pub async fn start(upstream: SocketAddr) -> std::io::Result<FaultProxy> {
        let listener = TcpListener::bind("127.0.0.1:0").await?;
        let addr = listener.local_addr()?;
        let (mode, _) = watch::channel(Applied {
            fault: Fault::Pass,
            epoch: 0,
        });
        let shared = Arc::new(Shared {
            upstream,
            mode,
            counters: Counters::default(),
            random: Mutex::new(None),
            tasks: Mutex::new(Vec::new()),
        });
        let s = shared.clone();
        let accept = tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let _ = client.set_nodelay(true);
                let conn = tokio::spawn(connection(s.clone(), client));
                s.keep(conn.abort_handle());
            }
        });
        shared.keep(accept.abort_handle());
        Ok(FaultProxy { addr, shared })
    }

    /// Where clients connect.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    pub fn port(&self) -> u16 {
        self.addr.port()
    }

    /// Puts `fault` in force now (ending a random plan).
    pub fn set(&self, fault: Fault) {
        if let Some(random) = lock(&self.shared.random).take() {
            random.abort();
        }
        self.shared.apply(fault);
    }

    pub fn pass(&self) {
        self.set(Fault::Pass);
    }

    pub fn stall(&self) {
        self.set(Fault::Stall);
    }

    pub fn reset(&self) {
        self.set(Fault::Reset);
    }

    pub fn reset_after(&self, bytes: u64) {
        self.set(Fault::ResetAfter(bytes));
    }

    pub fn trickle(&self, bytes: usize, every: Duration) {
        self.set(Fault::Trickle { bytes, every });
    }

    pub fn refuse(&self) {
        self.set(Fault::Refuse);
    }

    /// The fault in force.
    pub fn fault(&self) -> Fault {
        self.shared.mode.borrow().fault
    }

    /// Switches faults by itself following `plan` until the next [`FaultProxy::set`].
    pub fn random(&self, plan: RandomFaults) {
        let shared = self.shared.clone();
        let task = tokio::spawn(async move {
            let mut rng = SmallRng::seed_from_u64(plan.seed);
            loop {
                shared.apply(plan.pick(&mut rng));
                let (low, high) = plan.hold;
                let hold = if high > low {
                    rng.random_range(low..=high)
                } else {
                    low
                };
                tokio::time::sleep(hold).await;
            }
        });
        let mut random = lock(&self.shared.random);
        if let Some(old) = random.replace(task.abort_handle()) {
            old.abort();
        }
        drop(random);
        self.shared.keep(task.abort_handle());
    }

    pub fn stats(&self) -> Stats {
        let c = &self.shared.counters;
        let get = |a: &AtomicU64| a.load(Ordering::Relaxed);
        Stats {
            connections: get(&c.connections),
            refused: get(&c.refused),
            upstream_failures: get(&c.upstream_failures),
            bytes_up: get(&c.bytes_up),
            bytes_down: get(&c.bytes_down),
            resets: get(&c.resets),
            faults: lock(&c.faults).clone(),
        }
    }
}

impl Drop for FaultProxy {
    fn drop(&mut self) {
        for task in lock(&self.shared.tasks).drain(..) {
            task.abort();
        }
    }
}

/// How a direction (or a connection) ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    /// The sender closed its side; the close was passed on.
    Closed,
    /// A fault cut it.
    Cut,
    /// A socket failed (the peer reset it): cut the other side too.
    Broken,
}

/// Cuts a socket abruptly: with zero linger, dropping it sends an RST instead of a FIN.
fn cut(socket: TcpStream) {
    let _ = socket.set_zero_linger();
    drop(socket);
}

async fn connection(shared: Arc<Shared>, mut client: TcpStream) {
    let counters = &shared.counters;
    let now = shared.mode.borrow().fault;
    if matches!(now, Fault::Refuse | Fault::Reset) {
        counters.refused.fetch_add(1, Ordering::Relaxed);
        return cut(client);
    }
    let Ok(mut upstream) = TcpStream::connect(shared.upstream).await else {
        counters.upstream_failures.fetch_add(1, Ordering::Relaxed);
        return cut(client);
    };
    let _ = upstream.set_nodelay(true);
    counters.connections.fetch_add(1, Ordering::Relaxed);
    let budget = Budget(Mutex::new((shared.mode.borrow().epoch, 0)));
    let outcome = {
        let (client_read, client_write) = client.split();
        let (upstream_read, upstream_write) = upstream.split();
        let up = Pump {
            shared: &shared,
            mode: shared.mode.subscribe(),
            budget: &budget,
            bytes: &counters.bytes_up,
        };
        let down = Pump {
            shared: &shared,
            mode: shared.mode.subscribe(),
            budget: &budget,
            bytes: &counters.bytes_down,
        };
        both(
            up.run(client_read, upstream_write),
            down.run(upstream_read, client_write),
        )
        .await
    };
    if outcome != Outcome::Closed {
        if outcome == Outcome::Cut {
            counters.resets.fetch_add(1, Ordering::Relaxed);
        }
        cut(client);
        cut(upstream);
    }
}

/// Runs both directions; a cut or failure of either ends both at once, a close of one lets the
/// other go on (a half-closed connection).
async fn both(
    up: impl std::future::Future<Output = Outcome>,
    down: impl std::future::Future<Output = Outcome>,
) -> Outcome {
    let (mut up, mut down) = (std::pin::pin!(up), std::pin::pin!(down));
    let (mut up_done, mut down_done) = (false, false);
    while !(up_done && down_done) {
        let outcome = tokio::select! {
            o = &mut up, if !up_done => { up_done = true; o }
            o = &mut down, if !down_done => { down_done = true; o }
        };
        if outcome != Outcome::Closed {
            return outcome;
        }
    }
    Outcome::Closed
}

/// The bytes a connection forwarded under the current `ResetAfter` (epoch, bytes).
struct Budget(Mutex<(u64, u64)>);

impl Budget {
    /// Bytes left before the cut under the fault of `epoch`.
    fn left(&self, epoch: u64, limit: u64) -> u64 {
        let mut b = lock(&self.0);
        if b.0 != epoch {
            *b = (epoch, 0);
        }
        limit.saturating_sub(b.1)
    }

    fn spend(&self, epoch: u64, bytes: u64) {
        let mut b = lock(&self.0);
        if b.0 == epoch {
            b.1 += bytes;
        }
    }
}

/// One direction of a connection.
struct Pump<'a> {
    shared: &'a Shared,
    mode: watch::Receiver<Applied>,
    budget: &'a Budget,
    bytes: &'a AtomicU64,
}

impl Pump<'_> {
    async fn run(mut self, mut from: ReadHalf<'_>, mut to: WriteHalf<'_>) -> Outcome {
        let mut buf = vec![0u8; 16 * 1024];
        loop {
            let n = match self.read(&mut from, &mut buf).await {
                Ok(0) => {
                    let _ = to.shutdown().await;
                    return Outcome::Closed;
                }
                Ok(n) => n,
                Err(outcome) => return outcome,
            };
            if let Err(outcome) = self.forward(&buf[..n], &mut to).await {
                return outcome;
            }
        }
    }

    /// Reads what comes, unless a cut comes first.
    async fn read(&mut self, from: &mut ReadHalf<'_>, buf: &mut [u8]) -> Result<usize, Outcome> {
        loop {
            if self.mode.borrow_and_update().fault == Fault::Reset {
                return Err(Outcome::Cut);
            }
            tokio::select! {
                r = from.read(buf) => return r.map_err(|_| Outcome::Broken),
                changed = self.mode.changed() => {
                    // The proxy is gone: end quietly.
                    if changed.is_err() {
                        return Err(Outcome::Closed);
                    }
                }
            }
        }
    }

    /// Passes `data` on as the fault in force allows.
    async fn forward(&mut self, data: &[u8], to: &mut WriteHalf<'_>) -> Result<(), Outcome> {
        let mut off = 0;
        while off < data.len() {
            let applied = *self.mode.borrow_and_update();
            let rest = data.len() - off;
            let step = match applied.fault {
                Fault::Pass | Fault::Refuse => rest,
                Fault::Reset => return Err(Outcome::Cut),
                Fault::Stall => {
                    if self.mode.changed().await.is_err() {
                        return Err(Outcome::Closed);
                    }
                    continue;
                }
                Fault::ResetAfter(limit) => match self.budget.left(applied.epoch, limit) {
                    0 => return Err(Outcome::Cut),
                    left => rest.min(usize::try_from(left).unwrap_or(usize::MAX)),
                },
                Fault::Trickle { bytes, .. } => rest.min(bytes.max(1)),
            };
            self.write(&data[off..off + step], to).await?;
            self.bytes.fetch_add(step as u64, Ordering::Relaxed);
            off += step;
            match applied.fault {
                Fault::ResetAfter(limit) => {
                    self.budget.spend(applied.epoch, step as u64);
                    if self.budget.left(applied.epoch, limit) == 0 {
                        return Err(Outcome::Cut);
                    }
                }
                Fault::Trickle { every, .. } => {
                    // A new fault ends the pause early.
                    tokio::select! {
                        _ = tokio::time::sleep(every) => {}
                        _ = self.mode.changed() => {}
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Writes all of `data`, unless a cut comes first (a peer that does not read must not hold
    /// a reset back).
    async fn write(&mut self, data: &[u8], to: &mut WriteHalf<'_>) -> Result<(), Outcome> {
        let mut mode = self.shared.mode.subscribe();
        let cut = async move {
            loop {
                if mode.borrow_and_update().fault == Fault::Reset {
                    return;
                }
                if mode.changed().await.is_err() {
                    std::future::pending::<()>().await;
                }
            }
        };
        tokio::select! {
            r = to.write_all(data) => r.map_err(|_| Outcome::Broken),
            _ = cut => Err(Outcome::Cut),
        }
    }
}

#[cfg(test)]
mod tests;
