//! How large a proof that one side of Mosona never loses the pure game would be: the closure of
//! a non-losing strategy (its one move where the side moves, every move of the other side),
//! built on the fly from the start, layer by layer of piece counts (most pieces first), down to
//! the pure database. A draw's certificate needs such a closure for each side, and its checker
//! replays all of it.
//!
//! The strategy is chosen as it goes, as well as a short search can: the move that keeps the
//! most material after a minimax of a few plies (captures followed to the end), then one that
//! comes back to a position or to a placement of its own pieces already in the closure (so the
//! other side's roaming is met with as few placements as possible), then the fewest pieces left
//! exposed. A position the other side wins (by the database, or by leaving the side no move
//! that does not lose) makes the strategy take its next move there, as a solver of safety games
//! does on the fly. The closure is reported layer by layer, until it is whole or the cap.
//!
//! It reads the pure database that `awe solve --prove PIECES` keeps in the cache.
//!
//! `cargo run --release -p awe-search --example draw_closure -- RULES PIECES white|black CAP [PLIES]`

use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};

use awe_awithlaknannai::{MoveList, Position, RuleSet, Settings, Start};
use awe_game::Side;
use awe_search::endgame::SerpentEndgame;
use awe_search::endgame::awithlaknannai::Value;

mod common;
use common::{counts, mosona, pack, pure_database, unpack};

/// What is known of a position of the closure.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Status {
    /// Not yet looked at.
    New,
    /// Its moves followed.
    Open,
    /// In the database (or without a move) and not lost for the side.
    Held,
    /// Lost for the side, whatever it plays.
    Lost,
}

const NO_EDGE: u32 = u32::MAX;

fn pieces_of(key: u64) -> u32 {
    let (white, black) = counts(key);
    white + black
}

struct Closure<'t> {
    table: &'t SerpentEndgame,
    settings: Settings,
    side: Side,
    plies: u32,
    keys: Vec<u64>,
    index: HashMap<u64, u32>,
    status: Vec<Status>,
    /// The side's moves at each of its positions, best first (indices into the legal moves),
    /// flat, and which of them the strategy plays now.
    first_choice: Vec<u32>,
    choices: Vec<u8>,
    choice_count: Vec<u8>,
    chosen: Vec<u8>,
    /// The positions leading to each, as linked lists of edges.
    first_parent: Vec<u32>,
    edge_next: Vec<u32>,
    edge_parent: Vec<u32>,
    /// The placements of the side's own pieces the strategy has used.
    placements: HashSet<u64>,
    /// Positions to look at, by pieces on the board.
    queue: BTreeMap<u32, VecDeque<u32>>,
    lost: usize,
}

