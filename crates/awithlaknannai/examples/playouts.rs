//! A fixed number of random playouts, for profilers and instruction counts:
//! `cargo run --release -p awe-awithlaknannai --example playouts -- mosona ludii 1000`.

use awe_awithlaknannai::{BoardKind, BoardOptions, Position, RuleSet, Settings, Start};
use awe_game::Side;
use awe_game::playout::random_playout;
use awe_game::repetition::Seen;
use rand::SeedableRng;
use rand::rngs::SmallRng;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let [_, board, rules, games] = &args[..] else {
        return Err("usage: playouts BOARD RULES GAMES".into());
    };
    let kind: BoardKind = board.parse()?;
    let settings = Settings::new(kind, BoardOptions::default(), rules.parse::<RuleSet>()?);
    let start = Position::start(settings, Start::default_for(kind), Side::South)?;
    let mut rng = SmallRng::seed_from_u64(1);
    let mut seen = Seen::default();
    let started = std::time::Instant::now();
    let plies: u64 = (0..games.parse::<u64>()?)
        .map(|_| random_playout(&start, &mut rng, &mut seen).plies as u64)
        .sum();
    let seconds = started.elapsed().as_secs_f64();
    println!("{plies} plies, {:.0} plies/s", plies as f64 / seconds);
    Ok(())
}
