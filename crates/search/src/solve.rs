//! Solving Awithlaknannai positions: the game-theoretic value for the side to move, a principal
//! line, and a certificate (`awe-proof`) that a separate checker verifies.
//!
//! # Method
//!
//! Retrograde analysis of every position reachable from the root. The solver enumerates them
//! (all legal moves of both sides), groups them in layers by the pieces of each side (a quiet move
//! stays in its layer, a capture leaves it for one with fewer pieces), and solves the layers with
//! fewest pieces first, so that every capture leads to a layer already solved. Within a layer:
//!
//! - the *default* is what an endless play without capture is worth: a draw in the pure game
//!   (`--pure`: only a capture ends it); under the project's rules, where a repetition or the
//!   limit of plies without a capture ends the game, more pieces wins;
//! - a side does better than the default only by leaving the layer well (a capture to a position
//!   worth more, or leaving the other side without a move). The positions from which it can force
//!   that, and in how many plies without capture at most (the *rank*), are its *attractor*,
//!   computed backwards from the targets (a breadth-first search: its side needs one good move,
//!   the other side's every move must lead into it);
//! - under the project's rules the limit counts: from a position reached after `q` plies without
//!   capture, a side forces its better result only if `q + rank` stays below the limit; with
//!   fewer plies left, the other side holds the default until the limit or a repetition ends the
//!   game.
//!
//! # Why the history since the last capture does not break it
//!
//! Under the project's rules a repetition ends the game, so a position's value could depend on
//! the positions played since the last capture. The solver values positions as met just after a
//! capture (or as the root, with the plies without capture its text gives and no earlier
//! position): then no play can repeat a position to the attacker's harm. Along the attacker's
//! strategy the rank falls with every ply (the attacker moves to a lower rank, the defender
//! cannot but move to one), so no position comes twice before the attacker's goal; and a
//! repetition elsewhere only ends the game with the default, which is what the defender holds
//! there anyway. Every capture starts a new layer with no history. The certificate's checker
//! (`awe-proof`) checks exactly this on the real rules: no cycle and no limit reached where the
//! side needs to leave its layer.
//!
//! Values of the pure game do not depend on history at all (nothing but a capture ends it).
//!
//! # Lengths
//!
//! In the pure game the solver also gives the shortest win (the loser resisting longest) in plies,
//! by a second backward pass that orders positions by their distance to the end (a Dijkstra
//! search: exits to other layers come with their own distances). Under the project's rules a won
//! game may end by repetition or by the limit with more pieces: the certificate's checker gives
//! the longest play where the winner's strategy ends every game by moves.

use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap, HashMap, VecDeque};

use awe_awithlaknannai::{Move, MoveList, Position, QuietEnd, Settings};
use awe_game::Side;
use awe_proof::certificate::{Certificate, Claim, Mode, Root};
use awe_proof::reference::Geometry;

use crate::prove::{Key, key_of};

/// How to solve.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// The pure game: only a capture ends it; no move (or no piece) left loses; an endless game
    /// is a draw.
    pub pure: bool,
    /// Under the project's rules: the plies without a capture that end the game.
    pub ply_limit: u16,
    /// The most positions enumerated before giving up (about 40 bytes each, and their moves).
    pub max_positions: usize,
}

/// What the solver reports as it goes.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    pub phase: Phase,
    /// Positions enumerated.
    pub positions: usize,
    /// Layers solved, of all.
    pub layers: (usize, usize),
    /// Positions whose value is not the default: won or lost by leaving a layer.
    pub proven: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Enumerating,
    Solving,
    Certifying,
}

/// Why a position was not solved.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    #[error(
        "more than {0} positions are reachable: the memory bound (--max-positions) stops the solver"
    )]
    TooLarge(usize),
    #[error("the game is already over at the root")]
    Over,
}

/// The solution of a position.
#[derive(Debug)]
pub struct Solution {
    /// The value for the side to move.
    pub value: Claim,
    /// The shortest win or longest loss, in plies (the pure game).
    pub length: Option<u32>,
    /// A principal line: the winner's fastest, the loser's longest, as far as it is forced.
    pub line: Vec<Move>,
    /// Positions enumerated.
    pub positions: usize,
    /// Layers of piece counts.
    pub layers: usize,
    /// Positions where one side forces better than its layer's default.
    pub proven: usize,
    pub certificate: Certificate,
}

const NONE: u16 = u16::MAX;

/// Every position reachable from the root, their moves, and what the passes compute.
struct Graph {
    settings: Settings,
    keys: Vec<Key>,
    index: HashMap<Key, u32>,
    /// Moves of node i: `edges[first[i]..first[i + 1]]`, in the fast generator's order.
    first: Vec<u32>,
    edges: Vec<u32>,
    capture: Vec<bool>,
    /// The value of each node just after a capture (no plies without capture): +1 white wins,
    /// 0 draw, -1 black wins.
    value: Vec<i8>,
    /// Each node's ranks in its layer's two attractors (see [`Attractors`]).
    ranks: [Vec<u16>; 2],
    /// Plies to the end (the pure game's won and lost nodes).
    dist: Vec<u32>,
    /// The attractors of each layer, by its piece counts.
    attractors: HashMap<(u32, u32), Attractors>,
}

