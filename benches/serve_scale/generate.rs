//! The bench's database: players with Discord identities and running games between them, half
//! Agon and half Agros (10×10, 5 farmers), each with random legal actions chosen with the rules.
//!
//! Challenges and acceptances go through the service (so every game, player, clock and record is
//! what a real challenge makes); the actions are then written through the store in big
//! transactions, as a move would write them (the action row, then the game's new position and
//! ply with a version check), which is fast enough for 200,000 of them. The notifications the
//! challenges queued are marked sent, as they would be on a server that has been running. The
//! result is cached under the target directory, keyed by its parameters: a second run copies it.

use crate::Sizes;
use agora_rules::{AnyAction, AnyPosition, Variant};
use agora_service::{Identity, Inbound, Service, Settings, Status, Store, StoreOptions, Templates};
use agora_store::{PlayedAction, Tx};
use anyhow::{Context, ensure};
use chrono::{DateTime, Utc};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Discord user ids of the players: `PLAYER_BASE + n`.
pub const PLAYER_BASE: u64 = 700_000_000_000_000_000;
/// Days per move: the cached database stays free of due reminders for weeks.
const DAYS: u32 = 30;
/// A cache older than this is built again, before its first reminders fall due.
const CACHE_FOR: Duration = Duration::from_secs(20 * 24 * 3600);
/// Bumped when what the generator writes changes, so an old cache is not reused.
const FORMAT: u32 = 1;
/// Games whose actions one store transaction writes.
const GAMES_PER_TX: usize = 500;

pub fn variant_of(game_index: usize) -> Variant {
    if game_index.is_multiple_of(2) {
        Variant::Agon
    } else {
        Variant::Agros {
            board: 10,
            farmers: 5,
        }
    }
}

/// The players of game `i` (indices into the players): distinct, every player in about
/// `2 * games / players` games against many different opponents.
fn seats_of(i: usize, players: usize) -> (usize, usize) {
    let first = i % players;
    let offset = 1 + (i / players) % (players - 1);
    (first, (first + offset) % players)
}

fn player_name(n: usize) -> String {
    format!("player{n}")
}

/// The cached database for these sizes, built first if missing or old; returns its path.
pub async fn cached(sizes: &Sizes, dir: &Path) -> anyhow::Result<PathBuf> {
    let path = dir.join(format!(
        "serve-scale-v{FORMAT}-g{}-a{}-p{}-s{}.db",
        sizes.games, sizes.actions, sizes.players, sizes.seed
    ));
    let fresh = std::fs::metadata(&path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok())
        .is_some_and(|age| age < CACHE_FOR);
    if fresh {
        println!("database: cached {}", path.display());
        return Ok(path);
    }
    let building = path.with_extension("building");
    remove_db(&building);
    let started = Instant::now();
    build(sizes, &building).await?;
    std::fs::rename(&building, &path)?;
    println!(
        "database: built {} in {:.1} s",
        path.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(path)
}

pub fn remove_db(path: &Path) {
    for suffix in ["", "-wal", "-shm"] {
        let mut p = path.as_os_str().to_owned();
        p.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(p));
    }
}

async fn build(sizes: &Sizes, path: &Path) -> anyhow::Result<()> {
    ensure!(sizes.players >= 2, "AGORA_SCALE_PLAYERS must be at least 2");
    let store = Store::open(path, &StoreOptions::default()).await?;
    let settings = Settings {
        seed: Some(sizes.seed),
        default_days: DAYS,
        // Every player challenges many others at once while the database fills.
        max_open_challenges: u32::MAX,
        new_opponent_challenges_per_day: u32::MAX,
        ..Settings::default()
    };
    let service = Service::new(store, Templates::load(None)?, settings);
    let now = Utc::now();
    let names = register_players(&service, sizes.players, now).await?;
    let games = start_games(&service, sizes, &names, now).await?;
    play_actions(service.store(), &games, sizes, now).await?;
    mark_notifications_sent(service.store(), now).await?;
    service.store().close().await;
    Ok(())
}

async fn register_players(
    service: &Service,
    players: usize,
    now: DateTime<Utc>,
) -> anyhow::Result<Vec<String>> {
    let mut names = Vec::with_capacity(players);
    for n in 0..players {
        let identity = Identity::discord(PLAYER_BASE + n as u64);
        names.push(
            service
                .register(&identity, Some(&player_name(n)), now)
                .await?,
        );
    }
    Ok(names)
}

