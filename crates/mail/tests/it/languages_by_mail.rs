//! Whole games by mail in Dutch and in Swedish against the real servers (dovecot and OpenSMTPD
//! from `tests/mail/servers.sh`): the service's default language is Dutch, so a newcomer by mail
//! is answered in Dutch until they choose; one player keeps Dutch, the other chooses Swedish, and
//! each reads the same game in their own language, commands typed in either language's words.
//!
//! Without the servers (no `AGORA_TEST_IMAP_PORT` in the environment) every test prints SKIPPED
//! and passes, unless `AGORA_REQUIRE_MAIL_SERVERS=1` (as in CI) makes it fail, naming what is
//! missing.

use agora_testkit::mail as common;

use agora_rules::Variant;
use agora_service::{Language, Settings};
use common::{Agora, MAILBOXES, Player, Received, short_game};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(120);

fn temp_db(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("agora-mail-lang-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("agora.db")
}

/// Confirms a newcomer's address; the request and the answer are in Dutch, the default.
async fn confirmed_in_dutch(player: &mut Player) -> Received {
    player.send_agora("hallo", "hulp").await;
    let request = player.next_mail(WAIT).await;
    assert!(request.text.contains("Om te bevestigen"), "{request:?}");
    player.reply(&request, "partijen").await;
    let home = player.next_mail(WAIT).await;
    assert!(home.text.contains("is bevestigd"), "{home:?}");
    home
}

/// Plays `record` by replies, the first seat's player moving first; checks every answer and
/// notification is in its reader's language, and both hear the end.
async fn play_through(
    record: &[String],
    (first, mut first_latest): (&mut Player, Received),
    (second, mut second_latest): (&mut Player, Received),
    (first_words, second_words): (&[&str], &[&str]),
) {
    for (i, action) in record.iter().enumerate() {
        let (mover, latest, other, mover_words, other_words) = if i % 2 == 0 {
            (
                &mut *first,
                &first_latest,
                &mut *second,
                first_words,
                second_words,
            )
        } else {
            (
                &mut *second,
                &second_latest,
                &mut *first,
                second_words,
                first_words,
            )
        };
        mover.reply(latest, action).await;
        let answer = mover.next_mail(WAIT).await;
        assert!(
            mover_words.iter().any(|w| answer.text.contains(w)),
            "{action}: {answer:?}"
        );
        let notice = other.next_mail(WAIT).await;
        assert!(
            other_words.iter().any(|w| notice.text.contains(w)),
            "{action}: {notice:?}"
        );
        if i % 2 == 0 {
            (first_latest, second_latest) = (answer, notice);
        } else {
            (second_latest, first_latest) = (answer, notice);
        }
    }
    assert!(
        first_latest.text.contains(first_words[0]),
        "{first_latest:?}"
    );
    assert!(
        second_latest.text.contains(second_words[0]),
        "{second_latest:?}"
    );
}

/// A whole game of `kind` by mail, Alice in Dutch and Bob in Swedish: each game a test of its
/// own, so the two play at once on the mail servers' lanes.
async fn whole_game_in_dutch_and_swedish(test: &str, kind: &str, variant: Variant) {
    let Some(mut servers) = common::servers(test) else {
        return;
    };
    let _turn = MAILBOXES.lock(&mut servers).await;
    common::empty_mailboxes(&servers).await;
    let db = temp_db(test);
    let settings = Settings {
        seed: Some(7),
        default_language: Language::Nl,
        ..Settings::default()
    };
    let service = common::service_with(&db, settings).await;
    let agora = Agora::start_on(service, &db, common::settings(&servers)).await;
    let mut alice = Player::new(&servers, "alice");
    let mut bob = Player::new(&servers, "bob");

    let alice_home = confirmed_in_dutch(&mut alice).await;
    let bob_home = confirmed_in_dutch(&mut bob).await;
    // The Dutch footer goes under every mail.
    assert!(bob_home.text.contains("Agora"), "{bob_home:?}");
    // Bob chooses Swedish, in Swedish words; the answer is already in Swedish.
    bob.reply(&bob_home, "inställningar språk sv").await;
    let chosen = bob.next_mail(WAIT).await;
    assert!(chosen.text.contains("svenska"), "{chosen:?}");
    assert!(chosen.text.starts_with("Klart"), "{chosen:?}");

    // Alice challenges in Dutch words, bob accepts in Swedish words.
    let challenge = kind.replace("board", "bord").replace("farmers", "boeren");
    alice
        .reply(
            &alice_home,
            &format!("uitdagen {} {challenge}", bob.address),
        )
        .await;
    let sent = alice.next_mail(WAIT).await;
    assert!(sent.text.contains("Partij #1: je hebt"), "{sent:?}");
    let invitation = bob.next_mail(WAIT).await;
    assert!(invitation.text.contains("utmanar dig"), "{invitation:?}");
    bob.reply(&invitation, "acceptera").await;
    let bob_start = bob.next_mail(WAIT).await;
    assert!(bob_start.text.contains("har börjat"), "{bob_start:?}");
    let alice_start = alice.next_mail(WAIT).await;
    assert!(
        alice_start.text.contains("Jij bent aan zet"),
        "{alice_start:?}"
    );
    // A mistake is explained in the sender's language and changes nothing.
    bob.reply(&bob_start, "zz9").await;
    let refusal = bob.next_mail(WAIT).await;
    assert!(refusal.text.starts_with("Tyvärr"), "{refusal:?}");

    let record = short_game(variant);
    play_through(
        &record,
        (&mut alice, alice_start),
        (&mut bob, refusal),
        (&["is afgelopen", "Partij #"], &["är slut", "Parti #"]),
    )
    .await;
    alice.no_mail(Duration::from_secs(2)).await;
    agora.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn agon_by_mail_in_dutch_and_swedish() {
    whole_game_in_dutch_and_swedish("agon_by_mail_in_dutch_and_swedish", "agon", Variant::Agon)
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn agros_by_mail_in_dutch_and_swedish() {
    whole_game_in_dutch_and_swedish(
        "agros_by_mail_in_dutch_and_swedish",
        "agros board 8 farmers 3",
        Variant::Agros {
            board: 8,
            farmers: 3,
        },
    )
    .await;
}
