//! The operator's desk on a real database: listing, resending and dropping what is stuck,
//! aborting and adjudicating games through the one ending path (both players hear of it, with
//! the reason), blocking identities (ignored, sent nothing, challenges withdrawn); and the sweep
//! that waits for the mailbox before it times out a mail player.

use agora_rules::Variant;
use agora_service::admin::{AdminError, Verdict, operator_identity};
use agora_service::desk::SpoolEntry;
use agora_service::outbox::{Delivery, SendError, Sender};
use agora_service::{Identity, Inbound, Service, Settings, Status, StoreOptions, Templates};
use agora_store::{EndReason, GameStatus, Queue};
use chrono::{DateTime, Duration, Utc};
use std::sync::Mutex;

/// Records what it is given; fails every send while `fail` is set.
#[derive(Default)]
struct Recorder {
    channel: &'static str,
    fail: bool,
    sent: Mutex<Vec<(String, String)>>,
}

impl Recorder {
    fn on(channel: &'static str) -> Recorder {
        Recorder {
            channel,
            ..Recorder::default()
        }
    }

    fn take(&self) -> Vec<(String, String)> {
        std::mem::take(&mut self.sent.lock().unwrap())
    }
}

impl Sender for Recorder {
    fn channel(&self) -> &str {
        self.channel
    }

    async fn send(&self, d: &Delivery) -> Result<(), SendError> {
        if self.fail {
            return Err(SendError::Transient("421 try later".into()));
        }
        let m = &d.message;
        self.sent
            .lock()
            .unwrap()
            .push((m.address.clone(), m.body.clone()));
        Ok(())
    }
}

fn t0() -> DateTime<Utc> {
    "2026-06-01T12:00:00Z".parse().unwrap()
}

