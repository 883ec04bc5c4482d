//! `awe analyze`: a position's best move, score and line, or every move of a record judged.

use std::time::Duration;

use anyhow::{Context, Result, bail};
use awe_game::record::Record;
use awe_game::{Game, Side};
use awe_players::analysis::{Mark, analyze, review};
use awe_players::{Playable, line};
use awe_search::engine::book_move;
use awe_search::score::describe;

use crate::args::{AnalyzeArgs, GameName};

pub fn run(args: AnalyzeArgs) -> Result<()> {
    let time = args.time.duration();
    if let Some(path) = &args.record {
        if args.rules.is_some() || args.serpent.any() || args.awechec.any() {
            bail!(
                "a record gives its own settings: --rules and the game options go without --record"
            );
        }
        let shown = path.display().to_string();
        // Bounded: a record file may be anything, and must not fill the memory.
        let text = awe_game::record::read_record_file(path)?;
        let record = Record::parse(&text).with_context(|| shown.clone())?;
        let game = record.tag("Game").unwrap_or("");
        if game != args.game.name() {
            bail!("{shown} is a record of `{game}`, not of {}", args.game.name());
        }
        return match args.game {
            GameName::Awele => judge(awe_awele::replay(&record).context(shown)?, time),
            GameName::Awithlaknannai => {
                judge(awe_awithlaknannai::replay(&record).context(shown)?, time)
            }
            GameName::Awechec => {
                let history = awe_awechec::replay(&record).context(shown)?;
                let mut game = Game::new(history.start().clone());
                for &action in history.actions() {
                    game.play(action)?;
                }
                judge(game, time)
            }
        };
    }
    let position = args.position.as_deref();
    let search = Search { time, threads: args.threads.into() };
    match args.game {
        GameName::Awele => best_line(
            crate::settings::awele_start(args.rules.as_deref(), position, &args.serpent)?,
            search,
        ),
        GameName::Awithlaknannai => best_line(
            crate::settings::awithlaknannai_start(args.rules.as_deref(), position, &args.serpent)?,
            search,
        ),
        GameName::Awechec => best_line(
            crate::settings::awechec_start(
                args.rules.as_deref(),
                position,
                &args.serpent,
                &args.awechec,
            )?,
            search,
        ),
    }
}

/// How long a position is searched, and on how many threads.
#[derive(Clone, Copy)]
struct Search {
    time: Duration,
    threads: usize,
}

/// The best move, score and line of a position, depth by depth.
fn best_line<P: Playable>(start: P, search: Search) -> Result<()> {
    let game = Game::new(start);
    if let Some(outcome) = game.outcome() {
        println!("the game is over ({})", outcome.termination);
        return Ok(());
    }
    let report = analyze(&game, search.time, search.threads, |r| {
        println!(
            "depth {} score {} nodes {} nps {} pv {}",
            r.depth,
            describe(r.score),
            r.nodes,
            r.nodes_per_second(),
            line(game.current(), &r.pv).join(" ")
        );
    });
    let evaluator = P::evaluator(game.start());
    if let Some((mv, value)) = book_move(&evaluator, &game) {
        println!("book {} score {}", game.current().move_text(mv), describe(value));
    }
    let pv = line(game.current(), &report.pv);
    println!(
        "best {} score {} line {}",
        pv.first().map_or("-", String::as_str),
        describe(report.score),
        pv.join(" ")
    );
    Ok(())
}

/// Every move of a game judged, numbered as records number them (`12.` for South's or White's
/// move, `12...` for the other side's).
fn judge<P: Playable>(game: Game<P>, time: Duration) -> Result<()> {
    let mut number = 1;
    let judgements = review(&game, time, |ply, j| {
        let before = &game.positions()[ply];
        let dots = if j.mover == Side::South { "." } else { "..." };
        let best = j.best.map_or_else(|| "-".to_owned(), |m| before.move_text(m));
        println!(
            "{number:>3}{dots} {}{} score {} (best {best}, {}, depth {})",
            before.move_text(j.played),
            j.mark.symbol(),
            describe(j.score),
            describe(j.best_score),
            j.depth
        );
        if j.mover == Side::North
            && game.positions().get(ply + 1).is_some_and(|p| p.turn() == Side::South)
        {
            number += 1;
        }
    });
    let mistakes = judgements.iter().filter(|j| j.mark != Mark::Good).count();
    println!("moves {}, mistakes {mistakes}", game.moves().len());
    Ok(())
}
