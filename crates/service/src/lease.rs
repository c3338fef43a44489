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
/// so two holders in one process are told apart, the host name (for people reading it), and
/// what tells whether the process still runs: the kernel's boot, the process-id namespace and
/// the process's start time (`pid <id> <token> on <host> [<boot>/<namespace>/<start>]`).
pub(crate) fn holder_name() -> String {
    holder_name_of(std::process::id())
}

/// [`holder_name`] for process `pid` of this machine and process-id namespace, with a token of
/// its own: what that process would hold leases and claims as.
pub fn holder_name_of(pid: u32) -> String {
    let mut rng = rand::rng();
    let token: String = (0..12)
        .map(|_| char::from(b"abcdefghjkmnpqrstuvwxyz23456789"[rng.random_range(0..31)]))
        .collect();
    let start = start_time(pid).unwrap_or_default();
    format!(
        "pid {pid} {token} on {} [{}/{start}]",
        host(),
        process_space().unwrap_or_default()
    )
}

/// This machine's name as the kernel knows it; empty where it cannot be read.
fn host() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|h| h.trim().to_owned())
        .unwrap_or_default()
}

/// Where a process id means one process: the kernel's boot (a new one at every start of the
/// machine) and this process's process-id namespace (one per container). Two processes that
/// share both see the same processes under the same ids, whatever their host names; `None`
/// where either cannot be read.
fn process_space() -> Option<String> {
    let boot = std::fs::read_to_string("/proc/sys/kernel/random/boot_id").ok()?;
    let namespace = std::fs::read_link("/proc/self/ns/pid").ok()?;
    let namespace = namespace
        .to_str()?
        .strip_prefix("pid:[")?
        .strip_suffix(']')?;
    Some(format!("{}/{namespace}", boot.trim()))
}

/// The `stat` line of process `pid` after its name: its state, then the fields after it.
fn stat_fields(pid: u32) -> Option<Vec<String>> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, rest) = stat.rsplit_once(") ")?;
    Some(rest.split(' ').map(str::to_owned).collect())
}

/// When process `pid` started, in clock ticks after the boot (field 22 of its `stat`): with the
/// id, it names one process, since an id is used again only after its process ended.
fn start_time(pid: u32) -> Option<u64> {
    stat_fields(pid)?.get(19)?.parse().ok()
}

/// Whether `holder` (a [`holder_name`]) was a process that no longer runs (it was killed, or
/// crashed): what it held may be freed at once instead of when it runs out. Only a holder of
/// this boot and process-id namespace can be looked up; any other (another machine, another
/// container, a name of an older form) counts as running, and what it holds runs out.
pub(crate) fn holder_is_gone(holder: &str) -> bool {
    let Some((pid, rest)) = holder
        .strip_prefix("pid ")
        .and_then(|rest| rest.split_once(" on "))
    else {
        return false;
    };
    let Some(pid) = pid.split(' ').next().and_then(|p| p.parse::<u32>().ok()) else {
        return false;
    };
    let Some(marks) = rest
        .rsplit_once(" [")
        .and_then(|(_, marks)| marks.strip_suffix(']'))
    else {
        return false;
    };
    let Some((space, start)) = marks.rsplit_once('/') else {
        return false;
    };
    let Ok(start) = start.parse::<u64>() else {
        return false;
    };
    if process_space().is_none_or(|here| here != space) || pid == std::process::id() {
        return false;
    }
    match stat_fields(pid) {
        // Dead, so its id is free.
        None => true,
        Some(fields) => {
            // A zombie waiting for its parent to read its exit, or another process that was
            // given the id since.
            matches!(fields.first().map(String::as_str), Some("Z" | "X" | "x"))
                || fields.get(19).and_then(|t| t.parse::<u64>().ok()) != Some(start)
        }
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
        let length = chrono::Duration::from_std(self.length).unwrap_or(chrono::Duration::MAX);
        let mut held = self
            .service
            .hold_lease(&self.name, &self.holder, length)
            .await;
        if matches!(held, Ok(false)) && self.free_if_gone().await {
            held = self
                .service
                .hold_lease(&self.name, &self.holder, length)
                .await;
        }
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

    /// Frees the lease if its holder was a process that no longer runs (killed, say, and this
    /// is its restart), so it is taken now rather than when it runs out; returns whether it was.
    async fn free_if_gone(&self) -> bool {
        let holder = match self.service.lease_holder(&self.name).await {
            Ok(Some((holder, _))) => holder,
            Ok(None) => return false,
            Err(e) => {
                tracing::warn!(lease = %self.name, error = %e, "could not read who holds the lease");
                return false;
            }
        };
        if !holder_is_gone(&holder) {
            return false;
        }
        tracing::info!(lease = %self.name, %holder, "freeing the lease of a process that is gone");
        match self.service.leave_lease(&self.name, &holder).await {
            Ok(()) => true,
            Err(e) => {
                tracing::warn!(lease = %self.name, error = %e, "could not free the lease; it runs out");
                false
            }
        }
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
    /// Takes or renews the lease `name` for `holder` for `length` from now (by the service's
    /// clock, [`Service::now`]). Returns whether `holder` holds it now.
    pub async fn hold_lease(
        &self,
        name: &str,
        holder: &str,
        length: chrono::Duration,
    ) -> Result<bool, ServiceError> {
        let now = self.now();
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
    fn a_holder_is_gone_only_when_its_process_in_this_process_space_no_longer_runs() {
        let here = holder_name();
        assert!(!holder_is_gone(&here), "this process runs: {here}");
        let (head, marks) = here.split_once(" on ").unwrap();
        let token = head.rsplit(' ').next().unwrap();
        let (host, marks) = marks.rsplit_once(" [").unwrap();
        let space = marks.rsplit_once('/').unwrap().0;
        let mut child = std::process::Command::new("sleep")
            .arg("30")
            .spawn()
            .unwrap();
        let start = super::start_time(child.id()).unwrap();
        let of_child = format!("pid {} {token} on {host} [{space}/{start}]", child.id());
        assert!(!holder_is_gone(&of_child), "the child runs");
        // The same id with another start time is another process: the holder's ended.
        let earlier = format!(
            "pid {} {token} on {host} [{space}/{}]",
            child.id(),
            start - 1
        );
        assert!(
            holder_is_gone(&earlier),
            "a process before the child had its id"
        );
        child.kill().unwrap();
        child.wait().unwrap();
        assert!(holder_is_gone(&of_child), "the child was killed");
        // Another boot or process-id namespace (another machine, another container with the
        // same host name), or a name of another form, counts as running.
        for other in [
            format!(
                "pid {} {token} on {host} [another-boot/1/{start}]",
                child.id()
            ),
            format!("pid {} {token} on {host}", child.id()),
            "pid 12 abc".to_owned(),
            "someone".to_owned(),
        ] {
            assert!(!holder_is_gone(&other), "{other}");
        }
    }
}
