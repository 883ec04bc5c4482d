//! `awe endgame`: builds an endgame database into the cache, where the engines find it.

use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use awe_awele::RuleSet;
use awe_players::cache::{MAX_SEEDS, awele_file_name, cache_dir};
use awe_search::endgame::awithlaknannai::{self as serpents, SerpentEndgame};
use awe_search::endgame::{Endgame, layer_size};

use crate::args::{EndgameArgs, GameName};

pub fn run(args: EndgameArgs) -> Result<()> {
    match args.game {
        GameName::Awele => awele(args),
        GameName::Awithlaknannai => awithlaknannai(args),
        GameName::Awechec => bail!("awe endgame builds Awélé and Awithlaknannai databases"),
    }
}

/// The most seeds of an Awélé database when `--seeds` does not say.
const DEFAULT_SEEDS: usize = 12;

/// The most pieces of an Awithlaknannai database when `--pieces` does not say.
const DEFAULT_PIECES: usize = 5;

/// Prints on standard error, once a file, each endgame database the engines pass over and why:
/// otherwise an engine would play without a database its user built, and nobody would know.
pub fn warn_of_ignored_databases() {
    awe_players::cache::on_notice(|text| eprintln!("awe: {text}"));
    let seen = Mutex::new(HashSet::new());
    awe_players::cache::on_ignored(move |ignored| {
        // Matches look the cache up for every game: one warning a file is enough.
        if seen.lock().map_or(true, |mut seen| seen.insert(ignored.path.clone())) {
            eprintln!("awe: {ignored}");
        }
    });
}

/// Where to write a database: `--path` (`name` in it if it is a folder), or `name` in the
/// cache.
fn destination(path: Option<PathBuf>, name: String) -> Result<PathBuf> {
    match path {
        Some(path) if path.is_dir() => Ok(path.join(name)),
        Some(path) => Ok(path),
        None => match cache_dir() {
            Some(dir) => Ok(dir.join(name)),
            None => bail!("no cache folder (set AWE_CACHE or HOME), and no --path"),
        },
    }
}

/// A progress bar on standard error, a few times a second: `share` of the work done, and what
/// is being done.
struct Progress {
    shown: Option<Instant>,
}

impl Progress {
    fn show(&mut self, share: f64, doing: std::fmt::Arguments) {
        if self.shown.is_some_and(|at| at.elapsed().as_millis() < 250) {
            return;
        }
        self.shown = Some(Instant::now());
        let bar = "#".repeat((share * 30.0) as usize);
        eprint!("\r[{bar:<30}] {:>3.0}%  {doing}  ", share * 100.0);
        let _ = std::io::stderr().flush();
    }
}

fn saved(positions: usize, bytes: usize, started: Instant, path: &Path) {
    eprintln!();
    let seconds = started.elapsed().as_secs_f64();
    println!("{positions} positions in {seconds:.1} s, {bytes} bytes");
    println!("saved to {}", path.display());
}

fn awele(args: EndgameArgs) -> Result<()> {
    if args.serpent.any() {
        bail!("--board, --start, --first, --ply-limit and the line options are for awithlaknannai");
    }
    if args.pieces.is_some() {
        bail!("--pieces is for awithlaknannai: an Awélé database counts seeds (--seeds)");
    }
    let threads = match args.threads {
        Some(threads) => usize::from(threads),
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let max_seeds = args.seeds.unwrap_or(DEFAULT_SEEDS);
    anyhow::ensure!(max_seeds <= MAX_SEEDS, "--seeds: at most {MAX_SEEDS}");
    let rules: RuleSet = args.rules.as_deref().map_or(Ok(RuleSet::Awechec), str::parse)?;
    let path = destination(args.path, awele_file_name(rules, max_seeds))?;
    let total: u64 = (0..=max_seeds).map(layer_size).sum();
    println!("awele {rules}: {total} boards of up to {max_seeds} seeds, on {threads} threads");
    let started = Instant::now();
    let mut progress = Progress { shown: None };
    let db = Endgame::build_on(rules, max_seeds, threads, |seeds, iteration, changed| {
        let done: u64 = (0..seeds).map(layer_size).sum::<u64>() + layer_size(seeds) / 2;
        progress.show(
            done as f64 / total as f64,
            format_args!("{seeds:>2} seeds, iteration {iteration:>3}, {changed:>10} changed"),
        );
    })?;
    db.save(&path).with_context(|| format!("cannot write {}", path.display()))?;
    saved(db.len(), db.bytes(), started, &path);
    Ok(())
}

fn awithlaknannai(args: EndgameArgs) -> Result<()> {
    if args.seeds.is_some() {
        bail!("--seeds is for awele: an Awithlaknannai database counts pieces (--pieces)");
    }
    if args.threads.is_some() {
        bail!("--threads is for awele: an Awithlaknannai database is built on one thread");
    }
    if args.serpent.start.is_some() || args.serpent.first.is_some() {
        bail!("a database holds every position of its board: --start and --first go without it");
    }
    if args.serpent.ply_limit.is_some() {
        bail!(
            "a database holds its values whatever the ply limit (the engines use a value only \
             where it comes before the limit): --ply-limit goes without it"
        );
    }
    let start = crate::settings::awithlaknannai_start(args.rules.as_deref(), None, &args.serpent)?;
    let settings = *start.settings();
    let pieces = args.pieces.unwrap_or(DEFAULT_PIECES);
    anyhow::ensure!(pieces <= serpents::MAX_PIECES, "--pieces: at most {}", serpents::MAX_PIECES);
    let path = destination(args.path, serpents::file_name(&settings, pieces))?;
    let total = SerpentEndgame::positions(settings, pieces);
    println!(
        "awithlaknannai {} {}: {total} positions of up to {pieces} pieces",
        settings.board.kind(),
        settings.rules
    );
    let started = Instant::now();
    let mut progress = Progress { shown: None };
    let db = SerpentEndgame::build(settings, pieces, |on_board, iteration, changed| {
        let done = SerpentEndgame::positions(settings, on_board.saturating_sub(1));
        progress.show(
            done as f64 / total as f64,
            format_args!("{on_board} pieces, iteration {iteration:>3}, {changed:>9} changed"),
        );
    })?;
    db.save(&path).with_context(|| format!("cannot write {}", path.display()))?;
    saved(db.len(), db.len() * 2, started, &path);
    print_layers(&db);
    Ok(())
}

/// What each balance of material is worth to the side to move, over every placement: where the
/// side ahead wins by force and where the game is held.
fn print_layers(db: &SerpentEndgame) {
    println!("to move v other: won, lost, won by count, lost by count, drawn (of the positions)");
    let percent = |n: u64, of: u64| 100.0 * n as f64 / of as f64;
    for layer in db.layers().iter().filter(|l| l.mine > 0 && l.theirs > 0) {
        let n = layer.len();
        println!(
            "{} v {}: {:5.1} % {:5.1} % {:5.1} % {:5.1} % {:5.1} %  ({n} positions)",
            layer.mine,
            layer.theirs,
            percent(layer.wins, n),
            percent(layer.losses, n),
            percent(layer.quiet_wins, n),
            percent(layer.quiet_losses, n),
            percent(layer.draws, n),
        );
    }
}
