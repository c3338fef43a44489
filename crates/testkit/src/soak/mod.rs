//! The soak's rig: the servers behind fault proxies, one or several `agora serve` processes on
//! one database, the players, the chaos (random faults and `kill -9`; on PostgreSQL also games'
//! deadlines moved into the past) and the end (faults off, every process running, until quiet).
//!
//! [`Setup::soak`] is one process on a SQLite file; [`Setup::cluster`] is several processes on
//! one PostgreSQL database, each running one of the bot's gateway shards, one of them at a time
//! reading the mailbox.

// The soak and the cluster test each use a part of the rig.
#![allow(dead_code)]

mod check;
mod clock;
mod db;
mod lease;
mod players;
mod server;
mod setup;

pub use check::Figures;
pub use db::PostgresDatabase;
pub use setup::{Database, FaultMix, Kills, Setup};

use crate::discord::double::Double;
use crate::mail::{self as common, Servers};
use agora_faultproxy::FaultProxy;
use clock::Clocks;
use db::Db;
use lease::LeaseWatch;
use players::{Guild, MailUser, Pair, Person, Table, Who};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use server::Server;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::task::JoinHandle;

const WAIT: Duration = Duration::from_secs(60);
/// The longest the end may take to become quiet once the faults stopped.
const QUIET_LIMIT: Duration = Duration::from_secs(240);
/// How long nothing may change for the end to count as quiet.
const QUIET_FOR: Duration = Duration::from_secs(5);
/// Seconds the lease on reading the mailbox lasts when several processes share it: the least
/// Agora accepts, so a survivor takes over soon after its holder was killed.
const MAIL_LEASE_SECONDS: u64 = 3;

/// A proxy in front of each thing Agora talks to.
pub struct Proxies {
    pub imap: FaultProxy,
    pub smtp: FaultProxy,
    pub http: FaultProxy,
    pub gateway: FaultProxy,
}

impl Proxies {
    /// A proxy in front of the mail servers' IMAP and submission ports and of both of the
    /// double's, passing everything until told otherwise.
    async fn start(servers: &Servers, double: &Double) -> Proxies {
        let upstream = |port: u16| SocketAddr::from(([127, 0, 0, 1], port));
        Proxies {
            imap: FaultProxy::start(upstream(servers.imap)).await.unwrap(),
            smtp: FaultProxy::start(upstream(servers.submission))
                .await
                .unwrap(),
            http: FaultProxy::start(double.http).await.unwrap(),
            gateway: FaultProxy::start(double.ws).await.unwrap(),
        }
    }

    fn all(&self) -> [(&'static str, &FaultProxy); 4] {
        [
            ("imap", &self.imap),
            ("smtp", &self.smtp),
            ("discord-http", &self.http),
            ("discord-gateway", &self.gateway),
        ]
    }
}

pub struct Rig {
    servers: Servers,
    dir: PathBuf,
    setup: Setup,
    double: Double,
    proxies: Proxies,
    processes: Arc<Mutex<Vec<Server>>>,
    table: Arc<Table>,
    mail_users: Vec<(String, Arc<MailUser>)>,
    pairs: Vec<Arc<Pair>>,
    /// The last mail spooled before the play (the confirmations, which the players read then).
    spooled_before: i64,
    /// The clocks moved into the past.
    clocks: Arc<Clocks>,
    /// The holders of the lease on reading the mailbox.
    lease: Arc<LeaseWatch>,
    /// Kills of the process that held the lease on reading the mailbox.
    holder_kills: AtomicU32,
}

impl Rig {
    /// Starts the soak ([`Setup::soak`]) with the faults off and lets the mail players confirm
    /// their addresses.
    pub async fn start(binary: &Path, servers: Servers, seed: u64) -> Rig {
        Rig::start_with(servers, Setup::soak(binary, seed)).await
    }

