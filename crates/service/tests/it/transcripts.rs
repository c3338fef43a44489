//! Command transcripts: `tests/transcripts/*.txt` at the repository root, each run against the real
//! service on a fresh SQLite file.
//!
//! A transcript is a list of commands, each followed by what the service answers:
//!
//! ```text
//! # a comment
//! > alice: challenge bob agon
//! Game 1: you challenged bob to Agon, 3 days per move.
//!   -> bob: Game 1: alice challenges you to Agon
//! ```
//!
//! `> [#delivery] actor: text` sends `text` from `actor`: a bare name is a terminal identity
//! (`local:alice`), `ann@example.org` a verified mail address, `<@42>` a Discord user;
//! `> actor in #2: text` answers game 2's thread (a mail reply or a Discord thread message). The lines
//! after it are the reply, then one `  -> recipient: subject` line per notification the command
//! queued (delivered through a real `Sender` after the commit). `> :wait 3d` (or `5h`, `10m`)
//! moves the clock, which otherwise advances a minute per command; `> :at 2026-10-24T12:00:00Z`
//! sets it; `> :sweep` runs the scheduler's sweep; `> :restart` closes the service and opens a
//! new one on the same database file; `> :bodies on` (or `off`) shows whole notifications, each
//! line indented under its `->` line. A file that goes with an answer (`export`, `preview`) shows
//! as `  [file name (type)]`, a text file's lines under it as `  | line`. Blank lines do not count. Run with `AGORA_BLESS=1` to rewrite the expected text from
//! what the service says (then read the diff).

use agora_service::outbox::{Delivery, SendError, Sender};
use agora_service::{Inbound, Service, Settings, Status, StoreOptions, Templates};
use chrono::{DateTime, Duration, TimeZone, Utc};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Collects what the outbox would send, as `  -> recipient: subject` lines (and the bodies).
#[derive(Default)]
struct Collect {
    channel: &'static str,
    lines: Mutex<Vec<String>>,
    bodies: std::sync::atomic::AtomicBool,
}

impl Sender for Collect {
    fn channel(&self) -> &str {
        self.channel
    }

    async fn send(&self, delivery: &Delivery) -> Result<(), SendError> {
        let m = &delivery.message;
        let to = m.address.strip_prefix("local:").unwrap_or(&m.address);
        let mut lines = self.lines.lock().unwrap();
        lines.push(format!("  -> {to}: {}", m.subject));
        if self.bodies.load(std::sync::atomic::Ordering::Relaxed) {
            for l in m.body.lines().skip(1) {
                lines.push(format!("     | {l}"));
            }
        }
        Ok(())
    }
}

fn transcripts_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/transcripts")
}

fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("agora-transcript-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(format!("{name}.db"))
}

fn parse_wait(arg: &str) -> Duration {
    let (n, unit) = arg.split_at(arg.len() - 1);
    let n: i64 = n.parse().expect("`:wait <n>d|h|m`");
    match unit {
        "d" => Duration::days(n),
        "h" => Duration::hours(n),
        "m" => Duration::minutes(n),
        _ => panic!("`:wait <n>d|h|m`, not {arg}"),
    }
}

fn identity(actor: &str) -> String {
    if let Some(id) = actor.strip_prefix("<@").and_then(|a| a.strip_suffix('>')) {
        format!("discord:{id}")
    } else if actor.contains('@') {
        format!("mailto:{actor}")
    } else {
        format!("local:{actor}")
    }
}

