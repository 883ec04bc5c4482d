//! What the bindings do the same way for every game, written once against [`Bindable`]: perft,
//! random playouts, searches and the moves of a line. The classes of `classes.rs` call
//! these, the GIL released.

use std::time::{Duration, Instant};

use awe_game::playout::random_playout;
use awe_game::repetition::Seen;
use awe_game::{Game, Position, Side, perft};
use awe_players::Playable;
use awe_search::{Engine, Limits, Report};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::common::PlayoutStats;

/// A game as the bindings see it: a position the engines play, with what the Python classes need
/// besides the shared trait (its settings, records, a picture, an observation for learning).
pub trait Bindable: Playable<Move: std::hash::Hash> + Sync {
    /// What stays the same from move to move (the rule set, the board, the variant), as the
    /// game objects of Python (`awe.Awele`, ...) hold it.
    type Settings: Clone + Send + Sync + 'static;

    /// The settings `position` is played under.
    fn settings(position: &Self) -> Self::Settings;

    /// Whether the position text says everything about `position` (what pickling a lone position
    /// relies on).
    fn text_is_whole(position: &Self) -> bool;

    /// The settings as Python writes a game object: `Awele(rules='abapa')`.
    fn describe(settings: &Self::Settings) -> String;

    /// The record of `game` (tags, then the moves), as `awe replay` reads it.
    fn record(game: &Game<Self>, settings: &Self::Settings, names: [&str; 2]) -> String;

    /// A game replayed from its record, every move checked, or why it cannot be.
    fn replay(text: &str) -> Result<Game<Self>, String>;

    /// The board as the command line draws it, with the last move played.
    fn diagram(position: &Self, last: Option<&str>, over: bool) -> String;

    /// The position as numbers for a learning program, each in 0..1 (see `docs/python.md`).
    fn observation(position: &Self) -> Vec<f32>;
}

/// The leaves `depth` plies below the current position of `game`.
pub fn count_leaves<P: Position>(game: &Game<P>, depth: u32) -> u64 {
    perft::perft(game, depth)
}

/// The leaves below each legal move, as its text.
pub fn divide<P: Position>(game: &Game<P>, depth: u32) -> Vec<(String, u64)> {
    perft::divide(game, depth)
        .into_iter()
        .map(|(mv, leaves)| (game.current().move_text(mv), leaves))
        .collect()
}

/// A random number generator from a seed, or from the system's entropy.
pub fn rng(seed: Option<u64>) -> SmallRng {
    match seed {
        Some(seed) => SmallRng::seed_from_u64(seed),
        None => SmallRng::from_os_rng(),
    }
}

/// `count` random playouts from `start`, their results added up.
pub fn playouts<P: Position>(start: &P, count: u64, seed: Option<u64>) -> PlayoutStats {
    let mut rng = rng(seed);
    let mut seen = Seen::default();
    let mut stats = PlayoutStats { games: count, ..PlayoutStats::default() };
    let started = Instant::now();
    for _ in 0..count {
        let playout = random_playout(start, &mut rng, &mut seen);
        stats.plies += u64::from(playout.plies);
        match playout.outcome.winner {
            Some(Side::South) => stats.south_wins += 1,
            Some(Side::North) => stats.north_wins += 1,
            None => stats.draws += 1,
        }
    }
    stats.seconds = started.elapsed().as_secs_f64();
    stats
}

/// One random playout from `start`.
pub fn playout<P: Position>(start: &P, seed: Option<u64>) -> awe_game::playout::Playout {
    random_playout(start, &mut rng(seed), &mut Seen::default())
}

/// The limits of a search from Python's arguments: at least one of them, so that no search runs
/// for ever.
pub fn limits(
    depth: Option<u32>,
    seconds: Option<f64>,
    nodes: Option<u64>,
) -> Result<Limits, String> {
    if depth.is_none() && seconds.is_none() && nodes.is_none() {
        return Err("give the search a limit: depth, time (seconds) or nodes".to_owned());
    }
    if depth == Some(0) {
        return Err("depth: at least 1".to_owned());
    }
    Ok(Limits { depth, time: duration(seconds)?, nodes, ..Limits::default() })
}

/// Seconds from Python as a duration, if given: finite and not negative.
pub fn duration(seconds: Option<f64>) -> Result<Option<Duration>, String> {
    seconds
        .map(|s| {
            Duration::try_from_secs_f64(s)
                .map_err(|_| format!("time: {s} is not a number of seconds (0 or more)"))
        })
        .transpose()
}

/// What a search found, every completed depth's report first to last.
pub struct Found<M> {
    pub best: Option<M>,
    pub reports: Vec<Report<M>>,
}

/// A search of `game` within `limits` by `engine`'s searcher, keeping every depth's report.
pub fn search<P: Bindable>(
    engine: &mut Engine<P, P::Eval>,
    game: &Game<P>,
    limits: &Limits,
) -> Found<P::Move> {
    let mut reports = Vec::new();
    let last = engine.searcher().search(game, limits, |r| reports.push(r.clone()));
    Found { best: last.best().copied(), reports }
}

/// The move `engine` plays at its level in `game`, thinking at most `time`, with the reports of
/// the search it made (none where it chose from a book, a proof or among nearly best moves).
pub fn choose<P: Bindable>(
    engine: &mut Engine<P, P::Eval>,
    game: &Game<P>,
    time: Option<Duration>,
) -> Found<P::Move> {
    let mut reports = Vec::new();
    let best = engine.choose(game, time, |r| reports.push(r.clone()));
    Found { best, reports }
}

/// The positions a line of moves is played from, `start` first: the position each move's text
/// is read in.
pub fn line_positions<P: Position>(start: &P, moves: &[P::Move]) -> Vec<P> {
    let mut positions = Vec::with_capacity(moves.len());
    let mut position = start.clone();
    for &mv in moves {
        let next = position.play(mv);
        positions.push(std::mem::replace(&mut position, next));
    }
    positions
}
