//! An answer carries the game as the command left it (`Answer::state`), so a front end shows it
//! without asking again: a move and a resignation replay their game once, counted by the
//! service's `agora_game_replays_total`, and what they carry is what reading the game afresh
//! gives. Against the computer the answer shows the game after the computer's move too.

use crate::time_controls::{quiet_action, send};
use agora_service::queries::GameState;
use agora_service::{Answer, GameStatus, Service, Settings, Status, StoreOptions, Templates};
use chrono::{DateTime, Utc};
use std::path::PathBuf;

fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("agora-answer-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("agora.db")
}

async fn open_service(name: &str) -> Service {
    let store = agora_store::testing::open(&temp_db(name), &StoreOptions::default())
        .await
        .unwrap();
    let settings = Settings {
        seed: Some(3),
        ..Settings::default()
    };
    Service::new(store, Templates::load(None).unwrap(), settings)
}

/// Alice challenges `opponent` to Agon and they accept (the computer accepts by itself); the
/// game's number.
async fn started(service: &Service, opponent: &str, now: DateTime<Utc>) -> i64 {
    for who in ["alice", "bob"] {
        assert_eq!(
            send(service, who, "games", None, now).await.status,
            Status::Done
        );
    }
    let challenge = send(
        service,
        "alice",
        &format!("challenge {opponent} agon"),
        None,
        now,
    )
    .await;
    assert_eq!(challenge.status, Status::Done, "{}", challenge.text);
    let game = challenge.game.expect("the challenge's game");
    if opponent == "bob" {
        let accepted = send(service, "bob", &format!("accept #{game}"), None, now).await;
        assert_eq!(accepted.status, Status::Done, "{}", accepted.text);
        assert_eq!(
            fresh(service, &accepted, game).await.status,
            GameStatus::Active
        );
    }
    game
}

/// The game as reading it afresh gives it, in the answer's language.
async fn fresh(service: &Service, answer: &Answer, game: i64) -> GameState {
    service
        .game_state_in(game, None, answer.language)
        .await
        .unwrap()
        .expect("the game")
}

/// What the answer carries is what reading the game afresh gives.
async fn same_as_fresh(service: &Service, answer: &Answer, game: i64) -> GameState {
    let carried = answer
        .state
        .as_deref()
        .expect("the answer carries its game")
        .clone();
    let read = fresh(service, answer, game).await;
    assert_eq!(carried.id, game);
    assert_eq!(
        (
            carried.version,
            carried.ply,
            carried.current_ply,
            carried.status
        ),
        (read.version, read.ply, read.current_ply, read.status)
    );
    assert_eq!((carried.to_act, &carried.last), (read.to_act, &read.last));
    assert_eq!(carried.position, read.position);
    assert_eq!((&carried.title, &carried.clock), (&read.title, &read.clock));
    assert_eq!(carried.result, read.result);
    assert_eq!(
        (&carried.names, &carried.identities),
        (&read.names, &read.identities)
    );
    assert_eq!(carried.deadline, read.deadline);
    assert_eq!(carried.ascii(), read.ascii());
    carried
}

/// The one to act's terminal name and an action of theirs that does not end the game.
async fn next_move(service: &Service, game: i64) -> (String, String) {
    let state = service.game_state(game, None).await.unwrap().unwrap();
    let seat = state.to_act.expect("someone to act");
    let who = state.identities[seat.index()][0].id.clone();
    let action = state.position.notation(quiet_action(&state.position));
    (who, format!("#{game} {action}"))
}

#[tokio::test]
async fn a_move_and_a_resignation_replay_their_game_once() {
    let service = open_service("once").await;
    let now = Utc::now();
    let game = started(&service, "bob", now).await;
    for ply in 1..=3 {
        let (who, text) = next_move(&service, game).await;
        let before = service.metrics().replays();
        let answer = send(&service, &who, &text, None, now).await;
        assert_eq!(answer.status, Status::Done, "{}", answer.text);
        assert_eq!(service.metrics().replays() - before, 1, "move {ply}");
        let state = same_as_fresh(&service, &answer, game).await;
        assert_eq!(state.current_ply, ply);
    }
    let before = service.metrics().replays();
    let answer = send(&service, "alice", &format!("resign #{game}"), None, now).await;
    assert_eq!(answer.status, Status::Done, "{}", answer.text);
    assert_eq!(service.metrics().replays() - before, 1);
    let state = same_as_fresh(&service, &answer, game).await;
    assert_eq!(state.status, GameStatus::Finished);
    assert!(state.result.is_some());
    // A refusal carries no game.
    let refused = send(&service, "bob", &format!("resign #{game}"), None, now).await;
    assert_eq!(refused.status, Status::Refused);
    assert!(refused.state.is_none());
}

#[tokio::test]
async fn an_answer_about_a_game_carries_it_whatever_the_command() {
    let service = open_service("any").await;
    let now = Utc::now();
    let game = started(&service, "bob", now).await;
    for text in [format!("draw offer #{game}"), format!("board #{game}")] {
        let answer = send(&service, "alice", &text, None, now).await;
        assert_eq!(answer.status, Status::Done, "{text}: {}", answer.text);
        same_as_fresh(&service, &answer, game).await;
    }
    let listed = send(&service, "alice", "games", None, now).await;
    assert!(listed.state.is_none());
}

#[tokio::test]
async fn a_move_against_the_computer_shows_the_computers_answer() {
    let service = open_service("computer").await;
    let now = Utc::now();
    let game = started(&service, "computer", now).await;
    let before = service.game_state(game, None).await.unwrap().unwrap();
    let (who, text) = next_move(&service, game).await;
    assert_eq!(who, "alice");
    let answer = send(&service, &who, &text, None, now).await;
    assert_eq!(answer.status, Status::Done, "{}", answer.text);
    let state = same_as_fresh(&service, &answer, game).await;
    assert_eq!(
        state.current_ply,
        before.current_ply + 2,
        "the computer has moved"
    );
}
