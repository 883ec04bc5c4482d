//! A proof search for the pure Awithlaknannai game above its pure endgame database: whether a
//! side forces a win, proven by a finite tree of real moves, whatever the history.
//!
//! In the pure game (only a capture ends it, a side without a move loses) a win does not depend on
//! the positions played before, so a win proven once holds wherever the position comes. The
//! search is an AND-OR search by iterative deepening on the plies played *above* the database: a
//! position with few enough pieces takes its value from the pure database (its wins and losses,
//! of any length), a position where the side to move has no move is lost, and otherwise the
//! attacker needs one move that wins within one ply less, the defender none that escapes. What it
//! learns is kept per position: the least depth a side was proven to win in (and the move), and
//! the most depth a side was shown not to win in. Draws are not proven here: a position the
//! search cannot win for either side stays open.
//!
//! The certificate of a win ([`Prover::certificate`]) follows the attacker's proven moves (each
//! to a position proven in fewer plies above the database, so play cannot cycle) down to the
//! database, then the database's fastest wins (each to a position with a shorter distance), over
//! every defence.

use std::cmp::Reverse;
use std::collections::HashMap;
use std::collections::hash_map::Entry;

use awe_awithlaknannai::{MoveList, Position, Settings};
use awe_game::Side;

use crate::endgame::SerpentEndgame;
use crate::endgame::awithlaknannai::Value;

/// A position: white's pieces, black's, the side to move (in the fast board's points).
pub type Key = (u64, u64, Side);

/// What is known of a position.
#[derive(Clone, Copy, Debug, Default)]
struct Memo {
    /// The side proven to win, the plies above the database it was proven in, and (where the
    /// winner moves) the index of its move in the fast generator's order.
    win: Option<(Side, u16, u8)>,
    /// For each side (white, black): it does not win within fewer than this many plies above
    /// the database.
    fail: [u16; 2],
    /// The move that last refuted the attacker here (the defender's), tried first next time.
    refute: u8,
}

/// What the pure database or the rules say of a position without searching.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// This side wins (the other has no move, or the database proves it).
    Win(Side),
    /// The database proves a draw.
    Draw,
}

/// Progress of [`Prover::prove`].
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Plies above the database searched now.
    pub depth: u16,
    /// Positions visited so far.
    pub nodes: u64,
    /// Positions remembered.
    pub memo: usize,
    /// Positions proven won for a side (by the search, the database or the rules).
    pub proven: usize,
    /// Positions where a side was shown not to win within the depth searched there.
    pub refuted: usize,
}

/// The proof search; see the module's documentation.
pub struct Prover<'t> {
    table: &'t SerpentEndgame,
    /// Depth counts every ply to the end (the database's distances included), so that the first
    /// depth that proves the root is the shortest win against the longest defence.
    exact: bool,
    settings: Settings,
    memo: HashMap<Key, Memo>,
    nodes: u64,
    proven: usize,
    refuted: usize,
}

/// The key of a position (its plies without capture left out).
pub(crate) fn key_of(p: &Position) -> Key {
    (p.pieces(Side::WHITE), p.pieces(Side::BLACK), p.turn())
}

fn slot(side: Side) -> usize {
    (side != Side::WHITE) as usize
}

