//! Chess move texts of the Awechec notation, in French and in English, and power marks.
//!
//! Input: a language, a chess position (one of a few, then moves chosen by the input: see
//! `awe_fuzz::awechec::chess`), then the text. The text is read as a move and as a power mark or
//! refused, without a panic. A move read is legal, and its text in each language reads back to
//! it; a mark read is numbered from 1, and written again reads back to the same mark. In every
//! position reached, the texts of legal moves (up to 32, spread over the list) read back to them
//! in each language, and the French text of a move is its English text in French letters.

#![no_main]

use arbitrary::Unstructured;
use awe_awechec::Language;
use awe_awechec::notation::{Mark, parse_mark, parse_move, power_mark};
use libfuzzer_sys::fuzz_target;
use shakmaty::{Chess, Move, Position as _};

fn check_move(chess: &Chess, mv: Move) {
    let fen = || shakmaty::fen::Fen::from_position(chess, shakmaty::EnPassantMode::Legal);
    let mut texts = Vec::new();
    for language in Language::ALL {
        let text = awe_awechec::notation::move_text(chess, &mv, language);
        match parse_move(chess, &text, language) {
            Ok(back) => {
                assert_eq!(back, mv, "`{text}` ({language}) reads back otherwise in {}", fen())
            }
            Err(e) => {
                panic!("`{text}` ({language}) of {mv:?} does not read back: {e} in {}", fen())
            }
        }
        texts.push(text);
    }
    let english = Language::French.to_english(&texts[0]);
    assert_eq!(english.as_deref(), Some(texts[1].as_str()), "French and English texts differ");
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(language) = awe_fuzz::awechec::language(&mut u) else { return };
    let Ok(chess) = awe_fuzz::awechec::chess(&mut u) else { return };
    let text = awe_fuzz::rest_text(u);
    if let Ok(mv) = parse_move(&chess, &text, language) {
        assert!(chess.is_legal(mv), "`{text}` read as {mv:?}, not legal");
        check_move(&chess, mv);
    }
    if let Ok(Some(mark)) = parse_mark(&text, language) {
        assert!(mark.number > 0, "`{text}`: mark {mark:?}");
        assert!(text.ends_with(mark.rest), "`{text}`: mark {mark:?}");
        if let Some(owner) = mark.owner {
            let written = power_mark(language, mark.number, owner);
            let expected = Mark { rest: "", ..mark };
            assert_eq!(parse_mark(&written, language), Ok(Some(expected)), "`{written}`");
        }
    }
    for mv in awe_fuzz::sample(&chess.legal_moves(), awe_fuzz::MOVES_CHECKED) {
        check_move(&chess, mv);
    }
});