/// Runs one transcript; returns the text it should have been (commands with the actual output).
async fn run(path: &Path) -> (String, String) {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.file_stem().unwrap().to_string_lossy().to_string();
    let db = temp_db(&name);
    let open = || async {
        let store = agora_store::testing::open(&db, &StoreOptions::default())
            .await
            .unwrap();
        // One send at a time: sends of different games in parallel finish in any order, and a
        // transcript lists them in the order they were queued.
        let settings = Settings {
            seed: Some(7),
            parallel_sends: 1,
            ..Settings::default()
        };
        Service::new(store, Templates::load(None).unwrap(), settings)
    };
    let mut service = open().await;
    let senders: Vec<Collect> = ["local", "mailto", "discord"]
        .into_iter()
        .map(|channel| Collect {
            channel,
            ..Collect::default()
        })
        .collect();
    let mut now: DateTime<Utc> = Utc.with_ymd_and_hms(2026, 1, 5, 12, 0, 0).unwrap();
    let mut actual = String::new();
    let mut n = 0;
    for line in text.lines() {
        if line.starts_with('#') && !line.starts_with("#>") {
            actual.push_str(line);
            actual.push('\n');
            continue;
        }
        let Some(command) = line.strip_prefix("> ") else {
            continue;
        };
        actual.push_str(line);
        actual.push('\n');
        n += 1;
        now += Duration::minutes(1);
        if let Some(arg) = command.strip_prefix(":wait ") {
            now += parse_wait(arg.trim());
            continue;
        }
        if let Some(arg) = command.strip_prefix(":at ") {
            now = arg.trim().parse().expect("`:at <RFC 3339 time>`");
            continue;
        }
        if let Some(arg) = command.strip_prefix(":bodies ") {
            for sender in &senders {
                sender
                    .bodies
                    .store(arg.trim() == "on", std::sync::atomic::Ordering::Relaxed);
            }
            continue;
        }
        if command.trim() == ":restart" {
            service.store().close().await;
            service = open().await;
            continue;
        }
        if command.trim() == ":sweep" {
            let changed = service.sweep(now).await.unwrap();
            actual.push_str(&format!("swept {changed}\n"));
        } else {
            let mut rest = command;
            let mut delivery = format!("{name}-{n}");
            if let Some(r) = rest.strip_prefix('#') {
                let (id, tail) = r.split_once(' ').expect("`#id actor: text`");
                delivery = id.to_owned();
                rest = tail;
            }
            let (actor, text) = rest.split_once(": ").expect("`actor: text`");
            // `bob in #2: …` answers game 2's thread (a mail reply, a Discord thread message).
            let (actor, game) = match actor.split_once(" in #") {
                Some((a, g)) => (a, Some(g.parse().expect("`actor in #game: text`"))),
                None => (actor, None),
            };
            let inbound = Inbound {
                name: None,
                text: text.to_owned(),
                delivery: Some(delivery),
                game,
                ..Inbound::new(identity(actor).parse().unwrap())
            };
            let answer = service.handle(&inbound, now).await.unwrap();
            if answer.status == Status::Repeat {
                actual.push_str("(repeat)\n");
            }
            actual.push_str(&answer.text);
            actual.push('\n');
            // Files: a text file (a record) in full under its name, a picture by name and type.
            for file in &answer.attachments {
                actual.push_str(&format!("  [file {} ({})]\n", file.name, file.content_type));
                if file.content_type.starts_with("text/") {
                    for l in String::from_utf8_lossy(&file.bytes).lines() {
                        actual.push_str(&format!("  | {l}\n"));
                    }
                } else if file.content_type == "image/png" {
                    assert!(file.bytes.starts_with(b"\x89PNG"), "{} is a PNG", file.name);
                }
            }
        }
        for sender in &senders {
            service.deliver(sender, now).await.unwrap();
            for l in sender.lines.lock().unwrap().drain(..) {
                actual.push_str(&l);
                actual.push('\n');
            }
        }
        actual.push('\n');
    }
    service.store().close().await;
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    (text, actual)
}

/// The lines that count: no blank lines, no trailing spaces.
fn significant(text: &str) -> Vec<&str> {
    text.lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn transcripts() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(transcripts_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no transcripts found");
    let bless = std::env::var_os("AGORA_BLESS").is_some();
    let mut failures = Vec::new();
    for path in files {
        let (expected, actual) = run(&path).await;
        if bless {
            std::fs::write(&path, &actual).unwrap();
            continue;
        }
        let (e, a) = (significant(&expected), significant(&actual));
        if e != a {
            let at = e
                .iter()
                .zip(&a)
                .position(|(x, y)| x != y)
                .unwrap_or(e.len().min(a.len()));
            failures.push(format!(
                "{}: first difference at significant line {}:\n  expected: {:?}\n  actual:   {:?}",
                path.display(),
                at + 1,
                e.get(at),
                a.get(at)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
