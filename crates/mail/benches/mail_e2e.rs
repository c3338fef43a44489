//! End-to-end mail benchmark against the local servers of `tests/mail/servers.sh`:
//!
//! - throughput: players send a burst of command mails; mails handled per second is measured from
//!   the first submission to the last reply found in the players' inboxes (SMTP in → delivery to
//!   the service's mailbox → IMAP fetch → command → commit → reply spooled → SMTP out → delivery);
//! - latency: one mail at a time (moves of an Agros game), from the player's submission to the
//!   answer in the player's inbox.
//!
//! `cargo bench -p agora-mail --bench mail_e2e` (after `source <dir>/env`); without the servers it
//! prints SKIPPED. Plain IMAP and SMTP on loopback, so TLS is not part of the figure.

use agora_testkit::mail as common;

use common::{Agora, Player};
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(120);

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let Some(mut servers) = common::servers("mail_e2e benchmark") else {
        return;
    };
    let burst: usize = std::env::var("AGORA_BENCH_MAILS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(50);
    let _turn = common::MAILBOXES.lock(&mut servers).await;
    common::empty_mailboxes(&servers).await;
    let dir = std::env::temp_dir().join(format!("agora-mail-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut settings = common::settings(&servers);
    settings.imap.security = agora_mail::Security::Plain;
    settings.smtp.security = agora_mail::Security::Plain;
    settings.smtp.port = servers.smtp;
    settings.smtp.credentials = None;
    // The burst is mail without a token, which is limited per hour: not what is measured.
    settings.per_sender_per_hour = 100_000;
    settings.per_domain_per_hour = 100_000;
    settings.unauthenticated_per_hour = 100_000;
    let agora = Agora::start(&dir.join("agora.db"), settings).await;

    // Every player confirms their address first (not measured).
    let mut players: Vec<Player> = ["alice", "bob", "carol", "dave"]
        .iter()
        .map(|u| Player::new(&servers, u))
        .collect();
    for p in &mut players {
        p.send_agora("hello", "games").await;
        let confirm = p.next_mail(WAIT).await;
        p.reply(&confirm, "").await;
        p.next_mail(WAIT).await;
    }

    // Throughput: each player sends `burst` mails at once.
    let start = Instant::now();
    for i in 0..burst {
        for p in &mut players {
            let account = format!("bench {i}");
            p.send_agora(&account, "games").await;
        }
    }
    let submitted = start.elapsed();
    let mut latest = Vec::new();
    for p in &mut players {
        let mut replies = p.next_mails(burst, WAIT).await;
        assert!(replies.iter().all(|r| !r.text.starts_with("Sorry")));
        latest.push(replies.pop().unwrap());
    }
    let total = start.elapsed();
    let mails = burst * players.len();
    println!(
        "throughput: {mails} mails from {} senders handled end to end in {:.2} s = {:.1} mails/s (submission took {:.2} s)",
        players.len(),
        total.as_secs_f64(),
        mails as f64 / total.as_secs_f64(),
        submitted.as_secs_f64()
    );

    // Latency: alice and bob play Agros moves one at a time.
    let (alice, rest) = players.split_first_mut().unwrap();
    let bob = &mut rest[0];
    // A challenge changes something, so it goes in a reply (which carries alice's token).
    alice
        .reply(
            &latest[0],
            &format!("challenge {} agros board 8 farmers 3", bob.address),
        )
        .await;
    alice.next_mail(WAIT).await;
    let invitation = bob.next_mail(WAIT).await;
    bob.reply(&invitation, "accept").await;
    let mut bob_latest = bob.next_mail(WAIT).await;
    let mut alice_latest = alice.next_mail(WAIT).await;
    let mut position = agora_rules::Variant::Agros {
        board: 8,
        farmers: 3,
    }
    .start();
    let mut latencies = Vec::new();
    for ply in 0..20 {
        if position.is_finished() {
            break;
        }
        let actions = position.legal_actions();
        let action = actions[(ply * 7) % actions.len()];
        let text = position.notation(action);
        position.play_unchecked(action);
        let (mover, latest, other) = if ply % 2 == 0 {
            (&mut *alice, &mut alice_latest, &mut *bob)
        } else {
            (&mut *bob, &mut bob_latest, &mut *alice)
        };
        let sent = Instant::now();
        mover.reply(latest, &text).await;
        let answer = mover.next_mail(WAIT).await;
        latencies.push(sent.elapsed());
        assert!(!answer.text.starts_with("Sorry"), "{answer:?}");
        let notice = other.next_mail(WAIT).await;
        *latest = answer;
        if ply % 2 == 0 {
            bob_latest = notice;
        } else {
            alice_latest = notice;
        }
    }
    latencies.sort();
    println!(
        "latency, submission to answer in the inbox, {} moves: median {:.0} ms, p90 {:.0} ms, max {:.0} ms",
        latencies.len(),
        percentile(&latencies, 0.5).as_secs_f64() * 1000.0,
        percentile(&latencies, 0.9).as_secs_f64() * 1000.0,
        latencies.last().unwrap().as_secs_f64() * 1000.0
    );
    agora.stop().await;
}
