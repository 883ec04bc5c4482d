//! `awe`: play, replay, count and time the games of awe from the command line.

mod args;
mod awechec;
mod baseline;
mod bench;
mod endgame;
mod engines;
mod perft;
mod play;
mod replay;
mod settings;
mod ugi;

use std::process::ExitCode;

use clap::Parser;

/// A thinking time given in seconds: positive, and at most a day.
pub fn seconds(value: f64) -> anyhow::Result<std::time::Duration> {
    anyhow::ensure!(
        value > 0.0 && value <= 86_400.0,
        "--time must be a number of seconds above 0 and at most 86400"
    );
    Ok(std::time::Duration::from_secs_f64(value))
}

fn main() -> ExitCode {
    let args = args::Args::parse();
    let run = match args.command {
        args::Command::Perft(a) => perft::run(a),
        args::Command::Play(a) => play::run(a),
        args::Command::Replay(a) => replay::run(a),
        args::Command::Bench(a) => bench::run(a),
        args::Command::Match(a) => engines::run_match(a),
        args::Command::Engine(a) => ugi::run_engine(a),
        args::Command::Analyze(a) => engines::run_analyze(a),
        args::Command::Endgame(a) => endgame::run(a),
    };
    match run {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("awe: {error:#}");
            ExitCode::FAILURE
        }
    }
}
