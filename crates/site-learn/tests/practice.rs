//! Every practice position, judged by the endgame databases: its goal is what the databases say
//! of it, the best moves reach it against the computer's defence, and a move that gives it away
//! ends the try there, naming the moves that kept it. The databases themselves are checked
//! against the plain search on small positions in awe-search's tests.

use awe_site_learn::oracle::{self, Class};
use awe_site_learn::practice::{self, Aim, End, Practice, Turn};

fn all() -> Vec<Practice> {
    practice::every_file().into_iter().map(|p| p.unwrap_or_else(|e| panic!("{e}"))).collect()
}

fn aim(p: &Practice) -> Class {
    match p.file.goal {
        Aim::Win => Class::Win,
        Aim::Draw => Class::Draw,
    }
}

#[test]
fn every_goal_is_the_databases() {
    let all = all();
    assert_eq!(all.len(), practice::all().len());
    for game in ["awele", "awithlaknannai", "awechec"] {
        assert!(all.iter().filter(|p| p.game == game).count() >= 2, "{game}");
    }
    for p in &all {
        let start = p.start();
        assert_eq!(oracle::class(&start, p.learner(), p.left(0)), Some(aim(p)), "{}", p.id);
        // Some move gives the goal away: the position asks something.
        let giving = oracle::moves(&start, p.left(0))
            .iter()
            .filter(|(_, s)| s.is_some_and(|s| Class::of(s) < aim(p)))
            .count();
        assert!(giving >= 1, "{}: every move keeps the goal", p.id);
    }
}

#[test]
fn the_best_moves_reach_the_goal() {
    for p in all() {
        let mut line: Vec<String> = Vec::new();
        let end = loop {
            let game = practice::replay(&p, &line).expect("the line replays");
            let best = oracle::best(&game, p.left(line.len()))
                .expect("the databases reach every position of the try");
            match practice::judge(&p, &line, &best).expect("judged") {
                Turn::Played { moves, end } => {
                    line.extend(moves);
                    if let Some(end) = end {
                        break end;
                    }
                }
                Turn::Refused(r) => panic!("{}: the best move {best} refused: {r:?}", p.id),
            }
        };
        assert_eq!(end, End::Reached, "{}: {}", p.id, line.join(" "));
        let game = practice::replay(&p, &line).unwrap();
        let won = game.outcome().expect("over").winner == Some(p.learner());
        assert!(won || p.file.goal == Aim::Draw, "{}", p.id);
    }
}

#[test]
fn a_move_that_gives_the_goal_away_ends_the_try() {
    for p in all() {
        let start = p.start();
        let (bad, _) = oracle::moves(&start, p.left(0))
            .into_iter()
            .find(|(_, s)| s.is_some_and(|s| Class::of(s) < aim(&p)))
            .expect("a move gives the goal away");
        match practice::judge(&p, &[], &bad).expect("judged") {
            Turn::Played { moves, end: Some(End::Lost { at, now, keeping }) } => {
                assert_eq!(moves, vec![at.clone()]);
                assert_eq!(at, start.move_key(&bad).unwrap());
                assert!(now < aim(&p));
                assert!(!keeping.is_empty() && !keeping.contains(&at), "{}: {keeping:?}", p.id);
            }
            other => panic!("{}: {bad}: {other:?}", p.id),
        }
    }
}