/// The two attractors a layer needs, each a side and the least value (white's view) it wants
/// from an exit, `ranks[0]` and `ranks[1]` of the graph holding their ranks.
#[derive(Clone, Copy, Debug)]
struct Attractors {
    default: i8,
    of: [(Side, i8); 2],
}

impl Graph {
    fn position(&self, key: Key) -> Position {
        let settings = Settings { ply_limit: u16::MAX, ..self.settings };
        Position::from_pieces([key.0, key.1], key.2, settings).expect("a position of the board")
    }

    fn moves(&self, key: Key) -> MoveList {
        let mut moves = MoveList::new();
        self.position(key).legal_moves(&mut moves);
        moves
    }

    fn children(&self, node: u32) -> std::ops::Range<usize> {
        self.first[node as usize] as usize..self.first[node as usize + 1] as usize
    }

    fn layer(key: Key) -> (u32, u32) {
        (key.0.count_ones(), key.1.count_ones())
    }
}

/// Enumerates every position reachable from `root`.
fn enumerate(
    root: &Position,
    options: &Options,
    progress: &mut impl FnMut(Progress),
) -> Result<Graph, SolveError> {
    let mut graph = Graph {
        settings: *root.settings(),
        keys: Vec::new(),
        index: HashMap::new(),
        first: vec![0],
        edges: Vec::new(),
        capture: Vec::new(),
        value: Vec::new(),
        ranks: [Vec::new(), Vec::new()],
        dist: Vec::new(),
        attractors: HashMap::new(),
    };
    let root_key = key_of(root);
    graph.keys.push(root_key);
    graph.index.insert(root_key, 0);
    let mut next = 0;
    while next < graph.keys.len() {
        let key = graph.keys[next];
        for mv in graph.moves(key).iter() {
            let child = key_of(&graph.position(key).play(mv));
            let id = match graph.index.get(&child) {
                Some(&id) => id,
                None => {
                    if graph.keys.len() >= options.max_positions {
                        return Err(SolveError::TooLarge(options.max_positions));
                    }
                    let id = graph.keys.len() as u32;
                    graph.keys.push(child);
                    graph.index.insert(child, id);
                    id
                }
            };
            graph.edges.push(id);
            graph.capture.push(mv.is_capture());
        }
        graph.first.push(graph.edges.len() as u32);
        next += 1;
        if next % 100_000 == 0 {
            progress(Progress {
                phase: Phase::Enumerating,
                positions: graph.keys.len(),
                layers: (0, 0),
                proven: 0,
            });
        }
    }
    Ok(graph)
}

/// The quiet predecessors of each node (within its layer), as lists.
fn predecessors(graph: &Graph) -> (Vec<u32>, Vec<u32>) {
    let n = graph.keys.len();
    let mut count = vec![0u32; n + 1];
    for node in 0..n as u32 {
        for e in graph.children(node) {
            if !graph.capture[e] {
                count[graph.edges[e] as usize + 1] += 1;
            }
        }
    }
    for i in 0..n {
        count[i + 1] += count[i];
    }
    let mut fill = count.clone();
    let mut list = vec![0u32; count[n] as usize];
    for node in 0..n as u32 {
        for e in graph.children(node) {
            if !graph.capture[e] {
                let child = graph.edges[e] as usize;
                list[fill[child] as usize] = node;
                fill[child] += 1;
            }
        }
    }
    (count, list)
}

/// The attractor of `attacker` in a layer: the nodes from which it forces an exit worth at
/// least `least` (white's view; the worst for `attacker` it accepts) or the other side's loss,
/// with the most plies without capture it takes. Fills `rank` for the layer's nodes.
fn attractor(
    graph: &Graph,
    nodes: &[u32],
    preds: &(Vec<u32>, Vec<u32>),
    attacker: Side,
    least: i8,
    rank: &mut [u16],
) {
    let good = |value: i8| if attacker == Side::WHITE { value >= least } else { value <= least };
    let mut pending: HashMap<u32, u32> = HashMap::new();
    let mut queue = VecDeque::new();
    for &node in nodes {
        rank[node as usize] = NONE;
        let mover = graph.keys[node as usize].2;
        let range = graph.children(node);
        if range.is_empty() {
            // The side to move cannot move: it has lost.
            if mover != attacker {
                rank[node as usize] = 0;
                queue.push_back(node);
            }
            continue;
        }
        let exits = range.clone().filter(|&e| graph.capture[e]);
        if mover == attacker {
            if exits.into_iter().any(|e| good(graph.value[graph.edges[e] as usize])) {
                rank[node as usize] = 0;
                queue.push_back(node);
            }
        } else {
            let mut escape = false;
            for e in exits {
                escape |= !good(graph.value[graph.edges[e] as usize]);
            }
            if escape {
                continue;
            }
            let quiet = range.filter(|&e| !graph.capture[e]).count() as u32;
            if quiet == 0 {
                rank[node as usize] = 0;
                queue.push_back(node);
            } else {
                pending.insert(node, quiet);
            }
        }
    }
    let (first, list) = preds;
    while let Some(node) = queue.pop_front() {
        let r = rank[node as usize];
        for &p in &list[first[node as usize] as usize..first[node as usize + 1] as usize] {
            if rank[p as usize] != NONE {
                continue;
            }
            if graph.keys[p as usize].2 == attacker {
                rank[p as usize] = r.saturating_add(1);
                queue.push_back(p);
            } else if let Some(count) = pending.get_mut(&p) {
                *count -= 1;
                if *count == 0 {
                    rank[p as usize] = r.saturating_add(1);
                    queue.push_back(p);
                }
            }
        }
    }
}

