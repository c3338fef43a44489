//! The community on Discord, through the double: open challenges posted in the lobby channel
//! with an Accept button (whichever way they were made) and closed there once taken or
//! withdrawn; a preview answered only to its asker, with the picture of the position; a game's
//! record sent as a file; watchers' boards by direct message.

use agora_testkit::discord as common;

use agora_rules::record::Record;
use agora_service::{Identity, Inbound, Status};
use common::double::{Call, Double, LOBBY};
use common::{Agora, Opt, User, click, in_server, run, settings, temp_db};
use serde_json::Value;
use std::sync::Arc;

/// The channel the lobby of open challenges is configured to.
const SEEKS: u64 = 900_000_000_000_000_050;

fn alice() -> User {
    User {
        id: 500_000_000_000_000_011,
        name: "alice",
    }
}

fn bob() -> User {
    User {
        id: 500_000_000_000_000_012,
        name: "bob",
    }
}

fn carol() -> User {
    User {
        id: 500_000_000_000_000_013,
        name: "carol",
    }
}

async fn start(name: &str, double: &Double) -> Agora {
    let db = temp_db(name);
    let mut settings = settings(double);
    settings.lobby_channel = Some(poise::serenity_prelude::ChannelId::new(SEEKS));
    Agora::start_with(&db, double, settings).await
}

/// The bot's post in the lobby of open challenge `game`, after `after` calls.
async fn lobby_post(double: &Double, game: i64, after: usize) -> Call {
    let path = format!("/channels/{SEEKS}/messages");
    let marker = format!("Open challenge #{game}:");
    double
        .wait_for(&format!("open challenge #{game} in the lobby"), |calls| {
            calls
                .iter()
                .skip(after)
                .find(|c| {
                    c.method == "POST"
                        && c.path == path
                        && c.json["content"].as_str().unwrap_or("").contains(&marker)
                })
                .cloned()
        })
        .await
}

/// The edit that took a lobby post's button off, after `after` calls.
async fn lobby_closed(double: &Double, message: &str, after: usize) -> Call {
    let path = format!("/channels/{SEEKS}/messages/{message}");
    double
        .wait_for("the lobby post to close", |calls| {
            calls
                .iter()
                .skip(after)
                .find(|c| c.method == "PATCH" && c.path == path)
                .cloned()
        })
        .await
}

/// Sends a command to the service as someone on Discord, outside any interaction (so a test
/// can set a game up without the front end).
async fn say(agora: &Agora, user: &User, text: &str) -> agora_service::Answer {
    let inbound = Inbound {
        text: text.into(),
        name: Some(user.name.into()),
        ..Inbound::new(Identity::discord(user.id))
    };
    let answer = agora
        .service
        .handle(&inbound, chrono::Utc::now())
        .await
        .unwrap();
    assert_eq!(answer.status, Status::Done, "{text}: {}", answer.text);
    answer
}

