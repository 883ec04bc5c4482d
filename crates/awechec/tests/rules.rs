//! Each rule of RULES.md §4, shown by a position or a game.

use awe_awechec::{
    Action, Decision, EndReason, Handicaps, History, Language, Position, Powers, Settings, Step,
    Variant, notation, replay, write_record,
};
use awe_awele::RuleSet;
use awe_game::Side;
use awe_game::record::Record;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

/// An Awélé game whose captures go White 3, Black 2, White 2, White 2, Black 2, White 5, as the
/// rules' example says, then on to its end.
const AWELE_GAME: &str = "A b E c F d E c A a A e A c B a A c E e C e D e A a B d B f A c C(3) \
    f(2) D c F c E c A b A e B a B f C(2) b F(2) f D d A b F c B e A f D b A a F c(2) E e D f C f \
    A e D b C d D a C d A b F a E a D f C b F a E c C d B c E(5) f C e B c E(2) d D c F d C e E(3) \
    f(2) C c B b A d D(7) f(5) F a C b D d E d F(2) e C c E d D f A e B f(2) C b F(2) a E(3) a D b \
    E c F";

const SEED_CHESS: &str = "1. (1=B) e4 (2=B) 0 2. (3=B) Fc4 (4=N) Cc6 3. (5=N) 0 (6=B) 0 \
    4. (7=B) Cf3 (8=B) 0 5. (9=B) Cg5 (10=N) Ch6 6. (11=N) 0 (12=B) 0 7. (13=B) Dh5 (14=B) 0 \
    8. (15=B) Fxf7+ Cxf7 9. (16=B) Dxf7#";

fn chess(fen: &str) -> Chess {
    fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
}

fn letters(powers: &Powers) -> String {
    powers.owners().map(|o| Language::French.power_letter(o)).collect()
}

fn play_words(history: &mut History, words: &str, language: Language) {
    for word in words.split_whitespace() {
        let current = history.current().clone();
        let action = match current.step() {
            Step::Awele { .. } => {
                Action::Awele(awe_game::Position::parse_move(current.awele(), word).unwrap())
            }
            Step::Decision { .. } if word == "0" => Action::Decide(Decision::Null),
            Step::Decision { .. } => {
                history.play(Action::Decide(Decision::Normal)).unwrap();
                let chess = history.current().chess().clone();
                Action::Chess(notation::parse_move(&chess, word, language).unwrap())
            }
            Step::Move { .. } => {
                Action::Chess(notation::parse_move(current.chess(), word, language).unwrap())
            }
            Step::Over(_) => panic!("{word} after the end"),
        };
        history.play(action).unwrap_or_else(|e| panic!("{word}: {e}"));
    }
}

#[test]
fn a_whole_game_whose_awele_game_makes_the_examples_powers() {
    let text = format!("[Game \"awechec\"]\n[Language \"fr\"]\n\n{AWELE_GAME}\n{SEED_CHESS} 1-0\n");
    let history = replay(&Record::parse(&text).unwrap()).unwrap();
    let end = history.current();
    assert!(letters(end.powers()).starts_with("BBBNNBBBBNNBBBBB"), "{}", letters(end.powers()));
    // Every seed of the Awélé game was captured or collected at its end by famine.
    assert_eq!(end.powers().len(), 48);
    assert_eq!(
        end.ending().map(|e| (e.winner, e.reason)),
        Some((Some(Side::WHITE), EndReason::Checkmate))
    );
    // Written and read again, in both languages.
    for language in Language::ALL {
        let written = write_record(&history, language, ["Ama", "Kofi"]).to_string();
        let again = replay(&Record::parse(&written).unwrap()).unwrap();
        assert_eq!(again.actions(), history.actions(), "{written}");
    }
}

#[test]
fn a_reply_to_check_uses_no_power() {
    let study = Position::study(
        Settings::default(),
        chess("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"),
        Powers::from_owners(&[Side::WHITE, Side::WHITE]).unwrap(),
    );
    let mut history = History::new(study);
    play_words(&mut history, "Ta8+", Language::French);
    assert_eq!(history.current().step(), Step::Move { mover: Side::BLACK, power: None });
    assert_eq!(history.current().powers().used(), 1);
    play_words(&mut history, "Rd7", Language::French);
    assert!(matches!(
        history.current().step(),
        Step::Decision { power: 2, owner: Side::WHITE, .. }
    ));
}

