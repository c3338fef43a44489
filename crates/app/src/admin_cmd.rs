//! `agora admin`: the operator's view and actions on the configured database, safe while `agora
//! serve` runs on it (each action is one short write transaction through the service, like any
//! command). Lists what is stuck or failed, sends a notification or mail again or drops it, ends
//! a game (abort, or the operator's result), and blocks or unblocks identities.

use crate::config::Config;
use agora_service::admin::{AdminError, Stuck, Verdict, operator_identity};
use agora_service::{Service, Store, Templates};
use agora_store::{Queue, StuckRow};
use anyhow::Context;
use chrono::{DateTime, Duration, Utc};
use clap::{Args, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct AdminArgs {
    #[command(subcommand)]
    command: AdminCommand,
    /// The configuration file naming the database; default `config/agora.toml` if it exists.
    #[arg(long, global = true)]
    config: Option<PathBuf>,
}

#[derive(Subcommand)]
enum AdminCommand {
    /// List what is stuck or failed: unsent notifications and mails that failed or are overdue,
    /// those given up on, and mail put aside.
    #[command(visible_alias = "list")]
    Stuck {
        /// An unsent row due for longer than this many minutes counts as stuck even before it
        /// failed.
        #[arg(long, default_value_t = 30)]
        overdue_minutes: u32,
    },
    /// Send an unsent outbox row or spooled mail again now (also one given up on).
    Resend {
        #[arg(value_enum)]
        queue: QueueArg,
        id: i64,
    },
    /// Never send an outbox row or spooled mail: it is marked dropped and purged later.
    Drop {
        #[arg(value_enum)]
        queue: QueueArg,
        id: i64,
    },
    /// End a running game without a result, or withdraw a challenge; both players are told.
    Abort {
        /// The game, as `12` or `#12`.
        #[arg(value_parser = game_id)]
        game: i64,
        /// Shown to both players.
        #[arg(long, default_value = "")]
        reason: String,
    },
    /// End a running game with the result you decide; both players are told.
    Adjudicate {
        /// The game, as `12` or `#12`.
        #[arg(value_parser = game_id)]
        game: i64,
        #[arg(value_enum)]
        result: VerdictArg,
        /// Shown to both players.
        #[arg(long, default_value = "")]
        reason: String,
    },
    /// Ignore an identity's commands and send it nothing; its challenges are withdrawn.
    Block {
        /// `discord:<user id>` or `mailto:<address>`.
        identity: String,
    },
    /// Lift the block of an identity.
    Unblock { identity: String },
    /// List the blocked identities.
    Blocked,
    /// A tournament command as the operator, who organises without a limit and acts as the
    /// organiser of every tournament: `create agon swiss 5 days 3 name Winter cup`, `start 3`,
    /// `cancel 3`, `remove 3 <player>`, `standings 3`, `pairings 3 [round]`, `list`.
    Tournament {
        /// The words after `tournament`, as a player writes them.
        #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
        words: Vec<String>,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum QueueArg {
    /// A notification of the outbox (any channel).
    Outbox,
    /// A mail of the SMTP spool.
    Spool,
}

#[derive(Clone, Copy, ValueEnum)]
enum VerdictArg {
    /// The first seat wins (white, light).
    First,
    /// The second seat wins (black, dark).
    Second,
    Draw,
}

fn game_id(text: &str) -> Result<i64, String> {
    text.trim_start_matches('#')
        .parse::<i64>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("`{text}` is not a game number such as 12 or #12"))
}

pub fn run(args: AdminArgs) -> anyhow::Result<ExitCode> {
    let config = Config::load(args.config.as_deref())?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let url = config.database.url()?;
        // An identity is checked before the database is opened: bad input changes nothing.
        let identity = match &args.command {
            AdminCommand::Block { identity } | AdminCommand::Unblock { identity } => {
                Some(operator_identity(identity)?)
            }
            _ => None,
        };
        if let Some(path) = config.database.sqlite_path()?
            && !path.exists()
        {
            anyhow::bail!("there is no database at {}", path.display());
        }
        let store = Store::connect(&url, &config.store_options()?)
            .await
            .with_context(|| format!("opening {url}"))?;
        let templates = Templates::load(config.service.templates_dir.as_deref())?;
        let service = Service::new(store, templates, config.settings()?);
        let result = act(&service, args.command, identity, service.now()).await;
        service.store().close().await;
        result?;
        Ok(ExitCode::SUCCESS)
    })
}

