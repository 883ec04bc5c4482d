//! Awithlaknannai move texts, in positions reached from a start of each board and rule set.
//!
//! Input: settings, a start and the first side, the moves played (see
//! `awe_fuzz::awithlaknannai::position`), then the text of a move. The text is read or refused
//! without a panic; a move read is legal and its own text reads back to it; a text refused as
//! ambiguous names choices that are each read as one legal move it could mean.

#![no_main]

use arbitrary::Unstructured;
use awe_awithlaknannai::MoveError;
use awe_game::Position as _;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(position) = awe_fuzz::awithlaknannai::position(&mut u) else { return };
    let text = awe_fuzz::rest_text(u);
    match position.parse_move(&text) {
        Ok(mv) => awe_fuzz::check_parsed_move(&position, mv, &text),
        Err(MoveError::Ambiguous { choices, .. }) => {
            assert!(choices.len() > 1, "`{text}` ambiguous among {choices:?}");
            let mut read = Vec::new();
            for choice in &choices {
                let mv = position
                    .parse_move(choice)
                    .unwrap_or_else(|e| panic!("choice `{choice}` of `{text}` is refused: {e}"));
                awe_fuzz::check_parsed_move(&position, mv, choice);
                assert!(!read.contains(&mv), "two choices of `{text}` are one move");
                read.push(mv);
            }
        }
        Err(MoveError::Empty) => assert!(text.trim().is_empty()),
        Err(_) => {}
    }
    awe_fuzz::check_moves(&position);
});
