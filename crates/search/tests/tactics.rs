//! The tactical test set (`tests/data/awele-abapa-tactics.txt`, made by
//! `examples/tactics_awele.rs`) reads, and says of each position what is true of it: right
//! moves that are legal and not all of the legal moves, and tags that fit the position.

use awe_awele::{MoveList, Pit, Position, RuleSet};
use awe_game::Position as _;

const SET: &str = include_str!("data/awele-abapa-tactics.txt");

#[test]
fn every_position_of_the_tactical_set_has_right_and_wrong_moves_and_fitting_tags() {
    let mut count = 0;
    for (n, line) in SET.lines().enumerate().filter(|(_, l)| !l.starts_with('#')) {
        let at = format!("line {}: {line}", n + 1);
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let [position, right, score, tags] = fields[..] else { panic!("{at}: four fields") };
        let position = Position::parse(position, RuleSet::Abapa).expect(&at);
        assert!(position.outcome().is_none(), "{at}: the game goes on");
        let mut legal = MoveList::new();
        position.legal_moves(&mut legal);
        let right: Vec<Pit> = right
            .split_whitespace()
            .map(|m| m.chars().next().and_then(Pit::from_char).expect(&at))
            .collect();
        assert!(!right.is_empty() && right.len() < legal.len(), "{at}: some moves are wrong");
        assert!(right.iter().all(|m| legal.contains(m)), "{at}: the right moves are legal");
        score.parse::<i32>().expect(&at);
        let them = position.turn().opponent();
        let theirs = position.board().row_seeds(them);
        let tags: Vec<&str> = tags.split_whitespace().collect();
        let quiet = right.iter().all(|&m| position.seeds_taken(m) == 0);
        let slam = legal.iter().any(|&m| position.is_grand_slam(m));
        for (tag, holds) in [("quiet", quiet), ("thin", theirs <= 2), ("feed", theirs == 0)] {
            assert_eq!(tags.contains(&tag), holds, "{at}: `{tag}`");
        }
        assert_eq!(tags.contains(&"slam"), slam, "{at}: `slam`");
        count += 1;
    }
    assert_eq!(count, 300, "the set's positions");
}
