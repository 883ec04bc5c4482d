//! The positions where a quiet move first becomes possible, below an Awithlaknannai start whose
//! moves are all captures: what `awe solve` solves each on its own, by their pieces. With a
//! number of pieces, it also builds the pure game's database up to it and says what the minimax
//! over the captures knows from it alone (white's value between two bounds).
//!
//! `cargo run --release -p awe-search --example capture_tree -- RULES [PIECES [DATABASE_FILE]]`

use std::collections::{BTreeMap, HashMap};

use awe_awithlaknannai::{BoardKind, BoardOptions, MoveList, Position, RuleSet, Settings, Start};
use awe_game::Side;
use awe_search::endgame::SerpentEndgame;
use awe_search::endgame::awithlaknannai::Value;

type Key = (u64, u64, Side);

struct Walk {
    table: Option<SerpentEndgame>,
    bounds: HashMap<Key, (i8, i8)>,
    entries: BTreeMap<(u32, u32), (usize, usize)>,
    ends: usize,
}

impl Walk {
    /// White's value between two bounds.
    fn bounds(&mut self, p: &Position) -> (i8, i8) {
        let key = (p.pieces(Side::WHITE), p.pieces(Side::BLACK), p.turn());
        if let Some(&b) = self.bounds.get(&key) {
            return b;
        }
        let sign = if p.turn() == Side::WHITE { 1 } else { -1 };
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        let known = self.table.as_ref().and_then(|t| t.probe(p));
        let b = if moves.is_empty() {
            self.ends += 1;
            (-sign, -sign)
        } else if moves.iter().all(|m| m.is_capture()) && known.is_none() {
            let mut lo = i8::MIN;
            let mut hi = i8::MIN;
            for m in moves.iter() {
                let (l, h) = self.bounds(&p.play(m));
                let (l, h) = if sign > 0 { (l, h) } else { (-h, -l) };
                lo = lo.max(l);
                hi = hi.max(h);
            }
            if sign > 0 { (lo, hi) } else { (-hi, -lo) }
        } else {
            let w = p.pieces(Side::WHITE).count_ones();
            let b = p.pieces(Side::BLACK).count_ones();
            let counts = self.entries.entry((w, b)).or_default();
            counts.0 += 1;
            match known {
                Some(v) => {
                    counts.1 += 1;
                    let v = match v {
                        Value::Win(_) | Value::QuietWin => sign,
                        Value::Loss(_) | Value::QuietLoss => -sign,
                        Value::Draw => 0,
                    };
                    (v, v)
                }
                None => (-1, 1),
            }
        };
        self.bounds.insert(key, b);
        b
    }
}

fn main() {
    let rules: RuleSet =
        std::env::args().nth(1).as_deref().unwrap_or("wikipedia").parse().expect("a rule set");
    let pieces: Option<usize> = std::env::args().nth(2).map(|n| n.parse().expect("pieces"));
    let settings = Settings::new(BoardKind::Mosona, BoardOptions::default(), rules);
    let file = std::env::args().nth(3);
    let table = pieces.map(|n| {
        let start = std::time::Instant::now();
        let loaded =
            file.as_ref().and_then(|f| SerpentEndgame::load_pure(f.as_ref(), settings, n).ok());
        let table = loaded.unwrap_or_else(|| {
            SerpentEndgame::build_pure(settings, n, |_, _, _| {}).expect("a database")
        });
        println!("pure database up to {n} pieces: {:.1} s", start.elapsed().as_secs_f64());
        table
    });
    let root = Position::start(settings, Start::Seed000, Side::WHITE).expect("the start");
    let mut walk = Walk { table, bounds: HashMap::new(), entries: BTreeMap::new(), ends: 0 };
    let (lo, hi) = walk.bounds(&root);
    println!("{} capture-only positions and ends: {} games over", walk.bounds.len(), walk.ends);
    for ((w, b), (n, known)) in &walk.entries {
        println!(
            "  white {w}, black {b}: {n} positions with a quiet move, {known} in the database"
        );
    }
    println!("white's value from the start: between {lo} and {hi}");
}
