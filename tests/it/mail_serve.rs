//! `agora serve` with the mail front end, end to end against the local mail servers of
//! `tests/mail/servers.sh`: players confirm their addresses, challenge, accept and move by mail; a
//! mail whose receiving server (trusted in the configuration) found it forged gets no answer; the
//! process is stopped with SIGTERM and started again between two moves, and the game goes on with
//! nothing lost or answered twice. Prints SKIPPED without the servers (fails instead when
//! `AGORA_REQUIRE_MAIL_SERVERS=1`, as in CI).

use agora_testkit::mail as common;

use common::Player;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(30);

/// A running `agora serve` whose log lines arrive on a channel.
struct Serve {
    child: Child,
    log: mpsc::Receiver<String>,
    /// The address its `/metrics` and `/healthz` listen on.
    admin: String,
}

impl Serve {
    fn start(config: &std::path::Path) -> Serve {
        let mut child = Command::new(crate::AGORA)
            .args(["serve", "--config"])
            .arg(config)
            .env("RUST_LOG", "info")
            .env("AGORA_IMAP_PASSWORD", "secret")
            .env("AGORA_SMTP_PASSWORD", "secret")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stderr = child.stderr.take().unwrap();
        let (tx, log) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut serve = Serve {
            child,
            log,
            admin: String::new(),
        };
        // `/metrics` and `/healthz` are on the admin listener, logged before the website's.
        let listening = serve.wait_for("metrics and health listening");
        serve.admin = listening
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {listening}"))
            .to_owned();
        serve.wait_for("website listening");
        serve.wait_for("reading mail");
        serve
    }

    /// Waits for a log line containing `text`, and returns it.
    fn wait_for(&self, text: &str) -> String {
        let mut seen = Vec::new();
        loop {
            match self.log.recv_timeout(WAIT) {
                Ok(line) if line.contains(text) => return line,
                Ok(line) => seen.push(line),
                Err(_) => panic!("`{text}` not logged; log so far:\n{}", seen.join("\n")),
            }
        }
    }

    fn stop(mut self) {
        let pid = self.child.id().to_string();
        assert!(
            Command::new("kill")
                .args(["-TERM", &pid])
                .status()
                .unwrap()
                .success()
        );
        let status = self.child.wait().unwrap();
        assert!(status.success(), "agora serve exited with {status:?}");
    }
}

