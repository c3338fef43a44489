//! The community by mail, through real servers (dovecot and OpenSMTPD from
//! `tests/mail/servers.sh`): a game played from an open challenge, a watcher who gets each
//! action's board and the final report by mail, a preview's picture, and a game's record sent as
//! an attached file that reads back.
//!
//! Without the servers (no `AGORA_TEST_IMAP_PORT` in the environment) every test prints SKIPPED
//! and passes, unless `AGORA_REQUIRE_MAIL_SERVERS=1` (as in CI) makes it fail, naming what is
//! missing.

use agora_testkit::mail as common;

use agora_rules::record::Record;
use common::{Agora, MAILBOXES, Player};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(120);

fn temp_db(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("agora-mail-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("agora.db")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watcher_follows_by_mail_and_a_record_comes_attached() {
    let Some(mut servers) =
        common::servers("a_watcher_follows_by_mail_and_a_record_comes_attached")
    else {
        return;
    };
    let _turn = MAILBOXES.lock(&mut servers).await;
    common::empty_mailboxes(&servers).await;
    let agora = Agora::start(&temp_db("community"), common::settings(&servers)).await;
    let mut alice = Player::new(&servers, "alice");
    let mut bob = Player::new(&servers, "bob");
    let mut carol = Player::new(&servers, "carol");
    let alice_home = common::confirmed(&mut alice, WAIT).await;
    let bob_home = common::confirmed(&mut bob, WAIT).await;
    let carol_home = common::confirmed(&mut carol, WAIT).await;

    // An open challenge, listed for everyone and taken by the first to accept.
    alice.reply(&alice_home, "challenge anyone agon").await;
    let sent = alice.next_mail(WAIT).await;
    assert!(sent.text.contains("your open challenge"), "{sent:?}");
    bob.reply(&bob_home, "seeks").await;
    let seeks = bob.next_mail(WAIT).await;
    assert!(seeks.text.contains("#1  Agon by alice"), "{seeks:?}");
    bob.reply(&bob_home, "accept #1").await;
    let bob_start = bob.next_mail(WAIT).await;
    assert!(bob_start.text.contains("has started"), "{bob_start:?}");
    let alice_start = alice.next_mail(WAIT).await;
    assert!(alice_start.text.contains("Your turn"), "{alice_start:?}");

    // Carol watches; each action's board comes to her, with its picture.
    carol.reply(&carol_home, "games live\r\nwatch #1").await;
    let watching = carol.next_mail(WAIT).await;
    assert!(
        watching.text.contains("#1  Agon, alice vs bob"),
        "{watching:?}"
    );
    assert!(
        watching.text.contains("You now watch game #1"),
        "{watching:?}"
    );
    alice.reply(&alice_start, "k1-j1").await;
    let board = carol.next_mail(WAIT).await;
    assert!(board.subject.starts_with("[Agora #1] "), "{board:?}");
    assert!(
        board
            .text
            .contains("(watched), ply 1: alice (white) played k1-j1"),
        "{board:?}"
    );
    // The mail links to the game's page on the website.
    assert!(
        board
            .text
            .contains(&format!("The game on the web: {}/games/1", common::SITE)),
        "{board:?}"
    );
    assert!(
        board.files.iter().any(|(_, kind, _)| kind == "image/png"),
        "{board:?}"
    );
    let bob_turn = bob.next_mail(WAIT).await;
    assert!(bob_turn.text.contains("played k1-j1"), "{bob_turn:?}");
    let _ = alice.next_mail(WAIT).await;

    // Bob previews an action: the board after it and its picture, to him alone, nothing played.
    bob.reply(&bob_turn, "preview a6-a5").await;
    let preview = bob.next_mail(WAIT).await;
    assert!(preview.text.contains("(not played)"), "{preview:?}");
    assert!(
        preview
            .files
            .iter()
            .any(|(name, kind, bytes)| name == "preview-1-2.png"
                && kind == "image/png"
                && bytes.starts_with(b"\x89PNG")),
        "{preview:?}"
    );
    alice.no_mail(Duration::from_secs(2)).await;
    carol.no_mail(Duration::ZERO).await;

    // Bob resigns: the watcher gets the final report too.
    bob.reply(&bob_turn, "resign").await;
    let _ = bob.next_mail(WAIT).await;
    let report = carol.next_mail(WAIT).await;
    assert!(report.text.contains("(watched) is over"), "{report:?}");
    assert!(report.text.contains("alice (white) wins"), "{report:?}");
    let _ = alice.next_mail(WAIT).await;

    // The record, as a file that reads back to the game.
    carol.reply(&carol_home, "export #1").await;
    let export = carol.next_mail(WAIT).await;
    let (_, kind, bytes) = export
        .files
        .iter()
        .find(|(name, _, _)| name == "agora-1.txt")
        .unwrap_or_else(|| panic!("the record attached: {export:?}"));
    assert!(kind.starts_with("text/plain"), "{kind}");
    let record = Record::parse(std::str::from_utf8(bytes).unwrap()).unwrap();
    assert_eq!(record.actions(), ["k1-j1"]);
    assert_eq!(record.tag("Result"), Some("1-0"));
    assert_eq!(record.tag("Reason"), Some("resignation"));
    assert_eq!(record.tag("First"), Some("alice"));
    record.replay().unwrap();
    agora.stop().await;
}
