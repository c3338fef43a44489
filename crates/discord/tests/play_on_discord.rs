//! Whole games on Discord: serenity's real client, driven by poise, against the local Discord
//! double (REST and gateway on 127.0.0.1), over a real SQLite file. People type slash commands,
//! pick actions from autocomplete, click buttons and write moves in game threads; the tests read
//! what the bot posted.

mod common;

use agora_rules::Variant;
use agora_service::Inbound;
use agora_service::commands::COMMANDS;
use common::double::{Call, Double, LOBBY};
use common::{Agora, Opt, Place, User, click, in_server, registered, reply_to, run, say};
use common::{short_game, suggestions, temp_db};
use serde_json::Value;

fn alice() -> User {
    User {
        id: 500_000_000_000_000_001,
        name: "alice",
    }
}

fn bob() -> User {
    User {
        id: 500_000_000_000_000_002,
        name: "bob",
    }
}

fn eve() -> User {
    User {
        id: 500_000_000_000_000_003,
        name: "eve",
    }
}

/// The first two characters of an action: what a person starts typing.
fn start_of(action: &str) -> String {
    action.chars().take(2).collect()
}

/// The message the bot posted in `channel` that mentions `user`, after `after` calls.
async fn mention_in(double: &Double, channel: u64, user: &User, after: usize) -> Call {
    let path = format!("/channels/{channel}/messages");
    let mention = user.mention();
    double
        .wait_for(
            &format!("a message for {} in {channel}", user.name),
            |calls| {
                calls
                    .iter()
                    .skip(after)
                    .find(|c| {
                        c.method == "POST"
                            && c.path == path
                            && c.json["content"].as_str().unwrap_or("").contains(&mention)
                    })
                    .cloned()
            },
        )
        .await
}

/// The thread the bot opened from the lobby for the next game, after `after` calls.
async fn new_thread(double: &Double, after: usize) -> Place {
    let path = format!("/channels/{LOBBY}/threads");
    let created = double
        .wait_for("a game thread", |calls| {
            calls
                .iter()
                .skip(after)
                .find(|c| c.method == "POST" && c.path == path)
                .cloned()
        })
        .await;
    in_server(created.response["id"].as_str().unwrap().parse().unwrap())
}

