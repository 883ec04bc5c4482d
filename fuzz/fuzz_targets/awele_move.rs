//! Awélé move texts, in positions of each rule set reached from the start.
//!
//! Input: a rule set, the moves played from the start (see `awe_fuzz::walk`), then the text of
//! a move. The text is read or refused without a panic; a move read is legal and its own text
//! reads back to it; a move refused as illegal is not among the legal moves, and a move refused
//! for its count of seeds is. The move texts of the notation (`MoveText`) print back as read.

#![no_main]

use arbitrary::Unstructured;
use awe_awele::{MoveError, MoveText};
use awe_game::Position as _;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(position) = awe_fuzz::awele::position(&mut u) else { return };
    let text = awe_fuzz::rest_text(u);
    let legal = awe_fuzz::legal_moves(&position);
    match position.parse_move(&text) {
        Ok(pit) => awe_fuzz::check_parsed_move(&position, pit, &text),
        Err(MoveError::Illegal { pit, .. }) => {
            assert!(!legal.contains(&pit), "`{text}` refused, but {pit} is legal in {position}")
        }
        Err(MoveError::WrongCount { pit, actual, .. }) => {
            assert!(legal.contains(&pit), "`{text}`: a count refused for {pit}, not legal");
            assert_eq!(actual, position.seeds_taken(pit));
        }
        Err(MoveError::Syntax(_)) => assert!(text.parse::<MoveText>().is_err()),
    }
    if let Ok(written) = text.parse::<MoveText>() {
        let again = written.to_string();
        assert_eq!(again.parse::<MoveText>(), Ok(written), "`{text}` printed as `{again}`");
    }
    awe_fuzz::check_moves(&position);
});
