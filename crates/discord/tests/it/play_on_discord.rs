//! Whole games on Discord: serenity's real client, driven by poise, against the local Discord
//! double (REST and gateway on 127.0.0.1), over a real SQLite file. People type slash commands,
//! pick actions from autocomplete, click buttons and write moves in game threads; the tests read
//! what the bot posted.

use agora_testkit::discord as common;

use agora_rules::Variant;
use agora_service::Inbound;
use agora_service::commands::COMMANDS;
use common::double::{Double, LOBBY, buttons_of};
use common::{Agora, Opt, Place, User, click, in_server, registered, run, say};
use common::{mention_in, new_thread, short_game, suggestions, temp_db};
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
    assert!(
        sent.ephemeral(),
        "the challenger's own answer: {}",
        sent.text()
    );
    assert!(sent.text().contains("Game "), "{}", sent.text());

    // The challenged player is mentioned in the lobby, with Accept and Decline: the challenge's
    // one message there.
    let invite = mention_in(double, LOBBY, to, before).await;
    assert_eq!(
        posts_in(double, LOBBY, before),
        1,
        "one message per challenge"
    );
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
    // The thread starts with its status message, pinned: the board and whose turn it is.
    let status = status_message(double, thread.channel).await;
    assert!(status["embeds"][0]["image"]["url"].is_string(), "{status}");
    (thread, message, accept)
}

/// The messages the bot posted in `channel` after `after` calls (edits and answers to
/// interactions are not posts).
fn posts_in(double: &Double, channel: u64, after: usize) -> usize {
    let path = format!("/channels/{channel}/messages");
    double
        .calls()
        .iter()
        .skip(after)
        .filter(|c| c.method == "POST" && c.path == path)
        .count()
}

/// A thread's status message: its first message, pinned, once the bot has posted it.
async fn status_message(double: &Double, channel: u64) -> Value {
    double
        .wait_until("the status message", |d| !d.pinned_in(channel).is_empty())
        .await;
    let pinned = double.pinned_in(channel);
    assert_eq!(pinned.len(), 1, "one pinned status message");
    let first = double.messages_in(channel).into_iter().next().unwrap();
    assert_eq!(
        first["id"], pinned[0]["id"],
        "the status message comes first"
    );
    pinned[0].clone()
}

/// Waits until the status message of `channel` shows `ply` (its footer says so).
async fn status_at(double: &Double, channel: u64, ply: usize) -> Value {
    let shows = |d: &Double| {
        d.pinned_in(channel).first().is_some_and(|m| {
            m["embeds"][0]["footer"]["text"]
                .as_str()
                .is_some_and(|f| f.ends_with(&format!("ply {ply}")))
        })
    };
    double
        .wait_until(&format!("the status message at ply {ply}"), shows)
        .await;
    double.pinned_in(channel)[0].clone()
}

