//! The community through the service on a real SQLite file: ratings that settle into an
//! established leaderboard over many rated games, games that do not count, an open challenge
//! taken by exactly one of two players who accept at once, and one that expires.

use agora_service::{Identity, Inbound, Service, Settings, Status, StoreOptions, Templates};
use chrono::{DateTime, Duration, Utc};
use std::sync::Arc;

async fn service(name: &str) -> Arc<Service> {
    let dir = std::env::temp_dir().join(format!("agora-community-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let store = agora_store::testing::open(&dir.join("agora.db"), &StoreOptions::default())
        .await
        .unwrap();
    Arc::new(Service::new(
        store,
        Templates::load(None).unwrap(),
        Settings {
            seed: Some(7),
            ..Settings::default()
        },
    ))
}

async fn say(s: &Service, who: &str, text: &str, now: DateTime<Utc>) -> agora_service::Answer {
    let inbound = Inbound {
        text: text.into(),
        ..Inbound::new(Identity::local(who))
    };
    s.handle(&inbound, now).await.unwrap()
}

async fn done(s: &Service, who: &str, text: &str, now: DateTime<Utc>) -> String {
    let answer = say(s, who, text, now).await;
    assert_eq!(
        answer.status,
        Status::Done,
        "{who}: {text}: {}",
        answer.text
    );
    answer.text
}

fn start() -> DateTime<Utc> {
    "2026-03-02T10:00:00Z".parse().unwrap()
}

/// One rated Agon game that `winner` wins after both sides acted: the loser resigns.
async fn rated_win(s: &Service, winner: &str, loser: &str, now: &mut DateTime<Utc>) -> String {
    *now += Duration::minutes(1);
    let text = done(s, winner, &format!("challenge {loser} agon"), *now).await;
    let game: i64 = text
        .strip_prefix("Game #")
        .and_then(|t| t.split(':').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a game number in {text}"));
    done(s, loser, &format!("accept #{game}"), *now).await;
    done(s, winner, &format!("#{game} k1-j1"), *now).await;
    done(s, loser, &format!("#{game} a6-a5"), *now).await;
    done(s, loser, &format!("resign #{game}"), *now).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ratings_settle_into_an_established_leaderboard() {
    let s = service("ladder").await;
    let mut now = start();
    // Nobody has a rating yet, and the leaderboard says so.
    for who in ["ann", "bob", "cid", "dan"] {
        done(&s, who, "games", now).await;
    }
    let empty = done(&s, "ann", "leaderboard agon", now).await;
    assert!(
        empty.contains("Nobody has an established rating"),
        "{empty}"
    );
    // Three players, many rated games: Ann wins two of three against Bob and Cid, Bob two of
    // three against Cid.
    for round in 0..30 {
        let (w, l) = [("ann", "bob"), ("ann", "cid"), ("bob", "cid")][round % 3];
        let (w, l) = if round % 9 >= 6 { (l, w) } else { (w, l) };
        let report = rated_win(&s, w, l, &mut now).await;
        assert!(
            report.contains("Ratings:"),
            "the final report shows the changes: {report}"
        );
    }
    let board = done(&s, "dan", "leaderboard agon", now).await;
    let lines: Vec<&str> = board
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert_eq!(lines.len(), 3, "{board}");
    assert!(lines[0].contains("1. ann"), "{board}");
    assert!(lines[1].contains("2. bob"), "{board}");
    assert!(lines[2].contains("3. cid"), "{board}");
    let ann = done(&s, "dan", "rating ann", now).await;
    assert!(ann.contains("Agon: "), "{ann}");
    assert!(ann.contains("after 20 rated games"), "{ann}");
    assert!(!ann.contains("provisional"), "{ann}");
    assert!(ann.contains("100% of 20 turns played in time"), "{ann}");

    // Games that do not count: one aborted before both sides acted, one `unrated`, one against
    // the computer. None of them changes a rating.
    let agon_line = |text: String| {
        text.lines()
            .find(|l| l.contains("Agon:"))
            .map(str::to_owned)
            .unwrap_or_default()
    };
    let before = agon_line(done(&s, "ann", "rating", now).await);
    now += Duration::minutes(1);
    done(&s, "ann", "challenge bob agon", now).await;
    let game = 31;
    done(&s, "bob", &format!("accept #{game}"), now).await;
    done(&s, "ann", &format!("#{game} k1-j1"), now).await;
    let report = done(&s, "bob", &format!("resign #{game}"), now).await;
    assert!(!report.contains("Ratings:"), "{report}");
    done(&s, "ann", "challenge bob agon unrated", now).await;
    done(&s, "bob", "accept #32", now).await;
    done(&s, "ann", "#32 k1-j1", now).await;
    done(&s, "bob", "#32 a6-a5", now).await;
    let report = done(&s, "bob", "resign #32", now).await;
    assert!(!report.contains("Ratings:"), "{report}");
    done(&s, "ann", "challenge computer agon level easy", now).await;
    done(&s, "ann", "resign #33", now).await;
    assert_eq!(agon_line(done(&s, "ann", "rating", now).await), before);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_challenge_goes_to_exactly_one_of_two_at_once() {
    let s = service("race").await;
    let now = start();
    for round in 0..10 {
        let text = done(&s, "ann", "challenge anyone agros board 8", now).await;
        assert!(text.contains("open challenge"), "{text}");
        let game = round + 1;
        let accept = format!("accept #{game}");
        let (a, b) = tokio::join!(say(&s, "bob", &accept, now), say(&s, "cid", &accept, now));
        let won = [a.status, b.status]
            .iter()
            .filter(|&&x| x == Status::Done)
            .count();
        assert_eq!(won, 1, "{}\n{}", a.text, b.text);
        let lost = if a.status == Status::Done { &b } else { &a };
        assert_eq!(lost.status, Status::Refused, "{}", lost.text);
        let state = s.game_state(game, None).await.unwrap().unwrap();
        assert!(!state.options.open);
        let winner = if a.status == Status::Done {
            "bob"
        } else {
            "cid"
        };
        assert_eq!(state.names[1], winner);
        done(&s, "ann", &format!("resign #{game}"), now).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_challenge_expires_like_any_other() {
    let s = service("expiry").await;
    let now = start();
    done(&s, "ann", "challenge anyone agon", now).await;
    assert!(
        done(&s, "bob", "seeks", now)
            .await
            .contains("#1  Agon by ann")
    );
    // Past its expiry, nobody can take it, and the sweep closes it.
    let later = now + Duration::days(30);
    let late = say(&s, "bob", "accept #1", later).await;
    assert_eq!(late.status, Status::Refused, "{}", late.text);
    assert!(late.text.contains("no longer open"), "{}", late.text);
    s.sweep(later).await.unwrap();
    assert!(
        done(&s, "bob", "seeks", later)
            .await
            .contains("No open challenges")
    );
    let state = s.game_state(1, None).await.unwrap().unwrap();
    assert_eq!(state.status, agora_store::GameStatus::Cancelled);
    // Its maker may open another: the expired one no longer counts among theirs.
    done(&s, "ann", "challenge anyone agon", later).await;
}
