//! The computer players at the command line: their specifications, `awe match` and `awe analyze`.

use std::time::Duration;

use anyhow::{Context, Result, bail};
use awe_game::record::Record;
use awe_game::{Game, GameResult, Position};
use awe_search::score::describe;
use awe_search::{Engine, Evaluator, Level, Limits, Searcher};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::args::{AnalyzeArgs, GameName, MatchArgs};
use crate::ugi::Client;

/// A game the engines play: its position type and its evaluation.
pub trait Playable: Position + Send + 'static {
    type Eval: Evaluator<Self> + Default + Clone + Send + 'static;

    /// The evaluation for games from `start`, with what the cache holds for them.
    fn evaluator(_start: &Self) -> Self::Eval {
        Self::Eval::default()
    }

    /// What a finished game was made of, where moves alone do not tell (Awechec's phases).
    fn summary(_game: &Game<Self>) -> Option<String> {
        None
    }

    /// A player only this game has, if `spec` names one.
    fn special(_spec: &str, _seed: u64) -> Option<Result<Box<dyn Special<Self>>>> {
        None
    }
}

/// A player of `awe match` that only some games have (Awechec's baselines).
pub trait Special<P: Position> {
    /// Gets ready for a new game.
    fn new_game(&mut self) -> Result<()>;

    /// A move for the current position of `game`, which is not over, thinking about `time`.
    fn choose(&mut self, game: &Game<P>, time: Duration) -> Result<P::Move>;
}

impl Playable for awe_awele::Position {
    type Eval = awe_search::awele::AweleEval;

    fn evaluator(start: &Self) -> Self::Eval {
        match crate::endgame::cached(start.rule_set()) {
            Some(db) => awe_search::awele::AweleEval::with_endgame(std::sync::Arc::new(db)),
            None => Self::Eval::default(),
        }
    }
}

impl Playable for awe_awechec::Position {
    type Eval = awe_search::awechec::AwechecEval;

    fn summary(game: &Game<Self>) -> Option<String> {
        use awe_awechec::{Action, Decision};
        let count = |f: fn(&Action) -> bool| game.moves().iter().filter(|a| f(a)).count();
        let awele = count(|a| matches!(a, Action::Awele(_)));
        let chess = count(|a| matches!(a, Action::Chess(_)));
        let nulls = count(|a| matches!(a, Action::Decide(Decision::Null)));
        let games = game.current().awele_games();
        let plural = if games == 1 { "" } else { "s" };
        Some(format!(
            "{games} Awélé game{plural} of {awele} moves, {chess} chess half-moves, {nulls} null moves"
        ))
    }

    fn special(spec: &str, seed: u64) -> Option<Result<Box<dyn Special<Self>>>> {
        let baseline = crate::baseline::Baseline::parse(spec, seed)?;
        Some(baseline.map(|b| Box::new(b) as Box<dyn Special<Self>>))
    }
}

impl Playable for awe_awithlaknannai::Position {
    type Eval = awe_search::awithlaknannai::SerpentEval;