#[test]
fn stalemate_ends_the_game_while_powers_remain() {
    let study = Position::study(
        Settings::default(),
        chess("k7/8/8/2Q5/8/8/8/7K w - - 0 1"),
        Powers::from_owners(&[Side::WHITE, Side::BLACK, Side::WHITE]).unwrap(),
    );
    let mut history = History::new(study);
    play_words(&mut history, "Dc7", Language::French);
    let end = history.current();
    assert_eq!(end.ending().map(|e| (e.winner, e.reason)), Some((None, EndReason::Stalemate)));
    assert_eq!(end.powers().remaining(), 2);
}

#[test]
fn in_zugzwang_the_owner_makes_the_other_side_play() {
    // Black to move, in zugzwang: its only move, Ka1, lets Ta3 mate; a pass would not.
    let zugzwang = "8/8/8/2p5/2p5/2R5/k7/2K5 b - - 0 1";
    let white_powers = Powers::from_owners(&[Side::WHITE, Side::WHITE]).unwrap();
    let study = Position::study(Settings::default(), chess(zugzwang), white_powers);
    assert_eq!(study.step(), Step::Decision { owner: Side::WHITE, power: 1, mover: Side::BLACK });
    assert_eq!(study.default_decision(), Some(Decision::Null));
    // Against the default: Black must move, and White mates with its next power.
    let mut history = History::new(study.clone());
    play_words(&mut history, "Ra1 Ta3#", Language::French);
    let ending = history.current().ending().unwrap();
    assert_eq!((ending.winner, ending.reason), (Some(Side::WHITE), EndReason::Checkmate));
    // With the default decision White has no mate with its one power left.
    let passed = study.play(&Action::Decide(Decision::Null)).unwrap();
    let mates = passed.chess().clone();
    let mating = shakmaty::Position::legal_moves(&mates).into_iter().any(|mv| {
        let mut after = mates.clone();
        shakmaty::Position::play_unchecked(&mut after, mv);
        shakmaty::Position::is_checkmate(&after)
    });
    assert!(!mating);
    // The record of the zugzwang reads back, and is refused under forced powers.
    let record = |variant: &str| {
        format!(
            "[Game \"awechec\"]\n[Variant \"{variant}\"]\n[Powers \"BB\"]\n[FEN \"{zugzwang}\"]\n\n\
             1... (1=B) Ra1 2. (2=B) Ta3# 1-0\n"
        )
    };
    let replayed = replay(&Record::parse(&record("standard")).unwrap()).unwrap();
    assert_eq!(replayed.actions(), history.actions());
    assert!(replay(&Record::parse(&record("forced")).unwrap()).is_err());
}

#[test]
fn when_the_powers_run_out_a_new_awele_game_starts_and_chess_resumes_after_it() {
    let study = Position::study(
        Settings::default(),
        Chess::default(),
        Powers::from_owners(&[Side::WHITE, Side::WHITE]).unwrap(),
    );
    let mut history = History::new(study);
    play_words(&mut history, "e4 0", Language::French);
    let now = history.current().clone();
    assert_eq!(now.step(), Step::Awele { player: Side::South });
    assert_eq!(now.awele_games(), 1);
    // The chess game waits where it stood: White to move after Black's pass.
    assert_eq!(now.move_number(), 2);
    // Play the Awélé game to its end: chess goes on from the same position.
    let mut rng = SmallRng::seed_from_u64(3);
    while let Step::Awele { .. } = history.current().step() {
        let actions = history.current().legal_actions();
        history.play(actions[rng.random_range(0..actions.len())]).unwrap();
    }
    let resumed = history.current();
    assert_eq!(shakmaty::Position::board(resumed.chess()), shakmaty::Position::board(now.chess()));
    assert!(matches!(resumed.step(), Step::Decision { power: 1, mover: Side::WHITE, .. }));
}

