//! Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013), one rating period a
//! game, as lichess rates its games: a player's rating, how sure it is (the deviation) and how
//! erratic the player is (the volatility).
//!
//! ```
//! use awe_site_core::rating::Rating;
//!
//! let (a, b) = (Rating::default(), Rating::default());
//! let a_won = a.after(&b, 1.0);
//! assert!(a_won.rating > 1500.0 && a_won.deviation < 350.0);
//! ```

/// Glicko-2's scale: a rating point is this many Glicko-2 units.
const SCALE: f64 = 173.7178;

/// How much the volatility may change a period (Glickman suggests 0.3 to 1.2; lichess 0.75).
const TAU: f64 = 0.75;

/// The deviation never falls below this, so that a rating keeps moving.
const MIN_DEVIATION: f64 = 45.0;

/// A new player's deviation, and the most any deviation grows to.
pub const MAX_DEVIATION: f64 = 350.0;

/// A rating whose deviation is above this is provisional (shown with a `?`).
pub const PROVISIONAL: f64 = 110.0;

/// A player's rating in one category (read from the database by its columns' names).
#[derive(Clone, Copy, Debug, PartialEq, sqlx::FromRow)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Rating {
    /// A new player: 1500 ± 350, volatility 0.06.
    fn default() -> Rating {
        Rating { rating: 1500.0, deviation: MAX_DEVIATION, volatility: 0.06 }
    }
}

impl Rating {
    /// The rating after one game against `opponent` (as rated before the game), `score` being 1
    /// for a win, 0.5 for a draw, 0 for a loss.
    pub fn after(&self, opponent: &Rating, score: f64) -> Rating {
        self.after_period(&[(*opponent, score)])
    }

    /// The rating after a rating period of `games` (each an opponent and a score); with none,
    /// only the deviation grows.
    pub fn after_period(&self, games: &[(Rating, f64)]) -> Rating {
        self.update(games, TAU)
    }

    /// Glicko-2's steps 2 to 8 with the system constant `tau`.
    fn update(&self, games: &[(Rating, f64)], tau: f64) -> Rating {
        // Step 2: to the Glicko-2 scale.
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        if games.is_empty() {
            let phi = (phi * phi + sigma * sigma).sqrt();
            return Rating { deviation: (phi * SCALE).min(MAX_DEVIATION), ..*self };
        }
        let g =
            |phi_j: f64| 1.0 / (1.0 + 3.0 * phi_j * phi_j / (std::f64::consts::PI.powi(2))).sqrt();
        let expected = |mu_j: f64, phi_j: f64| 1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp());
        // Step 3 and 4: the estimated variance and improvement.
        let (mut v_inverse, mut sum) = (0.0, 0.0);
        for (opponent, score) in games {
            let mu_j = (opponent.rating - 1500.0) / SCALE;
            let phi_j = opponent.deviation / SCALE;
            let e = expected(mu_j, phi_j);
            v_inverse += g(phi_j).powi(2) * e * (1.0 - e);
            sum += g(phi_j) * (score - e);
        }
        let v = 1.0 / v_inverse;
        let delta = v * sum;
        // Step 5: the new volatility, by the Illinois algorithm.
        let a = (sigma * sigma).ln();
        let f = |x: f64| {
            let ex = x.exp();
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
                - (x - a) / (tau * tau)
        };
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * tau) < 0.0 {
                k += 1.0;
            }
            a - k * tau
        };
        let (mut f_a, mut f_b) = (f(big_a), f(big_b));
        for _ in 0..100 {
            if (big_b - big_a).abs() <= 1e-6 {
                break;
            }
            let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
            let f_c = f(c);
            if f_c * f_b <= 0.0 {
                (big_a, f_a) = (big_b, f_b);
            } else {
                f_a /= 2.0;
            }
            (big_b, f_b) = (c, f_c);
        }
        let sigma = (big_a / 2.0).exp();
        // Steps 6 to 8: the new deviation and rating, back on the usual scale.
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu = mu + phi * phi * sum;
        Rating {
            rating: 1500.0 + mu * SCALE,
            deviation: (phi * SCALE).clamp(MIN_DEVIATION, MAX_DEVIATION),
            volatility: sigma,
        }
    }

    /// Whether the rating is still provisional (too few games to be sure of it).
    pub fn is_provisional(&self) -> bool {
        self.deviation > PROVISIONAL
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Glickman's worked example: a player of 1500 ± 200 (volatility 0.06) beats a 1400 ± 30,
    /// loses to a 1550 ± 100 and to a 1700 ± 300, with τ = 0.5.
    #[test]
    fn glickmans_example() {
        let player = Rating { rating: 1500.0, deviation: 200.0, volatility: 0.06 };
        let games = [
            (Rating { rating: 1400.0, deviation: 30.0, volatility: 0.06 }, 1.0),
            (Rating { rating: 1550.0, deviation: 100.0, volatility: 0.06 }, 0.0),
            (Rating { rating: 1700.0, deviation: 300.0, volatility: 0.06 }, 0.0),
        ];
        let after = player.update(&games, 0.5);
        assert!((after.rating - 1464.06).abs() < 0.05, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.05, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.0001, "{after:?}");
    }

    #[test]
    fn a_win_raises_a_loss_lowers_a_draw_between_equals_changes_little() {
        let (a, b) = (Rating::default(), Rating::default());
        let won = a.after(&b, 1.0);
        let lost = b.after(&a, 0.0);
        let drawn = a.after(&b, 0.5);
        assert!(won.rating > 1600.0 && lost.rating < 1400.0, "{won:?} {lost:?}");
        // Two new players: the changes mirror each other.
        assert!((won.rating - 1500.0 + lost.rating - 1500.0).abs() < 1e-6);
        assert!((drawn.rating - 1500.0).abs() < 1e-6);
        // Each game makes the rating surer.
        assert!(won.deviation < 350.0 && drawn.deviation < 350.0);
        // An upset moves more than the expected result.
        let strong = Rating { rating: 2000.0, deviation: 60.0, volatility: 0.06 };
        let weak = Rating { rating: 1400.0, deviation: 60.0, volatility: 0.06 };
        let upset = strong.after(&weak, 0.0).rating - strong.rating;
        let expected = strong.after(&weak, 1.0).rating - strong.rating;
        assert!(-upset > 5.0 * expected, "{upset} {expected}");
        assert!(!strong.is_provisional() && Rating::default().is_provisional());
    }

    #[test]
    fn many_games_keep_the_numbers_finite_and_bounded() {
        let mut a = Rating::default();
        let b = Rating { rating: 1700.0, deviation: 80.0, volatility: 0.06 };
        for i in 0..500 {
            a = a.after(&b, [1.0, 0.0, 0.5][i % 3]);
            assert!(a.rating.is_finite() && a.volatility.is_finite(), "{a:?}");
            assert!((MIN_DEVIATION..=MAX_DEVIATION).contains(&a.deviation), "{a:?}");
        }
        // Scoring a half on average against a 1700 brings the rating near 1700.
        assert!((a.rating - 1700.0).abs() < 100.0, "{a:?}");
        assert!(a.after_period(&[]).deviation > a.deviation);
    }
}