/// Challenges `to` from the lobby and has them accept with the button; returns the thread and
/// the challenge message (for its buttons).
async fn challenge_accepted(
    double: &Double,
    from: &User,
    to: &User,
    game: &'static str,
    extra: &[Opt],
) -> (Place, Value, String) {
    let lobby = in_server(LOBBY);
    let mut opts = vec![Opt::Choice("game", game), Opt::User("user", to.clone())];
    opts.extend_from_slice(extra);
    let before = double.calls().len();
    let sent = run(double, from, lobby, "challenge", &opts).await;
    assert!(!sent.ephemeral(), "a challenge is public: {}", sent.text());
    assert!(sent.text().contains("Game "), "{}", sent.text());

    // The challenged player is mentioned in the lobby, with Accept and Decline.
    let invite = mention_in(double, LOBBY, to, before).await;
    let buttons = invite.buttons();
    let accept = buttons
        .iter()
        .find(|b| b.starts_with("accept:"))
        .expect("an Accept button")
        .clone();
    assert!(buttons.iter().any(|b| b.starts_with("decline:")));
    let message = invite.response.clone();

    // Someone else's click changes nothing and says why.
    let foreign = click(double, &eve(), lobby, &message, &accept).await;
    assert!(foreign.ephemeral(), "{:?}", foreign.json);
    assert!(
        foreign
            .text()
            .contains(&format!("Only {} can answer", to.mention())),
        "{}",
        foreign.text()
    );

    let before = double.calls().len();
    let accepted = click(double, to, lobby, &message, &accept).await;
    assert_eq!(accepted.json["type"], 7, "the challenge message is updated");
    assert!(accepted.text().contains("accepted"), "{}", accepted.text());
    assert!(accepted.buttons().is_empty(), "its buttons are gone");
    let thread = new_thread(double, before).await;
    (thread, message, accept)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn agon_through_slash_commands_buttons_and_the_game_thread() {
    let double = Double::start().await;
    let db = temp_db("agon");
    let agora = Agora::start(&db, &double).await;
    let (alice, bob) = (alice(), bob());

    // Every command of the table is a slash command, described by the table's summary.
    let commands = registered(&double);
    assert_eq!(commands.len(), COMMANDS.len());
    for spec in COMMANDS {
        let c = commands
            .iter()
            .find(|c| c["name"] == spec.name)
            .unwrap_or_else(|| panic!("/{} registered", spec.name));
        assert_eq!(c["description"], spec.summary);
    }
    for name in [
        "challenge",
        "accept",
        "decline",
        "cancel",
        "move",
        "pass",
        "resign",
        "draw",
        "undo",
        "board",
        "history",
        "games",
        "settings",
        "link",
        "help",
    ] {
        assert!(commands.iter().any(|c| c["name"] == name), "/{name}");
    }
    // `/vacation` comes with the command table entry, whenever the service has it.
    let has_vacation = COMMANDS.iter().any(|c| c.name == "vacation");
    assert_eq!(
        commands.iter().any(|c| c["name"] == "vacation"),
        has_vacation
    );
    let move_action = &commands.iter().find(|c| c["name"] == "move").unwrap()["options"][0];
    assert_eq!(move_action["name"], "action");
    assert_eq!(move_action["autocomplete"], true);

    // Help is only for the asker.
    let help = run(&double, &alice, in_server(LOBBY), "help", &[]).await;
    assert!(help.ephemeral());
    assert!(help.text().contains("challenge"), "{}", help.text());

    let (thread, challenge, accept) = challenge_accepted(&double, &alice, &bob, "agon", &[]).await;

    // The game starts in its thread: the board, and alice (to move) mentioned there.
    let started = mention_in(&double, thread.channel, &alice, 0).await;
    assert!(started.png().is_some(), "the board as a PNG");
    assert!(started.text().contains("To act"), "{}", started.text());

    // A user error is an ephemeral reply, worded as by mail.
    let wrong = run(
        &double,
        &alice,
        thread,
        "move",
        &[Opt::Text("action", "z9-z8".into())],
    )
    .await;
    assert!(wrong.ephemeral(), "{}", wrong.text());
    let by_mail = agora
        .service
        .handle(
            &Inbound {
                from: format!("discord:{}", alice.id),
                text: "move z9-z8".into(),
                game: Some(1),
                ..Inbound::default()
            },
            chrono::Utc::now(),
        )
        .await
        .unwrap();
    assert!(by_mail.text.starts_with("Sorry:"), "{}", by_mail.text);
    assert_eq!(wrong.text().trim(), by_mail.text.trim());

    // Moves alternate: alice with /move (after looking at the suggestions), bob by writing the
    // action in the thread.
    let record = short_game(Variant::Agon);
    let mut last = None;
    for (ply, action) in record.iter().enumerate() {
        let (mover, other) = if ply % 2 == 0 {
            (&alice, &bob)
        } else {
            (&bob, &alice)
        };
        let before = double.calls().len();
        let answer = if ply % 2 == 0 {
            let typed = start_of(action);
            let offered = suggestions(&double, mover, thread, &typed).await;
            assert!(offered.contains(action), "{action} among {offered:?}");
            assert!(offered.len() <= 25);
            assert!(
                offered
                    .iter()
                    .all(|o| o.to_ascii_lowercase().contains(&typed.to_ascii_lowercase())),
                "{offered:?} filtered by {typed}"
            );
            // The one not to move gets no suggestions.
            assert!(suggestions(&double, other, thread, "").await.is_empty());
            let answer = run(
                &double,
                mover,
                thread,
                "move",
                &[Opt::Text("action", action.clone())],
            )
            .await;
            assert!(!answer.ephemeral(), "{}", answer.text());
            answer
        } else {
            let message = say(&double, mover, thread, action);
            reply_to(&double, message).await
        };
        assert!(answer.png().is_some(), "ply {ply}: the board as a PNG");
        assert!(answer.text().contains(action.as_str()), "{}", answer.text());
        if ply + 1 < record.len() {
            // The opponent is told in the thread, with a mention.
            let told = mention_in(&double, thread.channel, other, before).await;
            assert!(told.png().is_some());
            assert!(told.text().contains("To act"), "{}", told.text());
        }
        last = Some(answer);
    }
    let last = last.unwrap();
    assert!(last.text().contains("is over"), "{}", last.text());
    // The loser hears of it in the thread too.
    let loser = if record.len() % 2 == 0 { &alice } else { &bob };
    let path = format!("/channels/{}/messages", thread.channel);
    let over = double
        .wait_for("the final report", |calls| {
            calls
                .iter()
                .filter(|c| c.path == path && c.json["content"] == loser.mention())
                .find(|c| c.text().contains("is over"))
                .cloned()
        })
        .await;
    assert!(over.text().contains("Record"), "{}", over.text());

    // The ASCII board on request, for anyone.
    let ascii_button = over
        .buttons()
        .into_iter()
        .find(|b| b.starts_with("ascii:"))
        .expect("an ASCII board button");
    let ascii = click(&double, &eve(), thread, &over.response, &ascii_button).await;
    assert!(ascii.ephemeral());
    assert!(ascii.text().contains("```"), "{}", ascii.text());

    // The challenge's old Accept button is out of date now, and changes nothing.
    let stale = click(&double, &bob, in_server(LOBBY), &challenge, &accept).await;
    assert!(stale.ephemeral());
    assert!(stale.text().contains("out of date"), "{}", stale.text());

    agora.stop().await;
}
