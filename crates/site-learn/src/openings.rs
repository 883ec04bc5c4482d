//! The openings of each game (`openings/GAME.toml`, docs/learn.md): the first moves from the
//! usual start, named and explained in both languages, each with the engine's value at a fixed
//! depth (searched once, then kept). The page adds the explorer's figures from the site's games,
//! which grow as the site plays.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use awe_game::Game;
use awe_players::Playable;
use awe_search::{Limits, Searcher};
use awe_site_core::model::Match;
use awe_site_core::spec::Spec;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::stage::{GAMES, Text};

mod files {
    include!(concat!(env!("OUT_DIR"), "/openings.rs"));
}

/// A named first move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Named {
    #[serde(rename = "move")]
    pub text: String,
    pub name: Text,
    pub about: Text,
}

/// A game's openings file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpeningsFile {
    pub spec: Spec,
    pub intro: Text,
    pub moves: Vec<Named>,
}

/// Reads `GAME.toml`.
pub fn read(path: &str, text: &str) -> Result<(&'static str, OpeningsFile), String> {
    let game = path.strip_suffix(".toml").ok_or("not a .toml file")?;
    let game = GAMES.into_iter().find(|&g| g == game).ok_or(format!("`{game}` is not a game"))?;
    let file: OpeningsFile = toml::from_str(text).map_err(|e| e.to_string())?;
    if file.spec.game() != game {
        return Err(format!("the spec is a game of {}, not of {game}", file.spec.game()));
    }
    let start = Match::new(&file.spec, None).map_err(|e| e.to_string())?;
    for named in &file.moves {
        if start.move_key(&named.text).is_none() {
            return Err(format!("{} is no first move of {game}", named.text));
        }
        for t in [&named.name, &named.about] {
            if t.en.trim().is_empty() || t.fr.trim().is_empty() {
                return Err(format!("{}: every text is given in en and fr", named.text));
            }
        }
    }
    Ok((game, file))
}

/// Every openings file, read: for the tests.
pub fn every_file() -> Vec<Result<(&'static str, OpeningsFile), String>> {
    files::FILES
        .iter()
        .map(|(path, text)| read(path, text).map_err(|e| format!("{path}: {e}")))
        .collect()
}

/// The openings of `game`.
pub fn of(game: &str) -> Option<&'static OpeningsFile> {
    static ALL: OnceLock<Vec<(&'static str, OpeningsFile)>> = OnceLock::new();
    ALL.get_or_init(|| files::FILES.iter().filter_map(|(p, t)| read(p, t).ok()).collect())
        .iter()
        .find(|(g, _)| *g == game)
        .map(|(_, f)| f)
}

/// The depth the engine searches each first move at.
pub fn depth(game: &str) -> u32 {
    match game {
        "awele" => 12,
        "awithlaknannai" => 7,
        _ => 6,
    }
}

/// A first move, the engine's score of it for the side that played it, and the score in words.
pub type Valued = (String, i32, String);

/// The engine's value of the position after each first move, for the side that played it, best
/// first.
pub fn values(game: &str) -> Option<Vec<Valued>> {
    static DONE: OnceLock<Mutex<HashMap<String, Vec<Valued>>>> = OnceLock::new();
    // Held while a game's values are searched: requests that come meanwhile wait for them
    // rather than search them again.
    let mut done = DONE.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    if let Some(v) = done.get(game) {
        return Some(v.clone());
    }
    let file = of(game)?;
    let start = Match::new(&file.spec, None).ok()?;
    fn value<P: Playable>(game: &Game<P>, depth: u32) -> i32 {
        let mut searcher = Searcher::new(P::evaluator(game.start()), 16);
        searcher.search(game, &Limits::depth(depth), |_| {}).score
    }
    let mut values: Vec<Valued> = start
        .legal()
        .iter()
        .filter_map(|m| m["text"].as_str().map(str::to_owned))
        .filter_map(|text| {
            let mut after = start.clone();
            after.play(&text).ok()?;
            // The side to move after it is the other side (at Awechec, an Awélé move at the
            // start): its value negated is the mover's.
            let score = -awe_site_core::model::each!(&after, g => value(g, depth(game)));
            Some((text, score, awe_search::score::describe(score)))
        })
        .collect();
    values.sort_by_key(|(_, score, _)| -score);
    done.insert(game.to_owned(), values.clone());
    Some(values)
}

/// What the page shows of a game's openings.
pub fn view(game: &str) -> Option<Value> {
    let file = of(game)?;
    let start = Match::new(&file.spec, None).ok()?;
    let values = values(game)?;
    let moves: Vec<Value> = values
        .iter()
        .map(|(text, score, words)| {
            let named =
                file.moves.iter().find(|n| start.move_key(&n.text).as_deref() == Some(text));
            json!({
                "move": text,
                "name": named.map(|n| &n.name),
                "about": named.map(|n| &n.about),
                "score": score,
                "value": words,
            })
        })
        .collect();
    Some(json!({
        "game": game,
        "spec": file.spec,
        "intro": file.intro,
        "position": start.position_text(),
        "state": awe_site_core::model::board_state(&start),
        "depth": depth(game),
        "moves": moves,
    }))
}
