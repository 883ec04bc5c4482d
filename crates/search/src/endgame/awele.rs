//! Awélé endgame databases: for every board with few seeds, the best seed difference the side to
//! move can still make from the seeds on the board, found by retrograde analysis.
//!
//! Boards are stored with South to move (a board with North to move is read with its rows
//! swapped), layer by layer: a capture only leads to a layer with fewer seeds, so each layer is
//! solved from those below it, the moves that stay in the layer by iterating until no value
//! changes. A game that goes round in a cycle ends by repetition, and the iteration starts from
//! what a repetition is worth there: 0 where the seeds left are shared (`awechec`, `awari`), each
//! side's own row where each takes its own (`abapa`).
//!
//! `abapa` also ends a game as soon as a player has more than 24 seeds. That stop depends on the
//! seeds captured before, not on the board; but it only ever ends a game already decided (a
//! player above 24 of 48 seeds has won however the rest goes), so its databases value the game
//! played out without the stop. Win, draw or loss is then exact; the margin is the one the game
//! would reach if played to the end.

use std::path::Path;

use awe_awele::{Board, Leftovers, MoveList, Position, RuleSet};
use awe_game::{Position as _, Side};

use super::EndgameError;

/// Positions of `n` seeds in `k` pits: `WAYS[k][n]`.
fn ways(k: usize, n: usize) -> u64 {
    // C(n + k - 1, k - 1), computed exactly in u64 for the sizes used here.
    if k == 0 {
        return (n == 0) as u64;
    }
    let (a, b) = (n + k - 1, k - 1);
    let b = b.min(a - b);
    (0..b).fold(1u64, |acc, i| acc * (a - i) as u64 / (i + 1) as u64)
}

/// The number of positions a layer of `n` seeds has.
pub fn layer_size(n: usize) -> u64 {
    ways(12, n)
}

/// Ranks the boards of one layer.
#[derive(Debug)]
struct Ranker {
    /// `below[pit][rest][seeds]`: the boards of the layer that come before one holding `seeds`
    /// in `pit`, `rest` seeds being left for this pit and the later ones.
    below: Vec<Vec<Vec<u64>>>,
}

impl Ranker {
    fn new(max: usize) -> Ranker {
        let below = (0..12)
            .map(|pit| {
                (0..=max)
                    .map(|rest| {
                        let mut sums = vec![0u64; rest + 2];
                        for v in 0..=rest {
                            sums[v + 1] = sums[v] + ways(11 - pit, rest - v);
                        }
                        sums
                    })
                    .collect()
            })
            .collect();
        Ranker { below }
    }

    fn rank(&self, pits: &[u8; 12], n: usize) -> usize {
        let mut rest = n;
        let mut rank = 0;
        for (pit, &seeds) in pits.iter().enumerate().take(11) {
            rank += self.below[pit][rest][seeds as usize];
            rest -= seeds as usize;
        }
        rank as usize
    }

    /// The board of layer `n` of `rank` (less than the layer's size): the inverse of
    /// [`Ranker::rank`].
    fn unrank(&self, mut rank: usize, n: usize) -> [u8; 12] {
        let mut pits = [0u8; 12];
        let mut rest = n;
        for (pit, seeds) in pits.iter_mut().enumerate().take(11) {
            let below = &self.below[pit][rest];
            // The most seeds whose boards start at or before `rank`.
            let v = (0..=rest).rev().find(|&v| below[v] as usize <= rank).unwrap_or(0);
            rank -= below[v] as usize;
            *seeds = v as u8;
            rest -= v;
        }
        pits[11] = rest as u8;
        pits
    }
}

/// The board after `pits` in rank order (in the same layer; `pits` is not the last board): the
/// last pit that can take one more seed from the pits after it does, and the rest go to the
/// last pit.
fn next_board(pits: &mut [u8; 12]) {
    let Some(j) = (0..11).rev().find(|&j| pits[j + 1..].iter().any(|&s| s > 0)) else {
        return;
    };
    let rest: u8 = pits[j + 1..].iter().sum::<u8>() - 1;
    pits[j] += 1;
    pits[j + 1..].fill(0);
    pits[11] = rest;
}

