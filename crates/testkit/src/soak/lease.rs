//! The lease on reading the mailbox when several processes share the database: its holder, looked
//! at through the play, and whether it moved to a process that was running when its holder was
//! killed (a survivor), and ended with a process that runs.

use super::Rig;
use super::check::Figures;
use super::players::Table;
use super::server::Run;
use std::fmt;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How often the holder is looked at: well within the lease, so no holder goes unseen.
const LOOK_EVERY: Duration = Duration::from_millis(200);

/// The holders of one lease seen over time.
pub struct LeaseWatch {
    pub name: String,
    /// Each holder when first seen (a change), in order.
    seen: Mutex<Vec<(Instant, Option<String>)>>,
    /// At the end: the holder, and the processes running then.
    end: Mutex<Option<(Option<String>, Vec<u32>)>>,
}

/// The process id in a holder's name (`pid <id> <token>`).
pub fn pid_of(holder: &str) -> Option<u32> {
    holder.strip_prefix("pid ")?.split(' ').next()?.parse().ok()
}

impl LeaseWatch {
    pub fn new(name: String) -> LeaseWatch {
        LeaseWatch {
            name,
            seen: Mutex::new(Vec::new()),
            end: Mutex::new(None),
        }
    }

    /// Notes the holder at the end, with the processes running then.
    pub fn end(&self, holder: Option<String>, live: Vec<u32>) {
        *self.end.lock().unwrap() = Some((holder, live));
    }
}

/// Looks at the lease's holder until the table stops.
pub async fn watch(table: Arc<Table>, watch: Arc<LeaseWatch>) {
    while !table.stopped.load(Ordering::SeqCst) {
        if let Ok(holder) = table.db.lease_holder(&watch.name).await {
            let mut seen = watch.seen.lock().unwrap();
            if seen.last().is_none_or(|(_, last)| *last != holder) {
                seen.push((Instant::now(), holder));
            }
        }
        tokio::time::sleep(LOOK_EVERY).await;
    }
}

/// What became of the lease.
#[derive(Debug, Default)]
pub struct LeaseFigures {
    /// Holders seen (one per process run that held it).
    pub holders: usize,
    /// Kills of the process holding it.
    pub holder_kills: u32,
    /// Changes of holder after the holder's process was killed; of them, to a survivor; the
    /// slowest time from the kill to the new holder being seen.
    pub takeovers: usize,
    pub by_survivors: usize,
    pub slowest_takeover: Duration,
    /// Changes of holder while the holder's process still ran (it was slow to renew).
    pub while_held: usize,
    pub last_holder: Option<String>,
}

impl fmt::Display for LeaseFigures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} holders, holder killed {} times; {} takeovers after a kill ({} by a survivor, \
             slowest {:.1?}), {} while the holder ran; last {}",
            self.holders,
            self.holder_kills,
            self.takeovers,
            self.by_survivors,
            self.slowest_takeover,
            self.while_held,
            self.last_holder.as_deref().unwrap_or("none")
        )
    }
}

/// The lease moved to a survivor at least once after its holder was killed, and is held at the
/// end by a running process.
pub fn check(rig: &Rig, f: &mut Figures) {
    let runs: Vec<Run> = rig
        .processes
        .lock()
        .unwrap()
        .iter()
        .flat_map(|s| s.runs.clone())
        .collect();
    // The run a holder names: the latest of its process id started before it was seen.
    let run_of = |holder: &str, at: Instant| {
        let pid = pid_of(holder)?;
        runs.iter()
            .filter(|r| r.pid == pid && r.started <= at)
            .max_by_key(|r| r.started)
            .copied()
    };
    let seen = rig.lease.seen.lock().unwrap().clone();
    let mut figures = LeaseFigures {
        holders: seen.iter().filter(|(_, h)| h.is_some()).count(),
        holder_kills: rig.holder_kills.load(Ordering::SeqCst),
        ..LeaseFigures::default()
    };
    let held: Vec<(Instant, &str)> = seen
        .iter()
        .filter_map(|(at, h)| Some((*at, h.as_deref()?)))
        .collect();
    for pair in held.windows(2) {
        let [(_, old), (at, new)] = pair else {
            continue;
        };
        let (Some(old_run), Some(new_run)) = (run_of(old, *at), run_of(new, *at)) else {
            f.problems.push(format!(
                "lease {}: holder `{old}` or `{new}` names no process of the run",
                rig.lease.name
            ));
            continue;
        };
        if old_run.pid == new_run.pid {
            continue;
        }
        match old_run.ended {
            Some(ended) if ended <= *at => {
                figures.takeovers += 1;
                figures.slowest_takeover = figures.slowest_takeover.max(*at - ended);
                if new_run.started < ended {
                    figures.by_survivors += 1;
                }
            }
            _ => figures.while_held += 1,
        }
    }
    if figures.by_survivors == 0 {
        f.problems.push(format!(
            "lease {}: never taken over by a surviving process after its holder was killed \
             ({} kills of the holder; holders seen: {:?})",
            rig.lease.name,
            figures.holder_kills,
            held.iter().map(|(_, h)| h).collect::<Vec<_>>()
        ));
    }
    match rig.lease.end.lock().unwrap().clone() {
        Some((Some(holder), live)) => {
            if !pid_of(&holder).is_some_and(|pid| live.contains(&pid)) {
                f.problems.push(format!(
                    "lease {}: held at the end by `{holder}`, not a running process ({live:?})",
                    rig.lease.name
                ));
            }
            figures.last_holder = Some(holder);
        }
        _ => f.problems.push(format!(
            "lease {}: nobody held it at the end",
            rig.lease.name
        )),
    }
    f.lease = Some(figures);
}
