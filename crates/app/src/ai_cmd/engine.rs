//! The sides of a game in `agora ai`: how each kind of player chooses its action, and an outside
//! engine's process, spoken to through `agora engine`'s protocol, with the ways it can forfeit.

use super::{MatchOptions, Player};
use agora_ai::{choose_action, random_action};
use agora_rules::{AnyAction, AnyPosition, Variant};
use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Why a side lost a game without the rules deciding it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Forfeit {
    /// The engine could not be started, or its process ended or closed its output.
    Crash(String),
    /// No answer within the move's time and the grace.
    Timeout(Duration),
    /// An answer that is not what the protocol asks, or an illegal action.
    WrongAnswer(String),
}

impl fmt::Display for Forfeit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Forfeit::Crash(why) => write!(f, "the engine failed: {why}"),
            Forfeit::Timeout(t) => {
                write!(f, "the engine gave no answer within {} ms", t.as_millis())
            }
            Forfeit::WrongAnswer(what) => write!(f, "the engine answered wrongly: {what}"),
        }
    }
}

/// An outside engine's process: started once and kept for the games that follow, unless it
/// fails, when the next game starts it again.
struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
}

/// How long an engine may take to start and to answer `new` and `position`.
const SETUP_TIME: Duration = Duration::from_secs(10);

impl EngineProcess {
    fn start(command: &str) -> Result<EngineProcess, Forfeit> {
        let words = shlex::split(command)
            .filter(|w| !w.is_empty())
            .ok_or_else(|| Forfeit::Crash(format!("`{command}` is not a command line")))?;
        let mut child = std::process::Command::new(&words[0])
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Forfeit::Crash(format!("cannot start `{command}`: {e}")))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(EngineProcess {
            child,
            stdin,
            lines,
        })
    }

    fn send(&mut self, line: &str) -> Result<(), Forfeit> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| Forfeit::Crash(format!("cannot write to it: {e}")))
    }

    /// The next line within `limit` of `since`.
    fn line(&mut self, since: Instant, limit: Duration) -> Result<String, Forfeit> {
        let left = limit.saturating_sub(since.elapsed());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(mpsc::RecvTimeoutError::Timeout) => Err(Forfeit::Timeout(limit)),
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                Err(Forfeit::Crash("its output ended".into()))
            }
        }
    }

    /// Sends `line` and expects `ok`.
    fn expect_ok(&mut self, line: &str) -> Result<(), Forfeit> {
        self.send(line)?;
        let answer = self.line(Instant::now(), SETUP_TIME)?;
        if answer.trim() == "ok" {
            Ok(())
        } else {
            Err(Forfeit::WrongAnswer(format!("`{answer}` to `{line}`")))
        }
    }

    /// The engine's action in the position after `actions`, thinking for `movetime`.
    fn best(
        &mut self,
        position: &AnyPosition,
        actions: &[String],
        movetime: Duration,
        grace: Duration,
    ) -> Result<AnyAction, Forfeit> {
        let mut line = String::from("position");
        for a in actions {
            line.push(' ');
            line.push_str(a);
        }
        self.expect_ok(&line)?;
        self.send(&format!("go movetime {}", movetime.as_millis()))?;
        let asked = Instant::now();
        loop {
            let answer = self.line(asked, movetime + grace)?;
            let answer = answer.trim();
            if answer.starts_with("info") {
                continue;
            }
            let Some(text) = answer.strip_prefix("bestmove ") else {
                return Err(Forfeit::WrongAnswer(format!("`{answer}` to `go`")));
            };
            return position
                .parse_action(text.trim())
                .map_err(|e| Forfeit::WrongAnswer(format!("bestmove `{}`: {e}", text.trim())));
        }
    }

    fn stop(mut self) {
        let _ = self.send("quit");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A side of one game: the player, and its engine's process while it runs.
pub(super) struct Side {
    player: Player,
    engine: Option<EngineProcess>,
}

impl Side {
    pub(super) fn new(player: Player) -> Side {
        Side {
            player,
            engine: None,
        }
    }

    /// Gets ready for a new game of `variant`: an engine is started if need be and told.
    pub(super) fn begin(&mut self, variant: Variant) -> Result<(), Forfeit> {
        let Player::Engine(command) = &self.player else {
            return Ok(());
        };
        if self.engine.is_none() {
            self.engine = Some(EngineProcess::start(command)?);
        }
        let line = match variant {
            Variant::Agon => "new agon".to_string(),
            Variant::Agros { board, farmers } => format!("new agros {board} {farmers}"),
        };
        let engine = self.engine.as_mut().expect("started above");
        engine.expect_ok(&line)
    }

    pub(super) fn act(
        &mut self,
        p: &AnyPosition,
        actions: &[String],
        seed: u64,
        options: &MatchOptions,
    ) -> Result<AnyAction, Forfeit> {
        let movetime = Duration::from_millis(options.movetime);
        let chosen = match &self.player {
            Player::Computer(level) => choose_action(p, *level, movetime, seed),
            Player::Random => random_action(p, seed),
            Player::Playouts(n) => agora_ai::search(p, *n, seed).0,
            Player::Classic => agora_ai::classic(p, seed).0,
            Player::Engine(_) => {
                let engine = self.engine.as_mut().expect("started by begin");
                return engine.best(p, actions, movetime, Duration::from_millis(options.grace));
            }
        };
        Ok(chosen.expect("an unfinished game has an action"))
    }

    /// After a forfeit the engine is stopped, so a late answer cannot be taken for the next one.
    pub(super) fn failed(&mut self) {
        if let Some(engine) = self.engine.take() {
            engine.stop();
        }
    }

    pub(super) fn finish(&mut self) {
        self.failed();
    }
}
