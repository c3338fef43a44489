//! `agora admin` end to end: the real binary against a database made by the service, while
//! `agora serve` runs on it. Each subcommand does what it says and prints it; bad input (an id
//! that does not exist or was sent, a game that is not running, an identity that does not parse)
//! is refused with a clear message, a failing exit code and no change.

use agora_testkit::serve;

use agora_service::outbox::{Delivery, SendError, Sender};
use agora_service::{Identity, Inbound, Service, Settings, Status, Store, StoreOptions, Templates};
use agora_store::GameStatus;
use chrono::{DateTime, Utc};
use serve::serve;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

struct Run {
    ok: bool,
    stdout: String,
    stderr: String,
}

fn agora(args: &[&str], config: &Path) -> Run {
    let Output {
        status,
        stdout,
        stderr,
    } = Command::new(crate::AGORA)
        .arg("admin")
        .args(args)
        .arg("--config")
        .arg(config)
        .output()
        .unwrap();
    Run {
        ok: status.success(),
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
    }
}

/// Runs an admin command that must succeed; its output.
fn ok(args: &[&str], config: &Path) -> String {
    let run = agora(args, config);
    assert!(run.ok, "{args:?}: {}", run.stderr);
    run.stdout
}

/// Runs an admin command that must fail; its error.
fn refused(args: &[&str], config: &Path) -> String {
    let run = agora(args, config);
    assert!(!run.ok, "{args:?} succeeded: {}", run.stdout);
    run.stderr
}

/// Fails every send, so rows become stuck.
struct Down;

impl Sender for Down {
    fn channel(&self) -> &str {
        "local"
    }

    async fn send(&self, _: &Delivery) -> Result<(), SendError> {
        Err(SendError::Transient("terminal gone".into()))
    }
}

async fn open(db: &Path) -> Service {
    let store = Store::open(db, &StoreOptions::default()).await.unwrap();
    Service::new(store, Templates::load(None).unwrap(), Settings::default())
}

async fn say(service: &Service, who: &str, text: &str, now: DateTime<Utc>) {
    let inbound = Inbound {
        text: text.into(),
        ..Inbound::new(Identity::local(who))
    };
    let answer = service.handle(&inbound, now).await.unwrap();
    assert_eq!(answer.status, Status::Done, "{text}: {}", answer.text);
}

/// Game #1 running between alice and bob, game #2 a challenge; their notifications failed once.
async fn setup(db: PathBuf) {
    let service = open(&db).await;
    let now = Utc::now();
    say(&service, "bob", "games", now).await;
    say(&service, "alice", "challenge bob agon", now).await;
    say(&service, "bob", "accept #1", now).await;
    say(&service, "alice", "challenge bob agon", now).await;
    service.deliver(&Down, now).await.unwrap();
    service.store().close().await;
}

/// Status, result and outbox ids of the database, read by a store of its own.
async fn state(db: &Path, game: i64) -> (GameStatus, Option<String>) {
    let store = Store::open(db, &StoreOptions::default()).await.unwrap();
    let g = store
        .write()
        .await
        .unwrap()
        .game(game)
        .await
        .unwrap()
        .unwrap();
    store.close().await;
    (
        g.status,
        g.ending.map(|e| format!("{:?} {}", e.winner, e.reason)),
    )
}

