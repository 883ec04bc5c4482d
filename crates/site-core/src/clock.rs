//! The clocks of a game, kept by the server: minutes for the whole game and an increment a move,
//! or, for a correspondence game, days for each move (a move gives the mover's clock its days
//! again; time not used is not kept).
//!
//! A player's clock runs while the game waits for them, once they have made their first move:
//! a side's first move is timed apart, by the room (`room.rs`, `Stored::awaiting_first_move`),
//! which aborts the game if it does not come. A move stops the mover's clock, adds the increment,
//! and starts the clock of the side to act next, which may be the same side (an Awechec owner
//! deciding for the player who then moves); the room starts none for a side yet to move.

use std::time::{Duration, Instant};

use awe_game::Side;
use serde_json::{Value, json};

use crate::error::ApiError;
use crate::store::GameRow;

/// A day, in milliseconds.
pub const DAY_MS: i64 = 86_400_000;

/// The days a move a correspondence game may have, as lichess offers them.
pub const DAYS_PER_MOVE: [i64; 6] = [1, 2, 3, 5, 7, 14];

/// Both clocks of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    pub initial_ms: i64,
    pub increment_ms: i64,
    /// A correspondence clock: each move sets the mover's clock back to `initial_ms`.
    pub per_move: bool,
    /// Milliseconds left to South (White), then North, when `running` started.
    pub remaining: [i64; 2],
    /// The side whose clock runs, and since when.
    pub running: Option<(Side, Instant)>,
}

impl Clock {
    /// Fresh clocks: `initial_ms` each.
    pub fn new(initial_ms: i64, increment_ms: i64) -> Clock {
        Clock {
            initial_ms,
            increment_ms,
            per_move: false,
            remaining: [initial_ms; 2],
            running: None,
        }
    }

    /// A correspondence clock: `days` for each move.
    pub fn days_per_move(days: i64) -> Clock {
        Clock { per_move: true, ..Clock::new(days * DAY_MS, 0) }
    }

    /// The days a move of a correspondence clock.
    pub fn days(&self) -> Option<i64> {
        self.per_move.then_some(self.initial_ms / DAY_MS)
    }

    /// Milliseconds left to `side` at `now`.
    pub fn left(&self, side: Side, now: Instant) -> i64 {
        let mut left = self.remaining[side.index()];
        if let Some((running, since)) = self.running
            && running == side
        {
            left -= now.saturating_duration_since(since).as_millis() as i64;
        }
        left
    }

    /// When the running clock's flag falls, if one runs.
    pub fn flag_at(&self) -> Option<(Side, Instant)> {
        let (side, since) = self.running?;
        let left = self.remaining[side.index()].max(0) as u64;
        Some((side, since + Duration::from_millis(left)))
    }

    /// `mover` moved at `now`; `next` acts now, if the game goes on. Returns false if the mover's
    /// time had run out already (the move comes too late).
    pub fn moved(&mut self, mover: Side, next: Option<Side>, now: Instant) -> bool {
        let left = self.left(mover, now);
        if left <= 0 && self.running.is_some_and(|(side, _)| side == mover) {
            return false;
        }
        if self.per_move {
            self.remaining[mover.index()] = self.initial_ms;
        } else if self.running.is_some() {
            self.remaining[mover.index()] = left + self.increment_ms;
        }
        // The first move of the game starts the clocks, not the mover's.
        self.running = next.map(|side| (side, now));
        true
    }

    /// Stops both clocks (the game is over), keeping what is left.
    pub fn stop(&mut self, now: Instant) {
        if let Some((side, _)) = self.running {
            self.remaining[side.index()] = self.left(side, now).max(0);
        }
        self.running = None;
    }

    /// What is left to each side at `now`.
    pub fn snapshot(&self, now: Instant) -> [i64; 2] {
        [self.left(Side::South, now).max(0), self.left(Side::North, now).max(0)]
    }
}

