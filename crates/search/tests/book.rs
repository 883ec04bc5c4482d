//! Opening books: built by drop-out expansion, read back, and played.

use awe_awele::{Position, RuleSet};
use awe_game::{Game, Position as _};
use awe_search::awele::{self, AweleEval};
use awe_search::book::Book;
use awe_search::grow::{self, Expansion};
use awe_search::{Engine, Evaluator, Level, Limits, Score, Searcher};

/// What a search from an empty table gives `position` at `depth`, or its end's score.
fn searched(position: &Position, depth: u32) -> Score {
    let mut searcher = Searcher::new(AweleEval::default(), 16);
    match position.outcome() {
        Some(outcome) => searcher.evaluator().terminal(position, &outcome, 0),
        None => searcher.search(&Game::new(*position), &Limits::depth(depth), |_| {}).score,
    }
}

#[test]
fn a_books_values_are_the_minimax_of_the_searches_at_its_leaves() {
    for rules in RuleSet::ALL {
        let start = Position::new(rules);
        let options = Expansion { positions: 12, depth: 3, ply_cost: 30, threads: 2 };
        let built = grow::build(&start, AweleEval::default, &options, |_| {});
        assert_eq!(built.len(), 12, "{rules}: every position expanded is in the book");
        let text = built.to_text("test");
        let book = Book::parse(&text, &start).unwrap();
        assert_eq!(book.len(), built.len());
        // Each position's value: the best of its children's, a child in the book worth its
        // book value and any other its search's.
        let value = |p: &Position| book.lookup(p).map_or_else(|| searched(p, 3), |(_, v)| v);
        let mut checked = 0;
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let position = start.parse_position(line.split('\t').next().unwrap()).unwrap();
            let (mv, stored) = book.lookup(&position).unwrap();
            let mut moves = awe_awele::MoveList::new();
            position.legal_moves(&mut moves);
            let best = moves.iter().map(|&m| -value(&position.play(m))).max().unwrap();
            assert_eq!(stored, best, "{rules}: {position}");
            assert_eq!(-value(&position.play(mv)), best, "{rules}: {position}: its move is best");
            checked += 1;
        }
        assert_eq!(checked, 12);
        assert!(book.lookup(&start).is_some());
    }
}

#[test]
fn a_book_refuses_what_is_not_a_book() {
    let start = Position::new(RuleSet::Awechec);
    let start_text = start.position_text();
    for (text, why) in [
        (format!("{start_text}\tC"), "2 fields"),
        (format!("{start_text}\tZ\t0"), "line 1"),
        (format!("# a comment\n{start_text}\tC\tmuch"), "line 2"),
        ("4,4,4/4,4 S 0 0\tC\t0".to_owned(), "line 1"),
    ] {
        let error = Book::parse(&text, &start).unwrap_err().to_string();
        assert!(error.contains(why), "{text:?}: {error}");
    }
    // A move of the wrong side is not legal: the start has South to move (A to F).
    let error = Book::parse(&format!("{start_text}\ta\t0"), &start);
    assert!(error.is_err());
}

#[test]
fn the_books_awe_ships_read_and_levels_9_and_10_play_them() {
    for rules in RuleSet::ALL {
        let Some(book) = awele::book(rules) else { continue };
        assert!(!book.is_empty(), "{rules}");
        let start = Position::new(rules);
        let Some((mv, _)) = book.lookup(&start) else { continue };
        let game = Game::new(start);
        for level in [9, 10] {
            let mut engine = Engine::new(AweleEval::default(), Level::new(level).unwrap(), 1);
            let chosen = engine.choose(&game, Some(std::time::Duration::from_millis(1)), |_| {});
            assert_eq!(chosen, Some(mv), "{rules}, level {level}");
        }
    }
    assert!(awele::book(RuleSet::Awechec).is_some(), "awechec has a book");
}
