//! Awithlaknannai endgame databases: for every position of one board with few pieces, whether
//! the side to move wins, draws or loses under one rule set, and in how many plies.
//!
//! A position is two sets of points, the mover's and the other side's; the positions with `a`
//! pieces to move and `b` for the other side form the layer `(a, b)`. A quiet move leads from
//! `(a, b)` to `(b, a)`, a capture of `k` pieces to `(b - k, a)`, so the two layers of a pair are
//! solved together, pairs with fewer pieces first. Each pair is solved by iterating until no value
//! changes, starting from what a game that never captures again is worth there: more pieces wins
//! (rule sets that end quiet games), or a draw (Ludii's turn limit). As RULES.md asks of exact
//! analysis, the limits on plies are left out; a value is used in play only where the game it
//! announces ends before the limit.

use std::path::Path;

use awe_awithlaknannai::{MoveList, Position, QuietEnd, Settings};
use awe_game::Side;

use super::EndgameError;

/// A win now, in the stored values: a win in `d` plies is `WIN - d`, a loss `d - WIN`.
const WIN: i16 = 10_000;

/// What a position is worth to the side to move, played perfectly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// The side to move wins (the other side cannot move or has no piece left) in this many
    /// plies.
    Win(u16),
    /// The side to move loses in this many plies.
    Loss(u16),
    /// Neither side can force a capture that changes the result: the game ends by its quiet rule
    /// (more pieces wins), and the side to move has more pieces.
    QuietWin,
    /// Likewise, with fewer pieces.
    QuietLoss,
    /// A draw: equal pieces when the game ends quiet, or Ludii's turn limit.
    Draw,
}

impl Value {
    fn from_stored(v: i16) -> Value {
        match v {
            1 => Value::QuietWin,
            -1 => Value::QuietLoss,
            0 => Value::Draw,
            v if v > 0 => Value::Win((WIN - v) as u16),
            v => Value::Loss((WIN + v) as u16),
        }
    }
}

/// What the positions of one layer of a database are worth: the side to move has `mine` pieces
/// and the other side `theirs`, and each count is of positions of that value for the side to
/// move ([`SerpentEndgame::layers`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Layer {
    pub mine: usize,
    pub theirs: usize,
    /// [`Value::Win`]: won by moves (the other side taken or blocked).
    pub wins: u64,
    /// [`Value::Loss`].
    pub losses: u64,
    /// [`Value::QuietWin`]: won by the quiet rule's count, no capture changing it.
    pub quiet_wins: u64,
    /// [`Value::QuietLoss`].
    pub quiet_losses: u64,
    /// [`Value::Draw`].
    pub draws: u64,
}

impl Layer {
    /// Positions in the layer.
    pub fn len(&self) -> u64 {
        self.wins + self.losses + self.quiet_wins + self.quiet_losses + self.draws
    }

    /// Whether the layer holds no position.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Marks a child in the pair of layers being solved.
const IN_PAIR: u8 = u8::MAX;

/// The most pieces a database may hold.
pub const MAX_PIECES: usize = 8;

/// Binomial coefficients up to the largest board.
struct Binomials([[u64; 64]; 64]);

impl Binomials {
    fn new() -> Binomials {
        let mut c = [[0u64; 64]; 64];
        for n in 0..64 {
            c[n][0] = 1;
            for k in 1..=n {
                c[n][k] = c[n - 1][k - 1] + c[n - 1][k];
            }
        }
        Binomials(c)
    }

    fn get(&self, n: usize, k: usize) -> u64 {
        if k > n { 0 } else { self.0[n][k] }
    }

    /// The rank of a set of points among the sets of its size (the combinatorial number system).
    fn rank(&self, set: u64) -> u64 {
        let mut rank = 0;
        let mut rest = set;
        let mut i = 1;
        while rest != 0 {
            rank += self.get(rest.trailing_zeros() as usize, i);
            rest &= rest - 1;
            i += 1;
        }
        rank
    }

