//! The operator's endpoints over HTTP on a real socket and a real SQLite file: `/metrics` in the
//! Prometheus text format, its counters following the commands, sends and sweeps the service
//! really handled and its gauges the rows really waiting; `/healthz` following the database and
//! the front ends' connections.

use agora_service::outbox::{Delivery, SendError, Sender};
use agora_service::{FrontEnd, Identity, Inbound, Service, Status};
use chrono::{DateTime, Duration, Utc};
use std::collections::HashMap;
use std::future::Future;
use std::sync::Arc;
use support::Served;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use agora_testkit::web as support;

/// One GET on a fresh connection: the status, the content type and the body.
async fn get(address: &str, path: &str) -> (u16, String, String) {
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let head = format!("GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n");
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    let text = String::from_utf8(raw).expect("a UTF-8 response");
    let (head, body) = text.split_once("\r\n\r\n").expect("a head and a body");
    let status = head
        .lines()
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .expect("a status line");
    let content_type = head
        .lines()
        .filter_map(|l| l.split_once(':'))
        .find(|(n, _)| n.eq_ignore_ascii_case("content-type"))
        .map(|(_, v)| v.trim().to_owned())
        .unwrap_or_default();
    (status, content_type, body.to_owned())
}

/// A scrape, parsed: every sample by its name and labels as written (`name{a="x",b="y"}`).
/// Every line must be a comment or a sample with a number, as the text format says.
async fn scrape(address: &str) -> HashMap<String, f64> {
    let (status, content_type, body) = get(address, "/metrics").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(content_type, "text/plain; version=0.0.4; charset=utf-8");
    let mut samples = HashMap::new();
    for line in body.lines() {
        if line.is_empty() || line.starts_with("# HELP ") || line.starts_with("# TYPE ") {
            continue;
        }
        let (key, value) = line.rsplit_once(' ').unwrap_or_else(|| panic!("{line}"));
        let value: f64 = value.parse().unwrap_or_else(|_| panic!("{line}"));
        assert!(
            samples.insert(key.to_owned(), value).is_none(),
            "{key} twice"
        );
    }
    samples
}

fn sample(samples: &HashMap<String, f64>, key: &str) -> f64 {
    *samples
        .get(key)
        .unwrap_or_else(|| panic!("no {key} in {samples:#?}"))
}

async fn say(s: &Service, who: &Identity, text: &str, now: DateTime<Utc>) -> (Status, String) {
    let inbound = Inbound {
        text: text.into(),
        ..Inbound::new(who.clone())
    };
    let answer = s.handle(&inbound, now).await.unwrap();
    (answer.status, answer.text)
}

fn game_number(text: &str) -> i64 {
    text.split('#')
        .nth(1)
        .and_then(|t| t.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok())
        .unwrap_or_else(|| panic!("a game number in {text}"))
}

/// A channel that accepts every row, or fails every one for the reason given.
struct Channel {
    name: &'static str,
    fails: Option<SendError>,
}

impl Sender for Channel {
    fn channel(&self) -> &str {
        self.name
    }

    fn send(&self, _: &Delivery) -> impl Future<Output = Result<(), SendError>> + Send {
        let result = self.fails.clone().map_or(Ok(()), Err);
        async move { result }
    }
}

