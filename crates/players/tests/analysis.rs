//! Games judged move by move: a move equal to the best is never marked, and a mark compares two
//! scores of one search.

use std::time::Duration;

use awe_game::Game;
use awe_game::record::Record;
use awe_players::analysis::{Mark, accepts_agreement, review};
use awe_search::score::describe;
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// The rules' own example game (the French study), as actions of the shared game trait.
fn french_study() -> Game<awe_awechec::Position> {
    let text = "[Game \"awechec\"]\n[Language \"fr\"]\n[Powers \"BBBNNBBBBNNBBBBB\"]\n\n\
                1. (1=B) e4 (2=B) 0 2. (3=B) Fc4 (4=N) Cc6 3. (5=N) 0 (6=B) 0 \
                4. (7=B) Cf3 (8=B) 0 5. (9=B) Cg5 (10=N) Ch6 6. (11=N) 0 (12=B) 0 \
                7. (13=B) Dh5 (14=B) 0 8. (15=B) Fxf7+ Cxf7 9. (16=B) Dxf7# 1-0\n";
    let history = awe_awechec::replay(&Record::parse(text).unwrap()).unwrap();
    let mut game = Game::new(history.start().clone());
    for &action in history.actions() {
        game.play(action).unwrap();
    }
    game
}

/// Checks what every judgement promises, and returns how many moves were the best.
fn judged_truly<P: awe_players::Playable>(game: &Game<P>, time: Duration) -> usize {
    let judged = review(game, time, |_, _| {});
    assert_eq!(judged.len(), game.moves().len());
    let mut best = 0;
    for (ply, j) in judged.iter().enumerate() {
        let what = format!(
            "ply {ply}: played {:?} ({}), best {:?} ({}), {:?}",
            j.played,
            describe(j.score),
            j.best,
            describe(j.best_score),
            j.mark
        );
        assert_eq!(j.played, game.moves()[ply], "{what}");
        if j.best == Some(j.played) {
            best += 1;
            assert_eq!(j.mark, Mark::Good, "{what}");
            assert_eq!(j.score, j.best_score, "the best move's score is the search's: {what}");
        }
        // A mark is earned by a score below the best's, in one search.
        if j.mark != Mark::Good {
            assert!(j.score < j.best_score, "{what}");
        }
    }
    best
}

#[test]
fn the_french_study_is_judged_without_marking_the_best_moves() {
    let game = french_study();
    let best = judged_truly(&game, Duration::from_millis(100));
    assert!(best > 0);
    // The mate at the end is the best move, and a win in one from the position it is played in.
    let judged = review(&game, Duration::from_millis(100), |_, _| {});
    let last = judged.last().unwrap();
    assert_eq!(last.best, Some(last.played));
    assert_eq!(describe(last.score), "win in 1");
}

#[test]
fn awele_and_awithlaknannai_games_are_judged_without_marking_the_best_moves() {
    let mut rng = SmallRng::seed_from_u64(3);
    for rules in awe_awele::RuleSet::ALL {
        let game = awe_game::playout::random_game(awe_awele::Position::new(rules), &mut rng, 30);
        judged_truly(&game, Duration::from_millis(20));
    }
    use awe_awithlaknannai::{BoardKind, BoardOptions, Position, Settings, Start};
    let settings = Settings::new(BoardKind::Mosona, BoardOptions::default(), Default::default());
    let start = Position::start(settings, Start::Seed000, awe_game::Side::WHITE).unwrap();
    let game = awe_game::playout::random_game(start, &mut rng, 20);
    judged_truly(&game, Duration::from_millis(20));
}

#[test]
fn the_engine_accepts_an_agreement_only_when_it_is_worth_it() {
    use awe_awele::{Position, RuleSet};
    // Abapa: South takes two with F and passes 24, a win; an agreement now gives each side its
    // own row, 24 all, a draw. The winner plays on, the loser takes the draw.
    let position = Position::parse("0,0,0,0,0,1/1,4,0,0,0,0 S 23 19", RuleSet::Abapa).unwrap();
    let game = Game::new(position);
    let time = Duration::from_millis(100);
    assert!(!accepts_agreement(&game, awe_game::Side::South, time));
    assert!(accepts_agreement(&game, awe_game::Side::North, time));
}
