//! Faults of the Discord front end, through serenity's real client against the Discord double,
//! over a real SQLite file: a game thread whose posts hang holds up no other game; a move made
//! before its deadline counts however late it is handled; an event that keeps failing on Agora's
//! side gets one apology and is set aside; a closed direct message fails for good; a deleted game
//! thread is replaced by a new one; and a post made just before a crash is found in the channel
//! instead of being posted twice, however late the restart.
//!
//! The failing event meets a real failure: a stored action corrupted with raw SQL, so the game no
//! longer replays. Nothing in Agora's code knows about it.

use agora_testkit::discord as common;

use agora_rules::Variant;
use agora_store::GameStatus;
use chrono::Utc;
use common::double::{Double, LOBBY, dm_channel};
use common::{Agora, Opt, Place, User, click, eventually, in_server, row_of, run, settings};
use common::{mention_in, new_thread, slash_with_id, sql, sql_int, sql_text, temp_db};
use std::time::{Duration, SystemTime};

fn user(n: u64, name: &'static str) -> User {
    User {
        id: 500_000_000_000_000_000 + n,
        name,
    }
}

/// `from` challenges `to` to Agon in the lobby and `to` accepts; returns the game's thread.
async fn started(double: &Double, from: &User, to: &User) -> Place {
    let lobby = in_server(LOBBY);
    let before = double.calls().len();
    let opts = [Opt::Choice("game", "agon"), Opt::User("user", to.clone())];
    run(double, from, lobby, "challenge", &opts).await;
    let invite = mention_in(double, LOBBY, to, before).await;
    let accept = invite
        .buttons()
        .into_iter()
        .find(|b| b.starts_with("accept:"))
        .expect("an Accept button");
    let before = double.calls().len();
    click(double, to, lobby, &invite.response, &accept).await;
    // The game's first message (the mover mentioned) is in its thread before anyone moves.
    let thread = new_thread(double, before).await;
    mention_in(double, thread.channel, from, before).await;
    thread
}

/// The first legal action of Agon and one of the second player's answers to it.
fn opening() -> (String, String) {
    let mut position = Variant::Agon.start();
    let first = position.legal_actions()[0];
    let first_text = position.notation(first);
    position.play_unchecked(first);
    let second = position.notation(position.legal_actions()[0]);
    (first_text, second)
}

fn action(text: &str) -> [Opt; 1] {
    [Opt::Text("action", text.to_owned())]
}

async fn status(agora: &Agora, game: i64) -> (GameStatus, u32) {
    let s = agora.service.game_state(game, None).await.unwrap().unwrap();
    (s.status, s.ply)
}

/// Moves game `game`'s deadline (and its due time) to `at`, as time passing would.
async fn set_deadline(agora: &Agora, game: i64, at: chrono::DateTime<Utc>) {
    let mut tx = agora.service.store().write().await.unwrap();
    let mut g = tx.game(game).await.unwrap().unwrap();
    g.deadline_at = Some(at);
    g.due_at = Some(at);
    // As if the game's one move of an unwarned deadline were spent: these tests are about when
    // an action counts, not about reminders (whose rule has tests of its own).
    g.grace_ply = Some(u32::MAX);
    tx.save_game(&mut g, Utc::now()).await.unwrap();
    tx.commit().await.unwrap();
}

/// The bot's messages in a channel carrying the marker of outbox row `row`.
fn posts_of_row(double: &Double, channel: u64, row: i64) -> usize {
    double
        .messages_in(channel)
        .iter()
        .filter(|m| row_of(m) == Some(row))
        .count()
}

