//! `cargo bench --bench web_pages`: the website on a large database, measured over HTTP.
//!
//! It takes the database of `cargo bench --bench serve_scale` (10,000 running games with 200,000
//! actions, built once and cached under the target directory), adds one game of 500 actions, serves
//! the site on 127.0.0.1 in this process (the same `agora-web` router `agora serve` runs, on the
//! service's read connections) and requests, one after the other on fresh connections: the long
//! game's page at its end and at random plies, its board alone, its JSON twin, and the home page.
//! It prints each one's p50, p99 and largest time from sending the request to the last byte, and the
//! weight of the game page with its script and stylesheet. It exits non-zero when the game page's
//! p99 is 20 ms or more, or the page weighs 100 KB or more with its script and stylesheet.
//!
//! Sizes: `AGORA_SCALE_GAMES` (10000), `AGORA_SCALE_ACTIONS` (200000), `AGORA_SCALE_PLAYERS`
//! (2000), `AGORA_SCALE_SEED` (1), as serve_scale; `AGORA_WEB_PLIES` (500) for the long game,
//! `AGORA_WEB_REQUESTS` (400) per kind of request.

#[path = "../serve_scale/generate.rs"]
#[allow(dead_code)]
mod generate;

use agora_service::{Identity, Inbound, Service, Settings, Status, Store, StoreOptions, Templates};
use anyhow::{Context, ensure};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// What the database generator reads (the same as serve_scale's).
#[derive(Debug, Clone)]
pub struct Sizes {
    pub games: usize,
    pub actions: usize,
    pub players: usize,
    pub commands: usize,
    pub in_flight: usize,
    pub seed: u64,
}

const PAGE_P99_TARGET: Duration = Duration::from_millis(20);
const WEIGHT_TARGET: usize = 100 * 1024;

fn var(name: &str, default: u64) -> anyhow::Result<u64> {
    match std::env::var(name) {
        Ok(v) => v
            .parse()
            .map_err(|_| anyhow::anyhow!("{name}={v} is not a whole number")),
        Err(_) => Ok(default),
    }
}

