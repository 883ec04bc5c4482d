//! The Swiss system as the site pairs it: a documented simpler system than FIDE's Dutch rules
//! (no well-kept implementation of those exists as a Rust crate or a Debian package), computed
//! as the FIDE-endorsed pairing engines do, by a maximum weight matching (Edmonds' blossom
//! algorithm, in polynomial time: `rustworkx-core`), never by backtracking over combinations.
//!
//! - Players are ranked by score, then rating, then name.
//! - With an odd number, the lowest-ranked player who has not had a bye gets one (a full point,
//!   as FIDE's pairing-allocated bye).
//! - Everyone else is paired (a matching of the largest size), and among such pairings the one
//!   chosen is the best by these criteria, each outweighing all those after it together:
//!   1. as few rematches as possible (none if a pairing without one exists);
//!   2. the smallest sum of the squared score differences of the pairs (players meet their
//!      own score group, and a floater the nearest score);
//!   3. within a score group, the fold: the top half of a group meets its bottom half, each
//!      player the one half the group below them;
//!   4. the fewest pairs of two players due the same colour.
//! - Colours: the player who has had white less often gets it; if equal, the higher-ranked.
//! - Tie-breaks: Buchholz (the sum of the opponents' final scores; a bye adds nothing), then
//!   Sonneborn–Berger (the sum of the scores of the opponents beaten, and half those drawn).
//!
//! Scores are in half points (a win 2, a draw 1).

use rustworkx_core::max_weight_matching::max_weight_matching;
use rustworkx_core::petgraph::graph::UnGraph;

/// A player as the pairing sees them.
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    pub id: String,
    pub rating: f64,
    /// Half points.
    pub score: u32,
    /// Those already met.
    pub opponents: Vec<String>,
    /// Whites minus blacks so far.
    pub colour_balance: i32,
    pub had_bye: bool,
}

/// A round's pairing: (white, black) indices into the entrants, and the bye.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    pub games: Vec<(usize, usize)>,
    pub bye: Option<usize>,
}

/// The ranking: indices, best first.
pub fn ranking(entrants: &[Entrant]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..entrants.len()).collect();
    order.sort_by(|&a, &b| {
        let (x, y) = (&entrants[a], &entrants[b]);
        y.score.cmp(&x.score).then(y.rating.total_cmp(&x.rating)).then(x.id.cmp(&y.id))
    });
    order
}

/// Pairs a round among `entrants` (those still playing).
pub fn pair(entrants: &[Entrant]) -> Round {
    let mut order = ranking(entrants);
    let mut bye = None;
    if order.len() % 2 == 1 {
        let at = order.iter().rposition(|&i| !entrants[i].had_bye).unwrap_or(order.len() - 1);
        bye = Some(order.remove(at));
    }
    let games = matching(entrants, &order)
        .into_iter()
        .map(|(a, b)| {
            // `a` ranks above `b`.
            let (x, y) = (&entrants[a], &entrants[b]);
            if y.colour_balance < x.colour_balance { (b, a) } else { (a, b) }
        })
        .collect();
    Round { games, bye }
}

/// The weights of the criteria (see the module's comment): each larger than the most all the
/// criteria after it can add up to over a round of `PLAYERS` players.
const PLAYERS: i128 = 10_000;
const COLOUR: i128 = 1;
const FOLD: i128 = 2 * COLOUR * PLAYERS;
const SCORE: i128 = 2 * FOLD * PLAYERS * PLAYERS;
/// Score differences are at most this many half points squared (a hundred rounds).
const MOST_GAP: i128 = 200 * 200;
const REMATCH: i128 = 2 * SCORE * MOST_GAP * PLAYERS;
const BASE: i128 = 2 * REMATCH * PLAYERS;

/// Where a player to pair stands: their place in their score group, and its size.
#[derive(Clone, Copy, Default)]
struct Standing {
    rank: usize,
    place: usize,
    group: usize,
}

/// What pairing `a` with `b` costs.
fn cost(entrants: &[Entrant], at: &[Standing], a: usize, b: usize) -> i128 {
    let (x, y) = (&entrants[a], &entrants[b]);
    let rematch = i128::from(x.opponents.contains(&y.id) || y.opponents.contains(&x.id));
    let gap = i128::from(x.score.abs_diff(y.score));
    let fold = if x.score == y.score {
        // The top half of the group meets the bottom half in order.
        let (high, low) = if at[a].rank < at[b].rank { (at[a], at[b]) } else { (at[b], at[a]) };
        (low.place as i128 - high.place as i128 - (high.group / 2) as i128).abs()
    } else {
        0
    };
    // Both due the same colour: one of them will not get it.
    let colour =
        i128::from(x.colour_balance != 0 && x.colour_balance.signum() == y.colour_balance.signum());
    rematch * REMATCH + gap * gap * SCORE + fold * FOLD + colour * COLOUR
}