    /// Starts everything of `setup` with the faults off and lets the mail players confirm their
    /// addresses.
    pub async fn start_with(servers: Servers, setup: Setup) -> Rig {
        let dir = run_dir(&setup.name);
        let double = Double::start().await;
        let proxies = Proxies::start(&servers, &double).await;
        double.route_gateway_through(proxies.gateway.addr());
        let processes = start_processes(&dir, &servers, &proxies, &setup);
        wait_until_serving(&processes, &dir).await;
        let db = match &setup.database {
            Database::Sqlite => Db::open(&dir.join("agora.db")).await,
            Database::Postgres(db) => Db::open_postgres(&db.url_with_password).await,
        };
        let table = Arc::new(Table {
            double: double.clone(),
            db,
            intents: Mutex::new(Vec::new()),
            winding_down: Default::default(),
            stopped: Default::default(),
            typed: Default::default(),
            retype_after: setup.retype_after,
        });
        let mail_users = confirm_mail_users(&servers).await;
        let pairs = pairs(&setup, &mail_users);
        let spooled_before = table.db.last_spooled().await;
        Rig {
            servers,
            dir,
            setup,
            double,
            proxies,
            processes: Arc::new(Mutex::new(processes)),
            table,
            mail_users,
            pairs,
            spooled_before,
            clocks: Arc::default(),
            lease: Arc::new(LeaseWatch::new(agora_service::desk::mailbox_lease("INBOX"))),
            holder_kills: AtomicU32::new(0),
        }
    }

    /// Plays for `play` with faults and kills, ends quietly, checks; returns the figures.
    pub async fn run(self, play: Duration) -> Figures {
        let started = Instant::now();
        let tasks = self.start_play();
        if let Some(plans) = &self.setup.faults.plans {
            for ((_, proxy), plan) in self.proxies.all().into_iter().zip(plans.clone()) {
                proxy.random(plan);
            }
        }
        self.kill_now_and_then(started + play).await;
        let to_quiet = self.end_quietly().await;
        self.stop_play(tasks).await;
        let mut figures = check::check(&self, started.elapsed(), to_quiet).await;
        if to_quiet.is_none() {
            figures.problems.push(format!(
                "not quiet within {QUIET_LIMIT:?} of the last fault; logs in {}",
                self.dir.display()
            ));
        }
        self.clean_up(&figures).await;
        figures
    }

    /// Starts the play: each pair's games, each mail player's reading, and as the setup asks
    /// the clocks moved into the past and the watch on the lease on reading the mailbox.
    fn start_play(&self) -> Vec<JoinHandle<()>> {
        let mut tasks = Vec::new();
        for (i, pair) in self.pairs.iter().enumerate() {
            let seed = self.setup.seed * 100 + i as u64;
            tasks.push(tokio::spawn(players::play_pair(
                self.table.clone(),
                pair.clone(),
                seed,
            )));
        }
        for (_, user) in &self.mail_users {
            tasks.push(tokio::spawn(players::read_mail(
                self.table.clone(),
                user.clone(),
            )));
        }
        if self.setup.deadlines {
            let waiting = self.pairs.iter().filter(|p| !p.moves).cloned().collect();
            tasks.push(tokio::spawn(clock::move_clocks(
                self.table.clone(),
                self.clocks.clone(),
                waiting,
                self.setup.seed,
            )));
        }
        if self.setup.processes > 1 {
            tasks.push(tokio::spawn(lease::watch(
                self.table.clone(),
                self.lease.clone(),
            )));
        }
        tasks
    }

    /// The end: faults off; one process alone is killed once more and started for a last quiet
    /// run, several are all started. Returns how long after the last fault everything became
    /// quiet, or `None` if it did not within [`QUIET_LIMIT`].
    async fn end_quietly(&self) -> Option<Duration> {
        for (_, proxy) in self.proxies.all() {
            proxy.pass();
        }
        let last_fault = Instant::now();
        self.table.winding_down.store(true, Ordering::SeqCst);
        {
            let mut processes = self.processes.lock().unwrap();
            if let [server] = processes.as_mut_slice() {
                server.kill();
            }
            for server in processes.iter_mut().filter(|s| s.pid().is_none()) {
                server.start();
            }
        }
        let quiet = self.wait_for_quiet().await;
        quiet.map(|at| at.saturating_duration_since(last_fault))
    }

