//! Endgame databases, found by retrograde analysis: for every position with few seeds or few
//! pieces, what the side to move can still make of it.
//!
//! [`awele`] values boards by the seeds still to be won; [`awithlaknannai`] values positions by
//! win, draw or loss and the plies to the end.

pub mod awele;
pub mod awithlaknannai;

pub use awele::{Endgame, EndgameError, Known, layer_size};
pub use awithlaknannai::SerpentEndgame;