#[test]
fn handicap_three_two_turns_five_seeds_into_two_powers_and_carries_two() {
    // South's F sows into a (2 → 3) and b (1 → 2): five seeds.
    let awele =
        awe_awele::Position::parse("4,4,4,4,4,2/2,1,4,4,4,4 S 4 3", RuleSet::Awechec).unwrap();
    let settings = Settings { variant: Variant::Standard, handicaps: "white:3/2".parse().unwrap() };
    let game = Position::with_awele(settings, Chess::default(), awele);
    let after = game.play(&Action::Awele(awe_awele::Pit::F)).unwrap();
    assert_eq!(after.powers().len(), 2);
    assert_eq!(after.carried(Side::WHITE), 2);
    // Without a handicap, five powers.
    let plain = Position::with_awele(Settings::default(), Chess::default(), awele);
    assert_eq!(plain.play(&Action::Awele(awe_awele::Pit::F)).unwrap().powers().len(), 5);
}

#[test]
fn seeds_carried_are_lost_when_the_awele_game_ends() {
    let settings =
        Settings { variant: Variant::Standard, handicaps: "white:3/1,black:3/1".parse().unwrap() };
    let mut checked = 0;
    for seed in 0..40 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = Position::new(settings);
        let mut seeds = [0u32; 2];
        while let Step::Awele { player } = game.step() {
            let actions = game.legal_actions();
            let action = actions[rng.random_range(0..actions.len())];
            let before = game.clone();
            game = game.play(&action).unwrap();
            if let Step::Awele { .. } = game.step() {
                seeds[player.index()] = 48 - game.awele().board().total() as u32;
            } else {
                // The Awélé game ended: nothing carried over, and the powers are whole blocks.
                assert_eq!([game.carried(Side::WHITE), game.carried(Side::BLACK)], [0, 0]);
                if before.carried(Side::WHITE) + before.carried(Side::BLACK) > 0 {
                    checked += 1;
                }
            }
        }
        assert!(game.powers().len() <= 16, "3/1 for both: at most 48 / 3 powers");
    }
    assert!(checked > 0, "some game ended with seeds carried");
}

#[test]
fn the_synchronous_example() {
    // North's f(1) makes A 3; South's B sows 8 seeds and takes a, b, c, d.
    let awele =
        awe_awele::Position::parse("2,8,4,4,4,4/1,1,1,1,3,1 N 7 7", RuleSet::Awechec).unwrap();
    let settings = Settings { variant: Variant::Synchronous, handicaps: Handicaps::NONE };
    let start = Position::with_awele(settings, chess("4k3/8/8/8/8/4K3/P6p/8 w - - 0 1"), awele);
    let mut history = History::new(start);
    play_words(&mut history, "f", Language::English);
    assert_eq!(letters(history.current().powers()), "NNN");
    play_words(&mut history, "0 h1:Q 0", Language::English);
    assert_eq!(history.current().step(), Step::Awele { player: Side::South });
    play_words(&mut history, "B", Language::English);
    assert_eq!(history.current().powers().len(), 8);
    play_words(&mut history, "0 a4 0 a5 0 a6 0 a7", Language::English);
    assert_eq!(history.current().step(), Step::Awele { player: Side::North });
    assert_eq!(
        Fen::from_position(history.current().chess(), shakmaty::EnPassantMode::Legal)
            .to_string()
            .split(' ')
            .next(),
        Some("4k3/P7/8/8/8/4K3/8/7q")
    );
    // Its record starts from the same Awélé and chess positions, in both languages.
    for language in Language::ALL {
        let text = write_record(&history, language, ["", ""]).to_string();
        assert!(text.contains("[Awele \"2,8,4,4,4,4/1,1,1,1,3,1 N 7 7\"]"), "{text}");
        let again = replay(&Record::parse(&text).unwrap()).unwrap();
        assert_eq!(again.actions(), history.actions(), "{text}");
    }
}

#[test]
fn null_moves_count_towards_the_fifty_moves() {
    // 98 half-moves without a capture or a pawn move already; two passes make 100.
    let study = Position::study(
        Settings::default(),
        chess("4k3/8/8/8/8/8/8/R3K3 w - - 98 60"),
        Powers::from_owners(&[Side::BLACK, Side::WHITE, Side::BLACK]).unwrap(),
    );
    assert_eq!(study.quiet_half_moves(), 98);
    let mut history = History::new(study);
    play_words(&mut history, "0", Language::French);
    assert_eq!(history.current().quiet_half_moves(), 99);
    assert_eq!(history.current().ending(), None);
    play_words(&mut history, "0", Language::French);
    let ending = history.current().ending().unwrap();
    assert_eq!((ending.winner, ending.reason), (None, EndReason::FiftyMoves));
}

