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
use std::sync::{Arc, Mutex};
use tokio::io::AsyncBufReadExt;

#[derive(Args)]
pub struct PlayArgs {
    /// The database: a SQLite file (created if missing), `sqlite:FILE` or `postgres://…`;
    /// default: `database.url` of the config, `sqlite:agora.db`.
    #[arg(long)]
    db: Option<String>,
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
/// optionally logs it. The log is also the de-duplication of repeats after a crash, and between
/// several processes on one database and one log.
struct Terminal {
    log: Option<Mutex<Log>>,
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
        let file = std::fs::OpenOptions::new()
            .create(true)
            .read(true)
            .append(true)
            .open(path)
            .with_context(|| format!("opening {}", path.display()))?;
        Ok(Terminal {
            log: Some(Mutex::new(Log {
                file,
                seen: HashSet::new(),
                read: 0,
            })),
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
            let mut log = log.lock().expect("log lock");
            let logged = log
                .append_once(m.id, &format!("{}\t{}", m.address, m.subject))
                .map_err(|e| SendError::Transient(e.to_string()))?;
            if !logged {
                return Ok(());
            }
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

/// The log of delivered notifications, one line `id<TAB>…` each, shared by every process that
/// plays on the database: each appends under an exclusive lock on the file after reading what
/// the others appended, so a row is logged once however many processes deliver it and whatever
/// crashed between the line and the row's being marked sent.
struct Log {
    file: File,
    /// The rows logged, as far as the file has been read.
    seen: HashSet<i64>,
    /// How many bytes of the file have been read.
    read: u64,
}

impl Log {
    /// Appends `id<TAB>rest` and syncs it, unless the row is logged already; returns whether it
    /// appended.
    fn append_once(&mut self, id: i64, rest: &str) -> std::io::Result<bool> {
        self.file.lock()?;
        let appended = self.catch_up().and_then(|()| {
            if self.seen.contains(&id) {
                return Ok(false);
            }
            let line = format!("{id}\t{rest}\n");
            self.file.write_all(line.as_bytes())?;
            self.file.sync_data()?;
            self.read += line.len() as u64;
            self.seen.insert(id);
            Ok(true)
        });
        let unlocked = self.file.unlock();
        let appended = appended?;
        unlocked?;
        Ok(appended)
    }

    /// Reads what was appended since the last look (by this process or another), with the lock
    /// held, and ends a line cut short by a crash so the next starts on its own line.
    fn catch_up(&mut self) -> std::io::Result<()> {
        use std::io::{Read, Seek, SeekFrom};
        self.file.seek(SeekFrom::Start(self.read))?;
        let mut bytes = Vec::new();
        self.file.read_to_end(&mut bytes)?;
        self.read += bytes.len() as u64;
        // A line cut short may end inside a character: read it anyway.
        let text = String::from_utf8_lossy(&bytes);
        for line in text.lines() {
            // The id is written first and a tab follows it: an id without its tab is a line cut
            // short by a crash, whose message was therefore not delivered.
            if let Some((id, _)) = line.split_once('\t')
                && let Ok(id) = id.parse()
            {
                self.seen.insert(id);
            }
        }
        if !text.is_empty() && !text.ends_with('\n') {
            self.file.write_all(b"\n")?;
            self.read += 1;
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
    let code = runtime.block_on(play(args));
    // An analysis still searching at the end is left: its claim runs out, and the next run
    // analyses the game again.
    runtime.shutdown_timeout(std::time::Duration::from_millis(200));
    code
}

async fn play(args: PlayArgs) -> anyhow::Result<ExitCode> {
    let config = Config::load(args.config.as_deref())?;
    let (url, service) = open(&args, &config).await?;
    // Finished games are analysed in the background, as `agora serve` does (not in a script,
    // which ends when its input does).
    if !args.script && config.ai.analysis_threads > 0 {
        analyse_in_background(service.clone());
    }
    let mut terminal = Terminal::open(args.outbox_log.as_ref())?;
    terminal.full = !args.script;
    let players: Vec<String> = args
        .players
        .iter()
        .map(|p| p.trim().to_owned())
        .filter(|p| !p.is_empty())
        .collect();
    anyhow::ensure!(!players.is_empty(), "--players needs at least one name");
    let addresses = register(&service, &players).await?;
    // Deliver what a crash may have left committed but unsent before anything new happens.
    service.deliver(&terminal, service.now()).await?;
    let mut speaker = 0;
    if !args.script {
        greet(&url, &players);
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
        counter += 1;
        let inbound = match inbound_from(who, text, delivery.clone(), &addresses[speaker]) {
            Ok(inbound) => inbound,
            Err(why) => {
                println!("{why}");
                continue;
            }
        };
        let answer = service.handle(&inbound, service.now()).await?;
        println!("{}", answer.text);
        *terminal.shown.lock().expect("shown lock") = answer.text.clone();
        if args.script {
            let id = delivery.unwrap_or_else(|| counter.to_string());
            println!("ok #{id} {}", status_word(answer.status));
        }
        service.deliver(&terminal, service.now()).await?;
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

/// Opens the database (`--db`, or the configuration's) and the service on it; returns the
/// database's URL with the service.
async fn open(args: &PlayArgs, config: &Config) -> anyhow::Result<(String, Arc<Service>)> {
    let url = match &args.db {
        Some(db) => db.clone(),
        None => config.database.url()?,
    };
    let store = Store::connect(&url, &config.store_options()?)
        .await
        .with_context(|| format!("opening {url}"))?;
    let templates = Templates::load(config.service.templates_dir.as_deref())?;
    let mut settings = config.settings()?;
    settings.seed = args.seed;
    let service = Arc::new(Service::new(store, templates, settings));
    Ok((url, service))
}

/// Registers the local players (each `local:<name>`, under that name) and returns their
/// addresses, in the order of `players`.
async fn register(service: &Service, players: &[String]) -> anyhow::Result<Vec<String>> {
    let addresses: Vec<String> = players.iter().map(|p| format!("local:{p}")).collect();
    for (name, address) in players.iter().zip(&addresses) {
        let identity = address.parse().map_err(|e| anyhow::anyhow!("{e}"))?;
        service
            .register(&identity, Some(name), service.now())
            .await?;
    }
    Ok(addresses)
}

/// A line's command as a message: from `who` (a name at this terminal, or an identity such as
/// `mailto:…`), or else from `prompt`, the address of the player in the prompt. `Err` says why
/// `who` names no identity.
fn inbound_from(
    who: Option<String>,
    text: String,
    delivery: Option<String>,
    prompt: &str,
) -> Result<Inbound, String> {
    let from = match who {
        Some(w) if w.contains(':') => w,
        Some(w) => format!("local:{w}"),
        None => prompt.to_owned(),
    };
    let Ok(from) = from.parse::<Identity>() else {
        return Err(format!(
            "`{from}` is not an identity such as local:<name> or mailto:<address>"
        ));
    };
    Ok(Inbound {
        name: (from.channel == Channel::Local).then(|| from.id.clone()),
        text,
        delivery,
        ..Inbound::new(from)
    })
}

/// Analyses finished games one after another for as long as the session lasts, looking again
/// every two seconds when none waits.
fn analyse_in_background(service: Arc<Service>) {
    tokio::spawn(async move {
        let holder = agora_service::lease::holder_name_of(std::process::id());
        loop {
            match service.analyse_next(&holder).await {
                Ok(Some(_)) => continue,
                Ok(None) => {}
                Err(e) => tracing::warn!(error = %e, "post-game analysis failed"),
            }
            tokio::time::sleep(std::time::Duration::from_secs(2)).await;
        }
    });
}

/// What the terminal says first: where it plays, who plays here, and how to begin.
fn greet(url: &str, players: &[String]) {
    println!(
        "Agora at the terminal, on {}. Players here: {}.",
        url,
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
}

/// How a script's acknowledgement (`ok #delivery <status>`) names an answer's status.
fn status_word(status: Status) -> &'static str {
    match status {
        Status::Done => "done",
        Status::Repeat => "repeat",
        Status::Ignored => "ignored",
        Status::AlreadyApplied => "already",
        Status::Refused => "refused",
    }
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
