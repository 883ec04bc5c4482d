//! The boards: their points, the lines between them, and the jumps along them, built once as
//! tables from the description of `RULES.md` §1.1.
//!
//! Three rows. With `n` points in each outer row, the bottom row is `b1..bn`, the middle row
//! `m1..m(n+1)` and the top row `t1..tn`, numbered from White's left (White sits at the bottom).
//! Each outer point stands between two middle points: `bk` and `tk` are joined to `mk` and
//! `m(k+1)`, so the board is two rows of triangles.
//!
//! ```text
//!      t1  t2  t3  t4  t5  t6  t7  t8
//!    m1  m2  m3  m4  m5  m6  m7  m8  m9
//!      b1  b2  b3  b4  b5  b6  b7  b8
//! ```

use std::fmt;

use std::sync::OnceLock;

pub use crate::point::{BoardKind, ParseBoardError, Point, Row};
use crate::shapes::{self, ShapeMasks};

/// The lines that some published boards draw and others do not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardOptions {
    /// Lines along the two outer rows (one published Mosona has none).
    pub outer_lines: bool,
    /// The end lines `t1–m1–b1` and `tn–m(n+1)–bn`, along which a piece can jump across the end
    /// of the middle row.
    pub end_lines: bool,
}

impl Default for BoardOptions {
    fn default() -> Self {
        BoardOptions { outer_lines: true, end_lines: true }
    }
}

/// A board: its points and names, which points are joined by a line (a step follows one), and
/// which jumps each point has.
#[derive(Debug)]
pub struct Board {
    kind: BoardKind,
    options: BoardOptions,
    /// Points in each outer row.
    n: usize,
    /// Points in the middle row.
    middle: usize,
    neighbours: Vec<u64>,
    /// `(over, to)`: jumps in a straight line.
    straight: Vec<Vec<(Point, Point)>>,
    /// `(over, to)`: jumps to any neighbour of the piece jumped but the starting point.
    bent: Vec<Vec<(Point, Point)>>,
    names: Vec<String>,
    /// The points that have each shape of step and straight jump of the board's geometry.
    masks: ShapeMasks,
}

/// Groups moves by shape (their deltas): the points that have each shape.
fn group<K: Ord + Copy>(
    moves: impl Iterator<Item = (K, usize)>,
) -> std::collections::BTreeMap<K, u64> {
    let mut groups = std::collections::BTreeMap::new();
    for (key, from) in moves {
        *groups.entry(key).or_default() |= 1 << from;
    }
    groups
}

/// The masks of `groups` in the order of a geometry's `shapes`; every group must have its shape
/// there.
fn in_order<K: Ord + Copy + fmt::Debug, const N: usize>(
    kind: BoardKind,
    mut groups: std::collections::BTreeMap<K, u64>,
    shapes: &[K],
) -> [u64; N] {
    let mut masks = [0; N];
    for (mask, shape) in masks.iter_mut().zip(shapes) {
        *mask = groups.remove(shape).unwrap_or(0);
    }
    assert!(groups.is_empty(), "shapes missing from the geometry of {kind}: {groups:?}");
    masks
}

