//! Attacks through Discord that must fail, carried out against the local Discord double with
//! serenity's real client over a real SQLite file: guessing another player's link code, a display
//! name built to ping everyone, hide text and carry a link, a command text of 100 kB, and using
//! challenges to message strangers in bulk (capped, limited per day, and expiring).

use agora_testkit::discord as common;

use agora_store::{GameStatus, Notice};
use common::double::{Call, Double, LOBBY};
use common::{Agora, Opt, User, in_server, mention_in, run, temp_db};

fn user(id: u64, name: &'static str) -> User {
    User {
        id: 600_000_000_000_000_000 + id,
        name,
    }
}

/// The user ids a message may ping, and whether it may ping anything else (`@everyone`, `@here`,
/// roles, any user).
fn pings(call: &Call) -> (Vec<String>, bool) {
    let allowed = &call.message()["allowed_mentions"];
    assert!(
        allowed.is_object(),
        "no allowed_mentions in {:?}",
        call.json
    );
    let users = allowed["users"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|u| u.as_str().map(str::to_owned))
        .collect();
    let broad = allowed["parse"].as_array().is_some_and(|p| !p.is_empty())
        || allowed["roles"].as_array().is_some_and(|r| !r.is_empty());
    (users, broad)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guessing_a_link_code_stops_at_the_limit_even_with_the_right_code() {
    let double = Double::start().await;
    let db = temp_db("guess");
    let agora = Agora::start(&db, &double).await;
    let lobby = in_server(LOBBY);
    let alice = user(1, "alice");
    let eve = user(2, "eve");

    let made = run(&double, &alice, lobby, "link", &[]).await;
    assert!(made.ephemeral());
    let text = made.text();
    let code: String = text
        .split("Your link code is ")
        .nth(1)
        .expect("a code")
        .chars()
        .take(8)
        .collect();

    // Eve guesses: five wrong codes are each refused as wrong.
    for guess in ["AAAAAAAA", "BBBBBBBB", "CCCCCCCC", "DDDDDDDD", "EEEEEEEE"] {
        let answer = run(
            &double,
            &eve,
            lobby,
            "link",
            &[Opt::Text("code", guess.into())],
        )
        .await;
        assert!(
            answer.text().contains("not a valid link code"),
            "{}",
            answer.text()
        );
    }
    // Then even alice's real code is refused without being looked at, and stays valid for alice.
    let answer = run(
        &double,
        &eve,
        lobby,
        "link",
        &[Opt::Text("code", code.clone())],
    )
    .await;
    assert!(
        answer.text().contains("refused for now"),
        "{}",
        answer.text()
    );

    // A restart does not reset the count.
    let agora = agora.restart(&double).await;
    let answer = run(
        &double,
        &eve,
        lobby,
        "link",
        &[Opt::Text("code", code.clone())],
    )
    .await;
    assert!(
        answer.text().contains("refused for now"),
        "{}",
        answer.text()
    );
    {
        let mut tx = agora.service.store().write().await.unwrap();
        let of = |u: &User| format!("discord:{}", u.id);
        let a = tx.player_by_identity(&of(&alice)).await.unwrap().unwrap();
        let e = tx.player_by_identity(&of(&eve)).await.unwrap();
        assert!(e.is_none_or(|e| e.id != a.id), "eve did not become alice");
        assert_eq!(tx.identities_of(a.id).await.unwrap().len(), 1);
        assert!(
            tx.link_code_valid(&code, &of(&alice), chrono::Utc::now())
                .await
                .unwrap()
        );
    }
    agora.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hostile_display_name_is_shown_clean_and_pings_no_one() {
    let double = Double::start().await;
    let db = temp_db("names");
    let agora = Agora::start(&db, &double).await;
    let lobby = in_server(LOBBY);
    let raw = format!(
        "@everyone \u{202E}evil\u{200B} [x](http://e.vil) {}",
        "y".repeat(40)
    );
    let mallory = User {
        id: 600_000_000_000_000_066,
        name: Box::leak(raw.into_boxed_str()),
    };
    let bob = user(7, "bob");

    let before = double.calls().len();
    let sent = run(
        &double,
        &mallory,
        lobby,
        "challenge",
        &[Opt::Choice("game", "agon"), Opt::User("user", bob.clone())],
    )
    .await;
    assert!(sent.text().contains("Game #1"), "{}", sent.text());
    assert_eq!(pings(&sent), (Vec::new(), false), "the answer pings no one");

    let invite = mention_in(&double, LOBBY, &bob, before).await;
    let footer = invite.message()["embeds"][0]["footer"]["text"]
        .as_str()
        .expect("a footer naming the players")
        .to_owned();
    let shown = footer.split(" vs ").next().unwrap();
    assert!(shown.chars().count() <= 32, "{shown}");
    assert!(shown.starts_with("everyoneevil"), "{shown}");
    for text in [invite.text(), footer.clone()] {
        for bad in [
            "@everyone",
            "\u{202E}",
            "\u{200B}",
            "http",
            "://",
            "[x]",
            "e.vil",
        ] {
            assert!(!text.contains(bad), "{bad:?} in {text}");
        }
    }
    // The message pings bob, whom it is for, and nobody else whatever its text holds.
    assert_eq!(pings(&invite), (vec![bob.id.to_string()], false));
    agora.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_of_100_kb_gets_a_clear_error_at_once() {
    let double = Double::start().await;
    let db = temp_db("long");
    let agora = Agora::start(&db, &double).await;
    let alice = user(1, "alice");
    let started = std::time::Instant::now();
    let answer = run(
        &double,
        &alice,
        in_server(LOBBY),
        "challenge",
        &[
            Opt::Choice("game", "agon"),
            Opt::Text("opponent", "x".repeat(100_000)),
        ],
    )
    .await;
    let took = started.elapsed();
    let text = answer.text();
    assert!(text.contains("characters long"), "{text}");
    assert!(text.contains("at most 500"), "{text}");
    assert!(text.len() < 500, "the refusal does not echo the text");
    eprintln!("a 100 kB slash command was answered in {took:?} (through the double)");
    let mut tx = agora.service.store().write().await.unwrap();
    assert!(tx.game(1).await.unwrap().is_none(), "nothing was made");
    drop(tx);
    agora.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenges_are_capped_limited_towards_strangers_and_expire() {
    let double = Double::start().await;
    let db = temp_db("caps");
    let agora = Agora::start(&db, &double).await;
    let lobby = in_server(LOBBY);
    let alice = user(1, "alice");
    let challenge = |to: &User| vec![Opt::Choice("game", "agon"), Opt::User("user", to.clone())];

    // Three people who never used Agora may be challenged in a day; not a fourth.
    let strangers: Vec<User> = (0..4).map(|i| user(100 + i, "stranger")).collect();
    for s in &strangers[..3] {
        let answer = run(&double, &alice, lobby, "challenge", &challenge(s)).await;
        assert!(
            answer.text().contains("you challenged"),
            "{}",
            answer.text()
        );
    }
    let refused = run(
        &double,
        &alice,
        lobby,
        "challenge",
        &challenge(&strangers[3]),
    )
    .await;
    assert!(
        refused.text().contains("never used Agora"),
        "{}",
        refused.text()
    );

    // People who used Agora may be challenged, up to ten open challenges in all.
    let known: Vec<User> = (0..8).map(|i| user(200 + i, "known")).collect();
    for k in &known {
        let games = run(&double, k, lobby, "games", &[]).await;
        assert!(games.ephemeral());
    }
    for k in &known[..7] {
        let answer = run(&double, &alice, lobby, "challenge", &challenge(k)).await;
        assert!(
            answer.text().contains("you challenged"),
            "{}",
            answer.text()
        );
    }
    let refused = run(&double, &alice, lobby, "challenge", &challenge(&known[7])).await;
    assert!(
        refused.text().contains("10 challenges waiting"),
        "{}",
        refused.text()
    );

    // Eight days on, the scheduler closes all ten and tells both sides of each.
    let later = chrono::Utc::now() + chrono::Duration::days(8);
    assert_eq!(agora.service.sweep(later).await.unwrap(), 10);
    let before = double.calls().len();
    {
        let mut tx = agora.service.store().write().await.unwrap();
        for game in 1..=10 {
            let g = tx.game(game).await.unwrap().unwrap();
            assert_eq!(g.status, GameStatus::Cancelled, "game {game}");
        }
        let expired: Vec<_> = tx
            .pending("discord", later, 100)
            .await
            .unwrap()
            .into_iter()
            .filter(|m| m.kind == Notice::ChallengeExpired)
            .collect();
        assert_eq!(expired.len(), 20, "both sides of ten challenges");
        let alice_id = format!("discord:{}", alice.id);
        assert_eq!(expired.iter().filter(|m| m.address == alice_id).count(), 10);
        // The bot sends with the real clock: bring the notices' send time back to now.
        for m in expired {
            tx.mark_failed(m.id, "sent early by the test", chrono::Utc::now())
                .await
                .unwrap();
        }
        tx.commit().await.unwrap();
    }
    let path = format!("/channels/{LOBBY}/messages");
    let mention = known[0].mention();
    let told = double
        .wait_for("the expiry told in the lobby", |calls| {
            calls
                .iter()
                .skip(before)
                .find(|c| {
                    c.path == path
                        && c.json["content"].as_str().unwrap_or("").contains(&mention)
                        && c.text().contains("the challenge expired")
                })
                .cloned()
        })
        .await;
    assert!(told.text().contains("alice"), "{}", told.text());

    // An expired challenge can no longer be accepted.
    let late = run(&double, &known[0], lobby, "accept", &[]).await;
    assert!(
        late.text().contains("no challenge waits"),
        "{}",
        late.text()
    );
    agora.stop().await;
}

/// A private game challenged in a server channel: its invitation's buttons work for the one
/// challenged, its thread is private with its two players added, and a third user who presses a
/// button naming it (its Accept, Decline or ASCII board, with any version) or asks for it by a
/// slash command is told what a game that does not exist gets, with nothing of it shown.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_game_shows_nothing_to_a_third_user() {
    let double = Double::start().await;
    let db = temp_db("private");
    let agora = Agora::start(&db, &double).await;
    let (alice, bob, eve) = (user(21, "alice"), user(22, "bob"), user(23, "eve"));
    let lobby = in_server(LOBBY);
    let before = double.calls().len();
    let opts = [
        Opt::Choice("game", "agon"),
        Opt::User("user", bob.clone()),
        Opt::Choice("private", "private"),
    ];
    let sent = run(&double, &alice, lobby, "challenge", &opts).await;
    assert!(sent.ephemeral(), "{}", sent.text());
    let invite = mention_in(&double, LOBBY, &bob, before).await;
    let buttons = invite.buttons();
    let accept = buttons
        .iter()
        .find(|b| b.starts_with("accept:"))
        .expect("an Accept button")
        .clone();

    // Eve presses buttons naming the private game and a game that does not exist.
    let answer_of = |custom_id: String| {
        let (double, eve, invite) = (&double, &eve, &invite);
        async move {
            common::click(double, eve, lobby, &invite.response, &custom_id)
                .await
                .text()
        }
    };
    for kind in ["accept", "decline", "ascii"] {
        for version in [0, 1, 7] {
            let private = answer_of(format!("{kind}:1:{version}")).await;
            let missing = answer_of(format!("{kind}:99:{version}")).await;
            assert_eq!(private.replace("#1", "#N"), missing.replace("#99", "#N"));
            for shown in ["alice", "bob", "<@"]
                .map(str::to_owned)
                .into_iter()
                .chain([alice.id.to_string(), bob.id.to_string()])
            {
                assert!(!private.contains(&shown), "{kind}: {private}");
            }
        }
    }
    for command in ["board", "history", "watch", "unwatch", "export"] {
        let ask = |game: i64| {
            let (double, eve) = (&double, &eve);
            async move {
                run(double, eve, lobby, command, &[Opt::Int("game", game)])
                    .await
                    .text()
            }
        };
        let (private, missing) = (ask(1).await, ask(99).await);
        assert_eq!(
            private.replace("#1", "#N"),
            missing.replace("#99", "#N"),
            "/{command}"
        );
        assert!(!private.contains("alice"), "/{command}: {private}");
    }

    // Bob accepts: the game's thread is private, and only its players are added to it.
    let before = double.calls().len();
    common::click(&double, &bob, lobby, &invite.response, &accept).await;
    let created = double
        .wait_for("the game thread", |calls| {
            calls
                .iter()
                .skip(before)
                .find(|c| c.method == "POST" && c.path == format!("/channels/{LOBBY}/threads"))
                .cloned()
        })
        .await;
    assert_eq!(
        created.json["type"], 12,
        "a private thread: {:?}",
        created.json
    );
    assert_eq!(created.json["invitable"], false, "{:?}", created.json);
    let thread = created.response["id"].as_str().unwrap().to_owned();
    let added = double
        .wait_for("both players added", |calls| {
            let added: Vec<String> = calls
                .iter()
                .filter(|c| c.method == "PUT")
                .filter_map(|c| {
                    c.path
                        .strip_prefix(&format!("/channels/{thread}/thread-members/"))
                        .map(str::to_owned)
                })
                .collect();
            (added.len() >= 2).then_some(added)
        })
        .await;
    let mut added = added;
    added.sort();
    assert_eq!(added, [alice.id.to_string(), bob.id.to_string()]);
    assert_eq!(
        agora
            .service
            .game_state(1, None)
            .await
            .unwrap()
            .unwrap()
            .status,
        GameStatus::Active
    );
    agora.stop().await;
}
