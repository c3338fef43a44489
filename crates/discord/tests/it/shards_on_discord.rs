//! Several `agora serve` on one database share the bot: each runs the gateway shards its
//! configuration names (`[discord] shards`, `shard_total`), so Discord sends each server's events
//! to one process; any process answers what it receives; every process delivers the outbox, and
//! each notification is posted once; one at a time (the holder of the lobby's lease) keeps the
//! lobby, and when it stops another takes over.

use agora_testkit::discord as common;

use agora_discord::{DiscordSettings, LOBBY_LEASE, Shards};
use common::double::{Call, Double, GUILD_ID, LOBBY, dm_channel, shard_of};
use common::{Agora, Opt, Place, User, click, in_server, row_of, run, settings, sql_int};
use common::{eventually, mention_in, new_thread, suggestions, temp_db};
use serde_json::json;
use std::collections::HashMap;
use std::path::Path;
use std::time::Duration;

fn alice() -> User {
    User {
        id: 510_000_000_000_000_001,
        name: "alice",
    }
}

fn bob() -> User {
    User {
        id: 510_000_000_000_000_002,
        name: "bob",
    }
}

/// The settings of a process running shards `first..=last` of `total`, with a short lease.
fn sharded(double: &Double, first: u32, last: u32, total: u32) -> DiscordSettings {
    DiscordSettings {
        shards: Shards { first, last, total },
        lease: Duration::from_secs(3),
        ..settings(double)
    }
}

/// The commands a process has handled, from its own metrics.
async fn commands_handled(agora: &Agora) -> u64 {
    let text = agora.service.metrics_text(chrono::Utc::now()).await;
    text.lines()
        .filter(|l| l.starts_with("agora_commands_total{"))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .sum::<f64>() as u64
}

/// Whether a process's metrics say it holds the lobby's lease.
async fn holds_lobby(agora: &Agora) -> bool {
    let text = agora.service.metrics_text(chrono::Utc::now()).await;
    text.lines()
        .any(|l| l == format!("agora_lease_held{{lease=\"{LOBBY_LEASE}\"}} 1"))
}

/// Who holds the lobby's lease, as the database says.
async fn lobby_holder(agora: &Agora) -> Option<String> {
    agora
        .service
        .lease_holder(LOBBY_LEASE)
        .await
        .unwrap()
        .map(|(holder, _)| holder)
}

/// Each outbox row posted so far, with how many times it was posted.
fn posts_by_row(calls: &[Call]) -> HashMap<i64, usize> {
    let mut rows = HashMap::new();
    for c in calls {
        if c.method == "POST"
            && c.path.ends_with("/messages")
            && let Some(row) = row_of(&c.json)
        {
            *rows.entry(row).or_default() += 1;
        }
    }
    rows
}

/// `mover` plays their first legal action in the game's thread; waits until `other` is told.
async fn move_and_tell(double: &Double, mover: &User, other: &User, thread: Place) {
    let action = suggestions(double, mover, thread, "")
        .await
        .into_iter()
        .next()
        .expect("a legal action");
    let before = double.calls().len();
    let moved = run(
        double,
        mover,
        thread,
        "move",
        &[Opt::Text("action", action)],
    )
    .await;
    assert!(!moved.text().is_empty());
    mention_in(double, thread.channel, other, before).await;
}

/// Waits until no Discord notification waits, and checks that each was posted once; returns the
/// posts by row.
async fn all_posted_once(double: &Double, db: &Path) -> HashMap<i64, usize> {
    let unsent = "SELECT count(*) FROM outbox WHERE channel = 'discord' AND sent_at IS NULL";
    eventually("every notification sent", || async {
        (sql_int(db, unsent).await == Some(0)).then_some(())
    })
    .await;
    let posted = posts_by_row(&double.calls());
    assert!(posted.values().all(|&n| n == 1), "{posted:?}");
    posted
}

