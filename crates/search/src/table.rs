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
/// Entries a bucket holds: a key may sit in either, so that a deep entry is not lost to the next
/// leaf of another position that hashes to the same place.
const WAYS: usize = 2;
/// Words a bucket takes: one cache line of 64 bytes (two entries and two spare words), so that a
/// probe costs one miss.
const BUCKET: usize = 8;
/// Searches an entry's generation tells apart ([`Table::new_search`]): six bits.
const GENERATIONS: u64 = 64;
/// The depth an entry is worth less, when a bucket is full, for each search since it was stored.
const AGE_COST: i64 = 4;

/// A table of a power-of-two number of buckets of two entries each. An entry is replaced by a
/// search of its own position at least as deep; a new position takes the bucket's empty entry,
/// or else the one worth least: the shallower, less a step of depth for each search since it was
/// stored, so that what earlier moves of the game learnt gives way to what this search finds.
///
/// Several searchers (threads) may share one ([`Table::share`]) without a lock: an entry is three
/// words written one by one, its first the key exclusive-or'd with the other two, so that an
/// entry read while another thread writes it (words of two entries) does not match the key and
/// is not believed. A searcher alone pays nothing for it: the words are atomic, but read and
/// written as plain memory is.
#[derive(Debug)]
pub struct Table {
    words: Arc<[AtomicU64]>,
    /// Where the first bucket starts in `words`: on a cache line's first word.
    start: usize,
    /// The number of buckets less one.
    mask: usize,
    /// The current search's generation, shared with every handle of the table.
    generation: Arc<AtomicU64>,
}

impl Table {
    /// A table of at most `megabytes`: a power of two of entries, as many as the table of single
    /// 24-byte entries before this one held (half as many as fit in 24 bytes each). A larger table
    /// is slower by its misses of the processor's caches: twice the entries searched 8 % slower to
    /// depth 18.
    pub fn new(megabytes: usize) -> Table {
        let fit = (megabytes.max(1) << 20) / (WORDS * 8);
        let entries = (1usize << fit.ilog2() >> 1).max(1024);
        let buckets = entries / WAYS;
        // A cache line's worth of words more, to start the first bucket on a line.
        let words: Arc<[AtomicU64]> =
            (0..buckets * BUCKET + BUCKET - 1).map(|_| AtomicU64::new(0)).collect();
        let misaligned = words.as_ptr() as usize % (BUCKET * 8) / 8;
        let start = (BUCKET - misaligned) % BUCKET;
        Table { words, start, mask: buckets - 1, generation: Arc::new(AtomicU64::new(0)) }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.words.iter().for_each(|w| w.store(0, Relaxed));
    }

    /// Another handle on this table: what one searcher stores, the other finds.
    pub fn share(&self) -> Table {
        Table {
            words: Arc::clone(&self.words),
            start: self.start,
            mask: self.mask,
            generation: Arc::clone(&self.generation),
        }
    }

