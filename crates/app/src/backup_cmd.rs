//! `agora backup FILE`: a consistent copy of the configured database, taken while `agora serve`
//! may be running and writing it (see `agora_store::backup`). It never overwrites a file and
//! never migrates the database it copies.

use crate::config::Config;
use anyhow::Context;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct BackupArgs {
    /// Where to write the copy; must not exist.
    file: PathBuf,
    /// The configuration file naming the database; default `config/agora.toml` if it exists.
    #[arg(long)]
    config: Option<PathBuf>,
}

pub fn run(args: BackupArgs) -> anyhow::Result<ExitCode> {
    let config = Config::load(args.config.as_deref())?;
    let options = config.store_options()?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let Some(database) = config.database.sqlite_path()? else {
        anyhow::bail!(
            "agora backup copies a SQLite file; back up a PostgreSQL database with pg_dump \
             (see docs/operating.md, section Deploy)"
        );
    };
    let database = &database;
    let summary = runtime
        .block_on(agora_store::backup::backup(
            database,
            &args.file,
            options.busy_timeout,
        ))
        .with_context(|| format!("backing up {}", database.display()))?;
    println!(
        "backed up {} to {}: {} games, {} bytes",
        database.display(),
        args.file.display(),
        summary.games,
        summary.bytes
    );
    Ok(ExitCode::SUCCESS)
}
