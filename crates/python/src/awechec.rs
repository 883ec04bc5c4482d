//! Awechec (Awarichess) in Python: the game object `awe.Awechec(variant, handicap)`, its
//! positions, actions, games and engines; the endgame databases of its Awélé games.

use awe_awechec::{Action, Decision, EndReason, History, Language, Step};
use awe_game::record::Record;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, CastlingSide, Color, Position as _, Role, Square};

use crate::awele::{AwelePosition, AweleValue};
use crate::classes::bind_game;

// Actions 0 to 5: an Awélé move, the column of the pit from the mover's left.
/// Action 6: the owner of a power lets the side to move play a chess move.
const NORMAL: usize = 6;
/// Action 7: the owner of a power makes the side to move pass (the null move).
const NULL: usize = 7;
/// Actions from 8 on: a chess move, `8 + 5 × (64 × from + to) + promotion`.
const CHESS: usize = 8;
/// How many actions there are.
pub const ACTIONS: usize = CHESS + 64 * 64 * 5;
/// How many numbers an observation has.
pub const OBSERVATION: usize = 828;
/// The powers an observation shows, the next first.
const POWERS_SHOWN: usize = 16;

/// A promotion's code in an action: 0 none, 1 knight, 2 bishop, 3 rook, 4 queen.
fn promotion_code(role: Option<Role>) -> usize {
    match role {
        None | Some(Role::Pawn) | Some(Role::King) => 0,
        Some(Role::Knight) => 1,
        Some(Role::Bishop) => 2,
        Some(Role::Rook) => 3,
        Some(Role::Queen) => 4,
    }
}

/// The OpenSpiel action of `action` (see `docs/python.md`).
pub fn action_number(action: &Action) -> usize {
    match action {
        Action::Awele(pit) => pit.column(),
        Action::Decide(Decision::Normal) => NORMAL,
        Action::Decide(Decision::Null) => NULL,
        Action::Chess(mv) => match mv.to_uci(CastlingMode::Standard) {
            UciMove::Normal { from, to, promotion } => {
                CHESS + 5 * (64 * from as usize + to as usize) + promotion_code(promotion)
            }
            // Standard chess has neither drops nor null moves among its legal moves.
            UciMove::Put { .. } | UciMove::Null => CHESS,
        },
    }
}

/// The legal action that an action number stands for in `position`.
fn legal_action(position: &awe_awechec::Position, number: i64) -> PyResult<Action> {
    usize::try_from(number)
        .ok()
        .and_then(|n| position.legal_actions().into_iter().find(|a| action_number(a) == n))
        .ok_or_else(|| bad_input(format!("action {number} is not legal here")))
}

/// The game's settings as records write them: the variant, and the handicaps if any.
fn handicap_name(settings: &awe_awechec::Settings) -> String {
    settings.handicaps.to_string()
}

/// The history a record is written from: the actions of `game`, and its stop if it had one.
fn history_of(game: &awe_game::Game<awe_awechec::Position>) -> History {
    let mut history = History::new(game.start().clone());
    for &action in game.moves() {
        // Every action of a game was legal where it was taken.
        if history.play(action).is_err() {
            break;
        }
    }
    match game.stopped() {
        Some(awe_game::Stop::Agreement) => history.stop(None),
        Some(awe_game::Stop::Resignation(side)) => history.stop(Some(side)),
        Some(awe_game::Stop::TimeForfeit(side)) => history.forfeit_on_time(side),
        None => {}
    }
    history
}

/// The game a replayed history stands for: its actions, and the stop that ended it if the
/// players stopped it.
fn game_of(history: &History) -> Result<awe_game::Game<awe_awechec::Position>, String> {
    let mut game = awe_game::Game::new(history.start().clone());
    for &action in history.actions() {
        game.play(action).map_err(|e| e.to_string())?;
    }
    if let Some(ending) = history.current().ending()
        && awe_game::Position::outcome(game.current()).is_none()
    {
        let stop = match (ending.reason, ending.winner) {
            (EndReason::Resignation, Some(winner)) => {
                awe_game::Stop::Resignation(winner.opponent())
            }
            (EndReason::TimeForfeit, Some(winner)) => {
                awe_game::Stop::TimeForfeit(winner.opponent())
            }
            (EndReason::TimeForfeit, None) => {
                // A draw on time: the side whose time ran out cannot be lost by the other.
                let drawn = awe_game::Side::ALL.into_iter().find(|&side| {
                    awe_game::Position::outcome_on_time(game.current(), side).winner.is_none()
                });
                awe_game::Stop::TimeForfeit(drawn.unwrap_or(awe_game::Side::WHITE))
            }
            _ => awe_game::Stop::Agreement,
        };
        game.stop(stop);
    }
    Ok(game)
}

impl Bindable for awe_awechec::Position {
    type Settings = awe_awechec::Settings;

