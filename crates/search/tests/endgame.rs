//! The endgame databases against plain search on small boards.

use awe_awele::{Board, Position, RuleSet};
use awe_game::{Game, Side};
use awe_search::endgame::{Endgame, layer_size};
use awe_search::score::is_decided;
use awe_search::{Limits, Searcher};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn random_board(n: usize, rng: &mut SmallRng) -> [u8; 12] {
    let mut pits = [0u8; 12];
    for _ in 0..n {
        pits[rng.random_range(0..12)] += 1;
    }
    pits
}

#[test]
fn layers_have_the_sizes_of_the_combinations() {
    assert_eq!(layer_size(0), 1);
    assert_eq!(layer_size(1), 12);
    assert_eq!(layer_size(2), 78);
    assert_eq!(layer_size(20), 84_672_315);
}

#[test]
fn database_values_agree_with_a_search_to_the_end() {
    for rules in [RuleSet::Awechec, RuleSet::Awari] {
        let db = Endgame::build(rules, 6, |_, _, _| {}).unwrap();
        assert_eq!(db.len() as u64, (0..=6).map(layer_size).sum::<u64>());
        let mut rng = SmallRng::seed_from_u64(2);
        let (mut checked, mut mismatches) = (0, Vec::new());
        for _ in 0..300 {
            let n = rng.random_range(1..=6);
            let pits = random_board(n, &mut rng);
            let turn = if rng.random_bool(0.5) { Side::South } else { Side::North };
            let captured = [21, 27 - n as u8];
            let position =
                Position::from_parts(Board::from_pits(pits), captured, turn, rules).unwrap();
            let game = Game::new(position);
            if game.outcome().is_some() {
                continue;
            }
            let found = Searcher::new(awe_search::awele::AweleEval::default(), 8).search(
                &game,
                &Limits::depth(30),
                |_| {},
            );
            if !is_decided(found.score) && found.score != 0 {
                continue;
            }
            let me = turn.index();
            let margin =
                captured[me] as i32 - captured[1 - me] as i32 + db.probe(&position).unwrap() as i32;
            checked += 1;
            if margin.signum() != found.score.signum() {
                mismatches.push(format!("{position}: db margin {margin}, search {}", found.score));
            }
        }
        assert!(checked > 100, "{checked}");
        assert!(
            mismatches.is_empty(),
            "{rules}: {} of {checked}: {:#?}",
            mismatches.len(),
            &mismatches[..mismatches.len().min(5)]
        );
    }
}

#[test]
fn with_the_database_the_search_plays_perfectly_inside_it() {
    let db = std::sync::Arc::new(Endgame::build(RuleSet::Awechec, 5, |_, _, _| {}).unwrap());
    let eval = awe_search::awele::AweleEval::with_endgame(db.clone());
    let mut rng = SmallRng::seed_from_u64(4);
    for _ in 0..200 {
        let n = rng.random_range(1..=5);
        let position = Position::from_parts(
            Board::from_pits(random_board(n, &mut rng)),
            [20, 28 - n as u8],
            Side::South,
            RuleSet::Awechec,
        )
        .unwrap();
        let game = Game::new(position);
        if game.outcome().is_some() {
            continue;
        }
        let found = Searcher::new(eval.clone(), 1).search(&game, &Limits::depth(1), |_| {});
        let best = *found.best().unwrap();
        let value = |p: &Position| db.probe(p).unwrap() as i32;
        let chosen = position.seeds_taken(best) as i32 - value(&position.play(best));
        assert_eq!(chosen, value(&position), "{position}: {best:?}");
    }
}