/// Challenges and accepts every game through the service; returns the game ids in order.
async fn start_games(
    service: &Service,
    sizes: &Sizes,
    names: &[String],
    now: DateTime<Utc>,
) -> anyhow::Result<Vec<i64>> {
    let mut ids = Vec::with_capacity(sizes.games);
    for i in 0..sizes.games {
        let (first, second) = seats_of(i, sizes.players);
        let kind = match variant_of(i) {
            Variant::Agon => "agon".to_owned(),
            Variant::Agros { board, farmers } => format!("agros board {board} farmers {farmers}"),
        };
        let challenge = Inbound {
            text: format!("challenge {} {kind} days {DAYS}", names[second]),
            delivery: Some(format!("scale:challenge:{i}")),
            ..Inbound::new(Identity::discord(PLAYER_BASE + first as u64))
        };
        let answer = service.handle(&challenge, now).await?;
        ensure!(
            answer.status == Status::Done,
            "challenge {i}: {}",
            answer.text
        );
        let game = answer.game.context("a challenge names its game")?;
        let accept = Inbound {
            text: format!("accept #{game}"),
            delivery: Some(format!("scale:accept:{i}")),
            ..Inbound::new(Identity::discord(PLAYER_BASE + second as u64))
        };
        let answer = service.handle(&accept, now).await?;
        ensure!(answer.status == Status::Done, "accept {i}: {}", answer.text);
        ids.push(game);
    }
    Ok(ids)
}

/// Writes `sizes.actions` random legal actions over the games, as moves write them.
async fn play_actions(
    store: &Store,
    games: &[i64],
    sizes: &Sizes,
    now: DateTime<Utc>,
) -> anyhow::Result<()> {
    let mut rng = SmallRng::seed_from_u64(sizes.seed);
    let per_game = sizes.actions / games.len().max(1);
    let extra = sizes.actions % games.len().max(1);
    for (chunk_index, chunk) in games.chunks(GAMES_PER_TX).enumerate() {
        let mut tx = store.write().await?;
        for (j, &id) in chunk.iter().enumerate() {
            let i = chunk_index * GAMES_PER_TX + j;
            let plies = per_game + usize::from(i < extra);
            play_game(&mut tx, id, plies, &mut rng, now).await?;
        }
        tx.commit().await?;
    }
    Ok(())
}

pub async fn play_game(
    tx: &mut Tx,
    id: i64,
    plies: usize,
    rng: &mut SmallRng,
    now: DateTime<Utc>,
) -> anyhow::Result<()> {
    let mut game = tx.game(id).await?.context("a started game")?;
    let mut position: AnyPosition = game.variant.start();
    let mut ply = 0u32;
    while (ply as usize) < plies {
        let legal = position.legal_actions();
        // One ply short of the end at most: every game stays running.
        let Some(&action) = pick_not_ending(&position, &legal, rng) else {
            break;
        };
        let played = PlayedAction {
            ply,
            seat: position.to_act(),
            notation: position.notation(action),
            played_at: now,
            delivery_id: Some(format!("scale:move:{id}:{ply}")),
            spent_ms: Some(0),
        };
        tx.insert_action(id, &played).await?;
        position.play_unchecked(action);
        ply += 1;
    }
    // Every turn of these games starts at `now` with the same days per move, so the clock the
    // acceptance set is the clock of the player to act now.
    game.position = position.to_string();
    game.ply = ply;
    tx.save_game(&mut game, now).await?;
    Ok(())
}

/// A random legal action that does not finish the game, if there is one.
fn pick_not_ending<'a>(
    position: &AnyPosition,
    legal: &'a [AnyAction],
    rng: &mut SmallRng,
) -> Option<&'a AnyAction> {
    if legal.is_empty() {
        return None;
    }
    let start = rng.random_range(0..legal.len());
    (0..legal.len())
        .map(|k| &legal[(start + k) % legal.len()])
        .find(|&&a| {
            let mut next = position.clone();
            next.play_unchecked(a);
            !next.is_finished()
        })
}

/// Marks every queued notification sent: a running server has delivered them long ago.
async fn mark_notifications_sent(store: &Store, now: DateTime<Utc>) -> anyhow::Result<()> {
    let later = now + chrono::Duration::days(365);
    loop {
        let mut tx = store.write().await?;
        let rows = tx.pending("discord", later, 1000).await?;
        if rows.is_empty() {
            return Ok(());
        }
        for row in &rows {
            tx.mark_sent(row.id, now).await?;
        }
        tx.commit().await?;
    }
}