#[test]
fn insufficient_material_draws() {
    let study = Position::study(
        Settings::default(),
        chess("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1"),
        Powers::from_owners(&[Side::WHITE]).unwrap(),
    );
    let mut history = History::new(study);
    play_words(&mut history, "Rxd2", Language::French);
    let ending = history.current().ending().unwrap();
    assert_eq!((ending.winner, ending.reason), (None, EndReason::InsufficientMaterial));
}

/// Random games, every action legal, written and read back in both languages.
#[test]
fn random_games_round_trip_in_both_languages() {
    let (mut reached_chess, mut ended) = (0, 0);
    for seed in 0..12u64 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let settings = Settings {
            variant: Variant::ALL[seed as usize % 3],
            handicaps: if seed % 4 == 1 { "black:2/1".parse().unwrap() } else { Handicaps::NONE },
        };
        let mut history = History::new(Position::new(settings));
        while history.current().ending().is_none() && history.actions().len() < 6000 {
            let actions = history.current().legal_actions();
            assert!(!actions.is_empty(), "a game that goes on has a legal action");
            history.play(actions[rng.random_range(0..actions.len())]).unwrap();
        }
        for language in Language::ALL {
            let text = write_record(&history, language, ["A", "B"]).to_string();
            let again = replay(&Record::parse(&text).unwrap())
                .unwrap_or_else(|e| panic!("seed {seed}, {language}: {e}\n{text}"));
            assert_eq!(again.actions(), history.actions(), "seed {seed}");
            assert_eq!(again.current().ending(), history.current().ending());
        }
        reached_chess += history.actions().iter().any(|a| matches!(a, Action::Chess(_))) as u32;
        ended += history.current().ending().is_some() as u32;
    }
    assert!(reached_chess >= 6 && ended >= 1, "{reached_chess} games reached chess, {ended} ended");
}

#[test]
fn malformed_records_name_the_token() {
    let cases =
        [("A b E c Z", "`Z`"), ("A b E(2) c", "`E(2)`"), ("1. A 2. b", "`2.`"), ("A b * E", "`E`")];
    for (moves, token) in cases {
        let text = format!("[Game \"awechec\"]\n\n{moves}\n");
        let error = replay(&Record::parse(&text).unwrap()).unwrap_err().to_string();
        assert!(error.contains(token), "{moves}: {error}");
    }
    for tags in [
        "[Game \"awele\"]",
        "[Game \"awechec\"]\n[Variant \"fast\"]",
        "[Game \"awechec\"]\n[Language \"de\"]",
        "[Game \"awechec\"]\n[Powers \"BXN\"]",
        "[Game \"awechec\"]\n[Handicap \"white:5/4\"]",
    ] {
        assert!(replay(&Record::parse(&format!("{tags}\n\n*\n")).unwrap()).is_err(), "{tags}");
    }
}

#[test]
fn an_awele_game_without_powers_is_followed_by_another() {
    // South's one seed feeds North, who cannot feed back: famine, North collects one seed, which
    // its 2/1 handicap turns into no power.
    let awele =
        awe_awele::Position::parse("0,0,0,0,0,1/0,0,0,0,0,0 S 24 23", RuleSet::Awechec).unwrap();
    let settings = Settings { variant: Variant::Standard, handicaps: "black:2/1".parse().unwrap() };
    let game = Position::with_awele(settings, Chess::default(), awele);
    let after = game.play(&Action::Awele(awe_awele::Pit::F)).unwrap();
    assert_eq!(after.powers().len(), 0);
    assert_eq!(after.carried(Side::BLACK), 0, "the seed carried is lost with the Awélé game");
    assert_eq!(after.step(), Step::Awele { player: Side::South });
    assert_eq!(after.awele_games(), 2);
    // Without the handicap the seed is a power of Black's, and chess begins.
    let plain = Position::with_awele(Settings::default(), Chess::default(), awele);
    let after = plain.play(&Action::Awele(awe_awele::Pit::F)).unwrap();
    assert_eq!(letters(after.powers()), "N");
    assert_eq!(after.step(), Step::Decision { owner: Side::BLACK, power: 1, mover: Side::WHITE });
}

