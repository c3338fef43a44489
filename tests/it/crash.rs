//! The crash test of the game service: the real `agora` binary (`agora play --script`) is killed
//! with SIGKILL in the middle of a burst of commands, restarted on the same SQLite file and given
//! the whole burst again (as a mail server or Discord would redeliver). Afterwards no accepted
//! action is lost, none is doubled, and every outbox row was delivered exactly once (the terminal
//! channel logs each delivery with its outbox id).

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;

use agora_testkit::burst;

use burst::{assert_applied_once, burst, play, temp_dir};

/// Feeds `lines` on a thread and reads acknowledgements; after `kill_after` acknowledgements
/// (if given) the process is killed with SIGKILL. Returns the acknowledged ids with statuses.
fn drive(
    db: &Path,
    log: &Path,
    lines: &[String],
    kill_after: Option<usize>,
) -> HashMap<String, String> {
    let mut child = play(crate::AGORA, db, log);
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

#[test]
fn sigkill_mid_burst_loses_and_doubles_nothing() {
    let dir = temp_dir("crash");
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

    assert_applied_once(&db, &log, &ids);
    for id in first.keys().filter(|id| id.starts_with('g')) {
        assert!(ids.iter().flatten().any(|x| x == id));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
