//! The fastest win of a position, proven by the plainest search: the claim `win in N` that the
//! analysis prints must be the shortest, and the alpha-beta search cannot always say so. An
//! endgame database knows who wins a position but not how soon (it stops the search there with
//! a "known win"), so a move into a database win three plies away can rank below a move whose
//! win in seven the search saw to its end.
//!
//! [`fastest_win`] asks, for `n` = 1, 2, 3…, whether the side to move forces a win within `n`
//! plies, with [`crate::puzzle::wins`]'s search: every move tried, the game's whole history kept
//! (repetitions judged as the rules judge them), no table, no pruning but the short cut of `any`
//! and `all`. The first `n` that wins is the shortest by construction. The search is bounded by
//! a count of positions: past it, nothing is claimed.
//!
//! ```
//! use awe_awele::{Position, RuleSet};
//! use awe_game::{Game, Position as _};
//! use awe_search::fastest::{Fastest, fastest_win};
//!
//! // South's E takes b and a, five seeds: 26, won at once.
//! let start = Position::parse("1,0,0,0,3,0/2,1,0,0,0,1 S 21 19", RuleSet::Abapa).unwrap();
//! let Fastest::Win { plies, line } = fastest_win(&Game::new(start), 5, 100_000) else { panic!() };
//! assert_eq!((plies, start.move_text(line[0]).as_str()), (1, "E(5)"));
//! ```

use awe_game::{Game, Position, Side};

/// What [`fastest_win`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fastest<M> {
    /// The side to move wins within `plies` plies and no sooner; `line` is the winner's first
    /// move, the longest defence, and so on (the winner's moves the first of the generator's
    /// order that wins soonest).
    Win { plies: u32, line: Vec<M> },
    /// No win within the plies asked for.
    None,
    /// The count of positions ran out: no win within `below` plies, nothing known beyond.
    Unknown { below: u32 },
}

/// Whether `side` forces a win within `plies` plies, counting positions in `nodes`: `None` once
/// `budget` is passed.
fn wins<P: Position>(
    game: &mut Game<P>,
    side: Side,
    plies: u32,
    nodes: &mut u64,
    budget: u64,
) -> Option<bool> {
    *nodes += 1;
    if *nodes > budget {
        return None;
    }
    if let Some(outcome) = game.outcome() {
        return Some(outcome.winner == Some(side));
    }
    if plies == 0 {
        return Some(false);
    }
    let mut moves = P::MoveList::default();
    game.current().legal_moves(&mut moves);
    let mine = game.current().turn() == side;
    for &mv in moves.iter() {
        if game.play(mv).is_err() {
            continue;
        }
        let won = wins(game, side, plies - 1, nodes, budget);
        game.undo();
        match won {
            None => return None,
            Some(won) if won == mine => return Some(mine),
            Some(_) => {}
        }
    }
    Some(!mine)
}

/// The fewest plies, up to `most`, within which `side` wins from here; `Err` when the budget ran
/// out (with the plies proven not enough).
fn shortest<P: Position>(
    game: &mut Game<P>,
    side: Side,
    most: u32,
    nodes: &mut u64,
    budget: u64,
) -> Result<Option<u32>, u32> {
    for n in 0..=most {
        match wins(game, side, n, nodes, budget) {
            None => return Err(n),
            Some(true) => return Ok(Some(n)),
            Some(false) => {}
        }
    }
    Ok(None)
}

/// The fastest win of the side to move within `most` plies, the search bounded by `budget`
/// positions.
pub fn fastest_win<P: Position>(game: &Game<P>, most: u32, budget: u64) -> Fastest<P::Move> {
    fastest_win_of(game, game.current().turn(), most, budget)
}

/// The fastest win of `me`, whoever is to move (the line then begins with the other side's
/// longest defence), within `most` plies, the search bounded by `budget` positions.
pub fn fastest_win_of<P: Position>(
    game: &Game<P>,
    me: Side,
    most: u32,
    budget: u64,
) -> Fastest<P::Move> {
    let mut game = game.clone();
    let mut nodes = 0;
    let plies = match shortest(&mut game, me, most, &mut nodes, budget) {
        Err(below) => return Fastest::Unknown { below },
        Ok(None) | Ok(Some(0)) => return Fastest::None,
        Ok(Some(plies)) => plies,
    };
    // The line: the winner's first move that still wins within what is left, then the first
    // defence that holds out that long (there is one: no win comes sooner than `plies`), within
    // the same count of positions; past it, the line stops where it is known.
    let mut line = Vec::new();
    let mut left = plies;
    while game.outcome().is_none() && left > 0 {
        let mut moves = P::MoveList::default();
        game.current().legal_moves(&mut moves);
        let mine = game.current().turn() == me;
        let mut chosen = None;
        for &mv in moves.iter() {
            if game.play(mv).is_err() {
                continue;
            }
            // The winner's move wins within `left - 1`; the defence does not lose within
            // `left - 2`.
            let found = if mine {
                wins(&mut game, me, left - 1, &mut nodes, budget)
            } else {
                wins(&mut game, me, left.saturating_sub(2), &mut nodes, budget)
                    .map(|w| !w || left < 2)
            };
            game.undo();
            match found {
                None => return Fastest::Win { plies, line },
                Some(true) => {
                    chosen = Some(mv);
                    break;
                }
                Some(false) => {}
            }
        }
        let Some(mv) = chosen else { break };
        if game.play(mv).is_err() {
            break;
        }
        line.push(mv);
        left -= 1;
    }
    Fastest::Win { plies, line }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle;
    use awe_awele::{Position as Awele, RuleSet};

    #[test]
    fn the_fastest_win_is_the_plain_search_s_and_the_budget_is_kept() {
        // The position of issue 42: the engine said "win in 7" with a, d wins in 3.
        let start = Awele::parse("0,0,0,1,2,0/1,4,0,3,1,1 N 11 24", RuleSet::Abapa).unwrap();
        let game = Game::new(start);
        let Fastest::Win { plies, line } = fastest_win(&game, 9, 10_000_000) else {
            panic!("a win")
        };
        assert_eq!(plies, 3);
        assert!(start.move_text(line[0]).starts_with('d'), "{}", start.move_text(line[0]));
        let mut check = game.clone();
        assert!(puzzle::wins(&mut check, start.turn(), 3));
        assert!(!puzzle::wins(&mut check, start.turn(), 2));
        // The line plays to the end, the winner winning.
        for &mv in &line {
            check.play(mv).unwrap();
        }
        assert_eq!(check.outcome().and_then(|o| o.winner), Some(start.turn()));
        assert_eq!(fastest_win(&game, 2, 10_000_000), Fastest::None);
        // After d, South to move: North's win is two plies away, South's longest defence first.
        let mut after = game.clone();
        after.play(line[0]).unwrap();
        let Fastest::Win { plies, line: rest } =
            fastest_win_of(&after, start.turn(), 9, 10_000_000)
        else {
            panic!("North still wins")
        };
        assert_eq!((plies, rest.len()), (2, 2));
        assert_eq!(rest[..], line[1..]);
        assert!(matches!(fastest_win(&game, 9, 10), Fastest::Unknown { .. }));
    }
}
