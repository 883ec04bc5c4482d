//! Mosona under `wikipedia` is solved: the second player wins (docs/solving.md). Level 10 plays
//! the certificate shipped with awe. As Black it wins every game from the start, against a random
//! player and against itself, each of its moves the certificate's; as White it makes the longest
//! defence: its game against itself lasts exactly as long as the longest game the checker
//! finds under the certificate.

use std::time::Duration;

use awe_awithlaknannai::{BoardKind, BoardOptions, Position, RuleSet, Settings, Start};
use awe_game::{Game, Side};
use awe_players::Player;
use awe_search::solve::Proven;

fn settings() -> Settings {
    Settings::new(BoardKind::Mosona, BoardOptions::default(), RuleSet::Wikipedia)
}

/// An empty cache: only the shipped certificate counts.
fn empty_cache() {
    let dir = std::env::temp_dir().join(format!("awe-solved-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Set before any thread reads it (each test calls it first; they set the same value).
    unsafe { std::env::set_var("AWE_CACHE", &dir) };
    unsafe { std::env::set_var("AWE_ENDGAME", "off") };
}

/// A game of `white` against `black` from the start, to its end.
fn play(white: &mut Player<Position>, black: &mut Player<Position>) -> Game<Position> {
    let start = Position::start(settings(), Start::Seed000, Side::WHITE).unwrap();
    let mut game = Game::new(start);
    while game.outcome().is_none() {
        let player = if game.current().turn() == Side::WHITE { &mut *white } else { &mut *black };
        let mv = player.choose(&game, Duration::from_millis(50)).unwrap();
        game.play(mv).unwrap();
        assert!(game.moves().len() < 200, "the game goes on");
    }
    game
}

/// Every Black move of `game` is the certificate's.
fn blacks_moves_are_proven(game: &Game<Position>, proven: &Proven) {
    for (position, &mv) in game.positions().iter().zip(game.moves()) {
        if position.turn() == Side::BLACK {
            let (proof, score) = proven.get(position).expect("the certificate has the position");
            assert!(score > 0, "a win");
            assert_eq!(mv, proof, "Black plays the certificate's move");
        }
    }
}

#[test]
fn the_shipped_certificate_is_checked_and_read() {
    let certificates = awe_players::cache::shipped_solved();
    assert_eq!(certificates.len(), 1);
    let verdict = awe_proof::check::check(&certificates[0]).expect("the checker accepts it");
    assert!(verdict.longest.is_some_and(|l| l > 0), "{verdict:?}");
    let proven = Proven::from_certificates(&settings(), &certificates);
    let start = Position::start(settings(), Start::Seed000, Side::WHITE).unwrap();
    let (winner, longest) = proven.value(&start).expect("the start is solved");
    assert_eq!(winner, Side::BLACK);
    assert_eq!(Some(longest), verdict.longest, "the longest game under the strategy");
}

#[test]
fn level_10_wins_as_black_against_a_random_player_and_itself() {
    empty_cache();
    let certificates = awe_players::cache::awithlaknannai_solved(&settings());
    let proven = Proven::from_certificates(&settings(), &certificates);
    let start = Position::start(settings(), Start::Seed000, Side::WHITE).unwrap();
    let (_, longest) = proven.value(&start).unwrap();
    for seed in 0..20 {
        let mut random = Player::parse("random", &start, seed).unwrap();
        let mut black = Player::parse("awe:10", &start, seed).unwrap();
        let game = play(&mut random, &mut black);
        assert_eq!(game.outcome().unwrap().winner, Some(Side::BLACK), "seed {seed}");
        assert!(game.moves().len() as u32 <= longest);
        blacks_moves_are_proven(&game, &proven);
    }
    // Against itself: White holds out as long as the strategy lets anyone.
    let mut white = Player::parse("awe:10", &start, 1).unwrap();
    let mut black = Player::parse("awe:10", &start, 2).unwrap();
    let game = play(&mut white, &mut black);
    assert_eq!(game.outcome().unwrap().winner, Some(Side::BLACK));
    assert_eq!(game.moves().len() as u32, longest, "the longest defence");
    blacks_moves_are_proven(&game, &proven);
}
