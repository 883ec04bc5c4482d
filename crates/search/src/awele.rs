//! Awélé's evaluation: the seed difference first, then what strong programs weigh: seeds kept on
//! one's own side (they are still to be won there), pits that will lap the board (kroo), the
//! opponent's pits with one or two seeds (to be captured), and mobility.

use awe_awele::{MoveList, Pit, Position, RuleSet};
use awe_game::Position as _;

use std::sync::{Arc, OnceLock};

use crate::awele_net::Network;
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
    network: Option<Arc<Network>>,
}

impl AweleEval {
    /// The evaluation with an endgame database.
    pub fn with_endgame(endgame: Arc<Endgame>) -> AweleEval {
        AweleEval { endgame: Some(endgame), network: None }
    }

    /// The evaluation with a learned network added to it, under the network's rule set (see
    /// [`crate::awele_net`]); other rule sets' positions are evaluated without it.
    pub fn with_network(self, network: Arc<Network>) -> AweleEval {
        AweleEval { network: Some(network), ..self }
    }
}

/// What the evaluation looks at in a position, in the side to move's view, each side's count
/// apart (the side to move plays first, so its weaknesses and the other side's do not weigh the
/// same): a line of numbers that the rule set's weights turn into a score.
/// `examples/tune_awele.rs` fits the weights to the results of self-play games.
pub type Features = [Score; FEATURES];

/// How many features.
pub const FEATURES: usize = 25;

/// The names of the features, in order (for the tuner's report).
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "seeds captured (difference)",
    "my pits of 12 or more (mask)",
    "their pits of 12 or more (mask)",
    "my pits of 1 or 2",
    "their pits of 1 or 2",
    "my empty pits",
    "their empty pits",
    "my moves",
    "my seeds in pit 1",
    "my seeds in pit 2",
    "my seeds in pit 3",
    "my seeds in pit 4",
    "my seeds in pit 5",
    "my seeds in pit 6",
    "their seeds in pit 1",
    "their seeds in pit 2",
    "their seeds in pit 3",
    "their seeds in pit 4",
    "their seeds in pit 5",
    "their seeds in pit 6",
    "their best capture",
    "my best capture",
    "my seeds sown past my row",
    "their seeds sown past their row",
    "to move",
];

/// What each feature is worth; a seed captured is [`SEED`]. Fitted under `awechec` (and used for
/// `awari`) with one weight for both sides' counts: the mirror pairs are opposite.
pub const WEIGHTS: Features = [
    SEED, 5, -5, 13, -13, -72, 72, 3, 9, 12, 6, 1, 4, -13, -9, -12, -6, -1, -4, 13, 0, 0, 0, 0, -60,
];

/// The weights fitted under `abapa`, each side's counts apart, for a full board (48 seeds), and
/// [`ABAPA_END_WEIGHTS`] for an empty one: `AWE_CACHE=DIR tune_awele 6000 8 abapa 2 12 20`
/// (BENCHMARKS.md), its games played with the flat weights before these. 599,392 quiet positions,
/// a third of them also searched to depth 12, those the 20-seed database decides labelled by it;
/// the loss from 0.48567 (the flat weights) to 0.47451.
pub const ABAPA_WEIGHTS: Features = [
    SEED, -6, 5, 0, 10, 203, 26, 233, 7, 6, 14, 20, 33, 44, -39, -38, -45, -52, -63, -74, -20, 29,
    -37, 34, -622,
];

/// The weights fitted under `abapa` for an empty board: see [`ABAPA_WEIGHTS`].
pub const ABAPA_END_WEIGHTS: Features = [
    SEED, 45, -53, 82, -35, 3, 131, 66, 45, 67, 45, 27, 11, -17, -51, -82, -55, -37, -13, 22, -38,
    -21, -74, 43, -838,
];

/// The weights of a rule set: those of a full board (48 seeds) and those of an empty one, the
/// evaluation blending them by the seeds on the board, as chess engines taper from the middle
/// game to the endgame: under `abapa` a game that stalls ends with each side taking its own row,
/// so what a seed on a row is worth changes as the seeds come off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    pub full: Features,
    pub empty: Features,
    /// Whether the two sets differ, and whether either weighs the look-ahead features (20 to
    /// 23): found once, when the weights are made, not at every evaluation.
    tapered: bool,
    look_ahead: bool,
}

impl Weights {
    /// The same weights whatever the seeds on the board.
    pub const fn flat(weights: Features) -> Weights {
        Weights::tapered(weights, weights)
    }

