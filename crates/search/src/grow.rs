//! Growing an opening book (`book.rs`) by drop-out expansion: the searches choose which
//! position to expand next, the cheapest leaf of the tree by its value and its depth.

use std::collections::HashMap;

use awe_game::{Game, Position};

use crate::book::Book;
use crate::eval::Evaluator;
use crate::score::Score;
use crate::search::{Limits, Searcher};

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
