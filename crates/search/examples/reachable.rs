//! How many positions are reachable from an Awithlaknannai start, by pieces on the board, not
//! going below a number of pieces: how large a solver's graph would be.
//!
//! `cargo run --release -p awe-search --example reachable -- RULES LEAF_PIECES [LIMIT]`

use std::collections::{HashMap, HashSet};

use awe_awithlaknannai::{BoardKind, BoardOptions, MoveList, Position, RuleSet, Settings, Start};
use awe_game::Side;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rules: RuleSet = args.get(1).map_or("wikipedia", |s| s).parse().expect("a rule set");
    let leaf: u32 = args.get(2).map_or(8, |s| s.parse().expect("pieces"));
    let limit: usize = args.get(3).map_or(200_000_000, |s| s.parse().expect("a count"));
    let mut settings = Settings::new(BoardKind::Mosona, BoardOptions::default(), rules);
    settings.ply_limit = u16::MAX;
    let root = Position::start(settings, Start::Seed000, Side::WHITE).unwrap();
    let key = |p: &Position| (p.pieces(Side::WHITE), p.pieces(Side::BLACK), p.turn());
    let mut seen = HashSet::new();
    let mut leaves = HashSet::new();
    let mut stack = vec![root];
    seen.insert(key(&root));
    let mut by_pieces: HashMap<u32, usize> = HashMap::new();
    let started = std::time::Instant::now();
    while let Some(p) = stack.pop() {
        let pieces = p.pieces(Side::WHITE).count_ones() + p.pieces(Side::BLACK).count_ones();
        *by_pieces.entry(pieces).or_default() += 1;
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        for mv in moves.iter() {
            let c = p.play(mv);
            let n = c.pieces(Side::WHITE).count_ones() + c.pieces(Side::BLACK).count_ones();
            if n <= leaf {
                leaves.insert(key(&c));
                continue;
            }
            if seen.insert(key(&c)) {
                stack.push(c);
            }
        }
        if seen.len() > limit {
            println!("more than {limit}: stopped");
            break;
        }
    }
    let mut counts: Vec<_> = by_pieces.into_iter().collect();
    counts.sort();
    println!(
        "{rules}, stopping at {leaf} pieces or fewer: {:.1} s",
        started.elapsed().as_secs_f64()
    );
    for (pieces, count) in counts {
        println!("  {pieces:>2} pieces: {count}");
    }
    println!(
        "  positions above {leaf} pieces: {}, leaves (entries of {leaf} or fewer): {}",
        seen.len(),
        leaves.len()
    );
}
