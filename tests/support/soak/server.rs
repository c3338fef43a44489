//! The `agora serve` process of the soak: started on the configuration, killed with SIGKILL,
//! started again on the same database; its log goes to one file across all runs.

use std::fs::OpenOptions;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct Server {
    config: PathBuf,
    pub log: PathBuf,
    child: Option<Child>,
    pub starts: u32,
    pub kills: u32,
}

impl Server {
    pub fn new(config: &Path, log: &Path) -> Server {
        Server {
            config: config.to_owned(),
            log: log.to_owned(),
            child: None,
            starts: 0,
            kills: 0,
        }
    }

    /// Starts the binary (the previous run must have ended).
    pub fn start(&mut self) {
        assert!(self.child.is_none(), "agora serve is already running");
        let log = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)
            .unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_agora"))
            .args(["serve", "--config"])
            .arg(&self.config)
            .env("RUST_LOG", "info")
            .env("AGORA_IMAP_PASSWORD", "secret")
            .env("AGORA_SMTP_PASSWORD", "secret")
            .env("AGORA_DISCORD_TOKEN", "soak-token")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .unwrap();
        self.child = Some(child);
        self.starts += 1;
    }

    /// `kill -9`: nothing of the process gets to finish.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            child.kill().unwrap();
            child.wait().unwrap();
            self.kills += 1;
        }
    }

    /// SIGTERM, and the process must stop cleanly within a minute.
    pub fn stop(&mut self) {
        let Some(mut child) = self.child.take() else {
            return;
        };
        let pid = child.id().to_string();
        let sent = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
        assert!(sent.success());
        let start = Instant::now();
        loop {
            if let Some(status) = child.try_wait().unwrap() {
                assert!(status.success(), "agora serve exited with {status:?}");
                return;
            }
            if start.elapsed() > Duration::from_secs(60) {
                child.kill().unwrap();
                child.wait().unwrap();
                panic!("agora serve did not stop within a minute of SIGTERM");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Lines of the log (all runs) that contain `text`.
    pub fn logged(&self, text: &str) -> usize {
        std::fs::read_to_string(&self.log)
            .unwrap_or_default()
            .lines()
            .filter(|l| l.contains(text))
            .count()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}
