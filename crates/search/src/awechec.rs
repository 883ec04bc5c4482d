//! Awechec's evaluation: the chess position (material, piece-square tables, king safety,
//! mobility) read through the powers still to come, and during an Awélé game what that game is
//! making of them.
//!
//! A power is a half-move for its owner: when the owner is to move at chess it plays; when the
//! other side is, the owner passes for it and moves next. So the list ahead says who will make
//! the coming moves, and a run of powers for one side is that many moves in a row. The search
//! sees the runs it reaches; the evaluation counts the powers left (each is a tempo) and gives a
//! run more than its length, since threats that need two or three moves in a row are real there.
//! An Awélé game in progress is worth the powers its seeds will still make, as the Awélé
//! evaluation foresees them, and the powers it has made so far are read against the chess
//! position: the side whose moves come first in the list gets them in a row, and what one, two or
//! three moves in a row win there is searched once for the chess position (a mate, a piece) and
//! kept.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use awe_awechec::{Action, Position, Powers, Step};
use awe_game::{Game, Side};
use shakmaty::zobrist::Zobrist64;
use shakmaty::{
    Bitboard, Board, Chess, Color, EnPassantMode, Position as _, Role, Square, attacks,
};

use crate::awele::AweleEval;
use crate::eval::Evaluator;
use crate::score::Score;
use crate::search::{Limits, Searcher};

/// A pawn is worth this much: the evaluation is in centipawns.
pub const PAWN: Score = 100;

/// What one power (one half-move) is worth, and what each extra power of a run adds.
pub const POWER: Score = 30;
const RUN: Score = 25;

/// Material, by role (pawn to king).
const MATERIAL: [Score; 6] = [100, 320, 330, 500, 900, 0];

/// Piece-square tables from White's side, a1 first: centralisation for the pieces, advance for
/// the pawns; the king stays home until the queens are off.
const PAWN_TABLE: [Score; 64] = {
    let mut t = [0; 64];
    let mut sq = 8;
    while sq < 56 {
        let rank = (sq / 8) as Score;
        let file = (sq % 8) as Score;
        let centre = if file >= 2 && file <= 5 { 5 } else { 0 };
        t[sq] = (rank - 1) * 6 + centre * (rank - 1) / 2;
        sq += 1;
    }
    t
};

/// Closeness to the centre, 0 (corner) to 6.
const fn centrality(sq: usize) -> Score {
    let (file, rank) = ((sq % 8) as Score, (sq / 8) as Score);
    let df = if file < 4 { file } else { 7 - file };
    let dr = if rank < 4 { rank } else { 7 - rank };
    df + dr
}

/// Mobility bonus per square a piece attacks (pawn to king).
const MOBILITY: [Score; 6] = [0, 4, 4, 2, 1, 0];

/// The chess position from White's side, in centipawns.
pub fn chess_score(board: &Board) -> Score {
    let occupied = board.occupied();
    let queens = board.queens().count();
    let mut score = 0;
    for color in [Color::White, Color::Black] {
        let sign = if color == Color::White { 1 } else { -1 };
        let own = board.by_color(color);
        let mut side = 0;
        for sq in own {
            let Some(piece) = board.piece_at(sq) else { continue };
            let role = piece.role as usize - 1;
            // Tables are from White's side: Black's squares are mirrored.
            let index =
                if color == Color::White { sq as usize } else { sq.flip_vertical() as usize };
            side += MATERIAL[role];
            side += match piece.role {
                Role::Pawn => PAWN_TABLE[index],
                Role::Knight | Role::Bishop => centrality(index) * 5 - 12,
                Role::Rook => 0,
                Role::Queen => centrality(index) * 2,
                Role::King if queens > 0 => king_safety(board, color, sq),
                Role::King => centrality(index) * 6,
            };
            if piece.role != Role::Pawn && piece.role != Role::King {
                let reach = attacks::attacks(sq, piece, occupied) & !own;
                side += reach.count() as Score * MOBILITY[role];
            }
        }
        score += sign * side;
    }
    score
}

