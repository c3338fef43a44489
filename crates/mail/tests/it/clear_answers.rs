//! What Agora answers, by mail through real servers (dovecot and OpenSMTPD from
//! `tests/mail/servers.sh`), when a mail is not simply a list of commands it may run: a newcomer
//! asking for help before confirming the address, a wrong confirmation code, commands sent without
//! the personal key, lines that are not commands; and what every mail looks like: one subject per
//! game for its whole life, and the footer about the personal key only on mails about a game.
//!
//! Without the servers (no `AGORA_TEST_IMAP_PORT` in the environment) every test prints SKIPPED
//! and passes, unless `AGORA_REQUIRE_MAIL_SERVERS=1` (as in CI) makes it fail, naming what is
//! missing.

use agora_testkit::mail as common;

use common::{Agora, MAILBOXES, Player, Received};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(120);
/// Words of the footer of a mail about a game, and of no other.
const KEY: &str = "carries your personal key";

fn temp_db(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("agora-mail-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("agora.db")
}

/// The footer of a mail: what follows the signature separator.
fn footer(mail: &Received) -> &str {
    let text = mail.text.as_str();
    text.rfind("\n-- ")
        .map(|at| &text[at..])
        .unwrap_or_else(|| panic!("no footer: {mail:?}"))
}

/// Confirms a newcomer's address by answering the confirmation request.
async fn confirm(player: &mut Player) {
    player.send_agora("hello", "games").await;
    let request = player.next_mail(WAIT).await;
    assert!(request.text.contains("To confirm"), "{request:?}");
    player.reply(&request, "").await;
    let confirmed = player.next_mail(WAIT).await;
    assert!(confirmed.text.contains("is confirmed"), "{confirmed:?}");
}

/// A newcomer's `help` is answered at once, with the confirmation request added; a command that
/// changes something is not done, not kept and not repeated: it is sent again once the address
/// is confirmed, and `help` is not answered a second time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newcomer_gets_help_and_how_to_confirm() {
    let Some(mut servers) = common::servers("a_newcomer_gets_help_and_how_to_confirm") else {
        return;
    };
    let _turn = MAILBOXES.lock(&mut servers).await;
    let domain = servers.domain.clone();
    common::empty_mailboxes(&servers).await;
    let agora = Agora::start(&temp_db("help"), common::settings(&servers)).await;
    let mut carol = Player::new(&servers, "carol");

    carol
        .send_agora(
            "hello",
            &format!("help\r\nhelp challenge\r\nchallenge dave@{domain} agon"),
        )
        .await;
    let answer = carol.next_mail(WAIT).await;
    let text = &answer.text;
    // Our own subject, not theirs; both help answers, each under its command.
    assert_eq!(answer.subject, "Agora: please confirm your address");
    assert_eq!(answer.in_reply_to, None, "{answer:?}");
    assert!(text.contains("> help\n"), "{answer:?}");
    assert!(
        text.contains("Commands (send `help <command>`"),
        "{answer:?}"
    );
    assert!(text.contains("> help challenge\n"), "{answer:?}");
    assert!(text.contains("challenge <opponent|anyone>"), "{answer:?}");
    // And how to confirm: by a reply (the key is in the Reply-To only), or with the code.
    let code = answer.code();
    assert_ne!(code, answer.token());
    assert!(
        text.contains(&format!("To confirm that carol@{domain} is yours")),
        "{answer:?}"
    );
    assert!(!text.contains(&answer.reply_to), "{answer:?}");
    assert!(
        text.contains(&format!("send a mail to agora@{domain}")),
        "{answer:?}"
    );
    // The challenge was not done, and its text is not repeated.
    assert!(text.contains("did nothing else"), "{answer:?}");
    assert!(!text.contains(&format!("dave@{domain}")), "{answer:?}");
    assert!(!text.contains("agora+…"), "{answer:?}");
    assert!(!footer(&answer).contains(KEY), "{answer:?}");
    assert!(
        footer(&answer).contains(&format!("write to agora@{domain}")),
        "{answer:?}"
    );

    carol
        .reply(&answer, &format!("challenge dave@{domain} agon"))
        .await;
    let confirmed = carol.next_mail(WAIT).await;
    assert!(confirmed.text.contains("is confirmed"), "{confirmed:?}");
    assert!(confirmed.text.contains("you challenged"), "{confirmed:?}");
    assert!(!confirmed.text.contains("Commands ("), "{confirmed:?}");
    carol.no_mail(Duration::from_secs(2)).await;
    agora.stop().await;
}

