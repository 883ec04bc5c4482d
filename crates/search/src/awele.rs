//! Awélé's evaluation: the seed difference first, then what strong programs weigh: seeds kept on
//! one's own side (they are still to be won there), pits that will lap the board (kroo), the
//! opponent's pits with one or two seeds (to be captured), and mobility.

use awe_awele::{MoveList, Pit, Position, RuleSet};
use awe_game::Position as _;

use std::sync::{Arc, OnceLock};

use crate::book::Book;
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
}

/// What the evaluation looks at in a position, each in the side to move's view (its own minus the
/// other side's, where both have one): a line of numbers that [`WEIGHTS`] turns into a score.
/// `examples/tune_awele.rs` fits the weights to the results of self-play games.
pub type Features = [Score; FEATURES];

/// How many features.
pub const FEATURES: usize = 12;

/// The names of the features, in order (for the tuner's report).
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "seeds captured",
    "pits of 12 or more",
    "targets (1 or 2 seeds)",
    "moves",
    "empty pits",
    "seeds in pit 1",
    "seeds in pit 2",
    "seeds in pit 3",
    "seeds in pit 4",
    "seeds in pit 5",
    "seeds in pit 6",
    "to move",
];

/// What each feature is worth; a seed captured is [`SEED`]. Fitted under `awechec` (and used for
/// `awari`).
pub const WEIGHTS: Features = [SEED, 5, -13, 3, -72, 9, 12, 6, 1, 4, -13, -60];

/// The weights fitted under `abapa`: `tune_awele 3000 8 abapa 1`, its games played with
/// [`WEIGHTS`] (272,386 quiet positions, the loss from 0.51914 with [`WEIGHTS`] to 0.51528).
pub const ABAPA_WEIGHTS: Features = [SEED, 14, 1, 5, -117, 7, 0, 0, -6, -9, -19, -67];

/// The weights of a rule set.
pub fn weights(rules: RuleSet) -> &'static Features {
    match rules {
        RuleSet::Abapa => &ABAPA_WEIGHTS,
        _ => &WEIGHTS,
    }
}

/// The features of `position` (not over).
pub fn features(position: &Position) -> Features {
    let me = position.turn();
    let them = me.opponent();
    let board = position.board();
    let mut f = [0; FEATURES];
    f[0] = position.captured(me) as Score - position.captured(them) as Score;
    // A pit of twelve or more seeds laps the board and can take many at once.
    f[1] = board.pits_with_at_least(me, 12) as Score - board.pits_with_at_least(them, 12) as Score;
    for k in 0..6 {
        let (mine, theirs) = (board.seeds(Pit::of(me, k)), board.seeds(Pit::of(them, k)));
        // Pits of one or two seeds are what captures take.
        f[2] += matches!(theirs, 1 | 2) as Score - matches!(mine, 1 | 2) as Score;
        f[4] += (mine == 0) as Score - (theirs == 0) as Score;
        // Seeds on one's own row are not yet lost, and worth more or less by where they lie.
        f[5 + k] = mine as Score - theirs as Score;
    }
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    f[3] = moves.len() as Score;
    f[11] = 1;
    f
}

impl Evaluator<Position> for AweleEval {
    /// +102 ± 59 Elo in a match (BENCHMARKS.md).
    const REDUCTIONS: bool = true;

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
        let f = features(position);
        f.iter().zip(weights(position.rule_set())).map(|(f, w)| f * w).sum()
    }

    fn order(&self, position: &Position, pit: Pit) -> Score {
        position.seeds_taken(pit) as Score * SEED - position.board().seeds(pit) as Score
    }

    fn is_noisy(&self, position: &Position, pit: Pit) -> bool {
        position.seeds_taken(pit) > 0
    }

    fn book(&self, position: &Position) -> Option<&Book<Position>> {
        book(position.rule_set())
    }
}

/// The opening book of `rules`, if awe has one: built by `examples/book_awele.rs` into `books/`,
/// read once.
pub fn book(rules: RuleSet) -> Option<&'static Book<Position>> {
    static AWECHEC: OnceLock<Option<Book<Position>>> = OnceLock::new();
    let (cell, text) = match rules {
        RuleSet::Awechec => (&AWECHEC, include_str!("../books/awele-awechec.book")),
        _ => return None,
    };
    // A test reads every book: one that does not read is a bug of the build, and the engine
    // then plays without it.
    cell.get_or_init(|| Book::parse(text, &Position::new(rules)).ok()).as_ref()
}
