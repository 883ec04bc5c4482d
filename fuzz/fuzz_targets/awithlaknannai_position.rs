//! Awithlaknannai position texts, under settings the input chooses.
//!
//! Input: the settings (board, its lines, rule set, ply limit: see `awe_fuzz::awithlaknannai`),
//! then the text. The text is read or refused without a panic. A position read has its pieces
//! on the board's points, never two on one point; it prints to a text that reads back to the same
//! position; its legal moves are empty exactly when the game is over there, and their texts read
//! back to them; the positions they lead to keep the pieces apart and print and read back too.

#![no_main]

use arbitrary::Unstructured;
use awe_awithlaknannai::Position;
use awe_game::Side;
use libfuzzer_sys::fuzz_target;

/// How many of the positions after a legal move are checked.
const NEXT_CHECKED: usize = 16;

fn check(position: &Position) {
    let [white, black] = [position.pieces(Side::WHITE), position.pieces(Side::BLACK)];
    assert_eq!(white & black, 0, "a point with two pieces in {position}");
    assert_eq!((white | black) & !position.board().all(), 0, "a piece off the board");
    let back = awe_fuzz::check_position_text(position);
    // The text leaves out the plies since the start (only Ludii's turn limit counts them).
    assert_eq!(back.to_string(), position.to_string());
    assert_eq!(back.pieces(Side::WHITE), white);
    assert_eq!(back.pieces(Side::BLACK), black);
    assert_eq!(back.turn(), position.turn());
    assert_eq!(back.quiet_plies(), position.quiet_plies());
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(settings) = awe_fuzz::awithlaknannai::settings(&mut u) else { return };
    let text = awe_fuzz::rest_text(u);
    let Ok(position) = Position::parse(&text, settings) else { return };
    assert_eq!(*position.settings(), settings);
    if awe_fuzz::known_bugs::awithlaknannai_many_chains(&position) {
        return;
    }
    check(&position);
    awe_fuzz::check_moves(&position);
    let reread = Position::parse(&position.to_string(), settings).expect("a printed position");
    assert_eq!(reread, position, "`{text}` reads back to another position");
    for mv in awe_fuzz::sample(&awe_fuzz::legal_moves(&position), NEXT_CHECKED) {
        check(&position.play(&mv));
    }
});
