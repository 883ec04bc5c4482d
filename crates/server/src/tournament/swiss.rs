//! The Swiss system as the site pairs it: a documented simpler system than FIDE's Dutch rules
//! (no well-kept implementation of those exists as a Rust crate or a Debian package).
//!
//! - Players are ranked by score, then rating, then name.
//! - With an odd number, the lowest-ranked player who has not had a bye gets one (a full point,
//!   as FIDE's pairing-allocated bye).
//! - From the top, each unpaired player meets, among those they have not met, the nearest in
//!   score, and within a score group the one half the group below (the Dutch system's fold:
//!   the top half of a group meets its bottom half). If that leaves someone without an
//!   opponent, the pairing backs up and tries the next choice; only if no pairing without a
//!   rematch exists are rematches allowed.
//! - Colours: the player who has had white less often gets it; if equal, the higher-ranked.
//! - Tie-breaks: Buchholz (the sum of the opponents' final scores; a bye adds nothing), then
//!   Sonneborn–Berger (the sum of the scores of the opponents beaten, and half those drawn).
//!
//! Scores are in half points (a win 2, a draw 1).

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
    let mut pairs = Vec::new();
    let mut used = vec![false; entrants.len()];
    if !fill(entrants, &order, &mut used, &mut pairs, false) {
        pairs.clear();
        used.iter_mut().for_each(|u| *u = false);
        fill(entrants, &order, &mut used, &mut pairs, true);
    }
    let games = pairs
        .into_iter()
        .map(|(a, b)| {
            // `a` ranks above `b`.
            let (x, y) = (&entrants[a], &entrants[b]);
            if y.colour_balance < x.colour_balance { (b, a) } else { (a, b) }
        })
        .collect();
    Round { games, bye }
}

/// Pairs the unused players of `order` from the top, backing up where a choice leaves someone
/// alone: whether all were paired.
fn fill(
    entrants: &[Entrant],
    order: &[usize],
    used: &mut [bool],
    pairs: &mut Vec<(usize, usize)>,
    rematches: bool,
) -> bool {
    let Some(rank) = order.iter().position(|&i| !used[i]) else { return true };
    let top = order[rank];
    used[top] = true;
    // The top player's score group, for the fold.
    let group: Vec<usize> =
        order.iter().copied().filter(|&i| entrants[i].score == entrants[top].score).collect();
    let place = group.iter().position(|&i| i == top).unwrap_or(0);
    let target = place + group.len() / 2;
    let mut candidates: Vec<(usize, u32, usize)> = order
        .iter()
        .enumerate()
        .filter(|&(_, &i)| !used[i])
        .filter(|&(_, &i)| rematches || !entrants[top].opponents.contains(&entrants[i].id))
        .map(|(r, &i)| {
            let gap = entrants[top].score.abs_diff(entrants[i].score);
            let fold = group.iter().position(|&g| g == i).map_or(r, |p| p.abs_diff(target));
            (i, gap, fold)
        })
        .collect();
    candidates.sort_by_key(|&(_, gap, fold)| (gap, fold));
    for (other, _, _) in candidates {
        used[other] = true;
        pairs.push((top, other));
        if fill(entrants, order, used, pairs, rematches) {
            return true;
        }
        pairs.pop();
        used[other] = false;
    }
    used[top] = false;
    false
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
