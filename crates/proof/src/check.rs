//! The checker: replays every defence against a certificate with the plain move generator of
//! [`crate::reference`] and confirms the value claimed, or says where it fails.
//!
//! For a win, the winner's strategy; for a draw, each side's; for a loss, the other side's. From
//! the root, the checker follows the strategy's move where its side is to move and every legal
//! move of the other side, through every position play can reach (the closure), one layer of
//! piece counts at a time (a capture leads to a layer with fewer pieces, so the layers come in
//! order). It confirms that the side gets at least what is claimed in every play:
//!
//! - no play reaches a position where that side cannot move (or has no piece): it would lose;
//! - where the side is worse off than claimed if the game ended now without a capture (always,
//!   in the pure game: an endless game is a draw there; under the project's rules, in a layer
//!   where it has fewer pieces, or no more, for a win), play must leave the layer: no position of
//!   the layer comes back (the closure of the layer has no cycle, so no repetition can end the
//!   game), and every play leaves the layer before the limit of plies without a capture;
//! - elsewhere, under the project's rules, a repetition or the limit ends the game well enough
//!   for that side: only the positions reached before the limit count, the fewest plies after
//!   the layer's entries telling which.
//!
//! Where every layer's closure has no cycle, the checker also gives the longest play.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, HashMap, HashSet};

use awe_game::Side;

use crate::certificate::{Certificate, Claim, Mode};
use crate::reference::{Cells, Geometry, RefMove};

/// A position: white's points, black's points, the side to move.
type Key = (u64, u64, Side);

/// What the checker confirmed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub claim: Claim,
    /// Positions the checker went through, over the strategies checked.
    pub positions: usize,
    /// The longest play, where no position comes back in any play (the strategy then ends
    /// every game within it).
    pub longest: Option<u32>,
    /// Whether some play ends by the limit of plies without a capture rather than by moves
    /// (under the project's rules, where the side is ahead in pieces).
    pub by_limit: bool,
}

/// Why a certificate is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    #[error("the root is no position of the board (a point held twice, or off the board)")]
    BadRoot,
    #[error("{side:?} has no move in the certificate for the position {position}")]
    NoMove { side: Side, position: String },
    #[error("the certificate's move {index} in {position} is not among its {count} legal moves")]
    BadMove { index: u8, count: usize, position: String },
    #[error("{side:?} can lose: it cannot move in {position}")]
    Lost { side: Side, position: String },
    #[error("{side:?} needs play to leave its layer, but {position} can come back (a cycle)")]
    Cycle { side: Side, position: String },
    #[error(
        "{side:?} needs play to leave its layer, but {position} can be reached after {plies} plies without a capture (the limit is {limit})"
    )]
    Limit { side: Side, position: String, plies: u32, limit: u16 },
}

/// Checks a certificate.
pub fn check(certificate: &Certificate) -> Result<Verdict, CheckError> {
    let geometry = Geometry::new(certificate.board, certificate.options);
    let all = (1u64 << geometry.points().len()) - 1;
    let root = certificate.root;
    if root.white & root.black != 0 || (root.white | root.black) & !all != 0 {
        return Err(CheckError::BadRoot);
    }
    let sides: Vec<(Side, Claim)> = match certificate.claim {
        Claim::Win => vec![(root.turn, Claim::Win)],
        Claim::Loss => vec![(root.turn.opponent(), Claim::Win)],
        Claim::Draw => vec![(Side::WHITE, Claim::Draw), (Side::BLACK, Claim::Draw)],
    };
    let mut positions = 0;
    let mut longest = None;
    let mut by_limit = false;
    for (side, target) in sides {
        let closure =
            Closure { certificate, geometry: &geometry, side, target, by_limit: false.into() };
        let (count, length) = closure.run()?;
        positions += count;
        by_limit |= closure.by_limit.get();
        if certificate.claim != Claim::Draw {
            longest = length;
        }
    }
    Ok(Verdict { claim: certificate.claim, positions, longest, by_limit })
}

struct Closure<'a> {
    certificate: &'a Certificate,
    geometry: &'a Geometry,
    side: Side,
    target: Claim,
    /// Set when some play reaches the limit of plies without a capture.
    by_limit: std::cell::Cell<bool>,
}

/// A position of a layer in the closure: the fewest and most plies without capture it can be
/// reached with, its moves within the layer and how many of its predecessors are not yet counted
/// (for the cycle check).
struct Node {
    fewest: u32,
    most: u32,
    quiet: Vec<Key>,
    captures: Vec<Key>,
    /// Plies to the end, longest (where known).
    longest: Option<u32>,
}

