//! `agora play`: the terminal front end. Two local players take turns at one keyboard (hotseat),
//! or one plays the computer, in the same command language as Discord and mail, on the same
//! service and a local SQLite file. The board is shown after every action.
//!
//! `--script` reads `[#delivery] player: command` lines from stdin and acknowledges each with an
//! `ok #delivery <status>` line after its transaction committed, so a test (or a shell pipe) can
//! drive the real binary and know exactly what was accepted.

use crate::config::Config;
use agora_service::outbox::{Delivery, SendError, Sender};
use agora_service::{Channel, Identity, Inbound, Service, Status, Templates};
use agora_store::Store;
use anyhow::Context;
use clap::Args;
use std::collections::HashSet;
use std::fs::File;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use tokio::io::AsyncBufReadExt;

#[derive(Args)]
pub struct PlayArgs {
    /// The SQLite file (created if missing); default: `database.path` of the config, `agora.db`.
    #[arg(long)]
    db: Option<PathBuf>,
    /// The two local players, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "alice,bob")]
    players: Vec<String>,
    /// Read `[#delivery] player: command` lines from stdin without prompts; acknowledge each.
    #[arg(long)]
    script: bool,
    /// Also append every delivered notification to this file (`id<TAB>address<TAB>subject`),
    /// once per outbox row even across crashes.
    #[arg(long)]
    outbox_log: Option<PathBuf>,
    /// Seed of link codes and the computer's choices (reproducible sessions).
    #[arg(long)]
    seed: Option<u64>,
    /// The configuration file (see config/agora.toml).
    #[arg(long)]
    config: Option<PathBuf>,
}

/// The terminal's outbox sender: prints each notification's subject for its local player and
/// optionally logs it. The log is also the de-duplication of repeats after a crash.
struct Terminal {
    log: Option<Mutex<(File, HashSet<i64>)>>,
    /// The reply just printed: a notification whose board it already shows (the other local
    /// player's copy of the same action) is printed as its subject line only; any other (the
    /// computer's answer, a timeout) in full, so the board is on screen after every action.
    shown: Mutex<String>,
    /// In scripts only subjects are printed.
    full: bool,
}

impl Terminal {
    fn open(path: Option<&PathBuf>) -> anyhow::Result<Terminal> {
        let Some(path) = path else {
            return Ok(Terminal {
                log: None,
                shown: Mutex::default(),
                full: false,
            });
        };
        let mut seen = HashSet::new();
        let mut complete = true;
        if let Ok(text) = std::fs::read_to_string(path) {
            for line in text.lines() {
                // The id is written first and a tab follows it: an id without its tab is a line
                // cut short by a crash, whose message was therefore not delivered.
                if let Some((id, _)) = line.split_once('\t')
                    && let Ok(id) = id.parse()
                {
                    seen.insert(id);
                }
            }
            complete = text.is_empty() || text.ends_with('\n');
        }
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .with_context(|| format!("opening {}", path.display()))?;
        if !complete {
            // End a line cut short by a crash so the next one starts on its own line.
            writeln!(file)?;
        }
        Ok(Terminal {
            log: Some(Mutex::new((file, seen))),
            shown: Mutex::default(),
            full: false,
        })
    }
}

impl Sender for Terminal {
    fn channel(&self) -> &str {
        "local"
    }

    async fn send(&self, delivery: &Delivery) -> Result<(), SendError> {
        let m = &delivery.message;
        let name = m.address.strip_prefix("local:").unwrap_or(&m.address);
        if let Some(log) = &self.log {
            let mut guard = log.lock().expect("log lock");
            let (file, seen) = &mut *guard;
            if !seen.insert(m.id) {
                return Ok(());
            }
            writeln!(file, "{}\t{}\t{}", m.id, m.address, m.subject)
                .and_then(|()| file.sync_data())
                .map_err(|e| SendError::Transient(e.to_string()))?;
        }
        println!("  -> {name}: {}", m.subject);
        let lines: Vec<&str> = m.body.lines().collect();
        if self.full && lines.len() > 2 {
            let middle = lines[1..lines.len() - 1].join("\n");
            if !self.shown.lock().expect("shown lock").contains(&middle) {
                println!("{}", lines[1..].join("\n"));
            }
        }
        Ok(())
    }
}

/// Splits `[#delivery] player: command`. The delivery marker is read only in scripts, and only
/// when it starts with a letter, so that `#12 e5` at the terminal names game 12.
fn split_line(line: &str, script: bool) -> (Option<String>, Option<String>, String) {
    let mut rest = line.trim();
    let mut delivery = None;
    if script
        && let Some(r) = rest.strip_prefix('#')
        && let Some((id, tail)) = r.split_once(' ')
        && id.starts_with(|c: char| c.is_ascii_alphabetic())
    {
        delivery = Some(id.to_owned());
        rest = tail.trim_start();
    }
    match rest.split_once(": ") {
        Some((who, text))
            if !who.is_empty() && !who.contains(' ') && !who.starts_with(['#', '>']) =>
        {
            (delivery, Some(who.to_owned()), text.to_owned())
        }
        _ => (delivery, None, rest.to_owned()),
    }
}

pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(play(args))
}

async fn play(args: PlayArgs) -> anyhow::Result<ExitCode> {
    let config = Config::load(args.config.as_deref())?;
    let path = args.db.clone().unwrap_or(config.database.path.clone());
    let store = Store::open(&path, &config.store_options()?)
        .await
        .with_context(|| format!("opening {}", path.display()))?;
    let templates = Templates::load(config.service.templates_dir.as_deref())?;
    let mut settings = config.settings()?;
    settings.seed = args.seed;
    let service = Service::new(store, templates, settings);
    let mut terminal = Terminal::open(args.outbox_log.as_ref())?;
    terminal.full = !args.script;
    let players: Vec<String> = args
        .players
        .iter()
        .map(|p| p.trim().to_owned())
        .filter(|p| !p.is_empty())
        .collect();
    anyhow::ensure!(!players.is_empty(), "--players needs at least one name");
    let addresses: Vec<String> = players.iter().map(|p| format!("local:{p}")).collect();

    for (name, address) in players.iter().zip(&addresses) {
        let identity = address.parse().map_err(|e| anyhow::anyhow!("{e}"))?;
        service
            .register(&identity, Some(name), chrono::Utc::now())
            .await?;
    }
    // Deliver what a crash may have left committed but unsent before anything new happens.
    service.deliver(&terminal, chrono::Utc::now()).await?;
    let mut speaker = 0;
    if !args.script {
        println!(
            "Agora at the terminal, on {}. Players here: {}.",
            path.display(),
            players.join(", ")
        );
        println!(
            "Type commands as the player in the prompt; start a line with `name: ` to speak as another. `help` lists the commands, `quit` leaves."
        );
        if players.len() > 1 {
            println!(
                "To begin: `challenge {} agon` (or agros), then accept as {}. Or `challenge computer agon`.",
                players[1], players[1]
            );
        }
        if let Some(a) = service.waiting_on(&addresses).await? {
            speaker = addresses.iter().position(|x| *x == a).unwrap_or(0);
        }
    }
    let mut lines = tokio::io::BufReader::new(tokio::io::stdin()).lines();
    let mut counter = 0u64;
    loop {
        if !args.script {
            print!("{}> ", players[speaker]);
            std::io::stdout().flush()?;
        }
        let Some(line) = lines.next_line().await? else {
            break;
        };
        let (delivery, who, text) = split_line(&line, args.script);
        if text.trim().is_empty() {
            continue;
        }
        if !args.script && ["quit", "exit", "q"].contains(&text.trim()) {
            break;
        }
        let from = match who {
            Some(w) if w.contains(':') => w,
            Some(w) => format!("local:{w}"),
            None => addresses[speaker].clone(),
        };
        counter += 1;
        let Ok(from) = from.parse::<Identity>() else {
            println!("`{from}` is not an identity such as local:<name> or mailto:<address>");
            continue;
        };
        let inbound = Inbound {
            name: (from.channel == Channel::Local).then(|| from.id.clone()),
            text,
            delivery: delivery.clone(),
            ..Inbound::new(from)
        };
        let answer = service.handle(&inbound, chrono::Utc::now()).await?;
        println!("{}", answer.text);
        *terminal.shown.lock().expect("shown lock") = answer.text.clone();
        if args.script {
            let status = match answer.status {
                Status::Done => "done",
                Status::Repeat => "repeat",
                Status::Ignored => "ignored",
                Status::AlreadyApplied => "already",
                Status::Refused => "refused",
            };
            let id = delivery.unwrap_or_else(|| counter.to_string());
            println!("ok #{id} {status}");
        }
        service.deliver(&terminal, chrono::Utc::now()).await?;
        if !args.script
            && let Some(a) = service.waiting_on(&addresses).await?
            && let Some(i) = addresses.iter().position(|x| *x == a)
        {
            speaker = i;
        }
        std::io::stdout().flush()?;
    }
    service.store().close().await;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::split_line;

    #[test]
    fn script_lines() {
        assert_eq!(
            split_line("#d7 alice: move k1-j1", true),
            (Some("d7".into()), Some("alice".into()), "move k1-j1".into())
        );
        assert_eq!(split_line("k1-j1", true), (None, None, "k1-j1".into()));
        assert_eq!(split_line("#12 g5", true), (None, None, "#12 g5".into()));
        assert_eq!(
            split_line("#d7 alice: g5", false),
            (None, None, "#d7 alice: g5".into())
        );
        assert_eq!(
            split_line("bob: accept", false),
            (None, Some("bob".into()), "accept".into())
        );
    }
}
