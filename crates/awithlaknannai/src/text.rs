//! The position text format: the three rows as the board shows them, top row first, one
//! character a point (`w` White, `b` Black, `.` empty), then the side to move and the plies since
//! the last capture.
//!
//! ```text
//! bbbbbbbb/bbbb.wwww/wwwwwwww w 0
//! ```
//!
//! The board, the rule set and the ply limit are settings chosen apart.

use awe_game::Side;

use crate::board::{Point, Row};
use crate::position::{Position, Settings};

/// Why a position text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParsePositionError {
    #[error("a position has 3 fields (rows, side to move, plies since a capture), found {0}")]
    FieldCount(usize),
    #[error("the board has 3 rows separated by `/`, found {0}")]
    RowCount(usize),
    #[error("the {row} row of this board has {expected} points, found {found}")]
    RowLength { row: &'static str, expected: usize, found: usize },
    #[error("`{0}` is not a point's content (w, b or .)")]
    Content(char),
    #[error("the side to move is w or b, found `{0}`")]
    Turn(String),
    #[error("`{0}` is not a number of plies")]
    Plies(String),
}

const ROWS: [(Row, &str); 3] =
    [(Row::Top, "top"), (Row::Middle, "middle"), (Row::Bottom, "bottom")];

impl Position {
    /// Reads a position text (see the [module documentation](self)) under `settings`.
    pub fn parse(text: &str, settings: Settings) -> Result<Position, ParsePositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [rows, turn, quiet] = fields[..] else {
            return Err(ParsePositionError::FieldCount(fields.len()));
        };
        let rows: Vec<&str> = rows.split('/').collect();
        if rows.len() != 3 {
            return Err(ParsePositionError::RowCount(rows.len()));
        }
        let board = settings.board;
        let mut pieces = [0u64; 2];
        for (&(row, name), text) in ROWS.iter().zip(&rows) {
            let expected = if row == Row::Middle { board.middle_len() } else { board.outer_len() };
            let found = text.chars().count();
            if found != expected {
                return Err(ParsePositionError::RowLength { row: name, expected, found });
            }
            for (column, c) in text.chars().enumerate() {
                let point: Point = board
                    .at(row, column + 1)
                    .ok_or(ParsePositionError::RowLength { row: name, expected, found })?;
                match c {
                    'w' => pieces[0] |= point.bit(),
                    'b' => pieces[1] |= point.bit(),
                    '.' => {}
                    other => return Err(ParsePositionError::Content(other)),
                }
            }
        }
        let turn = match turn {
            "w" => Side::WHITE,
            "b" => Side::BLACK,
            other => return Err(ParsePositionError::Turn(other.to_owned())),
        };
        let quiet =
            quiet.parse::<u16>().map_err(|_| ParsePositionError::Plies(quiet.to_owned()))?;
        Ok(Position::from_parts(pieces, turn, quiet, settings))
    }
}

/// The text of a position.
pub(crate) fn write(position: &Position) -> String {
    let board = position.board();
    let rows: Vec<String> = ROWS
        .iter()
        .map(|&(row, _)| {
            let count = if row == Row::Middle { board.middle_len() } else { board.outer_len() };
            (1..=count)
                .filter_map(|c| board.at(row, c))
                .map(|p| match position.at(p) {
                    Some(Side::South) => 'w',
                    Some(Side::North) => 'b',
                    None => '.',
                })
                .collect()
        })
        .collect();
    let turn = if position.turn() == Side::WHITE { "w" } else { "b" };
    format!("{} {turn} {}", rows.join("/"), position.quiet_plies())
}
