//! `agora serve` end to end: with a config that enables no front end it migrates the database,
//! says plainly that nothing is configured, serves the website, keeps running, and stops cleanly
//! (exit 0) on SIGTERM.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn serve_without_front_ends_runs_and_stops_on_sigterm() {
    let dir = std::env::temp_dir().join(format!("agora-serve-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("serve.db");
    let config = dir.join("agora.toml");
    std::fs::write(
        &config,
        format!(
            "[database]\npath = {:?}\n[service]\nsweep_seconds = 1\n[web]\nlisten = \"127.0.0.1:0\"\nadmin_listen = \"127.0.0.1:0\"\n",
            db.display().to_string()
        ),
    )
    .unwrap();
    let mut child = Command::new(crate::AGORA)
        .args(["serve", "--config"])
        .arg(&config)
        .env("RUST_LOG", "info")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let mut seen = Vec::new();
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(30) {
        let line = lines.next().unwrap().unwrap();
        seen.push(line.clone());
        if line.contains("agora is running") {
            break;
        }
    }
    let log = seen.join("\n");
    assert!(log.contains("no front end is configured"), "{log}");
    assert!(log.contains("database ready"), "{log}");
    assert!(db.exists(), "the database file was created and migrated");
    // The website answers on the address it logged, with its headers.
    let address = log
        .lines()
        .find(|l| l.contains("website listening"))
        .and_then(|l| l.split("http://").nth(1))
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no website address in the log:\n{log}"))
        .to_owned();
    let mut stream = std::net::TcpStream::connect(&address).unwrap();
    write!(
        stream,
        "GET / HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(
        response
            .to_ascii_lowercase()
            .contains("content-security-policy: default-src 'none'"),
        "{response}"
    );
    assert!(response.contains("<h1>Games on Agora</h1>"), "{response}");
    // Still running after a sweep or two.
    std::thread::sleep(Duration::from_millis(1500));
    assert!(child.try_wait().unwrap().is_none(), "serve keeps running");
    let pid = child.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success()
    );
    let status = child.wait().unwrap();
    let rest: Vec<String> = lines.map_while(Result::ok).collect();
    assert!(status.success(), "exit status {status:?}: {rest:?}");
    assert!(rest.iter().any(|l| l.contains("stopped")), "{rest:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
