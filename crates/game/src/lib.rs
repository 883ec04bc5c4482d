//! The abstraction that every game of awe implements.
//!
//! A game is a [`Position`]: a small value, cheap to copy, that knows whose turn it is, which
//! moves are legal, what a move leads to and whether the game is over. Everything that needs more
//! than one position — repetition, agreed ends, the list of moves played — lives in [`Game`].
//! Engines and tools ([`perft`], [`playout`]) are written once against the trait and
//! monomorphised for each game.
//!
//! Game records share one text shape for every game: tag pairs in brackets, then the moves
//! ([`record`]).

pub mod history;
pub mod outcome;
pub mod perft;
pub mod playout;
pub mod position;
pub mod record;
pub mod repetition;
pub mod side;

pub use history::{Game, PlayError, Stop};
pub use outcome::{GameResult, Outcome, ParseResultError, Termination};
pub use position::Position;
pub use side::Side;