    /// The set of `k` points of rank `rank`.
    fn unrank(&self, mut rank: u64, k: usize, points: usize) -> u64 {
        let mut set = 0;
        let mut top = points;
        for i in (1..=k).rev() {
            // The largest point p with C(p, i) <= rank.
            top -= 1;
            while self.get(top, i) > rank {
                top -= 1;
            }
            rank -= self.get(top, i);
            set |= 1 << top;
        }
        set
    }
}

/// `set` with the points of `removed` taken out and the others closed up.
fn compress(set: u64, removed: u64) -> u64 {
    let mut out = 0;
    let mut rest = set;
    while rest != 0 {
        let p = rest.trailing_zeros();
        let below = (removed & ((1u64 << p) - 1)).count_ones();
        out |= 1 << (p - below);
        rest &= rest - 1;
    }
    out
}

/// The inverse of [`compress`]: the `k`-th point not in `removed` for each point `k` of `set`.
fn expand(set: u64, removed: u64, points: usize) -> u64 {
    let mut out = 0;
    let mut k = 0;
    for p in 0..points {
        if removed & 1 << p != 0 {
            continue;
        }
        if set & 1 << k != 0 {
            out |= 1 << p;
        }
        k += 1;
    }
    out
}

/// An endgame database of one board and rule set, up to a number of pieces on the board.
pub struct SerpentEndgame {
    settings: Settings,
    max_pieces: usize,
    /// The pure game (`awe solve --pure`): a game that never captures again is a draw, whatever
    /// the rule set's quiet ending.
    pure: bool,
    /// `values[layer(a, b)][rank]`.
    values: Vec<Vec<i16>>,
    binomials: Binomials,
}

impl std::fmt::Debug for SerpentEndgame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SerpentEndgame")
            .field("board", &self.settings.board.kind())
            .field("options", &self.settings.board.options())
            .field("rules", &self.settings.rules)
            .field("max_pieces", &self.max_pieces)
            .field("pure", &self.pure)
            .finish()
    }
}

/// The index of layer `(a, b)` among the layers of at most `max` pieces.
fn layer(a: usize, b: usize) -> usize {
    // Layers in order of a + b, then of a.
    let total = a + b;
    total * (total + 1) / 2 + a
}

impl SerpentEndgame {
    /// Positions of the layer `(a, b)`.
    fn layer_len(&self, a: usize, b: usize) -> usize {
        let n = self.settings.board.len();
        (self.binomials.get(n, a) * self.binomials.get(n - a, b)) as usize
    }

    fn rank(&self, mine: u64, theirs: u64) -> usize {
        let n = self.settings.board.len();
        let b = theirs.count_ones() as usize;
        let high = self.binomials.rank(mine);
        let low = self.binomials.rank(compress(theirs, mine));
        (high * self.binomials.get(n - mine.count_ones() as usize, b) + low) as usize
    }

    fn unrank(&self, a: usize, b: usize, rank: usize) -> (u64, u64) {
        let n = self.settings.board.len();
        let per = self.binomials.get(n - a, b);
        let mine = self.binomials.unrank(rank as u64 / per, a, n);
        let theirs = expand(self.binomials.unrank(rank as u64 % per, b, n - a), mine, n);
        (mine, theirs)
    }

    /// The positions with the most pieces a database of `settings` may hold, by count, up to
    /// `max_pieces`.
    pub fn positions(settings: Settings, max_pieces: usize) -> u64 {
        let binomials = Binomials::new();
        let n = settings.board.len();
        (0..=max_pieces)
            .flat_map(|total| (0..=total).map(move |a| (a, total - a)))
            .map(|(a, b)| binomials.get(n, a) * binomials.get(n - a.min(n), b))
            .sum()
    }

    /// Builds the database of the board and rule set of `settings` (its ply limit does not
    /// matter) for positions of at most `max_pieces` pieces; `progress` hears of each pair of
    /// layers and iteration (pieces, iteration, values changed).
    pub fn build(
        settings: Settings,
        max_pieces: usize,
        progress: impl FnMut(usize, u32, u64),
    ) -> Result<SerpentEndgame, EndgameError> {
        SerpentEndgame::build_as(settings, max_pieces, false, progress)
    }

