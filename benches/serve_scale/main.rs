//! `cargo bench --bench serve_scale`: the real `agora serve` on a large database, started, driven
//! through the local Discord double, and measured.
//!
//! It builds (once, then cached under the target directory) a database of running games between
//! players with Discord identities ([`generate`]), copies it, starts `agora serve` on the copy
//! with its Discord front end pointed at the double ([`server`]), and prints: the time from spawn
//! until the bot has connected (its "connected to Discord" log line, written once the gateway's
//! READY arrived), the resident memory after start (VmRSS and the high-water mark VmHWM from
//! `/proc/<pid>/status`), then the same after a run of slash commands (moves by the games'
//! players, with some `board` and `games`) sent by the double and all answered ([`drive`]), and
//! the commands answered per second. It exits non-zero, saying which, when a target is missed:
//! start under [`START_TARGET`], resident memory under [`RSS_TARGET_MB`].
//!
//! Sizes come from the environment: `AGORA_SCALE_GAMES` (10000), `AGORA_SCALE_ACTIONS` (200000),
//! `AGORA_SCALE_PLAYERS` (2000), `AGORA_SCALE_COMMANDS` (10000), `AGORA_SCALE_IN_FLIGHT` (8
//! commands sent and not yet answered at once), `AGORA_SCALE_SEED` (1).

mod drive;
mod generate;
mod server;

use agora_testkit::discord::double;
use std::process::ExitCode;
use std::time::Duration;

/// The longest `agora serve` may take from spawn to connected.
const START_TARGET: Duration = Duration::from_secs(1);
/// The most resident memory it may hold, after start and after the commands.
const RSS_TARGET_MB: f64 = 80.0;

/// What the bench builds and sends.
#[derive(Debug, Clone)]
pub struct Sizes {
    pub games: usize,
    pub actions: usize,
    pub players: usize,
    pub commands: usize,
    pub in_flight: usize,
    pub seed: u64,
}

impl Sizes {
    fn from_env() -> anyhow::Result<Sizes> {
        fn var(name: &str, default: u64) -> anyhow::Result<u64> {
            match std::env::var(name) {
                Ok(v) => v
                    .parse()
                    .map_err(|_| anyhow::anyhow!("{name}={v} is not a whole number")),
                Err(_) => Ok(default),
            }
        }
        let sizes = Sizes {
            games: var("AGORA_SCALE_GAMES", 10_000)? as usize,
            actions: var("AGORA_SCALE_ACTIONS", 200_000)? as usize,
            players: var("AGORA_SCALE_PLAYERS", 2_000)? as usize,
            commands: var("AGORA_SCALE_COMMANDS", 10_000)? as usize,
            in_flight: var("AGORA_SCALE_IN_FLIGHT", 8)? as usize,
            seed: var("AGORA_SCALE_SEED", 1)?,
        };
        anyhow::ensure!(sizes.games > 0, "AGORA_SCALE_GAMES must be at least 1");
        anyhow::ensure!(sizes.players >= 2, "AGORA_SCALE_PLAYERS must be at least 2");
        anyhow::ensure!(
            sizes.in_flight > 0,
            "AGORA_SCALE_IN_FLIGHT must be at least 1"
        );
        Ok(sizes)
    }
}

fn main() -> ExitCode {
    // `cargo bench` passes `--bench`; a filter that is not this bench's name skips it.
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args
        .iter()
        .any(|a| !a.starts_with('-') && !"serve_scale".contains(a.as_str()))
    {
        return ExitCode::SUCCESS;
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("serve_scale: no runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run()) {
        Ok(misses) if misses.is_empty() => ExitCode::SUCCESS,
        Ok(misses) => {
            for m in misses {
                eprintln!("serve_scale: target missed: {m}");
            }
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("serve_scale: failed: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Runs the bench; returns the targets missed.
async fn run() -> anyhow::Result<Vec<String>> {
    let sizes = Sizes::from_env()?;
    println!(
        "serve_scale: {} games, {} actions, {} players; {} commands, {} in flight",
        sizes.games, sizes.actions, sizes.players, sizes.commands, sizes.in_flight
    );
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-scale");
    std::fs::create_dir_all(&dir)?;
    let cached = generate::cached(&sizes, &dir).await?;
    let work = dir.join(format!("run-{}", std::process::id()));
    std::fs::create_dir_all(&work)?;
    let db = work.join("agora.db");
    std::fs::copy(&cached, &db)?;
    let mut games = drive::Games::load(&db, sizes.seed).await?;
    println!(
        "database: {} running games, {} actions, {:.1} MB",
        games.len(),
        games.actions(),
        std::fs::metadata(&db)?.len() as f64 / 1e6
    );

    let before = drive::count_actions(&db).await?;

    let double = double::Double::start().await;
    let mut serve = server::Serve::start(&work, &db, &double.base())?;
    let start = serve.ready(Duration::from_secs(60)).await?;
    let after_start = serve.memory()?;
    println!(
        "start: {} ms from spawn to connected to Discord ({} ms to running)",
        start.connected.as_millis(),
        start.running.as_millis()
    );
    println!("memory after start: {after_start}");

    let run = drive::drive(&double, &mut games, &sizes, |answered| {
        if let Ok(m) = serve.memory() {
            println!("memory after {answered} commands: {m}");
        }
    })
    .await?;
    let after_run = serve.memory()?;
    println!(
        "commands: {} answered in {:.1} s, {:.0} commands/s ({} moves, {} board, {} games)",
        run.answered,
        run.elapsed.as_secs_f64(),
        run.answered as f64 / run.elapsed.as_secs_f64(),
        run.moves,
        run.boards,
        run.listings
    );
    println!("memory after {} commands: {after_run}", run.answered);
    serve.stop().await?;

    let mut misses = Vec::new();
    let applied = drive::count_actions(&db).await? - before;
    if applied != run.moves as i64 {
        misses.push(format!(
            "{} legal moves were answered and {applied} applied (see {})",
            run.moves,
            serve.log.display()
        ));
    }
    if start.connected >= START_TARGET {
        misses.push(format!(
            "start took {} ms (target under {} ms)",
            start.connected.as_millis(),
            START_TARGET.as_millis()
        ));
    }
    for (when, m) in [
        ("after start", after_start),
        ("after the commands", after_run),
    ] {
        if m.rss_mb() >= RSS_TARGET_MB {
            misses.push(format!(
                "resident memory {when} {:.1} MB (target under {RSS_TARGET_MB} MB)",
                m.rss_mb()
            ));
        }
    }
    if misses.is_empty() {
        let _ = std::fs::remove_dir_all(&work);
        println!("serve_scale: every target met");
    }
    Ok(misses)
}