/// The rows swapped: the same board seen by the other player.
fn swapped(pits: &[u8; 12]) -> [u8; 12] {
    std::array::from_fn(|i| pits[(i + 6) % 12])
}

/// What a database knows of a board: the best seed difference the side to move can still make
/// from the seeds on the board lies in `low..=high`.
///
/// The two are equal where the seeds left at a repetition are shared: a cycle is then worth 0
/// wherever it closes. Where each side takes its own row (`abapa`), what a cycle is worth
/// depends on the board where it closes, so on the game's history since the last capture; the
/// database keeps the bounds that hold whatever that history was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known {
    pub low: i8,
    pub high: i8,
}

impl Known {
    /// Whether the value is known exactly.
    pub fn is_exact(self) -> bool {
        self.low == self.high
    }
}

/// An endgame database of one rule set, up to a number of seeds on the board.
///
/// Its values sit in one run of bytes, layer after layer, as in its file: built in memory, or the
/// file mapped in memory by [`Endgame::load`], so that a program reads from disk only the pages
/// it probes and every program probing the same file shares them.
#[derive(Clone, Debug)]
pub struct Endgame {
    rules: RuleSet,
    max_seeds: usize,
    /// The values: the lower bounds of every layer, then, where the values are not exact, the
    /// upper bounds of every layer.
    values: std::sync::Arc<Store>,
    /// Where each layer starts among the lower bounds (and among the upper bounds, counting
    /// from `boards`); `starts[max_seeds + 1]` is `boards`.
    starts: Vec<usize>,
    /// Boards in all the layers.
    boards: usize,
    /// Whether the upper bounds are stored (rule sets whose values are not exact).
    bounded: bool,
    ranker: std::sync::Arc<Ranker>,
}

/// The bytes of a database's values, one a board and bound (an `i8`).
enum Store {
    Owned(Vec<u8>),
    /// A whole database file mapped in memory, checked, its values from `body` on.
    Mapped {
        map: memmap2::Mmap,
        body: usize,
        len: usize,
    },
}

impl Store {
    fn bytes(&self) -> &[u8] {
        match self {
            Store::Owned(bytes) => bytes,
            Store::Mapped { map, body, len } => &map[*body..*body + *len],
        }
    }
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Store::Owned(bytes) => write!(f, "Owned({} bytes)", bytes.len()),
            Store::Mapped { len, .. } => write!(f, "Mapped({len} bytes)"),
        }
    }
}

/// The moves of every board of a layer, flat, in as many runs of consecutive boards as threads
/// built it. A capture leads to a smaller layer, already solved, so each board's captures are
/// summed up once as the best they make; only the quiet moves, which stay in the layer, are kept:
/// the child's rank, seen from the player to move there. About 21 bytes a board (8.8 GB for the
/// 417 million boards of 24 seeds).
struct LayerMoves {
    /// The boards of each run: `run * per_run..`, the last run taking what is left.
    per_run: usize,
    runs: Vec<Run>,
    /// The best seed difference board i's captures make, by the lower and upper bounds of the
    /// layers below (`NONE` where it has no capture).
    capture_low: Vec<i8>,
    capture_high: Vec<i8>,
    /// Each board's value if the game stopped there with each side taking its own row.
    own_rows: Vec<i8>,
}

/// The quiet moves of a run of boards: board `start + j`'s are `quiet[first[j]..first[j + 1]]`.
/// Each run is built by one thread into vectors of its own, which are never joined (a copy
/// would double the peak of memory).
struct Run {
    first: Vec<u32>,
    quiet: Vec<u32>,
}

/// No capture.
const NONE: i8 = i8::MIN;

