//! The positions where a quiet move first becomes possible, below an Awithlaknannai start whose
//! moves are all captures: what `awe solve` solves each on its own, by their pieces.
//!
//! `cargo run --release -p awe-search --example capture_tree -- RULES`

use std::collections::{BTreeMap, HashSet};

use awe_awithlaknannai::{BoardKind, BoardOptions, MoveList, Position, RuleSet, Settings, Start};
use awe_game::Side;

fn main() {
    let rules: RuleSet =
        std::env::args().nth(1).as_deref().unwrap_or("wikipedia").parse().expect("a rule set");
    let settings = Settings::new(BoardKind::Mosona, BoardOptions::default(), rules);
    let root = Position::start(settings, Start::Seed000, Side::WHITE).expect("the start");
    let key = |p: &Position| (p.pieces(Side::WHITE), p.pieces(Side::BLACK), p.turn());
    let mut seen = HashSet::new();
    let mut entries: BTreeMap<(u32, u32), usize> = BTreeMap::new();
    let mut ends = 0;
    let mut stack = vec![root];
    while let Some(p) = stack.pop() {
        if !seen.insert(key(&p)) {
            continue;
        }
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        if moves.is_empty() {
            ends += 1;
        } else if moves.iter().all(|m| m.is_capture()) {
            stack.extend(moves.iter().map(|m| p.play(m)));
        } else {
            let w = p.pieces(Side::WHITE).count_ones();
            let b = p.pieces(Side::BLACK).count_ones();
            *entries.entry((w, b)).or_default() += 1;
        }
    }
    println!("{} capture-only positions and ends: {ends} games over", seen.len());
    for ((w, b), n) in entries {
        println!("  white {w}, black {b}: {n} positions with a quiet move");
    }
}
