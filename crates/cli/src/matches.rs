//! `awe match`: engine against engine, colours alternated, openings varied; games played a few
//! at once (`--concurrency`), and stopped by a sequential test (`--sprt`) when it has decided.

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, mpsc};

use anyhow::{Context, Result};
use awe_awechec::History;
use awe_game::record::Record;
use awe_game::{Game, GameResult};
use awe_players::sprt::{Results, Sprt, Verdict};
use awe_players::ugi::Dialect;
use awe_players::{Playable, Player};
use awe_search::{Engine, Level};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::args::{GameName, MatchArgs};

/// Plies after which a match game is stopped as agreed, whatever the rules would still allow:
/// beyond Ludii's turn limit (`ludii`: 1,250 turns each), so that those games end by their rule.
const MAX_PLIES: usize = 3000;

pub fn run(args: MatchArgs) -> Result<()> {
    anyhow::ensure!(args.games > 0, "--games must be at least 1");
    anyhow::ensure!(args.concurrency > 0, "--concurrency must be at least 1");
    match args.game {
        GameName::Awele => {
            let start = crate::settings::awele_start(args.rules.as_deref(), None, &args.serpent)?;
            play_match(start, &args, awe_awele::write_record)
        }
        GameName::Awithlaknannai => {
            let start =
                crate::settings::awithlaknannai_start(args.rules.as_deref(), None, &args.serpent)?;
            let named =
                crate::settings::start_name(&args.serpent, start.settings().board.kind()).ok();
            play_match(start, &args, |game, names| {
                awe_awithlaknannai::write_record(game, named, names)
            })
        }
        GameName::Awechec => {
            let start = crate::settings::awechec_start(
                args.rules.as_deref(),
                None,
                &args.serpent,
                &args.awechec,
            )?;
            let language = crate::settings::awechec_language(&args.awechec)?;
            play_match(start, &args, |game, names| {
                awe_awechec::write_record(&History::of_game(game), language, names)
            })
        }
    }
}

/// The SPRT of `--sprt ELO0,ELO1`.
fn sprt(args: &MatchArgs) -> Result<Option<Sprt>> {
    let Some(text) = &args.sprt else { return Ok(None) };
    let (elo0, elo1) = text
        .split_once(',')
        .and_then(|(a, b)| Some((a.trim().parse::<f64>().ok()?, b.trim().parse::<f64>().ok()?)))
        .filter(|(a, b)| a.is_finite() && b.is_finite() && a < b)
        .context("--sprt: two Elo differences ELO0,ELO1 with ELO0 < ELO1, such as 0,10")?;
    let alpha = args.sprt_alpha;
    anyhow::ensure!(alpha > 0.0 && alpha < 0.5, "--sprt-alpha: between 0 and 0.5");
    Ok(Some(Sprt { elo0, elo1, alpha, beta: alpha }))
}

/// How one game ended for A.
struct Played {
    index: u32,
    a_side: awe_game::Side,
    result: GameResult,
    plies: usize,
    summary: Option<String>,
    /// The game's record, when the match keeps them (`--records`).
    record: Option<String>,
    /// The time A and B took for their moves.
    thought: [Thought; 2],
}

/// The time a player took to move, over its moves.
#[derive(Clone, Copy, Debug, Default)]
struct Thought {
    moves: u32,
    total: std::time::Duration,
    longest: std::time::Duration,
    /// The moves that took under a tenth of the time (book moves, single legal moves, positions
    /// a database or a short search decides), and what they took: a mean over every move hides
    /// how much of the time the searched moves spend.
    quick: u32,
    quick_total: std::time::Duration,
}

impl Thought {
    /// A move that took `took` of a budget of `time`.
    fn add(&mut self, took: std::time::Duration, time: std::time::Duration) {
        self.moves += 1;
        self.total += took;
        self.longest = self.longest.max(took);
        if took < time / 10 {
            self.quick += 1;
            self.quick_total += took;
        }
    }

    fn merge(&mut self, other: &Thought) {
        self.moves += other.moves;
        self.total += other.total;
        self.longest = self.longest.max(other.longest);
        self.quick += other.quick;
        self.quick_total += other.quick_total;
    }

