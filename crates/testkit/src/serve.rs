//! Starting the real `agora serve` for a test: on a config file, returned once its log says it
//! is running, with the rest of its log drained so it never blocks on a full pipe.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// `agora serve` (the `binary`) on the config, once it says it is running; panics if it does not within 30 s.
pub fn serve(binary: &str, config: &Path) -> Child {
    let mut child = Command::new(binary)
        .args(["serve", "--config"])
        .arg(config)
        .env("RUST_LOG", "info")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(30) {
        let Some(Ok(line)) = lines.next() else { break };
        if line.contains("agora is running") {
            std::thread::spawn(move || for _ in lines.by_ref() {});
            return child;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("agora serve did not start");
}
