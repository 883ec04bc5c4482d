//! Positions: legal moves, playing a move, and the ends of the game, under each rule set.

use awe_game::{Outcome, Side, Termination};
use rand::Rng;

use crate::board::{Board, Capture};
use crate::moves::{MoveList, random_bit};
use crate::notation::{self, Illegal, MoveError};
use crate::{GrandSlam, Leftovers, Pit, RuleSet, Rules};

/// An Awélé position: the pits, the seeds each side has captured, the side to move, and the rule
/// set in force. Cheap to copy; moves are played by copy-make.
///
/// The repetition rule needs the positions reached before; [`awe_game::Game`] keeps them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    captured: [u8; 2],
    turn: Side,
    rules: RuleSet,
}

impl Position {
    /// The start of a game: four seeds in each pit, South to move.
    pub const fn new(rules: RuleSet) -> Position {
        Position { board: Board::INITIAL, captured: [0, 0], turn: Side::South, rules }
    }

    /// A position from its parts, if its seeds (on the board and captured) add up to 48.
    pub fn from_parts(
        board: Board,
        captured: [u8; 2],
        turn: Side,
        rules: RuleSet,
    ) -> Result<Position, crate::ParsePositionError> {
        // Pit by pit: the board's own total is a byte, which a text with too many seeds wraps.
        let on_board: u32 = board.pits().iter().map(|&seeds| u32::from(seeds)).sum();
        let total = on_board + captured[0] as u32 + captured[1] as u32;
        if total != crate::TOTAL_SEEDS as u32 {
            return Err(crate::ParsePositionError::WrongTotal { total });
        }
        Ok(Position { board, captured, turn, rules })
    }

    /// The pits.
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// Seeds captured so far by `side`.
    pub const fn captured(&self, side: Side) -> u8 {
        self.captured[side.index()]
    }

    /// The rule set in force.
    pub const fn rule_set(&self) -> RuleSet {
        self.rules
    }