/// The two attractors of a layer whose default (white's view) is `default`: the side the default
/// is worse for attacks, for a draw and for a win where it is behind, for a win where it is
/// level.
fn attractors_of(default: i8) -> Attractors {
    let of = match default {
        0 => [(Side::WHITE, 1), (Side::BLACK, -1)],
        d if d > 0 => [(Side::BLACK, 0), (Side::BLACK, -1)],
        _ => [(Side::WHITE, 0), (Side::WHITE, 1)],
    };
    Attractors { default, of }
}

impl Attractors {
    /// White's value of a node with these ranks after `quiet` plies without capture.
    fn value(&self, ranks: [u16; 2], quiet: u32, limit: u32) -> i8 {
        let forces = |i: usize| ranks[i] != NONE && quiet + (ranks[i] as u32) < limit;
        match self.default {
            0 if forces(0) => 1,
            0 if forces(1) => -1,
            0 => 0,
            d if d > 0 => {
                if forces(1) {
                    -1
                } else if forces(0) {
                    0
                } else {
                    1
                }
            }
            _ => {
                if forces(1) {
                    1
                } else if forces(0) {
                    0
                } else {
                    -1
                }
            }
        }
    }

    /// Which attractor a side uses to force at least `target` (white's view), if one does.
    fn attacking(&self, side: Side, target: i8) -> Option<usize> {
        (0..2).find(|&i| self.of[i].0 == side && self.of[i].1 == target)
    }
}

/// Solves the layers, fewest pieces first.
fn solve_layers(
    graph: &mut Graph,
    options: &Options,
    limit: u32,
    progress: &mut impl FnMut(Progress),
) -> usize {
    let n = graph.keys.len();
    graph.value = vec![0; n];
    graph.ranks = [vec![NONE; n], vec![NONE; n]];
    graph.dist = vec![u32::MAX; n];
    let preds = predecessors(graph);
    let mut layers: HashMap<(u32, u32), Vec<u32>> = HashMap::new();
    for (i, &key) in graph.keys.iter().enumerate() {
        layers.entry(Graph::layer(key)).or_default().push(i as u32);
    }
    let mut order: Vec<(u32, u32)> = layers.keys().copied().collect();
    order.sort_by_key(|&(w, b)| (w + b, w));
    let total = order.len();
    let mut proven = 0;
    let more_pieces_wins =
        !options.pure && matches!(graph.settings.rules.rules().quiet_end, QuietEnd::MorePiecesWins);
    for (done, layer) in order.into_iter().enumerate() {
        let nodes = &layers[&layer];
        let default =
            if more_pieces_wins { (layer.0 as i64 - layer.1 as i64).signum() as i8 } else { 0 };
        let attractors = attractors_of(default);
        for (i, &(side, least)) in attractors.of.iter().enumerate() {
            let mut rank = std::mem::take(&mut graph.ranks[i]);
            attractor(graph, nodes, &preds, side, least, &mut rank);
            graph.ranks[i] = rank;
        }
        for &node in nodes {
            let ranks = [graph.ranks[0][node as usize], graph.ranks[1][node as usize]];
            let value = attractors.value(ranks, 0, limit);
            graph.value[node as usize] = value;
            proven += (value != default) as usize;
        }
        if options.pure {
            distances(graph, nodes, &preds);
        }
        graph.attractors.insert(layer, attractors);
        progress(Progress {
            phase: Phase::Solving,
            positions: n,
            layers: (done + 1, total),
            proven,
        });
    }
    proven
}

