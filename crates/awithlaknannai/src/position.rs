//! Positions: the pieces as two sets of points, legal moves under each rule set, and the ends.

use std::hash::{Hash, Hasher};

use awe_game::{Outcome, Side, Termination};

use rand::Rng;

use crate::board::{Board, BoardKind, BoardOptions, Point, Row, bits};
use crate::moves::{MAX_PATH, Move, MoveList};
use crate::rules::{QuietEnd, RuleSet, Rules};
use crate::shapes::{self, Geometry, Movers};

/// Everything about a game that stays the same from move to move: the board, the rule set, and
/// how many plies without a capture end it.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub board: &'static Board,
    pub rules: RuleSet,
    /// Plies without a capture after which the game ends (rule sets that end quiet games).
    pub ply_limit: u16,
}

impl Settings {
    /// The default ply limit without a capture.
    pub const DEFAULT_PLY_LIMIT: u16 = 50;

    /// Settings for a board and a rule set, with the default ply limit.
    pub fn new(kind: BoardKind, options: BoardOptions, rules: RuleSet) -> Settings {
        Settings { board: Board::get(kind, options), rules, ply_limit: Self::DEFAULT_PLY_LIMIT }
    }
}

impl PartialEq for Settings {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.board, other.board)
            && self.rules == other.rules
            && self.ply_limit == other.ply_limit
    }
}

impl Eq for Settings {}

impl Hash for Settings {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.board.kind(), self.board.options(), self.rules, self.ply_limit).hash(state);
    }
}

/// The start positions awe knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Start {
    /// Seed 000: every point but the centre of the middle row; each player holds their outer row
    /// and the middle points on their right.
    Seed000,
    /// Seed 002 (Kolowis): the centre and both ends of the middle row empty, 23 pieces each.
    Seed002,
    /// Ludii's: on Mosona the colours of seed 000 mirrored (White holds the middle points on the
    /// left); on Ludii's Kolowis, White holds the bottom row and the middle points left of the
    /// centre but the end.
    Ludii,
}

impl Start {
    /// Every start, as a user names it.
    pub const ALL: [Start; 3] = [Start::Seed000, Start::Seed002, Start::Ludii];

    /// The name a user types (`--start NAME`).
    pub const fn name(self) -> &'static str {
        match self {
            Start::Seed000 => "seed000",
            Start::Seed002 => "seed002",
            Start::Ludii => "ludii",
        }
    }

    /// The usual start on a board: Ludii's on Ludii's board, seed 000's elsewhere.
    pub fn default_for(kind: BoardKind) -> Start {
        if kind == BoardKind::KolowisLudii { Start::Ludii } else { Start::Seed000 }
    }
}

/// A start that does not exist on a board, or a name that is no start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    #[error("unknown start `{0}` (known: seed000, seed002, ludii)")]
    Unknown(String),
    #[error("the start {start} does not exist on the board {board}")]
    NotOnBoard { start: &'static str, board: BoardKind },
}

impl std::str::FromStr for Start {
    type Err = StartError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Start::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| StartError::Unknown(s.to_owned()))
    }
}

/// Why two sets of points are not a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PiecesError {
    #[error("point number {0} is not on the board")]
    OffBoard(u32),
    #[error("both sides have a piece on {0}")]
    Shared(String),
}

/// An Awithlaknannai position: the points of each side's pieces, the side to move, the plies
/// since the last capture and since the start, and the settings. Cheap to copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The pieces of the side to move, then the other side's: the generators and `play` use
    /// them without looking at whose turn it is.
    pub(crate) pieces: [u64; 2],
    pub(crate) turn: Side,
    quiet: u16,
    plies: u16,
    pub(crate) settings: Settings,
}

