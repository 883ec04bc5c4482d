//! Fits the weights of the Awélé evaluation to the results of self-play games (logistic
//! regression, as chess engines tune theirs): the engine plays games from random openings at a
//! fixed depth; every quiet position met (no capture to play) is a line of features and the
//! game's result for the side to move; the weights are those that best predict the results
//! through `1 / (1 + exp(-score / k))`, the seed's weight held at 100.
//!
//! `cargo run --release -p awe-search --example tune_awele -- GAMES DEPTH [RULES] [THREADS] [LABEL_DEPTH]`
//!
//! With LABEL_DEPTH, every third quiet position is also searched that deep, and what it is fitted
//! to is half its game's result, half what that search expects (its score through the scale
//! fitted to the results): a deeper search's view is a label with less noise than one game's end.
//!
//! It prints the weights to paste into `WEIGHTS` (or the rule set's own, `ABAPA_WEIGHTS`) in
//! `src/awele.rs`; a change is kept only if
//! a match shows it stronger (see BENCHMARKS.md).

use awe_awele::{Position, RuleSet};
use awe_game::{Game, Position as _};
use awe_search::Score;
use awe_search::awele::{AweleEval, FEATURE_NAMES, FEATURES, Features, SEED, features, weights};
use awe_search::{Limits, Searcher};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A quiet position's features, the result of its game for the side to move (1, ½ or 0), and the
/// score of a deeper search of it, if it had one.
type Sample = (Features, f64, Option<Score>);

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: tune_awele GAMES DEPTH [RULES] [THREADS] [LABEL_DEPTH]";
    let games: u64 = args.get(1).ok_or(usage)?.parse()?;
    let depth: u32 = args.get(2).ok_or(usage)?.parse()?;
    let rules: RuleSet = args.get(3).map_or(Ok(RuleSet::Awechec), |r| r.parse())?;
    let threads: u64 = args.get(4).map_or(Ok(2), |t| t.parse())?;
    let label_depth: Option<u32> = args.get(5).map(|d| d.parse()).transpose()?;
    let samples: Vec<Sample> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (t..games)
                        .step_by(threads as usize)
                        .flat_map(|g| self_play(rules, depth, label_depth, g))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().expect("a worker ends")).collect()
    });
    println!("{} quiet positions from {games} games at depth {depth} ({rules})", samples.len());
    let today = *weights(rules);
    let start: [f64; FEATURES] = today.map(|w| w as f64);
    // The scale first, the weights as they are; then the weights, the scale held.
    let k = (10..=3000)
        .step_by(5)
        .map(f64::from)
        .min_by(|&a, &b| loss(&samples, &start, a).total_cmp(&loss(&samples, &start, b)))
        .expect("a scale");
    println!("scale k = {k}: loss {:.5} with today's weights", loss(&samples, &start, k));
    // The deep searches' scores become expected results on the same scale.
    let samples: Vec<Sample> = samples
        .into_iter()
        .map(|(f, result, searched)| match searched {
            Some(score) => (f, 0.5 * result + 0.5 * sigmoid(score as f64 / k), None),
            None => (f, result, None),
        })
        .collect();
    if label_depth.is_some() {
        println!("loss {:.5} with today's weights, the labels blended", loss(&samples, &start, k));
    }
    let fitted = fit(&samples, start, k);
    println!("loss {:.5} with the fitted weights:", loss(&samples, &fitted, k));
    for ((name, old), new) in FEATURE_NAMES.iter().zip(today).zip(fitted) {
        println!("  {name:<24} {old:>5} -> {:>5}", new.round());
    }
    let line: Vec<String> = fitted.iter().map(|w| format!("{}", w.round())).collect();
    println!("pub const WEIGHTS: Features = [{}];", line.join(", "));
    Ok(())
}

/// One game of the engine against itself from a random opening, as samples.
fn self_play(rules: RuleSet, depth: u32, label_depth: Option<u32>, seed: u64) -> Vec<Sample> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(Position::new(rules));
    for _ in 0..rng.random_range(2..10) {
        let Some(mv) = game.current().random_move(&mut rng) else { break };
        game.play(mv).expect("a random move is legal");
    }
    let mut searcher = Searcher::new(AweleEval::default(), 16);
    let mut labeller = Searcher::new(AweleEval::default(), 16);
    let mut met: Vec<(Features, awe_game::Side, Option<Score>)> = Vec::new();
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
            met.push((features(&position), position.turn(), searched));
        }
        let found = searcher.search(&game, &Limits::depth(depth), |_| {});
        let Some(&mv) = found.best() else { break };
        game.play(mv).expect("the search plays legal moves");
    }
    let Some(outcome) = game.outcome() else { return Vec::new() };
    met.into_iter()
        .map(|(f, side, searched)| {
            let result = match outcome.winner {
                Some(winner) if winner == side => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            (f, result, searched)
        })
        .collect()
}

fn score(f: &Features, w: &[f64; FEATURES]) -> f64 {
    f.iter().zip(w).map(|(&f, w)| f as f64 * w).sum()
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean cross-entropy of the predicted results.
fn loss(samples: &[Sample], w: &[f64; FEATURES], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|(f, r, _)| {
            let p = sigmoid(score(f, w) / k).clamp(1e-9, 1.0 - 1e-9);
            -(r * p.ln() + (1.0 - r) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// Gradient descent with Adam steps on every weight but the seed's.
fn fit(samples: &[Sample], mut w: [f64; FEATURES], k: f64) -> [f64; FEATURES] {
    let (mut m, mut v) = ([0.0; FEATURES], [0.0; FEATURES]);
    let (rate, b1, b2) = (0.5, 0.9, 0.999);
    for step in 1..=3000 {
        let mut grad = [0.0; FEATURES];
        for (f, r, _) in samples {
            let p = sigmoid(score(f, &w) / k);
            for (g, &x) in grad.iter_mut().zip(f) {
                *g += (p - r) * x as f64 / k;
            }
        }
        for i in 1..FEATURES {
            let g = grad[i] / samples.len() as f64;
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let (mh, vh) = (m[i] / (1.0 - b1.powi(step)), v[i] / (1.0 - b2.powi(step)));
            w[i] -= rate * mh / (vh.sqrt() + 1e-8);
        }
    }
    w
}