    /// A full board's weights and an empty board's.
    pub const fn tapered(full: Features, empty: Features) -> Weights {
        let (mut tapered, mut look_ahead) = (false, false);
        let mut i = 0;
        while i < FEATURES {
            tapered |= full[i] != empty[i];
            look_ahead |= i >= 20 && i < 24 && (full[i] != 0 || empty[i] != 0);
            i += 1;
        }
        Weights { full, empty, tapered, look_ahead }
    }

    /// The score of `f`, a position's features with `seeds` on the board (at most 48).
    pub fn score(&self, f: &Features, seeds: u32) -> Score {
        let full: Score = f.iter().zip(&self.full).map(|(f, w)| f * w).sum();
        if !self.tapered {
            return full;
        }
        let empty: Score = f.iter().zip(&self.empty).map(|(f, w)| f * w).sum();
        let seeds = seeds.min(48) as Score;
        (full * seeds + empty * (48 - seeds)) / 48
    }
}

/// The weights of a rule set.
pub fn weights(rules: RuleSet) -> &'static Weights {
    static AWECHEC: Weights = Weights::flat(WEIGHTS);
    static ABAPA: Weights = Weights::tapered(ABAPA_WEIGHTS, ABAPA_END_WEIGHTS);
    match rules {
        RuleSet::Abapa => &ABAPA,
        _ => &AWECHEC,
    }
}

/// The most seeds `side` would capture with one move if it were its turn on `board` (a grand
/// slam counted as any capture): a threat the side to move must meet, or an opportunity.
fn best_capture(board: &awe_awele::Board, side: awe_game::Side) -> Score {
    (0..6)
        .map(|k| Pit::of(side, k))
        .filter(|&pit| board.seeds(pit) > 0)
        .map(|pit| board.sow_and_capture(pit).1.seeds as Score)
        .max()
        .unwrap_or(0)
}

/// The seeds of `side`'s pits that sowing would carry past its own row.
fn sown_past_row(board: &awe_awele::Board, side: awe_game::Side) -> Score {
    (0..6).map(|k| (board.seeds(Pit::of(side, k)) as Score - (5 - k as Score)).max(0)).sum()
}

/// The features of `position` (not over).
pub fn features(position: &Position) -> Features {
    features_with(position, true)
}

