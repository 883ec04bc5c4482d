//! The position as the games' shared trait (`awe_game::Position`) knows it: its moves, its end,
//! its keys and hashes, and its notation. Apart from `position.rs`, which the notation and the
//! text of a position build on.

use awe_game::{Outcome, Side, Termination};
use rand::Rng;

use crate::moves::{MoveList, random_bit};
use crate::notation::{self, MoveError};
use crate::pit::Pit;
use crate::position::Position;
use crate::text::ParsePositionError;

impl awe_game::Position for Position {
    type Move = Pit;
    type MoveList = MoveList;
    type Key = [u64; 2];
    type MoveError = MoveError;
    type PositionError = ParsePositionError;

    #[inline]
    fn turn(&self) -> Side {
        self.turn
    }

    #[inline]
    fn legal_moves(&self, moves: &mut MoveList) {
        Position::legal_moves(self, moves)
    }

    #[inline]
    fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Pit> {
        let legal = if self.score_decided() { 0 } else { self.legal_mask() };
        if legal == 0 {
            return None;
        }
        Some(Pit::of(self.turn, random_bit(legal, rng)))
    }

    #[inline]
    fn play(&self, mv: Pit) -> Position {
        Position::play(self, mv)
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn outcome_on_repetition(&self) -> Outcome {
        Outcome::by_score(
            self.final_score(self.rules().repetition_leftovers),
            Termination::Repetition,
        )
    }

    fn points(&self) -> [u16; 2] {
        // The seeds captured: those on the board belong to nobody yet.
        self.captured.map(u16::from)
    }

    fn outcome_on_agreement(&self) -> Outcome {
        Outcome::by_score(
            self.final_score(self.rules().repetition_leftovers),
            Termination::Agreement,
        )
    }

    fn hash(&self) -> u64 {
        // Two rows of six bytes, the captures and the side to move, multiplied by odd constants:
        // the high bits of the result depend on every input bit (index tables by the high bits).
        let [south, north] = self.board.rows();
        let extra =
            (self.captured[0] as u64) << 8 | (self.captured[1] as u64) << 16 | self.turn as u64;
        let h = (south ^ extra << 48).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ (north ^ extra << 40).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        h ^ h >> 29
    }

    #[inline]
    fn repetition_hash(&self) -> u64 {
        // One multiplication: only the top bits are used, to skip comparisons of keys.
        let [south, north] = self.board.rows();
        (south ^ north.rotate_left(24) ^ self.turn as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    #[inline]
    fn repetition_key(&self) -> [u64; 2] {
        // The rows use six bytes each; the side to move goes in a byte above South's.
        let [south, north] = self.board.rows();
        [south | (self.turn as u64) << 56, north]
    }

    #[inline]
    fn material(&self) -> u32 {
        // The seeds on the board: those not captured yet.
        crate::TOTAL_SEEDS as u32 - self.captured[0] as u32 - self.captured[1] as u32
    }

    fn is_legal(&self, pit: Pit) -> bool {
        self.illegal(pit).is_none()
    }

    fn move_text(&self, pit: Pit) -> String {
        notation::MoveText { pit, takes: Some(self.seeds_taken(pit)).filter(|&n| n > 0) }
            .to_string()
    }

    fn move_word(&self, pit: Pit) -> String {
        pit.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Pit, MoveError> {
        notation::parse_move(self, text)
    }

    fn position_text(&self) -> String {
        self.to_string()
    }

    fn parse_position(&self, text: &str) -> Result<Position, ParsePositionError> {
        Position::parse(text, self.rules)
    }
}
