//! The table's `reads_only` agrees with what the commands do: every command marked so, sent with
//! and without its game, changes no game, no player and queues no notification, while a command
//! not marked so does.

use agora_service::commands::{self, COMMANDS, Value};
use agora_service::{Identity, Inbound, Service, Settings, Status, StoreOptions, Templates};
use chrono::{DateTime, Duration, Utc};

/// What a command could change: the game, the players' settings, the outbox.
async fn snapshot(service: &Service) -> String {
    let mut tx = service.store().write().await.unwrap();
    let game = tx.game(1).await.unwrap();
    let players = tx.seat_players([1, 2]).await.unwrap();
    let outbox = tx.outbox_stats().await.unwrap();
    format!("{game:?}\n{players:?}\n{outbox:?}")
}

async fn say(service: &Service, who: &str, text: &str, now: DateTime<Utc>) -> Status {
    let inbound = Inbound {
        text: text.into(),
        ..Inbound::new(Identity::local(who))
    };
    service.handle(&inbound, now).await.unwrap().status
}

#[tokio::test]
async fn commands_marked_reads_only_change_nothing() {
    let dir = std::env::temp_dir().join(format!("agora-reads-only-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.db");
    let _ = std::fs::remove_file(&path);
    let store = agora_store::testing::open(&path, &StoreOptions::default())
        .await
        .unwrap();
    let service = Service::new(store, Templates::load(None).unwrap(), Settings::default());
    let mut now: DateTime<Utc> = "2026-06-01T12:00:00Z".parse().unwrap();
    assert_eq!(say(&service, "bob", "games", now).await, Status::Done);
    assert_eq!(
        say(&service, "alice", "challenge bob agon", now).await,
        Status::Done
    );
    assert_eq!(say(&service, "bob", "accept #1", now).await, Status::Done);

    let before = snapshot(&service).await;
    let mut n = 0;
    for spec in COMMANDS.iter().filter(|c| c.reads_only) {
        // The values a command cannot go without: an action to preview, a game's leaderboard.
        let required: Vec<(String, Value)> = match spec.name {
            "preview" => vec![("action".to_owned(), Value::Text("k1-j1".into()))],
            "leaderboard" => vec![("game".to_owned(), Value::Text("agon".into()))],
            _ => Vec::new(),
        };
        let mut invocations = vec![required.clone()];
        if spec
            .arg("game")
            .is_some_and(|a| a.kind == commands::ArgKind::Game)
        {
            let mut values = required.clone();
            values.push(("game".to_owned(), Value::Number(1)));
            invocations.push(values);
        }
        for values in invocations {
            let command = commands::build(spec, &values).unwrap();
            for who in ["alice", "bob"] {
                n += 1;
                now += Duration::minutes(1);
                let inbound = Inbound {
                    delivery: Some(format!("read-{n}")),
                    ..Inbound::new(Identity::local(who))
                };
                let answer = service
                    .handle_command(&inbound, command.clone(), now)
                    .await
                    .unwrap();
                assert_eq!(
                    answer.status,
                    Status::Done,
                    "{}: {}",
                    spec.name,
                    answer.text
                );
                assert_eq!(
                    snapshot(&service).await,
                    before,
                    "{} changed something",
                    spec.name
                );
            }
        }
    }
    // The snapshot does see a change: an offer is no read.
    assert!(!commands::spec("draw").unwrap().reads_only);
    assert_eq!(
        say(&service, "bob", "draw offer #1", now).await,
        Status::Done
    );
    assert_ne!(snapshot(&service).await, before);
    let _ = std::fs::remove_dir_all(&dir);
}
