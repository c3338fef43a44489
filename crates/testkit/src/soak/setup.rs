//! What a run is made of: the [`Setup`] of the soak or of a cluster (its database, its faults,
//! how often a process is killed) and the configuration each `agora serve` process is given.

use super::{MAIL_LEASE_SECONDS, PostgresDatabase, Proxies};
use crate::mail::Servers;
use agora_faultproxy::{Fault, RandomFaults};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Which faults each proxy injects. `AGORA_SOAK_FAULTS=all` puts every fault on every proxy; the
/// default (`ci`) is the mix of [`FaultMix::ci`].
pub struct FaultMix {
    pub name: &'static str,
    /// The plan of each proxy, in the order of [`Proxies::all`]; none: every proxy passes all.
    pub plans: Option<[RandomFaults; 4]>,
}

impl FaultMix {
    fn from_env(seed: u64) -> FaultMix {
        match std::env::var("AGORA_SOAK_FAULTS").as_deref() {
            Ok("all") => FaultMix {
                name: "all",
                plans: Some([0, 1, 2, 3].map(|i| RandomFaults::every_fault(seed * 10 + i))),
            },
            _ => FaultMix::ci(seed),
        }
    }

    /// The mix for CI: stalls and slow links everywhere; resets, cuts mid-command and refusals
    /// on SMTP and Discord's REST port only, where every failure is a send retried from the
    /// outbox or the spool. IMAP and the gateway get them with `AGORA_SOAK_FAULTS=all`.
    fn ci(seed: u64) -> FaultMix {
        let trickle = Fault::Trickle {
            bytes: 256,
            every: Duration::from_millis(20),
        };
        let hold = (Duration::from_millis(500), Duration::from_secs(3));
        let plan = |i: u64, weights: Vec<(Fault, u32)>| RandomFaults {
            seed: seed * 10 + i,
            weights,
            hold,
        };
        FaultMix {
            name: "ci",
            plans: Some([
                plan(0, vec![(Fault::Pass, 6), (Fault::Stall, 2), (trickle, 2)]),
                plan(
                    1,
                    vec![
                        (Fault::Pass, 6),
                        (Fault::Stall, 1),
                        (trickle, 1),
                        (Fault::Reset, 1),
                        (Fault::ResetAfter(300), 1),
                        (Fault::Refuse, 1),
                    ],
                ),
                plan(
                    2,
                    vec![
                        (Fault::Pass, 6),
                        (Fault::Stall, 1),
                        (trickle, 1),
                        (Fault::Reset, 1),
                        (Fault::ResetAfter(300), 1),
                        (Fault::Refuse, 1),
                    ],
                ),
                plan(3, vec![(Fault::Pass, 6), (Fault::Stall, 1), (trickle, 1)]),
            ]),
        }
    }

    /// No faults: the proxies pass everything.
    pub fn off() -> FaultMix {
        FaultMix {
            name: "off",
            plans: None,
        }
    }
}

/// Where the processes keep everything.
pub enum Database {
    /// A SQLite file in the run's directory (for one process).
    Sqlite,
    /// A PostgreSQL database of the run's own.
    Postgres(PostgresDatabase),
}

/// How often a process is killed with SIGKILL, and for how long.
pub struct Kills {
    /// Milliseconds from a restart to the next kill.
    pub every: Range<u64>,
    /// Milliseconds a killed process stays down.
    pub pause: Range<u64>,
}

/// What a run is made of.
pub struct Setup {
    /// The `agora` binary under test.
    pub binary: PathBuf,
    /// Names the run's directory and its figures.
    pub name: String,
    /// The `agora serve` processes sharing the database.
    pub processes: usize,
    pub database: Database,
    pub faults: FaultMix,
    pub kills: Kills,
    /// Whether a pair by mail and a pair on Discord make no moves and the clocks of their games
    /// are moved into the past during the play (on PostgreSQL).
    pub deadlines: bool,
    /// How long a Discord command goes unanswered before it is typed again.
    pub retype_after: Duration,
    pub seed: u64,
}

impl Setup {
    /// The soak: one process on a SQLite file, the faults of `AGORA_SOAK_FAULTS`, a kill every 5
    /// to 20 seconds.
    pub fn soak(binary: &Path, seed: u64) -> Setup {
        Setup {
            binary: binary.to_owned(),
            name: "soak".into(),
            processes: 1,
            database: Database::Sqlite,
            faults: FaultMix::from_env(seed),
            kills: Kills {
                every: 5_000..20_000,
                pause: 0..2_000,
            },
            deadlines: false,
            retype_after: Duration::from_secs(20),
            seed,
        }
    }

    /// `processes` on one PostgreSQL database, without network faults: a random process killed
    /// every 3 to 8 seconds (every other time the one reading the mailbox), deadlines moved.
    pub fn cluster(
        binary: &Path,
        processes: usize,
        database: PostgresDatabase,
        seed: u64,
    ) -> Setup {
        Setup {
            binary: binary.to_owned(),
            name: format!("cluster of {processes}"),
            processes,
            database: Database::Postgres(database),
            faults: FaultMix::off(),
            kills: Kills {
                every: 3_000..8_000,
                pause: 500..2_000,
            },
            deadlines: true,
            // A process is down for seconds at a time: the command goes to its shard's next run.
            retype_after: Duration::from_secs(8),
            seed,
        }
    }

    pub(super) fn database_name(&self) -> &'static str {
        match self.database {
            Database::Sqlite => "sqlite",
            Database::Postgres(_) => "postgres",
        }
    }
}

/// The configuration of process `i`: the database, every connection through a proxy; with
/// several processes, its one gateway shard and a short lease on reading the mailbox.
pub(super) fn config_text(
    dir: &Path,
    servers: &Servers,
    proxies: &Proxies,
    setup: &Setup,
    i: usize,
) -> String {
    let database = match &setup.database {
        Database::Sqlite => format!("path = {:?}", dir.join("agora.db").display().to_string()),
        Database::Postgres(db) => format!("url = {:?}", db.url),
    };
    let (sweep_seconds, shards, lease) = if setup.processes > 1 {
        (
            2,
            format!("shards = \"{i}\"\nshard_total = {}\n", setup.processes),
            format!("lease_seconds = {MAIL_LEASE_SECONDS}\n"),
        )
    } else {
        (5, String::new(), String::new())
    };
    format!(
        r#"[database]
{database}

[web]
listen = "127.0.0.1:0"
admin_listen = "127.0.0.1:0"

[service]
outbox_poll_seconds = 1
sweep_seconds = {sweep_seconds}

[ai]
# The soak measures play and delivery: its finished games are not analysed.
analysis_threads = 0

[discord]
enabled = true
api_base = "http://{http}"
png_size = 160
outbox_poll_seconds = 1
{shards}
[mail]
enabled = true
address = "{service}"
per_sender_per_hour = 100000
per_domain_per_hour = 100000
unauthenticated_per_hour = 100000
png_size = 160
{lease}
[mail.imap]
host = "127.0.0.1"
port = {imap}
security = "starttls"
user = "{service}"
poll_seconds = 2
ca_file = {ca:?}

[mail.smtp]
host = "127.0.0.1"
port = {smtp}
security = "starttls"
user = "{service}"
ca_file = {ca:?}
"#,
        http = proxies.http.addr(),
        service = servers.service(),
        imap = proxies.imap.port(),
        smtp = proxies.smtp.port(),
        ca = servers.ca.display().to_string(),
    )
}