impl Position {
    /// A start position, with `first` to move.
    pub fn start(settings: Settings, start: Start, first: Side) -> Result<Position, StartError> {
        let board = settings.board;
        let (n, middle) = (board.outer_len(), board.middle_len());
        let row = |row: Row, columns: std::ops::RangeInclusive<usize>| {
            columns.filter_map(|c| board.at(row, c)).fold(0u64, |set, p| set | p.bit())
        };
        let centre = n / 2 + 1;
        let [white, black] = match (start, board.kind()) {
            (Start::Seed000, BoardKind::Mosona | BoardKind::Kolowis) => [
                row(Row::Bottom, 1..=n) | row(Row::Middle, centre + 1..=middle),
                row(Row::Top, 1..=n) | row(Row::Middle, 1..=centre - 1),
            ],
            (Start::Seed002, BoardKind::Kolowis) => [
                row(Row::Bottom, 1..=n) | row(Row::Middle, centre + 1..=middle - 1),
                row(Row::Top, 1..=n) | row(Row::Middle, 2..=centre - 1),
            ],
            (Start::Ludii, BoardKind::Mosona) => [
                row(Row::Bottom, 1..=n) | row(Row::Middle, 1..=centre - 1),
                row(Row::Top, 1..=n) | row(Row::Middle, centre + 1..=middle),
            ],
            (Start::Ludii, BoardKind::KolowisLudii) => [
                row(Row::Bottom, 1..=n) | row(Row::Middle, 2..=centre - 1),
                row(Row::Top, 1..=n) | row(Row::Middle, centre + 1..=middle),
            ],
            (start, board) => return Err(StartError::NotOnBoard { start: start.name(), board }),
        };
        Ok(Position::from_parts([white, black], first, 0, settings))
    }

    /// A position from the points of each side's pieces, White's first, with no ply played.
    ///
    /// ```
    /// use awe_awithlaknannai::{BoardKind, BoardOptions, Position, RuleSet, Settings};
    /// use awe_game::Side;
    ///
    /// let settings = Settings::new(BoardKind::Mosona, BoardOptions::default(), RuleSet::Wikipedia);
    /// let position = Position::from_pieces([0b1, 0b10], Side::WHITE, settings).unwrap();
    /// assert_eq!(position.pieces(Side::BLACK), 0b10);
    /// assert!(Position::from_pieces([0b1, 0b1], Side::WHITE, settings).is_err());
    /// ```
    pub fn from_pieces(
        pieces: [u64; 2],
        turn: Side,
        settings: Settings,
    ) -> Result<Position, PiecesError> {
        let [white, black] = pieces;
        let outside = (white | black) & !settings.board.all();
        if outside != 0 {
            return Err(PiecesError::OffBoard(outside.trailing_zeros()));
        }
        if white & black != 0 {
            return Err(PiecesError::Shared(
                settings.board.name(Point((white & black).trailing_zeros() as u8)).to_owned(),
            ));
        }
        Ok(Position::from_parts(pieces, turn, 0, settings))
    }

    /// A position from its parts, White's pieces first (see [`crate::text`] for the checks made
    /// on a text).
    pub(crate) fn from_parts(
        [white, black]: [u64; 2],
        turn: Side,
        quiet: u16,
        settings: Settings,
    ) -> Position {
        let pieces = if turn == Side::South { [white, black] } else { [black, white] };
        Position { pieces, turn, quiet, plies: 0, settings }
    }

    /// White's pieces, then Black's.
    pub(crate) fn by_colour(&self) -> [u64; 2] {
        [self.pieces(Side::South), self.pieces(Side::North)]
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The board.
    pub fn board(&self) -> &'static Board {
        self.settings.board
    }

