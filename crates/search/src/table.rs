//! The transposition table: what the search learnt of a position, found again by its hash when
//! another order of moves reaches it.

use std::sync::{Arc, Mutex};

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
///
/// A table is its searcher's own until [`Table::share`] makes it one that several searchers
/// (threads) read and write: each entry then behind a lock of its own, which one searcher alone
/// would pay for at every probe for nothing.
#[derive(Clone, Debug)]
pub struct Table<M> {
    slots: Slots<M>,
}

#[derive(Clone, Debug)]
enum Slots<M> {
    Own(Vec<Option<Entry<M>>>),
    Shared(Arc<[Mutex<Option<Entry<M>>>]>),
}

impl<M: Copy> Table<M> {
    /// A table of about `megabytes`.
    pub fn new(megabytes: usize) -> Table<M> {
        let size = std::mem::size_of::<Option<Entry<M>>>().max(1);
        let count = (megabytes.max(1) << 20) / size;
        let count = count.next_power_of_two() / 2;
        Table { slots: Slots::Own(vec![None; count.max(1024)]) }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        match &mut self.slots {
            Slots::Own(entries) => entries.iter_mut().for_each(|e| *e = None),
            Slots::Shared(entries) => entries.iter().for_each(|e| *lock(e) = None),
        }
    }

    /// Another handle on this table, which becomes shared if it was not: what one searcher
    /// stores, the other finds.
    pub fn share(&mut self) -> Table<M> {
        if let Slots::Own(entries) = &mut self.slots {
            let entries = std::mem::take(entries);
            self.slots = Slots::Shared(entries.into_iter().map(Mutex::new).collect());
        }
        self.clone()
    }

    fn len(&self) -> usize {
        match &self.slots {
            Slots::Own(entries) => entries.len(),
            Slots::Shared(entries) => entries.len(),
        }
    }

    fn slot(&self, key: u64) -> usize {
        let mask = self.len() - 1;
        (key >> 32) as usize & mask ^ (key as usize & mask)
    }

    /// The entry of the position with hash `key`, its score brought to `ply` plies from the root.
    pub fn probe(&self, key: u64, ply: u32) -> Option<Entry<M>> {
        let slot = self.slot(key);
        let entry = match &self.slots {
            Slots::Own(entries) => entries[slot],
            Slots::Shared(entries) => *lock(&entries[slot]),
        }?;
        (entry.key == key).then(|| Entry { score: from_table(entry.score, ply), ..entry })
    }

    /// Stores what a search of `depth` found at `ply` plies from the root.
    pub fn store(&mut self, key: u64, ply: u32, entry: Entry<M>) {
        let slot = self.slot(key);
        let new = Entry { key, score: to_table(entry.score, ply), ..entry };
        match &mut self.slots {
            Slots::Own(entries) => replace(&mut entries[slot], new),
            Slots::Shared(entries) => replace(&mut lock(&entries[slot]), new),
        }
    }
}

/// Puts `new` in `slot` unless the slot holds a deeper search of the same position.
fn replace<M>(slot: &mut Option<Entry<M>>, new: Entry<M>) {
    if !matches!(slot, Some(old) if old.key == new.key && old.depth > new.depth) {
        *slot = Some(new);
    }
}

/// An entry's lock; one that a panicking searcher held is taken all the same (an entry is
/// written whole).
fn lock<T>(entry: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    entry.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
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

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, depth: u32, score: Score) -> Entry<u8> {
        Entry { key, context: 0, score, depth, bound: Bound::Exact, best: Some(1) }
    }

    #[test]
    fn a_shared_table_is_one_table_under_two_handles() {
        let mut one = Table::new(1);
        one.store(7, 0, entry(7, 3, 40));
        let mut two = one.share();
        assert_eq!(two.probe(7, 0).map(|e| e.score), Some(40), "what was stored before");
        two.store(9, 0, entry(9, 5, -20));
        assert_eq!(one.probe(9, 0).map(|e| e.depth), Some(5), "what the other stores");
        // A shallower search of the same position does not replace a deeper one.
        one.store(9, 0, entry(9, 2, 10));
        assert_eq!(two.probe(9, 0).map(|e| e.score), Some(-20));
        two.clear();
        assert!(one.probe(7, 0).is_none() && one.probe(9, 0).is_none(), "cleared for both");
    }
}
