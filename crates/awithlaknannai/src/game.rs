//! The position as the games' shared trait (`awe_game::Position`) knows it: its moves, its end,
//! its keys and hashes, and its notation. Apart from `position.rs`, which the notation and the
//! text of a position build on.

use std::fmt;

use awe_game::{Outcome, Side, Termination};
use rand::Rng;

use crate::moves::{Move, MoveList};
use crate::notation::{self, MoveError};
use crate::position::Position;
use crate::rules::QuietEnd;
use crate::text::ParsePositionError;

impl awe_game::Position for Position {
    type Move = Move;
    type MoveList = MoveList;
    /// The pieces and the side to move (the third word is the side to move alone).
    type Key = [u64; 3];
    type MoveError = MoveError;
    type PositionError = ParsePositionError;

    fn turn(&self) -> Side {
        self.turn
    }

    fn legal_moves(&self, moves: &mut MoveList) {
        Position::legal_moves(self, moves)
    }

    fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        Position::random_move(self, rng)
    }

    fn play(&self, mv: Move) -> Position {
        Position::play(self, &mv)
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn outcome_on_repetition(&self) -> Outcome {
        self.quiet_outcome(Termination::Repetition)
    }

    fn outcome_on_agreement(&self) -> Outcome {
        self.quiet_outcome(Termination::Agreement)
    }

    fn hash(&self) -> u64 {
        let [white, black] = self.by_colour();
        let h = (white ^ (self.turn as u64) << 63).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ black.wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
            // The plies left before the game's limit: the plies without a capture, or in all
            // under Ludii's turn limit; positions that differ there may end differently.
            ^ (self.plies_left() as u64).wrapping_mul(0x1656_67b1_9e37_79f9);
        h ^ h >> 29
    }

    fn repetition_ends_game(&self) -> bool {
        self.rules().quiet_end == QuietEnd::MorePiecesWins
    }

    fn repetition_hash(&self) -> u64 {
        // Of the repetition key alone: `hash` also holds the plies left, which differ between
        // two standings of one position.
        let [white, black] = self.by_colour();
        (white ^ black.rotate_left(32) ^ self.turn as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    fn repetition_key(&self) -> [u64; 3] {
        let [white, black] = self.by_colour();
        [white, black, self.turn as u64]
    }

    fn material(&self) -> u32 {
        (self.pieces[0] | self.pieces[1]).count_ones()
    }

    fn move_text(&self, mv: Move) -> String {
        notation::move_text(self, &mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self, text)
    }

    fn position_text(&self) -> String {
        self.to_string()
    }

    fn parse_position(&self, text: &str) -> Result<Position, ParsePositionError> {
        Position::parse(text, self.settings)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::text::write(self))
    }
}
