//! `awe replay`.

use anyhow::{Context, Result, bail};
use awe_game::record::{Record, read_record_file};
use awe_game::{Game, GameResult, Position as _};

use crate::args::ReplayArgs;
use crate::names::player;

pub fn run(args: ReplayArgs) -> Result<()> {
    let path = args.file.display().to_string();
    // Bounded: a record file may be anything (`/dev/zero`), and must not fill the memory.
    let text = read_record_file(&args.file)?;
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
                    [player(&record, "South").as_str(), player(&record, "North").as_str()],
                    last.as_deref(),
                    game.outcome().is_some()
                )
            );
            finish(&game);
        }
        Some("awithlaknannai") => {
            let game = awe_awithlaknannai::replay(&record).with_context(|| path.clone())?;
            if args.trace {
                trace(&game);
            }
            let last = game.last_move().map(|(before, mv)| before.move_text(mv));
            let names = [player(&record, "White"), player(&record, "Black")];
            let names = [names[0].as_str(), names[1].as_str()];
            let over = game.outcome().is_some();
            print!(
                "{}",
                awe_awithlaknannai::diagram::diagram(game.current(), names, last.as_deref(), over)
            );
            finish(&game);
        }
        Some("awechec") => crate::awechec::replay(&record, &path, args.trace)?,
        Some(other) => bail!(
            "{path}: unknown game `{other}` in the Game tag (known: awele, awithlaknannai, awechec)"
        ),
        None => bail!("{path}: the record has no Game tag (such as [Game \"awele\"])"),
    }
    Ok(())
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
