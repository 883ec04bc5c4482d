//! Random playouts of Awélé on one core, ours and the `board-game` crate's `OwareBoard`, one
//! after the other in the same process, for the same time each.
//!
//! Run: `cargo run --release --manifest-path bench/anchor/Cargo.toml -- [SECONDS]`

use std::time::{Duration, Instant};

use awe_awele::{Position, RuleSet};
use awe_game::playout::random_playout;
use board_game::board::{Board, BoardMoves};
use board_game::games::oware::OwareBoard;

fn main() {
    let seconds: f64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(5.0);
    let budget = Duration::from_secs_f64(seconds);

    if std::env::var("ONLY").is_ok() { println!("{}", awe_plies_per_second(RuleSet::Awechec, budget)); return; }
    let anchor = anchor_plies_per_second(budget);
    println!("board-game 0.8.2 OwareBoard: {anchor:.0} plies/s");
    for rules in RuleSet::ALL {
        let ours = awe_plies_per_second(rules, budget);
        println!("awe-awele {rules:>8}: {ours:.0} plies/s ({:.2} x the anchor)", ours / anchor);
    }
}

fn anchor_plies_per_second(budget: Duration) -> f64 {
    use rand::SeedableRng;
    let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
    let start = Instant::now();
    let mut plies = 0u64;
    while start.elapsed() < budget {
        for _ in 0..64 {
            let mut board = OwareBoard::<6>::default();
            while !board.is_done() {
                let mv = board.random_available_move(&mut rng).expect("the game is not over");
                board.play(mv).expect("a generated move is legal");
                plies += 1;
            }
        }
    }
    plies as f64 / start.elapsed().as_secs_f64()
}

fn awe_plies_per_second(rules: RuleSet, budget: Duration) -> f64 {
    use rand09::SeedableRng;
    let mut rng = rand09::rngs::SmallRng::seed_from_u64(1);
    let start_position = Position::new(rules);
    let mut seen = Default::default();
    let start = Instant::now();
    let mut plies = 0u64;
    while start.elapsed() < budget {
        for _ in 0..64 {
            plies += random_playout(&start_position, &mut rng, &mut seen).plies as u64;
        }
    }
    plies as f64 / start.elapsed().as_secs_f64()
}
