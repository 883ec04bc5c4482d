//! A learned Awélé evaluation, NNUE-style: a small network of integers over the pits, which adds
//! what it has learned to the hand-made evaluation of [`crate::awele`].
//!
//! The inputs are one-hot: for each of the twelve pits, seen from the side to move (its own six
//! from its left, then the other side's), one input for each count of seeds from 0 to 14 and one
//! for 15 or more: 192 inputs, of which exactly twelve are on. They feed [`HIDDEN`] neurons
//! clipped to [0, 1], and those one output, in hundredths of a seed. The stores are not inputs:
//! the hand-made evaluation already counts each seed captured as [`crate::awele::SEED`].
//!
//! awe ships a network for each rule set ([`shipped`]), which the engines add to the hand-made
//! evaluation; `AWE_NET=FILE` plays another, `AWE_NET=off` none.
//!
//! The network is not updated incrementally as chess engines' are: a sowing changes most of the
//! pits it passes, and twelve inputs on out of 192 make a whole evaluation 384 additions of
//! small integers, which the compiler turns into vector instructions.
//!
//! # The file
//!
//! A network is a file of little-endian integers (written by `examples/train_awele_net.rs`):
//!
//! | bytes | what |
//! |---|---|
//! | 8 | `AWE-NET\0` |
//! | 4 | the format's version, [`VERSION`] |
//! | 1 + n | the rule set's name, its length first |
//! | 2 + 2 | inputs (192) and hidden neurons ([`HIDDEN`]) |
//! | 2 × 192 × HIDDEN | the hidden weights (`i16`, 1.0 is [`QA`]), input by input |
//! | 2 × HIDDEN | the hidden biases (`i16`, 1.0 is `QA`) |
//! | 2 × HIDDEN | the output weights (`i16`, 1.0 is [`QB`]) |
//! | 4 | the output bias (`i32`, 1.0 is `QA × QB`) |
//! | 8 | FNV-1a (64 bits) of every byte before |
//!
//! Anything else (another magic, version, rule set or size, a short file, bytes after the end,
//! a checksum that does not match) is refused with [`NetError`] naming it.

use awe_awele::{Pit, Position, RuleSet};
use awe_game::Position as _;
use thiserror::Error;

use crate::score::Score;

/// The first bytes of a network file.
pub const MAGIC: &[u8; 8] = b"AWE-NET\0";
/// The version of the format this code reads and writes.
pub const VERSION: u32 = 1;
/// Inputs: twelve pits, sixteen counts each.
pub const INPUTS: usize = 12 * BUCKETS;
/// Counts of seeds told apart in a pit: 0 to 14, then 15 or more.
pub const BUCKETS: usize = 16;
/// Hidden neurons.
pub const HIDDEN: usize = 32;
/// The hidden layer's 1.0.
pub const QA: i32 = 256;
/// The output weights' 1.0.
pub const QB: i32 = 64;

/// Why a network file was refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum NetError {
    #[error("not an awe network file (it does not begin with AWE-NET)")]
    Magic,
    #[error("network format version {found}, where this awe reads version {VERSION}")]
    Version { found: u32 },
    #[error("a network for the rule set `{found}`, not `{expected}`")]
    RuleSet { found: String, expected: String },
    #[error("a network of {inputs} inputs and {hidden} hidden neurons, not {INPUTS} and {HIDDEN}")]
    Shape { inputs: u16, hidden: u16 },
    #[error("the network file ends too soon")]
    Truncated,
    #[error("{0} bytes after the network's end")]
    Trailing(usize),
    #[error("the network file is damaged (its checksum does not match)")]
    Checksum,
    #[error("cannot read the network file: {0}")]
    Io(String),
}

/// A network's integer weights.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    rules: RuleSet,
    hidden: Box<[[i16; HIDDEN]; INPUTS]>,
    hidden_bias: [i16; HIDDEN],
    output: [i16; HIDDEN],
    output_bias: i32,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Network({}, {INPUTS}→{HIDDEN}→1)", self.rules.name())
    }
}

/// The twelve inputs on in `position`, for the side to move.
pub fn inputs(position: &Position) -> [usize; 12] {
    let me = position.turn();
    let board = position.board();
    std::array::from_fn(|i| {
        let side = if i < 6 { me } else { me.opponent() };
        let seeds = board.seeds(Pit::of(side, i % 6)) as usize;
        i * BUCKETS + seeds.min(BUCKETS - 1)
    })
}

