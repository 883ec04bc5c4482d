//! The board's smallest words: which board, a point of it, a row. The board's tables
//! (`board.rs`), the moves and the shapes of moves all build on them.

use std::fmt;
use std::str::FromStr;

/// The boards awe knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardKind {
    /// 25 points: 8 in each outer row.
    Mosona,
    /// 49 points: 16 in each outer row.
    Kolowis,
    /// Ludii's 48-point Kolowis: no point at the right end of the middle row, and no jump across
    /// the left end of it.
    KolowisLudii,
}

impl BoardKind {
    /// Every board, as a user names it.
    pub const ALL: [BoardKind; 3] =
        [BoardKind::Mosona, BoardKind::Kolowis, BoardKind::KolowisLudii];

    /// The name a user types (`--board NAME`).
    pub const fn name(self) -> &'static str {
        match self {
            BoardKind::Mosona => "mosona",
            BoardKind::Kolowis => "kolowis",
            BoardKind::KolowisLudii => "kolowis-ludii",
        }
    }
}

impl fmt::Display for BoardKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not one of the boards.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown Awithlaknannai board `{0}` (known: mosona, kolowis, kolowis-ludii)")]
pub struct ParseBoardError(pub String);

impl FromStr for BoardKind {
    type Err = ParseBoardError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        BoardKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| ParseBoardError(s.to_owned()))
    }
}

/// A point of a board, by its index: the bottom row first, then the middle row, then the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(pub(crate) u8);

impl Point {
    /// The index of the point (0 is `b1`).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The point's bit in a set of points.
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// The point `delta` indices away, which must be on the board.
    pub(crate) const fn offset(self, delta: i8) -> Point {
        Point(self.0.wrapping_add_signed(delta))
    }
}

/// One of the three rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Row {
    Bottom,
    Middle,
    Top,
}
