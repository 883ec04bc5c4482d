//! Every practice position, judged by the endgame databases: its goal is what the databases say
//! of it, the best moves reach it against the computer's defence, and a move that gives it away
//! ends the try there, naming the moves that kept it. The databases themselves are checked
//! against the plain search on small positions in awe-search's tests. A solved game's practice
//! (Mosona from the start, as Black) is judged by its certificate, which holds one winning
//! strategy: a move off it is never called lost, and the try says where it left the proof.

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
        if oracle::proof(&start).is_some() {
            // A solved game: the certificate's move keeps the win; the others it does not know.
            continue;
        }
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
        if oracle::proof(&start).is_some() {
            continue;
        }
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

#[test]
fn the_solved_mosona_is_judged_by_its_certificate() {
    let p = practice::find("awithlaknannai", "solved-mosona").expect("the solved Mosona");
    let start = p.start();
    let proof = oracle::proof(&start).expect("the certificate's move");
    // The computer's opening is the longest defence the strategy allows.
    let first = practice::replay(p, &[]).unwrap();
    assert_eq!(first.plies(), p.file.opening.len());
    let mut before =
        awe_site_core::model::Match::new(&p.file.spec, Some(&p.file.position)).unwrap();
    let defences = oracle::moves(&before, None);
    let longest = defences.iter().filter_map(|(_, s)| *s).max().expect("scored defences");
    let opening = before.move_key(&p.file.opening[0]).unwrap();
    assert_eq!(defences.iter().find(|(m, _)| *m == opening).and_then(|(_, s)| *s), Some(longest));
    before.play(&opening).unwrap();
    // Every other first move: never called lost (the proof holds one way), and named where the
    // try leaves the proof.
    let others: Vec<String> = start
        .legal()
        .iter()
        .filter_map(|m| m["text"].as_str().map(str::to_owned))
        .filter(|m| start.move_key(m) != start.move_key(&proof))
        .collect();
    assert!(!others.is_empty());
    for other in &others {
        match practice::judge(p, &[], other).expect("judged") {
            Turn::Played { end, .. } => {
                assert!(!matches!(end, Some(End::Lost { .. })), "{other}: not proven lost")
            }
            Turn::Refused(r) => panic!("{other}: {r:?}"),
        }
        assert_eq!(
            practice::departure(p, std::slice::from_ref(other)),
            Some((other.clone(), proof.clone()))
        );
    }
    assert_eq!(practice::departure(p, std::slice::from_ref(&proof)), None);
}
