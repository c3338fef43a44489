//! The pictures of a game are drawn once per game, ply, size and overlay, on a real database: a
//! move's row to a mail player, the answer to the Discord player who moved and a `board` asked
//! for the same position share one drawing, and so do the rows of a start and of a timeout to
//! both players on their two channels; another size or another ply is
//! drawn again, and so is a ply whose action a takeback changed.

use agora_rules::Variant;
use agora_service::outbox::{Delivery, SendError, Sender};
use agora_service::{Identity, Inbound, Service, Settings, Status, StoreOptions, Templates};
use chrono::{DateTime, Utc};
use std::sync::{Arc, Mutex};

fn t0() -> DateTime<Utc> {
    "2026-06-01T12:00:00Z".parse().unwrap()
}

/// The address, ply and picture of a row with a picture.
type Taken = (String, Option<u32>, Arc<[u8]>);

/// A sender of one channel that takes the picture of every row carrying one, as the real
/// senders do, and keeps what it was given.
struct Taker {
    channel: &'static str,
    pictures: Mutex<Vec<Taken>>,
}

impl Taker {
    fn new(channel: &'static str) -> Taker {
        Taker {
            channel,
            pictures: Mutex::default(),
        }
    }

    fn pictures(&self) -> Vec<Taken> {
        self.pictures.lock().unwrap().clone()
    }
}

impl Sender for Taker {
    fn channel(&self) -> &str {
        self.channel
    }

    async fn send(&self, delivery: &Delivery) -> Result<(), SendError> {
        if delivery.message.board {
            let png = delivery
                .picture(480)
                .ok_or_else(|| SendError::Permanent("no picture".into()))?;
            self.pictures.lock().unwrap().push((
                delivery.message.address.clone(),
                delivery.message.ply,
                png,
            ));
        }
        Ok(())
    }
}

async fn say(service: &Service, from: &str, text: &str) -> String {
    let inbound = Inbound {
        text: text.into(),
        name: Some(if from == ANN { "ann" } else { "bob" }.into()),
        delivery: Some(format!("{from}/{text}")),
        ..Inbound::new(from.parse::<Identity>().unwrap())
    };
    let answer = service.handle(&inbound, t0()).await.unwrap();
    assert_eq!(answer.status, Status::Done, "{text}: {}", answer.text);
    answer.text
}

