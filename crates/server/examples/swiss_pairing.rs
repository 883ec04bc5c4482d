//! Swiss pairing at scale (issue 41): the site's pairing (`tournament::swiss::pair`, a maximum
//! weight matching) timed round by round.
//!
//! - `random`: 200 players over 20 rounds, random results (by rating), one player in ten
//!   withdrawing each round and one in ten of those withdrawn rejoining.
//! - `worst`: the case that took the backtracking pairing 78 s at 20 players: one player meets a
//!   new opponent each round while everyone else is withdrawn, then all rejoin, so that no
//!   pairing without a rematch exists.
//!
//! Prints each case's slowest and median round, in milliseconds.
//!
//! ```sh
//! cargo run --release -p awe-server --example swiss_pairing -- 200 20
//! ```

use std::time::Instant;

use awe_server::tournament::swiss::{Entrant, pair};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    fn chance(&mut self, one_in: u64) -> bool {
        self.next().is_multiple_of(one_in)
    }
}

fn entrants(n: usize) -> Vec<Entrant> {
    (0..n)
        .map(|i| Entrant {
            id: format!("p{i:03}"),
            rating: 2200.0 - i as f64 * 3.0,
            score: 0,
            opponents: Vec::new(),
            colour_balance: 0,
            had_bye: false,
        })
        .collect()
}

/// Plays a round among the players of `playing` (indices into `all`): returns its pairing time.
fn round(all: &mut [Entrant], playing: &[usize], rng: &mut Rng) -> f64 {
    let these: Vec<Entrant> = playing.iter().map(|&i| all[i].clone()).collect();
    let started = Instant::now();
    let pairing = pair(&these);
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    if let Some(b) = pairing.bye {
        let i = playing[b];
        all[i].had_bye = true;
        all[i].score += 2;
    }
    for (w, b) in pairing.games {
        let (w, b) = (playing[w], playing[b]);
        // The stronger wins two times in three, draws are one in six.
        let stronger_white = all[w].rating >= all[b].rating;
        let roll = rng.next() % 6;
        let white_half = match (roll, stronger_white) {
            (0, _) => 1,
            (1..=4, true) | (5, false) => 2,
            _ => 0,
        };
        all[w].score += white_half;
        all[b].score += 2 - white_half;
        all[w].colour_balance += 1;
        all[b].colour_balance -= 1;
        let (wid, bid) = (all[w].id.clone(), all[b].id.clone());
        all[w].opponents.push(bid);
        all[b].opponents.push(wid);
    }
    ms
}

fn summary(name: &str, mut times: Vec<f64>) {
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    let slowest = times[times.len() - 1];
    println!("{name}: {} rounds, median {median:.2} ms, slowest {slowest:.2} ms", times.len());
}

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let players = args.first().copied().unwrap_or(200);
    let rounds = args.get(1).copied().unwrap_or(20);
    let mut rng = Rng(41);

    // Random results, withdrawals and rejoins.
    let mut all = entrants(players);
    let mut withdrawn = vec![false; players];
    let mut times = Vec::new();
    for _ in 0..rounds {
        for w in withdrawn.iter_mut() {
            if *w && rng.chance(10) {
                *w = false;
            } else if !*w && rng.chance(10) {
                *w = true;
            }
        }
        let playing: Vec<usize> = (0..players).filter(|&i| !withdrawn[i]).collect();
        times.push(round(&mut all, &playing, &mut rng));
    }
    summary(&format!("random, {players} players"), times);

    // The worst case: player 0 meets players 1, 2, … one a round, the others withdrawn; then
    // everyone rejoins.
    let mut all = entrants(players);
    let mut times = Vec::new();
    let met = rounds.min(players - 1);
    for r in 1..=met {
        times.push(round(&mut all, &[0, r], &mut rng));
    }
    let everyone: Vec<usize> = (0..=met).collect();
    let started = Instant::now();
    let pairing = pair(&everyone.iter().map(|&i| all[i].clone()).collect::<Vec<_>>());
    times.push(started.elapsed().as_secs_f64() * 1000.0);
    let rematches = pairing
        .games
        .iter()
        .filter(|&&(w, b)| all[everyone[w]].opponents.contains(&all[everyone[b]].id))
        .count();
    summary(&format!("worst case, {} rejoin ({rematches} rematch)", met + 1), times);
    // And at the whole size: everyone has met player 0's opponents' pattern at full size.
    let mut all = entrants(players);
    for r in 1..players {
        let (a, b) = (all[0].id.clone(), all[r].id.clone());
        all[0].opponents.push(b);
        all[r].opponents.push(a);
    }
    let started = Instant::now();
    let pairing = pair(&all);
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    println!(
        "worst case, {players} players, player 0 has met everyone: {ms:.2} ms, {} games",
        pairing.games.len()
    );
}
