//! A game played action by action, kept for undo and for its record.

use awe_game::{Game, Side, Stop};

use crate::{Action, ActionError, Position};

/// The positions of a game of Awechec and the actions between them.
#[derive(Clone, Debug)]
pub struct History {
    positions: Vec<Position>,
    actions: Vec<Action>,
}

impl History {
    /// A game from `start`.
    pub fn new(start: Position) -> History {
        History { positions: vec![start], actions: Vec::new() }
    }

    /// Where the game started.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The game as it stands.
    pub fn current(&self) -> &Position {
        self.positions.last().unwrap_or_else(|| unreachable!("a history is never empty"))
    }

    /// The actions, in order.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The positions, the start first and the current one last.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// A game of the shared trait (as the engines and the server play it) as a history, with how
    /// it was stopped, for its record.
    pub fn of_game(game: &Game<Position>) -> History {
        let mut history = History::new(game.start().clone());
        for &action in game.moves() {
            // The moves were checked as they were played.
            if history.play(action).is_err() {
                break;
            }
        }
        match game.stopped() {
            Some(Stop::Agreement) => history.stop(None),
            Some(Stop::Resignation(side)) => history.stop(Some(side)),
            Some(Stop::TimeForfeit(side)) => history.forfeit_on_time(side),
            None => {}
        }
        history
    }

    /// Takes an action.
    pub fn play(&mut self, action: Action) -> Result<(), ActionError> {
        let next = self.current().play(&action)?;
        self.positions.push(next);
        self.actions.push(action);
        Ok(())
    }

    /// Takes back the last action, if there is one.
    pub fn undo(&mut self) -> Option<Action> {
        let action = self.actions.pop()?;
        self.positions.pop();
        Some(action)
    }

    /// Ends the game by agreement (`None`) or by the resignation of a side.
    pub fn stop(&mut self, resigning: Option<Side>) {
        let last = self.positions.len() - 1;
        self.positions[last].stop(resigning);
    }

    /// Ends the game as `side`'s time runs out (see [`Position::forfeit_on_time`]).
    pub fn forfeit_on_time(&mut self, side: Side) {
        let last = self.positions.len() - 1;
        self.positions[last].forfeit_on_time(side);
    }
}
