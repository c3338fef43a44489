//! Attacks on the service's trust that must fail: a proof for one game used on another, a
//! challenge that relays a stranger's chosen name to an address nobody confirmed, guessing link
//! codes (across a restart), command texts too long to read, and answering a challenge too late.

use agora_service::{Identity, Inbound, Scope, Service, Settings, Status, StoreOptions, Templates};
use agora_store::{GameStatus, Notice};
use chrono::{DateTime, Duration, Utc};
use std::path::{Path, PathBuf};

fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("agora-trust-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.db"));
    let _ = std::fs::remove_file(&path);
    path
}

async fn open(path: &Path) -> Service {
    let store = agora_store::testing::open(path, &StoreOptions::default())
        .await
        .unwrap();
    let settings = Settings {
        seed: Some(11),
        ..Settings::default()
    };
    Service::new(store, Templates::load(None).unwrap(), settings)
}

fn t0() -> DateTime<Utc> {
    "2026-06-01T12:00:00Z".parse().unwrap()
}

fn id(text: &str) -> Identity {
    text.parse().unwrap()
}

/// Sends `text` from `from` with the proof's `scope`; the answer's status and text.
async fn send(
    service: &Service,
    from: &str,
    scope: Scope,
    text: &str,
    now: DateTime<Utc>,
) -> (Status, String) {
    let inbound = Inbound {
        text: text.into(),
        scope,
        ..Inbound::new(id(from))
    };
    let answer = service.handle(&inbound, now).await.unwrap();
    (answer.status, answer.text)
}

async fn status_of(service: &Service, game: i64) -> (GameStatus, u32) {
    let mut tx = service.store().write().await.unwrap();
    let g = tx.game(game).await.unwrap().unwrap();
    (g.status, g.ply)
}

#[tokio::test]
async fn a_proof_for_one_game_reaches_no_further() {
    let service = open(&temp_db("scope")).await;
    let now = t0();
    let all = Scope::Everything;
    let ann = "mailto:ann@example.org";
    for (who, text) in [
        (ann, "challenge bob agon"),
        ("local:bob", "accept #1"),
        (ann, "challenge carol agon"),
        ("local:carol", "accept #2"),
    ] {
        // bob and carol exist before they are challenged.
        if text.starts_with("challenge") {
            let name = text.split(' ').nth(1).unwrap();
            service
                .register(&Identity::local(name), Some(name), now)
                .await
                .unwrap();
        }
        let (status, reply) = send(&service, who, all, text, now).await;
        assert_eq!(status, Status::Done, "{text}: {reply}");
    }

    // A proof for game 1 cannot resign game 2, change settings or link an account.
    let one = Scope::Game(1);
    for text in [
        "resign #2",
        "draw offer #2",
        "settings timezone Europe/Paris",
        "vacation 3",
        "link",
        "link ABCDEFGH",
        "challenge carol agon",
    ] {
        let (status, reply) = send(&service, ann, one, text, now).await;
        assert_eq!(status, Status::Refused, "{text}: {reply}");
        assert!(reply.contains("game #1"), "{text}: {reply}");
    }
    assert_eq!(status_of(&service, 2).await, (GameStatus::Active, 0));

    // A proof about no game cannot act in any game.
    for text in ["#1 e1-e2", "resign #1", "draw offer #2", "accept #1"] {
        let (status, reply) = send(&service, ann, Scope::NoGame, text, now).await;
        assert_eq!(status, Status::Refused, "{text}: {reply}");
        assert!(reply.contains("about no game"), "{text}: {reply}");
    }
    assert_eq!(status_of(&service, 1).await, (GameStatus::Active, 0));

    // Every scope can read.
    for scope in [all, one, Scope::NoGame] {
        for text in ["board #1", "board #2", "games", "help", "history #2"] {
            let (status, reply) = send(&service, ann, scope, text, now).await;
            assert_eq!(status, Status::Done, "{scope:?} {text}: {reply}");
        }
    }

    // And the proof for game 1 does act in game 1.
    let (status, reply) = send(&service, ann, one, "resign #1", now).await;
    assert_eq!(status, Status::Done, "{reply}");
    assert_eq!(status_of(&service, 1).await.0, GameStatus::Finished);
    assert_eq!(status_of(&service, 2).await, (GameStatus::Active, 0));
}

/// The notifications queued for `address`, with their kinds.
async fn queued_for(service: &Service, address: &str) -> Vec<(Notice, String)> {
    let mut tx = service.store().write().await.unwrap();
    let far = t0() + Duration::days(400);
    tx.pending("mailto", far, 100)
        .await
        .unwrap()
        .into_iter()
        .filter(|m| m.address == address)
        .map(|m| (m.kind, format!("{}\n{}", m.subject, m.body)))
        .collect()
}

