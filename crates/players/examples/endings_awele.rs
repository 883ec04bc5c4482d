//! Where awe's Awélé games of a match were lost, against what awe believed: every game that
//! awe did not win is searched again move by move, and the games that ended by repetition or
//! with no legal move (where, under `abapa`, each side takes the seeds of its own row) are set
//! apart.
//!
//! ```sh
//! cargo run --release -p awe-players --example endings_awele -- RECORDS [PLIES] [SECONDS]
//! ```
//!
//! RECORDS is a file of `awe match --records`; awe is the side whose player is `ugi:` or `awe:`.
//! Each position of such a game where awe was to move is searched again for SECONDS (default
//! 0.3), with the whole history, by the engine with the databases of the cache. For each game:
//! the last PLIES plies (default 20; 0: the whole game), the best score awe's search gave after
//! the opening, and where it first saw the loss. In seeds and in awe's view: the search's score,
//! the evaluation of the position, what the game would give if it stopped there (captured seeds
//! and each side's own row), and how it ended.

use std::time::Duration;

use awe_awele::{Leftovers, Pit, Position};
use awe_game::record::Record;
use awe_game::{Game, Position as _, Side};
use awe_players::Playable;
use awe_search::awele::SEED;
use awe_search::score::{KNOWN_WIN, WIN, is_decided};
use awe_search::{Evaluator, Limits, Score, Searcher};

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: endings_awele RECORDS [PLIES] [SECONDS]";
    let path = args.first().ok_or_else(|| anyhow::anyhow!(usage))?;
    let plies: usize = args.get(1).map_or(Ok(20), |s| s.parse())?;
    let seconds: f64 = args.get(2).map_or(Ok(0.3), |s| s.parse())?;
    let text = std::fs::read_to_string(path)?;
    let mut totals = Totals::default();
    for chunk in text.split("\n[Game ").filter(|c| !c.trim().is_empty()) {
        let chunk =
            if chunk.starts_with("[Game ") { chunk.to_string() } else { format!("[Game {chunk}") };
        let record = Record::parse(&chunk)?;
        let termination = record.tag("Termination").unwrap_or("").to_string();
        let round = record.tag("Round").unwrap_or("?").to_string();
        let is_awe = |tag: &str| {
            record.tag(tag).is_some_and(|p| p.starts_with("ugi:") || p.starts_with("awe:"))
        };
        let awe = match (is_awe("South"), is_awe("North")) {
            (true, false) => Side::South,
            (false, true) => Side::North,
            _ => continue,
        };
        let game = awe_awele::replay(&record)?;
        let end = game.current();
        let result = margin(end, awe);
        totals.add(&termination, result);
        if result > 0 {
            continue;
        }
        let own_rows = termination == "repetition" || termination == "no legal move";
        println!(
            "game {round}: awe {awe:?}, {termination}{} after {} plies, {} seeds on the board, \
             awe ends {result:+}",
            if own_rows { " (own rows)" } else { "" },
            game.moves().len(),
            end.board().total()
        );
        let rows = searched(&game, awe, Duration::from_secs_f64(seconds));
        let first = if plies == 0 { 0 } else { game.moves().len().saturating_sub(plies) };
        for row in rows.iter().filter(|row| row.ply >= first) {
            println!("  {row}");
        }
        // Where awe's search first saw the game lost (a database's loss, or a loss it saw to the
        // end), and the best it had believed after the opening.
        let lost = rows.iter().position(|row| row.score <= -KNOWN_WIN);
        let before = &rows[..lost.unwrap_or(rows.len())];
        let best = before.iter().filter(|row| row.ply >= 20).max_by_key(|row| row.score);
        if let Some(best) = best {
            println!(
                "  the best awe believed after ply 20:\n    {best}\n    position: {}",
                best.position
            );
        }
        if let Some(row) = lost.map(|k| &rows[k]) {
            println!("  first seen lost:\n    {row}");
        }
        totals.games.push(Lost {
            own_rows,
            best: best.map(|row| seeds(row.score)),
            seen_lost_at: lost.map(|k| rows[k].position.board().total()),
        });
    }
    print!("{totals}");
    Ok(())
}

