//! Levels of play on top of the search: the weaker levels look a few plies ahead and choose among
//! the moves nearly as good as the best, so that they play plausible moves, not random ones; the
//! stronger look further, level 10 as far as its time allows.
//!
//! How far each level looks is the game's to say ([`Evaluator::strength`]): the plies that tell
//! two players apart are not the same in every game.

use std::time::Duration;

use awe_game::{Game, Position};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::eval::Evaluator;
pub use crate::level::{Level, Strength};
use crate::score::Score;
use crate::search::{Limits, Report, Searcher};

/// A computer player: a search at a level, with its own random choices.
pub struct Engine<P: Position, E> {
    searcher: Searcher<P, E>,
    level: Level,
    rng: SmallRng,
    /// Whether the time a move is given is that move's alone (see [`crate::time`]).
    spend_all: bool,
}

impl<P: Position, E: Evaluator<P>> Engine<P, E> {
    /// An engine at `level`; `seed` makes its choices among equal moves repeatable.
    pub fn new(eval: E, level: Level, seed: u64) -> Self {
        Engine::with_table(eval, level, seed, 32)
    }

    /// An engine whose transposition table takes about `megabytes` (a server runs many).
    pub fn with_table(eval: E, level: Level, seed: u64, megabytes: usize) -> Self {
        Engine {
            searcher: Searcher::new(eval, megabytes),
            level,
            rng: SmallRng::seed_from_u64(seed),
            spend_all: false,
        }
    }

    /// Spends all the time each move is given (a match's time a move), rather than saving what a
    /// search sure of its move does not need (a share of a clock, the default).
    pub fn set_spend_all(&mut self, on: bool) {
        self.spend_all = on;
    }

    /// Its level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Forgets what it learnt (a new game).
    pub fn new_game(&mut self) {
        self.searcher.clear();
    }

    /// The searcher, for analysis.
    pub fn searcher(&mut self) -> &mut Searcher<P, E> {
        &mut self.searcher
    }

    /// A move for the current position of `game`, thinking at most `time` (the level's depth
    /// bounds it too); `None` if the game is over.
    pub fn choose(
        &mut self,
        game: &Game<P>,
        time: Option<Duration>,
        report: impl FnMut(&Report<P::Move>),
    ) -> Option<P::Move> {
        if game.outcome().is_some() {
            return None;
        }
        // A single legal move needs no thought.
        let mut moves = P::MoveList::default();
        game.current().legal_moves(&mut moves);
        if let [only] = moves[..] {
            return Some(only);
        }
        if self.level.get() == 10
            && let Some((mv, _)) = self.searcher.evaluator().proven(game.current())
        {
            return Some(mv);
        }
        if self.level.get() >= 9
            && let Some((mv, _)) = book_move(self.searcher.evaluator(), game)
        {
            return Some(mv);
        }
        let strength = self.searcher.evaluator().strength(self.level);
        let tolerance = strength.tolerance;
        if tolerance > 0.0 {
            let scores = self.searcher.root_scores(game, strength.depth);
            let best = scores.first()?.1;
            let slack = (tolerance * self.searcher.evaluator().point() as f64) as Score;
            let near: Vec<_> = scores.iter().filter(|&&(_, s)| s >= best - slack).collect();
            return Some(near[self.rng.random_range(0..near.len())].0);
        }
        let limits = Limits {
            depth: Some(strength.depth),
            time,
            spend_all: self.spend_all,
            ..Limits::default()
        };
        let found = self.searcher.search(game, &limits, report);
        found.best().copied()
    }
}

/// The opening book's move for the current position of `game` and its value, if the book of
/// `evaluator`'s game has one and the move does not repeat a position (the book knows positions,
/// not the games they came from).
pub fn book_move<P: Position, E: Evaluator<P>>(
    evaluator: &E,
    game: &Game<P>,
) -> Option<(P::Move, Score)> {
    let (mv, value) = evaluator.book(game.current())?.lookup(game.current())?;
    let mut next = game.clone();
    next.play(mv).ok()?;
    (!next.is_repetition()).then_some((mv, value))
}