/// How many messages the bot posted in `channel` after `after` calls.
fn posts_in(double: &Double, channel: u64, after: usize) -> usize {
    let path = format!("/channels/{channel}/messages");
    double
        .calls()
        .iter()
        .skip(after)
        .filter(|c| c.method == "POST" && c.path == path)
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_challenges_are_posted_in_the_lobby_and_taken_with_its_button() {
    let double = Arc::new(Double::start().await);
    let agora = start("lobby", &double).await;
    let before = double.calls().len();

    // A challenge to anyone, made with the slash command: its maker's answer is private, and
    // the lobby shows it with an Accept button.
    let made = run(
        &double,
        &alice(),
        in_server(LOBBY),
        "challenge",
        &[
            Opt::Text("opponent", "anyone".into()),
            Opt::Choice("game", "agon"),
        ],
    )
    .await;
    assert!(made.ephemeral(), "{}", made.text());
    assert!(made.text().contains("open challenge"), "{}", made.text());
    let post = lobby_post(&double, 1, before).await;
    let accept = post
        .buttons()
        .into_iter()
        .find(|b| b.starts_with("accept:1:"))
        .expect("an Accept button");
    assert!(post.text().contains("alice"), "{}", post.text());
    let message: Value = post.response.clone();
    let message_id = message["id"].as_str().unwrap().to_owned();

    // Its maker cannot take it; the first other player to click does.
    let own = click(&double, &alice(), in_server(SEEKS), &message, &accept).await;
    assert!(own.ephemeral(), "{}", own.text());
    assert!(
        own.text().contains("your own open challenge"),
        "{}",
        own.text()
    );
    let taken = click(&double, &bob(), in_server(SEEKS), &message, &accept).await;
    assert!(!taken.text().contains("Sorry"), "{}", taken.text());
    let state = agora.service.game_state(1, None).await.unwrap().unwrap();
    assert_eq!(state.status, agora_store::GameStatus::Active);
    assert_eq!(state.names, ["alice".to_owned(), "bob".to_owned()]);

    // The lobby post loses its button and says who plays.
    let closed = lobby_closed(&double, &message_id, before).await;
    assert!(closed.buttons().is_empty(), "{:?}", closed.json);
    assert!(closed.text().contains("was taken"), "{}", closed.text());
    assert!(closed.text().contains("bob"), "{}", closed.text());

    // A late click is refused privately and changes nothing.
    let late = click(&double, &carol(), in_server(SEEKS), &message, &accept).await;
    assert!(late.ephemeral(), "{}", late.text());
    let after = agora.service.game_state(1, None).await.unwrap().unwrap();
    assert_eq!(after.players, state.players);

    // An open challenge made by mail shows in the lobby too, and closes there when withdrawn.
    let by_mail = Inbound {
        text: "challenge anyone agros board 8 rating 1400-1600".into(),
        ..Inbound::new(Identity::mail("dora@example.org"))
    };
    let answer = agora
        .service
        .handle(&by_mail, chrono::Utc::now())
        .await
        .unwrap();
    assert_eq!(answer.status, Status::Done, "{}", answer.text);
    let game = answer.game.unwrap();
    let before = double.calls().len();
    let post = lobby_post(&double, game, 0).await;
    assert!(post.text().contains("1400 to 1600"), "{}", post.text());
    let message_id = post.response["id"].as_str().unwrap().to_owned();
    let cancel = Inbound {
        text: format!("cancel #{game}"),
        ..Inbound::new(Identity::mail("dora@example.org"))
    };
    let answer = agora
        .service
        .handle(&cancel, chrono::Utc::now())
        .await
        .unwrap();
    assert_eq!(answer.status, Status::Done, "{}", answer.text);
    let closed = lobby_closed(&double, &message_id, before).await;
    assert!(closed.buttons().is_empty());
    assert!(closed.text().contains("closed"), "{}", closed.text());

    // Each open challenge was posted once, however many rounds the lobby saw.
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    assert_eq!(posts_in(&double, SEEKS, 0), 2);
    agora.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_preview_and_a_record_go_to_the_asker_alone() {
    let double = Arc::new(Double::start().await);
    let agora = start("preview", &double).await;
    say(&agora, &alice(), &format!("challenge <@{}> agon", bob().id)).await;
    say(&agora, &bob(), "accept #1").await;
    let before = double.calls().len();

    // The preview: private, with the picture of the position after the action, and nothing
    // played.
    let preview = run(
        &double,
        &alice(),
        in_server(LOBBY),
        "preview",
        &[Opt::Int("game", 1), Opt::Text("action", "k1-j1".into())],
    )
    .await;
    assert!(preview.ephemeral(), "{}", preview.text());
    assert!(preview.text().contains("k1-j1"), "{}", preview.text());
    let png = preview.png().expect("the preview's picture");
    assert!(png.starts_with(b"\x89PNG"));
    let embed_image = &preview.message()["embeds"][0]["image"]["url"];
    assert!(
        embed_image
            .as_str()
            .unwrap_or("")
            .starts_with("attachment://preview-1-1"),
        "{embed_image}"
    );
    let state = agora.service.game_state(1, None).await.unwrap().unwrap();
    assert_eq!(state.current_ply, 0, "a preview plays nothing");

    // An illegal action is refused privately.
    let bad = run(
        &double,
        &alice(),
        in_server(LOBBY),
        "preview",
        &[Opt::Int("game", 1), Opt::Text("action", "k1-k9".into())],
    )
    .await;
    assert!(
        bad.ephemeral() && bad.text().contains("Sorry"),
        "{}",
        bad.text()
    );

    // Play two actions, then export: the record comes as a text file that reads back.
    say(&agora, &alice(), "#1 k1-j1").await;
    say(&agora, &bob(), "#1 a6-a5").await;
    let export = run(
        &double,
        &carol(),
        in_server(LOBBY),
        "export",
        &[Opt::Int("game", 1)],
    )
    .await;
    assert!(export.ephemeral(), "{}", export.text());
    let (_, name, bytes) = export
        .files
        .iter()
        .find(|(_, name, _)| name.ends_with(".txt"))
        .expect("the record as a file");
    assert_eq!(name, "agora-1.txt");
    let record = Record::parse(std::str::from_utf8(bytes).unwrap()).unwrap();
    assert_eq!(record.actions(), ["k1-j1", "a6-a5"]);
    assert_eq!(record.tag("First"), Some("alice"));
    assert_eq!(record.tag("Result"), Some("*"));
    record.replay().unwrap();

    // None of it was said in public: the only public posts since are the two actions' own.
    let public: Vec<Call> = double
        .calls()
        .into_iter()
        .skip(before)
        .filter(|c| c.method == "POST" && c.path.starts_with("/channels/"))
        .filter(|c| {
            let t = c.json["content"].as_str().unwrap_or("");
            t.contains("preview") || t.contains("agora-1.txt")
        })
        .collect();
    assert!(public.is_empty(), "{public:?}");
    agora.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watcher_gets_each_board_by_direct_message() {
    let double = Arc::new(Double::start().await);
    let agora = start("watch", &double).await;
    say(&agora, &alice(), &format!("challenge <@{}> agon", bob().id)).await;
    say(&agora, &bob(), "accept #1").await;
    let watch = run(
        &double,
        &carol(),
        in_server(LOBBY),
        "watch",
        &[Opt::Int("game", 1)],
    )
    .await;
    assert!(watch.ephemeral(), "{}", watch.text());
    assert!(
        watch.text().contains("You now watch game #1"),
        "{}",
        watch.text()
    );
    let before = double.calls().len();
    say(&agora, &alice(), "#1 k1-j1").await;
    // Carol's copy goes to a direct message channel the bot opens for her.
    let dm = double
        .wait_for("a direct message to the watcher", |calls| {
            calls
                .iter()
                .skip(before)
                .find(|c| {
                    c.method == "POST"
                        && c.path.ends_with("/messages")
                        && c.text().contains("(watched)")
                })
                .cloned()
        })
        .await;
    assert!(dm.text().contains("k1-j1"), "{}", dm.text());
    assert!(dm.png().is_some(), "the board's picture");
    // The embed's title links to the game's page on the website, at the position shown.
    let url = dm.message()["embeds"][0]["url"].as_str().map(str::to_owned);
    assert_eq!(
        url.as_deref(),
        Some(&*format!("{}/games/1?ply=1", common::SITE))
    );
    let carol_id = carol().id.to_string();
    let opened = double.calls().into_iter().skip(before).any(|c| {
        c.method == "POST"
            && c.path == "/users/@me/channels"
            && c.json["recipient_id"].as_str() == Some(carol_id.as_str())
    });
    assert!(opened, "a DM channel to the watcher");

    // A player picked on Discord: their ratings and reliability, to the asker alone.
    let rating = run(
        &double,
        &carol(),
        in_server(LOBBY),
        "rating",
        &[Opt::User("user", alice())],
    )
    .await;
    assert!(rating.ephemeral(), "{}", rating.text());
    assert!(
        rating.text().contains("alice has no rating yet"),
        "{}",
        rating.text()
    );
    assert!(
        rating.text().contains("100% of 1 turn played in time"),
        "{}",
        rating.text()
    );
    agora.stop().await;
}
