//! Trains the learned Awélé evaluation (`awe_search::awele_net`) on positions and their labels,
//! as bullet and nnue-pytorch train chess networks: the labels are the expected results for the
//! side to move (1, ½, 0, or a blend of a game's result and a deeper search's view, exact where a
//! database decides), written by `tune_awele` with `DUMP=FILE`.
//!
//! The network learns what the hand-made evaluation misses: the prediction is
//! `1 / (1 + exp(-(hand-made + network) / k))`, with k the scale that fits the hand-made
//! evaluation alone best, and the network starts at 0. Minibatch gradient descent with Adam, in
//! floats; then the weights are rounded to the file's integers, and the loss on the last tenth of
//! the positions (other games) held out is reported before and after; the epoch that held out
//! best is kept.
//!
//! `cargo run --release -p awe-search --example train_awele_net -- SAMPLES OUT [RULES] [EPOCHS] [SEED]`

use awe_awele::{Position, RuleSet};
use awe_search::awele::AweleEval;
use awe_search::awele_net::{self, HIDDEN, INPUTS, Network, QA, QB};
use awe_search::eval::Evaluator;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// The twelve inputs on, the hand-made evaluation, the label.
type Sample = ([usize; 12], f64, f64);

/// The float network's output unit: a hundredth of a seed is 1/OUT of it.
const OUT: f64 = 100.0;

/// The network in floats, as trained.
#[derive(Clone)]
struct Float {
    hidden: Vec<[f64; HIDDEN]>,
    hidden_bias: [f64; HIDDEN],
    output: [f64; HIDDEN],
    output_bias: f64,
}

impl Float {
    /// The accumulators and the output (hundredths of a seed) for `inputs`.
    fn forward(&self, inputs: &[usize; 12]) -> ([f64; HIDDEN], f64) {
        let mut acc = self.hidden_bias;
        for &i in inputs {
            for (a, w) in acc.iter_mut().zip(&self.hidden[i]) {
                *a += w;
            }
        }
        let y: f64 = acc.iter().zip(&self.output).map(|(a, w)| a.clamp(0.0, 1.0) * w).sum::<f64>()
            + self.output_bias;
        (acc, y * OUT)
    }

    /// The integer network of these weights (each rounded, the output weights kept in range).
    fn quantise(&self, rules: RuleSet) -> Network {
        let q =
            |w: f64, scale: f64| (w * scale).round().clamp(i16::MIN as f64, i16::MAX as f64) as i16;
        let mut hidden = Box::new([[0i16; HIDDEN]; INPUTS]);
        for (row, w) in hidden.iter_mut().zip(&self.hidden) {
            for (r, &w) in row.iter_mut().zip(w) {
                *r = q(w, QA as f64);
            }
        }
        let hidden_bias = self.hidden_bias.map(|w| q(w, QA as f64));
        let output = self.output.map(|w| q(w, OUT * QB as f64));
        let output_bias = (self.output_bias * OUT * (QA * QB) as f64).round() as i32;
        Network::new(rules, hidden, hidden_bias, output, output_bias)
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: train_awele_net SAMPLES OUT [RULES] [EPOCHS] [SEED]";
    let samples_path = args.get(1).ok_or(usage)?;
    let out = args.get(2).ok_or(usage)?;
    let rules: RuleSet = args.get(3).map_or(Ok(RuleSet::Abapa), |r| r.parse())?;
    let epochs: usize = args.get(4).map_or(Ok(20), |e| e.parse())?;
    let seed: u64 = args.get(5).map_or(Ok(1), |s| s.parse())?;

    let text = std::fs::read_to_string(samples_path)?;
    let hand = AweleEval::default();
    let mut samples: Vec<Sample> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let (position, label) = line.split_once('\t').ok_or(format!("line {}: no tab", n + 1))?;
        let position =
            Position::parse(position, rules).map_err(|e| format!("line {}: {e}", n + 1))?;
        let label: f64 = label.trim().parse().map_err(|e| format!("line {}: {e}", n + 1))?;
        // The library's inputs, so that training and play agree.
        samples.push((awele_net::inputs(&position), hand.evaluate(&position) as f64, label));
    }
    // The last tenth held out before any shuffle: the file holds its games one after the other,
    // so the positions held out are of other games than those trained on (positions of one game
    // share its result, and would flatter the held-out loss).
    let held = samples.split_off(samples.len() - samples.len() / 10);
    let mut rng = SmallRng::seed_from_u64(seed);
    println!("{} positions to train on, {} held out", samples.len(), held.len());

    let k = (10..=3000)
        .step_by(5)
        .map(f64::from)
        .min_by(|&a, &b| loss(&samples, None, a).total_cmp(&loss(&samples, None, b)))
        .ok_or("no scale")?;
    println!(
        "scale k = {k}; held-out loss of the hand-made evaluation alone: {:.5}",
        loss(&held, None, k)
    );