/// The features of `position`, those of the capture and sowing look-ahead (20 to 23) left at 0
/// unless `look_ahead`: rule sets whose weights for them are 0 need not pay for them.
fn features_with(position: &Position, look_ahead: bool) -> Features {
    let me = position.turn();
    let them = me.opponent();
    let board = position.board();
    let mut f = [0; FEATURES];
    f[0] = position.captured(me) as Score - position.captured(them) as Score;
    // A pit of twelve or more seeds laps the board and can take many at once. The value is the
    // pits' mask (the k-th pit from the left 2^k), as the weights were fitted and measured with
    // it, not a count: a count is yet to be tried in a match.
    f[1] = board.pits_with_at_least(me, 12) as Score;
    f[2] = board.pits_with_at_least(them, 12) as Score;
    for k in 0..6 {
        let (mine, theirs) = (board.seeds(Pit::of(me, k)), board.seeds(Pit::of(them, k)));
        // Pits of one or two seeds are what captures take.
        f[3] += matches!(mine, 1 | 2) as Score;
        f[4] += matches!(theirs, 1 | 2) as Score;
        f[5] += (mine == 0) as Score;
        f[6] += (theirs == 0) as Score;
        // Seeds on one's own row are not yet lost, and worth more or less by where they lie.
        f[8 + k] = mine as Score;
        f[14 + k] = theirs as Score;
    }
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    f[7] = moves.len() as Score;
    if look_ahead {
        f[20] = best_capture(board, them);
        f[21] = best_capture(board, me);
        f[22] = sown_past_row(board, me);
        f[23] = sown_past_row(board, them);
    }
    f[24] = 1;
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
        let weights = weights(position.rule_set());
        let f = features_with(position, weights.look_ahead);
        let score = weights.score(&f, position.board().total() as u32);
        match &self.network {
            Some(net) if net.rules() == position.rule_set() => score + net.evaluate(position),
            _ => score,
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use awe_awele::Board;
    use awe_game::Side;
    use proptest::prelude::*;

    /// `position` seen from the other side: the rows, the captures and the turn swapped.
    fn mirror(position: &Position) -> Position {
        let pits = position.board().pits();
        let mut swapped = [0; 12];
        swapped[..6].copy_from_slice(&pits[6..]);
        swapped[6..].copy_from_slice(&pits[..6]);
        let captured = [position.captured(Side::North), position.captured(Side::South)];
        let turn = position.turn().opponent();
        Position::from_parts(Board::from_pits(swapped), captured, turn, position.rule_set())
            .expect("a mirrored position keeps its seeds")
    }

    fn at(pits: [u8; 12], turn: Side) -> Position {
        let on_board: u8 = pits.iter().sum();
        Position::from_parts(Board::from_pits(pits), [48 - on_board, 0], turn, RuleSet::Abapa)
            .expect("a position of 48 seeds")
    }

    #[test]
    fn the_counts_are_the_side_to_moves_and_the_others() {
        // South to move: A 1, B 0, C 2, D 13, E 4, F 1; North: a 2, b 0, c 0, d 3, e 1, f 0.
        let position = at([1, 0, 2, 13, 4, 1, 2, 0, 0, 3, 1, 0], Side::South);
        let f = features(&position);
        // D, the fourth pit from the left, in the mask of pits of 12 or more.
        assert_eq!((f[1], f[2]), (1 << 3, 0), "pits of 12 or more");
        assert_eq!((f[3], f[4]), (3, 2), "pits of 1 or 2");
        assert_eq!((f[5], f[6]), (1, 3), "empty pits");
        assert_eq!(f[8..14], [1, 0, 2, 13, 4, 1]);
        assert_eq!(f[14..20], [2, 0, 0, 3, 1, 0]);
        // South's F sows its seed into a (2 -> 3) and takes 3; North's d sows e, f and A
        // (1 -> 2) and takes 2.
        assert_eq!(f[21], 3, "South's best capture");
        assert_eq!(f[20], 2, "North's best capture");
        // Past one's own row: D's 13 less the 2 pits after it, E's 4 less 1, F's 1 less 0.
        assert_eq!(f[22], 11 + 3 + 1);
        // d's 3 less 2, e's 1 less 1.
        assert_eq!(f[23], 1);
        assert_eq!(f[24], 1);
    }

    proptest! {
        /// The features belong to the side to move, not to South or North: a position and its
        /// mirror image, the other side to move, have the same.
        #[test]
        fn features_do_not_depend_on_the_sides_name(seed: u64, plies in 0usize..60) {
            use rand::{SeedableRng, rngs::SmallRng};
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut position = Position::new(RuleSet::Abapa);
            for _ in 0..plies {
                match position.random_move(&mut rng) {
                    Some(mv) if position.outcome().is_none() => position = position.play(mv),
                    _ => break,
                }
            }
            prop_assume!(position.outcome().is_none());
            prop_assert_eq!(features(&position), features(&mirror(&position)));
        }
    }

    #[test]
    fn tapered_weights_are_the_full_boards_at_48_seeds_and_the_empty_boards_at_0() {
        let position = at([1, 0, 2, 13, 4, 1, 2, 0, 0, 3, 1, 0], Side::South);
        let f = features(&position);
        let dot = |w: &Features| f.iter().zip(w).map(|(f, w)| f * w).sum::<Score>();
        let abapa = weights(RuleSet::Abapa);
        assert_eq!(abapa.score(&f, 48), dot(&ABAPA_WEIGHTS));
        assert_eq!(abapa.score(&f, 0), dot(&ABAPA_END_WEIGHTS));
        let (low, high) = (
            dot(&ABAPA_WEIGHTS).min(dot(&ABAPA_END_WEIGHTS)),
            dot(&ABAPA_WEIGHTS).max(dot(&ABAPA_END_WEIGHTS)),
        );
        assert!((low..=high).contains(&abapa.score(&f, 27)));
        let flat = weights(RuleSet::Awechec);
        for seeds in [0, 27, 48] {
            assert_eq!(flat.score(&f, seeds), dot(&WEIGHTS));
        }
    }

    /// The weights written with one weight for both sides give the same score from either side's
    /// counts: each pair is opposite, so the score is the side's minus the other's.
    #[test]
    fn the_awechec_weights_are_a_difference() {
        let pits = (8..14).map(|k| (k, k + 6));
        for (mine, theirs) in [(1, 2), (3, 4), (5, 6)].into_iter().chain(pits) {
            assert_eq!(WEIGHTS[mine], -WEIGHTS[theirs], "{}", FEATURE_NAMES[mine]);
        }
    }
}
