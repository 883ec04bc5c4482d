//! Awithlaknannai's evaluation: pieces first, then their safety from capture and mobility.

use awe_awithlaknannai::{Move, Position};
use awe_game::Side;

use crate::eval::Evaluator;
use crate::score::Score;

/// A piece is worth this much.
pub const PIECE: Score = 100;

/// The evaluation of Awithlaknannai, under any rule set and on any board.
#[derive(Clone, Copy, Debug, Default)]
pub struct SerpentEval;

impl SerpentEval {
    /// The pieces of `side` that the other side could take now, counted as a set.
    fn exposed(position: &Position, side: Side) -> Score {
        let board = position.board();
        let (mine, theirs) = (position.pieces(side), position.pieces(side.opponent()));
        let empty = board.all() & !(mine | theirs);
        let mut exposed = 0u64;
        for from in board.points().filter(|p| theirs & p.bit() != 0) {
            let jumps = if position.rules().bent_jumps {
                board.bent_jumps(from)
            } else {
                board.straight_jumps(from)
            };
            for &(over, to) in jumps {
                if mine & over.bit() != 0 && empty & to.bit() != 0 {
                    exposed |= over.bit();
                }
            }
        }
        exposed.count_ones() as Score
    }

    fn mobility(position: &Position, side: Side) -> Score {
        let board = position.board();
        let mine = position.pieces(side);
        let empty = board.all() & !(mine | position.pieces(side.opponent()));
        board
            .points()
            .filter(|p| mine & p.bit() != 0)
            .map(|p| (board.neighbours(p) & empty).count_ones())
            .sum::<u32>() as Score
    }
}

impl Evaluator<Position> for SerpentEval {
    fn point(&self) -> Score {
        PIECE
    }

    fn evaluate(&self, position: &Position) -> Score {
        let me = position.turn();
        let them = me.opponent();
        let pieces =
            position.pieces(me).count_ones() as Score - position.pieces(them).count_ones() as Score;
        // The side to move takes first: its exposed pieces weigh less than the other side's.
        pieces * PIECE - Self::exposed(position, me) * 30
            + Self::exposed(position, them) * 45
            + (Self::mobility(position, me) - Self::mobility(position, them)) * 2
    }

    fn order(&self, _position: &Position, mv: Move) -> Score {
        mv.captured().count_ones() as Score * PIECE
    }

    fn is_noisy(&self, _position: &Position, mv: Move) -> bool {
        mv.is_capture()
    }
}
