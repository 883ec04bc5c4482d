//! What the endgame databases say of a practice position: won, drawn or lost for the side to
//! move, played perfectly, and a score to choose the best defence by. Awélé reads the seed
//! databases of its rule set (the cache's largest, else the 12 seeds built at first need);
//! Awithlaknannai reads its piece databases (the cache's, else a small one built here once), and
//! above them the certificates of solved positions (Mosona under `wikipedia` from the start,
//! shipped with awe): the winner's proven moves, and the longest game the loser can make of it.
//! Awechec has no database: its endgames are won within a number of actions, and the plainest
//! search (every move, the whole history, no table: `awe_search::fastest`) proves the fastest
//! win within the actions left, or that there is none.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use awe_awele::RuleSet;
use awe_awithlaknannai::Settings;
use awe_game::{Position, Side};
use awe_search::endgame::Endgame;
use awe_search::endgame::awithlaknannai::{SerpentEndgame, Value};
use awe_site_core::model::Match;

/// A result, for one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Class {
    Loss,
    Draw,
    Win,
}

impl Class {
    /// The result a score means.
    pub fn of(score: i32) -> Class {
        match score.signum() {
            1 => Class::Win,
            0 => Class::Draw,
            _ => Class::Loss,
        }
    }
}

/// The seeds an Awélé practice position may have on its board: the database built at first need
/// holds them (seconds to build).
pub const AWELE_SEEDS: usize = 12;

/// The pieces a piece database built here holds (about a second on Mosona).
pub const SERPENT_PIECES: usize = 4;

fn awele_db(rules: RuleSet) -> Option<Endgame> {
    static DBS: OnceLock<Mutex<HashMap<String, Option<Endgame>>>> = OnceLock::new();
    let dbs = DBS.get_or_init(Default::default);
    let mut dbs = dbs.lock().unwrap_or_else(|e| e.into_inner());
    dbs.entry(rules.name().to_owned())
        .or_insert_with(|| {
            // The cache's (built at first need unless that is off), else 12 seeds built here.
            match awe_players::cache::awele_or_build(rules).database {
                Some(db) if db.max_seeds() >= AWELE_SEEDS => Some(db),
                _ => Endgame::build(rules, AWELE_SEEDS, |_, _, _| {}).ok(),
            }
        })
        .clone()
}

fn serpent_db(settings: Settings) -> Option<Arc<SerpentEndgame>> {
    type Dbs = Mutex<HashMap<(String, String), Option<Arc<SerpentEndgame>>>>;
    static DBS: OnceLock<Dbs> = OnceLock::new();
    let dbs = DBS.get_or_init(Default::default);
    let mut dbs = dbs.lock().unwrap_or_else(|e| e.into_inner());
    let key = (settings.board.kind().name().to_owned(), settings.rules.name().to_owned());
    dbs.entry(key)
        .or_insert_with(|| {
            let cached = awe_players::cache::awithlaknannai(settings).database;
            match cached {
                Some(db) if db.max_pieces() >= SERPENT_PIECES => Some(Arc::new(db)),
                _ => {
                    SerpentEndgame::build(settings, SERPENT_PIECES, |_, _, _| {}).ok().map(Arc::new)
                }
            }
        })
        .clone()
}

/// The move the certificates prove for the side to move (Awithlaknannai's solved positions
/// only), as the game writes it.
pub fn proof(game: &Match) -> Option<String> {
    let Match::Awithlaknannai(g) = game else { return None };
    let position = g.current();
    let (mv, score) = awe_players::solved(position.settings())?.get(position)?;
    (score > 0).then(|| position.move_text(mv))
}

/// The positions the plain search may visit for one Awechec question.
const AWECHEC_BUDGET: u64 = 2_000_000;

/// The score of the game's position for `side`, played perfectly: positive won, zero drawn,
/// negative lost; larger is better for `side` (more seeds, a faster win, a longer defence).
/// At Awechec, positive is a win within `left` actions (the fastest the best), zero none.
/// `None` where no database reaches (or where it knows only bounds, or the search ran out).
pub fn score(game: &Match, side: Side, left: Option<u32>) -> Option<i32> {
    if let Some(outcome) = game.outcome() {
        return Some(match outcome.winner {
            Some(w) if w == side => 100_000,
            Some(_) => -100_000,
            None => 0,
        });
    }
    match game {
        Match::Awele(g) => {
            let position = g.current();
            let known = awele_db(position.rule_set())?.probe(position)?;
            if !known.is_exact() {
                return None;
            }
            let mover = position.turn();
            let made = position.captured(mover) as i32 - position.captured(mover.opponent()) as i32;
            let margin = made + known.low as i32;
            Some(if mover == side { margin } else { -margin })
        }
        Match::Awithlaknannai(g) => {
            let position = g.current();
            let settings = *position.settings();
            if let Some(value) = serpent_db(settings).and_then(|db| db.probe(position)) {
                let mover = match value {
                    Value::Win(d) => 10_000 - d as i32,
                    Value::QuietWin => 5_000,
                    Value::Draw => 0,
                    Value::QuietLoss => -5_000,
                    Value::Loss(d) => -10_000 + d as i32,
                };
                return Some(if position.turn() == side { mover } else { -mover });
            }
            // Above the database: a solved position, its winner's strategy against every
            // defence, the longest game the loser can make of it.
            let (winner, plies) = awe_players::solved(&settings)?.value(position)?;
            let won = 10_000 - plies as i32;
            Some(if winner == side { won } else { -won })
        }
        Match::Awechec(g) => {
            use awe_search::fastest::{Fastest, fastest_win_of};
            match fastest_win_of(g, side, left?, AWECHEC_BUDGET) {
                Fastest::Win { plies, .. } => Some(10_000 - plies as i32),
                Fastest::None => Some(0),
                Fastest::Unknown { .. } => None,
            }
        }
    }
}

/// The result for `side`, played perfectly from here (at Awechec, within `left` actions).
pub fn class(game: &Match, side: Side, left: Option<u32>) -> Option<Class> {
    score(game, side, left).map(Class::of)
}

/// Each legal move of the side to move, with the score it keeps for that side (at Awechec,
/// within `left` actions from before it).
pub fn moves(game: &Match, left: Option<u32>) -> Vec<(String, Option<i32>)> {
    let side = game.turn();
    let left = left.map(|l| l.saturating_sub(1));
    game.legal()
        .iter()
        .filter_map(|m| m["text"].as_str().map(str::to_owned))
        .map(|text| {
            let mut after = game.clone();
            let score = after.play(&text).ok().and_then(|()| score(&after, side, left));
            (text, score)
        })
        .collect()
}

/// The best move of the side to move by the databases (the first of the best, in the order of
/// the legal moves): the computer's defence, and the hint.
pub fn best(game: &Match, left: Option<u32>) -> Option<String> {
    let mut best: Option<(String, i32)> = None;
    for (text, score) in moves(game, left) {
        let Some(score) = score else { continue };
        if best.as_ref().is_none_or(|(_, b)| score > *b) {
            best = Some((text, score));
        }
    }
    best.map(|(text, _)| text)
}