/// A service on a fresh SQLite file and its site on a loopback port.
async fn site(name: &str) -> (Arc<Service>, Served) {
    let (service, _) = support::fresh_service(&format!("ops-{name}"), 5).await;
    let served = Served::start(service.clone()).await;
    (service, served)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_follow_commands_sends_sweeps_and_waiting_rows() {
    let (service, served) = site("metrics").await;
    // Never on the public listener: the operator's listener alone has them.
    for path in ["/metrics", "/healthz"] {
        let (status, _, _) = get(served.address(), path).await;
        assert_eq!(status, 404, "{path} on the public listener");
    }
    let address = served.admin_address();
    let before = scrape(address).await;
    assert_eq!(sample(&before, "agora_database_up"), 1.0);
    assert_eq!(sample(&before, "agora_games_running"), 0.0);
    assert_eq!(sample(&before, "agora_challenges_open"), 0.0);
    assert_eq!(sample(&before, "agora_spool_depth"), 0.0);
    assert_eq!(sample(&before, "agora_sweep_lag_seconds"), 0.0);
    for channel in ["discord", "mailto", "local"] {
        let key = format!("agora_outbox_depth{{channel=\"{channel}\"}}");
        assert_eq!(sample(&before, &key), 0.0);
    }

    // Two months ago, Ann (by mail) challenged Bob (on Discord), who accepted; they played, one
    // move was refused and one text was not a command; Ann also left a challenge open.
    let then = Utc::now() - Duration::days(60);
    let ann = Identity::mail("ann@example.org");
    let bob = Identity::discord(123456789012345678u64);
    let hello = Inbound {
        text: "games".into(),
        name: Some("Bob".into()),
        ..Inbound::new(bob.clone())
    };
    service.handle(&hello, then).await.unwrap();
    let (status, text) = say(&service, &ann, "challenge anyone agon", then).await;
    assert_eq!(status, Status::Done, "{text}");
    let (status, text) = say(&service, &ann, "challenge Bob agon", then).await;
    assert_eq!(status, Status::Done, "{text}");
    let game = game_number(&text);
    let (status, text) = say(&service, &bob, &format!("accept #{game}"), then).await;
    assert_eq!(status, Status::Done, "{text}");
    let mut moves = 0;
    for _ in 0..6 {
        for who in [&ann, &bob] {
            let legal = service
                .legal_actions(&who.to_string(), Some(game))
                .await
                .unwrap();
            if let Some(action) = legal.first() {
                let (status, text) = say(&service, who, &format!("#{game} {action}"), then).await;
                assert_eq!(status, Status::Done, "{text}");
                moves += 1;
                break;
            }
        }
    }
    assert!(moves >= 6, "{moves} moves");
    let (status, _) = say(&service, &ann, &format!("#{game} z99"), then).await;
    assert_eq!(status, Status::Refused);
    let (status, _) = say(&service, &ann, "hello there", then).await;
    assert_eq!(status, Status::Refused);

    let after = scrape(address).await;
    let commands = |kind: &str, result: &str| {
        let key = format!("agora_commands_total{{kind=\"{kind}\",result=\"{result}\"}}");
        after.get(&key).copied().unwrap_or(0.0)
    };
    assert_eq!(commands("move", "done"), moves as f64);
    assert_eq!(commands("move", "refused"), 1.0);
    assert_eq!(commands("unparsed", "refused"), 1.0);
    assert_eq!(commands("accept", "done"), 1.0);
    assert!(commands("challenge", "done") >= 2.0);
    let count = "agora_command_duration_seconds_count{kind=\"move\"}";
    assert_eq!(sample(&after, count), moves as f64 + 1.0);
    let inf = "agora_command_duration_seconds_bucket{kind=\"move\",le=\"+Inf\"}";
    assert_eq!(sample(&after, inf), moves as f64 + 1.0);
    assert_eq!(sample(&after, "agora_games_running"), 1.0);
    assert_eq!(sample(&after, "agora_challenges_open"), 1.0);
    // Nothing was sent yet: both players' notifications wait, queued two months ago.
    for channel in ["discord", "mailto"] {
        let depth = sample(
            &after,
            &format!("agora_outbox_depth{{channel=\"{channel}\"}}"),
        );
        assert!(depth >= 1.0, "{channel}: {depth}");
        let age = sample(
            &after,
            &format!("agora_outbox_oldest_age_seconds{{channel=\"{channel}\"}}"),
        );
        assert!(age > 59.0 * 86_400.0, "{channel}: {age}");
    }
    // The game's deadline passed long ago and no sweep ran.
    assert!(sample(&after, "agora_sweep_lag_seconds") > 50.0 * 86_400.0);

    // The sweep handles the game; then mail goes out and Discord fails for a reason that may
    // pass.
    let now = Utc::now();
    service.sweep(now).await.unwrap();
    let swept = scrape(address).await;
    assert_eq!(sample(&swept, "agora_sweeps_total{result=\"done\"}"), 1.0);
    assert_eq!(sample(&swept, "agora_sweep_lag_seconds"), 0.0);
    let mail = Channel {
        name: "mailto",
        fails: None,
    };
    let mailed = service.deliver(&mail, now).await.unwrap();
    assert!(mailed >= 1);
    let discord = Channel {
        name: "discord",
        fails: Some(SendError::Transient("gateway busy".into())),
    };
    let waiting = sample(&swept, "agora_outbox_depth{channel=\"discord\"}");
    assert_eq!(service.deliver(&discord, now).await.unwrap(), 0);

    let last = scrape(address).await;
    assert_eq!(
        sample(&last, "agora_sends_total{channel=\"mailto\"}"),
        mailed as f64
    );
    assert_eq!(sample(&last, "agora_outbox_depth{channel=\"mailto\"}"), 0.0);
    assert_eq!(
        sample(&last, "agora_outbox_oldest_age_seconds{channel=\"mailto\"}"),
        0.0
    );
    // Rows of one address wait behind its first failure: one failure per address and game.
    let failed = sample(
        &last,
        "agora_send_failures_total{channel=\"discord\",reason=\"transient\"}",
    );
    assert!(failed >= 1.0 && failed <= waiting, "{failed} of {waiting}");
    assert_eq!(
        sample(&last, "agora_outbox_depth{channel=\"discord\"}"),
        waiting
    );
    let swept_at = sample(&last, "agora_sweep_last_run_timestamp_seconds");
    assert!(
        (swept_at - now.timestamp() as f64).abs() < 120.0,
        "{swept_at}"
    );
    let clocks = "agora_commands_total{kind=\"clock\",result=\"done\"}";
    assert!(sample(&last, clocks) >= 1.0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_follows_the_front_ends_and_the_database() {
    let (service, served) = site("health").await;
    let address = served.admin_address();
    let health = |body: &str| -> serde_json::Value { serde_json::from_str(body).unwrap() };

    let (status, content_type, body) = get(address, "/healthz").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(content_type, "application/json");
    let json = health(&body);
    assert_eq!(json["status"], "ok");
    assert_eq!(json["database"], "ok");
    assert_eq!(json["front_ends"], serde_json::json!({}));

    // The mail front end started and has not reached its IMAP server yet; Discord is connected.
    service.metrics().set_connected(FrontEnd::Mail, false);
    service.metrics().set_connected(FrontEnd::Discord, true);
    let (status, _, body) = get(address, "/healthz").await;
    assert_eq!(status, 503, "{body}");
    let json = health(&body);
    assert_eq!(json["status"], "unavailable");
    assert_eq!(json["database"], "ok");
    assert_eq!(json["front_ends"]["mail"], "disconnected");
    assert_eq!(json["front_ends"]["discord"], "connected");
    let samples = scrape(address).await;
    assert_eq!(
        sample(&samples, "agora_front_end_connected{front_end=\"mail\"}"),
        0.0
    );
    assert_eq!(
        sample(&samples, "agora_front_end_connected{front_end=\"discord\"}"),
        1.0
    );

    service.metrics().set_connected(FrontEnd::Mail, true);
    let (status, _, body) = get(address, "/healthz").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(health(&body)["front_ends"]["mail"], "connected");

    // The database goes away: both endpoints still answer, and say so.
    service.store().close().await;
    let (status, _, body) = get(address, "/healthz").await;
    assert_eq!(status, 503, "{body}");
    let json = health(&body);
    assert_eq!(json["database"], "unreachable");
    assert_eq!(json["status"], "unavailable");
    let samples = scrape(address).await;
    assert_eq!(sample(&samples, "agora_database_up"), 0.0);
}
