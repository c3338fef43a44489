//! The `agora serve` process of the bench: started on a config naming the database and the
//! Discord double, timed until its log says it is up, measured through `/proc`, and stopped with
//! SIGTERM.

use anyhow::{Context, bail};
use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

pub struct Serve {
    child: Child,
    pub log: PathBuf,
    spawned: Instant,
    /// Log lines that mark a step of the start, with when they were read.
    marks: mpsc::Receiver<(&'static str, Instant)>,
}

/// How long the start took, from spawn.
pub struct Start {
    /// To "agora is running": the database is open and every front end task spawned.
    pub running: Duration,
    /// To "connected to Discord": the bot has its gateway session and can take commands.
    pub connected: Duration,
}

/// Resident memory of the process, from `/proc/<pid>/status`.
#[derive(Debug, Clone, Copy)]
pub struct Memory {
    pub rss_kb: u64,
    pub hwm_kb: u64,
    /// The part of the resident memory that is the heap and stacks (the rest is mostly the
    /// binary's own pages).
    pub anon_kb: u64,
    pub threads: u64,
    /// CPU time the process has used so far (user and system).
    pub cpu: Duration,
}

impl Memory {
    pub fn rss_mb(self) -> f64 {
        self.rss_kb as f64 / 1024.0
    }
}

impl fmt::Display for Memory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "VmRSS {:.1} MB (anonymous {:.1} MB), VmHWM {:.1} MB, {} threads, {:.1} s of CPU",
            self.rss_kb as f64 / 1024.0,
            self.anon_kb as f64 / 1024.0,
            self.hwm_kb as f64 / 1024.0,
            self.threads,
            self.cpu.as_secs_f64()
        )
    }
}

const MARKS: [&str; 2] = ["agora is running", "connected to Discord"];

impl Serve {
    /// Writes the config beside the database and spawns the binary on it.
    pub fn start(dir: &Path, db: &Path, discord: &str) -> anyhow::Result<Serve> {
        let config = dir.join("agora.toml");
        std::fs::write(
            &config,
            format!(
                "[database]\npath = {db:?}\n\n[web]\nlisten = \"127.0.0.1:0\"\nadmin_listen = \"127.0.0.1:0\"\n\n[discord]\nenabled = true\napi_base = {discord:?}\n\
                 png_size = 160\noutbox_poll_seconds = 1\n",
                db = db.display().to_string(),
            ),
        )?;
        let log = dir.join("serve.log");
        let mut file = std::fs::File::create(&log)?;
        let spawned = Instant::now();
        let mut child = Command::new(env!("CARGO_BIN_EXE_agora"))
            .args(["serve", "--config"])
            .arg(&config)
            .env("RUST_LOG", "info")
            .env("AGORA_DISCORD_TOKEN", "scale-token")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .context("spawning agora serve")?;
        let stderr = child.stderr.take().context("the log pipe")?;
        let (tx, marks) = mpsc::channel();
        // The log is read as it comes, so a line's time is when it was written, and the pipe
        // never fills.
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let at = Instant::now();
                for mark in MARKS {
                    if line.contains(mark) {
                        let _ = tx.send((mark, at));
                    }
                }
                let _ = writeln!(file, "{line}");
            }
        });
        Ok(Serve {
            child,
            log,
            spawned,
            marks,
        })
    }

    /// Waits for both marks of the start.
    pub async fn ready(&mut self, limit: Duration) -> anyhow::Result<Start> {
        let (mut running, mut connected) = (None, None);
        while running.is_none() || connected.is_none() {
            if self.spawned.elapsed() > limit {
                bail!(
                    "agora serve did not connect within {limit:?}; see {}",
                    self.log.display()
                );
            }
            if let Some(status) = self.child.try_wait()? {
                bail!(
                    "agora serve exited with {status}; see {}",
                    self.log.display()
                );
            }
            match self.marks.try_recv() {
                Ok((mark, at)) if mark == MARKS[0] => running = Some(at - self.spawned),
                Ok((_, at)) => connected = Some(at - self.spawned),
                Err(_) => tokio::time::sleep(Duration::from_millis(2)).await,
            }
        }
        Ok(Start {
            running: running.unwrap_or_default(),
            connected: connected.unwrap_or_default(),
        })
    }

    pub fn memory(&self) -> anyhow::Result<Memory> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))?;
        let field = |name: &str| -> anyhow::Result<u64> {
            let line = status
                .lines()
                .find(|l| l.starts_with(name))
                .with_context(|| format!("{name} in /proc/<pid>/status"))?;
            line[name.len()..]
                .trim()
                .trim_end_matches("kB")
                .trim()
                .parse()
                .with_context(|| line.to_owned())
        };
        Ok(Memory {
            rss_kb: field("VmRSS:")?,
            hwm_kb: field("VmHWM:")?,
            anon_kb: field("RssAnon:")?,
            threads: field("Threads:")?,
            cpu: self.cpu()?,
        })
    }

    /// utime + stime of `/proc/<pid>/stat`, in clock ticks of 1/100 s (Linux's USER_HZ).
    fn cpu(&self) -> anyhow::Result<Duration> {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id()))?;
        // The fields after the command name, which is in parentheses and may hold spaces.
        let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let ticks = |i: usize| -> anyhow::Result<u64> {
            Ok(fields.get(i).context("a short /proc/<pid>/stat")?.parse()?)
        };
        // utime and stime are fields 14 and 15; `rest` starts at field 3.
        Ok(Duration::from_millis((ticks(11)? + ticks(12)?) * 10))
    }

    /// SIGTERM, and a clean exit within a minute.
    pub async fn stop(&mut self) -> anyhow::Result<()> {
        let sent = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()?;
        anyhow::ensure!(sent.success(), "kill -TERM failed");
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait()? {
                anyhow::ensure!(
                    status.success(),
                    "agora serve exited with {status}; see {}",
                    self.log.display()
                );
                return Ok(());
            }
            if started.elapsed() > Duration::from_secs(60) {
                bail!("agora serve did not stop within a minute of SIGTERM");
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