impl Closure<'_> {
    fn position(&self, key: u64) -> Position {
        unpack(key, self.settings)
    }

    fn node(&mut self, key: u64) -> u32 {
        if let Some(&id) = self.index.get(&key) {
            return id;
        }
        let id = self.keys.len() as u32;
        self.keys.push(key);
        self.index.insert(key, id);
        self.status.push(Status::New);
        self.first_choice.push(0);
        self.choice_count.push(0);
        self.chosen.push(0);
        self.first_parent.push(NO_EDGE);
        self.queue.entry(pieces_of(key)).or_default().push_back(id);
        id
    }

    fn link(&mut self, child: u32, parent: u32) {
        self.edge_parent.push(parent);
        self.edge_next.push(self.first_parent[child as usize]);
        self.first_parent[child as usize] = (self.edge_parent.len() - 1) as u32;
    }

    /// Whether the side holds (`Some(true)`) or loses (`Some(false)`) a position of the database
    /// or without a move.
    fn known(&self, p: &Position, moves: &MoveList) -> Option<bool> {
        if moves.is_empty() {
            return Some(p.turn() != self.side);
        }
        Some(match self.table.probe(p)? {
            Value::Win(_) => p.turn() == self.side,
            Value::Loss(_) => p.turn() != self.side,
            _ => true,
        })
    }

    /// The side's material less the other's after a minimax of `depth` plies, captures followed
    /// to the end (at most `more` plies further).
    fn material(&self, p: &Position, depth: u32, more: u32) -> i32 {
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        if moves.is_empty() {
            return if p.turn() == self.side { -100 } else { 100 };
        }
        let capture = moves.iter().any(|m| m.is_capture());
        if depth == 0 && (!capture || more == 0) {
            let other = self.side.opponent();
            return p.pieces(self.side).count_ones() as i32 - p.pieces(other).count_ones() as i32;
        }
        let (depth, more) = if depth == 0 { (0, more - 1) } else { (depth - 1, more) };
        let values = moves.iter().map(|m| self.material(&p.play(m), depth, more));
        if p.turn() == self.side { values.max() } else { values.min() }.unwrap_or(0)
    }

    /// How much the side likes to move to `child`.
    fn preference(&self, child: &Position) -> i64 {
        let mut moves = MoveList::new();
        child.legal_moves(&mut moves);
        match self.known(child, &moves) {
            Some(true) => return i64::MAX,
            Some(false) => return i64::MIN,
            None => {}
        }
        let mut score = 100_000 * self.material(child, self.plies, 8) as i64;
        match self.index.get(&pack(child)).map(|&id| self.status[id as usize]) {
            Some(Status::Lost) => return i64::MIN,
            Some(_) => score += 10_000,
            None => {}
        }
        if self.placements.contains(&child.pieces(self.side)) {
            score += 5_000;
        }
        score - 100 * child.exposed(self.side).count_ones() as i64
    }

    fn children(&self, id: u32) -> Vec<Position> {
        let p = self.position(self.keys[id as usize]);
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        moves.iter().map(|m| p.play(m)).collect()
    }

    fn expand(&mut self, id: u32) {
        let p = self.position(self.keys[id as usize]);
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        match self.known(&p, &moves) {
            Some(true) => {
                self.status[id as usize] = Status::Held;
                return;
            }
            Some(false) => {
                self.lose(id);
                return;
            }
            None => {}
        }
        self.status[id as usize] = Status::Open;
        let children: Vec<Position> = moves.iter().map(|m| p.play(m)).collect();
        if p.turn() == self.side {
            let mut order: Vec<(i64, u8)> =
                children.iter().enumerate().map(|(i, c)| (-self.preference(c), i as u8)).collect();
            order.sort();
            self.first_choice[id as usize] = self.choices.len() as u32;
            self.choice_count[id as usize] = order.len() as u8;
            self.choices.extend(order.iter().map(|o| o.1));
            if !self.take_choice(id, &children) {
                self.lose(id);
            }
        } else {
            let ids: Vec<u32> = children.iter().map(|c| self.node(pack(c))).collect();
            for &child in &ids {
                self.link(child, id);
            }
            if ids.iter().any(|&c| self.status[c as usize] == Status::Lost) {
                self.lose(id);
            }
        }
    }

    /// Plays the side's current choice at `id`, or the next one not known lost; false if none
    /// is left.
    fn take_choice(&mut self, id: u32, children: &[Position]) -> bool {
        let first = self.first_choice[id as usize] as usize;
        while self.chosen[id as usize] < self.choice_count[id as usize] {
            let i = self.choices[first + self.chosen[id as usize] as usize] as usize;
            let child = self.node(pack(&children[i]));
            if self.status[child as usize] != Status::Lost {
                self.link(child, id);
                self.placements.insert(children[i].pieces(self.side));
                return true;
            }
            self.chosen[id as usize] += 1;
        }
        false
    }

    /// Marks `id` lost, and what that loses above it: a position of the other side that may move
    /// there, a position of the side whose choice it was and that has no other.
    fn lose(&mut self, id: u32) {
        if self.status[id as usize] == Status::Lost {
            return;
        }
        self.status[id as usize] = Status::Lost;
        self.lost += 1;
        let mut lost = vec![id];
        while let Some(node) = lost.pop() {
            let key = self.keys[node as usize];
            let mut edge = self.first_parent[node as usize];
            while edge != NO_EDGE {
                let parent = self.edge_parent[edge as usize];
                edge = self.edge_next[edge as usize];
                if self.status[parent as usize] == Status::Lost {
                    continue;
                }
                let parent_key = self.keys[parent as usize];
                let children = self.children(parent);
                let side_moves = (parent_key >> 50 & 1 == 0) == (self.side == Side::WHITE);
                if side_moves {
                    let first = self.first_choice[parent as usize] as usize;
                    let now = self.choices[first + self.chosen[parent as usize] as usize];
                    if pack(&children[now as usize]) != key {
                        continue;
                    }
                    self.chosen[parent as usize] += 1;
                    if self.take_choice(parent, &children) {
                        continue;
                    }
                }
                self.status[parent as usize] = Status::Lost;
                self.lost += 1;
                lost.push(parent);
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rules: RuleSet = args.get(1).map_or("bell", |s| s).parse().expect("a rule set");
    let pieces: usize = args.get(2).map_or(8, |s| s.parse().expect("pieces"));
    let side = if args.get(3).is_some_and(|s| s == "white") { Side::WHITE } else { Side::BLACK };
    let cap: usize = args.get(4).map_or(20_000_000, |s| s.parse().expect("a count"));
    let plies: u32 = args.get(5).map_or(2, |s| s.parse().expect("plies"));
    let settings = mosona(rules);
    let table = pure_database(settings, pieces);
    let root = Position::start(settings, Start::Seed000, Side::WHITE).expect("Mosona's start");
    let mut closure = Closure {
        table: &table,
        settings,
        side,
        plies,
        keys: Vec::new(),
        index: HashMap::new(),
        status: Vec::new(),
        first_choice: Vec::new(),
        choices: Vec::new(),
        choice_count: Vec::new(),
        chosen: Vec::new(),
        first_parent: Vec::new(),
        edge_next: Vec::new(),
        edge_parent: Vec::new(),
        placements: HashSet::new(),
        queue: BTreeMap::new(),
        lost: 0,
    };
    let started = std::time::Instant::now();
    println!(
        "Mosona, {rules}, the pure game: a strategy for {} not to lose, from the start",
        side.colour()
    );
    let root = closure.node(pack(&root));
    let mut layer = u32::MAX;
    while let Some(mut entry) = closure.queue.last_entry() {
        let pieces = *entry.key();
        let Some(id) = entry.get_mut().pop_front() else {
            entry.remove();
            continue;
        };
        if pieces != layer {
            println!(
                "  down to {pieces:>2} pieces: {:>11} positions in the closure, {:>9} lost ({:.0} s)",
                closure.keys.len(),
                closure.lost,
                started.elapsed().as_secs_f64()
            );
            layer = pieces;
        }
        if closure.status[root as usize] == Status::Lost || closure.keys.len() >= cap {
            break;
        }
        if closure.status[id as usize] == Status::New {
            closure.expand(id);
        }
    }
    let verdict = match closure.status[root as usize] {
        Status::Lost => "the start is lost for it (the other side wins)".to_owned(),
        _ if closure.keys.len() >= cap => format!("the cap of {cap} positions reached"),
        _ => "the closure is whole: the side does not lose".to_owned(),
    };
    println!(
        "{verdict}; {} positions, {:.0} s",
        closure.keys.len(),
        started.elapsed().as_secs_f64()
    );
    let mut layers: BTreeMap<(u32, u32), usize> = BTreeMap::new();
    for &key in &closure.keys {
        *layers.entry(counts(key)).or_default() += 1;
    }
    for ((w, b), count) in layers.iter().rev().filter(|((w, b), _)| (w + b) as usize > pieces) {
        println!("  {w:>2} v {b:<2} {count:>11}");
    }
}