    /// The rules in force.
    pub const fn rules(&self) -> &'static Rules {
        self.rules.rules()
    }

    /// The same position under another rule set.
    pub const fn with_rules(self, rules: RuleSet) -> Position {
        Position { rules, ..self }
    }

    /// Whether a capture already decides the game (`abapa`: more than half the seeds).
    #[inline]
    fn score_decided(&self) -> bool {
        self.captured[0].max(self.captured[1]) > self.rules.score_limit()
    }

    /// Whether sowing `pit` puts at least one seed on the opponent's row.
    #[inline]
    fn feeds(&self, pit: Pit) -> bool {
        self.board.reaching(self.turn) & (1 << pit.column()) != 0
    }

    /// The board after sowing `pit`, and what the last seed would capture before the grand-slam
    /// rule is applied.
    #[inline]
    fn sow_and_capture(&self, pit: Pit) -> (Board, Capture) {
        self.board.sow_and_capture(pit)
    }

    /// Whether the side to move has a legal move (the game is not over by the position).
    #[inline]
    pub fn has_legal_move(&self) -> bool {
        !self.score_decided() && self.legal_mask() != 0
    }

    /// The legal moves, into `moves` (cleared first). Empty exactly when the game is over.
    #[inline]
    pub fn legal_moves(&self, moves: &mut MoveList) {
        let legal = if self.score_decided() { 0 } else { self.legal_mask() };
        *moves = MoveList::of_mask(self.turn, legal);
    }

    /// The legal moves as bits, the k-th pit from the mover's left in bit k.
    ///
    /// Each rule differs only in which moves it keeps as a last resort, so all three are a few
    /// operations on three masks: the pits with seeds, those that reach a starving opponent, and
    /// those that would capture every seed the opponent has.
    #[inline]
    fn legal_mask(&self) -> u8 {
        let me = self.turn;
        let occupied = self.board.occupied(me);
        if self.board.has_pit_with_at_least(me.opponent(), 3) {
            // Nearly every position of a game: whatever is played, a pit of the opponent ends
            // with four seeds or more, out of reach of any capture. Every move is legal.
            return occupied;
        }
        let starving = self.board.occupied(me.opponent()) == 0;
        let feeding = self.board.reaching(me) & occupied;
        match self.rules.grand_slam() {
            GrandSlam::CapturesNothing => {
                if starving {
                    feeding
                } else {
                    occupied
                }
            }
            GrandSlam::ForbiddenElseNoCapture => {
                let candidates = if starving { feeding } else { occupied };
                let allowed = candidates & !self.grand_slams(starving, occupied);
                if allowed != 0 { allowed } else { candidates }
            }
            GrandSlam::ForbiddenElseCaptures => {
                let unfed = if starving { occupied & !feeding } else { 0 };
                let allowed = occupied & !(unfed | self.grand_slams(starving, occupied));
                if allowed != 0 { allowed } else { occupied }
            }
        }
    }

    /// The moves among `occupied` that would capture every seed of the opponent, as bits, when
    /// no pit of the opponent holds three seeds or more.
    #[inline]
    fn grand_slams(&self, starving: bool, occupied: u8) -> u8 {
        let me = self.turn;
        let them = me.opponent();
        let mut slams = 0;
        if self.board.has_pit_with_at_least(me, 11) {
            let laps = self.board.lapping_onto_last(me) & occupied;
            if laps != 0 {
                slams = self.grand_slams_with_a_lap(laps);
            }
        }
        // Without a lap, a move sows the opponent's pits from the first up to where its last seed
        // falls. It takes them all only if they are the only ones holding seeds, each 1 or 2
        // before the move (the caller saw no pit of 3), and the last seed falls on the highest.
        if starving {
            return slams;
        }
        let theirs = self.board.occupied(them);
        if theirs & theirs.wrapping_add(1) == 0 {
            let highest = 31 - (theirs as u32).leading_zeros();
            slams |= self.board.landing_on(me, highest) & occupied;
        }
        slams
    }

    /// Which of the moves `laps` would capture every seed of the opponent. They have a full lap
    /// and their last seed falls on the opponent's last pit; a lap leaves seeds in every pit of
    /// the opponent, so no other lap can take them all. Such moves are rare: each is tried.
    fn grand_slams_with_a_lap(&self, laps: u8) -> u8 {
        (0..6)
            .filter(|&k| {
                laps & (1 << k) != 0 && self.sow_and_capture(Pit::of(self.turn, k)).1.grand_slam
            })
            .fold(0, |mask, k| mask | 1 << k)
    }

    /// Why `pit` may not be played here, or `None` if it may.
    pub fn illegal(&self, pit: Pit) -> Option<Illegal> {
        if !self.has_legal_move() {
            return Some(Illegal::GameOver);
        }
        if pit.side() != self.turn {
            return Some(Illegal::NotYourPit);
        }
        if self.board.seeds(pit) == 0 {
            return Some(Illegal::EmptyPit);
        }
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        if moves.contains(&pit) {
            None
        } else if self.rules.grand_slam() == GrandSlam::ForbiddenElseCaptures {
            Some(Illegal::StarvesOpponent)
        } else if self.board.row_seeds(self.turn.opponent()) == 0 && !self.feeds(pit) {
            Some(Illegal::MustFeed)
        } else {
            Some(Illegal::GrandSlam)
        }
    }

    /// The capture `pit` makes under the rules in force (the grand-slam rule applied).
    #[inline]
    fn effective_capture(&self, pit: Pit) -> (Board, Capture) {
        let (after, capture) = self.sow_and_capture(pit);
        if capture.grand_slam && self.rules.grand_slam() != GrandSlam::ForbiddenElseCaptures {
            (after, Capture::NONE)
        } else {
            (after, capture)
        }
    }

    /// Whether sowing `pit` (of the side to move, holding seeds) would take every seed of the
    /// opponent: a grand slam, which the rules in force forbid or leave without capture (or, under
    /// some, allow).
    ///
    /// ```
    /// use awe_awele::{Pit, Position, RuleSet};
    /// let p = Position::parse("0,0,0,0,0,2/1,2,0,0,0,0 S 21 22", RuleSet::Abapa).unwrap();
    /// assert!(p.is_grand_slam(Pit::F));
    /// ```
    pub fn is_grand_slam(&self, pit: Pit) -> bool {
        pit.side() == self.turn
            && self.board.seeds(pit) > 0
            && self.sow_and_capture(pit).1.grand_slam
    }

    /// Seeds that `pit`, a legal move, captures.
    pub fn seeds_taken(&self, pit: Pit) -> u8 {
        self.effective_capture(pit).1.seeds
    }

    /// The pits whose seeds `pit`, a legal move, captures, in the order of the board (none if it
    /// captures nothing).
    ///
    /// ```
    /// use awe_awele::{Pit, Position, RuleSet};
    /// let p = Position::parse("0,0,0,0,0,2/1,2,0,0,0,1 S 21 21", RuleSet::Awechec).unwrap();
    /// assert_eq!(p.pits_taken(Pit::F), vec![Pit::a, Pit::b]);
    /// ```
    pub fn pits_taken(&self, pit: Pit) -> Vec<Pit> {
        let (sown, capture) = self.effective_capture(pit);
        let (before, after) = (sown.pits(), sown.without(&capture).pits());
        Pit::ALL.into_iter().filter(|p| before[p.index()] > 0 && after[p.index()] == 0).collect()
    }

    /// The position after `pit`, which must be legal here.
    #[inline]
    pub fn play(&self, pit: Pit) -> Position {
        let (after, capture) = self.effective_capture(pit);
        // Added to South's or North's count without an index into the array.
        let both =
            u16::from_le_bytes(self.captured) + ((capture.seeds as u16) << (8 * self.turn.index()));
        let captured = both.to_le_bytes();
        Position {
            board: after.without(&capture),
            captured,
            turn: self.turn.opponent(),
            rules: self.rules,
        }
    }

    /// The final score when the game stops here and the seeds left go by `leftovers`.
    pub fn final_score(&self, leftovers: Leftovers) -> [u16; 2] {
        let [south, north] = self.captured.map(u16::from);
        match leftovers {
            Leftovers::OwnSide => [
                south + self.board.row_seeds(Side::South) as u16,
                north + self.board.row_seeds(Side::North) as u16,
            ],
            Leftovers::Shared => {
                let half = self.board.total() as u16 / 2;
                [south + half, north + half]
            }
        }
    }

    /// The end of the game, if this position alone ends it.
    pub fn outcome(&self) -> Option<Outcome> {
        let termination = if self.score_decided() {
            Termination::ScoreLimit
        } else if !self.has_legal_move() {
            Termination::NoLegalMove
        } else {
            return None;
        };
        Some(Outcome::by_score(self.final_score(Leftovers::OwnSide), termination))
    }
}

