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

/// Why a record is refused (a record read instead fails the test, without printing the game).
fn refusal(text: &str) -> String {
    match read(text) {
        Ok(_) => panic!("the record was read:\n{text}"),
        Err(error) => error.to_string(),
    }
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
    // Its tags may say so, and written back it reads the same.
    let head = "[Game \"awele\"]\n[Result \"1/2-1/2\"]\n[Termination \"agreement\"]\n";
    let tagged = read(&format!("{head}[Score \"24-24\"]\n\n1. A b 2. C 1/2-1/2")).unwrap();
    assert_eq!(tagged.outcome(), Some(outcome));
    let written = write_record(&game, ["", ""]).to_string();
    assert!(written.contains("[Termination \"agreement\"]"), "{written}");
    assert_eq!(read(&written).unwrap().outcome(), Some(outcome));
    // An agreed end is no other ending.
    assert_eq!(
        refusal("[Game \"awele\"]\n[Termination \"no legal move\"]\n\n1. A b 2. C 1/2-1/2"),
        "tag Termination: the record says no legal move but the moves end by agreement"
    );
}

/// The record of `game` with its last `cut` plies left out, the tags kept: the record of a game
/// cut short, whose tags and result token still say how the whole game ended.
fn cut_record(game: &Game<Position>, cut: usize) -> Record {
    let mut record = write_record(game, ["Ama", "Kofi"]);
    let mut shorter = Game::new(*game.start());
    for &mv in &game.moves()[..game.moves().len() - cut] {
        shorter.play(mv).unwrap();
    }
    let moves = awe_game::record::movetext(&shorter);
    let result = game.outcome().unwrap().result().to_string();
    record.set_movetext(format!("{} {result}", moves.trim_end_matches('*').trim_end()));
    record
}

#[test]
fn a_cut_record_whose_tags_say_how_it_ended_is_refused() {
    // Cut before the end, the moves stop early with a result: the players agreed to stop. The
    // Termination and Score tags say otherwise, and the record must be refused even where the
    // result alone (the agreement giving the same winner) did not tell.
    let mut result_alone_passes = 0;
    for rules in RuleSet::ALL {
        for seed in 0..20 {
            let game = random_game(rules, seed, usize::MAX);
            let outcome = game.outcome().unwrap();
            let termination = outcome.termination;
            for cut in 1..=3 {
                let record = cut_record(&game, cut);
                let text = record.to_string();
                let error = refusal(&text);
                let expected = format!(
                    "tag Termination: the record says {termination} but the moves end by \
                     agreement"
                );
                assert_eq!(error, expected, "{text}");
                // Without its Termination tag, the Score tag tells, unless the agreement gives
                // the same score.
                let without = text.replace(&format!("[Termination \"{termination}\"]\n"), "");
                match read(&without) {
                    Ok(cut) => assert_eq!(cut.outcome().unwrap().score, outcome.score),
                    Err(e) => assert!(e.to_string().starts_with("tag Score: the record says ")),
                }
                let without =
                    without.lines().filter(|l| !l.starts_with("[Score ")).collect::<Vec<_>>();
                result_alone_passes += read(&without.join("\n")).is_ok() as usize;
            }
        }
    }
    assert!(result_alone_passes > 0, "some cut games have the same winner by agreement");
}

#[test]
fn termination_and_score_tags_must_say_how_the_moves_end() {
    let game = random_game(RuleSet::Awechec, 5, usize::MAX);
    let outcome = game.outcome().unwrap();
    let text = write_record(&game, ["", ""]).to_string();
    let termination = format!("[Termination \"{}\"]", outcome.termination);
    let score = format!("[Score \"{}-{}\"]", outcome.score[0], outcome.score[1]);
    assert!(read(&text).is_ok());
    let bad = |from: &str, to: &str| {
        assert!(text.contains(from), "{text}");
        refusal(&text.replace(from, to))
    };
    assert_eq!(
        bad(&termination, "[Termination \"bogus\"]"),
        "tag Termination: unknown ending `bogus` \
         (known: no legal move, repetition, agreement, score limit, ply limit, resignation, time forfeit)"
    );
    assert_eq!(
        bad(&score, "[Score \"999-999\"]"),
        format!(
            "tag Score: the record says 999-999 but the moves end {}-{}",
            outcome.score[0], outcome.score[1]
        )
    );
    for not_a_score in ["25", "25-", "-25-23", "a-b", "25-23-0", "+25-23", "70000-1"] {
        assert_eq!(
            bad(&score, &format!("[Score \"{not_a_score}\"]")),
            format!(
                "tag Score: `{not_a_score}` is not a score (expected two numbers such as 25-23)"
            )
        );
    }
    // The game over, the tags may still be left out.
    let bare = text.replace(&format!("{termination}\n"), "").replace(&format!("{score}\n"), "");
    assert_eq!(read(&bare).unwrap().outcome(), Some(outcome));
}