    /// Builds the database of the pure game (as `awe solve --pure` plays it): only a capture
    /// ends the game, a side that cannot move loses, and endless quiet play is a draw under
    /// every rule set. Its wins and losses hold whatever the history, so a solver may use them
    /// as proven.
    pub fn build_pure(
        settings: Settings,
        max_pieces: usize,
        progress: impl FnMut(usize, u32, u64),
    ) -> Result<SerpentEndgame, EndgameError> {
        SerpentEndgame::build_as(settings, max_pieces, true, progress)
    }

    fn build_as(
        settings: Settings,
        max_pieces: usize,
        pure: bool,
        mut progress: impl FnMut(usize, u32, u64),
    ) -> Result<SerpentEndgame, EndgameError> {
        if max_pieces > MAX_PIECES || max_pieces > settings.board.len() {
            return Err(EndgameError::TooManyPieces(max_pieces));
        }
        let mut db = SerpentEndgame {
            settings,
            max_pieces,
            pure,
            values: Vec::new(),
            binomials: Binomials::new(),
        };
        for total in 0..=max_pieces {
            for a in 0..=total {
                let b = total - a;
                let len = db.layer_len(a, b);
                db.values.push(vec![0; len]);
            }
            for a in 0..=total / 2 {
                db.solve_pair(a, total - a, &mut |iteration, changed| {
                    progress(total, iteration, changed)
                });
            }
        }
        Ok(db)
    }

    /// Solves the layers `(a, b)` and `(b, a)` together, the layers below being solved.
    fn solve_pair(&mut self, a: usize, b: usize, progress: &mut impl FnMut(u32, u64)) {
        let layers: &[(usize, usize)] = if a == b { &[(a, b)] } else { &[(a, b), (b, a)] };
        // Where each layer of the pair starts among the pair's positions.
        let offsets = [0, self.layer_len(a, b)];
        let in_pair = |m: usize, t: usize| layers.iter().position(|&l| l == (m, t));
        // Each position's moves, flat: the child's layer and rank, or `IN_PAIR` and its index
        // among the pair's positions (a quiet move).
        let mut first: Vec<u32> = Vec::new();
        let mut child_layer: Vec<u8> = Vec::new();
        let mut child_rank: Vec<u32> = Vec::new();
        let mut current: Vec<i16> = Vec::new();
        let mut list = MoveList::new();
        for &(mine_count, theirs_count) in layers {
            let quiet_end = match self.settings.rules.rules().quiet_end {
                _ if self.pure => 0,
                QuietEnd::MorePiecesWins => (mine_count as i16 - theirs_count as i16).signum(),
                QuietEnd::DrawAfter(_) => 0,
            };
            for rank in 0..self.layer_len(mine_count, theirs_count) {
                first.push(child_rank.len() as u32);
                let (mine, theirs) = self.unrank(mine_count, theirs_count, rank);
                let position = Position::from_pieces([mine, theirs], Side::South, self.settings)
                    .unwrap_or_else(|_| unreachable!("disjoint sets of the board's points"));
                list.clear();
                position.legal_moves(&mut list);
                if list.is_empty() {
                    // The side to move cannot move (or has no piece): it has lost.
                    current.push(-WIN);
                    continue;
                }
                current.push(quiet_end);
                for mv in list.iter() {
                    let after = position.play(mv);
                    let (m, t) = (after.pieces(Side::North), after.pieces(Side::South));
                    let (mc, tc) = (m.count_ones() as usize, t.count_ones() as usize);
                    let rank = self.rank(m, t);
                    match in_pair(mc, tc) {
                        Some(which) => {
                            child_layer.push(IN_PAIR);
                            child_rank.push((offsets[which] + rank) as u32);
                        }
                        None => {
                            child_layer.push(layer(mc, tc) as u8);
                            child_rank.push(rank as u32);
                        }
                    }
                }
            }
        }
        first.push(child_rank.len() as u32);
        let mut iteration = 0;
        loop {
            iteration += 1;
            let mut changed = 0u64;
            for i in 0..current.len() {
                let range = first[i] as usize..first[i + 1] as usize;
                if range.is_empty() {
                    continue;
                }
                let mut best = i16::MIN;
                for k in range {
                    let (id, rank) = (child_layer[k], child_rank[k] as usize);
                    let child =
                        if id == IN_PAIR { current[rank] } else { self.values[id as usize][rank] };
                    best = best.max(step(-child));
                }
                if best != current[i] {
                    current[i] = best;
                    changed += 1;
                }
            }
            progress(iteration, changed);
            if changed == 0 {
                break;
            }
        }
        for (which, &(m, t)) in layers.iter().enumerate() {
            let id = layer(m, t);
            let len = self.values[id].len();
            self.values[id].copy_from_slice(&current[offsets[which]..offsets[which] + len]);
        }
    }

