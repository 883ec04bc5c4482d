//! Random playouts: games played to the end with uniformly random legal moves.

use rand::Rng;

use crate::repetition::Seen;
use crate::{Game, Outcome, Position};

/// A finished random game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout {
    /// How it ended.
    pub outcome: Outcome,
    /// Moves played.
    pub plies: u32,
}

/// Plays uniformly random legal moves from `start` until the game ends, applying every rule that
/// ends a game by itself (including repetition). `seen` is scratch space, reused across calls so
/// that a run of playouts allocates only once.
pub fn random_playout<P: Position, R: Rng + Clone>(
    start: &P,
    rng: &mut R,
    seen: &mut Seen<P>,
) -> Playout {
    // A copy of the generator lives in registers for the game, and is handed back at the end.
    let mut local = rng.clone();
    let playout = play_out(start, &mut local, seen);
    *rng = local;
    playout
}

fn play_out<P: Position, R: Rng>(start: &P, rng: &mut R, seen: &mut Seen<P>) -> Playout {
    seen.clear();
    seen.insert(start);
    let mut position = start.clone();
    let mut plies = 0;
    loop {
        let Some(mv) = position.random_move(rng) else {
            // No move means the position itself ends the game.
            debug_assert!(position.outcome().is_some(), "no legal move but not over: {position:?}");
            let outcome = position.outcome().unwrap_or_else(|| position.outcome_on_agreement());
            return Playout { outcome, plies };
        };
        position = position.play(mv);
        plies += 1;
        if seen.insert(&position) {
            return Playout { outcome: position.outcome_on_repetition(), plies };
        }
    }
}

/// A game from `start` with uniformly random legal moves, kept move by move, until it ends or
/// `max_plies` moves are played.
pub fn random_game<P: Position, R: Rng + ?Sized>(
    start: P,
    rng: &mut R,
    max_plies: usize,
) -> Game<P> {
    let mut game = Game::new(start);
    while game.outcome().is_none() && game.moves().len() < max_plies {
        match game.current().random_move(rng) {
            // A drawn move is legal.
            Some(mv) => {
                let _ = game.play(mv);
            }
            None => break,
        }
    }
    game
}
