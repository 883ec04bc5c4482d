//! Moves by shape: all the moves that carry a piece the same number of points along the indices,
//! found at once with a few operations on whole sets of points. Random playouts draw their moves
//! this way without listing them.
//!
//! The shapes of each board kind are constants ([`Geometry`]), so that the code compiled for a
//! kind shifts sets of points by constants; the board supplies, for each shape, the points that
//! have it ([`ShapeMasks`]), which depend on the lines drawn.

use std::marker::PhantomData;

use crate::moves::Move;
use crate::point::{BoardKind, Point};

/// The most shapes of single move (steps and straight jumps) a board kind has.
pub(crate) const MAX_SHAPES: usize = 16;

/// The shapes of move of a board kind, as deltas along the point indices (bottom row first, then
/// the middle row, then the top row, each from White's left).
pub(crate) trait Geometry {
    /// Straight jumps, then steps: `(to the piece jumped, to where the piece stops)`, with 0 for
    /// the piece jumped by a step.
    const SHAPES: &'static [(i8, i8)];
    /// How many of the shapes are jumps.
    const JUMPS: usize;
}

/// Mosona: 8 points in the outer rows, 9 in the middle one.
pub(crate) enum Mosona {}

impl Geometry for Mosona {
    const SHAPES: &'static [(i8, i8)] = &[
        // Along a row.
        (1, 2),
        (-1, -2),
        // Across the middle row on the diagonals.
        (8, 16),
        (-8, -16),
        (9, 18),
        (-9, -18),
        // Across the middle row on the end lines.
        (8, 17),
        (-8, -17),
        (9, 17),
        (-9, -17),
        // Steps along a row, from the bottom row to the middle (+8, +9), from the middle to the
        // top (+9, +8), and back.
        (0, 1),
        (0, -1),
        (0, 8),
        (0, -8),
        (0, 9),
        (0, -9),
    ];
    const JUMPS: usize = 10;
}

/// Kolowis: 16 points in the outer rows, 17 in the middle one.
pub(crate) enum Kolowis {}

impl Geometry for Kolowis {
    const SHAPES: &'static [(i8, i8)] = &[
        (1, 2),
        (-1, -2),
        (16, 32),
        (-16, -32),
        (17, 34),
        (-17, -34),
        (16, 33),
        (-16, -33),
        (17, 33),
        (-17, -33),
        (0, 1),
        (0, -1),
        (0, 16),
        (0, -16),
        (0, 17),
        (0, -17),
    ];
    const JUMPS: usize = 10;
}

/// Ludii's Kolowis: 16 points in every row, so the middle row to the top is +16 and +15, a jump
/// does not have the same deltas both ways, and there are no end lines.
pub(crate) enum KolowisLudii {}

impl Geometry for KolowisLudii {
    const SHAPES: &'static [(i8, i8)] = &[
        (1, 2),
        (-1, -2),
        (16, 31),
        (-15, -31),
        (17, 33),
        (-16, -33),
        (0, 1),
        (0, -1),
        (0, 16),
        (0, -16),
        (0, 17),
        (0, -17),
        (0, 15),
        (0, -15),
    ];
    const JUMPS: usize = 6;
}

/// The shapes of a board kind's geometry, to build its masks.
pub(crate) fn of(kind: BoardKind) -> &'static [(i8, i8)] {
    match kind {
        BoardKind::Mosona => Mosona::SHAPES,
        BoardKind::Kolowis => Kolowis::SHAPES,
        BoardKind::KolowisLudii => KolowisLudii::SHAPES,
    }
}

/// For each shape of a board's geometry, in its order, the points that have that move (none for
/// a shape the board lacks).
pub(crate) type ShapeMasks = [u64; MAX_SHAPES];

/// A set of points moved by `delta` points along the indices.
#[inline(always)]
fn shift(set: u64, delta: i8) -> u64 {
    if delta >= 0 { set << delta } else { set >> -delta }
}

/// The points next to a point of `set`.
#[inline(always)]
pub(crate) fn neighbours<G: Geometry>(masks: &ShapeMasks, set: u64) -> u64 {
    let mut next = 0;
    for (i, &(_, delta)) in G::SHAPES.iter().enumerate().skip(G::JUMPS) {
        next |= shift(set & masks[i], delta);
    }
    next
}

/// Whether a piece of `me` can jump a piece of `them` to any free neighbour of it (a bent or a
/// straight jump): some piece of `them` next to `me` has a free neighbour. The point the jumper
/// leaves is not free, so it is never counted as a landing point.
#[inline(always)]
pub(crate) fn any_bent_jump<G: Geometry>(
    masks: &ShapeMasks,
    me: u64,
    them: u64,
    empty: u64,
) -> bool {
    them & neighbours::<G>(masks, me) & neighbours::<G>(masks, empty) != 0
}