#[tokio::test]
async fn a_challenge_to_a_never_seen_address_carries_no_chosen_name() {
    let service = open(&temp_db("stranger")).await;
    let now = t0();

    // A Discord user with a chosen name challenges an address Agora has never seen.
    let inbound = Inbound {
        text: "challenge victim@example.org agon".into(),
        name: Some("PayPal-Security-Team".into()),
        ..Inbound::new(id("discord:4242"))
    };
    let answer = service.handle(&inbound, now).await.unwrap();
    assert_eq!(answer.status, Status::Done, "{}", answer.text);
    let mails = queued_for(&service, "mailto:victim@example.org").await;
    assert_eq!(mails.len(), 1);
    let (kind, text) = &mails[0];
    assert_eq!(*kind, Notice::ChallengeReceived);
    assert!(!text.contains("PayPal"), "{text}");
    assert!(text.contains("a Discord user (id 4242)"), "{text}");
    assert!(
        text.contains("not written to Agora from this address"),
        "{text}"
    );
    // What a sender may show beside the text (a mail's subject names the players) says the same.
    let row = {
        let mut tx = service.store().write().await.unwrap();
        let far = t0() + Duration::days(400);
        tx.pending("mailto", far, 10).await.unwrap().remove(0)
    };
    let delivery = service.delivery(&row).await.unwrap();
    let names = delivery.game.unwrap().names;
    assert_eq!(names[0], "a Discord user (id 4242)");
    assert_eq!(names[1], "victim");

    // A player with a confirmed address is named by it, never by their chosen name.
    let inbound = Inbound {
        text: "games".into(),
        name: Some("Your-Bank".into()),
        ..Inbound::new(id("mailto:ann@example.org"))
    };
    service.handle(&inbound, now).await.unwrap();
    let (status, reply) = send(
        &service,
        "mailto:ann@example.org",
        Scope::NoGame,
        "challenge other@example.org agros",
        now,
    )
    .await;
    assert_eq!(status, Status::Done, "{reply}");
    let mails = queued_for(&service, "mailto:other@example.org").await;
    assert_eq!(mails.len(), 1);
    let text = &mails[0].1;
    assert!(!text.contains("Your-Bank"), "{text}");
    assert!(text.contains("ann@example.org challenges you"), "{text}");

    // The address once confirmed (it sent a command) reads names again.
    let (status, reply) = send(
        &service,
        "mailto:other@example.org",
        Scope::Everything,
        "decline #2",
        now,
    )
    .await;
    assert_eq!(status, Status::Done, "{reply}");
    let (status, reply) = send(
        &service,
        "mailto:ann@example.org",
        Scope::NoGame,
        "challenge other@example.org agros",
        now,
    )
    .await;
    assert_eq!(status, Status::Done, "{reply}");
    let mails = queued_for(&service, "mailto:other@example.org").await;
    let last = &mails.last().unwrap().1;
    assert!(last.contains("Your-Bank challenges you"), "{last}");
}

/// The link code an answer asks to send (`link <code>` by mail, `/link code:<code>` on Discord;
/// the offer or the confirmation).
pub(crate) fn link_code_in(text: &str) -> String {
    let code: String = text
        .split("link ")
        .skip(1)
        .map(|rest| {
            rest.trim_start_matches("code:")
                .chars()
                .take_while(char::is_ascii_alphanumeric)
                .collect::<String>()
        })
        .find(|code| code.len() == 8 && !code.chars().any(|c| c.is_ascii_lowercase()))
        .unwrap_or_else(|| panic!("no link code in {text:?}"));
    assert_eq!(code.len(), 8, "{text}");
    code
}

