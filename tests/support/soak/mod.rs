//! The soak's rig: the servers behind fault proxies, the `agora serve` process, the players, the
//! chaos (random faults and `kill -9`) and the end (faults off, one last run until quiet).

mod check;
mod db;
mod players;
mod server;

pub use check::Figures;

use crate::common::{self, Servers};
use crate::double::Double;
use agora_faultproxy::{Fault, FaultProxy, RandomFaults};
use db::Db;
use players::{MailUser, Person, Table, Who};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use server::Server;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(60);
/// The longest the end may take to become quiet once the faults stopped.
const QUIET_LIMIT: Duration = Duration::from_secs(240);
/// How long nothing may change for the end to count as quiet.
const QUIET_FOR: Duration = Duration::from_secs(5);

/// A proxy in front of each thing Agora talks to.
pub struct Proxies {
    pub imap: FaultProxy,
    pub smtp: FaultProxy,
    pub http: FaultProxy,
    pub gateway: FaultProxy,
}

impl Proxies {
    fn all(&self) -> [(&'static str, &FaultProxy); 4] {
        [
            ("imap", &self.imap),
            ("smtp", &self.smtp),
            ("discord-http", &self.http),
            ("discord-gateway", &self.gateway),
        ]
    }
}

/// Which faults each proxy injects. `AGORA_SOAK_FAULTS=all` puts every fault on every proxy; the
/// default (`ci`) is the mix of [`FaultMix::ci`].
pub struct FaultMix {
    pub name: &'static str,
    pub plans: [RandomFaults; 4],
}

impl FaultMix {
    fn from_env(seed: u64) -> FaultMix {
        match std::env::var("AGORA_SOAK_FAULTS").as_deref() {
            Ok("all") => FaultMix {
                name: "all",
                plans: [0, 1, 2, 3].map(|i| RandomFaults::every_fault(seed * 10 + i)),
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
            plans: [
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
            ],
        }
    }
}

pub struct Rig {
    servers: Servers,
    dir: PathBuf,
    double: Double,
    proxies: Proxies,
    server: Arc<Mutex<Server>>,
    table: Arc<Table>,
    mail_users: Vec<(String, Arc<MailUser>)>,
    pairs: Vec<(Arc<Person>, Arc<Person>)>,
    seed: u64,
    /// The last mail spooled before the play (the confirmations, which the players read then).
    spooled_before: i64,
}

impl Rig {
    /// Starts everything with the faults off and lets the mail players confirm their addresses.
    pub async fn start(servers: Servers, seed: u64) -> Rig {
        let dir = std::env::temp_dir().join(format!("agora-soak-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let double = Double::start().await;
        let upstream = |port: u16| SocketAddr::from(([127, 0, 0, 1], port));
        let proxies = Proxies {
            imap: FaultProxy::start(upstream(servers.imap)).await.unwrap(),
            smtp: FaultProxy::start(upstream(servers.submission))
                .await
                .unwrap(),
            http: FaultProxy::start(double.http).await.unwrap(),
            gateway: FaultProxy::start(double.ws).await.unwrap(),
        };
        double.route_gateway_through(proxies.gateway.addr());
        let config = dir.join("agora.toml");
        std::fs::write(&config, config_text(&dir, &servers, &proxies)).unwrap();
        let mut server = Server::new(&config, &dir.join("serve.log"));
        server.start();
        let started = Instant::now();
        while server.logged("reading mail") == 0 || server.logged("connected to Discord") == 0 {
            assert!(
                started.elapsed() < WAIT,
                "agora serve did not start; see {}",
                server.log.display()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let db = Db::open(&dir.join("agora.db")).await;
        let table = Arc::new(Table {
            double: double.clone(),
            db,
            intents: Mutex::new(Vec::new()),
            winding_down: Default::default(),
            stopped: Default::default(),
        });
        let mut mail_users = Vec::new();
        for name in ["alice", "bob", "carol", "dave"] {
            let mut player = common::Player::new(&servers, name);
            let home = common::confirmed(&mut player, WAIT).await;
            let user = Arc::new(MailUser {
                player: tokio::sync::Mutex::new(player),
                home,
                received: Mutex::new(Vec::new()),
                threads: Mutex::new(Default::default()),
            });
            mail_users.push((name.to_owned(), user));
        }
        let person = |name: &str, who| {
            Arc::new(Person {
                name: name.into(),
                who,
            })
        };
        let mail = |i: usize| person(&mail_users[i].0, Who::Mail(mail_users[i].1.clone()));
        let discord = |i: u64, name: &str| person(name, Who::Discord(600_000_000_000_000_000 + i));
        let pairs = vec![
            (mail(0), mail(1)),
            (mail(2), mail(3)),
            (discord(1, "erin"), discord(2, "frank")),
            (discord(3, "grace"), discord(4, "heidi")),
        ];
        let spooled_before = table.db.last_spooled().await;
        Rig {
            servers,
            dir,
            double,
            proxies,
            server: Arc::new(Mutex::new(server)),
            table,
            mail_users,
            pairs,
            seed,
            spooled_before,
        }
    }

    /// Plays for `play` with faults and kills, ends quietly, checks; returns the figures.
    pub async fn run(self, play: Duration) -> Figures {
        let started = Instant::now();
        let mut tasks = Vec::new();
        for (i, (a, b)) in self.pairs.iter().enumerate() {
            let seed = self.seed * 100 + i as u64;
            tasks.push(tokio::spawn(players::play_pair(
                self.table.clone(),
                a.clone(),
                b.clone(),
                seed,
            )));
        }
        for (_, user) in &self.mail_users {
            tasks.push(tokio::spawn(players::read_mail(
                self.table.clone(),
                user.clone(),
            )));
        }
        let mix = FaultMix::from_env(self.seed);
        for ((_, proxy), plan) in self.proxies.all().into_iter().zip(mix.plans.clone()) {
            proxy.random(plan);
        }
        self.kill_now_and_then(started + play).await;

        // The end: faults off, the server killed once more and started for a last quiet run.
        for (_, proxy) in self.proxies.all() {
            proxy.pass();
        }
        let last_fault = Instant::now();
        self.table.winding_down.store(true, Ordering::SeqCst);
        {
            let mut server = self.server.lock().unwrap();
            server.kill();
            server.start();
        }
        let quiet = self.wait_for_quiet().await;
        let to_quiet = quiet.map(|at| at.saturating_duration_since(last_fault));
        self.table.stopped.store(true, Ordering::SeqCst);
        for task in tasks {
            task.await.unwrap();
        }
        self.server.lock().unwrap().stop();
        let mut figures = check::check(&self, &mix, started.elapsed(), to_quiet).await;
        if quiet.is_none() {
            figures.problems.push(format!(
                "not quiet within {QUIET_LIMIT:?} of the last fault; log in {}",
                self.dir.display()
            ));
        }
        self.table.db.close().await;
        if figures.problems.is_empty() {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
        figures
    }

    /// Kills the server with SIGKILL every 5 to 20 seconds (and starts it again, sometimes after
    /// a pause) until `until`.
    async fn kill_now_and_then(&self, until: Instant) {
        let mut rng = SmallRng::seed_from_u64(self.seed);
        loop {
            let next = Instant::now() + Duration::from_millis(rng.random_range(5_000..20_000));
            if next >= until {
                tokio::time::sleep(until.saturating_duration_since(Instant::now())).await;
                return;
            }
            tokio::time::sleep(next - Instant::now()).await;
            let pause = Duration::from_millis(rng.random_range(0..2_000));
            self.server.lock().unwrap().kill();
            tokio::time::sleep(pause).await;
            self.server.lock().unwrap().start();
        }
    }

    /// Waits until every move sent is applied, nothing waits to be sent, every mail to Agora is
    /// handled and nothing changed for [`QUIET_FOR`]; returns when it became so.
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
        let inbox = common::inbox_flags(&self.servers, common::SERVICE).await;
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

/// The configuration: the database in `dir`, every connection through a proxy.
fn config_text(dir: &std::path::Path, servers: &Servers, proxies: &Proxies) -> String {
    format!(
        r#"[database]
path = {db:?}

[web]
listen = "127.0.0.1:0"

[service]
outbox_poll_seconds = 1
sweep_seconds = 5

[discord]
enabled = true
api_base = "http://{http}"
png_size = 160
outbox_poll_seconds = 1

[mail]
enabled = true
address = "{service}"
per_sender_per_hour = 100000
per_domain_per_hour = 100000
unauthenticated_per_hour = 100000
png_size = 160

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
        db = dir.join("agora.db").display().to_string(),
        http = proxies.http.addr(),
        service = common::SERVICE,
        imap = proxies.imap.port(),
        smtp = proxies.smtp.port(),
        ca = servers.ca.display().to_string(),
    )
}
