//! Fits the weights of the Awélé evaluation to the results of self-play games (logistic
//! regression, as chess engines tune theirs): the engine plays games from random openings at a
//! fixed depth; every quiet position met (no capture to play) is a line of features and the
//! game's result for the side to move; the weights are those that best predict the results
//! through `1 / (1 + exp(-score / k))`, the seed's weight held at 100. Two sets are fitted, those
//! of a full board and of an empty one, which the evaluation blends by the seeds on the board
//! (`awe_search::awele::Weights`).
//!
//! `cargo run --release -p awe-search --example tune_awele -- GAMES DEPTH [RULES] [THREADS] [LABEL_DEPTH] [DB_SEEDS]`
//!
//! With LABEL_DEPTH, every third quiet position is also searched that deep, and what it is fitted
//! to is half its game's result, half what that search expects (its score through the scale
//! fitted to the results): a deeper search's view is a label with less noise than one game's end.
//!
//! With DB_SEEDS, the rule set's endgame database of that many seeds is read from the cache
//! (`$AWE_CACHE`, built by `awe endgame awele --rules RULES --seeds DB_SEEDS`), and a position it
//! decides (a win or a loss whatever the history) is labelled with that result instead: exact.
//!
//! With DUMP=FILE in the environment, the positions and their labels are also written to FILE, a
//! line each (the position's text, a tab, the label), for `train_awele_net`.
//!
//! With DB_SEEDS and WALKS=N in the environment, the file also holds the database's own exact
//! values, free labels the games alone would not give: from every quiet position of each game, N
//! walks of random moves go on until the board holds at most DB_SEEDS seeds, then a few plies
//! more, and the first quiet position past that with more than FLOOR seeds (`FLOOR=S`, 12 by
//! default: the database the site's engines have, below which no evaluation is asked) whose value
//! the database knows exactly (a win, a draw or a loss whatever the history) is written with that
//! result, after its game's positions. The weights printed are fitted to the games' positions
//! alone.
//!
//! It prints the weights to paste into the rule set's in `src/awele.rs` (`ABAPA_WEIGHTS` and
//! `ABAPA_END_WEIGHTS`, or `WEIGHTS`); a change is kept only if a match shows it stronger (see
//! BENCHMARKS.md).

