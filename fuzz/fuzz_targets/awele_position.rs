//! Awélé position texts, read under each rule set.
//!
//! Any text is read or refused without a panic, and alike under every rule set (the rule set is
//! not part of the text). A position read holds 48 seeds, on the board and captured; it prints
//! to a text that reads back to the same position; its legal moves are empty exactly when the
//! game is over there and each one's text reads back to it; the position each leads to holds 48
//! seeds and prints and reads back too.

#![no_main]

use awe_awele::{Position, RuleSet, TOTAL_SEEDS};
use awe_game::Side;
use libfuzzer_sys::fuzz_target;

fn check(position: &Position) {
    let pits: u32 = position.board().pits().iter().map(|&n| n as u32).sum();
    let captured = position.captured(Side::South) as u32 + position.captured(Side::North) as u32;
    assert_eq!(
        pits + captured,
        TOTAL_SEEDS as u32,
        "{position} holds {pits} seeds on the board and {captured} captured ({:?})",
        position.board().pits()
    );
    let back = awe_fuzz::check_position_text(position);
    assert_eq!(back, *position, "{position} reads back to another position");
}

fuzz_target!(|data: &[u8]| {
    let Some(text) = awe_fuzz::text(data) else { return };
    let read = RuleSet::ALL.map(|rules| Position::parse(text, rules));
    for (rules, result) in RuleSet::ALL.into_iter().zip(&read) {
        let expected = read[0].clone().map(|p| p.with_rules(rules));
        assert_eq!(*result, expected, "`{text}` reads otherwise under {rules}");
    }
    for position in read.into_iter().flatten() {
        check(&position);
        awe_fuzz::check_moves(&position);
        for mv in awe_fuzz::legal_moves(&position) {
            check(&position.play(mv));
        }
    }
});
