//! The transposition table: what the search learnt of a position, found again by its hash when
//! another order of moves reaches it.

use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;

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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: u64,
    /// The positions before this one that the repetition rule could still see when it was
    /// searched (a hash; 0 for none): a won or lost score holds only with the same ones.
    pub context: u64,
    pub score: Score,
    pub depth: u32,
    pub bound: Bound,
    /// The best move, as its place among the position's legal moves in the order they are
    /// generated (below 255): so that an entry of any game fits in three words.
    pub best: Option<u8>,
}

/// Words an entry takes.
const WORDS: usize = 3;

/// A table of a power-of-two number of entries, replaced when a search at least as deep comes
/// by or when the entry is of another position.
///
/// Several searchers (threads) may share one ([`Table::share`]) without a lock: an entry is three
/// words written one by one, its first the key exclusive-or'd with the other two, so that an
/// entry read while another thread writes it (words of two entries) does not match the key and
/// is not believed. A searcher alone pays nothing for it: the words are atomic, but read and
/// written as plain memory is.
#[derive(Debug)]
pub struct Table {
    words: Arc<[AtomicU64]>,
}

impl Table {
    /// A table of at most `megabytes`: a power of two of entries, half as many as fit (those of
    /// the table of 32-byte entries before this one). A larger table is slower by its misses of
    /// the processor's caches: twice the entries searched 8 % slower to depth 18.
    pub fn new(megabytes: usize) -> Table {
        let fit = (megabytes.max(1) << 20) / (WORDS * 8);
        let count = (1usize << fit.ilog2() >> 1).max(1024);
        Table { words: (0..count * WORDS).map(|_| AtomicU64::new(0)).collect() }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.words.iter().for_each(|w| w.store(0, Relaxed));
    }

    /// Another handle on this table: what one searcher stores, the other finds.
    pub fn share(&self) -> Table {
        Table { words: Arc::clone(&self.words) }
    }

    fn slot(&self, key: u64) -> &[AtomicU64] {
        let mask = self.words.len() / WORDS - 1;
        let at = (key >> 32) as usize & mask ^ (key as usize & mask);
        &self.words[at * WORDS..at * WORDS + WORDS]
    }

    fn read(slot: &[AtomicU64]) -> Option<Entry> {
        let [check, context, packed] = [0, 1, 2].map(|k| slot[k].load(Relaxed));
        unpack(check ^ context ^ packed, context, packed)
    }

    /// The entry of the position with hash `key`, its score brought to `ply` plies from the root.
    pub fn probe(&self, key: u64, ply: u32) -> Option<Entry> {
        let entry = Table::read(self.slot(key))?;
        (entry.key == key).then(|| Entry { score: from_table(entry.score, ply), ..entry })
    }

    /// Stores what a search of `depth` found at `ply` plies from the root.
    pub fn store(&mut self, key: u64, ply: u32, entry: Entry) {
        let slot = self.slot(key);
        if Table::read(slot).is_some_and(|old| old.key == key && old.depth > entry.depth) {
            return;
        }
        let packed = pack(&Entry { score: to_table(entry.score, ply), ..entry });
        slot[1].store(entry.context, Relaxed);
        slot[2].store(packed, Relaxed);
        slot[0].store(key ^ entry.context ^ packed, Relaxed);
    }
}

/// The third word of an entry: its score, depth, bound and best move, and a bit saying that the
/// slot holds an entry (an empty slot is all zeros).
fn pack(entry: &Entry) -> u64 {
    let bound = match entry.bound {
        Bound::Exact => 0,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    let best = entry.best.map_or(255, u64::from);
    u64::from(entry.score as u32)
        | u64::from(entry.depth.min(255)) << 32
        | bound << 40
        | best << 48
        | 1 << 63
}

fn unpack(key: u64, context: u64, packed: u64) -> Option<Entry> {
    if packed >> 63 == 0 {
        return None;
    }
    let bound = match packed >> 40 & 3 {
        0 => Bound::Exact,
        1 => Bound::Lower,
        _ => Bound::Upper,
    };
    let best = (packed >> 48) as u8;
    Some(Entry {
        key,
        context,
        score: packed as u32 as Score,
        depth: (packed >> 32) as u8 as u32,
        bound,
        best: (best != 255).then_some(best),
    })
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

    fn entry(key: u64, depth: u32, score: Score) -> Entry {
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

    #[test]
    fn an_entry_reads_back_as_it_was_stored() {
        let mut table = Table::new(1);
        let bounds = [Bound::Exact, Bound::Lower, Bound::Upper];
        for (k, score) in
            [0, 1, -1, 12_345, -99_999, DECIDED - 5, -(DECIDED - 5)].iter().enumerate()
        {
            for (b, &bound) in bounds.iter().enumerate() {
                let key = 0x9e37_79b9_7f4a_7c15u64.wrapping_mul(k as u64 * 3 + b as u64 + 1);
                let best = [None, Some(0), Some(254)][b];
                let stored = Entry {
                    key,
                    context: key.rotate_left(7),
                    score: *score,
                    depth: 64,
                    bound,
                    best,
                };
                table.clear();
                table.store(key, 0, stored);
                assert_eq!(table.probe(key, 0), Some(stored));
                assert_eq!(table.probe(key ^ 1 << 40, 0), None, "another key");
            }
        }
    }

    #[test]
    fn an_entry_half_written_by_another_thread_is_not_believed() {
        let mut table = Table::new(1);
        table.store(7, 0, entry(7, 3, 40));
        // The words of another entry's first write land in the slot's last two words only.
        let slot = table.slot(7);
        let other = Entry { context: 5, ..entry(7, 9, -300) };
        slot[1].store(other.context, Relaxed);
        slot[2].store(pack(&other), Relaxed);
        assert_eq!(table.probe(7, 0), None);
    }
}
