//! Every won or lost game the search announces is true.
//!
//! The reference is the plainest search there is: can a side force a win within `n` plies,
//! every move tried, the whole history kept by [`Game`] (so repetitions are judged as the rules
//! judge them), no table, no pruning but the short cut of `any` and `all`. The search is run the
//! way analysis runs it: one searcher, its table kept, position after position of a game, so
//! that what it learnt of a position reached one way is offered when it is reached another way.

use awe_awele::{Position as Awele, RuleSet};
use awe_awithlaknannai::{
    BoardKind, BoardOptions, Position as Serpent, RuleSet as SerpentRules, Settings, Start,
};
use awe_game::{Game, Position, Side};
use awe_search::awele::AweleEval;
use awe_search::awithlaknannai::SerpentEval;
use awe_search::score::{describe, is_decided, plies_to_end};
use awe_search::{Evaluator, Limits, Searcher};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Whether `side` can force the game to end in its favour within `plies` plies.
fn wins<P: Position>(game: &mut Game<P>, side: Side, plies: u32) -> bool {
    if let Some(outcome) = game.outcome() {
        return outcome.winner == Some(side);
    }
    if plies == 0 {
        return false;
    }
    let mut moves = P::MoveList::default();
    game.current().legal_moves(&mut moves);
    let mine = game.current().turn() == side;
    let mut each = |mv: P::Move| {
        game.play(mv).expect("a generated move is legal");
        let won = wins(game, side, plies - 1);
        game.undo();
        won
    };
    if mine { moves.iter().any(|&mv| each(mv)) } else { moves.iter().all(|&mv| each(mv)) }
}

/// The longest claim checked: the reference grows with the plies.
const LONGEST: i32 = 11;

/// Checks the claim of `score` on the current position of `game`: a win in `n` is a win within
/// `n` plies and none within fewer; a loss in `n` is a loss within `n` plies that the side to move
/// can put off until then. Returns whether it checked something.
fn check<P: Position>(game: &Game<P>, score: awe_search::Score, what: &str) -> bool {
    let Some(plies) = plies_to_end(score).filter(|&p| p <= LONGEST) else { return false };
    let plies = plies as u32;
    let me = game.current().turn();
    let mut game = game.clone();
    let (winner, claim) = if score > 0 { (me, "win") } else { (me.opponent(), "loss") };
    assert!(
        wins(&mut game, winner, plies),
        "{what}: the search claims a {claim} in {plies}, but it is not forced ({})",
        describe(score)
    );
    assert!(
        plies == 0 || !wins(&mut game, winner, plies - 1),
        "{what}: the search claims a {claim} in {plies}, but it comes sooner"
    );
    true
}

/// Searches every position of games from `start` with one searcher on `threads` threads, and
/// checks every claim.
#[allow(clippy::too_many_arguments)]
fn claims_are_true<P, E>(
    start: &P,
    eval: E,
    games: usize,
    openings: u32,
    depths: std::ops::RangeInclusive<u32>,
    seed: u64,
    name: &str,
    threads: usize,
) -> usize
where
    P: Position<Move: Send + Sync, Key: Send + Sync> + Send + Sync,
    E: Evaluator<P> + Clone + Send,
{
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut searcher = Searcher::new(eval, 1);
    searcher.set_threads(threads);
    let mut checked = 0;
    for g in 0..games {
        // Late-move reductions on in every other game, whatever the game's default: the claims
        // must hold either way.
        searcher.set_reductions(g % 2 == 0);
        // A random opening, then the game played on by the search's own moves, a random one now
        // and then, searching each position as analysis does.
        let opening = rng.random_range(0..openings) as usize;
        let mut game = awe_game::playout::random_game(start.clone(), &mut rng, opening);
        while game.outcome().is_none() && game.moves().len() < 300 {
            let depth = rng.random_range(depths.clone());
            let found = searcher.search_threads(&game, &Limits::depth(depth), |_| {});
            if is_decided(found.score) {
                let what = format!(
                    "{name}, {} at depth {depth} after {} plies",
                    game.current().position_text(),
                    game.moves().len()
                );
                checked += check(&game, found.score, &what) as usize;
            }
            let mv = match found.best() {
                Some(&mv) if rng.random_bool(0.8) => mv,
                _ => game.current().random_move(&mut rng).expect("the game goes on"),
            };
            game.play(mv).expect("the search plays legal moves");
        }
    }
    checked
}

#[test]
fn awele_wins_and_losses_announced_are_true() {
    for (i, rules) in RuleSet::ALL.into_iter().enumerate() {
        let start = Awele::new(rules);
        let eval = AweleEval::default();
        let checked = claims_are_true(&start, eval, 10, 60, 2..=7, i as u64, rules.name(), 1);
        assert!(checked > 10, "{rules}: only {checked} claims checked");
    }
}

