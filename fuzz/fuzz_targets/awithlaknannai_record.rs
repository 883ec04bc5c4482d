//! Whole Awithlaknannai records.
//!
//! Any text is read and replayed, or refused, without a panic. A record that replays is written
//! back (`write_record`) twice: naming its start (the `Start` tag, or the board's usual start)
//! and giving the whole start position (a `Position` tag). Each text replays to the same game:
//! same start, same moves, same outcome; written again, it is the same text.

#![no_main]

use awe_awithlaknannai::{
    BoardKind, BoardOptions, Position, Settings, Start, replay, write_record,
};
use awe_game::record::Record;
use libfuzzer_sys::fuzz_target;

/// The position of a record's `Position` tag, read as `replay` reads it (known bugs only).
fn tagged_start(record: &Record) -> Option<Position> {
    let kind = record.tag("Board").map_or(Ok(BoardKind::Mosona), str::parse).ok()?;
    let rules = record.tag("Rules").map_or(Ok(Default::default()), str::parse).ok()?;
    let drawn = |tag| record.tag(tag) != Some("no");
    let options = BoardOptions { outer_lines: drawn("OuterLines"), end_lines: drawn("EndLines") };
    Position::parse(record.tag("Position")?, Settings::new(kind, options, rules)).ok()
}

fuzz_target!(|data: &[u8]| {
    let Some(text) = awe_fuzz::text(data) else { return };
    let Ok(record) = Record::parse(text) else { return };
    if tagged_start(&record).is_some_and(|p| awe_fuzz::known_bugs::awithlaknannai_many_chains(&p)) {
        return;
    }
    let Ok(game) = replay(&record) else { return };
    let names = [record.tag("White").unwrap_or(""), record.tag("Black").unwrap_or("")];
    let kind = game.start().board().kind();
    let named =
        record.tag("Start").and_then(|s| s.parse().ok()).unwrap_or(Start::default_for(kind));
    for start in [Some(named), None] {
        let written = write_record(&game, start, names).to_string();
        let again = Record::parse(&written)
            .map_err(|e| e.to_string())
            .and_then(|r| replay(&r).map_err(|e| e.to_string()))
            .unwrap_or_else(|e| panic!("a written record does not replay: {e}\n{written}"));
        awe_fuzz::same("starts", game.start(), again.start(), &written);
        awe_fuzz::same("moves", game.moves(), again.moves(), &written);
        awe_fuzz::same("outcomes", game.outcome(), again.outcome(), &written);
        let rewritten = write_record(&again, start, names).to_string();
        awe_fuzz::same("written records", written.as_str(), rewritten.as_str(), &written);
    }
});
