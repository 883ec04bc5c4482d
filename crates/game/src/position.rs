//! The trait every game implements.

use std::fmt;
use std::ops::Deref;

use rand::Rng;

use crate::{Outcome, Side};

/// A position of a game: everything needed to know the legal moves and play one.
///
/// Positions are small values, cheap to clone (`Copy` where the game allows), and moves are played by copy-make ([`Position::play`]), so a
/// search keeps its path on the stack. What depends on more than one position (repetition, ends
/// agreed by the players) is kept by [`crate::Game`], helped by [`Position::repetition_key`] and
/// [`Position::material`].
pub trait Position: Clone + fmt::Debug {
    /// A move, as small as the game allows.
    type Move: Copy + Eq + fmt::Debug;
    /// A fixed-capacity list of moves filled by [`Position::legal_moves`]: no allocation per node.
    type MoveList: Default + Deref<Target = [Self::Move]>;
    /// What identifies a position for the repetition rule (board and side to move).
    type Key: Copy + Eq + fmt::Debug;
    /// Why a move text could not be read or played here.
    type MoveError: std::error::Error + Send + Sync + 'static;
    /// Why a position text could not be read.
    type PositionError: std::error::Error + Send + Sync + 'static;

    /// The side to move.
    fn turn(&self) -> Side;

    /// Replaces the contents of `moves` with the legal moves. The list is empty exactly when the
    /// game is over by the position alone ([`Position::outcome`] is `Some`).
    fn legal_moves(&self, moves: &mut Self::MoveList);

    /// The position after `mv`, which must be legal here.
    fn play(&self, mv: Self::Move) -> Self;

    /// The end of the game, if this position alone ends it (no legal move, a score limit…).
    fn outcome(&self) -> Option<Outcome>;

    /// How the game ends if the players stop here by the repetition rule.
    fn outcome_on_repetition(&self) -> Outcome;

    /// How the game ends if the players agree to stop here.
    fn outcome_on_agreement(&self) -> Outcome;

    /// The points as they stand, South's and North's: what a resignation or a fallen flag
    /// leaves on the score (at Awélé the seeds captured, not those still on the board). By
    /// default, the points of an agreement here.
    fn points(&self) -> [u16; 2] {
        self.outcome_on_agreement().score
    }

    /// How the game ends if `side`'s time runs out here: a loss, the points as they stand. A
    /// game may make it a draw (chess, where the other side cannot mate).
    fn outcome_on_time(&self, side: Side) -> Outcome {
        Outcome {
            winner: Some(side.opponent()),
            score: self.points(),
            termination: crate::Termination::TimeForfeit,
        }
    }

    /// A hash of the whole position, for transposition tables.
    fn hash(&self) -> u64;

    /// What the repetition rule compares: two positions with equal keys are the same position.
    fn repetition_key(&self) -> Self::Key;

    /// A hash of the repetition key, cheaper than [`Position::hash`] where a game can make it so:
    /// it is compared before the keys, to skip most comparisons of keys. Two positions with equal
    /// keys must have equal repetition hashes: a game whose `hash` holds more than its key (a
    /// counter of plies, say) must give one of its own.
    #[inline]
    fn repetition_hash(&self) -> u64 {
        self.hash()
    }

    /// Whether the repetition rule applies in this game (some rule sets have none).
    #[inline]
    fn repetition_ends_game(&self) -> bool {
        true
    }

    /// A count that never rises during a game and falls at each irreversible move (seeds or pieces
    /// left on the board): positions with different counts can never repeat each other, so the
    /// repetition rule only looks back while the count stays the same.
    fn material(&self) -> u32;

    /// A legal move drawn uniformly at random, or `None` if the game is over by the position.
    /// Games may draw it faster than from the full list.
    #[inline]
    fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Self::Move> {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        // Lists are short: a u32 range draws faster than a usize one.
        (!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len() as u32) as usize])
    }

    /// Whether `mv` is legal here.
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        moves.contains(&mv)
    }

    /// The move written in the game's notation, as it is played from this position.
    fn move_text(&self, mv: Self::Move) -> String;

    /// The move as engine protocols write it: the shortest text that names it, with no
    /// annotation (at Awélé the pit, `E`, where [`Position::move_text`] writes `E(3)`).
    fn move_word(&self, mv: Self::Move) -> String {
        self.move_text(mv)
    }

    /// Reads a move written in the game's notation and checks that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::MoveError>;

    /// The position in the game's position text format (the settings, such as the rule set, are
    /// not part of it).
    fn position_text(&self) -> String;

    /// Reads a position text under the same settings (rule set, board) as `self`.
    fn parse_position(&self, text: &str) -> Result<Self, Self::PositionError>;
}
