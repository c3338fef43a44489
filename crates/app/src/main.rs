//! The `agora` binary: parses the command line, wires the crates together and picks exit codes.
//! No game logic lives here.

mod admin_cmd;
mod ai_cmd;
mod backup_cmd;
mod config;
mod engine_cmd;
mod play_cmd;
mod render_cmd;
mod rules_cmd;
mod serve_cmd;
mod service_cmd;
mod tournament_bench;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Agora: a play-by-correspondence service for Agon and Agros.
#[derive(Parser)]
#[command(name = "agora", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// The rules engine: replay actions or a game record, count the game tree, measure speed.
    #[command(subcommand)]
    Rules(rules_cmd::RulesCommand),
    /// Draw a position (after a list of actions, or of a game record): ASCII, PNG or SVG.
    Render(render_cmd::RenderArgs),
    /// Play at this terminal: two players taking turns (hotseat) or one against the computer.
    Play(play_cmd::PlayArgs),
    /// Run the service: the configured front ends and the deadline scheduler.
    Serve(serve_cmd::ServeArgs),
    /// Copy the live database to FILE (never overwriting), while `agora serve` runs.
    Backup(backup_cmd::BackupArgs),
    /// The operator's view and actions: what is stuck, resend or drop, abort or adjudicate a
    /// game, block an identity; safe while `agora serve` runs.
    Admin(admin_cmd::AdminArgs),
    /// The game service's tools: a benchmark.
    #[command(subcommand)]
    Service(service_cmd::ServiceCommand),
    /// The computer opponent: matches between levels or outside engines, a ladder, a benchmark.
    #[command(subcommand)]
    Ai(ai_cmd::AiCommand),
    /// The computer opponent behind a line protocol on standard input and output (see the
    /// docs/tools.md, "Engine protocol").
    Engine(engine_cmd::EngineArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Rules(cmd) => rules_cmd::run(cmd),
        Command::Render(args) => render_cmd::run(args),
        Command::Play(args) => play_cmd::run(args),
        Command::Serve(args) => serve_cmd::run(args),
        Command::Backup(args) => backup_cmd::run(args),
        Command::Admin(args) => admin_cmd::run(args),
        Command::Service(cmd) => service_cmd::run(cmd),
        Command::Ai(cmd) => ai_cmd::run(cmd),
        Command::Engine(args) => engine_cmd::run(args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("agora: {e:#}");
            ExitCode::FAILURE
        }
    }
}