    /// The board and rule set (the ply limit is the default one).
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// The most pieces it knows.
    pub fn max_pieces(&self) -> usize {
        self.max_pieces
    }

    /// Positions stored.
    pub fn len(&self) -> usize {
        self.values.iter().map(Vec::len).sum()
    }

    /// Whether it stores nothing.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every layer's values, layers by pieces on the board then by the side to move's: how much
    /// of each balance of material is won, held or lost, counted over every placement.
    ///
    /// ```
    /// use awe_awithlaknannai::{BoardKind, BoardOptions, RuleSet, Settings};
    /// use awe_search::endgame::SerpentEndgame;
    ///
    /// let settings = Settings::new(BoardKind::Mosona, BoardOptions::default(), RuleSet::Ludii);
    /// let db = SerpentEndgame::build(settings, 2, |_, _, _| {}).unwrap();
    /// let one_each = db.layers().into_iter().find(|l| (l.mine, l.theirs) == (1, 1)).unwrap();
    /// assert_eq!(one_each.len(), 25 * 24);
    /// ```
    pub fn layers(&self) -> Vec<Layer> {
        let mut out = Vec::new();
        for total in 0..=self.max_pieces {
            for mine in 0..=total {
                let theirs = total - mine;
                let mut summary = Layer { mine, theirs, ..Layer::default() };
                for &v in &self.values[layer(mine, theirs)] {
                    match Value::from_stored(v) {
                        Value::Win(_) => summary.wins += 1,
                        Value::Loss(_) => summary.losses += 1,
                        Value::QuietWin => summary.quiet_wins += 1,
                        Value::QuietLoss => summary.quiet_losses += 1,
                        Value::Draw => summary.draws += 1,
                    }
                }
                out.push(summary);
            }
        }
        out
    }

    /// Whether `settings` play on this database's board under its rules.
    fn covers(&self, settings: &Settings) -> bool {
        std::ptr::eq(settings.board, self.settings.board) && settings.rules == self.settings.rules
    }

    /// What `position` is worth to the side to move, if it has few enough pieces and is played
    /// on this board under these rules.
    pub fn probe(&self, position: &Position) -> Option<Value> {
        if !self.covers(position.settings()) {
            return None;
        }
        let me = position.turn();
        let (mine, theirs) = (position.pieces(me), position.pieces(me.opponent()));
        let (a, b) = (mine.count_ones() as usize, theirs.count_ones() as usize);
        if a + b > self.max_pieces {
            return None;
        }
        Some(Value::from_stored(self.values[layer(a, b)][self.rank(mine, theirs)]))
    }

    /// Writes the database to `path`, in the format the [`endgame`](super) module describes.
    pub fn save(&self, path: &Path) -> Result<(), EndgameError> {
        super::write_file(path, &what(&self.settings, self.max_pieces, self.pure), |file| {
            for layer in &self.values {
                let bytes: Vec<u8> = layer.iter().flat_map(|v| v.to_le_bytes()).collect();
                file.write_all(&bytes)?;
            }
            Ok(())
        })
    }

