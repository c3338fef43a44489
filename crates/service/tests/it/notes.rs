//! Private notes: `note #12 <text>` keeps a note for its writer alone. The writer reads it with
//! `board`, `history`, `note` and in their own `export` (as a comment of the record); the
//! opponent, a watcher and a stranger never read it, not even that it exists, by any command,
//! notification, web page, JSON answer or export. Limits on length and count hold.

use agora_rules::record::Record;
use agora_rules::{GameKind, Variant};
use agora_service::outbox::{Delivery, SendError, Sender};
use agora_service::{Answer, Language, Service, Settings, Status, StoreOptions, Templates};
use chrono::{DateTime, Duration, TimeZone, Utc};

/// Every body the outbox delivers, with its recipient.
#[derive(Default)]
pub(crate) struct Bodies(pub std::sync::Mutex<Vec<(String, String)>>);

impl Sender for Bodies {
    fn channel(&self) -> &str {
        "local"
    }

    async fn send(&self, delivery: &Delivery) -> Result<(), SendError> {
        let m = &delivery.message;
        self.0
            .lock()
            .unwrap()
            .push((m.address.clone(), format!("{}\n{}", m.subject, m.body)));
        Ok(())
    }
}

impl Bodies {
    /// The bodies delivered since the last take.
    pub(crate) fn take(&self) -> Vec<(String, String)> {
        std::mem::take(&mut *self.0.lock().unwrap())
    }
}

pub(crate) async fn send(service: &Service, from: &str, text: &str, at: DateTime<Utc>) -> Answer {
    crate::time_controls::send(service, from, text, None, at).await
}

/// Everything in an answer a person reads: its text and its files.
pub(crate) fn shown(answer: &Answer) -> String {
    let mut all = answer.text.clone();
    for file in &answer.attachments {
        all.push_str(&String::from_utf8_lossy(&file.bytes));
    }
    all
}