/// A wrong code in a `verify` line is answered as a wrong code (without repeating it), with the
/// right one and how to get it again; `verify` alone asks for it; the right code confirms; after that a code is needless,
/// never an unknown command.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_code_is_answered_as_one() {
    let Some(mut servers) = common::servers("a_wrong_code_is_answered_as_one") else {
        return;
    };
    let _turn = MAILBOXES.lock(&mut servers).await;
    let domain = servers.domain.clone();
    common::empty_mailboxes(&servers).await;
    let agora = Agora::start(&temp_db("code"), common::settings(&servers)).await;
    let mut dave = Player::new(&servers, "dave");

    // Well formed, but not the code Agora sent.
    dave.send_agora("my code", "verify abcdefghjk").await;
    let wrong = dave.next_mail(WAIT).await;
    let code = wrong.code();
    assert_ne!(code, "abcdefghjk");
    assert!(
        wrong
            .text
            .contains(&format!("not the code Agora sent to dave@{domain}")),
        "{wrong:?}"
    );
    assert!(!wrong.text.contains("abcdefghjk"), "{wrong:?}");
    assert!(
        wrong
            .text
            .contains(&format!("send `verify` alone to agora@{domain}")),
        "{wrong:?}"
    );
    assert!(wrong.text.contains(&format!("verify {code}")), "{wrong:?}");
    assert!(!wrong.text.contains("unknown command"), "{wrong:?}");
    assert!(!wrong.text.contains("not a command"), "{wrong:?}");
    assert!(!wrong.text.contains("did nothing else"), "{wrong:?}");

    dave.send_agora("code please", "verify").await;
    let again = dave.next_mail(WAIT).await;
    assert_eq!(again.code(), code);
    assert!(again.text.contains(&format!("verify {code}")), "{again:?}");
    assert!(!again.text.contains("not the code"), "{again:?}");

    // The right code, in a new mail rather than a reply.
    dave.send_agora("my code", &format!("verify {code}")).await;
    let confirmed = dave.next_mail(WAIT).await;
    assert!(
        confirmed
            .text
            .contains(&format!("dave@{domain} is confirmed")),
        "{confirmed:?}"
    );
    assert!(
        !confirmed.text.contains("found no command"),
        "{confirmed:?}"
    );

    dave.send_agora("my code", "verify 12345").await;
    let needless = dave.next_mail(WAIT).await;
    assert!(
        needless
            .text
            .contains(&format!("dave@{domain} is already confirmed")),
        "{needless:?}"
    );
    assert!(!needless.text.contains("unknown command"), "{needless:?}");
    agora.stop().await;
}

/// A mail without the personal key, even from a confirmed address, may be forged: its answer has
/// Agora's own subject and repeats none of its words (the commands not done and the other lines
/// are only counted), and gives a reply address that carries the key (never written in the
/// text). In a reply with the key, lines that are not commands get one answer listing them,
/// beside the answers to the commands of the same mail.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lines_that_are_not_commands_get_one_answer() {
    let Some(mut servers) = common::servers("lines_that_are_not_commands_get_one_answer") else {
        return;
    };
    let _turn = MAILBOXES.lock(&mut servers).await;
    let domain = servers.domain.clone();
    common::empty_mailboxes(&servers).await;
    let agora = Agora::start(&temp_db("prose"), common::settings(&servers)).await;
    let mut carol = Player::new(&servers, "carol");
    confirm(&mut carol).await;

    // A new mail, not a reply: it carries no key.
    let prose = ["Hello Agora,", "I hope you are well.", "Best wishes, Carol"];
    carol
        .send_agora(
            "a question",
            &format!(
                "{}\r\ngames\r\nresign 1\r\n{}\r\n{}",
                prose[0], prose[1], prose[2]
            ),
        )
        .await;
    let answer = carol.next_mail(WAIT).await;
    let text = &answer.text;
    assert!(text.contains("You have no open games"), "{answer:?}");
    assert_eq!(
        answer.subject, "Agora: a mail without your key",
        "{answer:?}"
    );
    assert_eq!(answer.in_reply_to, None, "{answer:?}");
    assert!(answer.references.is_empty(), "{answer:?}");
    assert!(text.contains("repeats none of it"), "{answer:?}");
    assert!(text.contains("1 command in it was not done"), "{answer:?}");
    assert!(
        text.contains("3 lines in it are not commands"),
        "{answer:?}"
    );
    for words in prose.iter().chain(&["resign", "a question"]) {
        assert!(!text.contains(words), "{words}: {answer:?}");
    }
    // The reply address carries the key.
    assert!(answer.reply_to.starts_with("agora+"), "{answer:?}");
    assert!(
        answer.reply_to.ends_with(&format!("@{domain}")),
        "{answer:?}"
    );
    assert!(!text.contains(&answer.reply_to), "{answer:?}");
    assert!(!text.contains("agora+…"), "{answer:?}");
    assert!(!footer(&answer).contains(KEY), "{answer:?}");

    // With the key, the prose is answered once, each line listed.
    carol
        .reply(
            &answer,
            &format!("{}\r\ngames\r\n{}\r\n{}", prose[0], prose[1], prose[2]),
        )
        .await;
    let listed = carol.next_mail(WAIT).await;
    let text = &listed.text;
    assert!(text.contains("You have no open games"), "{listed:?}");
    assert_eq!(text.matches("not commands").count(), 1, "{listed:?}");
    assert!(text.contains("These lines are not commands:"), "{listed:?}");
    for line in prose {
        assert_eq!(
            text.matches(&format!("    {line}")).count(),
            1,
            "{line}: {listed:?}"
        );
    }
    assert!(!text.contains("unknown command"), "{listed:?}");

    // One line of prose alone is not a command either, said once.
    carol.reply(&listed, "Thank you!").await;
    let one = carol.next_mail(WAIT).await;
    assert!(
        one.text.contains("`Thank you!` is not a command"),
        "{one:?}"
    );
    assert!(!one.text.contains("unknown command"), "{one:?}");
    agora.stop().await;
}