/// One of awe's positions in a game, searched again.
struct Row {
    ply: usize,
    position: Position,
    score: Score,
    depth: u32,
    eval: Score,
    stop_now: i32,
    played: Pit,
    best: Option<Pit>,
}

impl std::fmt::Display for Row {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "ply {:>3} ({:>2} seeds): search {:>9} at depth {:>2}, eval {:>6}, stop now {:+3}, \
             played {} (search's {})",
            self.ply,
            self.position.board().total(),
            shown(self.score),
            self.depth,
            shown(self.eval),
            self.stop_now,
            self.played,
            self.best.map_or("-".to_string(), |m| m.to_string()),
        )
    }
}

/// Each position of `game` where `awe` is to move, searched for `time` with its history.
fn searched(game: &Game<Position>, awe: Side, time: Duration) -> Vec<Row> {
    let mut rows = Vec::new();
    let mut replay = Game::new(*game.start());
    for (ply, &played) in game.moves().iter().enumerate() {
        if replay.current().turn() == awe {
            let position = *replay.current();
            let mut searcher = Searcher::new(Position::evaluator(game.start()), 64);
            let report = searcher.search(&replay, &Limits::time(time), |_| {});
            rows.push(Row {
                ply,
                eval: searcher.evaluator().evaluate(&position),
                stop_now: margin(&position, awe),
                position,
                score: report.score,
                depth: report.depth,
                played,
                best: report.best().copied(),
            });
        }
        if replay.play(played).is_err() {
            break;
        }
    }
    rows
}

/// `side`'s final margin if the game stopped at `position`, each side taking its own row.
fn margin(position: &Position, side: Side) -> i32 {
    let [south, north] = position.final_score(Leftovers::OwnSide);
    let (mine, theirs) = if side == Side::South { (south, north) } else { (north, south) };
    mine as i32 - theirs as i32
}

/// A score in seeds: a database's known margin, a won or lost game as 48.
fn seeds(score: Score) -> i32 {
    if is_decided(score) {
        48 * score.signum()
    } else if score.abs() >= KNOWN_WIN {
        (score.abs() - KNOWN_WIN) / SEED * score.signum()
    } else {
        score / SEED
    }
}

/// A score as read: seeds, `db ±n` for a database's margin, `win in n` or `loss in n`.
fn shown(score: Score) -> String {
    if is_decided(score) {
        format!("{} in {}", if score > 0 { "win" } else { "loss" }, WIN - score.abs())
    } else if score.abs() >= KNOWN_WIN {
        format!("db {:+}", seeds(score))
    } else {
        format!("{:+.1}", score as f64 / SEED as f64)
    }
}

/// A game awe did not win: how it ended, the best its search believed after the opening (seeds),
/// and the seeds on the board when it first saw the loss.
struct Lost {
    own_rows: bool,
    best: Option<i32>,
    seen_lost_at: Option<u8>,
}

/// awe's points by how the games ended, and what it believed in those it did not win.
#[derive(Default)]
struct Totals {
    by_end: std::collections::BTreeMap<String, (f64, u32)>,
    games: Vec<Lost>,
}

impl Totals {
    fn add(&mut self, termination: &str, margin: i32) {
        let points = match margin.signum() {
            1 => 1.0,
            0 => 0.5,
            _ => 0.0,
        };
        let entry = self.by_end.entry(termination.to_string()).or_default();
        entry.0 += points;
        entry.1 += 1;
    }
}

impl std::fmt::Display for Totals {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (end, (points, games)) in &self.by_end {
            writeln!(f, "{end}: awe {points} / {games}")?;
        }
        for own_rows in [true, false] {
            let games: Vec<&Lost> = self.games.iter().filter(|g| g.own_rows == own_rows).collect();
            let hopeful = games.iter().filter(|g| g.best.is_some_and(|b| b >= 1)).count();
            let mut seen: Vec<u8> = games.iter().filter_map(|g| g.seen_lost_at).collect();
            seen.sort_unstable();
            writeln!(
                f,
                "games not won, {}: {}; awe's search believed itself a seed or more ahead after \
                 ply 20 in {hopeful}; seeds on the board when it first saw the loss: {seen:?}",
                if own_rows { "ending with own rows" } else { "other endings" },
                games.len(),
            )?;
        }
        Ok(())
    }
}
