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

/// The name under which `awe solve` keeps a certificate in the cache, for level 10 to play from:
/// the board, its lines, the rule set and the root position.
pub fn solved_file_name(settings: &Settings, certificate: &awe_proof::Certificate) -> String {
    let root = certificate.root;
    format!(
        "solved-{}-{:x}{:x}-{:x}-{:x}.cert",
        serpents::file_name(settings, 0).trim_end_matches("-0.db"),
        root.white,
        root.black,
        root.turn.index(),
        root.quiet
    )
}

/// The certificates shipped with awe (`crates/players/solved/`, docs/solving.md): Mosona under
/// `wikipedia` from the start, a win for the second player under the project's rules (26,464
/// positions, checked by the tests), so that level 10 and the site play the solved game without
/// a solve first.
const SHIPPED: &[&[u8]] = &[include_bytes!("../solved/mosona-wikipedia.cert")];

/// The certificates shipped with awe, read.
pub fn shipped_solved() -> Vec<awe_proof::Certificate> {
    SHIPPED.iter().filter_map(|bytes| awe_proof::Certificate::from_bytes(bytes).ok()).collect()
}

/// The certificates of solved positions of the game `settings` describe: those shipped with awe,
/// then those in the cache (those that do not read are passed over).
pub fn awithlaknannai_solved(settings: &Settings) -> Vec<awe_proof::Certificate> {
    let mut all: Vec<awe_proof::Certificate> = shipped_solved()
        .into_iter()
        .filter(|c| {
            c.board == settings.board.kind()
                && c.options == settings.board.options()
                && c.rules == settings.rules
        })
        .collect();
    all.extend(cached_solved(settings));
    all
}

fn cached_solved(settings: &Settings) -> Vec<awe_proof::Certificate> {
    let Some(dir) = cache_dir() else { return Vec::new() };
    let prefix = format!("solved-{}-", serpents::file_name(settings, 0).trim_end_matches("-0.db"));
    let Ok(entries) = std::fs::read_dir(&dir) else { return Vec::new() };
    entries
        .filter_map(|e| e.ok())
        .filter(|e| {
            e.file_name().to_str().is_some_and(|n| n.starts_with(&prefix) && n.ends_with(".cert"))
        })
        .filter_map(|e| std::fs::read(e.path()).ok())
        .filter_map(|bytes| awe_proof::Certificate::from_bytes(&bytes).ok())
        .collect()
}

/// The seeds of the Awélé database built at first need, where the cache has none: a few seconds.
pub const AUTOMATIC_SEEDS: usize = 12;

/// Whether a missing Awélé database is built at first need: yes, unless the program said no or
/// `AWE_ENDGAME=off` is set (tests that want an empty cache).
static AUTOMATIC: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(UNSET);
const UNSET: u8 = 2;

/// Says whether a missing Awélé database is built at first need (the default is yes, unless
/// `AWE_ENDGAME=off`).
pub fn build_when_missing(yes: bool) {
    AUTOMATIC.store(yes as u8, std::sync::atomic::Ordering::Relaxed);
}

fn automatic() -> bool {
    match AUTOMATIC.load(std::sync::atomic::Ordering::Relaxed) {
        UNSET => std::env::var("AWE_ENDGAME").map_or(true, |v| v != "off"),
        yes => yes == 1,
    }
}

/// The largest Awélé database of `rules` in the cache, built first with
/// [`AUTOMATIC_SEEDS`] seeds if the cache has none (and building at first need is on): what the
/// engines use. A build is told to the notice hook before it starts.
pub fn awele_or_build(rules: RuleSet) -> Lookup<Endgame> {
    let lookup = awele(rules);
    if lookup.database.is_some() || !automatic() {
        return lookup;
    }
    let Some(dir) = cache_dir() else { return lookup };
    let path = dir.join(awele_file_name(rules, AUTOMATIC_SEEDS));
    notice(&format!(
        "building the Awélé endgame database of {rules} up to {AUTOMATIC_SEEDS} seeds into {} \
         (once, a few seconds; `awe endgame awele --seeds 20` builds a larger one)",
        path.display()
    ));
    let built = Endgame::build(rules, AUTOMATIC_SEEDS, |_, _, _| {})
        .and_then(|db| std::fs::create_dir_all(&dir).map_err(EndgameError::from).map(|()| db))
        .and_then(|db| db.save(&path).map(|()| db))
        .inspect(|_| {
            SAVED.fetch_add(1, std::sync::atomic::Ordering::Release);
        });
    match built {
        Ok(db) => Lookup { database: Some(db), ignored: lookup.ignored },
        Err(error) => {
            notice(&format!("could not build the Awélé endgame database: {error}"));
            lookup
        }
    }
}

/// How many databases this process has saved into the cache: an evaluation loaded before the
/// latest was saved is loaded again, so that a long-running program (the web server) takes up a
/// larger database built while it runs.
static SAVED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// The count of databases saved by this process, which [`crate::Playable::evaluator`] compares.
pub fn generation() -> u64 {
    SAVED.load(std::sync::atomic::Ordering::Acquire)
}

/// Builds the Awélé database of `rules` up to `seeds` seeds into the cache, unless the cache
/// holds one at least as large that loads, or building is off (`AWE_ENDGAME=off`). `progress`
/// hears of each layer as it starts: its seeds and the share of all boards done before it. The
/// evaluations loaded after it is saved use it; the path saved, `None` if nothing was built.
///
/// Long (eight minutes and 2 GB of memory for 20 seeds under `awechec`): the web server runs it
/// on a thread of its own at the lowest priority.
pub fn build_awele(
    rules: RuleSet,
    seeds: usize,
    mut progress: impl FnMut(usize, f64),
) -> Result<Option<PathBuf>, EndgameError> {
    if seeds > MAX_SEEDS {
        return Err(EndgameError::TooLarge(seeds));
    }
    let has = awele(rules).database.map_or(0, |db| db.max_seeds());
    let Some(dir) = cache_dir().filter(|_| automatic() && has < seeds) else {
        return Ok(None);
    };
    let total: u64 = (0..=seeds).map(awe_search::endgame::layer_size).sum();
    let mut layer = None;
    let db = Endgame::build(rules, seeds, |n, _, _| {
        if layer != Some(n) {
            layer = Some(n);
            let done: u64 = (0..n).map(awe_search::endgame::layer_size).sum();
            progress(n, done as f64 / total as f64);
        }
    })?;
    std::fs::create_dir_all(&dir)?;
    let path = dir.join(awele_file_name(rules, seeds));
    db.save(&path)?;
    SAVED.fetch_add(1, std::sync::atomic::Ordering::Release);
    Ok(Some(path))
}

/// What a program does with a notice of the cache (a database built).
type Notice = Box<dyn Fn(&str) + Send + Sync>;

static ON_NOTICE: OnceLock<Notice> = OnceLock::new();

/// Has `hook` hear the cache's notices (a database being built at first need). Set once.
pub fn on_notice(hook: impl Fn(&str) + Send + Sync + 'static) -> bool {
    ON_NOTICE.set(Box::new(hook)).is_ok()
}

fn notice(text: &str) {
    if let Some(hook) = ON_NOTICE.get() {
        hook(text);
    }
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
