//! The twelve pits, and the mechanics of sowing and capturing that every rule set shares.
//!
//! Each row is the six low bytes of a `u64`, one byte a pit from its owner's left. Sowing is then
//! one addition per row of a precomputed table entry, however many seeds a pit holds, and a capture
//! is a handful of operations on the opponent's row: no loop over seeds or pits, and no branch
//! that depends on the move.

use std::fmt;

use awe_game::Side;

use crate::Pit;

/// The seeds in each pit, at most 63 (a game has 48), and at most 127 on a row.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// South's row, then North's.
    rows: [u64; 2],
}

/// Seeds a move sows and where the last one lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sowing {
    /// The board after sowing, before any capture.
    pub board: Board,
    /// The pit the last seed fell into.
    pub last: Pit,
}

/// The pits a capture would empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capture {
    /// Seeds taken.
    pub seeds: u8,
    /// Whether the capture takes every seed on the opponent's side (a grand slam).
    pub grand_slam: bool,
    /// Bytes of the pits emptied, in each row.
    cleared: [u64; 2],
}

impl Capture {
    /// No capture at all.
    pub const NONE: Capture = Capture { seeds: 0, grand_slam: false, cleared: [0, 0] };
}

/// One seed in each pit of a row.
const ONE_EACH: u64 = 0x0101_0101_0101;
/// Each pit's column: 0 in the first byte, …, 5 in the sixth.
const COLUMNS: u64 = 0x0504_0302_0100;

/// What sowing `n` seeds from pit `p` does, from [`SOWINGS`].
#[derive(Clone, Copy)]
struct SowingEffect {
    /// What the sowing adds to each row (wrapping): the `n` seeds taken out of `p`, one seed in
    /// every other pit for each full lap of eleven, and one in each pit the rest reaches.
    delta: [u64; 2],
    /// Where the last seed falls.
    last: Pit,
    /// Its column in the row of the opponent of `p`'s owner, or 8 if it falls in the owner's row.
    column: u8,
}

/// `SOWINGS[p][n]`: sowing `n` seeds (up to 63) from pit `p`. Sowing is then two additions and
/// one look-up, however many seeds there are, with no index on a row.
static SOWINGS: [[SowingEffect; 64]; 12] = {
    let none = SowingEffect { delta: [0; 2], last: Pit::A, column: 8 };
    let mut table = [[none; 64]; 12];
    let mut p = 0;
    while p < 12 {
        let mut n = 0;
        while n < 64 {
            let entry = &mut table[p][n];
            let mut pit = 0;
            while pit < 12 {
                let row = pit / 6;
                let shift = 8 * (pit % 6);
                if pit == p {
                    entry.delta[row] = entry.delta[row].wrapping_sub((n as u64) << shift);
                } else {
                    // The rest reaches the `n % 11` pits after `p`.
                    let distance = (pit + 12 - p) % 12;
                    let seeds = n / 11 + (distance <= n % 11) as usize;
                    entry.delta[row] = entry.delta[row].wrapping_add((seeds as u64) << shift);
                }
                pit += 1;
            }
            if n > 0 {
                // With no seed beyond the full laps, the last fell just before the starting pit.
                let rest = n % 11;
                let last = if rest == 0 { (p + 11) % 12 } else { (p + rest) % 12 };
                entry.last = Pit::ALL[last];
                entry.column = if (last < 6) != (p < 6) { (last % 6) as u8 } else { 8 };
            }
            n += 1;
        }
        p += 1;
    }
    table
};

/// `RUNS[capturable][column]`: the bytes of the pits a capture takes when the last seed falls on
/// `column` of the opponent's row (8: not on it) and `capturable` marks the pits holding 2 or 3:
/// the run going down from `column` to the first pit that cannot be taken.
static RUNS: [[u64; 16]; 64] = {
    let mut table = [[0; 16]; 64];
    let mut capturable = 0;
    while capturable < 64 {
        let mut column = 0;
        while column < 6 {
            let mut run = 0;
            let mut k = column as i32;
            while k >= 0 && capturable & (1 << k) != 0 {
                run |= 0xFF << (8 * k);
                k -= 1;
            }
            table[capturable][column] = run;
            column += 1;
        }
        capturable += 1;
    }
    table
};

/// Bits 0..6 from the top bits of the six bytes of `flags` (each 0x80 or 0).
#[inline]
const fn gather(flags: u64) -> u32 {
    (flags.wrapping_mul(0x0002_0408_1020_4081) >> 49) as u32 & 0x3F
}

/// The sum of the six bytes of a row (no sum reaches 256).
#[inline]
const fn byte_sum(row: u64) -> u8 {
    (row.wrapping_mul(0x0101_0101_0101) >> 40) as u8
}

