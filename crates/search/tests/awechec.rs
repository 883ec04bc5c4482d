//! The Awechec engine on positions whose answer is known.

use awe_awechec::{Action, Decision, Position, Powers, Settings};
use awe_game::{Game, Side};
use awe_search::awechec::AwechecEval;
use awe_search::score::plies_to_end;
use awe_search::{Limits, Searcher};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

fn chess(fen: &str) -> Chess {
    fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
}

fn study(fen: &str, owners: &str) -> Position {
    let owners: Vec<Side> =
        owners.chars().map(|c| if c == 'W' { Side::WHITE } else { Side::BLACK }).collect();
    Position::study(Settings::default(), chess(fen), Powers::from_owners(&owners).unwrap())
}

fn search(position: &Position, depth: u32) -> awe_search::Report<Action> {
    Searcher::new(AwechecEval::default(), 8).search(
        &Game::new(position.clone()),
        &Limits::depth(depth),
        |_| {},
    )
}

/// After 1.e4 e5 2.Bc4 Nc6, three White powers in a row are Qh5, a pass for Black, and Qxf7#:
/// the search finds the mate, five actions away. With a Black power in the middle, Black
/// defends, and there is no mate.
#[test]
fn a_mate_that_needs_three_consecutive_powers() {
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 2 3";
    let found = search(&study(fen, "WWW"), 7);
    assert_eq!(plies_to_end(found.score), Some(5), "{found:?}");
    assert!(found.score > 0);
    assert_eq!(found.pv[0], Action::Decide(Decision::Normal));
    let found = search(&study(fen, "WBW"), 7);
    assert_eq!(plies_to_end(found.score), None, "{found:?}");
}

/// Black to move in zugzwang with a White power: the default decision (a pass for Black) would
/// save Black; the engine makes Black move, and mates with its next power.
#[test]
fn in_zugzwang_the_owner_makes_the_opponent_move() {
    let position = study("8/8/8/2p5/2p5/2R5/k7/2K5 b - - 0 1", "WW");
    assert_eq!(position.default_decision(), Some(Decision::Null));
    let found = search(&position, 6);
    assert_eq!(found.pv[0], Action::Decide(Decision::Normal), "{found:?}");
    assert!(found.score > 0 && plies_to_end(found.score).is_some(), "{found:?}");
}

/// Giving check uses the checker's power and lets the other side reply for nothing. With one
/// White power left, Qe5+ forks king and rook, which at chess wins the rook; here Black's free
/// reply ends the list and the rook is not taken. The engine takes the pawn on a7 instead.
#[test]
fn a_check_wastes_the_checkers_power() {
    let position = study("1r5k/p7/8/2Q5/8/8/8/6K1 w - - 0 1", "W");
    let found = search(&position, 5);
    let moves: Vec<shakmaty::Move> = found
        .pv
        .iter()
        .filter_map(|a| match a {
            Action::Chess(mv) => Some(*mv),
            _ => None,
        })
        .collect();
    assert_eq!(moves.first().map(|m| m.to()), Some(shakmaty::Square::A7), "{found:?}");
    // With a second power to follow the check, the fork wins the rook, and the engine forks.
    let found = search(&study("1r5k/p7/8/2Q5/8/8/8/6K1 w - - 0 1", "WW"), 5);
    let first = found.pv.iter().find_map(|a| match a {
        Action::Chess(mv) => Some(*mv),
        _ => None,
    });
    assert_eq!(first.map(|m| m.to()), Some(shakmaty::Square::E5), "{found:?}");
}

/// The engine plays whole games under every variant, with and without handicaps: every action it
/// chooses is legal, and the games end.
#[test]
fn the_engine_plays_every_variant_and_handicap() {
    use awe_awechec::{Handicaps, Variant};
    use awe_search::{Engine, Level};
    for variant in [Variant::Standard, Variant::Forced, Variant::Synchronous] {
        for handicaps in ["", "white:3/2"] {
            let handicaps: Handicaps = if handicaps.is_empty() {
                Handicaps::default()
            } else {
                handicaps.parse().unwrap()
            };
            let start = Position::new(Settings { variant, handicaps });
            let mut game = Game::new(start);
            let mut engines = [
                Engine::new(AwechecEval::default(), Level::new(1).unwrap(), 1),
                Engine::new(AwechecEval::default(), Level::new(3).unwrap(), 2),
            ];
            for _ in 0..3000 {
                if game.outcome().is_some() {
                    break;
                }
                let side = awe_game::Position::turn(game.current()).index();
                let action = engines[side].choose(&game, None, |_| {}).unwrap();
                assert!(game.current().legal_actions().contains(&action));
                game.play(action).unwrap();
            }
            assert!(game.outcome().is_some(), "{variant}: the game should end");
        }
    }
}