/// A clock: minutes for the game and seconds a move, or days a move (correspondence).
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockSpec {
    #[serde(default)]
    minutes: f64,
    #[serde(default)]
    increment: f64,
    #[serde(default)]
    days: Option<i64>,
}

impl ClockSpec {
    /// The clock as a game row keeps it (initial and increment in milliseconds; a correspondence
    /// clock has its days as the initial time), and whether it is a correspondence clock.
    pub fn read(&self) -> Result<((i64, i64), bool), ApiError> {
        if let Some(days) = self.days {
            if !DAYS_PER_MOVE.contains(&days) {
                return Err(ApiError::bad("clock: days a move are 1, 2, 3, 5, 7 or 14"));
            }
            let clock = Clock::days_per_move(days);
            return Ok(((clock.initial_ms, 0), true));
        }
        let (minutes, increment) = (self.minutes, self.increment);
        let valid = |x: f64, most: f64| x.is_finite() && (0.0..=most).contains(&x);
        if !valid(minutes, 180.0) || !valid(increment, 180.0) || minutes * 60.0 + increment < 1.0 {
            return Err(ApiError::bad(
                "clock: minutes from 0 to 180 and an increment from 0 to 180 seconds, at least \
                 a second in all",
            ));
        }
        Ok((((minutes * 60_000.0) as i64, (increment * 1000.0) as i64), false))
    }
}

/// A game's clock as the lists show it: its minutes and increment, or its days a move.
pub fn clock_json(row: &GameRow) -> Option<Value> {
    row.clock.map(|(initial, increment)| {
        json!({
            "initial_ms": initial, "increment_ms": increment,
            "days": row.correspondence.then_some(initial / DAY_MS),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_run_for_the_side_to_act_and_gain_the_increment() {
        let t0 = Instant::now();
        let at = |ms| t0 + Duration::from_millis(ms);
        let mut clock = Clock::new(10_000, 1_000);
        // The first move is not timed.
        assert!(clock.moved(Side::South, Some(Side::North), at(5_000)));
        assert_eq!(clock.snapshot(at(5_000)), [10_000, 10_000]);
        assert!(clock.moved(Side::North, Some(Side::South), at(7_000)));
        assert_eq!(clock.snapshot(at(7_000)), [10_000, 9_000]);
        assert_eq!(clock.left(Side::South, at(10_000)), 7_000);
        assert_eq!(clock.flag_at(), Some((Side::South, at(17_000))));
        // Too late: the flag fell before the move.
        assert!(!clock.moved(Side::South, Some(Side::North), at(17_001)));
        clock.stop(at(18_000));
        assert_eq!(clock.snapshot(at(20_000)), [0, 9_000]);
    }

    #[test]
    fn a_correspondence_clock_gives_each_move_its_days_again() {
        let t0 = Instant::now();
        let at = |hours: u64| t0 + Duration::from_secs(hours * 3600);
        let mut clock = Clock::days_per_move(2);
        assert_eq!(clock.days(), Some(2));
        assert!(clock.moved(Side::South, Some(Side::North), at(1)));
        // North thinks a day and a half: what is left is not kept after the move.
        assert_eq!(clock.left(Side::North, at(37)), DAY_MS / 2);
        assert!(clock.moved(Side::North, Some(Side::South), at(37)));
        assert_eq!(clock.snapshot(at(37)), [2 * DAY_MS, 2 * DAY_MS]);
        assert_eq!(clock.flag_at(), Some((Side::South, at(37 + 48))));
        assert!(clock.moved(Side::South, Some(Side::North), at(38)));
        assert_eq!(clock.snapshot(at(38)), [2 * DAY_MS, 2 * DAY_MS]);
        // Two days and a minute: too late.
        assert!(!clock.moved(Side::North, Some(Side::South), at(38 + 49)));
        assert_eq!(Clock::new(60_000, 0).days(), None);
    }
}
