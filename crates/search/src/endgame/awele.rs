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
}

/// Calls `f` with every board of a layer, in rank order (none is kept: a 24-seed layer has 417
/// million).
fn for_each_board(n: usize, mut f: impl FnMut(&[u8; 12])) {
    fn fill(pit: usize, rest: usize, pits: &mut [u8; 12], f: &mut impl FnMut(&[u8; 12])) {
        if pit == 11 {
            pits[11] = rest as u8;
            f(pits);
            return;
        }
        for v in 0..=rest {
            pits[pit] = v as u8;
            fill(pit + 1, rest - v, pits, f);
        }
    }
    fill(0, n, &mut [0u8; 12], &mut f);
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

/// The moves of every board of a layer, flat. A capture leads to a smaller layer, already
/// solved, so each board's captures are summed up once as the best they make; only the quiet
/// moves, which stay in the layer, are kept: the child's rank, seen from the player to move
/// there, `first[i]..first[i + 1]` being board i's. About 21 bytes a board (8.8 GB for the 417
/// million boards of 24 seeds).
struct LayerMoves {
    first: Vec<u32>,
    quiet: Vec<u32>,
    /// The best seed difference board i's captures make, by the lower and upper bounds of the
    /// layers below (`NONE` where it has no capture).
    capture_low: Vec<i8>,
    capture_high: Vec<i8>,
    /// Each board's value if the game stopped there with each side taking its own row.
    own_rows: Vec<i8>,
}

/// No capture.
const NONE: i8 = i8::MIN;

impl LayerMoves {
    /// The moves of layer `n`, the captures valued by `db`, which holds every layer below.
    fn new(db: &Endgame, n: usize, low: &[i8], high: &[i8]) -> LayerMoves {
        let size = layer_size(n) as usize;
        let mut moves = LayerMoves {
            first: Vec::with_capacity(size + 1),
            // At most six moves a board: reserved, never grown (a copy would double the peak).
            quiet: Vec::with_capacity(size * 6),
            capture_low: Vec::with_capacity(size),
            capture_high: Vec::with_capacity(size),
            own_rows: Vec::with_capacity(size),
        };
        let mut list = MoveList::new();
        for_each_board(n, |pits| {
            moves.first.push(moves.quiet.len() as u32);
            // Neither above 24 seeds, so that `abapa`'s stop does not end the game here.
            let captured = [24, (24 - n) as u8];
            let position =
                Position::from_parts(Board::from_pits(*pits), captured, Side::South, db.rules)
                    .unwrap_or_else(|_| unreachable!("48 seeds in all"));
            let mine: i32 = pits[..6].iter().map(|&s| s as i32).sum();
            moves.own_rows.push((mine - (n as i32 - mine)) as i8);
            let (mut best_low, mut best_high) = (NONE, NONE);
            list.clear();
            position.legal_moves(&mut list);
            for &pit in list.iter() {
                let seeds = position.seeds_taken(pit);
                let after = position.play(pit).board().pits();
                // The child has North to move: seen from North, rows swapped.
                let child = db.ranker.rank(&swapped(&after), n - seeds as usize);
                if seeds == 0 {
                    moves.quiet.push(child as u32);
                } else {
                    let at = db.starts[n - seeds as usize] + child;
                    let high = if db.bounded { high[at] } else { low[at] };
                    best_low = best_low.max(seeds as i8 - high);
                    best_high = best_high.max(seeds as i8 - low[at]);
                }
            }
            moves.capture_low.push(best_low);
            moves.capture_high.push(best_high);
        });
        moves.first.push(moves.quiet.len() as u32);
        moves
    }

    fn len(&self) -> usize {
        self.own_rows.len()
    }

    fn quiet(&self, i: usize) -> &[u32] {
        &self.quiet[self.first[i] as usize..self.first[i + 1] as usize]
    }

    /// Whether board i has no move at all: a famine.
    fn is_famine(&self, i: usize) -> bool {
        self.capture_low[i] == NONE && self.first[i] == self.first[i + 1]
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

    /// Builds the database of `rules` for boards of at most `max_seeds` seeds; `progress` hears
    /// of each layer and iteration (seeds, iteration, values changed).
    pub fn build(
        rules: RuleSet,
        max_seeds: usize,
        mut progress: impl FnMut(usize, u32, u64),
    ) -> Result<Endgame, EndgameError> {
        if max_seeds > 24 {
            return Err(EndgameError::TooLarge(max_seeds));
        }
        let mut db = Endgame::frame(rules, max_seeds, Store::Owned(Vec::new()));
        let (mut low, mut high) = (Vec::with_capacity(db.boards), Vec::new());
        for n in 0..=max_seeds {
            let moves = LayerMoves::new(&db, n, &low, &high);
            let mut report = |iteration, changed| progress(n, iteration, changed);
            if db.bounded {
                let (layer_low, layer_high) = solve_bounded(&moves, n, &mut report);
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
fn solve_bounded(
    moves: &LayerMoves,
    n: usize,
    progress: &mut impl FnMut(u32, u64),
) -> (Vec<i8>, Vec<i8>) {
    let mut low = vec![-(n as i8); moves.len()];
    let mut high = vec![n as i8; moves.len()];
    for i in 0..moves.len() {
        if moves.is_famine(i) {
            (low[i], high[i]) = (moves.own_rows[i], moves.own_rows[i]);
        }
    }
    let mut iteration = 0;
    loop {
        iteration += 1;
        let mut changed = 0u64;
        for i in 0..moves.len() {
            if moves.is_famine(i) {
                continue;
            }
            let (mut best_low, mut best_high) = (moves.capture_low[i], moves.capture_high[i]);
            for &child in moves.quiet(i) {
                let child = child as usize;
                let stop = moves.own_rows[child];
                best_low = best_low.max(-high[child].max(stop));
                best_high = best_high.max(-low[child].min(stop));
            }
            if best_low != low[i] || best_high != high[i] {
                (low[i], high[i]) = (best_low, best_high);
                changed += 1;
            }
        }
        progress(iteration, changed);
        if changed == 0 {
            return (low, high);
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
