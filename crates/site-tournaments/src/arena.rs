//! The arena as lichess runs it: for a fixed time, players who are not in a game are paired again
//! at once, by score and rating; a win is 2 points, a draw 1; after two wins in a row a player
//! is "on fire" and scores double (4 a win, 2 a draw) until a game that is not a win; a player
//! who berserked (halved their clock) and won a game of at least seven moves gets a point more.

/// The plies a berserk win must last for its point (seven moves each, as lichess asks).
pub const BERSERK_PLIES: i64 = 14;

/// A game's result for a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

/// What a game brings a player with `streak` wins in a row before it: the points, and the streak
/// after it.
pub fn points(outcome: Outcome, streak: u32, berserk_bonus: bool) -> (u32, u32) {
    let fire = streak >= 2;
    match outcome {
        Outcome::Win => (if fire { 4 } else { 2 } + u32::from(berserk_bonus), streak + 1),
        Outcome::Draw => (if fire { 2 } else { 1 }, 0),
        Outcome::Loss => (0, 0),
    }
}

/// A player waiting for a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Waiting {
    pub id: String,
    pub score: u32,
    pub rating: f64,
    /// Their last opponent, whom they do not meet again at once if another pairing exists.
    pub last: Option<String>,
}

/// Pairs the waiting players: ranked by score then rating, each with the next, the next but one
/// instead where the next was their last opponent. An odd one waits for the next pairing.
pub fn pair(waiting: &[Waiting]) -> Vec<(usize, usize)> {
    let mut order: Vec<usize> = (0..waiting.len()).collect();
    order.sort_by(|&a, &b| {
        let (x, y) = (&waiting[a], &waiting[b]);
        y.score.cmp(&x.score).then(y.rating.total_cmp(&x.rating)).then(x.id.cmp(&y.id))
    });
    let mut pairs = Vec::new();
    while order.len() >= 2 {
        let a = order.remove(0);
        let again = |b: usize| {
            waiting[a].last.as_deref() == Some(&waiting[b].id)
                || waiting[b].last.as_deref() == Some(&waiting[a].id)
        };
        let at = order.iter().position(|&b| !again(b)).unwrap_or(0);
        pairs.push((a, order.remove(at)));
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streaks_double_and_berserk_adds_a_point() {
        assert_eq!(points(Outcome::Win, 0, false), (2, 1));
        assert_eq!(points(Outcome::Win, 1, false), (2, 2));
        assert_eq!(points(Outcome::Win, 2, false), (4, 3));
        assert_eq!(points(Outcome::Draw, 3, false), (2, 0));
        assert_eq!(points(Outcome::Draw, 1, false), (1, 0));
        assert_eq!(points(Outcome::Loss, 5, false), (0, 0));
        assert_eq!(points(Outcome::Win, 0, true), (3, 1));
        assert_eq!(points(Outcome::Win, 2, true), (5, 3));
    }

    #[test]
    fn neighbours_are_paired_but_not_last_opponents() {
        let w = |id: &str, score, last: Option<&str>| Waiting {
            id: id.into(),
            score,
            rating: 1500.0,
            last: last.map(Into::into),
        };
        let waiting = [
            w("a", 6, Some("b")),
            w("b", 5, Some("a")),
            w("c", 4, None),
            w("d", 0, None),
            w("e", 0, None),
        ];
        // a would meet b again: a meets c, b meets d; e waits.
        assert_eq!(pair(&waiting), [(0, 2), (1, 3)]);
        // Only the two who just met: they meet again rather than wait.
        assert_eq!(pair(&waiting[..2]), [(0, 1)]);
    }
}