/// The pieces of `them` that a piece of `me` can jump in a straight line to a point of `empty`.
#[inline(always)]
pub(crate) fn jumped<G: Geometry>(masks: &ShapeMasks, me: u64, them: u64, empty: u64) -> u64 {
    let mut taken = 0;
    for (i, &(over, land)) in G::SHAPES.iter().enumerate().take(G::JUMPS) {
        let jumpers = me & masks[i] & shift(them, -over) & shift(empty, -land);
        taken |= shift(jumpers, over);
    }
    taken
}

/// The pieces of `me` that can jump a piece of `them` in a straight line to a point of `empty`.
#[inline(always)]
pub(crate) fn jumpers<G: Geometry>(masks: &ShapeMasks, me: u64, them: u64, empty: u64) -> u64 {
    let mut jumpers = 0;
    for (i, &(over, land)) in G::SHAPES.iter().enumerate().take(G::JUMPS) {
        jumpers |= me & masks[i] & shift(them, -over) & shift(empty, -land);
    }
    jumpers
}

/// The pieces that can make each straight single jump and each step of a position, with their
/// counts: enough to draw one of these moves uniformly without listing them.
pub(crate) struct Movers<G> {
    sets: [u64; MAX_SHAPES],
    /// The number of moves of each shape, one byte each, eight shapes a word.
    counts: [u64; 2],
    /// Single jumps in all: the first moves in the order of [`Movers::nth`].
    pub jump_count: u32,
    /// Steps in all.
    pub step_count: u32,
    geometry: PhantomData<G>,
}

/// A byte of ones and the high bit of each byte, for arithmetic on eight bytes at once.
const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

impl<G: Geometry> Movers<G> {
    /// The movers of the side whose pieces are `me`; single jumps are only looked for if
    /// `with_jumps`.
    // Loops over index ranges of constant bounds: the compiler unrolls them and shifts by
    // constants, which it does not do for the equivalent iterator chains.
    #[allow(clippy::needless_range_loop)]
    #[inline(always)]
    pub fn new(masks: &ShapeMasks, me: u64, them: u64, empty: u64, with_jumps: bool) -> Self {
        let mut sets = [0; MAX_SHAPES];
        if with_jumps {
            for i in 0..G::JUMPS {
                let (over, land) = G::SHAPES[i];
                sets[i] = me & masks[i] & shift(them, -over) & shift(empty, -land);
            }
        }
        for i in G::JUMPS..G::SHAPES.len() {
            sets[i] = me & masks[i] & shift(empty, -G::SHAPES[i].1);
        }
        Self::from_sets(sets)
    }

    /// The movers of each shape given.
    #[inline(always)]
    fn from_sets(sets: [u64; MAX_SHAPES]) -> Self {
        let mut counts = [0; 2];
        for (i, set) in sets.iter().enumerate().take(G::SHAPES.len()) {
            counts[i / 8] |= (set.count_ones() as u64) << (8 * (i % 8));
        }
        // A shape holds at most one move a piece, 24 (and a set of 64 points at most 64): the
        // sums of eight fit in their bytes.
        let sum = |word: u64| (word.wrapping_mul(ONES) >> 56) as u32;
        let mut jumps = [0; 2];
        for (i, word) in jumps.iter_mut().enumerate() {
            let first = (8 * i).min(G::JUMPS);
            let end = (8 * i + 8).min(G::JUMPS);
            *word = counts[i] & ((1u128 << (8 * (end - first))) - 1) as u64;
        }
        let jump_count = sum(jumps[0]) + sum(jumps[1]);
        let step_count = sum(counts[0]) + sum(counts[1]) - jump_count;
        Movers { sets, counts, jump_count, step_count, geometry: PhantomData }
    }

    /// The `k`-th move, `k < jump_count + step_count`: the jumps first, then the steps.
    #[inline(always)]
    pub fn nth(&self, k: u32) -> Move {
        let (shape, rank) = self.place(k);
        let from = nth_point(self.sets[shape], rank);
        let (over, land) = G::SHAPES[shape];
        let captured = if over != 0 { from.offset(over).bit() } else { 0 };
        Move::single(from, from.offset(land), captured)
    }

    /// The shape of the `k`-th move, and its rank among the moves of that shape: without a
    /// branch while there are fewer than 128 moves (always, but on a nearly empty Kolowis).
    #[inline(always)]
    fn place(&self, k: u32) -> (usize, u32) {
        // Byte i: the moves of the shapes up to i.
        let low = self.counts[0].wrapping_mul(ONES);
        let high = self.counts[1].wrapping_mul(ONES).wrapping_add((low >> 56).wrapping_mul(ONES));
        if high >> 56 >= 128 {
            let mut rest = k;
            for (shape, set) in self.sets.iter().enumerate() {
                match rest.checked_sub(set.count_ones()) {
                    Some(next) => rest = next,
                    None => return (shape, rest),
                }
            }
            unreachable!("k is below the number of moves");
        }
        // The high bit of each byte whose running count is at most k: the shapes before k's.
        let key = (k as u64).wrapping_mul(ONES) | HIGH;
        let before = ((key - low) & HIGH).count_ones() + ((key - high) & HIGH).count_ones();
        let running = (low as u128) | (high as u128) << 64;
        let passed = ((running << 8) >> (8 * before)) as u8;
        (before as usize, k - passed as u32)
    }
}

