//! `agora backup FILE` end to end, against a database that `agora serve` has open and that a
//! game is being played in: every copy taken meanwhile opens and holds one commit's state, the
//! copy taken at the end has the same games and actions as the live database, and an existing
//! file is refused with a clear message and left untouched.

use agora_testkit::serve;

use agora_rules::Variant;
use agora_service::{Identity, Inbound, Service, Settings, Status, Store, StoreOptions, Templates};
use chrono::{DateTime, Duration, Utc};
use serve::serve;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn agora(args: &[&str], config: &Path) -> Output {
    Command::new(crate::AGORA)
        .args(args)
        .arg("--config")
        .arg(config)
        .output()
        .unwrap()
}

/// The games and their actions, as text to compare; each game's ply must match its record.
async fn games(path: &Path) -> String {
    let store = Store::open(path, &StoreOptions::default()).await.unwrap();
    let mut tx = store.write().await.unwrap();
    let mut out = String::new();
    let mut id = 1;
    while let Some(game) = tx.game(id).await.unwrap() {
        let actions = tx.actions(id).await.unwrap();
        // One commit's state: the game's ply and its record agree.
        assert_eq!(game.ply as usize, actions.len(), "{}", path.display());
        out += &format!("{game:?}\n{actions:?}\n");
        id += 1;
    }
    drop(tx);
    store.close().await;
    out
}

async fn say(service: &Service, who: &str, text: &str, now: DateTime<Utc>) {
    let inbound = Inbound {
        text: text.into(),
        ..Inbound::new(Identity::local(who))
    };
    let answer = service.handle(&inbound, now).await.unwrap();
    assert_eq!(answer.status, Status::Done, "{text}: {}", answer.text);
}

/// Plays `plies` actions of an Agon game (none that ends it) through a service of
/// its own on the database.
async fn play(db: PathBuf, plies: usize) {
    let store = Store::open(&db, &StoreOptions::default()).await.unwrap();
    let service = Service::new(store, Templates::load(None).unwrap(), Settings::default());
    let mut now: DateTime<Utc> = Utc::now();
    say(&service, "bob", "games", now).await;
    say(&service, "alice", "challenge bob agon", now).await;
    say(&service, "bob", "accept", now).await;
    let mut position = Variant::Agon.start();
    for ply in 0..plies {
        // An action that keeps the game going, varied by the ply.
        let going: Vec<_> = position
            .legal_actions()
            .into_iter()
            .filter(|&a| {
                let mut next = position.clone();
                next.play_unchecked(a);
                next.outcome().is_none()
            })
            .collect();
        let action = going[ply * 7 % going.len()];
        let text = format!("move {}", position.notation(action));
        now += Duration::seconds(1);
        say(&service, ["alice", "bob"][ply % 2], &text, now).await;
        position.play_unchecked(action);
    }
    service.store().close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backup_copies_a_database_in_use_and_never_overwrites() {
    let dir = std::env::temp_dir().join(format!("agora-backup-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("live.db");
    let config = dir.join("agora.toml");
    std::fs::write(
        &config,
        format!(
            "[database]\npath = {:?}\n[service]\nsweep_seconds = 1\n[web]\nlisten = \"127.0.0.1:0\"\nadmin_listen = \"127.0.0.1:0\"\n",
            db.display().to_string()
        ),
    )
    .unwrap();
    let mut server = serve(crate::AGORA, &config);

    // Copies taken while a game is played.
    let writer = tokio::spawn(play(db.clone(), 200));
    let mut copies = Vec::new();
    while !writer.is_finished() {
        let copy = dir.join(format!("during-{}.db", copies.len()));
        let out = agora(&["backup", copy.to_str().unwrap()], &config);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        copies.push(copy);
    }
    writer.await.unwrap();
    assert!(!copies.is_empty());
    for copy in &copies {
        // Each copy opens as a store and its one game (if it has it yet) replays.
        let text = games(copy).await;
        assert!(text.is_empty() || text.starts_with("Game {"), "{text}");
    }

    let last = dir.join("after.db");
    let out = agora(&["backup", last.to_str().unwrap()], &config);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("1 games"), "{stdout}");
    assert_eq!(games(&last).await, games(&db).await);
    assert!(games(&last).await.contains("ply: 200"));

    // The same target again: refused, named, untouched.
    let before = std::fs::read(&last).unwrap();
    let out = agora(&["backup", last.to_str().unwrap()], &config);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("exists already") && stderr.contains("after.db"),
        "{stderr}"
    );
    assert_eq!(std::fs::read(&last).unwrap(), before);

    assert!(server.try_wait().unwrap().is_none(), "serve kept running");
    let _ = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status();
    assert!(server.wait().unwrap().success());
    let _ = std::fs::remove_dir_all(&dir);
}
