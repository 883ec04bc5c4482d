//! What the solver's tests share.

use awe_awithlaknannai::{Position, Settings};
use awe_game::Side;
use rand::Rng;
use rand::rngs::SmallRng;

/// A random position of `pieces` pieces (both sides have one) gathered in a stretch of `window`
/// points of the board, so that captures come soon; `None` if it is over already.
pub fn random_position(
    settings: Settings,
    pieces: usize,
    window: usize,
    rng: &mut SmallRng,
) -> Option<Position> {
    let all: Vec<_> = settings.board.points().collect();
    let start = rng.random_range(0..all.len());
    let window: Vec<_> = (0..window).map(|i| all[(start + i * 3) % all.len()]).collect();
    let mut sets = [0u64; 2];
    let mut placed = 0;
    while placed < pieces {
        let point = window[rng.random_range(0..window.len())];
        if (sets[0] | sets[1]) & point.bit() != 0 {
            continue;
        }
        let side = if placed < 2 { placed } else { rng.random_range(0..2) };
        sets[side] |= point.bit();
        placed += 1;
    }
    let turn = if rng.random_bool(0.5) { Side::WHITE } else { Side::BLACK };
    let position = Position::from_pieces(sets, turn, settings).ok()?;
    position.outcome().is_none().then_some(position)
}
