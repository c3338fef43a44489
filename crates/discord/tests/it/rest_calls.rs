//! What each action costs on Discord, counted on the double's REST calls: a whole game played
//! with slash commands and buttons, where every action makes one public post in the game's
//! thread, one edit of the status message carrying the picture once, and the mover's own
//! ephemeral answer, nothing else; and where the challenge's message is edited only when its
//! buttons change. Messages typed in the thread: a move out of turn or one that cannot be read
//! is marked ❌ with the reason by direct message, as an illegal one; conversation is left alone.

use agora_testkit::discord as common;

use agora_rules::Variant;
use agora_service::Service;
use common::double::{Call, Double, LOBBY, dm_channel};
use common::{Agora, Opt, User, click, eventually, in_server, mention_in, new_thread, run, say};
use common::{short_game, sql_int, temp_db};
use std::path::Path;
use std::time::Duration;

fn alice() -> User {
    User {
        id: 500_000_000_000_000_041,
        name: "alice",
    }
}

fn bob() -> User {
    User {
        id: 500_000_000_000_000_042,
        name: "bob",
    }
}

/// Waits until every notification was handed to Discord (a row is marked sent once its post and
/// what follows it are done), then a little longer, so the calls of what was done are all in.
async fn settled(db: &Path) {
    eventually("the outbox to be sent", || async {
        let waiting = sql_int(
            db,
            "SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL",
        )
        .await;
        (waiting == Some(0)).then_some(())
    })
    .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
}

