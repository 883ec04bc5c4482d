//! Moves: a step to a neighbouring point, or a capture chain with every landing point and the
//! pieces it takes.

use std::fmt;
use std::hash::{Hash, Hasher};

use smallvec::SmallVec;

use crate::point::Point;

/// The longest path a move can have: its start and one landing point per piece captured (a
/// player has at most 24 pieces).
pub const MAX_PATH: usize = 25;

/// A move: the points the piece stands on, from its start to where it stops, and the pieces it
/// captures. Two chains through different points are two moves, even when they take the same
/// pieces and stop on the same point: the landing points are part of the move, as the notation
/// writes them.
#[derive(Clone, Copy, Eq)]
pub struct Move {
    /// Where the piece stops, the last point of the path: kept apart so that playing a move
    /// does not need the path, which a generator can then leave out of registers.
    to: Point,
    path: [Point; MAX_PATH],
    len: u8,
    captured: u64,
}

impl Move {
    /// A step from `from` to a neighbouring point `to`.
    pub const fn step(from: Point, to: Point) -> Move {
        let mut path = [Point(0); MAX_PATH];
        path[0] = from;
        path[1] = to;
        Move { to, path, len: 2, captured: 0 }
    }

    /// A step, or a single jump that takes the piece of `captured`.
    pub(crate) const fn single(from: Point, to: Point, captured: u64) -> Move {
        let mut path = [Point(0); MAX_PATH];
        path[0] = from;
        path[1] = to;
        Move { to, path, len: 2, captured }
    }

    /// A capture along `path` (start first) taking the pieces of `captured`.
    pub(crate) fn capture(path: &[Point], captured: u64) -> Move {
        let mut all = [Point(0); MAX_PATH];
        all[..path.len()].copy_from_slice(path);
        Move { to: path[path.len() - 1], path: all, len: path.len() as u8, captured }
    }

    /// Where the piece starts.
    pub fn from(&self) -> Point {
        self.path[0]
    }

    /// Where the piece stops.
    pub fn to(&self) -> Point {
        self.to
    }

    /// Every point the piece stands on, from the start to where it stops.
    pub fn path(&self) -> &[Point] {
        &self.path[..self.len as usize]
    }

    /// The points of the pieces captured, as a set.
    pub fn captured(&self) -> u64 {
        self.captured
    }

    /// Whether the move captures.
    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }
}

impl PartialEq for Move {
    /// Every field, as a derived comparison would, but without comparing the whole path of a
    /// step or a single jump: the search compares moves at every node (its table's move, its
    /// killers), and comparing 25 points each time took an eighth of its time on Kolowis. Every
    /// constructor leaves the points after the path's end at 0, so two paths of two points are
    /// equal when their starts and ends are.
    fn eq(&self, other: &Move) -> bool {
        self.to == other.to
            && self.path[0] == other.path[0]
            && self.captured == other.captured
            && self.len == other.len
            && (self.len <= 2 || self.path == other.path)
    }
}

impl Hash for Move {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // The fields the comparison holds equal, in their order.
        self.to.hash(state);
        self.path.hash(state);
        self.len.hash(state);
        self.captured.hash(state);
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path: Vec<usize> = self.path().iter().map(|p| p.index()).collect();
        write!(f, "Move({path:?}, captured {:#x})", self.captured)
    }
}

/// The legal moves of a position; kept on the stack unless a position has more than 64.
pub type MoveList = SmallVec<[Move; 64]>;
