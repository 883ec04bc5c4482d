//! `awe endgame`: builds an Awélé endgame database into the cache, where the engines find it.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Result, bail};
use awe_awele::RuleSet;
use awe_search::endgame::{Endgame, layer_size};

use crate::args::{EndgameArgs, GameName};

/// The largest database a build may ask for.
const MAX_SEEDS: usize = 24;

/// Where databases are kept: `$AWE_CACHE`, or `$XDG_CACHE_HOME/awe`, or `~/.cache/awe`.
pub fn cache_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("AWE_CACHE") {
        return Some(PathBuf::from(dir));
    }
    if let Some(dir) = std::env::var_os("XDG_CACHE_HOME") {
        return Some(PathBuf::from(dir).join("awe"));
    }
    std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cache").join("awe"))
}

fn file_name(rules: RuleSet, seeds: usize) -> String {
    format!("awele-{}-{seeds}.db", rules.name())
}

/// The largest database of `rules` in the cache, if there is one that reads.
pub fn cached(rules: RuleSet) -> Option<Endgame> {
    let dir = cache_dir()?;
    (1..=MAX_SEEDS).rev().find_map(|seeds| {
        let path = dir.join(file_name(rules, seeds));
        path.exists().then(|| Endgame::load(&path, rules, seeds).ok()).flatten()
    })
}

pub fn run(args: EndgameArgs) -> Result<()> {
    if args.game != GameName::Awele {
        bail!("awe endgame builds Awélé databases only");
    }
    anyhow::ensure!(args.seeds <= MAX_SEEDS, "--seeds: at most {MAX_SEEDS}");
    let rules: RuleSet = args.rules.as_deref().map_or(Ok(RuleSet::Awechec), str::parse)?;
    let path = match args.path {
        Some(path) => path,
        None => match cache_dir() {
            Some(dir) => dir.join(file_name(rules, args.seeds)),
            None => bail!("no cache folder (set AWE_CACHE or HOME), and no --path"),
        },
    };
    let total: u64 = (0..=args.seeds).map(layer_size).sum();
    println!("awele {rules}: {total} boards of up to {} seeds", args.seeds);
    let started = Instant::now();
    let mut done_before = 0u64;
    let mut last_layer = usize::MAX;
    let mut shown = Instant::now();
    let db = Endgame::build(rules, args.seeds, |seeds, iteration, changed| {
        // A few times a second, and at each new layer.
        if seeds == last_layer && shown.elapsed().as_millis() < 250 {
            return;
        }
        shown = Instant::now();
        if seeds != last_layer {
            if last_layer != usize::MAX {
                done_before += layer_size(last_layer);
            }
            last_layer = seeds;
        }
        let share = (done_before + layer_size(seeds) / 2) as f64 / total as f64;
        let bar = "#".repeat((share * 30.0) as usize);
        eprint!(
            "\r[{bar:<30}] {:>3.0}%  {seeds:>2} seeds, iteration {iteration:>3}, {changed:>10} changed  ",
            share * 100.0
        );
        let _ = std::io::stderr().flush();
    })?;
    eprintln!();
    db.save(&path)?;
    println!("{} boards in {:.1} s, {} bytes", db.len(), started.elapsed().as_secs_f64(), db.len());
    println!("saved to {}", path.display());
    Ok(())
}
