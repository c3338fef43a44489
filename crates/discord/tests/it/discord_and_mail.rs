//! One game, two media: a player on Discord against a player by e-mail, with both front ends over
//! one database. Needs the mail servers of `tests/mail/servers.sh` (it prints `SKIPPED` and
//! passes without them, or fails when `AGORA_REQUIRE_MAIL_SERVERS=1`, as in CI) and the local
//! Discord double.

use agora_testkit::discord as common;
use agora_testkit::mail;

use agora_rules::Variant;
use common::double::{Double, LOBBY};
use common::{Agora, Opt, User, in_server, run, say, short_game, temp_db};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(120);

/// The announcement channel of the tournament test.
const ANNOUNCEMENTS: u64 = 900_000_000_000_000_077;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_discord_player_and_a_mail_player_play_agros() {
    let Some(mut servers) = mail::servers("a_discord_player_and_a_mail_player_play_agros") else {
        return;
    };
    let _turn = mail::MAILBOXES.lock(&mut servers).await;
    mail::empty_mailboxes(&servers).await;
    let double = Double::start().await;
    let db = temp_db("with-mail");
    let discord = Agora::start(&db, &double).await;
    let post = mail::Agora::start(&db, mail::settings(&servers)).await;
    let alice = User {
        id: 500_000_000_000_000_011,
        name: "alice",
    };
    let mut bob = mail::Player::new(&servers, "bob");

    // Alice challenges an address from the server's lobby; bob hears of it by mail.
    let sent = run(
        &double,
        &alice,
        in_server(LOBBY),
        "challenge",
        &[
            Opt::Choice("game", "agros"),
            Opt::Text("opponent", bob.address.clone()),
            Opt::Choice("board", "8"),
            Opt::Choice("farmers", "3"),
        ],
    )
    .await;
    // Her answer is hers alone; the channel hears of the challenge in one line that does not
    // name whom it went to.
    assert!(sent.ephemeral(), "{}", sent.text());
    let lobby = format!("/channels/{LOBBY}/messages");
    let announced = double
        .wait_for("the challenge announced in the lobby", |calls| {
            calls.iter().find(|c| c.path == lobby).cloned()
        })
        .await;
    assert!(
        announced.text().contains("challenge"),
        "{}",
        announced.text()
    );
    assert!(
        !announced.text().contains(&bob.address),
        "{}",
        announced.text()
    );
    assert!(!announced.text().contains("bob"), "{}", announced.text());
    let invitation = bob.next_mail(WAIT).await;
    assert!(
        invitation.subject.starts_with("[Agora #")
            && invitation.subject.contains("] Agros 8x8, 3 farmers: ")
            && invitation.subject.ends_with(" vs bob"),
        "{invitation:?}"
    );
    assert!(invitation.text.contains("challenges you"), "{invitation:?}");
    // Bob has never written to Agora, so nothing Alice chose (her name) reaches him: she is named
    // by what she is.
    assert!(invitation.text.contains("a Discord user"), "{invitation:?}");
    assert!(!invitation.text.contains("alice"), "{invitation:?}");
    bob.reply(&invitation, "accept").await;
    let mut latest = bob.next_mail(WAIT).await;
    assert!(latest.text.contains("has started"), "{latest:?}");

    // Alice is told in the game's own thread, opened from the lobby.
    let thread = common::new_thread(&double, 0).await;
    let path = format!("/channels/{}/messages", thread.channel);
    let mention = alice.mention();
    let told = |after: usize, what: &'static str| {
        let (double, path, mention) = (&double, &path, &mention);
        async move {
            double
                .wait_for(what, |calls| {
                    calls
                        .iter()
                        .skip(after)
                        .find(|c| {
                            c.method == "POST"
                                && c.path == *path
                                && c.json["content"].as_str() == Some(mention.as_str())
                        })
                        .cloned()
                })
                .await
        }
    };
    let started = told(0, "alice told of the start").await;
    assert!(started.text().contains("has started"), "{}", started.text());
    assert!(started.png().is_some());

    // Alice writes her actions in the thread, bob answers his mails.
    let record = short_game(Variant::Agros {
        board: 8,
        farmers: 3,
    });
    for (ply, action) in record.iter().enumerate() {
        let last = ply + 1 == record.len();
        if ply % 2 == 0 {
            let message = say(&double, &alice, thread, action);
            // Her message is marked as played, and the thread shows the action in one message:
            // bob, by mail, gets no notification there to carry it.
            let nonce = format!("i{message}");
            let shown = double
                .wait_for("the action's message in the thread", |calls| {
                    calls
                        .iter()
                        .find(|c| c.path == *path && c.json["nonce"] == nonce.as_str())
                        .cloned()
                })
                .await;
            assert!(shown.png().is_some());
            assert!(shown.text().contains(action.as_str()), "{}", shown.text());
            assert_eq!(double.bot_reactions(message), vec!["✅".to_owned()]);
            latest = bob.next_mail(WAIT).await;
            assert!(!latest.text.starts_with("Sorry"), "{latest:?}");
        } else {
            let before = double.calls().len();
            bob.reply(&latest, action).await;
            latest = bob.next_mail(WAIT).await;
            assert!(!latest.text.starts_with("Sorry"), "{action}: {latest:?}");
            let notice = told(before, "alice told of bob's action").await;
            assert!(notice.png().is_some());
            if last {
                assert!(notice.text().contains("is over"), "{}", notice.text());
            }
        }
    }
    assert!(latest.text.contains("is over"), "{latest:?}");

    post.stop().await;
    discord.stop().await;
}