impl Closure<'_> {
    fn cells(&self, (white, black, _): Key) -> Cells {
        self.geometry
            .points()
            .iter()
            .enumerate()
            .map(|(i, &(row, k))| {
                let side = if white >> i & 1 == 1 {
                    Some(Side::WHITE)
                } else if black >> i & 1 == 1 {
                    Some(Side::BLACK)
                } else {
                    None
                };
                (row, k, side)
            })
            .collect()
    }

    fn key(cells: &Cells, turn: Side) -> Key {
        let mut sets = (0u64, 0u64);
        for (i, cell) in cells.iter().enumerate() {
            match cell.2 {
                Some(Side::WHITE) => sets.0 |= 1 << i,
                Some(_) => sets.1 |= 1 << i,
                None => {}
            }
        }
        (sets.0, sets.1, turn)
    }

    /// A position, as the certificate's errors show it: a row of points, `w`, `b` or `.`.
    fn show(&self, key: Key) -> String {
        let cells = self.cells(key);
        let mut text = String::new();
        for row in ['T', 'M', 'B'] {
            let mut line: Vec<&(char, usize, Option<Side>)> =
                cells.iter().filter(|c| c.0 == row).collect();
            line.sort_by_key(|c| c.1);
            for c in line {
                text.push(match c.2 {
                    Some(Side::WHITE) => 'w',
                    Some(_) => 'b',
                    None => '.',
                });
            }
            text.push('/');
        }
        text.pop();
        text.push_str(if key.2 == Side::WHITE { " w" } else { " b" });
        text
    }

    /// The result for `side` if the game ended here without a capture (by pieces, under the
    /// project's rules; a draw in the pure game).
    fn quiet_result(&self, key: Key) -> Claim {
        match self.certificate.mode {
            Mode::Pure => Claim::Draw,
            Mode::Rules { .. } => {
                let (mine, theirs) = if self.side == Side::WHITE {
                    (key.0.count_ones(), key.1.count_ones())
                } else {
                    (key.1.count_ones(), key.0.count_ones())
                };
                match mine.cmp(&theirs) {
                    std::cmp::Ordering::Greater => Claim::Win,
                    std::cmp::Ordering::Equal => Claim::Draw,
                    std::cmp::Ordering::Less => Claim::Loss,
                }
            }
        }
    }

    fn limit(&self) -> u32 {
        match self.certificate.mode {
            Mode::Rules { ply_limit } => ply_limit as u32,
            Mode::Pure => u32::MAX,
        }
    }

    /// The moves followed from a position: the strategy's, or every legal one; `None` if the
    /// side to move cannot move.
    fn moves(&self, key: Key) -> Result<Option<Vec<(RefMove, Key)>>, CheckError> {
        let cells = self.cells(key);
        let legal: Vec<RefMove> =
            self.geometry.moves(&cells, key.2, self.certificate.rules).into_iter().collect();
        if legal.is_empty() {
            return Ok(None);
        }
        let chosen: Vec<RefMove> = if key.2 == self.side {
            let Some(&index) = self.certificate.moves.get(&key) else {
                return Err(CheckError::NoMove { side: self.side, position: self.show(key) });
            };
            let Some(mv) = legal.get(index as usize) else {
                return Err(CheckError::BadMove {
                    index,
                    count: legal.len(),
                    position: self.show(key),
                });
            };
            vec![mv.clone()]
        } else {
            legal
        };
        Ok(Some(
            chosen
                .into_iter()
                .map(|mv| {
                    let next = self.geometry.play(&cells, &mv, key.2);
                    let child = Self::key(&next, key.2.opponent());
                    (mv, child)
                })
                .collect(),
        ))
    }

    /// Goes through the closure; the positions in it, and the longest play if every layer's
    /// closure has no cycle.
    fn run(&self) -> Result<(usize, Option<u32>), CheckError> {
        let root = self.certificate.root;
        let root_key = (root.white, root.black, root.turn);
        // Layers still to check, by pieces on the board (most first), each with its entries and
        // the plies without capture they start with.
        let mut pending: BTreeMap<(u32, u32, u32), Vec<(Key, u32)>> = BTreeMap::new();
        let layer = |key: Key| {
            let (w, b) = (key.0.count_ones(), key.1.count_ones());
            (w + b, w, b)
        };
        pending.entry(layer(root_key)).or_default().push((root_key, root.quiet as u32));
        let mut done: HashMap<Key, Option<u32>> = HashMap::new();
        let mut total = 0;
        let mut all_acyclic = true;
        let mut order: Vec<Vec<(Key, Node)>> = Vec::new();
        while let Some((_, entries)) = pending.pop_last() {
            let (nodes, acyclic) = self.layer(&entries)?;
            all_acyclic &= acyclic;
            total += nodes.len();
            for node in nodes.values() {
                for &child in &node.captures {
                    if let std::collections::hash_map::Entry::Vacant(entry) = done.entry(child) {
                        entry.insert(None);
                        pending.entry(layer(child)).or_default().push((child, 0));
                    }
                }
            }
            order.push(nodes.into_iter().collect());
        }
        if !all_acyclic {
            return Ok((total, None));
        }
        // The longest play: layers with fewer pieces first, each in an order where a position
        // comes after the positions it leads to.
        let mut longest: HashMap<Key, u32> = HashMap::new();
        for nodes in order.into_iter().rev() {
            let map: HashMap<Key, Node> = nodes.into_iter().collect();
            let mut memo: HashMap<Key, u32> = HashMap::new();
            for &key in map.keys() {
                Self::longest(key, &map, &longest, &mut memo);
            }
            longest.extend(memo);
        }
        Ok((total, longest.get(&root_key).copied()))
    }

    fn longest(
        key: Key,
        map: &HashMap<Key, Node>,
        below: &HashMap<Key, u32>,
        memo: &mut HashMap<Key, u32>,
    ) -> u32 {
        if let Some(&l) = memo.get(&key) {
            return l;
        }
        let node = &map[&key];
        let mut best = node.longest.unwrap_or(0);
        for child in &node.captures {
            best = best.max(1 + below.get(child).copied().unwrap_or(0));
        }
        for child in &node.quiet {
            best = best.max(1 + Self::longest(*child, map, below, memo));
        }
        memo.insert(key, best);
        best
    }

    /// Checks one layer from its entries: its closure, and whether it has no cycle.
    fn layer(&self, entries: &[(Key, u32)]) -> Result<(HashMap<Key, Node>, bool), CheckError> {
        let limit = self.limit();
        let must_leave = self.quiet_result(entries[0].0) < self.target;
        let mut nodes: HashMap<Key, Node> = HashMap::new();
        // From the entries, fewest plies without capture first (the root may enter with some
        // already played): each position is expanded once, at the fewest it can be reached with.
        let mut queue: BinaryHeap<Reverse<(u32, Key)>> = BinaryHeap::new();
        for &(key, quiet) in entries {
            queue.push(Reverse((quiet, key)));
        }
        let fresh = |q: u32| Node {
            fewest: q,
            most: q,
            quiet: Vec::new(),
            captures: Vec::new(),
            longest: None,
        };
        let mut expanded: HashSet<Key> = HashSet::new();
        while let Some(Reverse((fewest, key))) = queue.pop() {
            let node = nodes.entry(key).or_insert_with(|| fresh(fewest));
            if fewest > node.fewest || !expanded.insert(key) {
                continue;
            }
            node.fewest = fewest;
            if fewest >= limit {
                // Over by the limit before anything happens here: the layer's result, which
                // is good enough (a layer that must be left is checked below).
                self.by_limit.set(true);
                continue;
            }
            let Some(moves) = self.moves(key)? else {
                if key.2 == self.side {
                    return Err(CheckError::Lost { side: self.side, position: self.show(key) });
                }
                nodes.get_mut(&key).expect("a node").longest = Some(0);
                continue;
            };
            for (mv, child) in moves {
                if mv.1.is_empty() {
                    nodes.get_mut(&key).expect("a node").quiet.push(child);
                    let known = nodes.entry(child).or_insert_with(|| fresh(fewest + 1));
                    if fewest < known.fewest && !expanded.contains(&child) {
                        known.fewest = fewest + 1;
                        known.most = known.most.min(fewest + 1);
                        queue.push(Reverse((fewest + 1, child)));
                    }
                } else {
                    nodes.get_mut(&key).expect("a node").captures.push(child);
                }
            }
        }
        // `most` grows from each position's fewest along the moves below.
        for node in nodes.values_mut() {
            node.most = node.fewest;
        }
        // Kahn's order on the moves within the layer: whatever is left lies on a cycle.
        let mut incoming: HashMap<Key, usize> = nodes.keys().map(|&k| (k, 0)).collect();
        for node in nodes.values() {
            for child in &node.quiet {
                *incoming.get_mut(child).expect("a node") += 1;
            }
        }
        let mut ready: Vec<Key> = incoming.iter().filter(|e| *e.1 == 0).map(|e| *e.0).collect();
        let mut seen = 0;
        while let Some(key) = ready.pop() {
            seen += 1;
            let most = nodes[&key].most;
            let children = nodes[&key].quiet.clone();
            for child in children {
                let node = nodes.get_mut(&child).expect("a node");
                node.most = node.most.max(most + 1);
                let count = incoming.get_mut(&child).expect("a node");
                *count -= 1;
                if *count == 0 {
                    ready.push(child);
                }
            }
        }
        let acyclic = seen == nodes.len();
        if must_leave {
            if !acyclic {
                let (key, _) = incoming.iter().find(|e| *e.1 > 0).expect("a position on a cycle");
                return Err(CheckError::Cycle { side: self.side, position: self.show(*key) });
            }
            if let Mode::Rules { ply_limit } = self.certificate.mode
                && let Some((key, node)) = nodes.iter().find(|(_, n)| n.most >= ply_limit as u32)
            {
                return Err(CheckError::Limit {
                    side: self.side,
                    position: self.show(*key),
                    plies: node.most,
                    limit: ply_limit,
                });
            }
        }
        Ok((nodes, acyclic))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::certificate::Root;
    use crate::reference::Cell;
    use awe_awithlaknannai::{BoardKind, BoardOptions, RuleSet};

    /// White on T0 and T1, black on B7 (Mosona), white to move: no move of white's captures.
    fn ahead_in_pieces(mode: Mode) -> Certificate {
        let options = BoardOptions { outer_lines: true, end_lines: true };
        let geometry = Geometry::new(BoardKind::Mosona, options);
        let bit = |cell: Cell| 1u64 << geometry.points().iter().position(|&c| c == cell).unwrap();
        let (white, black) = (bit(('T', 0)) | bit(('T', 1)), bit(('B', 7)));
        let key = (white, black, Side::WHITE);
        let closure = Closure {
            certificate: &Certificate {
                board: BoardKind::Mosona,
                options,
                rules: RuleSet::Wikipedia,
                mode,
                root: Root { white, black, turn: Side::WHITE, quiet: 0 },
                claim: Claim::Win,
                length: None,
                moves: HashMap::new(),
            },
            geometry: &geometry,
            side: Side::WHITE,
            target: Claim::Win,
            by_limit: false.into(),
        };
        let legal: Vec<RefMove> = geometry
            .moves(&closure.cells(key), Side::WHITE, RuleSet::Wikipedia)
            .into_iter()
            .collect();
        assert!(legal.iter().all(|mv| mv.1.is_empty()), "no capture: {legal:?}");
        let mut certificate = closure.certificate.clone();
        certificate.moves.insert(key, 0);
        certificate
    }

    #[test]
    fn a_win_by_the_limit_is_not_called_a_win_by_moves() {
        // One ply without a capture ends the game: white, ahead, wins by the limit.
        let verdict = check(&ahead_in_pieces(Mode::Rules { ply_limit: 1 })).unwrap();
        assert_eq!(verdict.claim, Claim::Win);
        assert!(verdict.by_limit, "{verdict:?}");
        // In the pure game the same strategy wins nothing: play never leaves the layer.
        assert!(check(&ahead_in_pieces(Mode::Pure)).is_err());
    }

    #[test]
    fn heads_the_solver_never_writes_are_refused() {
        let bytes = ahead_in_pieces(Mode::Rules { ply_limit: 1 }).to_bytes();
        let end = bytes.windows(2).position(|w| w == b"\n\n").unwrap();
        let head = String::from_utf8(bytes[..end].to_vec()).unwrap();
        let with_head = |head: &str| [head.as_bytes(), &bytes[end..]].concat();
        assert!(Certificate::from_bytes(&with_head(&head)).is_ok());
        let zero = head.replace("mode rules 1", "mode rules 0");
        let refused = Certificate::from_bytes(&with_head(&zero)).unwrap_err().to_string();
        assert!(refused.contains("mode 0") && refused.contains("from 1"), "{refused}");
        // A root already over by the limit.
        let over = head.replace(" w 0\n", " w 1\n");
        assert_ne!(over, head);
        let refused = Certificate::from_bytes(&with_head(&over)).unwrap_err().to_string();
        assert!(refused.contains("fewer plies without capture"), "{refused}");
    }
}