    /// Reads a database written by [`SerpentEndgame::save`] for the board and rules of
    /// `settings`, checked as [`super::check`] says.
    pub fn load(
        path: &Path,
        settings: Settings,
        max_pieces: usize,
    ) -> Result<SerpentEndgame, EndgameError> {
        SerpentEndgame::from_bytes(&std::fs::read(path)?, settings, max_pieces)
    }

    /// The database of the board and rules of `settings` up to `max_pieces` pieces in the bytes
    /// of a whole file written by [`SerpentEndgame::save`], however they were read.
    pub fn from_bytes(
        bytes: &[u8],
        settings: Settings,
        max_pieces: usize,
    ) -> Result<SerpentEndgame, EndgameError> {
        SerpentEndgame::from_bytes_as(bytes, settings, max_pieces, false)
    }

    /// Reads a database of the pure game written by [`SerpentEndgame::save`].
    pub fn load_pure(
        path: &Path,
        settings: Settings,
        max_pieces: usize,
    ) -> Result<SerpentEndgame, EndgameError> {
        SerpentEndgame::from_bytes_as(&std::fs::read(path)?, settings, max_pieces, true)
    }

    fn from_bytes_as(
        bytes: &[u8],
        settings: Settings,
        max_pieces: usize,
        pure: bool,
    ) -> Result<SerpentEndgame, EndgameError> {
        if max_pieces > MAX_PIECES || max_pieces > settings.board.len() {
            return Err(EndgameError::TooManyPieces(max_pieces));
        }
        let mut db = SerpentEndgame {
            settings,
            max_pieces,
            pure,
            values: Vec::new(),
            binomials: Binomials::new(),
        };
        let size = SerpentEndgame::positions(settings, max_pieces) as usize * 2;
        let mut rest = super::check(bytes, &what(&settings, max_pieces, pure), size)?;
        for total in 0..=max_pieces {
            for a in 0..=total {
                let (layer, after) = rest.split_at(db.layer_len(a, total - a) * 2);
                let layer = layer
                    .chunks_exact(2)
                    .map(|pair| i16::from_le_bytes([pair[0], pair[1]]))
                    .collect();
                db.values.push(layer);
                rest = after;
            }
        }
        Ok(db)
    }
}

/// Two databases are equal when they hold the same values of the same board, rules and size.
impl PartialEq for SerpentEndgame {
    fn eq(&self, other: &SerpentEndgame) -> bool {
        self.covers(&other.settings)
            && self.pure == other.pure
            && self.max_pieces == other.max_pieces
            && self.values == other.values
    }
}

impl Eq for SerpentEndgame {}

/// What a file holds, as its header says it after the format version.
fn what(settings: &Settings, max_pieces: usize, pure: bool) -> String {
    let board = settings.board;
    let options = board.options();
    format!(
        "awithlaknannai {} outer-lines={} end-lines={} {}{} {max_pieces}",
        board.kind(),
        options.outer_lines,
        options.end_lines,
        settings.rules.name(),
        if pure { " pure" } else { "" },
    )
}

/// The file name of a pure game's database in the cache.
pub fn pure_file_name(settings: &Settings, max_pieces: usize) -> String {
    file_name(settings, max_pieces).replace(".db", "-pure.db")
}

/// The file name of a database in the cache.
pub fn file_name(settings: &Settings, max_pieces: usize) -> String {
    let board = settings.board;
    let options = board.options();
    let lines = match (options.outer_lines, options.end_lines) {
        (true, true) => "",
        (false, true) => "-no-outer",
        (true, false) => "-no-end",
        (false, false) => "-no-outer-no-end",
    };
    format!("awithlaknannai-{}{lines}-{}-{max_pieces}.db", board.kind(), settings.rules.name())
}

/// A child's value seen from its parent, one ply further from the end.
fn step(v: i16) -> i16 {
    match v {
        v if v > 1 => v - 1,
        v if v < -1 => v + 1,
        v => v,
    }
}
