//! `agora service tournament-bench`: how long tournaments take to pair and start, through the
//! real service on a fresh SQLite file.
//!
//! - The pure Swiss pairing of `--swiss` players for `--rounds` rounds with random results: the
//!   time of each round's pairing alone.
//! - The same Swiss through the service: players join by command until it is full, and in
//!   each round every game but one is resigned; the times printed are those of the join that fills
//!   it (which pairs the first round) and of each round's last resignation,
//!   which ends the round, pairs the next and starts its games with their notifications queued.
//! - A double round robin of `--round-robin` players: the time of the join that fills it, which
//!   starts every game at once with both players' notifications queued.

use agora_service::tournament::{Outcome, Played, swiss_round};
use agora_service::{Identity, Inbound, Service, Settings, Store, StoreOptions, Templates};
use clap::Args;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[derive(Args)]
pub struct TournamentBenchArgs {
    /// Players of the Swiss.
    #[arg(long, default_value_t = 200)]
    swiss: usize,
    /// Rounds of the Swiss.
    #[arg(long, default_value_t = 7)]
    rounds: u32,
    /// Players of the double round robin.
    #[arg(long, default_value_t = 30)]
    round_robin: usize,
    /// The SQLite file to create (deleted first and afterwards).
    #[arg(long, default_value = "agora-tournament-bench.db")]
    db: String,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

pub fn run(args: TournamentBenchArgs) -> anyhow::Result<ExitCode> {
    pure_swiss(&args);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(through_the_service(&args))?;
    Ok(ExitCode::SUCCESS)
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

/// The pairing alone, with random results.
fn pure_swiss(args: &TournamentBenchArgs) {
    let mut rng = SmallRng::seed_from_u64(args.seed);
    let n = args.swiss;
    let active = vec![true; n];
    let mut games: Vec<Played> = Vec::new();
    let mut byes = Vec::new();
    let mut times = Vec::new();
    for round in 1..=args.rounds {
        let started = Instant::now();
        let paired = swiss_round(n, &games, &byes, &active);
        times.push(started.elapsed());
        byes.extend(paired.bye);
        for p in paired.pairings {
            let outcome = match rng.random_range(0..10) {
                0..=3 => Outcome::FirstWins,
                4..=7 => Outcome::SecondWins,
                _ => Outcome::Draw,
            };
            games.push(Played {
                round,
                first: p.first,
                second: p.second,
                outcome: Some(outcome),
                forfeit: false,
                cancelled: false,
            });
        }
    }
    let worst = times.iter().max().copied().unwrap_or_default();
    let all: Vec<String> = times.iter().map(|t| ms(*t)).collect();
    println!(
        "swiss pairing alone, {n} players: rounds {} (slowest {})",
        all.join(", "),
        ms(worst)
    );
}

async fn send(service: &Service, who: &str, text: &str, n: &mut u64) -> anyhow::Result<()> {
    *n += 1;
    let inbound = Inbound {
        text: text.to_owned(),
        delivery: Some(format!("bench:{n}")),
        ..Inbound::new(format!("local:{who}").parse::<Identity>()?)
    };
    let answer = service.handle(&inbound, chrono::Utc::now()).await?;
    anyhow::ensure!(
        !answer.text.starts_with("Sorry"),
        "{who}: {text}: {}",
        answer.text
    );
    Ok(())
}

async fn open(path: &str) -> anyhow::Result<Service> {
    remove(path);
    let store = Store::open(path.as_ref(), &StoreOptions::default()).await?;
    let settings = Settings {
        tournaments_per_organiser: 10,
        ..Settings::default()
    };
    Ok(Service::new(store, Templates::load(None)?, settings))
}

fn remove(path: &str) {
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{path}{suffix}"));
    }
}

/// The Swiss, then the double round robin, each on a fresh file through the service.
async fn through_the_service(args: &TournamentBenchArgs) -> anyhow::Result<()> {
    let mut n = 0;
    swiss_through_the_service(args, &mut n).await?;
    round_robin_through_the_service(args, &mut n).await
}

/// The Swiss: each round's last game ends, and the next is paired and started. `n` counts the
/// commands sent, which number their deliveries.
async fn swiss_through_the_service(args: &TournamentBenchArgs, n: &mut u64) -> anyhow::Result<()> {
    let mut rng = SmallRng::seed_from_u64(args.seed);
    let service = open(&args.db).await?;
    let players = args.swiss;
    send(
        &service,
        "p0",
        &format!(
            "tournament create agon swiss {} players 2-{players}",
            args.rounds
        ),
        n,
    )
    .await?;
    for i in 0..players - 1 {
        send(&service, &format!("p{i}"), "tournament join 1", n).await?;
    }
    // The join that fills it starts it: the first round is paired.
    let started = Instant::now();
    let last = format!("p{}", players - 1);
    send(&service, &last, "tournament join 1", n).await?;
    let mut times = vec![started.elapsed()];
    for round in 1..=args.rounds {
        let table = service
            .tournament_table(1)
            .await?
            .ok_or_else(|| anyhow::anyhow!("no tournament"))?;
        let games: Vec<_> = table.games.iter().filter(|g| g.round == round).collect();
        for (i, g) in games.iter().enumerate() {
            let loser = if rng.random_bool(0.5) {
                &g.first
            } else {
                &g.second
            };
            let last = i + 1 == games.len();
            let started = Instant::now();
            send(&service, loser, &format!("resign #{}", g.game), n).await?;
            if last && round < args.rounds {
                times.push(started.elapsed());
            }
        }
    }
    let table = service
        .tournament_table(1)
        .await?
        .ok_or_else(|| anyhow::anyhow!("no tournament"))?;
    anyhow::ensure!(table.status == "finished", "the Swiss did not finish");
    let all: Vec<String> = times.iter().map(|t| ms(*t)).collect();
    println!(
        "swiss through the service, {players} players, {} rounds: each round's pairing with its \
         games started and notifications queued: {} (slowest {})",
        args.rounds,
        all.join(", "),
        ms(times.iter().max().copied().unwrap_or_default())
    );
    drop(service);
    remove(&args.db);
    Ok(())
}

/// The double round robin: the join that fills it starts every game. `n` counts the commands
/// sent, which number their deliveries.
async fn round_robin_through_the_service(
    args: &TournamentBenchArgs,
    n: &mut u64,
) -> anyhow::Result<()> {
    let service = open(&args.db).await?;
    let players = args.round_robin;
    send(
        &service,
        "p0",
        &format!("tournament create agon double players {players}-{players}"),
        n,
    )
    .await?;
    for i in 0..players - 1 {
        send(&service, &format!("p{i}"), "tournament join 1", n).await?;
    }
    let started = Instant::now();
    send(
        &service,
        &format!("p{}", players - 1),
        "tournament join 1",
        n,
    )
    .await?;
    let took = started.elapsed();
    let table = service
        .tournament_table(1)
        .await?
        .ok_or_else(|| anyhow::anyhow!("no tournament"))?;
    println!(
        "double round robin of {players}: {} games started, with {} notifications queued, in {}",
        table.games.len(),
        table.games.len() * 2,
        ms(took)
    );
    drop(service);
    remove(&args.db);
    Ok(())
}
