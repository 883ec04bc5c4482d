//! Whole Awechec records and studies, in French and in English.
//!
//! Any text is read and replayed, or refused, without a panic. A record that replays is written
//! back (`write_record`) in each language, and each text replays to the same game: the same
//! settings and start, the same actions, the same position and end; written again, it is the
//! same text.

#![no_main]

use awe_awechec::{History, Language, replay, write_record};
use awe_game::Position as _;
use awe_game::record::Record;
use libfuzzer_sys::fuzz_target;

fn reread(written: &str) -> History {
    Record::parse(written)
        .map_err(|e| e.to_string())
        .and_then(|r| replay(&r).map_err(|e| e.to_string()))
        .unwrap_or_else(|e| panic!("a written record does not replay: {e}\n{written}"))
}

fuzz_target!(|data: &[u8]| {
    let Some(text) = awe_fuzz::text(data) else { return };
    let Ok(record) = Record::parse(text) else { return };
    let Ok(history) = replay(&record) else { return };
    let names = [record.tag("White").unwrap_or(""), record.tag("Black").unwrap_or("")];
    for language in Language::ALL {
        let written = write_record(&history, language, names).to_string();
        let again = reread(&written);
        let (start, again_start) = (history.start(), again.start());
        awe_fuzz::same("settings", start.settings(), again_start.settings(), &written);
        awe_fuzz::same("starts", start.start(), again_start.start(), &written);
        let texts = |h: &History| [h.start().position_text(), h.current().position_text()];
        awe_fuzz::same("positions", texts(&history), texts(&again), &written);
        awe_fuzz::same("actions", history.actions(), again.actions(), &written);
        let (end, again_end) = (history.current().ending(), again.current().ending());
        awe_fuzz::same("endings", end, again_end, &written);
        let rewritten = write_record(&again, language, names).to_string();
        awe_fuzz::same("written records", written.as_str(), rewritten.as_str(), &written);
    }
});
