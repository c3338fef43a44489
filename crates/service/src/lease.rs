//! Work one process at a time may do while several `agora serve` share the database: reading a
//! mailbox, delivering a channel's outbox. The process doing it holds a lease in the database
//! and renews it; the others stand by, and one of them takes over once the holder gave it up (a
//! clean stop) or stopped renewing it (it died or hangs) and it ran out.

use crate::{Service, ServiceError};
use chrono::Utc;
use rand::Rng;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A name for one holder of leases or claims in this process: its process id and a random token,
/// so two holders in one process (or a restarted process with the same id) are told apart, and
/// the machine it runs on (`pid <id> <token> on <host>`).
pub(crate) fn holder_name() -> String {
    let mut rng = rand::rng();
    let token: String = (0..12)
        .map(|_| char::from(b"abcdefghjkmnpqrstuvwxyz23456789"[rng.random_range(0..31)]))
        .collect();
    format!("pid {} {token} on {}", std::process::id(), host())
}

/// This machine's name as the kernel knows it; empty where it cannot be read.
fn host() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|h| h.trim().to_owned())
        .unwrap_or_default()
}

/// Whether `holder` (a [`holder_name`]) was a process of this machine that no longer runs (it was
/// killed, or crashed): what it held may be freed at once instead of when it runs out. A holder
/// of another machine, or one whose state cannot be read, counts as running.
pub(crate) fn holder_is_gone(holder: &str) -> bool {
    let Some((pid, on)) = holder
        .strip_prefix("pid ")
        .and_then(|rest| rest.split_once(" on "))
    else {
        return false;
    };
    let here = host();
    let Some(pid) = pid.split(' ').next().and_then(|p| p.parse::<u32>().ok()) else {
        return false;
    };
    if here.is_empty() || on != here || pid == std::process::id() {
        return false;
    }
    if !std::path::Path::new("/proc/self/stat").exists() {
        return false;
    }
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // Dead, or a zombie waiting for its parent to read its exit.
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(") ")
            .and_then(|(_, rest)| rest.chars().next())
            .is_some_and(|state| matches!(state, 'Z' | 'X' | 'x')),
    }
}

/// One process's hold on a named lease.
pub struct Lease {
    service: Arc<Service>,
    name: String,
    /// This process's name for itself in the lease: its process id and a random token, so two
    /// front ends in one process (or a restarted process with the same id) are told apart.
    holder: String,
    length: Duration,
    /// When the lease was last taken or renewed; `None` while it is not held.
    renewed: Mutex<Option<Instant>>,
}

/// What [`Lease::keep`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Held {
    /// Held, and already held before.
    Kept,
    /// Taken now: it was free, given up or run out (this process takes over).
    Taken,
    /// Another process holds it.
    Elsewhere,
}

impl Held {
    pub fn held(self) -> bool {
        self != Held::Elsewhere
    }
}

