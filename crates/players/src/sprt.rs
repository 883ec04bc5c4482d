//! The sequential probability ratio test of engine development: play games until the results
//! show, at the chosen error rates, that a change is worth at least `elo1` or at most `elo0`, and
//! the Elo difference with its error bar.
//!
//! The log-likelihood ratio is the generalized SPRT's normal approximation on the score of each
//! game (a win 1, a draw ½, a loss 0), as chess engines' testing frameworks compute it with the
//! logistic Elo scale.

/// The test: the two hypotheses in Elo, and the error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    /// The chance of accepting a change that is no better than `elo0`.
    pub alpha: f64,
    /// The chance of rejecting a change that is `elo1` better.
    pub beta: f64,
}

/// What the games so far say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The change is at least `elo1` better (H1).
    Better,
    /// The change is at most `elo0` better (H0).
    NotBetter,
    /// Play on.
    Continue,
}

/// Wins, draws and losses of the player tested.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Results {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Results {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The mean score and the variance of one game's score.
    fn score(&self) -> Option<(f64, f64)> {
        let n = self.games() as f64;
        if n == 0.0 {
            return None;
        }
        let (w, d, l) = (self.wins as f64 / n, self.draws as f64 / n, self.losses as f64 / n);
        let s = w + d / 2.0;
        let var = w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2);
        Some((s, var))
    }

    /// The Elo difference and the half-width of its 95 % interval (`None` until it means
    /// something: games of both outcomes).
    pub fn elo(&self) -> Option<(f64, f64)> {
        let (s, var) = self.score()?;
        if s <= 0.0 || s >= 1.0 {
            return None;
        }
        let margin = 1.96 * (var / self.games() as f64).sqrt();
        let (low, high) = (elo((s - margin).max(1e-6)), elo((s + margin).min(1.0 - 1e-6)));
        Some((elo(s), (high - low) / 2.0))
    }
}

/// The Elo difference of a mean score.
fn elo(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The mean score of an Elo difference.
fn expected(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Sprt {
    /// The log-likelihood ratio of the results.
    pub fn llr(&self, results: &Results) -> f64 {
        if results.games() == 0 {
            return 0.0;
        }
        // Half a game of each outcome more, for the mean and the spread only: without them the
        // first games, all alike (two wins, say), would show no spread, and the test would
        // decide on nothing.
        let regular = Results {
            wins: 2 * results.wins + 1,
            draws: 2 * results.draws + 1,
            losses: 2 * results.losses + 1,
        };
        let Some((s, var)) = regular.score() else { return 0.0 };
        let (s0, s1) = (expected(self.elo0), expected(self.elo1));
        results.games() as f64 * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
    }

    /// The bounds of the ratio: below the first H0 is accepted, above the second H1.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    pub fn verdict(&self, results: &Results) -> Verdict {
        let llr = self.llr(results);
        let (low, high) = self.bounds();
        if llr >= high {
            Verdict::Better
        } else if llr <= low {
            Verdict::NotBetter
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clear_results_end_the_test_and_even_ones_go_on() {
        let sprt = Sprt { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05 };
        let (low, high) = sprt.bounds();
        assert!((low + 2.944).abs() < 0.01 && (high - 2.944).abs() < 0.01);
        let even = Results { wins: 50, draws: 100, losses: 50 };
        assert_eq!(sprt.verdict(&even), Verdict::Continue);
        let strong = Results { wins: 300, draws: 200, losses: 100 };
        assert_eq!(sprt.verdict(&strong), Verdict::Better);
        let weak = Results { wins: 100, draws: 200, losses: 300 };
        assert_eq!(sprt.verdict(&weak), Verdict::NotBetter);
        // The first games alike decide nothing; many do.
        assert_eq!(sprt.verdict(&Results { wins: 2, draws: 0, losses: 0 }), Verdict::Continue);
        assert_eq!(sprt.verdict(&Results { wins: 6, draws: 0, losses: 0 }), Verdict::Continue);
        assert_eq!(sprt.verdict(&Results { wins: 200, draws: 0, losses: 0 }), Verdict::Better);
        assert_eq!(sprt.verdict(&Results { wins: 0, draws: 0, losses: 200 }), Verdict::NotBetter);
        // 75 % is about 191 Elo.
        let (elo, error) = Results { wins: 75, draws: 0, losses: 25 }.elo().unwrap();
        assert!((elo - 190.8).abs() < 0.5, "{elo}");
        assert!(error > 50.0 && error < 120.0, "{error}");
        assert_eq!(Results { wins: 3, draws: 0, losses: 0 }.elo(), None);
        // Nothing but wins decides too.
        assert_eq!(sprt.verdict(&Results { wins: 40, draws: 0, losses: 0 }), Verdict::Better);
    }
}
