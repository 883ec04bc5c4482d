//! Endgames to practise (`practice/GAME/NN-name.toml`, docs/learn.md): a position to win, or to
//! hold to a draw, against the computer, which defends by the endgame databases. Each move of the
//! learner is judged by the databases: the try fails at the move that gives the goal away, and
//! says which moves kept it.

use std::sync::OnceLock;

use awe_game::Side;
use awe_site_core::model::Match;
use awe_site_core::spec::Spec;
use serde::{Deserialize, Serialize};

use crate::check::{LineError, MAX_LINE, Refusal, illegal};
use crate::oracle::{self, Class};
use crate::stage::{GAMES, Text};

mod files {
    include!(concat!(env!("OUT_DIR"), "/practice.rs"));
}

/// What the learner must reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Aim {
    Win,
    Draw,
}

impl Aim {
    fn class(self) -> Class {
        match self {
            Aim::Win => Class::Win,
            Aim::Draw => Class::Draw,
        }
    }
}

/// A practice file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PracticeFile {
    pub title: Text,
    pub spec: Spec,
    pub position: String,
    /// The computer's moves from `position` before the learner's first: a practice of the
    /// second player (the solved Mosona, where the second player wins).
    #[serde(default)]
    pub opening: Vec<String>,
    pub goal: Aim,
    /// The actions the win must come within, counted from the position (both sides', Awechec's
    /// decisions too): Awechec's endgames, which no database holds, are judged so.
    #[serde(default)]
    pub within: Option<u32>,
    pub intro: Text,
}

/// A practice position, read.
#[derive(Clone, Debug)]
pub struct Practice {
    pub id: String,
    pub game: &'static str,
    pub name: String,
    pub file: PracticeFile,
}

impl Practice {
    pub fn start(&self) -> Match {
        let mut game = Match::new(&self.file.spec, Some(&self.file.position))
            .expect("the practice position was checked when it was read");
        for text in &self.file.opening {
            game.play(text).expect("the opening was checked when it was read");
        }
        game
    }

    /// The side the learner plays: the side to move at the start.
    pub fn learner(&self) -> Side {
        self.start().turn()
    }

    /// The actions left for the win after `played` of them (Awechec's), `None` where a database
    /// judges.
    pub fn left(&self, played: usize) -> Option<u32> {
        self.file.within.map(|w| w.saturating_sub(played as u32))
    }
}

/// Reads a practice file (`GAME/NN-name.toml` under `practice/`).
pub fn read(path: &str, text: &str) -> Result<Practice, String> {
    let (game, file) = path.split_once('/').ok_or("not GAME/NN-name.toml")?;
    let game = GAMES.into_iter().find(|&g| g == game).ok_or(format!("`{game}` is not a game"))?;
    let stem = file.strip_suffix(".toml").ok_or("not a .toml file")?;
    let name =
        stem.split_once('-').map(|(_, n)| n).filter(|n| !n.is_empty()).ok_or("NN-name.toml")?;
    let file: PracticeFile = toml::from_str(text).map_err(|e| e.to_string())?;
    if file.spec.game() != game {
        return Err(format!("the spec is a game of {}, not of {game}", file.spec.game()));
    }
    for t in [&file.title, &file.intro] {
        if t.en.trim().is_empty() || t.fr.trim().is_empty() {
            return Err("every text is given in English (en) and French (fr)".into());
        }
    }
    if (game == "awechec") != file.within.is_some() {
        return Err(
            "an Awechec endgame gives `within` (the actions its win comes in), the others none"
                .into(),
        );
    }
    if file.within.is_some() && file.goal != Aim::Win {
        return Err("an endgame judged within a number of actions is a win".into());
    }
    let mut start = Match::new(&file.spec, Some(&file.position)).map_err(|e| e.to_string())?;
    start.check_size().map_err(|e| e.to_string())?;
    for text in &file.opening {
        start.play(text).map_err(|e| format!("the opening's {text}: {e}"))?;
    }
    if start.outcome().is_some() {
        return Err("the game is over before the learner's first move".into());
    }
    Ok(Practice { id: format!("{game}/{name}"), game, name: name.to_owned(), file })
}

/// Every practice position of the build, in order (by game, then by file).
pub fn all() -> &'static [Practice] {
    static ALL: OnceLock<Vec<Practice>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut all: Vec<Practice> =
            files::FILES.iter().filter_map(|(path, text)| read(path, text).ok()).collect();
        all.sort_by_key(|p| GAMES.iter().position(|&g| g == p.game));
        all
    })
}