use awe_awele::{Position, RuleSet};
use awe_game::{Game, Position as _};
use awe_search::Score;
use awe_search::awele::{AweleEval, FEATURE_NAMES, FEATURES, Features, SEED, features, weights};
use awe_search::endgame::Endgame;
use awe_search::{Limits, Searcher};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A quiet position's features, the share of a full board's weights it takes (its seeds on the
/// board over 48), the result of its game for the side to move (1, ½ or 0), and the score of a
/// deeper search of it, if it had one, and the position.
type Sample = (Features, f64, f64, Option<Score>, Position);

/// Weights being fitted: a full board's, then an empty one's.
type Fitted = [[f64; FEATURES]; 2];

/// A game's samples, and the positions its walks reached with the database's exact results.
type Played = (Vec<Sample>, Vec<(Position, f64)>);

/// How the walks into the database go: how many from each quiet position, and the seeds on the
/// board below which no position is kept.
#[derive(Clone, Copy)]
struct Walks {
    each: u32,
    floor: u8,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: tune_awele GAMES DEPTH [RULES] [THREADS] [LABEL_DEPTH] [DB_SEEDS]";
    let games: u64 = args.get(1).ok_or(usage)?.parse()?;
    let depth: u32 = args.get(2).ok_or(usage)?.parse()?;
    let rules: RuleSet = args.get(3).map_or(Ok(RuleSet::Awechec), |r| r.parse())?;
    let threads: u64 = args.get(4).map_or(Ok(2), |t| t.parse())?;
    let label_depth: Option<u32> = args.get(5).map(|d| d.parse()).transpose()?;
    let db = match args.get(6) {
        Some(seeds) => {
            let seeds: usize = seeds.parse()?;
            let dir = std::env::var("AWE_CACHE").map_err(|_| "DB_SEEDS: set AWE_CACHE")?;
            let path = format!("{dir}/awele-{}-{seeds}.db", rules.name());
            Some(Endgame::load(std::path::Path::new(&path), rules, seeds)?)
        }
        None => None,
    };
    let db = db.as_ref();
    let number = |name: &str, default: u32| -> Result<u32, String> {
        std::env::var(name).map_or(Ok(default), |v| v.parse().map_err(|e| format!("{name}: {e}")))
    };
    let walks = Walks { each: number("WALKS", 0)?, floor: number("FLOOR", 12)?.min(48) as u8 };
    if walks.each > 0 && db.is_none() {
        return Err("WALKS: give DB_SEEDS, the database whose values the walks read".into());
    }
    let played: Vec<Played> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (t..games)
                        .step_by(threads as usize)
                        .map(|g| self_play(rules, depth, label_depth, db, walks, g))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        // The games in their order, whichever thread played them: the file holds each game's
        // positions together, as the trainer's held-out split asks.
        let mut all: Vec<(u64, Played)> = workers
            .into_iter()
            .enumerate()
            .flat_map(|(t, w)| {
                let played = w.join().expect("a worker ends");
                played.into_iter().enumerate().map(move |(i, p)| (t as u64 + i as u64 * threads, p))
            })
            .collect();
        all.sort_by_key(|(g, _)| *g);
        all.into_iter().map(|(_, p)| p).collect()
    });
    let samples: Vec<Sample> = played.iter().flat_map(|(s, _)| s.iter().cloned()).collect();
    println!("{} quiet positions from {games} games at depth {depth} ({rules})", samples.len());
    if walks.each > 0 {
        let known: usize = played.iter().map(|(_, w)| w.len()).sum();
        println!("{known} positions of the walks with the database's exact results");
    }
    let today = *weights(rules);
    let start: Fitted = [today.full.map(|w| w as f64), today.empty.map(|w| w as f64)];
    // The scale first, the weights as they are; then the weights, the scale held.
    let k = (10..=3000)
        .step_by(5)
        .map(f64::from)
        .min_by(|&a, &b| loss(&samples, &start, a).total_cmp(&loss(&samples, &start, b)))
        .expect("a scale");
    println!("scale k = {k}: loss {:.5} with today's weights", loss(&samples, &start, k));
    // The deep searches' scores become expected results on the same scale.
    let blend = |(f, share, result, searched, p): Sample| match searched {
        Some(score) => (f, share, 0.5 * result + 0.5 * sigmoid(score as f64 / k), None, p),
        None => (f, share, result, None, p),
    };
    let samples: Vec<Sample> = samples.into_iter().map(blend).collect();
    if let Some(path) = std::env::var_os("DUMP") {
        // The positions and their labels, for the network's trainer (train_awele_net), game by
        // game: its positions, then those of its walks.
        let mut out = String::new();
        let mut lines = 0;
        for (game, walked) in &played {
            for (_, _, label, _, p) in game.iter().cloned().map(blend) {
                out.push_str(&format!("{}\t{label:.4}\n", p.position_text()));
            }
            for (p, label) in walked {
                out.push_str(&format!("{}\t{label:.4}\n", p.position_text()));
            }
            lines += game.len() + walked.len();
        }
        std::fs::write(&path, out)?;
        println!("{lines} positions and labels written to {}", path.display());
    }
    if label_depth.is_some() {
        println!("loss {:.5} with today's weights, the labels blended", loss(&samples, &start, k));
    }
    let fitted = fit(&samples, start, k);
    println!(
        "loss {:.5} with the fitted weights (full board, empty board):",
        loss(&samples, &fitted, k)
    );
    let old = [today.full, today.empty];
    for (i, name) in FEATURE_NAMES.iter().enumerate() {
        let [full, empty] =
            [0, 1].map(|s| format!("{:>5} -> {:>5}", old[s][i], fitted[s][i].round()));
        println!("  {name:<32} {full}   {empty}");
    }
    for (name, w) in ["ABAPA_WEIGHTS", "ABAPA_END_WEIGHTS"].iter().zip(fitted) {
        let line: Vec<String> = w.iter().map(|w| format!("{}", w.round())).collect();
        println!("pub const {name}: Features = [{}];", line.join(", "));
    }
    Ok(())
}

