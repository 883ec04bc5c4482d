//! Move notation: the pit played, `A..F` for South and `a..f` for North, followed by the seeds
//! it captures in brackets when it captures: `E(3)`.
//!
//! A move may be typed without its count (`E`); a count that is given must be right.

use std::fmt;
use std::str::FromStr;

use awe_game::Side;

use crate::pit::Pit;
pub use crate::position::Illegal;
use crate::position::Position;

/// A move as written: a pit, and the seeds it says it captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveText {
    pub pit: Pit,
    /// The count in brackets, if one was written.
    pub takes: Option<u8>,
}

/// Why a text is not a move at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    #[error("empty move (type a pit letter, A-F for South or a-f for North)")]
    Empty,
    #[error("`{0}` is not a pit (A-F for South, a-f for North)")]
    NotAPit(String),
    #[error("`{0}` is not a capture count (write it as E(3))")]
    BadCount(String),
}

/// Why a move text cannot be played in a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error(transparent)]
    Syntax(#[from] ParseMoveError),
    #[error("{pit} is not legal: {why}")]
    Illegal { pit: Pit, why: Illegal },
    #[error("{pit} captures {actual} seeds, not {written}")]
    WrongCount { pit: Pit, written: u8, actual: u8 },
}

impl FromStr for MoveText {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        let mut chars = s.chars();
        let first = chars.next().ok_or(ParseMoveError::Empty)?;
        let pit = Pit::from_char(first).ok_or_else(|| ParseMoveError::NotAPit(s.to_owned()))?;
        let rest = chars.as_str();
        if rest.is_empty() {
            return Ok(MoveText { pit, takes: None });
        }
        let count = rest
            .strip_prefix('(')
            .and_then(|r| r.strip_suffix(')'))
            .filter(|digits| {
                (1..=2).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit())
            })
            .and_then(|digits| digits.parse::<u8>().ok())
            .ok_or_else(|| {
                // A word that does not start like a move is not a pit at all.
                if rest.starts_with('(') {
                    ParseMoveError::BadCount(s.to_owned())
                } else {
                    ParseMoveError::NotAPit(s.to_owned())
                }
            })?;
        Ok(MoveText { pit, takes: Some(count) })
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.takes {
            Some(n) => write!(f, "{}({n})", self.pit),
            None => write!(f, "{}", self.pit),
        }
    }
}

/// Reads a move and checks it against `position`.
pub(crate) fn parse_move(position: &Position, text: &str) -> Result<Pit, MoveError> {
    let written: MoveText = text.parse()?;
    let pit = written.pit;
    if let Some(why) = position.illegal(pit) {
        return Err(MoveError::Illegal { pit, why });
    }
    let actual = position.seeds_taken(pit);
    match written.takes {
        Some(n) if n != actual => Err(MoveError::WrongCount { pit, written: n, actual }),
        _ => Ok(pit),
    }
}

/// The letters of a side's pits, as a prompt shows them.
pub fn pit_range(side: Side) -> &'static str {
    match side {
        Side::South => "A-F",
        Side::North => "a-f",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_moves() {
        assert_eq!("E(3)".parse(), Ok(MoveText { pit: Pit::E, takes: Some(3) }));
        assert_eq!(" b ".parse(), Ok(MoveText { pit: Pit::b, takes: None }));
        assert_eq!(MoveText { pit: Pit::f, takes: Some(12) }.to_string(), "f(12)");
        assert_eq!("".parse::<MoveText>(), Err(ParseMoveError::Empty));
        assert!(matches!("G".parse::<MoveText>(), Err(ParseMoveError::NotAPit(_))));
        assert!(matches!("E(".parse::<MoveText>(), Err(ParseMoveError::BadCount(_))));
        assert!(matches!("E(x)".parse::<MoveText>(), Err(ParseMoveError::BadCount(_))));
        assert!(matches!("E(123)".parse::<MoveText>(), Err(ParseMoveError::BadCount(_))));
        assert!(matches!("Ex".parse::<MoveText>(), Err(ParseMoveError::NotAPit(_))));
        assert!(matches!("é".parse::<MoveText>(), Err(ParseMoveError::NotAPit(_))));
    }
}