#[test]
fn actions_out_of_turn_are_refused_with_a_reason() {
    let game = Position::new(Settings::default());
    assert!(game.play(&Action::Decide(Decision::Normal)).is_err());
    let study = Position::study(
        Settings::default(),
        Chess::default(),
        Powers::from_owners(&[Side::WHITE]).unwrap(),
    );
    let e4 = notation::parse_move(study.chess(), "e4", Language::English).unwrap();
    let error = study.play(&Action::Chess(e4)).unwrap_err();
    assert!(error.to_string().contains("power 1"), "{error}");
    assert!(study.play(&Action::Awele(awe_awele::Pit::A)).is_err());
}

#[test]
fn seeds_shared_at_an_awele_repetition_make_no_power() {
    // One seed a side, each chasing the other round the board: after twelve moves the position
    // comes back, nothing captured.
    let awele =
        awe_awele::Position::parse("1,0,0,0,0,0/1,0,0,0,0,0 S 23 23", RuleSet::Awechec).unwrap();
    let mut game = Position::with_awele(Settings::default(), Chess::default(), awele);
    let mut moves = 0;
    while game.awele_games() == 1 {
        let actions = game.legal_actions();
        assert_eq!(actions.len(), 1, "one pit with seeds each: every move is forced");
        game = game.play(&actions[0]).unwrap();
        moves += 1;
    }
    assert_eq!(moves, 12);
    assert_eq!(game.powers().len(), 0);
    assert_eq!(game.step(), Step::Awele { player: Side::South });
}

#[test]
fn a_resignation_or_an_agreement_ends_the_game_at_any_step() {
    let mut history = History::new(Position::new(Settings::default()));
    history.stop(Some(Side::BLACK));
    let ending = history.current().ending().unwrap();
    assert_eq!((ending.winner, ending.reason), (Some(Side::WHITE), EndReason::Resignation));
    let mut history = History::new(Position::new(Settings::default()));
    history.stop(None);
    assert_eq!(history.current().ending().unwrap().reason, EndReason::Agreement);
    assert!(history.current().legal_actions().is_empty());
}

#[test]
fn a_whole_game_may_start_from_another_chess_position() {
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let text = format!("[Game \"awechec\"]\n[FEN \"{fen}\"]\n\nA b *\n");
    let history = replay(&Record::parse(&text).unwrap()).unwrap();
    assert_eq!(history.current().step(), Step::Awele { player: Side::South });
    let written = write_record(&history, Language::French, ["", ""]);
    assert_eq!(written.tag("FEN"), Some(fen));
    assert_eq!(written.tag("Powers"), None);
}

#[test]
fn a_power_mark_needs_its_move_unless_the_moves_end_there() {
    let text = |moves: &str| format!("[Game \"awechec\"]\n[Powers \"BB\"]\n\n{moves}\n");
    let error = replay(&Record::parse(&text("1. (1=B) 2. e4 *")).unwrap()).unwrap_err();
    assert!(error.to_string().contains("`(1=B)`"), "{error}");
    // A normal move decided and not yet played: the record of a game saved then.
    let history = replay(&Record::parse(&text("1. (1=B) *")).unwrap()).unwrap();
    assert_eq!(history.current().step(), Step::Move { mover: Side::WHITE, power: Some(1) });
    // A bad move after its mark is named, not the mark.
    let error = replay(&Record::parse(&text("1. (1=B)\ne9 *")).unwrap()).unwrap_err();
    assert!(error.to_string().contains("line 5, `e9`"), "{error}");
}

#[test]
fn a_game_over_stays_over() {
    let study = Position::study(
        Settings::default(),
        chess("k7/8/1K6/8/8/8/8/7R w - - 0 1"),
        Powers::from_owners(&[Side::WHITE]).unwrap(),
    );
    let mut history = History::new(study);
    play_words(&mut history, "Th8#", Language::French);
    history.stop(Some(Side::WHITE));
    let ending = history.current().ending().unwrap();
    assert_eq!((ending.winner, ending.reason), (Some(Side::WHITE), EndReason::Checkmate));
}
