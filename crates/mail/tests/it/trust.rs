//! Attacks on the mail front end's trust, each carried out through real servers (dovecot and
//! OpenSMTPD from `tests/mail/servers.sh`) and shown to fail: a forged From whose commands would
//! run once the real owner answers, a game's token used in another game, an old token after its
//! owner revoked it, a flood of forged mails meant to silence a player, a forged mail that would
//! make Agora carry a stranger's text, guessing verification codes, a mail the receiving server
//! found forged, Message-IDs that are the scheduler's own delivery ids, a `vacation` sent after a
//! missed deadline, and subjects that once panicked the front end. That no mail body ever shows its reply token is checked on every mail
//! received (`common::Player::fetch_new`).
//!
//! Without the servers (no `AGORA_TEST_IMAP_PORT` in the environment) every test prints SKIPPED
//! and passes, unless `AGORA_REQUIRE_MAIL_SERVERS=1` (as in CI) makes it fail, naming what is
//! missing.

use agora_testkit::mail as common;

use agora_mail::Outcome;
use agora_store::GameStatus;
use common::{Agora, MAILBOXES, Player, Received};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(120);

fn temp_db(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("agora-trust-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("agora.db")
}

async fn confirmed(player: &mut Player) -> Received {
    common::confirmed(player, WAIT).await
}

async fn started(
    first: &mut Player,
    home: &Received,
    second: &mut Player,
    game: i64,
) -> (Received, Received) {
    common::started(first, home, second, game, WAIT).await
}

async fn status(agora: &Agora, game: i64) -> GameStatus {
    agora
        .front
        .service()
        .game_state(game, None)
        .await
        .unwrap()
        .unwrap()
        .status
}

async fn player_id(agora: &Agora, address: &str) -> Option<i64> {
    let mut tx = agora.front.service().store().write().await.unwrap();
    tx.player_by_identity(&format!("mailto:{address}"))
        .await
        .unwrap()
        .map(|p| p.id)
}

/// A forged `From: dave@…` with `accept`, `resign` and `link <the forger's code>`, then Dave's
/// genuine replies: nothing of the forged mail ever runs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forged_mails_commands_never_run_later() {
    let Some(mut servers) = common::servers("a_forged_mails_commands_never_run_later") else {
        return;
    };
    let _turn = MAILBOXES.lock(&mut servers).await;
    let (domain, service) = (servers.domain.clone(), servers.service());
    common::empty_mailboxes(&servers).await;
    let agora = Agora::start(&temp_db("forged"), common::settings(&servers)).await;
    let mut alice = Player::new(&servers, "alice");
    let mut dave = Player::new(&servers, "dave");
    let mut carol = Player::new(&servers, "carol");

    let home = confirmed(&mut alice).await;
    alice.reply(&home, "link").await;
    let link = alice.next_mail(WAIT).await;
    let code = link
        .text
        .split("link code is ")
        .nth(1)
        .and_then(|rest| rest.split('.').next())
        .unwrap_or_else(|| panic!("no link code: {link:?}"))
        .to_owned();
    alice
        .reply(&home, &format!("challenge dave@{domain} agon"))
        .await;
    alice.next_mail(WAIT).await;
    let invitation = dave.next_mail(WAIT).await;
    assert!(invitation.text.contains("challenges you"), "{invitation:?}");

    // The forgery, through the real SMTP server, from another mailbox.
    carol
        .send_raw(
            &format!("dave@{domain}"),
            &service,
            "Subject: my moves\r\nContent-Type: text/plain",
            &format!("accept 1\r\nresign 1\r\nlink {code}"),
        )
        .await;
    let request = dave.next_mail(WAIT).await;
    assert!(request.text.contains("To confirm"), "{request:?}");
    assert!(request.text.contains("did nothing else"), "{request:?}");
    for forged in ["accept 1", "resign 1", &code] {
        assert!(!request.text.contains(forged), "{forged}: {request:?}");
    }
    alice.no_mail(Duration::from_secs(2)).await;

    // Dave's genuine replies, each carrying his token: the first confirms the address, and
    // nothing the forger asked runs with it.
    dave.reply(&request, "").await;
    let confirmed = dave.next_mail(WAIT).await;
    assert!(confirmed.text.contains("is confirmed"), "{confirmed:?}");
    assert!(!confirmed.text.contains("started"), "{confirmed:?}");
    dave.reply(&invitation, "board").await;
    let board = dave.next_mail(WAIT).await;
    assert!(!board.text.starts_with("Sorry"), "{board:?}");
    alice.no_mail(Duration::from_secs(2)).await;
    assert_eq!(status(&agora, 1).await, GameStatus::Proposed);
    assert_ne!(
        player_id(&agora, &format!("dave@{domain}")).await,
        player_id(&agora, &format!("alice@{domain}")).await,
        "the identities were merged"
    );
    agora.stop().await;
}

