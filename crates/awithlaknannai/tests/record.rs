//! Game records: writing, reading back, and errors that name what is wrong.

use awe_awithlaknannai::{
    BoardKind, BoardOptions, Position, ReplayError, RuleSet, Settings, Start, replay, write_record,
};
use awe_game::record::Record;
use awe_game::{Game, Position as _, Side};
use rand::SeedableRng;
use rand::rngs::SmallRng;

fn random_game(
    settings: Settings,
    start: Start,
    first: Side,
    seed: u64,
    max_plies: usize,
) -> Game<Position> {
    let start = Position::start(settings, start, first).unwrap();
    awe_game::playout::random_game(start, &mut SmallRng::seed_from_u64(seed), max_plies)
}

fn read(text: &str) -> Result<Game<Position>, ReplayError> {
    replay(&Record::parse(text)?)
}

#[test]
fn written_records_read_back_to_the_same_game() {
    let cases = [
        (BoardKind::Mosona, Start::Seed000, Side::WHITE),
        (BoardKind::Mosona, Start::Ludii, Side::BLACK),
        (BoardKind::Kolowis, Start::Seed002, Side::WHITE),
        (BoardKind::KolowisLudii, Start::Ludii, Side::WHITE),
    ];
    for (kind, start, first) in cases {
        for rules in RuleSet::ALL {
            for (seed, options) in [
                (1, BoardOptions::default()),
                (2, BoardOptions { outer_lines: false, end_lines: false }),
            ] {
                let mut settings = Settings::new(kind, options, rules);
                settings.ply_limit = 40 + seed as u16;
                let game = random_game(settings, start, first, seed, 300);
                let text = write_record(&game, Some(start), ["Ama", "Kofi"]).to_string();
                let again = read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
                assert_eq!(again.moves(), game.moves(), "{text}");
                assert_eq!(again.outcome(), game.outcome(), "{text}");
                assert_eq!(write_record(&again, Some(start), ["Ama", "Kofi"]).to_string(), text);
            }
        }
    }
}

#[test]
fn a_game_from_another_position_records_the_position() {
    let settings = Settings::new(BoardKind::Mosona, BoardOptions::default(), RuleSet::Bell);
    let start = Position::parse("b......./........./ww...... b 7", settings).unwrap();
    let mut game = Game::new(start);
    game.play(start.parse_move("t1-t2").unwrap()).unwrap();
    let text = write_record(&game, Some(Start::Seed000), ["", ""]).to_string();
    assert!(text.contains("[Position \"b......./........./ww...... b 7\"]"), "{text}");
    assert!(text.contains("1... t1-t2 *"), "{text}");
    assert_eq!(read(&text).unwrap().start(), &start);
}

#[test]
fn errors_name_what_is_wrong() {
    let bad = |text: &str| read(text).unwrap_err().to_string();
    let head = "[Game \"awithlaknannai\"]\n[Rules \"bell\"]\n\n";
    assert_eq!(
        bad(&format!("{head}1. b4-m5 t4-m4")),
        "line 4: move `t4-m4`: t4-m4 is not legal here: a capture is compulsory"
    );
    assert_eq!(
        bad(&format!("{head}1. b4-m5 t5xz9")),
        "line 4: move `t5xz9`: `z9` is not a point of this board"
    );
    assert_eq!(
        bad("[Game \"awithlaknannai\"]\n[Board \"square\"]\n"),
        "tag Board: unknown Awithlaknannai board `square` (known: mosona, kolowis, kolowis-ludii)"
    );
    assert_eq!(
        bad("[Game \"awithlaknannai\"]\n[Start \"seed002\"]\n"),
        "tag Start: the start seed002 does not exist on the board mosona"
    );
    assert_eq!(
        bad("[Game \"awithlaknannai\"]\n[First \"red\"]\n"),
        "tag First: `red` is not white or black"
    );
    assert_eq!(
        bad("[Game \"awithlaknannai\"]\n[EndLines \"maybe\"]\n"),
        "tag EndLines: `maybe` is not yes or no"
    );
    assert_eq!(bad("[Game \"awele\"]\n"), "the record is a game of `awele`, not of awithlaknannai");
}

/// Why a record is refused (a record read instead fails the test, without printing the game).
fn refusal(text: &str) -> String {
    match read(text) {
        Ok(_) => panic!("the record was read:\n{text}"),
        Err(error) => error.to_string(),
    }
}

#[test]
fn a_ply_limit_of_zero_is_refused() {
    // A game must allow at least one ply.
    for limit in ["0", "-1", "many", "70000"] {
        assert_eq!(
            refusal(&format!("[Game \"awithlaknannai\"]\n[PlyLimit \"{limit}\"]\n")),
            format!("tag PlyLimit: `{limit}` is not a number of plies from 1 to 65535")
        );
    }
    // Even where the result says the game is over at once, as a limit of 0 would have it.
    assert_eq!(
        refusal("[Game \"awithlaknannai\"]\n[PlyLimit \"0\"]\n[Result \"1/2-1/2\"]\n"),
        "tag PlyLimit: `0` is not a number of plies from 1 to 65535"
    );
    let game = read("[Game \"awithlaknannai\"]\n[PlyLimit \"1\"]\n").unwrap();
    assert_eq!(game.start().settings().ply_limit, 1);
}

#[test]
fn a_cut_record_whose_tags_say_how_it_ended_is_refused() {
    let settings = Settings::new(BoardKind::Mosona, BoardOptions::default(), RuleSet::Wikipedia);
    let game = random_game(settings, Start::Seed000, Side::WHITE, 3, usize::MAX);
    let outcome = game.outcome().expect("a random game ends");
    let record = write_record(&game, Some(Start::Seed000), ["", ""]);
    let mut shorter = Game::new(*game.start());
    for &mv in &game.moves()[..game.moves().len() - 1] {
        shorter.play(mv).unwrap();
    }
    let mut cut = record.clone();
    let moves = awe_game::record::movetext(&shorter);
    cut.set_movetext(format!("{} {}", moves.trim_end_matches(" *"), outcome.result()));
    assert_eq!(
        refusal(&cut.to_string()),
        format!(
            "tag Termination: the record says {} but the moves end by agreement",
            outcome.termination
        )
    );
    let bogus = record.to_string().replace(
        &format!("[Termination \"{}\"]", outcome.termination),
        "[Termination \"checkmate\"]",
    );
    assert_eq!(
        refusal(&bogus),
        "tag Termination: unknown ending `checkmate` \
         (known: no legal move, repetition, agreement, score limit, ply limit, resignation, time forfeit)"
    );
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
    for tags in
        ["[Board \"square\"]", "[Rules \"chess\"]", "[Start \"seed002\"]", "[Position \"w b 1\"]"]
    {
        let error = read(&format!("[Game \"awithlaknannai\"]\n{tags}\n")).unwrap_err();
        assert_eq!(chain(&error), error.to_string());
    }
}

proptest::proptest! {
    #[test]
    fn any_text_is_read_or_refused_without_panicking(text in "\\PC*") {
        let _ = read(&text);
        let _ = read(&format!("[Game \"awithlaknannai\"]\n\n{text}"));
    }
}
