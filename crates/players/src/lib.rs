//! The computer players of awe, as the command line and the server use them.
//!
//! - [`Playable`]: a game the engines play, with its evaluation and the databases of the cache;
//! - [`cache`]: where endgame databases are kept and found;
//! - [`Player`]: the players of a match by their specifications (`random`, `awe:7`, `ugi:…`);
//! - [`ugi`]: the Universal Game Interface, both ways: [`ugi::Client`] drives another program,
//!   [`ugi::Session`] is awe answering one;
//! - [`baseline`]: Awechec's Stockfish-based players, to measure the engine against;
//! - [`analysis`]: a position's best line, and every move of a game judged;
//! - [`sprt`]: the sequential test that tells whether a change made an engine stronger.

pub mod analysis;
pub mod baseline;
pub mod cache;
mod games;
mod playable;
mod player;
pub mod sprt;
pub mod ugi;

pub use games::solved;
pub use playable::{Playable, Special, line};
pub use player::Player;