/// A leaked no-game reply token and a forged sender join no account: the attacker's offer,
/// answered from the victim's address, only sends the victim a confirmation, which the attacker
/// never sees; without it, nothing the attacker has (the offer, a guess, the victim's token)
/// joins the two, and the victim's game stays the victim's.
#[tokio::test]
async fn a_leaked_no_game_token_joins_no_account() {
    let service = open(&temp_db("leaked-token")).await;
    let now = t0();
    let (alice, mallory) = ("mailto:alice@example.org", "discord:666");
    let all = Scope::Everything;
    service
        .register(&Identity::local("bob"), Some("bob"), now)
        .await
        .unwrap();
    for (who, text) in [
        (alice, "challenge bob agon"),
        ("local:bob", "accept #1"),
        (mallory, "games"),
    ] {
        let (status, reply) = send(&service, who, all, text, now).await;
        assert_eq!(status, Status::Done, "{text}: {reply}");
    }
    let (_, offer) = send(&service, mallory, all, "link", now).await;
    let offer = link_code_in(&offer);
    // The forged mail carries Alice's no-game token: it is answered, to Alice, with the
    // confirmation; nothing is joined.
    let (status, to_alice) = send(
        &service,
        alice,
        Scope::NoGame,
        &format!("link {offer}"),
        now,
    )
    .await;
    assert_eq!(status, Status::Done, "{to_alice}");
    assert!(to_alice.contains("If you did not ask"), "{to_alice}");
    let confirmation = link_code_in(&to_alice);
    // Mallory has only what he sent and saw: the offer again, or Alice's confirmation entered
    // from anywhere but his own account (a second forged mail) does nothing.
    for (who, scope, code) in [
        (mallory, all, offer.as_str()),
        (alice, Scope::NoGame, offer.as_str()),
        (alice, Scope::NoGame, confirmation.as_str()),
        ("discord:667", all, confirmation.as_str()),
    ] {
        let (status, reply) = send(&service, who, scope, &format!("link {code}"), now).await;
        assert_eq!(status, Status::Refused, "{who} {code}: {reply}");
    }
    let (status, reply) = send(&service, mallory, all, "resign #1", now).await;
    assert_eq!(status, Status::Refused, "{reply}");
    assert_eq!(status_of(&service, 1).await, (GameStatus::Active, 0));
    let mut tx = service.store().write().await.unwrap();
    let player = |p: Option<agora_store::Player>| p.map(|p| p.id);
    let alices = player(tx.player_by_identity(alice).await.unwrap());
    let mallorys = player(tx.player_by_identity(mallory).await.unwrap());
    assert!(alices.is_some() && mallorys.is_some());
    assert_ne!(alices, mallorys, "the accounts were joined");
}

#[tokio::test]
async fn wrong_link_codes_stop_at_the_limit_even_across_a_restart() {
    let path = temp_db("guesses");
    let service = open(&path).await;
    let mut now = t0();
    let all = Scope::Everything;
    let (_, code) = send(&service, "local:alice", all, "link", now).await;
    let code = link_code_in(&code);

    for n in 0..5 {
        now += Duration::minutes(1);
        let (status, reply) = send(&service, "discord:66", all, "link ZZZZZZZZ", now).await;
        assert_eq!(status, Status::Refused);
        assert!(reply.contains("not a valid link code"), "{n}: {reply}");
    }
    // The limit reached, even the right code is refused, and a restart changes nothing.
    let (status, reply) = send(&service, "discord:66", all, &format!("link {code}"), now).await;
    assert_eq!(status, Status::Refused);
    assert!(reply.contains("refused for now"), "{reply}");
    service.store().close().await;
    let service = open(&path).await;
    now += Duration::hours(23);
    let (status, reply) = send(&service, "discord:66", all, &format!("link {code}"), now).await;
    assert_eq!(status, Status::Refused);
    assert!(reply.contains("refused for now"), "{reply}");
    // Another identity is not held back by this one's guesses; the code still works (it has
    // not expired only because a fresh one is made).
    let (_, fresh) = send(&service, "local:alice", all, "link", now).await;
    let (status, reply) = send(
        &service,
        "discord:67",
        all,
        &format!("link {}", link_code_in(&fresh)),
        now,
    )
    .await;
    assert_eq!(status, Status::Done, "{reply}");
    // The offer answered, a confirmation goes to the answering account, naming the player it
    // would join, never the other account; entered there, it joins the two.
    assert!(reply.contains("join alice"), "{reply}");
    assert!(!reply.contains("local:alice"), "{reply}");
    let (status, reply) = send(
        &service,
        "local:alice",
        all,
        &format!("link {}", link_code_in(&reply)),
        now,
    )
    .await;
    assert_eq!(status, Status::Done, "{reply}");
    assert!(reply.contains("2 accounts"), "{reply}");
    assert!(!reply.contains("discord:67"), "{reply}");

    // The same delivery of a code that worked, seen again, is answered as the first time and
    // counts as no guess.
    let (_, third) = send(&service, "local:alice", all, "link", now).await;
    let inbound = Inbound {
        text: format!("link {}", link_code_in(&third)),
        delivery: Some("discord:interaction:1".into()),
        ..Inbound::new(id("discord:68"))
    };
    let first = service.handle(&inbound, now).await.unwrap();
    assert_eq!(first.status, Status::Done, "{}", first.text);
    for _ in 0..6 {
        let again = service.handle(&inbound, now).await.unwrap();
        assert_eq!(again.status, Status::Repeat);
        assert_eq!(again.text, first.text);
    }
    let (_, reply) = send(&service, "discord:68", all, "link ZZZZZZZZ", now).await;
    assert!(reply.contains("4 more wrong codes"), "{reply}");

    // A day after the first wrong guess, guessing may go on.
    now += Duration::hours(2);
    let (status, reply) = send(&service, "discord:66", all, "link ZZZZZZZZ", now).await;
    assert_eq!(status, Status::Refused);
    assert!(reply.contains("not a valid link code"), "{reply}");
}

