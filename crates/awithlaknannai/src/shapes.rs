//! Moves by shape: all the moves that carry a piece the same number of points along the indices,
//! found at once with a few operations on whole sets of points. Random playouts draw their moves
//! this way without listing them.
//!
//! The shapes of each board kind are constants ([`Geometry`]), so that the code compiled for a
//! kind shifts sets of points by constants; the board supplies, for each shape, the points that
//! have it ([`ShapeMasks`]), which depend on the lines drawn.

use std::marker::PhantomData;

use crate::board::{BoardKind, Point};
use crate::moves::Move;

/// The most shapes of step a board kind has.
pub(crate) const MAX_STEPS: usize = 8;
/// The most shapes of straight jump a board kind has.
pub(crate) const MAX_JUMPS: usize = 10;

/// The shapes of move of a board kind, as deltas along the point indices (bottom row first, then
/// the middle row, then the top row, each from White's left).
pub(crate) trait Geometry {
    /// Steps: to the neighbour.
    const STEPS: &'static [i8];
    /// Straight jumps: to the piece jumped, and to the landing point.
    const JUMPS: &'static [(i8, i8)];
}

/// Mosona: 8 points in the outer rows, 9 in the middle one.
pub(crate) enum Mosona {}

impl Geometry for Mosona {
    // Along a row; bottom to middle (+8, +9) and middle to top (+9, +8).
    const STEPS: &'static [i8] = &[1, -1, 8, -8, 9, -9];
    // Along a row; across the middle row on the diagonals (8, 16), (9, 18), and the end lines.
    const JUMPS: &'static [(i8, i8)] = &[
        (1, 2),
        (-1, -2),
        (8, 16),
        (-8, -16),
        (9, 18),
        (-9, -18),
        (8, 17),
        (-8, -17),
        (9, 17),
        (-9, -17),
    ];
}

/// Kolowis: 16 points in the outer rows, 17 in the middle one.
pub(crate) enum Kolowis {}

impl Geometry for Kolowis {
    const STEPS: &'static [i8] = &[1, -1, 16, -16, 17, -17];
    const JUMPS: &'static [(i8, i8)] = &[
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
    ];
}

/// Ludii's Kolowis: 16 points in every row, so the middle row to the top is +16 and +15, and a
/// jump does not have the same deltas both ways.
pub(crate) enum KolowisLudii {}

impl Geometry for KolowisLudii {
    const STEPS: &'static [i8] = &[1, -1, 16, -16, 17, -17, 15, -15];
    const JUMPS: &'static [(i8, i8)] =
        &[(1, 2), (-1, -2), (16, 31), (-15, -31), (17, 33), (-16, -33)];
}

/// The shapes of a board kind's geometry, to build its masks.
pub(crate) fn of(kind: BoardKind) -> (&'static [i8], &'static [(i8, i8)]) {
    fn lists<G: Geometry>() -> (&'static [i8], &'static [(i8, i8)]) {
        (G::STEPS, G::JUMPS)
    }
    match kind {
        BoardKind::Mosona => lists::<Mosona>(),
        BoardKind::Kolowis => lists::<Kolowis>(),
        BoardKind::KolowisLudii => lists::<KolowisLudii>(),
    }
}

/// For each shape of a board's geometry, the points that have that move (in the order of the
/// geometry's lists; a shape the board lacks has none).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ShapeMasks {
    pub steps: [u64; MAX_STEPS],
    pub jumps: [u64; MAX_JUMPS],
}

/// A set of points moved by `delta` points along the indices.
#[inline(always)]
fn shift(set: u64, delta: i8) -> u64 {
    if delta >= 0 { set << delta } else { set >> -delta }
}

/// The points next to a point of `set`.
#[inline(always)]
pub(crate) fn neighbours<G: Geometry>(masks: &ShapeMasks, set: u64) -> u64 {
    let mut next = 0;
    for (i, &delta) in G::STEPS.iter().enumerate() {
        next |= shift(set & masks.steps[i], delta);
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

/// The pieces that can make each straight single jump and each step of a position, with their
/// counts: enough to draw one of these moves uniformly without listing them.
pub(crate) struct Movers<G> {
    jumps: [u64; MAX_JUMPS],
    steps: [u64; MAX_STEPS],
    /// Single jumps in all.
    pub jump_count: u32,
    /// Steps in all.
    pub step_count: u32,
    geometry: PhantomData<G>,
}

impl<G: Geometry> Movers<G> {
    /// The movers of the side whose pieces are `me`; single jumps are only looked for if
    /// `with_jumps`.
    #[inline(always)]
    pub fn new(masks: &ShapeMasks, me: u64, them: u64, empty: u64, with_jumps: bool) -> Self {
        let mut movers = Movers {
            jumps: [0; MAX_JUMPS],
            steps: [0; MAX_STEPS],
            jump_count: 0,
            step_count: 0,
            geometry: PhantomData,
        };
        if with_jumps {
            for (i, &(over, land)) in G::JUMPS.iter().enumerate() {
                let set = me & masks.jumps[i] & shift(them, -over) & shift(empty, -land);
                movers.jumps[i] = set;
                movers.jump_count += set.count_ones();
            }
        }
        for (i, &delta) in G::STEPS.iter().enumerate() {
            let set = me & masks.steps[i] & shift(empty, -delta);
            movers.steps[i] = set;
            movers.step_count += set.count_ones();
        }
        movers
    }

    /// The `k`-th single jump, `k < jump_count`.
    pub fn jump(&self, mut k: u32) -> Move {
        for (&set, &(over, land)) in self.jumps.iter().zip(G::JUMPS) {
            let count = set.count_ones();
            if k < count {
                let from = nth_point(set, k);
                return Move::jump(from, from.offset(over), from.offset(land));
            }
            k -= count;
        }
        unreachable!("fewer single jumps than the count");
    }

    /// The `k`-th step, `k < step_count`.
    pub fn step(&self, mut k: u32) -> Move {
        for (&set, &delta) in self.steps.iter().zip(G::STEPS) {
            let count = set.count_ones();
            if k < count {
                let from = nth_point(set, k);
                return Move::step(from, from.offset(delta));
            }
            k -= count;
        }
        unreachable!("fewer steps than the count");
    }
}

/// The `k`-th point (from the lowest) of a set holding more than `k`.
#[inline(always)]
fn nth_point(set: u64, k: u32) -> Point {
    let mut rest = set;
    for _ in 0..k {
        rest &= rest - 1;
    }
    Point(rest.trailing_zeros() as u8)
}
