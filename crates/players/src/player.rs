//! The players of a match, by their specifications: `random`, `greedy`, `mcts`, `awe:LEVEL`,
//! `ugi:COMMAND`, `uci:COMMAND`, and the players only some games have.

use std::time::Duration;

use anyhow::{Context, Result, bail};
use awe_game::Game;
use awe_search::{Engine, Level};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::playable::{Playable, Special};
use crate::ugi::{Client, Dialect};

/// A player of `awe match`.
pub enum Player<P: Playable> {
    /// Uniformly random legal moves.
    Random(SmallRng),
    /// The move that captures most now (ties at random).
    Greedy(SmallRng),
    /// awe's engine at a level.
    Awe(Box<Engine<P, P::Eval>>),
    /// Monte Carlo tree search with random playouts (awe's second engine).
    Mcts(SmallRng),
    /// Another program, over UGI.
    Ugi(Client),
    /// A player of this game only.
    Special(Box<dyn Special<P>>),
}

impl<P: Playable> Player<P> {
    /// Reads a specification: `random`, `greedy`, `awe:LEVEL`, `ugi:COMMAND` or `uci:COMMAND`,
    /// for games from `start`.
    pub fn parse(spec: &str, start: &P, seed: u64) -> Result<Player<P>> {
        Player::parse_with(spec, start, seed, &Dialect::ugi())
    }

    /// As [`Player::parse`], another program being sent moves and options as `dialect` says
    /// (its protocol and start position are the specification's).
    pub fn parse_with(spec: &str, start: &P, seed: u64, dialect: &Dialect) -> Result<Player<P>> {
        let rng = SmallRng::seed_from_u64(seed);
        if let Some(special) = P::special(spec, seed) {
            return Ok(Player::Special(special?));
        }
        Ok(match spec.split_once(':') {
            None if spec == "random" => Player::Random(rng),
            None if spec == "greedy" => Player::Greedy(rng),
            None if spec == "mcts" => Player::Mcts(rng),
            Some(("awe", level)) => {
                let level: Level = level.parse().map_err(anyhow::Error::msg)?;
                let mut engine = Engine::new(P::evaluator(start), level, seed);
                // A match gives each move its time: what is left of it would be lost.
                engine.set_spend_all(true);
                Player::Awe(Box::new(engine))
            }
            Some((protocol @ ("ugi" | "uci"), command)) => {
                // UGI programs read awe's position texts; a UCI engine of another game may know
                // only `startpos`.
                let uci = protocol == "uci";
                let dialect = Dialect {
                    protocol: if uci { "uci" } else { "ugi" },
                    startpos: uci.then(|| start.position_text()),
                    ..dialect.clone()
                };
                Player::Ugi(Client::start_with(command, dialect)?)
            }
            _ => bail!(
                "`{spec}` is no player (random, greedy, mcts, awe:LEVEL, ugi:COMMAND, uci:COMMAND; awechec: baseline, baseline-awele)"
            ),
        })
    }

    /// Gets ready for a new game.
    pub fn new_game(&mut self) -> Result<()> {
        match self {
            Player::Awe(engine) => engine.new_game(),
            Player::Ugi(client) => client.new_game()?,
            Player::Special(player) => player.new_game()?,
            _ => {}
        }
        Ok(())
    }

    /// A move for the current position of `game`, which is not over.
    pub fn choose(&mut self, game: &Game<P>, time: Duration) -> Result<P::Move> {
        let position = game.current();
        let mut moves = P::MoveList::default();
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            bail!("no legal move");
        }
        Ok(match self {
            Player::Random(rng) => moves[rng.random_range(0..moves.len())],
            Player::Greedy(rng) => {
                let material = position.material();
                let taken = |mv: P::Move| material - position.play(mv).material();
                let most = moves.iter().map(|&m| taken(m)).max().unwrap_or(0);
                let best: Vec<P::Move> =
                    moves.iter().copied().filter(|&m| taken(m) == most).collect();
                best[rng.random_range(0..best.len())]
            }
            Player::Awe(engine) => {
                engine.choose(game, Some(time), |_| {}).context("the engine found no move")?
            }
            Player::Mcts(rng) => awe_search::Mcts::default()
                .search(game, None, Some(time), rng)
                .best
                .context("the tree search found no move")?,
            Player::Ugi(client) => client.choose(game, time)?,
            Player::Special(player) => player.choose(game, time)?,
        })
    }
}
