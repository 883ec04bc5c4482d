//! Positions: legal moves, playing a move, and the ends of the game, under each rule set.

use std::fmt;

use awe_game::{Outcome, Side, Termination};

use crate::board::{Board, Capture};
use crate::moves::MoveList;
use crate::{GrandSlam, Leftovers, Pit, RuleSet, Rules};

/// An Awélé position: the pits, the seeds each side has captured, the side to move, and the rule
/// set in force. Cheap to copy; moves are played by copy-make.
///
/// The repetition rule needs the positions reached before; [`awe_game::Game`] keeps them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) captured: [u8; 2],
    pub(crate) turn: Side,
    pub(crate) rules: RuleSet,
}

impl Position {
    /// The start of a game: four seeds in each pit, South to move.
    pub const fn new(rules: RuleSet) -> Position {
        Position { board: Board::INITIAL, captured: [0, 0], turn: Side::South, rules }
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
    pub(crate) fn score_decided(&self) -> bool {
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
    pub(crate) fn legal_mask(&self) -> u8 {
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

/// Why a well-written move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The game is over.
    GameOver,
    /// The pit is on the other player's row.
    NotYourPit,
    /// The pit holds no seed.
    EmptyPit,
    /// The opponent has no seed and this move gives them none, while another move would.
    MustFeed,
    /// The move would capture every seed of the opponent, and another move exists.
    GrandSlam,
    /// The move leaves the opponent without seeds, and another move does not (`awari`).
    StarvesOpponent,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Illegal::GameOver => "the game is over",
            Illegal::NotYourPit => "that pit is on the other player's row",
            Illegal::EmptyPit => "that pit is empty",
            Illegal::MustFeed => {
                "the opponent has no seeds: a move that gives them some must be played"
            }
            Illegal::GrandSlam => {
                "it would capture all the opponent's seeds (grand slam), and another move exists"
            }
            Illegal::StarvesOpponent => {
                "it leaves the opponent without seeds, and another move does not"
            }
        })
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::new(RuleSet::default())
    }
}
