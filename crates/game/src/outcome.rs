//! How a game ends: who won, the final score, and why it stopped.

use std::fmt;
use std::str::FromStr;

use crate::Side;

/// Why a game stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The side to move has no legal move (at Awélé: famine).
    NoLegalMove,
    /// A position (board and side to move) came back.
    Repetition,
    /// The players agreed to stop.
    Agreement,
    /// A side reached the score that decides the game (`abapa`: more than half the seeds).
    ScoreLimit,
    /// Too many plies without progress.
    PlyLimit,
    /// A player resigned.
    Resignation,
    /// A player's time ran out.
    TimeForfeit,
}

impl Termination {
    /// A short lowercase name, as written in a record's `Termination` tag.
    pub const fn name(self) -> &'static str {
        match self {
            Termination::NoLegalMove => "no legal move",
            Termination::Repetition => "repetition",
            Termination::Agreement => "agreement",
            Termination::ScoreLimit => "score limit",
            Termination::PlyLimit => "ply limit",
            Termination::Resignation => "resignation",
            Termination::TimeForfeit => "time forfeit",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The end of a game: who won, the final score of each side in the game's own unit (seeds at
/// Awélé, pieces left at Awithlaknannai), and why it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// Final points of South and North, indexed by [`Side::index`].
    pub score: [u16; 2],
    /// Why the game stopped.
    pub termination: Termination,
}

impl Outcome {
    /// An end decided by the score: more points wins, equal points is a draw.
    ///
    /// ```
    /// use awe_game::{Outcome, Side, Termination};
    /// let o = Outcome::by_score([25, 23], Termination::NoLegalMove);
    /// assert_eq!(o.winner, Some(Side::South));
    /// ```
    pub fn by_score(score: [u16; 2], termination: Termination) -> Outcome {
        use std::cmp::Ordering::*;
        let winner = match score[0].cmp(&score[1]) {
            Greater => Some(Side::South),
            Less => Some(Side::North),
            Equal => None,
        };
        Outcome { winner, score, termination }
    }

    /// The side that won, or `None` for a draw.
    pub fn winner(&self) -> Option<Side> {
        self.winner
    }

    /// The result as a record writes it.
    pub fn result(&self) -> GameResult {
        match self.winner {
            Some(side) => GameResult::Win(side),
            None => GameResult::Draw,
        }
    }
}

/// A result as records write it: `1-0` (South/White wins), `0-1`, `1/2-1/2`, or `*` (not over).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    Win(Side),
    Draw,
    Unfinished,
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameResult::Win(Side::South) => "1-0",
            GameResult::Win(Side::North) => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        })
    }
}

/// A result token that is none of `1-0`, `0-1`, `1/2-1/2`, `*`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a result (expected 1-0, 0-1, 1/2-1/2 or *)")]
pub struct ParseResultError(pub String);

impl FromStr for GameResult {
    type Err = ParseResultError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "1-0" => Ok(GameResult::Win(Side::South)),
            "0-1" => Ok(GameResult::Win(Side::North)),
            "1/2-1/2" => Ok(GameResult::Draw),
            "*" => Ok(GameResult::Unfinished),
            _ => Err(ParseResultError(s.to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_round_trip() {
        for r in [
            GameResult::Win(Side::South),
            GameResult::Win(Side::North),
            GameResult::Draw,
            GameResult::Unfinished,
        ] {
            assert_eq!(r.to_string().parse::<GameResult>(), Ok(r));
        }
        assert!("1-1".parse::<GameResult>().is_err());
    }

    #[test]
    fn winner_follows_score() {
        let o = |a, b| Outcome::by_score([a, b], Termination::Agreement);
        assert_eq!(o(25, 23).winner(), Some(Side::South));
        assert_eq!(o(2, 3).winner(), Some(Side::North));
        assert_eq!(o(24, 24).result(), GameResult::Draw);
    }
}
