//! The rules' own example, as a study: the powers of its Awélé game given in a tag, then the chess
//! moves exactly as the rules print them.

use awe_awechec::{
    Action, Decision, EndReason, Language, Position, Powers, Settings, Step, Variant, replay,
    write_record,
};
use awe_game::Side;
use awe_game::record::Record;

const SEED_MOVES: &str = "1. (1=B) e4 (2=B) 0
2. (3=B) Fc4 (4=N) Cc6
3. (5=N) 0 (6=B) 0
4. (7=B) Cf3 (8=B) 0
5. (9=B) Cg5 (10=N) Ch6
6. (11=N) 0 (12=B) 0
7. (13=B) Dh5 (14=B) 0
8. (15=B) Fxf7+ Cxf7
9. (16=B) Dxf7#";

fn seed_study(variant: &str) -> String {
    format!(
        "[Game \"awechec\"]\n[Language \"fr\"]\n[Variant \"{variant}\"]\n\
         [Powers \"BBBNNBBBBNNBBBBB\"]\n\n{SEED_MOVES} 1-0\n"
    )
}

fn words(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

#[test]
fn the_rules_example_replays_to_mate_by_white() {
    let record = Record::parse(&seed_study("standard")).unwrap();
    let history = replay(&record).unwrap();
    let ending = history.current().ending().expect("mate ends the game");
    assert_eq!(ending.reason, EndReason::Checkmate);
    assert_eq!(ending.winner, Some(Side::WHITE));
    // Sixteen powers, every one used; the reply to check used none.
    assert_eq!(history.current().powers().used(), 16);
    assert_eq!(history.current().powers().remaining(), 0);
    // Written back in French, the moves are exactly the rules' own.
    let written = write_record(&history, Language::French, ["", ""]);
    let mut expected = words(SEED_MOVES);
    expected.push("1-0");
    assert_eq!(words(written.movetext()), expected);
    assert_eq!(written.tag("Powers"), Some("BBBNNBBBBNNBBBBB"));
}

#[test]
fn every_power_number_is_the_one_printed() {
    let history = replay(&Record::parse(&seed_study("standard")).unwrap()).unwrap();
    let marks: Vec<usize> = history
        .positions()
        .iter()
        .zip(history.actions())
        .filter_map(|(p, a)| match (p.step(), a) {
            (Step::Decision { power, .. }, Action::Decide(_)) => Some(power),
            _ => None,
        })
        .collect();
    assert_eq!(marks, (1..=16).collect::<Vec<_>>());
}

#[test]
fn the_example_is_the_same_in_english() {
    let history = replay(&Record::parse(&seed_study("standard")).unwrap()).unwrap();
    let english = write_record(&history, Language::English, ["", ""]);
    assert_eq!(english.tag("Powers"), Some("WWWBBWWWWBBWWWWW"));
    let text = english.to_string();
    assert!(text.contains("(15=W)Bxf7+ Nxf7"), "{text}");
    let again = replay(&Record::parse(&text).unwrap()).unwrap();
    assert_eq!(again.actions(), history.actions());
    // And the English form without colours reads as well.
    let bare = text.replace("=W)", ")").replace("=B)", ")");
    let again = replay(&Record::parse(&bare).unwrap()).unwrap();
    assert_eq!(again.actions(), history.actions());
}

#[test]
fn the_example_keeps_to_the_default_decisions() {
    // Every owner of the example plays with its own powers and makes the other side pass with
    // the others: the example replays under forced powers as well.
    let history = replay(&Record::parse(&seed_study("forced")).unwrap()).unwrap();
    assert_eq!(history.current().ending().map(|e| e.reason), Some(EndReason::Checkmate));
}

#[test]
fn a_decision_against_the_default_is_refused_under_forced_powers() {
    // White owns power 2 with Black to move, and lets Black play instead of passing.
    let text = |variant: &str| {
        format!(
            "[Game \"awechec\"]\n[Variant \"{variant}\"]\n[Powers \"BB\"]\n\n1. (1=B) e4 (2=B) e5 *\n"
        )
    };
    let history = replay(&Record::parse(&text("standard")).unwrap()).unwrap();
    assert_eq!(history.actions()[2], Action::Decide(Decision::Normal));
    let error = replay(&Record::parse(&text("forced")).unwrap()).unwrap_err();
    assert!(error.to_string().contains("`(2=B)`"), "{error}");
    assert!(error.to_string().contains("null move"), "{error}");
}

#[test]
fn malformed_studies_name_the_token() {
    let cases = [
        ("1. (1=B) e4 (2=N) 0 *", "`(2=N)`"),
        ("1. (1=B) e4 (3=B) 0 *", "`(3=B)`"),
        ("1. (1=B) Cc3 (2=B) e9 *", "`e9`"),
        ("1. (1=B) e4 e5 *", "`e5`"),
        ("2. (1=B) e4 *", "`2.`"),
        ("1. (1=B) Nf3 *", "`Nf3`"),
    ];
    for (moves, token) in cases {
        let text = format!("[Game \"awechec\"]\n[Powers \"BBB\"]\n\n{moves}\n");
        let error = replay(&Record::parse(&text).unwrap()).unwrap_err();
        assert!(error.to_string().contains(token), "{moves}: {error}");
        assert!(error.to_string().contains("line 4"), "{moves}: {error}");
    }
}

#[test]
fn a_study_with_fewer_powers_goes_back_to_awele() {
    let study = Position::study(
        Settings { variant: Variant::Standard, ..Settings::default() },
        shakmaty::Chess::default(),
        Powers::from_owners(&[Side::WHITE]).unwrap(),
    );
    let after = study.play(&Action::Decide(Decision::Null)).unwrap();
    assert!(matches!(after.step(), Step::Awele { player: Side::South }));
    assert_eq!(after.awele_games(), 1);
}