#[tokio::test]
async fn a_command_text_too_long_to_read_is_refused_clearly() {
    let service = open(&temp_db("long")).await;
    let text = format!("challenge {}", "x".repeat(100_000));
    let started = std::time::Instant::now();
    let (status, reply) = send(&service, "local:alice", Scope::Everything, &text, t0()).await;
    let took = started.elapsed();
    assert_eq!(status, Status::Refused);
    assert!(reply.contains("100010 characters long"), "{reply}");
    assert!(reply.contains("at most 500"), "{reply}");
    assert!(reply.len() < 400, "the refusal does not echo the text");
    eprintln!("a 100 kB command was refused in {took:?}");
    // A long word in a short command is not compared with every name at length.
    let (status, reply) = send(
        &service,
        "local:alice",
        Scope::Everything,
        &format!("challenge {} agon", "y".repeat(400)),
        t0(),
    )
    .await;
    assert_eq!(status, Status::Refused, "{reply}");
    assert!(reply.contains("no player is called"), "{reply}");
}

#[tokio::test]
async fn a_challenge_past_its_expiry_cannot_be_accepted_even_before_the_sweep() {
    let service = open(&temp_db("expiry")).await;
    let now = t0();
    service
        .register(&Identity::local("bob"), Some("bob"), now)
        .await
        .unwrap();
    let (status, reply) = send(
        &service,
        "local:ann",
        Scope::Everything,
        "challenge bob agon",
        now,
    )
    .await;
    assert_eq!(status, Status::Done, "{reply}");
    let late = now + Duration::days(7);
    let (status, reply) = send(&service, "local:bob", Scope::Everything, "accept #1", late).await;
    assert_eq!(status, Status::Refused);
    assert!(reply.contains("expired after 7 days"), "{reply}");
    assert_eq!(status_of(&service, 1).await.0, GameStatus::Proposed);
    // The sweep then closes it and tells both sides.
    assert_eq!(service.sweep(late).await.unwrap(), 1);
    assert_eq!(status_of(&service, 1).await.0, GameStatus::Cancelled);
    let mut tx = service.store().write().await.unwrap();
    let told: Vec<_> = tx
        .pending("local", late, 10)
        .await
        .unwrap()
        .into_iter()
        .filter(|m| m.kind == Notice::ChallengeExpired)
        .map(|m| m.address)
        .collect();
    assert_eq!(told, ["local:ann", "local:bob"]);
}

/// `revoke` voids all of the player's reply tokens, those of every mail address they have
/// linked, not only the sending address's.
#[tokio::test]
async fn revoke_voids_the_tokens_of_every_address_of_the_player() {
    let service = open(&temp_db("revoke-all")).await;
    let now = t0();
    let all = Scope::Everything;
    let (first, second) = ("mailto:ann@example.org", "mailto:ann@work.example");
    let (_, offer) = send(&service, first, all, "link", now).await;
    let (_, confirmation) = send(
        &service,
        second,
        all,
        &format!("link {}", link_code_in(&offer)),
        now,
    )
    .await;
    let (status, reply) = send(
        &service,
        first,
        all,
        &format!("link {}", link_code_in(&confirmation)),
        now,
    )
    .await;
    assert_eq!(status, Status::Done, "{reply}");
    let desk = service.mail();
    let addresses = ["ann@example.org", "ann@work.example"];
    for (n, address) in addresses.iter().enumerate() {
        for game in [None, Some(7)] {
            let key = format!("key-{n}-{game:?}");
            desk.keep_token(address, game, &key, now).await.unwrap();
            let arrival = desk
                .arrival(address, &[key], chrono::Duration::days(1), now)
                .await
                .unwrap();
            assert_eq!(arrival.thread.unwrap().game_id, game);
        }
    }
    assert_eq!(desk.revoke("ann@example.org").await.unwrap(), 4);
    for (n, address) in addresses.iter().enumerate() {
        for game in [None, Some(7)] {
            let key = format!("key-{n}-{game:?}");
            let arrival = desk
                .arrival(
                    address,
                    std::slice::from_ref(&key),
                    chrono::Duration::days(1),
                    now,
                )
                .await
                .unwrap();
            assert!(
                arrival.thread.is_none(),
                "{address} {key} still opens its thread"
            );
        }
    }
}
