//! Game records: writing, reading back, and the errors that name the first bad token.

use awe_awele::{Pit, Position, ReplayError, RuleSet, replay, write_record};
use awe_game::record::{MovetextError, Record};
use awe_game::{Game, GameResult, Position as _, Side, Termination};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::SmallRng;

fn random_game(rules: RuleSet, seed: u64, max_plies: usize) -> Game<Position> {
    awe_game::playout::random_game(
        Position::new(rules),
        &mut SmallRng::seed_from_u64(seed),
        max_plies,
    )
}

fn read(text: &str) -> Result<Game<Position>, ReplayError> {
    replay(&Record::parse(text)?)
}

#[test]
fn the_seed_notation_reads_as_written() {
    let text = "[Game \"awele\"]\n[Rules \"awechec\"]\n\n1. E b 2. A c *\n";
    let game = read(text).unwrap();
    assert_eq!(game.moves(), &[Pit::E, Pit::b, Pit::A, Pit::c]);
    assert_eq!(game.outcome(), None);
}

#[test]
fn written_records_read_back_to_the_same_game() {
    for rules in RuleSet::ALL {
        for seed in 0..40 {
            let max = if seed % 2 == 0 { usize::MAX } else { 30 };
            let game = random_game(rules, seed, max);
            let text = write_record(&game, ["Ama", "Kofi"]).to_string();
            let again = read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(again.moves(), game.moves(), "{text}");
            assert_eq!(again.outcome(), game.outcome(), "{text}");
            // Writing the game read back gives the same text.
            assert_eq!(write_record(&again, ["Ama", "Kofi"]).to_string(), text);
        }
    }
}

#[test]
fn captures_are_written_with_their_count() {
    let game = random_game(RuleSet::Awechec, 7, usize::MAX);
    let text = write_record(&game, ["", ""]).to_string();
    assert!(text.contains("("), "a random game captures something: {text}");
    assert!(text.contains("[Game \"awele\"]"));
    assert!(text.contains(&format!("[Result \"{}\"]", game.outcome().unwrap().result())));
}

#[test]
fn a_record_from_another_position_starts_there() {
    let start = Position::parse("0,0,0,0,0,1/0,0,0,0,0,1 N 23 23", RuleSet::Abapa).unwrap();
    let mut game = Game::new(start);
    game.play(Pit::f).unwrap();
    // North's seed fell into A; North has none left, so South must feed with F.
    game.play(Pit::F).unwrap();
    let text = write_record(&game, ["", ""]).to_string();
    assert!(text.contains("1... f 2. F"), "{text}");
    let again = read(&text).unwrap();
    assert_eq!(again.start(), &start);
    assert_eq!(again.moves(), game.moves());
}

#[test]
fn an_agreed_end_is_read_from_the_result() {
    // Three moves, then the players stop: shared seeds, equal captures, a draw.
    let game = read("[Game \"awele\"]\n[Result \"1/2-1/2\"]\n\n1. A b 2. C 1/2-1/2").unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.termination, Termination::Agreement);
    assert_eq!(outcome.result(), GameResult::Draw);
}

#[test]
fn errors_name_the_first_bad_token() {
    let bad = |text: &str| read(text).unwrap_err().to_string();
    let head = "[Game \"awele\"]\n\n";
    assert_eq!(
        bad(&format!("{head}1. E b 2. a")),
        "line 3: move `a`: a is not legal: that pit is on the other player's row"
    );
    assert_eq!(bad(&format!("{head}1. E(2) b")), "line 3: move `E(2)`: E captures 0 seeds, not 2");
    assert_eq!(
        bad(&format!("{head}1. E\nb\n2. Q")),
        "line 5: move `Q`: `Q` is not a pit (A-F for South, a-f for North)"
    );
    assert_eq!(bad(&format!("{head}1. E b 3. A")), "line 3: `3.`: expected move number 2.");
    assert_eq!(bad(&format!("{head}1. E 1... b 1-0 A")), "line 3: `A` after the result");
    assert_eq!(
        bad(&format!("{head}1. E b 1-0")),
        "the record says 1-0 but the moves lead to 1/2-1/2"
    );
    assert_eq!(
        bad("[Game \"awele\"]\n[Result \"0-1\"]\n\n1. E b 1-0"),
        "the Result tag says 0-1 but the moves end with 1-0"
    );
    assert_eq!(bad("[Game \"chess\"]\n\n1. e4"), "the record is a game of `chess`, not of awele");
    assert_eq!(bad("1. E b"), "the record has no Game tag (expected [Game \"awele\"])");
    assert_eq!(
        bad("[Game \"awele\"]\n[Rules \"kalah\"]\n"),
        "tag Rules: unknown Awélé rule set `kalah` (known: awechec, abapa, awari)"
    );
    assert!(bad("[Game \"awele\"]\n[Position \"1,2 S 0 0\"]\n").starts_with("tag Position:"));
}

#[test]
fn a_move_after_the_end_is_refused() {
    let game = random_game(RuleSet::Awechec, 3, usize::MAX);
    let mut text = write_record(&game, ["", ""]).to_string();
    let result = game.outcome().unwrap().result().to_string();
    // Add a move of the side to move before the result token.
    let extra = if game.current().turn() == Side::South { "A" } else { "a" };
    let at = text.rfind(&result).unwrap();
    text.replace_range(at..at + result.len(), &format!("{extra} {result}"));
    let error = read(&text).unwrap_err();
    assert!(
        matches!(
            error,
            ReplayError::Moves(MovetextError::AfterEnd { .. } | MovetextError::MoveNumber { .. })
        ),
        "{error}"
    );
}

proptest! {
    #[test]
    fn any_text_is_read_or_refused_without_panicking(text in "\\PC*") {
        let _ = read(&text);
        let _ = Position::parse(&text, RuleSet::Awechec);
        let _ = text.parse::<awe_awele::MoveText>();
        let _ = Position::new(RuleSet::Awechec).parse_move(&text);
    }

    #[test]
    fn any_bytes_are_read_or_refused_without_panicking(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = read(&text);
        let _ = Position::parse(&text, RuleSet::Abapa);
    }

    #[test]
    fn mangled_records_are_read_or_refused_without_panicking(
        seed in any::<u64>(),
        cut in any::<prop::sample::Index>(),
        junk in "[ A-Fa-f0-9().\\[\\]\"{}*/-]{0,6}",
    ) {
        let game = random_game(RuleSet::Awari, seed, 60);
        let text = write_record(&game, ["a", "b"]).to_string();
        let mut at = cut.index(text.len() + 1);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let mangled = format!("{}{junk}{}", &text[..at], &text[at..]);
        let _ = read(&mangled);
    }

    #[test]
    fn position_texts_round_trip(seed in any::<u64>(), plies in 0usize..80, rules_index in 0usize..3) {
        let game = random_game(RuleSet::ALL[rules_index], seed, plies);
        let p = *game.current();
        prop_assert_eq!(Position::parse(&p.to_string(), p.rule_set()), Ok(p));
    }
}
