//! What a search needs to know of a game beyond its rules: how good a position is, which moves to
//! try first, and which moves are too violent to stop the search after.

use awe_game::{Outcome, Position};

use crate::book::Book;
use crate::level::{Level, Strength};
use crate::score::{Score, WIN};

/// A game's evaluation, in the side to move's view.
pub trait Evaluator<P: Position> {
    /// Plies of captures the quiescence search plays at most below the depth searched (at most
    /// 12).
    const QUIESCENCE: u32 = 12;

    /// Whether the search reduces late quiet moves (late-move reductions): on for the games
    /// where a match showed them stronger (Awélé), off elsewhere, where a search must also see
    /// every move to its depth (the Awechec evaluation's searches of runs of chess moves).
    const REDUCTIONS: bool = false;

    /// How good `position` (not over) is for the side to move.
    fn evaluate(&self, position: &P) -> Score;

    /// Told the root before each search: an evaluation that spends more on what the root is
    /// about (the chess position an Awélé game is played for) learns it here.
    fn prepare(&self, _root: &P) {}

    /// What one point of the game's final score (a seed, a piece) is worth in the evaluation.
    fn point(&self) -> Score {
        100
    }

    /// The score of a finished game, `ply` plies below the root, for the side to move: a win or
    /// a loss first (a quicker win is better), and a draw by its final score.
    fn terminal(&self, position: &P, outcome: &Outcome, ply: u32) -> Score {
        let me = position.turn().index();
        let margin = outcome.score[me] as Score - outcome.score[1 - me] as Score;
        match outcome.winner {
            Some(side) if side == position.turn() => WIN - ply as Score,
            Some(_) => -(WIN - ply as Score),
            None => margin * self.point(),
        }
    }

    /// What standing again in a position of the path is worth to the side to move there, in a
    /// game whose rules play on after a repetition (Awithlaknannai under `ludii`): `None`
    /// searches on. An estimate, never a won or lost score, and only the fast search asks it: a
    /// cycle scored below the lead makes the side ahead look for progress instead of shuffling,
    /// as chess engines' repetitions scored as draws do.
    fn cycle(&self, _position: &P) -> Option<Score> {
        None
    }

    /// The exact score of `position`, `ply` plies below the root, when the game knows it without
    /// searching (an endgame database): the search stops there.
    fn exact(&self, _position: &P, _ply: u32) -> Option<Score> {
        None
    }

    /// A key to try moves in: higher first (captures before quiet moves, say).
    fn order(&self, _position: &P, _mv: P::Move) -> Score {
        0
    }

    /// What `level` does in this game: by default the levels every game starts from
    /// ([`Level::strength`]); a game where one more ply does not tell two levels apart spaces
    /// them further.
    fn strength(&self, level: Level) -> Strength {
        level.strength()
    }

    /// Whether a move changes the position too much to stop the search before it (a capture):
    /// the quiescence search plays these at the leaves.
    fn is_noisy(&self, _position: &P, _mv: P::Move) -> bool {
        false
    }

    /// The opening book of games played under `position`'s rules, if the game has one: levels 9
    /// and 10 play its moves, and analysis shows them.
    fn book(&self, _position: &P) -> Option<&Book<P>> {
        None
    }

    /// A move proven to keep the position's value (a solved game's certificate), and the value:
    /// level 10 plays it.
    fn proven(&self, _position: &P) -> Option<(P::Move, Score)> {
        None
    }
}
