//! The state of a game of Awechec and the flow of RULES.md §4.1: Awélé games that make powers,
//! then chess half-moves each granted by a power whose owner decides whether the side to move
//! plays or passes.

use awe_awele::{Pit, RuleSet};
use awe_game::{Position as _, Side};
use shakmaty::{Chess, Color, Position as _};

use crate::{Handicaps, Powers, Variant};

/// How many Awélé games in a row may end without making a single power before the game is drawn.
pub const MAX_POWERLESS_AWELE_GAMES: u8 = 3;

/// Half-moves (null moves included) without a capture or a pawn move that draw the game.
pub const FIFTY_MOVES: u16 = 100;

/// What does not change during a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Settings {
    pub variant: Variant,
    pub handicaps: Handicaps,
}

/// The decision of a power's owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// The side to move plays a chess move of its choice.
    Normal,
    /// The side to move passes: the null move (`0`).
    Null,
}

/// Something a player does: the only way the game moves on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A move at Awélé, by the side to move there.
    Awele(Pit),
    /// A power's owner decides what the side to move at chess does.
    Decide(Decision),
    /// A chess move, by the side to move at chess.
    Chess(shakmaty::Move),
}

/// What the game waits for, and from whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// An Awélé move by `player` (White is South).
    Awele { player: Side },
    /// The decision of `owner`, who owns power `power` (numbered from 1 in its list), about
    /// what `mover`, the side to move at chess, does.
    Decision { owner: Side, power: usize, mover: Side },
    /// A chess move by `mover`: granted by power `power`, or a reply to check (`None`).
    Move { mover: Side, power: Option<usize> },
    /// The game is over.
    Over(Ending),
}

impl Step {
    /// The player who must act now, if the game goes on.
    pub fn player(&self) -> Option<Side> {
        match *self {
            Step::Awele { player } => Some(player),
            Step::Decision { owner, .. } => Some(owner),
            Step::Move { mover, .. } => Some(mover),
            Step::Over(_) => None,
        }
    }
}

/// Why a game of Awechec ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    Checkmate,
    Stalemate,
    /// 50 moves (100 half-moves, null moves included) without a capture or a pawn move.
    FiftyMoves,
    /// Neither side has the material to mate.
    InsufficientMaterial,
    /// Too many Awélé games in a row made no power at all.
    PowerlessAwele,
    Agreement,
    Resignation,
    /// A player's time ran out (the server's clocks).
    TimeForfeit,
}

impl EndReason {
    /// A short lowercase name, as a record's `Termination` tag writes it.
    pub const fn name(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::FiftyMoves => "fifty moves",
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::PowerlessAwele => "powerless awele games",
            EndReason::Agreement => "agreement",
            EndReason::Resignation => "resignation",
            EndReason::TimeForfeit => "time forfeit",
        }
    }
}

impl EndReason {
    /// The reason as a player reads it in `language`.
    pub const fn title(self, language: crate::Language) -> &'static str {
        match language {
            crate::Language::English => self.name(),
            crate::Language::French => match self {
                EndReason::Checkmate => "échec et mat",
                EndReason::Stalemate => "pat",
                EndReason::FiftyMoves => "règle des cinquante coups",
                EndReason::InsufficientMaterial => "matériel insuffisant",
                EndReason::PowerlessAwele => "trois parties d’awélé sans pouvoir",
                EndReason::Agreement => "accord des joueurs",
                EndReason::Resignation => "abandon",
                EndReason::TimeForfeit => "temps dépassé",
            },
        }
    }
}

/// The end of a game: the winner (none for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ending {
    pub winner: Option<Side>,
    pub reason: EndReason,
}

impl Ending {
    /// The result as records write it.
    pub fn result(&self) -> awe_game::GameResult {
        match self.winner {
            Some(side) => awe_game::GameResult::Win(side),
            None => awe_game::GameResult::Draw,
        }
    }
}

/// Why an action cannot be taken now.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    #[error("the game is over")]
    Over,
    #[error("an Awélé move is expected")]
    AweleExpected,
    #[error("the owner of power {power} must decide first")]
    DecisionExpected { power: usize },
    #[error("a chess move is expected")]
    ChessExpected,
    #[error("{0}")]
    IllegalAwele(String),
    #[error("the forced-powers variant allows only the {0} here")]
    Forced(&'static str),
    #[error("illegal chess move")]
    IllegalChess,
}

