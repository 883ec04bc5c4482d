//! Awechec (Awarichess, Olivier Dubuis, 2009), exactly as `RULES.md` §4 gives it: Awélé games
//! whose captures become powers, and a chess game whose every half-move needs a power, its owner
//! deciding whether the side to move plays or passes.
//!
//! ```
//! use awe_awechec::{Action, Decision, Position, Settings, Step};
//!
//! let game = Position::new(Settings::default());
//! // Every game starts with an Awélé game, White (South) first.
//! assert!(matches!(game.step(), Step::Awele { .. }));
//! ```
//!
//! Where things are: the flow of the rules in [`position`], powers and handicaps in [`power`],
//! the variants in [`variant`], the two languages in [`language`], the game as the engines see it
//! in [`game`], the notation of chess
//! half-moves in [`notation`], records and studies in [`record`], undo and the list of actions in
//! [`history`], the picture of a game in [`diagram`].

pub mod diagram;
pub mod game;
pub mod history;
pub mod language;
pub mod messages;
pub mod notation;
pub mod position;
pub mod power;
pub mod record;
pub mod variant;

pub use game::{ActionTextError, PositionTextError};
pub use history::History;
pub use language::{Language, ParseLanguageError};
pub use position::{
    Action, ActionError, Decision, EndReason, Ending, Position, Settings, Start, Step,
};
pub use power::{Handicap, Handicaps, MAX_POWERS, ParseHandicapError, ParseHandicapsError, Powers};
pub use record::{ReplayError, replay, write_record};
pub use variant::{ParseVariantError, Variant};
