//! The parsers fed arbitrary text: an error, never a panic.

use awe_awechec::{Handicaps, Language, Variant, notation, replay};
use awe_game::record::Record;
use proptest::prelude::*;

/// Words that records are made of, to build movetexts that get past the first token.
fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("1.".to_owned()),
        Just("1...".to_owned()),
        Just("(1=B)".to_owned()),
        Just("(2=N)".to_owned()),
        Just("(1)".to_owned()),
        Just("0".to_owned()),
        Just("e4".to_owned()),
        Just("Cf3".to_owned()),
        Just("h1:Q".to_owned()),
        Just("A".to_owned()),
        Just("b(2)".to_owned()),
        Just("1-0".to_owned()),
        Just("{x}".to_owned()),
        "[a-hA-FKQRBNTDC0-9()=:+#x.-]{1,6}",
    ]
}

proptest! {
    #[test]
    fn records_of_any_text_are_read_or_refused(text in ".{0,300}") {
        if let Ok(record) = Record::parse(&text) {
            let _ = replay(&record);
        }
    }

    #[test]
    fn studies_of_plausible_words_are_read_or_refused(
        powers in "[BNW]{0,20}",
        language in prop_oneof![Just("fr"), Just("en")],
        words in proptest::collection::vec(word(), 0..30),
    ) {
        let text = format!(
            "[Game \"awechec\"]\n[Language \"{language}\"]\n[Powers \"{powers}\"]\n\n{}\n",
            words.join(" ")
        );
        let record = Record::parse(&text);
        if let Ok(record) = record {
            let _ = replay(&record);
        }
    }

    #[test]
    fn notation_parsers_never_panic(text in ".{0,20}") {
        for language in Language::ALL {
            let _ = notation::parse_mark(&text, language);
            let _ = notation::parse_move(&shakmaty::Chess::default(), &text, language);
            let _ = language.to_english(&text);
        }
        let _ = text.parse::<Handicaps>();
        let _ = text.parse::<Variant>();
        let _ = text.parse::<Language>();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// In random games: every legal action is taken; during an Awélé game of the standard rules
    /// without handicap, the powers made are the seeds captured; a chess position never changes
    /// during an Awélé game; a decision is only asked of a side not in check.
    #[test]
    fn random_games_keep_the_invariants(seed in 0u64..1_000_000) {
        use awe_awechec::{History, Position, Settings, Step};
        use awe_game::Side;
        use rand::{Rng, SeedableRng, rngs::SmallRng};
        use shakmaty::Position as _;

        let mut rng = SmallRng::seed_from_u64(seed);
        let mut history = History::new(Position::new(Settings::default()));
        while history.current().ending().is_none() && history.actions().len() < 2000 {
            let current = history.current().clone();
            let actions = current.legal_actions();
            prop_assert!(!actions.is_empty());
            let action = actions[rng.random_range(0..actions.len())];
            history.play(action).unwrap();
            let next = history.current();
            match next.step() {
                Step::Awele { .. } => {
                    let captured: u32 = [Side::South, Side::North]
                        .iter()
                        .map(|&s| next.awele().captured(s) as u32)
                        .sum();
                    prop_assert_eq!(next.powers_made(), captured);
                    if let Step::Awele { .. } = current.step() {
                        prop_assert_eq!(next.chess().board(), current.chess().board());
                    }
                }
                Step::Decision { mover, .. } => {
                    prop_assert!(!next.chess().is_check());
                    prop_assert_eq!(mover == Side::South, next.chess().turn() == shakmaty::Color::White);
                }
                _ => {}
            }
        }
    }
}
