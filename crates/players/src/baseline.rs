//! The Awechec baselines of `awe match`, to measure the engine against:
//!
//! - `baseline`: chess moves from Stockfish (0.1 s a move, over UCI), the default decisions (a
//!   normal move when power and turn are the same colour, the null move otherwise), and at Awélé
//!   the move that captures most now (ties at random);
//! - `baseline-awele`: the same, but awe's Awélé engine plays the Awélé games (level 10, the
//!   match's time a move, with the Awélé database of the cache).
//!
//! Stockfish is found as `$AWE_STOCKFISH`, else `stockfish` on the path, else Debian's
//! `/usr/games/stockfish`.

use std::time::Duration;

use anyhow::{Context, Result, bail};
use awe_awechec::{Action, Position, Step};
use awe_game::Game;
use awe_search::awele::AweleEval;
use awe_search::{Engine, Level};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use shakmaty::EnPassantMode;
use shakmaty::uci::UciMove;

use crate::ugi::Client;
use crate::{Playable, Special};

/// Stockfish's time for a chess move.
const STOCKFISH_TIME: Duration = Duration::from_millis(100);

/// How a baseline plays its Awélé games.
enum AweleSide {
    Greedy(SmallRng),
    Engine(Box<Engine<awe_awele::Position, AweleEval>>),
}

/// A baseline player of Awechec.
pub struct Baseline {
    stockfish: Client,
    awele: AweleSide,
}

/// The command that starts Stockfish.
fn stockfish_command() -> String {
    if let Ok(path) = std::env::var("AWE_STOCKFISH") {
        return path;
    }
    let on_path = std::env::var_os("PATH").is_some_and(|paths| {
        std::env::split_paths(&paths).any(|dir| dir.join("stockfish").is_file())
    });
    if on_path { "stockfish".to_owned() } else { "/usr/games/stockfish".to_owned() }
}

impl Baseline {
    /// `baseline` or `baseline-awele`, if `spec` is one of them.
    pub fn parse(spec: &str, seed: u64) -> Option<Result<Baseline>> {
        let awele = match spec {
            "baseline" => AweleSide::Greedy(SmallRng::seed_from_u64(seed)),
            "baseline-awele" => {
                let start = awe_awele::Position::new(awe_awele::RuleSet::Awechec);
                let eval = <awe_awele::Position as Playable>::evaluator(&start);
                AweleSide::Engine(Box::new(Engine::new(eval, Level::MAX, seed)))
            }
            _ => return None,
        };
        let command = stockfish_command();
        Some(
            Client::start_speaking(&command, "uci")
                .with_context(|| {
                    format!(
                        "the baseline plays chess with Stockfish (`{command}`; set AWE_STOCKFISH)"
                    )
                })
                .map(|stockfish| Baseline { stockfish, awele }),
        )
    }
}

impl Special<Position> for Baseline {
    fn new_game(&mut self) -> Result<()> {
        if let AweleSide::Engine(engine) = &mut self.awele {
            engine.new_game();
        }
        Ok(self.stockfish.new_game()?)
    }

    /// The baseline's action in the current position of `game`; `time` is for the Awélé engine.
    fn choose(&mut self, game: &Game<Position>, time: Duration) -> Result<Action> {
        let position = game.current();
        match position.step() {
            Step::Over(_) => bail!("the game is over"),
            Step::Decision { .. } => {
                Ok(Action::Decide(position.default_decision().context("no decision to take")?))
            }
            Step::Awele { .. } => {
                let awele = position.awele();
                let mut moves = awe_awele::MoveList::new();
                awele.legal_moves(&mut moves);
                let pit = match &mut self.awele {
                    AweleSide::Greedy(rng) => {
                        let most = moves.iter().map(|&p| awele.seeds_taken(p)).max();
                        let best: Vec<_> = moves
                            .iter()
                            .copied()
                            .filter(|&p| Some(awele.seeds_taken(p)) == most)
                            .collect();
                        *best
                            .get(rng.random_range(0..best.len().max(1)))
                            .context("no Awélé move")?
                    }
                    AweleSide::Engine(engine) => engine
                        .choose(&Game::new(*awele), Some(time), |_| {})
                        .context("no Awélé move")?,
                };
                Ok(Action::Awele(pit))
            }
            Step::Move { .. } => {
                let chess = position.chess();
                let fen = shakmaty::fen::Fen::from_position(chess, EnPassantMode::Legal);
                let text =
                    self.stockfish.best_move(&format!("position fen {fen}"), STOCKFISH_TIME)?;
                let uci: UciMove =
                    text.parse().with_context(|| format!("Stockfish played `{text}`"))?;
                let mv = uci
                    .to_move(chess)
                    .with_context(|| format!("Stockfish played `{text}`, illegal here"))?;
                Ok(Action::Chess(mv))
            }
        }
    }
}