    /// `A took 0.290 s a move (97 % of its time), at most 0.301 s, over 80 moves`, and where some
    /// moves were quick and some not: `; 12 of them under a tenth of the time, the other 68 …`.
    fn summary(&self, name: &str, time: std::time::Duration) -> String {
        if self.moves == 0 {
            return format!("{name} made no move");
        }
        let share = |seconds: f64| 100.0 * seconds / time.as_secs_f64();
        let mean = self.total.as_secs_f64() / self.moves as f64;
        let mut line = format!(
            "{name} took {mean:.3} s a move ({:.0} % of its time), at most {:.3} s, over {} moves",
            share(mean),
            self.longest.as_secs_f64(),
            self.moves
        );
        let searched = self.moves - self.quick;
        if self.quick > 0 && searched > 0 {
            let rest = (self.total - self.quick_total).as_secs_f64() / searched as f64;
            line += &format!(
                "; {} of them under a tenth of the time, the other {searched} {rest:.3} s ({:.0} %)",
                self.quick,
                share(rest)
            );
        }
        line
    }
}

/// How a side's program is sent moves and options, from `--a-option` and `--a-move-separator`
/// or B's (its protocol is its specification's).
fn dialect(options: &[String], separator: &str, flag: &str) -> Result<Dialect> {
    let options = options
        .iter()
        .map(|text| {
            let (name, value) = text
                .split_once('=')
                .filter(|(name, _)| !name.trim().is_empty())
                .with_context(|| format!("{flag} `{text}`: write it NAME=VALUE"))?;
            Ok((name.trim().to_owned(), value.trim().to_owned()))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Dialect { move_separator: separator.to_owned(), options, ..Dialect::ugi() })
}

/// Plays the match from `start`; `write` makes a game's record, its players' names given side by
/// side (the first side's first).
fn play_match<P: Playable>(
    start: P,
    args: &MatchArgs,
    write: impl Fn(&Game<P>, [&str; 2]) -> Record + Sync,
) -> Result<()> {
    let time = args.time.duration();
    let openings = match (&args.openings, args.opening_level) {
        (Some(path), _) => Openings::File(read_openings(&start, path, args.seed)?),
        (None, Some(n)) => Openings::Level(Level::new(n).context("--opening-level: 1 to 4")?),
        (None, None) => Openings::Random,
    };
    let sprt = sprt(args)?;
    let dialect_a = dialect(&args.a_option, &args.a_move_separator, "--a-option")?;
    let dialect_b = dialect(&args.b_option, &args.b_move_separator, "--b-option")?;
    // Created before the first game: a path that cannot be written fails at once.
    let mut records = match &args.records {
        Some(path) => Some((
            path,
            std::fs::File::create(path)
                .with_context(|| format!("--records: cannot create {}", path.display()))?,
        )),
        None => None,
    };
    // Every worker's own players, checked before any game starts.
    let mut workers = Vec::new();
    for w in 0..args.concurrency as u64 {
        let seed = args.seed.wrapping_add(w * 1000);
        workers.push([
            Player::<P>::parse_with(&args.a, &start, seed, &dialect_a).context("--a")?,
            Player::<P>::parse_with(&args.b, &start, seed.wrapping_add(1), &dialect_b)
                .context("--b")?,
        ]);
    }
    // Games are numbered from 0 here, from 1 for the user; a later part of a match begins further on.
    let first = args.from_game - 1;
    let next = Arc::new(AtomicU32::new(first));
    let stop = Arc::new(AtomicBool::new(false));
    let (sender, receiver) = mpsc::channel::<Result<Played>>();
    let end = first.checked_add(args.games).context("--from-game and --games: too many games")?;
    std::thread::scope(|scope| -> Result<()> {
        for mut players in workers {
            let (next, stop, sender) = (Arc::clone(&next), Arc::clone(&stop), sender.clone());
            let (start, write, openings) = (start.clone(), &write, &openings);
            scope.spawn(move || {
                loop {
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    if index >= end || stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let played =
                        play_game(&start, &mut players, index, args, time, openings, write);
                    let failed = played.is_err();
                    if sender.send(played).is_err() || failed {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut results = Results::default();
        let mut points = 0.0;
        let mut ended = 0u32;
        // The results when the test decided, if it did.
        let mut decided: Option<Results> = None;
        let mut thought = [Thought::default(); 2];
        for played in receiver {
            let played = match played {
                Ok(played) => played,
                Err(error) => {
                    stop.store(true, Ordering::SeqCst);
                    return Err(error);
                }
            };
            let a_points = match played.result {
                GameResult::Win(side) if side == played.a_side => 1.0,
                GameResult::Win(_) => 0.0,
                _ => 0.5,
            };
            match played.result {
                GameResult::Win(side) if side == played.a_side => results.wins += 1,
                GameResult::Win(_) => results.losses += 1,
                _ => results.draws += 1,
            }
            points += a_points;
            ended += 1;
            for (total, game) in thought.iter_mut().zip(&played.thought) {
                total.merge(game);
            }
            let detail = played.summary.map_or_else(String::new, |s| format!(" ({s})"));
            println!(
                "game {}: A as {}, {} in {} moves{detail}, A scores {}",
                played.index + 1,
                P::side_name(played.a_side),
                played.result,
                played.plies,
                format_points(a_points)
            );
            // Each game's record as it ends, in one write: a match stopped keeps the games it
            // finished.
            if let (Some((path, file)), Some(record)) = (&mut records, &played.record)
                && let Err(error) = file.write_all(format!("{record}\n").as_bytes())
            {
                stop.store(true, Ordering::SeqCst);
                return Err(error)
                    .with_context(|| format!("--records: cannot write {}", path.display()));
            }
            // The test decides on whole pairs: each opening played with both colours.
            if let Some(sprt) = &sprt
                && decided.is_none()
                && ended.is_multiple_of(2)
                && sprt.verdict(&results) != Verdict::Continue
            {
                decided = Some(results);
                stop.store(true, Ordering::SeqCst);
            }
        }
        if let Some(sprt) = &sprt {
            let (low, high) = sprt.bounds();
            // The verdict is the one that stopped the match: the games still being played then
            // are counted in the figures below, not in the test.
            let tested = decided.unwrap_or(results);
            let verdict = match sprt.verdict(&tested) {
                Verdict::Better => "H1 accepted: A is better",
                Verdict::NotBetter => "H0 accepted: A is not better",
                Verdict::Continue => "no decision within --games",
            };
            println!(
                "sprt [{}, {}] alpha {}: LLR {:.2} (bounds {low:.2}, {high:.2}), {verdict}",
                sprt.elo0,
                sprt.elo1,
                sprt.alpha,
                sprt.llr(&tested)
            );
            if tested != results {
                println!(
                    "decided after {} games; the {} then being played are counted below",
                    tested.games(),
                    results.games() - tested.games()
                );
            }
        }
        println!("{}", thought[0].summary("A", time));
        println!("{}", thought[1].summary("B", time));
        match results.elo() {
            Some((elo, error)) => println!(
                "elo {elo:+.1} ± {error:.1} (95 %), {} wins {} draws {} losses",
                results.wins, results.draws, results.losses
            ),
            None => println!(
                "elo not measurable yet, {} wins {} draws {} losses",
                results.wins, results.draws, results.losses
            ),
        }
        println!("score {} / {}", format_points(points), ended);
        Ok(())
    })
}

/// How the games of a match begin.
enum Openings<M> {
    /// `--opening-plies` moves at random.
    Random,
    /// `--opening-plies` moves of the engine at a low level (`--opening-level`).
    Level(Level),
    /// The positions of a file (`--openings`), in an order the seed shuffles.
    File(Vec<Vec<M>>),
}

/// The openings of `--openings FILE`: a line each, the moves from the start as the game writes
/// them, a space between; `#` begins a comment. Every move is checked before any game starts;
/// the order is shuffled by `seed`, so that matches with other seeds play other openings first.
fn read_openings<P: Playable>(
    start: &P,
    path: &std::path::Path,
    seed: u64,
) -> Result<Vec<Vec<P::Move>>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("--openings: cannot read {}", path.display()))?;
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let words = line.split('#').next().unwrap_or("");
        if words.trim().is_empty() {
            continue;
        }
        let mut game = Game::new(start.clone());
        for word in words.split_whitespace() {
            let at = || format!("--openings: {} line {}", path.display(), number + 1);
            let mv = game
                .current()
                .parse_move(word)
                .map_err(|e| anyhow::anyhow!("`{word}` is no move here ({e})"))
                .with_context(at)?;
            game.play(mv).map_err(|e| anyhow::anyhow!("`{word}`: {e}")).with_context(at)?;
            anyhow::ensure!(game.outcome().is_none(), "{}: the game is over after `{word}`", at());
        }
        openings.push(game.moves().to_vec());
    }
    anyhow::ensure!(!openings.is_empty(), "--openings: {} holds no opening", path.display());
    let mut rng = SmallRng::seed_from_u64(seed);
    for i in (1..openings.len()).rev() {
        openings.swap(i, rng.random_range(0..=i));
    }
    Ok(openings)
}

/// Plays game `index`: its pair's opening, then A and B until the end.
fn play_game<P: Playable>(
    start: &P,
    players: &mut [Player<P>; 2],
    index: u32,
    args: &MatchArgs,
    time: std::time::Duration,
    openings: &Openings<P::Move>,
    write: &(impl Fn(&Game<P>, [&str; 2]) -> Record + Sync),
) -> Result<Played> {
    // A new opening for each pair of games, played once with each colour; the same for a pair
    // whichever worker plays it.
    let pair = (index / 2) as u64;
    let mut rng = SmallRng::seed_from_u64(args.seed ^ pair.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let plies = args.opening_plies as usize;
    let mut game = match openings {
        Openings::Random => awe_game::playout::random_game(start.clone(), &mut rng, plies),
        Openings::File(lines) => {
            let mut game = Game::new(start.clone());
            for &mv in &lines[pair as usize % lines.len()] {
                game.play(mv).context("opening")?;
            }
            game
        }
        Openings::Level(level) => {
            let mut engine = Engine::new(P::evaluator(start), *level, rng.random());
            let mut game = Game::new(start.clone());
            for _ in 0..plies {
                // The players' time bounds the opening's search too.
                let Some(mv) = engine.choose(&game, Some(time), |_| {}) else { break };
                game.play(mv).context("opening")?;
            }
            game
        }
    };
    // Player A takes the first side to move in even games, the second in odd ones.
    let a_side = if index.is_multiple_of(2) { start.turn() } else { start.turn().opponent() };
    for player in players.iter_mut() {
        player.new_game()?;
    }
    let mut thought = [Thought::default(); 2];
    while game.outcome().is_none() && game.moves().len() < MAX_PLIES {
        let mover = if game.current().turn() == a_side { 0 } else { 1 };
        let asked = std::time::Instant::now();
        let mv =
            players[mover].choose(&game, time).with_context(|| format!("game {}", index + 1))?;
        thought[mover].add(asked.elapsed(), time);
        game.play(mv).with_context(|| format!("game {}", index + 1))?;
    }
    if game.outcome().is_none() {
        game.agree_to_stop();
    }
    let record = args.records.is_some().then(|| {
        let mut names = [args.b.as_str(); 2];
        names[a_side.index()] = &args.a;
        let mut record = write(&game, names);
        record.set_tag("Round", (index + 1).to_string());
        record.to_string()
    });
    Ok(Played {
        index,
        a_side,
        result: awe_game::record::result_of(&game),
        plies: game.moves().len(),
        summary: P::summary(&game),
        record,
        thought,
    })
}

fn format_points(points: f64) -> String {
    if points.fract() == 0.0 { format!("{points:.0}") } else { format!("{points:.1}") }
}

#[cfg(test)]
mod tests {
    use super::Thought;
    use std::time::Duration;

    #[test]
    fn the_time_summary_sets_the_quick_moves_apart() {
        let time = Duration::from_millis(1000);
        let mut a = Thought::default();
        a.add(Duration::from_millis(950), time);
        a.add(Duration::from_millis(2), time);
        let mut b = Thought::default();
        b.add(Duration::from_millis(850), time);
        b.add(Duration::from_millis(1010), time);
        a.merge(&b);
        assert_eq!(
            a.summary("A", time),
            "A took 0.703 s a move (70 % of its time), at most 1.010 s, over 4 moves; \
             1 of them under a tenth of the time, the other 3 0.937 s (94 %)"
        );
        // No quick move, or only quick ones: nothing to set apart.
        assert_eq!(
            b.summary("B", time),
            "B took 0.930 s a move (93 % of its time), at most 1.010 s, over 2 moves"
        );
        let mut c = Thought::default();
        c.add(Duration::from_millis(1), time);
        assert!(!c.summary("C", time).contains("under a tenth"));
        assert_eq!(Thought::default().summary("D", time), "D made no move");
    }
}
