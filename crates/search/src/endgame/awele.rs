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

/// The boards of a layer in rank order.
fn boards(n: usize) -> Vec<[u8; 12]> {
    let mut all = Vec::with_capacity(layer_size(n) as usize);
    let mut pits = [0u8; 12];
    fn fill(pit: usize, rest: usize, pits: &mut [u8; 12], all: &mut Vec<[u8; 12]>) {
        if pit == 11 {
            pits[11] = rest as u8;
            all.push(*pits);
            return;
        }
        for v in 0..=rest {
            pits[pit] = v as u8;
            fill(pit + 1, rest - v, pits, all);
        }
    }
    fill(0, n, &mut pits, &mut all);
    all
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
#[derive(Clone, Debug)]
pub struct Endgame {
    rules: RuleSet,
    max_seeds: usize,
    /// The lower bounds, layer by layer (the values, where they are exact).
    low: Vec<Vec<i8>>,
    /// The upper bounds, for rule sets whose values are not exact (empty otherwise).
    high: Vec<Vec<i8>>,
    ranker: std::sync::Arc<Ranker>,
}

/// The moves of every board of a layer, flat: the seeds taken and the child's rank (in its
/// layer, seen from the player to move there); `first[i]..first[i + 1]` are board i's.
struct LayerMoves {
    first: Vec<u32>,
    taken: Vec<u8>,
    child: Vec<u32>,
    /// Each board's value if the game stopped there with each side taking its own row.
    own_rows: Vec<i8>,
}

impl LayerMoves {
    fn new(rules: RuleSet, n: usize, ranker: &Ranker) -> LayerMoves {
        let layer = boards(n);
        let mut moves = LayerMoves {
            first: Vec::with_capacity(layer.len() + 1),
            taken: Vec::with_capacity(layer.len() * 5),
            child: Vec::with_capacity(layer.len() * 5),
            own_rows: Vec::with_capacity(layer.len()),
        };
        for pits in &layer {
            moves.first.push(moves.taken.len() as u32);
            // Neither above 24 seeds, so that `abapa`'s stop does not end the game here.
            let captured = [24, (24 - n) as u8];
            let position =
                Position::from_parts(Board::from_pits(*pits), captured, Side::South, rules)
                    .unwrap_or_else(|_| unreachable!("48 seeds in all"));
            let mine: i32 = pits[..6].iter().map(|&s| s as i32).sum();
            moves.own_rows.push((mine - (n as i32 - mine)) as i8);
            let mut list = MoveList::new();
            position.legal_moves(&mut list);
            for &pit in list.iter() {
                let seeds = position.seeds_taken(pit);
                let after = position.play(pit).board().pits();
                // The child has North to move: seen from North, rows swapped.
                moves.taken.push(seeds);
                moves.child.push(ranker.rank(&swapped(&after), n - seeds as usize) as u32);
            }
        }
        moves.first.push(moves.taken.len() as u32);
        moves
    }

    fn len(&self) -> usize {
        self.own_rows.len()
    }

    fn of(&self, i: usize) -> std::ops::Range<usize> {
        self.first[i] as usize..self.first[i + 1] as usize
    }
}

impl Endgame {
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
        let bounded = rules.rules().repetition_leftovers == Leftovers::OwnSide;
        let ranker = Ranker::new(max_seeds);
        let mut db = Endgame {
            rules,
            max_seeds,
            low: Vec::new(),
            high: Vec::new(),
            ranker: std::sync::Arc::new(ranker),
        };
        for n in 0..=max_seeds {
            let moves = LayerMoves::new(rules, n, &db.ranker);
            let mut report = |iteration, changed| progress(n, iteration, changed);
            if bounded {
                let (low, high) = db.solve_bounded(n, &moves, &mut report);
                db.low.push(low);
                db.high.push(high);
            } else {
                let values = db.solve_shared(n, &moves, &mut report);
                db.low.push(values);
            }
        }
        Ok(db)
    }

    /// Solves a layer where a cycle is worth 0: iterates from 0 until no value changes.
    fn solve_shared(
        &self,
        n: usize,
        moves: &LayerMoves,
        progress: &mut impl FnMut(u32, u64),
    ) -> Vec<i8> {
        // A board without a move is a famine: each side takes its own row.
        let mut current: Vec<i8> = (0..moves.len())
            .map(|i| if moves.of(i).is_empty() { moves.own_rows[i] } else { 0 })
            .collect();
        let mut iteration = 0;
        loop {
            iteration += 1;
            let mut changed = 0u64;
            for i in 0..current.len() {
                let range = moves.of(i);
                if range.is_empty() {
                    continue;
                }
                let mut best = i32::MIN;
                for k in range {
                    let seeds = moves.taken[k] as usize;
                    let child = moves.child[k] as usize;
                    let v = if seeds == 0 { current[child] } else { self.low[n - seeds][child] };
                    best = best.max(seeds as i32 - v as i32);
                }
                let best = best as i8;
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

    /// Solves a layer where a repetition gives each side its own row, as bounds that hold
    /// whatever the history: a move to a board seen before since the last capture ends the game
    /// there, so a child is worth either its own value or its own rows. (Keeping to the children
    /// in the same strongly connected component of the layer's quiet moves, the only ones that
    /// can have been seen before, makes 1.7 % of 12-seed boards exact instead of 1.0 %: the
    /// quiet moves of a layer nearly all lie on cycles.) The bounds start at the widest,
    /// `-n..=n`, and only narrow, so the iteration ends.
    fn solve_bounded(
        &self,
        n: usize,
        moves: &LayerMoves,
        progress: &mut impl FnMut(u32, u64),
    ) -> (Vec<i8>, Vec<i8>) {
        let mut low = vec![-(n as i8); moves.len()];
        let mut high = vec![n as i8; moves.len()];
        for i in 0..moves.len() {
            if moves.of(i).is_empty() {
                (low[i], high[i]) = (moves.own_rows[i], moves.own_rows[i]);
            }
        }
        let mut iteration = 0;
        loop {
            iteration += 1;
            let mut changed = 0u64;
            for i in 0..moves.len() {
                let range = moves.of(i);
                if range.is_empty() {
                    continue;
                }
                let (mut best_low, mut best_high) = (i32::MIN, i32::MIN);
                for k in range {
                    let seeds = moves.taken[k] as usize;
                    let child = moves.child[k] as usize;
                    let (child_low, child_high) = if seeds == 0 {
                        let stop = moves.own_rows[child];
                        (low[child].min(stop), high[child].max(stop))
                    } else {
                        let below = n - seeds;
                        (self.low[below][child], self.high[below][child])
                    };
                    best_low = best_low.max(seeds as i32 - child_high as i32);
                    best_high = best_high.max(seeds as i32 - child_low as i32);
                }
                let (best_low, best_high) = (best_low as i8, best_high as i8);
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
        self.low.iter().map(Vec::len).sum()
    }

    /// Bytes the values take, in memory and on disk.
    pub fn bytes(&self) -> usize {
        self.len() + self.high.iter().map(Vec::len).sum::<usize>()
    }

    /// Whether it stores nothing.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
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
        let rank = self.ranker.rank(&pits, n);
        let low = self.low[n][rank];
        let high = self.high.get(n).map_or(low, |layer| layer[rank]);
        Some(Known { low, high })
    }

    /// How many boards of `seeds` seeds have an exact value.
    pub fn exact_count(&self, seeds: usize) -> u64 {
        match self.high.get(seeds) {
            Some(high) => self.low[seeds].iter().zip(high).filter(|(l, h)| l == h).count() as u64,
            None => self.low.get(seeds).map_or(0, |layer| layer.len() as u64),
        }
    }

    /// Writes the database to `path`, in the format the [`endgame`](super) module describes.
    pub fn save(&self, path: &Path) -> Result<(), EndgameError> {
        super::write_file(path, &what(self.rules, self.max_seeds), |file| {
            for layer in self.low.iter().chain(&self.high) {
                let bytes: Vec<u8> = layer.iter().map(|&v| v as u8).collect();
                file.write_all(&bytes)?;
            }
            Ok(())
        })
    }

    /// Reads a database written by [`Endgame::save`], checked as [`super::check`] says.
    pub fn load(path: &Path, rules: RuleSet, max_seeds: usize) -> Result<Endgame, EndgameError> {
        Endgame::from_bytes(&std::fs::read(path)?, rules, max_seeds)
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
        let bounded = rules.rules().repetition_leftovers == Leftovers::OwnSide;
        let per_layer = |n| layer_size(n) as usize;
        let values: usize = (0..=max_seeds).map(per_layer).sum();
        let body = super::check(bytes, &what(rules, max_seeds), values * (1 + bounded as usize))?;
        let (low, high) = body.split_at(values);
        let layers = |mut rest: &[u8]| {
            (0..=max_seeds)
                .map(|n| {
                    let (layer, after) = rest.split_at(per_layer(n));
                    rest = after;
                    layer.iter().map(|&b| b as i8).collect()
                })
                .collect()
        };
        Ok(Endgame {
            rules,
            max_seeds,
            low: layers(low),
            high: if bounded { layers(high) } else { Vec::new() },
            ranker: std::sync::Arc::new(Ranker::new(max_seeds)),
        })
    }
}

/// Two databases are equal when they hold the same values of the same rule set and size.
impl PartialEq for Endgame {
    fn eq(&self, other: &Endgame) -> bool {
        self.rules == other.rules
            && self.max_seeds == other.max_seeds
            && self.low == other.low
            && self.high == other.high
    }
}

impl Eq for Endgame {}

/// What a file holds, as its header says it after the format version.
fn what(rules: RuleSet, max_seeds: usize) -> String {
    format!("awele {} {}", rules.name(), max_seeds)
}