impl Board {
    /// The board of this kind with these options, built on first use and kept.
    ///
    /// ```
    /// use awe_awithlaknannai::{Board, BoardKind, BoardOptions};
    /// let mosona = Board::get(BoardKind::Mosona, BoardOptions::default());
    /// assert_eq!(mosona.len(), 25);
    /// assert_eq!(mosona.name(mosona.point("m5").unwrap()), "m5");
    /// ```
    pub fn get(kind: BoardKind, options: BoardOptions) -> &'static Board {
        static BOARDS: OnceLock<Vec<Board>> = OnceLock::new();
        let boards = BOARDS.get_or_init(|| {
            let mut all = Vec::new();
            for kind in BoardKind::ALL {
                for outer_lines in [false, true] {
                    for end_lines in [false, true] {
                        all.push(Board::build(kind, BoardOptions { outer_lines, end_lines }));
                    }
                }
            }
            all
        });
        let index =
            (kind as usize) * 4 + (options.outer_lines as usize) * 2 + options.end_lines as usize;
        &boards[index]
    }

    fn build(kind: BoardKind, options: BoardOptions) -> Board {
        let (n, middle) = match kind {
            BoardKind::Mosona => (8, 9),
            BoardKind::Kolowis => (16, 17),
            BoardKind::KolowisLudii => (16, 16),
        };
        let len = 2 * n + middle;
        let b = |k: usize| k;
        let m = |k: usize| n + k;
        let t = |k: usize| n + middle + k;

        let mut edges: Vec<(usize, usize)> = Vec::new();
        let mut lines: Vec<[usize; 3]> = Vec::new();
        for k in 0..middle - 1 {
            edges.push((m(k), m(k + 1)));
        }
        for k in 0..middle.saturating_sub(2) {
            lines.push([m(k), m(k + 1), m(k + 2)]);
        }
        if options.outer_lines {
            for k in 0..n - 1 {
                edges.push((b(k), b(k + 1)));
                edges.push((t(k), t(k + 1)));
            }
            for k in 0..n - 2 {
                lines.push([b(k), b(k + 1), b(k + 2)]);
                lines.push([t(k), t(k + 1), t(k + 2)]);
            }
        }
        for k in 0..n {
            for j in [k, k + 1] {
                if j < middle {
                    edges.push((t(k), m(j)));
                    edges.push((b(k), m(j)));
                }
            }
        }
        // The diagonals through each inner middle point.
        for j in 1..n {
            lines.push([t(j - 1), m(j), b(j)]);
            lines.push([t(j), m(j), b(j - 1)]);
        }
        // Ludii's board has no end lines: its left end is bent, its right end has no point.
        if options.end_lines && kind != BoardKind::KolowisLudii {
            lines.push([t(0), m(0), b(0)]);
            lines.push([t(n - 1), m(n), b(n - 1)]);
        }

        let mut neighbours = vec![0u64; len];
        for &(a, c) in &edges {
            neighbours[a] |= 1 << c;
            neighbours[c] |= 1 << a;
        }
        let mut straight = vec![Vec::new(); len];
        for &[a, over, c] in &lines {
            straight[a].push((Point(over as u8), Point(c as u8)));
            straight[c].push((Point(over as u8), Point(a as u8)));
        }
        let mut bent = vec![Vec::new(); len];
        for (from, list) in bent.iter_mut().enumerate() {
            for over in bits(neighbours[from]) {
                for to in bits(neighbours[over] & !(1 << from)) {
                    list.push((Point(over as u8), Point(to as u8)));
                }
            }
        }
        for list in straight.iter_mut().chain(bent.iter_mut()) {
            list.sort();
        }
        let names = (0..len)
            .map(|i| {
                if i < n {
                    format!("b{}", i + 1)
                } else if i < n + middle {
                    format!("m{}", i - n + 1)
                } else {
                    format!("t{}", i - n - middle + 1)
                }
            })
            .collect();
        let delta = |a: usize, b: Point| (b.index() as isize - a as isize) as i8;
        // Steps as jumps over nothing (a delta of 0 to the piece jumped).
        let steps = (0..len).flat_map(|a| bits(neighbours[a]).map(move |b| (a, 0, Point(b as u8))));
        let jumps = straight
            .iter()
            .enumerate()
            .flat_map(|(a, list)| list.iter().map(move |&(over, to)| (a, delta(a, over), to)));
        let shapes = group(steps.chain(jumps).map(|(a, over, to)| ((over, delta(a, to)), a)));
        let masks = in_order(kind, shapes, shapes::of(kind));
        Board { kind, options, n, middle, neighbours, straight, bent, names, masks }
    }

    /// Which board this is.
    pub fn kind(&self) -> BoardKind {
        self.kind
    }

    /// Its options.
    pub fn options(&self) -> BoardOptions {
        self.options
    }

    /// Points in each outer row.
    pub fn outer_len(&self) -> usize {
        self.n
    }

    /// Points in the middle row.
    pub fn middle_len(&self) -> usize {
        self.middle
    }

    /// Points on the board.
    pub fn len(&self) -> usize {
        self.neighbours.len()
    }

    /// Whether the board has no point (never: every board has some).
    pub fn is_empty(&self) -> bool {
        self.neighbours.is_empty()
    }

    /// Every point, in index order.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.len()).map(|i| Point(i as u8))
    }

    /// Every point, as a set.
    pub fn all(&self) -> u64 {
        (1u64 << self.len()) - 1
    }

    /// The point in `row` at `column` (1-based from White's left), if there is one.
    pub fn at(&self, row: Row, column: usize) -> Option<Point> {
        let (start, count) = match row {
            Row::Bottom => (0, self.n),
            Row::Middle => (self.n, self.middle),
            Row::Top => (self.n + self.middle, self.n),
        };
        (1..=count).contains(&column).then(|| Point((start + column - 1) as u8))
    }

    /// The row and column (1-based) of a point.
    pub fn place(&self, point: Point) -> (Row, usize) {
        let i = point.index();
        if i < self.n {
            (Row::Bottom, i + 1)
        } else if i < self.n + self.middle {
            (Row::Middle, i - self.n + 1)
        } else {
            (Row::Top, i - self.n - self.middle + 1)
        }
    }

    /// The points joined to `point` by a line, as a set.
    pub fn neighbours(&self, point: Point) -> u64 {
        self.neighbours[point.index()]
    }

    /// The jumps from `point` in a straight line: `(point jumped, landing point)`.
    pub fn straight_jumps(&self, point: Point) -> &[(Point, Point)] {
        &self.straight[point.index()]
    }

    /// The jumps from `point` to any neighbour of the point jumped but `point` itself.
    pub fn bent_jumps(&self, point: Point) -> &[(Point, Point)] {
        &self.bent[point.index()]
    }

    /// The points that have each shape of step and straight jump of the board's geometry.
    pub(crate) fn masks(&self) -> &ShapeMasks {
        &self.masks
    }

    /// The name of a point: `b1`, `m5`, `t8`…
    pub fn name(&self, point: Point) -> &str {
        &self.names[point.index()]
    }

    /// The point a name stands for on this board.
    pub fn point(&self, name: &str) -> Option<Point> {
        self.names.iter().position(|n| n == name).map(|i| Point(i as u8))
    }
}

