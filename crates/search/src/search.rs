//! Iterative-deepening alpha-beta: negamax with principal variation search, a transposition
//! table, killer moves, aspiration windows and a quiescence search, within limits of depth, nodes
//! or time, reporting each depth as it completes.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use awe_game::{Game, Position, Side};

use crate::eval::Evaluator;
use crate::score::{INFINITY, Score, is_decided};
use crate::table::{Bound, Entry, Table};
use crate::time::{Clock, TimeManager};

pub use crate::level::MAX_DEPTH;

/// How deep the quiescence search may go below the main search.
const MAX_QUIESCENCE: u32 = 12;

/// When to stop.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Plies, at most.
    pub depth: Option<u32>,
    /// Positions visited, at most (checked every few thousand).
    pub nodes: Option<u64>,
    /// Time to think.
    pub time: Option<Duration>,
    /// Whether [`Limits::time`] is this move's alone, all of it to spend (`go movetime`), rather
    /// than a share of a clock that a search sure of its move saves (see [`crate::time`]).
    pub spend_all: bool,
    /// Set by another thread to stop at once (the protocol's `stop`).
    pub stop: Option<Arc<AtomicBool>>,
    /// Read the time from the nodes searched at this many a second instead of the wall clock
    /// (tests of the time a search spends).
    pub simulated_speed: Option<u64>,
    /// Thinking on the opponent's time (the protocol's `go ponder`): while this flag is false the
    /// time does not run; the budget counts from when it turns true (`ponderhit`).
    pub ponder: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// To a fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::default() }
    }

    /// For a time.
    pub fn time(time: Duration) -> Limits {
        Limits { time: Some(time), ..Limits::default() }
    }
}

/// What a completed depth found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report<M> {
    pub depth: u32,
    pub score: Score,
    /// The principal variation: the best move, the best reply, and so on.
    pub pv: Vec<M>,
    pub nodes: u64,
    pub elapsed: Duration,
}

impl<M> Report<M> {
    /// Positions a second.
    pub fn nodes_per_second(&self) -> u64 {
        (self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)) as u64
    }

    /// The best move, if the position has one.
    pub fn best(&self) -> Option<&M> {
        self.pv.first()
    }
}

/// A search of one game, keeping its table from one move to the next.
pub struct Searcher<P: Position, E> {
    eval: E,
    table: Table,
    killers: Vec<[Option<P::Move>; 2]>,
    /// The positions since the material last changed: the game's, then the path searched.
    path: Vec<Step<P::Key>>,
    nodes: u64,
    clock: Clock,
    /// How the time is spent, when the limits give some.
    time: Option<TimeManager>,
    limits: Limits,
    aborted: bool,
    /// The best root move of the last iteration searched, even in part.
    root_best: Option<P::Move>,
    /// The node count at which the limits are next looked at.
    next_check: u64,
    /// Whether late quiet moves are searched shallower first, when a search may.
    reductions: bool,
    /// Whether this search is exact: no late-move reductions, and no table entry from another
    /// context believed even for an estimate (it may hide a win or a loss that this context
    /// has). [`Searcher::search`] is fast until it finds a won or lost game, then exact.
    exact: bool,
    /// Whether the table holds what a search that was not exact found.
    table_inexact: bool,
    /// When the budget started to run, on the search's clock (`None` while pondering).
    budget_from: Option<Duration>,
    /// Searchers in all, this one and its helpers ([`Searcher::search_threads`]).
    threads: usize,
    /// Whether this searcher helps another, through their shared table: it never turns exact
    /// (that clears the table), it stops instead.
    helper: bool,
    /// Depths a helper starts ahead of the searcher it helps (0 or 1).
    ahead: u32,
}

impl<P: Position, E: Evaluator<P>> Searcher<P, E> {
    /// A searcher with a table of about `megabytes`.
    pub fn new(eval: E, megabytes: usize) -> Self {
        Searcher::with_table(eval, Table::new(megabytes))
    }

    fn with_table(eval: E, table: Table) -> Self {
        Searcher {
            eval,
            table,
            killers: vec![[None; 2]; MAX_DEPTH as usize + MAX_QUIESCENCE as usize + 2],
            path: Vec::new(),
            nodes: 0,
            clock: Clock::Real(Instant::now()),
            time: None,
            limits: Limits::default(),
            aborted: false,
            root_best: None,
            next_check: 0,
            reductions: E::REDUCTIONS,
            exact: false,
            table_inexact: false,
            budget_from: Some(Duration::ZERO),
            threads: 1,
            helper: false,
            ahead: 0,
        }
    }

