//! Awechec as the shared game trait sees it ([`awe_game::Position`]): every action (an Awélé
//! move, a power owner's decision, a chess move) is a move of the side that takes it, so that the
//! engines and the commands built on the trait (match, analysis, the UGI engine) play it too.
//!
//! The text of an action, as the engine protocol and analysis lines write it: an Awélé move as
//! the Awélé notation does (`E`, `b(2)`), a decision as `normal` or `0` (the null move), a chess
//! move in English algebraic notation (`Nf3`, `exd8=Q+`).
//!
//! The text of a position: the chess position (FEN), then the powers still to use, in English
//! letters (`W`, `B`, `-` for none; the one being decided on first), then the Awélé game in
//! progress (its position text, or `-`). A decision already taken is not written: the text reads
//! back to the decision.
//!
//! ```text
//! rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | - | 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0
//! ```
//!
//! It is read back as a study (powers, then chess) or as a game whose Awélé game stands at the
//! position given; the counters of the drawing rules start from the FEN's.

use awe_game::{Outcome, Side, Termination};
use shakmaty::fen::Fen;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};
use smallvec::SmallVec;

use crate::notation::NotationError;
use crate::{Action, Decision, EndReason, Language, Position, Powers, Step};

/// Why an action's text cannot be read or played here.
#[derive(Debug, thiserror::Error)]
pub enum ActionTextError {
    #[error("the game is over")]
    Over,
    #[error("`{0}` is not a decision (normal or 0)")]
    Decision(String),
    // Transparent: the inner error is the whole message, and printing a chain prints it once.
    #[error(transparent)]
    Awele(#[from] awe_awele::MoveError),
    #[error(transparent)]
    Chess(#[from] NotationError),
}

/// Why a position text cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum PositionTextError {
    #[error("a position is `FEN | POWERS | AWELE`, found {0} fields")]
    Fields(usize),
    #[error("FEN: {0}")]
    Fen(String),
    #[error(
        "a side has {powers} powers but captured {seeds} seeds in the Awélé game: without \
         handicaps a seed makes a power"
    )]
    PowersAndSeeds { powers: usize, seeds: usize },
    #[error("`{0}` is not a power (W or B)")]
    Power(char),
    #[error("more powers than a list holds")]
    TooManyPowers,
    /// The Awélé error is part of the message, not a source: printed once in a chain.
    #[error("Awélé position: {0}")]
    Awele(awe_awele::ParsePositionError),
}

impl From<awe_awele::ParsePositionError> for PositionTextError {
    fn from(error: awe_awele::ParsePositionError) -> Self {
        PositionTextError::Awele(error)
    }
}

const fn side_of(color: shakmaty::Color) -> Side {
    match color {
        shakmaty::Color::White => Side::WHITE,
        shakmaty::Color::Black => Side::BLACK,
    }
}

impl awe_game::Position for Position {
    type Move = Action;
    type MoveList = SmallVec<[Action; 64]>;
    type Key = u64;
    type MoveError = ActionTextError;
    type PositionError = PositionTextError;

    fn turn(&self) -> Side {
        self.step().player().unwrap_or_else(|| side_of(self.chess().turn()))
    }

    fn legal_moves(&self, moves: &mut Self::MoveList) {
        moves.clear();
        moves.extend(self.legal_actions());
    }

    fn play(&self, action: Action) -> Position {
        Position::play(self, &action).unwrap_or_else(|_| self.clone())
    }

    fn outcome(&self) -> Option<Outcome> {
        let ending = self.ending()?;
        let termination = match ending.reason {
            EndReason::Checkmate | EndReason::Stalemate | EndReason::InsufficientMaterial => {
                Termination::NoLegalMove
            }
            EndReason::FiftyMoves | EndReason::PowerlessAwele => Termination::PlyLimit,
            EndReason::Agreement => Termination::Agreement,
            EndReason::Resignation => Termination::Resignation,
            EndReason::TimeForfeit => Termination::TimeForfeit,
        };
        let mut score = [0; 2];
        if let Some(winner) = ending.winner {
            score[winner.index()] = 1;
        }
        Some(Outcome { winner: ending.winner, score, termination })
    }

    fn outcome_on_repetition(&self) -> Outcome {
        // Repetitions only end Awélé games, which the position handles itself.
        self.outcome_on_agreement()
    }

    fn outcome_on_time(&self, side: Side) -> Outcome {
        let mut position = self.clone();
        position.forfeit_on_time(side);
        awe_game::Position::outcome(&position).unwrap_or_else(|| self.outcome_on_agreement())
    }

    fn outcome_on_agreement(&self) -> Outcome {
        Outcome { winner: None, score: [0, 0], termination: Termination::Agreement }
    }

