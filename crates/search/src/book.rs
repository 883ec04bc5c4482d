//! Opening books: for the positions met early in a game, the move a deep search chose and what
//! it is worth, found by drop-out expansion (Lincke, 2001) and kept as text.
//!
//! The book grows a tree from the start. Each leaf is valued by a search to a fixed depth; an
//! expanded position is worth the best of its children, as in a minimax. The next position
//! expanded is the leaf cheapest to reach: each move on its path costs a fixed price a ply plus
//! how much worse it is than the best move where it is played. The book so deepens the lines
//! good play follows, and widens where moves are nearly equal.
//!
//! # Text
//!
//! ```text
//! # comments, then one line a position: its text, its move, its value (side to move's view)
//! 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0<TAB>C<TAB>37
//! ```
//!
//! ```
//! use awe_awele::{Position, RuleSet};
//! use awe_search::awele::AweleEval;
//! use awe_search::book::{self, Book, Expansion};
//!
//! let start = Position::new(RuleSet::Awechec);
//! let options = Expansion { positions: 3, depth: 2, ply_cost: 30, threads: 1 };
//! let book = book::build(&start, AweleEval::default, &options, |_| {});
//! let again = Book::parse(&book.to_text("a small book"), &start).unwrap();
//! assert_eq!(again.len(), 3);
//! assert!(again.lookup(&start).is_some());
//! ```

use std::collections::HashMap;

use awe_game::{Game, Position};

use crate::eval::Evaluator;
use crate::score::Score;
use crate::search::{Limits, Searcher};

/// An opening book: positions, each with its move and value.
#[derive(Clone, Debug)]
pub struct Book<P: Position> {
    /// By the position's text: the move, its text and its value.
    entries: HashMap<String, (P::Move, String, Score)>,
}

/// Why a book's text was refused.
#[derive(Debug, thiserror::Error)]
#[error("line {line} of the book: {reason}")]
pub struct BookError {
    pub line: usize,
    pub reason: String,
}

impl<P: Position> Book<P> {
    /// Reads a book written by [`Book::to_text`], for games of `start`'s rules: every position
    /// must read, and every move must be legal in its position.
    pub fn parse(text: &str, start: &P) -> Result<Book<P>, BookError> {
        let mut entries = HashMap::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim_end_matches('\r');
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let error = |reason: String| BookError { line: i + 1, reason };
            let fields: Vec<&str> = line.split('\t').collect();
            let [position, mv, score] = fields[..] else {
                return Err(error(format!(
                    "{} fields, not 3 (position, move, value, between tabs)",
                    fields.len()
                )));
            };
            let position = start.parse_position(position).map_err(|e| error(e.to_string()))?;
            let mv = position.parse_move(mv).map_err(|e| error(e.to_string()))?;
            if !position.is_legal(mv) || position.outcome().is_some() {
                return Err(error(format!("`{}` is no legal move here", fields[1])));
            }
            let score = score.parse().map_err(|_| error(format!("`{score}` is no value")))?;
            entries.insert(position.position_text(), (mv, position.move_text(mv), score));
        }
        Ok(Book { entries })
    }

    /// The book's move for `position` and its value for the side to move, if it has one.
    pub fn lookup(&self, position: &P) -> Option<(P::Move, Score)> {
        self.entries.get(&position.position_text()).map(|&(mv, _, score)| (mv, score))
    }

    /// Positions in the book.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether it has no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The book as text, `about` as its first comment, positions in the order of their text.
    pub fn to_text(&self, about: &str) -> String {
        let mut lines: Vec<String> = self
            .entries
            .iter()
            .map(|(position, (_, mv, score))| format!("{position}\t{mv}\t{score}"))
            .collect();
        lines.sort();
        let mut out = format!("# {about}\n# position\tmove\tvalue (side to move's view)\n");
        for line in lines {
            out.push_str(&line);
            out.push('\n');
        }
        out
    }
}

/// How a book is grown.
#[derive(Clone, Debug)]
pub struct Expansion {
    /// Positions to expand: the book's size.
    pub positions: usize,
    /// The depth each new position is searched to.
    pub depth: u32,
    /// What a ply costs on the way to a leaf, in the evaluation's units: higher, a narrower and
    /// deeper book.
    pub ply_cost: Score,
    /// Searches run at once.
    pub threads: usize,
}

/// A position of the tree being grown.
struct Node<P: Position> {
    position: P,
    parent: Option<usize>,
    /// The move that led here from the parent.
    mv: Option<P::Move>,
    children: Vec<usize>,
    /// What it is worth to its side to move: its search's value until expanded, then the best of
    /// its children's.
    value: Score,
    /// Whether the game is over here (nothing to expand).
    over: bool,
}

/// What a book's build has done: positions expanded, of how many.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    pub expanded: usize,
    pub of: usize,
    /// Positions searched so far.
    pub searched: usize,
}

