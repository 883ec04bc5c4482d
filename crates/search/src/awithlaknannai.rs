//! Awithlaknannai's evaluation: pieces first, then their safety from capture and mobility.

use std::cell::Cell;
use std::sync::Arc;

use awe_awithlaknannai::{Move, Position, QuietEnd};
use awe_game::Side;

use crate::endgame::awithlaknannai::{SerpentEndgame, Value};
use crate::engine::{Level, Strength};
use crate::eval::Evaluator;
use crate::score::{KNOWN_WIN, Score, WIN};
use crate::search::MAX_DEPTH;

/// A piece is worth this much.
pub const PIECE: Score = 100;

/// The evaluation of Awithlaknannai, under any rule set and on any board, exact where an
/// endgame database knows the position.
#[derive(Clone, Debug, Default)]
pub struct SerpentEval {
    endgame: Option<Arc<SerpentEndgame>>,
    /// Moves of solved positions (`awe solve`'s certificates): the winner's proven move.
    solved: Option<Arc<crate::solve::Proven>>,
    /// What each piece on the board is worth to the side the search plays, while the sides are
    /// within a piece of each other (see [`SerpentEval::with_contempt`]); 0 for none.
    contempt: Score,
    /// The side to move at the root of the search being made ([`Evaluator::prepare`]).
    root: Cell<Option<Side>>,
}

impl SerpentEval {
    /// The evaluation with an endgame database.
    pub fn with_endgame(endgame: Arc<SerpentEndgame>) -> SerpentEval {
        SerpentEval { endgame: Some(endgame), ..SerpentEval::default() }
    }

    /// The same, with a contempt for the draws that simplifying leads to: while the sides are
    /// within a piece of each other, under a rule set whose quiet games do not end by the pieces
    /// left (`ludii`), each piece on the board is worth `per_piece` to the side the search plays
    /// and as much against the other. Mosona's `ludii` databases say why: the side to move a
    /// piece ahead wins 22 % of 2 v 1, 40 % of 3 v 2 and 50 % of 4 v 3, and 3 v 3 is 98 % drawn,
    /// so a side that means to win keeps the pieces on; the weaker side, as the search sees it,
    /// is the one that wants them off. The search's scores then lean to the side it plays, never
    /// its wins, losses and database values.
    pub fn with_contempt(self, per_piece: Score) -> SerpentEval {
        SerpentEval { contempt: per_piece, ..self }
    }

    /// The contempt of [`SerpentEval::with_contempt`], for the side to move (none by default:
    /// the first test is the cheapest).
    fn contempt(&self, position: &Position, lead: Score) -> Score {
        if self.contempt == 0
            || lead.abs() > 1
            || position.rules().quiet_end == QuietEnd::MorePiecesWins
        {
            return 0;
        }
        let Some(root) = self.root.get() else { return 0 };
        let on_board = (position.pieces(Side::WHITE) | position.pieces(Side::BLACK)).count_ones();
        let keep = on_board as Score * self.contempt;
        if position.turn() == root { keep } else { -keep }
    }

    /// The same, playing the proven moves of solved positions at level 10.
    pub fn with_solved(self, solved: Arc<crate::solve::Proven>) -> SerpentEval {
        SerpentEval { solved: Some(solved), ..self }
    }
}

impl Evaluator<Position> for SerpentEval {
    fn prepare(&self, root: &Position) {
        self.root.set(Some(root.turn()));
    }

    fn proven(&self, position: &Position) -> Option<(Move, Score)> {
        self.solved.as_ref()?.get(position)
    }

    // Captures are compulsory and chains free the board: a long exchange branches at every
    // capture, and twelve plies of it cost more than the plies of search they displace.
    const QUIESCENCE: u32 = 6;

    fn point(&self) -> Score {
        PIECE
    }

    // Under `ludii` a repetition does not end the game, and a search that sees none shuffles
    // a piece ahead for a thousand plies (issue 46's stalled games). A cycle keeps half the
    // lead: the side ahead prefers any move that keeps all of it, but still prefers a cycle to
    // giving a piece back.
    fn cycle(&self, position: &Position) -> Option<Score> {
        (position.rules().quiet_end != QuietEnd::MorePiecesWins).then(|| lead(position) * PIECE / 2)
    }

    fn exact(&self, position: &Position, ply: u32) -> Option<Score> {
        let value = self.endgame.as_ref()?.probe(position)?;
        // A win or loss by moves counts only if it comes before the game's ply limit would end
        // it: the project's limit without a capture ends a position with no ply left whatever it
        // holds, while Ludii's turn limit lets the last ply's move win (`Position::outcome`). A
        // quiet end is the same whenever the limit comes.
        let left = position.plies_left();
        let within = |plies: u16| match position.rules().quiet_end {
            QuietEnd::DrawAfter(_) => plies <= left,
            QuietEnd::MorePiecesWins => plies < left,
        };
        let margin = || lead(position) * PIECE;
        match value {
            Value::Win(plies) if within(plies) => Some(WIN - ply as Score - plies as Score),
            Value::Loss(plies) if within(plies) => Some(-(WIN - ply as Score - plies as Score)),
            Value::Win(_) | Value::Loss(_) => None,
            Value::QuietWin => Some(KNOWN_WIN + margin()),
            Value::QuietLoss => Some(-KNOWN_WIN + margin()),
            Value::Draw => Some(0),
        }
    }

    fn evaluate(&self, position: &Position) -> Score {
        let me = position.turn();
        let them = me.opponent();
        // The side to move takes first: its exposed pieces weigh less than the other side's.
        let exposed = |side| position.exposed(side).count_ones() as Score;
        let steps = |side| position.steps(side) as Score;
        let lead = lead(position);
        lead * PIECE - exposed(me) * 30
            + exposed(them) * 45
            + (steps(me) - steps(them)) * 2
            + room(position, lead)
            + self.contempt(position, lead)
    }

    fn strength(&self, level: Level) -> Strength {
        // One ply more does not tell two levels apart here once they see three (every capture
        // is compulsory, and the quiescence search already plays out the exchanges): two do.
        let depth = [1, 2, 3, 5, 7, 9, 11, 13, 15, MAX_DEPTH][level.get() as usize - 1];
        Strength { depth, ..level.strength() }
    }

    fn order(&self, _position: &Position, mv: Move) -> Score {
        mv.captured().count_ones() as Score * PIECE
    }

    fn is_noisy(&self, _position: &Position, mv: Move) -> bool {
        mv.is_capture()
    }
}

/// What a point of room is worth: the empty points a side reaches before the other.
const ROOM: Score = 2;

/// The side to move's room less the other side's, where a side is ahead and a quiet game does
/// not end by the pieces left (issue 46's Kolowis endings: with three pieces against two on 48
/// points, a search of eight plies never meets the pieces that keep away, and the side ahead
/// must take their room step by step until they have none).
fn room(position: &Position, lead: Score) -> Score {
    if lead == 0 || position.rules().quiet_end == QuietEnd::MorePiecesWins {
        return 0;
    }
    let [mine, theirs] = position.nearer();
    (mine.count_ones() as Score - theirs.count_ones() as Score) * ROOM
}

/// The side to move's pieces less the other side's.
fn lead(position: &Position) -> Score {
    let me = position.turn();
    position.pieces(me).count_ones() as Score - position.pieces(me.opponent()).count_ones() as Score
}
