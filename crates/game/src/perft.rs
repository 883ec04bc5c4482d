//! Perft: counting the leaves of the game tree, to check move generators against each other.

use crate::history::repeats;
use crate::{Game, Position};

/// The number of leaves `depth` plies below the current position of `game`.
///
/// A finished game is a leaf and is not expanded, whether it ends by the position itself or by a
/// repetition of an earlier position of the game or of the path searched.
pub fn perft<P: Position>(game: &Game<P>, depth: u32) -> u64 {
    if depth == 0 || game.outcome().is_some() {
        return 1;
    }
    let mut path = game.positions().to_vec();
    // The current position is the last of the path; `inner` pushes it again.
    let current = path.pop().unwrap_or_else(|| game.current().clone());
    inner(&current, &mut path, depth)
}

/// The leaf count below each legal move of the current position of `game`, in the order the
/// moves are generated: what to compare first when two generators disagree.
pub fn divide<P: Position>(game: &Game<P>, depth: u32) -> Vec<(P::Move, u64)> {
    let mut moves = P::MoveList::default();
    if depth == 0 || game.outcome().is_some() {
        return Vec::new();
    }
    game.current().legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut child = game.clone();
            // The move comes from the generator, so it is legal.
            let _ = child.play(mv);
            (mv, perft(&child, depth - 1))
        })
        .collect()
}

/// Leaves below `position`, which is not over, whose ancestors are `path`.
fn inner<P: Position>(position: &P, path: &mut Vec<P>, depth: u32) -> u64 {
    let mut moves = P::MoveList::default();
    position.legal_moves(&mut moves);
    if moves.is_empty() {
        return 1;
    }
    if depth == 1 {
        // Every child is a leaf, finished or not.
        return moves.len() as u64;
    }
    path.push(position.clone());
    let mut leaves = 0;
    for &mv in moves.iter() {
        let child = position.play(mv);
        leaves += if repeats(&child, path) { 1 } else { inner(&child, path, depth - 1) };
    }
    path.pop();
    leaves
}
