//! Lists of moves: at most the six pits of a row, built from bit masks through tables.

use std::ops::Deref;

use awe_game::Side;
use rand::Rng;

use crate::Pit;

/// The legal moves of a position: at most the six pits of a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveList {
    pits: [Pit; 6],
    len: u8,
}

impl MoveList {
    /// No moves.
    pub const fn new() -> MoveList {
        MoveList { pits: [Pit::A; 6], len: 0 }
    }

    /// Adds a move; a row has six pits, so a seventh is ignored.
    #[inline]
    pub fn push(&mut self, pit: Pit) {
        if let Some(slot) = self.pits.get_mut(self.len as usize) {
            *slot = pit;
            self.len += 1;
        }
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The pits of `side` whose bits are set in `mask` (bit k: the k-th pit from the owner's
    /// left), from a table built once.
    #[inline]
    pub(crate) fn of_mask(side: Side, mask: u8) -> MoveList {
        MOVE_LISTS[side.index()][mask as usize & 0x3F]
    }
}

/// `NTH_BIT[mask][k]`: the position of the k-th set bit of `mask` (k < 6), and in the last slot
/// the number of bits set (no `popcnt` on every x86-64).
static NTH_BIT: [[u8; 8]; 64] = {
    let mut table = [[0; 8]; 64];
    let mut mask = 0;
    while mask < 64 {
        let mut found = 0;
        let mut bit = 0;
        while bit < 6 {
            if mask & (1 << bit) != 0 {
                table[mask][found] = bit as u8;
                found += 1;
            }
            bit += 1;
        }
        table[mask][7] = found as u8;
        mask += 1;
    }
    table
};

/// One of the bits set in `mask` (not 0), drawn uniformly: its position, 0..6.
#[inline]
pub(crate) fn random_bit<R: Rng + ?Sized>(mask: u8, rng: &mut R) -> usize {
    let bits = &NTH_BIT[mask as usize & 0x3F];
    let k = rng.random_range(0..bits[7] as u32);
    bits[k as usize & 7] as usize
}

/// `MOVE_LISTS[side][mask]`: the list of the pits of `side` set in the six bits of `mask`.
static MOVE_LISTS: [[MoveList; 64]; 2] = {
    let mut table = [[MoveList::new(); 64]; 2];
    let mut side = 0;
    while side < 2 {
        let mut mask = 0;
        while mask < 64 {
            let list = &mut table[side][mask];
            let mut k = 0;
            while k < 6 {
                if mask & (1 << k) != 0 {
                    list.pits[list.len as usize] = Pit::of(Side::ALL[side], k);
                    list.len += 1;
                }
                k += 1;
            }
            mask += 1;
        }
        side += 1;
    }
    table
};

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Pit];

    #[inline]
    fn deref(&self) -> &[Pit] {
        &self.pits[..self.len as usize]
    }
}