/// One game's thread stops answering posts. A slash command in another game is answered, and
/// that game's notification is posted while the first thread still hangs; the hung post times
/// out, is kept for a retry, and once the thread answers again it is there once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hanging_thread_holds_up_no_other_game() {
    let double = Double::start().await;
    let db = temp_db("stall");
    let quick = agora_discord::DiscordSettings {
        rest_timeout: Duration::from_secs(2),
        ..settings(&double)
    };
    let agora = Agora::start_with(&db, &double, quick).await;
    let (alice, bob, carol, dave) = (
        user(1, "alice"),
        user(2, "bob"),
        user(3, "carol"),
        user(4, "dave"),
    );
    let first = started(&double, &alice, &bob).await;
    let second = started(&double, &carol, &dave).await;
    let (opening, _) = opening();

    // Alice's move is answered in place; its notice to Bob hangs in the first thread.
    double.stall_channel(first.channel);
    let answer = run(&double, &alice, first, "move", &action(&opening)).await;
    assert!(answer.text().contains(&opening), "{}", answer.text());
    double
        .wait_until("the notice to Bob to hang", |d| d.held() >= 1)
        .await;

    // Meanwhile Carol's move in the other game is answered, and Dave is told in his thread.
    let before = double.calls().len();
    let answer = run(&double, &carol, second, "move", &action(&opening)).await;
    assert!(answer.ephemeral(), "{}", answer.text());
    assert!(answer.text().contains(&opening), "{}", answer.text());
    let told = mention_in(&double, second.channel, &dave, before).await;
    assert!(told.text().contains(&opening), "{}", told.text());
    assert!(double.held() >= 1, "the first thread still hangs");

    // The hung post timed out: a transient failure, kept for a retry.
    let row = eventually("the hung notice's failure", || async {
        sql_int(
            &db,
            &format!(
                "SELECT id FROM outbox WHERE address = 'discord:{}' AND attempts > 0 \
                 AND sent_at IS NULL AND last_error IS NOT NULL",
                bob.id
            ),
        )
        .await
    })
    .await;
    let error = sql_text(
        &db,
        &format!("SELECT last_error FROM outbox WHERE id = {row}"),
    )
    .await
    .unwrap();
    assert!(
        error.contains("timed out") || error.contains("timeout"),
        "{error}"
    );

    // The thread answers again and the retry is due (its backoff passed): Bob's notice is there
    // once, although the first attempt reached Discord too.
    double.unstall_channel(first.channel);
    sql(
        &db,
        &format!(
            "UPDATE outbox SET next_attempt_at = '2000-01-01T00:00:00+00:00' WHERE id = {row}"
        ),
    )
    .await;
    eventually("Bob's notice to be sent", || async {
        sql_int(
            &db,
            &format!("SELECT 1 FROM outbox WHERE id = {row} AND sent_at IS NOT NULL"),
        )
        .await
    })
    .await;
    assert_eq!(posts_of_row(&double, first.channel, row), 1);
    assert_eq!(status(&agora, 1).await, (GameStatus::Active, 1));
    agora.stop().await;
}

/// Bob's /move was made before his deadline but is handled after it (a backlog, a gateway that
/// resumed late): it counts when it was made, and the game goes on. Alice's move made after her
/// deadline does not: she loses on time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_made_before_its_deadline_counts_when_handled_late() {
    let double = Double::start().await;
    let db = temp_db("late");
    let agora = Agora::start(&db, &double).await;
    let (alice, bob) = (user(1, "alice"), user(2, "bob"));
    let thread = started(&double, &alice, &bob).await;
    let (first, second) = opening();
    let answer = run(&double, &alice, thread, "move", &action(&first)).await;
    assert!(answer.text().contains(&first), "{}", answer.text());

    // Bob moved a minute ago; his deadline passed thirty seconds ago; his move is handled now.
    let made = SystemTime::now() - Duration::from_secs(60);
    set_deadline(&agora, 1, Utc::now() - chrono::Duration::seconds(30)).await;
    let id = double.id_at(made);
    slash_with_id(&double, &bob, thread, "move", &action(&second), id);
    let answer = double.response(id).await;
    assert!(!answer.text().contains("is over"), "{}", answer.text());
    assert!(answer.text().contains(&second), "{}", answer.text());
    assert_eq!(status(&agora, 1).await, (GameStatus::Active, 2));

    // Alice's deadline passed before she moved: that move is late.
    set_deadline(&agora, 1, Utc::now() - chrono::Duration::seconds(30)).await;
    let mut position = Variant::Agon.start();
    for a in [&first, &second] {
        let found = position
            .legal_actions()
            .into_iter()
            .find(|x| position.notation(*x) == **a)
            .unwrap();
        position.play_unchecked(found);
    }
    let third = position.notation(position.legal_actions()[0]);
    let late = run(&double, &alice, thread, "move", &action(&third)).await;
    assert!(late.text().contains("is over"), "{}", late.text());
    assert_eq!(status(&agora, 1).await.0, GameStatus::Finished);
    agora.stop().await;
}