impl Board {
    /// No seeds at all.
    pub const EMPTY: Board = Board { rows: [0, 0] };

    /// Four seeds in each pit.
    pub const INITIAL: Board = Board { rows: [ONE_EACH * 4, ONE_EACH * 4] };

    /// A board with these seeds, in sowing order (`A..F`, then `a..f`).
    pub const fn from_pits(pits: [u8; 12]) -> Board {
        let mut rows = [0; 2];
        let mut i = 0;
        while i < 12 {
            rows[i / 6] |= (pits[i] as u64) << (8 * (i % 6));
            i += 1;
        }
        Board { rows }
    }

    /// The seeds of each pit, in sowing order.
    pub fn pits(&self) -> [u8; 12] {
        std::array::from_fn(|i| (self.rows[i / 6] >> (8 * (i % 6))) as u8)
    }

    /// The seeds in a pit.
    #[inline]
    pub const fn seeds(&self, pit: Pit) -> u8 {
        let row = if pit.index() < 6 { self.rows[0] } else { self.rows[1] };
        (row >> (8 * pit.column())) as u8
    }

    /// The seeds on one side's row.
    #[inline]
    pub const fn row_seeds(&self, side: Side) -> u8 {
        byte_sum(self.row(side))
    }

    /// The six pits of `side`'s row, one byte each, from the owner's left.
    #[inline]
    const fn row(&self, side: Side) -> u64 {
        // A choice rather than an index: the rows stay in registers.
        match side {
            Side::South => self.rows[0],
            Side::North => self.rows[1],
        }
    }

    /// The pits of `side`'s row that hold seeds, as bits 0..6 from the owner's left.
    #[inline]
    pub const fn occupied(&self, side: Side) -> u8 {
        let row = self.row(side);
        // The top bit of each byte is set where the byte is not zero (bytes are below 128).
        let nonzero = (row + 0x7F7F_7F7F_7F7F) & 0x8080_8080_8080;
        gather(nonzero) as u8
    }

    /// The pits of `side`'s row holding at least `n` seeds (1 ≤ n ≤ 80), as bits from the
    /// owner's left.
    #[inline]
    pub const fn pits_with_at_least(&self, side: Side, n: u8) -> u8 {
        // Bytes are at most 48: adding 128 - n sets the top bit exactly where a byte is ≥ n.
        gather((self.row(side) + (0x80 - n as u64) * ONE_EACH) & 0x8080_8080_8080) as u8
    }

    /// Whether a pit of `side`'s row holds at least `n` seeds (1 ≤ n ≤ 80).
    #[inline]
    pub const fn has_pit_with_at_least(&self, side: Side, n: u8) -> bool {
        (self.row(side) + (0x80 - n as u64) * ONE_EACH) & 0x8080_8080_8080 != 0
    }

    /// The pits of `side`'s row whose seeds reach the opponent's row (the k-th pit from the left
    /// needs 6 - k), as bits from the owner's left.
    #[inline]
    pub const fn reaching(&self, side: Side) -> u8 {
        gather((self.row(side) + 0x7A * ONE_EACH + COLUMNS) & 0x8080_8080_8080) as u8
    }

    /// The pits of `side`'s row whose last seed falls on the opponent's pit `column` (0..6)
    /// without a full lap, as bits from the owner's left: the k-th pit needs 6 + column - k.
    #[inline]
    pub const fn landing_on(&self, side: Side, column: u32) -> u8 {
        self.holding_less_column(side, 6 + column as u64)
    }

    /// The pits of `side`'s row whose last seed, after one or more full laps, falls on the
    /// opponent's last pit: the k-th pit needs 11 - k seeds more than a multiple of 11.
    #[inline]
    pub const fn lapping_onto_last(&self, side: Side) -> u8 {
        let at_least_a_lap = self.pits_with_at_least(side, 11);
        (self.holding_less_column(side, 11)
            | self.holding_less_column(side, 22)
            | self.holding_less_column(side, 33)
            | self.holding_less_column(side, 44))
            & at_least_a_lap
    }

    /// The pits of `side`'s row holding exactly `base - k` seeds, k being the pit's column.
    #[inline]
    const fn holding_less_column(&self, side: Side, base: u64) -> u8 {
        let wanted = base * ONE_EACH - COLUMNS;
        // Bytes are below 128: adding 0x7F sets the top bit where the difference is not zero.
        let differ = ((self.row(side) ^ wanted) + 0x7F * ONE_EACH) & 0x8080_8080_8080;
        gather(differ ^ 0x8080_8080_8080) as u8
    }

    /// The seeds on the whole board.
    #[inline]
    pub const fn total(&self) -> u8 {
        self.row_seeds(Side::South) + self.row_seeds(Side::North)
    }

    /// The two rows, South's first, one byte a pit from the owner's left.
    #[inline]
    pub const fn rows(&self) -> [u64; 2] {
        self.rows
    }

