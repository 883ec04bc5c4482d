//! Whole Awélé records.
//!
//! Any text is read and replayed, or refused, without a panic. A record that replays is written
//! back (`write_record`), and that text replays to the same game: same start, same moves, same
//! outcome; written again, it is the same text.

#![no_main]

use awe_awele::{replay, write_record};
use awe_game::record::Record;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(text) = awe_fuzz::text(data) else { return };
    let Ok(record) = Record::parse(text) else { return };
    let Ok(game) = replay(&record) else { return };
    let names = [record.tag("South").unwrap_or(""), record.tag("North").unwrap_or("")];
    let written = write_record(&game, names).to_string();
    let again = Record::parse(&written)
        .map_err(|e| e.to_string())
        .and_then(|r| replay(&r).map_err(|e| e.to_string()))
        .unwrap_or_else(|e| panic!("a written record does not replay: {e}\n{written}"));
    awe_fuzz::same("starts", game.start(), again.start(), &written);
    awe_fuzz::same("moves", game.moves(), again.moves(), &written);
    awe_fuzz::same("outcomes", game.outcome(), again.outcome(), &written);
    let rewritten = write_record(&again, names).to_string();
    awe_fuzz::same("written records", written.as_str(), rewritten.as_str(), &written);
});
