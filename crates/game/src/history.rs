//! A game in progress: the positions reached, the moves played, and the rules that need them.

use crate::{Outcome, Position, Side, Termination};

/// A game from a start position: the positions reached, the moves between them, and whether the
/// players agreed to stop. It applies the rules that look at more than one position: the game
/// ends when a position repeats, or when the players agree.
///
/// ```
/// # fn demo<P: awe_game::Position>(start: P) {
/// use awe_game::Game;
/// let mut game = Game::new(start);
/// while game.outcome().is_none() {
///     let mut moves = P::MoveList::default();
///     game.current().legal_moves(&mut moves);
///     game.play(moves[0]).expect("a generated move is legal");
/// }
/// # }
/// ```
#[derive(Clone, Debug)]
pub struct Game<P: Position> {
    positions: Vec<P>,
    moves: Vec<P::Move>,
    stopped: Option<Stop>,
    /// For each position, what the repetition rule compares first, and whether it repeats an
    /// earlier one: found once, when it is reached, so that a long game costs a comparison of
    /// numbers a position rather than its keys made again at every move.
    marks: Vec<Mark>,
}

#[derive(Clone, Copy, Debug)]
struct Mark {
    material: u32,
    hash: u64,
    repeats: bool,
}

/// How the players stopped a game that the rules had not ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stop {
    /// Both agreed: the rules' ending for an agreed stop.
    Agreement,
    /// This side resigned.
    Resignation(Side),
    /// This side's time ran out.
    TimeForfeit(Side),
}

/// Why a move could not be played in a [`Game`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("the game is over ({0})")]
    GameOver(Termination),
    #[error("that move is not legal here")]
    Illegal,
}

impl<P: Position> Game<P> {
    /// A game starting at `start`.
    pub fn new(start: P) -> Self {
        let marks = vec![Mark {
            material: start.material(),
            hash: start.repetition_hash(),
            repeats: false,
        }];
        Game { positions: vec![start], moves: Vec::new(), stopped: None, marks }
    }

    /// The position the game started from.
    pub fn start(&self) -> &P {
        &self.positions[0]
    }

    /// The position now.
    pub fn current(&self) -> &P {
        // `positions` always holds the start.
        self.positions.last().unwrap_or(&self.positions[0])
    }

    /// Every position reached, the start first.
    pub fn positions(&self) -> &[P] {
        &self.positions
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[P::Move] {
        &self.moves
    }

    /// The last move played and the position it was played from.
    pub fn last_move(&self) -> Option<(&P, P::Move)> {
        let before = self.positions.len().checked_sub(2)?;
        Some((&self.positions[before], *self.moves.last()?))
    }

    /// Plays a move, if the game goes on and the move is legal.
    pub fn play(&mut self, mv: P::Move) -> Result<(), PlayError> {
        if let Some(outcome) = self.outcome() {
            return Err(PlayError::GameOver(outcome.termination));
        }
        let current = self.current().clone();
        if !current.is_legal(mv) {
            return Err(PlayError::Illegal);
        }
        let next = current.play(mv);
        let mark = Mark {
            material: next.material(),
            hash: next.repetition_hash(),
            repeats: self.repeats(&next),
        };
        self.positions.push(next);
        self.marks.push(mark);
        self.moves.push(mv);
        Ok(())
    }

    /// Whether playing `mv` (legal here) would bring back a position reached before, and so end
    /// the game by the repetition rule.
    pub fn repeats_after(&self, mv: P::Move) -> bool {
        self.repeats(&self.current().play(mv))
    }

    /// Whether `position`, about to be reached, stands among the positions reached so far,
    /// looking back only through those that could still repeat it (the same material).
    fn repeats(&self, position: &P) -> bool {
        if !position.repetition_ends_game() {
            return false;
        }
        let (material, hash) = (position.material(), position.repetition_hash());
        let key = position.repetition_key();
        self.marks
            .iter()
            .zip(&self.positions)
            .rev()
            .take_while(|(m, _)| m.material == material)
            .any(|(m, p)| m.hash == hash && p.repetition_key() == key)
    }

    /// Takes back the last move, if there is one. A stop (an agreement, a resignation) is taken
    /// back first.
    pub fn undo(&mut self) -> Option<P::Move> {
        if self.stopped.take().is_some() {
            return None;
        }
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.marks.pop();
        Some(mv)
    }

    /// The players agree to stop here; a game already over stays as it ended.
    pub fn agree_to_stop(&mut self) {
        self.stop(Stop::Agreement);
    }

    /// Stops the game here: by agreement, a resignation or a time forfeit. A game already over
    /// stays as it ended.
    pub fn stop(&mut self, stop: Stop) {
        if self.outcome().is_none() {
            self.stopped = Some(stop);
        }
    }

    /// How the players stopped the game, if they did.
    pub fn stopped(&self) -> Option<Stop> {
        self.stopped
    }

    /// Whether the current position already stood earlier in the game.
    pub fn is_repetition(&self) -> bool {
        self.marks.last().is_some_and(|m| m.repeats)
    }

    /// The end of the game, if it is over.
    pub fn outcome(&self) -> Option<Outcome> {
        let current = self.current();
        if self.is_repetition() {
            Some(current.outcome_on_repetition())
        } else if let Some(outcome) = current.outcome() {
            Some(outcome)
        } else {
            self.stopped.map(|stop| {
                // A resigned or forfeited game is lost, whatever the points: they are kept as
                // they stand.
                match stop {
                    Stop::Agreement => current.outcome_on_agreement(),
                    Stop::Resignation(side) => Outcome {
                        winner: Some(side.opponent()),
                        score: current.points(),
                        termination: Termination::Resignation,
                    },
                    Stop::TimeForfeit(side) => current.outcome_on_time(side),
                }
            })
        }
    }
}

/// Whether `position` stands among `earlier` (oldest first), looking back only through the
/// positions that could still repeat it.
pub(crate) fn repeats<P: Position>(position: &P, earlier: &[P]) -> bool {
    if !position.repetition_ends_game() {
        return false;
    }
    let key = position.repetition_key();
    let material = position.material();
    earlier.iter().rev().take_while(|p| p.material() == material).any(|p| p.repetition_key() == key)
}