/// Every mail about a game has the game's subject, whatever its state and whoever it answers; the
/// footer about the personal key is on those and on no other mail (confirmation requests, help,
/// digests).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_subject_per_game_and_the_key_only_about_a_game() {
    let Some(mut servers) = common::servers("one_subject_per_game_and_the_key_only_about_a_game")
    else {
        return;
    };
    let _turn = MAILBOXES.lock(&mut servers).await;
    let domain = servers.domain.clone();
    common::empty_mailboxes(&servers).await;
    let agora = Agora::start(&temp_db("subject"), common::settings(&servers)).await;
    let mut carol = Player::new(&servers, "carol");
    let mut dave = Player::new(&servers, "dave");
    let subject = "[Agora #1] Agon: carol vs dave";

    carol
        .send_agora("a game", &format!("challenge dave@{domain} agon"))
        .await;
    let request = carol.next_mail(WAIT).await;
    assert!(request.text.contains("To confirm"), "{request:?}");
    assert!(!footer(&request).contains(KEY), "{request:?}");
    carol
        .reply(&request, &format!("challenge dave@{domain} agon"))
        .await;
    let sent = carol.next_mail(WAIT).await;
    assert_eq!(sent.subject, subject, "{sent:?}");
    assert!(footer(&sent).contains(KEY), "{sent:?}");
    assert!(footer(&sent).contains("game #1"), "{sent:?}");

    // Dave has never written to Agora: the invitation names Carol by her confirmed address, not by
    // the name she chose. From his first answer on, the game has its one subject.
    let invitation = dave.next_mail(WAIT).await;
    assert_eq!(
        invitation.subject,
        format!("[Agora #1] Agon: carol@{domain} vs dave"),
        "{invitation:?}"
    );
    assert!(
        invitation.text.contains("challenges you"),
        "the state is in the text: {invitation:?}"
    );
    assert!(footer(&invitation).contains(KEY), "{invitation:?}");

    // A reply in the game's conversation keeps its subject, even for `help`.
    dave.reply(&invitation, "help").await;
    let help = dave.next_mail(WAIT).await;
    assert_eq!(help.subject, subject, "{help:?}");
    assert!(help.text.contains("Commands ("), "{help:?}");

    // `help` outside any game: no game subject, no key.
    dave.send_agora("help", "help").await;
    let help = dave.next_mail(WAIT).await;
    assert!(!help.subject.contains("[Agora #"), "{help:?}");
    assert!(!footer(&help).contains(KEY), "{help:?}");
    assert!(
        footer(&help).contains(&format!("write to agora@{domain}")),
        "{help:?}"
    );

    // A digest lists games: it is about none. Settings are no game's business, so they come in
    // a reply to a mail about no game.
    dave.reply(&invitation, "settings digest 8").await;
    let refused = dave.next_mail(WAIT).await;
    assert!(
        refused.text.contains("can act in that game only"),
        "{refused:?}"
    );
    dave.reply(&help, "settings digest 8").await;
    let set = dave.next_mail(WAIT).await;
    assert!(set.text.contains("Done"), "{set:?}");
    let later = chrono::Utc::now() + chrono::Duration::hours(25);
    agora.front.service().sweep(later).await.unwrap();
    agora.front.deliver(later).await.unwrap();
    let digest = dave.next_mail(WAIT).await;
    assert!(digest.text.contains("waiting for you"), "{digest:?}");
    assert!(!digest.subject.contains("[Agora #"), "{digest:?}");
    assert!(!footer(&digest).contains(KEY), "{digest:?}");

    // The game starts: its state changes, its subject does not.
    dave.reply(&invitation, "accept").await;
    let started = dave.next_mail(WAIT).await;
    assert!(started.text.contains("has started"), "{started:?}");
    assert_eq!(started.subject, subject, "{started:?}");
    let told = carol.next_mail(WAIT).await;
    assert!(told.text.contains("Your turn"), "{told:?}");
    assert_eq!(told.subject, subject, "{told:?}");
    assert!(footer(&told).contains(KEY), "{told:?}");
    agora.stop().await;
}
