//! The position text format: the pits in sowing order, South's `A..F` then North's `a..f`, the
//! side to move, and the seeds each side has captured.
//!
//! ```text
//! 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0
//! ```
//!
//! The rule set is not part of the text: it is chosen apart (`--rules`), so that one position can
//! be studied under each. The seeds on the board and captured must add up to 48.

use std::fmt;

use awe_game::Side;

use crate::{Board, Position, RuleSet};

/// Why a position text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParsePositionError {
    #[error(
        "a position has 4 fields (pits, side to move, South's and North's captures), found {0}"
    )]
    FieldCount(usize),
    #[error("the pits are two rows separated by `/`, found `{0}`")]
    Rows(String),
    #[error("{side}'s row has 6 pits, found {found} in `{text}`")]
    PitCount { side: Side, found: usize, text: String },
    #[error("`{0}` is not a number of seeds")]
    Number(String),
    #[error("the side to move is S or N, found `{0}`")]
    Turn(String),
    #[error("the seeds on the board and captured add up to {total}, not 48")]
    WrongTotal { total: u32 },
}

impl Position {
    /// A position from its parts, if its seeds (on the board and captured) add up to 48.
    pub fn from_parts(
        board: Board,
        captured: [u8; 2],
        turn: Side,
        rules: RuleSet,
    ) -> Result<Position, ParsePositionError> {
        // Pit by pit: the board's own total is a byte, which a text with too many seeds wraps.
        let on_board: u32 = board.pits().iter().map(|&seeds| u32::from(seeds)).sum();
        let total = on_board + captured[0] as u32 + captured[1] as u32;
        if total != crate::TOTAL_SEEDS as u32 {
            return Err(ParsePositionError::WrongTotal { total });
        }
        Ok(Position { board, captured, turn, rules })
    }

    /// Reads a position text (see the [module documentation](self)) under `rules`.
    ///
    /// ```
    /// use awe_awele::{Position, RuleSet};
    /// let p = Position::parse("4,4,4,4,4,4/4,4,4,4,4,4 S 0 0", RuleSet::Awechec).unwrap();
    /// assert_eq!(p, Position::new(RuleSet::Awechec));
    /// assert!(Position::parse("4,4,4/4 S 0 0", RuleSet::Awechec).is_err());
    /// ```
    pub fn parse(text: &str, rules: RuleSet) -> Result<Position, ParsePositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [pits, turn, south, north] = fields[..] else {
            return Err(ParsePositionError::FieldCount(fields.len()));
        };
        let (south_row, north_row) =
            pits.split_once('/').ok_or_else(|| ParsePositionError::Rows(pits.to_owned()))?;
        let mut all = [0u8; 12];
        for (side, row) in [(Side::South, south_row), (Side::North, north_row)] {
            let values: Vec<&str> = row.split(',').collect();
            if values.len() != 6 {
                return Err(ParsePositionError::PitCount {
                    side,
                    found: values.len(),
                    text: row.to_owned(),
                });
            }
            for (k, value) in values.into_iter().enumerate() {
                all[side.index() * 6 + k] = seeds(value)?;
            }
        }
        let turn = match turn {
            "S" => Side::South,
            "N" => Side::North,
            other => return Err(ParsePositionError::Turn(other.to_owned())),
        };
        Position::from_parts(Board::from_pits(all), [seeds(south)?, seeds(north)?], turn, rules)
    }
}

fn seeds(text: &str) -> Result<u8, ParsePositionError> {
    text.parse::<u8>()
        .ok()
        .filter(|&n| n <= crate::TOTAL_SEEDS && text.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| ParsePositionError::Number(text.to_owned()))
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pits = self.board().pits();
        let row = |r: &[u8]| r.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
        let turn = match awe_game::Position::turn(self) {
            Side::South => "S",
            Side::North => "N",
        };
        write!(
            f,
            "{}/{} {turn} {} {}",
            row(&pits[..6]),
            row(&pits[6..]),
            self.captured(Side::South),
            self.captured(Side::North)
        )
    }
}