/// The calls made since `before`, as routes, for a failure's message.
fn routes(calls: &[Call]) -> Vec<String> {
    calls.iter().map(Call::route).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_action_posts_once_and_edits_the_status_once() {
    let double = Double::start().await;
    let db = temp_db("rest-calls");
    let agora = Agora::start(&db, &double).await;
    let (alice, bob) = (alice(), bob());
    let lobby = in_server(LOBBY);

    // The challenge: one message in the lobby, with its buttons, for bob.
    let before = double.calls().len();
    let opts = [Opt::Choice("game", "agon"), Opt::User("user", bob.clone())];
    run(&double, &alice, lobby, "challenge", &opts).await;
    let invite = mention_in(&double, LOBBY, &bob, before).await;
    let accept = invite
        .buttons()
        .into_iter()
        .find(|b| b.starts_with("accept:"))
        .expect("an Accept button");
    let challenge = invite.response.clone();
    let challenge_id = challenge["id"].as_str().unwrap().to_owned();
    settled(&db).await;

    // Bob accepts with the button: its answer takes the buttons off the challenge, the game's
    // thread opens with its status message, and alice is told there.
    let before = double.calls().len();
    let accepted = click(&double, &bob, lobby, &challenge, &accept).await;
    assert_eq!(accepted.json["type"], 7, "the challenge message is updated");
    assert!(accepted.buttons().is_empty(), "its buttons are gone");
    let thread = new_thread(&double, before).await;
    mention_in(&double, thread.channel, &alice, before).await;
    settled(&db).await;
    let status_id = double
        .pinned_in(thread.channel)
        .first()
        .and_then(|m| m["id"].as_str().map(str::to_owned))
        .expect("the status message");
    let status_edit = format!("/channels/{}/messages/{status_id}", thread.channel);
    let thread_posts = format!("/channels/{}/messages", thread.channel);
    let challenge_edit = format!("/channels/{LOBBY}/messages/{challenge_id}");

    // Each action, with `/move`: the mover's answer, one post, one edit of the status message.
    let record = short_game(Variant::Agon);
    for (ply, action) in record.iter().enumerate() {
        let mover = if ply % 2 == 0 { &alice } else { &bob };
        let before = double.calls().len();
        let answer = run(
            &double,
            mover,
            thread,
            "move",
            &[Opt::Text("action", action.clone())],
        )
        .await;
        assert!(answer.ephemeral(), "{}", answer.text());
        settled(&db).await;
        let calls: Vec<Call> = double.calls().into_iter().skip(before).collect();
        let answers = calls
            .iter()
            .filter(|c| c.path.ends_with("/callback"))
            .count();
        let posts: Vec<&Call> = calls
            .iter()
            .filter(|c| c.method == "POST" && c.path == thread_posts)
            .collect();
        let edits: Vec<&Call> = calls
            .iter()
            .filter(|c| c.method == "PATCH" && c.path == status_edit)
            .collect();
        let what = format!("ply {ply} ({action}): {:?}", routes(&calls));
        assert_eq!(answers, 1, "the mover's one answer, {what}");
        assert_eq!(posts.len(), 1, "one public post, {what}");
        assert_eq!(edits.len(), 1, "one edit of the status message, {what}");
        assert_eq!(
            edits[0].files.len(),
            1,
            "the status message's edit carries the picture once, {what}"
        );
        assert!(edits[0].png().is_some(), "{what}");
        assert_eq!(calls.len(), 3, "nothing else, {what}");
        assert!(
            edits[0].json["embeds"][0]["footer"]["text"]
                .as_str()
                .is_some_and(|f| f.ends_with(&format!("ply {}", ply + 1))),
            "the status message shows the action, {what}"
        );

        // Early on, with alice to act: messages typed in the thread.
        if ply == 1 {
            typed_in_the_thread(&double, &agora.service, &db, thread, &alice, &bob).await;
        }
    }

    // The challenge's message was changed once, by the answer to the click: never edited.
    let calls = double.calls();
    assert_eq!(
        calls
            .iter()
            .filter(|c| c.method == "PATCH" && c.path == challenge_edit)
            .count(),
        0,
        "the challenge message is edited only by the click's answer"
    );
    assert_eq!(
        calls
            .iter()
            .filter(|c| c.method == "PATCH" && c.path == status_edit)
            .count(),
        record.len(),
        "one edit of the status message per action"
    );

    agora.stop().await;
}

/// In the thread, with `to_act` to act: `other`'s move out of turn and `to_act`'s move that
/// cannot be read are marked ❌ and explained by direct message, like an illegal move; chat
/// between the players gets nothing.
async fn typed_in_the_thread(
    double: &Double,
    service: &Service,
    db: &Path,
    thread: common::Place,
    to_act: &User,
    other: &User,
) {
    let before = double.calls().len();
    let chat = [
        say(double, other, thread, "nice move!"),
        say(double, to_act, thread, "good game so far"),
        say(
            double,
            other,
            thread,
            "Take your time, I'll be back tonight.",
        ),
    ];

    // Out of turn: a move that would be legal for the side to act, typed by the other.
    let game = service.game_state(1, None).await.unwrap().expect("game #1");
    let action = game.position.notation(game.position.legal_actions()[0]);
    for (who, text) in [(other, action.as_str()), (to_act, "k1-q")] {
        let dm = format!("/channels/{}/messages", dm_channel(who.id));
        let from = double.calls().len();
        let message = say(double, who, thread, text);
        double
            .wait_until(&format!("a reaction to {text:?}"), |d| {
                !d.bot_reactions(message).is_empty()
            })
            .await;
        assert_eq!(double.bot_reactions(message), ["❌"], "{text:?}");
        let why = double
            .wait_for(&format!("the reason for {text:?}"), |calls| {
                calls
                    .iter()
                    .skip(from)
                    .find(|c| c.method == "POST" && c.path == dm)
                    .cloned()
            })
            .await;
        assert!(why.text().contains("Sorry"), "{text:?}: {}", why.text());
        assert!(
            why.text().contains(&message.to_string()),
            "a link to the message: {}",
            why.text()
        );
    }
    settled(db).await;

    // Conversation: no reaction, no message about it.
    for id in chat {
        assert!(double.bot_reactions(id).is_empty(), "a reaction to chat");
    }
    let calls: Vec<Call> = double.calls().into_iter().skip(before).collect();
    let thread_posts = format!("/channels/{}/messages", thread.channel);
    assert!(
        !calls
            .iter()
            .any(|c| c.method == "POST" && c.path == thread_posts),
        "nothing posted in the thread: {:?}",
        routes(&calls)
    );
    // Each typed move: its reaction, the direct message channel and the reason; nothing else.
    assert_eq!(calls.len(), 6, "{:?}", routes(&calls));
}
