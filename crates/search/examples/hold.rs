//! Whether a side of Mosona forces play, from the start, into a position of the pure game's
//! database that it does not lose (a draw or a win there), within a number of plies above it:
//! the first half of a draw proof that would simplify to the database. An AND-OR search by
//! iterative deepening, as `awe solve --prove` searches wins, with a draw of the database counted
//! as reached. A side that holds this way cannot lose; one that does not within `N` plies may
//! still hold deeper, or by endless play.
//!
//! It reads the pure database that `awe solve --prove PIECES` keeps in the cache.
//!
//! `cargo run --release -p awe-search --example hold -- RULES PIECES MAX_DEPTH`

use std::collections::HashMap;

use awe_awithlaknannai::{MoveList, Position, RuleSet, Start};
use awe_game::Side;
use awe_search::endgame::SerpentEndgame;
use awe_search::endgame::awithlaknannai::Value;

mod common;
use common::{mosona, pure_database};

type Key = (u64, u64, Side);

fn key(p: &Position) -> Key {
    (p.pieces(Side::WHITE), p.pieces(Side::BLACK), p.turn())
}

fn slot(side: Side) -> usize {
    (side != Side::WHITE) as usize
}

/// What is known of a position, for each side: the least depth it was shown to hold in (0: not
/// yet), the depth below which it was shown not to, and the move to try first.
#[derive(Clone, Copy, Default)]
struct Memo {
    held: [u16; 2],
    fails: [u16; 2],
    first: [u8; 2],
}

struct Hold<'t> {
    table: &'t SerpentEndgame,
    memo: HashMap<Key, Memo>,
    nodes: u64,
}

impl Hold<'_> {
    /// Whether `side` holds `p` for certain (`Some(true)`), loses it (`Some(false)`), or the
    /// position is above the database.
    fn known(&self, p: &Position, moves: &MoveList, side: Side) -> Option<bool> {
        if moves.is_empty() {
            return Some(p.turn() != side);
        }
        Some(match self.table.probe(p)? {
            Value::Win(_) => p.turn() == side,
            Value::Loss(_) => p.turn() != side,
            _ => true,
        })
    }

    /// Whether `side` forces play from `p` into a position it does not lose within `depth`
    /// plies above the database.
    fn holds(&mut self, p: &Position, side: Side, depth: u16) -> bool {
        self.nodes += 1;
        let k = key(p);
        let memo = self.memo.get(&k).copied().unwrap_or_default();
        let held = memo.held[slot(side)];
        if held != 0 && held <= depth + 1 {
            return true;
        }
        if memo.fails[slot(side)] > depth {
            return false;
        }
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        if let Some(holds) = self.known(p, &moves, side) {
            let entry = self.memo.entry(k).or_default();
            if holds {
                entry.held[slot(side)] = 1;
            } else {
                entry.fails[slot(side)] = u16::MAX;
            }
            return holds;
        }
        if depth == 0 {
            return false;
        }
        let children: Vec<Position> = moves.iter().map(|mv| p.play(mv)).collect();
        let first = (memo.first[slot(side)] as usize).min(children.len() - 1);
        let order = std::iter::once(first).chain((0..children.len()).filter(|&i| i != first));
        // The side to hold needs one move that holds; against it, one reply that does not.
        let wanted = p.turn() == side;
        let mut decisive = None;
        for i in order {
            if self.holds(&children[i], side, depth - 1) == wanted {
                decisive = Some(i);
                break;
            }
        }
        let holds = decisive.is_some() == wanted;
        let entry = self.memo.entry(k).or_default();
        if let Some(i) = decisive {
            entry.first[slot(side)] = i as u8;
        }
        if holds {
            let held = &mut entry.held[slot(side)];
            if *held == 0 || *held > depth + 1 {
                *held = depth + 1;
            }
        } else {
            entry.fails[slot(side)] = entry.fails[slot(side)].max(depth + 1);
        }
        holds
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rules: RuleSet = args.get(1).map_or("bell", |s| s).parse().expect("a rule set");
    let pieces: usize = args.get(2).map_or(8, |s| s.parse().expect("pieces"));
    let max_depth: u16 = args.get(3).map_or(24, |s| s.parse().expect("plies"));
    let settings = mosona(rules);
    let table = pure_database(settings, pieces);
    let root = Position::start(settings, Start::Seed000, Side::WHITE).expect("Mosona's start");
    let started = std::time::Instant::now();
    let mut hold = Hold { table: &table, memo: HashMap::new(), nodes: 0 };
    let mut open = vec![Side::WHITE, Side::BLACK];
    for depth in 1..=max_depth {
        open.retain(|&side| {
            let holds = hold.holds(&root, side, depth);
            if holds {
                println!(
                    "{} holds: a position it does not lose within {depth} plies",
                    side.colour()
                );
            }
            !holds
        });
        println!(
            "depth {depth:>2}: {:>11} positions searched, {:>10} remembered, {:.1} s",
            hold.nodes,
            hold.memo.len(),
            started.elapsed().as_secs_f64()
        );
        if open.is_empty() {
            break;
        }
    }
    for side in open {
        println!(
            "{}: no such position forced within {max_depth} plies above the database",
            side.colour()
        );
    }
}
