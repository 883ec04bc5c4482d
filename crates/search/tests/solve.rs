//! The solver against the plainest computations that can be written, on thousands of small
//! Mosona positions (two or three pieces, near each other) under each rule set:
//!
//! - under the project's rules, a plain minimax over the whole game (`awe_game::Game`: its
//!   repetitions and the limit of plies without capture, kept short here), no table, no pruning;
//! - in the pure game (only captures end it), plain depth-limited searches: a win claimed in `d`
//!   plies is found within `d` and not within `d - 1`, a loss likewise, a draw neither way as far
//!   as the search looks.
//!
//! Every solution's certificate is accepted by the checker of `awe-proof`; one with a move
//! changed is refused.

mod common;

use awe_awithlaknannai::{BoardKind, BoardOptions, MoveList, Position, RuleSet, Settings};
use awe_game::{Game, Side};
use awe_proof::{Claim, check};
use awe_search::eval::Evaluator as _;
use awe_search::solve::{Options, solve};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The value of the game for the side to move: +1, 0, -1, by plain minimax over the whole game.
fn minimax(game: &mut Game<Position>) -> i32 {
    if let Some(outcome) = game.outcome() {
        let me = game.current().turn();
        return match outcome.winner {
            None => 0,
            Some(side) if side == me => 1,
            Some(_) => -1,
        };
    }
    let mut moves = MoveList::new();
    game.current().legal_moves(&mut moves);
    let mut best = -1;
    for &mv in moves.iter() {
        game.play(mv).expect("legal");
        best = best.max(-minimax(game));
        game.undo();
        if best == 1 {
            // Not a pruning of the value: a win is the most there is.
            break;
        }
    }
    best
}

/// Whether the side to move of the pure game wins within `plies` (a plain search).
fn wins_within(position: &Position, plies: u32) -> bool {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    if moves.is_empty() || plies == 0 {
        return false;
    }
    moves.iter().any(|mv| loses_within(&position.play(mv), plies - 1))
}

/// Whether the side to move of the pure game loses within `plies`.
fn loses_within(position: &Position, plies: u32) -> bool {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    if moves.is_empty() {
        return true;
    }
    plies > 0 && moves.iter().all(|mv| wins_within(&position.play(mv), plies - 1))
}

fn random_position(settings: Settings, pieces: usize, rng: &mut SmallRng) -> Option<Position> {
    common::random_position(settings, pieces, 9, rng)
}

fn claim_value(claim: Claim) -> i32 {
    match claim {
        Claim::Win => 1,
        Claim::Draw => 0,
        Claim::Loss => -1,
    }
}

fn rules_mode(rules: RuleSet, cases: usize, seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut counts = [0usize; 3];
    let mut done = 0;
    while done < cases {
        let pieces = if rng.random_bool(0.5) { 2 } else { 3 };
        let limit: u16 =
            if pieces == 2 { rng.random_range(2..=6) } else { rng.random_range(2..=3) };
        let mut settings = Settings::new(BoardKind::Mosona, BoardOptions::default(), rules);
        settings.ply_limit = limit;
        let Some(position) = random_position(settings, pieces, &mut rng) else { continue };
        let options = Options { pure: false, ply_limit: limit, max_positions: 1_000_000 };
        let solution = solve(&position, &options, |_| {}).expect("small positions are solved");
        let plain = minimax(&mut Game::new(position));
        assert_eq!(
            claim_value(solution.value),
            plain,
            "{rules}, limit {limit}: {position}: solver {:?}, minimax {plain}",
            solution.value
        );
        let verdict =
            check(&solution.certificate).unwrap_or_else(|e| panic!("{rules} {position}: {e}"));
        assert_eq!(verdict.claim, solution.value);
        counts[(plain + 1) as usize] += 1;
        done += 1;
    }
    // The cases are varied: wins, draws and losses all met.
    assert!(counts.iter().all(|&c| c >= cases / 20), "{rules}: losses, draws, wins: {counts:?}");
}

#[test]
fn the_solver_agrees_with_plain_minimax_under_the_rules() {
    for (i, rules) in
        [RuleSet::Wikipedia, RuleSet::Globejoueur, RuleSet::Bell].into_iter().enumerate()
    {
        rules_mode(rules, 700, 11 + i as u64);
    }
}