    /// The rules in force.
    pub fn rules(&self) -> &'static Rules {
        self.settings.rules.rules()
    }

    /// The points of `side`'s pieces.
    pub fn pieces(&self, side: Side) -> u64 {
        self.pieces[(side != self.turn) as usize]
    }

    /// The side to move.
    pub fn turn(&self) -> Side {
        self.turn
    }

    /// Plies since the last capture.
    pub fn quiet_plies(&self) -> u16 {
        self.quiet
    }

    /// Who is on a point, if anyone.
    pub fn at(&self, point: Point) -> Option<Side> {
        Side::ALL.into_iter().find(|&side| self.pieces(side) & point.bit() != 0)
    }

    /// Plies left before the game ends by its ply limit: without a capture (rule sets that end
    /// quiet games) or in all (Ludii's turn limit).
    pub fn plies_left(&self) -> u16 {
        match self.rules().quiet_end {
            QuietEnd::MorePiecesWins => self.settings.ply_limit.saturating_sub(self.quiet),
            QuietEnd::DrawAfter(plies) => plies.saturating_sub(self.plies),
        }
    }

    /// Whether the position ends the game by the plies played (before looking at the moves).
    fn over_by_plies(&self) -> bool {
        self.plies_left() == 0
    }

    /// The legal moves, into `moves` (cleared first). Empty exactly when the game is over.
    pub fn legal_moves(&self, moves: &mut MoveList) {
        moves.clear();
        if self.over_by_plies() {
            return;
        }
        self.moves_on_the_board(moves);
    }

    /// The moves the pieces have, whatever the plies played, into `moves` (cleared by the caller).
    fn moves_on_the_board(&self, moves: &mut MoveList) {
        let rules = self.rules();
        let [me, them] = self.pieces;
        let empty = self.board().all() & !(me | them);
        if rules.chains || rules.bent_jumps {
            self.chains_and_jumps(me, them, empty, moves);
        } else {
            self.single_jumps(me, them, empty, moves);
        }
        if rules.most_captures {
            let most = moves.iter().map(|m| m.captured().count_ones()).max().unwrap_or(0);
            moves.retain(|m| m.captured().count_ones() == most);
        }
        if !moves.is_empty() && rules.compulsory {
            return;
        }
        for from in bits(me) {
            let from = Point(from as u8);
            for to in bits(self.board().neighbours(from) & empty) {
                moves.push(Move::step(from, Point(to as u8)));
            }
        }
    }

    /// Every capture of every piece of `me`, chains and bent jumps included, a piece at a time
    /// from the lowest point.
    fn chains_and_jumps(&self, me: u64, them: u64, empty: u64, moves: &mut MoveList) {
        let mut path = [Point(0); MAX_PATH];
        for from in bits(me) {
            path[0] = Point(from as u8);
            // The piece has left its point: a chain may come back to it.
            let first = moves.len();
            self.captures(&mut path, 1, empty | 1 << from, them, 0, moves);
            if self.rules().bent_jumps {
                dedup_from(moves, first);
            }
        }
    }

    /// Ludii's single straight jumps, in the order of [`Position::chains_and_jumps`]: the pieces
    /// that have one are found at once on the whole board, and only they are visited (the
    /// search spent two fifths of its time on Kolowis visiting every piece for its jumps).
    fn single_jumps(&self, me: u64, them: u64, empty: u64, moves: &mut MoveList) {
        let masks = self.board().masks();
        let jumpers = match self.board().kind() {
            BoardKind::Mosona => shapes::jumpers::<shapes::Mosona>(masks, me, them, empty),
            BoardKind::Kolowis => shapes::jumpers::<shapes::Kolowis>(masks, me, them, empty),
            BoardKind::KolowisLudii => {
                shapes::jumpers::<shapes::KolowisLudii>(masks, me, them, empty)
            }
        };
        for from in bits(jumpers) {
            let from = Point(from as u8);
            for &(over, to) in self.board().straight_jumps(from) {
                if them & over.bit() != 0 && empty & to.bit() != 0 {
                    moves.push(Move::single(from, to, over.bit()));
                }
            }
        }
    }

    /// A legal move drawn uniformly at random, or `None` if the game is over by the position.
    ///
    /// Moves of the same shape are counted a group at a time, with a few operations on the sets
    /// of points: every step when nothing can be taken, and Ludii's single jumps with them. Only
    /// when a chain of captures may follow is the full list built.
    pub fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        // The same code, compiled for each board's constant geometry.
        match self.board().kind() {
            BoardKind::Mosona => self.random_move_on::<shapes::Mosona, R>(rng),
            BoardKind::Kolowis => self.random_move_on::<shapes::Kolowis, R>(rng),
            BoardKind::KolowisLudii => self.random_move_on::<shapes::KolowisLudii, R>(rng),
        }
    }

    #[inline(always)]
    fn random_move_on<G: Geometry, R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        if self.over_by_plies() {
            return None;
        }
        let rules = self.rules();
        let masks = self.board().masks();
        let [me, them] = self.pieces;
        let empty = self.board().all() & !(me | them);
        let movers = Movers::<G>::new(masks, me, them, empty, !rules.bent_jumps);
        let can_jump = if rules.bent_jumps {
            shapes::any_bent_jump::<G>(masks, me, them, empty)
        } else {
            movers.jump_count > 0
        };
        if !can_jump || (!rules.bent_jumps && !rules.chains) {
            // Single jumps and steps: drawn from their counts, without a list. The jumps come
            // first, and there are none to count when no jump is possible.
            let steps = if can_jump && rules.compulsory { 0 } else { movers.step_count };
            let total = movers.jump_count + steps;
            return (total > 0).then(|| movers.nth(rng.random_range(0..total)));
        }
        // A chain may follow, or the most captures be required: the full generator decides.
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        (!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len() as u32) as usize])
    }

    /// The pieces of `side` that the other side could take with a jump now, whoever is to move
    /// (an evaluation's measure of danger).
    pub fn exposed(&self, side: Side) -> u64 {
        match self.board().kind() {
            BoardKind::Mosona => self.exposed_on::<shapes::Mosona>(side),
            BoardKind::Kolowis => self.exposed_on::<shapes::Kolowis>(side),
            BoardKind::KolowisLudii => self.exposed_on::<shapes::KolowisLudii>(side),
        }
    }

    fn exposed_on<G: Geometry>(&self, side: Side) -> u64 {
        let masks = self.board().masks();
        let (victims, jumpers) = (self.pieces(side), self.pieces(side.opponent()));
        let empty = self.board().all() & !(victims | jumpers);
        if self.rules().bent_jumps {
            // A piece next to a jumper, with a free neighbour to land on.
            victims
                & shapes::neighbours::<G>(masks, jumpers)
                & shapes::neighbours::<G>(masks, empty)
        } else {
            shapes::jumped::<G>(masks, jumpers, victims, empty)
        }
    }

    /// The steps `side` could make now, whoever is to move: each piece's free neighbours.
    pub fn steps(&self, side: Side) -> u32 {
        match self.board().kind() {
            BoardKind::Mosona => self.steps_on::<shapes::Mosona>(side),
            BoardKind::Kolowis => self.steps_on::<shapes::Kolowis>(side),
            BoardKind::KolowisLudii => self.steps_on::<shapes::KolowisLudii>(side),
        }
    }

    fn steps_on<G: Geometry>(&self, side: Side) -> u32 {
        let (me, them) = (self.pieces(side), self.pieces(side.opponent()));
        let empty = self.board().all() & !(me | them);
        Movers::<G>::new(self.board().masks(), me, them, empty, false).step_count
    }

    /// The empty points that each side's pieces reach in fewer steps than the other side's, each
    /// step to an empty point: the side to move's, then the other side's (an evaluation's measure
    /// of room: in an ending, the side behind keeps away, and the side ahead takes its room).
    ///
    /// ```
    /// use awe_awithlaknannai::{BoardKind, BoardOptions, Position, RuleSet, Settings};
    /// use awe_game::Side;
    ///
    /// // White in a corner, Black in the middle: most of the board is nearer to Black.
    /// let settings = Settings::new(BoardKind::Mosona, BoardOptions::default(), RuleSet::Ludii);
    /// let position = Position::parse("w......./....b..../........ w 0", settings)?;
    /// assert_eq!(position.turn(), Side::WHITE);
    /// let [white, black] = position.nearer();
    /// assert_eq!(white & black, 0);
    /// assert!(black.count_ones() > 2 * white.count_ones());
    /// # Ok::<(), awe_awithlaknannai::ParsePositionError>(())
    /// ```
    pub fn nearer(&self) -> [u64; 2] {
        match self.board().kind() {
            BoardKind::Mosona => self.nearer_on::<shapes::Mosona>(),
            BoardKind::Kolowis => self.nearer_on::<shapes::Kolowis>(),
            BoardKind::KolowisLudii => self.nearer_on::<shapes::KolowisLudii>(),
        }
    }

    fn nearer_on<G: Geometry>(&self) -> [u64; 2] {
        let masks = self.board().masks();
        let mut reached = self.pieces;
        let empty = self.board().all() & !(reached[0] | reached[1]);
        let mut nearer = [0; 2];
        // Both floods advance a step at a time through every empty point; a point is a side's if
        // its flood gets there first.
        loop {
            let next = reached.map(|set| shapes::neighbours::<G>(masks, set) & empty & !set);
            if next[0] | next[1] == 0 {
                return nearer;
            }
            nearer[0] |= next[0] & !(reached[1] | next[1]);
            nearer[1] |= next[1] & !(reached[0] | next[0]);
            reached[0] |= next[0];
            reached[1] |= next[1];
        }
    }

    /// Adds the captures that go on from `path[len - 1]`: the pieces of `them` not yet taken
    /// (`taken`), landing on points of `empty` or on those freed by the pieces taken.
    fn captures(
        &self,
        path: &mut [Point; MAX_PATH],
        len: usize,
        empty: u64,
        them: u64,
        taken: u64,
        moves: &mut MoveList,
    ) {
        let rules = self.rules();
        let at = path[len - 1];
        let jumps = if rules.bent_jumps {
            self.board().bent_jumps(at)
        } else {
            self.board().straight_jumps(at)
        };
        let mut went_on = false;
        for &(over, to) in jumps {
            if (them & !taken) & over.bit() == 0 || (empty | taken) & to.bit() == 0 {
                continue;
            }
            went_on = true;
            path[len] = to;
            let taken = taken | over.bit();
            if rules.chains && len + 1 < MAX_PATH {
                self.captures(path, len + 1, empty, them, taken, moves);
            } else {
                moves.push(Move::capture(&path[..len + 1], taken));
            }
        }
        if !went_on && len > 1 {
            // The chain stops where the piece can jump no more.
            moves.push(Move::capture(&path[..len], taken));
        }
    }

    /// The position after `mv`, which must be legal here.
    pub fn play(&self, mv: &Move) -> Position {
        let mut next = *self;
        let [me, them] = self.pieces;
        next.pieces = [them & !mv.captured(), (me & !mv.from().bit()) | mv.to().bit()];
        next.turn = self.turn.opponent();
        next.quiet = if mv.is_capture() { 0 } else { self.quiet.saturating_add(1) };
        next.plies = self.plies.saturating_add(1);
        next
    }

    /// Pieces left to each side: the score when the game ends without a winner by moves.
    pub fn score(&self) -> [u16; 2] {
        self.by_colour().map(|p| p.count_ones() as u16)
    }

    /// How the game ends if it ends here with no winner by moves: more pieces wins (a draw under
    /// Ludii's turn limit).
    pub(crate) fn quiet_outcome(&self, termination: Termination) -> Outcome {
        match self.rules().quiet_end {
            QuietEnd::MorePiecesWins => Outcome::by_score(self.score(), termination),
            QuietEnd::DrawAfter(_) => Outcome { winner: None, score: self.score(), termination },
        }
    }

    /// The end of the game, if this position alone ends it.
    ///
    /// Under Ludii's turn limit, a move that leaves the other side without a move wins even on
    /// the last ply: Ludii checks the game's end rule after each move before its turn limit
    /// (`Game.apply` in Ludii's Core). The project's own ply limit without a capture comes first.
    pub fn outcome(&self) -> Option<Outcome> {
        let turn_limit = matches!(self.rules().quiet_end, QuietEnd::DrawAfter(_));
        if self.over_by_plies() && !turn_limit {
            return Some(self.quiet_outcome(Termination::PlyLimit));
        }
        let mut moves = MoveList::new();
        self.moves_on_the_board(&mut moves);
        if !moves.is_empty() {
            return self.over_by_plies().then(|| self.quiet_outcome(Termination::PlyLimit));
        }
        Some(Outcome {
            // A player who cannot move (or has no piece left) loses.
            winner: Some(self.turn.opponent()),
            score: self.score(),
            termination: Termination::NoLegalMove,
        })
    }
}

