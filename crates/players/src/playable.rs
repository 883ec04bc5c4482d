//! A game the engines play: its position type, its evaluation with the databases of the cache,
//! and what only some games have. The three games' own answers are in `games.rs`.

use std::time::Duration;

use anyhow::Result;
use awe_game::{Game, Position, Side};
use awe_search::Evaluator;

/// A player of `awe match` that only some games have (Awechec's baselines).
pub trait Special<P: Position>: Send {
    /// Gets ready for a new game.
    fn new_game(&mut self) -> Result<()>;

    /// A move for the current position of `game`, which is not over, thinking about `time`.
    fn choose(&mut self, game: &Game<P>, time: Duration) -> Result<P::Move>;
}

/// A game the engines play: its position type and its evaluation.
pub trait Playable: Position<Move: Send + Sync, Key: Send + Sync> + Send + Sync + 'static {
    type Eval: Evaluator<Self> + Default + Clone + Send + 'static;

    /// The evaluation for games from `start`, with what the cache holds for them.
    fn evaluator(_start: &Self) -> Self::Eval {
        Self::Eval::default()
    }

    /// A side's name in this game: South and North at Awélé, White and Black where the sides
    /// are colours.
    fn side_name(side: Side) -> &'static str {
        side.colour()
    }

    /// What a finished game was made of, where moves alone do not tell (Awechec's phases).
    fn summary(_game: &Game<Self>) -> Option<String> {
        None
    }

    /// A player only this game has, if `spec` names one.
    fn special(_spec: &str, _seed: u64) -> Option<Result<Box<dyn Special<Self>>>> {
        None
    }
}

/// The moves of a line in notation, each from the position it is played in.
pub fn line<P: Position>(start: &P, moves: &[P::Move]) -> Vec<String> {
    let mut position = start.clone();
    moves
        .iter()
        .map(|&mv| {
            let text = position.move_text(mv);
            position = position.play(mv);
            text
        })
        .collect()
}