fn pure_mode(rules: RuleSet, cases: usize, seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut counts = [0usize; 3];
    let mut done = 0;
    while done < cases {
        let pieces = rng.random_range(2..=3);
        let settings = Settings::new(BoardKind::Mosona, BoardOptions::default(), rules);
        let Some(position) = random_position(settings, pieces, &mut rng) else { continue };
        let options = Options { pure: true, ply_limit: 0, max_positions: 1_000_000 };
        let solution = solve(&position, &options, |_| {}).expect("small positions are solved");
        // The plain searches look this far; longer wins are checked by the certificate only.
        let horizon = 7;
        match (solution.value, solution.length) {
            (Claim::Win, Some(d)) if d <= horizon => {
                assert!(wins_within(&position, d), "{rules} {position}: win in {d}");
                assert!(!wins_within(&position, d - 1), "{rules} {position}: not sooner than {d}");
            }
            (Claim::Loss, Some(d)) if d <= horizon => {
                assert!(loses_within(&position, d), "{rules} {position}: loss in {d}");
                assert!(
                    d == 0 || !loses_within(&position, d - 1),
                    "{rules} {position}: not sooner"
                );
            }
            (Claim::Draw, None) => {
                assert!(!wins_within(&position, horizon), "{rules} {position}: a draw, not a win");
                assert!(
                    !loses_within(&position, horizon),
                    "{rules} {position}: a draw, not a loss"
                );
            }
            (Claim::Win | Claim::Loss, Some(_)) => {}
            other => panic!("{rules} {position}: {other:?}"),
        }
        let verdict =
            check(&solution.certificate).unwrap_or_else(|e| panic!("{rules} {position}: {e}"));
        if solution.value != Claim::Draw {
            // The winner's strategy is the fastest: the longest play under it is the length.
            assert_eq!(verdict.longest, solution.length, "{rules} {position}");
            // The line is the winner's fastest against the longest defence: as long as that.
            let length = solution.length.expect("a length") as usize;
            if length < 60 {
                assert_eq!(solution.line.len(), length, "{rules} {position}: {:?}", solution.line);
                let end = solution.line.iter().fold(position, |p, mv| p.play(mv));
                assert!(end.outcome().is_some(), "{rules} {position}: the line ends the game");
            }
        }
        counts[(claim_value(solution.value) + 1) as usize] += 1;
        done += 1;
    }
    assert!(counts.iter().all(|&c| c >= cases / 20), "{rules}: losses, draws, wins: {counts:?}");
}

#[test]
fn the_solver_agrees_with_plain_searches_in_the_pure_game() {
    for (i, rules) in
        [RuleSet::Wikipedia, RuleSet::Globejoueur, RuleSet::Bell].into_iter().enumerate()
    {
        pure_mode(rules, 500, 101 + i as u64);
    }
}

#[test]
fn a_certificate_with_one_move_changed_is_refused() {
    let mut rng = SmallRng::seed_from_u64(7);
    let mut refused = 0;
    let mut tried = 0;
    while refused < 20 {
        tried += 1;
        assert!(tried < 5000, "no certificate with a move that matters was found");
        let settings =
            Settings::new(BoardKind::Mosona, BoardOptions::default(), RuleSet::Wikipedia);
        let Some(position) = random_position(settings, 3, &mut rng) else { continue };
        let options =
            Options { pure: rng.random_bool(0.5), ply_limit: 50, max_positions: 1_000_000 };
        let solution = solve(&position, &options, |_| {}).unwrap();
        if solution.value != Claim::Win {
            continue;
        }
        // The root's move, changed to each other legal move: a move that throws the win away
        // must be refused (some moves may win too).
        let mut certificate = solution.certificate.clone();
        let root = certificate.root;
        let key = (root.white, root.black, root.turn);
        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        let right = certificate.moves[&key];
        for other in (0..moves.len() as u8).filter(|&m| m != right) {
            certificate.moves.insert(key, other);
            let child = position.play(&moves[0]);
            let _ = child;
            if check(&certificate).is_err() {
                refused += 1;
                break;
            }
        }
        // A move out of range is refused, and a certificate missing the root's move.
        certificate.moves.insert(key, 200);
        assert!(check(&certificate).is_err());
        certificate.moves.remove(&key);
        assert!(check(&certificate).is_err());
    }
}