/// A game's token acts in that game only; the address's own token in no game; `revoke` replaces
/// every token, and a mail to an old one is a mail without a token.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tokens_are_scoped_and_revocable() {
    let Some(mut servers) = common::servers("tokens_are_scoped_and_revocable") else {
        return;
    };
    let _turn = MAILBOXES.lock(&mut servers).await;
    common::empty_mailboxes(&servers).await;
    let agora = Agora::start(&temp_db("scope"), common::settings(&servers)).await;
    let mut alice = Player::new(&servers, "alice");
    let mut bob = Player::new(&servers, "bob");

    let home = confirmed(&mut alice).await;
    let (game_one, _) = started(&mut alice, &home, &mut bob, 1).await;
    let (_, _) = started(&mut alice, &home, &mut bob, 2).await;

    alice.reply(&game_one, "resign 2").await;
    let refused = alice.next_mail(WAIT).await;
    assert!(
        refused.text.contains("can act in game #1 only"),
        "{refused:?}"
    );
    alice.reply(&home, "resign 1").await;
    let refused = alice.next_mail(WAIT).await;
    assert!(
        refused.text.contains("answer one of game #1's own mails"),
        "{refused:?}"
    );
    bob.no_mail(Duration::from_secs(2)).await;
    assert_eq!(status(&agora, 1).await, GameStatus::Active);
    assert_eq!(status(&agora, 2).await, GameStatus::Active);

    // Revoked: every old token is dead at once, the answer brings a new one.
    alice.reply(&game_one, "revoke").await;
    let revoked = alice.next_mail(WAIT).await;
    assert!(revoked.text.contains("keys were replaced"), "{revoked:?}");
    assert_ne!(revoked.token(), game_one.token());
    for old in [&game_one, &home] {
        alice.reply(old, "resign 1").await;
        let untokened = alice.next_mail(WAIT).await;
        assert!(
            untokened.text.contains("1 command in it was not done"),
            "{untokened:?}"
        );
        assert!(!untokened.text.contains("resign"), "{untokened:?}");
    }
    bob.no_mail(Duration::from_secs(1)).await;
    assert_eq!(status(&agora, 1).await, GameStatus::Active);
    alice.reply(&revoked, "resign 1").await;
    let resigned = alice.next_mail(WAIT).await;
    assert!(!resigned.text.starts_with("Sorry"), "{resigned:?}");
    assert!(bob.next_mail(WAIT).await.text.contains("is over"));
    assert_eq!(status(&agora, 1).await, GameStatus::Finished);
    agora.stop().await;
}