    /// Tells the table a new search starts: what earlier ones stored is kept, and found, but
    /// given up first when a bucket is full.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    fn bucket(&self, key: u64) -> &[AtomicU64] {
        let at = self.start + (((key >> 32) as usize ^ key as usize) & self.mask) * BUCKET;
        &self.words[at..at + BUCKET]
    }

    fn read(slot: &[AtomicU64]) -> Option<Entry> {
        let [check, context, packed] = [0, 1, 2].map(|k| slot[k].load(Relaxed));
        unpack(check ^ context ^ packed, context, packed)
    }

    /// The entry of the position with hash `key`, its score brought to `ply` plies from the root.
    pub fn probe(&self, key: u64, ply: u32) -> Option<Entry> {
        let bucket = self.bucket(key);
        (0..WAYS)
            .filter_map(|way| Table::read(&bucket[way * WORDS..way * WORDS + WORDS]))
            .find(|entry| entry.key == key)
            .map(|entry| Entry { score: from_table(entry.score, ply), ..entry })
    }

    /// Stores what a search of `depth` found at `ply` plies from the root.
    pub fn store(&mut self, key: u64, ply: u32, entry: Entry) {
        let generation = self.generation.load(Relaxed) % GENERATIONS;
        let bucket = self.bucket(key);
        let entries: [_; WAYS] =
            std::array::from_fn(|way| Table::read(&bucket[way * WORDS..way * WORDS + WORDS]));
        let way = match entries.iter().position(|old| old.is_some_and(|old| old.key == key)) {
            Some(way) if entries[way].is_some_and(|old| old.depth > entry.depth) => return,
            Some(way) => way,
            None => (0..WAYS)
                .min_by_key(|&way| {
                    entries[way].map_or(i64::MIN, |old| {
                        let packed = bucket[way * WORDS + 2].load(Relaxed);
                        let age = (generation + GENERATIONS - (packed >> 42 & 63)) % GENERATIONS;
                        i64::from(old.depth) - AGE_COST * age as i64
                    })
                })
                .unwrap_or(0),
        };
        let slot = &bucket[way * WORDS..way * WORDS + WORDS];
        let packed = pack(&Entry { score: to_table(entry.score, ply), ..entry }) | generation << 42;
        slot[1].store(entry.context, Relaxed);
        slot[2].store(packed, Relaxed);
        slot[0].store(key ^ entry.context ^ packed, Relaxed);
    }
}

/// The third word of an entry: its score, depth, bound and best move, and a bit saying that the
/// slot holds an entry (an empty slot is all zeros). Bits 42 to 47 hold the generation of the
/// search that stored it, put there by [`Table::store`].
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

    /// Keys of one bucket: the bits above the table's index differ.
    fn same_bucket(n: u64) -> u64 {
        5 | n << 50
    }

    #[test]
    fn a_full_bucket_gives_up_its_shallower_entry() {
        let mut table = Table::new(1);
        let [a, b, c] = [1, 2, 3].map(same_bucket);
        assert!(std::ptr::eq(table.bucket(a), table.bucket(c)), "one bucket");
        assert_eq!(table.bucket(a).as_ptr() as usize % 64, 0, "on a cache line");
        table.store(a, 0, entry(a, 9, 1));
        table.store(b, 0, entry(b, 2, 2));
        assert_eq!(table.probe(a, 0).map(|e| e.score), Some(1), "both kept");
        assert_eq!(table.probe(b, 0).map(|e| e.score), Some(2), "both kept");
        table.store(c, 0, entry(c, 1, 3));
        assert_eq!(table.probe(c, 0).map(|e| e.score), Some(3));
        assert_eq!(table.probe(a, 0).map(|e| e.score), Some(1), "the deeper one stays");
        assert_eq!(table.probe(b, 0), None, "the shallower one went");
    }

    #[test]
    fn what_earlier_searches_stored_gives_way_first() {
        let mut table = Table::new(1);
        let [a, b, c] = [1, 2, 3].map(same_bucket);
        table.store(a, 0, entry(a, 9, 1));
        for _ in 0..3 {
            table.new_search();
        }
        table.store(b, 0, entry(b, 2, 2));
        // a, three searches old, is worth 9 - 3 * AGE_COST = -3 plies, b 2.
        table.store(c, 0, entry(c, 5, 3));
        assert_eq!(table.probe(a, 0), None, "the old one went");
        assert_eq!(table.probe(b, 0).map(|e| e.score), Some(2));
        assert_eq!(table.probe(c, 0).map(|e| e.score), Some(3));
        // The generation is the table's, not the handle's: a helper stores in the current one.
        let mut helper = table.share();
        table.new_search();
        helper.store(a, 0, entry(a, 1, 4));
        // b is worth 2 - AGE_COST, c 5 - AGE_COST.
        assert_eq!(table.probe(b, 0), None, "the shallower of two as old");
        assert_eq!(table.probe(c, 0).map(|e| e.score), Some(3));
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
        let slot = table.bucket(7);
        let other = Entry { context: 5, ..entry(7, 9, -300) };
        slot[1].store(other.context, Relaxed);
        slot[2].store(pack(&other), Relaxed);
        assert_eq!(table.probe(7, 0), None);
    }
}
