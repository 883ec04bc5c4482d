//! Visitors' engine help: the analysis of a position and the review of a game, searched in the
//! engines' pool as [`Priority::Analysis`], with the pool's table size.
//!
//! Each runs in turns: an analysis is one search that a move of the computer may cut short (it
//! then queues again for the rest of its time, its table kept), a review one move a turn, so
//! that the computer's moves in games never wait for more than a move's judgement. A caller that
//! stops waiting (the client gone, the request out of time) drops the future: the search under
//! way stops, and no more turns are taken.

use std::sync::Arc;
use std::time::{Duration, Instant};

use awe_game::Game;
use awe_players::Playable;
use awe_players::analysis::Reviewer;
use awe_search::{Limits, Report, Searcher};
use serde_json::{Value, json};

use crate::pool::{Busy, Pool, Priority};

/// The shortest turn worth taking.
const SHORTEST: Duration = Duration::from_millis(10);

/// How often one move's judgement is taken again after a move of the computer cut it short,
/// before what it found is kept.
const RETRIES: usize = 3;

/// The best line of `game`'s current position, searched for about `time`:
/// `{depth, score, best, line, over}`.
pub async fn analyze<P: Playable>(pool: &Pool, game: Game<P>, time: Duration) -> Result<Value, Busy>
where
    Searcher<P, P::Eval>: Send,
{
    let game = Arc::new(game);
    // Made on its first turn, not while it waits: the tables in memory are those of the searches
    // running, and of those cut short and waiting to go on.
    let mut searcher: Option<Searcher<P, P::Eval>> = None;
    let table = pool.table_mb();
    let started = Instant::now();
    let mut best: Option<Report<P::Move>> = None;
    loop {
        let left = time.saturating_sub(started.elapsed()).max(SHORTEST);
        let turn_game = Arc::clone(&game);
        let (back, report, preempted) = pool
            .run(Priority::Analysis, move |stop| {
                let mut searcher = searcher
                    .unwrap_or_else(|| Searcher::new(P::evaluator(turn_game.start()), table));
                let limits =
                    Limits { time: Some(left), stop: Some(stop.flag()), ..Limits::default() };
                let report = searcher.search(&turn_game, &limits, |_| {});
                (Some(searcher), report, stop.preempted())
            })
            .await?;
        searcher = back;
        if best.as_ref().is_none_or(|b| report.depth >= b.depth) {
            best = Some(report);
        }
        if !preempted || started.elapsed() >= time {
            break;
        }
    }
    let report = best.unwrap_or(Report {
        depth: 0,
        score: 0,
        pv: Vec::new(),
        nodes: 0,
        elapsed: Duration::ZERO,
    });
    let line = awe_players::line(game.current(), &report.pv);
    Ok(json!({
        "depth": report.depth,
        "score": awe_search::score::describe(report.score),
        "best": line.first(),
        "line": line,
        "over": game.outcome().map(|o| o.termination.name()),
    }))
}

/// Every move of `game` judged, each position searched for about `time`:
/// `[{ply, played, best, score, best_score, mark}…]`.
pub async fn review<P: Playable>(
    pool: &Pool,
    game: Game<P>,
    time: Duration,
) -> Result<Vec<Value>, Busy>
where
    Reviewer<P>: Send,
{
    // Its table made on its first turn, as an analysis's: the game until then.
    let mut reviewer: Result<Reviewer<P>, Game<P>> = Err(game);
    let table = pool.table_mb();
    let mut judged = Vec::new();
    let mut retries = 0;
    loop {
        let again = retries > 0;
        let (back, judgement, preempted) = pool
            .run(Priority::Analysis, move |stop| {
                let mut reviewer = reviewer.unwrap_or_else(|game| Reviewer::new(game, table));
                let limits =
                    Limits { time: Some(time), stop: Some(stop.flag()), ..Limits::default() };
                let judgement =
                    if again { reviewer.retry(&limits) } else { reviewer.next(&limits) };
                let ply = reviewer.judged().saturating_sub(1);
                let judgement = judgement.map(|j| {
                    let before = &reviewer.game().positions()[ply];
                    let text = |mv| before.move_text(mv);
                    json!({
                        "ply": ply,
                        "played": text(j.played),
                        "best": j.best.map(text),
                        "score": awe_search::score::describe(j.score),
                        "best_score": awe_search::score::describe(j.best_score),
                        "mark": j.mark.symbol(),
                    })
                });
                (reviewer, judgement, stop.preempted())
            })
            .await?;
        reviewer = Ok(back);
        let Some(judgement) = judgement else { break };
        if preempted && retries < RETRIES {
            // Cut short by a move of the computer: this move again, on the next turn.
            retries += 1;
            continue;
        }
        retries = 0;
        judged.push(judgement);
    }
    Ok(judged)
}
