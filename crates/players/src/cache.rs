//! Where endgame databases are kept: `$AWE_CACHE`, else `$XDG_CACHE_HOME/awe`, else
//! `~/.cache/awe`. `awe endgame` writes them there and the engines read the largest that loads.

use std::path::PathBuf;

use awe_awele::RuleSet;
use awe_awithlaknannai::Settings;
use awe_search::endgame::Endgame;
use awe_search::endgame::awithlaknannai::{self as serpents, SerpentEndgame};

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

/// The largest Awélé database of `rules` in the cache, if there is one that reads.
pub fn awele(rules: RuleSet) -> Option<Endgame> {
    let dir = cache_dir()?;
    (1..=MAX_SEEDS).rev().find_map(|seeds| {
        let path = dir.join(awele_file_name(rules, seeds));
        path.exists().then(|| Endgame::load(&path, rules, seeds).ok()).flatten()
    })
}

/// The largest Awithlaknannai database of the board and rules of `settings` in the cache, if
/// there is one that reads.
pub fn awithlaknannai(settings: Settings) -> Option<SerpentEndgame> {
    let dir = cache_dir()?;
    (1..=serpents::MAX_PIECES).rev().find_map(|pieces| {
        let path = dir.join(serpents::file_name(&settings, pieces));
        path.exists().then(|| SerpentEndgame::load(&path, settings, pieces).ok()).flatten()
    })
}