    let mut net = Float {
        hidden: (0..INPUTS).map(|_| std::array::from_fn(|_| rng.random_range(-0.1..0.1))).collect(),
        hidden_bias: [0.5; HIDDEN],
        output: [0.0; HIDDEN],
        output_bias: 0.0,
    };
    let mut adam = Adam::new();
    let batch = 1024;
    let mut best = (loss(&held, Some(&net), k), net.clone());
    for epoch in 1..=epochs {
        samples.shuffle(&mut rng);
        for chunk in samples.chunks(batch) {
            let grad = gradient(&net, chunk, k);
            adam.step(&mut net, &grad, 0.002);
        }
        let held_loss = loss(&held, Some(&net), k);
        println!(
            "epoch {epoch}: train {:.5}, held out {held_loss:.5}",
            loss(&samples, Some(&net), k)
        );
        if held_loss < best.0 {
            best = (held_loss, net.clone());
        }
    }
    let network = best.1.quantise(rules);
    let quantised = held
        .iter()
        .map(|(inputs, base, label)| {
            let p = sigmoid((base + network.evaluate_inputs(inputs) as f64) / k)
                .clamp(1e-9, 1.0 - 1e-9);
            -(label * p.ln() + (1.0 - label) * (1.0 - p).ln())
        })
        .sum::<f64>()
        / held.len() as f64;
    println!("held-out loss: {:.5} in floats, {quantised:.5} in integers", best.0);
    std::fs::write(out, network.to_bytes())?;
    // The file written reads back as the network trained.
    let back = Network::load(std::path::Path::new(out), rules)?;
    assert!(back == network, "the network file does not read back");
    println!("written to {out}");
    Ok(())
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean cross-entropy of the predictions (the hand-made evaluation alone without a network).
fn loss(samples: &[Sample], net: Option<&Float>, k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|(inputs, base, label)| {
            let y = net.map_or(0.0, |n| n.forward(inputs).1);
            let p = sigmoid((base + y) / k).clamp(1e-9, 1.0 - 1e-9);
            -(label * p.ln() + (1.0 - label) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The mean gradient of the loss over `batch`.
fn gradient(net: &Float, batch: &[Sample], k: f64) -> Float {
    let mut g = Float {
        hidden: vec![[0.0; HIDDEN]; INPUTS],
        hidden_bias: [0.0; HIDDEN],
        output: [0.0; HIDDEN],
        output_bias: 0.0,
    };
    let n = batch.len() as f64;
    for (inputs, base, label) in batch {
        let (acc, y) = net.forward(inputs);
        let p = sigmoid((base + y) / k);
        // d loss / d (the float output, before OUT).
        let dy = (p - label) / k * OUT / n;
        g.output_bias += dy;
        for (j, &a) in acc.iter().enumerate() {
            g.output[j] += dy * a.clamp(0.0, 1.0);
            if a > 0.0 && a < 1.0 {
                let da = dy * net.output[j];
                g.hidden_bias[j] += da;
                for &i in inputs {
                    g.hidden[i][j] += da;
                }
            }
        }
    }
    g
}

/// Adam's moments of every weight.
struct Adam {
    m: Float,
    v: Float,
    t: i32,
}

impl Adam {
    fn new() -> Adam {
        let zero = || Float {
            hidden: vec![[0.0; HIDDEN]; INPUTS],
            hidden_bias: [0.0; HIDDEN],
            output: [0.0; HIDDEN],
            output_bias: 0.0,
        };
        Adam { m: zero(), v: zero(), t: 0 }
    }

    fn step(&mut self, net: &mut Float, g: &Float, rate: f64) {
        self.t += 1;
        let (b1, b2) = (0.9f64, 0.999f64);
        let (c1, c2) = (1.0 - b1.powi(self.t), 1.0 - b2.powi(self.t));
        let update = |w: &mut f64, g: f64, m: &mut f64, v: &mut f64, limit: f64| {
            *m = b1 * *m + (1.0 - b1) * g;
            *v = b2 * *v + (1.0 - b2) * g * g;
            *w -= rate * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
            *w = w.clamp(-limit, limit);
        };
        for ((w, g), (m, v)) in net
            .hidden
            .iter_mut()
            .flatten()
            .zip(g.hidden.iter().flatten())
            .zip(self.m.hidden.iter_mut().flatten().zip(self.v.hidden.iter_mut().flatten()))
        {
            update(w, *g, m, v, 8.0);
        }
        for j in 0..HIDDEN {
            update(
                &mut net.hidden_bias[j],
                g.hidden_bias[j],
                &mut self.m.hidden_bias[j],
                &mut self.v.hidden_bias[j],
                8.0,
            );
            // The output weights stay within the file's 16 bits: 4 × OUT × QB < 32768.
            update(
                &mut net.output[j],
                g.output[j],
                &mut self.m.output[j],
                &mut self.v.output[j],
                4.0,
            );
        }
        update(
            &mut net.output_bias,
            g.output_bias,
            &mut self.m.output_bias,
            &mut self.v.output_bias,
            100.0,
        );
    }
}