    /// Stops the play: the players and watches end, the lease's last holder is noted, and every
    /// process is stopped.
    async fn stop_play(&self, tasks: Vec<JoinHandle<()>>) {
        self.table.stopped.store(true, Ordering::SeqCst);
        for task in tasks {
            task.await.unwrap();
        }
        if self.setup.processes > 1 {
            let holder = self.table.db.lease_holder(&self.lease.name).await.ok();
            let live = self
                .processes
                .lock()
                .unwrap()
                .iter()
                .filter_map(Server::pid)
                .collect();
            self.lease.end(holder.flatten(), live);
        }
        for server in self.processes.lock().unwrap().iter_mut() {
            server.stop();
        }
    }

    /// Closes the database; removes what a clean run leaves, keeps what a failed one does.
    async fn clean_up(&self, figures: &Figures) {
        self.table.db.close().await;
        // What a failed run leaves (the logs, the database) is kept for a look.
        if figures.problems.is_empty() {
            let _ = std::fs::remove_dir_all(&self.dir);
            if let Database::Postgres(db) = &self.setup.database {
                db.drop_database().await;
            }
        } else if let Database::Postgres(db) = &self.setup.database {
            println!(
                "kept: the logs in {}, the database {}",
                self.dir.display(),
                db.name
            );
        }
    }

    /// Kills a process with SIGKILL every so often (and starts it again after a pause) until
    /// `until`. Of several, every other kill is of the process reading the mailbox, which then
    /// stays down longer than its lease, so that another takes over.
    async fn kill_now_and_then(&self, until: Instant) {
        let mut rng = SmallRng::seed_from_u64(self.setup.seed);
        let kills = &self.setup.kills;
        let n = self.setup.processes;
        for round in 0.. {
            let next =
                Instant::now() + Duration::from_millis(rng.random_range(kills.every.clone()));
            if next >= until {
                tokio::time::sleep(until.saturating_duration_since(Instant::now())).await;
                return;
            }
            tokio::time::sleep(next - Instant::now()).await;
            let mut pause = Duration::from_millis(rng.random_range(kills.pause.clone()));
            let mut victim = 0;
            if n > 1 {
                victim = rng.random_range(0..n);
                if round % 2 == 0
                    && let Some(holder) = self.mailbox_reader().await
                {
                    victim = holder;
                }
                if Some(victim) == self.mailbox_reader().await {
                    self.holder_kills.fetch_add(1, Ordering::SeqCst);
                    pause = pause.max(Duration::from_secs(MAIL_LEASE_SECONDS + 1));
                }
            }
            self.processes.lock().unwrap()[victim].kill();
            tokio::time::sleep(pause).await;
            self.processes.lock().unwrap()[victim].start();
        }
    }

    /// The process holding the lease on reading the mailbox, by its place among the processes.
    async fn mailbox_reader(&self) -> Option<usize> {
        let holder = self.table.db.lease_holder(&self.lease.name).await.ok()??;
        let pid = lease::pid_of(&holder)?;
        self.processes
            .lock()
            .unwrap()
            .iter()
            .position(|s| s.pid() == Some(pid))
    }

    /// Waits until every move sent is applied, nothing waits to be sent, every mail to Agora is
    /// handled, every clock moved has been met and nothing changed for [`QUIET_FOR`]; returns
    /// when it became so.
    async fn wait_for_quiet(&self) -> Option<Instant> {
        let start = Instant::now();
        let mut last: Option<(String, Instant)> = None;
        while start.elapsed() < QUIET_LIMIT {
            tokio::time::sleep(Duration::from_millis(500)).await;
            let Some(state) = self.settled_state().await else {
                last = None;
                continue;
            };
            match &last {
                Some((seen, since)) if *seen == state => {
                    if since.elapsed() >= QUIET_FOR {
                        return Some(*since);
                    }
                }
                _ => last = Some((state, Instant::now())),
            }
        }
        None
    }