/// The ids of the outbox rows `agora admin stuck` lists.
fn listed(stdout: &str) -> Vec<i64> {
    stdout
        .lines()
        .filter_map(|l| l.strip_prefix("outbox "))
        .map(|l| l.split_whitespace().next().unwrap().parse().unwrap())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn admin_lists_and_acts_while_serve_runs_and_refuses_bad_input() {
    let dir = std::env::temp_dir().join(format!("agora-admin-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("live.db");
    let config = dir.join("agora.toml");
    let toml = |db: &Path| {
        format!(
            "[database]\npath = {:?}\n[service]\nsweep_seconds = 1\n[web]\nlisten = \"127.0.0.1:0\"\nadmin_listen = \"127.0.0.1:0\"\n",
            db.display().to_string()
        )
    };
    std::fs::write(&config, toml(&db)).unwrap();

    // A database that does not exist is not made.
    let missing = dir.join("missing.toml");
    std::fs::write(&missing, toml(&dir.join("none.db"))).unwrap();
    assert!(refused(&["stuck"], &missing).contains("there is no database at"));
    assert!(!dir.join("none.db").exists());

    let mut server = serve(crate::AGORA, &config);
    let stdout = ok(&["stuck"], &config);
    assert!(stdout.starts_with("nothing is stuck"), "{stdout}");

    setup(db.clone()).await;
    let stdout = ok(&["list"], &config);
    let ids = listed(&stdout);
    assert!(ids.len() >= 2, "{stdout}");
    assert!(stdout.contains("local  local:bob  game #1"), "{stdout}");
    assert!(
        stdout.contains("attempts 1  error \"terminal gone\""),
        "{stdout}"
    );

    // Resend and drop; the dropped one is listed as given up by the operator.
    let out = ok(&["resend", "outbox", &ids[0].to_string()], &config);
    assert_eq!(out.trim(), format!("outbox {} is due again now", ids[0]));
    let out = ok(&["drop", "outbox", &ids[1].to_string()], &config);
    assert!(out.contains("dropped"), "{out}");
    let stdout = ok(&["stuck"], &config);
    assert!(!listed(&stdout).contains(&ids[0]), "{stdout}");
    let line = stdout
        .lines()
        .find(|l| l.starts_with(&format!("outbox {} ", ids[1])))
        .unwrap();
    assert!(
        line.contains("dropped by the operator") && line.contains("given up"),
        "{line}"
    );
    let err = refused(&["resend", "outbox", "999"], &config);
    assert!(err.contains("there is no outbox row 999"), "{err}");
    let err = refused(&["drop", "spool", "1"], &config);
    assert!(err.contains("there is no spool row 1"), "{err}");
    let err = refused(&["resend", "inbox", "1"], &config);
    assert!(err.contains("inbox"), "{err}");

    // Adjudicate the running game; it is refused a second time, and for a challenge.
    let out = ok(
        &["adjudicate", "#1", "second", "--reason", "alice left"],
        &config,
    );
    assert!(out.contains("game #1 is adjudicated"), "{out}");
    assert_eq!(
        state(&db, 1).await,
        (
            GameStatus::Finished,
            Some("Some(Second) adjudication".into())
        )
    );
    let err = refused(&["adjudicate", "1", "draw"], &config);
    assert!(
        err.contains("game #1 is finished: only a running game can be adjudicated"),
        "{err}"
    );
    let err = refused(&["adjudicate", "2", "first"], &config);
    assert!(err.contains("game #2 is proposed"), "{err}");
    let err = refused(&["adjudicate", "x1", "first"], &config);
    assert!(err.contains("not a game number"), "{err}");
    let err = refused(&["adjudicate", "2", "white"], &config);
    assert!(err.contains("white"), "{err}");

    // Abort the challenge; again is refused; a missing game is named.
    let out = ok(&["abort", "2"], &config);
    assert!(out.contains("game #2 is aborted"), "{out}");
    assert_eq!(state(&db, 2).await, (GameStatus::Cancelled, None));
    let err = refused(&["abort", "2"], &config);
    assert!(err.contains("game #2 is cancelled already"), "{err}");
    let err = refused(&["abort", "9"], &config);
    assert!(err.contains("there is no game #9"), "{err}");

    // Block, list, unblock; identities are checked.
    assert!(ok(&["blocked"], &config).contains("no identity is blocked"));
    for (bad, says) in [
        ("discord:abc", "not a Discord user id"),
        ("mailto:nobody", "not a mail address"),
        ("local:alice", "cannot be blocked"),
        ("alice", "is not an identity"),
        ("irc:alice", "is not a channel"),
    ] {
        let err = refused(&["block", bad], &config);
        assert!(err.contains(says), "{bad}: {err}");
    }
    assert!(ok(&["blocked"], &config).contains("no identity is blocked"));
    let out = ok(&["block", "mailto:Eve@Example.org"], &config);
    assert!(
        out.contains("mailto:eve@example.org is blocked now"),
        "{out}"
    );
    let out = ok(&["block", "mailto:eve@example.org"], &config);
    assert!(out.contains("was blocked already"), "{out}");
    let out = ok(&["blocked"], &config);
    assert!(out.starts_with("mailto:eve@example.org  blocked"), "{out}");
    let out = ok(&["unblock", "mailto:eve@example.org"], &config);
    assert!(out.contains("is no longer blocked"), "{out}");
    let out = ok(&["unblock", "discord:5"], &config);
    assert!(out.contains("was not blocked"), "{out}");

    assert!(server.try_wait().unwrap().is_none(), "serve kept running");
    let _ = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status();
    assert!(server.wait().unwrap().success());
    let _ = std::fs::remove_dir_all(&dir);
}
