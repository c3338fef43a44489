//! `agora service …`: tools around the game service. `bench` drives the real service on a fresh
//! SQLite file with many games at once, first with a fixed number of commands in flight (closed
//! loop), then at a fixed rate (open loop), and prints actions per second, latency percentiles
//! per command and the commits' batch sizes, beside the raw rate of single-row durable commits on
//! the same disk.
//!
//! With `--db postgres://…` it plays the same games on that PostgreSQL with one, two and four
//! processes at once (each process its share of the games, each game in one process, all on one
//! database), and prints each run's actions per second and latency percentiles beside the
//! SQLite figure of the same games on a file.
//!
//! This file holds the command line, the SQLite bench and what both benches share (the games,
//! their scripts, the loads and the latencies); the PostgreSQL runs are in `postgres`.

mod postgres;

use agora_rules::{AnyPosition, Variant};
use agora_service::{Identity, Inbound, Service, Settings, Status, Store, StoreOptions, Templates};
use clap::{Args, Subcommand};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(Subcommand)]
pub enum ServiceCommand {
    /// Drive the service with many concurrent games and print throughput and latency.
    Bench(BenchArgs),
    /// Time tournaments: a Swiss's pairing (alone and through the service) and the start of a
    /// double round robin.
    TournamentBench(crate::tournament_bench::TournamentBenchArgs),
    /// Print the command table as Markdown (for the player's guide, docs/guide; the same table feeds `help`).
    Commands,
    /// One process of `bench --db postgres://…` (started by the bench itself).
    #[command(hide = true)]
    BenchPart(PartArgs),
}

#[derive(Args)]
pub struct PartArgs {
    #[command(flatten)]
    bench: BenchArgs,
    /// This process plays the games whose number modulo `parts` is `part`.
    #[arg(long)]
    part: usize,
    #[arg(long)]
    parts: usize,
}