async fn service(name: &str, mail_enabled: bool) -> Service {
    let dir = std::env::temp_dir().join(format!("agora-admin-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let store = agora_store::testing::open(&dir.join("game.db"), &StoreOptions::default())
        .await
        .unwrap();
    let settings = Settings {
        seed: Some(3),
        mail_enabled,
        // These tests jump past deadlines to see what holds a timeout or counts before it; the
        // rule that moves a deadline no reminder reached in time is tested in `time_controls`.
        warned_hours: 0,
        ..Settings::default()
    };
    Service::new(store, Templates::load(None).unwrap(), settings)
}

async fn say(s: &Service, who: &Identity, text: &str, now: DateTime<Utc>) -> agora_service::Answer {
    let inbound = Inbound {
        text: text.into(),
        ..Inbound::new(who.clone())
    };
    s.handle(&inbound, now).await.unwrap()
}

async fn done(s: &Service, who: &Identity, text: &str, now: DateTime<Utc>) {
    let answer = say(s, who, text, now).await;
    assert_eq!(answer.status, Status::Done, "{text}: {}", answer.text);
}

async fn game(s: &Service, id: i64) -> agora_store::Game {
    s.store()
        .write()
        .await
        .unwrap()
        .game(id)
        .await
        .unwrap()
        .unwrap()
}

fn ann() -> Identity {
    Identity::discord(1)
}

fn bob() -> Identity {
    Identity::discord(2)
}

/// Game #1 between ann (first) and bob, running, with one action played.
async fn running(s: &Service) {
    done(s, &bob(), "games", t0()).await;
    done(s, &ann(), "challenge discord-2 agon days 1", t0()).await;
    done(s, &bob(), "accept #1", t0()).await;
    let p = Variant::Agon.start();
    let text = format!("move {}", p.notation(p.legal_actions()[0]));
    done(s, &ann(), &text, t0()).await;
}

#[tokio::test]
async fn stuck_rows_are_listed_resent_and_dropped_and_bad_ids_are_refused() {
    let s = service("rows", false).await;
    running(&s).await;
    let mut discord = Recorder::on("discord");
    discord.fail = true;
    assert_eq!(s.deliver(&discord, t0()).await.unwrap(), 0);
    let stuck = s.admin().stuck(Duration::minutes(30), t0()).await.unwrap();
    assert!(!stuck.outbox.is_empty());
    let row = &stuck.outbox[0];
    assert_eq!(
        (row.attempts, row.last_error.as_deref()),
        (1, Some("421 try later"))
    );
    assert_eq!(row.failed_at, None);
    let (first, second) = (stuck.outbox[0].id, stuck.outbox[1].id);

    // Dropped: given up, never due, marked as the operator's.
    s.admin()
        .drop_row(Queue::Outbox, first, t0())
        .await
        .unwrap();
    // Resent: due now, attempts counted afresh.
    let later = t0() + Duration::seconds(5);
    s.admin()
        .resend(Queue::Outbox, second, later)
        .await
        .unwrap();
    let stuck = s.admin().stuck(Duration::minutes(30), later).await.unwrap();
    let dropped = stuck.outbox.iter().find(|r| r.id == first).unwrap();
    assert_eq!(
        dropped.last_error.as_deref(),
        Some(agora_service::admin::DROPPED)
    );
    assert!(dropped.failed_at.is_some());
    assert!(
        stuck.outbox.iter().all(|r| r.id != second),
        "resent is not stuck"
    );
    discord.fail = false;
    let sent = s.deliver(&discord, later).await.unwrap();
    let bodies = discord.take();
    assert_eq!(sent, bodies.len());
    assert!(sent >= 1);
    // The dropped row was not sent; it is still listed as given up.
    let stuck = s.admin().stuck(Duration::minutes(30), later).await.unwrap();
    assert!(stuck.outbox.iter().any(|r| r.id == first));

    // Errors: a row that does not exist, a row that was sent; nothing changes.
    let err = s
        .admin()
        .resend(Queue::Outbox, 999, later)
        .await
        .unwrap_err();
    assert!(matches!(err, AdminError::NoRow("outbox", 999)), "{err}");
    let err = s
        .admin()
        .drop_row(Queue::Outbox, second, later)
        .await
        .unwrap_err();
    assert!(matches!(err, AdminError::Sent("outbox", _)), "{err}");
    assert_eq!(
        err.to_string(),
        format!("outbox row {second} was sent already: there is nothing to resend or drop")
    );
    let err = s
        .admin()
        .drop_row(Queue::Spool, 1, later)
        .await
        .unwrap_err();
    assert_eq!(err.to_string(), "there is no spool row 1");
}

#[tokio::test]
async fn spooled_mails_are_listed_and_acted_on() {
    let s = service("spool", false).await;
    let desk = s.mail();
    let entry = SpoolEntry {
        key: "answer:<a@x>",
        from: "agora@example.org",
        to: "ann@example.org",
        bytes: b"Subject: hi\r\n\r\nhello",
        game: None,
        message_id: "<m@example.org>",
        token: None,
    };
    desk.spool(entry, t0()).await.unwrap();
    // Not failed, not overdue yet: nothing is stuck.
    assert!(
        s.admin()
            .stuck(Duration::minutes(30), t0())
            .await
            .unwrap()
            .is_empty()
    );
    let late = t0() + Duration::hours(1);
    let stuck = s.admin().stuck(Duration::minutes(30), late).await.unwrap();
    assert_eq!(stuck.spool.len(), 1);
    assert_eq!(stuck.spool[0].recipient, "ann@example.org");
    assert_eq!(stuck.spool[0].kind, "answer:<a@x>");
    s.admin()
        .drop_row(Queue::Spool, stuck.spool[0].id, late)
        .await
        .unwrap();
    assert!(
        desk.due_spool(late, 10).await.unwrap().is_empty(),
        "dropped is never due"
    );
    s.admin()
        .resend(Queue::Spool, stuck.spool[0].id, late)
        .await
        .unwrap();
    let due = desk.due_spool(late, 10).await.unwrap();
    assert_eq!(due.len(), 1);
    desk.spool_result(&due[0], Ok(()), late).await.unwrap();
    let err = s
        .admin()
        .resend(Queue::Spool, due[0].id, late)
        .await
        .unwrap_err();
    assert!(matches!(err, AdminError::Sent("spool", _)), "{err}");
}

#[tokio::test]
async fn an_adjudicated_game_ends_with_the_result_and_both_players_hear_why() {
    let s = service("adjudicate", false).await;
    running(&s).await;
    let discord = Recorder::on("discord");
    s.deliver(&discord, t0()).await.unwrap();
    discord.take();
    s.admin()
        .adjudicate(1, Verdict::Second, "ann left the club", t0())
        .await
        .unwrap();
    let g = game(&s, 1).await;
    assert_eq!(g.status, GameStatus::Finished);
    let ending = g.ending.unwrap();
    assert_eq!(ending.reason, EndReason::Adjudication);
    assert_eq!(ending.winner, Some(agora_rules::Seat::Second));
    assert_eq!((g.deadline_at, g.due_at), (None, None));
    s.deliver(&discord, t0()).await.unwrap();
    let sent = discord.take();
    let mut to: Vec<_> = sent.iter().map(|(a, _)| a.as_str()).collect();
    to.sort();
    assert_eq!(to, ["discord:1", "discord:2"]);
    for (_, body) in &sent {
        assert!(body.starts_with("Game #1 is over:"), "{body}");
        assert!(body.contains("wins (adjudication)"), "{body}");
        assert!(body.contains("decided by the operator"), "{body}");
        assert!(
            body.contains("The reason given: ann left the club"),
            "{body}"
        );
    }
    // A finished game cannot be adjudicated or aborted again; a missing one is named.
    let err = s
        .admin()
        .adjudicate(1, Verdict::Draw, "", t0())
        .await
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "game #1 is finished: only a running game can be adjudicated"
    );
    let err = s.admin().abort(1, "", t0()).await.unwrap_err();
    assert!(
        matches!(err, AdminError::NotOpen(1, GameStatus::Finished)),
        "{err}"
    );
    let err = s.admin().abort(7, "", t0()).await.unwrap_err();
    assert_eq!(err.to_string(), "there is no game #7");
    assert!(discord.take().is_empty());
}

#[tokio::test]
async fn an_aborted_game_ends_without_a_result_and_a_challenge_is_withdrawn() {
    let s = service("abort", false).await;
    running(&s).await;
    done(&s, &bob(), "challenge discord-1 agon", t0()).await;
    let discord = Recorder::on("discord");
    s.deliver(&discord, t0()).await.unwrap();
    discord.take();

    s.admin().abort(1, "", t0()).await.unwrap();
    let g = game(&s, 1).await;
    assert_eq!(
        (g.status, g.ending, g.due_at),
        (GameStatus::Cancelled, None, None)
    );
    s.deliver(&discord, t0()).await.unwrap();
    let sent = discord.take();
    assert_eq!(sent.len(), 2);
    for (_, body) in &sent {
        assert!(
            body.starts_with("Game #1 is over: ended by the operator, without a result"),
            "{body}"
        );
        assert!(!body.contains("The reason given"), "{body}");
    }
    // The aborted game takes no more commands.
    let answer = say(&s, &bob(), "resign #1", t0()).await;
    assert_eq!(answer.status, Status::Refused, "{}", answer.text);

    s.admin().abort(2, "a duplicate", t0()).await.unwrap();
    assert_eq!(game(&s, 2).await.status, GameStatus::Cancelled);
    s.deliver(&discord, t0()).await.unwrap();
    let sent = discord.take();
    assert_eq!(sent.len(), 2);
    for (_, body) in &sent {
        assert!(
            body.starts_with("Game #2: the challenge was withdrawn by the operator"),
            "{body}"
        );
        assert!(body.contains("The reason given: a duplicate"), "{body}");
    }
}

#[tokio::test]
async fn a_blocked_identity_is_ignored_sent_nothing_and_its_challenges_are_withdrawn() {
    let s = service("block", false).await;
    running(&s).await;
    let carl = Identity::discord(3);
    done(&s, &carl, "challenge discord-2 agon", t0()).await;
    done(&s, &bob(), "challenge discord-3 agon", t0()).await;
    let discord = Recorder::on("discord");
    s.deliver(&discord, t0()).await.unwrap();
    discord.take();

    let blocked = s.admin().block(&carl, t0()).await.unwrap();
    assert!(blocked.newly);
    assert_eq!(blocked.withdrawn, [2, 3]);
    assert!(!s.admin().block(&carl, t0()).await.unwrap().newly);
    for id in [2, 3] {
        assert_eq!(game(&s, id).await.status, GameStatus::Cancelled);
    }
    // Only bob is told: nothing is queued for carl.
    s.deliver(&discord, t0()).await.unwrap();
    let sent = discord.take();
    assert_eq!(sent.len(), 2, "{sent:?}");
    assert!(sent.iter().all(|(to, _)| to == "discord:2"), "{sent:?}");

    // Carl's commands: no answer, nothing applied, nothing recorded.
    let answer = say(&s, &carl, "challenge discord-1 agon", t0()).await;
    assert_eq!((answer.status, answer.text.as_str()), (Status::Ignored, ""));
    assert!(
        s.store()
            .write()
            .await
            .unwrap()
            .game(4)
            .await
            .unwrap()
            .is_none()
    );
    let inbound = Inbound {
        text: "games".into(),
        delivery: Some("carl-1".into()),
        ..Inbound::new(carl.clone())
    };
    assert_eq!(
        s.handle(&inbound, t0()).await.unwrap().status,
        Status::Ignored
    );
    // A challenge to carl reaches him not: the game is made, its notice to him is not queued.
    done(&s, &ann(), "challenge discord-3 agon", t0()).await;
    s.deliver(&discord, t0()).await.unwrap();
    assert!(discord.take().is_empty());

    assert_eq!(s.admin().blocked().await.unwrap().len(), 1);
    assert!(s.admin().unblock(&carl).await.unwrap());
    assert!(!s.admin().unblock(&carl).await.unwrap());
    assert!(s.admin().blocked().await.unwrap().is_empty());
    // Unblocked, the same delivery is handled now (it was never recorded).
    assert_eq!(s.handle(&inbound, t0()).await.unwrap().status, Status::Done);
}

#[tokio::test]
async fn mail_to_a_blocked_address_is_not_spooled() {
    let s = service("block-mail", false).await;
    let ann = operator_identity("mailto:Ann@Example.org").unwrap();
    s.admin().block(&ann, t0()).await.unwrap();
    let entry = SpoolEntry {
        key: "answer:<b@x>",
        from: "agora@example.org",
        to: "ann@example.org",
        bytes: b"Subject: hi\r\n\r\nhello",
        game: None,
        message_id: "<m@example.org>",
        token: None,
    };
    s.mail().spool(entry, t0()).await.unwrap();
    assert!(!s.mail().is_spooled("answer:<b@x>").await.unwrap());
}

/// Ann (by mail) challenges bob (Discord) to one day per move; ann is to act first, so her
/// deadline is a day after the start.
async fn mail_game(s: &Service) -> DateTime<Utc> {
    let ann = Identity::mail("ann@example.org");
    done(s, &bob(), "games", t0()).await;
    done(s, &ann, "challenge discord-2 agon days 1", t0()).await;
    done(s, &bob(), "accept #1", t0()).await;
    game(s, 1).await.deadline_at.unwrap()
}

#[tokio::test]
async fn the_sweep_waits_for_the_mailbox_before_it_times_out_a_mail_player() {
    let s = service("hold", true).await;
    let deadline = mail_game(&s).await;
    let after = deadline + Duration::hours(1);
    // Never read: held.
    s.sweep(after).await.unwrap();
    assert_eq!(game(&s, 1).await.status, GameStatus::Active);
    // Read, but only up to before the deadline: held. Bob's commands do not time her out either.
    s.mail().mailbox_start("INBOX", 1, t0()).await.unwrap();
    s.mail()
        .mailbox_read("INBOX", deadline - Duration::minutes(5))
        .await
        .unwrap();
    s.sweep(after).await.unwrap();
    done(&s, &bob(), "games", after).await;
    assert_eq!(game(&s, 1).await.status, GameStatus::Active);
    // Read past the deadline: the sweep acts.
    s.mail()
        .mailbox_read("INBOX", deadline + Duration::minutes(1))
        .await
        .unwrap();
    s.sweep(after).await.unwrap();
    let g = game(&s, 1).await;
    assert_eq!(g.status, GameStatus::Finished);
    assert_eq!(g.ending.unwrap().reason, EndReason::Time);
}

#[tokio::test]
async fn without_mail_or_between_discord_players_the_sweep_does_not_wait() {
    // Mail disabled: a mail player's timeout is not held.
    let s = service("nohold-mail", false).await;
    let deadline = mail_game(&s).await;
    s.sweep(deadline + Duration::hours(1)).await.unwrap();
    assert_eq!(game(&s, 1).await.status, GameStatus::Finished);
    // Mail enabled, two Discord players, a mailbox never read: not held.
    let s = service("nohold-discord", true).await;
    running(&s).await;
    let deadline = game(&s, 1).await.deadline_at.unwrap();
    s.sweep(deadline + Duration::hours(1)).await.unwrap();
    assert_eq!(game(&s, 1).await.status, GameStatus::Finished);
}

/// `text` from `who` that reached Agora's side at `arrived` and is handled at `now`, as a mail
/// read late is.
async fn arrived_at(
    s: &Service,
    who: &Identity,
    text: &str,
    arrived: DateTime<Utc>,
    now: DateTime<Utc>,
) -> agora_service::Answer {
    let inbound = Inbound {
        text: text.into(),
        arrived_at: Some(arrived),
        ..Inbound::new(who.clone())
    };
    s.handle(&inbound, now).await.unwrap()
}

/// A vacation, a draw's acceptance or a resignation is judged by the clock at its arrival, as a
/// move is: one that arrived after the deadline cannot save the game (the clock acts first), and
/// one that arrived before it counts however late it was read.
#[tokio::test]
async fn vacations_and_draws_count_when_they_arrived_not_when_they_were_read() {
    let ann = Identity::mail("ann@example.org");
    let before = |d: DateTime<Utc>| d - Duration::hours(1);
    let after = |d: DateTime<Utc>| d + Duration::hours(1);
    let read = |d: DateTime<Utc>| d + Duration::hours(3);

    // A vacation that arrived after her deadline: she loses on time, no days are shifted.
    let s = service("late-vacation", true).await;
    let deadline = mail_game(&s).await;
    let answer = arrived_at(&s, &ann, "vacation 7", after(deadline), read(deadline)).await;
    let g = game(&s, 1).await;
    assert_eq!(g.status, GameStatus::Finished, "{}", answer.text);
    assert_eq!(g.ending.unwrap().reason, EndReason::Time);

    // One that arrived before it, read three hours after: her clock is stopped from its arrival,
    // so the deadline moves by the whole vacation.
    let s = service("early-vacation", true).await;
    let deadline = mail_game(&s).await;
    let answer = arrived_at(&s, &ann, "vacation 7", before(deadline), read(deadline)).await;
    assert_eq!(answer.status, Status::Done, "{}", answer.text);
    let g = game(&s, 1).await;
    assert_eq!(g.status, GameStatus::Active);
    assert_eq!(g.deadline_at, Some(deadline + Duration::days(7)));
    let mut tx = s.store().write().await.unwrap();
    let player = tx
        .identity("mailto:ann@example.org")
        .await
        .unwrap()
        .unwrap();
    let away = tx.player(player.player_id).await.unwrap().unwrap();
    let vacation = away.vacation.unwrap();
    assert_eq!(vacation.from, before(deadline));
    assert_eq!(vacation.until, before(deadline) + Duration::days(7));
    drop(tx);

    // Bob offers a draw; her acceptance that arrived after her deadline does not end the game in
    // a draw: the clock does, against her.
    let s = service("late-draw", true).await;
    let deadline = mail_game(&s).await;
    done(&s, &bob(), "draw offer #1", t0()).await;
    arrived_at(&s, &ann, "draw accept #1", after(deadline), read(deadline)).await;
    let g = game(&s, 1).await;
    assert_eq!(g.status, GameStatus::Finished);
    assert_eq!(g.ending.unwrap().reason, EndReason::Time);

    // The same acceptance, arrived in time and read late, is a draw.
    let s = service("early-draw", true).await;
    let deadline = mail_game(&s).await;
    done(&s, &bob(), "draw offer #1", t0()).await;
    let answer = arrived_at(&s, &ann, "draw accept #1", before(deadline), read(deadline)).await;
    assert_eq!(answer.status, Status::Done, "{}", answer.text);
    let g = game(&s, 1).await;
    assert_eq!(g.status, GameStatus::Finished);
    let ending = g.ending.unwrap();
    assert_eq!((ending.reason, ending.winner), (EndReason::Agreement, None));

    // Bob's resignation after her deadline, while her saving mail may still be unread: the
    // clock waits for the mailbox, so it is his resignation that ends the game.
    let s = service("other-late", true).await;
    let deadline = mail_game(&s).await;
    done(&s, &bob(), "resign #1", after(deadline)).await;
    let g = game(&s, 1).await;
    assert_eq!(g.ending.unwrap().reason, EndReason::Resignation);
}