/// 32 forged mails in Alice's name use up the hour's limit of mail without a token (one notice,
/// then silence); Alice's genuine move, with her token, is still applied and answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forged_flood_never_silences_the_owner() {
    let Some(mut servers) = common::servers("a_forged_flood_never_silences_the_owner") else {
        return;
    };
    let _turn = MAILBOXES.lock(&mut servers).await;
    let (domain, service) = (servers.domain.clone(), servers.service());
    common::empty_mailboxes(&servers).await;
    let mut settings = common::settings(&servers);
    settings.per_sender_per_hour = 30;
    let agora = Agora::start(&temp_db("flood"), settings).await;
    let mut alice = Player::new(&servers, "alice");
    let mut bob = Player::new(&servers, "bob");
    let mut dave = Player::new(&servers, "dave");
    let home = confirmed(&mut alice).await;
    let (latest, _) = started(&mut alice, &home, &mut bob, 1).await;

    for _ in 0..32 {
        dave.send_raw(
            &format!("alice@{domain}"),
            &service,
            "Subject: resign\r\nContent-Type: text/plain",
            "resign 1",
        )
        .await;
    }
    // Alice's own first mail (`help`, before she had a token) counted too: 29 forged mails are
    // answered, the 30th over the limit gets the notice, the last two nothing.
    // The server may deliver them in any order.
    let answers = alice.next_mails(30, WAIT).await;
    alice.no_mail(Duration::from_secs(3)).await;
    let (notices, answers): (Vec<Received>, Vec<Received>) = answers
        .into_iter()
        .partition(|a| a.subject == "Agora: too many mails");
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(answers.len(), 29, "{answers:?}");
    assert!(
        answers
            .iter()
            .all(|a| a.text.contains("1 command in it was not done") && !a.text.contains("resign")),
        "{answers:?}"
    );

    let start = agora_rules::Variant::Agon.start();
    let action = start.notation(start.legal_actions()[0]);
    alice.reply(&latest, &action).await;
    let answer = alice.next_mail(WAIT).await;
    assert!(answer.text.contains("you played"), "{answer:?}");
    assert!(bob.next_mail(WAIT).await.text.contains("Your turn"));
    assert_eq!(status(&agora, 1).await, GameStatus::Active);
    agora.stop().await;
}

/// A forged mail to an address that never wrote to Agora, full of someone else's text: the answer
/// repeats none of it, not even the subject, and does nothing it asks.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stranger_gets_none_of_the_forgers_text() {
    let Some(mut servers) = common::servers("a_stranger_gets_none_of_the_forgers_text") else {
        return;
    };
    let _turn = MAILBOXES.lock(&mut servers).await;
    let (domain, service) = (servers.domain.clone(), servers.service());
    common::empty_mailboxes(&servers).await;
    let agora = Agora::start(&temp_db("relay"), common::settings(&servers)).await;
    let mut carol = Player::new(&servers, "carol");
    let mut bob = Player::new(&servers, "bob");
    let mut dave = Player::new(&servers, "dave");

    let spam = [
        "Cheap watches",
        "spam.example",
        &format!("bob@{domain}"),
        "zzzzzzzzzz",
        "xyzzy",
        "Dear friend",
    ];
    dave.send_raw(
        &format!("carol@{domain}"),
        &service,
        "Subject: Cheap watches at spam.example\r\nContent-Type: text/plain",
        &format!("Dear friend, visit http://spam.example for Cheap watches\r\nchallenge bob@{domain} agon\r\nverify zzzzzzzzzz\r\nhelp xyzzy"),
    )
    .await;
    let answer = carol.next_mail(WAIT).await;
    assert_eq!(answer.subject, "Agora: please confirm your address");
    assert_eq!(answer.in_reply_to, None, "{answer:?}");
    assert!(answer.references.is_empty(), "{answer:?}");
    for text in spam {
        assert!(!answer.text.contains(text), "{text}: {answer:?}");
    }
    assert!(answer.text.contains("not the code"), "{answer:?}");
    assert!(answer.text.contains("did nothing else"), "{answer:?}");
    bob.no_mail(Duration::from_secs(2)).await;
    agora.stop().await;
}