/// One game of the engine against itself from a random opening, as samples.
fn self_play(
    rules: RuleSet,
    depth: u32,
    label_depth: Option<u32>,
    db: Option<&Endgame>,
    walks: Walks,
    seed: u64,
) -> Played {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(Position::new(rules));
    for _ in 0..rng.random_range(2..10) {
        let Some(mv) = game.current().random_move(&mut rng) else { break };
        game.play(mv).expect("a random move is legal");
    }
    let mut searcher = Searcher::new(AweleEval::default(), 16);
    let mut labeller = Searcher::new(AweleEval::default(), 16);
    // Each quiet position: features, share, side to move, a deeper search's score, and the
    // database's result where it decides one.
    type Met = (Features, f64, awe_game::Side, Option<Score>, Option<f64>, Position);
    let mut met: Vec<Met> = Vec::new();
    while game.outcome().is_none() && game.moves().len() < 400 {
        let position = *game.current();
        let mut moves = awe_awele::MoveList::new();
        position.legal_moves(&mut moves);
        if moves.iter().all(|&pit| position.seeds_taken(pit) == 0) {
            let searched = label_depth.filter(|_| game.moves().len().is_multiple_of(3)).map(|d| {
                labeller.clear();
                labeller.search(&game, &Limits::depth(d), |_| {}).score
            });
            // A won or lost game seen by the search is the game's result, whenever it ends.
            let searched = searched.map(|s| s.clamp(-30 * SEED, 30 * SEED));
            let share = position.board().total() as f64 / 48.0;
            let known = db.and_then(|db| decided(db, &position));
            let searched = searched.filter(|_| known.is_none());
            met.push((features(&position), share, position.turn(), searched, known, position));
        }
        let found = searcher.search(&game, &Limits::depth(depth), |_| {});
        let Some(&mv) = found.best() else { break };
        game.play(mv).expect("the search plays legal moves");
    }
    let Some(outcome) = game.outcome() else { return (Vec::new(), Vec::new()) };
    let walked = match db {
        Some(db) if walks.each > 0 => met
            .iter()
            .flat_map(|m| (0..walks.each).map(move |_| m.5))
            .filter_map(|from| walk(db, walks.floor, from, &mut rng))
            .collect(),
        _ => Vec::new(),
    };
    let samples = met
        .into_iter()
        .map(|(f, share, side, searched, known, position)| {
            let result = match outcome.winner {
                Some(winner) if winner == side => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            (f, share, known.unwrap_or(result), searched, position)
        })
        .collect();
    (samples, walked)
}

/// A walk of random moves from `from` into the database: the first quiet position with more than
/// `floor` seeds, a few plies after the board first holds few enough for `db`, whose value the
/// database knows exactly, and that result for the side to move (1, ½ or 0).
fn walk(db: &Endgame, floor: u8, from: Position, rng: &mut SmallRng) -> Option<(Position, f64)> {
    let mut position = from;
    let mut past = None;
    for _ in 0..200 {
        let seeds = position.board().total();
        if seeds <= floor {
            return None;
        }
        if seeds as usize <= db.max_seeds() {
            // A few plies more, so that the positions kept are not only those where a capture
            // has just crossed into the database.
            let left = past.get_or_insert_with(|| rng.random_range(0..6u32));
            if *left == 0 && is_quiet(&position) {
                return exact(db, &position).map(|result| (position, result));
            }
            *left = left.saturating_sub(1);
        }
        let mv = position.random_move(rng)?;
        position = position.play(mv);
    }
    None
}

/// Whether the side to move has no capture to play.
fn is_quiet(position: &Position) -> bool {
    let mut moves = awe_awele::MoveList::new();
    position.legal_moves(&mut moves);
    !moves.is_empty() && moves.iter().all(|&pit| position.seeds_taken(pit) == 0)
}

/// The result for the side to move that `db` gives `position`, 1, ½ or 0, where its bounds agree
/// on the result (a draw only where the value is exact).
fn exact(db: &Endgame, position: &Position) -> Option<f64> {
    let known = db.probe(position)?;
    let me = position.turn();
    let now = position.captured(me) as i32 - position.captured(me.opponent()) as i32;
    let (low, high) = (now + known.low as i32, now + known.high as i32);
    match (low.signum(), high.signum()) {
        (1, _) => Some(1.0),
        (_, -1) => Some(0.0),
        (0, 0) => Some(0.5),
        _ => None,
    }
}

/// The result for the side to move that `db` gives `position`, 1 or 0, where its bounds agree on
/// a win or a loss.
fn decided(db: &Endgame, position: &Position) -> Option<f64> {
    let known = db.probe(position)?;
    let me = position.turn();
    let now = position.captured(me) as i32 - position.captured(me.opponent()) as i32;
    let (low, high) = (now + known.low as i32, now + known.high as i32);
    (low.signum() == high.signum() && low != 0).then_some(if low > 0 { 1.0 } else { 0.0 })
}

/// The score of `f` with a full board's weights taken for `share` of it.
fn score(f: &Features, share: f64, w: &Fitted) -> f64 {
    f.iter()
        .zip(w[0].iter().zip(&w[1]))
        .map(|(&f, (full, empty))| f as f64 * (full * share + empty * (1.0 - share)))
        .sum()
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean cross-entropy of the predicted results.
fn loss(samples: &[Sample], w: &Fitted, k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|(f, share, r, _, _)| {
            let p = sigmoid(score(f, *share, w) / k).clamp(1e-9, 1.0 - 1e-9);
            -(r * p.ln() + (1.0 - r) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// Gradient descent with Adam steps on every weight but the seed's, in both sets.
fn fit(samples: &[Sample], mut w: Fitted, k: f64) -> Fitted {
    let (mut m, mut v) = ([[0.0; FEATURES]; 2], [[0.0; FEATURES]; 2]);
    let (rate, b1, b2) = (0.5, 0.9, 0.999);
    for step in 1..=3000 {
        let mut grad = [[0.0; FEATURES]; 2];
        for (f, share, r, _, _) in samples {
            let p = sigmoid(score(f, *share, &w) / k);
            for (i, &x) in f.iter().enumerate() {
                let g = (p - r) * x as f64 / k;
                grad[0][i] += g * share;
                grad[1][i] += g * (1.0 - share);
            }
        }
        for set in 0..2 {
            for i in 1..FEATURES {
                let g = grad[set][i] / samples.len() as f64;
                m[set][i] = b1 * m[set][i] + (1.0 - b1) * g;
                v[set][i] = b2 * v[set][i] + (1.0 - b2) * g * g;
                let mh = m[set][i] / (1.0 - b1.powi(step));
                let vh = v[set][i] / (1.0 - b2.powi(step));
                w[set][i] -= rate * mh / (vh.sqrt() + 1e-8);
            }
        }
    }
    w
}