    fn settings(position: &Self) -> awe_awechec::Settings {
        position.settings()
    }

    fn text_is_whole(_position: &Self) -> bool {
        // The text leaves out the counters of the drawing rules and the Awélé positions seen.
        false
    }

    fn describe(settings: &awe_awechec::Settings) -> String {
        if settings.handicaps == awe_awechec::Handicaps::NONE {
            format!("Awechec(variant='{}')", settings.variant.name())
        } else {
            format!(
                "Awechec(variant='{}', handicap='{}')",
                settings.variant.name(),
                handicap_name(settings)
            )
        }
    }

    fn record(
        game: &awe_game::Game<Self>,
        _settings: &awe_awechec::Settings,
        names: [&str; 2],
    ) -> String {
        awe_awechec::write_record(&history_of(game), Language::English, names).to_string()
    }

    fn replay(text: &str) -> Result<awe_game::Game<Self>, String> {
        let record = Record::parse(text).map_err(|e| e.to_string())?;
        let history = awe_awechec::replay(&record).map_err(|e| e.to_string())?;
        game_of(&history)
    }

    fn diagram(position: &Self, last: Option<&str>, _over: bool) -> String {
        awe_awechec::diagram::diagram(position, ["", ""], last, Language::English)
    }

    /// 828 numbers: the chess pieces (12 planes of 64 squares, a1 first: White's pawn, knight,
    /// bishop, rook, queen, king, then Black's), the castling rights (White's king and queen
    /// sides, Black's), the side to move at chess one-hot, the step one-hot (an Awélé move, a
    /// power's decision, a chess move), the player to act one-hot, the Awélé pits (A..F, a..f)
    /// and captures over 48 and whether an Awélé game is running, the owners of the next 16
    /// powers one-hot (White, Black), the powers left over 48, and the half-moves without
    /// capture or pawn move over 100.
    fn observation(position: &Self) -> Vec<f32> {
        let mut values = vec![0.0f32; OBSERVATION];
        let chess = position.chess();
        let board = chess.board();
        for (i, &square) in Square::ALL.iter().enumerate() {
            if let Some(piece) = board.piece_at(square) {
                let colour = if piece.color == Color::White { 0 } else { 6 };
                values[(colour + piece.role as usize - 1) * 64 + i] = 1.0;
            }
        }
        let rights = [
            (Color::White, CastlingSide::KingSide),
            (Color::White, CastlingSide::QueenSide),
            (Color::Black, CastlingSide::KingSide),
            (Color::Black, CastlingSide::QueenSide),
        ];
        for (i, (colour, side)) in rights.into_iter().enumerate() {
            values[768 + i] = f32::from(u8::from(chess.castles().has(colour, side)));
        }
        values[772 + usize::from(chess.turn() == Color::Black)] = 1.0;
        let step = match position.step() {
            Step::Awele { .. } => Some(0),
            Step::Decision { .. } => Some(1),
            Step::Move { .. } => Some(2),
            Step::Over(_) => None,
        };
        if let Some(step) = step {
            values[774 + step] = 1.0;
        }
        if let Some(player) = position.step().player() {
            values[777 + player.index()] = 1.0;
        }
        let awele = position.awele();
        let total = f32::from(awe_awele::TOTAL_SEEDS);
        for (i, &seeds) in awele.board().pits().iter().enumerate() {
            values[779 + i] = f32::from(seeds) / total;
        }
        for side in awe_game::Side::ALL {
            values[791 + side.index()] = f32::from(awele.captured(side)) / total;
        }
        values[793] = f32::from(u8::from(position.awele_running()));
        let powers = position.powers();
        for (i, owner) in powers.owners().skip(powers.used()).take(POWERS_SHOWN).enumerate() {
            values[794 + 2 * i + owner.index()] = 1.0;
        }
        values[826] = (powers.remaining() as f32 / total).min(1.0);
        values[827] = (f32::from(position.quiet_half_moves()) / 100.0).min(1.0);
        values
    }
}