impl Network {
    /// A network of the given weights, already in integers (the trainer's).
    pub fn new(
        rules: RuleSet,
        hidden: Box<[[i16; HIDDEN]; INPUTS]>,
        hidden_bias: [i16; HIDDEN],
        output: [i16; HIDDEN],
        output_bias: i32,
    ) -> Network {
        Network { rules, hidden, hidden_bias, output, output_bias }
    }

    /// The rule set it was trained under.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// What the network adds to the hand-made evaluation of `position`, in hundredths of a seed,
    /// for the side to move.
    pub fn evaluate(&self, position: &Position) -> Score {
        self.evaluate_inputs(&inputs(position))
    }

    /// [`Network::evaluate`] of a position whose [`inputs`] are these.
    pub fn evaluate_inputs(&self, inputs: &[usize; 12]) -> Score {
        let mut acc = [0i32; HIDDEN];
        for (a, &b) in acc.iter_mut().zip(&self.hidden_bias) {
            *a = b as i32;
        }
        for &input in inputs {
            for (a, &w) in acc.iter_mut().zip(&self.hidden[input]) {
                *a += w as i32;
            }
        }
        let sum: i32 =
            acc.iter().zip(&self.output).map(|(&a, &w)| a.clamp(0, QA) * w as i32).sum::<i32>()
                + self.output_bias;
        sum / (QA * QB)
    }

    /// The network as its file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(INPUTS * HIDDEN * 2 + 256);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        let name = self.rules.name().as_bytes();
        out.push(name.len() as u8);
        out.extend_from_slice(name);
        out.extend_from_slice(&(INPUTS as u16).to_le_bytes());
        out.extend_from_slice(&(HIDDEN as u16).to_le_bytes());
        for row in self.hidden.iter() {
            row.iter().for_each(|w| out.extend_from_slice(&w.to_le_bytes()));
        }
        self.hidden_bias.iter().for_each(|w| out.extend_from_slice(&w.to_le_bytes()));
        self.output.iter().for_each(|w| out.extend_from_slice(&w.to_le_bytes()));
        out.extend_from_slice(&self.output_bias.to_le_bytes());
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// The network of a file's bytes, for the rule set `rules`.
    pub fn from_bytes(bytes: &[u8], rules: RuleSet) -> Result<Network, NetError> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(MAGIC.len())? != MAGIC {
            return Err(NetError::Magic);
        }
        let found = u32::from_le_bytes(r.array()?);
        if found != VERSION {
            return Err(NetError::Version { found });
        }
        let length = r.take(1)?[0] as usize;
        let name = String::from_utf8_lossy(r.take(length)?).into_owned();
        if name != rules.name() {
            return Err(NetError::RuleSet { found: name, expected: rules.name().to_owned() });
        }
        let inputs = u16::from_le_bytes(r.array()?);
        let hidden = u16::from_le_bytes(r.array()?);
        if (inputs as usize, hidden as usize) != (INPUTS, HIDDEN) {
            return Err(NetError::Shape { inputs, hidden });
        }
        let mut weights = Box::new([[0i16; HIDDEN]; INPUTS]);
        for row in weights.iter_mut() {
            for w in row.iter_mut() {
                *w = i16::from_le_bytes(r.array()?);
            }
        }
        let mut hidden_bias = [0i16; HIDDEN];
        let mut output = [0i16; HIDDEN];
        for w in hidden_bias.iter_mut().chain(output.iter_mut()) {
            *w = i16::from_le_bytes(r.array()?);
        }
        let output_bias = i32::from_le_bytes(r.array()?);
        let end = r.at;
        let sum = u64::from_le_bytes(r.array()?);
        if r.at < bytes.len() {
            return Err(NetError::Trailing(bytes.len() - r.at));
        }
        if sum != fnv1a(&bytes[..end]) {
            return Err(NetError::Checksum);
        }
        Ok(Network { rules, hidden: weights, hidden_bias, output, output_bias })
    }

    /// The network of the file at `path`, for the rule set `rules`.
    pub fn load(path: &std::path::Path, rules: RuleSet) -> Result<Network, NetError> {
        let bytes =
            std::fs::read(path).map_err(|e| NetError::Io(format!("{}: {e}", path.display())))?;
        Network::from_bytes(&bytes, rules)
    }
}

