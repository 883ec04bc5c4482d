//! A record of the positions seen since the last irreversible move, for games played in a loop
//! (playouts, searches) where scanning the whole history at every ply would cost too much.

use crate::Position;

/// The positions seen since the material last changed, with a 256-bit Bloom filter in front of
/// them so that most new positions are known to be new without a scan.
#[derive(Clone, Debug)]
pub struct Seen<P: Position> {
    keys: Vec<P::Key>,
    material: u32,
    filter: [u64; 4],
}

impl<P: Position> Default for Seen<P> {
    fn default() -> Self {
        Seen {
            keys: Vec::new(),
            material: u32::MAX,
            filter: [0; 4],
        }
    }
}

impl<P: Position> Seen<P> {
    /// Forgets every position.
    pub fn clear(&mut self) {
        self.keys.clear();
        self.material = u32::MAX;
        self.filter = [0; 4];
    }

    /// Records `position` and tells whether it was seen before (a repetition).
    #[inline]
    pub fn insert(&mut self, position: &P) -> bool {
        let material = position.material();
        if material != self.material {
            // An irreversible move: nothing seen before can come back.
            self.keys.clear();
            self.filter = [0; 4];
            self.material = material;
        }
        let bit = (position.hash() >> 56) as usize;
        let (word, mask) = (bit / 64, 1u64 << (bit % 64));
        let key = position.repetition_key();
        if self.filter[word] & mask != 0 && self.keys.contains(&key) {
            return true;
        }
        self.filter[word] |= mask;
        self.keys.push(key);
        false
    }
}