bind_game! {
    position: awe_awechec::Position,
    game_object: Awechec,
    classes: (AwechecPosition, AwechecMove, AwechecGame, AwechecEngine),
    names: ("AwechecPosition", "AwechecMove", "AwechecGame", "AwechecEngine"),
    position_methods: {
        /// What the game waits for: `awele` (an Awélé move), `decision` (a power's owner decides
        /// whether the side to move at chess plays or passes), `move` (a chess move) or `over`.
        #[getter]
        fn step(&self) -> &'static str {
            match self.inner.step() {
                Step::Awele { .. } => "awele",
                Step::Decision { .. } => "decision",
                Step::Move { .. } => "move",
                Step::Over(_) => "over",
            }
        }

        /// The chess position, as FEN.
        #[getter]
        fn fen(&self) -> String {
            shakmaty::fen::Fen::from_position(self.inner.chess(), shakmaty::EnPassantMode::Legal)
                .to_string()
        }

        /// The Awélé game in progress, or the last one played (under the `awechec` rules).
        #[getter]
        fn awele(&self) -> AwelePosition {
            AwelePosition { inner: *self.inner.awele() }
        }

        /// Whether an Awélé game is in progress.
        #[getter]
        fn awele_running(&self) -> bool {
            self.inner.awele_running()
        }

        /// The owners of the powers still to use, the next first.
        #[getter]
        fn powers(&self) -> Vec<Side> {
            let powers = self.inner.powers();
            powers.owners().skip(powers.used()).map(Side::from).collect()
        }

        /// Half-moves (null moves included) since the last capture or pawn move.
        #[getter]
        fn quiet_half_moves(&self) -> u16 {
            self.inner.quiet_half_moves()
        }

        /// The variant's name.
        #[getter]
        fn variant(&self) -> &'static str {
            self.inner.settings().variant.name()
        }

        /// The legal actions as OpenSpiel's action numbers (see `docs/python.md`).
        fn legal_actions(&self) -> Vec<usize> {
            let mut actions: Vec<usize> =
                self.inner.legal_actions().iter().map(action_number).collect();
            actions.sort_unstable();
            actions
        }

        /// The position after the action numbered `number` (see `legal_actions`).
        fn play_action(&self, number: i64) -> PyResult<AwechecPosition> {
            let action = legal_action(&self.inner, number)?;
            let inner = self.inner.play(&action).map_err(bad_input)?;
            Ok(AwechecPosition { inner })
        }

        /// The legal move that an action number stands for.
        fn action_move(&self, number: i64) -> PyResult<AwechecMove> {
            let mv = legal_action(&self.inner, number)?;
            Ok(AwechecMove { mv, at: Arc::new(self.inner.clone()) })
        }
    },
    move_methods: {
        /// `awele`, `decision` or `chess`.
        #[getter]
        fn kind(&self) -> &'static str {
            match self.mv {
                Action::Awele(_) => "awele",
                Action::Decide(_) => "decision",
                Action::Chess(_) => "chess",
            }
        }

        /// An Awélé move's pit, 0 to 11 (A..F, then a..f).
        #[getter]
        fn pit(&self) -> Option<usize> {
            match self.mv {
                Action::Awele(pit) => Some(pit.index()),
                _ => None,
            }
        }

        /// A decision: `normal` (the side to move plays) or `null` (it passes).
        #[getter]
        fn decision(&self) -> Option<&'static str> {
            match self.mv {
                Action::Decide(Decision::Normal) => Some("normal"),
                Action::Decide(Decision::Null) => Some("null"),
                _ => None,
            }
        }

        /// A chess move in UCI (`e2e4`, `e7e8q`, castling as the king's move `e1g1`).
        #[getter]
        fn uci(&self) -> Option<String> {
            match self.mv {
                Action::Chess(mv) => Some(mv.to_uci(CastlingMode::Standard).to_string()),
                _ => None,
            }
        }

        /// The OpenSpiel action number (see `docs/python.md`).
        #[getter]
        fn action(&self) -> usize {
            action_number(&self.mv)
        }
    },
    game_methods: {},
}

/// Awechec (Awarichess): chess whose moves are granted by the powers won at Awélé, under a
/// variant (`standard`, `forced`, `synchronous`) with handicaps (`none`, or `white:3/2`,
/// `black:2/1,white:3/1`...). It makes positions, games and engines, reads records, and probes
/// the Awélé endgame databases for its Awélé games.
#[pyclass(module = "awe", name = "Awechec", frozen)]
pub struct Awechec {
    settings: awe_awechec::Settings,
    endgame: Mutex<Option<awe_search::endgame::Endgame>>,
}

/// A start: a position of this game, or its text.
#[derive(FromPyObject)]
pub enum StartArg<'py> {
    Position(PyRef<'py, AwechecPosition>),
    Text(String),
}

impl Awechec {
    pub fn from_settings(settings: awe_awechec::Settings) -> Awechec {
        Awechec { settings, endgame: Mutex::new(None) }
    }

    fn check(&self, position: &awe_awechec::Position) -> PyResult<()> {
        if position.settings() == self.settings {
            Ok(())
        } else {
            Err(bad_input(format!(
                "the position is of {}, not of {}",
                <awe_awechec::Position as Bindable>::describe(&position.settings()),
                <awe_awechec::Position as Bindable>::describe(&self.settings)
            )))
        }
    }

    fn parse(&self, text: &str) -> PyResult<awe_awechec::Position> {
        let start = awe_awechec::Position::new(self.settings);
        awe_game::Position::parse_position(&start, text).map_err(bad_input)
    }
}