#[derive(Args)]
pub struct BenchArgs {
    /// Games played at the same time (half Agon, half Agros 10x10 with 5 farmers).
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Actions per game (fewer if a game ends first).
    #[arg(long, default_value_t = 20)]
    plies: usize,
    /// Commands in flight at once in the closed-loop run, drawn from all the games (each finished
    /// command lets the next one in); 0 = no closed-loop run. Commands that arrive while a commit
    /// is under way share the next one, so more in flight means larger batches.
    #[arg(long, default_value_t = 8)]
    concurrency: usize,
    /// Commands per second sent in the open-loop run (each command's latency counts from when it
    /// was due to be sent, so a backlog shows); 0 = no open-loop run.
    #[arg(long, default_value_t = 2000.0)]
    rate: f64,
    /// The SQLite file to create (deleted first and afterwards), or a PostgreSQL database
    /// (`postgres://USER@HOST/DATABASE`, password from PGPASSWORD) to run one, two and four
    /// processes on, in a schema of the bench's own that is dropped afterwards; the SQLite
    /// figure is then taken on `agora-bench.db`.
    #[arg(long, default_value = "agora-bench.db")]
    db: String,
    /// Processes to run on PostgreSQL, one run each.
    #[arg(long, value_delimiter = ',', default_value = "1,2,4")]
    processes: Vec<usize>,
    /// Use synchronous=NORMAL (commits not on disk when they return; not power-loss safe)
    /// instead of the default FULL.
    #[arg(long)]
    sync_normal: bool,
    /// Single-row committed inserts for the raw disk figure.
    #[arg(long, default_value_t = 2000)]
    raw_inserts: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads of the async runtime (0 = everything on the calling thread, beside SQLite's own).
    #[arg(long, default_value_t = 2)]
    workers: usize,
    /// Let the writer's thread and SQLite's thread for the writer run on any CPU (the default
    /// keeps them on one; see `pin_writer` in config/agora.toml).
    #[arg(long)]
    no_pin: bool,
}

pub fn run(cmd: ServiceCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        ServiceCommand::TournamentBench(args) => crate::tournament_bench::run(args),
        ServiceCommand::Commands => {
            println!("| command | also | what it does |");
            println!("|---|---|---|");
            for c in agora_service::commands::COMMANDS {
                println!(
                    "| `{}` | {} | {} |",
                    c.usage.replace('|', "\\|"),
                    c.aliases.join(", "),
                    c.summary
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        ServiceCommand::BenchPart(part) => {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(part.bench.workers.max(1))
                .enable_all()
                .build()?;
            runtime.block_on(postgres::bench_part(part))
        }
        ServiceCommand::Bench(args) if agora_store::is_postgres_url(&args.db) => {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(args.workers.max(1))
                .enable_all()
                .build()?;
            runtime.block_on(postgres::bench_postgres(args))
        }
        ServiceCommand::Bench(args) => {
            let runtime = match args.workers {
                0 => tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()?,
                n => tokio::runtime::Builder::new_multi_thread()
                    .worker_threads(n)
                    .enable_all()
                    .build()?,
            };
            runtime.block_on(bench(args))
        }
    }
}

fn remove_db(path: impl AsRef<std::path::Path>) {
    let path = path.as_ref();
    for suffix in ["", "-wal", "-shm"] {
        let mut p = path.as_os_str().to_owned();
        p.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(p));
    }
}

/// Random legal actions for one game, chosen with the rules alone.
fn random_game(variant: Variant, plies: usize, rng: &mut SmallRng) -> Vec<String> {
    let mut p: AnyPosition = variant.start();
    let mut out = Vec::new();
    while out.len() < plies && !p.is_finished() {
        let legal = p.legal_actions();
        if legal.is_empty() {
            break;
        }
        let a = legal[rng.random_range(0..legal.len())];
        out.push(p.notation(a));
        p.play_unchecked(a);
    }
    out
}

type Latencies = Arc<Mutex<BTreeMap<&'static str, Vec<Duration>>>>;

async fn timed(
    service: &Service,
    latencies: &Latencies,
    kind: &'static str,
    inbound: Inbound,
    start: Instant,
) -> anyhow::Result<()> {
    let answer = service.handle(&inbound, service.now()).await?;
    let took = start.elapsed();
    anyhow::ensure!(
        answer.status == Status::Done,
        "{kind} `{}` by {} refused: {}",
        inbound.text,
        inbound.from,
        answer.text
    );
    latencies
        .lock()
        .expect("lock")
        .entry(kind)
        .or_default()
        .push(took);
    Ok(())
}

/// Runs the scripts with at most `concurrency` commands in the service at once.
async fn closed_loop(
    service: &Arc<Service>,
    latencies: &Latencies,
    scripts: Vec<Vec<(&'static str, Inbound)>>,
    concurrency: usize,
) -> anyhow::Result<()> {
    let semaphore = Arc::new(tokio::sync::Semaphore::new(concurrency.max(1)));
    let mut tasks = tokio::task::JoinSet::new();
    for script in scripts {
        let (service, latencies, semaphore) =
            (service.clone(), latencies.clone(), semaphore.clone());
        tasks.spawn(async move {
            for (kind, inbound) in script {
                let _permit = semaphore.acquire().await?;
                timed(&service, &latencies, kind, inbound, Instant::now()).await?;
            }
            anyhow::Ok(())
        });
    }
    while let Some(r) = tasks.join_next().await {
        r??;
    }
    Ok(())
}

/// Sends one command every `1 / rate` seconds, each from a game whose previous command has
/// been answered (round robin), and measures each from the moment it was due.
async fn open_loop(
    service: &Arc<Service>,
    latencies: &Latencies,
    scripts: Vec<Vec<(&'static str, Inbound)>>,
    rate: f64,
) -> anyhow::Result<()> {
    anyhow::ensure!(rate > 0.0, "--rate must be positive");
    let mut scripts: Vec<std::collections::VecDeque<(&'static str, Inbound)>> =
        scripts.into_iter().map(Into::into).collect();
    let mut ready: std::collections::VecDeque<usize> = (0..scripts.len()).collect();
    let mut left: usize = scripts.iter().map(|s| s.len()).sum();
    let (done_tx, mut done_rx) = tokio::sync::mpsc::unbounded_channel::<anyhow::Result<usize>>();
    let mut tick = tokio::time::interval(Duration::from_secs_f64(1.0 / rate));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
    let mut starved = 0usize;
    let mut in_flight = 0usize;
    while left > 0 || in_flight > 0 {
        tokio::select! {
            due = tick.tick(), if left > 0 => {
                let Some(game) = ready.pop_front() else {
                    starved += 1;
                    continue;
                };
                let Some((kind, inbound)) = scripts[game].pop_front() else {
                    continue;
                };
                left -= 1;
                in_flight += 1;
                let (service, latencies, done) = (service.clone(), latencies.clone(), done_tx.clone());
                let due = due.into_std();
                tokio::spawn(async move {
                    let r = timed(&service, &latencies, kind, inbound, due).await;
                    let _ = done.send(r.map(|()| game));
                });
            }
            Some(r) = done_rx.recv() => {
                in_flight -= 1;
                let game = r?;
                if !scripts[game].is_empty() {
                    ready.push_back(game);
                }
            }
        }
    }
    if starved > 0 {
        println!(
            "({starved} ticks found no game ready to send: every game was waiting for an answer)"
        );
    }
    Ok(())
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

/// One run of the bench: how the commands were sent.
#[derive(Clone, Copy)]
enum Load {
    Closed(usize),
    Open(f64),
}

async fn bench(args: BenchArgs) -> anyhow::Result<ExitCode> {
    if std::env::var_os("RUST_LOG").is_some() {
        tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
            .with_writer(std::io::stderr)
            .init();
    }
    println!(
        "agora service bench: {} games, {} plies each, synchronous={}, file {}",
        args.games,
        args.plies,
        if args.sync_normal { "NORMAL" } else { "FULL" },
        args.db
    );
    let mut loads = Vec::new();
    if args.concurrency > 0 {
        loads.push(Load::Closed(args.concurrency));
    }
    if args.rate > 0.0 {
        loads.push(Load::Open(args.rate));
    }
    let mut best = 0.0f64;
    for load in loads {
        best = best.max(run_once(&args, load).await?);
    }
    // The raw figure on a fresh file of the same disk, with nothing else running.
    remove_db(&args.db);
    let store = Store::open(args.db.as_ref(), &store_options(&args)).await?;
    let raw = store.raw_insert_rate(args.raw_inserts).await?;
    store.close().await;
    remove_db(&args.db);
    println!(
        "raw single-row durable commits on the same file: {raw:.0} commits/s ({} rows)",
        args.raw_inserts
    );
    if best > 0.0 {
        println!(
            "best service rate / raw commit rate: {:.2} actions per raw commit",
            best / raw
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn store_options(args: &BenchArgs) -> StoreOptions {
    StoreOptions {
        sync_full: !args.sync_normal,
        pin_writer: !args.no_pin,
        ..StoreOptions::default()
    }
}

/// Plays the bench's games on a fresh file under `load`; prints the figures and returns the
/// actions per second.
async fn run_once(args: &BenchArgs, load: Load) -> anyhow::Result<f64> {
    remove_db(&args.db);
    let store = Store::open(args.db.as_ref(), &store_options(args)).await?;
    let settings = Settings {
        seed: Some(args.seed),
        ..Settings::default()
    };
    let service = Arc::new(Service::new(store, Templates::load(None)?, settings));
    let mut rng = SmallRng::seed_from_u64(args.seed);
    let latencies: Latencies = Arc::default();
    let pinned = match service.store().writer_cpu() {
        Some(cpu) => format!("writer on CPU {cpu}"),
        None => "writer not pinned".to_owned(),
    };
    match load {
        Load::Closed(n) => println!("\n== closed loop: {n} commands in flight ({pinned})"),
        Load::Open(rate) => println!("\n== open loop: {rate} commands/s ({pinned})"),
    }
    let games = bench_games(args, &mut rng);
    register_players(&service, games.len()).await?;
    let scripts = scripts(games);

    let before = service.store().commit_stats();
    let started = Instant::now();
    match load {
        Load::Closed(n) => closed_loop(&service, &latencies, scripts, n).await?,
        Load::Open(rate) => open_loop(&service, &latencies, scripts, rate).await?,
    }
    let wall = started.elapsed();
    let after = service.store().commit_stats();

    let latencies = latencies.lock().expect("lock").clone();
    let total: usize = latencies.values().map(Vec::len).sum();
    let moves = latencies.get("move").map_or(0, Vec::len);
    println!(
        "{total} commands ({moves} of them actions) in {:.2} s: {:.0} commands/s, {:.0} actions/s",
        wall.as_secs_f64(),
        total as f64 / wall.as_secs_f64(),
        moves as f64 / wall.as_secs_f64()
    );
    println!(
        "{:<10} {:>7} {:>10} {:>10} {:>10}",
        "command", "count", "p50 ms", "p99 ms", "max ms"
    );
    for (kind, mut v) in latencies {
        v.sort();
        println!(
            "{kind:<10} {:>7} {:>10.2} {:>10.2} {:>10.2}",
            v.len(),
            percentile(&v, 0.5).as_secs_f64() * 1e3,
            percentile(&v, 0.99).as_secs_f64() * 1e3,
            v.last().copied().unwrap_or_default().as_secs_f64() * 1e3
        );
    }
    let (commits, commands) = (
        after.commits - before.commits,
        after.commands - before.commands,
    );
    println!(
        "commits: {commits} carrying {commands} commands' savepoints ({:.1} per commit, {:.0} commits/s), {} failed",
        commands as f64 / commits.max(1) as f64,
        commits as f64 / wall.as_secs_f64(),
        after.failed - before.failed
    );
    let pending = service.store().read().await?.outbox_stats().await?;
    println!(
        "outbox: {} notifications queued (the bench has no sender)",
        pending.pending
    );
    service.store().close().await;
    remove_db(&args.db);
    Ok(moves as f64 / wall.as_secs_f64())
}

/// The bench's games: half Agon, half Agros 10x10 with 5 farmers, each with its random actions.
fn bench_games(args: &BenchArgs, rng: &mut SmallRng) -> Vec<(Variant, Vec<String>)> {
    (0..args.games)
        .map(|i| {
            let variant = if i % 2 == 0 {
                Variant::Agon
            } else {
                Variant::Agros {
                    board: 10,
                    farmers: 5,
                }
            };
            (variant, random_game(variant, args.plies, rng))
        })
        .collect()
}

/// Every player of `games` games, registered before the clock starts (a first contact is a
/// one-time cost).
async fn register_players(service: &Service, games: usize) -> anyhow::Result<()> {
    for i in 0..games {
        for side in ["w", "b"] {
            let name = format!("{side}{i}");
            service
                .register(&Identity::local(name.clone()), Some(&name), service.now())
                .await?;
        }
    }
    Ok(())
}

/// Each game as a script of commands sent one after another, as two players would.
fn scripts(games: Vec<(Variant, Vec<String>)>) -> Vec<Vec<(&'static str, Inbound)>> {
    games
        .into_iter()
        .enumerate()
        .map(|(i, (variant, actions))| {
            let (white, black) = (
                Identity::local(format!("w{i}")),
                Identity::local(format!("b{i}")),
            );
            let send = |from: &Identity, text: String, n: usize| Inbound {
                text,
                delivery: Some(format!("bench-{i}-{n}")),
                ..Inbound::new(from.clone())
            };
            let kind = match variant {
                Variant::Agon => "agon".to_owned(),
                Variant::Agros { board, farmers } => {
                    format!("agros board {board} farmers {farmers}")
                }
            };
            let mut script = vec![
                (
                    "challenge",
                    send(&white, format!("challenge b{i} {kind} days 7"), 0),
                ),
                ("accept", send(&black, "accept".into(), 1)),
            ];
            for (n, action) in actions.into_iter().enumerate() {
                let who = if n % 2 == 0 { &white } else { &black };
                script.push(("move", send(who, format!("move ply {n} {action}"), n + 2)));
            }
            script
        })
        .collect()
}
