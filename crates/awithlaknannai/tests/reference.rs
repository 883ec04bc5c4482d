//! The move generator against a slow reference written in another style, straight from the
//! description of RULES.md §1 (`awe_proof::reference`, which the certificate checker plays
//! with): points as (row, column) pairs, lines found by their formulas, pieces in a plain array,
//! chains by recursion on copies of the board. Every generated move is legal, every legal move is
//! generated, and perft agrees.

use std::collections::BTreeSet;

use awe_awithlaknannai::{BoardKind, BoardOptions, MoveList, Position, RuleSet, Settings, Start};
use awe_game::{Game, Side, perft};
use awe_proof::reference::Geometry;
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

type RefMove = awe_proof::reference::RefMove;

/// All legal moves of a position, by the reference.
fn reference_moves(
    geometry: &Geometry,
    cells: &[(char, usize, Option<Side>)],
    turn: Side,
    rules: RuleSet,
) -> BTreeSet<RefMove> {
    geometry.moves(&cells.to_vec(), turn, rules)
}

/// The fast generator's moves, in the reference's terms.
fn fast_moves(p: &Position) -> BTreeSet<RefMove> {
    let board = p.board();
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    moves
        .iter()
        .map(|m| {
            let path = m.path().iter().map(|&q| board.name(q).to_owned()).collect();
            let taken = board
                .points()
                .filter(|q| m.captured() & q.bit() != 0)
                .map(|q| board.name(q).to_owned())
                .collect();
            (path, taken)
        })
        .collect()
}

/// The position in the reference's terms.
fn cells(geometry: &Geometry, p: &Position) -> Vec<(char, usize, Option<Side>)> {
    geometry
        .points()
        .iter()
        .map(|&(row, k)| {
            let point = p.board().point(&Geometry::name((row, k))).unwrap();
            (row, k, p.at(point))
        })
        .collect()
}

fn check_random_game(
    kind: BoardKind,
    options: BoardOptions,
    rules: RuleSet,
    start: Start,
    seed: u64,
    plies: usize,
) {
    let settings = Settings::new(kind, options, rules);
    let geometry = Geometry::new(kind, options);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(Position::start(settings, start, Side::WHITE).unwrap());
    for _ in 0..plies {
        let p = *game.current();
        if game.outcome().is_some() {
            // Over by the moves (none left, as the reference must agree) or by the plies played.
            let slow = reference_moves(&geometry, &cells(&geometry, &p), p.turn(), rules);
            assert!(
                slow.is_empty() || p.quiet_plies() >= settings.ply_limit || game.is_repetition(),
                "{p}"
            );
            return;
        }
        let fast = fast_moves(&p);
        let slow = reference_moves(&geometry, &cells(&geometry, &p), p.turn(), rules);
        assert_eq!(fast, slow, "{kind} {rules} {options:?}: moves of {p}");
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        let mv = moves[rng.random_range(0..moves.len())];
        let before = p.pieces(Side::WHITE).count_ones() + p.pieces(Side::BLACK).count_ones();
        game.play(mv).unwrap();
        let after = game.current();
        // Pieces leave the board only by capture, one for each piece taken.
        let now = after.pieces(Side::WHITE).count_ones() + after.pieces(Side::BLACK).count_ones();
        assert_eq!(before - now, mv.captured().count_ones(), "{p}");
        assert_eq!(after.pieces(Side::WHITE) & after.pieces(Side::BLACK), 0);
    }
}

fn reference_perft(
    geometry: &Geometry,
    cells: &[(char, usize, Option<Side>)],
    turn: Side,
    rules: RuleSet,
    depth: u32,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = reference_moves(geometry, cells, turn, rules);
    if moves.is_empty() {
        return 1;
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|(path, taken)| {
            let mut next = cells.to_vec();
            let find =
                |name: &str| next.iter().position(|c| Geometry::name((c.0, c.1)) == name).unwrap();
            let from = find(&path[0]);
            let to = find(path.last().unwrap());
            // The pieces taken go first: a chain may end on the point of one of them.
            for name in taken {
                let i = next.iter().position(|c| Geometry::name((c.0, c.1)) == *name).unwrap();
                next[i].2 = None;
            }
            next[from].2 = None;
            next[to].2 = Some(turn);
            reference_perft(geometry, &next, turn.opponent(), rules, depth - 1)
        })
        .sum()
}

fn perft_both(kind: BoardKind, rules: RuleSet, start: Start, depth: u32) {
    let options = BoardOptions::default();
    let settings = Settings::new(kind, options, rules);
    let geometry = Geometry::new(kind, options);
    let position = Position::start(settings, start, Side::WHITE).unwrap();
    for d in 1..=depth {
        let fast = perft::perft(&Game::new(position), d);
        let slow = reference_perft(&geometry, &cells(&geometry, &position), Side::WHITE, rules, d);
        assert_eq!(fast, slow, "{kind} {rules} perft {d}");
    }
}

#[test]
fn perft_under_ludii_on_ludii_boards_agrees_with_the_reference_to_depth_7() {
    perft_both(BoardKind::Mosona, RuleSet::Ludii, Start::Ludii, 7);
    perft_both(BoardKind::KolowisLudii, RuleSet::Ludii, Start::Ludii, 7);
}

#[test]
fn perft_under_every_rule_set_agrees_with_the_reference() {
    for rules in RuleSet::ALL {
        perft_both(BoardKind::Mosona, rules, Start::Seed000, 4);
        perft_both(BoardKind::Kolowis, rules, Start::Seed002, 3);
    }
}

