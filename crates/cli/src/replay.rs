//! `awe replay`.

use anyhow::{Context, Result, bail};
use awe_game::record::Record;
use awe_game::{Game, GameResult, Position as _};

use crate::args::ReplayArgs;

pub fn run(args: ReplayArgs) -> Result<()> {
    let path = args.file.display().to_string();
    let bytes = std::fs::read(&args.file).with_context(|| format!("cannot read {path}"))?;
    let text = String::from_utf8(bytes).with_context(|| format!("{path} is not UTF-8 text"))?;
    let record = Record::parse(&text).with_context(|| path.clone())?;
    match record.tag("Game") {
        Some("awele") => {
            let game = awe_awele::replay(&record).with_context(|| path.clone())?;
            if args.trace {
                trace(&game);
            }
            let last = game.last_move().map(|(before, mv)| before.move_text(mv));
            print!(
                "{}",
                awe_awele::diagram::diagram(
                    game.current(),
                    names(&record),
                    last.as_deref(),
                    game.outcome().is_some()
                )
            );
            finish(&game);
        }
        Some(other) => bail!("{path}: unknown game `{other}` in the Game tag (known: awele)"),
        None => bail!("{path}: the record has no Game tag (such as [Game \"awele\"])"),
    }
    Ok(())
}

fn names(record: &Record) -> [&str; 2] {
    [record.tag("South").unwrap_or(""), record.tag("North").unwrap_or("")]
}

/// Every position's legal moves and the move played, for comparing with another program.
fn trace<P: awe_game::Position>(game: &Game<P>) {
    for (ply, (position, &mv)) in game.positions().iter().zip(game.moves()).enumerate() {
        let mut moves = P::MoveList::default();
        position.legal_moves(&mut moves);
        let legal: Vec<String> = moves.iter().map(|&m| position.move_text(m)).collect();
        println!("ply {} legal {} played {}", ply + 1, legal.join(","), position.move_text(mv));
    }
}

/// The moves played, the final score if the game is over, and the result as the last line.
fn finish<P: awe_game::Position>(game: &Game<P>) {
    println!("moves: {}", game.moves().len());
    let result = match game.outcome() {
        Some(outcome) => {
            println!("score: {}-{} ({})", outcome.score[0], outcome.score[1], outcome.termination);
            outcome.result()
        }
        None => GameResult::Unfinished,
    };
    println!("result: {result}");
}
