//! The command line, as typed: parsed by clap, resolved into game settings by each command.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

/// awe: Awithlaknannai, Awélé and Awechec.
#[derive(Debug, Parser)]
#[command(name = "awe", version, about, propagate_version = true)]
pub struct Args {
    #[command(subcommand)]
    pub command: Command,
}

/// The games awe knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameName {
    /// Awélé (oware).
    Awele,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the leaf positions DEPTH plies ahead (the last line printed is the count alone).
    Perft(PerftArgs),
    /// Two people at one keyboard.
    Play(PlayArgs),
    /// Check a game record move by move and print how it ends.
    Replay(ReplayArgs),
    /// Random playouts on one core; the last line is the speed in plies per second.
    Bench(BenchArgs),
}

#[derive(Debug, clap::Args)]
pub struct PerftArgs {
    pub game: GameName,
    pub depth: u32,
    /// Rule set (awele: awechec, abapa, awari).
    #[arg(long)]
    pub rules: Option<String>,
    /// Start from this position instead of the usual one.
    #[arg(long)]
    pub position: Option<String>,
    /// Also print the count below each move.
    #[arg(long)]
    pub divide: bool,
}

#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    pub game: GameName,
    #[arg(long)]
    pub rules: Option<String>,
    /// Start from this position instead of the usual one.
    #[arg(long)]
    pub position: Option<String>,
    /// Write the game record to this file at the end (otherwise it is printed).
    #[arg(long)]
    pub save: Option<PathBuf>,
    /// South's name.
    #[arg(long, default_value = "South")]
    pub south: String,
    /// North's name.
    #[arg(long, default_value = "North")]
    pub north: String,
}

#[derive(Debug, clap::Args)]
pub struct ReplayArgs {
    pub file: PathBuf,
    /// Print each position's legal moves and the move played, then the final score.
    #[arg(long)]
    pub trace: bool,
}

#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    pub game: GameName,
    #[arg(long)]
    pub rules: Option<String>,
    /// Time for the playouts (perft runs for about a third of it beforehand).
    #[arg(long, default_value_t = 5.0)]
    pub seconds: f64,
    /// Seed of the random moves.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}