/// The pure game's plies to the end of the won and lost nodes of a layer: the winner the fewest,
/// the loser the most (a Dijkstra search from the ends and the exits).
fn distances(graph: &mut Graph, nodes: &[u32], preds: &(Vec<u32>, Vec<u32>)) {
    let mut heap: BinaryHeap<Reverse<(u32, u32)>> = BinaryHeap::new();
    let mut pending: HashMap<u32, (u32, u32)> = HashMap::new();
    let wins = |graph: &Graph, node: u32| {
        let v = graph.value[node as usize];
        v != 0 && (v > 0) == (graph.keys[node as usize].2 == Side::WHITE)
    };
    for &node in nodes {
        let value = graph.value[node as usize];
        if value == 0 {
            continue;
        }
        let range = graph.children(node);
        if range.is_empty() {
            heap.push(Reverse((0, node)));
            continue;
        }
        if wins(graph, node) {
            let best = range
                .filter(|&e| graph.capture[e] && graph.value[graph.edges[e] as usize] == value)
                .map(|e| graph.dist[graph.edges[e] as usize].saturating_add(1))
                .min();
            if let Some(best) = best {
                heap.push(Reverse((best, node)));
            }
        } else {
            let mut quiet = 0;
            let mut most = 0;
            for e in range {
                if graph.capture[e] {
                    most = most.max(graph.dist[graph.edges[e] as usize].saturating_add(1));
                } else {
                    quiet += 1;
                }
            }
            if quiet == 0 {
                heap.push(Reverse((most, node)));
            } else {
                pending.insert(node, (quiet, most));
            }
        }
    }
    let (first, list) = preds;
    while let Some(Reverse((d, node))) = heap.pop() {
        if graph.dist[node as usize] != u32::MAX {
            continue;
        }
        graph.dist[node as usize] = d;
        for &p in &list[first[node as usize] as usize..first[node as usize + 1] as usize] {
            if graph.dist[p as usize] != u32::MAX
                || graph.value[p as usize] != graph.value[node as usize]
            {
                continue;
            }
            if wins(graph, p) {
                heap.push(Reverse((d.saturating_add(1), p)));
            } else if let Some((count, most)) = pending.get_mut(&p) {
                *count -= 1;
                *most = (*most).max(d.saturating_add(1));
                if *count == 0 {
                    heap.push(Reverse((*most, p)));
                }
            }
        }
    }
}

/// Solves `root` (after no earlier position: as just after a capture, with its plies without
/// capture).
pub fn solve(
    root: &Position,
    options: &Options,
    mut progress: impl FnMut(Progress),
) -> Result<Solution, SolveError> {
    if root.outcome().is_some() {
        return Err(SolveError::Over);
    }
    let mut moves = MoveList::new();
    root.legal_moves(&mut moves);
    if !moves.iter().all(|m| m.is_capture()) {
        return solve_reachable(root, options, &mut progress);
    }
    // Every move a capture: each leads to a position without history, solved on its own.
    let mut tree =
        CaptureTree { options, solved: HashMap::new(), positions: 0, layers: 0, proven: 0 };
    let entry = tree.solve(root, &mut progress)?;
    let settings = *root.settings();
    let value = claim_of(entry.value, root.turn());
    let convert = canonical(&settings);
    let certificate = Certificate {
        board: settings.board.kind(),
        options: settings.board.options(),
        rules: settings.rules,
        mode: if options.pure { Mode::Pure } else { Mode::Rules { ply_limit: options.ply_limit } },
        root: Root {
            white: convert(root.pieces(Side::WHITE)),
            black: convert(root.pieces(Side::BLACK)),
            turn: root.turn(),
            quiet: root.quiet_plies(),
        },
        claim: value,
        length: entry.length,
        moves: entry.moves,
    };
    Ok(Solution {
        value,
        length: entry.length.filter(|_| options.pure && value != Claim::Draw),
        line: entry.line,
        positions: tree.positions,
        layers: tree.layers,
        proven: tree.proven,
        certificate,
    })
}

/// The value for the side to move of a value in white's view.
fn claim_of(white_value: i8, turn: Side) -> Claim {
    match (white_value, turn == Side::WHITE) {
        (0, _) => Claim::Draw,
        (v, true) if v > 0 => Claim::Win,
        (_, true) => Claim::Loss,
        (v, false) if v < 0 => Claim::Win,
        (_, false) => Claim::Loss,
    }
}

/// Converts the fast board's sets of points to the certificate's order (by the points' names).
fn canonical(settings: &Settings) -> impl Fn(u64) -> u64 + use<> {
    let board = settings.board;
    let geometry = Geometry::new(board.kind(), board.options());
    let mut canonical = vec![0u32; board.len()];
    for point in board.points() {
        let name = board.name(point);
        let at = geometry.points().iter().position(|&p| Geometry::name(p) == name);
        canonical[point.index()] = at.expect("the same points") as u32;
    }
    move |set: u64| {
        let mut out = 0u64;
        let mut rest = set;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            out |= 1 << canonical[i];
            rest &= rest - 1;
        }
        out
    }
}

/// A position solved on its own (just after a capture): its value in white's view, the length
/// of the game (the pure game), the certificate's moves from it, a line.
#[derive(Clone, Debug)]
struct Entry {
    value: i8,
    length: Option<u32>,
    moves: HashMap<(u64, u64, Side), u8>,
    line: Vec<Move>,
}

/// The positions where every move is a capture, from the root down to those with a quiet move,
/// which the retrograde analysis solves each with all it reaches: a minimax over captures, whose
/// children have no history (a capture starts a layer afresh).
struct CaptureTree<'a> {
    options: &'a Options,
    solved: HashMap<Key, Entry>,
    positions: usize,
    layers: usize,
    proven: usize,
}

