//! `awe perft`.

use std::time::Instant;

use anyhow::Result;
use awe_game::{Game, perft};

use crate::args::{GameName, PerftArgs};

pub fn run(args: PerftArgs) -> Result<()> {
    match args.game {
        GameName::Awele => {
            let rules = args.rules.as_deref();
            let start =
                crate::settings::awele_start(rules, args.position.as_deref(), &args.serpent)?;
            count(&Game::new(start), args.depth, args.divide);
        }
        GameName::Awithlaknannai => {
            let rules = args.rules.as_deref();
            let start = crate::settings::awithlaknannai_start(
                rules,
                args.position.as_deref(),
                &args.serpent,
            )?;
            count(&Game::new(start), args.depth, args.divide);
        }
        GameName::Awechec => {
            anyhow::bail!("awe perft counts the positions of awele and awithlaknannai, not awechec")
        }
    }
    Ok(())
}

fn count<P: awe_game::Position>(game: &Game<P>, depth: u32, divide: bool) {
    let started = Instant::now();
    let nodes = if divide {
        let mut total = 0;
        for (mv, n) in perft::divide(game, depth) {
            println!("{} {n}", game.current().move_text(mv));
            total += n;
        }
        if depth == 0 || game.outcome().is_some() { 1 } else { total }
    } else {
        perft::perft(game, depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "depth {depth}: {nodes} leaves in {seconds:.3} s ({:.0} leaves/s)",
        nodes as f64 / seconds.max(1e-9)
    );
    println!("{nodes}");
}
