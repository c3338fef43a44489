//! The crash test of the game service: the real `agora` binary (`agora play --script`) is killed
//! with SIGKILL in the middle of a burst of commands, restarted on the same SQLite file and given
//! the whole burst again (as a mail server or Discord would redeliver). Afterwards no accepted
//! action is lost, none is doubled, and every outbox row was delivered exactly once (the terminal
//! channel logs each delivery with its outbox id).

use agora_rules::{AnyPosition, Variant};
use agora_store::{Store, StoreOptions};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::{HashMap, HashSet};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

const GAMES: usize = 6;
const PLIES: usize = 30;

/// The burst: registrations, challenges, acceptances, then the games' actions interleaved.
/// Returns the lines and, per game, the delivery ids of its actions in order.
fn burst() -> (Vec<String>, Vec<Vec<String>>) {
    let mut rng = SmallRng::seed_from_u64(42);
    let mut lines = Vec::new();
    let mut games = Vec::new();
    for g in 0..GAMES {
        let (kind, variant) = if g % 2 == 0 {
            ("agon", Variant::Agon)
        } else {
            (
                "agros board 8 farmers 3",
                Variant::Agros {
                    board: 8,
                    farmers: 3,
                },
            )
        };
        lines.push(format!("#reg-{g} b{g}: games"));
        lines.push(format!("#ch-{g} w{g}: challenge b{g} {kind}"));
        lines.push(format!("#ac-{g} b{g}: accept {}", g + 1));
        let mut p: AnyPosition = variant.start();
        let mut actions = Vec::new();
        while actions.len() < PLIES && !p.is_finished() {
            let legal = p.legal_actions();
            let a = legal[rng.random_range(0..legal.len())];
            actions.push(p.notation(a));
            p.play_unchecked(a);
        }
        games.push(actions);
    }
    let mut ids = vec![Vec::new(); GAMES];
    for n in 0..PLIES {
        for (g, actions) in games.iter().enumerate() {
            if let Some(a) = actions.get(n) {
                let who = if n % 2 == 0 { "w" } else { "b" };
                let id = format!("g{g}-p{n}");
                lines.push(format!("#{id} {who}{g}: move #{} ply {n} {a}", g + 1));
                ids[g].push(id);
            }
        }
    }
    (lines, ids)
}

fn spawn(db: &Path, log: &Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_agora"))
        .args(["play", "--script", "--players", "terminal", "--db"])
        .arg(db)
        .arg("--outbox-log")
        .arg(log)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("agora binary")
}

/// Feeds `lines` on a thread and reads acknowledgements; after `kill_after` acknowledgements
/// (if given) the process is killed with SIGKILL. Returns the acknowledged ids with statuses.
fn drive(
    db: &Path,
    log: &Path,
    lines: &[String],
    kill_after: Option<usize>,
) -> HashMap<String, String> {
    let mut child = spawn(db, log);
    let mut stdin = child.stdin.take().unwrap();
    let input: Vec<String> = lines.to_vec();
    let writer = std::thread::spawn(move || {
        for l in input {
            // After the kill the pipe is closed: stop quietly.
            if writeln!(stdin, "{l}").is_err() {
                return;
            }
        }
    });
    let mut acks = HashMap::new();
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let Ok(line) = line else { break };
        if let Some(rest) = line.strip_prefix("ok #") {
            let (id, status) = rest.split_once(' ').unwrap();
            acks.insert(id.to_owned(), status.to_owned());
            if kill_after.is_some_and(|k| acks.len() >= k) {
                child.kill().unwrap(); // SIGKILL on Unix
                break;
            }
        }
    }
    child.wait().unwrap();
    writer.join().unwrap();
    acks
}

fn temp_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("agora-crash-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn sigkill_mid_burst_loses_and_doubles_nothing() {
    let dir = temp_dir();
    let (db, log) = (dir.join("crash.db"), dir.join("outbox.log"));
    let (lines, ids) = burst();

    let first = drive(&db, &log, &lines, Some(lines.len() * 2 / 5));
    assert!(first.len() >= lines.len() * 2 / 5);
    assert!(first.values().all(|s| s == "done"), "{first:?}");

    // Everything again, as redelivery would: what was applied is answered, the rest applied.
    let second = drive(&db, &log, &lines, None);
    assert_eq!(second.len(), lines.len(), "every line acknowledged");
    for (id, status) in &second {
        let expected = if first.contains_key(id) {
            "repeat"
        } else {
            "done"
        };
        // A command killed after its commit but before its acknowledgement is a repeat too.
        assert!(
            status == expected || status == "repeat",
            "{id}: {status}, expected {expected}"
        );
    }

    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let store = Store::open(&db, &StoreOptions::default()).await.unwrap();
        let mut tx = store.write().await.unwrap();
        let mut total = 0;
        for (g, expected) in ids.iter().enumerate() {
            let actions = tx.actions(g as i64 + 1).await.unwrap();
            let got: Vec<String> = actions
                .iter()
                .map(|a| a.delivery_id.clone().unwrap_or_default())
                .collect();
            // Every action once, in order: none lost (acknowledged or not), none doubled.
            assert_eq!(&got, expected, "game {}", g + 1);
            total += got.len();
        }
        assert_eq!(tx.count_actions().await.unwrap(), total as i64);
        for id in first.keys().filter(|id| id.starts_with('g')) {
            assert!(ids.iter().flatten().any(|x| x == id));
        }

        let stats = tx.outbox_stats().await.unwrap();
        assert_eq!(stats.pending, 0, "every outbox row sent");
        let text = std::fs::read_to_string(&log).unwrap();
        let logged: Vec<i64> = text
            .lines()
            .filter_map(|l| l.split_once('\t'))
            .map(|(id, _)| id.parse().unwrap())
            .collect();
        let unique: HashSet<i64> = logged.iter().copied().collect();
        assert_eq!(
            unique.len(),
            logged.len(),
            "no notification delivered twice"
        );
        assert_eq!(
            logged.len() as i64,
            stats.sent,
            "each sent row delivered once"
        );
        drop(tx);
        store.close().await;
    });
    let _ = std::fs::remove_dir_all(&dir);
}