impl LayerMoves {
    /// The moves of layer `n`, the captures valued by `db`, which holds every layer below; built
    /// on `threads` threads, each a run of consecutive boards.
    fn new(db: &Endgame, n: usize, low: &[i8], high: &[i8], threads: usize) -> LayerMoves {
        let size = layer_size(n) as usize;
        // Boards a run: the layer cut into `threads` runs (at least one board each).
        let per_run = size.div_ceil(threads.max(1)).max(1);
        let mut capture_low = vec![NONE; size];
        let mut capture_high = vec![NONE; size];
        let mut own_rows = vec![0; size];
        let runs = std::thread::scope(|scope| {
            let workers: Vec<_> = capture_low
                .chunks_mut(per_run)
                .zip(capture_high.chunks_mut(per_run))
                .zip(own_rows.chunks_mut(per_run))
                .enumerate()
                .map(|(k, ((capture_low, capture_high), own_rows))| {
                    let out = RunOut { capture_low, capture_high, own_rows };
                    scope.spawn(move || Run::new(db, n, k * per_run, out, low, high))
                })
                .collect();
            workers
                .into_iter()
                .map(|worker| {
                    worker.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect()
        });
        LayerMoves { per_run, runs, capture_low, capture_high, own_rows }
    }

    fn len(&self) -> usize {
        self.own_rows.len()
    }

    fn quiet(&self, i: usize) -> &[u32] {
        let run = &self.runs[i / self.per_run];
        let j = i % self.per_run;
        &run.quiet[run.first[j] as usize..run.first[j + 1] as usize]
    }

    /// Whether board i has no move at all: a famine.
    fn is_famine(&self, i: usize) -> bool {
        self.capture_low[i] == NONE && self.quiet(i).is_empty()
    }
}

/// Where a run writes what it finds of each of its boards.
struct RunOut<'a> {
    capture_low: &'a mut [i8],
    capture_high: &'a mut [i8],
    own_rows: &'a mut [i8],
}

impl Run {
    /// The moves of the boards of layer `n` from rank `start` on, as many as `out` has room for.
    fn new(db: &Endgame, n: usize, start: usize, out: RunOut, low: &[i8], high: &[i8]) -> Run {
        let count = out.own_rows.len();
        let mut run = Run {
            first: Vec::with_capacity(count + 1),
            // At most six moves a board: reserved, never grown (a copy would double the peak).
            quiet: Vec::with_capacity(count * 6),
        };
        let mut list = MoveList::new();
        let mut pits = db.ranker.unrank(start, n);
        for j in 0..count {
            if j > 0 {
                next_board(&mut pits);
            }
            run.first.push(run.quiet.len() as u32);
            // Neither above 24 seeds, so that `abapa`'s stop does not end the game here.
            let captured = [24, (24 - n) as u8];
            let position =
                Position::from_parts(Board::from_pits(pits), captured, Side::South, db.rules)
                    .unwrap_or_else(|_| unreachable!("48 seeds in all"));
            let mine: i32 = pits[..6].iter().map(|&s| s as i32).sum();
            out.own_rows[j] = (mine - (n as i32 - mine)) as i8;
            let (mut best_low, mut best_high) = (NONE, NONE);
            list.clear();
            position.legal_moves(&mut list);
            for &pit in list.iter() {
                let seeds = position.seeds_taken(pit);
                let after = position.play(pit).board().pits();
                // The child has North to move: seen from North, rows swapped.
                let child = db.ranker.rank(&swapped(&after), n - seeds as usize);
                if seeds == 0 {
                    run.quiet.push(child as u32);
                } else {
                    let at = db.starts[n - seeds as usize] + child;
                    let high = if db.bounded { high[at] } else { low[at] };
                    best_low = best_low.max(seeds as i8 - high);
                    best_high = best_high.max(seeds as i8 - low[at]);
                }
            }
            out.capture_low[j] = best_low;
            out.capture_high[j] = best_high;
        }
        run.first.push(run.quiet.len() as u32);
        run
    }
}

impl Endgame {
    /// An empty database of `rules` with room for `max_seeds` seeds, its values to come.
    fn frame(rules: RuleSet, max_seeds: usize, values: Store) -> Endgame {
        let mut starts = vec![0];
        for n in 0..=max_seeds {
            starts.push(starts[n] + layer_size(n) as usize);
        }
        Endgame {
            rules,
            max_seeds,
            values: std::sync::Arc::new(values),
            boards: starts[max_seeds + 1],
            starts,
            bounded: rules.rules().repetition_leftovers == Leftovers::OwnSide,
            ranker: std::sync::Arc::new(Ranker::new(max_seeds)),
        }
    }

