//! Awithlaknannai (the Zuni "fighting serpents", alquerque family), as `RULES.md` §1 gives it:
//! the boards Mosona and Kolowis (and Ludii's Kolowis), the start positions of the sources, and the
//! rule sets [`RuleSet::Wikipedia`] (the default), [`RuleSet::Globejoueur`], [`RuleSet::Bell`]
//! and [`RuleSet::Ludii`].
//!
//! ```
//! use awe_awithlaknannai::{BoardKind, BoardOptions, MoveList, Position, RuleSet, Settings, Start};
//! use awe_game::{Position as _, Side};
//!
//! let settings = Settings::new(BoardKind::Mosona, BoardOptions::default(), RuleSet::Bell);
//! let start = Position::start(settings, Start::Seed000, Side::WHITE).unwrap();
//! assert_eq!(start.to_string(), "bbbbbbbb/bbbb.wwww/wwwwwwww w 0");
//! let texts = |p: &Position| {
//!     let mut moves = MoveList::new();
//!     p.legal_moves(&mut moves);
//!     moves.iter().map(|&m| p.move_text(m)).collect::<Vec<String>>()
//! };
//! // Jumps go in a straight line: nothing to take yet, three steps into the centre.
//! assert_eq!(texts(&start), ["b4-m5", "b5-m5", "m6-m5"]);
//! // Seed 000's jumps may bend: b3 takes m4 landing on m5, and the chain must go on.
//! let bent = Settings { rules: RuleSet::Wikipedia, ..settings };
//! let start = Position::start(bent, Start::Seed000, Side::WHITE).unwrap();
//! assert!(texts(&start).iter().all(|t| t.contains('x')));
//! ```
//!
//! Where things are: the boards as tables of lines and jumps in [`board`], the rule sets as data
//! in [`rules`], moves and move lists in [`moves`], positions, legal moves and ends of game in
//! [`position`], move notation in [`notation`], the position text format in [`text`], game
//! records in [`record`] and the picture of the board in [`diagram`].

pub mod board;
pub mod diagram;
mod game;
pub mod moves;
pub mod notation;
pub mod point;
pub mod position;
pub mod record;
pub mod rules;
mod shapes;
pub mod text;

pub use board::{Board, BoardKind, BoardOptions, ParseBoardError, Point, Row};
pub use moves::{Move, MoveList};
pub use notation::MoveError;
pub use position::{PiecesError, Position, Settings, Start, StartError};
pub use record::{ReplayError, replay, write_record};
pub use rules::{ParseRuleSetError, QuietEnd, RuleSet, Rules};
pub use text::ParsePositionError;
