//! `awe play`: two people at one keyboard.

use std::io::{BufRead, Write};
use std::path::Path;

use anyhow::{Context, Result};
use awe_game::{Game, Position as _};

use crate::args::{GameName, PlayArgs};

const HELP: &str =
    "Type a move (a pit letter, A-F for South, a-f for North; E(3) states the capture),
or: moves (list the legal moves), undo (take back a move), agree (both players stop the game here),
quit (stop and keep the game unfinished), help.";

pub fn run(args: PlayArgs) -> Result<()> {
    match args.game {
        GameName::Awithlaknannai => {
            anyhow::bail!(
                "playing Awithlaknannai in the terminal is not built yet (perft and bench are)"
            )
        }
        GameName::Awele => {
            let start = crate::settings::awele_start(
                args.rules.as_deref(),
                args.position.as_deref(),
                &Default::default(),
            )?;
            play_awele(start, &args)
        }
    }
}

fn play_awele(start: awe_awele::Position, args: &PlayArgs) -> Result<()> {
    let names = [args.south.as_str(), args.north.as_str()];
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut game = Game::new(start);
    println!("Awélé, rules {}. {HELP}", start.rule_set());
    loop {
        let current = *game.current();
        let last = game.last_move().map(|(before, mv)| before.move_text(mv));
        println!();
        print!(
            "{}",
            awe_awele::diagram::diagram(&current, names, last.as_deref(), game.outcome().is_some())
        );
        if let Some(outcome) = game.outcome() {
            println!(
                "Game over ({}): {} {} - {} {}.",
                outcome.termination, names[0], outcome.score[0], outcome.score[1], names[1]
            );
            break;
        }
        let turn = current.turn();
        print!("{} ({turn}, {}) > ", names[turn.index()], awe_awele::notation::pit_range(turn));
        std::io::stdout().flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            println!();
            break;
        }
        match line.trim() {
            "" => continue,
            "help" | "?" => println!("{HELP}"),
            "quit" | "exit" => break,
            "agree" => game.agree_to_stop(),
            "undo" => {
                if game.undo().is_none() {
                    println!("Nothing to take back.");
                }
            }
            "moves" => {
                let mut moves = awe_awele::MoveList::new();
                current.legal_moves(&mut moves);
                let list: Vec<String> = moves.iter().map(|&m| current.move_text(m)).collect();
                println!("Legal moves: {}", list.join(" "));
            }
            text => match current.parse_move(text) {
                Ok(mv) => {
                    // `parse_move` checked legality against the current position.
                    let _ = game.play(mv);
                }
                Err(error) => println!("Not played: {error}."),
            },
        }
    }
    let record = awe_awele::write_record(&game, names).to_string();
    match &args.save {
        Some(path) => {
            save(path, &record)?;
            println!("Record saved to {}.", path.display());
        }
        None => print!("\n{record}"),
    }
    Ok(())
}

/// Writes `text` beside `path` first and renames it into place, so that a failure never leaves a
/// half-written record where a good file was.
pub fn save(path: &Path, text: &str) -> Result<()> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let temporary = path.with_file_name(format!(".{name}.awe-tmp"));
    std::fs::write(&temporary, text)
        .with_context(|| format!("cannot write {}", temporary.display()))?;
    std::fs::rename(&temporary, path).with_context(|| format!("cannot write {}", path.display()))
}