    /// Turns late-move reductions on or off, whatever the game's default ([`Evaluator::REDUCTIONS`]):
    /// to measure what they bring, or to test them on every game.
    pub fn set_reductions(&mut self, on: bool) {
        self.reductions = on;
    }

    /// The evaluation.
    pub fn evaluator(&self) -> &E {
        &self.eval
    }

    /// Forgets what earlier searches learnt (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Searches the current position of `game` within `limits`, calling `report` after each
    /// completed depth; returns the last completed depth's report (with no move if the game is
    /// over).
    pub fn search(
        &mut self,
        game: &Game<P>,
        limits: &Limits,
        report: impl FnMut(&Report<P::Move>),
    ) -> Report<P::Move> {
        self.iterate(game, limits, report, &mut || {})
    }

    /// [`Searcher::search`], calling `before_exact` before the search turns exact.
    fn iterate(
        &mut self,
        game: &Game<P>,
        limits: &Limits,
        mut report: impl FnMut(&Report<P::Move>),
        before_exact: &mut dyn FnMut(),
    ) -> Report<P::Move> {
        self.start(game, limits.clone(), false);
        let root = game.current().clone();
        self.eval.prepare(&root);
        let mut best =
            Report { depth: 0, score: 0, pv: Vec::new(), nodes: 0, elapsed: Duration::ZERO };
        if game.outcome().is_some() {
            return best;
        }
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut score = 0;
        // Every other helper searches a depth ahead: the helpers then fill the table with what
        // the next depth asks, rather than all repeating the same search.
        let mut depth = self.ahead.min(max_depth - 1);
        while depth < max_depth {
            depth += 1;
            // A window around the last score; widened until the score falls inside it.
            let mut window = if depth >= 4 && !is_decided(score) { 50 } else { INFINITY };
            let found = loop {
                let (alpha, beta) = if window >= INFINITY {
                    (-INFINITY, INFINITY)
                } else {
                    (score - window, score + window)
                };
                let mut pv = Vec::new();
                let found = self.negamax(&root, depth, alpha, beta, 0, &mut pv);
                if self.aborted {
                    break None;
                }
                if (found <= alpha || found >= beta) && window < INFINITY {
                    window = if window >= 800 { INFINITY } else { window * 4 };
                    continue;
                }
                break Some((found, pv));
            };
            let Some((found, pv)) = found else {
                break;
            };
            if is_decided(found) && !self.exact {
                // A won or lost game found by the fast search may end sooner than it could see
                // (a move searched short, an estimate of another context that hid a quicker
                // end): a win or a loss is announced only by an exact search, from a table that
                // holds nothing else. This depth again, and the rest, so. A helper leaves that
                // to the searcher it helps.
                if self.helper {
                    break;
                }
                before_exact();
                self.set_exact(true);
                depth -= 1;
                continue;
            }
            let same_best = best.pv.first() == pv.first();
            score = found;
            let elapsed = self.elapsed();
            best = Report { depth, score, pv, nodes: self.nodes, elapsed };
            report(&best);
            if let Some(time) = &mut self.time {
                time.depth_done(score, same_best);
            }
            if is_decided(score)
                && crate::score::plies_to_end(score).is_some_and(|p| p <= depth as i32)
            {
                // The end is found within the depth searched: deeper searches say no more.
                break;
            }
            if self.out_of_time_for_next_depth() {
                break;
            }
        }
        if best.pv.is_empty() {
            // Not even depth 1 completed: the best of the moves it searched, else any legal
            // move (none is worse).
            let mut moves = P::MoveList::default();
            root.legal_moves(&mut moves);
            best.pv.extend(self.root_best.or(moves.first().copied()));
        } else if self.aborted
            && let Some(found) = self.root_best
            && best.pv.first() != Some(&found)
        {
            // The depth cut short found a better move than the last one ended: it plays.
            best.pv = vec![found];
        }
        best.nodes = self.nodes;
        best.elapsed = self.elapsed();
        best
    }

