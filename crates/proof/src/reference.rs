//! A plain move generator, written straight from the description of RULES.md §1 in another
//! style than the fast one of `awe-awithlaknannai`: points as (row, column) pairs, lines found by
//! their formulas, pieces in a plain array, chains by recursion on copies of the board, moves as
//! the names of their points. Slow and simple, for checking: the tests of `awe-awithlaknannai`
//! hold the fast generator to it, and the certificate checker plays with it alone.

use std::collections::BTreeSet;

use awe_awithlaknannai::{BoardKind, BoardOptions, RuleSet};
use awe_game::Side;

/// A point: its row (`T`, `M` or `B`) and column, from 0.
pub type Cell = (char, usize);

/// A board's contents: each point, in [`Geometry::points`]' order, and what stands on it.
pub type Cells = Vec<(char, usize, Option<Side>)>;

/// A move: the names of the points it goes through (start, then each landing point), and the
/// names of the points whose pieces it takes.
pub type RefMove = (Vec<String>, BTreeSet<String>);

/// A board described by its rows: `T`, `M` and `B`, columns from 0.
#[derive(Clone, Debug)]
pub struct Geometry {
    n: usize,
    middle: usize,
    outer_lines: bool,
    end_lines: bool,
    points: Vec<Cell>,
}

impl Geometry {
    /// A board: `T0, B0, T1, B1, …` along the outer rows, then `M0, M1, …`.
    pub fn new(kind: BoardKind, options: BoardOptions) -> Geometry {
        let (n, middle) = match kind {
            BoardKind::Mosona => (8, 9),
            BoardKind::Kolowis => (16, 17),
            BoardKind::KolowisLudii => (16, 16),
        };
        let mut points = Vec::new();
        for k in 0..n {
            points.push(('T', k));
            points.push(('B', k));
        }
        for k in 0..middle {
            points.push(('M', k));
        }
        let end_lines = options.end_lines && kind != BoardKind::KolowisLudii;
        Geometry { n, middle, outer_lines: options.outer_lines, end_lines, points }
    }

    /// The points, in this order: the order of a certificate's sets of points.
    pub fn points(&self) -> &[Cell] {
        &self.points
    }

    fn exists(&self, (row, k): Cell) -> bool {
        match row {
            'M' => k < self.middle,
            _ => k < self.n,
        }
    }

    /// Whether a line joins two points (a step follows it).
    fn joined(&self, a: Cell, b: Cell) -> bool {
        let (a, b) = if a.0 == 'M' && b.0 != 'M' { (b, a) } else { (a, b) };
        match (a.0, b.0) {
            ('M', 'M') => a.1.abs_diff(b.1) == 1,
            ('T', 'T') | ('B', 'B') => self.outer_lines && a.1.abs_diff(b.1) == 1,
            ('T', 'M') | ('B', 'M') => b.1 == a.1 || b.1 == a.1 + 1,
            _ => false,
        }
    }

    /// Whether `a`, `b`, `c` are consecutive on a straight line.
    fn in_line(&self, a: Cell, b: Cell, c: Cell) -> bool {
        let row_line = |r: char| {
            a.0 == r
                && b.0 == r
                && c.0 == r
                && b.1.abs_diff(a.1) == 1
                && c.1.abs_diff(b.1) == 1
                && a.1 != c.1
        };
        if row_line('M') || (self.outer_lines && (row_line('T') || row_line('B'))) {
            return true;
        }
        if b.0 != 'M' {
            return false;
        }
        let j = b.1;
        let ends = [(a, c), (c, a)];
        ends.iter().any(|&(top, bottom)| {
            top.0 == 'T'
                && bottom.0 == 'B'
                && ((j >= 1
                    && j < self.n
                    && ((top.1 + 1 == j && bottom.1 == j) || (top.1 == j && bottom.1 + 1 == j)))
                    || (self.end_lines
                        && ((j == 0 && top.1 == 0 && bottom.1 == 0)
                            || (j == self.n && top.1 == self.n - 1 && bottom.1 == self.n - 1))))
        })
    }