    fn hash(&self) -> u64 {
        let chess: Zobrist64 = self.chess().zobrist_hash(EnPassantMode::Legal);
        let powers = self.powers();
        let mut h = chess.0;
        // What is left of the list: the owners of the powers still to come, and how many.
        let left = powers
            .owners()
            .skip(powers.used())
            .fold(0u64, |bits, owner| bits << 1 | (owner == Side::BLACK) as u64);
        h ^= (left ^ (powers.remaining() as u64) << 50).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let step = match self.step() {
            Step::Awele { .. } => 1u64,
            Step::Decision { .. } => 2,
            Step::Move { power: Some(_), .. } => 3,
            Step::Move { power: None, .. } => 4,
            Step::Over(_) => 5,
        };
        h ^= step.wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        if self.awele_running() {
            h ^= awe_game::Position::hash(self.awele()).rotate_left(17);
        }
        h ^= self.counters_hash();
        h ^ h >> 29
    }

    fn repetition_ends_game(&self) -> bool {
        false
    }

    fn repetition_key(&self) -> u64 {
        awe_game::Position::hash(self)
    }

    fn material(&self) -> u32 {
        self.chess().board().occupied().count() as u32
    }

    fn move_text(&self, action: Action) -> String {
        match action {
            Action::Awele(pit) => awe_game::Position::move_text(self.awele(), pit),
            Action::Decide(Decision::Normal) => "normal".to_owned(),
            Action::Decide(Decision::Null) => "0".to_owned(),
            Action::Chess(mv) => crate::notation::move_text(self.chess(), &mv, Language::English),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Action, ActionTextError> {
        match self.step() {
            Step::Over(_) => Err(ActionTextError::Over),
            Step::Awele { .. } => {
                Ok(Action::Awele(awe_game::Position::parse_move(self.awele(), text)?))
            }
            Step::Decision { .. } => match text {
                "normal" | "n" => Ok(Action::Decide(Decision::Normal)),
                "0" | "null" => Ok(Action::Decide(Decision::Null)),
                _ => Err(ActionTextError::Decision(text.to_owned())),
            },
            Step::Move { .. } => Ok(Action::Chess(crate::notation::parse_move(
                self.chess(),
                text,
                Language::English,
            )?)),
        }
    }

    fn position_text(&self) -> String {
        let fen = Fen::from_position(self.chess(), EnPassantMode::Legal);
        let powers = self.powers();
        // The power being decided on (or used) is taken from the list already: write it too.
        let pending =
            matches!(self.step(), Step::Decision { .. } | Step::Move { power: Some(_), .. });
        let left: String = powers
            .owners()
            .skip(powers.used() - pending as usize)
            .map(|owner| Language::English.power_letter(owner))
            .collect();
        let left = if left.is_empty() { "-".to_owned() } else { left };
        let awele = if self.awele_running() {
            awe_game::Position::position_text(self.awele())
        } else {
            "-".to_owned()
        };
        format!("{fen} | {left} | {awele}")
    }

    fn parse_position(&self, text: &str) -> Result<Position, PositionTextError> {
        let fields: Vec<&str> = text.split('|').map(str::trim).collect();
        let [fen, powers, awele] = fields[..] else {
            return Err(PositionTextError::Fields(fields.len()));
        };
        let chess: Chess = fen
            .parse::<Fen>()
            .map_err(|e| PositionTextError::Fen(e.to_string()))?
            .into_position(CastlingMode::Standard)
            .map_err(|e| PositionTextError::Fen(e.to_string()))?;
        let mut list = Powers::new();
        for letter in powers.chars().filter(|&c| c != '-') {
            let owner =
                Language::English.power_owner(letter).ok_or(PositionTextError::Power(letter))?;
            if !list.push(owner) {
                return Err(PositionTextError::TooManyPowers);
            }
        }
        let settings = self.settings();
        match (list.is_empty(), awele) {
            (_, "-") => Ok(Position::study(settings, chess, list)),
            (true, awele) => {
                let awele = awe_awele::Position::parse(awele, awe_awele::RuleSet::Awechec)?;
                Ok(Position::with_awele(settings, chess, awele))
            }
            // Powers made by an Awélé game in progress (or, synchronous, used while it waits).
            (false, awele) => {
                let awele = awe_awele::Position::parse(awele, awe_awele::RuleSet::Awechec)?;
                // Without handicaps a seed makes a power: the powers cannot outnumber the seeds
                // captured.
                if settings.handicaps == Default::default() {
                    for side in Side::ALL {
                        let powers = list.owners().filter(|&o| o == side).count();
                        let seeds = awe_awele::Position::captured(&awele, side) as usize;
                        if powers > seeds {
                            return Err(PositionTextError::PowersAndSeeds { powers, seeds });
                        }
                    }
                }
                Ok(Position::with_awele_and_powers(settings, chess, list, awele))
            }
        }
    }
}