/// The attack of a leaked no-game reply token, through the real mail servers and the Discord
/// double: Mallory, on Discord and with a mailbox of his own, has the Reply-To of a mail Alice
/// was sent about no game. He asks for a link code on Discord and mails `link <code>` to that
/// address from his own mailbox with Alice's address forged as the sender. Alice, not Mallory,
/// is sent the code that would finish the link; nothing is joined, Mallory cannot act in Alice's
/// game, and the game is unchanged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_leaked_no_game_token_and_a_forged_sender_join_no_accounts() {
    let Some(mut servers) =
        mail::servers("a_leaked_no_game_token_and_a_forged_sender_join_no_accounts")
    else {
        return;
    };
    let _turn = mail::MAILBOXES.lock(&mut servers).await;
    mail::empty_mailboxes(&servers).await;
    let double = Double::start().await;
    let db = temp_db("leaked-token");
    let discord = Agora::start(&db, &double).await;
    // The mail side's secrets from another seed than the Discord side's: two processes never
    // draw the same codes.
    let settings = agora_service::Settings {
        seed: Some(8),
        ..agora_service::Settings::default()
    };
    let post = mail::Agora::start_on(
        mail::service_with(&db, settings).await,
        &db,
        mail::settings(&servers),
    )
    .await;
    let mallory = User {
        id: 500_000_000_000_000_066,
        name: "mallory",
    };
    let mut alice = mail::Player::new(&servers, "alice");
    let mut bob = mail::Player::new(&servers, "bob");
    // The attacker's own mailbox.
    let mut forger = mail::Player::new(&servers, "carol");

    let home = mail::confirmed(&mut alice, WAIT).await;
    let leaked = home.reply_to.clone();
    assert!(leaked.starts_with("agora+"), "{home:?}");
    mail::started(&mut alice, &home, &mut bob, 1, WAIT).await;

    let offer = run(&double, &mallory, in_server(LOBBY), "link", &[]).await;
    assert!(offer.ephemeral());
    let code = link_code_in(&offer.text());
    let alice_address = alice.address.clone();
    forger
        .send_raw(
            &alice_address,
            &leaked,
            "Subject: hello\r\nContent-Type: text/plain; charset=utf-8",
            &format!("link {code}"),
        )
        .await;
    // The answer goes to Alice's own mailbox, with the second code and a warning; the forger's
    // mailbox gets nothing.
    let to_alice = alice.next_mail(WAIT).await;
    assert!(to_alice.text.contains("If you did not ask"), "{to_alice:?}");
    assert!(!to_alice.text.contains("Linked"), "{to_alice:?}");
    let confirmation = link_code_in(&to_alice.text);
    forger.no_mail(Duration::from_secs(2)).await;

    // Mallory has the offer, which is used up, and no confirmation: nothing he can send joins
    // the two or acts in Alice's game.
    for (command, options) in [
        ("link", vec![Opt::Text("code", code.clone())]),
        ("link", vec![Opt::Text("code", "ABCDEFGH".into())]),
        ("resign", vec![Opt::Int("game", 1)]),
    ] {
        let answer = run(&double, &mallory, in_server(LOBBY), command, &options).await;
        assert!(answer.ephemeral(), "{}", answer.text());
        assert!(
            answer.text().starts_with("Sorry"),
            "/{command}: {}",
            answer.text()
        );
    }
    let state = discord.service.game_state(1, None).await.unwrap().unwrap();
    assert_eq!(state.status, agora_store::GameStatus::Active, "{state:?}");
    assert_eq!(state.ply, 0, "{state:?}");
    {
        let mut tx = discord.service.store().write().await.unwrap();
        let of = |p: Option<agora_store::Player>| p.map(|p| p.id);
        let alices = of(tx
            .player_by_identity(&format!("mailto:{alice_address}"))
            .await
            .unwrap());
        let mallorys = of(tx
            .player_by_identity(&format!("discord:{}", mallory.id))
            .await
            .unwrap());
        assert!(alices.is_some() && mallorys.is_some());
        assert_ne!(alices, mallorys, "the accounts were joined");
        // And the confirmation mailed to Alice works for Mallory's account alone: not even
        // Alice's own address can use it.
        assert!(
            !tx.link_code_valid(
                &confirmation,
                &format!("mailto:{alice_address}"),
                chrono::Utc::now()
            )
            .await
            .unwrap()
        );
    }
    bob.no_mail(Duration::from_millis(200)).await;

    post.stop().await;
    discord.stop().await;
}

