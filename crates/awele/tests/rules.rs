//! One position for each rule of RULES.md §2, under every rule set it concerns.

use awe_awele::{Illegal, MoveError, MoveList, Pit, Position, RuleSet};
use awe_game::{Game, Outcome, Position as _, Side, Termination};

fn pos(text: &str, rules: RuleSet) -> Position {
    Position::parse(text, rules).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn legal(p: &Position) -> Vec<Pit> {
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    moves.to_vec()
}

fn illegal_because(p: &Position, text: &str) -> Illegal {
    match p.parse_move(text) {
        Err(MoveError::Illegal { why, .. }) => why,
        other => panic!("{text} in {p}: expected an illegal move, got {other:?}"),
    }
}

#[test]
fn capture_takes_the_last_pit_and_the_run_before_it() {
    // F sows a, b, c: they hold 2, 3, 2; c is the last, then b and a before it.
    let p = pos("0,0,0,0,0,3/1,2,1,4,0,0 S 20 17", RuleSet::Awechec);
    assert_eq!(p.move_text(Pit::F), "F(7)");
    let after = p.play(Pit::F);
    assert_eq!(after.to_string(), "0,0,0,0,0,0/0,0,0,4,0,0 N 27 17");
}

#[test]
fn capture_run_stops_at_a_pit_without_two_or_three() {
    // a would hold 5 after sowing: the run c, b stops there.
    let p = pos("0,0,0,0,0,3/4,2,1,4,0,0 S 20 14", RuleSet::Awechec);
    let after = p.play(Pit::F);
    assert_eq!(after.to_string(), "0,0,0,0,0,0/5,0,0,4,0,0 N 25 14");
    // A last seed that makes 4 captures nothing, whatever lies before it.
    let p = pos("0,0,0,0,0,3/1,2,3,4,0,0 S 20 15", RuleSet::Awechec);
    assert_eq!(p.move_text(Pit::F), "F");
}

#[test]
fn capture_run_stops_at_the_end_of_the_opponents_row() {
    // North's e sows f, A, B. B and A are taken; f, North's own pit, holds 2 but is not.
    let p = pos("1,1,5,0,0,0/0,0,0,0,3,1 N 20 17", RuleSet::Awechec);
    assert_eq!(p.move_text(Pit::e), "e(4)");
    assert_eq!(p.play(Pit::e).to_string(), "0,0,5,0,0,0/0,0,0,0,0,2 S 20 21");
}

#[test]
fn a_lap_of_twelve_or_more_skips_the_starting_pit() {
    // 12 seeds from C: eleven pits get one, the twelfth seed skips C and falls into D.
    let p = pos("0,0,12,0,0,0/0,0,0,0,0,1 S 17 18", RuleSet::Awechec);
    assert_eq!(p.play(Pit::C).to_string(), "1,1,0,2,1,1/1,1,1,1,1,2 N 17 18");
    // 23 seeds: two full laps of eleven, and one more into D.
    let p = pos("0,0,23,0,0,0/1,0,0,0,0,0 S 12 12", RuleSet::Awechec);
    assert_eq!(p.play(Pit::C).to_string(), "2,2,0,3,2,2/3,2,2,2,2,2 N 12 12");
}

#[test]
fn a_starving_opponent_must_be_fed() {
    // North has nothing. F (one seed) reaches a; A (one seed) does not.
    for rules in RuleSet::ALL {
        let p = pos("1,0,0,0,0,1/0,0,0,0,0,0 S 23 23", rules);
        assert_eq!(legal(&p), vec![Pit::F], "{rules}");
        let why = illegal_because(&p, "A");
        let expected =
            if rules == RuleSet::Awari { Illegal::StarvesOpponent } else { Illegal::MustFeed };
        assert_eq!(why, expected, "{rules}");
    }
}

#[test]
fn famine_ends_the_game_and_the_player_who_cannot_feed_collects() {
    // North is empty and neither of South's seeds can reach it.
    for rules in [RuleSet::Awechec, RuleSet::Abapa] {
        let p = pos("1,1,0,0,0,0/0,0,0,0,0,0 S 23 23", rules);
        assert_eq!(legal(&p), vec![], "{rules}");
        assert_eq!(
            p.outcome(),
            Some(Outcome::by_score([25, 23], Termination::NoLegalMove)),
            "{rules}"
        );
        assert_eq!(illegal_because(&p, "A"), Illegal::GameOver);
    }
    // Under awari the move that cannot feed is still played, then North cannot move and South,
    // the opponent, takes what is left: the same 25-23.
    let p = pos("1,1,0,0,0,0/0,0,0,0,0,0 S 23 23", RuleSet::Awari);
    assert_eq!(legal(&p), vec![Pit::A, Pit::B]);
    let after = p.play(Pit::B);
    assert_eq!(after.outcome(), Some(Outcome::by_score([25, 23], Termination::NoLegalMove)));
}

/// F would take a and b, every seed North has; A is another move.
const GRAND_SLAM_OR_NOT: &str = "1,0,0,0,0,2/1,2,0,0,0,0 S 21 21";
/// F, the grand slam, is South's only move.
const GRAND_SLAM_ONLY: &str = "0,0,0,0,0,2/1,2,0,0,0,0 S 22 21";

#[test]
fn grand_slam_under_awechec_is_forbidden_unless_forced_and_then_takes_nothing() {
    let p = pos(GRAND_SLAM_OR_NOT, RuleSet::Awechec);
    assert_eq!(legal(&p), vec![Pit::A]);
    assert_eq!(illegal_because(&p, "F"), Illegal::GrandSlam);
    let p = pos(GRAND_SLAM_ONLY, RuleSet::Awechec);
    assert_eq!(legal(&p), vec![Pit::F]);
    assert_eq!(p.move_text(Pit::F), "F");
    assert_eq!(p.play(Pit::F).to_string(), "0,0,0,0,0,0/2,3,0,0,0,0 N 22 21");
}

#[test]
fn grand_slam_under_abapa_is_legal_and_takes_nothing() {
    let p = pos(GRAND_SLAM_OR_NOT, RuleSet::Abapa);
    assert_eq!(legal(&p), vec![Pit::A, Pit::F]);
    assert_eq!(p.play(Pit::F).to_string(), "1,0,0,0,0,0/2,3,0,0,0,0 N 21 21");
    assert!(matches!(
        p.parse_move("F(5)"),
        Err(MoveError::WrongCount { written: 5, actual: 0, .. })
    ));
}

#[test]
fn grand_slam_under_awari_is_forbidden_unless_forced_and_then_captures() {
    let p = pos(GRAND_SLAM_OR_NOT, RuleSet::Awari);
    assert_eq!(legal(&p), vec![Pit::A]);
    assert_eq!(illegal_because(&p, "F"), Illegal::StarvesOpponent);
    let p = pos(GRAND_SLAM_ONLY, RuleSet::Awari);
    assert_eq!(p.move_text(Pit::F), "F(5)");
    let after = p.play(Pit::F);
    assert_eq!(after.to_string(), "0,0,0,0,0,0/0,0,0,0,0,0 N 27 21");
    assert_eq!(after.outcome(), Some(Outcome::by_score([27, 21], Termination::NoLegalMove)));
}

/// One seed each, six pits apart: they chase each other round the board and never meet, and each
/// feeds the other when it must. After 12 plies the start comes back.
const CHASE: &str = "0,0,0,0,0,1/0,0,0,0,0,1 S 23 23";

#[test]
fn a_repeated_position_ends_the_game() {
    for rules in RuleSet::ALL {
        let mut game = Game::new(pos(CHASE, rules));
        for ply in 0..12 {
            assert_eq!(game.outcome(), None, "{rules}, ply {ply}");
            let moves = legal(game.current());
            assert_eq!(moves.len(), 1, "{rules}: one seed, one move");
            game.play(moves[0]).unwrap();
        }
        assert_eq!(game.current(), game.start());
        let outcome = game.outcome().expect("the start came back");
        assert_eq!(outcome.termination, Termination::Repetition);
        assert_eq!(outcome.score, [24, 24]);
        assert_eq!(game.play(Pit::F), Err(awe_game::PlayError::GameOver(Termination::Repetition)));
    }
}

#[test]
fn seeds_left_at_an_agreed_end_go_by_the_rule_set() {
    // Three seeds with South, two with North, 43 captured.
    let start = "0,0,1,0,0,2/0,1,1,0,0,0 S 22 21";
    let agreed = |rules| {
        let mut game = Game::new(pos(start, rules));
        game.agree_to_stop();
        game.outcome().expect("agreed")
    };
    // Shared: two each, the odd seed to nobody.
    assert_eq!(agreed(RuleSet::Awechec).score, [24, 23]);
    assert_eq!(agreed(RuleSet::Awari).score, [24, 23]);
    // Own side.
    assert_eq!(agreed(RuleSet::Abapa).score, [25, 23]);
    assert_eq!(agreed(RuleSet::Abapa).termination, Termination::Agreement);
}

#[test]
fn seeds_left_at_a_repetition_go_by_the_rule_set() {
    // Three seeds with South, two with North, 43 captured, as a repetition would leave them.
    let p = pos("3,0,0,0,0,0/0,1,1,0,0,0 N 22 21", RuleSet::Awechec);
    assert_eq!(p.outcome_on_repetition().score, [24, 23]);
    let p = p.with_rules(RuleSet::Abapa);
    assert_eq!(p.outcome_on_repetition().score, [25, 23]);
    let p = p.with_rules(RuleSet::Awari);
    assert_eq!(p.outcome_on_repetition().score, [24, 23]);
}

#[test]
fn abapa_ends_above_24_and_the_others_play_on() {
    // F takes 7: South reaches 27.
    let text = "0,0,0,0,1,3/1,2,1,4,0,0 S 20 16";
    let after = pos(text, RuleSet::Abapa).play(Pit::F);
    assert_eq!(after.captured(Side::South), 27);
    assert_eq!(after.outcome(), Some(Outcome::by_score([28, 20], Termination::ScoreLimit)));
    assert_eq!(legal(&after), vec![]);
    for rules in [RuleSet::Awechec, RuleSet::Awari] {
        let after = pos(text, rules).play(Pit::F);
        assert_eq!(after.outcome(), None, "{rules}: every seed counts, play goes on");
        assert_eq!(legal(&after), vec![Pit::d], "{rules}");
    }
}

#[test]
fn counts_in_move_texts_are_checked() {
    let p = pos("0,0,0,0,0,3/1,2,1,4,0,0 S 20 17", RuleSet::Awechec);
    assert_eq!(p.parse_move("F"), Ok(Pit::F));
    assert_eq!(p.parse_move("F(7)"), Ok(Pit::F));
    assert_eq!(
        p.parse_move("F(6)"),
        Err(MoveError::WrongCount { pit: Pit::F, written: 6, actual: 7 })
    );
    assert_eq!(illegal_because(&p, "a"), Illegal::NotYourPit);
    assert_eq!(illegal_because(&p, "A"), Illegal::EmptyPit);
    assert!(matches!(p.parse_move("Z"), Err(MoveError::Syntax(_))));
}

#[test]
fn position_texts_name_what_is_wrong() {
    use awe_awele::ParsePositionError as E;
    let parse = |t| Position::parse(t, RuleSet::Awechec);
    assert_eq!(parse("4,4,4,4,4,4/4,4,4,4,4,4 S 0"), Err(E::FieldCount(3)));
    assert!(matches!(parse("4,4,4,4,4,4 4,4,4,4,4,4 S 0 0"), Err(E::FieldCount(5))));
    assert!(matches!(
        parse("4,4,4,4,4/4,4,4,4,4,4 S 0 0"),
        Err(E::PitCount { side: Side::South, found: 5, .. })
    ));
    assert_eq!(parse("4,4,4,4,4,4/4,4,4,4,4,x S 0 0"), Err(E::Number("x".into())));
    assert_eq!(parse("4,4,4,4,4,4/4,4,4,4,4,4 W 0 0"), Err(E::Turn("W".into())));
    assert_eq!(parse("4,4,4,4,4,4/4,4,4,4,4,4 S 1 0"), Err(E::WrongTotal { total: 49 }));
    // Totals past a byte are counted, not wrapped (found by fuzzing: 304 seeds read as 48).
    assert_eq!(parse("48,48,48,48,48,48/16,0,0,0,0,0 S 0 0"), Err(E::WrongTotal { total: 304 }));
    assert_eq!(
        parse("40,40,40,40,40,40/40,40,40,40,40,40 S 0 0"),
        Err(E::WrongTotal { total: 480 })
    );
    assert_eq!(parse("4,4,4,4,4,4/4,4,4,4,4,4 N 0 0").map(|p| p.turn()), Ok(Side::North));
}