/// The pairs of the players of `order` (an even number), each the higher-ranked first.
fn matching(entrants: &[Entrant], order: &[usize]) -> Vec<(usize, usize)> {
    let mut at = vec![Standing::default(); entrants.len()];
    let mut start = 0;
    for (r, &i) in order.iter().enumerate() {
        if entrants[order[start]].score != entrants[i].score {
            start = r;
        }
        at[i] = Standing { rank: r, place: r - start, group: 0 };
    }
    for &i in order {
        let score = entrants[i].score;
        at[i].group = order.iter().filter(|&&j| entrants[j].score == score).count();
    }
    let mut graph = UnGraph::<usize, i128>::with_capacity(order.len(), order.len().pow(2) / 2);
    let nodes: Vec<_> = order.iter().map(|&i| graph.add_node(i)).collect();
    for (p, &a) in order.iter().enumerate() {
        for (q, &b) in order.iter().enumerate().skip(p + 1) {
            graph.add_edge(nodes[p], nodes[q], BASE - cost(entrants, &at, a, b));
        }
    }
    let pairs =
        max_weight_matching(&graph, true, |e| Ok::<_, ()>(*e.weight()), false).unwrap_or_default();
    let mut games: Vec<(usize, usize)> = pairs
        .into_iter()
        .map(|(p, q)| {
            let (a, b) = (order[p], order[q]);
            if at[a].rank < at[b].rank { (a, b) } else { (b, a) }
        })
        .collect();
    games.sort_by_key(|&(a, _)| at[a].rank);
    games
}

/// A game played, from the standings' view: who, and the result in half points for each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub white: String,
    pub black: String,
    /// Half points of white (2, 1 or 0); black has 2 minus it.
    pub white_score: u32,
}