/// A game of Awechec as it stands: the Awélé game in progress, the chess position, the powers,
/// the handicap seeds carried, and the counters of the drawing rules.
#[derive(Clone, Debug)]
pub struct Position {
    settings: Settings,
    step: Step,
    chess: Chess,
    /// Half-moves since the last capture or pawn move, null moves included.
    quiet: u16,
    awele: awe_awele::Position,
    /// Whether an Awélé game is in progress (in the synchronous variant, one goes on between
    /// chess sequences).
    awele_running: bool,
    /// The Awélé positions since the last capture, for the repetition that ends an Awélé game.
    awele_seen: Vec<[u64; 2]>,
    /// Awélé games started.
    awele_games: u32,
    /// Moves played in the Awélé game in progress (or the last one).
    awele_plies: u32,
    /// Powers made by the Awélé game in progress.
    made: u32,
    /// Awélé games in a row that made no power.
    powerless: u8,
    powers: Powers,
    /// Seeds captured but not yet turned into powers (handicaps), White first.
    carried: [u8; 2],
    /// How the game started: records write what a replay needs to start the same way.
    start: Start,
}

/// How a game started, for its record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Start {
    /// With an Awélé game from its usual start (the chess position may be another).
    Awele,
    /// A study: with a list of powers and chess.
    Study,
    /// With an Awélé game from another position.
    AwelePosition,
}

const fn side_of(color: Color) -> Side {
    match color {
        Color::White => Side::WHITE,
        Color::Black => Side::BLACK,
    }
}

impl Position {
    /// A new game: an Awélé game, then chess from the usual start.
    pub fn new(settings: Settings) -> Position {
        let mut position = Position::with_chess(settings, Chess::default());
        position.start_awele();
        position
    }

    /// A study: the chess game from `chess` with a list of powers already made, as the rules'
    /// example gives it (no Awélé game before; one starts when the powers run out).
    pub fn study(settings: Settings, chess: Chess, powers: Powers) -> Position {
        let mut position = Position::with_chess(settings, chess);
        position.start = Start::Study;
        position.powers = powers;
        position.settle_chess();
        position
    }

    /// A new game from a chess position other than the usual one: an Awélé game first.
    pub fn from_chess(settings: Settings, chess: Chess) -> Position {
        let mut position = Position::with_chess(settings, chess);
        position.start_awele();
        position
    }

    /// A game whose Awélé game stands at `awele` (played under the `awechec` rule set) and whose
    /// chess game stands at `chess`, with no power made yet: for studies of an Awélé phase.
    /// Move numbers start from 1 there.
    pub fn with_awele(settings: Settings, chess: Chess, awele: awe_awele::Position) -> Position {
        let mut position = Position::with_chess(settings, chess);
        position.start_awele();
        position.start = Start::AwelePosition;
        position.awele = awele.with_rules(RuleSet::Awechec);
        position.awele_seen = vec![position.awele.repetition_key()];
        // A position where the Awélé game is already over ends it at once.
        position.after_awele_move(false);
        position
    }

    /// A game whose Awélé game stands at `awele` with `powers` already made, as its position
    /// text writes it: under the standard and forced variants the powers this Awélé game has
    /// made so far, saved up until it ends; under the synchronous variant the powers of its last
    /// capture, used at chess now while it waits.
    pub fn with_awele_and_powers(
        settings: Settings,
        chess: Chess,
        powers: Powers,
        awele: awe_awele::Position,
    ) -> Position {
        let mut position = Position::with_chess(settings, chess);
        position.start = Start::AwelePosition;
        position.awele_games = 1;
        position.awele = awele.with_rules(RuleSet::Awechec);
        position.awele_seen = vec![position.awele.repetition_key()];
        position.awele_running = true;
        position.powers = powers;
        // An Awélé game already over is ended at once, as its last move would have ended it
        // (found by fuzzing: the synchronous variant went on with chess, then asked for a move
        // in a finished Awélé game).
        if settings.variant == crate::Variant::Synchronous && position.awele.outcome().is_none() {
            position.settle_chess();
        } else if settings.variant == crate::Variant::Synchronous {
            position.after_awele_move(false);
        } else {
            // Every power listed was made by this Awélé game: the list was empty when it began.
            position.made = powers.len() as u32;
            position.step = Step::Awele { player: awe_game::Position::turn(&position.awele) };
            position.after_awele_move(false);
        }
        position
    }

    /// How the game started.
    pub fn start(&self) -> Start {
        self.start
    }

