//! Analysis: the best line of a position, and every move of a game judged against the best.
//!
//! A move is judged by one searcher at one depth: the best move's score is the search's, and the
//! played move's is that move searched to the same depth in the same tree. A move equal to the
//! best is never marked, and two scores of one mark always come from the same search.

use std::time::Duration;

use awe_game::{Game, Position, Side};
use awe_search::fastest::{Fastest, fastest_win};
use awe_search::score::{KNOWN_WIN, WIN, is_decided, plies_to_end};
use awe_search::{Evaluator, Limits, Report, Score, Searcher};

use crate::Playable;

/// How bad a move is, against the best move the search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// As good as the best, or nearly (less than half a point lost).
    Good,
    /// Half a point to two points lost (`?!`).
    Inaccuracy,
    /// Two points or more lost (`?`).
    Mistake,
    /// A won game let go, or a lost one entered (`??`).
    Blunder,
}

impl Mark {
    /// As a record's annotation: ``, `?!`, `?`, `??`.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Good => "",
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    /// The mark of a move scored `played` where the best scored `best` (the mover's view), with
    /// `point` the evaluation's value of one point of the game's score.
    pub fn of(best: Score, played: Score, point: Score) -> Mark {
        let loss = best.saturating_sub(played);
        if loss <= 0 {
            Mark::Good
        } else if is_decided(best) != is_decided(played) {
            Mark::Blunder
        } else if loss >= 2 * point {
            Mark::Mistake
        } else if loss >= point / 2 {
            Mark::Inaccuracy
        } else {
            Mark::Good
        }
    }
}

/// One move of a game, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement<M> {
    /// The side that played it.
    pub mover: Side,
    /// The move played.
    pub played: M,
    /// Its score, before it is played, in the mover's view.
    pub score: Score,
    /// The best move the search found, and its score.
    pub best: Option<M>,
    pub best_score: Score,
    /// The depth both scores were searched to (0: the game was over, or nothing was searched).
    pub depth: u32,
    pub mark: Mark,
}

/// The table of an analysis or review, in megabytes, unless told otherwise.
pub const TABLE_MB: usize = 64;

/// A search of `game`'s current position for `time` on `threads` threads, calling `each` after
/// every depth.
pub fn analyze<P: Playable>(
    game: &Game<P>,
    time: Duration,
    threads: usize,
    each: impl FnMut(&Report<P::Move>),
) -> Report<P::Move> {
    let mut searcher = Searcher::new(P::evaluator(game.start()), TABLE_MB);
    searcher.set_threads(threads);
    let report = searcher.search_threads(game, &Limits::time(time), each);
    fastest(game, report)
}

/// How far [`fastest`] looks for a win the search did not see to its end (a database's "known
/// win"), in plies; and the positions it may visit.
const FASTEST_PLIES: u32 = 9;
const FASTEST_BUDGET: u64 = 400_000;

/// The search's report with its win made the fastest: where the search claims a win (in `n`
/// plies, or a database's win of unknown length), a faster one is looked for by the plain search
/// of [`awe_search::fastest`], and its move, line and distance replace the search's. Past its
/// budget nothing changes.
pub fn fastest<P: Position>(game: &Game<P>, report: Report<P::Move>) -> Report<P::Move> {
    let most = match plies_to_end(report.score) {
        Some(n) if report.score > 0 => u32::try_from(n - 1).unwrap_or(0),
        None if report.score >= KNOWN_WIN => FASTEST_PLIES,
        _ => return report,
    };
    match fastest_win(game, most, FASTEST_BUDGET) {
        Fastest::Win { plies, line } if !line.is_empty() => {
            Report { score: WIN - plies as Score, pv: line, ..report }
        }
        _ => report,
    }
}

/// Judges every move of `game`, each position searched for `time`; `each` is told of each
/// judgement as it is made.
pub fn review<P: Playable>(
    game: &Game<P>,
    time: Duration,
    mut each: impl FnMut(usize, &Judgement<P::Move>),
) -> Vec<Judgement<P::Move>> {
    let mut reviewer = Reviewer::new(game.clone(), TABLE_MB);
    let mut judged = Vec::new();
    while let Some(judgement) = reviewer.next(&Limits::time(time)) {
        each(judged.len(), &judgement);
        judged.push(judgement);
    }
    judged
}

/// A review one move at a time, keeping its search's table from one move to the next: for a
/// caller that interleaves it with other work (a server's pool), or stops it midway.
pub struct Reviewer<P: Playable> {
    game: Game<P>,
    searcher: Searcher<P, P::Eval>,
    replay: Game<P>,
    point: Score,
}