impl Lease {
    /// The lease `name` of `length` for a new holder in this process; nothing is taken yet.
    pub fn new(service: Arc<Service>, name: impl Into<String>, length: Duration) -> Lease {
        Lease {
            service,
            name: name.into(),
            holder: holder_name(),
            length,
            renewed: Mutex::new(None),
        }
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// This process's name in the lease.
    pub fn holder(&self) -> &str {
        &self.holder
    }

    /// How often the lease is looked at: a third of its length, so a holder renews it well
    /// before it runs out and a standby takes over soon after.
    pub fn check_every(&self) -> Duration {
        self.length / 3
    }

    /// Whether this process holds the lease, taking it if it is free and renewing it once a
    /// third of it has passed since it was last renewed (earlier looks cost nothing).
    pub async fn keep(&self) -> Result<Held, ServiceError> {
        let last = *self.renewed.lock().expect("lease lock");
        if last.is_some_and(|at| at.elapsed() < self.length / 3) {
            return Ok(Held::Kept);
        }
        let asked = Instant::now();
        let held = self
            .service
            .hold_lease(
                &self.name,
                &self.holder,
                chrono::Duration::from_std(self.length).unwrap_or(chrono::Duration::MAX),
            )
            .await;
        let held = match held {
            Ok(held) => held,
            Err(e) => {
                // Unknown whether it was renewed: count it as held only while the last renewal
                // surely lasts, and ask again next time.
                if last.is_some_and(|at| at.elapsed() >= self.length / 2) {
                    *self.renewed.lock().expect("lease lock") = None;
                }
                return Err(e);
            }
        };
        // Counted from before the question: the lease in the database runs at least as long.
        *self.renewed.lock().expect("lease lock") = held.then_some(asked);
        self.service.metrics().set_lease(&self.name, held);
        Ok(match (held, last.is_some()) {
            (false, _) => Held::Elsewhere,
            (true, true) => Held::Kept,
            (true, false) => {
                tracing::info!(lease = %self.name, holder = %self.holder, "this process took the lease");
                Held::Taken
            }
        })
    }

    /// Whether this process held the lease at its last look (without asking the database).
    pub fn is_held(&self) -> bool {
        self.renewed.lock().expect("lease lock").is_some()
    }

    /// Gives the lease up (at a clean stop), so another process takes over at once instead of
    /// when it runs out. Returns whether it was held.
    pub async fn leave(&self) -> bool {
        let held = self.renewed.lock().expect("lease lock").take().is_some();
        self.service.metrics().set_lease(&self.name, false);
        if held && let Err(e) = self.service.leave_lease(&self.name, &self.holder).await {
            tracing::warn!(lease = %self.name, error = %e, "could not give up the lease; it runs out");
        }
        held
    }
}

impl Service {
    /// Takes or renews the lease `name` for `holder` for `length` from now. Returns whether
    /// `holder` holds it now.
    pub async fn hold_lease(
        &self,
        name: &str,
        holder: &str,
        length: chrono::Duration,
    ) -> Result<bool, ServiceError> {
        let now = Utc::now();
        let mut tx = self.store.write().await?;
        let held = tx
            .take_lease(
                name,
                holder,
                now,
                now.checked_add_signed(length)
                    .unwrap_or(chrono::DateTime::<Utc>::MAX_UTC),
            )
            .await?;
        tx.commit().await?;
        Ok(held)
    }

    /// Gives up `holder`'s lease `name`, so another process may take it at once.
    pub async fn leave_lease(&self, name: &str, holder: &str) -> Result<(), ServiceError> {
        let mut tx = self.store.write().await?;
        tx.release_lease(name, holder).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Who holds the lease `name`, and until when (it may have run out).
    pub async fn lease_holder(
        &self,
        name: &str,
    ) -> Result<Option<(String, chrono::DateTime<Utc>)>, ServiceError> {
        let mut tx = self.store.read().await?;
        Ok(tx.lease(name).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::{holder_is_gone, holder_name};

    #[test]
    fn a_holder_is_gone_only_when_its_process_of_this_machine_no_longer_runs() {
        let here = holder_name();
        assert!(!holder_is_gone(&here), "this process runs: {here}");
        let host = here.split_once(" on ").unwrap().1.to_owned();
        let mut child = std::process::Command::new("sleep")
            .arg("30")
            .spawn()
            .unwrap();
        let of_child = format!("pid {} abc on {host}", child.id());
        assert!(!holder_is_gone(&of_child), "the child runs");
        child.kill().unwrap();
        child.wait().unwrap();
        assert!(holder_is_gone(&of_child), "the child was killed");
        // Another machine's process, or a name of another form, counts as running.
        assert!(!holder_is_gone(&format!(
            "pid {} abc on another-{host}",
            child.id()
        )));
        assert!(!holder_is_gone("pid 12 abc"));
        assert!(!holder_is_gone("someone"));
    }
}