fn kinds() -> impl Strategy<Value = (BoardKind, Start)> {
    prop_oneof![
        Just((BoardKind::Mosona, Start::Seed000)),
        Just((BoardKind::Mosona, Start::Ludii)),
        Just((BoardKind::Kolowis, Start::Seed000)),
        Just((BoardKind::Kolowis, Start::Seed002)),
        Just((BoardKind::KolowisLudii, Start::Ludii)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_games_match_the_reference(
        (kind, start) in kinds(),
        rules in prop_oneof![Just(RuleSet::Wikipedia), Just(RuleSet::Globejoueur), Just(RuleSet::Bell), Just(RuleSet::Ludii)],
        outer_lines in any::<bool>(),
        end_lines in any::<bool>(),
        seed in any::<u64>(),
    ) {
        check_random_game(kind, BoardOptions { outer_lines, end_lines }, rules, start, seed, 120);
    }
}

/// The steps from a side's pieces to each point, through empty points (`None` for a point they
/// cannot reach), by a breadth-first search over the board's neighbour lists.
fn distances(p: &Position, side: Side) -> Vec<Option<u32>> {
    let board = p.board();
    let empty = board.all() & !(p.pieces(side) | p.pieces(side.opponent()));
    let mut distance = vec![None; 64];
    let mut queue: std::collections::VecDeque<_> =
        board.points().filter(|q| p.pieces(side) & q.bit() != 0).collect();
    for q in &queue {
        distance[q.index()] = Some(0);
    }
    while let Some(q) = queue.pop_front() {
        let next = distance[q.index()].map(|d| d + 1);
        for r in board.points().filter(|r| board.neighbours(q) & empty & r.bit() != 0) {
            if distance[r.index()].is_none() {
                distance[r.index()] = next;
                queue.push_back(r);
            }
        }
    }
    distance
}

/// `nearer` against two breadth-first searches: an empty point is a side's when its pieces reach
/// it in fewer steps than the other side's (or the other side's cannot reach it at all).
fn check_nearer(p: &Position) {
    let [to_move, other] = [p.turn(), p.turn().opponent()].map(|side| distances(p, side));
    let closer = |a: &[Option<u32>], b: &[Option<u32>]| {
        p.board()
            .points()
            .filter(|q| match (a[q.index()], b[q.index()]) {
                (Some(x), Some(y)) => x > 0 && x < y,
                (Some(x), None) => x > 0,
                (None, _) => false,
            })
            .fold(0u64, |set, q| set | q.bit())
    };
    assert_eq!(p.nearer(), [closer(&to_move, &other), closer(&other, &to_move)], "{p}: nearer");
}

/// `exposed`, `steps` and `nearer` against the board's lists of jumps and neighbours, point by
/// point.
fn check_measures(p: &Position) {
    check_nearer(p);
    let board = p.board();
    for side in Side::ALL {
        let (mine, theirs) = (p.pieces(side), p.pieces(side.opponent()));
        let empty = board.all() & !(mine | theirs);
        let mut exposed = 0u64;
        let mut steps = 0;
        for point in board.points() {
            if theirs & point.bit() != 0 {
                let jumps = if p.rules().bent_jumps {
                    board.bent_jumps(point)
                } else {
                    board.straight_jumps(point)
                };
                for &(over, to) in jumps {
                    if mine & over.bit() != 0 && empty & to.bit() != 0 {
                        exposed |= over.bit();
                    }
                }
            }
            if mine & point.bit() != 0 {
                steps += (board.neighbours(point) & empty).count_ones();
            }
        }
        assert_eq!(p.exposed(side), exposed, "{p}: {side:?} exposed");
        assert_eq!(p.steps(side), steps, "{p}: {side:?} steps");
    }
}

/// `random_move` draws only legal moves, can draw every one, and finds none exactly when the
/// game is over by the position.
fn check_random_moves(
    kind: BoardKind,
    options: BoardOptions,
    rules: RuleSet,
    start: Start,
    seed: u64,
) {
    let settings = Settings::new(kind, options, rules);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(Position::start(settings, start, Side::WHITE).unwrap());
    for _ in 0..40 {
        let p = *game.current();
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        if moves.is_empty() {
            assert_eq!(p.random_move(&mut rng), None, "{p}");
            return;
        }
        let mut drawn = std::collections::HashSet::new();
        for _ in 0..30 * moves.len() {
            let mv = p.random_move(&mut rng).expect("a legal move exists");
            assert!(moves.contains(&mv), "{rules}: {mv:?} drawn in {p} is not legal");
            drawn.insert(mv);
        }
        assert_eq!(drawn.len(), moves.len(), "{rules}: every legal move of {p} is drawn");
        check_measures(&p);
        let mv = moves[rng.random_range(0..moves.len())];
        game.play(mv).unwrap();
        if game.outcome().is_some() {
            return;
        }
    }
}

#[test]
fn random_moves_are_legal_and_reach_every_move() {
    // Each board's geometry, with and without the lines some boards lack.
    let starts = [
        (BoardKind::Mosona, Start::Seed000),
        (BoardKind::Kolowis, Start::Seed002),
        (BoardKind::KolowisLudii, Start::Ludii),
    ];
    for rules in RuleSet::ALL {
        for (kind, start) in starts {
            for outer_lines in [false, true] {
                for end_lines in [false, true] {
                    let options = BoardOptions { outer_lines, end_lines };
                    for seed in 0..2 {
                        check_random_moves(kind, options, rules, start, seed);
                    }
                }
            }
        }
    }
}