/// Verification codes: wrong guesses are answered up to the day's limit, the next one is told
/// that codes are no longer checked, later ones get nothing, and even the right code is not
/// checked then; a reply still confirms. A code is void after its time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guessing_codes_is_limited_and_codes_expire() {
    let Some(mut servers) = common::servers("guessing_codes_is_limited_and_codes_expire") else {
        return;
    };
    let _turn = MAILBOXES.lock(&mut servers).await;
    let (domain, service) = (servers.domain.clone(), servers.service());
    common::empty_mailboxes(&servers).await;
    let mut settings = common::settings(&servers);
    settings.wrong_codes_per_day = 2;
    let agora = Agora::start(&temp_db("codes"), settings).await;
    let mut dave = Player::new(&servers, "dave");
    let mut carol = Player::new(&servers, "carol");

    dave.send_agora("code", "verify").await;
    let first = dave.next_mail(WAIT).await;
    let code = first.code();
    assert_ne!(code, first.token(), "a code is not a reply token");
    for guess in ["aaaaaaaaaa", "bbbbbbbbbb"] {
        dave.send_agora("code", &format!("verify {guess}")).await;
        let wrong = dave.next_mail(WAIT).await;
        assert!(wrong.text.contains("not the code"), "{wrong:?}");
    }
    dave.send_agora("code", "verify cccccccccc").await;
    let locked = dave.next_mail(WAIT).await;
    assert!(locked.text.contains("Too many wrong codes"), "{locked:?}");
    assert!(!locked.text.contains("not the code"), "{locked:?}");
    // The right code is not even checked now, and there is no more answer.
    dave.send_agora("code", &format!("verify {code}")).await;
    dave.send_agora("code", "verify dddddddddd").await;
    dave.no_mail(Duration::from_secs(3)).await;
    let unverified = |agora: &Agora, address: &str| {
        let service = agora.front.service().clone();
        let address = address.to_owned();
        async move {
            let mut tx = service.store().write().await.unwrap();
            !tx.mail_sender(&address)
                .await
                .unwrap()
                .is_some_and(|s| s.verified)
        }
    };
    assert!(unverified(&agora, &format!("dave@{domain}")).await);
    dave.reply(&first, "").await;
    let confirmed = dave.next_mail(WAIT).await;
    assert!(confirmed.text.contains("is confirmed"), "{confirmed:?}");

    // Expiry: the code Carol was sent, used two days and more later, confirms nothing.
    carol.send_agora("code", "verify").await;
    let code = carol.next_mail(WAIT).await.code();
    let raw = format!(
        "From: carol@{domain}\r\nTo: {service}\r\nMessage-ID: <late.{}@{domain}>\r\nSubject: code\r\n\r\nverify {code}\r\n",
        std::process::id()
    );
    let later = chrono::Utc::now() + chrono::Duration::hours(49);
    let outcome = agora
        .front
        .handle_mail(raw.as_bytes(), false, "late", later)
        .await
        .unwrap();
    assert_eq!(outcome, Outcome::Verification);
    assert!(unverified(&agora, &format!("carol@{domain}")).await);
    agora.stop().await;
}

/// With `trust_authentication_results`, a mail whose receiving server found DMARC failing is not
/// acted on and gets no answer, even with the sender's token; the same mail passing is acted on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mail_the_receiving_server_found_forged_is_not_acted_on() {
    let Some(mut servers) =
        common::servers("a_mail_the_receiving_server_found_forged_is_not_acted_on")
    else {
        return;
    };
    let _turn = MAILBOXES.lock(&mut servers).await;
    let domain = servers.domain.clone();
    common::empty_mailboxes(&servers).await;
    let mut settings = common::settings(&servers);
    settings.trust_authentication_results = Some("mx.example.test".into());
    let agora = Agora::start(&temp_db("dmarc"), settings).await;
    let mut carol = Player::new(&servers, "carol");
    let mut dave = Player::new(&servers, "dave");
    let home = confirmed(&mut carol).await;

    let failed = format!(
        "Authentication-Results: mx.example.test; spf=pass smtp.mailfrom={domain};\r\n dkim=none; dmarc=fail (p=reject) header.from={domain}\r\n"
    );
    carol
        .reply_with(&home, &failed, &format!("challenge dave@{domain} agon"))
        .await;
    // Another server's pass does not outweigh the trusted server's fail.
    let mixed = "Authentication-Results: evil.example; dmarc=pass\r\nAuthentication-Results: mx.example.test; dmarc=fail\r\n";
    carol
        .reply_with(&home, mixed, &format!("challenge dave@{domain} agon"))
        .await;
    carol.no_mail(Duration::from_secs(4)).await;
    dave.no_mail(Duration::from_millis(100)).await;

    let passed = format!(
        "Authentication-Results: mx.example.test; dkim=pass header.d={domain}; dmarc=pass\r\n"
    );
    carol
        .reply_with(&home, &passed, &format!("challenge dave@{domain} agon"))
        .await;
    let answer = carol.next_mail(WAIT).await;
    assert!(answer.text.contains("you challenged"), "{answer:?}");
    assert!(dave.next_mail(WAIT).await.text.contains("challenges you"));
    agora.stop().await;
}

