//! What replaying a game costs beside the rest of a command: a long Agros game (the 12x12
//! board, until it cannot go on without ending) and a long Agon game are played through the real
//! service (SQLite file, templates, outbox), timing every `move` command, every `game_state` of
//! the current position and of earlier plies, and the rules' replay of the whole record alone.
//!
//!     cargo bench -p agora-service --bench replay [-- --plies 200]
//!
//! Actions are chosen at random (fixed seed) among those that do not end the game, so every run
//! plays the same game. Figures are medians in milliseconds.
//!
//! Every command and `game_state` replays its game once, uncached: a cache of replayed
//! positions by game and ply, measured with this benchmark (release build, 2 shared cores), took
//! a 200-ply game's `game_state` from 0.29-0.32 to 0.25-0.27 ms and a move from 0.49-0.54 to
//! 0.45-0.52 ms, within the noise, because replaying 200 plies costs 0.03 ms (Agros) or 0.04 ms
//! (Agon); even at 1,000 Agon plies it saved 0.2 ms a load. It was not kept.

use agora_rules::{AnyPosition, Variant};
use agora_service::{Identity, Inbound, Service, Settings, Store, StoreOptions, Templates};
use chrono::{DateTime, Duration, Utc};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::Instant;

/// Times of one kind of call, in milliseconds.
#[derive(Default)]
struct Times(Vec<f64>);

impl Times {
    fn since(&mut self, started: Instant) {
        self.0.push(started.elapsed().as_secs_f64() * 1000.0);
    }

    fn median(&self) -> f64 {
        let mut sorted = self.0.clone();
        sorted.sort_by(f64::total_cmp);
        sorted.get(sorted.len() / 2).copied().unwrap_or(0.0)
    }
}

struct Run {
    plies: usize,
    /// Replaying the whole record with the rules alone: what a load costs without the cache.
    replay: Times,
    moves: Times,
    states: Times,
    earlier: Times,
}

/// An action that keeps the game going (a pass only when nothing else is legal), or `None`.
fn choose(position: &AnyPosition, rng: &mut SmallRng) -> Option<String> {
    let mut going = Vec::new();
    let mut passes = Vec::new();
    for action in position.legal_actions() {
        let notation = position.notation(action);
        let mut next = position.clone();
        next.play_unchecked(action);
        if next.outcome().is_some() {
            continue;
        }
        if notation == "pass" {
            passes.push(notation);
        } else {
            going.push(notation);
        }
    }
    let list = if going.is_empty() { passes } else { going };
    (!list.is_empty()).then(|| list[rng.random_range(0..list.len())].clone())
}

async fn say(service: &Service, from: &str, text: &str, now: DateTime<Utc>) -> String {
    let inbound = Inbound {
        text: text.into(),
        ..Inbound::new(Identity::local(from))
    };
    service.handle(&inbound, now).await.expect("command").text
}

async fn play(variant: Variant, challenge: &str, plies: usize) -> Run {
    let dir = std::env::temp_dir().join(format!(
        "agora-bench-replay-{}-{}",
        std::process::id(),
        rand::random::<u32>()
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let store = Store::open(&dir.join("bench.db"), &StoreOptions::default())
        .await
        .expect("store");
    let settings = Settings {
        seed: Some(7),
        ..Settings::default()
    };
    let service = Service::new(store, Templates::load(None).expect("templates"), settings);
    let mut now: DateTime<Utc> = "2026-06-01T12:00:00Z".parse().expect("time");
    say(&service, "bob", "games", now).await;
    say(&service, "alice", challenge, now).await;
    say(&service, "bob", "accept", now).await;
    let mut rng = SmallRng::seed_from_u64(11);
    let mut position = variant.start();
    let mut record = Vec::new();
    let mut run = Run {
        plies: 0,
        replay: Times::default(),
        moves: Times::default(),
        states: Times::default(),
        earlier: Times::default(),
    };
    for ply in 0..plies {
        let Some(action) = choose(&position, &mut rng) else {
            break;
        };
        let who = if ply % 2 == 0 { "alice" } else { "bob" };
        now += Duration::minutes(1);
        let started = Instant::now();
        let reply = say(&service, who, &format!("move #1 ply {ply} {action}"), now).await;
        run.moves.since(started);
        position.play_unchecked(position.parse_action(&action).expect("legal"));
        record.push(action.clone());
        run.plies = ply + 1;
        let started = Instant::now();
        let state = service.game_state(1, None).await.expect("state");
        run.states.since(started);
        assert_eq!(
            state.map(|s| s.ply),
            Some(ply as u32 + 1),
            "ply {ply} {action}: {reply}"
        );
    }
    // Browsing back through the record, as a front end shows an earlier ply.
    for back in (0..run.plies as u32).rev().step_by(7) {
        let started = Instant::now();
        service.game_state(1, Some(back)).await.expect("state");
        run.earlier.since(started);
    }
    for _ in 0..20 {
        let started = Instant::now();
        let mut replayed = variant.start();
        for notation in &record {
            let action = replayed.parse_action(notation).expect("legal");
            replayed.play_unchecked(action);
        }
        run.replay.since(started);
        assert_eq!(replayed, position);
    }
    service.store().close().await;
    let _ = std::fs::remove_dir_all(&dir);
    run
}

fn report(name: &str, run: &Run) {
    let last = run.plies.saturating_sub(50);
    let tail = |t: &Times| Times(t.0[last.min(t.0.len())..].to_vec()).median();
    println!(
        "{name:<8} plies {:>4} | move median {:>5.2} ms, last 50 {:>5.2} | \
         game_state median {:>5.2}, last 50 {:>5.2} | earlier ply {:>5.2} | replay alone {:>5.2}",
        run.plies,
        run.moves.median(),
        tail(&run.moves),
        run.states.median(),
        tail(&run.states),
        run.earlier.median(),
        run.replay.median(),
    );
}

fn main() {
    let mut args = std::env::args().skip_while(|a| a != "--plies").skip(1);
    let plies: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(200);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let games = [
        (
            "Agros",
            Variant::Agros {
                board: 12,
                farmers: 7,
            },
            "challenge bob agros board 12 farmers 7",
        ),
        ("Agon", Variant::Agon, "challenge bob agon"),
    ];
    // Each twice, since a shared machine's load changes from one run to the next.
    for (name, variant, challenge) in games {
        for _ in 0..2 {
            let run = runtime.block_on(play(variant, challenge, plies));
            report(name, &run);
        }
    }
}
