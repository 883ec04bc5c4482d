//! `awe match`: engine against engine, colours alternated, openings varied.

use anyhow::{Context, Result};
use awe_game::{Game, GameResult};
use awe_players::{Playable, Player};
use awe_search::{Engine, Level};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::args::{GameName, MatchArgs};

/// Plies after which a match game is stopped as agreed, whatever the rules would still allow.
const MAX_PLIES: usize = 2000;

pub fn run(args: MatchArgs) -> Result<()> {
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
    let time = args.time.duration();
    let opening_level = match args.opening_level {
        Some(n) => Some(Level::new(n).context("--opening-level: 1 to 4")?),
        None => None,
    };
    let mut players = [
        Player::<P>::parse(&args.a, &start, args.seed).context("--a")?,
        Player::<P>::parse(&args.b, &start, args.seed.wrapping_add(1)).context("--b")?,
    ];
    let mut rng = SmallRng::seed_from_u64(args.seed);
    // Loaded once, if openings need it: the databases of the cache may be large.
    let mut eval = None;
    let mut opening = Game::new(start.clone());
    let mut points = 0.0;
    for i in 0..args.games {
        if i % 2 == 0 {
            // A new opening for each pair of games, played once with each colour.
            let plies = args.opening_plies as usize;
            opening = match opening_level {
                None => awe_game::playout::random_game(start.clone(), &mut rng, plies),
                Some(level) => {
                    let eval = eval.get_or_insert_with(|| P::evaluator(&start)).clone();
                    let mut engine = Engine::new(eval, level, rng.random());
                    let mut game = Game::new(start.clone());
                    for _ in 0..plies {
                        // The players' time bounds the opening's search too.
                        let Some(mv) = engine.choose(&game, Some(time), |_| {}) else { break };
                        game.play(mv).context("opening")?;
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
        while game.outcome().is_none() && game.moves().len() < MAX_PLIES {
            let mover = if game.current().turn() == a_side { 0 } else { 1 };
            let mv =
                players[mover].choose(&game, time).with_context(|| format!("game {}", i + 1))?;
            game.play(mv).with_context(|| format!("game {}", i + 1))?;
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
            P::side_name(a_side),
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
