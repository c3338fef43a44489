//! Point 4 under real concurrency: two services (as two processes would) on one SQLite file, each
//! with several connections, racing on the same game. Every state change is one `BEGIN
//! IMMEDIATE` transaction with a version check, so exactly one of the racers wins.

use agora_service::{Inbound, Service, Settings, Status, StoreOptions, Templates};
use chrono::Utc;
use std::path::PathBuf;
use std::sync::Arc;

fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("agora-concurrency-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.db"));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    path
}

/// Two services on one file, as two front-end processes.
async fn two_services(name: &str) -> [Arc<Service>; 2] {
    let path = temp_db(name);
    let options = StoreOptions {
        max_connections: 4,
        ..StoreOptions::default()
    };
    let mut out = Vec::new();
    for seed in 0..2 {
        let store = agora_store::testing::open(&path, &options).await.unwrap();
        let settings = Settings {
            seed: Some(seed),
            // Deadlines here end games when they pass: the sweeps are what is tested, not the
            // rule that moves a deadline no reminder reached in time (see `time_controls`).
            warned_hours: 0,
            ..Settings::default()
        };
        out.push(Arc::new(Service::new(
            store,
            Templates::load(None).unwrap(),
            settings,
        )));
    }
    [out[0].clone(), out[1].clone()]
}

fn inbound(from: &str, text: &str, delivery: &str) -> Inbound {
    Inbound {
        name: None,
        text: text.into(),
        delivery: Some(delivery.into()),
        game: None,
        ..Inbound::new(format!("local:{from}").parse().unwrap())
    }
}

async fn send(service: &Service, from: &str, text: &str, delivery: &str) -> Status {
    service
        .handle(&inbound(from, text, delivery), Utc::now())
        .await
        .unwrap()
        .status
}

/// Starts game 1 (Agon, alice white, bob black).
async fn start_game(s: &Service) {
    assert_eq!(send(s, "bob", "games", "setup-0").await, Status::Done);
    assert_eq!(
        send(s, "alice", "challenge bob agon", "setup-1").await,
        Status::Done
    );
    assert_eq!(send(s, "bob", "accept", "setup-2").await, Status::Done);
}

/// Races `tasks` commands built by `make` over both services; returns their statuses.
async fn race(
    services: &[Arc<Service>; 2],
    tasks: usize,
    make: impl Fn(usize) -> (String, String, String),
) -> Vec<Status> {
    let barrier = Arc::new(tokio::sync::Barrier::new(tasks));
    let mut set = tokio::task::JoinSet::new();
    for i in 0..tasks {
        let service = services[i % 2].clone();
        let (from, text, delivery) = make(i);
        let barrier = barrier.clone();
        set.spawn(async move {
            barrier.wait().await;
            send(&service, &from, &text, &delivery).await
        });
    }
    let mut out = Vec::new();
    while let Some(r) = set.join_next().await {
        out.push(r.unwrap());
    }
    out
}

fn count(statuses: &[Status], s: Status) -> usize {
    statuses.iter().filter(|&&x| x == s).count()
}

