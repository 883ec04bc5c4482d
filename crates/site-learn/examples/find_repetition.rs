//! Looks for Awélé positions that teach the end by repetition: South to move wins by force, every
//! game under best play ends by a repeated position (not a capture or a famine), and some South
//! moves are shown not to. `cargo run --release -p awe-site-learn --example find_repetition --
//! abapa 13` tries every board of 2 to 4 seeds (South level or ahead) and prints candidates,
//! with the line of best play and the moves that fail; `-- abapa 13 POSITION` shows one position
//! and each first move. A person picks one and writes its stage file (`awele/repetition` came
//! from here). The search is the plainest: a minimax over the whole history (the game's own
//! repetition rule), no table, no pruning.

use awe_game::{Side, Termination};
use awe_site_core::model::Match;
use awe_site_core::spec::Spec;

/// The result for South of `game` with best play within `depth` plies: `Some(+1)` a win, `0` a
/// draw, `-1` a loss, with whether the end reached is a repetition; `None` past the horizon.
fn minimax(game: &Match, depth: u32) -> Option<(i8, bool)> {
    if let Some(o) = game.outcome() {
        let value = match o.winner {
            Some(Side::South) => 1,
            Some(_) => -1,
            None => 0,
        };
        return Some((value, o.termination == Termination::Repetition));
    }
    if depth == 0 {
        return None;
    }
    let south = game.turn() == Side::South;
    let mut best: Option<(i8, bool)> = None;
    let mut unknown = false;
    for m in game.legal() {
        let Some(text) = m["text"].as_str() else { continue };
        let mut next = game.clone();
        if next.play(text).is_err() {
            continue;
        }
        match minimax(&next, depth - 1) {
            None => unknown = true,
            Some(v) => {
                let better = match best {
                    None => true,
                    Some(b) => {
                        if south {
                            v.0 > b.0 || (v.0 == b.0 && v.1 && !b.1)
                        } else {
                            v.0 < b.0 || (v.0 == b.0 && !v.1 && b.1)
                        }
                    }
                };
                if better {
                    best = Some(v);
                }
            }
        }
    }
    // Past the horizon a side might do better than what was seen: only a sure value counts.
    match best {
        Some((1, r)) if south => Some((1, r)),
        Some((-1, r)) if !south => Some((-1, r)),
        _ if unknown => None,
        b => b,
    }
}

/// Every way of putting `seeds` seeds in the pits from `at` on (those before it as `pits` has
/// them), into `out`.
fn spread(seeds: u32, at: usize, pits: &mut [u32; 12], out: &mut Vec<[u32; 12]>) {
    if at == 12 {
        if seeds == 0 {
            out.push(*pits);
        }
        return;
    }
    for here in 0..=seeds {
        pits[at] = here;
        spread(seeds - here, at + 1, pits, out);
    }
    pits[at] = 0;
}

/// The line of best play from `game` within `depth` plies (South winning soonest by a
/// repetition, North holding longest), and how it ends.
fn principal(game: &Match, depth: u32) -> String {
    let mut game = game.clone();
    let mut line = Vec::new();
    for d in (0..depth).rev() {
        if game.outcome().is_some() {
            break;
        }
        let south = game.turn() == Side::South;
        let mut best: Option<(i32, String)> = None;
        for m in game.legal() {
            let Some(text) = m["text"].as_str() else { continue };
            let mut next = game.clone();
            let _ = next.play(text);
            // Sooner is better for the winner, later for the loser.
            let soon = (0..=d).find(|&k| matches!(minimax(&next, k), Some((1, true))));
            let score = match soon {
                Some(k) if south => 100 - k as i32,
                Some(k) => k as i32,
                None if south => -1,
                None => 1000,
            };
            if best.as_ref().is_none_or(|(b, _)| score > *b) {
                best = Some((score, text.to_owned()));
            }
        }
        let Some((_, text)) = best else { break };
        let _ = game.play(&text);
        line.push(text);
    }
    let end = game
        .outcome()
        .map_or("not over".to_owned(), |o| format!("{:?} {:?}", o.termination, o.score));
    format!("{} ({end})", line.join(" "))
}

fn main() {
    let rules = std::env::args().nth(1).unwrap_or_else(|| "abapa".into());
    let depth: u32 = std::env::args().nth(2).and_then(|d| d.parse().ok()).unwrap_or(14);
    let spec = Spec::Awele { rules: Some(rules) };
    // A position given: its line of best play, and after each first move.
    if let Some(text) = std::env::args().nth(3) {
        let start = Match::new(&spec, Some(&text)).expect("a position of the game");
        println!("{text}: {}", principal(&start, depth));
        for m in start.legal() {
            let Some(t) = m["text"].as_str() else { continue };
            let mut after = start.clone();
            let _ = after.play(t);
            println!(
                "  {t}: {:?}, then {}",
                minimax(&after, depth - 1),
                principal(&after, depth - 1)
            );
        }
        return;
    }
    // Every board of 2 to 4 seeds, South ahead or level: few enough to try them all.
    let mut boards = Vec::new();
    for seeds in 2..=4 {
        spread(seeds, 0, &mut [0; 12], &mut boards);
    }
    let mut found = 0;
    for (pits, south) in boards.iter().flat_map(|b| (20..=23).map(move |s| (b, s))) {
        let seeds: u32 = pits.iter().sum();
        let north = 48 - seeds - south;
        if north > 24 || north > south {
            continue;
        }
        let row = |r: &[u32]| r.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(",");
        let text = format!("{}/{} S {south} {north}", row(&pits[..6]), row(&pits[6..]));
        let Ok(start) = Match::new(&spec, Some(&text)) else { continue };
        if start.outcome().is_some() {
            continue;
        }
        let Some((1, true)) = minimax(&start, depth) else { continue };
        let mut failing = Vec::new();
        let mut winning = Vec::new();
        let mut unknown = Vec::new();
        for m in start.legal() {
            let Some(t) = m["text"].as_str() else { continue };
            let mut after = start.clone();
            let _ = after.play(t);
            match minimax(&after, depth - 1) {
                Some((1, _)) => winning.push(t.to_owned()),
                // A move that fails must be shown to fail, not only not shown to win.
                Some(_) => failing.push(t.to_owned()),
                None => unknown.push(t.to_owned()),
            }
        }
        if failing.is_empty() || winning.len() > 1 || !unknown.is_empty() {
            continue;
        }
        // The shortest forced win, in plies.
        let plies = (1..=depth).find(|&d| matches!(minimax(&start, d), Some((1, _)))).unwrap_or(0);
        println!(
            "{text}: wins by {winning:?} in {plies} plies; fails: {failing:?}; {}",
            principal(&start, depth)
        );
        found += 1;
        if found == 20 {
            break;
        }
    }
}