    /// A summary of everything that may still change, or `None` while work is visibly left.
    async fn settled_state(&self) -> Option<String> {
        let db = &self.table.db;
        if !db.backlog().await.is_empty() {
            return None;
        }
        let intents = self.table.intents.lock().unwrap().clone();
        for i in &intents {
            let applied = db.actions(i.game).await.ok()?;
            if applied.len() as i64 <= i.ply {
                return None;
            }
        }
        if self.clocks.pending(db).await > 0 {
            return None;
        }
        let inbox = common::inbox_flags(&self.servers, &self.servers.service()).await;
        if inbox.iter().any(|(_, flags)| !check::handled(flags)) {
            return None;
        }
        let received: usize = self
            .mail_users
            .iter()
            .map(|(_, u)| u.received.lock().unwrap().len())
            .sum();
        let posts = check::discord_calls(&self.double).await;
        Some(format!(
            "{} {} {} {received} {posts}",
            intents.len(),
            db.games().await.len(),
            inbox.len()
        ))
    }
}

/// The run's directory, named after it, empty.
fn run_dir(name: &str) -> PathBuf {
    let slug: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    let dir = std::env::temp_dir().join(format!("agora-{slug}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes the configuration of each process of the setup and starts it.
fn start_processes(dir: &Path, servers: &Servers, proxies: &Proxies, setup: &Setup) -> Vec<Server> {
    let mut processes = Vec::new();
    for i in 0..setup.processes {
        let (config, log) = if setup.processes == 1 {
            (dir.join("agora.toml"), dir.join("serve.log"))
        } else {
            (
                dir.join(format!("agora-{i}.toml")),
                dir.join(format!("serve-{i}.log")),
            )
        };
        std::fs::write(&config, setup::config_text(dir, servers, proxies, setup, i)).unwrap();
        let mut server = Server::new(&setup.binary, &config, &log);
        if let Database::Postgres(db) = &setup.database {
            server = server.env("PGPASSWORD", &db.password);
        }
        server.start();
        processes.push(server);
    }
    processes
}

/// Waits until a process reads the mailbox and every process is connected to Discord.
async fn wait_until_serving(processes: &[Server], dir: &Path) {
    let started = Instant::now();
    loop {
        let reading = processes.iter().any(|s| s.logged("reading mail") > 0);
        let connected = processes
            .iter()
            .all(|s| s.logged("connected to Discord") > 0);
        if reading && connected {
            break;
        }
        assert!(
            started.elapsed() < WAIT,
            "agora serve did not start; see the logs in {}",
            dir.display()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The mail players, each with its address confirmed.
async fn confirm_mail_users(servers: &Servers) -> Vec<(String, Arc<MailUser>)> {
    let mut mail_users = Vec::new();
    for name in ["alice", "bob", "carol", "dave"] {
        let mut player = common::Player::new(servers, name);
        let home = common::confirmed(&mut player, WAIT).await;
        let user = Arc::new(MailUser {
            address: player.address.clone(),
            player: tokio::sync::Mutex::new(player),
            home,
            received: Mutex::new(Vec::new()),
            threads: Mutex::new(Default::default()),
        });
        mail_users.push((name.to_owned(), user));
    }
    mail_users
}

/// Who plays whom: two pairs by mail and two on Discord, and with deadlines a third on Discord;
/// with deadlines, the second pair by mail and the third on Discord make no moves.
fn pairs(setup: &Setup, mail_users: &[(String, Arc<MailUser>)]) -> Vec<Arc<Pair>> {
    let person = |name: &str, who| {
        Arc::new(Person {
            name: name.into(),
            who,
        })
    };
    let mail = |i: usize| person(&mail_users[i].0, Who::Mail(mail_users[i].1.clone()));
    // With several processes each Discord pair types in a server of its own, so their
    // commands reach every process's shard.
    let guild = |k: u64| {
        if setup.processes > 1 {
            Guild::nth(k)
        } else {
            Guild::HOME
        }
    };
    let discord = |i: u64, name: &str, k: u64| {
        person(name, Who::Discord(600_000_000_000_000_000 + i, guild(k)))
    };
    let pair = |a, b, moves| Arc::new(Pair { a, b, moves });
    let mut pairs = vec![
        pair(mail(0), mail(1), true),
        pair(mail(2), mail(3), !setup.deadlines),
        pair(discord(1, "erin", 0), discord(2, "frank", 0), true),
        pair(discord(3, "grace", 1), discord(4, "heidi", 1), true),
    ];
    if setup.deadlines {
        pairs.push(pair(discord(5, "ivan", 2), discord(6, "judy", 2), false));
    }
    pairs
}
