//! A test set of tactical Awélé positions (`abapa`) and what a search finds of it: the number a
//! change to the search's reductions or pruning is judged by (issue 29).
//!
//! The positions come from games of level 4 against itself (random openings), where the board
//! holds from one to ten seeds more than the endgame database (what a search must see through
//! into the database) and the captures differ by six seeds or fewer (the game is in balance). Each is searched to DEPTH plies, every move apart, exactly (full width: no
//! reductions) with the database. It is kept when its moves fall in two groups, the right ones
//! within a quarter of a seed of the best and the wrong ones a seed or more below it, and when a
//! search of depth 4 plays a wrong one: finding a right move takes more than a glance.
//!
//! Each position is tagged by what it is about: `quiet` (no right move captures: the moves the
//! reductions search shallower), `thin` (the opponent's row holds two seeds or fewer: feeding
//! obligations and starvation are near), `feed` (the opponent's row is empty: a move must give
//! it seeds), `slam` (a move would take every seed of the opponent's row, a grand slam, which
//! `abapa` sows and does not take).
//!
//! ```text
//! # make: COUNT positions labelled by searches of DEPTH
//! cargo run --release -p awe-search --example tactics_awele -- make DATABASE SEEDS DEPTH COUNT > FILE
//! # run: each position searched to NODES positions with the database, reductions on, then off
//! cargo run --release -p awe-search --example tactics_awele -- run FILE DATABASE SEEDS NODES...
//! ```
//!
//! DATABASE is a file of `awe endgame awele --rules abapa --seeds SEEDS` (in the cache), or
//! `build` to build it here. The set committed is `tests/data/awele-abapa-tactics.txt`; its lines
//! are `POSITION ; MOVES ; SCORE ; TAGS`: the right moves, and the best move's score at DEPTH in
//! hundredths of a seed for the side to move.

use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

use awe_awele::{MoveList, Pit, Position, RuleSet};
use awe_game::{Game, Position as _, Side};
use awe_search::awele::{AweleEval, SEED};
use awe_search::endgame::Endgame;
use awe_search::search::{Limits, Searcher};
use awe_search::{Engine, Level, Score};
use rand::SeedableRng;
use rand::rngs::SmallRng;

const RULES: RuleSet = RuleSet::Abapa;

/// How far below the best a right move's score may be.
const NEAR: Score = SEED / 4;

/// How far below the best a wrong move's score is, at least.
const WRONG: Score = SEED;

/// The depth of the glance that must miss.
const GLANCE: u32 = 4;

/// Seeds on the board past the database's, at most.
const BEYOND: usize = 10;

/// Seeds the captures may differ by, at most: a game still in balance.
const BALANCED: u8 = 6;

type Failure = Box<dyn std::error::Error>;

fn main() -> Result<(), Failure> {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("make") if args.len() == 6 => {
            let db = database(&args[2], args[3].parse()?)?;
            make(db, args[4].parse()?, args[5].parse()?)
        }
        Some("run") if args.len() >= 6 => {
            let db = database(&args[3], args[4].parse()?)?;
            let nodes = args[5..].iter().map(|n| n.parse()).collect::<Result<Vec<u64>, _>>()?;
            run(&args[2], db, &nodes)
        }
        _ => Err("usage: tactics_awele make DATABASE SEEDS DEPTH COUNT | \
                  run FILE DATABASE SEEDS NODES..."
            .into()),
    }
}

fn database(path: &str, seeds: usize) -> Result<Arc<Endgame>, Failure> {
    Ok(Arc::new(if path == "build" {
        Endgame::build(RULES, seeds, |_, _, _| {})?
    } else {
        Endgame::load(path.as_ref(), RULES, seeds)?
    }))
}

fn legal(position: &Position) -> MoveList {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    moves
}

fn tags(position: &Position, right: &[Pit]) -> Vec<&'static str> {
    let them = position.turn().opponent();
    let mut tags = Vec::new();
    if right.iter().all(|&pit| position.seeds_taken(pit) == 0) {
        tags.push("quiet");
    }
    let theirs = position.board().row_seeds(them);
    if theirs <= 2 {
        tags.push("thin");
    }
    if theirs == 0 {
        tags.push("feed");
    }
    if legal(position).iter().any(|&pit| position.is_grand_slam(pit)) {
        tags.push("slam");
    }
    tags
}

/// The right moves of `scores` (each move's, best first), when every move is right or wrong and
/// some is wrong.
fn right_moves(scores: &[(Pit, Score)]) -> Option<Vec<Pit>> {
    let best = scores.first()?.1;
    let right: Vec<Pit> = scores.iter().filter(|(_, s)| *s >= best - NEAR).map(|m| m.0).collect();
    let sharp = scores.iter().all(|(_, s)| *s >= best - NEAR || *s <= best - WRONG);
    (sharp && right.len() < scores.len()).then_some(right)
}

