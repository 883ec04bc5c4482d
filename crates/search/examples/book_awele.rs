//! Builds the Awélé opening book of a rule set by drop-out expansion (see `src/book.rs`): from the
//! start, POSITIONS positions expanded, each new position searched to DEPTH plies, a ply on the
//! way to a leaf costing PLY_COST (hundredths of a seed) besides how much worse its move is than
//! the best. Writes `books/awele-RULES.book`, which the engines embed: rebuild them after.
//!
//! `cargo run --release -p awe-search --example book_awele -- POSITIONS DEPTH [RULES] [THREADS] [PLY_COST]`

use awe_awele::{Position, RuleSet};
use awe_search::awele::AweleEval;
use awe_search::grow::{self, Expansion};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: book_awele POSITIONS DEPTH [RULES] [THREADS] [PLY_COST]";
    let positions: usize = args.get(1).ok_or(usage)?.parse()?;
    let depth: u32 = args.get(2).ok_or(usage)?.parse()?;
    let rules: RuleSet = args.get(3).map_or(Ok(RuleSet::Awechec), |r| r.parse())?;
    let threads: usize = args.get(4).map_or(Ok(2), |t| t.parse())?;
    let ply_cost = args.get(5).map_or(Ok(30), |c| c.parse())?;
    let options = Expansion { positions, depth, ply_cost, threads };
    let started = std::time::Instant::now();
    let built = grow::build(&Position::new(rules), AweleEval::default, &options, |p| {
        eprint!(
            "\r{} of {} positions expanded, {} searched, {:.0} s  ",
            p.expanded,
            p.of,
            p.searched,
            started.elapsed().as_secs_f64()
        );
    });
    eprintln!();
    let about = format!(
        "awe opening book: awele {rules}, drop-out expansion of {positions} positions, each \
         searched to depth {depth}, {ply_cost} a ply (examples/book_awele.rs)"
    );
    let path = format!("{}/books/awele-{}.book", env!("CARGO_MANIFEST_DIR"), rules.name());
    std::fs::write(&path, built.to_text(&about))?;
    println!("{} positions in {:.0} s: {path}", built.len(), started.elapsed().as_secs_f64());
    Ok(())
}