/// Every practice file, read: for the tests.
pub fn every_file() -> Vec<Result<Practice, String>> {
    files::FILES
        .iter()
        .map(|(path, text)| read(path, text).map_err(|e| format!("{path}: {e}")))
        .collect()
}

pub fn find(game: &str, name: &str) -> Option<&'static Practice> {
    all().iter().find(|p| p.game == game && p.name == name)
}

/// What became of a learner's move.
#[derive(Clone, Debug, PartialEq)]
pub enum Turn {
    Refused(Refusal),
    /// Played, with the computer's replies; `end` once the try is over.
    Played {
        moves: Vec<String>,
        end: Option<End>,
    },
}

/// How a try ended.
#[derive(Clone, Debug, PartialEq)]
pub enum End {
    /// The goal is reached: the game ended won (or drawn, for a draw to hold).
    Reached,
    /// The learner's move `at` gave the goal away: the databases now say `now` (at Awechec,
    /// `Draw`: no win within the actions left); `keeping` are the moves that kept it.
    Lost { at: String, now: Class, keeping: Vec<String> },
    /// The game ended short of the goal (a win drawn out by the quiet rule, say).
    Missed,
    /// Too long: the line reached its length.
    TooLong,
}

/// The game after `line`, checked.
pub fn replay(practice: &Practice, line: &[String]) -> Result<Match, LineError> {
    crate::check::replay_from(practice.start(), line)
}

/// Judges the learner's move `text` after `line`.
pub fn judge(practice: &Practice, line: &[String], text: &str) -> Result<Turn, LineError> {
    let learner = practice.learner();
    let aim = practice.file.goal.class();
    let mut game = replay(practice, line)?;
    if game.outcome().is_some() || game.turn() != learner {
        return Err(LineError::Over);
    }
    let Some(key) = game.move_key(text) else {
        return Ok(Turn::Refused(illegal(&game, text)));
    };
    let before = game.clone();
    game.play(&key).map_err(|e| LineError::Illegal {
        index: line.len(),
        text: key.clone(),
        why: e.to_string(),
    })?;
    let mut moves = vec![key.clone()];
    // The goal given away by this move: where the try was lost.
    let left = practice.left(line.len());
    if let Some(now) = oracle::class(&game, learner, left.map(|l| l.saturating_sub(1)))
        && now < aim
    {
        let keeping = oracle::moves(&before, left)
            .into_iter()
            .filter(|(_, s)| s.is_some_and(|s| Class::of(s) >= aim))
            .map(|(m, _)| m)
            .collect();
        return Ok(Turn::Played { moves, end: Some(End::Lost { at: key, now, keeping }) });
    }
    // The computer defends while it is its turn.
    while game.outcome().is_none() && game.turn() != learner {
        if line.len() + moves.len() >= MAX_LINE {
            return Ok(Turn::Played { moves, end: Some(End::TooLong) });
        }
        // The databases' defence; where they do not reach (the learner left a solved game's
        // proof), the engine's.
        let reply = oracle::best(&game, practice.left(line.len() + moves.len()))
            .or_else(|| crate::check::engine_move(&game))
            .or_else(|| game.legal().first().and_then(|m| m["text"].as_str().map(str::to_owned)))
            .ok_or(LineError::Over)?;
        game.play(&reply).map_err(|e| LineError::Illegal {
            index: line.len() + moves.len(),
            text: reply.clone(),
            why: e.to_string(),
        })?;
        moves.push(reply);
    }
    let end = match game.outcome() {
        Some(outcome) => {
            let got = match outcome.winner {
                Some(w) if w == learner => Class::Win,
                Some(_) => Class::Loss,
                None => Class::Draw,
            };
            Some(if got >= aim { End::Reached } else { End::Missed })
        }
        None if line.len() + moves.len() >= MAX_LINE => Some(End::TooLong),
        // The actions allowed are spent, the game not won (the computer found the one defence).
        None if practice.left(line.len() + moves.len()) == Some(0) => Some(End::Missed),
        None => None,
    };
    Ok(Turn::Played { moves, end })
}

/// Where the learner's moves of `line` first left a solved game's proof: the move played, and
/// the move the certificates prove there. Whether the move played still wins, the proof does not
/// say (it holds one winning strategy): the page says so.
pub fn departure(practice: &Practice, line: &[String]) -> Option<(String, String)> {
    let learner = practice.learner();
    let mut game = practice.start();
    for text in line {
        if game.turn() == learner
            && let Some(proof) = oracle::proof(&game)
            && game.move_key(text) != game.move_key(&proof)
        {
            return Some((text.clone(), proof));
        }
        game.play(text).ok()?;
    }
    None
}