/// Runs `/help` at `place` and returns which of the processes handled it (by their metrics).
async fn who_answers(double: &Double, user: &User, place: Place, agoras: &[&Agora]) -> Vec<bool> {
    let mut before = Vec::new();
    for a in agoras {
        before.push(commands_handled(a).await);
    }
    let help = run(double, user, place, "help", &[]).await;
    assert!(help.text().contains("challenge"), "{}", help.text());
    let mut handled = Vec::new();
    for (a, b) in agoras.iter().zip(before) {
        handled.push(commands_handled(a).await > b);
    }
    handled
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_processes_split_the_shards_and_post_each_notification_once() {
    let double = Double::start().await;
    let db = temp_db("shards");
    let (alice, bob) = (alice(), bob());

    // Two processes on one database file: the first runs shard 0 of 2, the second shard 1.
    let first = Agora::start_with(&db, &double, sharded(&double, 0, 0, 2)).await;
    let second = Agora::start_with(&db, &double, sharded(&double, 1, 1, 2)).await;
    let mut identified = double.identified();
    identified.sort_unstable();
    assert_eq!(identified, [[0, 2], [1, 2]], "each shard identified once");
    assert_eq!(double.shards_connected(), [0, 1]);

    // One process keeps the lobby: the first, which started first.
    assert_eq!(
        lobby_holder(&first).await.as_deref(),
        Some(first.holder.as_str())
    );
    assert!(holds_lobby(&first).await);
    assert!(!holds_lobby(&second).await);

    // Discord sends a server's events to the shard `(guild_id >> 22) % 2`, and direct messages
    // to shard 0: the process running that shard answers.
    let other_guild = GUILD_ID + (1 << 22);
    let on = |guild: u64| shard_of(&json!({"guild_id": guild.to_string()}), 2);
    assert_eq!((on(GUILD_ID), on(other_guild)), (1, 0));
    let in_other = Place {
        channel: 920_000_000_000_000_001,
        guild: Some(other_guild),
    };
    let by_dm = Place {
        channel: dm_channel(alice.id),
        guild: None,
    };
    assert_eq!(
        who_answers(&double, &alice, in_server(LOBBY), &[&first, &second]).await,
        [false, true]
    );
    assert_eq!(
        who_answers(&double, &alice, in_other, &[&first, &second]).await,
        [true, false]
    );
    assert_eq!(
        who_answers(&double, &alice, by_dm, &[&first, &second]).await,
        [true, false]
    );

    // A game in the server of shard 1: the second process takes the challenge and the click;
    // the first posts the notifications they cause.
    let lobby = in_server(LOBBY);
    let sent = run(
        &double,
        &alice,
        lobby,
        "challenge",
        &[Opt::Choice("game", "agon"), Opt::User("user", bob.clone())],
    )
    .await;
    assert!(sent.text().contains("Game "), "{}", sent.text());
    let invite = mention_in(&double, LOBBY, &bob, 0).await;
    let accept = invite
        .buttons()
        .into_iter()
        .find(|b| b.starts_with("accept:"))
        .expect("an Accept button");
    let before = double.calls().len();
    let accepted = click(&double, &bob, lobby, &invite.response, &accept).await;
    assert!(accepted.text().contains("accepted"), "{}", accepted.text());
    let thread = new_thread(&double, before).await;

    // Alice moves in the thread; bob is told there. Every notification is posted, and each
    // once, though both processes ran a sender.
    move_and_tell(&double, &alice, &bob, thread).await;
    assert!(!all_posted_once(&double, &db).await.is_empty());

    // The first process stops: it gives the lobby's lease up, and the second takes over at once
    // (within a look at the lease, a third of its length); it alone posts what follows.
    first.stop().await;
    let second_holder = second.holder.clone();
    eventually("the second process to take over the lobby", || async {
        (lobby_holder(&second).await.as_deref() == Some(second_holder.as_str())).then_some(())
    })
    .await;
    assert!(holds_lobby(&second).await);
    move_and_tell(&double, &bob, &alice, thread).await;
    all_posted_once(&double, &db).await;

    second.stop().await;
    assert_eq!(
        sql_int(
            &db,
            &format!("SELECT count(*) FROM leases WHERE name = '{LOBBY_LEASE}'")
        )
        .await,
        Some(0),
        "a clean stop leaves no holder"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_process_runs_a_range_of_shards() {
    let double = Double::start().await;
    let db = temp_db("shard-range");
    // Shards 2 and 3 of 4 in this process (the others would run elsewhere).
    let agora = Agora::start_with(&db, &double, sharded(&double, 2, 3, 4)).await;
    double
        .wait_until("both shards", |d| d.shards_connected() == [2, 3])
        .await;
    let mut identified = double.identified();
    identified.sort_unstable();
    assert_eq!(identified, [[2, 4], [3, 4]]);
    // A server whose events go to shard 3 is answered.
    let guild = (0..4u64)
        .map(|k| GUILD_ID + (k << 22))
        .find(|&g| shard_of(&json!({"guild_id": g.to_string()}), 4) == 3)
        .unwrap();
    let place = Place {
        channel: 930_000_000_000_000_001,
        guild: Some(guild),
    };
    let help = run(&double, &alice(), place, "help", &[]).await;
    assert!(help.text().contains("challenge"), "{}", help.text());
    agora.stop().await;
}
