//! Where endgame databases are kept: `$AWE_CACHE`, else `$XDG_CACHE_HOME/awe`, else
//! `~/.cache/awe`. `awe endgame` writes them there and the engines read the largest that loads.
//!
//! A file that does not load (damaged, cut short, of an old format) is passed over for a smaller
//! one, and said: the lookups return what they ignored and why, and [`report`] passes it on to
//! whoever the program has named with [`on_ignored`] (the command line prints it), since a
//! library has no business writing to a terminal but a user must learn why the engine plays
//! without the database they built.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use awe_awele::RuleSet;
use awe_awithlaknannai::{BoardKind, Settings};
use awe_search::endgame::awithlaknannai::{self as serpents, SerpentEndgame};
use awe_search::endgame::{Endgame, EndgameError};

/// The largest Awélé database a build may ask for.
pub const MAX_SEEDS: usize = 24;

/// The cache folder, if the environment names one.
pub fn cache_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("AWE_CACHE") {
        return Some(PathBuf::from(dir));
    }
    if let Some(dir) = std::env::var_os("XDG_CACHE_HOME") {
        return Some(PathBuf::from(dir).join("awe"));
    }
    std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cache").join("awe"))
}

/// The file name of the Awélé database of `rules` up to `seeds` seeds.
pub fn awele_file_name(rules: RuleSet, seeds: usize) -> String {
    format!("awele-{}-{seeds}.db", rules.name())
}

/// A database file of the cache that was passed over, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ignored {
    pub path: PathBuf,
    /// Why, and how to mend it where rebuilding does: `checksum mismatch: the file is damaged;
    /// rebuild it with awe endgame awele --seeds 12`.
    pub reason: String,
}

impl fmt::Display for Ignored {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ignored the endgame database {}: {}", self.path.display(), self.reason)
    }
}

/// What the cache holds for a game: the largest database that loads, and the larger files that
/// did not, largest first.
#[derive(Debug)]
pub struct Lookup<T> {
    pub database: Option<T>,
    pub ignored: Vec<Ignored>,
}

/// The largest Awélé database of `rules` in the cache that loads, and the files passed over.
pub fn awele(rules: RuleSet) -> Lookup<Endgame> {
    let rebuild = |seeds| {
        let rules = if rules == RuleSet::default() {
            String::new()
        } else {
            format!(" --rules {}", rules.name())
        };
        format!("awe endgame awele{rules} --seeds {seeds}")
    };
    largest(
        MAX_SEEDS,
        |seeds| awele_file_name(rules, seeds),
        rebuild,
        |path, seeds| Endgame::load(path, rules, seeds),
    )
}

/// The largest Awithlaknannai database of the board and rules of `settings` in the cache that
/// loads, and the files passed over.
pub fn awithlaknannai(settings: Settings) -> Lookup<SerpentEndgame> {
    let rebuild = |pieces| {
        let mut command = String::from("awe endgame awithlaknannai");
        if settings.board.kind() != BoardKind::Mosona {
            command += &format!(" --board {}", settings.board.kind());
        }
        if settings.rules != Default::default() {
            command += &format!(" --rules {}", settings.rules.name());
        }
        let options = settings.board.options();
        if !options.outer_lines {
            command += " --no-outer-lines";
        }
        if !options.end_lines {
            command += " --no-end-lines";
        }
        format!("{command} --pieces {pieces}")
    };
    largest(
        serpents::MAX_PIECES,
        |pieces| serpents::file_name(&settings, pieces),
        rebuild,
        |path, pieces| SerpentEndgame::load(path, settings, pieces),
    )
}

/// The largest database of sizes `max` down to 1 that `load` reads from the cache, and the files
/// of larger sizes it could not read.
fn largest<T>(
    max: usize,
    name: impl Fn(usize) -> String,
    rebuild: impl Fn(usize) -> String,
    load: impl Fn(&Path, usize) -> Result<T, EndgameError>,
) -> Lookup<T> {
    let mut lookup = Lookup { database: None, ignored: Vec::new() };
    let Some(dir) = cache_dir() else {
        return lookup;
    };
    for size in (1..=max).rev() {
        let path = dir.join(name(size));
        if !path.exists() {
            continue;
        }
        match load(&path, size) {
            Ok(database) => {
                lookup.database = Some(database);
                break;
            }
            Err(error) => {
                let reason = match error {
                    // Rebuilding does not mend a file that cannot be read.
                    EndgameError::Io(error) => error.to_string(),
                    error => format!("{error}; rebuild it with {}", rebuild(size)),
                };
                lookup.ignored.push(Ignored { path, reason });
            }
        }
    }
    lookup
}

/// What a program does with a file the engines pass over.
type Hook = Box<dyn Fn(&Ignored) + Send + Sync>;

/// Who hears of the files the engines pass over: nobody until the program says.
static ON_IGNORED: OnceLock<Hook> = OnceLock::new();

/// Has `hook` hear of every database file [`report`] is given (the evaluators of
/// [`crate::Playable`] report what their lookups ignored). Set once, by the program:
/// false if a hook was set already.
pub fn on_ignored(hook: impl Fn(&Ignored) + Send + Sync + 'static) -> bool {
    ON_IGNORED.set(Box::new(hook)).is_ok()
}

/// Passes the files a lookup ignored to the hook set by [`on_ignored`], if any.
pub fn report(ignored: &[Ignored]) {
    if let Some(hook) = ON_IGNORED.get() {
        ignored.iter().for_each(hook);
    }
}