#[test]
fn an_unfinished_game_has_no_termination_or_score() {
    let head = "[Game \"awele\"]\n[Result \"*\"]\n";
    assert_eq!(
        refusal(&format!("{head}[Termination \"repetition\"]\n\n1. A b *")),
        "tag Termination: the record says repetition but the game is not over"
    );
    assert_eq!(
        refusal(&format!("{head}[Score \"7-40\"]\n\n1. A b *")),
        "tag Score: the record says 7-40 but the game is not over"
    );
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
    assert!(
        bad(&format!("{head}1. E b 1-0"))
            .starts_with("the moves stop before the game is over and the record says 1-0")
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
    let cases = [
        (
            "[Game \"awele\"]\n[Rules \"kalah\"]\n",
            "tag Rules: unknown Awélé rule set `kalah` (known: awechec, abapa, awari)",
        ),
        ("[Game \"awele\"]\n[Position \"1,2 S 0 0\"]\n", "tag Position: "),
    ];
    for (text, start) in cases {
        let error = read(text).unwrap_err();
        let message = error.to_string();
        assert!(message.starts_with(start), "{message}");
        assert_eq!(chain(&error), message);
    }
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

/// A game stopped by a resignation or a lost time is lost by that side whatever the seeds, and
/// its record says so and reads back the same.
#[test]
fn resigned_and_forfeited_games_are_written_and_read_back() {
    use awe_game::{Game, GameResult, Side, Stop, Termination};
    for stop in [
        Stop::Resignation(Side::South),
        Stop::Resignation(Side::North),
        Stop::TimeForfeit(Side::South),
        Stop::TimeForfeit(Side::North),
    ] {
        let mut game = Game::new(Position::new(RuleSet::Awechec));
        for text in ["E", "b", "C"] {
            let mv = game.current().parse_move(text).unwrap();
            game.play(mv).unwrap();
        }
        game.stop(stop);
        let (Stop::Resignation(loser) | Stop::TimeForfeit(loser)) = stop else { unreachable!() };
        let outcome = game.outcome().unwrap();
        assert_eq!(outcome.winner, Some(loser.opponent()));
        let termination = match stop {
            Stop::Resignation(_) => Termination::Resignation,
            _ => Termination::TimeForfeit,
        };
        assert_eq!(outcome.termination, termination);
        // The score is the seeds captured as they stand (none yet), not an agreement's share of
        // those still on the board.
        assert_eq!(outcome.score, [0, 0]);
        let text = awe_awele::write_record(&game, ["Ama", "Kofi"]).to_string();
        assert!(text.contains("[Score \"0-0\"]"), "{text}");
        // A record written before, with the agreement's points, still reads.
        let older = text.replace("[Score \"0-0\"]", "[Score \"24-24\"]");
        assert!(awe_awele::replay(&Record::parse(&older).unwrap()).is_ok(), "{older}");
        assert!(text.contains(&format!("[Termination \"{termination}\"]")), "{text}");
        let again = awe_awele::replay(&Record::parse(&text).unwrap()).unwrap();
        assert_eq!(again.outcome(), Some(outcome), "{text}");
        assert_eq!(awe_game::record::result_of(&again), GameResult::Win(loser.opponent()));
        // Taken back, the game goes on.
        game.undo();
        assert_eq!(game.outcome(), None);
    }
}

/// A record whose moves stop early with a win and no Termination tag is refused saying why: the
/// stop is read as an agreement, which gives another result (a resignation needs its tag).
#[test]
fn a_win_without_its_termination_is_refused_saying_why() {
    let text = "[Game \"awele\"]\n[Rules \"awechec\"]\n[Result \"1-0\"]\n\n1. C a 2. D b 1-0\n";
    let error = read(text).unwrap_err().to_string();
    assert!(error.contains("stop before the game is over"), "{error}");
    assert!(error.contains("Termination"), "{error}");
    let with_tag = text.replace("[Result", "[Termination \"resignation\"]\n[Result");
    assert_eq!(
        awe_game::record::result_of(&read(&with_tag).unwrap()),
        GameResult::Win(Side::South)
    );
}