/// A king with queens on the board: at home behind its pawns is safe; in the open, not.
fn king_safety(board: &Board, color: Color, king: Square) -> Score {
    let home = if color == Color::White { 0 } else { 7 };
    let mut safety = if king.rank() as u32 == home { 20 } else { -25 };
    // Pawns of its own in front of it.
    let shield = attacks::king_attacks(king) & board.pawns() & board.by_color(color);
    safety += shield.count() as Score * 8;
    // Enemy pieces near it.
    let near = attacks::king_attacks(king) & board.by_color(!color);
    safety -= near.count() as Score * 10;
    safety
}

/// The powers still to use from White's side: each one a tempo, runs worth more than their
/// length.
pub fn powers_score(position: &Position) -> Score {
    let powers = position.powers();
    // The power being decided on is already taken from the list: count it too.
    let pending =
        matches!(position.step(), Step::Decision { .. } | Step::Move { power: Some(_), .. });
    list_score(powers.owners().skip(powers.used() - pending as usize))
}

/// Powers to come, by owner, from White's side: each one a tempo, runs worth more than their
/// length.
fn list_score(owners: impl Iterator<Item = Side>) -> Score {
    let mut score = 0;
    let mut run: Option<(Side, Score)> = None;
    for owner in owners {
        let sign = if owner == Side::WHITE { 1 } else { -1 };
        let length = match run {
            Some((side, length)) if side == owner => length + 1,
            _ => 1,
        };
        run = Some((owner, length));
        score += sign * (POWER + RUN * (length - 1));
    }
    score
}

/// An Awélé game in progress from White's side: the powers its captures will still make, as the
/// Awélé evaluation foresees the seed difference.
fn awele_score(position: &Position) -> Score {
    if !position.awele_running() {
        return 0;
    }
    let awele = position.awele();
    let seen = AweleEval::default().evaluate(awele);
    // The Awélé evaluation is for the side to move there, in hundredths of a seed; each seed
    // still to be won is a power (handicaps aside).
    let white = if awe_game::Position::turn(awele) == Side::WHITE { seen } else { -seen };
    white * POWER / crate::awele::SEED
}

/// What `color` wins with one move from `board` if it had the move: the best capture, less the
/// capturing piece when the square is defended (a one-move exchange, the king never giving
/// itself up).
fn one_move_gain(board: &Board, color: Color) -> Score {
    let occupied = board.occupied();
    let theirs = board.by_color(!color);
    let mut best = 0;
    for from in board.by_color(color) {
        let Some(piece) = board.piece_at(from) else { continue };
        let reach = match piece.role {
            Role::Pawn => attacks::pawn_attacks(color, from),
            _ => attacks::attacks(from, piece, occupied),
        };
        for to in reach & theirs & !board.kings() {
            let Some(taken) = board.role_at(to) else { continue };
            let defended = board.attacks_to(to, !color, occupied ^ Bitboard::from(from)).any();
            let gain = match (defended, piece.role) {
                (false, _) => MATERIAL[taken as usize - 1],
                (true, Role::King) => continue,
                (true, role) => MATERIAL[taken as usize - 1] - MATERIAL[role as usize - 1],
            };
            best = best.max(gain);
        }
    }
    best
}

/// A chess position from White's side when the next powers are not known yet (at the end of the
/// list, or before an Awélé game's first capture): either side is as likely to get the first
/// power, so half of what one move would win each side counts on top of the position.
fn open_score(board: &Board) -> Score {
    chess_score(board)
        + (one_move_gain(board, Color::White) - one_move_gain(board, Color::Black)) / 2
}

/// The most moves in a row whose worth is searched for an Awélé game's first powers.
const MAX_RUN: usize = 3;

/// What a mate within a run of moves is worth to an Awélé game's leaves.
const RUN_MATE: Score = 30_000;

/// What each side wins with 1 to [`MAX_RUN`] chess moves in a row, from White's side (index 0
/// unused), for one chess position.
type RunValues = [[Score; MAX_RUN + 1]; 2];

/// Who gets the first moves in a row when a list of powers is used from `chess`, and how many,
/// and how many powers that takes: a power of the side to move is a move, a power of the other
/// side a pass that gives it the move. The run ends at the other side's first move.
fn first_run(chess: &Chess, owners: impl Iterator<Item = Side>) -> Option<(Side, usize, usize)> {
    let mut mover = if chess.turn() == Color::White { Side::WHITE } else { Side::BLACK };
    let mut run: Option<(Side, usize)> = None;
    let mut used = 0;
    for owner in owners {
        if owner == mover {
            match run {
                None => run = Some((owner, 1)),
                Some((side, moves)) if side == owner => run = Some((side, moves + 1)),
                Some(_) => break,
            }
            mover = mover.opponent();
        } else {
            mover = owner;
        }
        used += 1;
    }
    run.map(|(side, moves)| (side, moves, used))
}