/// With helpers on other threads sharing the table (lazy SMP), what is announced is as true.
#[test]
fn wins_and_losses_announced_on_three_threads_are_true() {
    let start = Awele::new(RuleSet::Abapa);
    let checked = claims_are_true(&start, AweleEval::default(), 6, 60, 2..=8, 7, "abapa", 3);
    assert!(checked > 10, "abapa: only {checked} claims checked");
    let settings = Settings::new(BoardKind::Mosona, BoardOptions::default(), SerpentRules::ALL[0]);
    let start = Serpent::start(settings, Start::Seed000, Side::WHITE).unwrap();
    let checked = claims_are_true(&start, SerpentEval::default(), 3, 4, 6..=10, 8, "mosona", 3);
    assert!(checked > 10, "mosona: only {checked} claims checked");
}

#[test]
fn awithlaknannai_wins_and_losses_announced_are_true() {
    // Deep searches on the small board, where repetitions come within the horizon; a short ply
    // limit, so that games end by it there too; and the large board.
    let cases = [
        (BoardKind::Mosona, Settings::DEFAULT_PLY_LIMIT, 6..=10, 3),
        (BoardKind::Mosona, 8, 3..=7, 4),
        (BoardKind::Kolowis, Settings::DEFAULT_PLY_LIMIT, 2..=5, 3),
    ];
    let mut total = 0;
    for (i, rules) in SerpentRules::ALL.into_iter().enumerate() {
        for (kind, limit, depths, games) in cases.clone() {
            let mut settings = Settings::new(kind, BoardOptions::default(), rules);
            settings.ply_limit = limit;
            let start = Serpent::start(settings, Start::Seed000, Side::WHITE).unwrap();
            let name = format!("{} {rules} limit {limit}", kind.name());
            let seed = i as u64 + 10;
            // Ludii's captures are free: more moves a ply, shallower searches.
            let depths = match rules {
                SerpentRules::Ludii => 2..=(*depths.end() - 3).max(3),
                _ => depths,
            };
            let checked =
                claims_are_true(&start, SerpentEval::default(), games, 4, depths, seed, &name, 1);
            total += checked;
        }
    }
    assert!(total > 40, "only {total} claims checked");
}

/// Under `ludii`, where a repetition ends nothing, the search takes a database's wins and
/// losses after quiet moves too, and scores a return to an earlier position by the lead it keeps:
/// what it announces with a database, in games that go on past the captures, is as true.
#[test]
fn awithlaknannai_claims_with_a_database_under_ludii_are_true() {
    let settings = Settings::new(BoardKind::Mosona, BoardOptions::default(), SerpentRules::Ludii);
    let db = std::sync::Arc::new(
        awe_search::endgame::SerpentEndgame::build(settings, 3, |_, _, _| {}).unwrap(),
    );
    let mut rng = SmallRng::seed_from_u64(46);
    let mut checked = 0;
    for g in 0..64 {
        // Four pieces, two a side, anywhere: the database answers once one is taken.
        let mut points: Vec<u32> = (0..settings.board.len() as u32).collect();
        for i in 0..4 {
            let j = rng.random_range(i..points.len());
            points.swap(i, j);
        }
        let set = |points: &[u32]| points.iter().fold(0u64, |set, &p| set | 1 << p);
        let pieces = [set(&points[..2]), set(&points[2..4])];
        let start = Serpent::from_pieces(pieces, Side::WHITE, settings).unwrap();
        let eval = SerpentEval::with_endgame(db.clone());
        checked += claims_are_true(&start, eval, 1, 3, 1..=5, g, "mosona ludii, 4 pieces", 1);
    }
    assert!(checked > 40, "only {checked} claims checked");
}

/// The line of issue 14 along which the search announced wins and losses that a plain search
/// refutes (Mosona, `wikipedia`): each position searched in turn by one searcher, as analysis
/// searches them.
#[test]
fn the_mosona_line_that_was_misjudged_is_judged_truly() {
    let line = "b4xm5xm4xt4xm5 m3xm4xb4xm5xb5xm6xb6xm7xb7xm8xb8 b1xm3xm2xb1 t6-m6 b2-m3 m6-m5 \
                b1-b2 b8-b7 b2-b3 b7-b8 m3-b2 t7-m8 b2-b1";
    let settings =
        Settings::new(BoardKind::Mosona, BoardOptions::default(), SerpentRules::Wikipedia);
    let mut game = Game::new(Serpent::start(settings, Start::Seed000, Side::WHITE).unwrap());
    let mut searcher = Searcher::new(SerpentEval::default(), 16);
    for text in line.split_whitespace() {
        let found = searcher.search(&game, &Limits::depth(12), |_| {});
        let what = format!("before {text}, ply {}", game.moves().len());
        check(&game, found.score, &what);
        let mv = game.current().parse_move(text).unwrap();
        game.play(mv).unwrap();
    }
}