impl CaptureTree<'_> {
    fn solve(
        &mut self,
        position: &Position,
        progress: &mut impl FnMut(Progress),
    ) -> Result<Entry, SolveError> {
        let key = key_of(position);
        if let Some(entry) = self.solved.get(&key) {
            return Ok(entry.clone());
        }
        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        let mover = position.turn();
        let sign: i8 = if mover == Side::WHITE { 1 } else { -1 };
        let entry = if moves.is_empty() {
            Entry { value: -sign, length: Some(0), moves: HashMap::new(), line: Vec::new() }
        } else if !moves.iter().all(|m| m.is_capture()) {
            let root = Position::from_pieces([key.0, key.1], key.2, *position.settings())
                .expect("a position of the board");
            let solution = solve_reachable(&root, self.options, progress)?;
            self.positions += solution.positions;
            self.layers += solution.layers;
            self.proven += solution.proven;
            let value = match solution.value {
                Claim::Draw => 0,
                Claim::Win => sign,
                Claim::Loss => -sign,
            };
            Entry {
                value,
                length: solution.length,
                moves: solution.certificate.moves,
                line: solution.line,
            }
        } else {
            let mut children = Vec::new();
            for (i, mv) in moves.iter().enumerate() {
                let child = position.play(mv);
                children.push((i, *mv, self.solve(&child, progress)?));
            }
            let best = children.iter().map(|c| c.2.value * sign).max().expect("a move");
            // The winner the fastest, the loser the longest (plies, where known).
            let length_of = |c: &(usize, Move, Entry)| c.2.length.map(|l| l + 1);
            let chosen = children
                .iter()
                .filter(|c| c.2.value * sign == best)
                .min_by_key(|c| {
                    let l = length_of(c).unwrap_or(u32::MAX / 2) as i64;
                    if best > 0 { l } else { -l }
                })
                .expect("a best move");
            let length = if best > 0 {
                length_of(chosen)
            } else if best < 0 {
                children.iter().map(length_of).max().flatten()
            } else {
                None
            };
            let mut certified = HashMap::new();
            let owner = best >= 0;
            if owner {
                let convert = canonical(position.settings());
                let at = (convert(key.0), convert(key.1), key.2);
                certified.insert(at, reference_index_of(position, &moves, chosen.0));
            }
            // The winner's strategy goes on from its move; the loser's every move needs the
            // winner's answer; a draw needs both sides'.
            for (i, _, child) in &children {
                if best <= 0 || *i == chosen.0 {
                    for (&k, &m) in &child.moves {
                        certified.entry(k).or_insert(m);
                    }
                }
            }
            let mut line = vec![chosen.1];
            line.extend(chosen.2.line.iter().copied());
            Entry { value: best * sign, length, moves: certified, line }
        };
        self.solved.insert(key, entry.clone());
        Ok(entry)
    }
}

/// Solves `root` by the retrograde analysis of every position it reaches.
fn solve_reachable(
    root: &Position,
    options: &Options,
    progress: &mut impl FnMut(Progress),
) -> Result<Solution, SolveError> {
    let limit = if options.pure
        || !matches!(root.settings().rules.rules().quiet_end, QuietEnd::MorePiecesWins)
    {
        u32::MAX
    } else {
        options.ply_limit as u32
    };
    let mut graph = enumerate(root, options, progress)?;
    let layers = {
        let mut set = std::collections::HashSet::new();
        for &key in &graph.keys {
            set.insert(Graph::layer(key));
        }
        set.len()
    };
    let proven = solve_layers(&mut graph, options, limit, progress);
    let root_layer = Graph::layer(graph.keys[0]);
    let attractors = graph.attractors[&root_layer];
    let quiet = root.quiet_plies() as u32;
    let white_value = attractors.value([graph.ranks[0][0], graph.ranks[1][0]], quiet, limit);
    let turn = root.turn();
    let value = match (white_value, turn == Side::WHITE) {
        (0, _) => Claim::Draw,
        (v, true) if v > 0 => Claim::Win,
        (_, true) => Claim::Loss,
        (v, false) if v < 0 => Claim::Win,
        (_, false) => Claim::Loss,
    };
    progress(Progress {
        phase: Phase::Certifying,
        positions: graph.keys.len(),
        layers: (layers, layers),
        proven,
    });
    let certificate = certify(&graph, root, options, limit, value, white_value);
    let length = (options.pure && value != Claim::Draw).then_some(graph.dist[0]);
    let line = principal_line(&graph, &certificate, limit, quiet, options.pure);
    Ok(Solution { value, length, line, positions: graph.keys.len(), layers, proven, certificate })
}

/// White's value of an exit (a capture's child) or an in-layer child for a side aiming at
/// `target`: whether it is good enough.
fn enough(side: Side, value: i8, target: i8) -> bool {
    if side == Side::WHITE { value >= target } else { value <= target }
}