/// Grows a book from `start` by drop-out expansion, each searcher's evaluation made by
/// `evaluator`; `progress` hears of each position expanded.
pub fn build<P, E>(
    start: &P,
    evaluator: impl Fn() -> E,
    options: &Expansion,
    mut progress: impl FnMut(Progress),
) -> Book<P>
where
    P: Position + Clone + Send + Sync,
    P::Move: Send + Sync,
    P::Key: Send,
    E: Evaluator<P> + Send,
{
    let mut searchers: Vec<Searcher<P, E>> =
        (0..options.threads.max(1)).map(|_| Searcher::new(evaluator(), 16)).collect();
    let root = new_node(start.clone(), None, None, &mut searchers[0], options.depth);
    let mut tree = vec![root];
    let mut searched = 1;
    let mut expanded = 0;
    while expanded < options.positions {
        let Some(leaf) = cheapest_leaf(&tree, options.ply_cost) else { break };
        let mut moves = P::MoveList::default();
        tree[leaf].position.legal_moves(&mut moves);
        let children = search_children(&tree[leaf].position, &moves, &mut searchers, options);
        searched += children.len();
        for (mv, child) in moves.iter().zip(children) {
            let index = tree.len();
            tree.push(Node { parent: Some(leaf), mv: Some(*mv), ..child });
            tree[leaf].children.push(index);
        }
        // The values of the leaf and of every position above it follow.
        let mut at = Some(leaf);
        while let Some(i) = at {
            tree[i].value = best_child(&tree, i).map_or(tree[i].value, |(_, value)| value);
            at = tree[i].parent;
        }
        expanded += 1;
        progress(Progress { expanded, of: options.positions, searched });
    }
    let mut entries = HashMap::new();
    // In the order expanded: a position reached by two paths keeps the shallower's entry.
    for (i, node) in tree.iter().enumerate() {
        if let Some((child, value)) = best_child(&tree, i) {
            let mv = tree[child].mv.unwrap_or_else(|| unreachable!("a child has a move"));
            let text = node.position.move_text(mv);
            entries.entry(node.position.position_text()).or_insert((mv, text, value));
        }
    }
    Book { entries }
}

/// A node for `position`, valued by a search to `depth` (or by its end).
fn new_node<P: Position, E: Evaluator<P>>(
    position: P,
    parent: Option<usize>,
    mv: Option<P::Move>,
    searcher: &mut Searcher<P, E>,
    depth: u32,
) -> Node<P> {
    let outcome = position.outcome();
    let value = match &outcome {
        Some(outcome) => searcher.evaluator().terminal(&position, outcome, 0),
        None => {
            // From an empty table: a position's value depends on nothing searched before it, so
            // that the book can be checked against searches of its positions.
            searcher.clear();
            searcher.search(&Game::new(position.clone()), &Limits::depth(depth), |_| {}).score
        }
    };
    Node { position, parent, mv, children: Vec::new(), value, over: outcome.is_some() }
}

/// The children of `position` by `moves`, each searched, the searches shared among the
/// searchers' threads.
fn search_children<P, E>(
    position: &P,
    moves: &[P::Move],
    searchers: &mut [Searcher<P, E>],
    options: &Expansion,
) -> Vec<Node<P>>
where
    P: Position + Clone + Send + Sync,
    P::Move: Send + Sync,
    P::Key: Send,
    E: Evaluator<P> + Send,
{
    let threads = searchers.len();
    let mut found: Vec<(usize, Node<P>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = searchers
            .iter_mut()
            .enumerate()
            .map(|(t, searcher)| {
                scope.spawn(move || {
                    (t..moves.len())
                        .step_by(threads)
                        .map(|i| {
                            let child = position.play(moves[i]);
                            (i, new_node(child, None, None, searcher, options.depth))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    found.sort_by_key(|&(i, _)| i);
    found.into_iter().map(|(_, node)| node).collect()
}

/// What a child is worth to the side to move at its parent (the side does not always change).
fn for_parent<P: Position>(tree: &[Node<P>], parent: usize, child: usize) -> Score {
    let value = tree[child].value;
    if tree[child].position.turn() == tree[parent].position.turn() { value } else { -value }
}

/// The best child of node `i` and its value for `i`'s side to move, if it was expanded.
fn best_child<P: Position>(tree: &[Node<P>], i: usize) -> Option<(usize, Score)> {
    tree[i]
        .children
        .iter()
        .map(|&c| (c, for_parent(tree, i, c)))
        .max_by_key(|&(c, value)| (value, std::cmp::Reverse(c)))
}

/// The leaf (not expanded, game not over) with the least cost to reach from the root.
fn cheapest_leaf<P: Position>(tree: &[Node<P>], ply_cost: Score) -> Option<usize> {
    let mut best: Option<(i64, usize)> = None;
    let mut stack = vec![(0usize, 0i64)];
    while let Some((i, cost)) = stack.pop() {
        let node = &tree[i];
        if node.children.is_empty() {
            if !node.over && best.is_none_or(|(least, _)| cost < least) {
                best = Some((cost, i));
            }
            continue;
        }
        let value = node.value as i64;
        for &c in &node.children {
            let worse = value - for_parent(tree, i, c) as i64;
            stack.push((c, cost + ply_cost as i64 + worse));
        }
    }
    best.map(|(_, i)| i)
}