#[test]
fn certificates_read_back_as_written_and_bad_bytes_are_refused() {
    let settings = Settings::new(BoardKind::Mosona, BoardOptions::default(), RuleSet::Bell);
    let position = Position::parse("........./........./........ w 0", settings);
    assert!(position.is_err(), "a row too long is refused");
    // White on b1 with Black on b2 and b3 in a row: bell's straight jump takes one.
    let position = Position::parse("......../........./wbb..... w 0", settings).unwrap();
    let solution =
        solve(&position, &Options { pure: true, ply_limit: 50, max_positions: 100_000 }, |_| {})
            .unwrap();
    let bytes = solution.certificate.to_bytes();
    let again = awe_proof::Certificate::from_bytes(&bytes).unwrap();
    assert_eq!(again, solution.certificate);
    assert!(check(&again).is_ok());
    assert!(awe_proof::Certificate::from_bytes(b"not a certificate").is_err());
    assert!(awe_proof::Certificate::from_bytes(&bytes[..bytes.len() - 1]).is_err());
    let mut changed = bytes.clone();
    let head = String::from_utf8_lossy(&bytes).find("claim ").unwrap();
    changed[head + 6] = b'x';
    assert!(awe_proof::Certificate::from_bytes(&changed).is_err());
}

/// Every game from `game` on, the proven side played by `engine` (level 10 with the
/// certificate's moves), the other side trying every move: the proven side never loses (nor
/// draws, where it was proven to win). Returns the games played out.
fn every_defence(
    game: &mut Game<Position>,
    winner: Side,
    claim: Claim,
    engine: &mut awe_search::engine::Engine<Position, awe_search::awithlaknannai::SerpentEval>,
    budget: &mut usize,
) -> usize {
    if let Some(outcome) = game.outcome() {
        match claim {
            Claim::Win => assert_eq!(outcome.winner, Some(winner), "{}", game.current()),
            _ => assert_ne!(outcome.winner, Some(winner.opponent()), "{}", game.current()),
        }
        return 1;
    }
    if *budget == 0 {
        return 0;
    }
    *budget -= 1;
    if game.current().turn() == winner {
        // Every position the proven side meets is one the certificate answers.
        let known = engine.searcher().evaluator().proven(game.current());
        let mv = engine.choose(game, None, |_| {}).expect("a move");
        assert_eq!(known.map(|k| k.0), Some(mv), "{}", game.current());
        game.play(mv).expect("legal");
        let games = every_defence(game, winner, claim, engine, budget);
        game.undo();
        return games;
    }
    let mut moves = MoveList::new();
    game.current().legal_moves(&mut moves);
    let mut games = 0;
    for &mv in moves.iter() {
        game.play(mv).expect("legal");
        games += every_defence(game, winner, claim, engine, budget);
        game.undo();
    }
    games
}

#[test]
fn level_10_never_loses_a_position_proven_won_for_it() {
    use std::sync::Arc;

    use awe_search::awithlaknannai::SerpentEval;
    use awe_search::engine::{Engine, Level};
    use awe_search::solve::Proven;

    let mut rng = SmallRng::seed_from_u64(10);
    let mut proven_positions = [0usize; 2];
    let mut games = 0;
    for rules in [RuleSet::Wikipedia, RuleSet::Bell, RuleSet::Globejoueur] {
        let mut done = 0;
        while done < 40 {
            let pieces = rng.random_range(3..=4);
            let mut settings = Settings::new(BoardKind::Mosona, BoardOptions::default(), rules);
            settings.ply_limit = rng.random_range(4..=12);
            let Some(position) = random_position(settings, pieces, &mut rng) else { continue };
            let options =
                Options { pure: false, ply_limit: settings.ply_limit, max_positions: 1_000_000 };
            let solution = solve(&position, &options, |_| {}).expect("small positions are solved");
            // The side the certificate plays for: the winner, or either side of a draw.
            let side = match solution.value {
                Claim::Win | Claim::Draw => position.turn(),
                Claim::Loss => position.turn().opponent(),
            };
            let claim = if solution.value == Claim::Draw { Claim::Draw } else { Claim::Win };
            let proven = Proven::from_certificates(&settings, [&solution.certificate]);
            let eval = SerpentEval::default().with_solved(Arc::new(proven));
            // A level 10 engine with no time to think: what it plays is the certificate's.
            let mut engine = Engine::new(eval, Level::MAX, done as u64);
            let mut budget = 20_000;
            let played =
                every_defence(&mut Game::new(position), side, claim, &mut engine, &mut budget);
            assert!(played > 0, "{rules} {position}");
            games += played;
            proven_positions[(claim == Claim::Win) as usize] += 1;
            done += 1;
        }
    }
    // Won positions and drawn ones were both met, and many defences tried.
    assert!(proven_positions.iter().all(|&n| n >= 10), "draws, wins: {proven_positions:?}");
    assert!(games >= 1_000, "{games} games");
}
