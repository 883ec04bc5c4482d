//! Scores: in the side to move's view, in the evaluation's units, with wins and losses far above
//! any evaluation and nearer ones scored higher.

/// A score: positive is good for the side to move.
pub type Score = i32;

/// The score of a win now; a win `n` plies away scores `WIN - n`.
pub const WIN: Score = 1_000_000;

/// Above any score.
pub const INFINITY: Score = WIN + 1;

/// A game known to be won from a database, but not how many plies away: above any evaluation,
/// below the wins the search sees to their end.
pub const KNOWN_WIN: Score = 100_000;

/// Scores at least this far from 0 are wins or losses.
pub const DECIDED: Score = WIN - 10_000;

/// Whether a score is a won or lost game found by the search.
pub fn is_decided(score: Score) -> bool {
    score.abs() >= DECIDED
}

/// Plies to the end of a decided game, from its score.
pub fn plies_to_end(score: Score) -> Option<i32> {
    is_decided(score).then(|| WIN - score.abs())
}

/// A score as a person reads it: `win in 5`, `loss in 4`, or the evaluation in its units with a
/// sign.
pub fn describe(score: Score) -> String {
    match plies_to_end(score) {
        Some(plies) if score > 0 => format!("win in {plies}"),
        Some(plies) => format!("loss in {plies}"),
        None if score >= KNOWN_WIN => format!("known win {:+}", score - KNOWN_WIN),
        None if score <= -KNOWN_WIN => format!("known loss {:+}", score + KNOWN_WIN),
        None => format!("{score:+}"),
    }
}