    /// The score of each legal move at `depth`, best first: what the weaker levels choose among.
    pub fn root_scores(&mut self, game: &Game<P>, depth: u32) -> Vec<(P::Move, Score)> {
        self.start(game, Limits::depth(depth), true);
        let root = game.current().clone();
        let mut moves = P::MoveList::default();
        root.legal_moves(&mut moves);
        let mut scores: Vec<(P::Move, Score)> = moves
            .iter()
            .map(|&mv| {
                let child = root.play(mv);
                let mut pv = Vec::new();
                let turn = root.turn();
                let score =
                    self.child_score(turn, &child, depth - 1, -INFINITY, INFINITY, 1, &mut pv);
                (mv, score)
            })
            .collect();
        scores.sort_by_key(|&(_, s)| -s);
        scores
    }

    /// The score of playing `mv` in the current position of `game`, searched to `depth` plies
    /// (the move itself is the first), in the mover's view: what [`Searcher::search`] gives the
    /// same move at the same depth, so that a played move and the best move can be compared.
    /// `None` if `limits` stopped the search first.
    pub fn move_score(
        &mut self,
        game: &Game<P>,
        mv: P::Move,
        depth: u32,
        limits: &Limits,
    ) -> Option<Score> {
        self.start(game, Limits { depth: None, ..limits.clone() }, true);
        let root = game.current().clone();
        self.eval.prepare(&root);
        let child = root.play(mv);
        let mut pv = Vec::new();
        let depth = depth.clamp(1, MAX_DEPTH);
        let score =
            self.child_score(root.turn(), &child, depth - 1, -INFINITY, INFINITY, 1, &mut pv);
        (!self.aborted).then_some(score)
    }

    /// Resets the counters and the path for a search of `game` within `limits`, exact or not.
    fn start(&mut self, game: &Game<P>, limits: Limits, exact: bool) {
        self.clock = match limits.simulated_speed {
            Some(speed) => Clock::Nodes(speed),
            None => Clock::Real(Instant::now()),
        };
        self.time = limits.time.map(if limits.spend_all {
            TimeManager::spend_all
        } else {
            TimeManager::new
        });
        self.budget_from = limits.ponder.is_none().then_some(Duration::ZERO);
        self.set_exact(exact);
        self.limits = limits;
        self.nodes = 0;
        self.next_check = 0;
        self.aborted = false;
        self.root_best = None;
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.path = history(game);
    }

    /// Searches on exactly or fast. An exact search starts from a table that holds nothing a
    /// fast one found.
    fn set_exact(&mut self, exact: bool) {
        self.exact = exact;
        if !exact {
            self.table_inexact = true;
        } else if self.table_inexact {
            self.table.clear();
            self.table_inexact = false;
        }
    }

    /// The time spent by the search so far.
    fn elapsed(&self) -> Duration {
        self.clock.elapsed(self.nodes)
    }

    /// The time spent from the budget: none while pondering.
    fn spent(&mut self) -> Option<Duration> {
        let elapsed = self.elapsed();
        if self.budget_from.is_none()
            && self.limits.ponder.as_ref().is_some_and(|hit| hit.load(Ordering::Relaxed))
        {
            self.budget_from = Some(elapsed);
        }
        self.budget_from.map(|from| elapsed.saturating_sub(from))
    }

    fn out_of_time_for_next_depth(&mut self) -> bool {
        let Some(time) = self.time else { return false };
        self.spent().is_some_and(|spent| !time.may_start_depth(spent))
    }