// Over 80 lines: one match arm per operator command and its report, read as one table.
async fn act(
    service: &Service,
    command: AdminCommand,
    identity: Option<agora_service::Identity>,
    now: DateTime<Utc>,
) -> Result<(), AdminError> {
    let admin = service.admin();
    let queue = |q: QueueArg| match q {
        QueueArg::Outbox => (Queue::Outbox, "outbox"),
        QueueArg::Spool => (Queue::Spool, "spool"),
    };
    match (command, identity) {
        (AdminCommand::Stuck { overdue_minutes }, _) => {
            let overdue = Duration::minutes(i64::from(overdue_minutes));
            print_stuck(&admin.stuck(overdue, now).await?, now);
        }
        (AdminCommand::Resend { queue: q, id }, _) => {
            let (q, name) = queue(q);
            admin.resend(q, id, now).await?;
            println!("{name} {id} is due again now");
        }
        (AdminCommand::Drop { queue: q, id }, _) => {
            let (q, name) = queue(q);
            admin.drop_row(q, id, now).await?;
            println!("{name} {id} is dropped: it will not be sent");
        }
        (AdminCommand::Abort { game, reason }, _) => {
            admin.abort(game, &reason, now).await?;
            println!("game #{game} is aborted; both players are told");
        }
        (
            AdminCommand::Adjudicate {
                game,
                result,
                reason,
            },
            _,
        ) => {
            let verdict = match result {
                VerdictArg::First => Verdict::First,
                VerdictArg::Second => Verdict::Second,
                VerdictArg::Draw => Verdict::Draw,
            };
            admin.adjudicate(game, verdict, &reason, now).await?;
            println!("game #{game} is adjudicated; both players are told");
        }
        (AdminCommand::Block { .. }, Some(identity)) => {
            let done = admin.block(&identity, now).await?;
            let state = if done.newly {
                "is blocked now"
            } else {
                "was blocked already"
            };
            println!("{identity} {state}");
            for game in done.withdrawn {
                println!("challenge #{game} withdrawn");
            }
        }
        (AdminCommand::Unblock { .. }, Some(identity)) => {
            let state = if admin.unblock(&identity).await? {
                "is no longer blocked"
            } else {
                "was not blocked"
            };
            println!("{identity} {state}");
        }
        (AdminCommand::Blocked, _) => {
            let blocked = admin.blocked().await?;
            if blocked.is_empty() {
                println!("no identity is blocked");
            }
            for (identity, at) in blocked {
                println!("{identity}  blocked {} ago", age(at, now));
            }
        }
        (AdminCommand::Tournament { words }, _) => {
            println!("{}", admin.tournament(&words.join(" "), now).await?);
        }
        (AdminCommand::Block { .. } | AdminCommand::Unblock { .. }, None) => {
            unreachable!("identities are checked before")
        }
    }
    Ok(())
}

fn age(at: DateTime<Utc>, now: DateTime<Utc>) -> String {
    agora_service::clock::span(now - at)
}

fn print_stuck(stuck: &Stuck, now: DateTime<Utc>) {
    if stuck.is_empty() {
        println!(
            "nothing is stuck: no notification or mail failed or is overdue, no mail is put aside"
        );
        return;
    }
    for (name, rows) in [("outbox", &stuck.outbox), ("spool", &stuck.spool)] {
        for row in rows {
            println!("{}", row_line(name, row, now));
        }
    }
    for m in &stuck.put_aside {
        println!(
            "put-aside {}/{}/{}  attempts {}  error {:?}  age {}",
            m.mailbox,
            m.uidvalidity,
            m.uid,
            m.attempts,
            m.last_error,
            age(m.put_aside_at, now)
        );
    }
}

/// One stuck row: `outbox 12  discord  discord:7  game #3  game_over  attempts 5  error "…"
/// age 2h  given up 1h ago`.
fn row_line(name: &str, row: &StuckRow, now: DateTime<Utc>) -> String {
    let game = row
        .game
        .map_or_else(|| "no game".to_owned(), |g| format!("game #{g}"));
    let state = match row.failed_at {
        Some(at) => format!("given up {} ago", age(at, now)),
        None if row.next_attempt_at <= now => {
            format!("due for {}", age(row.next_attempt_at, now))
        }
        None => format!("next attempt in {}", age(now, row.next_attempt_at)),
    };
    format!(
        "{name} {}  {}  {}  {game}  {}  attempts {}  error {:?}  age {}  {state}",
        row.id,
        row.channel,
        row.recipient,
        row.kind,
        row.attempts,
        row.last_error.as_deref().unwrap_or("none"),
        age(row.created_at, now),
    )
}
