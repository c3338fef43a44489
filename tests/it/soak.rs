//! The soak: the real `agora serve` binary, players by mail and on Discord, random network faults
//! and `kill -9` restarts, then a check that nothing was lost, applied twice or left stuck.
//!
//! The mail servers of `tests/mail/servers.sh` (dovecot IMAP, OpenSMTPD) and the in-process
//! Discord double each sit behind an `agora-faultproxy` ([`Proxies`]): Agora reaches IMAP, SMTP
//! submission, the double's REST port and its gateway only through them, while the players use
//! the servers directly. Pairs of players play Agon and Agros, each move a random legal action
//! read from the database, sent with its ply guard and logged. During the play, the proxies switch
//! faults at random (see [`FaultMix`]) and the server is killed with SIGKILL and started again on
//! the same SQLite file every few seconds. Then the faults stop, the server runs once more until
//! quiet, and [`check`] asserts: every logged move applied exactly once (and nothing else
//! applied); every outbox row and spooled mail sent, none given up; every Discord notification
//! posted, none posted as two messages; every mail sent received, duplicates only under the same
//! Message-ID; every mail to Agora handled. The figures are printed.
//!
//! Sized for CI by default: 45 s of play (`AGORA_SOAK_SECONDS`), so that it and the two cluster
//! tests cost about two and a half minutes together; set `AGORA_SOAK_SECONDS=600` for the long
//! version (its figures are in docs/testing.md) and `AGORA_SOAK_SEED` to vary the faults.
//! Prints SKIPPED without the mail servers (fails instead with `AGORA_REQUIRE_MAIL_SERVERS=1`).
//! It takes its turn on the mail servers' mailboxes like every mail test (a file lock), so it
//! never runs beside another: `cargo test --test it soak:: -- --nocapture`.

use agora_testkit::mail as common;
use agora_testkit::soak;

use soak::{Figures, Rig};
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn soak_with_faults_and_kills() {
    let Some(mut servers) = common::servers("soak_with_faults_and_kills") else {
        return;
    };
    let _turn = common::MAILBOXES.lock(&mut servers).await;
    common::empty_mailboxes(&servers).await;
    let seconds: u64 = std::env::var("AGORA_SOAK_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(45);
    let seed: u64 = std::env::var("AGORA_SOAK_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(15);
    let rig = Rig::start(crate::AGORA.as_ref(), servers, seed).await;
    let figures: Figures = rig.run(Duration::from_secs(seconds)).await;
    println!("{figures}");
    figures.assert_clean();
}
