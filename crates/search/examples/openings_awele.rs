//! Writes a balanced Awélé opening set, as fishtest's books are: positions of 4 to 8 plies from
//! the start whose value is near even, each played by `awe match --openings` once with each
//! colour.
//!
//! The candidates are every position 4 plies from the start and RANDOM random games of 5 to 8
//! plies (distinct positions only). Each is searched to DEPTH plies on THREADS threads; those
//! within MARGIN hundredths of a seed of even are kept, the COUNT nearest to even with as many of
//! each length as there are, and written one a line: the moves from the start, then after `#`
//! the plies and the value for the side to move.
//!
//! `cargo run --release -p awe-search --example openings_awele -- COUNT DEPTH [RULES] [THREADS] [MARGIN] [RANDOM] > FILE`

use std::collections::HashSet;

use awe_awele::{Position, RuleSet};
use awe_game::{Game, Position as _};
use awe_search::awele::AweleEval;
use awe_search::search::{Limits, Searcher};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// An opening: its moves from the start, and its value at the search's depth.
struct Opening {
    moves: Vec<awe_awele::Pit>,
    value: i32,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: openings_awele COUNT DEPTH [RULES] [THREADS] [MARGIN] [RANDOM]";
    let count: usize = args.get(1).ok_or(usage)?.parse()?;
    let depth: u32 = args.get(2).ok_or(usage)?.parse()?;
    let rules: RuleSet = args.get(3).map_or(Ok(RuleSet::Abapa), |r| r.parse())?;
    let threads: usize = args.get(4).map_or(Ok(2), |t| t.parse())?;
    let margin: i32 = args.get(5).map_or(Ok(50), |m| m.parse())?;
    let random: usize = args.get(6).map_or(Ok(4000), |r| r.parse())?;
    let start = Position::new(rules);

    let candidates = candidates(start, random);
    eprintln!("{} distinct positions of 4 to 8 plies", candidates.len());
    let started = std::time::Instant::now();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let chunk = candidates.len().div_ceil(threads.max(1));
    let mut searched: Vec<Opening> = std::thread::scope(|scope| {
        let workers: Vec<_> = candidates
            .chunks(chunk.max(1))
            .map(|part| {
                let done = &done;
                scope.spawn(move || {
                    let mut searcher = Searcher::new(AweleEval::default(), 16);
                    part.iter()
                        .map(|moves| {
                            let mut game = Game::new(start);
                            for &mv in moves {
                                game.play(mv).expect("a candidate's moves are legal");
                            }
                            searcher.clear();
                            let report = searcher.search(&game, &Limits::depth(depth), |_| {});
                            let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                            if n.is_multiple_of(100) {
                                eprint!(
                                    "\r{n} searched, {:.0} s  ",
                                    started.elapsed().as_secs_f64()
                                );
                            }
                            Opening { moves: moves.clone(), value: report.score }
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().expect("a search thread")).collect()
    });
    eprintln!();

    // The nearest to even first; then as many of each length as there are, up to COUNT.
    searched.retain(|o| o.value.abs() <= margin);
    searched.sort_by_key(|o| (o.value.abs(), o.moves.len(), text(start, &o.moves)));
    let lengths = 4..=8;
    let mut kept: Vec<&Opening> = Vec::new();
    let share = count.div_ceil(lengths.clone().count());
    for plies in lengths.clone() {
        kept.extend(searched.iter().filter(|o| o.moves.len() == plies).take(share));
    }
    // Fill up from any length where one length had too few.
    for o in &searched {
        if kept.len() >= count {
            break;
        }
        if !kept.iter().any(|k| std::ptr::eq(*k, o)) {
            kept.push(o);
        }
    }
    kept.sort_by_key(|o| -o.value.abs());
    kept.truncate(count);
    kept.sort_by_key(|o| (o.moves.len(), text(start, &o.moves)));

    let mean = kept.iter().map(|o| first_player(o) as f64).sum::<f64>() / kept.len().max(1) as f64;
    println!(
        "# awe's balanced Awélé openings, rule set {}: {} positions of 4 to 8 plies",
        rules.name(),
        kept.len()
    );
    println!("# whose value at depth {depth} is within {margin} hundredths of a seed of even.");
    println!(
        "# Written by crates/search/examples/openings_awele.rs: openings_awele {count} {depth} {} {threads} {margin} {random}",
        rules.name()
    );
    println!(
        "# Mean value for the first player: {mean:+.1} hundredths of a seed. Read by awe match --openings."
    );
    for o in &kept {
        println!("{:<26}# {} plies, {:+}", text(start, &o.moves), o.moves.len(), o.value);
    }
    eprintln!(
        "{} kept of {} within the margin, {:.0} s",
        kept.len(),
        searched.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The value of an opening for the player who moved first from the start.
fn first_player(o: &Opening) -> i32 {
    if o.moves.len().is_multiple_of(2) { o.value } else { -o.value }
}

/// Every distinct position 4 plies from the start, and `random` random games of 5 to 8 plies
/// (distinct positions, games that are not over).
fn candidates(start: Position, random: usize) -> Vec<Vec<awe_awele::Pit>> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut keep = |game: &Game<Position>, out: &mut Vec<Vec<awe_awele::Pit>>| {
        if game.outcome().is_none() && seen.insert(game.current().position_text()) {
            out.push(game.moves().to_vec());
        }
    };
    fn every(game: &mut Game<Position>, plies: usize, keep: &mut dyn FnMut(&Game<Position>)) {
        if game.moves().len() == plies {
            keep(game);
            return;
        }
        let mut moves = awe_awele::MoveList::default();
        game.current().legal_moves(&mut moves);
        for &mv in moves.iter() {
            let mut next = game.clone();
            if next.play(mv).is_ok() {
                every(&mut next, plies, keep);
            }
        }
    }
    every(&mut Game::new(start), 4, &mut |g| keep(g, &mut out));
    let mut rng = SmallRng::seed_from_u64(45);
    for _ in 0..random {
        let plies = rng.random_range(5..=8);
        let game = awe_game::playout::random_game(start, &mut rng, plies);
        if game.moves().len() == plies {
            keep(&game, &mut out);
        }
    }
    out
}

/// The moves of an opening as the game writes them, a space between.
fn text(start: Position, moves: &[awe_awele::Pit]) -> String {
    let mut position = start;
    let mut words = Vec::new();
    for &mv in moves {
        words.push(position.move_text(mv));
        position = position.play(mv);
    }
    words.join(" ")
}