/// Removes the moves from `first` on that come again (with bent jumps, two pieces between the same
/// two points can be taken in either order along the same path), keeping the first of each in
/// order: by a scan for the usual few, by a set for the thousands a crowded board can give.
fn dedup_from(moves: &mut MoveList, first: usize) {
    let tail = moves.len() - first;
    if tail <= 64 {
        let mut kept = first;
        for i in first..moves.len() {
            let mv = moves[i];
            if !moves[first..kept].contains(&mv) {
                moves[kept] = mv;
                kept += 1;
            }
        }
        moves.truncate(kept);
    } else {
        let mut seen = std::collections::HashSet::with_capacity(tail);
        let unique: Vec<Move> =
            moves[first..].iter().copied().filter(|m| seen.insert(*m)).collect();
        moves.truncate(first);
        moves.extend(unique);
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    use super::*;

    /// Ludii's single jumps, found from the pieces that have one, come out as the general
    /// generator lists them, in the same order (the search's move order, and so its choices at
    /// a given depth, depend on it), on every board and from every start Ludii's rules allow.
    #[test]
    fn single_jumps_are_listed_as_the_general_generator_lists_them() {
        let starts = [
            (BoardKind::Mosona, Start::Ludii),
            (BoardKind::Mosona, Start::Seed000),
            (BoardKind::Kolowis, Start::Seed000),
            (BoardKind::Kolowis, Start::Seed002),
            (BoardKind::KolowisLudii, Start::Ludii),
        ];
        let options = [true, false].map(|outer_lines| {
            [true, false].map(|end_lines| BoardOptions { outer_lines, end_lines })
        });
        let mut jumps_seen = 0;
        for (kind, start) in starts {
            for options in options.into_iter().flatten() {
                let settings = Settings::new(kind, options, RuleSet::Ludii);
                check_single_jumps(settings, start, &mut jumps_seen);
            }
        }
        assert!(jumps_seen > 1000, "only {jumps_seen} jumps met");
    }

    /// Random games under `settings` from `start`, each position's jumps both ways.
    fn check_single_jumps(settings: Settings, start: Start, jumps_seen: &mut usize) {
        for seed in 0..40 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut position = Position::start(settings, start, Side::WHITE).unwrap();
            for _ in 0..400 {
                let [me, them] = position.pieces;
                let empty = position.board().all() & !(me | them);
                let (mut fast, mut general) = (MoveList::new(), MoveList::new());
                position.single_jumps(me, them, empty, &mut fast);
                position.chains_and_jumps(me, them, empty, &mut general);
                assert_eq!(fast, general, "{position}");
                *jumps_seen += fast.len();
                let Some(mv) = position.random_move(&mut rng) else { break };
                position = position.play(&mv);
            }
        }
    }
}