/// `IN_BYTE[byte][k]`: where the `k`-th set bit of `byte` is (8 if there is none).
static IN_BYTE: [[u8; 8]; 256] = {
    let mut table = [[8u8; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let (mut bit, mut k) = (0, 0);
        while bit < 8 {
            if byte & (1 << bit) != 0 {
                table[byte][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// The `k`-th point (from the lowest) of a set holding more than `k`, without a branch that
/// depends on `k` when it is small, as it nearly always is (a loop that runs `k` times costs a
/// misprediction on most moves).
#[inline(always)]
fn nth_point(set: u64, k: u32) -> Point {
    if k >= 4 {
        return select(set, k);
    }
    let one = set & set.wrapping_sub(1);
    let two = one & one.wrapping_sub(1);
    let three = two & two.wrapping_sub(1);
    let odd = if k & 1 != 0 { [one, three] } else { [set, two] };
    let rest = if k & 2 != 0 { odd[1] } else { odd[0] };
    Point(rest.trailing_zeros() as u8)
}

/// The `k`-th point of a set holding more than `k`, for any `k`: the byte that holds it is found
/// from the running counts of the bytes, all at once (Vigna's broadword selection), and the bit
/// in that byte from a table.
fn select(set: u64, k: u32) -> Point {
    let mut counts = set - ((set >> 1) & 0x5555_5555_5555_5555);
    counts = (counts & 0x3333_3333_3333_3333) + ((counts >> 2) & 0x3333_3333_3333_3333);
    counts = (counts + (counts >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    // Byte i: the bits of bytes 0 to i. At most 64, so the high bit of each byte is free.
    let running = counts.wrapping_mul(ONES);
    // The high bit of each byte whose running count is at most k: bytes wholly before the bit.
    let before = (((k as u64).wrapping_mul(ONES) | HIGH) - running) & HIGH;
    let shift = before.count_ones() * 8;
    let rank = k - (((running << 8) >> shift) & 0xFF) as u32;
    let byte = (set >> shift) as usize & 0xFF;
    Point(shift as u8 + IN_BYTE[byte][rank as usize & 7])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The moves of the given sets of movers, in the order `nth` draws them.
    fn listed(sets: [u64; MAX_SHAPES]) -> Vec<Move> {
        let mut moves = Vec::new();
        for (set, &(over, land)) in sets.iter().zip(Kolowis::SHAPES) {
            for k in 0..set.count_ones() {
                let from = select(*set, k);
                let captured = if over != 0 { from.offset(over).bit() } else { 0 };
                moves.push(Move::single(from, from.offset(land), captured));
            }
        }
        moves
    }

    #[test]
    fn nth_move_follows_the_shapes_in_order() {
        // Few moves, many (the counts no longer fit a byte's low seven bits), and some shapes
        // with none.
        let mut cases = vec![[0; MAX_SHAPES]];
        for seed in 1..40u64 {
            let mut sets = [0; MAX_SHAPES];
            for (i, set) in sets.iter_mut().enumerate() {
                let bits = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(i as u32 * 7);
                // Points 17 to 46 have a point jumped in 0..64 for every shape.
                let points = (bits & (bits >> (seed % 5))) & 0x0000_7fff_fffe_0000;
                *set = if seed % 3 == 0 { points } else { points & points >> 3 & points >> 5 };
            }
            cases.push(sets);
        }
        let sizes: Vec<usize> = cases.iter().map(|&sets| listed(sets).len()).collect();
        assert!(sizes.iter().any(|&n| n >= 128) && sizes.iter().any(|&n| n > 0 && n < 128));
        for sets in cases {
            let movers = Movers::<Kolowis>::from_sets(sets);
            let moves = listed(sets);
            let jumps: u32 = sets[..Kolowis::JUMPS].iter().map(|s| s.count_ones()).sum();
            assert_eq!(movers.jump_count, jumps);
            assert_eq!((movers.jump_count + movers.step_count) as usize, moves.len());
            for (k, mv) in moves.iter().enumerate() {
                assert_eq!(movers.nth(k as u32), *mv, "move {k} of {sets:x?}");
            }
        }
    }

    #[test]
    fn nth_point_finds_each_bit_in_order() {
        let sets = [1u64, 0b1011_0000_0001, u64::MAX, 1 << 63, 0x8000_0001_0000_0100];
        let more = (0..200u64).map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (i % 64));
        for set in sets.into_iter().chain(more).filter(|&s| s != 0) {
            let expected: Vec<u8> = (0..64).filter(|b| set >> b & 1 == 1).collect();
            let found: Vec<u8> = (0..set.count_ones()).map(|k| nth_point(set, k).0).collect();
            assert_eq!(found, expected, "{set:#x}");
        }
    }
}
