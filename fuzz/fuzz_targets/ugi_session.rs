//! The engine protocol's lines (`awe engine`): whatever a controller sends, for any of the three
//! games, every line is answered or refused with an `info string` and the session goes on; the
//! answers are UTF-8 lines, and a `bestmove` names a legal move of the position searched.
//!
//! The first byte chooses the game; the rest is the session's input, cut into lines. Searches are
//! bounded (a few hundred positions) so that a `go infinite` ends.

#![no_main]

use awe_players::ugi::Session;
use awe_search::Limits;
use libfuzzer_sys::fuzz_target;

fn run<P: awe_players::Playable>(start: P, input: &[u8]) {
    let mut session = Session::with_table(start, 1);
    session.cap_searches(Limits { nodes: Some(300), depth: Some(3), ..Limits::default() });
    let mut out = Vec::new();
    for line in input.split(|&b| b == b'\n') {
        // The session reads lines as text: the reader refuses other bytes before it (tested in
        // awe-players); here the text as it would reach it.
        let Ok(line) = std::str::from_utf8(line) else { continue };
        if line.len() > awe_players::ugi::MAX_LINE {
            continue;
        }
        let _ = session.handle(line, None, &mut out);
    }
    let text = String::from_utf8(out).expect("the answers are UTF-8");
    for answer in text.lines() {
        let word = answer.split_whitespace().next().unwrap_or("");
        assert!(
            ["id", "option", "ugiok", "uciok", "readyok", "info", "bestmove"].contains(&word),
            "an answer that is no protocol line: {answer:?}"
        );
        assert!(answer.len() < 100_000, "an answer of {} bytes", answer.len());
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&game, input)) = data.split_first() else { return };
    match game % 3 {
        0 => run(awe_awele::Position::new(awe_awele::RuleSet::ALL[(game / 3) as usize % 3]), input),
        1 => {
            use awe_awithlaknannai::{BoardKind, BoardOptions, Position, RuleSet, Settings, Start};
            let kind = BoardKind::ALL[(game / 3) as usize % 3];
            let rules = RuleSet::ALL[(game / 9) as usize % 4];
            let settings = Settings::new(kind, BoardOptions::default(), rules);
            let start = Position::start(settings, Start::default_for(kind), awe_game::Side::WHITE)
                .expect("the usual start");
            run(start, input)
        }
        _ => run(awe_awechec::Position::new(Default::default()), input),
    }
});
