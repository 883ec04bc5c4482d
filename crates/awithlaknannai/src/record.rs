//! Game records: tags, then the moves in numbered pairs, White's then Black's.
//!
//! ```text
//! [Game "awithlaknannai"]
//! [Board "mosona"]
//! [Rules "bell"]
//! [Start "seed000"]
//! [White "Ama"]
//! [Black "Kofi"]
//! [Result "*"]
//!
//! 1. b4-m5 t4-m4 2. ... *
//! ```
//!
//! `Game` must be `awithlaknannai`. `Board` (default `mosona`), `Rules` (default `wikipedia`),
//! `Start` (default: the board's usual start) and `First` (`white` unless `black`) give the start;
//! a `Position` tag gives any other, in the [position text format](crate::text). `OuterLines` and
//! `EndLines` are `no` for a board drawn without them, and `PlyLimit` gives a limit other than 50
//! (at least 1: a game must allow a ply). `Termination` and `Score` (`3-1`, White's pieces
//! first), where given, must say how the moves end.

use awe_game::record::{MovetextError, Record, RecordError, movetext, replay_moves, result_of};
use awe_game::{Game, Side};

use crate::{
    BoardKind, BoardOptions, MoveError, ParseBoardError, ParsePositionError, ParseRuleSetError,
    Position, RuleSet, Settings, Start, StartError,
};

/// Why a record cannot be replayed. Errors about the movetext name the line and the token.
///
/// A tag's error is printed within its message, and is not also its source: a chain of errors
/// printed whole (as `awe` does) shows it once.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error(transparent)]
    Record(#[from] RecordError),
    #[error("the record has no Game tag (expected [Game \"awithlaknannai\"])")]
    NoGame,
    #[error("the record is a game of `{0}`, not of awithlaknannai")]
    NotAwithlaknannai(String),
    #[error("tag Board: {0}")]
    Board(ParseBoardError),
    #[error("tag Rules: {0}")]
    Rules(ParseRuleSetError),
    #[error("tag Start: {0}")]
    Start(StartError),
    #[error("tag {tag}: `{value}` is not {expected}")]
    Tag { tag: &'static str, value: String, expected: &'static str },
    #[error("tag Position: {0}")]
    Position(ParsePositionError),
    #[error(transparent)]
    Moves(#[from] MovetextError<MoveError>),
}

fn yes_no(record: &Record, tag: &'static str) -> Result<bool, ReplayError> {
    match record.tag(tag) {
        None | Some("yes") => Ok(true),
        Some("no") => Ok(false),
        Some(value) => {
            Err(ReplayError::Tag { tag, value: value.to_owned(), expected: "yes or no" })
        }
    }
}

/// The start of a recorded game, from its tags.
fn start(record: &Record) -> Result<Position, ReplayError> {
    let kind: BoardKind = record
        .tag("Board")
        .map_or(Ok(BoardKind::Mosona), str::parse)
        .map_err(ReplayError::Board)?;
    let rules: RuleSet = record
        .tag("Rules")
        .map_or(Ok(RuleSet::default()), str::parse)
        .map_err(ReplayError::Rules)?;
    let options = BoardOptions {
        outer_lines: yes_no(record, "OuterLines")?,
        end_lines: yes_no(record, "EndLines")?,
    };
    let mut settings = Settings::new(kind, options, rules);
    if let Some(limit) = record.tag("PlyLimit") {
        // A limit of 0 would end the game before its first ply.
        settings.ply_limit =
            limit.parse().ok().filter(|&plies: &u16| plies > 0).ok_or_else(|| {
                ReplayError::Tag {
                    tag: "PlyLimit",
                    value: limit.to_owned(),
                    expected: "a number of plies from 1 to 65535",
                }
            })?;
    }
    if let Some(text) = record.tag("Position") {
        return Position::parse(text, settings).map_err(ReplayError::Position);
    }
    let start: Start = record
        .tag("Start")
        .map_or(Ok(Start::default_for(kind)), str::parse)
        .map_err(ReplayError::Start)?;
    let first = match record.tag("First") {
        None | Some("white") => Side::WHITE,
        Some("black") => Side::BLACK,
        Some(value) => {
            return Err(ReplayError::Tag {
                tag: "First",
                value: value.to_owned(),
                expected: "white or black",
            });
        }
    };
    Position::start(settings, start, first).map_err(ReplayError::Start)
}

/// Replays a record: every move checked, and the result checked against the moves.
pub fn replay(record: &Record) -> Result<Game<Position>, ReplayError> {
    match record.tag("Game") {
        Some("awithlaknannai") => {}
        Some(other) => return Err(ReplayError::NotAwithlaknannai(other.to_owned())),
        None => return Err(ReplayError::NoGame),
    }
    Ok(replay_moves(record, start(record)?)?)
}

/// The record of a game, with the players' names (White first). `start` names the start the game
/// began from, if it is one of the known ones (else the record gives the whole position).
pub fn write_record(game: &Game<Position>, start: Option<Start>, names: [&str; 2]) -> Record {
    let first = game.start();
    let settings = first.settings();
    let mut record = Record::new();
    record.set_tag("Game", "awithlaknannai");
    record.set_tag("Board", settings.board.kind().name());
    record.set_tag("Rules", settings.rules.name());
    let options = settings.board.options();
    if !options.outer_lines {
        record.set_tag("OuterLines", "no");
    }
    if !options.end_lines {
        record.set_tag("EndLines", "no");
    }
    if settings.ply_limit != Settings::DEFAULT_PLY_LIMIT {
        record.set_tag("PlyLimit", settings.ply_limit.to_string());
    }
    let known =
        start.filter(|&s| Position::start(*settings, s, first.turn()).ok().as_ref() == Some(first));
    match known {
        Some(start) => {
            record.set_tag("Start", start.name());
            if first.turn() == Side::BLACK {
                record.set_tag("First", "black");
            }
        }
        None => record.set_tag("Position", first.to_string()),
    }
    record.set_tag("White", names[0]);
    record.set_tag("Black", names[1]);
    record.set_tag("Result", result_of(game).to_string());
    if let Some(outcome) = game.outcome() {
        record.set_tag("Termination", outcome.termination.name());
        record.set_tag("Score", format!("{}-{}", outcome.score[0], outcome.score[1]));
    }
    record.set_movetext(movetext(game));
    record
}
