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
//! evaluation foresees them.

use awe_awechec::{Action, Position, Step};
use awe_game::Side;
use shakmaty::{Board, Color, Position as _, Role, Square, attacks};

use crate::awele::AweleEval;
use crate::eval::Evaluator;
use crate::score::Score;

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
    let mut score = 0;
    let mut run: Option<(Side, Score)> = None;
    for owner in powers.owners().skip(powers.used() - pending as usize) {
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

/// The evaluation of Awechec, for whoever acts now (to move at chess or Awélé, or to decide).
#[derive(Clone, Copy, Debug, Default)]
pub struct AwechecEval;

impl Evaluator<Position> for AwechecEval {
    fn point(&self) -> Score {
        PAWN
    }

    fn evaluate(&self, position: &Position) -> Score {
        let white =
            chess_score(position.chess().board()) + powers_score(position) + awele_score(position);
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

    #[test]
    fn tables_have_the_sizes_of_the_board() {
        assert_eq!(PAWN_TABLE[8], 0);
        assert!(PAWN_TABLE[48] > PAWN_TABLE[16]);
        assert_eq!(centrality(0), 0);
        assert_eq!(centrality(27), 6);
    }
}