/// Writes the set on standard output.
fn make(db: Arc<Endgame>, depth: u32, count: usize) -> Result<(), Failure> {
    let seeds = db.max_seeds();
    println!(
        "# awe's tactical Awélé positions (abapa): from games of level 4 against itself, each \
         move searched to depth {depth}, exactly, with the {seeds}-seed database \
         (examples/tactics_awele.rs make)"
    );
    println!("# POSITION ; RIGHT MOVES ; THE BEST SCORE AT DEPTH {depth} ; TAGS");
    let eval = AweleEval::with_endgame(db);
    let mut deep = Searcher::new(eval.clone(), 64);
    let mut glance = Searcher::new(eval, 4);
    let mut rng = SmallRng::seed_from_u64(29);
    let mut seen = HashSet::new();
    // Positions searched, those with right and wrong moves, those kept.
    let (mut games, mut searched, mut sharp, mut found) = (0u64, 0, 0, 0);
    let started = std::time::Instant::now();
    while found < count {
        let mut engine = Engine::new(AweleEval::default(), Level::new(4).unwrap(), games);
        games += 1;
        let mut game = Game::new(Position::new(RULES));
        for _ in 0..6 {
            let Some(mv) = game.current().random_move(&mut rng) else { break };
            game.play(mv)?;
        }
        while game.outcome().is_none() && found < count {
            let position = *game.current();
            let on_board = position.board().total() as usize;
            let apart = position.captured(Side::South).abs_diff(position.captured(Side::North));
            if (seeds + 1..=seeds + BEYOND).contains(&on_board)
                && apart <= BALANCED
                && seen.insert(position.to_string())
            {
                let alone = Game::new(position);
                deep.clear();
                let scores = deep.root_scores(&alone, depth);
                searched += 1;
                if let Some(right) = right_moves(&scores) {
                    sharp += 1;
                    glance.clear();
                    let first = glance.search(&alone, &Limits::depth(GLANCE), |_| {});
                    if first.best().is_some_and(|m| !right.contains(m)) {
                        let moves: Vec<String> = right.iter().map(|m| m.to_string()).collect();
                        let tags = tags(&position, &right).join(" ");
                        println!("{position} ; {} ; {:+} ; {tags}", moves.join(" "), scores[0].1);
                        found += 1;
                    }
                }
                eprint!(
                    "\r{games} games, {searched} positions searched, {sharp} with right and \
                     wrong moves, {found} kept; {:.0} s  ",
                    started.elapsed().as_secs_f64()
                );
            }
            let Some(mv) = engine.choose(&game, None, |_| {}) else { break };
            game.play(mv)?;
        }
    }
    eprintln!();
    Ok(())
}

/// One position of the set.
struct Case {
    position: Position,
    right: Vec<Pit>,
    tags: Vec<String>,
}

fn read(path: &str) -> Result<Vec<Case>, Failure> {
    let text = std::fs::read_to_string(path)?;
    let mut cases = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let at = |what: &str| format!("{path}:{}: {what}", n + 1);
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let [position, moves, _, tags] = fields[..] else {
            return Err(at("4 fields separated by `;` expected").into());
        };
        let position = Position::parse(position, RULES).map_err(|e| at(&e.to_string()))?;
        let legal = legal(&position);
        let right = moves
            .split_whitespace()
            .map(|m| {
                let pit = m.chars().next().and_then(Pit::from_char).filter(|_| m.len() == 1);
                pit.filter(|p| legal.contains(p)).ok_or_else(|| at(&format!("`{m}` is not legal")))
            })
            .collect::<Result<Vec<Pit>, String>>()?;
        let tags = tags.split_whitespace().map(str::to_owned).collect();
        cases.push(Case { position, right, tags });
    }
    Ok(cases)
}

/// Prints, for each budget, how many positions a search of that many nodes solves, with the
/// reductions and without, in all and by tag, and how many only one of the two solves.
fn run(path: &str, db: Arc<Endgame>, budgets: &[u64]) -> Result<(), Failure> {
    let cases = read(path)?;
    let mut tags: BTreeMap<&str, usize> = BTreeMap::new();
    for case in &cases {
        for tag in std::iter::once("all").chain(case.tags.iter().map(String::as_str)) {
            *tags.entry(tag).or_default() += 1;
        }
    }
    println!("{} positions of {path}", cases.len());
    for &nodes in budgets {
        let mut solved_by = Vec::new();
        for reductions in [true, false] {
            let mut searcher = Searcher::new(AweleEval::with_endgame(db.clone()), 16);
            searcher.set_reductions(reductions);
            let limits = Limits { nodes: Some(nodes), ..Limits::default() };
            let solved: Vec<bool> = cases
                .iter()
                .map(|case| {
                    searcher.clear();
                    let found = searcher.search(&Game::new(case.position), &limits, |_| {});
                    found.best().is_some_and(|m| case.right.contains(m))
                })
                .collect();
            let by_tag: Vec<String> = tags
                .iter()
                .map(|(&tag, of)| {
                    let has = |c: &Case| tag == "all" || c.tags.iter().any(|t| t == tag);
                    let count = cases.iter().zip(&solved).filter(|(c, s)| **s && has(c)).count();
                    format!("{tag} {count}/{of}")
                })
                .collect();
            let name = if reductions { "reductions on " } else { "reductions off" };
            println!("{nodes:>9} nodes, {name}: {}", by_tag.join(", "));
            solved_by.push(solved);
        }
        let only = |a: &[bool], b: &[bool]| a.iter().zip(b).filter(|(a, b)| **a && !**b).count();
        println!(
            "{nodes:>9} nodes: solved with the reductions only {}, without them only {}",
            only(&solved_by[0], &solved_by[1]),
            only(&solved_by[1], &solved_by[0])
        );
    }
    Ok(())
}