impl<'t> Prover<'t> {
    /// A prover over `table`, a pure database (see [`SerpentEndgame::build_pure`]).
    pub fn new(table: &'t SerpentEndgame) -> Prover<'t> {
        Prover {
            table,
            exact: false,
            // No ply limit: the pure game has none (and a position rebuilt without history must
            // not end by one).
            settings: Settings { ply_limit: u16::MAX, ..table.settings() },
            memo: HashMap::new(),
            nodes: 0,
            proven: 0,
            refuted: 0,
        }
    }

    /// A prover whose depth counts every ply to the end, the database's included: the depth
    /// that first proves a position is its shortest win, the loser resisting longest.
    pub fn exact(table: &'t SerpentEndgame) -> Prover<'t> {
        Prover { exact: true, ..Prover::new(table) }
    }

    /// Positions visited.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Positions remembered.
    pub fn remembered(&self) -> usize {
        self.memo.len()
    }

    /// The position of `key`, with no history (the pure game has no use for one).
    pub fn position(&self, key: Key) -> Position {
        Position::from_pieces([key.0, key.1], key.2, self.settings)
            .unwrap_or_else(|_| unreachable!("keys are made of positions"))
    }

    /// What the rules (no move) or the database say of `p`, whose moves are `moves`, with the
    /// plies to the end of a win.
    pub fn known(&self, p: &Position, moves: &MoveList) -> Option<(Known, u16)> {
        if moves.is_empty() {
            return Some((Known::Win(p.turn().opponent()), 0));
        }
        match self.table.probe(p)? {
            Value::Win(d) => Some((Known::Win(p.turn()), d)),
            Value::Loss(d) => Some((Known::Win(p.turn().opponent()), d)),
            Value::Draw => Some((Known::Draw, 0)),
            // Not in a pure database.
            Value::QuietWin | Value::QuietLoss => None,
        }
    }

    /// The side proven to win `p` so far, if any, and the plies it was proven in (above the
    /// database, or to the end for an [`exact`](Prover::exact) prover).
    pub fn proven(&self, p: &Position) -> Option<(Side, u16)> {
        self.memo.get(&key_of(p)).and_then(|m| m.win.map(|w| (w.0, w.1)))
    }

    /// Searches deeper and deeper until one side is proven to win `root`, or `max_depth` plies
    /// above the database are searched in vain. The winner, if found.
    pub fn prove(
        &mut self,
        root: &Position,
        max_depth: u16,
        mut progress: impl FnMut(Progress),
    ) -> Option<Side> {
        let root = self.position(key_of(root));
        for depth in 1..=max_depth {
            for attacker in Side::ALL {
                if self.wins(&root, attacker, depth) {
                    return Some(attacker);
                }
            }
            progress(Progress {
                depth,
                nodes: self.nodes,
                memo: self.memo.len(),
                proven: self.proven,
                refuted: self.refuted,
            });
        }
        None
    }

    /// Whether `attacker` forces a win from `p` within `depth` plies above the database.
    pub fn wins(&mut self, p: &Position, attacker: Side, depth: u16) -> bool {
        self.nodes += 1;
        let key = key_of(p);
        let memo = self.memo.get(&key).copied().unwrap_or_default();
        if let Some((side, proven, _)) = memo.win {
            if side != attacker {
                return false;
            }
            if proven <= depth {
                return true;
            }
        }
        if memo.fail[slot(attacker)] > depth {
            return false;
        }
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        match self.known(p, &moves) {
            Some((Known::Win(side), plies)) => {
                let plies = if self.exact { plies } else { 0 };
                self.remember(key, |m| {
                    m.win = Some((side, plies, 0));
                    m.fail[slot(side.opponent())] = u16::MAX;
                });
                return side == attacker && plies <= depth;
            }
            Some((Known::Draw, _)) => {
                self.remember(key, |m| m.fail = [u16::MAX; 2]);
                return false;
            }
            None => {}
        }
        // A certificate names a move by one byte: past 256 moves (crowded Kolowis chains) the
        // position is left unproven rather than misnamed.
        if depth == 0 || moves.len() > 256 {
            return false;
        }
        let children: Vec<Position> = moves.iter().map(|m| p.play(m)).collect();
        let children: Vec<Position> = children.iter().map(|c| self.position(key_of(c))).collect();
        if p.turn() == attacker {
            // Wins known without searching first, then the rest.
            let quick = children.iter().position(|c| {
                let memo = self.memo.get(&key_of(c));
                memo.and_then(|m| m.win).is_some_and(|(s, d, _)| s == attacker && d < depth)
            });
            let order = quick.into_iter().chain(0..children.len());
            for i in order {
                if self.wins(&children[i], attacker, depth - 1) {
                    let proven = self.memo[&key_of(&children[i])].win.map_or(0, |w| w.1) + 1;
                    self.remember(key, |m| {
                        if m.win.is_none_or(|w| w.1 > proven) {
                            m.win = Some((attacker, proven, i as u8));
                        }
                        m.fail[slot(attacker.opponent())] = u16::MAX;
                    });
                    return true;
                }
            }
        } else {
            // A reply already known to escape first (an enhanced transposition cut-off).
            let escape = children.iter().position(|c| {
                self.memo.get(&key_of(c)).is_some_and(|m| {
                    m.fail[slot(attacker)] >= depth || m.win.is_some_and(|w| w.0 != attacker)
                })
            });
            if let Some(i) = escape {
                self.remember(key, |m| {
                    m.fail[slot(attacker)] = m.fail[slot(attacker)].max(depth + 1);
                    m.refute = i as u8;
                });
                return false;
            }
            let first = (memo.refute as usize).min(children.len() - 1);
            let order = std::iter::once(first).chain((0..children.len()).filter(|&i| i != first));
            let mut proven = 0;
            for i in order {
                if !self.wins(&children[i], attacker, depth - 1) {
                    self.remember(key, |m| {
                        m.fail[slot(attacker)] = m.fail[slot(attacker)].max(depth + 1);
                        m.refute = i as u8;
                    });
                    return false;
                }
                proven = proven.max(self.memo[&key_of(&children[i])].win.map_or(0, |w| w.1) + 1);
            }
            self.remember(key, |m| {
                if m.win.is_none_or(|w| w.1 > proven) {
                    m.win = Some((attacker, proven, 0));
                }
                m.fail[slot(attacker.opponent())] = u16::MAX;
            });
            return true;
        }
        self.remember(key, |m| m.fail[slot(attacker)] = m.fail[slot(attacker)].max(depth + 1));
        false
    }

    fn remember(&mut self, key: Key, change: impl FnOnce(&mut Memo)) {
        let memo = match self.memo.entry(key) {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(e) => e.insert(Memo::default()),
        };
        let before = (memo.win.is_some(), memo.fail != [0; 2]);
        change(memo);
        self.proven += (!before.0 && memo.win.is_some()) as usize;
        self.refuted += (!before.1 && memo.fail != [0; 2]) as usize;
    }

    /// The winner's move at `key` (an index in the fast generator's order), for a position proven
    /// won by the search or by the database, and the positions the play goes on to: the winner's
    /// one, or the loser's every one. `None` where nothing is proven.
    pub fn strategy(&self, key: Key) -> Option<(Side, Option<usize>, Vec<Key>)> {
        let p = self.position(key);
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        let children: Vec<Key> = moves.iter().map(|m| key_of(&p.play(m))).collect();
        let winner = match self.known(&p, &moves) {
            Some((Known::Win(side), _)) => {
                if moves.is_empty() {
                    return Some((side, None, Vec::new()));
                }
                if side != p.turn() {
                    return Some((side, None, children));
                }
                // The database's fastest win: to the child lost in the fewest plies.
                let best = children
                    .iter()
                    .enumerate()
                    .filter_map(|(i, &c)| {
                        let child = self.position(c);
                        let mut m = MoveList::new();
                        child.legal_moves(&mut m);
                        if m.is_empty() {
                            return Some((0, i));
                        }
                        match self.table.probe(&child) {
                            Some(Value::Loss(d)) => Some((d as u32 + 1, i)),
                            _ => None,
                        }
                    })
                    .min()?;
                return Some((side, Some(best.1), vec![children[best.1]]));
            }
            Some((Known::Draw, _)) => return None,
            None => self.memo.get(&key)?.win?,
        };
        let (side, _, chosen) = winner;
        if side == p.turn() {
            Some((side, Some(chosen as usize), vec![children[chosen as usize]]))
        } else {
            Some((side, None, children))
        }
    }
}

impl Prover<'_> {
    /// A principal line from a proven `root`: the winner's proven moves, the loser's longest
    /// resistance against them (the most plies the winner's strategy leaves it), until the game
    /// ends or `max` plies.
    pub fn line(&self, root: &Position, max: usize) -> Vec<awe_awithlaknannai::Move> {
        let mut longest = HashMap::new();
        let mut line = Vec::new();
        let mut key = key_of(root);
        while line.len() < max {
            let Some((_, chosen, next)) = self.strategy(key) else { break };
            let p = self.position(key);
            let mut moves = MoveList::new();
            p.legal_moves(&mut moves);
            let nth = match chosen {
                Some(nth) => nth,
                None => {
                    let lengths: Vec<u32> =
                        next.iter().map(|&c| self.longest(c, &mut longest)).collect();
                    let Some(nth) = (0..lengths.len()).max_by_key(|&i| (lengths[i], Reverse(i)))
                    else {
                        break;
                    };
                    nth
                }
            };
            line.push(moves[nth]);
            key = key_of(&p.play(&moves[nth]));
        }
        line
    }

    /// The most plies play can last from `key` under the winner's strategy.
    fn longest(&self, key: Key, known: &mut HashMap<Key, u32>) -> u32 {
        if let Some(&plies) = known.get(&key) {
            return plies;
        }
        let plies = match self.strategy(key) {
            Some((_, _, next)) if !next.is_empty() => {
                1 + next.iter().map(|&c| self.longest(c, known)).max().unwrap_or(0)
            }
            _ => 0,
        };
        known.insert(key, plies);
        plies
    }
}