impl awe_game::Position for Position {
    type Move = Pit;
    type MoveList = MoveList;
    type Key = [u64; 2];
    type MoveError = MoveError;
    type PositionError = crate::ParsePositionError;

    #[inline]
    fn turn(&self) -> Side {
        self.turn
    }

    #[inline]
    fn legal_moves(&self, moves: &mut MoveList) {
        Position::legal_moves(self, moves)
    }

    #[inline]
    fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Pit> {
        let legal = if self.score_decided() { 0 } else { self.legal_mask() };
        if legal == 0 {
            return None;
        }
        Some(Pit::of(self.turn, random_bit(legal, rng)))
    }

    #[inline]
    fn play(&self, mv: Pit) -> Position {
        Position::play(self, mv)
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn outcome_on_repetition(&self) -> Outcome {
        Outcome::by_score(
            self.final_score(self.rules().repetition_leftovers),
            Termination::Repetition,
        )
    }

    fn points(&self) -> [u16; 2] {
        // The seeds captured: those on the board belong to nobody yet.
        self.captured.map(u16::from)
    }

    fn outcome_on_agreement(&self) -> Outcome {
        Outcome::by_score(
            self.final_score(self.rules().repetition_leftovers),
            Termination::Agreement,
        )
    }

    fn hash(&self) -> u64 {
        // Two rows of six bytes, the captures and the side to move, multiplied by odd constants:
        // the high bits of the result depend on every input bit (index tables by the high bits).
        let [south, north] = self.board.rows();
        let extra =
            (self.captured[0] as u64) << 8 | (self.captured[1] as u64) << 16 | self.turn as u64;
        let h = (south ^ extra << 48).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ (north ^ extra << 40).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        h ^ h >> 29
    }

    #[inline]
    fn repetition_hash(&self) -> u64 {
        // One multiplication: only the top bits are used, to skip comparisons of keys.
        let [south, north] = self.board.rows();
        (south ^ north.rotate_left(24) ^ self.turn as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    #[inline]
    fn repetition_key(&self) -> [u64; 2] {
        // The rows use six bytes each; the side to move goes in a byte above South's.
        let [south, north] = self.board.rows();
        [south | (self.turn as u64) << 56, north]
    }

    #[inline]
    fn material(&self) -> u32 {
        // The seeds on the board: those not captured yet.
        crate::TOTAL_SEEDS as u32 - self.captured[0] as u32 - self.captured[1] as u32
    }

    fn is_legal(&self, pit: Pit) -> bool {
        self.illegal(pit).is_none()
    }

    fn move_text(&self, pit: Pit) -> String {
        notation::MoveText { pit, takes: Some(self.seeds_taken(pit)).filter(|&n| n > 0) }
            .to_string()
    }

    fn move_word(&self, pit: Pit) -> String {
        pit.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Pit, MoveError> {
        notation::parse_move(self, text)
    }

    fn position_text(&self) -> String {
        self.to_string()
    }

    fn parse_position(&self, text: &str) -> Result<Position, crate::ParsePositionError> {
        Position::parse(text, self.rules)
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::new(RuleSet::default())
    }
}