/// The evaluation of Awechec, for whoever acts now (to move at chess or Awélé, or to decide).
#[derive(Clone, Debug, Default)]
pub struct AwechecEval {
    /// What runs of moves win, by chess position (an Awélé game keeps its chess position).
    runs: RefCell<HashMap<u64, RunValues>>,
    /// The Awélé game the search's root is playing, if any: its runs are searched. An Awélé
    /// game the search only reaches (after the powers of the root's chess) stands on a new
    /// chess position at each leaf, too many to search; its first run is valued by one move.
    root_awele: Cell<Option<u32>>,
}

impl AwechecEval {
    /// What 1 to [`MAX_RUN`] moves in a row win for each side from `chess`, searched once.
    fn run_values(&self, chess: &Chess) -> RunValues {
        let key = chess.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0;
        if let Some(values) = self.runs.borrow().get(&key) {
            return *values;
        }
        let mut values = [[0; MAX_RUN + 1]; 2];
        for side in [Side::WHITE, Side::BLACK] {
            let to_move = (chess.turn() == Color::White) == (side == Side::WHITE);
            for (moves, value) in values[side.index()].iter_mut().enumerate().skip(1) {
                // Moves and passes for the other side in between: all powers of `side`.
                let powers = 2 * moves - to_move as usize;
                let Some(list) = Powers::from_owners(&vec![side; powers]) else { continue };
                let study = Position::study(Default::default(), chess.clone(), list);
                if study.ending().is_some() {
                    continue;
                }
                // Each move is a decision and the move; each pass a decision.
                let depth = (2 * moves + (moves - to_move as usize)) as u32;
                let found = Searcher::new(StaticEval, 1).search(
                    &Game::new(study.clone()),
                    &Limits::depth(depth),
                    |_| {},
                );
                let acting = awe_game::Position::turn(&study);
                // A mate in the run is no certainty for the Awélé game's leaves: a big score,
                // not a decided one.
                let score = found.score.clamp(-RUN_MATE, RUN_MATE);
                *value = if acting == Side::WHITE { score } else { -score };
            }
        }
        let mut runs = self.runs.borrow_mut();
        if runs.len() >= 4096 {
            // A game meets few chess positions at its Awélé games; a bound all the same.
            runs.clear();
        }
        runs.insert(key, values);
        values
    }
}

/// The static part alone (chess and the powers left), for the searches of runs.
#[derive(Clone, Copy, Debug, Default)]
struct StaticEval;

impl Evaluator<Position> for StaticEval {
    fn point(&self) -> Score {
        PAWN
    }

    fn evaluate(&self, position: &Position) -> Score {
        let white = chess_score(position.chess().board()) + powers_score(position);
        if awe_game::Position::turn(position) == Side::WHITE { white } else { -white }
    }
}

impl Evaluator<Position> for AwechecEval {
    fn point(&self) -> Score {
        PAWN
    }

    fn prepare(&self, root: &Position) {
        self.root_awele.set(root.awele_running().then(|| root.awele_games()));
    }

    fn evaluate(&self, position: &Position) -> Score {
        let mut white = awele_score(position);
        let powers = position.powers();
        let owners = || powers.owners().skip(powers.used());
        // While the Awélé game waits for a move (a chess interlude of the synchronous variant
        // is searched as chess), the powers made so far are read against the chess position:
        // the first run of moves as searched, then the rest of the list as tempi.
        let first = match position.step() {
            Step::Awele { .. } => first_run(position.chess(), owners()),
            _ => None,
        };
        white += match first {
            Some((side, moves, used)) if self.root_awele.get() == Some(position.awele_games()) => {
                self.run_values(position.chess())[side.index()][moves.min(MAX_RUN)]
                    + list_score(owners().skip(used))
            }
            Some((side, _, used)) => {
                let board = position.chess().board();
                let (color, sign) =
                    if side == Side::WHITE { (Color::White, 1) } else { (Color::Black, -1) };
                chess_score(board)
                    + sign * one_move_gain(board, color)
                    + list_score(owners().skip(used))
            }
            // An Awélé game that has made no power yet (the next one, when a search reaches
            // the end of the list): who gets the first is open.
            None if matches!(position.step(), Step::Awele { .. }) => {
                open_score(position.chess().board())
            }
            None => chess_score(position.chess().board()) + powers_score(position),
        };
        if awe_game::Position::turn(position) == Side::WHITE { white } else { -white }
    }

