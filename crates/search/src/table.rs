//! The transposition table: what the search learnt of a position, found again by its hash when
//! another order of moves reaches it.

use crate::score::{DECIDED, Score};

/// What a stored score says of the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
}

/// One position's entry.
#[derive(Clone, Copy, Debug)]
pub struct Entry<M> {
    pub key: u64,
    /// The positions before this one that the repetition rule could still see when it was
    /// searched (a hash; 0 for none): a won or lost score holds only with the same ones.
    pub context: u64,
    pub score: Score,
    pub depth: u32,
    pub bound: Bound,
    pub best: Option<M>,
}

/// A table of a power-of-two number of entries, replaced when a search at least as deep comes
/// by or when the entry is of another position.
#[derive(Clone, Debug)]
pub struct Table<M> {
    entries: Vec<Option<Entry<M>>>,
}

impl<M: Copy> Table<M> {
    /// A table of about `megabytes`.
    pub fn new(megabytes: usize) -> Table<M> {
        let size = std::mem::size_of::<Option<Entry<M>>>().max(1);
        let count = (megabytes.max(1) << 20) / size;
        let count = count.next_power_of_two() / 2;
        Table { entries: vec![None; count.max(1024)] }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
    }

    fn slot(&self, key: u64) -> usize {
        (key >> 32) as usize & (self.entries.len() - 1) ^ (key as usize & (self.entries.len() - 1))
    }

    /// The entry of the position with hash `key`, its score brought to `ply` plies from the root.
    pub fn probe(&self, key: u64, ply: u32) -> Option<Entry<M>> {
        let entry = self.entries[self.slot(key)]?;
        (entry.key == key).then(|| Entry { score: from_table(entry.score, ply), ..entry })
    }

    /// Stores what a search of `depth` found at `ply` plies from the root.
    pub fn store(&mut self, key: u64, ply: u32, entry: Entry<M>) {
        let slot = self.slot(key);
        let keep =
            matches!(self.entries[slot], Some(old) if old.key == key && old.depth > entry.depth);
        if !keep {
            self.entries[slot] = Some(Entry { key, score: to_table(entry.score, ply), ..entry });
        }
    }
}

/// A decided score is stored as distance from the position, not from the root.
fn to_table(score: Score, ply: u32) -> Score {
    if score >= DECIDED {
        score + ply as Score
    } else if score <= -DECIDED {
        score - ply as Score
    } else {
        score
    }
}

fn from_table(score: Score, ply: u32) -> Score {
    if score >= DECIDED {
        score - ply as Score
    } else if score <= -DECIDED {
        score + ply as Score
    } else {
        score
    }
}
