//! Complete games of Agon and Agros played by mail against real servers (dovecot and OpenSMTPD
//! from `tests/mail/servers.sh`), with the players using ordinary mail clients: lettre over SMTP to
//! write, async-imap to read. Along the way: newcomer verification, an illegal move and its
//! explanation, the same mail delivered twice, a forged From without a token, an out-of-office
//! auto-reply, an HTML-only mail, several commands in one mail, an oversized mail, and a restart
//! of the front end between two moves.
//!
//! Without the servers (no `AGORA_TEST_IMAP_PORT` in the environment) every test prints SKIPPED
//! and passes, unless `AGORA_REQUIRE_MAIL_SERVERS=1` (as in CI) makes it fail, naming what is
//! missing.

use agora_testkit::mail as common;

use agora_rules::Variant;
use common::{Agora, MAILBOXES, Player, Received, short_game};
use std::time::Duration;

// Long enough for one SMTP retry after a transient failure (the outbox backs off 30 s first).
const WAIT: Duration = Duration::from_secs(120);

fn temp_db(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("agora-mail-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("agora.db")
}

/// An action that is well written but not legal at the start (one of the second player's first
/// actions, played by the first player).
fn illegal_at_start(variant: Variant, first: &str) -> String {
    let start = variant.start();
    let legal: Vec<String> = start
        .legal_actions()
        .into_iter()
        .map(|a| start.notation(a))
        .collect();
    let mut next = variant.start();
    next.play_unchecked(next.parse_action(first).unwrap());
    next.legal_actions()
        .into_iter()
        .map(|a| next.notation(a))
        .find(|n| !legal.contains(n) && n != "pass")
        .expect("the second player has an action the first has not")
}

/// The domain of an address.
fn domain(address: &str) -> &str {
    address.split('@').nth(1).unwrap_or_default()
}

/// A newcomer's challenge, the address confirmation, and the opponent's acceptance; returns the
/// latest game mail of each player (alice moves first).
async fn start_game(
    alice: &mut Player,
    bob: &mut Player,
    kind: &str,
    game: i64,
) -> (Received, Received) {
    alice
        .send_agora("a game", &format!("challenge {} {kind}", bob.address))
        .await;
    let confirm = alice.next_mail(WAIT).await;
    assert!(
        confirm
            .text
            .contains(&format!("To confirm that {} is yours", alice.address)),
        "{confirm:?}"
    );
    // Nothing was done, and nothing of the mail is repeated: the newcomer sends it again.
    assert!(confirm.text.contains("did nothing else"), "{confirm:?}");
    assert!(!confirm.text.contains("challenge"), "{confirm:?}");
    assert_eq!(confirm.auto_submitted.as_deref(), Some("auto-replied"));
    assert!(confirm.reply_to.starts_with("agora+"), "{confirm:?}");
    alice
        .reply(&confirm, &format!("challenge {} {kind}", bob.address))
        .await;
    let challenged = alice.next_mail(WAIT).await;
    assert!(challenged.text.contains("is confirmed"), "{challenged:?}");
    assert!(
        challenged
            .text
            .contains(&format!("Game #{game}: you challenged")),
        "{challenged:?}"
    );

    let invitation = bob.next_mail(WAIT).await;
    // The game's subject names the game and its players, never its state, so it stays the same
    // from the first answer on.
    assert!(
        invitation.subject.starts_with(&format!("[Agora #{game}] ")),
        "{invitation:?}"
    );
    // Bob has never written to Agora: he sees Alice's confirmed address, not the name she chose.
    assert!(
        invitation
            .subject
            .ends_with(&format!(": {} vs bob", alice.address)),
        "{invitation:?}"
    );
    assert!(invitation.text.contains("challenges you"), "{invitation:?}");
    let subject = invitation.subject.replace(&alice.address, "alice");
    bob.reply(&invitation, "accept").await;
    let bob_start = bob.next_mail(WAIT).await;
    assert!(bob_start.text.contains("has started"), "{bob_start:?}");
    assert_eq!(bob_start.subject, subject, "{bob_start:?}");
    assert!(bob_start.text.contains("is confirmed"), "{bob_start:?}");
    let alice_start = alice.next_mail(WAIT).await;
    assert!(alice_start.text.contains("has started"), "{alice_start:?}");
    assert_eq!(alice_start.subject, subject, "{alice_start:?}");
    assert!(alice_start.text.contains("Your turn"), "{alice_start:?}");
    assert_eq!(alice_start.attachments, 1, "the board picture goes along");
    assert!(
        alice_start
            .references
            .contains(&format!("agora-game-{game}@{}", domain(&alice.address))),
        "{alice_start:?}"
    );
    (alice_start, bob_start)
}

/// Plays one action by replying to the mover's latest game mail; returns the mover's answer and
/// the opponent's notification.
async fn play(
    mover: &mut Player,
    latest: &Received,
    other: &mut Player,
    action: &str,
) -> (Received, Received) {
    let sent = mover.reply(latest, action).await;
    let answer = mover.next_mail(WAIT).await;
    assert_eq!(
        answer.in_reply_to.as_deref(),
        Some(sent.as_str()),
        "{answer:?}"
    );
    assert!(!answer.text.starts_with("Sorry"), "{action}: {answer:?}");
    let notice = other.next_mail(WAIT).await;
    // One subject for the game's whole life, in answers and notifications alike.
    assert_eq!(answer.subject, latest.subject, "{answer:?}");
    assert_eq!(notice.subject, latest.subject, "{notice:?}");
    (answer, notice)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn agon_by_mail_with_every_hazard() {
    let Some(mut servers) = common::servers("agon_by_mail_with_every_hazard") else {
        return;
    };
    let _turn = MAILBOXES.lock(&mut servers).await;
    common::empty_mailboxes(&servers).await;
    let db = temp_db("agon");
    let mut agora = Agora::start(&db, common::settings(&servers)).await;
    let mut alice = Player::new(&servers, "alice");
    let mut bob = Player::new(&servers, "bob");
    let mut dave = Player::new(&servers, "dave");

    let (mut alice_latest, mut bob_latest) = start_game(&mut alice, &mut bob, "agon", 1).await;
    let record = short_game(Variant::Agon);
    assert!(record.len() >= 4, "{record:?}");

    // An illegal move is explained and changes nothing.
    let illegal = illegal_at_start(Variant::Agon, &record[0]);
    alice.reply(&alice_latest, &illegal).await;
    let refusal = alice.next_mail(WAIT).await;
    assert!(refusal.text.starts_with("Sorry"), "{refusal:?}");
    assert!(refusal.text.contains(&illegal), "{refusal:?}");
    assert_eq!(refusal.subject, alice_latest.subject, "{refusal:?}");
    bob.no_mail(Duration::from_millis(500)).await;

    // A forged From without a token: the real alice is told, bob hears nothing, nothing changes.
    dave.send_raw(
        &alice.address.clone(),
        &alice.service.clone(),
        "Subject: resign\r\nContent-Type: text/plain",
        "resign 1",
    )
    .await;
    let warning = alice.next_mail(WAIT).await;
    assert!(warning.text.contains("was not done"), "{warning:?}");
    // It asks for a reply; the key to reply with is in its Reply-To, never in its text.
    assert!(warning.reply_to.starts_with("agora+"), "{warning:?}");
    assert!(!warning.text.contains(&warning.reply_to), "{warning:?}");

    for (i, action) in record.iter().enumerate() {
        let last = i + 1 == record.len();
        if i % 2 == 0 {
            let (answer, notice) = play(&mut alice, &alice_latest, &mut bob, action).await;
            alice_latest = answer;
            bob_latest = notice;
        } else if i == 1 {
            // Bob's first move: written in HTML only, and delivered twice (the same Message-ID).
            let quoted = bob_latest.text.replace('\n', "<br>");
            let raw_id = bob
                .send_raw(
                    &bob.address.clone(),
                    &bob_latest.reply_to.clone(),
                    &format!(
                        "Subject: Re: {}\r\nIn-Reply-To: <{}>\r\nContent-Type: text/html; charset=utf-8",
                        bob_latest.subject, bob_latest.message_id
                    ),
                    &format!(
                        "<html><body><div>{action}</div><div class=\"gmail_quote\">On Mon, Agora wrote:<blockquote>{quoted}</blockquote></div></body></html>"
                    ),
                )
                .await;
            let answer = bob.next_mail(WAIT).await;
            assert!(!answer.text.starts_with("Sorry"), "{answer:?}");
            assert_eq!(answer.in_reply_to.as_deref(), Some(raw_id.as_str()));
            alice_latest = alice.next_mail(WAIT).await;
            bob.redeliver_last().await;
            // An out-of-office reply to the notification gets no answer either.
            bob.send_raw(
                &bob.address.clone(),
                &bob_latest.reply_to.clone(),
                "Subject: Out of office\r\nAuto-Submitted: auto-replied\r\nContent-Type: text/plain",
                "I am away until Monday.",
            )
            .await;
            bob.no_mail(Duration::from_secs(4)).await;
            alice.no_mail(Duration::from_millis(100)).await;
            bob_latest = answer;
        } else {
            if i == 3 {
                // The service restarts between two moves; nothing is lost or repeated.
                agora = agora.restart().await;
            }
            let (answer, notice) = play(&mut bob, &bob_latest, &mut alice, action).await;
            bob_latest = answer;
            alice_latest = notice;
        }
        if last {
            assert!(alice_latest.text.contains("is over"), "{alice_latest:?}");
            assert!(bob_latest.text.contains("is over"), "{bob_latest:?}");
        }
    }
    alice.no_mail(Duration::from_secs(2)).await;
    bob.no_mail(Duration::from_millis(100)).await;
    agora.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn agros_by_mail_with_several_commands_and_a_large_mail() {
    let Some(mut servers) = common::servers("agros_by_mail_with_several_commands_and_a_large_mail")
    else {
        return;
    };
    let _turn = MAILBOXES.lock(&mut servers).await;
    common::empty_mailboxes(&servers).await;
    let db = temp_db("agros");
    let mut settings = common::settings(&servers);
    // Implicit TLS both ways (the Agon game uses STARTTLS, the benchmark plain on loopback).
    settings.imap.port = servers.imaps;
    settings.imap.security = agora_mail::Security::Tls;
    settings.smtp.port = servers.submissions;
    settings.smtp.security = agora_mail::Security::Tls;
    // Handled mail is moved away instead of flagged.
    settings.imap.handled = agora_mail::Handled::Move("Agora-Handled".into());
    // Far fewer mails an hour than the game's moves: mail with its sender's token is never
    // limited, so an active player is never cut off.
    settings.per_sender_per_hour = 2;
    let agora = Agora::start(&db, settings).await;
    let mut alice = Player::new(&servers, "alice");
    let mut bob = Player::new(&servers, "bob");

    let (mut alice_latest, mut bob_latest) =
        start_game(&mut alice, &mut bob, "agros board 8 farmers 3", 1).await;

    // Two commands in one mail, each answered in order in one reply.
    alice.reply(&alice_latest, "board\r\nhistory").await;
    let both = alice.next_mail(WAIT).await;
    let board = both.text.find("> board").expect("board answered");
    let history = both.text.find("> history").expect("history answered");
    assert!(board < history, "{both:?}");

    // A mail over the size limit gets a short refusal.
    let big = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\r\n".repeat(1600);
    alice.reply(&alice_latest, &format!("board\r\n{big}")).await;
    let refusal = alice.next_mail(WAIT).await;
    assert!(refusal.text.contains("too large"), "{refusal:?}");

    let record = short_game(Variant::Agros {
        board: 8,
        farmers: 3,
    });
    for (i, action) in record.iter().enumerate() {
        if i % 2 == 0 {
            let (answer, notice) = play(&mut alice, &alice_latest, &mut bob, action).await;
            alice_latest = answer;
            bob_latest = notice;
        } else {
            let (answer, notice) = play(&mut bob, &bob_latest, &mut alice, action).await;
            bob_latest = answer;
            alice_latest = notice;
        }
    }
    assert!(alice_latest.text.contains("is over"), "{alice_latest:?}");
    assert!(bob_latest.text.contains("is over"), "{bob_latest:?}");
    agora.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_from_one_sender_gets_one_notice() {
    let Some(mut servers) = common::servers("a_flood_from_one_sender_gets_one_notice") else {
        return;
    };
    let _turn = MAILBOXES.lock(&mut servers).await;
    common::empty_mailboxes(&servers).await;
    let db = temp_db("flood");
    let mut settings = common::settings(&servers);
    settings.per_sender_per_hour = 3;
    let agora = Agora::start(&db, settings).await;
    let mut carol = Player::new(&servers, "carol");
    let mut dave = Player::new(&servers, "dave");
    for _ in 0..7 {
        carol.send_agora("help", "help").await;
    }
    // Three answers, and the first mail over the limit gets one short notice (the server may
    // deliver them in any order); the rest get nothing.
    let answers = carol.next_mails(4, WAIT).await;
    carol.no_mail(Duration::from_secs(4)).await;
    let (notices, answers): (Vec<Received>, Vec<Received>) = answers
        .into_iter()
        .partition(|a| a.subject == "Agora: too many mails");
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(
        notices[0].text.contains("does not read more"),
        "{notices:?}"
    );
    assert!(!notices[0].text.contains("To confirm"), "{notices:?}");
    assert_eq!(answers.len(), 3, "{answers:?}");
    assert!(
        answers.iter().all(|a| a.text.contains("To confirm")),
        "{answers:?}"
    );
    // Others are not affected.
    dave.send_agora("help", "help").await;
    dave.next_mail(WAIT).await;
    // A reply carrying carol's token is read whatever the count: it confirms her address.
    carol.reply(&answers[0], "games").await;
    let confirmed = carol.next_mail(WAIT).await;
    assert!(confirmed.text.contains("is confirmed"), "{confirmed:?}");
    agora.stop().await;
}