/// Buchholz and Sonneborn–Berger of `player`, in points (`score` gives each player's final
/// score in half points).
pub fn tie_breaks(player: &str, games: &[Played], score: impl Fn(&str) -> u32) -> (f64, f64) {
    let mut buchholz = 0;
    let mut berger = 0;
    for game in games {
        let (opponent, mine) = if game.white == player {
            (&game.black, game.white_score)
        } else if game.black == player {
            (&game.white, 2 - game.white_score)
        } else {
            continue;
        };
        let theirs = score(opponent);
        buchholz += theirs;
        // A win counts the opponent's whole score, a draw half of it.
        berger += theirs * mine;
    }
    (f64::from(buchholz) / 2.0, f64::from(berger) / 4.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entrant(id: &str, rating: f64) -> Entrant {
        Entrant {
            id: id.into(),
            rating,
            score: 0,
            opponents: Vec::new(),
            colour_balance: 0,
            had_bye: false,
        }
    }

    #[test]
    fn the_first_round_folds_and_the_last_ranked_rests() {
        let players: Vec<Entrant> = ["a", "b", "c", "d", "e", "f", "g"]
            .iter()
            .zip([2000.0, 1900.0, 1800.0, 1700.0, 1600.0, 1500.0, 1400.0])
            .map(|(id, r)| entrant(id, r))
            .collect();
        let round = pair(&players);
        // Ranked a..g; g rests; a-d, b-e, c-f (the top half against the bottom half).
        assert_eq!(round.bye, Some(6));
        assert_eq!(round.games, [(0, 3), (1, 4), (2, 5)]);
    }

    #[test]
    fn no_one_meets_twice_while_another_pairing_exists() {
        let mut players: Vec<Entrant> =
            ["a", "b", "c", "d"].iter().map(|id| entrant(id, 1500.0)).collect();
        // a and b have met; both on 1 point, c and d on none.
        players[0].opponents.push("b".into());
        players[1].opponents.push("a".into());
        players[0].score = 2;
        players[1].score = 2;
        let round = pair(&players);
        let met: Vec<(usize, usize)> =
            round.games.iter().map(|&(w, b)| (w.min(b), w.max(b))).collect();
        assert!(!met.contains(&(0, 1)), "{met:?}");
        assert_eq!(met.len(), 2);
    }

    /// The plainest pairing: every perfect matching of `order` tried, the best by the
    /// criteria's first two (rematches, then the sum of squared score gaps).
    fn brute_force(entrants: &[Entrant], order: &[usize]) -> (usize, u32) {
        fn best(entrants: &[Entrant], left: &[usize]) -> (usize, u32) {
            let Some((&a, rest)) = left.split_first() else { return (0, 0) };
            let mut found = (usize::MAX, u32::MAX);
            for (k, &b) in rest.iter().enumerate() {
                let others: Vec<usize> =
                    rest.iter().enumerate().filter(|&(j, _)| j != k).map(|(_, &i)| i).collect();
                let (rematches, gaps) = best(entrants, &others);
                let rematch = usize::from(entrants[a].opponents.contains(&entrants[b].id));
                let gap = entrants[a].score.abs_diff(entrants[b].score);
                found = found.min((rematches + rematch, gaps + gap * gap));
            }
            found
        }
        best(entrants, order)
    }

    fn judged(entrants: &[Entrant], games: &[(usize, usize)]) -> (usize, u32) {
        games.iter().fold((0, 0), |(r, g), &(a, b)| {
            let rematch = usize::from(entrants[a].opponents.contains(&entrants[b].id));
            let gap = entrants[a].score.abs_diff(entrants[b].score);
            (r + rematch, g + gap * gap)
        })
    }

    #[test]
    fn the_pairing_is_the_best_that_exhaustive_search_finds() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(41);
        for case in 0..400 {
            let n = rng.random_range(2..=9);
            let mut players: Vec<Entrant> = (0..n)
                .map(|i| entrant(&format!("p{i}"), rng.random_range(1000.0..2000.0)))
                .collect();
            for p in players.iter_mut() {
                p.score = rng.random_range(0..6);
                p.colour_balance = rng.random_range(-2..=2);
            }
            // Some pairs have met (both know it).
            for a in 0..n {
                for b in a + 1..n {
                    if rng.random_bool(0.4) {
                        let (x, y) = (players[a].id.clone(), players[b].id.clone());
                        players[a].opponents.push(y);
                        players[b].opponents.push(x);
                    }
                }
            }
            let round = pair(&players);
            let mut seen: Vec<usize> = round.games.iter().flat_map(|&(w, b)| [w, b]).collect();
            seen.extend(round.bye);
            seen.sort();
            assert_eq!(seen, (0..n).collect::<Vec<_>>(), "case {case}: everyone once");
            let order: Vec<usize> =
                ranking(&players).into_iter().filter(|&i| Some(i) != round.bye).collect();
            assert_eq!(
                judged(&players, &round.games),
                brute_force(&players, &order),
                "case {case}"
            );
        }
    }

    /// The case that took the backtracking pairing 78 s at 20 players: one player has met every
    /// other but one, and that one rests; no pairing without a rematch exists.
    #[test]
    fn a_round_with_no_rematch_free_pairing_has_one_rematch() {
        let n = 41;
        let mut players: Vec<Entrant> =
            (0..n).map(|i| entrant(&format!("p{i:02}"), 2000.0 - i as f64)).collect();
        for i in 1..n - 1 {
            let (x, y) = (players[0].id.clone(), players[i].id.clone());
            players[0].opponents.push(y);
            players[i].opponents.push(x);
            players[i].had_bye = true;
        }
        players[0].score = 2 * (n as u32 - 2);
        let round = pair(&players);
        assert_eq!(round.bye, Some(n - 1), "the one who has not rested");
        assert_eq!(round.games.len(), (n - 1) / 2);
        assert_eq!(judged(&players, &round.games).0, 1, "{:?}", round.games);
    }

    #[test]
    fn tie_breaks_as_worked_by_hand() {
        let game = |w: &str, b: &str, white_score| Played {
            white: w.into(),
            black: b.into(),
            white_score,
        };
        // Round 1: A beats B, C draws D. Round 2: A beats C, D (black) beats B.
        let games = [game("A", "B", 2), game("C", "D", 1), game("A", "C", 2), game("B", "D", 0)];
        // Scores: A 2, B 0, C ½, D 1½ (in half points 4, 0, 1, 3).
        let score = |p: &str| match p {
            "A" => 4,
            "B" => 0,
            "C" => 1,
            _ => 3,
        };
        // A: Buchholz B 0 + C ½; Sonneborn–Berger: beat B (0) and C (½).
        assert_eq!(tie_breaks("A", &games, score), (0.5, 0.5));
        // B: met A (2) and D (1½); beat no one.
        assert_eq!(tie_breaks("B", &games, score), (3.5, 0.0));
        // C: met D (1½, drawn: ¾) and A (2, lost).
        assert_eq!(tie_breaks("C", &games, score), (3.5, 0.75));
        // D: met C (½, drawn: ¼) and B (0, beaten).
        assert_eq!(tie_breaks("D", &games, score), (0.5, 0.25));
    }
}
