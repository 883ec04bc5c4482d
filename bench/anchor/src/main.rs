//! Random playouts of Awélé on one core, ours and the `board-game` crate's `OwareBoard`, measured
//! side by side in the same process: short slices taken in turn, so that both see the same
//! machine, and the best slice of each reported (the least disturbed by anything else running).
//!
//! Run: `cargo run --release --manifest-path bench/anchor/Cargo.toml -- [ROUNDS] [SLICE_SECONDS]`

use std::time::{Duration, Instant};

use awe_awele::{Position, RuleSet};
use awe_game::playout::random_playout;
use board_game::board::Board;
use board_game::games::oware::OwareBoard;

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(10);
    let slice = Duration::from_secs_f64(args.next().and_then(|s| s.parse().ok()).unwrap_or(0.5));

    if let Ok(games) = std::env::var("PLAYOUTS") {
        // A fixed amount of work, for counting instructions under callgrind.
        playouts_only(games.parse().expect("PLAYOUTS is a number of games"));
        return;
    }
    if let Ok(games) = std::env::var("ANCHOR_PLAYOUTS") {
        anchor_playouts_only(games.parse().expect("ANCHOR_PLAYOUTS is a number of games"));
        return;
    }
    let mut anchor = Vec::new();
    let mut ours: Vec<Vec<f64>> = vec![Vec::new(); RuleSet::ALL.len()];
    for _ in 0..rounds {
        anchor.push(anchor_plies_per_second(slice));
        for (i, rules) in RuleSet::ALL.into_iter().enumerate() {
            ours[i].push(awe_plies_per_second(rules, slice));
        }
    }
    let anchor_best = best(&anchor);
    println!("{rounds} rounds of {:.1} s slices; best and median slice of each:", slice.as_secs_f64());
    println!("board-game 0.8.2 OwareBoard: best {anchor_best:.0} plies/s, median {:.0}", median(&anchor));
    for (i, rules) in RuleSet::ALL.into_iter().enumerate() {
        let b = best(&ours[i]);
        // Each round's two slices ran a moment apart: their ratio is the least disturbed by
        // the machine's speed drifting during the run.
        let paired: Vec<f64> = ours[i].iter().zip(&anchor).map(|(o, a)| o / a).collect();
        println!(
            "awe-awele {:<8} best {b:.0} plies/s, median {:.0}: {:.2} x the anchor (best), {:.2} x (median), {:.2} x (median of rounds)",
            rules.name(),
            median(&ours[i]),
            b / anchor_best,
            median(&ours[i]) / median(&anchor),
            median(&paired)
        );
    }
}

fn playouts_only(games: u32) {
    use rand09::SeedableRng;
    let mut rng = rand09::rngs::SmallRng::seed_from_u64(1);
    let start = Position::new(RuleSet::Awechec);
    let mut seen = Default::default();
    let plies: u64 =
        (0..games).map(|_| random_playout(&start, &mut rng, &mut seen).plies as u64).sum();
    println!("{games} playouts, {plies} plies");
}

fn anchor_playouts_only(games: u32) {
    use rand::SeedableRng;
    let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
    let mut plies = 0u64;
    for _ in 0..games {
        let mut board = OwareBoard::<6>::default();
        while !board.is_done() {
            board.play(board.random_available_move(&mut rng).expect("not over")).expect("legal");
            plies += 1;
        }
    }
    println!("{games} anchor playouts, {plies} plies");
}

fn best(values: &[f64]) -> f64 {
    values.iter().copied().fold(0.0, f64::max)
}

fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted[sorted.len() / 2]
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