fn main() -> ExitCode {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    match runtime.block_on(run()) {
        Ok(missed) if missed.is_empty() => ExitCode::SUCCESS,
        Ok(missed) => {
            for m in missed {
                eprintln!("target missed: {m}");
            }
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("web_pages: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// One GET on a fresh connection; the status and the body's length.
async fn get(address: &str, path: &str) -> anyhow::Result<(u16, usize)> {
    let mut stream = tokio::net::TcpStream::connect(address).await?;
    let request = format!("GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await?;
    let mut raw = Vec::with_capacity(64 * 1024);
    stream.read_to_end(&mut raw).await?;
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .context("a response head")?;
    let status = std::str::from_utf8(&raw[9..12])?.parse()?;
    Ok((status, raw.len() - split - 4))
}

/// Times `n` requests of the paths `path(i)` gives; the sorted times and the last body's size.
async fn time(
    address: &str,
    n: usize,
    mut path: impl FnMut(usize) -> String,
) -> anyhow::Result<(Vec<Duration>, usize)> {
    let mut times = Vec::with_capacity(n);
    let mut size = 0;
    for i in 0..n {
        let p = path(i);
        let started = Instant::now();
        let (status, len) = get(address, &p).await?;
        times.push(started.elapsed());
        ensure!(status == 200, "{p}: status {status}");
        size = len;
    }
    times.sort();
    Ok((times, size))
}

fn quantile(sorted: &[Duration], q: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn report(what: &str, times: &[Duration], size: usize) -> Duration {
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let p99 = quantile(times, 0.99);
    println!(
        "{what:<36} p50 {:>6.2} ms  p99 {:>6.2} ms  max {:>6.2} ms  {:>7} B  ({} requests)",
        ms(quantile(times, 0.5)),
        ms(p99),
        ms(*times.last().unwrap_or(&Duration::ZERO)),
        size,
        times.len()
    );
    p99
}

async fn run() -> anyhow::Result<Vec<String>> {
    let sizes = Sizes {
        games: var("AGORA_SCALE_GAMES", 10_000)? as usize,
        actions: var("AGORA_SCALE_ACTIONS", 200_000)? as usize,
        players: var("AGORA_SCALE_PLAYERS", 2_000)? as usize,
        commands: 0,
        in_flight: 0,
        seed: var("AGORA_SCALE_SEED", 1)?,
    };
    let plies = var("AGORA_WEB_PLIES", 500)? as usize;
    let requests = var("AGORA_WEB_REQUESTS", 400)? as usize;
    println!(
        "web_pages: {} games, {} actions, {} players; one game of {plies} actions; {requests} requests each",
        sizes.games, sizes.actions, sizes.players
    );
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-scale");
    std::fs::create_dir_all(&dir)?;
    let cached = generate::cached(&sizes, &dir).await?;
    let work = dir.join(format!("web-{}", std::process::id()));
    std::fs::create_dir_all(&work)?;
    let db = work.join("agora.db");
    std::fs::copy(&cached, &db)?;

    let store = Store::open(&db, &StoreOptions::default()).await?;
    let service = Arc::new(Service::new(
        store,
        Templates::load(None)?,
        Settings {
            max_open_challenges: u32::MAX,
            new_opponent_challenges_per_day: u32::MAX,
            ..Settings::default()
        },
    ));
    // The long game: two of the players, an Agon game of `plies` random actions that do not end
    // it, written as the generator writes every game.
    let now = chrono::Utc::now();
    let first = Identity::discord(generate::PLAYER_BASE);
    let second = Identity::discord(generate::PLAYER_BASE + 1);
    let answer = service
        .handle(
            &Inbound {
                text: "challenge player1 agon days 30".into(),
                ..Inbound::new(first)
            },
            now,
        )
        .await?;
    ensure!(answer.status == Status::Done, "challenge: {}", answer.text);
    let game = answer.game.context("a game")?;
    let answer = service
        .handle(
            &Inbound {
                text: format!("accept #{game}"),
                ..Inbound::new(second)
            },
            now,
        )
        .await?;
    ensure!(answer.status == Status::Done, "accept: {}", answer.text);
    let mut rng = SmallRng::seed_from_u64(sizes.seed);
    {
        let mut tx = service.store().write().await?;
        generate::play_game(&mut tx, game, plies, &mut rng, now).await?;
        tx.commit().await?;
    }
    let played = service
        .game_page(game, None, agora_service::Language::En)
        .await?
        .context("the long game's page")?
        .plies;
    println!(
        "database: {:.1} MB; the long game #{game} has {played} actions",
        std::fs::metadata(&db)?.len() as f64 / 1e6
    );

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let address = listener.local_addr()?.to_string();
    let site = agora_web::Site::new(
        service.clone(),
        agora_web::WebSettings {
            listen: listener.local_addr()?,
            base_url: format!("http://{address}"),
            admin_listen: None,
            // What is measured is the pages, not the bounds: none of the readers is turned away.
            limits: agora_web::WebLimits {
                max_connections: 4096,
                max_in_flight: 4096,
                ..Default::default()
            },
            discord_invite: None,
            mail_address: None,
        },
    );
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(agora_web::serve(listener, site, async move {
        let _ = stopped.await;
    }));

    // Warm up: the first requests fill SQLite's page cache and the allocator.
    time(&address, 20, |_| format!("/games/{game}")).await?;

    let mut missed = Vec::new();
    let (t, page_size) = time(&address, requests, |_| format!("/games/{game}")).await?;
    let p99 = report(
        &format!("game page, {played} actions, at the end"),
        &t,
        page_size,
    );
    if p99 >= PAGE_P99_TARGET {
        missed.push(format!(
            "game page p99 {p99:?} (target under {PAGE_P99_TARGET:?})"
        ));
    }
    let plies_asked: Vec<u32> = (0..requests)
        .map(|_| rng.random_range(0..=played))
        .collect();
    let (t, size) = time(&address, requests, |i| {
        format!("/games/{game}?ply={}", plies_asked[i])
    })
    .await?;
    let p99 = report("game page at a random ply", &t, size);
    if p99 >= PAGE_P99_TARGET {
        missed.push(format!(
            "game page at a random ply p99 {p99:?} (target under {PAGE_P99_TARGET:?})"
        ));
    }
    let (t, size) = time(&address, requests, |i| {
        format!("/games/{game}/board.svg?ply={}", plies_asked[i])
    })
    .await?;
    report("board.svg at a random ply", &t, size);
    let (t, size) = time(&address, requests, |_| format!("/api/games/{game}")).await?;
    report("JSON twin", &t, size);
    let (t, size) = time(&address, requests, |_| "/".to_owned()).await?;
    report("home page", &t, size);
    let (t, size) = time(&address, requests, |i| {
        format!("/games/{}", 1 + (i * 7919) % sizes.games)
    })
    .await?;
    report("game pages of the other games", &t, size);

    let (_, script) = get(&address, "/static/replay.js").await?;
    let (_, style) = get(&address, "/static/site.css").await?;
    let weight = page_size + script + style;
    println!(
        "weight: game page {page_size} B + script {script} B + stylesheet {style} B = {weight} B"
    );
    if weight >= WEIGHT_TARGET {
        missed.push(format!(
            "page weight {weight} B (target under {WEIGHT_TARGET} B)"
        ));
    }

    let _ = stop.send(());
    server.await??;
    service.store().close().await;
    generate::remove_db(&db);
    let _ = std::fs::remove_dir_all(&work);
    Ok(missed)
}