    fn evaluator(start: &Self) -> Self::Eval {
        match crate::endgame::cached_serpents(*start.settings()) {
            Some(db) => {
                awe_search::awithlaknannai::SerpentEval::with_endgame(std::sync::Arc::new(db))
            }
            None => Self::Eval::default(),
        }
    }
}

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
    /// Reads a specification: `random`, `greedy`, `awe:LEVEL` or `ugi:COMMAND`, for games from
    /// `start`.
    pub fn parse(spec: &str, start: &P, seed: u64) -> Result<Player<P>> {
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
                Player::Awe(Box::new(Engine::new(P::evaluator(start), level, seed)))
            }
            Some(("ugi", command)) => Player::Ugi(Client::start(command)?),
            _ => bail!(
                "`{spec}` is no player (random, greedy, mcts, awe:LEVEL, ugi:COMMAND; awechec: baseline, baseline-awele)"
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

/// `awe match`.
pub fn run_match(args: MatchArgs) -> Result<()> {
    crate::seconds(args.time)?;
    anyhow::ensure!(args.games > 0, "--games must be at least 1");
    match args.game {
        GameName::Awele => {
            let start = crate::settings::awele_start(args.rules.as_deref(), None, &args.serpent)?;
            play_match(start, &args)
        }
        GameName::Awithlaknannai => {
            let start =
                crate::settings::awithlaknannai_start(args.rules.as_deref(), None, &args.serpent)?;
            play_match(start, &args)
        }
        GameName::Awechec => {
            let start = crate::settings::awechec_start(
                args.rules.as_deref(),
                None,
                &args.serpent,
                &args.awechec,
            )?;
            play_match(start, &args)
        }
    }
}

fn play_match<P: Playable>(start: P, args: &MatchArgs) -> Result<()> {
    let mut players = [
        Player::<P>::parse(&args.a, &start, args.seed)?,
        Player::<P>::parse(&args.b, &start, args.seed.wrapping_add(1))?,
    ];
    let time = crate::seconds(args.time)?;
    let mut rng = SmallRng::seed_from_u64(args.seed);
    let opening_level = match args.opening_level.as_deref() {
        Some(level) => Some(level.parse::<Level>().map_err(anyhow::Error::msg)?),
        None => None,
    };
    let mut opening = Game::new(start.clone());
    let mut points = 0.0;
    for i in 0..args.games {
        if i % 2 == 0 {
            // A new opening for each pair of games, played once with each colour.
            let plies = args.opening_plies as usize;
            opening = match opening_level {
                None => awe_game::playout::random_game(start.clone(), &mut rng, plies),
                Some(level) => {
                    let mut engine = Engine::new(P::evaluator(&start), level, rng.random());
                    let mut game = Game::new(start.clone());
                    for _ in 0..plies {
                        // The players' time bounds the opening's search too: a level that
                        // searches by time would not end without it.
                        let Some(mv) = engine.choose(&game, Some(time), |_| {}) else { break };
                        game.play(mv).map_err(|e| anyhow::anyhow!("opening: {e:?}"))?;
                    }
                    game
                }
            };
        }
        // Player A takes the first side to move in even games, the second in odd ones.
        let a_side = if i % 2 == 0 { start.turn() } else { start.turn().opponent() };
        let mut game = opening.clone();
        for player in players.iter_mut() {
            player.new_game()?;
        }
        while game.outcome().is_none() && game.moves().len() < 2000 {
            let mover = if game.current().turn() == a_side { 0 } else { 1 };
            let mv =
                players[mover].choose(&game, time).with_context(|| format!("game {}", i + 1))?;
            game.play(mv).map_err(|e| anyhow::anyhow!("game {}: {e:?}", i + 1))?;
        }
        if game.outcome().is_none() {
            game.agree_to_stop();
        }
        let result = awe_game::record::result_of(&game);
        let a_points = match result {
            GameResult::Win(side) if side == a_side => 1.0,
            GameResult::Win(_) => 0.0,
            _ => 0.5,
        };
        points += a_points;
        let detail = P::summary(&game).map_or_else(String::new, |s| format!(" ({s})"));
        println!(
            "game {}: A as {}, {result} in {} moves{detail}, A scores {}",
            i + 1,
            a_side.name(),
            game.moves().len(),
            format_points(a_points)
        );
    }
    println!("score {} / {}", format_points(points), args.games);
    Ok(())
}

fn format_points(points: f64) -> String {
    if points.fract() == 0.0 { format!("{points:.0}") } else { format!("{points:.1}") }
}

/// `awe analyze`.
pub fn run_analyze(args: AnalyzeArgs) -> Result<()> {
    let time = crate::seconds(args.time)?;
    if let Some(path) = &args.record {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let record = Record::parse(&text).with_context(|| path.display().to_string())?;
        return match record.tag("Game") {
            Some("awele") => analyze_game(awe_awele::replay(&record)?, time),
            Some("awithlaknannai") => analyze_game(awe_awithlaknannai::replay(&record)?, time),
            Some("awechec") => {
                let history = awe_awechec::replay(&record)?;
                let mut game = Game::new(history.start().clone());
                for &action in history.actions() {
                    game.play(action).map_err(|e| anyhow::anyhow!("{e:?}"))?;
                }
                analyze_game(game, time)
            }
            other => {
                bail!("awe analyze reads awele, awithlaknannai and awechec records, not {other:?}")
            }
        };
    }
    let position = args.position.as_deref();
    match args.game {
        GameName::Awele => analyze_position(
            crate::settings::awele_start(args.rules.as_deref(), position, &args.serpent)?,
            time,
        ),
        GameName::Awithlaknannai => analyze_position(
            crate::settings::awithlaknannai_start(args.rules.as_deref(), position, &args.serpent)?,
            time,
        ),
        GameName::Awechec => analyze_position(
            crate::settings::awechec_start(
                args.rules.as_deref(),
                position,
                &args.serpent,
                &args.awechec,
            )?,
            time,
        ),
    }
}

fn analyze_position<P: Playable>(start: P, time: Duration) -> Result<()> {
    let game = Game::new(start.clone());
    if let Some(outcome) = game.outcome() {
        println!("the game is over ({})", outcome.termination);
        return Ok(());
    }
    let mut searcher = Searcher::new(P::evaluator(&start), 64);
    let report = searcher.search(&game, &Limits::time(time), |r| {
        let pv: Vec<String> = line(game.current(), &r.pv);
        println!(
            "depth {} score {} nodes {} nps {} pv {}",
            r.depth,
            describe(r.score),
            r.nodes,
            r.nodes_per_second(),
            pv.join(" ")
        );
    });
    let pv = line(game.current(), &report.pv);
    println!(
        "best {} score {} line {}",
        pv.first().map_or("-", String::as_str),
        describe(report.score),
        pv.join(" ")
    );
    Ok(())
}

/// The moves of a line in notation, each from the position it is played in.
pub fn line<P: Position>(start: &P, moves: &[P::Move]) -> Vec<String> {
    let mut position = start.clone();
    moves
        .iter()
        .map(|&mv| {
            let text = position.move_text(mv);
            position = position.play(mv);
            text
        })
        .collect()
}

/// Judges every move of a game: the engine's score before and after, and the loss marked.
fn analyze_game<P: Playable>(game: Game<P>, time: Duration) -> Result<()> {
    let mut searcher = Searcher::new(P::evaluator(game.start()), 64);
    let point = P::Eval::default().point();
    let mut replay = Game::new(game.start().clone());
    let mut mistakes = 0;
    for (ply, &mv) in game.moves().iter().enumerate() {
        let before = searcher.search(&replay, &Limits::time(time), |_| {});
        let played_text = replay.current().move_text(mv);
        let best_text = line(replay.current(), &before.pv).first().cloned().unwrap_or_default();
        let mover = replay.current().turn();
        replay.play(mv).map_err(|e| anyhow::anyhow!("{e:?}"))?;
        let next = if replay.outcome().is_some() {
            let outcome = replay.outcome().unwrap_or_else(|| unreachable!());
            P::Eval::default().terminal(replay.current(), &outcome, 0)
        } else {
            searcher.search(&replay, &Limits::time(time), |_| {}).score
        };
        // The score for the side that moved (Awechec may give it the next action too).
        let after = if replay.current().turn() == mover { next } else { -next };
        let loss = before.score.saturating_sub(after);
        let mark = if awe_search::score::is_decided(before.score)
            != awe_search::score::is_decided(after)
            && loss > 0
        {
            "??"
        } else if loss >= 2 * point {
            "?"
        } else if loss >= point / 2 {
            "?!"
        } else {
            ""
        };
        if !mark.is_empty() {
            mistakes += 1;
        }
        println!(
            "{:>3}. {played_text}{mark} score {} (best {best_text}, {})",
            ply + 1,
            describe(after),
            describe(before.score)
        );
    }
    println!("moves {}, mistakes {mistakes}", game.moves().len());
    Ok(())
}