#[pymethods]
impl Awechec {
    /// The variants, by name.
    #[classattr]
    #[pyo3(name = "VARIANTS")]
    fn variants() -> Vec<&'static str> {
        awe_awechec::Variant::ALL.iter().map(|v| v.name()).collect()
    }

    /// How many OpenSpiel actions there are (see `docs/python.md`).
    #[classattr]
    #[pyo3(name = "ACTIONS")]
    fn actions() -> usize {
        ACTIONS
    }

    #[new]
    #[pyo3(signature = (variant="standard", handicap="none"))]
    fn new(variant: &str, handicap: &str) -> PyResult<Awechec> {
        let variant = variant.parse().map_err(bad_input)?;
        let handicaps = handicap.parse().map_err(bad_input)?;
        Ok(Awechec::from_settings(awe_awechec::Settings { variant, handicaps }))
    }

    /// `awechec`.
    #[getter]
    fn name(&self) -> &'static str {
        "awechec"
    }

    /// The variant's name.
    #[getter]
    fn variant(&self) -> &'static str {
        self.settings.variant.name()
    }

    /// The handicaps: `none`, or `white:3/2` and the like.
    #[getter]
    fn handicap(&self) -> String {
        handicap_name(&self.settings)
    }

    /// A new game: an Awélé game first, White (South) to move, then chess from the usual start.
    fn start(&self) -> AwechecPosition {
        AwechecPosition { inner: awe_awechec::Position::new(self.settings) }
    }

    /// A position from its text: `FEN | POWERS | AWELE` (the powers still to use, `W` or `B`
    /// each, `-` for none; the Awélé game in progress, or `-`). The counters of the drawing
    /// rules start from the FEN's.
    fn position(&self, text: &str) -> PyResult<AwechecPosition> {
        Ok(AwechecPosition { inner: self.parse(text)? })
    }

    /// A game from the start, or from `start` (a position or its text).
    #[pyo3(signature = (start=None))]
    fn new_game(&self, start: Option<StartArg<'_>>) -> PyResult<AwechecGame> {
        let start = match start {
            None => awe_awechec::Position::new(self.settings),
            Some(StartArg::Position(p)) => {
                self.check(&p.inner)?;
                p.inner.clone()
            }
            Some(StartArg::Text(text)) => self.parse(&text)?,
        };
        Ok(AwechecGame::new(awe_game::Game::new(start), self.settings))
    }

    /// A game replayed from its record (as `awe replay` reads it), every action checked.
    fn read_record(&self, text: &str) -> PyResult<AwechecGame> {
        let game = <awe_awechec::Position as Bindable>::replay(text).map_err(bad_input)?;
        self.check(game.start())?;
        Ok(AwechecGame::new(game, self.settings))
    }

    /// awe's engine at `level` (1 to 10) for this game, with a table of `table_mb` megabytes;
    /// `seed` makes its choices among equal moves repeatable.
    #[pyo3(signature = (level=5, seed=0, table_mb=32))]
    fn engine(
        &self,
        py: Python<'_>,
        level: u8,
        seed: u64,
        table_mb: usize,
    ) -> PyResult<AwechecEngine> {
        let start = awe_awechec::Position::new(self.settings);
        py.detach(|| AwechecEngine::create(&start, level, seed, table_mb))
    }

    /// What the largest Awélé endgame database of the `awechec` rule set in the cache says of the
    /// Awélé game in progress (`None` if none is running, there is no database, or too many seeds
    /// are on the board).
    fn endgame_value(
        &self,
        py: Python<'_>,
        position: PyRef<'_, AwechecPosition>,
    ) -> PyResult<Option<AweleValue>> {
        self.check(&position.inner)?;
        if !position.inner.awele_running() {
            return Ok(None);
        }
        let awele = *position.inner.awele();
        Ok(py.detach(|| {
            crate::awele::endgame_value(&self.endgame, awe_awele::RuleSet::Awechec, &awele)
        }))
    }

    /// `count` random playouts from the start, played in Rust.
    #[pyo3(signature = (count, seed=None))]
    fn random_playouts(&self, py: Python<'_>, count: u64, seed: Option<u64>) -> PlayoutStats {
        let start = awe_awechec::Position::new(self.settings);
        py.detach(|| generic::playouts(&start, count, seed))
    }

    fn __eq__(&self, other: PyRef<'_, Self>) -> bool {
        self.settings == other.settings
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.settings.hash(&mut hasher);
        hasher.finish()
    }

    fn __repr__(&self) -> String {
        <awe_awechec::Position as Bindable>::describe(&self.settings)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> Reduced<'py, (&'static str, String)> {
        Ok((
            py.get_type::<Awechec>().into_any(),
            (self.settings.variant.name(), handicap_name(&self.settings)),
        ))
    }
}