/// A flood from many addresses of one domain, or from everywhere, is cut off by the domain's and
/// the overall hourly limits without any notice; a tokened mail still goes through.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn domain_and_overall_limits_cut_off_silently() {
    let Some(mut servers) = common::servers("domain_and_overall_limits_cut_off_silently") else {
        return;
    };
    let _turn = MAILBOXES.lock(&mut servers).await;
    common::empty_mailboxes(&servers).await;
    let mut settings = common::settings(&servers);
    settings.per_domain_per_hour = 3;
    let agora = Agora::start(&temp_db("domain"), settings).await;
    let mut carol = Player::new(&servers, "carol");
    let mut dave = Player::new(&servers, "dave");
    carol.send_agora("help", "help").await;
    let first = carol.next_mail(WAIT).await;
    dave.send_agora("help", "help").await;
    dave.next_mail(WAIT).await;
    carol.send_agora("help", "help").await;
    carol.next_mail(WAIT).await;
    // The domain's fourth mail of the hour, from either address: nothing, not even a notice.
    dave.send_agora("help", "help").await;
    carol.send_agora("help", "help").await;
    dave.no_mail(Duration::from_secs(3)).await;
    carol.no_mail(Duration::from_millis(100)).await;
    carol.reply(&first, "games").await;
    let confirmed = carol.next_mail(WAIT).await;
    assert!(confirmed.text.contains("is confirmed"), "{confirmed:?}");
    agora.stop().await;

    let mut settings = common::settings(&servers);
    settings.unauthenticated_per_hour = 1;
    let agora = Agora::start(&temp_db("overall"), settings).await;
    carol.send_agora("help", "help").await;
    carol.next_mail(WAIT).await;
    dave.send_agora("help", "help").await;
    dave.no_mail(Duration::from_secs(3)).await;
    agora.stop().await;
}

