//! Monte Carlo tree search: the second engine. UCT on a tree kept in one vector, each leaf
//! judged by a random game played to its end.

use std::time::{Duration, Instant};

use awe_game::playout::random_playout;
use awe_game::repetition::Seen;
use awe_game::{Game, Position, Side};
use rand::Rng;

/// One node: the move that led to it, and what the games through it gave the side that played
/// that move.
#[derive(Clone, Debug)]
struct Node<P: Position> {
    position: P,
    parent: usize,
    mv: Option<P::Move>,
    /// The side that played `mv` (whose point of view `wins` is in).
    mover: Side,
    children: Vec<usize>,
    untried: Vec<P::Move>,
    /// How the game ends here by a repetition of the game's or the tree path's positions.
    repeated: Option<awe_game::Outcome>,
    visits: u32,
    /// Wins count 1, draws 1/2.
    wins: f64,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct MctsReport<M> {
    pub best: Option<M>,
    /// Games played from the root.
    pub playouts: u64,
    /// The share of the games through the best move won by the side to move.
    pub win_rate: f64,
    pub elapsed: Duration,
}

/// UCT with random playouts, within a number of playouts or a time.
pub struct Mcts {
    /// The exploration constant.
    pub exploration: f64,
}

impl Default for Mcts {
    fn default() -> Self {
        Mcts { exploration: 1.4 }
    }
}

impl Mcts {
    /// Searches the current position of `game`.
    pub fn search<P: Position, R: Rng + Clone>(
        &self,
        game: &Game<P>,
        playouts: Option<u64>,
        time: Option<Duration>,
        rng: &mut R,
    ) -> MctsReport<P::Move> {
        let started = Instant::now();
        let root_position = game.current().clone();
        let mut moves = P::MoveList::default();
        root_position.legal_moves(&mut moves);
        let mut tree = vec![Node {
            position: root_position,
            parent: usize::MAX,
            mv: None,
            mover: game.current().turn().opponent(),
            children: Vec::new(),
            untried: moves.to_vec(),
            repeated: None,
            visits: 0,
            wins: 0.0,
        }];
        // The positions the game has seen since its material last changed: a move back to one of
        // them ends the game by repetition.
        let history = crate::search::history_keys(game);
        if game.outcome().is_some() || moves.is_empty() {
            return MctsReport {
                best: None,
                playouts: 0,
                win_rate: 0.0,
                elapsed: started.elapsed(),
            };
        }
        let mut seen = Seen::default();
        let mut played = 0u64;
        loop {
            if playouts.is_some_and(|n| played >= n) || time.is_some_and(|t| started.elapsed() >= t)
            {
                break;
            }
            // Selection: down the tree by the upper confidence bound, to a node with a move to try.
            let mut node = 0;
            let mut path: Vec<P::Key> = Vec::new();
            while tree[node].untried.is_empty() && !tree[node].children.is_empty() {
                let parent_visits = (tree[node].visits.max(1) as f64).ln();
                node = *tree[node]
                    .children
                    .iter()
                    .max_by(|&&a, &&b| {
                        let ucb = |n: &Node<P>| {
                            n.wins / n.visits as f64
                                + self.exploration * (parent_visits / n.visits as f64).sqrt()
                        };
                        ucb(&tree[a]).total_cmp(&ucb(&tree[b]))
                    })
                    .unwrap_or(&0);
                path.push(tree[node].position.repetition_key());
            }
            // Expansion.
            if !tree[node].untried.is_empty() {
                let i = rng.random_range(0..tree[node].untried.len());
                let mv = tree[node].untried.swap_remove(i);
                let position = tree[node].position.play(mv);
                let key = position.repetition_key();
                let repeated = (position.repetition_ends_game()
                    && (history.contains(&key) || path.contains(&key)))
                .then(|| position.outcome_on_repetition());
                let mut child_moves = P::MoveList::default();
                if repeated.is_none() {
                    position.legal_moves(&mut child_moves);
                }
                tree.push(Node {
                    position,
                    parent: node,
                    mv: Some(mv),
                    mover: tree[node].position.turn(),
                    children: Vec::new(),
                    untried: child_moves.to_vec(),
                    repeated,
                    visits: 0,
                    wins: 0.0,
                });
                let child = tree.len() - 1;
                tree[node].children.push(child);
                node = child;
            }
            // Simulation: a random game from the node (repetitions within it end it).
            let outcome = match tree[node].repeated {
                Some(outcome) => outcome,
                None => random_playout(&tree[node].position, rng, &mut seen).outcome,
            };
            played += 1;
            // Back-propagation.
            let mut at = node;
            while at != usize::MAX {
                let n = &mut tree[at];
                n.visits += 1;
                n.wins += match outcome.winner {
                    Some(side) if side == n.mover => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                };
                at = n.parent;
            }
        }
        let best = tree[0].children.iter().copied().max_by_key(|&c| tree[c].visits);
        MctsReport {
            best: best.and_then(|c| tree[c].mv),
            playouts: played,
            win_rate: best.map_or(0.0, |c| tree[c].wins / tree[c].visits.max(1) as f64),
            elapsed: started.elapsed(),
        }
    }
}
