//! A record of the positions seen since the last irreversible move, for games played in a loop
//! (playouts, searches) where scanning the whole history at every ply would cost too much.

use crate::Position;

/// The positions seen since the material last changed, with a 128-bit Bloom filter in front of
/// them so that most new positions are known to be new without a scan.
#[derive(Clone, Debug)]
pub struct Seen<P: Position> {
    keys: Vec<P::Key>,
    /// Where the positions with the current material start in `keys`.
    start: usize,
    material: u32,
    filter: [u64; 2],
}

impl<P: Position> Default for Seen<P> {
    fn default() -> Self {
        Seen { keys: Vec::new(), start: 0, material: u32::MAX, filter: [0; 2] }
    }
}

impl<P: Position> Seen<P> {
    /// Forgets every position.
    pub fn clear(&mut self) {
        self.keys.clear();
        self.start = 0;
        self.material = u32::MAX;
        self.filter = [0; 2];
    }

    /// Records `position` and tells whether it was seen before (a repetition).
    #[inline]
    pub fn insert(&mut self, position: &P) -> bool {
        if !position.repetition_ends_game() {
            return false;
        }
        let material = position.material();
        if material != self.material {
            // An irreversible move: nothing seen before can come back.
            self.start = self.keys.len();
            self.filter = [0; 2];
            self.material = material;
        }
        let bit = position.repetition_hash() >> 57;
        let (word, mask) = ((bit >> 6) as usize & 1, 1u64 << (bit & 63));
        let key = position.repetition_key();
        if self.filter[word] & mask != 0 && self.keys[self.start..].contains(&key) {
            return true;
        }
        self.filter[word] |= mask;
        self.keys.push(key);
        false
    }
}