/// One GET on a fresh connection: the status and the body.
fn http_get(address: &str, path: &str) -> (u16, String) {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(address).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").expect("a head and a body");
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status line");
    (status, body.to_owned())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_plays_by_mail_across_a_restart() {
    let Some(mut servers) = common::servers("serve_plays_by_mail_across_a_restart") else {
        return;
    };
    let _turn = common::MAILBOXES.lock(&mut servers).await;
    common::empty_mailboxes(&servers).await;
    let dir = std::env::temp_dir().join(format!("agora-mail-serve-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let config = dir.join("agora.toml");
    std::fs::write(
        &config,
        format!(
            r#"[database]
path = {db:?}

[web]
listen = "127.0.0.1:0"
admin_listen = "127.0.0.1:0"

[mail]
enabled = true
address = "{service}"
trust_authentication_results = "mx.example.test"

[mail.imap]
host = "127.0.0.1"
port = {imap}
security = "starttls"
user = "{service}"
poll_seconds = 2
ca_file = {ca:?}

[mail.smtp]
host = "127.0.0.1"
port = {submission}
security = "starttls"
user = "{service}"
ca_file = {ca:?}
"#,
            db = dir.join("agora.db").display().to_string(),
            service = servers.service(),
            imap = servers.imap,
            submission = servers.submission,
            ca = servers.ca.display().to_string(),
        ),
    )
    .unwrap();

    let serve = Serve::start(&config);
    let mut alice = Player::new(&servers, "alice");
    let mut bob = Player::new(&servers, "bob");
    alice
        .send_agora(
            "new game",
            &format!("challenge {} agros board 8 farmers 3", bob.address),
        )
        .await;
    let confirm = alice.next_mail(WAIT).await;
    // Nothing of a first mail is kept: the confirming reply sends the challenge again.
    alice
        .reply(
            &confirm,
            &format!("challenge {} agros board 8 farmers 3", bob.address),
        )
        .await;
    let challenged = alice.next_mail(WAIT).await;
    assert!(challenged.text.contains("you challenged"), "{challenged:?}");
    let invitation = bob.next_mail(WAIT).await;
    // The receiving server (named in the configuration) found this one forged: no answer.
    bob.reply_with(
        &invitation,
        &format!(
            "Authentication-Results: mx.example.test; dmarc=fail header.from={}\r\n",
            servers.domain
        ),
        "accept",
    )
    .await;
    serve.wait_for("the receiving server found the sender forged");
    bob.no_mail(Duration::from_secs(2)).await;
    bob.reply(&invitation, "accept").await;
    let bob_latest = bob.next_mail(WAIT).await;
    let alice_latest = alice.next_mail(WAIT).await;
    assert_eq!(
        alice_latest.subject, "[Agora #1] Agros 8x8, 3 farmers: alice vs bob",
        "{alice_latest:?}"
    );
    assert!(alice_latest.text.contains("Your turn"), "{alice_latest:?}");

    let mut position = agora_rules::Variant::Agros {
        board: 8,
        farmers: 3,
    }
    .start();
    let first = position.legal_actions()[0];
    let first_text = position.notation(first);
    position.play_unchecked(first);
    alice.reply(&alice_latest, &first_text).await;
    let answer = alice.next_mail(WAIT).await;
    assert!(answer.text.contains("you played"), "{answer:?}");
    let bob_turn = bob.next_mail(WAIT).await;
    assert_eq!(bob_turn.subject, alice_latest.subject, "{bob_turn:?}");
    assert!(bob_turn.text.contains("Your turn"), "{bob_turn:?}");
    drop(bob_latest);

    // Stop the process between two moves and start it again on the same database.
    serve.stop();
    let serve = Serve::start(&config);

    let second = position.legal_actions()[0];
    let second_text = position.notation(second);
    bob.reply(&bob_turn, &second_text).await;
    let answer = bob.next_mail(WAIT).await;
    assert!(answer.text.contains("you played"), "{answer:?}");
    let alice_turn = alice.next_mail(WAIT).await;
    assert!(alice_turn.text.contains(&second_text), "{alice_turn:?}");
    // Nothing from before the restart was handled or sent again.
    alice.no_mail(Duration::from_secs(3)).await;
    bob.no_mail(Duration::from_millis(100)).await;

    // The operator's view of the process: healthy, its mailbox read, the move and the mails
    // it sent since it started counted.
    let (status, health) = http_get(&serve.admin, "/healthz");
    assert_eq!(status, 200, "{health}");
    assert!(health.contains(r#""mail":"connected""#), "{health}");
    assert!(health.contains(r#""database":"ok""#), "{health}");
    let (status, metrics) = http_get(&serve.admin, "/metrics");
    assert_eq!(status, 200, "{metrics}");
    for line in [
        r#"agora_front_end_connected{front_end="mail"} 1"#,
        r#"agora_commands_total{kind="move",result="done"} 1"#,
        "agora_games_running 1",
        "agora_database_up 1",
    ] {
        assert!(
            metrics.lines().any(|l| l == line),
            "no {line} in\n{metrics}"
        );
    }
    let smtp_sent = metrics
        .lines()
        .find_map(|l| l.strip_prefix(r#"agora_sends_total{channel="smtp"} "#))
        .and_then(|v| v.parse::<f64>().ok())
        .unwrap_or_else(|| panic!("no mails sent in\n{metrics}"));
    assert!(smtp_sent >= 2.0, "{smtp_sent}");
    serve.stop();
    let _ = std::fs::remove_dir_all(&dir);
}