/// The move `side` plays at `node` to get at least `target` (white's view): attacking with the
/// layer's attractor where the default is worse for it, holding the default against the other
/// side's attractor elsewhere. The index of the edge.
fn strategy(graph: &Graph, node: u32, side: Side, target: i8, pure: bool) -> Option<usize> {
    let layer = Graph::layer(graph.keys[node as usize]);
    let attractors = graph.attractors[&layer];
    let range = graph.children(node);
    let good_exit = |e: &usize| {
        graph.capture[*e] && enough(side, graph.value[graph.edges[*e] as usize], target)
    };
    if let Some(i) = attractors.attacking(side, target) {
        if pure {
            // The shortest win: the child nearest the end among the winning ones.
            return range
                .filter(|&e| graph.value[graph.edges[e] as usize] == target)
                .min_by_key(|&e| graph.dist[graph.edges[e] as usize]);
        }
        if let Some(e) = range.clone().find(good_exit) {
            return Some(e);
        }
        return range
            .filter(|&e| !graph.capture[e] && graph.ranks[i][graph.edges[e] as usize] != NONE)
            .min_by_key(|&e| graph.ranks[i][graph.edges[e] as usize]);
    }
    // Holding: keep out of (or longest in) the attractor of the other side that would take the
    // value below the target.
    let other = side.opponent();
    let below = if side == Side::WHITE { target - 1 } else { target + 1 };
    let danger = attractors.attacking(other, below);
    if let Some(e) = range.clone().find(good_exit) {
        return Some(e);
    }
    let quiet = range.filter(|&e| !graph.capture[e]);
    match danger {
        None => quiet.into_iter().next(),
        Some(i) => {
            let rank = |e: usize| graph.ranks[i][graph.edges[e] as usize];
            let moves: Vec<usize> = quiet.collect();
            moves
                .iter()
                .copied()
                .find(|&e| rank(e) == NONE)
                .or_else(|| moves.into_iter().max_by_key(|&e| rank(e)))
        }
    }
}

/// The certificate: the strategy of the winner (each side's for a draw) over every position play
/// can reach with it, as `awe-proof` reads it.
fn certify(
    graph: &Graph,
    root: &Position,
    options: &Options,
    limit: u32,
    value: Claim,
    white_value: i8,
) -> Certificate {
    let settings = root.settings();
    let board = settings.board;
    let convert = canonical(settings);
    let sides: Vec<(Side, i8)> = match value {
        Claim::Draw => vec![(Side::WHITE, 0), (Side::BLACK, 0)],
        _ => {
            let winner = if white_value > 0 { Side::WHITE } else { Side::BLACK };
            vec![(winner, white_value)]
        }
    };
    let mut moves = HashMap::new();
    for (side, target) in sides {
        let mut seen = vec![false; graph.keys.len()];
        let mut stack = vec![0u32];
        seen[0] = true;
        while let Some(node) = stack.pop() {
            let key = graph.keys[node as usize];
            let range = graph.children(node);
            let followed: Vec<usize> = if key.2 == side {
                match strategy(graph, node, side, target, options.pure) {
                    Some(e) => {
                        moves.insert(
                            (convert(key.0), convert(key.1), key.2),
                            reference_index(graph, key, e - range.start),
                        );
                        vec![e]
                    }
                    None => Vec::new(),
                }
            } else {
                range.collect()
            };
            for e in followed {
                let child = graph.edges[e];
                if !seen[child as usize] {
                    seen[child as usize] = true;
                    stack.push(child);
                }
            }
        }
    }
    let _ = limit;
    let key = graph.keys[0];
    Certificate {
        board: board.kind(),
        options: board.options(),
        rules: settings.rules,
        mode: if options.pure { Mode::Pure } else { Mode::Rules { ply_limit: options.ply_limit } },
        root: Root {
            white: convert(key.0),
            black: convert(key.1),
            turn: key.2,
            quiet: root.quiet_plies(),
        },
        claim: value,
        length: (options.pure && value != Claim::Draw).then_some(graph.dist[0]),
        moves,
    }
}

/// The index of the `nth` move of the fast generator at `key` among the moves as the reference
/// generator orders them: by the names of their points, then of the points they take.
fn reference_index(graph: &Graph, key: Key, nth: usize) -> u8 {
    let position = graph.position(key);
    let moves = graph.moves(key);
    reference_index_of(&position, &moves, nth)
}

/// The same, for a position and its moves.
fn reference_index_of(position: &Position, moves: &MoveList, nth: usize) -> u8 {
    let chosen = reference_name(position, &moves[nth]);
    let ordered = reference_order(position, moves);
    ordered.iter().position(|(name, _)| *name == chosen).expect("the move is legal") as u8
}

/// A move as the reference generator tells it apart: the names of its points, then of the
/// points it takes.
fn reference_name(position: &Position, m: &Move) -> (Vec<String>, BTreeSet<String>) {
    let board = position.board();
    let path = m.path().iter().map(|&p| board.name(p).to_owned()).collect();
    let taken = board
        .points()
        .filter(|p| m.captured() & p.bit() != 0)
        .map(|p| board.name(p).to_owned())
        .collect();
    (path, taken)
}

