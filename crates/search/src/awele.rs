//! Awélé's evaluation: the seed difference first, then what strong programs weigh: seeds kept on
//! one's own side (they are still to be won there), pits that will lap the board (kroo), the
//! opponent's pits with one or two seeds (to be captured), and mobility.

use awe_awele::{MoveList, Pit, Position};
use awe_game::{Position as _, Side};

use std::sync::Arc;

use crate::endgame::Endgame;
use crate::eval::Evaluator;
use crate::score::{KNOWN_WIN, Score};

/// A seed captured is worth this much.
pub const SEED: Score = 100;

/// The evaluation of Awélé, under any rule set, exact where an endgame database knows the board.
#[derive(Clone, Debug, Default)]
pub struct AweleEval {
    endgame: Option<Arc<Endgame>>,
}

impl AweleEval {
    /// The evaluation with an endgame database.
    pub fn with_endgame(endgame: Arc<Endgame>) -> AweleEval {
        AweleEval { endgame: Some(endgame) }
    }

    /// The positional part, for `side`.
    fn side_terms(position: &Position, side: Side) -> Score {
        let board = position.board();
        let mut score = 0;
        // Seeds on one's own row: material not yet lost, and tempo.
        score += board.row_seeds(side) as Score * 4;
        // A pit of twelve or more seeds laps the board and can take many at once.
        score += board.pits_with_at_least(side, 12) as Score * 25;
        // The opponent's pits holding one or two seeds: targets for a capture.
        let them = side.opponent();
        let targets =
            (0..6).filter(|&k| matches!(board.seeds(Pit::of(them, k)), 1 | 2)).count() as Score;
        score += targets * 6;
        score
    }
}

impl Evaluator<Position> for AweleEval {
    fn point(&self) -> Score {
        SEED
    }

    fn exact(&self, position: &Position, _ply: u32) -> Option<Score> {
        let known = self.endgame.as_ref()?.probe(position)?;
        let me = position.turn();
        let now = position.captured(me) as Score - position.captured(me.opponent()) as Score;
        let (low, high) = (now + known.low as Score, now + known.high as Score);
        // Where the database only bounds the margin, the result is known when both bounds give
        // it; the margin given is the one surely reached.
        (low.signum() == high.signum()).then(|| low * SEED + low.signum() * KNOWN_WIN)
    }

    fn evaluate(&self, position: &Position) -> Score {
        let me = position.turn();
        let them = me.opponent();
        let seeds = position.captured(me) as Score - position.captured(them) as Score;
        let mut mine = MoveList::new();
        position.legal_moves(&mut mine);
        seeds * SEED + Self::side_terms(position, me) - Self::side_terms(position, them)
            + mine.len() as Score * 3
    }

    fn order(&self, position: &Position, pit: Pit) -> Score {
        position.seeds_taken(pit) as Score * SEED - position.board().seeds(pit) as Score
    }

    fn is_noisy(&self, position: &Position, pit: Pit) -> bool {
        position.seeds_taken(pit) > 0
    }
}
