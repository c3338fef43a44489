//! `agora service bench --db postgres://…`: the bench's games on PostgreSQL, played by one, two
//! and four processes at once (each process its share of the games, each game in one process),
//! each run in a fresh schema, then on a SQLite file for comparison; and the hidden `bench-part`
//! command each of those processes runs.

use super::{
    BenchArgs, Latencies, Load, PartArgs, bench_games, closed_loop, register_players, run_once,
    scripts, store_options,
};
use agora_service::{Inbound, Service, Settings, Store, Templates};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

/// `bench --db postgres://…`: the same games with each count of processes, each run in a fresh
/// schema, then on a SQLite file; one line of figures each.
pub(super) async fn bench_postgres(args: BenchArgs) -> anyhow::Result<ExitCode> {
    println!(
        "agora service bench on PostgreSQL: {} games, {} plies each, {} commands in flight per \
         process, synchronous_commit={}",
        args.games,
        args.plies,
        args.concurrency.max(1),
        if args.sync_normal { "off" } else { "on" }
    );
    let exe = std::env::current_exe()?;
    let mut rows = Vec::new();
    for &processes in &args.processes {
        let processes = processes.max(1);
        let schema = format!("agora_bench_{}_{processes}", std::process::id());
        let url = agora_store::testing::url_with_schema(&args.db, &schema);
        agora_store::testing::reset_schema(&args.db, &schema, true).await?;
        // The players first, by this process, as in the SQLite run.
        let store = Store::connect(&url, &store_options(&args)).await?;
        let service = Service::new(store, Templates::load(None)?, Settings::default());
        register_players(&service, args.games).await?;
        service.store().close().await;

        let children = start_parts(&exe, &url, &args, processes)?;
        let (mut moves, span) = read_parts(children).await?;
        agora_store::testing::reset_schema(&args.db, &schema, false).await?;
        moves.sort_unstable();
        let wall = span as f64 / 1e6;
        let at = |p: f64| percentile_us(&moves, p);
        rows.push((
            format!(
                "PostgreSQL, {processes} process{}",
                if processes == 1 { "" } else { "es" }
            ),
            moves.len() as f64 / wall,
            at(0.5),
            at(0.99),
        ));
        println!(
            "{processes} process(es): {} actions in {wall:.2} s: {:.0} actions/s, move p50 {:.2} ms, p99 {:.2} ms",
            moves.len(),
            moves.len() as f64 / wall,
            at(0.5),
            at(0.99)
        );
    }
    // The SQLite figure of the same games, on a file, in this process.
    let lite = BenchArgs {
        db: "agora-bench.db".into(),
        ..args
    };
    let rate = run_once(&lite, Load::Closed(lite.concurrency.max(1))).await?;
    rows.push(("SQLite, 1 process".into(), rate, f64::NAN, f64::NAN));
    println!("\n| database | actions/s | move p50 ms | move p99 ms |\n|---|---|---|---|");
    for (what, rate, p50, p99) in rows {
        if p50.is_nan() {
            println!("| {what} | {rate:.0} | (above) | (above) |");
        } else {
            println!("| {what} | {rate:.0} | {p50:.2} | {p99:.2} |");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Starts `processes` processes of `bench-part` on the database at `url`, each playing its share
/// of the games; each is killed if it is dropped before it ends.
fn start_parts(
    exe: &Path,
    url: &str,
    args: &BenchArgs,
    processes: usize,
) -> anyhow::Result<Vec<tokio::process::Child>> {
    let mut children = Vec::new();
    for part in 0..processes {
        children.push(
            tokio::process::Command::new(exe)
                .args(["service", "bench-part", "--db", url])
                .args(["--games", &args.games.to_string()])
                .args(["--plies", &args.plies.to_string()])
                .args(["--concurrency", &args.concurrency.max(1).to_string()])
                .args(["--seed", &args.seed.to_string()])
                .args(["--workers", &args.workers.max(1).to_string()])
                .args([
                    "--part",
                    &part.to_string(),
                    "--parts",
                    &processes.to_string(),
                ])
                .args(args.sync_normal.then_some("--sync-normal"))
                .stdout(std::process::Stdio::piped())
                .kill_on_drop(true)
                .spawn()?,
        );
    }
    Ok(children)
}

/// Waits for the `bench-part` processes and reads what they printed: every move's latency in
/// microseconds, and the span from the first one's start to the last one's end, in microseconds.
async fn read_parts(children: Vec<tokio::process::Child>) -> anyhow::Result<(Vec<u64>, u128)> {
    let mut moves = Vec::new();
    let (mut first, mut last) = (u128::MAX, 0u128);
    for child in children {
        let out = child.wait_with_output().await?;
        anyhow::ensure!(
            out.status.success(),
            "a bench process failed: {}",
            out.status
        );
        let text = String::from_utf8(out.stdout)?;
        for line in text.lines() {
            let mut words = line.split_whitespace();
            match (words.next(), words.next(), words.next()) {
                (Some("span"), Some(start), Some(end)) => {
                    first = first.min(start.parse()?);
                    last = last.max(end.parse()?);
                }
                (Some("move"), Some(us), None) => moves.push(us.parse::<u64>()?),
                _ => {}
            }
        }
    }
    Ok((moves, last.saturating_sub(first)))
}

fn percentile_us(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i] as f64 / 1e3
}

/// One process of [`bench_postgres`]: plays its share of the games in a closed loop and prints
/// its span (`span START END`, microseconds since the epoch) and each move's latency
/// (`move MICROSECONDS`).
pub(super) async fn bench_part(part: PartArgs) -> anyhow::Result<ExitCode> {
    let args = &part.bench;
    let store = Store::connect(&args.db, &store_options(args)).await?;
    let settings = Settings {
        seed: Some(args.seed + part.part as u64),
        ..Settings::default()
    };
    let service = Arc::new(Service::new(store, Templates::load(None)?, settings));
    let mut rng = SmallRng::seed_from_u64(args.seed);
    let mine: Vec<Vec<(&'static str, Inbound)>> = scripts(bench_games(args, &mut rng))
        .into_iter()
        .enumerate()
        .filter(|(i, _)| i % part.parts.max(1) == part.part)
        .map(|(_, script)| script)
        .collect();
    let latencies: Latencies = Arc::default();
    let epoch = || {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default()
            .as_micros()
    };
    let start = epoch();
    closed_loop(&service, &latencies, mine, args.concurrency.max(1)).await?;
    let end = epoch();
    service.store().close().await;
    println!("span {start} {end}");
    let latencies = latencies.lock().expect("lock");
    for took in latencies.get("move").into_iter().flatten() {
        println!("move {}", took.as_micros());
    }
    Ok(ExitCode::SUCCESS)
}
