//! The two players.

use std::fmt;

/// One of the two players.
///
/// Every game of awe is played by two sides. `South` moves first at Awélé and is White at chess
/// and at Awithlaknannai (the bottom of the board); `North` is the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    South = 0,
    North = 1,
}

impl Side {
    /// Both sides, South first.
    pub const ALL: [Side; 2] = [Side::South, Side::North];
    /// White, in the games that name their sides by colour.
    pub const WHITE: Side = Side::South;
    /// Black, in the games that name their sides by colour.
    pub const BLACK: Side = Side::North;

    /// The other side.
    ///
    /// ```
    /// use awe_game::Side;
    /// assert_eq!(Side::South.opponent(), Side::North);
    /// ```
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North: an index into per-side arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side's name in the games that name their sides by colour: `White` or `Black`.
    pub const fn colour(self) -> &'static str {
        match self {
            Side::South => "White",
            Side::North => "Black",
        }
    }

    /// The side's name as a mancala player knows it.
    pub const fn name(self) -> &'static str {
        match self {
            Side::South => "South",
            Side::North => "North",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