    /// The twelve pits as one number: what the repetition rule compares.
    #[inline]
    pub const fn bits(&self) -> u128 {
        self.rows[0] as u128 | (self.rows[1] as u128) << 48
    }

    /// Sows the seeds of `pit` counter-clockwise, skipping `pit` itself on every lap.
    ///
    /// ```
    /// use awe_awele::{Board, Pit};
    /// let mut pits = [0; 12];
    /// pits[Pit::C.index()] = 12;
    /// let sown = Board::from_pits(pits).sow(Pit::C);
    /// assert_eq!(sown.last, Pit::D); // 11 pits in the first lap, the twelfth seed skips C
    /// assert_eq!(sown.board.seeds(Pit::C), 0);
    /// assert_eq!(sown.board.seeds(Pit::D), 2);
    /// ```
    #[inline]
    pub fn sow(&self, pit: Pit) -> Sowing {
        let (sowing, _) = self.sow_with_column(pit);
        sowing
    }

    /// Sows `pit`, and tells on which column of the opponent's row the last seed fell (8: on the
    /// mover's own row).
    #[inline]
    fn sow_with_column(&self, pit: Pit) -> (Sowing, u8) {
        // Pits hold at most 63 seeds (a game has 48): the tables cover them all.
        let effect = &SOWINGS[pit.index()][self.seeds(pit) as usize & 63];
        let rows = [
            self.rows[0].wrapping_add(effect.delta[0]),
            self.rows[1].wrapping_add(effect.delta[1]),
        ];
        (Sowing { board: Board { rows }, last: effect.last }, effect.column)
    }

    /// Sows `pit` and works out what the last seed captures (before any grand-slam rule).
    #[inline]
    pub fn sow_and_capture(&self, pit: Pit) -> (Board, Capture) {
        let (sown, column) = self.sow_with_column(pit);
        (sown.board, sown.board.capture_at(pit.side(), column as usize))
    }

    /// Where the last seed sown from `pit` falls, without sowing.
    #[inline]
    pub fn last_pit(&self, pit: Pit) -> Pit {
        SOWINGS[pit.index()][self.seeds(pit) as usize & 63].last
    }

    /// What `mover` would capture after its last seed fell into `last`: that pit and the ones
    /// before it (clockwise) on the opponent's row while they hold 2 or 3 seeds.
    #[inline]
    pub fn capture(&self, mover: Side, last: Pit) -> Capture {
        let column = if last.side() == mover { 8 } else { last.column() };
        self.capture_at(mover, column)
    }

    /// What `mover` captures with its last seed on `column` of the opponent's row (8: none).
    #[inline]
    fn capture_at(&self, mover: Side, column: usize) -> Capture {
        let opponent = mover.opponent();
        let row = self.row(opponent);
        // Pits holding 2 or 3: clear the low bit and look for bytes equal to 2. Bytes are below
        // 128, so adding 0x7F sets the top bit exactly where a byte is not zero.
        let twos = (row & 0xFEFE_FEFE_FEFE) ^ 0x0202_0202_0202;
        let capturable = gather(((twos + 0x7F7F_7F7F_7F7F) & 0x8080_8080_8080) ^ 0x8080_8080_8080);
        let taken = RUNS[capturable as usize][column & 15];
        // A grand slam leaves the opponent nothing: every seed of the row is in the run.
        let grand_slam = taken != 0 && row & !taken == 0;
        // Each row's mask chosen without indexing the array: it stays in registers.
        let north = opponent == Side::North;
        let cleared = [if north { 0 } else { taken }, if north { taken } else { 0 }];
        Capture { seeds: byte_sum(row & taken), grand_slam, cleared }
    }

