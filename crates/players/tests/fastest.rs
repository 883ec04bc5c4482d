//! The win the analysis announces is the shortest: on many small endgames of both games, with
//! their endgame databases (which know who wins, not how soon), the analysis's "win in N" is
//! checked against the plainest search there is ([`awe_search::puzzle::wins`]: every move tried,
//! the whole history kept by [`Game`], no table, no pruning): a win within N plies, none within
//! fewer; and where the plain search finds a short win, the analysis announces that one.

use std::sync::Arc;

use awe_awele::{Position as Awele, RuleSet};
use awe_awithlaknannai::{BoardKind, BoardOptions, Position as Serpent, RuleSet as SerpentRules};
use awe_game::{Game, Position, Side};
use awe_players::analysis::fastest;
use awe_search::awele::AweleEval;
use awe_search::awithlaknannai::SerpentEval;
use awe_search::endgame::{Endgame, SerpentEndgame};
use awe_search::puzzle::wins;
use awe_search::score::{WIN, describe, plies_to_end};
use awe_search::{Evaluator, Limits, Searcher};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The plain search's shortest win of the side to move, up to `most` plies.
fn shortest<P: Position>(game: &Game<P>, most: u32) -> Option<u32> {
    let mut game = game.clone();
    let me = game.current().turn();
    (1..=most).find(|&n| wins(&mut game, me, n))
}

/// The longest claim checked to the end by the plain search (it grows as the moves to this
/// power).
const LONGEST: u32 = 7;

/// Searches `position` to `depth` as the analysis does (then its fastest win), and checks the
/// claim against the plain search. Returns whether a win was announced.
fn announced_win_is_shortest<P: Position, E: Evaluator<P>>(
    searcher: &mut Searcher<P, E>,
    position: P,
    depth: u32,
    reach: u32,
) -> bool {
    let game = Game::new(position);
    if game.outcome().is_some() {
        return false;
    }
    let text = game.current().position_text();
    let report = fastest(&game, searcher.search(&game, &Limits::depth(depth), |_| {}));
    let plain = shortest(&game, reach);
    match plies_to_end(report.score).filter(|_| report.score > 0) {
        Some(n) => {
            let n = n as u32;
            // A longer claim than the plain search can check here: at least, nothing sooner.
            if n > LONGEST {
                assert_eq!(
                    plain,
                    None,
                    "{text}: {} where the plain search wins sooner",
                    describe(report.score)
                );
                return true;
            }
            let mut replay = game.clone();
            let me = game.current().turn();
            assert!(wins(&mut replay, me, n), "{text}: {} is not forced", describe(report.score));
            assert_eq!(
                shortest(&game, n),
                Some(n),
                "{text}: {} is not the shortest",
                describe(report.score)
            );
            // The line begins with a move that wins that soon.
            let first = *report.best().expect("a best move");
            replay.play(first).unwrap();
            assert!(
                wins(&mut replay, me, n - 1),
                "{text}: the line's first move does not win in {n}"
            );
            true
        }
        None => {
            assert!(
                plain.is_none(),
                "{text}: a win in {plain:?} that the analysis does not announce ({})",
                describe(report.score)
            );
            false
        }
    }
}

#[test]
fn awele_wins_announced_are_the_shortest() {
    for (seed, rules) in [(1, RuleSet::Abapa), (2, RuleSet::Awari)] {
        let db = Endgame::build(rules, 10, |_, _, _| {}).unwrap();
        let mut searcher = Searcher::new(AweleEval::with_endgame(Arc::new(db)), 8);
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut won = 0;
        for _ in 0..300 {
            // A few seeds left on the board and the stores near the end.
            let seeds = rng.random_range(3..=12);
            let mut pits = [0u8; 12];
            for _ in 0..seeds {
                pits[rng.random_range(0..12)] += 1;
            }
            let south = rng.random_range(14..=24u32.min(48 - seeds));
            let north = 48 - seeds - south;
            if north > 24 {
                continue;
            }
            let row = |r: &[u8]| r.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
            let turn = if rng.random_bool(0.5) { "S" } else { "N" };
            let text = format!("{}/{} {turn} {south} {north}", row(&pits[..6]), row(&pits[6..]));
            let Ok(position) = Awele::parse(&text, rules) else { continue };
            won += announced_win_is_shortest(&mut searcher, position, 7, 5) as usize;
        }
        assert!(won > 10, "{rules}: only {won} wins announced");
    }
    // The position of issue 42: "win in 7" with a, where d wins in 3.
    let db = Endgame::build(RuleSet::Abapa, 12, |_, _, _| {}).unwrap();
    let mut searcher = Searcher::new(AweleEval::with_endgame(Arc::new(db)), 8);
    let position = Awele::parse("0,0,0,1,2,0/1,4,0,3,1,1 N 11 24", RuleSet::Abapa).unwrap();
    let game = Game::new(position);
    let report = fastest(&game, searcher.search(&game, &Limits::depth(8), |_| {}));
    assert_eq!(report.score, WIN - 3, "{}", describe(report.score));
    assert!(position.move_text(report.pv[0]).starts_with('d'));
}

#[test]
fn awithlaknannai_wins_announced_are_the_shortest() {
    let settings = awe_awithlaknannai::Settings::new(
        BoardKind::Mosona,
        BoardOptions::default(),
        SerpentRules::Wikipedia,
    );
    let db = SerpentEndgame::build(settings, 4, |_, _, _| {}).unwrap();
    let mut searcher = Searcher::new(SerpentEval::with_endgame(Arc::new(db)), 8);
    let mut rng = SmallRng::seed_from_u64(3);
    let mut won = 0;
    for _ in 0..120 {
        let pieces = rng.random_range(3..=4);
        let mut points: Vec<usize> = (0..settings.board.len()).collect();
        for i in 0..pieces {
            let j = rng.random_range(i..points.len());
            points.swap(i, j);
        }
        let a = rng.random_range(1..pieces);
        let set = |points: &[usize]| points.iter().fold(0u64, |set, &p| set | 1 << p);
        let sets = [set(&points[..a]), set(&points[a..pieces])];
        let turn = if rng.random_bool(0.5) { Side::WHITE } else { Side::BLACK };
        let Ok(position) = Serpent::from_pieces(sets, turn, settings) else { continue };
        won += announced_win_is_shortest(&mut searcher, position, 7, 4) as usize;
    }
    assert!(won > 10, "only {won} wins announced");
}
