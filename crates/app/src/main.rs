//! The `agora` binary: parses the command line, wires the crates together and picks exit codes.
//! No game logic lives here.

mod rules_cmd;

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
    /// The rules engine: replay actions, count the game tree, measure speed.
    #[command(subcommand)]
    Rules(rules_cmd::RulesCommand),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Rules(cmd) => rules_cmd::run(cmd),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("agora: {e:#}");
            ExitCode::FAILURE
        }
    }
}