/// Waits for the bot's reaction to a message; returns the emoji.
async fn reaction_to(double: &Double, message: u64) -> String {
    double
        .wait_until(&format!("a reaction to {message}"), |d| {
            !d.bot_reactions(message).is_empty()
        })
        .await;
    double.bot_reactions(message)[0].clone()
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
        "vacation",
        "help",
    ] {
        assert!(commands.iter().any(|c| c["name"] == name), "/{name}");
    }
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
    // The picture says what it shows in words (its alt text), for a reader who cannot see it.
    let alt = started.message()["attachments"][0]["description"]
        .as_str()
        .unwrap_or_default();
    assert!(
        alt.contains("White to act") && alt.contains("queen"),
        "{alt:?}"
    );
    assert!(started.text().contains("To act"), "{}", started.text());
    let status = status_message(&double, thread.channel).await;
    let deadline = status["embeds"][0]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "Deadline")
        .expect("the deadline on the status message");
    assert!(
        deadline["value"].as_str().unwrap().contains(":R>"),
        "a Discord timestamp: {deadline}"
    );

    // A user error is an ephemeral reply, worded as by mail.
    let before = double.calls().len();
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
                text: "move z9-z8".into(),
                game: Some(1),
                ..Inbound::new(format!("discord:{}", alice.id).parse().unwrap())
            },
            chrono::Utc::now(),
        )
        .await
        .unwrap();
    assert!(by_mail.text.starts_with("Sorry:"), "{}", by_mail.text);
    assert_eq!(wrong.text().trim(), by_mail.text.trim());
    assert_eq!(
        posts_in(&double, thread.channel, before),
        0,
        "nothing public"
    );

    // Moves alternate: alice with /move (after looking at the suggestions), bob by writing the
    // action in the thread. Each action posts one public message, mentioning the one to act,
    // and the status message follows.
    let record = short_game(Variant::Agon);
    for (ply, action) in record.iter().enumerate() {
        let (mover, other) = if ply % 2 == 0 {
            (&alice, &bob)
        } else {
            (&bob, &alice)
        };
        let before = double.calls().len();
        if ply % 2 == 0 {
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
            // The mover's own answer is short and theirs alone.
            assert!(answer.ephemeral(), "{}", answer.text());
            assert!(answer.png().is_none(), "no second board");
            assert!(answer.text().contains(action.as_str()), "{}", answer.text());
        } else {
            let message = say(&double, mover, thread, action);
            assert_eq!(reaction_to(&double, message).await, "✅");
        }
        status_at(&double, thread.channel, ply + 1).await;
        if ply + 1 < record.len() {
            // The opponent is told in the thread, with a mention: the action's one message.
            let told = mention_in(&double, thread.channel, other, before).await;
            assert!(told.png().is_some());
            assert!(!told.text().contains("queen/guard"), "{}", told.text());
            assert!(told.text().contains("To act"), "{}", told.text());
            assert!(told.text().contains(action.as_str()), "{}", told.text());
            assert_eq!(
                posts_in(&double, thread.channel, before),
                1,
                "ply {ply}: one public message"
            );
        }
    }
    // The loser hears of it in the thread: the one final report.
    let loser = if record.len().is_multiple_of(2) {
        &alice
    } else {
        &bob
    };
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
    // The whole game posted: the status message, the start, one message per action but the
    // last, and the final report; the status message was edited to the end.
    assert_eq!(posts_in(&double, thread.channel, 0), record.len() + 2);
    let status = status_at(&double, thread.channel, record.len()).await;
    assert!(
        status["embeds"][0]["fields"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["name"] == "Result"),
        "{status}"
    );
    // Nothing the players were told alone ever reached the thread.
    for m in double.messages_in(thread.channel) {
        let text = m.to_string();
        assert!(!text.contains("Sorry"), "{text}");
        assert!(!text.contains("you played"), "{text}");
    }

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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn agros_survives_a_disconnect_a_replayed_interaction_and_a_restart() {
    let double = Double::start().await;
    let db = temp_db("agros");
    let mut agora = Agora::start(&db, &double).await;
    let (alice, bob) = (alice(), bob());
    let lobby = in_server(LOBBY);

    // A declined challenge: its buttons go, and a late click on them changes nothing.
    let before = double.calls().len();
    run(
        &double,
        &alice,
        lobby,
        "challenge",
        &[Opt::Choice("game", "agon"), Opt::User("user", bob.clone())],
    )
    .await;
    let invite = mention_in(&double, LOBBY, &bob, before).await;
    let decline = invite
        .buttons()
        .into_iter()
        .find(|b| b.starts_with("decline:"))
        .unwrap();
    let accept = invite
        .buttons()
        .into_iter()
        .find(|b| b.starts_with("accept:"))
        .unwrap();
    let declined = click(&double, &bob, lobby, &invite.response, &decline).await;
    assert_eq!(declined.json["type"], 7);
    assert!(declined.text().contains("declined"), "{}", declined.text());
    assert!(declined.buttons().is_empty(), "its buttons are gone");
    // Alice hears of it where she challenged.
    let closed = mention_in(&double, LOBBY, &alice, before).await;
    assert!(closed.text().contains("declined"), "{}", closed.text());
    let late = click(&double, &bob, lobby, &invite.response, &accept).await;
    assert!(late.ephemeral());
    assert!(late.text().contains("out of date"), "{}", late.text());
    // A game that never started gets no thread.
    let threads = format!("/channels/{LOBBY}/threads");
    assert!(!double.calls().iter().any(|c| c.path == threads));

    let variant = Variant::Agros {
        board: 8,
        farmers: 3,
    };
    let record = short_game(variant);
    assert!(record.len() >= 6, "{record:?}");
    // Whoever does not make the last action hears of the end by notification; they chose
    // direct messages for it.
    let (last_mover, told) = if !record.len().is_multiple_of(2) {
        (&alice, &bob)
    } else {
        (&bob, &alice)
    };
    let set = run(
        &double,
        told,
        lobby,
        "settings",
        &[Opt::Choice("messages", "dm")],
    )
    .await;
    assert!(set.ephemeral());
    assert!(set.text().contains("direct messages"), "{}", set.text());

    let (thread, _, _) = challenge_accepted(
        &double,
        &alice,
        &bob,
        "agros",
        &[
            Opt::Choice("board", "8"),
            Opt::Choice("farmers", "3"),
            Opt::Int("days", 2),
        ],
    )
    .await;
    let game = 2;

    let ply_now = |agora: &Agora| {
        let service = agora.service.clone();
        async move {
            service
                .game_state(game, None)
                .await
                .unwrap()
                .unwrap()
                .current_ply
        }
    };
    for (ply, action) in record.iter().enumerate() {
        let mover = if ply % 2 == 0 { &alice } else { &bob };
        if ply == 3 {
            // Agora stops and starts again mid-game; the game goes on where it was.
            agora = agora.restart(&double).await;
            assert_eq!(ply_now(&agora).await, ply as u32);
        }
        let answer = if ply == 2 {
            // The gateway connection drops; a move written meanwhile still arrives, once.
            let identifies = double.identifies();
            double.drop_gateway();
            let message = say(&double, mover, thread, action);
            double
                .wait_until("the bot to come back", |d| {
                    d.connected() && (d.resumes() > 0 || d.identifies() > identifies)
                })
                .await;
            assert_eq!(reaction_to(&double, message).await, "✅");
            // The health check saw the gateway come back.
            assert!(agora.service.health().await.is_healthy());
            None
        } else if ply % 2 == 0 {
            let typed = start_of(action);
            let offered = suggestions(&double, mover, thread, &typed).await;
            assert!(offered.contains(action), "{action} among {offered:?}");
            let id = common::slash(
                &double,
                mover,
                thread,
                "move",
                &[Opt::Text("action", action.clone())],
            );
            let answer = double.response(id).await;
            if ply == 4 {
                // Discord delivers the same interaction again: it is answered, not applied again.
                common::slash_with_id(
                    &double,
                    mover,
                    thread,
                    "move",
                    &[Opt::Text("action", action.clone())],
                    id,
                );
                let prefix = format!("/interactions/{id}/");
                let again = double
                    .wait_for("the answer to the replayed interaction", |calls| {
                        calls
                            .iter()
                            .filter(|c| c.path.starts_with(&prefix))
                            .nth(1)
                            .cloned()
                    })
                    .await;
                assert!(again.ephemeral(), "{}", again.text());
                assert_eq!(ply_now(&agora).await, ply as u32 + 1);
            }
            Some(answer)
        } else {
            let message = say(&double, mover, thread, action);
            assert_eq!(reaction_to(&double, message).await, "✅");
            None
        };
        if let Some(answer) = answer {
            assert!(answer.ephemeral(), "{}", answer.text());
            assert!(
                answer.text().contains(action.as_str()) || action == "pass",
                "{}",
                answer.text()
            );
        }
        assert_eq!(
            ply_now(&agora).await,
            ply as u32 + 1,
            "ply {ply} applied once"
        );
    }
    assert!(double.resumes() > 0, "the gateway session was resumed");
    let _ = last_mover;

    // The final report comes as a direct message to the one who chose them.
    let dm = format!("/channels/{}/messages", common::double::dm_channel(told.id));
    let report = double
        .wait_for("the final report by direct message", |calls| {
            calls
                .iter()
                .find(|c| c.path == dm && c.text().contains("is over"))
                .cloned()
        })
        .await;
    assert!(report.png().is_some());

    // Every notification went out, each posted once.
    let outbox = {
        let service = agora.service.clone();
        move || {
            let service = service.clone();
            async move {
                let mut tx = service.store().write().await.unwrap();
                tx.outbox_stats().await.unwrap()
            }
        }
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while outbox().await.pending > 0 {
        assert!(std::time::Instant::now() < deadline, "the outbox drains");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    // A stop may cut a post between Discord's answer and its record; the repeat after the restart
    // carries the same enforced nonce, so Discord hands back the first message instead of posting
    // a second one.
    let mut messages: std::collections::HashMap<String, Vec<Value>> = Default::default();
    for c in double
        .calls()
        .iter()
        .filter(|c| c.method == "POST" && c.path.ends_with("/messages"))
    {
        let nonce = c.json["nonce"].as_str().expect("every post has a nonce");
        let list = messages.entry(nonce.to_owned()).or_default();
        if !list.contains(&c.response["id"]) {
            list.push(c.response["id"].clone());
        }
    }
    for (nonce, ids) in &messages {
        assert_eq!(ids.len(), 1, "nonce {nonce} became one message");
    }
    assert_eq!(
        messages.keys().filter(|n| n.starts_with('o')).count() as i64,
        outbox().await.sent
    );

    agora.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn against_the_computer_the_answer_is_deferred_and_its_move_announced() {
    let double = Double::start().await;
    let db = temp_db("computer");
    let agora = Agora::start(&db, &double).await;
    let alice = alice();

    // Alice wants her reminders as direct messages.
    let set = run(
        &double,
        &alice,
        in_server(LOBBY),
        "settings",
        &[Opt::Choice("messages", "dm")],
    )
    .await;
    assert!(set.ephemeral());

    let before = double.calls().len();
    let started = run(
        &double,
        &alice,
        in_server(LOBBY),
        "challenge",
        &[
            Opt::Choice("game", "agon"),
            Opt::Text("opponent", "computer".into()),
            Opt::Choice("level", "easy"),
            Opt::Int("days", 1),
        ],
    )
    .await;
    // The game starts at once, in its own thread; the answer in the lobby is only for alice.
    assert!(started.ephemeral(), "{}", started.text());
    let thread = new_thread(&double, before).await;
    status_message(&double, thread.channel).await;
    // The game's start: the board, alice to act.
    let board = mention_in(&double, thread.channel, &alice, before).await;
    assert!(board.png().is_some());

    let offered = suggestions(&double, &alice, thread, "").await;
    assert!(!offered.is_empty() && offered.len() <= 25, "{offered:?}");
    let before = double.calls().len();
    let id = common::slash(
        &double,
        &alice,
        thread,
        "move",
        &[Opt::Text("action", offered[0].clone())],
    );
    let first = double.response(id).await;
    assert_eq!(first.json["type"], 5, "deferred while the computer thinks");
    assert_eq!(
        first.json["data"]["flags"].as_u64().unwrap_or(0) & 64,
        64,
        "and privately, before the answer is known"
    );
    let path = format!("/webhooks/{}/token-{id}", common::double::APP_ID);
    let answer = double
        .wait_for("the answer after the deferral", |calls| {
            calls.iter().find(|c| c.path == path).cloned()
        })
        .await;
    assert!(answer.text().contains(&offered[0]), "{}", answer.text());
    assert!(answer.png().is_none(), "the answer is short");
    // The computer's reply comes as the one message in the thread, mentioning alice: the
    // position after it, with both actions named.
    let told = mention_in(&double, thread.channel, &alice, before).await;
    assert!(told.text().contains("played"), "{}", told.text());
    assert!(told.text().contains("To act"), "{}", told.text());
    assert!(told.text().contains(&offered[0]), "{}", told.text());
    assert!(told.png().is_some());
    status_at(&double, thread.channel, 2).await;
    assert_eq!(posts_in(&double, thread.channel, before), 1, "{told:?}");

    // An hour before her deadline (a day per move here) she is reminded, by direct message. The
    // scheduler runs at that time; the bot sends with the real clock, so the reminder's send time
    // is brought back to now.
    let later = chrono::Utc::now() + chrono::Duration::hours(23);
    let swept = agora.service.sweep(later).await.unwrap();
    assert_eq!(swept, 1);
    {
        let mut tx = agora.service.store().write().await.unwrap();
        for m in tx.pending("discord", later, 10).await.unwrap() {
            tx.mark_failed(m.id, "sent early by the test", chrono::Utc::now())
                .await
                .unwrap();
        }
        tx.commit().await.unwrap();
    }
    let dm = format!(
        "/channels/{}/messages",
        common::double::dm_channel(alice.id)
    );
    let reminder = double
        .wait_for("the reminder by direct message", |calls| {
            calls
                .iter()
                .find(|c| c.method == "POST" && c.path == dm)
                .cloned()
        })
        .await;
    assert!(
        reminder.text().contains("your turn,"),
        "{}",
        reminder.text()
    );
    assert!(reminder.png().is_some());

    agora.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn words_fit_discord_and_nothing_private_is_posted() {
    let double = Double::start().await;
    let db = temp_db("words");
    let agora = Agora::start(&db, &double).await;
    let (alice, bob) = (alice(), bob());
    let lobby = in_server(LOBBY);

    // A command Agora does not know (one a newer or older bot registered) is answered, to the
    // one who used it only.
    let id = double.id();
    let data = serde_json::json!({"id": "1", "name": "teleport", "type": 1, "options": []});
    double.dispatch(
        "INTERACTION_CREATE",
        common::interaction(2, &alice, lobby, data, id),
    );
    let unknown = double.response(id).await;
    assert!(unknown.ephemeral(), "{:?}", unknown.json);
    assert!(unknown.text().contains("/help"), "{}", unknown.text());

    // Help names the commands as Discord takes them.
    let help = run(&double, &alice, lobby, "help", &[]).await;
    assert!(help.text().contains("/challenge"), "{}", help.text());
    assert!(help.text().contains("`/help command:"), "{}", help.text());
    assert!(!help.text().contains("send `help"), "{}", help.text());

    // The challenge names its answers as slash commands, beside its buttons.
    let before = double.calls().len();
    let opts = [Opt::Choice("game", "agon"), Opt::User("user", bob.clone())];
    run(&double, &alice, lobby, "challenge", &opts).await;
    let invite = mention_in(&double, LOBBY, &bob, before).await;
    assert!(
        invite.text().contains("`/accept game:1`"),
        "{}",
        invite.text()
    );
    assert!(!invite.text().contains("Reply"), "{}", invite.text());
    assert!(!invite.buttons().is_empty());
    let invite_id = invite.response["id"].as_str().unwrap().to_owned();

    // Bob accepts with `/accept` rather than the button: the buttons go all the same.
    let before = double.calls().len();
    let accepted = run(&double, &bob, lobby, "accept", &[Opt::Int("game", 1)]).await;
    assert!(accepted.ephemeral(), "{}", accepted.text());
    double
        .wait_until("the challenge's buttons to go", |d| {
            d.stored_message(&invite_id)["components"]
                .as_array()
                .is_some_and(|c| c.is_empty())
        })
        .await;
    let thread = new_thread(&double, before).await;
    status_message(&double, thread.channel).await;
    mention_in(&double, thread.channel, &alice, before).await;

    // A wrong move written in the thread: marked ❌, explained by direct message, and nothing
    // about it in the thread.
    let before = double.calls().len();
    let wrong = say(&double, &alice, thread, "z9-z8");
    assert_eq!(reaction_to(&double, wrong).await, "❌");
    let dm = format!(
        "/channels/{}/messages",
        common::double::dm_channel(alice.id)
    );
    let why = double
        .wait_for("the refusal by direct message", |calls| {
            calls.iter().skip(before).find(|c| c.path == dm).cloned()
        })
        .await;
    assert!(why.text().contains("Sorry"), "{}", why.text());
    assert!(
        why.text().contains(&wrong.to_string()),
        "a link to the message: {}",
        why.text()
    );
    assert_eq!(posts_in(&double, thread.channel, before), 0);

    // A move sent from the lobby puts no answer in the thread: the one public message mentions
    // bob, to act.
    let offered = suggestions(&double, &alice, thread, "").await;
    let before = double.calls().len();
    let answer = run(
        &double,
        &alice,
        lobby,
        "move",
        &[Opt::Int("game", 1), Opt::Text("action", offered[0].clone())],
    )
    .await;
    assert!(answer.ephemeral(), "{}", answer.text());
    let told = mention_in(&double, thread.channel, &bob, before).await;
    assert!(told.text().contains(&offered[0]), "{}", told.text());
    status_at(&double, thread.channel, 1).await;
    assert_eq!(posts_in(&double, thread.channel, before), 1);
    assert_eq!(posts_in(&double, LOBBY, before), 0);

    agora.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn menus_make_a_move_offers_are_buttons_and_resigning_asks_first() {
    let double = Double::start().await;
    let db = temp_db("menus");
    let agora = Agora::start(&db, &double).await;
    let (alice, bob) = (alice(), bob());
    let (thread, _, _) = challenge_accepted(&double, &alice, &bob, "agon", &[]).await;
    mention_in(&double, thread.channel, &alice, 0).await;

    // The status message carries Move and Resign.
    let status = status_message(&double, thread.channel).await;
    let move_button = buttons_of(&status)
        .into_iter()
        .find(|b| b.starts_with("move:"))
        .expect("a Move button");
    assert!(buttons_of(&status).iter().any(|b| b.starts_with("resign:")));

    // `/next` anywhere answers alice, privately, with the game that waits for her: its board and
    // its Move button; bob, whom nothing waits for, is told so.
    let next = run(&double, &alice, in_server(LOBBY), "next", &[]).await;
    assert!(next.ephemeral(), "{:?}", next.json);
    let embed = &next.message()["embeds"][0];
    assert!(embed["image"]["url"].is_string(), "{}", next.json);
    assert!(
        embed["title"].as_str().unwrap_or("").contains("#1"),
        "{embed}"
    );
    assert!(
        next.buttons().contains(&move_button),
        "{:?}",
        next.buttons()
    );
    let nothing = run(&double, &bob, in_server(LOBBY), "next", &[]).await;
    assert!(nothing.ephemeral());
    assert!(
        nothing.text().contains("No game waits for your action"),
        "{}",
        nothing.text()
    );

    // Bob, not to move, is told so, privately.
    let early = click(&double, &bob, thread, &status, &move_button).await;
    assert!(early.ephemeral());
    assert!(early.text().contains("not your turn"), "{}", early.text());

    // Alice moves without typing: menus of legal actions only, then a preview, then Play.
    let before = double.calls().len();
    let mut step = click(&double, &alice, thread, &status, &move_button).await;
    assert!(step.ephemeral(), "{:?}", step.json);
    let legal = agora
        .service
        .legal_actions(&format!("discord:{}", alice.id), Some(1))
        .await
        .unwrap();
    let chosen = loop {
        let found = common::menus(&step);
        let (menu, values) = found.first().expect("a menu").clone();
        assert!(!values.is_empty() && values.len() <= 25, "{values:?}");
        let message = common::ephemeral_message(&double, thread, &step);
        step = common::choose(&double, &alice, thread, &message, &menu, &values[0]).await;
        if menu.starts_with("to:") {
            assert!(legal.contains(&values[0]), "{} is legal", values[0]);
            break values[0].clone();
        }
    };
    assert_eq!(step.json["type"], 7, "the menu gives way to the preview");
    assert!(step.png().is_some(), "the position after it, drawn");
    assert_eq!(
        agora
            .service
            .game_state(1, None)
            .await
            .unwrap()
            .unwrap()
            .current_ply,
        0
    );
    let play = step
        .buttons()
        .into_iter()
        .find(|b| b.starts_with("play:"))
        .expect("a Play button");
    let preview = common::ephemeral_message(&double, thread, &step);
    let played = click(&double, &alice, thread, &preview, &play).await;
    assert_eq!(played.json["type"], 7);
    assert!(played.text().contains(&chosen), "{}", played.text());
    let told = mention_in(&double, thread.channel, &bob, before).await;
    assert!(told.text().contains(&chosen), "{}", told.text());
    status_at(&double, thread.channel, 1).await;
    // The same Play again changes nothing.
    let again = click(&double, &alice, thread, &preview, &play).await;
    assert!(again.text().contains("out of date"), "{}", again.text());

    // Bob offers a draw; alice declines it with the button on the offer's message.
    let before = double.calls().len();
    let offered = run(
        &double,
        &bob,
        thread,
        "draw",
        &[Opt::Choice("reply", "offer")],
    )
    .await;
    assert!(offered.ephemeral(), "{}", offered.text());
    let offer = mention_in(&double, thread.channel, &alice, before).await;
    let decline = offer
        .buttons()
        .into_iter()
        .find(|b| b.starts_with("draw-decline:"))
        .expect("a Decline button on the offer");
    let declined = click(&double, &alice, thread, &offer.response, &decline).await;
    assert_eq!(
        declined.json["type"], 7,
        "the offer's message loses its buttons"
    );
    assert!(
        !declined.buttons().iter().any(|b| b.starts_with("draw-")),
        "{:?}",
        declined.buttons()
    );
    mention_in(&double, thread.channel, &bob, before).await;
    let state = agora.service.game_state(1, None).await.unwrap().unwrap();
    assert_eq!(state.draw_offer, None);

    // Bob resigns from the status message: asked first, then done.
    let status = status_at(&double, thread.channel, 1).await;
    let resign = buttons_of(&status)
        .into_iter()
        .find(|b| b.starts_with("resign:"))
        .unwrap();
    let asked = click(&double, &bob, thread, &status, &resign).await;
    assert!(asked.ephemeral());
    assert_eq!(
        agora
            .service
            .game_state(1, None)
            .await
            .unwrap()
            .unwrap()
            .status,
        agora_store::GameStatus::Active,
        "nothing happens before the confirmation"
    );
    let confirm = asked
        .buttons()
        .into_iter()
        .find(|b| b.starts_with("resign-yes:"))
        .expect("a confirmation");
    let message = common::ephemeral_message(&double, thread, &asked);
    let resigned = click(&double, &bob, thread, &message, &confirm).await;
    assert_eq!(resigned.json["type"], 7);
    let over = agora.service.game_state(1, None).await.unwrap().unwrap();
    assert_eq!(over.status, agora_store::GameStatus::Finished);
    // The finished game's status message has no Move or Resign left.
    double
        .wait_until("the status message to show the end", |d| {
            d.pinned_in(thread.channel).first().is_some_and(|m| {
                !buttons_of(m)
                    .iter()
                    .any(|b| b.starts_with("move:") || b.starts_with("resign:"))
            })
        })
        .await;

    agora.stop().await;
}

/// Walks a Move button's menus from `step`, always taking the last option (so the action is not
/// the first the rules list), until a step shows no menu: the preview.
async fn walk_menus(
    double: &Double,
    user: &User,
    thread: Place,
    mut step: common::double::Call,
) -> common::double::Call {
    for _ in 0..12 {
        let found = common::menus(&step);
        let Some((menu, values)) = found.first().cloned() else {
            return step;
        };
        assert!(!values.is_empty() && values.len() <= 25, "{values:?}");
        let message = common::ephemeral_message(double, thread, &step);
        let value = values.last().unwrap();
        step = common::choose(double, user, thread, &message, &menu, value).await;
    }
    panic!("the menus end in a few steps");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_conditional_move_is_built_with_the_menus_and_answers_at_once_unseen() {
    let double = Double::start().await;
    let db = temp_db("conditional");
    let agora = Agora::start(&db, &double).await;
    let (alice, bob) = (alice(), bob());
    let (thread, _, _) = challenge_accepted(&double, &alice, &bob, "agon", &[]).await;
    mention_in(&double, thread.channel, &alice, 0).await;
    let status = status_message(&double, thread.channel).await;
    let move_button = buttons_of(&status)
        .into_iter()
        .find(|b| b.starts_with("move:"))
        .expect("a Move button");

    // Bob, while alice is to act, builds a line: her action, a preview, his answer, a preview
    // with "Add as conditional".
    let posts_before = double.calls().len();
    let first = click(&double, &bob, thread, &status, &move_button).await;
    assert!(first.ephemeral(), "{:?}", first.json);
    assert!(first.text().contains("not your turn"), "{}", first.text());
    assert!(
        common::menus(&first)
            .iter()
            .all(|(id, _)| id.starts_with("cpick:") || id.starts_with("cto:")),
        "{:?}",
        common::menus(&first)
    );
    let theirs = walk_menus(&double, &bob, thread, first).await;
    assert_eq!(theirs.json["type"], 7, "{:?}", theirs.json);
    assert!(
        theirs.png().is_some(),
        "the position after her action, drawn"
    );
    assert!(
        !theirs.buttons().iter().any(|b| b.starts_with("cadd:")),
        "a line does not end with her action: {:?}",
        theirs.buttons()
    );
    let answer_button = theirs
        .buttons()
        .into_iter()
        .find(|b| b.starts_with("cmove:"))
        .expect("a button to choose the answer");
    let message = common::ephemeral_message(&double, thread, &theirs);
    let answer_menus = click(&double, &bob, thread, &message, &answer_button).await;
    let mine = walk_menus(&double, &bob, thread, answer_menus).await;
    let add = mine
        .buttons()
        .into_iter()
        .find(|b| b.starts_with("cadd:"))
        .expect("Add as conditional");
    let line: Vec<String> = add
        .splitn(4, ':')
        .nth(3)
        .unwrap()
        .split(' ')
        .map(str::to_owned)
        .collect();
    assert_eq!(line.len(), 2, "{add}");
    let message = common::ephemeral_message(&double, thread, &mine);
    let kept = click(&double, &bob, thread, &message, &add).await;
    assert!(kept.text().contains("Kept for game #1"), "{}", kept.text());
    assert_eq!(
        agora
            .service
            .game_state(1, None)
            .await
            .unwrap()
            .unwrap()
            .current_ply,
        0,
        "nothing is played yet"
    );
    // Nothing about it was posted where anyone else reads.
    let thread_posts = format!("/channels/{}/messages", thread.channel);
    assert!(
        !double
            .calls()
            .iter()
            .skip(posts_before)
            .any(|c| c.path.starts_with(&thread_posts) || c.path.contains("/pins")),
        "nothing posted or edited in the thread"
    );

    // Alice plays the action bob expected, typed in the thread: his answer follows at once.
    let typed = say(&double, &alice, thread, &line[0]);
    assert_eq!(reaction_to(&double, typed).await, "✅");
    let status = status_at(&double, thread.channel, 2).await;
    let footer = status["embeds"][0]["footer"]["text"].as_str().unwrap_or("");
    assert!(footer.ends_with("ply 2"), "{footer}");
    let state = agora.service.game_state(1, None).await.unwrap().unwrap();
    assert_eq!(state.last.as_deref(), Some(line[1].as_str()));
    // Bob alone hears that his line answered, by direct message.
    let dm = common::double::dm_channel(bob.id);
    double
        .wait_until("bob's direct message", |d| {
            d.messages_in(dm)
                .iter()
                .any(|m| m.to_string().contains("your conditional answer"))
        })
        .await;
    // The thread shows it as any move; nothing in it speaks of a condition.
    for m in double.messages_in(thread.channel) {
        let shown = m.to_string().to_lowercase();
        assert!(!shown.contains("conditional"), "{m}");
    }
}