    fn with_chess(settings: Settings, chess: Chess) -> Position {
        let quiet = chess.halfmoves().min(u16::MAX as u32) as u16;
        Position {
            settings,
            step: Step::Over(Ending { winner: None, reason: EndReason::Agreement }),
            chess,
            quiet,
            awele: awe_awele::Position::new(RuleSet::Awechec),
            awele_running: false,
            awele_seen: Vec::new(),
            awele_games: 0,
            awele_plies: 0,
            made: 0,
            powerless: 0,
            powers: Powers::new(),
            carried: [0; 2],
            start: Start::Awele,
        }
    }

    /// The settings.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// What the game waits for.
    pub fn step(&self) -> Step {
        self.step
    }

    /// The end of the game, if it is over.
    pub fn ending(&self) -> Option<Ending> {
        match self.step {
            Step::Over(ending) => Some(ending),
            _ => None,
        }
    }

    /// The chess position.
    pub fn chess(&self) -> &Chess {
        &self.chess
    }

    /// The Awélé position: the game in progress, or the last one played.
    pub fn awele(&self) -> &awe_awele::Position {
        &self.awele
    }

    /// Whether an Awélé game is in progress.
    pub fn awele_running(&self) -> bool {
        self.awele_running
    }

    /// How many Awélé games have started.
    pub fn awele_games(&self) -> u32 {
        self.awele_games
    }

    /// The list of powers, with the next one to use.
    pub fn powers(&self) -> &Powers {
        &self.powers
    }

    /// The powers made by the Awélé game in progress (or the last one).
    pub fn powers_made(&self) -> u32 {
        self.made
    }

    /// Seeds captured by `side` and not yet turned into powers (handicaps only).
    pub fn carried(&self, side: Side) -> u8 {
        self.carried[side.index()]
    }

    /// A hash of what decides the rest of the game beyond the boards, the list of powers and the
    /// step: the counters of the fifty-move and powerless-game rules, the seeds carried, and the
    /// Awélé positions the repetition rule can still see. Two positions that differ there may
    /// end differently, so a transposition table must tell them apart.
    pub fn counters_hash(&self) -> u64 {
        let mut counters = u64::from(self.quiet) | u64::from(self.powerless) << 16;
        let mut seen = 0;
        // The rest matters only while an Awélé game goes on: it starts afresh with the next.
        if self.awele_running {
            counters |= u64::from(self.carried[0]) << 24
                | u64::from(self.carried[1]) << 32
                | u64::from(self.made.min(255)) << 40;
            // The Awélé positions seen, as a set: the rule asks only whether one stood before.
            seen = self.awele_seen.iter().fold(0u64, |h, [south, north]| {
                h ^ (south ^ north.rotate_left(29))
                    .wrapping_mul(0xd6e8_feb8_6659_fd93)
                    .rotate_left(23)
            });
        }
        (counters.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ seen).wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
    }

    /// Half-moves since the last capture or pawn move, null moves included.
    pub fn quiet_half_moves(&self) -> u16 {
        self.quiet
    }

    /// The number of the chess move being played (it goes up after Black's half-move, null
    /// moves included), as the notation numbers it.
    pub fn move_number(&self) -> u32 {
        self.chess.fullmoves().get()
    }

    /// The number of the Awélé move being played in the current Awélé game (it goes up after
    /// North's move).
    pub fn awele_move_number(&self) -> u32 {
        self.awele_plies / 2 + 1
    }

