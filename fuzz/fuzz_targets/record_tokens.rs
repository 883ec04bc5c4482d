//! The record shape every game shares: tags, then the movetext cut into tokens.
//!
//! Any text is read or refused without a panic. A text read as a record has tokens (the braces
//! were checked when it was read), each on a line of the text, in order. The record printed
//! reads back to the same tags and the same tokens, and prints the same again.

#![no_main]

use awe_game::record::{Record, Token};
use libfuzzer_sys::fuzz_target;

fn kinds<'a>(tokens: &[Token<'a>]) -> Vec<(awe_game::record::TokenKind<'a>, &'a str)> {
    tokens.iter().map(|t| (t.kind, t.text)).collect()
}

fuzz_target!(|data: &[u8]| {
    let Some(text) = awe_fuzz::text(data) else { return };
    let Ok(record) = Record::parse(text) else { return };
    let tokens = record.tokens().expect("a record read has tokens");
    let lines = text.lines().count().max(1);
    let mut last = 1;
    for token in &tokens {
        assert!(!token.text.is_empty(), "an empty token: {token:?}");
        assert!(record.movetext().contains(token.text), "{token:?} is not in the movetext");
        assert!(token.line >= last && token.line <= lines, "{token:?} after line {last}");
        last = token.line;
    }
    for (name, value) in record.tags() {
        assert_eq!(record.tag(name), Some(value.as_str()), "tag {name}");
    }

    let printed = record.to_string();
    let again = Record::parse(&printed)
        .unwrap_or_else(|e| panic!("a printed record does not read back: {e}\n{printed}"));
    awe_fuzz::same("tags", record.tags(), again.tags(), &printed);
    let again_tokens = again.tokens().expect("a record read has tokens");
    awe_fuzz::same("tokens", kinds(&tokens), kinds(&again_tokens), &printed);
    awe_fuzz::same("printed records", printed.as_str(), again.to_string().as_str(), &printed);
});
