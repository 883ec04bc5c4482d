//! How much an `abapa` endgame database knows: the share of its boards whose value is exact, and
//! the share of positions met in games (level 4 against itself, openings at random) whose result
//! it gives.
//!
//! `cargo run --release -p awe-search --example abapa_known -- ~/.cache/awe/awele-abapa-20.db 20 200`
//! (or `build` for the path: the database is built first).

use std::sync::Arc;

use awe_awele::{Position, RuleSet};
use awe_game::{Game, Position as _};
use awe_search::awele::AweleEval;
use awe_search::endgame::{Endgame, layer_size};
use awe_search::{Engine, Evaluator, Level};
use rand::SeedableRng;
use rand::rngs::SmallRng;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let [_, path, seeds, games] = &args[..] else {
        return Err("usage: abapa_known DATABASE SEEDS GAMES".into());
    };
    let (seeds, games): (usize, u32) = (seeds.parse()?, games.parse()?);
    // `build` builds the database here instead of reading it.
    let db = Arc::new(if path == "build" {
        Endgame::build(RuleSet::Abapa, seeds, |_, _, _| {})?
    } else {
        Endgame::load(path.as_ref(), RuleSet::Abapa, seeds)?
    });
    let (mut exact, mut all) = (0u64, 0u64);
    for n in 0..=seeds {
        let layer = db.exact_count(n);
        println!("{n:>2} seeds: {layer} of {} boards exact", layer_size(n));
        exact += layer;
        all += layer_size(n);
    }
    println!("all boards: {exact} of {all} exact ({:.1} %)", 100.0 * exact as f64 / all as f64);
    let eval = AweleEval::with_endgame(db.clone());
    let mut rng = SmallRng::seed_from_u64(1);
    let (mut met, mut known) = (0u64, 0u64);
    for g in 0..games {
        let mut engine = Engine::new(AweleEval::default(), Level::new(4).unwrap(), g as u64);
        let mut game = Game::new(Position::new(RuleSet::Abapa));
        for _ in 0..4 {
            let Some(mv) = game.current().random_move(&mut rng) else { break };
            game.play(mv)?;
        }
        while game.outcome().is_none() {
            let position = *game.current();
            if position.board().total() as usize <= seeds {
                met += 1;
                known += eval.exact(&position, 1).is_some() as u64;
            }
            let Some(mv) = engine.choose(&game, None, |_| {}) else { break };
            game.play(mv)?;
        }
    }
    println!(
        "positions met in {games} games: {known} of {met} with a known result ({:.1} %)",
        100.0 * known as f64 / met.max(1) as f64
    );
    Ok(())
}