/// The moves of a position in the reference generator's order, each once.
#[allow(clippy::type_complexity)]
fn reference_order(
    position: &Position,
    moves: &MoveList,
) -> Vec<((Vec<String>, BTreeSet<String>), Move)> {
    let mut ordered: Vec<_> = moves.iter().map(|m| (reference_name(position, m), *m)).collect();
    ordered.sort_by(|a, b| a.0.cmp(&b.0));
    ordered.dedup_by(|a, b| a.0 == b.0);
    ordered
}

/// A principal line: each side's certificate move where it has one, else the move that resists
/// longest (or, in a draw, the first that keeps the value), until the end or 60 plies.
fn principal_line(
    graph: &Graph,
    certificate: &Certificate,
    limit: u32,
    mut quiet: u32,
    pure: bool,
) -> Vec<Move> {
    let mut line = Vec::new();
    let mut node = 0u32;
    let mut seen = std::collections::HashSet::new();
    while line.len() < 60 && quiet < limit && seen.insert(node) {
        let key = graph.keys[node as usize];
        let range = graph.children(node);
        if range.is_empty() {
            break;
        }
        let layer = Graph::layer(key);
        let attractors = graph.attractors[&layer];
        let value_of = |child: u32, capture: bool| {
            let q = if capture { 0 } else { quiet + 1 };
            let child_layer = Graph::layer(graph.keys[child as usize]);
            let a = graph.attractors[&child_layer];
            a.value([graph.ranks[0][child as usize], graph.ranks[1][child as usize]], q, limit)
        };
        let mover = key.2;
        let sign = if mover == Side::WHITE { 1 } else { -1 };
        let here = attractors.value(
            [graph.ranks[0][node as usize], graph.ranks[1][node as usize]],
            quiet,
            limit,
        );
        let _ = certificate;
        // The mover's best value, then fastest when winning and slowest when losing.
        let best = range
            .clone()
            .max_by_key(|&e| {
                let child = graph.edges[e];
                let v = value_of(child, graph.capture[e]) * sign;
                let d = graph.dist[child as usize].min(1_000_000) as i64;
                let r = graph.ranks[0][child as usize].min(graph.ranks[1][child as usize]) as i64;
                // The pure game's plies to the end, else the ranks (plies to leave the layer).
                let far = if pure { d } else { r };
                let speed = if here * sign > 0 { -far } else { far };
                (v, speed)
            })
            .expect("a move");
        let mv = graph.moves(key)[best - range.start];
        quiet = if graph.capture[best] { 0 } else { quiet + 1 };
        line.push(mv);
        node = graph.edges[best];
    }
    line
}

/// The proven moves of solved positions, as level 10 plays them: from certificates, for the
/// positions where the certificate's side is to move; and, for a proven win, what the strategy
/// leaves the loser: the longest game it can make of it, and the move that makes it.
#[derive(Debug, Default)]
pub struct Proven {
    moves: HashMap<Key, (Move, crate::score::Score)>,
    /// The plies to the end under the winner's strategy, against the longest defence, of the
    /// positions asked about so far (`None`: some defence leaves what the certificates prove).
    lengths: std::sync::Mutex<HashMap<Key, Option<u32>>>,
}

