//! The time a search spends. A budget is of one of two kinds:
//!
//! - **this move's alone** (`go movetime`, a match's time a move): what is left of it is lost, so
//!   the search spends all of it but a [`margin`], stopping inside a depth with the best move
//!   found so far;
//! - **a share of a clock** (`go wtime …`, the site's computer): what is saved is time for later
//!   moves. The search stops at the budget (the hard limit) whatever it is doing, and starts no
//!   new depth past a share of it (the soft limit): a depth that cannot end in time still
//!   searches the best move of the last one first, and may find a better one. The soft limit
//!   moves with the search: further when the score falls from one depth to the next (the
//!   position is harder than it looked), nearer when the best move stays the same depth after
//!   depth.
//!
//! Time is read from a [`Clock`]: the wall clock, or, in tests, the nodes searched at a fixed
//! speed, so that what a search spends can be checked exactly.

use std::time::{Duration, Instant};

/// Where a search reads the time.
#[derive(Clone, Copy, Debug)]
pub enum Clock {
    /// The wall clock.
    Real(Instant),
    /// The nodes searched, at this many a second: a clock that tests can trust.
    Nodes(u64),
}

impl Clock {
    /// The time spent since the search started, `nodes` having been searched.
    pub fn elapsed(&self, nodes: u64) -> Duration {
        match *self {
            Clock::Real(started) => started.elapsed(),
            Clock::Nodes(per_second) => {
                Duration::from_secs_f64(nodes as f64 / per_second.max(1) as f64)
            }
        }
    }
}

/// What a search keeps back from a budget that is this move's alone: the time to stop, answer
/// and be read, a twentieth of the budget and at most 30 ms.
pub fn margin(budget: Duration) -> Duration {
    (budget / 20).min(Duration::from_millis(30))
}

/// The share of the budget past which no depth starts, at first.
const SOFT: f64 = 0.5;

/// The share when the score fell at the last depth.
const FALLING: f64 = 0.8;

/// The share when the best move stayed the same six depths in a row.
pub const STABLE: f64 = 0.35;

/// How a search spends its budget.
#[derive(Clone, Copy, Debug)]
pub struct TimeManager {
    budget: Duration,
    /// Whether the budget is this move's alone: then it is all spent, less the margin.
    spend_all: bool,
    /// The current soft limit, as a share of the budget.
    soft: f64,
    /// The best move's and score of the last depth, and how many depths in a row it stayed.
    last_score: Option<i32>,
    stable: u32,
}

impl TimeManager {
    /// A budget that is a share of a clock.
    pub fn new(budget: Duration) -> TimeManager {
        TimeManager { budget, spend_all: false, soft: SOFT, last_score: None, stable: 0 }
    }

    /// A budget that is this move's alone.
    pub fn spend_all(budget: Duration) -> TimeManager {
        TimeManager { spend_all: true, ..TimeManager::new(budget) }
    }

    /// The hard limit: the search stops there, inside a depth if need be.
    pub fn hard(&self) -> Duration {
        if self.spend_all { self.budget - margin(self.budget) } else { self.budget }
    }

    /// Whether a new depth may start, `elapsed` spent.
    pub fn may_start_depth(&self, elapsed: Duration) -> bool {
        if self.spend_all {
            elapsed < self.hard()
        } else {
            elapsed < self.budget.mul_f64(self.soft)
        }
    }

    /// A depth ended with `score`; `same_best` tells whether its best move is the last depth's.
    pub fn depth_done(&mut self, score: i32, same_best: bool) {
        self.stable = if same_best { self.stable + 1 } else { 0 };
        let falling = self.last_score.is_some_and(|last| score < last - 30);
        self.soft = if falling {
            // A falling score: look further, nearly to the whole budget.
            FALLING
        } else if self.stable >= 6 {
            // The same move depth after depth: the rest of the budget would change little.
            STABLE
        } else {
            SOFT
        };
        self.last_score = Some(score);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_soft_limit_follows_the_score_and_the_best_move() {
        let budget = Duration::from_millis(1000);
        let mut time = TimeManager::new(budget);
        assert!(time.may_start_depth(Duration::from_millis(499)));
        assert!(!time.may_start_depth(Duration::from_millis(500)));
        time.depth_done(100, false);
        time.depth_done(20, true);
        // The score fell: later depths may still start.
        assert!(time.may_start_depth(Duration::from_millis(700)));
        for _ in 0..6 {
            time.depth_done(20, true);
        }
        assert!(!time.may_start_depth(Duration::from_millis(350)));
        assert!(time.may_start_depth(Duration::from_millis(349)));
        assert_eq!(time.hard(), budget);
        assert_eq!(Clock::Nodes(1000).elapsed(500), Duration::from_millis(500));
    }

    #[test]
    fn a_budget_that_is_the_moves_alone_is_spent_but_the_margin() {
        let mut time = TimeManager::spend_all(Duration::from_millis(300));
        assert_eq!(time.hard(), Duration::from_millis(285));
        for _ in 0..8 {
            time.depth_done(20, true);
            assert!(time.may_start_depth(Duration::from_millis(284)));
            assert!(!time.may_start_depth(Duration::from_millis(285)));
        }
        assert_eq!(margin(Duration::from_secs(1)), Duration::from_millis(30));
        assert_eq!(margin(Duration::from_millis(20)), Duration::from_millis(1));
    }
}