    fn check_limits(&mut self) {
        if self.nodes < self.next_check {
            return;
        }
        self.next_check = self.nodes + 2048;
        let hard = self.time.map(|t| t.hard());
        let out_of_time = hard.is_some_and(|hard| self.spent().is_some_and(|s| s >= hard));
        let out_of_nodes = self.limits.nodes.is_some_and(|n| self.nodes >= n);
        let stopped = self.limits.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed));
        if out_of_time || out_of_nodes || stopped {
            self.aborted = true;
        }
    }

    /// The score of `child`, one ply below its parent, or of the repetition it makes, for the
    /// side that moved at the parent (`turn`), within that side's window. The side to move does
    /// not always change: a game may give the same side two actions in a row.
    #[allow(clippy::too_many_arguments)]
    fn child_score(
        &mut self,
        turn: Side,
        child: &P,
        depth: u32,
        alpha: Score,
        beta: Score,
        ply: u32,
        pv: &mut Vec<P::Move>,
    ) -> Score {
        let same = child.turn() == turn;
        let step = match self.path.last() {
            Some(parent) => parent.next(child),
            None => Step::first(child),
        };
        // Where a repetition ends nothing, the fast search scores one by the evaluation's
        // `cycle`, an estimate. The exact search leaves it out: a cycle that the other side
        // could close would hide a quicker end, and an exact search announces its distance.
        let ends = child.repetition_ends_game();
        let cycle = if ends || self.exact { None } else { self.eval.cycle(child) };
        if (ends || cycle.is_some()) && self.repeats(&step) {
            pv.clear();
            let score = match cycle {
                Some(score) => {
                    debug_assert!(!is_decided(score), "a cycle is scored as an estimate");
                    score
                }
                None => self.eval.terminal(child, &child.outcome_on_repetition(), ply),
            };
            return if same { score } else { -score };
        }
        self.path.push(step);
        let score = if same {
            self.negamax(child, depth, alpha, beta, ply, pv)
        } else {
            -self.negamax(child, depth, -beta, -alpha, ply, pv)
        };
        self.path.pop();
        score
    }

    /// Whether the position of `step` stands earlier on the path (the game's or the search's).
    fn repeats(&self, step: &Step<P::Key>) -> bool {
        // Only positions with the same material can be the same position.
        self.path
            .iter()
            .rev()
            .take_while(|s| s.material == step.material)
            .any(|s| s.key == step.key)
    }

    fn negamax(
        &mut self,
        position: &P,
        depth: u32,
        mut alpha: Score,
        beta: Score,
        ply: u32,
        pv: &mut Vec<P::Move>,
    ) -> Score {
        self.nodes += 1;
        self.check_limits();
        if self.aborted {
            return 0;
        }
        let mut moves = P::MoveList::default();
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            pv.clear();
            return match position.outcome() {
                Some(outcome) => self.eval.terminal(position, &outcome, ply),
                None => 0,
            };
        }
        // What the repetition rule can still see of the path before this position. Scores that
        // depend on it (a won or lost game) are shared only between positions reached with the
        // same earlier positions: another path may offer a repetition that this one did not.
        let context = self.path.last().map_or(Context::default(), |s| s.context);
        // A database knows a position the game has not ended. A database has no history: its
        // wins and losses hold only where no earlier position can be repeated, or where the
        // rules ignore repetitions.
        if ply > 0
            && let Some(score) = self.eval.exact(position, ply)
            && (!is_decided(score) || context.is_empty() || !position.repetition_ends_game())
        {
            pv.clear();
            return score;
        }
        if depth == 0 {
            pv.clear();
            return self.quiescence(position, alpha, beta, ply, 0);
        }
        let key = position.hash();
        let entry = self.table.probe(key, ply);
        let entry_best = entry.and_then(|e| moves.get(e.best? as usize).copied());
        if let Some(entry) = entry
            && ply > 0
            && entry.depth >= depth
            && (entry.context == context.id() || (!self.exact && !is_decided(entry.score)))
        {
            let usable = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => entry.score >= beta,
                Bound::Upper => entry.score <= alpha,
            };
            if usable {
                pv.clear();
                pv.extend(entry_best);
                return entry.score;
            }
        }
        let mut ordered: Vec<(P::Move, Score)> = moves
            .iter()
            .map(|&mv| {
                let key = if Some(mv) == entry_best {
                    INFINITY
                } else if self.killers[ply as usize].contains(&Some(mv)) {
                    INFINITY / 2
                } else {
                    self.eval.order(position, mv)
                };
                (mv, key)
            })
            .collect();
        ordered.sort_by_key(|&(_, k)| -k);

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let mut child_pv = Vec::new();
        let turn = position.turn();
        // Late quiet moves are searched two plies shallower first (late-move reductions), and
        // again at full depth if they turn out better than the best so far.
        let mut reductions = self.reductions && !self.exact && depth >= 3;
        let mut reduced_any = false;
        let mut i = 0;
        while let Some(&(mv, key)) = ordered.get(i) {
            i += 1;
            let child = position.play(mv);
            let score = if i == 1 {
                self.child_score(turn, &child, depth - 1, alpha, beta, ply + 1, &mut child_pv)
            } else {
                let reduce = reductions
                    && i > 2
                    && key < INFINITY / 2
                    && !is_decided(alpha)
                    && !self.eval.is_noisy(position, mv);
                let mut probe = None;
                if reduce {
                    reduced_any = true;
                    let shallow = self.child_score(
                        turn,
                        &child,
                        depth - 2,
                        alpha,
                        alpha + 1,
                        ply + 1,
                        &mut child_pv,
                    );
                    // A won or lost game found a ply short may be found sooner or later at
                    // full depth: only an ordinary score worse than the best is kept.
                    if shallow <= alpha && !is_decided(shallow) {
                        probe = Some(shallow);
                    }
                }
                // A null window first: most moves are only shown worse than the first.
                let probe = match probe {
                    Some(probe) => probe,
                    None => self.child_score(
                        turn,
                        &child,
                        depth - 1,
                        alpha,
                        alpha + 1,
                        ply + 1,
                        &mut child_pv,
                    ),
                };
                if probe > alpha && probe < beta {
                    self.child_score(turn, &child, depth - 1, alpha, beta, ply + 1, &mut child_pv)
                } else {
                    probe
                }
            };
            if self.aborted {
                return 0;
            }
            if i == ordered.len() && reduced_any && best_score.max(score) >= crate::score::DECIDED {
                // The position is won: a move searched short may win sooner. The distance
                // announced must be the shortest, so every move is searched again in full.
                reductions = false;
                reduced_any = false;
                i = 0;
                best_score = -INFINITY;
                best_move = None;
                alpha = original_alpha;
                pv.clear();
                continue;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                if score > alpha {
                    if ply == 0 {
                        // Only a move shown better than the window's floor, and so than every
                        // move before it, may replace the last depth's best if this depth is
                        // cut short; one that failed low only has a bound, which says nothing.
                        self.root_best = Some(mv);
                    }
                    alpha = score;
                    pv.clear();
                    pv.push(mv);
                    pv.extend_from_slice(&child_pv);
                }
            }
            if alpha >= beta {
                let killers = &mut self.killers[ply as usize];
                if !self.eval.is_noisy(position, mv) && killers[0] != Some(mv) {
                    killers[1] = killers[0];
                    killers[0] = Some(mv);
                }
                break;
            }
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if bound == Bound::Upper {
            pv.clear();
            pv.extend(best_move);
        }
        let context = context.id();
        // The table keeps the best move as its place among the moves as generated.
        let best = best_move
            .and_then(|best| moves.iter().position(|&mv| mv == best))
            .and_then(|at| u8::try_from(at).ok().filter(|&at| at < u8::MAX));
        self.table.store(key, ply, Entry { key, context, score: best_score, depth, bound, best });
        best_score
    }

    /// Plays only the noisy moves (captures) until the position is quiet, the side to move
    /// standing on the evaluation when it prefers.
    fn quiescence(
        &mut self,
        position: &P,
        mut alpha: Score,
        beta: Score,
        ply: u32,
        q: u32,
    ) -> Score {
        self.nodes += 1;
        self.check_limits();
        if self.aborted {
            return 0;
        }
        let mut moves = P::MoveList::default();
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            // No move: the game is over by the position (the rules crates promise it).
            return match position.outcome() {
                Some(outcome) => self.eval.terminal(position, &outcome, ply),
                None => 0,
            };
        }
        let stand = self.eval.evaluate(position);
        if stand >= beta || q >= E::QUIESCENCE.min(MAX_QUIESCENCE) {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut noisy: Vec<(P::Move, Score)> = moves
            .iter()
            .filter(|&&mv| self.eval.is_noisy(position, mv))
            .map(|&mv| (mv, self.eval.order(position, mv)))
            .collect();
        noisy.sort_by_key(|&(_, k)| -k);
        let mut best = stand;
        for (mv, _) in noisy {
            let child = position.play(mv);
            let score = if child.turn() == position.turn() {
                self.quiescence(&child, alpha, beta, ply + 1, q + 1)
            } else {
                -self.quiescence(&child, -beta, -alpha, ply + 1, q + 1)
            };
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                }
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// Several threads: lazy SMP. Helpers search the same position on threads of their own and share
/// the table (without locks: see [`Table`]), so that each finds there what the others found; the
/// searcher's own search, on the caller's thread, decides and reports. Helpers help only the fast
/// search: before it turns exact (a won or lost game found) they stop, and the exact search runs
/// alone, so that what it announces is what one thread would.
impl<P, E> Searcher<P, E>
where
    P: Position<Move: Send + Sync, Key: Send + Sync> + Send + Sync,
    E: Evaluator<P> + Clone + Send,
{
    /// Searches with `threads` threads in all from now on (at least one).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// [`Searcher::search`] on the threads [`Searcher::set_threads`] gave.
    pub fn search_threads(
        &mut self,
        game: &Game<P>,
        limits: &Limits,
        report: impl FnMut(&Report<P::Move>),
    ) -> Report<P::Move> {
        if self.threads <= 1 || game.outcome().is_some() {
            return self.search(game, limits, report);
        }
        let mut helpers: Vec<Searcher<P, E>> = (1..self.threads)
            .map(|k| {
                let mut helper = Searcher::with_table(self.eval.clone(), self.table.share());
                helper.reductions = self.reductions;
                helper.helper = true;
                helper.ahead = (k % 2 == 1) as u32;
                helper
            })
            .collect();
        let stop = Arc::new(AtomicBool::new(false));
        // Helpers stop at the depth asked or when told, never on time: the searcher they help
        // keeps the time.
        let helping = Limits { depth: limits.depth, stop: Some(stop.clone()), ..Limits::default() };
        std::thread::scope(|scope| {
            let mut running: Vec<_> = helpers
                .iter_mut()
                .map(|helper| {
                    let helping = &helping;
                    scope.spawn(move || helper.search(game, helping, |_| {}))
                })
                .collect();
            let mut halt = || {
                stop.store(true, Ordering::Relaxed);
                for helper in running.drain(..) {
                    // A helper that panicked has only stopped helping.
                    let _ = helper.join();
                }
            };
            let found = self.iterate(game, limits, report, &mut halt);
            halt();
            found
        })
    }
}

/// A position on the search's path, for the repetition rule.
#[derive(Clone, Copy, Debug)]
struct Step<K> {
    key: K,
    material: u32,
    /// A hash of the position's repetition key, for the contexts of the positions after it.
    hash: u64,
    context: Context,
}

impl<K: Copy> Step<K> {
    /// The first position of a path: nothing before it can be repeated.
    fn first<P: Position<Key = K>>(position: &P) -> Step<K> {
        Step {
            key: position.repetition_key(),
            material: position.material(),
            hash: mix(position.repetition_hash()),
            context: Context::default(),
        }
    }

    /// The step of `child`, a position played from this one.
    fn next<P: Position<Key = K>>(&self, child: &P) -> Step<K> {
        let mut step = Step::first(child);
        // A change of material makes every earlier position unrepeatable.
        if step.material == self.material {
            step.context =
                Context { earlier: self.context.earlier + 1, hash: self.context.hash ^ self.hash };
        }
        step
    }
}

/// The positions before one on the path that it could still repeat (those since the material
/// last changed), as a count and the exclusive or of their hashes: a set, not a sequence, since
/// the repetition rule asks only whether a position stood before.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Context {
    earlier: u32,
    hash: u64,
}

impl Context {
    fn is_empty(&self) -> bool {
        self.earlier == 0
    }

    /// A number for the table: 0 for an empty context.
    fn id(&self) -> u64 {
        if self.is_empty() { 0 } else { mix(self.hash ^ u64::from(self.earlier)) | 1 }
    }
}

/// Spreads a hash's bits (the finaliser of splitmix64), so that exclusive ors of hashes of
/// similar positions stay apart.
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The repetition keys of the positions of `game` since its material last changed, the current
/// one last.
pub(crate) fn history_keys<P: Position>(game: &Game<P>) -> Vec<P::Key> {
    history(game).into_iter().map(|step| step.key).collect()
}

/// The positions of `game` since its material last changed, the current one last.
fn history<P: Position>(game: &Game<P>) -> Vec<Step<P::Key>> {
    let positions = game.positions();
    let material = game.current().material();
    let since = positions.iter().rev().take_while(|p| p.material() == material).count();
    let mut steps: Vec<Step<P::Key>> = Vec::with_capacity(since);
    for position in &positions[positions.len() - since..] {
        let step = match steps.last() {
            Some(before) => before.next(position),
            None => Step::first(position),
        };
        steps.push(step);
    }
    steps
}
