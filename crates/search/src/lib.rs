//! Search and engines for the games of awe.
//!
//! [`search`] holds an iterative-deepening alpha-beta written once against
//! [`awe_game::Position`] and monomorphised for each game; a game brings an [`Evaluator`]: how
//! good a position is, which moves to try first, which moves are captures. [`awele`],
//! [`awithlaknannai`] and [`awechec`] are those of the three games; [`engine`] turns a search into levels of play.
//!
//! ```
//! use awe_awele::{Position, RuleSet};
//! use awe_game::Game;
//! use awe_search::{Limits, Searcher, awele::AweleEval};
//!
//! let mut searcher = Searcher::new(AweleEval::default(), 4);
//! let report = searcher.search(&Game::new(Position::new(RuleSet::Abapa)), &Limits::depth(4), |_| {});
//! assert_eq!(report.depth, 4);
//! assert!(report.best().is_some());
//! ```

pub mod awechec;
pub mod awele;
pub mod awele_net;
pub mod awithlaknannai;
pub mod book;
pub mod endgame;
pub mod engine;
pub mod eval;
pub mod fastest;
pub mod grow;
pub mod level;
pub mod mcts;
pub mod prove;
pub mod puzzle;
pub mod score;
pub mod search;
pub mod solve;
pub mod table;
pub mod time;

pub use engine::{Engine, Level, Strength};
pub use eval::Evaluator;
pub use mcts::Mcts;
pub use score::Score;
pub use search::{Limits, Report, Searcher};
