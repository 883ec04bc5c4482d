//! Records of Awechec: how a record says the game ended (its Result and Termination tags) must be
//! how its moves end, and errors about tags are printed once.

use awe_awechec::{EndReason, History, Language, ReplayError, replay, write_record};
use awe_game::record::Record;
use awe_game::{GameResult, Side};

/// The rules' own example as a study, its last move (the mate) left out when `cut`.
fn seed_study(tags: &str, cut: bool, result: &str) -> String {
    let moves = "1. (1=B) e4 (2=B) 0 2. (3=B) Fc4 (4=N) Cc6 3. (5=N) 0 (6=B) 0 \
                 4. (7=B) Cf3 (8=B) 0 5. (9=B) Cg5 (10=N) Ch6 6. (11=N) 0 (12=B) 0 \
                 7. (13=B) Dh5 (14=B) 0 8. (15=B) Fxf7+ Cxf7";
    let mate = if cut { "" } else { " 9. (16=B) Dxf7#" };
    format!(
        "[Game \"awechec\"]\n[Language \"fr\"]\n[Powers \"BBBNNBBBBNNBBBBB\"]\n{tags}\n\
         {moves}{mate} {result}\n"
    )
}

fn read(text: &str) -> Result<History, ReplayError> {
    replay(&Record::parse(text)?)
}

/// Why a record is refused (a record read instead fails the test, without printing the game).
fn refusal(text: &str) -> String {
    match read(text) {
        Ok(_) => panic!("the record was read:\n{text}"),
        Err(error) => error.to_string(),
    }
}

#[test]
fn a_study_cut_before_the_mate_is_refused_if_its_tags_say_checkmate() {
    let tags = "[Result \"1-0\"]\n[Termination \"checkmate\"]\n";
    let whole = read(&seed_study(tags, false, "1-0")).unwrap();
    assert_eq!(whole.current().ending().map(|e| e.reason), Some(EndReason::Checkmate));
    // Cut, its moves stop early with a result: a resignation, which the tag does not say.
    assert_eq!(
        refusal(&seed_study(tags, true, "1-0")),
        "tag Termination: the record says checkmate but the moves end by resignation"
    );
    let tags = "[Result \"0-1\"]\n[Termination \"checkmate\"]\n";
    assert_eq!(
        refusal(&seed_study(tags, true, "0-1")),
        "tag Termination: the record says checkmate but the moves end by resignation"
    );
    // Without the tag, the cut study is a resignation.
    let resigned = read(&seed_study("[Result \"0-1\"]\n", true, "0-1")).unwrap();
    let ending = resigned.current().ending().unwrap();
    assert_eq!((ending.reason, ending.winner), (EndReason::Resignation, Some(Side::BLACK)));
}

#[test]
fn games_stopped_by_the_players_are_written_and_read_back() {
    let start = read(&seed_study("", true, "*")).unwrap();
    for (resigning, on_time) in [
        (Some(Side::WHITE), false),
        (Some(Side::BLACK), false),
        (None, false),
        (Some(Side::WHITE), true),
        (Some(Side::BLACK), true),
    ] {
        let mut history = start.clone();
        match (resigning, on_time) {
            (Some(side), true) => history.forfeit_on_time(side),
            _ => history.stop(resigning),
        }
        let ending = history.current().ending().unwrap();
        for language in Language::ALL {
            let text = write_record(&history, language, ["Ama", "Kofi"]).to_string();
            assert!(
                text.contains(&format!("[Termination \"{}\"]", ending.reason.name())),
                "{text}"
            );
            let again = read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(again.actions(), history.actions(), "{text}");
            assert_eq!(again.current().ending(), Some(ending), "{text}");
        }
    }
}

#[test]
fn the_termination_tag_must_say_how_the_moves_end() {
    assert_eq!(
        refusal(&seed_study("[Termination \"bogus\"]\n", false, "1-0")),
        "tag Termination: unknown ending `bogus` (known: checkmate, stalemate, fifty moves, \
         insufficient material, powerless awele games, agreement, resignation, time forfeit)"
    );
    assert_eq!(
        refusal(&seed_study("[Termination \"stalemate\"]\n", false, "1-0")),
        "tag Termination: the record says stalemate but the moves end by checkmate"
    );
    assert_eq!(
        refusal(&seed_study("[Termination \"checkmate\"]\n", true, "*")),
        "tag Termination: the record says checkmate but the game is not over"
    );
    // A game stopped with a winner is a resignation; a drawn one, an agreement.
    assert_eq!(
        refusal(&seed_study("[Termination \"agreement\"]\n", true, "1-0")),
        "tag Termination: the record says agreement but the moves end by resignation"
    );
    assert_eq!(
        refusal(&seed_study("[Termination \"resignation\"]\n", true, "1/2-1/2")),
        "tag Termination: the record says resignation but the moves end by agreement"
    );
    let agreed = read(&seed_study("[Termination \"agreement\"]\n", true, "1/2-1/2")).unwrap();
    assert_eq!(agreed.current().ending().map(|e| e.result()), Some(GameResult::Draw));
}

/// An error and its sources, as `awe` prints them (anyhow's `{:#}`).
fn chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(inner) = source {
        text.push_str(&format!(": {inner}"));
        source = inner.source();
    }
    text
}

#[test]
fn a_tag_error_is_printed_once_with_its_sources() {
    for (tag, start) in [
        ("[Language \"de\"]", "tag Language: "),
        ("[Variant \"blitz\"]", "tag Variant: "),
        ("[Handicap \"white:x\"]", "tag Handicap: "),
        ("[Handicap \"white:3/2 white:2/1\"]", "tag Handicap: "),
        ("[FEN \"8/8\"]", "tag FEN: "),
        ("[Awele \"1,2\"]", "tag Awele: "),
    ] {
        let error = read(&format!("[Game \"awechec\"]\n{tag}\n")).unwrap_err();
        let message = error.to_string();
        assert!(message.starts_with(start), "{message}");
        assert_eq!(chain(&error), message);
    }
}
