//! Puzzles: a position of a real game where the side to move forces a win within a few plies
//! by one move only, as a mate-in-n is at chess; and the line that follows, for as long as the
//! win stays unique at each of the solver's turns (the other side defending as long as it can).
//!
//! The engine's search only proposes: a position is taken when it announces a win within
//! [`MAX_PLIES`]. Every claim a puzzle makes is then established by [`wins`], the plainest
//! search there is (every move tried, the whole history of the game kept so that repetitions are
//! judged as the rules judge them, no table, no pruning but the short cut of `any` and `all`):
//! the win within `n` plies, that it comes no sooner, and that no other move wins within `n`.
//!
//! ```
//! use awe_awele::{Position, RuleSet};
//! use awe_game::Game;
//! use awe_search::awele::AweleEval;
//! use awe_search::{Searcher, puzzle};
//!
//! // South's E takes b and a, five seeds: 26, won at once. A, its other move, wins nothing.
//! let start = Position::parse("1,0,0,0,3,0/2,1,0,0,0,1 S 21 19", RuleSet::Abapa).unwrap();
//! let mut searcher = Searcher::new(AweleEval::default(), 1);
//! let found = puzzle::find(&Game::new(start), &mut searcher, 6, 7).expect("a win in 1");
//! assert_eq!(found.plies, 1);
//! assert_eq!(found.line.len(), 1);
//! ```

use awe_game::{Game, Position, Side};

use crate::score::plies_to_end;
use crate::{Evaluator, Limits, Searcher};

/// The longest win a puzzle asks for, in plies: the plain search that proves it grows as the
/// number of moves to this power.
pub const MAX_PLIES: u32 = 7;

/// A puzzle found: the win within `plies` plies of the side to move, and the line (the solver's
/// move, the reply, the solver's move… ending with the solver's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found<M> {
    pub plies: u32,
    pub line: Vec<M>,
}

/// Whether `side` can force the game to end in its favour within `plies` plies.
pub fn wins<P: Position>(game: &mut Game<P>, side: Side, plies: u32) -> bool {
    if let Some(outcome) = game.outcome() {
        return outcome.winner == Some(side);
    }
    if plies == 0 {
        return false;
    }
    let mut moves = P::MoveList::default();
    game.current().legal_moves(&mut moves);
    let mine = game.current().turn() == side;
    let mut each = |mv: P::Move| {
        if game.play(mv).is_err() {
            return !mine;
        }
        let won = wins(game, side, plies - 1);
        game.undo();
        won
    };
    if mine { moves.iter().any(|&mv| each(mv)) } else { moves.iter().all(|&mv| each(mv)) }
}

/// The moves of the side to move that force a win within `plies` plies.
pub fn winning_moves<P: Position>(game: &mut Game<P>, plies: u32) -> Vec<P::Move> {
    let me = game.current().turn();
    let mut moves = P::MoveList::default();
    game.current().legal_moves(&mut moves);
    moves
        .iter()
        .copied()
        .filter(|&mv| {
            if game.play(mv).is_err() {
                return false;
            }
            let won = plies > 0 && wins(game, me, plies - 1);
            game.undo();
            won
        })
        .collect()
}

/// The fewest plies within which `side` forces a win, up to `most`.
fn shortest<P: Position>(game: &mut Game<P>, side: Side, most: u32) -> Option<u32> {
    (0..=most).find(|&n| wins(game, side, n))
}

/// A puzzle from the current position of `game`, if the search at `depth` announces a win
/// within `most` plies (at most [`MAX_PLIES`]) and the plain search confirms it, by one move
/// only.
pub fn find<P: Position, E: Evaluator<P>>(
    game: &Game<P>,
    searcher: &mut Searcher<P, E>,
    depth: u32,
    most: u32,
) -> Option<Found<P::Move>> {
    if game.outcome().is_some() {
        return None;
    }
    // A position with one legal move asks nothing of the solver.
    let mut moves = P::MoveList::default();
    game.current().legal_moves(&mut moves);
    moves.get(1)?;
    let report = searcher.search(game, &Limits::depth(depth), |_| {});
    let claimed = plies_to_end(report.score).filter(|&n| report.score > 0 && n >= 1)?;
    let claimed = u32::try_from(claimed).ok().filter(|&n| n <= most.min(MAX_PLIES))?;
    let mut game = game.clone();
    let me = game.current().turn();
    // The search's claim, checked: a win within `plies`, none sooner.
    let plies = shortest(&mut game, me, claimed)?;
    let mut line = Vec::new();
    let mut left = plies;
    loop {
        // The solver's move: the only one that wins within what is left.
        let winning = winning_moves(&mut game, left);
        let [mv] = winning[..] else { break };
        game.play(mv).ok()?;
        line.push(mv);
        left -= 1;
        if game.outcome().is_some() || left == 0 {
            break;
        }
        // The reply that puts the end off longest (the first of them, in the generator's order).
        let mut replies = P::MoveList::default();
        game.current().legal_moves(&mut replies);
        let mut best: Option<(u32, P::Move)> = None;
        for &reply in replies.iter() {
            game.play(reply).ok()?;
            let after = shortest(&mut game, me, left - 1);
            game.undo();
            let after = after?;
            if best.is_none_or(|(longest, _)| after > longest) {
                best = Some((after, reply));
            }
        }
        let (after, reply) = best?;
        game.play(reply).ok()?;
        // The line stops at the solver's move before a reply after which the win is no longer
        // unique (checked at the top of the loop): it ends with the solver's move.
        let unique = winning_moves(&mut game, after).len() == 1;
        if !unique {
            game.undo();
            break;
        }
        line.push(reply);
        left = after;
    }
    (!line.is_empty()).then_some(Found { plies, line })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::awele::AweleEval;
    use awe_awele::{Position as Awele, RuleSet};

    #[test]
    fn a_win_in_one_by_one_move_is_a_puzzle_and_a_position_with_two_is_not() {
        let start = Awele::parse("1,0,0,0,3,0/2,1,0,0,0,1 S 21 19", RuleSet::Abapa).unwrap();
        let mut searcher = Searcher::new(AweleEval::default(), 1);
        let found = find(&Game::new(start), &mut searcher, 6, 7).expect("a puzzle");
        assert_eq!((found.plies, found.line.len()), (1, 1));
        assert_eq!(start.move_text(found.line[0]), "E(5)");
        // D takes the same five seeds: two wins, no puzzle.
        let two = Awele::parse("0,0,0,4,3,0/2,1,0,0,0,1 S 21 16", RuleSet::Abapa).unwrap();
        let mut game = Game::new(two);
        assert_eq!(winning_moves(&mut game, 1).len(), 2);
        assert_eq!(find(&game, &mut searcher, 6, 7), None);
    }
}
