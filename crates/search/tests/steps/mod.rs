//! Each side stepping a piece away and back: the tests' way to repeat a position, or to let plies
//! pass without changing it.

use awe_awithlaknannai::{Move, Position};

/// The moves of `position` that capture nothing.
fn quiet(position: &Position) -> Vec<Move> {
    let mut moves = Default::default();
    position.legal_moves(&mut moves);
    moves.iter().copied().filter(|m| !m.is_capture()).collect()
}

/// Four quiet moves from `position` that bring it back: the side to move steps away, the other
/// side steps away, then each steps back. `None` if no such round exists.
pub fn away_and_back(position: &Position) -> Option<[Move; 4]> {
    let (me, them) = (position.turn(), position.turn().opponent());
    // The step of `from` that brings `side`'s pieces back to where they stand in `position`.
    let back = |from: &Position, side| {
        quiet(from).into_iter().find(|m| from.play(m).pieces(side) == position.pieces(side))
    };
    quiet(position).into_iter().find_map(|away| {
        let one = position.play(&away);
        quiet(&one).into_iter().find_map(|reply| {
            let two = one.play(&reply);
            let home = back(&two, me)?;
            Some([away, reply, home, back(&two.play(&home), them)?])
        })
    })
}