    /// The decisions the owner of the current power may take (one only, under forced powers).
    pub fn decisions(&self) -> &'static [Decision] {
        let Step::Decision { owner, mover, .. } = self.step else {
            return &[];
        };
        match self.settings.variant {
            Variant::Forced if owner == mover => &[Decision::Normal],
            Variant::Forced => &[Decision::Null],
            _ => &[Decision::Normal, Decision::Null],
        }
    }

    /// The default decision of the current power's owner: a normal move when power and turn are
    /// the same colour, the null move otherwise.
    pub fn default_decision(&self) -> Option<Decision> {
        match self.step {
            Step::Decision { owner, mover, .. } if owner == mover => Some(Decision::Normal),
            Step::Decision { .. } => Some(Decision::Null),
            _ => None,
        }
    }

    /// Every action legal now.
    pub fn legal_actions(&self) -> Vec<Action> {
        match self.step {
            Step::Awele { .. } => {
                let mut moves = awe_awele::MoveList::new();
                self.awele.legal_moves(&mut moves);
                moves.iter().map(|&pit| Action::Awele(pit)).collect()
            }
            Step::Decision { .. } => self.decisions().iter().map(|&d| Action::Decide(d)).collect(),
            Step::Move { .. } => self.chess.legal_moves().into_iter().map(Action::Chess).collect(),
            Step::Over(_) => Vec::new(),
        }
    }

    /// The game after `action`, or why it cannot be taken now.
    pub fn play(&self, action: &Action) -> Result<Position, ActionError> {
        let mut next = self.clone();
        next.apply(action)?;
        Ok(next)
    }

    /// Takes `action`.
    pub fn apply(&mut self, action: &Action) -> Result<(), ActionError> {
        match (self.step, action) {
            (Step::Over(_), _) => Err(ActionError::Over),
            (Step::Awele { .. }, Action::Awele(pit)) => self.play_awele(*pit),
            (Step::Awele { .. }, _) => Err(ActionError::AweleExpected),
            (Step::Decision { .. }, Action::Decide(decision)) => {
                if !self.decisions().contains(decision) {
                    let allowed = match self.decisions() {
                        [Decision::Null] => "null move",
                        _ => "normal move",
                    };
                    return Err(ActionError::Forced(allowed));
                }
                match decision {
                    Decision::Normal => {
                        let Step::Decision { power, mover, .. } = self.step else { unreachable!() };
                        self.step = Step::Move { mover, power: Some(power) };
                    }
                    Decision::Null => self.play_null(),
                }
                Ok(())
            }
            (Step::Decision { power, .. }, _) => Err(ActionError::DecisionExpected { power }),
            (Step::Move { .. }, Action::Chess(mv)) => {
                if !self.chess.is_legal(*mv) {
                    return Err(ActionError::IllegalChess);
                }
                self.quiet = if mv.is_zeroing() { 0 } else { self.quiet.saturating_add(1) };
                self.chess.play_unchecked(*mv);
                self.settle_chess();
                Ok(())
            }
            (Step::Move { .. }, _) => Err(ActionError::ChessExpected),
        }
    }

    /// Ends the game by agreement (a draw) or by the resignation of `side`; a game already over
    /// stays as it ended.
    pub fn stop(&mut self, resigning: Option<Side>) {
        let ending = match resigning {
            Some(side) => Ending { winner: Some(side.opponent()), reason: EndReason::Resignation },
            None => Ending { winner: None, reason: EndReason::Agreement },
        };
        self.end(ending);
    }

    /// Ends the game as `side`'s time runs out: a loss, or a draw where the other side has not
    /// the material to mate (as at chess); a game already over stays as it ended.
    pub fn forfeit_on_time(&mut self, side: Side) {
        let other = match side {
            Side::South => Color::Black,
            Side::North => Color::White,
        };
        let mates = !self.chess.has_insufficient_material(other);
        self.end(Ending {
            winner: mates.then_some(side.opponent()),
            reason: EndReason::TimeForfeit,
        });
    }

    fn end(&mut self, ending: Ending) {
        if self.ending().is_none() {
            self.step = Step::Over(ending);
        }
    }

    fn play_null(&mut self) {
        use shakmaty::{CastlingMode, EnPassantMode};
        let mut setup = self.chess.to_setup(EnPassantMode::Legal);
        setup.swap_turn();
        setup.halfmoves = setup.halfmoves.saturating_add(1);
        if setup.turn == Color::White {
            // Black's pass ends a move like any half-move.
            setup.fullmoves = setup.fullmoves.saturating_add(1);
        }
        // Never in check here (a side in check is not asked to pass), so the swap is legal.
        if let Ok(chess) = setup.position(CastlingMode::Standard) {
            self.chess = chess;
        }
        self.quiet = self.quiet.saturating_add(1);
        self.settle_chess();
    }

    fn play_awele(&mut self, pit: Pit) -> Result<(), ActionError> {
        if let Some(illegal) = self.awele.illegal(pit) {
            return Err(ActionError::IllegalAwele(illegal.to_string()));
        }
        let player = self.awele.turn();
        let seeds = self.awele.seeds_taken(pit);
        self.awele = self.awele.play(pit);
        self.awele_plies += 1;
        if seeds > 0 {
            self.awele_seen.clear();
            self.gain(player, seeds);
        }
        let repeated = self.awele_seen.contains(&self.awele.repetition_key());
        self.awele_seen.push(self.awele.repetition_key());
        self.after_awele_move(repeated);
        Ok(())
    }

    /// Ends the Awélé game if the position or a repetition ends it, goes to chess if powers are
    /// to be used at once (synchronous), or waits for the next Awélé move.
    fn after_awele_move(&mut self, repeated: bool) {
        if let Some(outcome) = self.awele.outcome() {
            // Famine: the seeds left go to their row's owner, and become powers.
            let score = outcome.score;
            for side in [Side::WHITE, Side::BLACK] {
                let left = score[side.index()] as u8 - self.awele.captured(side);
                if left > 0 {
                    self.gain(side, left);
                }
            }
            self.end_awele();
        } else if repeated {
            // Indetermination: the seeds left are shared and make no power.
            self.end_awele();
        } else if self.settings.variant == Variant::Synchronous && self.powers.remaining() > 0 {
            self.settle_chess();
        } else {
            self.step = Step::Awele { player: self.awele.turn() };
        }
    }

    /// `side` captures `seeds`: its powers, after its handicap.
    fn gain(&mut self, side: Side, seeds: u8) {
        let count = match self.settings.handicaps.of(side) {
            Some(handicap) => {
                let (powers, carried) = handicap.convert(self.carried[side.index()], seeds);
                self.carried[side.index()] = carried;
                powers
            }
            None => seeds,
        };
        for _ in 0..count {
            if self.powers.remaining() == 0 && !self.powers.is_empty() {
                // A used-up list gives way to a new one, numbered from 1 again.
                self.powers = Powers::new();
            }
            self.powers.push(side);
        }
        self.made += count as u32;
    }

    fn start_awele(&mut self) {
        self.awele = awe_awele::Position::new(RuleSet::Awechec);
        self.awele_running = true;
        self.awele_seen.clear();
        self.awele_seen.push(self.awele.repetition_key());
        self.awele_games += 1;
        self.awele_plies = 0;
        self.made = 0;
        self.step = Step::Awele { player: self.awele.turn() };
    }

    fn end_awele(&mut self) {
        self.awele_running = false;
        // Seeds not yet turned into powers are lost with the Awélé game.
        self.carried = [0; 2];
        if self.made == 0 {
            self.powerless += 1;
            if self.powerless >= MAX_POWERLESS_AWELE_GAMES {
                self.step = Step::Over(Ending { winner: None, reason: EndReason::PowerlessAwele });
                return;
            }
        } else {
            self.powerless = 0;
        }
        self.settle_chess();
    }

    /// After a chess half-move, or when powers have just been made: judges the chess position,
    /// then asks for the next half-move, or goes back to Awélé when a power is needed and none is
    /// left.
    fn settle_chess(&mut self) {
        let mover = side_of(self.chess.turn());
        let chess = &self.chess;
        let ending = if chess.is_checkmate() {
            Some(Ending { winner: Some(mover.opponent()), reason: EndReason::Checkmate })
        } else if chess.is_stalemate() {
            Some(Ending { winner: None, reason: EndReason::Stalemate })
        } else if chess.is_insufficient_material() {
            Some(Ending { winner: None, reason: EndReason::InsufficientMaterial })
        } else if self.quiet >= FIFTY_MOVES {
            Some(Ending { winner: None, reason: EndReason::FiftyMoves })
        } else {
            None
        };
        if let Some(ending) = ending {
            self.step = Step::Over(ending);
            return;
        }
        if chess.is_check() {
            // A reply to check uses no power.
            self.step = Step::Move { mover, power: None };
            return;
        }
        if let Some((power, owner)) = self.powers.take() {
            self.step = Step::Decision { owner, power, mover };
        } else if self.awele_running {
            // Synchronous: the Awélé game goes on.
            self.step = Step::Awele { player: self.awele.turn() };
        } else {
            self.start_awele();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn too_many_powerless_awele_games_in_a_row_draw() {
        // South feeds North's last seed; North cannot feed back and collects one seed, which a
        // 2/1 handicap turns into no power.
        let awele = awe_awele::Position::parse("0,0,0,0,0,1/0,0,0,0,0,0 S 24 23", RuleSet::Awechec)
            .unwrap();
        let settings =
            Settings { variant: Variant::Standard, handicaps: "black:2/1".parse().unwrap() };
        let mut game = Position::with_awele(settings, Chess::default(), awele);
        game.powerless = MAX_POWERLESS_AWELE_GAMES - 1;
        let after = game.play(&Action::Awele(Pit::F)).unwrap();
        let ending = after.ending().unwrap();
        assert_eq!((ending.winner, ending.reason), (None, EndReason::PowerlessAwele));
        // One fewer in a row, and another Awélé game starts.
        game.powerless = MAX_POWERLESS_AWELE_GAMES - 2;
        let after = game.play(&Action::Awele(Pit::F)).unwrap();
        assert_eq!(after.step(), Step::Awele { player: Side::South });
    }
}
