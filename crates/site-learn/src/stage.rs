//! A stage of a lesson, as its file gives it (`lessons/GAME/NN-name.toml`, docs/learn.md): a
//! position, a goal, the texts in both languages, what to say of a wrong move, and an animation
//! of the rule it teaches. The files are read once, checked, and kept in order.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use awe_site_core::model::Match;
use awe_site_core::spec::Spec;
use serde::{Deserialize, Serialize};

mod files {
    include!(concat!(env!("OUT_DIR"), "/files.rs"));
}

/// The games that have lessons, in the order the page lists them.
pub const GAMES: [&str; 3] = ["awele", "awithlaknannai", "awechec"];

/// A text in both of the site's languages.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Text {
    pub en: String,
    pub fr: String,
}

/// What the learner must do. Exactly one of `moves`, `capture`, `win` and `chess` is given.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Goal {
    /// Play these moves, in order (the replies between them are the stage's).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<String>,
    /// Take at least this many: seeds at Awélé, pieces at Awithlaknannai, powers of one's colour
    /// at Awechec (made since the stage began).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capture: Option<u32>,
    /// End the game as its winner.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub win: bool,
    /// Awechec: reach the chess game (a power to decide on or use).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub chess: bool,
    /// The learner's moves allowed (the goal's moves, or 1, if not given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub within: Option<u32>,
}

impl Goal {
    /// The learner's moves allowed.
    pub fn within(&self) -> u32 {
        self.within.unwrap_or(self.moves.len().max(1) as u32)
    }
}

/// What to say of a legal move that misses the goal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Wrong {
    #[serde(rename = "move")]
    pub text: String,
    pub why: Text,
}

/// A step of the animation: a move, and what it shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Frame {
    #[serde(rename = "move")]
    pub text: String,
    pub caption: Text,
}

/// A stage file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StageFile {
    pub title: Text,
    /// The game and its rules, as the site names them (`{ game = "awele", rules = "abapa" }`).
    pub spec: Spec,
    /// The position, as the game writes it; the usual start if not given.
    #[serde(default)]
    pub position: Option<String>,
    /// What the stage teaches, shown before the first move.
    pub intro: Text,
    pub goal: Goal,
    /// The other side's moves, in order, while they are legal; the engine's after.
    #[serde(default)]
    pub replies: Vec<String>,
    /// One way to the goal: the learner's moves (the file's test plays them).
    pub solution: Vec<String>,
    /// What to say of a legal move that misses the goal.
    pub miss: Text,
    /// What to say of particular legal first moves that miss it: refused at once, whatever
    /// moves are left.
    #[serde(default)]
    pub wrong: Vec<Wrong>,
    /// Said when the goal is reached.
    pub success: Text,
    /// The animation of the rule, from the stage's position.
    #[serde(default)]
    pub animation: Vec<Frame>,
    /// A caption for the position before the animation's first move.
    #[serde(default)]
    pub animation_intro: Option<Text>,
}

/// A stage, read and checked.
#[derive(Clone, Debug)]
pub struct Stage {
    /// `awele/sowing`: its game and its name.
    pub id: String,
    pub game: &'static str,
    /// Its name in the address (`sowing`).
    pub name: String,
    pub file: StageFile,
}

impl Stage {
    /// The game at the stage's start.
    pub fn start(&self) -> Match {
        // Checked when read.
        Match::new(&self.file.spec, self.file.position.as_deref())
            .expect("the stage's position was checked when it was read")
    }
}

/// Why a stage file is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("lessons/{path}: {why}")]
pub struct StageError {
    pub path: String,
    pub why: String,
}

/// Reads a stage file (`path` under `lessons/`, `GAME/NN-name.toml`).
pub fn read(path: &str, text: &str) -> Result<Stage, StageError> {
    let error = |why: String| StageError { path: path.to_owned(), why };
    let (game, file) = path.split_once('/').ok_or_else(|| error("not GAME/NN-name.toml".into()))?;
    let game = GAMES
        .into_iter()
        .find(|&g| g == game)
        .ok_or_else(|| error(format!("`{game}` is not a game (awele, awithlaknannai, awechec)")))?;
    let stem = file.strip_suffix(".toml").ok_or_else(|| error("not a .toml file".into()))?;
    let name = match stem.split_once('-') {
        Some((number, name)) if number.chars().all(|c| c.is_ascii_digit()) && !name.is_empty() => {
            name
        }
        _ => return Err(error("the file's name is NN-name.toml".into())),
    };
    if !name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
        return Err(error(format!("`{name}`: a stage's name is lower-case letters, digits and -")));
    }
    let file: StageFile = toml::from_str(text).map_err(|e| error(e.to_string()))?;
    if file.spec.game() != game {
        return Err(error(format!("the spec is a game of {}, not of {game}", file.spec.game())));
    }
    let goal = &file.goal;
    let kinds = [!goal.moves.is_empty(), goal.capture.is_some(), goal.win, goal.chess];
    if kinds.iter().filter(|&&k| k).count() != 1 {
        return Err(error("the goal is one of moves, capture, win and chess".into()));
    }
    if goal.chess && game != "awechec" {
        return Err(error("only Awechec has a chess game to reach".into()));
    }
    if goal.within() == 0 || goal.within() > 20 {
        return Err(error("a goal is within 1 to 20 moves".into()));
    }
    for text in texts(&file) {
        if text.en.trim().is_empty() || text.fr.trim().is_empty() {
            return Err(error("every text is given in English (en) and French (fr)".into()));
        }
    }
    let stage = Stage { id: format!("{game}/{name}"), game, name: name.to_owned(), file };
    let start = Match::new(&stage.file.spec, stage.file.position.as_deref())
        .map_err(|e| error(e.to_string()))?;
    start.check_size().map_err(|e| error(e.to_string()))?;
    Ok(stage)
}

/// Every text of a stage file.
fn texts(file: &StageFile) -> Vec<&Text> {
    let mut all = vec![&file.title, &file.intro, &file.miss, &file.success];
    all.extend(file.wrong.iter().map(|w| &w.why));
    all.extend(file.animation.iter().map(|f| &f.caption));
    all.extend(file.animation_intro.as_ref());
    all
}

/// Every stage the build holds, in order: by game, then by the number of its file.
pub fn all() -> &'static [Stage] {
    static STAGES: OnceLock<Vec<Stage>> = OnceLock::new();
    STAGES.get_or_init(|| {
        let mut stages: Vec<Stage> = files::FILES
            .iter()
            // A file that does not read is left out (its test says why: `every_file_reads`).
            .filter_map(|(path, text)| read(path, text).ok())
            .collect();
        stages.sort_by_key(|s| GAMES.iter().position(|&g| g == s.game));
        stages
    })
}

/// The stage `game/name`.
pub fn find(game: &str, name: &str) -> Option<&'static Stage> {
    all().iter().find(|s| s.game == game && s.name == name)
}

/// Every stage file of the build, read: for the tests, which name each that does not read.
pub fn every_file() -> Vec<Result<Stage, StageError>> {
    files::FILES.iter().map(|(path, text)| read(path, text)).collect()
}

/// The stages of each game, for the list: `{game: [id…]}`.
pub fn by_game() -> BTreeMap<&'static str, Vec<&'static Stage>> {
    let mut map: BTreeMap<&str, Vec<&Stage>> = BTreeMap::new();
    for stage in all() {
        map.entry(stage.game).or_default().push(stage);
    }
    map
}