/// A game whose stored record no longer replays makes every command on it fail on Agora's side.
/// Bob's /move gets one apology naming the event; the gateway replays the interaction, which
/// fails again, and after `max_attempts` (3) failures it is not handled any more. Another game is
/// not affected.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_that_keeps_failing_is_set_aside_after_one_apology() {
    let double = Double::start().await;
    let db = temp_db("poison");
    let agora = Agora::start(&db, &double).await;
    let (alice, bob, carol, dave) = (
        user(1, "alice"),
        user(2, "bob"),
        user(3, "carol"),
        user(4, "dave"),
    );
    let thread = started(&double, &alice, &bob).await;
    let other = started(&double, &carol, &dave).await;
    let (first, second) = opening();
    run(&double, &alice, thread, "move", &action(&first)).await;
    let corrupted = sql(
        &db,
        "UPDATE actions SET notation = 'not-an-action' WHERE game_id = 1",
    )
    .await;
    assert_eq!(corrupted, 1);

    let id = double.id();
    let key = format!("interaction:{id}");
    let failures = || async {
        sql_int(
            &db,
            &format!("SELECT attempts FROM discord_failures WHERE event_id = '{key}'"),
        )
        .await
    };
    slash_with_id(&double, &bob, thread, "move", &action(&second), id);
    let apology = double.response(id).await;
    assert!(apology.ephemeral());
    assert!(apology.text().starts_with("Sorry"), "{}", apology.text());
    assert!(apology.text().contains(&key), "{}", apology.text());
    assert_eq!(failures().await, Some(1));

    // Replayed (as after a RESUME), it fails again, without a second apology, up to the limit.
    for n in 2..=3 {
        slash_with_id(&double, &bob, thread, "move", &action(&second), id);
        eventually("the replay to fail", || async {
            (failures().await == Some(n)).then_some(())
        })
        .await;
    }
    // Once more: not handled. A command typed after it is answered, and the count stays.
    slash_with_id(&double, &bob, thread, "move", &action(&second), id);
    let answer = run(&double, &carol, other, "move", &action(&first)).await;
    assert!(answer.text().contains(&first), "{}", answer.text());
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(failures().await, Some(3));
    let prefix = format!("/interactions/{id}/");
    let answers = double
        .calls()
        .iter()
        .filter(|c| c.path.starts_with(&prefix))
        .count();
    assert_eq!(answers, 1, "one apology, nothing else");
    agora.stop().await;
}

/// Bob does not accept direct messages (Discord answers 403, code 50007): the challenge Alice
/// sent him from her direct messages fails for good on the first attempt, with Discord's words
/// kept on the row.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_direct_message_fails_for_good() {
    let double = Double::start().await;
    let db = temp_db("closed-dm");
    let agora = Agora::start(&db, &double).await;
    let (alice, bob) = (user(1, "alice"), user(2, "bob"));
    double.fail_posts(
        dm_channel(bob.id),
        403,
        50007,
        "Cannot send messages to this user",
    );
    let alices_dm = Place {
        channel: dm_channel(alice.id),
        guild: None,
    };
    let opts = [Opt::Choice("game", "agon"), Opt::User("user", bob.clone())];
    let sent = run(&double, &alice, alices_dm, "challenge", &opts).await;
    assert!(sent.text().contains("Game "), "{}", sent.text());
    let (attempts, error) = eventually("the failed notice", || async {
        let q = |what: &str| {
            format!(
                "SELECT {what} FROM outbox WHERE address = 'discord:{}' AND last_error IS NOT NULL",
                bob.id
            )
        };
        let attempts = sql_int(&db, &q("attempts")).await?;
        Some((attempts, sql_text(&db, &q("last_error")).await?))
    })
    .await;
    assert_eq!(attempts, 1);
    assert!(
        error.contains("Cannot send messages to this user"),
        "{error}"
    );
    assert_eq!(double.messages_in(dm_channel(bob.id)).len(), 0);
    agora.stop().await;
}

