//! Several processes on one database: three `agora play --script` on one SQLite file handle one
//! stream of commands, as several `agora serve` share the mail and Discord events that reach them.
//! Each command goes to a process chosen at random; now and then a process, chosen at random, is
//! killed with SIGKILL, sometimes with a command in flight, and started again. A command whose
//! process died before acknowledging it goes to another, as a mail server or Discord redelivers.
//! Afterwards no action is lost or doubled and every notification was delivered exactly once,
//! though every process delivers the outbox after each command it handles.

use agora_testkit::burst;

use burst::{assert_applied_once, burst, play, temp_dir};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin};
use std::sync::mpsc;
use std::time::Duration;

/// One `agora play --script` and the acknowledgements it prints.
struct Process {
    child: Child,
    stdin: ChildStdin,
    acks: mpsc::Receiver<(String, String)>,
}

impl Process {
    fn start(db: &Path, log: &Path) -> Process {
        let mut child = play(crate::AGORA, db, log);
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, acks) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if let Some((id, status)) = line
                    .strip_prefix("ok #")
                    .and_then(|rest| rest.split_once(' '))
                    && tx.send((id.to_owned(), status.to_owned())).is_err()
                {
                    return;
                }
            }
        });
        Process { child, stdin, acks }
    }

    /// Sends one line; its acknowledgement, or `None` if the process died first.
    fn send(&mut self, line: &str, id: &str, kill_in_flight: Option<Duration>) -> Option<String> {
        if writeln!(self.stdin, "{line}").is_err() {
            return None;
        }
        if let Some(after) = kill_in_flight {
            std::thread::sleep(after);
            self.kill();
        }
        loop {
            match self.acks.recv_timeout(Duration::from_secs(60)) {
                Ok((acked, status)) if acked == id => return Some(status),
                Ok(_) => continue,
                Err(mpsc::RecvTimeoutError::Disconnected) => return None,
                Err(mpsc::RecvTimeoutError::Timeout) => panic!("no answer to {line}"),
            }
        }
    }

    fn kill(&mut self) {
        let _ = self.child.kill(); // SIGKILL on Unix
        let _ = self.child.wait();
    }

    /// Ends its input and waits for it to finish what it was given.
    fn finish(self) {
        let Process {
            mut child, stdin, ..
        } = self;
        drop(stdin);
        assert!(child.wait().unwrap().success());
    }
}

#[test]
fn three_processes_on_one_database_killed_at_random_lose_and_double_nothing() {
    let dir = temp_dir("processes");
    let (db, log) = (dir.join("shared.db"), dir.join("outbox.log"));
    let (lines, ids) = burst();
    let mut rng = SmallRng::seed_from_u64(11);
    let mut processes: Vec<Process> = (0..3).map(|_| Process::start(&db, &log)).collect();
    let mut statuses: HashMap<String, String> = HashMap::new();
    let (mut kills, mut in_flight, mut redelivered) = (0, 0, 0);
    let mut next = 0;
    while next < lines.len() {
        let line = &lines[next];
        let id = line[1..].split_once(' ').unwrap().0.to_owned();
        let p = rng.random_range(0..processes.len());
        // One command in ten is cut short: its process is killed a moment after it was sent,
        // before, during or after its commit.
        let kill = rng.random_ratio(1, 10).then(|| {
            in_flight += 1;
            Duration::from_micros(rng.random_range(0..20_000))
        });
        match processes[p].send(line, &id, kill) {
            Some(status) => {
                statuses.insert(id, status);
                next += 1;
            }
            None => redelivered += 1,
        }
        if kill.is_some() {
            kills += 1;
            processes[p] = Process::start(&db, &log);
        } else if rng.random_ratio(1, 15) {
            // Between commands: the process may be delivering the outbox.
            let k = rng.random_range(0..processes.len());
            processes[k].kill();
            kills += 1;
            processes[k] = Process::start(&db, &log);
        }
    }
    eprintln!(
        "{} commands over 3 processes; {kills} killed ({in_flight} with a command in flight), \
         {redelivered} commands sent again",
        lines.len()
    );
    assert!(kills >= 10, "only {kills} kills");
    for (id, status) in &statuses {
        // A command killed after its commit is answered as a repeat when it comes again.
        assert!(status == "done" || status == "repeat", "{id}: {status}");
    }
    assert_eq!(statuses.len(), lines.len(), "every command answered");
    for p in processes {
        p.finish();
    }
    // A last start delivers what a process killed after its commit left unsent.
    Process::start(&db, &log).finish();
    assert_applied_once(&db, &log, &ids);
    let _ = std::fs::remove_dir_all(&dir);
}
