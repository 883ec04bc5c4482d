//! Awélé endgame databases: for every board with few seeds, the best seed difference the side to
//! move can still make from the seeds on the board, found by retrograde analysis.
//!
//! Boards are stored with South to move (a board with North to move is read with its rows
//! swapped), layer by layer: a capture only leads to a layer with fewer seeds, so each layer is
//! solved from those below it, the moves that stay in the layer by iterating until no value
//! changes. A game that goes round in a cycle ends by repetition, which shares the seeds left
//! (`awechec`, `awari`): it is worth 0, the value the iteration starts from.

use std::io::{Read, Write};
use std::path::Path;

use awe_awele::{Board, MoveList, Position, RuleSet};
use awe_game::{Position as _, Side};

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

/// An endgame database of one rule set, up to a number of seeds on the board.
#[derive(Clone, Debug)]
pub struct Endgame {
    rules: RuleSet,
    max_seeds: usize,
    values: Vec<Vec<i8>>,
    ranker: std::sync::Arc<Ranker>,
}

/// Why a database cannot be built, saved or read.
#[derive(Debug, thiserror::Error)]
pub enum EndgameError {
    #[error(
        "the {0} rule set ends games at a score, which a database of boards alone cannot value"
    )]
    ScoreLimit(&'static str),
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("not an endgame database of this rule set and size")]
    Format,
}

impl Endgame {
    /// Builds the database of `rules` for boards of at most `max_seeds` seeds; `progress` hears
    /// of each layer and iteration (seeds, iteration, values changed).
    pub fn build(
        rules: RuleSet,
        max_seeds: usize,
        mut progress: impl FnMut(usize, u32, u64),
    ) -> Result<Endgame, EndgameError> {
        if rules.rules().score_limit.is_some() {
            return Err(EndgameError::ScoreLimit(rules.name()));
        }
        let ranker = Ranker::new(max_seeds);
        let mut values: Vec<Vec<i8>> = Vec::new();
        for n in 0..=max_seeds {
            let layer = boards(n);
            // Each board's moves, flat: the seeds taken and the child's rank (in its layer,
            // seen from the player to move there); `first[i]..first[i + 1]` are board i's.
            let mut first: Vec<u32> = Vec::with_capacity(layer.len() + 1);
            let mut taken: Vec<u8> = Vec::with_capacity(layer.len() * 5);
            let mut child: Vec<u32> = Vec::with_capacity(layer.len() * 5);
            let mut current = vec![0i8; layer.len()];
            for (i, pits) in layer.iter().enumerate() {
                first.push(taken.len() as u32);
                let captured = [(48 - n) as u8, 0];
                let position =
                    Position::from_parts(Board::from_pits(*pits), captured, Side::South, rules)
                        .unwrap_or_else(|_| unreachable!("48 seeds in all"));
                let mut list = MoveList::new();
                position.legal_moves(&mut list);
                if list.is_empty() {
                    // Famine: each side takes the seeds of its own row.
                    let mine: i32 = pits[..6].iter().map(|&s| s as i32).sum();
                    current[i] = (mine - (n as i32 - mine)) as i8;
                }
                for &pit in list.iter() {
                    let seeds = position.seeds_taken(pit);
                    let after = position.play(pit).board().pits();
                    // The child has North to move: seen from North, rows swapped.
                    taken.push(seeds);
                    child.push(ranker.rank(&swapped(&after), n - seeds as usize) as u32);
                }
            }
            first.push(taken.len() as u32);
            drop(layer);
            let mut iteration = 0;
            loop {
                iteration += 1;
                let mut changed = 0u64;
                for i in 0..current.len() {
                    let (start, end) = (first[i] as usize, first[i + 1] as usize);
                    if start == end {
                        continue;
                    }
                    let mut best = i32::MIN;
                    for k in start..end {
                        let seeds = taken[k] as usize;
                        let v = if seeds == 0 {
                            current[child[k] as usize]
                        } else {
                            values[n - seeds][child[k] as usize]
                        };
                        best = best.max(seeds as i32 - v as i32);
                    }
                    let best = best as i8;
                    if best != current[i] {
                        current[i] = best;
                        changed += 1;
                    }
                }
                progress(n, iteration, changed);
                if changed == 0 || iteration >= 10_000 {
                    break;
                }
            }
            values.push(current);
        }
        Ok(Endgame { rules, max_seeds, values, ranker: std::sync::Arc::new(ranker) })
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
        self.values.iter().map(Vec::len).sum()
    }

    /// Whether it stores nothing.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The best seed difference the side to move can still make from the seeds on the board, if
    /// the board holds few enough.
    pub fn probe(&self, position: &Position) -> Option<i8> {
        let n = position.board().total() as usize;
        if n > self.max_seeds || position.rule_set() != self.rules {
            return None;
        }
        let pits = position.board().pits();
        let pits = if position.turn() == Side::South { pits } else { swapped(&pits) };
        Some(self.values[n][self.ranker.rank(&pits, n)])
    }

    /// Writes the database to `path`.
    pub fn save(&self, path: &Path) -> Result<(), EndgameError> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let temporary = path.with_extension("part");
        let mut file = std::io::BufWriter::new(std::fs::File::create(&temporary)?);
        file.write_all(&header(self.rules, self.max_seeds))?;
        for layer in &self.values {
            let bytes: Vec<u8> = layer.iter().map(|&v| v as u8).collect();
            file.write_all(&bytes)?;
        }
        file.flush()?;
        drop(file);
        std::fs::rename(&temporary, path)?;
        Ok(())
    }

    /// Reads a database written by [`Endgame::save`].
    pub fn load(path: &Path, rules: RuleSet, max_seeds: usize) -> Result<Endgame, EndgameError> {
        let mut bytes = Vec::new();
        std::fs::File::open(path)?.read_to_end(&mut bytes)?;
        let head = header(rules, max_seeds);
        if !bytes.starts_with(&head) {
            return Err(EndgameError::Format);
        }
        let mut rest = &bytes[head.len()..];
        let mut values = Vec::new();
        for n in 0..=max_seeds {
            let size = layer_size(n) as usize;
            if rest.len() < size {
                return Err(EndgameError::Format);
            }
            values.push(rest[..size].iter().map(|&b| b as i8).collect());
            rest = &rest[size..];
        }
        if !rest.is_empty() {
            return Err(EndgameError::Format);
        }
        Ok(Endgame {
            rules,
            max_seeds,
            values,
            ranker: std::sync::Arc::new(Ranker::new(max_seeds)),
        })
    }
}

fn header(rules: RuleSet, max_seeds: usize) -> Vec<u8> {
    format!("awe endgame awele {} {}\n", rules.name(), max_seeds).into_bytes()
}