    /// The board with the pits of `capture` emptied.
    #[inline]
    pub const fn without(&self, capture: &Capture) -> Board {
        Board { rows: [self.rows[0] & !capture.cleared[0], self.rows[1] & !capture.cleared[1]] }
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({:?})", self.pits())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sowing one seed at a time, the way the rules say it.
    fn sow_slowly(pits: [u8; 12], from: usize) -> ([u8; 12], usize) {
        let mut pits = pits;
        let mut hand = pits[from];
        pits[from] = 0;
        let mut i = from;
        while hand > 0 {
            i = (i + 1) % 12;
            if i != from {
                pits[i] += 1;
                hand -= 1;
            }
        }
        (pits, i)
    }

    #[test]
    fn sowing_matches_seed_by_seed_for_every_pit_and_count() {
        for from in 0..12 {
            for n in 1..=48u8 {
                let mut pits = [1; 12];
                pits[from] = n;
                let sown = Board::from_pits(pits).sow(Pit::ALL[from]);
                let (expected, last) = sow_slowly(pits, from);
                assert_eq!(
                    (sown.board.pits(), sown.last.index()),
                    (expected, last),
                    "{n} seeds from {from}"
                );
            }
        }
    }

    #[test]
    fn occupied_pits_and_pits_of_three() {
        for pattern in 0..64u8 {
            let mut pits = [0; 12];
            for k in 0..6 {
                if pattern & (1 << k) != 0 {
                    pits[6 + k] = 48 - k as u8 * 9;
                    pits[k] = 1 + (k as u8 % 2);
                }
            }
            let b = Board::from_pits(pits);
            assert_eq!(b.occupied(Side::North), pattern);
            assert_eq!(b.occupied(Side::South), pattern);
            assert_eq!(b.pits_with_at_least(Side::North, 3), pattern);
            assert_eq!(b.pits_with_at_least(Side::South, 3), 0);
            assert_eq!(b.pits_with_at_least(Side::South, 1), pattern);
        }
    }

    #[test]
    fn masks_match_pit_by_pit() {
        for seeds in 0..=48u8 {
            for k in 0..6 {
                let mut pits = [1; 12];
                pits[k] = seeds;
                pits[6 + k] = seeds;
                let b = Board::from_pits(pits);
                for side in Side::ALL {
                    let bit = |cond: bool| (cond as u8) << k;
                    let others = |m: u8| m & (1 << k);
                    assert_eq!(others(b.pits_with_at_least(side, 11)), bit(seeds >= 11));
                    assert_eq!(others(b.reaching(side)), bit(seeds as usize >= 6 - k));
                    for column in 0..6 {
                        assert_eq!(
                            others(b.landing_on(side, column)),
                            bit(seeds as usize == 6 + column as usize - k)
                        );
                    }
                }
            }
        }
    }

    /// Capturing pit by pit, the way the rules say it.
    fn capture_slowly(pits: [u8; 12], mover: Side, last: usize) -> (u8, bool, [u8; 12]) {
        let first = 6 * mover.opponent().index();
        if !(first..first + 6).contains(&last) {
            return (0, false, pits);
        }
        let mut after = pits;
        let mut taken = 0;
        let mut i = last as isize;
        while i >= first as isize && matches!(after[i as usize], 2 | 3) {
            taken += after[i as usize];
            after[i as usize] = 0;
            i -= 1;
        }
        let wiped = taken > 0 && after[first..first + 6].iter().all(|&s| s == 0);
        (taken, wiped, after)
    }

    #[test]
    fn capture_matches_pit_by_pit_on_many_boards() {
        let mut state = 0x1234_5678_9abc_def0_u64;
        for _ in 0..20_000 {
            let mut pits = [0u8; 12];
            for pit in pits.iter_mut() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                *pit = [0, 1, 2, 3, 2, 3, 4, 5, 12][(state % 9) as usize];
            }
            let board = Board::from_pits(pits);
            for mover in Side::ALL {
                for last in 0..12 {
                    let c = board.capture(mover, Pit::ALL[last]);
                    let (seeds, wiped, after) = capture_slowly(pits, mover, last);
                    assert_eq!(
                        (c.seeds, c.grand_slam, board.without(&c).pits()),
                        (seeds, wiped, after),
                        "{pits:?} {mover} {last}"
                    );
                }
            }
        }
    }

    #[test]
    fn row_sums() {
        let b = Board::from_pits([1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 3]);
        assert_eq!(b.row_seeds(Side::South), 21);
        assert_eq!(b.row_seeds(Side::North), 27);
        assert_eq!(b.total(), 48);
    }

    #[test]
    fn capture_stops_at_the_end_of_the_row() {
        // North's last seed in B: B and A hold 2 and 3; the run cannot go on into North's row.
        let b = Board::from_pits([3, 2, 1, 4, 0, 0, 2, 2, 0, 0, 0, 0]);
        let c = b.capture(Side::North, Pit::B);
        assert_eq!(c.seeds, 5);
        assert!(!c.grand_slam, "C still holds a seed");
        let c = b.capture(Side::North, Pit::C);
        assert_eq!(c.seeds, 0);
    }

    #[test]
    fn grand_slam_needs_an_empty_row_beyond() {
        let b = Board::from_pits([4, 4, 4, 4, 4, 4, 2, 3, 0, 0, 0, 0]);
        assert!(b.capture(Side::South, Pit::b).grand_slam);
        let b = Board::from_pits([4, 4, 4, 4, 4, 4, 2, 3, 0, 0, 0, 1]);
        assert!(!b.capture(Side::South, Pit::b).grand_slam);
        let b = Board::from_pits([4, 4, 4, 4, 4, 4, 2, 3, 2, 2, 2, 3]);
        assert!(b.capture(Side::South, Pit::f).grand_slam);
    }
}