    /// A point's name, as the board shows it: `t1`, `m5`, `b8`.
    pub fn name((row, k): Cell) -> String {
        format!("{}{}", row.to_ascii_lowercase(), k + 1)
    }

    /// All legal moves of a position with `turn` to move, under `rules`.
    pub fn moves(&self, cells: &Cells, turn: Side, rules: RuleSet) -> BTreeSet<RefMove> {
        let rules_data = rules.rules();
        let piece = |p: Cell| cells.iter().find(|c| (c.0, c.1) == p).and_then(|c| c.2);
        let mut captures = BTreeSet::new();
        for &(row, k, side) in cells {
            if side != Some(turn) {
                continue;
            }
            let mut board: Cells = cells.to_vec();
            let start = (row, k);
            if let Some(cell) = board.iter_mut().find(|c| (c.0, c.1) == start) {
                cell.2 = None;
            }
            let path = vec![Geometry::name(start)];
            self.chain(&board, start, turn, rules, path, BTreeSet::new(), &mut captures);
        }
        if rules_data.most_captures {
            let most = captures.iter().map(|m| m.1.len()).max().unwrap_or(0);
            captures.retain(|m| m.1.len() == most);
        }
        if !captures.is_empty() && rules_data.compulsory {
            return captures;
        }
        let mut all = captures;
        for &(row, k, side) in cells {
            if side != Some(turn) {
                continue;
            }
            for &to in &self.points {
                if self.joined((row, k), to) && piece(to).is_none() {
                    all.insert((
                        vec![Geometry::name((row, k)), Geometry::name(to)],
                        BTreeSet::new(),
                    ));
                }
            }
        }
        all
    }

    /// Follows every capture from `at`, the moving piece lifted off `board`.
    #[allow(clippy::too_many_arguments)]
    fn chain(
        &self,
        board: &Cells,
        at: Cell,
        turn: Side,
        rules: RuleSet,
        path: Vec<String>,
        taken: BTreeSet<String>,
        out: &mut BTreeSet<RefMove>,
    ) {
        let r = rules.rules();
        let content = |p: Cell| board.iter().find(|c| (c.0, c.1) == p).map(|c| c.2);
        let mut went_on = false;
        for &over in &self.points {
            if !self.joined(at, over) || content(over) != Some(Some(turn.opponent())) {
                continue;
            }
            for &to in &self.points {
                if to == at || !self.exists(to) || content(to) != Some(None) {
                    continue;
                }
                let allowed =
                    if r.bent_jumps { self.joined(over, to) } else { self.in_line(at, over, to) };
                if !allowed {
                    continue;
                }
                went_on = true;
                let mut after: Cells = board.to_vec();
                // The piece taken leaves the board at once.
                if let Some(cell) = after.iter_mut().find(|c| (c.0, c.1) == over) {
                    cell.2 = None;
                }
                let mut path = path.clone();
                path.push(Geometry::name(to));
                let mut taken = taken.clone();
                taken.insert(Geometry::name(over));
                if r.chains {
                    self.chain(&after, to, turn, rules, path, taken, out);
                } else {
                    out.insert((path, taken));
                }
            }
        }
        if !went_on && path.len() > 1 {
            out.insert((path, taken));
        }
    }

    /// The position after `mv` by `turn`.
    pub fn play(&self, cells: &Cells, mv: &RefMove, turn: Side) -> Cells {
        let mut next = cells.to_vec();
        let find = |next: &Cells, name: &str| {
            next.iter().position(|c| Geometry::name((c.0, c.1)) == name).expect("a point")
        };
        let (path, taken) = mv;
        let from = find(&next, &path[0]);
        let to = find(&next, path.last().expect("a path"));
        // The pieces taken go first: a chain may end on the point of one of them.
        for name in taken {
            let i = find(&next, name);
            next[i].2 = None;
        }
        next[from].2 = None;
        next[to].2 = Some(turn);
        next
    }

    /// The empty board.
    pub fn empty(&self) -> Cells {
        self.points.iter().map(|&(row, k)| (row, k, None)).collect()
    }
}
