//! The proof search above a pure database (`awe solve --pure --prove N`) against the retrograde
//! solver, itself tested against plain searches (tests/solve.rs): on random small positions of
//! every rule set, it proves the same winner, the exact prover the same shortest win, it never
//! proves a drawn position, and every certificate it writes is accepted by the checker with the
//! length claimed. The pure database agrees with the retrograde solver too.

mod common;

use awe_awithlaknannai::{BoardKind, BoardOptions, Position, RuleSet, Settings};
use awe_game::Side;
use awe_proof::{Claim, Mode, check};
use awe_search::endgame::SerpentEndgame;
use awe_search::endgame::awithlaknannai::Value;
use awe_search::prove::Prover;
use awe_search::solve::{Options, Solution, certify_proof, solve};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn random_position(settings: Settings, pieces: usize, rng: &mut SmallRng) -> Option<Position> {
    common::random_position(settings, pieces, 10, rng)
}

fn retrograde(position: &Position) -> Solution {
    let options = Options { pure: true, ply_limit: 0, max_positions: 10_000_000 };
    solve(position, &options, |_| {}).expect("small positions are solved")
}

const RULES: [RuleSet; 4] =
    [RuleSet::Wikipedia, RuleSet::Globejoueur, RuleSet::Bell, RuleSet::Ludii];

#[test]
fn the_pure_database_agrees_with_the_retrograde_solver() {
    let mut rng = SmallRng::seed_from_u64(7);
    for rules in RULES {
        let settings = Settings::new(BoardKind::Mosona, BoardOptions::default(), rules);
        let table = SerpentEndgame::build_pure(settings, 3, |_, _, _| {}).expect("built");
        let mut done = 0;
        while done < 150 {
            let pieces = rng.random_range(2..=3);
            let Some(position) = random_position(settings, pieces, &mut rng) else { continue };
            let solution = retrograde(&position);
            let probed = table.probe(&position).expect("few enough pieces");
            let expected = match (solution.value, solution.length) {
                (Claim::Win, Some(d)) => Value::Win(d as u16),
                (Claim::Loss, Some(d)) => Value::Loss(d as u16),
                (Claim::Draw, _) => Value::Draw,
                other => panic!("{rules} {position}: {other:?}"),
            };
            assert_eq!(probed, expected, "{rules} {position}");
            done += 1;
        }
    }
}

#[test]
fn the_prover_agrees_with_the_retrograde_solver_and_its_certificates_are_accepted() {
    let mut rng = SmallRng::seed_from_u64(2026);
    for rules in RULES {
        let settings = Settings::new(BoardKind::Mosona, BoardOptions::default(), rules);
        let table = SerpentEndgame::build_pure(settings, 2, |_, _, _| {}).expect("built");
        // [draws, proven by the plain prover, proven and exact]
        let mut counts = [0usize; 3];
        let mut done = 0;
        while done < 60 {
            let Some(position) = random_position(settings, 4, &mut rng) else { continue };
            let solution = retrograde(&position);
            let mut exact = Prover::exact(&table);
            let mut plain = Prover::new(&table);
            let proven = exact.prove(&position, 40, |_| {});
            let proven_plain = plain.prove(&position, 12, |_| {});
            match (solution.value, solution.length) {
                (Claim::Draw, _) => {
                    // A draw is never proven a win.
                    assert_eq!(proven, None, "{rules} {position}: a draw");
                    assert_eq!(proven_plain, None, "{rules} {position}: a draw");
                    counts[0] += 1;
                }
                (claim, Some(length)) if length <= 40 => {
                    let turn = position.turn();
                    let winner = if claim == Claim::Win { turn } else { turn.opponent() };
                    assert_eq!(proven, Some(winner), "{rules} {position}: {claim:?} in {length}");
                    assert_eq!(
                        exact.proven(&position).map(|p| p.1 as u32),
                        Some(length),
                        "{rules} {position}: the shortest win"
                    );
                    let certificate = certify_proof(&exact, &position).expect("a certificate");
                    let verdict =
                        check(&certificate).unwrap_or_else(|e| panic!("{rules} {position}: {e}"));
                    assert_eq!(verdict.claim, claim, "{rules} {position}");
                    assert_eq!(verdict.longest, Some(length), "{rules} {position}");
                    // The line follows the proof to the end of the game.
                    let line = exact.line(&position, 80);
                    let end = line.iter().fold(position, |p, mv| p.play(mv));
                    assert!(end.outcome().is_some(), "{rules} {position}: {line:?}");
                    assert_eq!(line.len() as u32, length, "{rules} {position}: {line:?}");
                    counts[2] += 1;
                    if let Some(side) = proven_plain {
                        assert_eq!(side, winner, "{rules} {position}");
                        let certificate = certify_proof(&plain, &position).expect("a certificate");
                        let verdict = check(&certificate)
                            .unwrap_or_else(|e| panic!("{rules} {position}: {e}"));
                        assert_eq!(verdict.claim, claim, "{rules} {position}");
                        assert!(verdict.longest >= Some(length), "{rules} {position}");
                        counts[1] += 1;
                    }
                }
                _ => continue,
            }
            done += 1;
        }
        assert!(counts.iter().all(|&c| c >= 5), "{rules}: draws, proven, exact: {counts:?}");
    }
}

