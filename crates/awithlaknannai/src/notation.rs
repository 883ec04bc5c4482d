//! Move notation, with the point names of the board: a step is written `from-to` (`b4-m5`), a
//! capture names every landing point, `fromxtoxto…` (`m6xm4xb2`). When two captures follow the
//! same points but take different pieces (possible with bent jumps), the pieces taken follow in
//! brackets: `m2xm3(t2)`.

use crate::board::{Board, Point, bits};
use crate::moves::{Move, MoveList};
use crate::position::Position;

/// Why a move text cannot be played in a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("empty move (write from-to, or fromxtoxto… for a capture)")]
    Empty,
    #[error("`{0}` is not a point of this board")]
    UnknownPoint(String),
    #[error("`{0}` is not a move (write from-to, or fromxtoxto… for a capture)")]
    Malformed(String),
    #[error("{text} is not legal here{hint}")]
    Illegal { text: String, hint: &'static str },
    #[error(
        "{text} stops a capture that must go on while it can: the chains that start so are {}",
        chains.join(", ")
    )]
    ChainGoesOn { text: String, chains: Vec<String> },
    #[error("{text} is ambiguous: {}", choices.join(" or "))]
    Ambiguous { text: String, choices: Vec<String> },
}

/// The points of a path joined by `-` (a step) or `x` (a capture).
fn path_text(board: &Board, mv: &Move) -> String {
    let separator = if mv.is_capture() { "x" } else { "-" };
    mv.path().iter().map(|&p| board.name(p)).collect::<Vec<_>>().join(separator)
}

fn captured_text(board: &Board, captured: u64) -> String {
    bits(captured).map(|i| board.name(Point(i as u8)).to_owned()).collect::<Vec<_>>().join(",")
}

/// The move written as it is played from `position`.
pub fn move_text(position: &Position, mv: &Move) -> String {
    let board = position.board();
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    let text = path_text(board, mv);
    if moves.iter().filter(|m| m.path() == mv.path()).count() > 1 {
        format!("{text}({})", captured_text(board, mv.captured()))
    } else {
        text
    }
}

/// The texts of all of `moves`, the legal moves of `position`, at once: [`move_text`] looks at
/// every legal move for each text, which a position with thousands of chains cannot afford.
pub fn move_texts(position: &Position, moves: &[Move]) -> Vec<String> {
    let board = position.board();
    let mut paths: std::collections::HashMap<&[Point], usize> = std::collections::HashMap::new();
    for mv in moves {
        *paths.entry(mv.path()).or_default() += 1;
    }
    moves
        .iter()
        .map(|mv| {
            let text = path_text(board, mv);
            if paths.get(mv.path()).copied().unwrap_or(0) > 1 {
                format!("{text}({})", captured_text(board, mv.captured()))
            } else {
                text
            }
        })
        .collect()
}

/// Reads a move and checks it against `position`.
pub fn parse_move(position: &Position, text: &str) -> Result<Move, MoveError> {
    let board = position.board();
    let text = text.trim().to_ascii_lowercase();
    if text.is_empty() {
        return Err(MoveError::Empty);
    }
    let (body, taken) = match text.split_once('(') {
        Some((body, rest)) => {
            let inner = rest.strip_suffix(')').ok_or_else(|| MoveError::Malformed(text.clone()))?;
            (body, Some(inner))
        }
        None => (text.as_str(), None),
    };
    let capture = body.contains('x');
    if capture && body.contains('-') {
        return Err(MoveError::Malformed(text.clone()));
    }
    let points = body
        .split(['x', '-'])
        .map(|name| board.point(name).ok_or_else(|| MoveError::UnknownPoint(name.to_owned())))
        .collect::<Result<Vec<Point>, _>>()?;
    if points.len() < 2 || (!capture && points.len() != 2) {
        return Err(MoveError::Malformed(text.clone()));
    }
    let taken = match taken {
        Some(list) => Some(
            list.split(',')
                .map(|name| {
                    board
                        .point(name.trim())
                        .map(Point::bit)
                        .ok_or_else(|| MoveError::UnknownPoint(name.to_owned()))
                })
                .collect::<Result<Vec<u64>, _>>()?
                .into_iter()
                .fold(0, |set, bit| set | bit),
        ),
        None => None,
    };
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    let matching: Vec<Move> = moves
        .iter()
        .filter(|m| m.path() == points.as_slice() && m.is_capture() == capture)
        .filter(|m| taken.is_none_or(|t| m.captured() == t))
        .copied()
        .collect();
    match matching.as_slice() {
        [one] => Ok(*one),
        [] if capture => {
            // The start of a chain that must go on: name the chains it begins.
            let chains: Vec<String> = moves
                .iter()
                .filter(|m| m.is_capture() && m.path().len() > points.len())
                .filter(|m| m.path().starts_with(&points))
                .map(|m| move_text(position, m))
                .collect();
            if chains.is_empty() {
                Err(MoveError::Illegal { text, hint: "" })
            } else {
                Err(MoveError::ChainGoesOn { text, chains })
            }
        }
        [] => {
            let hint = if !capture
                && moves.iter().any(|m| m.is_capture())
                && position.rules().compulsory
            {
                ": a capture is compulsory"
            } else {
                ""
            };
            Err(MoveError::Illegal { text, hint })
        }
        several => Err(MoveError::Ambiguous {
            text,
            choices: several.iter().map(|m| move_text(position, m)).collect(),
        }),
    }
}
