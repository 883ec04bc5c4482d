//! How many positions are reachable from Mosona's start, layer by layer of piece counts, down to
//! a number of pieces: how large a solver's graph (and a retrograde analysis of it) would be.
//!
//! A quiet move stays in its layer and a capture leaves it for one with fewer pieces, so each
//! layer is enumerated whole from its entries (its first positions, reached by captures), most
//! pieces first, and forgotten before the next; a layer larger than the cap is left unfinished.
//!
//! `cargo run --release -p awe-search --example reachable -- RULES [LEAF_PIECES [LAYER_CAP]]`

use std::collections::{BTreeMap, HashSet};

use awe_awithlaknannai::{MoveList, Position, RuleSet, Start};
use awe_game::Side;

mod common;
use common::{mosona, pack, unpack};

/// The layer of a position: its pieces in all, then white's and black's.
fn layer(p: &Position) -> (u32, u32, u32) {
    let (w, b) = (p.pieces(Side::WHITE).count_ones(), p.pieces(Side::BLACK).count_ones());
    (w + b, w, b)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rules: RuleSet = args.get(1).map_or("bell", |s| s).parse().expect("a rule set");
    let leaf: u32 = args.get(2).map_or(8, |s| s.parse().expect("pieces"));
    let cap: usize = args.get(3).map_or(200_000_000, |s| s.parse().expect("a count"));
    let settings = mosona(rules);
    let root = Position::start(settings, Start::Seed000, Side::WHITE).expect("Mosona's start");
    println!("Mosona, {rules}, from the start, layers above {leaf} pieces (white v black):");
    let started = std::time::Instant::now();
    let mut entries: BTreeMap<(u32, u32, u32), HashSet<u64>> = BTreeMap::new();
    entries.entry(layer(&root)).or_default().insert(pack(&root));
    let mut moves = MoveList::new();
    while let Some(((pieces, w, b), first)) = entries.pop_last() {
        if pieces <= leaf {
            break;
        }
        let count = first.len();
        let mut seen = first.clone();
        let mut stack: Vec<u64> = first.into_iter().collect();
        let mut exits = 0;
        while let Some(key) = stack.pop() {
            if seen.len() >= cap {
                break;
            }
            let p = unpack(key, settings);
            p.legal_moves(&mut moves);
            for mv in moves.iter() {
                let child = p.play(mv);
                if mv.is_capture() {
                    exits += entries.entry(layer(&child)).or_default().insert(pack(&child)) as u64;
                } else if seen.insert(pack(&child)) {
                    stack.push(pack(&child));
                }
            }
        }
        let whole = if stack.is_empty() { "" } else { " (cap reached: unfinished)" };
        println!(
            "  {w:>2} v {b:<2} {count:>10} entries {:>12} positions{whole}, {exits:>11} new entries below  ({:.0} s)",
            seen.len(),
            started.elapsed().as_secs_f64()
        );
        if !stack.is_empty() {
            break;
        }
    }
}
