//! ICCF's time control, `moves N in D days`: each player has D days for their first N actions and
//! D days more for each next N, the time unused carried over; the deadline of a turn is its start
//! plus what the player to act has left, and a player who runs out loses on time.

use agora_rules::{AnyAction, AnyPosition, GameKind, Seat, Variant};
use agora_service::{Answer, Inbound, Service, Settings, Status, StoreOptions, Templates};
use agora_store::GameStatus;
use chrono::{DateTime, Duration, TimeZone, Utc};
use std::path::PathBuf;

/// A fresh database file of this test process, and its folder to remove at the end.
fn temp_db(name: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("agora-time-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    (dir.join("agora.db"), dir)
}

async fn open_service(db: &std::path::Path) -> Service {
    let store = agora_store::testing::open(db, &StoreOptions::default())
        .await
        .unwrap();
    let settings = Settings {
        seed: Some(5),
        ..Settings::default()
    };
    Service::new(store, Templates::load(None).unwrap(), settings)
}

/// Sends `text` from terminal player `from` at `at`, about `game` if given.
async fn send(
    service: &Service,
    from: &str,
    text: &str,
    game: Option<i64>,
    at: DateTime<Utc>,
) -> Answer {
    service
        .handle(
            &Inbound {
                name: None,
                text: text.to_owned(),
                delivery: Some(format!("{from}:{}:{text}", at.timestamp())),
                game,
                ..Inbound::new(format!("local:{from}").parse().unwrap())
            },
            at,
        )
        .await
        .unwrap()
}

/// An action of `position` that does not end the game (the game goes on for the whole test).
fn quiet_action(position: &AnyPosition) -> AnyAction {
    let action = position
        .legal_actions()
        .into_iter()
        .find(|&a| {
            let mut after = position.clone();
            after.play_unchecked(a);
            !after.is_finished()
        })
        .expect("an action that does not end the game");
    action
}

#[tokio::test]
async fn moves_10_in_50_days_carries_the_unused_time_over_for_25_moves() {
    let (db, dir) = temp_db("iccf");
    let service = open_service(&db).await;
    let mut now = Utc.with_ymd_and_hms(2026, 3, 1, 12, 0, 0).unwrap();
    for who in ["alice", "bob"] {
        assert_eq!(
            send(&service, who, "games", None, now).await.status,
            Status::Done
        );
    }
    let sent = send(
        &service,
        "alice",
        "challenge bob agon moves 10 in 50d",
        None,
        now,
    )
    .await;
    assert_eq!(sent.status, Status::Done, "{}", sent.text);
    assert!(sent.text.contains("10 moves in 50 days"), "{}", sent.text);
    let game = sent.game.unwrap();
    now += Duration::minutes(5);
    let accepted = send(&service, "bob", &format!("accept #{game}"), None, now).await;
    assert_eq!(accepted.status, Status::Done, "{}", accepted.text);

    // Alice takes 3 days an action, Bob 4½: each keeps what a period leaves over.
    let days = Duration::days(1);
    let took = [days * 3, days * 9 / 2];
    let mut left = [days * 50, days * 50];
    let mut done = [0u32, 0];
    let mut position = Variant::new(GameKind::Agon, None, None).unwrap().start();
    let state = service.game_state(game, None).await.unwrap().unwrap();
    assert_eq!(
        state.deadline,
        Some(now + left[0]),
        "the first turn has 50 days"
    );
    for _ in 0..50 {
        let seat = position.to_act();
        let (mover, i) = match seat {
            Seat::First => ("alice", 0),
            Seat::Second => ("bob", 1),
        };
        now += took[i];
        let action = quiet_action(&position);
        let played = send(&service, mover, &position.notation(action), Some(game), now).await;
        assert_eq!(played.status, Status::Done, "{}", played.text);
        position.play_unchecked(action);
        done[i] += 1;
        left[i] = left[i] - took[i]
            + if done[i] % 10 == 0 {
                days * 50
            } else {
                Duration::zero()
            };
        let state = service.game_state(game, None).await.unwrap().unwrap();
        assert_eq!(state.status, GameStatus::Active);
        let next = 1 - i;
        assert_eq!(
            state.deadline,
            Some(now + left[next]),
            "after {} actions of {mover}: the deadline is what the other has left",
            done[i]
        );
    }
    assert_eq!(done, [25, 25]);
    // 25 actions each: Alice used 75 days of 150, Bob 112½ of 150.
    assert_eq!(left, [days * 75, days * 75 / 2]);
    let board = send(&service, "bob", &format!("board #{game}"), None, now).await;
    assert!(board.text.contains("10 moves in 50 days"), "{}", board.text);

    // Alice lets her 75 days run out: she loses on time.
    let swept = service
        .sweep(now + left[0] + Duration::minutes(1))
        .await
        .unwrap();
    assert!(swept >= 1);
    let state = service.game_state(game, None).await.unwrap().unwrap();
    assert_eq!(state.status, GameStatus::Finished);
    assert!(
        state.result.as_deref().is_some_and(|r| r.contains("time")),
        "{:?}",
        state.result
    );
    service.store().close().await;
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn moves_are_read_in_every_form_and_language_and_kept_within_limits() {
    let (db, dir) = temp_db("forms");
    let service = open_service(&db).await;
    let now = Utc.with_ymd_and_hms(2026, 3, 1, 12, 0, 0).unwrap();
    for who in ["alice", "bob"] {
        send(&service, who, "games", None, now).await;
    }
    for (text, shown) in [
        ("challenge bob agon moves 10 in 50d", "10 moves in 50 days"),
        ("challenge bob agon moves 5/20d", "5 moves in 20 days"),
        ("challenge bob agon moves 1 in 3 days", "1 move in 3 days"),
        ("uitdagen bob agon zetten 10 in 50d", "10 moves in 50 days"),
        ("utmana bob agon drag 20 på 60 dagar", "20 moves in 60 days"),
    ] {
        let sent = send(&service, "alice", text, None, now).await;
        assert_eq!(sent.status, Status::Done, "`{text}`: {}", sent.text);
        assert!(sent.text.contains(shown), "`{text}`: {}", sent.text);
    }
    for (text, says) in [
        ("challenge bob agon moves", "needs a count and days"),
        (
            "challenge bob agon moves ten in 50d",
            "needs a count and days",
        ),
        (
            "challenge bob agon moves 10 in 50h",
            "is not a number of days",
        ),
        (
            "challenge bob agon moves 0 in 50d",
            "a period is 1 to 100 moves",
        ),
        (
            "challenge bob agon moves 10 in 0d",
            "a period is 1 to 100 moves",
        ),
        (
            "challenge bob agon moves 2 in 100d",
            "a period is 1 to 100 moves",
        ),
        ("challenge bob agon days 3 moves 10 in 50d", "one clock"),
    ] {
        let refused = send(&service, "alice", text, None, now).await;
        assert_eq!(
            refused.status,
            Status::Refused,
            "`{text}`: {}",
            refused.text
        );
        assert!(refused.text.contains(says), "`{text}`: {}", refused.text);
    }
    service.store().close().await;
    let _ = std::fs::remove_dir_all(dir);
}
