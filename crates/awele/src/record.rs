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
//! game the players agreed to stop, and its result must be the one the rule set gives then.

use awe_game::record::{Record, RecordError, TokenKind};
use awe_game::{Game, GameResult, Position as _, Side};

use crate::{MoveError, ParsePositionError, ParseRuleSetError, Position, RuleSet};

/// Why a record cannot be replayed. Errors about the movetext name the line and the token.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error(transparent)]
    Record(#[from] RecordError),
    #[error("the record has no Game tag (expected [Game \"awele\"])")]
    NoGame,
    #[error("the record is a game of `{0}`, not of awele")]
    NotAwele(String),
    #[error("tag Rules: {0}")]
    Rules(#[from] ParseRuleSetError),
    #[error("tag Position: {0}")]
    Position(#[from] ParsePositionError),
    #[error("tag Result: `{0}` is not a result (expected 1-0, 0-1, 1/2-1/2 or *)")]
    ResultTag(String),
    #[error("line {line}: move `{token}`: {error}")]
    Move { line: usize, token: String, error: MoveError },
    #[error("line {line}: move `{token}`: the game is already over")]
    AfterEnd { line: usize, token: String },
    #[error("line {line}: `{token}`: expected move number {expected}")]
    MoveNumber { line: usize, token: String, expected: String },
    #[error("line {line}: `{token}` after the result")]
    AfterResult { line: usize, token: String },
    #[error("the Result tag says {tag} but the moves end with {token}")]
    ResultsDisagree { tag: GameResult, token: GameResult },
    #[error("the record says {claimed} but the moves lead to {actual}")]
    WrongResult { claimed: GameResult, actual: GameResult },
}

/// Replays a record: every move checked, and the result checked against the moves.
pub fn replay(record: &Record) -> Result<Game<Position>, ReplayError> {
    match record.tag("Game") {
        Some("awele") => {}
        Some(other) => return Err(ReplayError::NotAwele(other.to_owned())),
        None => return Err(ReplayError::NoGame),
    }
    let rules: RuleSet = record.tag("Rules").map_or(Ok(RuleSet::default()), str::parse)?;
    let start = match record.tag("Position") {
        Some(text) => Position::parse(text, rules)?,
        None => Position::new(rules),
    };
    let tag_result = record
        .tag("Result")
        .map(|r| r.parse::<GameResult>().map_err(|_| ReplayError::ResultTag(r.to_owned())))
        .transpose()?;

    let mut game = Game::new(start);
    let mut token_result = None;
    for token in record.tokens()? {
        let line = token.line;
        if token_result.is_some() {
            return Err(ReplayError::AfterResult { line, token: token.text.to_owned() });
        }
        match token.kind {
            TokenKind::Result(result) => token_result = Some(result),
            TokenKind::MoveNumber { number, continuation } => {
                let expected = move_number(&game);
                let south = game.current().turn() == Side::South;
                if number != expected || (continuation && south) {
                    let dots = if south { "." } else { "..." };
                    return Err(ReplayError::MoveNumber {
                        line,
                        token: token.text.to_owned(),
                        expected: format!("{expected}{dots}"),
                    });
                }
            }
            TokenKind::Word(word) => {
                if game.outcome().is_some() {
                    return Err(ReplayError::AfterEnd { line, token: word.to_owned() });
                }
                let mv = game.current().parse_move(word).map_err(|error| ReplayError::Move {
                    line,
                    token: word.to_owned(),
                    error,
                })?;
                // `parse_move` checked the move against the current position.
                let _ = game.play(mv);
            }
        }
    }
    let claimed = match (tag_result, token_result) {
        (Some(tag), Some(token)) if tag != token => {
            return Err(ReplayError::ResultsDisagree { tag, token });
        }
        (tag, token) => token.or(tag).unwrap_or(GameResult::Unfinished),
    };
    if game.outcome().is_none() && claimed != GameResult::Unfinished {
        game.agree_to_stop();
    }
    let actual = game.outcome().map_or(GameResult::Unfinished, |o| o.result());
    if claimed != actual {
        return Err(ReplayError::WrongResult { claimed, actual });
    }
    Ok(game)
}

/// The number of the move about to be played: it goes up after each of North's moves.
fn move_number(game: &Game<Position>) -> u32 {
    let north_first = game.start().turn() == Side::North;
    ((game.moves().len() as u32 + north_first as u32) / 2) + 1
}

/// The record of a game, with the players' names (South first).
pub fn write_record(game: &Game<Position>, names: [&str; 2]) -> Record {
    let result = game.outcome().map_or(GameResult::Unfinished, |o| o.result());
    let mut record = Record::new();
    record.set_tag("Game", "awele");
    record.set_tag("Rules", game.start().rule_set().name());
    record.set_tag("South", names[0]);
    record.set_tag("North", names[1]);
    record.set_tag("Result", result.to_string());
    if *game.start() != Position::new(game.start().rule_set()) {
        record.set_tag("Position", game.start().to_string());
    }
    if let Some(outcome) = game.outcome() {
        record.set_tag("Termination", outcome.termination.name());
        record.set_tag("Score", format!("{}-{}", outcome.score[0], outcome.score[1]));
    }
    let mut words = Vec::new();
    for (ply, (position, &mv)) in game.positions().iter().zip(game.moves()).enumerate() {
        let number = ((ply as u32 + (game.start().turn() == Side::North) as u32) / 2) + 1;
        match position.turn() {
            Side::South => words.push(format!("{number}.")),
            Side::North if ply == 0 => words.push(format!("{number}...")),
            Side::North => {}
        }
        words.push(position.move_text(mv));
    }
    words.push(result.to_string());
    record.set_movetext(words.join(" "));
    record
}