    /// Bytes of values a database of `rules` up to `max_seeds` seeds holds.
    fn values_len(rules: RuleSet, max_seeds: usize) -> usize {
        let boards: usize = (0..=max_seeds).map(|n| layer_size(n) as usize).sum();
        let bounded = rules.rules().repetition_leftovers == Leftovers::OwnSide;
        boards * (1 + bounded as usize)
    }

    /// Builds the database of `rules` for boards of at most `max_seeds` seeds, on one thread;
    /// `progress` hears of each layer and iteration (seeds, iteration, values changed).
    pub fn build(
        rules: RuleSet,
        max_seeds: usize,
        progress: impl FnMut(usize, u32, u64),
    ) -> Result<Endgame, EndgameError> {
        Endgame::build_on(rules, max_seeds, 1, progress)
    }

    /// Builds the database as [`Endgame::build`] does, on `threads` threads: each layer's moves
    /// are found by all of them, each a run of consecutive boards, and where the values only
    /// narrow (`abapa`) each layer is solved by all of them too. The database is the same, byte
    /// for byte, whatever the number of threads.
    pub fn build_on(
        rules: RuleSet,
        max_seeds: usize,
        threads: usize,
        mut progress: impl FnMut(usize, u32, u64),
    ) -> Result<Endgame, EndgameError> {
        if max_seeds > 24 {
            return Err(EndgameError::TooLarge(max_seeds));
        }
        let threads = threads.max(1);
        let mut db = Endgame::frame(rules, max_seeds, Store::Owned(Vec::new()));
        let (mut low, mut high) = (Vec::with_capacity(db.boards), Vec::new());
        for n in 0..=max_seeds {
            let moves = LayerMoves::new(&db, n, &low, &high, threads);
            let mut report = |iteration, changed| progress(n, iteration, changed);
            if db.bounded {
                let (layer_low, layer_high) = solve_bounded(&moves, n, threads, &mut report);
                low.extend(layer_low);
                high.extend(layer_high);
            } else {
                low.extend(solve_shared(&moves, &mut report));
            }
        }
        let bytes = low.into_iter().chain(high).map(|v| v as u8).collect();
        db.values = std::sync::Arc::new(Store::Owned(bytes));
        Ok(db)
    }

    /// The rule set.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The most seeds on the board it knows.
    pub fn max_seeds(&self) -> usize {
        self.max_seeds
    }

    /// Positions stored.
    pub fn len(&self) -> usize {
        self.boards
    }

    /// Bytes the values take, on disk (and in memory, where probed).
    pub fn bytes(&self) -> usize {
        self.values.bytes().len()
    }

    /// Whether it stores nothing.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether its values are read from a file mapped in memory.
    pub fn is_mapped(&self) -> bool {
        matches!(*self.values, Store::Mapped { .. })
    }

    /// The bounds of the board of `rank` in layer `n`.
    fn known(&self, n: usize, rank: usize) -> Known {
        let values = self.values.bytes();
        let at = self.starts[n] + rank;
        let low = values[at] as i8;
        let high = if self.bounded { values[self.boards + at] as i8 } else { low };
        Known { low, high }
    }

    /// What the database knows of the best seed difference the side to move can still make from
    /// the seeds on the board, if the board holds few enough.
    pub fn probe(&self, position: &Position) -> Option<Known> {
        let n = position.board().total() as usize;
        if n > self.max_seeds || position.rule_set() != self.rules {
            return None;
        }
        let pits = position.board().pits();
        let pits = if position.turn() == Side::South { pits } else { swapped(&pits) };
        Some(self.known(n, self.ranker.rank(&pits, n)))
    }

