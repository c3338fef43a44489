//! ICCF's time control, `moves N in D days`: each player has D days for their first N actions and
//! D days more for each next N, the time unused carried over; the deadline of a turn is its start
//! plus what the player to act has left, and a player who runs out loses on time. And nobody loses
//! on time unwarned: a deadline whose reminders never reached the player moves, within limits.

use agora_rules::{AnyAction, AnyPosition, GameKind, Seat, Variant};
use agora_service::outbox::{Delivery, SendError, Sender};
use agora_service::{Answer, Inbound, Service, Settings, Status, StoreOptions, Templates};
use agora_store::{GameStatus, Notice};
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
pub(crate) async fn send(
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
pub(crate) fn quiet_action(position: &AnyPosition) -> AnyAction {
    position
        .legal_actions()
        .into_iter()
        .find(|&a| {
            let mut after = position.clone();
            after.play_unchecked(a);
            !after.is_finished()
        })
        .expect("an action that does not end the game")
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
            + if done[i].is_multiple_of(10) {
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

    // Alice lets her 75 days run out, reminded a day before: she loses on time.
    let deadline = now + left[0];
    let post = Post::default();
    service.sweep(deadline - Duration::days(1)).await.unwrap();
    service
        .deliver(&post, deadline - Duration::days(1))
        .await
        .unwrap();
    assert_eq!(*post.reminders.lock().unwrap(), ["local:alice"]);
    service
        .sweep(deadline + Duration::minutes(1))
        .await
        .unwrap();

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

/// Delivers terminal notifications, or refuses them for good (as a relay refuses an address).
#[derive(Default)]
struct Post {
    refuse: std::sync::atomic::AtomicBool,
    reminders: std::sync::Mutex<Vec<String>>,
}

impl Sender for Post {
    fn channel(&self) -> &str {
        "local"
    }

    async fn send(&self, delivery: &Delivery) -> Result<(), SendError> {
        if self.refuse.load(std::sync::atomic::Ordering::SeqCst) {
            return Err(SendError::Permanent("550 mailbox unavailable".into()));
        }
        let m = &delivery.message;
        if m.kind == Notice::Reminder {
            self.reminders.lock().unwrap().push(m.address.clone());
        }
        Ok(())
    }
}

#[tokio::test]
async fn a_reminder_given_up_holds_the_timeout_until_a_delivered_one_lets_it_end() {
    let (db, dir) = temp_db("unwarned");
    let service = open_service(&db).await;
    let post = Post::default();
    let mut now = Utc.with_ymd_and_hms(2026, 3, 1, 12, 0, 0).unwrap();
    for who in ["alice", "bob"] {
        send(&service, who, "games", None, now).await;
    }
    let game = send(&service, "alice", "challenge bob agon days 2", None, now)
        .await
        .game
        .unwrap();
    send(&service, "bob", &format!("accept #{game}"), None, now).await;
    let deadline = now + Duration::days(2);
    service.deliver(&post, now).await.unwrap();

    // Every reminder of alice's turn is given up: her address refuses them.
    post.refuse.store(true, std::sync::atomic::Ordering::SeqCst);
    for hours in [24, 46] {
        now = deadline - Duration::hours(48 - hours);
        service.sweep(now).await.unwrap();
        service.deliver(&post, now).await.unwrap();
    }
    assert!(post.reminders.lock().unwrap().is_empty());

    // At the deadline the game goes on: the deadline moves 12 hours on, and bob hears why.
    now = deadline + Duration::minutes(1);
    service.sweep(now).await.unwrap();
    let state = service.game_state(game, None).await.unwrap().unwrap();
    assert_eq!(state.status, GameStatus::Active, "{:?}", state.result);
    assert_eq!(state.deadline, Some(now + Duration::hours(12)));
    // Still refused: 12 hours later it is held again, up to 48 hours past the first deadline.
    service.deliver(&post, now).await.unwrap();
    now += Duration::hours(12) + Duration::minutes(1);
    service.sweep(now).await.unwrap();
    let state = service.game_state(game, None).await.unwrap().unwrap();
    assert_eq!(state.status, GameStatus::Active);
    assert_eq!(state.deadline, Some(now + Duration::hours(12)));

    // Her address works again: the reminder queued with the move reaches her, and 12 hours
    // after it the deadline ends the game.
    post.refuse
        .store(false, std::sync::atomic::Ordering::SeqCst);
    service.deliver(&post, now).await.unwrap();
    assert_eq!(*post.reminders.lock().unwrap(), ["local:alice"]);
    now += Duration::hours(12) + Duration::minutes(1);
    service.sweep(now).await.unwrap();
    let state = service.game_state(game, None).await.unwrap().unwrap();
    assert_eq!(state.status, GameStatus::Finished);
    assert!(state.deadline.is_none());
    service.store().close().await;
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn a_player_never_reached_loses_48_hours_after_the_first_deadline() {
    let (db, dir) = temp_db("never-reached");
    let service = open_service(&db).await;
    let post = Post::default();
    let start = Utc.with_ymd_and_hms(2026, 3, 1, 12, 0, 0).unwrap();
    for who in ["alice", "bob"] {
        send(&service, who, "games", None, start).await;
    }
    let game = send(&service, "alice", "challenge bob agon days 2", None, start)
        .await
        .game
        .unwrap();
    send(&service, "bob", &format!("accept #{game}"), None, start).await;
    post.refuse.store(true, std::sync::atomic::Ordering::SeqCst);
    let deadline = start + Duration::days(2);
    let mut now = start;
    let mut ended = None;
    while now < deadline + Duration::hours(60) {
        now += Duration::hours(1);
        service.sweep(now).await.unwrap();
        service.deliver(&post, now).await.unwrap();
        let state = service.game_state(game, None).await.unwrap().unwrap();
        if state.status == GameStatus::Finished {
            ended = Some(now);
            break;
        }
    }
    let ended = ended.expect("the game ends");
    assert!(ended > deadline + Duration::hours(47), "{ended}");
    assert!(ended <= deadline + Duration::hours(49), "{ended}");
    service.store().close().await;
    let _ = std::fs::remove_dir_all(dir);
}

/// The deadline of game `game` as the service shows it.
async fn deadline_of(service: &Service, game: i64) -> Option<DateTime<Utc>> {
    service
        .game_state(game, None)
        .await
        .unwrap()
        .unwrap()
        .deadline
}

/// Plays a quiet action in `game` as `who` at `at`, and returns the position after it.
async fn play_quietly(
    service: &Service,
    who: &str,
    game: i64,
    position: &mut AnyPosition,
    at: DateTime<Utc>,
) {
    let action = quiet_action(position);
    let played = send(service, who, &position.notation(action), Some(game), at).await;
    assert_eq!(played.status, Status::Done, "{}", played.text);
    position.play_unchecked(action);
}

#[tokio::test]
async fn a_rest_stops_the_clock_in_the_players_zone_from_their_next_turn() {
    let (db, dir) = temp_db("rest");
    let service = open_service(&db).await;
    let utc = |d: u32, h: u32| Utc.with_ymd_and_hms(2026, 3, d, h, 0, 0).unwrap();
    // Thursday 5 March 2026, 11:00 UTC: 12:00 in Amsterdam.
    let now = utc(5, 11);
    for who in ["alice", "bob"] {
        send(&service, who, "games", None, now).await;
    }
    send(
        &service,
        "alice",
        "settings timezone Europe/Amsterdam",
        None,
        now,
    )
    .await;
    let set = send(
        &service,
        "alice",
        "settings rest weekend night 23-07",
        None,
        now,
    )
    .await;
    assert_eq!(set.status, Status::Done, "{}", set.text);
    assert!(
        set.text
            .contains("rests at weekends and every night from 23:00 to 07:00 (Europe/Amsterdam)"),
        "{}",
        set.text
    );
    let game = send(&service, "alice", "challenge bob agon days 1", None, now)
        .await
        .game
        .unwrap();
    send(&service, "bob", &format!("accept #{game}"), None, now).await;
    let mut position = Variant::new(GameKind::Agon, None, None).unwrap().start();

    // Alice's day of clock time: 11 hours to 23:00, the night, 13 hours from 07:00 on Friday.
    assert_eq!(deadline_of(&service, game).await, Some(utc(6, 19)));
    // At night her opponent sees that she rests, and until when (in his zone, UTC).
    let board = send(&service, "bob", &format!("board #{game}"), None, utc(5, 22)).await;
    assert!(
        board
            .text
            .contains("alice is resting until 2026-03-06 06:00 UTC"),
        "{}",
        board.text
    );
    let board = send(&service, "bob", &format!("board #{game}"), None, utc(5, 20)).await;
    assert!(!board.text.contains("resting"), "{}", board.text);

    // Bob rests never: a day on the wall.
    play_quietly(&service, "alice", game, &mut position, utc(6, 10)).await;
    assert_eq!(deadline_of(&service, game).await, Some(utc(7, 10)));
    // Her turn from Friday 13:00: 10 hours, then the night that runs into the weekend and the
    // night after it, to Monday 07:00, then 14 hours.
    play_quietly(&service, "bob", game, &mut position, utc(6, 12)).await;
    assert_eq!(deadline_of(&service, game).await, Some(utc(9, 20)));

    // A change of rest counts from her next turn: the turn under way keeps its own.
    let off = send(&service, "alice", "settings rest off", None, utc(7, 12)).await;
    assert_eq!(off.status, Status::Done, "{}", off.text);
    assert_eq!(deadline_of(&service, game).await, Some(utc(9, 20)));
    play_quietly(&service, "alice", game, &mut position, utc(9, 9)).await;
    play_quietly(&service, "bob", game, &mut position, utc(9, 10)).await;
    assert_eq!(deadline_of(&service, game).await, Some(utc(10, 10)));

    // A vacation beside a rest: the turn starts when the vacation ends (Friday 11:00 in
    // Amsterdam), runs 13 hours to the weekend and 11 from Monday 00:00.
    send(&service, "alice", "settings rest weekend", None, utc(9, 11)).await;
    play_quietly(&service, "alice", game, &mut position, utc(10, 9)).await;
    play_quietly(&service, "bob", game, &mut position, utc(10, 10)).await;
    assert_eq!(deadline_of(&service, game).await, Some(utc(11, 10)));
    let away = send(&service, "alice", "vacation 3", None, utc(10, 10)).await;
    assert_eq!(away.status, Status::Done, "{}", away.text);
    assert_eq!(deadline_of(&service, game).await, Some(utc(16, 10)));
    service.store().close().await;
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn rests_are_read_in_three_languages_and_kept_within_limits() {
    let (db, dir) = temp_db("rest-words");
    let service = open_service(&db).await;
    let now = Utc.with_ymd_and_hms(2026, 3, 5, 11, 0, 0).unwrap();
    for (text, ok) in [
        ("settings rest weekend", true),
        ("settings rest night 22:00-06:00", true),
        ("instellingen rust weekend nacht 23-07", true),
        ("inställningar vila helg natt 0-6", true),
        ("inställningar vila av", true),
        ("settings rest night 18-08", false),
        ("settings rest night 7-7", false),
        ("settings rest sundays", false),
        ("settings rest night", false),
        ("settings rest", false),
        ("instellingen rust", false),
        ("instellingen rust nacht 25-07", false),
    ] {
        let answer = send(&service, "carol", text, None, now).await;
        assert_eq!(answer.status == Status::Done, ok, "{text}: {}", answer.text);
    }
    let long = send(&service, "carol", "settings rest night 18-08", None, now).await;
    assert!(long.text.contains("at most 12 hours"), "{}", long.text);
    service.store().close().await;
    let _ = std::fs::remove_dir_all(dir);
}
