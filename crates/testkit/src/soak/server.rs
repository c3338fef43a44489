//! One `agora serve` process of the soak: started on its configuration, killed with SIGKILL,
//! started again on the same database; its log goes to one file across all its runs, and each
//! run's process id and times are kept (a lease holder names its process by id).

use std::fs::OpenOptions;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// One run of the process: its id, when it started and when it ended (killed or stopped).
#[derive(Debug, Clone, Copy)]
pub struct Run {
    pub pid: u32,
    pub started: Instant,
    pub ended: Option<Instant>,
}

pub struct Server {
    /// The `agora` binary.
    binary: PathBuf,
    config: PathBuf,
    pub log: PathBuf,
    /// More environment for the process (PostgreSQL's password).
    env: Vec<(String, String)>,
    child: Option<Child>,
    pub runs: Vec<Run>,
    pub starts: u32,
    pub kills: u32,
}

impl Server {
    pub fn new(binary: &Path, config: &Path, log: &Path) -> Server {
        Server {
            binary: binary.to_owned(),
            config: config.to_owned(),
            log: log.to_owned(),
            env: Vec::new(),
            child: None,
            runs: Vec::new(),
            starts: 0,
            kills: 0,
        }
    }

    /// Adds a variable to the process's environment (from its next start on).
    pub fn env(mut self, name: &str, value: &str) -> Server {
        self.env.push((name.to_owned(), value.to_owned()));
        self
    }

    /// Starts the binary (the previous run must have ended).
    pub fn start(&mut self) {
        assert!(self.child.is_none(), "agora serve is already running");
        let log = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)
            .unwrap();
        let child = Command::new(&self.binary)
            .args(["serve", "--config"])
            .arg(&self.config)
            .env("RUST_LOG", "info")
            .env("AGORA_IMAP_PASSWORD", "secret")
            .env("AGORA_SMTP_PASSWORD", "secret")
            .env("AGORA_DISCORD_TOKEN", "soak-token")
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .unwrap();
        self.runs.push(Run {
            pid: child.id(),
            started: Instant::now(),
            ended: None,
        });
        self.child = Some(child);
        self.starts += 1;
    }

    /// The process id of the running process.
    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    /// `kill -9`: nothing of the process gets to finish.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            child.kill().unwrap();
            child.wait().unwrap();
            self.ended();
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
                self.ended();
                assert!(status.success(), "agora serve exited with {status:?}");
                return;
            }
            if start.elapsed() > Duration::from_secs(60) {
                child.kill().unwrap();
                child.wait().unwrap();
                self.ended();
                panic!("agora serve did not stop within a minute of SIGTERM");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn ended(&mut self) {
        if let Some(run) = self.runs.last_mut() {
            run.ended = Some(Instant::now());
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