    /// How many boards of `seeds` seeds have an exact value.
    pub fn exact_count(&self, seeds: usize) -> u64 {
        if seeds > self.max_seeds {
            return 0;
        }
        let size = layer_size(seeds) as usize;
        (0..size).filter(|&rank| self.known(seeds, rank).is_exact()).count() as u64
    }

    /// Writes the database to `path`, in the format the [`endgame`](super) module describes.
    pub fn save(&self, path: &Path) -> Result<(), EndgameError> {
        super::write_file(path, &what(self.rules, self.max_seeds), |file| {
            file.write_all(self.values.bytes())
        })
    }

    /// Maps a database written by [`Endgame::save`] in memory, checked first as
    /// [`super::check`] says (which reads the whole file once).
    ///
    /// The files are written under another name and renamed into place, so a file mapped here
    /// is never rewritten under the mapping; a file cut short by hand while a program maps it
    /// would stop that program.
    pub fn load(path: &Path, rules: RuleSet, max_seeds: usize) -> Result<Endgame, EndgameError> {
        if max_seeds > 24 {
            return Err(EndgameError::TooLarge(max_seeds));
        }
        let file = std::fs::File::open(path)?;
        // SAFETY: the mapping is only read, and awe replaces database files by renaming new
        // ones over them, never writing into one in place (see above).
        let map = unsafe { memmap2::Mmap::map(&file)? };
        let len = Endgame::values_len(rules, max_seeds);
        let body = super::check(&map, &what(rules, max_seeds), len)?;
        let body = body.as_ptr() as usize - map.as_ptr() as usize;
        Ok(Endgame::frame(rules, max_seeds, Store::Mapped { map, body, len }))
    }

