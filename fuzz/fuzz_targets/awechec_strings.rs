//! The short texts of Awechec: handicaps, variants, languages, power marks, and the position
//! text (`FEN | POWERS | AWELE`) that the engine protocol and analysis read.
//!
//! Input: a variant and handicaps for the game (a byte each), then the text. The text is read as
//! each of these or refused, without a panic. Handicaps, a handicap, a variant and a language
//! read print back to a text read as the same; a power mark written again reads as the same
//! mark. A position read prints to a text that reads back to a position printing the same text;
//! each of its legal actions has a text that reads back to it, and the actions are empty exactly
//! when the game is over.

#![no_main]

use std::fmt::{Debug, Display};
use std::str::FromStr;

use arbitrary::Unstructured;
use awe_awechec::notation::{Mark, parse_mark, power_mark};
use awe_awechec::{Handicap, Handicaps, Language, Position, Settings, Variant};
use awe_game::Position as _;
use libfuzzer_sys::fuzz_target;

/// A value read from `text` prints to a text that reads as the same value.
fn round_trip<T: FromStr + Display + PartialEq + Debug>(text: &str) -> Option<T> {
    let value = text.parse::<T>().ok()?;
    let printed = value.to_string();
    let back = printed.parse::<T>().ok();
    assert_eq!(back.as_ref(), Some(&value), "`{text}` read as {value:?}, printed `{printed}`");
    Some(value)
}

const HANDICAPS: [&str; 4] = ["none", "white:3/2", "black:2/1", "black:3/1,white:2/1"];

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(variant) = u.choose(&Variant::ALL).copied() else { return };
    let Ok(handicaps) = u.choose(&HANDICAPS).map(|h| h.parse::<Handicaps>().unwrap()) else {
        return;
    };
    let text = awe_fuzz::rest_text(u);

    round_trip::<Handicaps>(&text);
    round_trip::<Handicap>(&text);
    if let Some(variant) = round_trip::<Variant>(&text) {
        assert_eq!(variant.name(), text);
    }
    if let Some(language) = round_trip::<Language>(&text) {
        assert_eq!(language.code(), text);
    }
    for language in Language::ALL {
        let _ = language.to_english(&text);
        if let Ok(Some(mark)) = parse_mark(&text, language)
            && let Some(owner) = mark.owner
        {
            let written = power_mark(language, mark.number, owner);
            let expected = Mark { rest: "", ..mark };
            assert_eq!(parse_mark(&written, language), Ok(Some(expected)), "`{written}`");
        }
    }

    let game = Position::new(Settings { variant, handicaps });
    if let Ok(position) = game.parse_position(&text) {
        awe_fuzz::check_position_text(&position);
        awe_fuzz::check_moves(&position);
        for action in awe_fuzz::sample(&awe_fuzz::legal_moves(&position), 16) {
            let next = position.play(&action).expect("a legal action");
            awe_fuzz::check_position_text(&next);
        }
    }
});