/// The indices of the bits set in `set`, lowest first.
pub fn bits(set: u64) -> impl Iterator<Item = usize> {
    let mut rest = set;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            i
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(board: &Board, name: &str) -> Point {
        board.point(name).unwrap_or_else(|| panic!("{name}"))
    }

    #[test]
    fn sizes() {
        let all = BoardOptions::default();
        assert_eq!(Board::get(BoardKind::Mosona, all).len(), 25);
        assert_eq!(Board::get(BoardKind::Kolowis, all).len(), 49);
        assert_eq!(Board::get(BoardKind::KolowisLudii, all).len(), 48);
    }

    #[test]
    fn steps_follow_the_triangles() {
        let board = Board::get(BoardKind::Mosona, BoardOptions::default());
        let names =
            |set: u64| bits(set).map(|i| board.name(Point(i as u8)).to_owned()).collect::<Vec<_>>();
        assert_eq!(names(board.neighbours(p(board, "m1"))), ["b1", "m2", "t1"]);
        assert_eq!(names(board.neighbours(p(board, "m5"))), ["b4", "b5", "m4", "m6", "t4", "t5"]);
        assert_eq!(names(board.neighbours(p(board, "b1"))), ["b2", "m1", "m2"]);
        let bare =
            Board::get(BoardKind::Mosona, BoardOptions { outer_lines: false, end_lines: true });
        assert_eq!(names(bare.neighbours(p(bare, "b1"))), ["m1", "m2"]);
    }

    #[test]
    fn straight_lines() {
        let board = Board::get(BoardKind::Mosona, BoardOptions::default());
        let jumps = |from: &str| {
            board
                .straight_jumps(p(board, from))
                .iter()
                .map(|&(o, t)| format!("{}>{}", board.name(o), board.name(t)))
                .collect::<Vec<_>>()
        };
        // Along the row, and down the diagonal through m2.
        assert_eq!(jumps("t1"), ["m1>b1", "m2>b2", "t2>t3"]);
        assert_eq!(jumps("m1"), ["m2>m3"]);
        assert_eq!(jumps("b8"), ["b7>b6", "m8>t7", "m9>t8"]);
        let ludii = Board::get(BoardKind::KolowisLudii, BoardOptions::default());
        assert!(
            ludii.straight_jumps(p(ludii, "t1")).iter().all(|&(over, _)| ludii.name(over) != "m1")
        );
        assert_eq!(ludii.point("m17"), None);
    }
}
