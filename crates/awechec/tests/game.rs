//! Awechec through the shared game trait: what the engines and the generic commands rely on.

use awe_awechec::{Action, Position, Settings, Step, Variant};
use awe_game::Position as _;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Random games under each variant: the moves are the legal actions, empty exactly when the game
/// is over; every action's text reads back as the same action; the side to move is the one the
/// step names; the position text of a chess phase reads back with the same hash.
#[test]
fn random_games_through_the_trait() {
    for (seed, variant) in
        [Variant::Standard, Variant::Forced, Variant::Synchronous].into_iter().enumerate()
    {
        let mut rng = SmallRng::seed_from_u64(seed as u64);
        for _ in 0..4 {
            let mut position = Position::new(Settings { variant, ..Settings::default() });
            for _ in 0..600 {
                let mut moves = <Position as awe_game::Position>::MoveList::default();
                position.legal_moves(&mut moves);
                assert_eq!(moves.is_empty(), position.outcome().is_some(), "{:?}", position.step());
                if moves.is_empty() {
                    break;
                }
                assert_eq!(Some(position.turn()), position.step().player());
                for &action in moves.iter() {
                    let text = position.move_text(action);
                    assert_eq!(position.parse_move(&text).unwrap(), action, "{text}");
                }
                if matches!(position.step(), Step::Decision { .. }) && !position.awele_running() {
                    let text = position.position_text();
                    let back = position.parse_position(&text).unwrap();
                    assert_eq!(back.hash(), position.hash(), "{text}");
                    assert_eq!(back.position_text(), text);
                }
                let action = moves[rng.random_range(0..moves.len())];
                position = awe_game::Position::play(&position, action);
            }
        }
    }
}

#[test]
fn position_texts_name_what_is_wrong() {
    let start = Position::new(Settings::default());
    for (text, part) in [
        ("8/8/8 w - - 0 1 | W | -", "FEN"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 | WX | -", "power"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 | W", "fields"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 | W | 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0", "captured 0 seeds"),
    ] {
        let error = start.parse_position(text).unwrap_err().to_string();
        assert!(error.contains(part), "{text}: {error}");
    }
    // The usual start reads back.
    let text = start.position_text();
    assert_eq!(start.parse_position(&text).unwrap().position_text(), text);
    assert!(start.parse_move("normal").is_err());
    assert!(matches!(start.legal_actions()[0], Action::Awele(_)));
}

/// Positions that differ only in the counters of the drawing rules may end differently: the
/// hash, which keys the engines' tables, tells them apart.
#[test]
fn the_hash_tells_apart_the_fifty_move_counter() {
    let start = Position::new(Settings::default());
    let at = |halfmoves: u32| {
        let text = format!("4k3/8/8/8/8/8/4P3/4K3 w - - {halfmoves} 40 | WBWB | -");
        start.parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
    };
    let (fresh, late) = (at(0), at(90));
    assert_eq!(fresh.powers(), late.powers());
    assert_ne!(fresh.quiet_half_moves(), late.quiet_half_moves());
    assert_ne!(fresh.hash(), late.hash());
}

/// An Awélé game in progress with powers already made: saved up (standard, forced) or used while
/// it waits (synchronous). The position text holds both, and reads back (found by fuzzing: it was
/// refused).
#[test]
fn a_position_with_powers_and_an_awele_game_reads_back() {
    for variant in [Variant::Standard, Variant::Forced, Variant::Synchronous] {
        powers_and_awele_read_back(Settings { variant, ..Settings::default() });
    }
}

fn powers_and_awele_read_back(settings: Settings) {
    let start = Position::new(settings);
    let before = start
        .parse_position(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | - | 0,0,0,0,0,1/1,0,0,0,0,1 S 23 22",
        )
        .unwrap();
    let action = before.parse_move("F").unwrap();
    let after = awe_game::Position::play(&before, action);
    let text = after.position_text();
    let back = start.parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(back.position_text(), text);
    let texts = |p: &Position| {
        let mut moves = <Position as awe_game::Position>::MoveList::default();
        p.legal_moves(&mut moves);
        moves.iter().map(|&m| p.move_text(m)).collect::<Vec<_>>()
    };
    assert_eq!(texts(&back), texts(&after), "{text}");
    assert_eq!(back.step(), after.step(), "{text}");
}

/// A synchronous game read with a power to use and an Awélé game already over (its side to move
/// has no seed): the Awélé game ends as it is read, its seeds left become powers, and the
/// position text reads back to the same game after each action (found by fuzzing: chess went on,
/// then the game asked for a move in the finished Awélé game and printed a text that read back
/// otherwise).
#[test]
fn a_finished_awele_game_read_with_powers_ends_at_once() {
    let start = Position::new(Settings { variant: Variant::Synchronous, ..Settings::default() });
    let text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | W | 0,0,0,0,0,0/1,1,0,0,0,1 S 23 22";
    let position = start.parse_position(text).unwrap();
    assert!(!position.awele_running(), "{}", position.position_text());
    // The three seeds left on North's row are North's (Black's) powers, after White's.
    assert!(position.position_text().ends_with("| WBBB | -"), "{}", position.position_text());
    let mut position = position;
    for _ in 0..8 {
        let text = position.position_text();
        let back = start.parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        // (The text does not tell a power being decided on from one decided: only the text.)
        assert_eq!(back.position_text(), text);
        let Some(&action) = position.legal_actions().first() else { break };
        position = position.play(&action).unwrap();
    }
}