impl Proven {
    /// Reads the moves of certificates of the game `settings` describe (those of other boards,
    /// rule sets or modes are passed over: the rules must be the ones played, with the same ply
    /// limit).
    pub fn from_certificates<'a>(
        settings: &Settings,
        certificates: impl IntoIterator<Item = &'a Certificate>,
    ) -> Proven {
        let board = settings.board;
        let geometry = Geometry::new(board.kind(), board.options());
        let mut fast = vec![0u64; geometry.points().len()];
        for point in board.points() {
            let name = board.name(point);
            if let Some(at) = geometry.points().iter().position(|&p| Geometry::name(p) == name) {
                fast[at] = point.bit();
            }
        }
        let convert = |set: u64| {
            let mut out = 0u64;
            for (i, &bit) in fast.iter().enumerate() {
                if set >> i & 1 == 1 {
                    out |= bit;
                }
            }
            out
        };
        let mut proven = Proven::default();
        let plays = Settings { ply_limit: u16::MAX, ..*settings };
        for certificate in certificates {
            let same = certificate.board == board.kind()
                && certificate.options == board.options()
                && certificate.rules == settings.rules
                && certificate.mode == Mode::Rules { ply_limit: settings.ply_limit };
            if !same {
                continue;
            }
            let score = match certificate.claim {
                Claim::Draw => 0,
                _ => crate::score::KNOWN_WIN,
            };
            for (&(white, black, side), &index) in &certificate.moves {
                let key = (convert(white), convert(black), side);
                let Ok(position) = Position::from_pieces([key.0, key.1], side, plays) else {
                    continue;
                };
                let mut moves = MoveList::new();
                position.legal_moves(&mut moves);
                if let Some(&(_, mv)) = reference_order(&position, &moves).get(index as usize) {
                    // The winner's side only: the certificate's other moves are a draw's.
                    let winning = certificate.claim != Claim::Draw;
                    proven.moves.insert(key, (mv, if winning { score } else { 0 }));
                }
            }
        }
        proven
    }

    /// The proven move of `position`, if a certificate has it; for the loser of a proven win,
    /// the move that holds out longest under the winner's strategy (every move of the loser is
    /// one the certificate answers), valued lost.
    pub fn get(&self, position: &Position) -> Option<(Move, crate::score::Score)> {
        if let Some(&known) = self.moves.get(&key(position)) {
            return Some(known);
        }
        // Not the winner's (its moves are above): the loser's, if the strategy answers it.
        let (winner, _) = self.value(position)?;
        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        let mut memo = self.lengths.lock().unwrap_or_else(|e| e.into_inner());
        moves
            .iter()
            .filter_map(|&mv| {
                Some((mv, self.length(&awe_game::Position::play(position, mv), winner, &mut memo)?))
            })
            .max_by_key(|&(_, plies)| plies)
            .map(|(mv, _)| (mv, -crate::score::KNOWN_WIN))
    }

    /// Who wins `position` by the certificates' strategy, and in how many plies at most against
    /// every defence (the longest defence's): `None` unless the winner's strategy answers every
    /// defence from here to the end of the game by moves. The plies to the end are the
    /// strategy's, counted on the position alone; from a certificate's root they are its proof.
    pub fn value(&self, position: &Position) -> Option<(Side, u32)> {
        let mut memo = self.lengths.lock().unwrap_or_else(|e| e.into_inner());
        let me = position.turn();
        let winner = match self.moves.get(&key(position)) {
            Some(&(_, score)) if score > 0 => me,
            Some(_) => return None,
            None => me.opponent(),
        };
        Some((winner, self.length(position, winner, &mut memo)?))
    }

    /// The plies to the end of `position` with `winner` playing the certificates' moves and the
    /// other side every move, the most there can be; `None` if a play leaves them.
    fn length(
        &self,
        position: &Position,
        winner: Side,
        memo: &mut HashMap<Key, Option<u32>>,
    ) -> Option<u32> {
        if let Some(outcome) = awe_game::Position::outcome(position) {
            return (outcome.winner == Some(winner)).then_some(0);
        }
        let here = key(position);
        if let Some(&known) = memo.get(&here) {
            return known;
        }
        let found = if position.turn() == winner {
            match self.moves.get(&here) {
                Some(&(mv, score)) if score > 0 => self
                    .length(&awe_game::Position::play(position, mv), winner, memo)
                    .map(|l| l + 1),
                _ => None,
            }
        } else {
            let mut moves = MoveList::new();
            position.legal_moves(&mut moves);
            let mut most = Some(0);
            for &mv in moves.iter() {
                let after = awe_game::Position::play(position, mv);
                // A defence the certificates do not answer: no claim from here.
                if awe_game::Position::outcome(&after).is_none()
                    && !self.moves.contains_key(&key(&after))
                {
                    most = None;
                    break;
                }
                match self.length(&after, winner, memo) {
                    Some(l) => most = most.map(|m: u32| m.max(l + 1)),
                    None => {
                        most = None;
                        break;
                    }
                }
            }
            most
        };
        // Kept where the certificates speak of the position (a server asks of many others).
        if found.is_some() || self.moves.contains_key(&here) {
            memo.insert(here, found);
        }
        found
    }

    /// Positions known.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

/// The key of a position in [`Proven`]: its pieces and the side to move.
fn key(position: &Position) -> Key {
    (position.pieces(Side::WHITE), position.pieces(Side::BLACK), position.turn())
}

/// The certificate of a win proven by [`crate::prove::Prover`] from `root` in the pure game: the
/// winner's move in every position its strategy (the proof above the pure database, then the
/// database's fastest wins) reaches under every defence. `None` if the prover has not proven
/// `root`.
pub fn certify_proof(prover: &crate::prove::Prover, root: &Position) -> Option<Certificate> {
    let settings = *root.settings();
    let convert = canonical(&settings);
    let root_key = key_of(root);
    let winner = prover.strategy(root_key)?.0;
    let mut certified = HashMap::new();
    let mut seen = std::collections::HashSet::from([root_key]);
    let mut stack = vec![root_key];
    while let Some(key) = stack.pop() {
        let (side, chosen, next) = prover.strategy(key)?;
        if side != winner {
            return None;
        }
        if let Some(nth) = chosen {
            let position = prover.position(key);
            let mut moves = MoveList::new();
            position.legal_moves(&mut moves);
            let at = (convert(key.0), convert(key.1), key.2);
            certified.insert(at, reference_index_of(&position, &moves, nth));
        }
        for child in next {
            if seen.insert(child) {
                stack.push(child);
            }
        }
    }
    let claim = if winner == root.turn() { Claim::Win } else { Claim::Loss };
    Some(Certificate {
        board: settings.board.kind(),
        options: settings.board.options(),
        rules: settings.rules,
        mode: Mode::Pure,
        root: Root {
            white: convert(root_key.0),
            black: convert(root_key.1),
            turn: root_key.2,
            // The pure game ignores it; under the project's rules the checker counts from it.
            quiet: root.quiet_plies(),
        },
        claim,
        length: None,
        moves: certified,
    })
}