/// Agora posted Bob's notice and crashed before recording it; it restarts after Discord forgot
/// the nonce. The notice's marker is found in the thread: no second message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_made_before_a_crash_is_found_not_posted_again() {
    let double = Double::start().await;
    let db = temp_db("once");
    let agora = Agora::start(&db, &double).await;
    let (alice, bob) = (user(1, "alice"), user(2, "bob"));
    let thread = started(&double, &alice, &bob).await;
    let (first, _) = opening();
    let before = double.calls().len();
    run(&double, &alice, thread, "move", &action(&first)).await;
    let told = mention_in(&double, thread.channel, &bob, before).await;
    let row = row_of(&told.json).expect("the notice carries its row's marker");
    let message = told.response["id"].as_str().unwrap().to_owned();
    eventually("the notice to be marked sent", || async {
        sql_int(
            &db,
            &format!("SELECT 1 FROM outbox WHERE id = {row} AND sent_at IS NOT NULL"),
        )
        .await
    })
    .await;
    agora.stop().await;

    // The crash: posted by a pass that still holds the row (its claim ran out), neither
    // recorded nor marked sent.
    assert_eq!(
        sql(
            &db,
            &format!("DELETE FROM discord_posts WHERE outbox_id = {row}")
        )
        .await,
        1
    );
    sql(
        &db,
        &format!(
            "UPDATE outbox SET sent_at = NULL, attempts = 0, claimed_by = 'crashed', \
             claimed_until = '2000-01-01T00:00:00+00:00', \
             next_attempt_at = '2000-01-01T00:00:00+00:00' WHERE id = {row}"
        ),
    )
    .await;
    double.forget_nonces();
    let before = double.calls().len();
    let agora = Agora::start(&db, &double).await;
    eventually("the notice to be marked sent again", || async {
        sql_int(
            &db,
            &format!("SELECT 1 FROM outbox WHERE id = {row} AND sent_at IS NOT NULL"),
        )
        .await
    })
    .await;
    assert_eq!(posts_of_row(&double, thread.channel, row), 1);
    let recorded = sql_text(
        &db,
        &format!("SELECT message_id FROM discord_posts WHERE outbox_id = {row}"),
    )
    .await;
    assert_eq!(recorded.as_deref(), Some(message.as_str()));
    let listed = format!("/channels/{}/messages", thread.channel);
    assert!(
        double.calls()[before..]
            .iter()
            .any(|c| c.method == "GET" && c.path == listed && c.query.contains("after=")),
        "the thread was looked through"
    );
    agora.stop().await;
}

/// Someone deleted the game's thread (Discord answers 404, code 10003): the thread is forgotten,
/// and the notice is posted, once, in a new thread of the game, where the players expect the game
/// to go on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_thread_is_replaced_by_a_new_one() {
    let double = Double::start().await;
    let db = temp_db("deleted-thread");
    let agora = Agora::start(&db, &double).await;
    let (alice, bob) = (user(1, "alice"), user(2, "bob"));
    let thread = started(&double, &alice, &bob).await;
    let (first, _) = opening();
    double.fail_posts(thread.channel, 404, 10003, "Unknown Channel");
    run(&double, &alice, thread, "move", &action(&first)).await;
    let row = eventually("the notice's failure", || async {
        sql_int(
            &db,
            &format!(
                "SELECT id FROM outbox WHERE address = 'discord:{}' AND last_error LIKE '%Unknown Channel%'",
                bob.id
            ),
        )
        .await
    })
    .await;
    let place = agora.service.discord().place(1).await.unwrap().unwrap();
    assert_eq!(place.thread_id, None, "the deleted thread is forgotten");

    let before = double.calls().len();
    sql(
        &db,
        &format!(
            "UPDATE outbox SET next_attempt_at = '2000-01-01T00:00:00+00:00' WHERE id = {row}"
        ),
    )
    .await;
    let path = format!("/channels/{LOBBY}/threads");
    let created = double
        .wait_for("a new game thread", |calls| {
            calls
                .iter()
                .skip(before)
                .find(|c| c.method == "POST" && c.path == path)
                .cloned()
        })
        .await;
    let new_thread: u64 = created.response["id"].as_str().unwrap().parse().unwrap();
    assert_ne!(new_thread, thread.channel);
    let told = mention_in(&double, new_thread, &bob, before).await;
    assert!(told.text().contains(&first), "{}", told.text());
    eventually("the notice to be marked sent", || async {
        sql_int(
            &db,
            &format!("SELECT 1 FROM outbox WHERE id = {row} AND sent_at IS NOT NULL"),
        )
        .await
    })
    .await;
    assert_eq!(posts_of_row(&double, new_thread, row), 1);
    agora.stop().await;
}
