//! Writes a balanced opening set, as fishtest's books are: positions of 4 to 8 plies from the
//! start whose value is near even, each played by `awe match --openings` once with each colour.
//!
//! GAME is `awele`, or an Awithlaknannai board (`mosona`, `kolowis`, `kolowis-ludii`) from
//! Ludii's start, as `awe match --start ludii` plays it against Ludii. The candidates are every
//! position 4 plies from the start and RANDOM random games of 5 to 8 plies (distinct positions
//! only). Each is searched to DEPTH plies on THREADS threads; those within MARGIN hundredths of a
//! seed or a piece of even are kept, the COUNT nearest to even with as many of each length as
//! there are, and written one a line: the moves from the start, then after `#` the plies and the
//! value for the side to move.
//!
//! `cargo run --release -p awe-search --example openings -- GAME COUNT DEPTH RULES [THREADS] [MARGIN] [RANDOM] > FILE`

use std::collections::HashSet;

use awe_awithlaknannai::{BoardKind, BoardOptions, Settings, Start};
use awe_game::{Game, Position, Side};
use awe_search::awele::AweleEval;
use awe_search::awithlaknannai::SerpentEval;
use awe_search::eval::Evaluator;
use awe_search::search::{Limits, Searcher};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// What the command line asks for.
struct Request {
    count: usize,
    depth: u32,
    threads: usize,
    margin: i32,
    random: usize,
    /// The arguments, for the file's header.
    command: String,
}

/// An opening: its moves from the start, and its value at the search's depth.
struct Opening<M> {
    moves: Vec<M>,
    value: i32,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: openings GAME COUNT DEPTH RULES [THREADS] [MARGIN] [RANDOM]";
    let arg = |i: usize| args.get(i).ok_or(usage);
    let game = arg(1)?.as_str();
    let rules = arg(4)?.as_str();
    let (count, depth) = (arg(2)?.parse()?, arg(3)?.parse()?);
    let threads = args.get(5).map_or(Ok(2), |t| t.parse())?;
    let margin = args.get(6).map_or(Ok(50), |m| m.parse())?;
    let random = args.get(7).map_or(Ok(4000), |r| r.parse())?;
    // Every argument, defaults written out, so that the file says how to make it again.
    let command = format!("{game} {count} {depth} {rules} {threads} {margin} {random}");
    let request = Request { count, depth, threads, margin, random, command };
    if game == "awele" {
        let rules: awe_awele::RuleSet = rules.parse()?;
        let title = format!("Awélé openings, rule set {}", rules.name());
        write(awe_awele::Position::new(rules), AweleEval::default(), &title, "a seed", &request);
    } else {
        let kind: BoardKind = game.parse()?;
        let rules: awe_awithlaknannai::RuleSet = rules.parse()?;
        let settings = Settings::new(kind, BoardOptions::default(), rules);
        let start = awe_awithlaknannai::Position::start(settings, Start::Ludii, Side::WHITE)?;
        let title = format!(
            "Awithlaknannai openings, {game} from Ludii's start, rule set {}",
            rules.name()
        );
        write(start, SerpentEval::default(), &title, "a piece", &request);
    }
    Ok(())
}

/// Searches the candidates from `start` and prints the balanced set.
fn write<P, E>(start: P, eval: E, title: &str, unit: &str, request: &Request)
where
    P: Position + Send + Sync,
    P::Move: Send + Sync,
    E: Evaluator<P> + Clone + Send,
{
    let Request { count, depth, threads, margin, .. } = *request;
    let candidates = candidates(start.clone(), request.random);
    eprintln!("{} distinct positions of 4 to 8 plies", candidates.len());
    let started = std::time::Instant::now();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let chunk = candidates.len().div_ceil(threads.max(1));
    let mut searched: Vec<Opening<P::Move>> = std::thread::scope(|scope| {
        let workers: Vec<_> = candidates
            .chunks(chunk.max(1))
            .map(|part| {
                let (done, start, eval) = (&done, start.clone(), eval.clone());
                scope.spawn(move || {
                    let mut searcher = Searcher::new(eval, 16);
                    part.iter()
                        .map(|moves| {
                            let mut game = Game::new(start.clone());
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
    searched.sort_by_key(|o| (o.value.abs(), o.moves.len(), text(&start, &o.moves)));
    let lengths = 4..=8;
    let mut kept: Vec<&Opening<P::Move>> = Vec::new();
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
    kept.sort_by_key(|o| (o.moves.len(), text(&start, &o.moves)));

    let mean = kept.iter().map(|o| first_player(o) as f64).sum::<f64>() / kept.len().max(1) as f64;
    println!("# awe's balanced {title}: {} positions of 4 to 8 plies", kept.len());
    println!("# whose value at depth {depth} is within {margin} hundredths of {unit} of even.");
    println!("# Written by crates/search/examples/openings.rs: openings {}", request.command);
    println!(
        "# Mean value for the first player: {mean:+.1} hundredths of {unit}. Read by awe match --openings."
    );
    for o in &kept {
        println!("{:<25} # {} plies, {:+}", text(&start, &o.moves), o.moves.len(), o.value);
    }
    eprintln!(
        "{} kept of {} within the margin, {:.0} s",
        kept.len(),
        searched.len(),
        started.elapsed().as_secs_f64()
    );
}

/// The value of an opening for the player who moved first from the start.
fn first_player<M>(o: &Opening<M>) -> i32 {
    if o.moves.len().is_multiple_of(2) { o.value } else { -o.value }
}

/// Every distinct position 4 plies from the start, and `random` random games of 5 to 8 plies
/// (distinct positions, games that are not over).
fn candidates<P: Position>(start: P, random: usize) -> Vec<Vec<P::Move>> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut keep = |game: &Game<P>, out: &mut Vec<Vec<P::Move>>| {
        if game.outcome().is_none() && seen.insert(game.current().position_text()) {
            out.push(game.moves().to_vec());
        }
    };
    fn every<P: Position>(game: &mut Game<P>, plies: usize, keep: &mut dyn FnMut(&Game<P>)) {
        if game.moves().len() == plies {
            keep(game);
            return;
        }
        let mut moves = P::MoveList::default();
        game.current().legal_moves(&mut moves);
        for &mv in moves.iter() {
            let mut next = game.clone();
            if next.play(mv).is_ok() {
                every(&mut next, plies, keep);
            }
        }
    }
    every(&mut Game::new(start.clone()), 4, &mut |g| keep(g, &mut out));
    let mut rng = SmallRng::seed_from_u64(45);
    for _ in 0..random {
        let plies = rng.random_range(5..=8);
        let game = awe_game::playout::random_game(start.clone(), &mut rng, plies);
        if game.moves().len() == plies {
            keep(&game, &mut out);
        }
    }
    out
}

/// The moves of an opening as the game writes them, a space between.
fn text<P: Position>(start: &P, moves: &[P::Move]) -> String {
    let mut position = start.clone();
    let mut words = Vec::new();
    for &mv in moves {
        words.push(position.move_text(mv));
        position = position.play(mv);
    }
    words.join(" ")
}