/// A tournament with players on three channels: Alice on Discord makes a round robin of three and
/// joins it, Bob joins by mail, Carol at the terminal; full, it starts, and each is told of their
/// games where they play, the tournament and round named; a result reaches the standings Bob asks
/// for by mail.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_with_players_on_discord_by_mail_and_at_the_terminal() {
    let Some(mut servers) =
        mail::servers("a_tournament_with_players_on_discord_by_mail_and_at_the_terminal")
    else {
        return;
    };
    let _turn = mail::MAILBOXES.lock(&mut servers).await;
    mail::empty_mailboxes(&servers).await;
    let double = Double::start().await;
    let db = temp_db("tournament");
    // The announcement channel: a channel of its own in the double's server.
    let mut settings = common::settings(&double);
    settings.tournament_channel = Some(poise::serenity_prelude::ChannelId::new(ANNOUNCEMENTS));
    let discord = Agora::start_with(&db, &double, settings).await;
    let post = mail::Agora::start(&db, mail::settings(&servers)).await;
    let alice = User {
        id: 500_000_000_000_000_021,
        name: "alice",
    };
    let mut bob = mail::Player::new(&servers, "bob");
    let home = mail::confirmed(&mut bob, WAIT).await;

    let made = run(
        &double,
        &alice,
        in_server(LOBBY),
        "tournament",
        &[
            Opt::Choice("action", "create"),
            Opt::Text(
                "details",
                "agon round-robin players 3-3 name Cross".to_owned(),
            ),
        ],
    )
    .await;
    assert!(made.text().contains("T1 Cross"), "{}", made.text());
    let joined = run(
        &double,
        &alice,
        in_server(LOBBY),
        "tournament",
        &[Opt::Choice("action", "join"), Opt::Int("tournament", 1)],
    )
    .await;
    assert!(joined.text().contains("You joined"), "{}", joined.text());
    bob.reply(&home, "tournament join 1").await;
    let answer = bob.next_mail(WAIT).await;
    assert!(
        answer.text.contains("You joined tournament T1 Cross"),
        "{answer:?}"
    );
    // Carol at the terminal fills it: every game starts.
    let carol = agora_service::Identity::local("carol");
    let inbound = agora_service::Inbound {
        text: "tournament join 1".into(),
        ..agora_service::Inbound::new(carol.clone())
    };
    let filled = discord
        .service
        .handle(&inbound, chrono::Utc::now())
        .await
        .unwrap();
    assert!(filled.text.contains("You joined"), "{}", filled.text);
    let table = discord.service.tournament_table(1).await.unwrap().unwrap();
    assert_eq!(table.status, "running");
    assert_eq!(table.games.len(), 3);

    // Bob hears of his two games by mail, each in a mail of its own.
    let started = bob.next_mails(2, WAIT).await;
    for m in &started {
        assert!(m.text.contains("has started"), "{m:?}");
        assert!(m.text.contains("Tournament T1 Cross, round"), "{m:?}");
    }
    // Alice on Discord, of hers: each of her games has a thread of its own in the announcement
    // channel, and she is told there.
    let threads = format!("/channels/{ANNOUNCEMENTS}/threads");
    let opened: Vec<String> = double
        .wait_for("a thread for each of alice's games", |calls| {
            let opened: Vec<String> = calls
                .iter()
                .filter(|c| c.method == "POST" && c.path == threads)
                .filter_map(|c| c.response["id"].as_str().map(str::to_owned))
                .collect();
            (opened.len() >= 2).then_some(opened)
        })
        .await;
    assert_eq!(
        opened.len(),
        2,
        "one thread per game of alice, none for bob's with carol"
    );
    let mention = alice.mention();
    for thread in &opened {
        let path = format!("/channels/{thread}/messages");
        let told = double
            .wait_for("alice told in the game's thread", |calls| {
                calls
                    .iter()
                    .find(|c| {
                        c.method == "POST"
                            && c.path == path
                            && c.json["content"].as_str() == Some(mention.as_str())
                    })
                    .cloned()
            })
            .await;
        assert!(
            told.text().contains("Tournament T1 Cross, round"),
            "{}",
            told.text()
        );
    }

    // Carol resigns her game against Bob at the terminal; Bob's standings by mail show it.
    let theirs = table
        .games
        .iter()
        .find(|g| {
            [&g.first, &g.second].contains(&&"carol".to_owned())
                && [&g.first, &g.second].contains(&&"bob".to_owned())
        })
        .expect("carol against bob");
    let resign = agora_service::Inbound {
        text: format!("resign #{}", theirs.game),
        ..agora_service::Inbound::new(carol)
    };
    discord
        .service
        .handle(&resign, chrono::Utc::now())
        .await
        .unwrap();
    let over = bob.next_mail(WAIT).await;
    assert!(over.text.contains("is over"), "{over:?}");
    bob.reply(&home, "tournament standings 1").await;
    let standings = bob.next_mail(WAIT).await;
    assert!(standings.text.contains("Crosstable"), "{standings:?}");
    assert!(standings.text.contains("1. bob  1 (1)"), "{standings:?}");

    // The announcement channel has one status message for the tournament, posted once and
    // edited as the result came in.
    let announcements = format!("/channels/{ANNOUNCEMENTS}/messages");
    let posted = double
        .wait_for("the tournament announced", |calls| {
            calls
                .iter()
                .find(|c| c.method == "POST" && c.path == announcements)
                .cloned()
        })
        .await;
    assert!(posted.text().contains("T1 Cross"), "{}", posted.text());
    double
        .wait_for("the announcement edited with bob's win", |calls| {
            calls
                .iter()
                .find(|c| {
                    c.method == "PATCH"
                        && c.path.starts_with(&announcements)
                        && c.text().contains("1. bob  1 (1)")
                })
                .cloned()
        })
        .await;
    let posts = double
        .calls()
        .iter()
        .filter(|c| c.method == "POST" && c.path == announcements)
        .count();
    assert_eq!(posts, 1, "one status message per tournament");

    post.stop().await;
    discord.stop().await;
}

/// The link code an answer asks to send (`link <code>`, the offer or the confirmation).
fn link_code_in(text: &str) -> String {
    let code: String = text
        .split("link ")
        .find_map(|rest| {
            let code: String = rest
                .trim_start_matches("code:")
                .chars()
                .take_while(char::is_ascii_alphanumeric)
                .collect();
            (code.len() == 8 && code.chars().all(|c| !c.is_ascii_lowercase())).then_some(code)
        })
        .unwrap_or_else(|| panic!("no link code in {text:?}"));
    code
}
