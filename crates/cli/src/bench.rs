//! `awe bench`: perft speed, then random playouts on one core.

use std::time::{Duration, Instant};

use anyhow::Result;
use awe_game::playout::random_playout;
use awe_game::{Game, perft};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::args::{BenchArgs, GameName};

pub fn run(args: BenchArgs) -> Result<()> {
    match args.game {
        GameName::Awele => {
            let start = crate::settings::awele_start(args.rules.as_deref(), None, &args.serpent)?;
            println!("awele, rules {}", start.rule_set());
            bench(start, &args);
        }
        GameName::Awithlaknannai => {
            let start =
                crate::settings::awithlaknannai_start(args.rules.as_deref(), None, &args.serpent)?;
            println!(
                "awithlaknannai, board {}, rules {}",
                start.board().kind(),
                start.settings().rules
            );
            bench(start, &args);
        }
        GameName::Awechec => {
            anyhow::bail!("awe bench times awele and awithlaknannai, not awechec")
        }
    }
    Ok(())
}

fn bench<P: awe_game::Position>(start: P, args: &BenchArgs) {
    // Perft from the start, one depth deeper at a time, for about a third of the time given.
    let budget = args.seconds.duration() / 3;
    let game = Game::new(start.clone());
    let started = Instant::now();
    let mut nodes = 0u64;
    let mut depth = 1;
    let mut last = Duration::ZERO;
    // Each depth takes about five times the one before: stop before one would overrun the budget.
    while depth < 64 && started.elapsed() + last * 5 < budget {
        let before = Instant::now();
        let count = perft::perft(&game, depth);
        last = before.elapsed();
        println!("perft {depth}: {count}");
        nodes += count;
        depth += 1;
    }
    let seconds = started.elapsed().as_secs_f64();
    println!("perft: {nodes} leaves in {seconds:.2} s, {:.0} leaves/s", nodes as f64 / seconds);

    let budget = args.seconds.duration();
    let mut rng = SmallRng::seed_from_u64(args.seed);
    let mut seen = Default::default();
    let (mut games, mut plies) = (0u64, 0u64);
    let started = Instant::now();
    while started.elapsed() < budget {
        // Check the clock every few games only.
        for _ in 0..64 {
            plies += random_playout(&start, &mut rng, &mut seen).plies as u64;
            games += 1;
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "playouts: {games} games, {plies} plies in {seconds:.2} s ({:.1} plies a game)",
        plies as f64 / games as f64
    );
    println!("{} plies/s", (plies as f64 / seconds) as u64);
}
