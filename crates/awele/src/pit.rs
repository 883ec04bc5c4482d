//! The twelve pits and their names.

use std::fmt;

use awe_game::Side;

/// One of the twelve pits, numbered in sowing (counter-clockwise) order: South's `A..F` from
/// South's left to right are 0..=5, North's `a..f` from North's left to right are 6..=11.
///
/// ```
/// use awe_awele::Pit;
/// assert_eq!(Pit::from_char('e'), Some(Pit::e));
/// assert_eq!(Pit::F.next(), Pit::a);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pit(u8);

#[allow(non_upper_case_globals)]
impl Pit {
    pub const A: Pit = Pit(0);
    pub const B: Pit = Pit(1);
    pub const C: Pit = Pit(2);
    pub const D: Pit = Pit(3);
    pub const E: Pit = Pit(4);
    pub const F: Pit = Pit(5);
    pub const a: Pit = Pit(6);
    pub const b: Pit = Pit(7);
    pub const c: Pit = Pit(8);
    pub const d: Pit = Pit(9);
    pub const e: Pit = Pit(10);
    pub const f: Pit = Pit(11);

    /// All pits in sowing order.
    pub const ALL: [Pit; 12] = {
        let mut all = [Pit(0); 12];
        let mut i = 0;
        while i < 12 {
            all[i] = Pit(i as u8);
            i += 1;
        }
        all
    };

    /// The pit with this index (0..12).
    pub const fn new(index: usize) -> Option<Pit> {
        if index < 12 { Some(Pit(index as u8)) } else { None }
    }

    /// The pit numbered `k` (0..6) from the left of `side`'s row, as that player sees it.
    #[inline]
    pub const fn of(side: Side, k: usize) -> Pit {
        debug_assert!(k < 6, "a row has six pits");
        Pit((side.index() * 6 + k) as u8)
    }

    /// Index in sowing order, 0..12.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whose row the pit is in.
    #[inline]
    pub const fn side(self) -> Side {
        if self.0 < 6 { Side::South } else { Side::North }
    }

    /// Position in its row from its owner's left, 0..6.
    #[inline]
    pub const fn column(self) -> usize {
        // Cheaper than `% 6` in the sowing loop of a playout.
        self.0 as usize - 6 * (self.0 >= 6) as usize
    }

    /// The next pit counter-clockwise.
    pub const fn next(self) -> Pit {
        Pit((self.0 + 1) % 12)
    }

    /// The letter naming the pit: `A..F` for South's, `a..f` for North's.
    pub const fn letter(self) -> char {
        let base = if self.0 < 6 { b'A' } else { b'a' };
        (base + self.0 % 6) as char
    }

    /// The pit a letter names.
    pub const fn from_char(c: char) -> Option<Pit> {
        match c {
            'A'..='F' => Some(Pit(c as u8 - b'A')),
            'a'..='f' => Some(Pit(c as u8 - b'a' + 6)),
            _ => None,
        }
    }
}

impl fmt::Display for Pit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for pit in Pit::ALL {
            assert_eq!(Pit::from_char(pit.letter()), Some(pit));
        }
        assert_eq!(Pit::from_char('G'), None);
        assert_eq!(Pit::of(Side::North, 0), Pit::a);
        assert_eq!(Pit::f.next(), Pit::A);
    }
}