    fn order(&self, position: &Position, action: Action) -> Score {
        match action {
            Action::Chess(mv) => {
                let taken = mv.capture().map_or(0, |role| MATERIAL[role as usize - 1]);
                let promotion = mv.promotion().map_or(0, |role| MATERIAL[role as usize - 1]);
                taken * 10 + promotion - MATERIAL[mv.role() as usize - 1] / 10
            }
            Action::Awele(pit) => position.awele().seeds_taken(pit) as Score * 100,
            // The default first: the owner moves for itself and passes for the other side.
            Action::Decide(decision) => (Some(decision) == position.default_decision()) as Score,
        }
    }

    fn is_noisy(&self, position: &Position, action: Action) -> bool {
        match action {
            Action::Chess(mv) => mv.is_capture() || mv.is_promotion(),
            Action::Awele(pit) => position.awele().seeds_taken(pit) > 0,
            // A decision leads to the move it allows: quiescence looks through it.
            Action::Decide(_) => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_level_and_material_counts() {
        assert_eq!(chess_score(&Board::default()), 0);
        let mut board = Board::default();
        board.discard_piece_at(Square::D8);
        assert!(chess_score(&board) > 800);
    }

    fn chess(fen: &str) -> Chess {
        fen.parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap()
    }

    #[test]
    fn the_first_run_of_a_list_counts_moves_and_passes() {
        let (w, b) = (Side::WHITE, Side::BLACK);
        let start = Chess::default();
        // White to move: W moves, W passes for Black, W moves: two moves in a row.
        assert_eq!(first_run(&start, [w, w, w, b].into_iter()), Some((w, 2, 3)));
        // White to move: Black's power makes White pass, Black's next is Black's move, and
        // White's power is White's move, which ends Black's run.
        assert_eq!(first_run(&start, [b, b, w].into_iter()), Some((b, 1, 2)));
        assert_eq!(first_run(&start, std::iter::empty()), None);
    }

    #[test]
    fn runs_of_moves_are_searched_for_what_they_win() {
        // After 1.e4 e5 2.Bc4 Nc6, two White moves in a row mate (Qh5, Qxf7#); one does not.
        let eval = AwechecEval::default();
        let values = eval
            .run_values(&chess("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 2 3"));
        assert_eq!(values[Side::WHITE.index()][2], RUN_MATE);
        assert!(values[Side::WHITE.index()][1] < 1000, "{values:?}");
        // Black's one move cannot mate either.
        assert!(values[Side::BLACK.index()][1] > -1000, "{values:?}");
    }

    #[test]
    fn a_piece_on_offer_counts_half_while_the_first_power_is_open() {
        // White's knight on e5 hangs to the d6 pawn; its own only capture, f7, is defended.
        let board =
            chess("rnbqkbnr/ppp2ppp/3p4/4N3/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 3").board().clone();
        assert_eq!(one_move_gain(&board, Color::Black), MATERIAL[1]);
        assert_eq!(one_move_gain(&board, Color::White), 0);
        assert_eq!(open_score(&board), chess_score(&board) - MATERIAL[1] / 2);
        // A defended pawn taken by a queen costs the queen.
        let board = chess("4k3/8/3p4/4p3/8/8/4Q3/4K3 w - - 0 1").board().clone();
        assert_eq!(one_move_gain(&board, Color::White), 0);
        let board = chess("4k3/8/8/4p3/8/8/4Q3/4K3 w - - 0 1").board().clone();
        assert_eq!(one_move_gain(&board, Color::White), MATERIAL[0]);
    }

    #[test]
    fn tables_have_the_sizes_of_the_board() {
        assert_eq!(PAWN_TABLE[8], 0);
        assert!(PAWN_TABLE[48] > PAWN_TABLE[16]);
        assert_eq!(centrality(0), 0);
        assert_eq!(centrality(27), 6);
    }
}
