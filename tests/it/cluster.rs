//! Several `agora serve` processes on one PostgreSQL database handle one stream of commands, mails
//! and interactions while one of them at a time is killed with `kill -9`: the soak's rig
//! (`support/soak`) with two, then three processes.
//!
//! Each process runs one of the bot's gateway shards (process `i` shard `i` of `n`), and each
//! Discord pair types in a server of its own, so every process gets interactions; one process at
//! a time holds the lease on reading the mailbox (3 seconds long); every process sweeps the due
//! games and delivers the outbox. During the play a random process is killed every 3 to 8
//! seconds and started again after a pause, every other time the one reading the mailbox (which
//! then stays down longer than its lease). A pair by mail and a pair on Discord make no moves:
//! their games' clocks are moved in the database past the reminder points, then past the
//! deadline, for the sweeps to handle. No network faults. Then every process runs until quiet,
//! and the check asserts, besides the soak's (every move applied once, every notification and
//! mail sent once, every mail handled, no command answered with the apology for a failure on
//! Agora's side): each moved clock met once (one reminder, one ending on time with one final
//! report to each player, nothing else ended on time), and the mailbox lease taken over by a
//! surviving process after its holder was killed, held at the end by a running one.
//!
//! 25 seconds of play for each by default, sized for CI (`AGORA_CLUSTER_SECONDS`; docs/testing.md
//! has the figures of a long run); `AGORA_CLUSTER_SEED` varies the kills.
//! Needs the mail servers (`tests/mail/servers.sh`) and PostgreSQL (`tests/postgres/server.sh`,
//! `AGORA_TEST_POSTGRES_URL`); without either it prints SKIPPED, unless
//! `AGORA_REQUIRE_MAIL_SERVERS=1` or `AGORA_REQUIRE_POSTGRES=1` makes it fail instead.

use agora_testkit::mail as common;
use agora_testkit::soak;

use soak::{PostgresDatabase, Rig, Setup};
use std::time::Duration;

/// The test PostgreSQL's URL, or `None` (the test is skipped) when none is named.
fn postgres(test: &str) -> Option<String> {
    let Ok(url) = std::env::var("AGORA_TEST_POSTGRES_URL") else {
        assert!(
            std::env::var("AGORA_REQUIRE_POSTGRES").as_deref() != Ok("1"),
            "{test}: AGORA_REQUIRE_POSTGRES=1 but AGORA_TEST_POSTGRES_URL is not set: \
             start one with tests/postgres/server.sh and source its env"
        );
        println!(
            "SKIPPED {test}: no PostgreSQL (set AGORA_TEST_POSTGRES_URL; see tests/postgres/server.sh)"
        );
        return None;
    };
    Some(url)
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// `processes` on a fresh database of their own, for the play's length; asserts a clean check.
async fn cluster(test: &str, processes: usize) {
    let Some(url) = postgres(test) else {
        return;
    };
    let Some(mut servers) = common::servers(test) else {
        return;
    };
    let _turn = common::MAILBOXES.lock(&mut servers).await;
    common::empty_mailboxes(&servers).await;
    let seconds = env_number("AGORA_CLUSTER_SECONDS", 25);
    let seed = env_number("AGORA_CLUSTER_SEED", 7) + processes as u64;
    let name = format!("agora_cluster_{processes}_{}", std::process::id());
    let database = PostgresDatabase::create(&url, &name).await;
    let setup = Setup::cluster(crate::AGORA.as_ref(), processes, database, seed);
    let rig = Rig::start_with(servers, setup).await;
    let figures = rig.run(Duration::from_secs(seconds)).await;
    println!("{figures}");
    figures.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_processes_share_the_work_through_kills() {
    cluster("two_processes_share_the_work_through_kills", 2).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn three_processes_share_the_work_through_kills() {
    cluster("three_processes_share_the_work_through_kills", 3).await;
}