/// The network awe ships for `rules`, if it has one (`nets/`, built by the commands of
/// BENCHMARKS.md), read once.
///
/// ```
/// use awe_awele::RuleSet;
/// let net = awe_search::awele_net::shipped(RuleSet::Awechec).unwrap();
/// assert_eq!(net.rules(), RuleSet::Awechec);
/// ```
pub fn shipped(rules: RuleSet) -> Option<std::sync::Arc<Network>> {
    use std::sync::{Arc, OnceLock};
    // Each rule set's network, read once, in the order of `RuleSet::ALL`.
    static READ: [OnceLock<Option<Arc<Network>>>; 3] = [const { OnceLock::new() }; 3];
    let bytes: &[u8] = match rules {
        RuleSet::Awechec => include_bytes!("../nets/awele-awechec.net"),
        RuleSet::Abapa => include_bytes!("../nets/awele-abapa.net"),
        RuleSet::Awari => include_bytes!("../nets/awele-awari.net"),
    };
    let cell = &READ[rules as usize];
    // A test reads every shipped network: one that does not read is a bug of the build, and
    // the engine then plays without it.
    cell.get_or_init(|| Network::from_bytes(bytes, rules).ok().map(Arc::new)).clone()
}

/// Reads a file's bytes in order.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], NetError> {
        let taken = self.bytes.get(self.at..self.at + n).ok_or(NetError::Truncated)?;
        self.at += n;
        Ok(taken)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], NetError> {
        Ok(self.take(N)?.try_into().expect("N bytes taken"))
    }
}

/// FNV-1a, 64 bits: a checksum that finds a damaged file, not a forged one.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A network of weights drawn from `seed`.
    fn drawn(seed: u64) -> Network {
        let mut x = seed;
        let mut next = move || {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((x >> 33) % 512) as i16 - 256
        };
        let mut hidden = Box::new([[0i16; HIDDEN]; INPUTS]);
        hidden.iter_mut().flatten().for_each(|w| *w = next() / 4);
        let hidden_bias = std::array::from_fn(|_| next());
        let output = std::array::from_fn(|_| next() / 8);
        Network::new(RuleSet::Abapa, hidden, hidden_bias, output, next() as i32 * 100)
    }

    #[test]
    fn the_shipped_networks_read() {
        for rules in RuleSet::ALL {
            let net = shipped(rules).unwrap_or_else(|| panic!("no network for {rules}"));
            assert_eq!(net.rules(), rules);
        }
    }

    #[test]
    fn a_network_reads_back_from_its_bytes() {
        let net = drawn(1);
        let bytes = net.to_bytes();
        assert_eq!(Network::from_bytes(&bytes, RuleSet::Abapa), Ok(net));
    }

    #[test]
    fn a_damaged_or_foreign_file_is_refused_by_name() {
        let bytes = drawn(2).to_bytes();
        let read = |b: &[u8]| Network::from_bytes(b, RuleSet::Abapa).unwrap_err();
        assert_eq!(read(b"PK\x03\x04 a zip file"), NetError::Magic);
        assert_eq!(read(&bytes[..bytes.len() - 3]), NetError::Truncated);
        assert_eq!(read(&bytes[..5]), NetError::Truncated);
        let mut longer = bytes.clone();
        longer.extend_from_slice(b"xx");
        assert_eq!(read(&longer), NetError::Trailing(2));
        let mut version = bytes.clone();
        version[8] = 9;
        assert_eq!(read(&version), NetError::Version { found: 9 });
        let mut flipped = bytes.clone();
        flipped[100] ^= 1;
        assert_eq!(read(&flipped), NetError::Checksum);
        assert_eq!(
            Network::from_bytes(&bytes, RuleSet::Awari).unwrap_err(),
            NetError::RuleSet { found: "abapa".into(), expected: "awari".into() }
        );
        // Every shorter prefix is refused, none panics.
        for end in 0..bytes.len() {
            assert!(Network::from_bytes(&bytes[..end], RuleSet::Abapa).is_err(), "{end}");
        }
    }

    /// The integer evaluation is the plain sum the format describes, computed here in floats
    /// from the same weights, within the rounding of one division.
    #[test]
    fn the_evaluation_is_the_formula_of_its_weights() {
        let net = drawn(3);
        let mut position = Position::new(RuleSet::Abapa);
        let mut rng = 12345u64;
        for _ in 0..60 {
            let on = inputs(&position);
            let mut plain = net.output_bias as f64;
            for j in 0..HIDDEN {
                let acc: i32 = net.hidden_bias[j] as i32
                    + on.iter().map(|&i| net.hidden[i][j] as i32).sum::<i32>();
                plain += acc.clamp(0, QA) as f64 * net.output[j] as f64;
            }
            let plain = plain / (QA * QB) as f64;
            assert!((net.evaluate(&position) as f64 - plain).abs() < 1.0, "{plain}");
            // Exactly one input of each pit, and the right count.
            for (k, &i) in on.iter().enumerate() {
                assert_eq!(i / BUCKETS, k);
            }
            let mut moves = awe_awele::MoveList::new();
            position.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1);
            position = position.play(moves[(rng >> 33) as usize % moves.len()]);
        }
    }
}
