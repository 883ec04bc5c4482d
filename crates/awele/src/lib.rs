//! Awélé (oware, abapa family), exactly as `RULES.md` §2 gives it, under three rule sets:
//! [`RuleSet::Awechec`] (the appendix of the Awechec rules, the default), [`RuleSet::Abapa`]
//! (OpenSpiel, competition rules) and [`RuleSet::Awari`] (Romein and Bal's solved game).
//!
//! ```
//! use awe_awele::{Position, RuleSet, Pit};
//! use awe_game::Position as _;
//!
//! let start = Position::new(RuleSet::Awechec);
//! let after = start.play(Pit::E);
//! assert_eq!(after.to_string(), "4,4,4,4,0,5/5,5,5,4,4,4 N 0 0");
//! assert_eq!(after.move_text(after.parse_move("b").unwrap()), "b");
//! ```
//!
//! Where things are: the pits and their names in [`pit`], the board and the mechanics of sowing
//! and capturing in [`board`], the rule sets as data in [`rules`], lists of moves in [`moves`],
//! legal moves and ends of game in [`position`], move notation in [`notation`], the position text
//! format in [`text`], game records in [`record`] and the picture of the board in [`diagram`].

pub mod board;
pub mod diagram;
mod game;
pub mod moves;
pub mod notation;
pub mod pit;
pub mod position;
pub mod record;
pub mod rules;
pub mod text;

pub use board::Board;
pub use moves::MoveList;
pub use notation::{MoveError, MoveText, ParseMoveError};
pub use pit::Pit;
pub use position::Illegal;
pub use position::Position;
pub use record::{ReplayError, replay, write_record};
pub use rules::{GrandSlam, Leftovers, ParseRuleSetError, RuleSet, Rules};
pub use text::ParsePositionError;

/// Seeds in a game: 12 pits of 4.
pub const TOTAL_SEEDS: u8 = 48;
