//! Time to depth on several threads (lazy SMP, `Searcher::search_threads`): positions of Awélé
//! games (`abapa`, level 4 against itself from random openings, one position every ten plies
//! from ply 10), each searched to DEPTH on each number of threads, from an empty table.
//!
//! `cargo run --release -p awe-search --example threads_awele -- POSITIONS DEPTH THREADS...`
//!
//! Prints, for each number of threads, the time in all and the geometric mean of the speed-up
//! over the first number given, position by position.

use std::time::Instant;

use awe_awele::{Position, RuleSet};
use awe_game::{Game, Position as _};
use awe_search::awele::AweleEval;
use awe_search::{Engine, Level, Limits, Searcher};
use rand::SeedableRng;
use rand::rngs::SmallRng;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: threads_awele POSITIONS DEPTH THREADS...";
    let count: usize = args.get(1).ok_or(usage)?.parse()?;
    let depth: u32 = args.get(2).ok_or(usage)?.parse()?;
    let threads =
        args[3.min(args.len())..].iter().map(|t| t.parse()).collect::<Result<Vec<usize>, _>>()?;
    if threads.is_empty() {
        return Err(usage.into());
    }
    let games = positions(count)?;
    // Seconds to the depth, by number of threads then position.
    let mut times: Vec<Vec<f64>> = Vec::new();
    for &n in &threads {
        let mut row = Vec::new();
        let mut nodes = 0;
        // One searcher, its table made shared once (as a session's is) and cleared before each
        // position, not timed.
        let mut searcher = Searcher::new(AweleEval::default(), 64);
        searcher.set_threads(n);
        searcher.search_threads(&games[0], &Limits::depth(1), |_| {});
        for game in &games {
            searcher.clear();
            let started = Instant::now();
            let found = searcher.search_threads(game, &Limits::depth(depth), |_| {});
            row.push(started.elapsed().as_secs_f64());
            nodes += found.nodes;
            assert!(found.best().is_some(), "a move");
        }
        eprintln!("{n} threads: the main search visited {nodes} nodes");
        times.push(row);
    }
    println!("{} positions, each to depth {depth}", games.len());
    for (n, row) in threads.iter().zip(&times) {
        let ratios = times[0].iter().zip(row).map(|(one, this)| (one / this).ln());
        let speedup = (ratios.sum::<f64>() / row.len() as f64).exp();
        let total: f64 = row.iter().sum();
        println!(
            "{n} thread{}: {total:.2} s in all, {speedup:.2} times as fast as {} (geometric mean)",
            if *n == 1 { "" } else { "s" },
            threads[0]
        );
    }
    Ok(())
}

/// `count` positions of games, with their histories.
fn positions(count: usize) -> Result<Vec<Game<Position>>, Box<dyn std::error::Error>> {
    let mut rng = SmallRng::seed_from_u64(29);
    let mut found = Vec::new();
    let mut seed = 0;
    while found.len() < count {
        let mut engine = Engine::new(AweleEval::default(), Level::new(4).unwrap(), seed);
        seed += 1;
        let mut game = Game::new(Position::new(RuleSet::Abapa));
        for _ in 0..4 {
            let Some(mv) = game.current().random_move(&mut rng) else { break };
            game.play(mv)?;
        }
        while game.outcome().is_none() && found.len() < count {
            if game.moves().len() >= 10 && game.moves().len().is_multiple_of(10) {
                found.push(game.clone());
            }
            let Some(mv) = engine.choose(&game, None, |_| {}) else { break };
            game.play(mv)?;
        }
    }
    Ok(found)
}
