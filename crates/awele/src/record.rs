//! Game records: tags, then the moves in numbered pairs as the Awechec rules write them.
//!
//! ```text
//! [Game "awele"]
//! [Rules "awechec"]
//! [South "Ama"]
//! [North "Kofi"]
//! [Result "*"]
//!
//! 1. E b 2. A c *
//! ```
//!
//! `Game` must be `awele`. `Rules` defaults to `awechec`. A `Position` tag holds a start other
//! than the usual one, in the [position text format](crate::text). The moves are checked one by
//! one; the result, from the `Result` tag or the token closing the moves, must be the one the moves
//! lead to. A record whose moves stop before the game is over, with a result other than `*`, is a
//! game the players agreed to stop, and its result must be the one the rule set gives then. The
//! `Termination` and `Score` tags (`25-23`, South's seeds first), where given, must say how the
//! moves end: a record cut short whose tags say `repetition` is refused, not read as agreed.

use awe_game::Game;
use awe_game::record::{MovetextError, Record, RecordError, movetext, replay_moves, result_of};

use crate::{MoveError, ParsePositionError, ParseRuleSetError, Position, RuleSet};

/// Why a record cannot be replayed. Errors about the movetext name the line and the token.
///
/// A tag's error is printed within its message, and is not also its source: a chain of errors
/// printed whole (as `awe` does) shows it once.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error(transparent)]
    Record(#[from] RecordError),
    #[error("the record has no Game tag (expected [Game \"awele\"])")]
    NoGame,
    #[error("the record is a game of `{0}`, not of awele")]
    NotAwele(String),
    #[error("tag Rules: {0}")]
    Rules(ParseRuleSetError),
    #[error("tag Position: {0}")]
    Position(ParsePositionError),
    #[error(transparent)]
    Moves(#[from] MovetextError<MoveError>),
}

/// Replays a record: every move checked, and the result checked against the moves.
pub fn replay(record: &Record) -> Result<Game<Position>, ReplayError> {
    match record.tag("Game") {
        Some("awele") => {}
        Some(other) => return Err(ReplayError::NotAwele(other.to_owned())),
        None => return Err(ReplayError::NoGame),
    }
    let rules: RuleSet = record
        .tag("Rules")
        .map_or(Ok(RuleSet::default()), str::parse)
        .map_err(ReplayError::Rules)?;
    let start = match record.tag("Position") {
        Some(text) => Position::parse(text, rules).map_err(ReplayError::Position)?,
        None => Position::new(rules),
    };
    Ok(replay_moves(record, start)?)
}

/// The record of a game, with the players' names (South first).
pub fn write_record(game: &Game<Position>, names: [&str; 2]) -> Record {
    let mut record = Record::new();
    record.set_tag("Game", "awele");
    record.set_tag("Rules", game.start().rule_set().name());
    record.set_tag("South", names[0]);
    record.set_tag("North", names[1]);
    record.set_tag("Result", result_of(game).to_string());
    if *game.start() != Position::new(game.start().rule_set()) {
        record.set_tag("Position", game.start().to_string());
    }
    if let Some(outcome) = game.outcome() {
        record.set_tag("Termination", outcome.termination.name());
        record.set_tag("Score", format!("{}-{}", outcome.score[0], outcome.score[1]));
    }
    record.set_movetext(movetext(game));
    record
}