/// Mails whose Message-IDs are the scheduler's and the computer's own delivery ids
/// (`clock:<game>:<version>`, `computer:<game>:<ply>`) are a player's mails like any other: the
/// sweep that follows still ends the game on time.
/// Marks the one move of an unwarned deadline of game `game` as spent: for tests of the clock that
/// send no reminder before a deadline passes (the rule has tests of its own in the service).
async fn spend_grace(agora: &Agora, game: i64) {
    let mut tx = agora.front.service().store().write().await.unwrap();
    let mut g = tx.game(game).await.unwrap().unwrap();
    g.grace_ply = Some(u32::MAX);
    tx.save_game(&mut g, chrono::Utc::now()).await.unwrap();
    tx.commit().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_id_cannot_stop_the_clock() {
    let Some(mut servers) = common::servers("a_message_id_cannot_stop_the_clock") else {
        return;
    };
    let _turn = MAILBOXES.lock(&mut servers).await;
    common::empty_mailboxes(&servers).await;
    let agora = Agora::start(&temp_db("clock-ids"), common::settings(&servers)).await;
    let mut alice = Player::new(&servers, "alice");
    let mut bob = Player::new(&servers, "bob");
    let home = confirmed(&mut alice).await;
    let (_, bob_latest) = started(&mut alice, &home, &mut bob, 1).await;

    let taken: Vec<String> = (0..12)
        .map(|v| format!("clock:1:{v}"))
        .chain((0..4).map(|p| format!("computer:1:{p}")))
        .collect();
    for id in &taken {
        let raw = format!(
            "From: {bob}\r\nTo: {reply}\r\nMessage-ID: <{id}>\r\nDate: Mon, 30 Nov 2026 10:00:00 +0000\r\nSubject: help\r\nContent-Type: text/plain\r\n\r\nhelp\r\n",
            bob = bob.address,
            reply = bob_latest.reply_to,
        );
        bob.deliver(&raw, &bob_latest.reply_to).await;
    }
    let answers = bob.next_mails(taken.len(), WAIT).await;
    assert!(
        answers.iter().all(|a| a.text.contains("Commands (")),
        "{answers:?}"
    );
    assert_eq!(status(&agora, 1).await, GameStatus::Active);

    // Alice lets her three days pass: the sweep finds the game due and ends it (this test sends
    // no reminder before it, so the game's one move of an unwarned deadline is spent first).
    let later = chrono::Utc::now() + chrono::Duration::days(4);
    spend_grace(&agora, 1).await;
    agora.front.service().sweep(later).await.unwrap();
    assert_eq!(status(&agora, 1).await, GameStatus::Finished);
    agora.front.deliver(later).await.unwrap();
    let over = bob.next_mail(WAIT).await;
    assert!(over.text.contains("is over"), "{over:?}");
    agora.stop().await;
}

/// `vacation` mailed after a missed deadline, before any sweep saw it, meets the clock first: the
/// game is lost on time, and the vacation moves no deadline of it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_late_vacation_does_not_escape_the_clock() {
    let Some(mut servers) = common::servers("a_late_vacation_does_not_escape_the_clock") else {
        return;
    };
    let _turn = MAILBOXES.lock(&mut servers).await;
    common::empty_mailboxes(&servers).await;
    let agora = Agora::start(&temp_db("late-vacation"), common::settings(&servers)).await;
    let mut alice = Player::new(&servers, "alice");
    let mut bob = Player::new(&servers, "bob");
    let home = confirmed(&mut alice).await;
    started(&mut alice, &home, &mut bob, 1).await;

    // Four days pass with Alice to act (the clock of the stored game is moved back; the running
    // front end reads mail with the real time and never sweeps).
    {
        let mut tx = agora.front.service().store().write().await.unwrap();
        let mut game = tx.game(1).await.unwrap().unwrap();
        let back = chrono::Duration::days(4);
        game.turn_started_at = game.turn_started_at.map(|t| t - back);
        game.deadline_at = game.deadline_at.map(|t| t - back);
        game.due_at = game.due_at.map(|t| t - back);
        // No reminder is sent in those days: the game's one move of an unwarned deadline is
        // spent, so the clock is what this test is about.
        game.grace_ply = Some(u32::MAX);
        tx.save_game(&mut game, chrono::Utc::now()).await.unwrap();
        tx.commit().await.unwrap();
    }
    alice.reply(&home, "vacation 3").await;
    let mails = alice.next_mails(2, WAIT).await;
    assert!(
        mails.iter().any(|m| m.text.contains("is over")),
        "the final report: {mails:?}"
    );
    assert_eq!(status(&agora, 1).await, GameStatus::Finished, "{mails:?}");
    let over = bob.next_mail(WAIT).await;
    assert!(over.text.contains("is over"), "{over:?}");
    assert!(over.text.contains("time"), "{over:?}");
    agora.stop().await;
}

/// Subjects outside ASCII (`Grüße`, `Привет`) are answered like any other, from a confirmed
/// address and from a stranger, instead of failing the mail for ever.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn subjects_in_any_script_are_answered() {
    let Some(mut servers) = common::servers("subjects_in_any_script_are_answered") else {
        return;
    };
    let _turn = MAILBOXES.lock(&mut servers).await;
    let service = servers.service();
    common::empty_mailboxes(&servers).await;
    let agora = Agora::start(&temp_db("scripts"), common::settings(&servers)).await;
    let mut alice = Player::new(&servers, "alice");
    let mut carol = Player::new(&servers, "carol");
    let home = confirmed(&mut alice).await;

    for subject in ["=?UTF-8?B?R3LDvMOfZQ==?=", "=?UTF-8?B?0J/RgNC40LLQtdGC?="] {
        let from = carol.address.clone();
        carol
            .send_raw(
                &from,
                &service,
                &format!("Subject: {subject}\r\nContent-Type: text/plain; charset=utf-8"),
                "help",
            )
            .await;
        let answer = carol.next_mail(WAIT).await;
        assert!(answer.text.contains("To confirm"), "{answer:?}");
        let from = alice.address.clone();
        alice
            .send_raw(
                &from,
                &home.reply_to,
                &format!("Subject: {subject}\r\nContent-Type: text/plain; charset=utf-8"),
                "games",
            )
            .await;
        let answer = alice.next_mail(WAIT).await;
        assert!(!answer.text.starts_with("Sorry"), "{answer:?}");
        assert!(
            answer.subject.contains("Grüße") || answer.subject.contains("Привет"),
            "{answer:?}"
        );
    }
    agora.stop().await;
}