    /// The database of `rules` up to `max_seeds` seeds in the bytes of a whole file written by
    /// [`Endgame::save`], however they were read.
    pub fn from_bytes(
        bytes: &[u8],
        rules: RuleSet,
        max_seeds: usize,
    ) -> Result<Endgame, EndgameError> {
        if max_seeds > 24 {
            return Err(EndgameError::TooLarge(max_seeds));
        }
        let len = Endgame::values_len(rules, max_seeds);
        let body = super::check(bytes, &what(rules, max_seeds), len)?;
        Ok(Endgame::frame(rules, max_seeds, Store::Owned(body.to_vec())))
    }
}

/// Solves a layer where a cycle is worth 0: iterates from 0 until no value changes.
fn solve_shared(moves: &LayerMoves, progress: &mut impl FnMut(u32, u64)) -> Vec<i8> {
    // A board without a move is a famine: each side takes its own row.
    let mut current: Vec<i8> =
        (0..moves.len()).map(|i| if moves.is_famine(i) { moves.own_rows[i] } else { 0 }).collect();
    let mut iteration = 0;
    loop {
        iteration += 1;
        let mut changed = 0u64;
        for i in 0..current.len() {
            if moves.is_famine(i) {
                continue;
            }
            let best = moves
                .quiet(i)
                .iter()
                .fold(moves.capture_low[i], |best, &child| best.max(-current[child as usize]));
            if best != current[i] {
                current[i] = best;
                changed += 1;
            }
        }
        progress(iteration, changed);
        if changed == 0 || iteration >= 10_000 {
            return current;
        }
    }
}

/// Solves a layer where a repetition gives each side its own row, as bounds that hold whatever
/// the history: a move to a board seen before since the last capture ends the game there, so a
/// child is worth either its own value or its own rows. (Keeping to the children in the same
/// strongly connected component of the layer's quiet moves, the only ones that can have been
/// seen before, makes 1.7 % of 12-seed boards exact instead of 1.0 %: the quiet moves of a layer
/// nearly all lie on cycles.) The bounds start at the widest, `-n..=n`, and only narrow, so the
/// iteration ends.
///
/// On `threads` threads, each updating the boards of its own run in place and reading the others'
/// as they stand. The update is monotone (a narrower child never widens its parent) and starts
/// from the widest bounds, so every order of updates ends at the same bounds, the widest that
/// hold: the result does not depend on the threads' timing.
fn solve_bounded(
    moves: &LayerMoves,
    n: usize,
    threads: usize,
    progress: &mut impl FnMut(u32, u64),
) -> (Vec<i8>, Vec<i8>) {
    use std::sync::atomic::{AtomicI8, Ordering::Relaxed};
    let bound = |i: usize, wide: i8| {
        AtomicI8::new(if moves.is_famine(i) { moves.own_rows[i] } else { wide })
    };
    let low: Vec<AtomicI8> = (0..moves.len()).map(|i| bound(i, -(n as i8))).collect();
    let high: Vec<AtomicI8> = (0..moves.len()).map(|i| bound(i, n as i8)).collect();
    // One pass over the boards of `range`: the boards changed.
    let pass = |range: std::ops::Range<usize>| {
        let mut changed = 0u64;
        for i in range {
            if moves.is_famine(i) {
                continue;
            }
            let (mut best_low, mut best_high) = (moves.capture_low[i], moves.capture_high[i]);
            for &child in moves.quiet(i) {
                let child = child as usize;
                let stop = moves.own_rows[child];
                best_low = best_low.max(-high[child].load(Relaxed).max(stop));
                best_high = best_high.max(-low[child].load(Relaxed).min(stop));
            }
            if best_low != low[i].load(Relaxed) || best_high != high[i].load(Relaxed) {
                low[i].store(best_low, Relaxed);
                high[i].store(best_high, Relaxed);
                changed += 1;
            }
        }
        changed
    };
    let mut iteration = 0;
    loop {
        iteration += 1;
        // A pass in which no thread changed a value found every board at its fixed point.
        let changed: u64 = if threads == 1 {
            pass(0..moves.len())
        } else {
            std::thread::scope(|scope| {
                let workers: Vec<_> = (0..moves.runs.len())
                    .map(|k| {
                        let start = k * moves.per_run;
                        let range = start..(start + moves.per_run).min(moves.len());
                        scope.spawn(move || pass(range))
                    })
                    .collect();
                workers
                    .into_iter()
                    .map(|w| w.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
                    .sum()
            })
        };
        progress(iteration, changed);
        if changed == 0 {
            let take = |bounds: Vec<AtomicI8>| bounds.into_iter().map(AtomicI8::into_inner);
            return (take(low).collect(), take(high).collect());
        }
    }
}

/// Two databases are equal when they hold the same values of the same rule set and size.
impl PartialEq for Endgame {
    fn eq(&self, other: &Endgame) -> bool {
        self.rules == other.rules
            && self.max_seeds == other.max_seeds
            && self.values.bytes() == other.values.bytes()
    }
}

impl Eq for Endgame {}

/// What a file holds, as its header says it after the format version.
fn what(rules: RuleSet, max_seeds: usize) -> String {
    format!("awele {} {}", rules.name(), max_seeds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_follow_each_other_in_rank_order_and_unrank_inverts_rank() {
        let ranker = Ranker::new(9);
        for n in 0..=9 {
            let size = layer_size(n) as usize;
            let mut pits = ranker.unrank(0, n);
            for rank in 0..size {
                if rank > 0 {
                    next_board(&mut pits);
                }
                assert_eq!(pits.iter().map(|&s| s as usize).sum::<usize>(), n, "{pits:?}");
                assert_eq!(ranker.rank(&pits, n), rank, "{pits:?} in layer {n}");
                assert_eq!(ranker.unrank(rank, n), pits, "rank {rank} of layer {n}");
            }
        }
    }

    #[test]
    fn a_database_is_the_same_on_any_number_of_threads() {
        for rules in [RuleSet::Abapa, RuleSet::Awechec, RuleSet::Awari] {
            let one = Endgame::build(rules, 9, |_, _, _| {}).unwrap();
            for threads in [2, 3, 7] {
                let many = Endgame::build_on(rules, 9, threads, |_, _, _| {}).unwrap();
                assert!(one == many, "{rules} on {threads} threads differs from one thread");
            }
        }
    }
}
