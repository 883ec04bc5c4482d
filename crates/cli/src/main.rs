//! `awe`: play, replay, count and time the games of awe from the command line.

mod args;
mod awechec;
mod bench;
mod perft;
mod play;
mod replay;
mod settings;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = args::Args::parse();
    let run = match args.command {
        args::Command::Perft(a) => perft::run(a),
        args::Command::Play(a) => play::run(a),
        args::Command::Replay(a) => replay::run(a),
        args::Command::Bench(a) => bench::run(a),
    };
    match run {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("awe: {error:#}");
            ExitCode::FAILURE
        }
    }
}
