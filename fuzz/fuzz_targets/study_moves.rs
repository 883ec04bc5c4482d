//! A study's moves in the site's study syntax (move texts, `{en: …}{fr: …}` comments, `( … )`
//! variations, `[mark …]`, `[arrow … …]`), as shipped studies are written and as Awélé and
//! Awithlaknannai records are read into studies.
//!
//! Any text is read into a tree or refused, without a panic. A tree that reads goes through JSON
//! (as an account's study is kept) and comes back the same, and the record written of it
//! replays, by the games' own readers, to its main line.

#![no_main]

use awe_site_core::model::Match;
use awe_site_core::spec::Spec;
use awe_site_learn::study::{Chapter, parse_moves, record};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(text) = awe_fuzz::text(data) else { return };
    let awithlaknannai = |lines| Spec::Awithlaknannai {
        board: None,
        rules: None,
        outer_lines: lines,
        end_lines: lines,
    };
    // The drawn board, and one without its outer and end lines (fewer moves, other records).
    for spec in [Spec::Awele { rules: None }, awithlaknannai(None), awithlaknannai(Some(false))] {
        let Ok(root) = parse_moves(&spec, None, text) else { continue };
        let chapter = Chapter { title: Default::default(), spec, position: None, root };
        let json = serde_json::to_string(&chapter).expect("a chapter is written as JSON");
        let back: Chapter = serde_json::from_str(&json)
            .unwrap_or_else(|e| panic!("a chapter's JSON does not read back: {e}\n{json}"));
        awe_fuzz::same("chapters through JSON", &chapter, &back, text);
        let written = record(&chapter, "fuzz", "en");
        let (_, game) = Match::from_record(&written)
            .unwrap_or_else(|e| panic!("a study's record does not replay: {e}\n{written}"));
        let mut main = Vec::new();
        let mut node = &chapter.root;
        while let Some(next) = node.children.first() {
            main.push(next.text.clone());
            node = next;
        }
        awe_fuzz::same("main lines", game.move_texts(), main, &written);
    }
});
