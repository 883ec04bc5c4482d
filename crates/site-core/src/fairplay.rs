//! What keeps outside help from the players of a game between two people while it runs, on the
//! site's own channels: the addresses that hold a seat in such a game, as this server saw them
//! (the seat's socket, its chat). From those addresses, with or without cookies, nothing is told
//! of the game's spectators' chat, nor of the chat of the tournament the game is in, and no
//! engine analyses the game's position as it stands (see docs/server.md: what the site
//! guarantees, and what it cannot). The browsers and accounts of the players themselves get no
//! engine help at all (`http.rs`).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long an address stays a seat's without being seen again (a correspondence game is seen
/// again at each visit).
const KEPT: Duration = Duration::from_secs(24 * 3600);

/// At most this many addresses are kept (beyond, the oldest go).
const MOST: usize = 100_000;

/// A live game an address holds a seat in.
#[derive(Clone, Debug)]
struct Seat {
    game: String,
    tournament: Option<String>,
    seen: Instant,
}

/// The addresses that hold a seat in a live game between people, on this server.
#[derive(Debug, Default)]
pub struct Seats {
    by_address: Mutex<HashMap<String, Vec<Seat>>>,
    /// The position of each live game, as its room last wrote it.
    positions: Mutex<HashMap<String, String>>,
}

impl Seats {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Vec<Seat>>> {
        self.by_address.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// `address` holds a seat in `game` (of `tournament`), which is being played between people.
    pub fn sit(&self, address: &str, game: &str, tournament: Option<&str>) {
        let mut seats = self.lock();
        if seats.len() >= MOST && !seats.contains_key(address) {
            seats.retain(|_, s| s.iter().any(|s| s.seen.elapsed() < KEPT));
            if seats.len() >= MOST {
                let oldest = seats
                    .iter()
                    .min_by_key(|(_, s)| s.iter().map(|s| s.seen).max())
                    .map(|(a, _)| a.clone());
                if let Some(oldest) = oldest {
                    seats.remove(&oldest);
                }
            }
        }
        let mine = seats.entry(address.to_owned()).or_default();
        mine.retain(|s| s.game != game && s.seen.elapsed() < KEPT);
        let tournament = tournament.map(str::to_owned);
        mine.push(Seat { game: game.to_owned(), tournament, seen: Instant::now() });
    }

    /// `game`, played between people, stands at `position` (its text).
    pub fn moved(&self, game: &str, position: String) {
        let mut positions = self.positions.lock().unwrap_or_else(|p| p.into_inner());
        if positions.len() >= MOST && !positions.contains_key(game) {
            positions.clear();
        }
        positions.insert(game.to_owned(), position);
    }

    /// `game` is no longer played between people (over, aborted, withdrawn).
    pub fn ended(&self, game: &str) {
        let mut seats = self.lock();
        seats.retain(|_, mine| {
            mine.retain(|s| s.game != game);
            !mine.is_empty()
        });
        drop(seats);
        self.positions.lock().unwrap_or_else(|p| p.into_inner()).remove(game);
    }

    fn any(&self, address: &str, keep: impl Fn(&Seat) -> bool) -> bool {
        self.lock()
            .get(address)
            .is_some_and(|mine| mine.iter().any(|s| s.seen.elapsed() < KEPT && keep(s)))
    }

    /// Whether `address` holds a seat in `game`.
    pub fn plays(&self, address: &str, game: &str) -> bool {
        self.any(address, |s| s.game == game)
    }

    /// Whether `address` holds a seat in a game of `tournament`.
    pub fn plays_in(&self, address: &str, tournament: &str) -> bool {
        self.any(address, |s| s.tournament.as_deref() == Some(tournament))
    }

    /// Whether `address` holds a seat in a live game that stands at `position` (its text).
    pub fn plays_at(&self, address: &str, position: &str) -> bool {
        let positions = self.positions.lock().unwrap_or_else(|p| p.into_inner());
        self.any(address, |s| positions.get(&s.game).is_some_and(|p| p == position))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_is_known_until_its_game_ends() {
        let seats = Seats::default();
        seats.sit("10.0.0.1", "g1", Some("t1"));
        seats.sit("10.0.0.1", "g2", None);
        assert!(seats.plays("10.0.0.1", "g1") && seats.plays("10.0.0.1", "g2"));
        assert!(seats.plays_in("10.0.0.1", "t1"));
        assert!(!seats.plays("10.0.0.2", "g1"), "another address");
        assert!(!seats.plays_in("10.0.0.1", "t2"));
        seats.moved("g1", "1,2 S".into());
        seats.moved("g2", "3,4 N".into());
        assert!(seats.plays_at("10.0.0.1", "1,2 S") && seats.plays_at("10.0.0.1", "3,4 N"));
        assert!(!seats.plays_at("10.0.0.1", "5,6 S"), "another position");
        assert!(!seats.plays_at("10.0.0.2", "1,2 S"), "another address");
        seats.ended("g1");
        assert!(!seats.plays("10.0.0.1", "g1") && !seats.plays_in("10.0.0.1", "t1"));
        assert!(!seats.plays_at("10.0.0.1", "1,2 S") && seats.plays_at("10.0.0.1", "3,4 N"));
        seats.ended("g2");
        assert!(!seats.plays_at("10.0.0.1", "3,4 N"));
    }
}