async fn actions_and_notices(s: &Service) -> (i64, i64) {
    let mut tx = s.store().write().await.unwrap();
    let actions = tx.count_actions().await.unwrap();
    let stats = tx.outbox_stats().await.unwrap();
    (actions, stats.pending + stats.sent)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn same_action_from_two_channels_is_applied_once() {
    let services = two_services("same-action").await;
    start_game(&services[0]).await;
    let (_, notices_before) = actions_and_notices(&services[0]).await;
    // Sixteen deliveries of the same action (mail and Discord and retries), all at once.
    let statuses = race(&services, 16, |i| {
        (
            "alice".into(),
            "move 1 k1-j1".into(),
            format!("mail-or-discord-{i}"),
        )
    })
    .await;
    assert_eq!(count(&statuses, Status::Done), 1, "{statuses:?}");
    assert_eq!(count(&statuses, Status::AlreadyApplied), 15, "{statuses:?}");
    let (actions, notices) = actions_and_notices(&services[1]).await;
    assert_eq!(actions, 1);
    // One notification to bob for the one action applied.
    assert_eq!(notices - notices_before, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn same_delivery_twice_at_once_is_answered_not_reapplied() {
    let services = two_services("same-delivery").await;
    start_game(&services[0]).await;
    let statuses = race(&services, 8, |_| {
        ("alice".into(), "k1-j1".into(), "one-message-id".into())
    })
    .await;
    assert_eq!(count(&statuses, Status::Done), 1, "{statuses:?}");
    assert_eq!(count(&statuses, Status::Repeat), 7, "{statuses:?}");
    assert_eq!(actions_and_notices(&services[0]).await.0, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn different_actions_with_the_same_ply_guard_one_wins_the_rest_are_stale() {
    let services = two_services("ply-guard").await;
    start_game(&services[0]).await;
    let moves = ["k1-j1", "k1-k2", "a4-a5", "b1-b2", "g1-f1", "k5-k4"];
    let statuses = race(&services, moves.len(), |i| {
        (
            "alice".into(),
            format!("move #1 ply 0 {}", moves[i]),
            format!("guard-{i}"),
        )
    })
    .await;
    assert_eq!(count(&statuses, Status::Done), 1, "{statuses:?}");
    assert_eq!(count(&statuses, Status::Refused), moves.len() - 1);
    assert_eq!(actions_and_notices(&services[0]).await.0, 1);
    // The losers were told the game moved on.
    let answer = services[1]
        .handle(&inbound("alice", "move #1 ply 0 g1-f1", "late"), Utc::now())
        .await
        .unwrap();
    assert!(
        answer.text.contains("stale: the game is at ply 1")
            || answer.status == Status::AlreadyApplied,
        "{}",
        answer.text
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn many_games_at_once_lose_nothing() {
    let services = two_services("many-games").await;
    let s = &services[0];
    let games = 12;
    for g in 0..games {
        send(s, &format!("b{g}"), "games", &format!("reg-{g}")).await;
        send(
            s,
            &format!("w{g}"),
            &format!("challenge b{g} agon"),
            &format!("ch-{g}"),
        )
        .await;
        send(s, &format!("b{g}"), "accept", &format!("ac-{g}")).await;
    }
    // Four plies in every game, each ply of all games racing on both services.
    let plies = ["k1-j1", "a6-b6", "j1-j2", "b6-c7"];
    for (n, action) in plies.iter().enumerate() {
        let statuses = race(&services, games, |g| {
            let who = if n % 2 == 0 {
                format!("w{g}")
            } else {
                format!("b{g}")
            };
            (who, format!("move ply {n} {action}"), format!("g{g}-p{n}"))
        })
        .await;
        assert_eq!(count(&statuses, Status::Done), games, "{statuses:?}");
    }
    assert_eq!(actions_and_notices(s).await.0, (games * plies.len()) as i64);
}

/// `games` games of Agon at one day per move, started now on `s`; returns the last deadline.
async fn games_with_deadlines(s: &Service, games: usize) -> chrono::DateTime<Utc> {
    for g in 0..games {
        send(s, &format!("d{g}"), "games", &format!("dreg-{g}")).await;
        let challenge = format!("challenge d{g} agon days 1");
        send(s, &format!("c{g}"), &challenge, &format!("dch-{g}")).await;
        send(s, &format!("d{g}"), "accept", &format!("dac-{g}")).await;
    }
    let mut tx = s.store().write().await.unwrap();
    let last = tx.game(games as i64).await.unwrap().unwrap();
    last.deadline_at.unwrap()
}

/// Each game's status and version, the actions and the notifications of a database.
async fn outcome(s: &Service, games: usize) -> (Vec<String>, i64, i64) {
    let (actions, notices) = actions_and_notices(s).await;
    let mut tx = s.store().write().await.unwrap();
    let mut states = Vec::new();
    for id in 1..=games as i64 {
        let g = tx.game(id).await.unwrap().unwrap();
        states.push(format!("{id}: {:?} v{}", g.status, g.version));
    }
    (states, actions, notices)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn deadlines_swept_by_two_processes_at_once_are_each_handled_once() {
    let games = 10;
    // The same games on one process alone, as the measure.
    let alone = two_services("sweeps-alone").await;
    games_with_deadlines(&alone[0], games).await;
    let services = two_services("sweeps-both").await;
    // Started last: every game of both databases is due at the times below.
    let deadline = games_with_deadlines(&services[0], games).await;
    // A reminder's time, then past the deadline (each game times out), then again: both
    // processes sweep at once each time, as two `agora serve` on one database would.
    let times = [
        deadline - chrono::Duration::hours(2),
        deadline + chrono::Duration::hours(1),
        deadline + chrono::Duration::hours(1),
    ];
    let mut changed = Vec::new();
    for at in times {
        let changed_alone = alone[0].sweep(at).await.unwrap();
        changed.push(changed_alone);
        let sweeps = services
            .clone()
            .map(|s| tokio::spawn(async move { s.sweep(at).await }));
        let mut changed_both = 0;
        for sweep in sweeps {
            changed_both += sweep.await.unwrap().unwrap();
        }
        assert_eq!(
            changed_both, changed_alone,
            "at {at}: the games changed, once between the two"
        );
    }
    eprintln!("games changed at each sweep: {changed:?}");
    assert_eq!(
        changed,
        [games, games, 0],
        "reminders, timeouts, nothing left"
    );
    let both = outcome(&services[0], games).await;
    assert_eq!(both, outcome(&alone[0], games).await);
    assert!(
        both.0.iter().all(|g| g.contains("Finished")),
        "every game timed out: {:?}",
        both.0
    );
}

/// Two processes meet people who give the same name at the same moment (Discord users named
/// alike, first-time senders): each gets a player, under a name of their own. On PostgreSQL the
/// later of two commands that both found a name free meets the name taken when it writes, and
/// runs again.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_same_name_chosen_by_two_processes_at_once_is_given_once() {
    let services = two_services("same-name").await;
    let mut runs = Vec::new();
    for i in 0..8u64 {
        let s = services[(i % 2) as usize].clone();
        runs.push(tokio::spawn(async move {
            let identity = format!("discord:{}", 900 + i).parse().unwrap();
            s.register(&identity, Some("player"), Utc::now()).await
        }));
        let s = services[(i % 2) as usize].clone();
        runs.push(tokio::spawn(async move {
            let inbound = Inbound {
                name: Some("newcomer".into()),
                ..inbound(&format!("n{i}"), "games", &format!("same-name-{i}"))
            };
            let answer = s.handle(&inbound, Utc::now()).await.unwrap();
            assert_eq!(answer.status, Status::Done, "{}", answer.text);
            Ok(String::new())
        }));
    }
    let mut names = std::collections::HashSet::new();
    for run in runs {
        let name = run.await.unwrap().expect("registered");
        assert!(
            name.is_empty() || names.insert(name.clone()),
            "{name} given twice"
        );
    }
    assert_eq!(names.len(), 8);
    let mut tx = services[0].store().write().await.unwrap();
    for name in ["player", "newcomer"] {
        for n in ["".to_owned(), "2".to_owned(), "8".to_owned()] {
            let player = tx.player_named(&format!("{name}{n}")).await.unwrap();
            assert!(player.is_some(), "{name}{n}");
        }
    }
}

/// The website's reads have connections of their own: with every page connection taken and two
/// hundred pages asked at once, commands are answered as usual (on PostgreSQL too, where pages
/// once shared the commands' pool, so a crowd of page requests made moves wait).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_wait_for_connections_of_their_own_never_for_the_commands() {
    let path = temp_db("pages");
    let options = StoreOptions {
        max_connections: 1,
        page_connections: 2,
        ..StoreOptions::default()
    };
    let store = agora_store::testing::open(&path, &options).await.unwrap();
    let settings = Settings {
        seed: Some(5),
        ..Settings::default()
    };
    let service = Arc::new(Service::new(
        store,
        Templates::load(None).unwrap(),
        settings,
    ));
    assert_eq!(send(&service, "bob", "games", "p-0").await, Status::Done);
    let held = [
        service.store().read_page().await.unwrap(),
        service.store().read_page().await.unwrap(),
    ];
    let pages: Vec<_> = (0..200)
        .map(|_| {
            let service = service.clone();
            tokio::spawn(async move { service.home_page(agora_service::Language::En).await })
        })
        .collect();
    for (n, text) in ["challenge bob agon", "accept #1"].iter().enumerate() {
        let who = if n == 0 { "ann" } else { "bob" };
        let status = send(&service, who, text, &format!("p-{}", n + 1)).await;
        assert_eq!(status, Status::Done, "{text}");
    }
    let game = service.game_state(1, None).await.unwrap().unwrap();
    assert_eq!(game.status, agora_store::GameStatus::Active);
    // Every page still waits for a page connection: none took a command's.
    assert!(pages.iter().all(|p| !p.is_finished()));
    drop(held);
    for page in pages {
        page.await.unwrap().unwrap();
    }
}