impl<P: Playable> Reviewer<P> {
    /// A review of `game`'s moves with a table of `megabytes`.
    pub fn new(game: Game<P>, megabytes: usize) -> Reviewer<P> {
        let searcher = Searcher::new(P::evaluator(game.start()), megabytes);
        let point = searcher.evaluator().point();
        let replay = Game::new(game.start().clone());
        Reviewer { game, searcher, replay, point }
    }

    /// Moves judged so far.
    pub fn judged(&self) -> usize {
        self.replay.moves().len()
    }

    /// The game reviewed.
    pub fn game(&self) -> &Game<P> {
        &self.game
    }

    /// Judges the next move within `limits` (its time for each of the searches it needs):
    /// `None` once every move is judged. A search stopped by `limits.stop` judges from the
    /// depths it completed.
    pub fn next(&mut self, limits: &Limits) -> Option<Judgement<P::Move>> {
        let &played = self.game.moves().get(self.judged())?;
        let judgement = judge(&mut self.searcher, &self.replay, played, limits, self.point);
        if self.replay.play(played).is_err() {
            // Not replayable (cannot happen for a game's own moves): nothing more to judge.
            self.game = self.replay.clone();
        }
        Some(judgement)
    }

    /// Judges the next move again from its position (its judgement was cut short): the table
    /// keeps what the first search found.
    pub fn retry(&mut self, limits: &Limits) -> Option<Judgement<P::Move>> {
        if self.judged() == 0 {
            return None;
        }
        self.replay.undo();
        self.next(limits)
    }
}

/// Judges `played` in the current position of `game`.
fn judge<P: Position, E: Evaluator<P>>(
    searcher: &mut Searcher<P, E>,
    game: &Game<P>,
    played: P::Move,
    limits: &Limits,
    point: Score,
) -> Judgement<P::Move> {
    let mover = game.current().turn();
    // Every depth's best move and score, to compare with the played move at a depth it reached.
    let mut depths: Vec<(u32, Option<P::Move>, Score)> = Vec::new();
    let report = searcher.search(game, limits, |r| {
        depths.push((r.depth, r.best().copied(), r.score));
    });
    let unjudged = |depth| Judgement {
        mover,
        played,
        score: 0,
        best: report.best().copied(),
        best_score: 0,
        depth,
        mark: Mark::Good,
    };
    let Some(&(depth, best, best_score)) = depths.last() else { return unjudged(0) };
    if best == Some(played) {
        return Judgement {
            mover,
            played,
            score: best_score,
            best,
            best_score,
            depth,
            mark: Mark::Good,
        };
    }
    // The played move to the same depth, in the same table; if the time runs out, the deepest
    // depth both reached.
    for &(depth, best, best_score) in depths.iter().rev() {
        if best == Some(played) {
            return Judgement {
                mover,
                played,
                score: best_score,
                best,
                best_score,
                depth,
                mark: Mark::Good,
            };
        }
        let twice = Limits { time: limits.time.map(|t| t * 2), ..limits.clone() };
        if let Some(score) = searcher.move_score(game, played, depth, &twice) {
            // A move searched alone may score above the search's choice: it is then as good.
            let mark = Mark::of(best_score, score, point);
            return Judgement { mover, played, score, best, best_score, depth, mark };
        }
    }
    unjudged(depth)
}

/// Whether the engine, playing `side`, accepts to end `game` here by agreement: when the ending
/// the rules give an agreed stop (shared seeds, more pieces, a draw) is worth at least what its
/// search of `time` expects for it. Declined where the game is already over.
pub fn accepts_agreement<P: Playable>(game: &Game<P>, side: Side, time: Duration) -> bool {
    accepts_agreement_with(game, side, time, TABLE_MB)
}

/// [`accepts_agreement`] with a search table of `megabytes`.
pub fn accepts_agreement_with<P: Playable>(
    game: &Game<P>,
    side: Side,
    time: Duration,
    megabytes: usize,
) -> bool {
    if game.outcome().is_some() {
        return false;
    }
    let position = game.current();
    let eval = P::evaluator(game.start());
    let mover_view = |score: Score| if position.turn() == side { score } else { -score };
    let agreed = mover_view(eval.terminal(position, &position.outcome_on_agreement(), 0));
    let mut searcher = Searcher::new(P::evaluator(game.start()), megabytes);
    let expected = mover_view(searcher.search(game, &Limits::time(time), |_| {}).score);
    agreed >= expected
}