/// `awe solve --prove` without `--pure` checks the pure game's win on the project's rules: where
/// the checker accepts it, the retrograde solver of those rules finds the same win; where the
/// limit of plies without a capture comes first, the checker refuses it.
#[test]
fn a_pure_win_accepted_under_the_rules_is_the_rules_value() {
    let mut rng = SmallRng::seed_from_u64(18);
    for rules in [RuleSet::Wikipedia, RuleSet::Globejoueur, RuleSet::Bell] {
        let base = Settings::new(BoardKind::Mosona, BoardOptions::default(), rules);
        let table = SerpentEndgame::build_pure(base, 2, |_, _, _| {}).expect("built");
        let (mut accepted, mut refused) = (0, 0);
        while accepted + refused < 30 {
            let Some(position) = random_position(base, 4, &mut rng) else { continue };
            // Even pieces and a quiet start, so that the limit can come before the win.
            let mut moves = awe_awithlaknannai::MoveList::new();
            position.legal_moves(&mut moves);
            let even = position.pieces(Side::WHITE).count_ones() == 2;
            if !even || moves.iter().any(|m| m.is_capture()) {
                continue;
            }
            let mut prover = Prover::new(&table);
            let Some(winner) = prover.prove(&position, 12, |_| {}) else { continue };
            let limit: u16 = if rng.random_bool(0.5) {
                rng.random_range(1..=3)
            } else {
                rng.random_range(4..=16)
            };
            let mut certificate = certify_proof(&prover, &position).expect("a certificate");
            certificate.mode = Mode::Rules { ply_limit: limit };
            let mut settings = base;
            settings.ply_limit = limit;
            let at_limit = Position::from_pieces(
                [position.pieces(Side::WHITE), position.pieces(Side::BLACK)],
                position.turn(),
                settings,
            )
            .expect("the same position");
            match check(&certificate) {
                Ok(verdict) => {
                    let options =
                        Options { pure: false, ply_limit: limit, max_positions: 10_000_000 };
                    let solution = solve(&at_limit, &options, |_| {}).expect("solved");
                    assert_eq!(verdict.claim, solution.value, "{rules} {position}, limit {limit}");
                    let claim = if winner == position.turn() { Claim::Win } else { Claim::Loss };
                    assert_eq!(verdict.claim, claim, "{rules} {position}");
                    accepted += 1;
                }
                Err(_) => refused += 1,
            }
        }
        assert!(accepted >= 3 && refused >= 3, "{rules}: {accepted} accepted, {refused} refused");
    }
}