/// A service on a new SQLite file in a directory of its own (`name`, made afresh), with a site
/// address; the directory, for removing afterwards.
pub(crate) async fn open_service(name: &str, settings: Settings) -> (Service, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("agora-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let store = agora_store::testing::open(&dir.join("agora.db"), &StoreOptions::default())
        .await
        .unwrap();
    let settings = Settings {
        site_url: Some("https://agora.example".into()),
        ..settings
    };
    (
        Service::new(store, Templates::load(None).unwrap(), settings),
        dir,
    )
}

#[tokio::test]
async fn notes_are_shown_to_their_writer_alone_on_every_path() {
    let settings = Settings {
        seed: Some(3),
        ..Settings::default()
    };
    let (service, dir) = open_service("notes", settings).await;
    let post = Bodies::default();
    let mut now = Utc.with_ymd_and_hms(2026, 4, 1, 9, 0, 0).unwrap();
    for who in ["alice", "bob", "carol"] {
        send(&service, who, "games", now).await;
    }
    let game = send(&service, "alice", "challenge bob agon", now)
        .await
        .game
        .unwrap();
    send(&service, "bob", &format!("accept #{game}"), now).await;
    let watched = send(&service, "carol", &format!("watch #{game}"), now).await;
    assert_eq!(watched.status, Status::Done, "{}", watched.text);

    // Alice's plan, in two notes, one before her move and one after it.
    let secret = "SECRET-PLAN queen to the throne via j1";
    let kept = send(&service, "alice", &format!("note #{game} {secret}"), now).await;
    assert_eq!(kept.status, Status::Done, "{}", kept.text);
    assert!(kept.text.contains("only you"), "{}", kept.text);
    let mut position = Variant::new(GameKind::Agon, None, None).unwrap().start();
    let action = crate::time_controls::quiet_action(&position);
    now += Duration::hours(1);
    let played = crate::time_controls::send(
        &service,
        "alice",
        &position.notation(action),
        Some(game),
        now,
    )
    .await;
    assert_eq!(played.status, Status::Done, "{}", played.text);
    position.play_unchecked(action);
    let second = "SECRET-SECOND watch the left guard";
    let kept = send(&service, "alice", &format!("notitie #{game} {second}"), now).await;
    assert_eq!(kept.status, Status::Done, "{}", kept.text);
    service.deliver(&post, now).await.unwrap();

    // Alice reads them with `board`, `history`, `note` and in her export.
    for command in ["board", "history", "note"] {
        let answer = send(&service, "alice", &format!("{command} #{game}"), now).await;
        assert!(answer.text.contains(secret), "{command}: {}", answer.text);
        assert!(answer.text.contains(second), "{command}: {}", answer.text);
    }
    let export = send(&service, "alice", &format!("export #{game}"), now).await;
    let record_text = String::from_utf8(export.attachments[0].bytes.clone()).unwrap();
    let record = Record::parse(&record_text).expect("the export is a record");
    let comments: Vec<(usize, &str)> = record
        .comments()
        .iter()
        .map(|c| (c.after, c.text.trim()))
        .collect();
    assert_eq!(comments, [(0, secret), (1, second)], "{record_text}");

    // Nobody else reads them, nor that there are any: not the opponent, not a watcher, not a
    // stranger, by any command; not in any notification; not on the web or in JSON.
    let hidden = |what: &str, text: &str| {
        for word in [
            "SECRET",
            "BOBS-OWN",
            "notes on game",
            "notities",
            "anteckningar",
        ] {
            assert!(!text.contains(word), "{what} shows {word:?}:\n{text}");
        }
    };
    for who in ["bob", "carol", "dave"] {
        for command in ["board", "history", "export", "games", "next", "note"] {
            let answer = send(&service, who, &format!("{command} #{game}"), now).await;
            if command == "note" {
                // Bob's own notes (none) are his to list; Alice's never show.
                assert!(!answer.text.contains("SECRET"), "{who}: {}", answer.text);
                continue;
            }
            hidden(&format!("{who}: {command}"), &shown(&answer));
        }
        // Writing on a game one does not play is refused; the opponent's own note is his.
        let wrote = send(&service, who, &format!("note #{game} BOBS-OWN idea"), now).await;
        let expected = if who == "bob" {
            Status::Done
        } else {
            Status::Refused
        };
        assert_eq!(wrote.status, expected, "{who}: {}", wrote.text);
    }
    // And Alice never reads Bob's.
    for command in ["board", "history", "note"] {
        let answer = send(&service, "alice", &format!("{command} #{game}"), now).await;
        assert!(
            !answer.text.contains("BOBS-OWN"),
            "{command}: {}",
            answer.text
        );
    }
    let state = service.game_state(game, None).await.unwrap().unwrap();
    hidden("game_state", &format!("{state:?}"));
    for lang in [Language::En, Language::Nl, Language::Sv] {
        for ply in [None, Some(0), Some(1)] {
            let page = service.game_page(game, ply, lang).await.unwrap().unwrap();
            hidden("the game page", &format!("{page:?}"));
        }
    }
    let record = service.game_record(game).await.unwrap().unwrap();
    hidden("the public record", &record);
    // Bob moves and Alice answers: every notification, to anyone, is free of them.
    let action = crate::time_controls::quiet_action(&position);
    now += Duration::hours(1);
    crate::time_controls::send(&service, "bob", &position.notation(action), Some(game), now).await;
    service.deliver(&post, now).await.unwrap();
    let bodies = post.0.lock().unwrap().clone();
    assert!(bodies.len() >= 4, "{bodies:?}");
    for (to, body) in &bodies {
        hidden(&format!("a notification to {to}"), body);
    }

    // Limits: a note of 401 characters, and a 51st note, are refused and change nothing.
    let long = "x".repeat(401);
    let refused = send(&service, "alice", &format!("note #{game} {long}"), now).await;
    assert_eq!(refused.status, Status::Refused, "{}", refused.text);
    assert!(refused.text.contains("400"), "{}", refused.text);
    for i in 3..=50 {
        let kept = send(&service, "alice", &format!("note #{game} n{i}"), now).await;
        assert_eq!(kept.status, Status::Done, "{i}: {}", kept.text);
    }
    let refused = send(&service, "alice", &format!("note #{game} one more"), now).await;
    assert_eq!(refused.status, Status::Refused, "{}", refused.text);
    let listed = send(&service, "alice", &format!("note #{game}"), now).await;
    assert!(!listed.text.contains("one more"), "{}", listed.text);
    // `clear` removes them all; the board shows none after it.
    now += Duration::minutes(1);
    let cleared = send(&service, "alice", &format!("anteckning #{game} rensa"), now).await;
    assert_eq!(cleared.status, Status::Done, "{}", cleared.text);
    let board = send(&service, "alice", &format!("board #{game}"), now).await;
    assert!(!board.text.contains("SECRET"), "{}", board.text);
    service.store().close().await;
    let _ = std::fs::remove_dir_all(dir);
}