async fn service(name: &str) -> Service {
    let dir = std::env::temp_dir().join(format!("agora-pictures-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let store = agora_store::testing::open(&dir.join("game.db"), &StoreOptions::default())
        .await
        .unwrap();
    let settings = Settings {
        seed: Some(3),
        ..Settings::default()
    };
    Service::new(store, Templates::load(None).unwrap(), settings)
}

const ANN: &str = "discord:111";
const BOB: &str = "mailto:bob@example.org";

/// A started Agon game between Ann on Discord and Bob by mail, with every row so far delivered
/// (and its picture taken); returns the game's number.
async fn started(service: &Service, discord: &Taker, mail: &Taker) -> i64 {
    say(service, BOB, "games").await;
    say(service, ANN, "challenge bob agon").await;
    say(service, BOB, "accept").await;
    service.deliver(discord, t0()).await.unwrap();
    service.deliver(mail, t0()).await.unwrap();
    1
}

#[tokio::test]
async fn one_move_is_drawn_once_for_both_players_and_channels() {
    let service = service("once").await;
    let (discord, mail) = (Taker::new("discord"), Taker::new("mailto"));
    let game = started(&service, &discord, &mail).await;
    let before = service.picture_stats();
    let start = Variant::Agon.start();
    let first = start.notation(start.legal_actions()[0]);
    say(&service, ANN, &first).await;
    let taken = |t: &Taker| {
        t.pictures()
            .into_iter()
            .filter(|(_, ply, _)| *ply == Some(1))
    };
    service.deliver(&discord, t0()).await.unwrap();
    service.deliver(&mail, t0()).await.unwrap();
    let rows: Vec<_> = taken(&discord).chain(taken(&mail)).collect();
    assert!(!rows.is_empty(), "Bob is told of the move by mail");
    assert!(rows.iter().all(|(address, _, _)| address == BOB));

    // Ann's answer on Discord shows the position (as the Discord front end draws it), and so
    // does a `board` command of either player.
    let state = service.game_state(game, None).await.unwrap().unwrap();
    let answer = service.picture(&state, 480).unwrap();
    let board = service.picture(&state, 480).unwrap();
    let stats = service.picture_stats();
    assert_eq!(stats.renders - before.renders, 1, "{stats:?}");
    assert_eq!(stats.hits - before.hits, rows.len() as u64 + 1, "{stats:?}");
    assert!(stats.render_time > before.render_time);
    assert!(Arc::ptr_eq(&answer, &board));
    for (address, _, png) in &rows {
        assert!(Arc::ptr_eq(png, &board), "{address} got the one drawing");
    }
    assert_eq!(&board[..], &state.png(480).unwrap()[..], "as drawn anew");

    // Another size, another ply: drawn again, once each; the opening, drawn when the game
    // started, is still there.
    let small = service.picture(&state, 240).unwrap();
    assert_ne!(small, board);
    let position = &state.position;
    let reply = position.notation(position.legal_actions()[0]);
    say(&service, BOB, &reply).await;
    let next = service.game_state(game, None).await.unwrap().unwrap();
    assert_eq!(next.ply, 2);
    service.picture(&next, 480).unwrap();
    service.picture(&next, 480).unwrap();
    service.picture(&state, 240).unwrap();
    let opening = service.game_state(game, Some(0)).await.unwrap().unwrap();
    service.picture(&opening, 480).unwrap();
    let after = service.picture_stats();
    assert_eq!(after.renders - stats.renders, 2, "{after:?}");
    assert_eq!(after.hits - stats.hits, 3, "{after:?}");
    assert!(after.mean_render_time().is_some());
}

#[tokio::test]
async fn a_ply_a_takeback_changed_is_drawn_anew() {
    let service = service("takeback").await;
    let (discord, mail) = (Taker::new("discord"), Taker::new("mailto"));
    let game = started(&service, &discord, &mail).await;
    let start = Variant::Agon.start();
    let actions = start.legal_actions();
    say(&service, ANN, &start.notation(actions[0])).await;
    let state = service.game_state(game, None).await.unwrap().unwrap();
    let first = service.picture(&state, 480).unwrap();
    say(&service, ANN, "undo").await;
    say(&service, BOB, "undo accept").await;
    say(&service, ANN, &start.notation(actions[1])).await;
    let state = service.game_state(game, None).await.unwrap().unwrap();
    assert_eq!(state.ply, 1);
    let renders = service.picture_stats().renders;
    let second = service.picture(&state, 480).unwrap();
    assert_eq!(service.picture_stats().renders, renders + 1);
    assert_ne!(first, second, "the new action is shown");
    assert_eq!(&second[..], &state.png(480).unwrap()[..]);
    // And kept in place of the old one.
    service.picture(&state, 480).unwrap();
    assert_eq!(service.picture_stats().renders, renders + 1);
}

#[tokio::test]
async fn a_start_and_a_timeout_told_to_both_players_on_two_channels_are_drawn_once() {
    let service = service("timeout").await;
    let (discord, mail) = (Taker::new("discord"), Taker::new("mailto"));
    started(&service, &discord, &mail).await;
    // Ann is to act at the opening and lets her clock run out: both are told, with the board.
    let late = t0() + chrono::Duration::days(400);
    assert!(service.sweep(late).await.unwrap() > 0);
    service.deliver(&discord, late).await.unwrap();
    service.deliver(&mail, late).await.unwrap();
    let rows: Vec<_> = discord
        .pictures()
        .into_iter()
        .chain(mail.pictures())
        .collect();
    assert!(rows.iter().any(|(address, _, _)| address == ANN));
    assert!(rows.iter().filter(|(address, _, _)| address == BOB).count() >= 1);
    assert!(rows.len() >= 3, "the start and the timeout: {}", rows.len());
    assert!(rows.iter().all(|(_, ply, _)| *ply == Some(0)));
    let stats = service.picture_stats();
    assert_eq!(stats.renders, 1, "{stats:?}");
    assert_eq!(stats.hits, rows.len() as u64 - 1, "{stats:?}");
}
