//! Awithlaknannai (the Zuni fighting serpents) in Python: the game object
//! `awe.Awithlaknannai(board, rules, ...)`, its positions, moves, games and engines, and its
//! endgame databases.

use std::path::PathBuf;

use awe_awithlaknannai::{BoardKind, BoardOptions, Point, RuleSet, Start};
use awe_game::record::Record;
use awe_players::cache;
use awe_search::endgame::awithlaknannai::{self as serpents, SerpentEndgame, Value};

use crate::classes::bind_game;

/// What stays the same during a game of Awithlaknannai: the board, the rule set, the ply limit,
/// and the start the game object makes (a start and who moves first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SerpentSettings {
    pub settings: awe_awithlaknannai::Settings,
    pub start: Start,
    pub first: awe_game::Side,
}

/// The known start and first player `position` is, if it is one.
fn known_start(position: &awe_awithlaknannai::Position) -> Option<(Start, awe_game::Side)> {
    let settings = *position.settings();
    Start::ALL.into_iter().find_map(|start| {
        awe_game::Side::ALL.into_iter().find_map(|first| {
            let known = awe_awithlaknannai::Position::start(settings, start, first).ok()?;
            (known == *position).then_some((start, first))
        })
    })
}

impl Bindable for awe_awithlaknannai::Position {
    type Settings = SerpentSettings;

    fn settings(position: &Self) -> SerpentSettings {
        let settings = *position.settings();
        let (start, first) = known_start(position)
            .unwrap_or((Start::default_for(settings.board.kind()), awe_game::Side::WHITE));
        SerpentSettings { settings, start, first }
    }

    fn text_is_whole(position: &Self) -> bool {
        // The text leaves out the plies since the start, which only Ludii's turn limit counts.
        matches!(position.rules().quiet_end, awe_awithlaknannai::QuietEnd::MorePiecesWins)
    }

    fn describe(s: &SerpentSettings) -> String {
        let kind = s.settings.board.kind();
        let mut text = format!("Awithlaknannai(board='{kind}', rules='{}'", s.settings.rules);
        if s.start != Start::default_for(kind) {
            text += &format!(", start='{}'", s.start.name());
        }
        if s.first != awe_game::Side::WHITE {
            text += ", first=Side.BLACK";
        }
        let options = s.settings.board.options();
        if !options.outer_lines {
            text += ", outer_lines=False";
        }
        if !options.end_lines {
            text += ", end_lines=False";
        }
        if s.settings.ply_limit != awe_awithlaknannai::Settings::DEFAULT_PLY_LIMIT {
            text += &format!(", ply_limit={}", s.settings.ply_limit);
        }
        text + ")"
    }

    fn record(
        game: &awe_game::Game<Self>,
        _settings: &SerpentSettings,
        names: [&str; 2],
    ) -> String {
        let start = known_start(game.start()).map(|(start, _)| start);
        awe_awithlaknannai::write_record(game, start, names).to_string()
    }

    fn replay(text: &str) -> Result<awe_game::Game<Self>, String> {
        let record = Record::parse(text).map_err(|e| e.to_string())?;
        awe_awithlaknannai::replay(&record).map_err(|e| e.to_string())
    }

    fn diagram(position: &Self, last: Option<&str>, over: bool) -> String {
        awe_awithlaknannai::diagram::diagram(position, ["", ""], last, over)
    }

    /// White's points, then Black's (one number a point, 1 where a piece stands, in the order of
    /// the points' indices), the side to move one-hot (White, Black), and the plies since the
    /// last capture over the ply limit: 2 × points + 3 numbers.
    fn observation(position: &Self) -> Vec<f32> {
        let board = position.board();
        let mut values = Vec::with_capacity(2 * board.len() + 3);
        for side in awe_game::Side::ALL {
            let pieces = position.pieces(side);
            values.extend(board.points().map(|p| f32::from(u8::from(pieces & p.bit() != 0))));
        }
        let turn = awe_game::Position::turn(position);
        values.extend(awe_game::Side::ALL.map(|side| f32::from(u8::from(side == turn))));
        let limit = f32::from(position.settings().ply_limit.max(1));
        values.push((f32::from(position.quiet_plies()) / limit).min(1.0));
        values
    }
}

/// The names of the points of `set` on `position`'s board.
fn names(position: &awe_awithlaknannai::Position, set: u64) -> Vec<String> {
    let board = position.board();
    board.points().filter(|p| set & p.bit() != 0).map(|p| board.name(p).to_owned()).collect()
}

bind_game! {
    position: awe_awithlaknannai::Position,
    game_object: Awithlaknannai,
    classes: (AwithlaknannaiPosition, AwithlaknannaiMove, AwithlaknannaiGame, AwithlaknannaiEngine),
    names: (
        "AwithlaknannaiPosition",
        "AwithlaknannaiMove",
        "AwithlaknannaiGame",
        "AwithlaknannaiEngine"
    ),
    position_methods: {
        /// The points of `side`'s pieces, by name.
        fn pieces(&self, side: Side) -> Vec<String> {
            names(&self.inner, self.inner.pieces(side.into()))
        }

        /// The points of `side`'s pieces, by index (0 is b1: the bottom row, the middle, the
        /// top).
        fn piece_points(&self, side: Side) -> Vec<usize> {
            let set = self.inner.pieces(side.into());
            self.inner.board().points().filter(|p| set & p.bit() != 0).map(Point::index).collect()
        }

        /// Plies since the last capture.
        #[getter]
        fn quiet_plies(&self) -> u16 {
            self.inner.quiet_plies()
        }

        /// The board's name.
        #[getter]
        fn board(&self) -> &'static str {
            self.inner.board().kind().name()
        }

        /// The rule set's name.
        #[getter]
        fn rules(&self) -> &'static str {
            self.inner.settings().rules.name()
        }
    },
    move_methods: {
        /// Every point the piece stands on, from its start to where it stops, by name.
        #[getter]
        fn path(&self) -> Vec<String> {
            let board = self.at.board();
            self.mv.path().iter().map(|&p| board.name(p).to_owned()).collect()
        }

        /// The same points by index.
        #[getter]
        fn points(&self) -> Vec<usize> {
            self.mv.path().iter().map(|p| p.index()).collect()
        }

        /// The points of the pieces captured, by name.
        #[getter]
        fn captured(&self) -> Vec<String> {
            names(&self.at, self.mv.captured())
        }

        /// The points of the pieces captured, by index.
        #[getter]
        fn captured_points(&self) -> Vec<usize> {
            let set = self.mv.captured();
            self.at.board().points().filter(|p| set & p.bit() != 0).map(Point::index).collect()
        }

        /// Whether the move captures.
        #[getter]
        fn is_capture(&self) -> bool {
            self.mv.is_capture()
        }
    },
    game_methods: {},
}

/// What an endgame database knows of a position, for the side to move: `win` or `loss` in
/// `plies` plies, a `quiet win` or `quiet loss` (no capture changes the result: the game ends by
/// its quiet rule, more pieces winning), or a `draw`.
#[pyclass(module = "awe", frozen, get_all)]
pub struct AwithlaknannaiValue {
    pub kind: &'static str,
    pub plies: Option<u16>,
}

#[pymethods]
impl AwithlaknannaiValue {
    fn __repr__(&self) -> String {
        match self.plies {
            Some(plies) => format!("AwithlaknannaiValue({:?}, plies={plies})", self.kind),
            None => format!("AwithlaknannaiValue({:?})", self.kind),
        }
    }
}

impl From<Value> for AwithlaknannaiValue {
    fn from(value: Value) -> Self {
        let (kind, plies) = match value {
            Value::Win(plies) => ("win", Some(plies)),
            Value::Loss(plies) => ("loss", Some(plies)),
            Value::QuietWin => ("quiet win", None),
            Value::QuietLoss => ("quiet loss", None),
            Value::Draw => ("draw", None),
        };
        AwithlaknannaiValue { kind, plies }
    }
}

/// Awithlaknannai on a board (`mosona`, `kolowis`, `kolowis-ludii`) under a rule set
/// (`wikipedia`, the default; `globejoueur`, `bell`, `ludii`), from a start (`seed000`,
/// `seed002`, `ludii`; the board's usual one by default) with `first` to move. It makes
/// positions, games and engines, reads records and probes the endgame databases of the cache.
#[pyclass(module = "awe", name = "Awithlaknannai", frozen)]
pub struct Awithlaknannai {
    settings: SerpentSettings,
    endgame: Mutex<Option<SerpentEndgame>>,
}

/// The arguments that make a game object again: board, rules, start, first, outer_lines,
/// end_lines, ply_limit.
type SettingsArgs = (&'static str, &'static str, &'static str, Side, bool, bool, u16);

/// A start: a position of this game, or its text.
#[derive(FromPyObject)]
pub enum StartArg<'py> {
    Position(PyRef<'py, AwithlaknannaiPosition>),
    Text(String),
}

impl Awithlaknannai {
    pub fn from_settings(settings: SerpentSettings) -> Awithlaknannai {
        Awithlaknannai { settings, endgame: Mutex::new(None) }
    }

    fn start_position(&self) -> awe_awithlaknannai::Position {
        let s = &self.settings;
        // Checked when the game object was made.
        awe_awithlaknannai::Position::start(s.settings, s.start, s.first)
            .unwrap_or_else(|_| unreachable!("the start was checked on this board"))
    }

    fn check(&self, position: &awe_awithlaknannai::Position) -> PyResult<()> {
        if *position.settings() == self.settings.settings {
            Ok(())
        } else {
            let theirs = <awe_awithlaknannai::Position as Bindable>::settings(position);
            Err(bad_input(format!(
                "the position is of {}, not of {}",
                <awe_awithlaknannai::Position as Bindable>::describe(&theirs),
                <awe_awithlaknannai::Position as Bindable>::describe(&self.settings)
            )))
        }
    }

    fn start_or(&self, start: Option<StartArg<'_>>) -> PyResult<awe_awithlaknannai::Position> {
        match start {
            None => Ok(self.start_position()),
            Some(StartArg::Position(p)) => self.check(&p.inner).map(|()| p.inner),
            Some(StartArg::Text(text)) => {
                awe_awithlaknannai::Position::parse(&text, self.settings.settings)
                    .map_err(bad_input)
            }
        }
    }
}

#[pymethods]
impl Awithlaknannai {
    /// The boards, by name.
    #[classattr]
    #[pyo3(name = "BOARDS")]
    fn boards() -> Vec<&'static str> {
        BoardKind::ALL.iter().map(|b| b.name()).collect()
    }

    /// The rule sets, by name, the default first.
    #[classattr]
    #[pyo3(name = "RULES")]
    fn rule_sets() -> Vec<&'static str> {
        RuleSet::ALL.iter().map(|r| r.name()).collect()
    }

    /// The starts, by name.
    #[classattr]
    #[pyo3(name = "STARTS")]
    fn starts() -> Vec<&'static str> {
        Start::ALL.iter().map(|s| s.name()).collect()
    }

    #[new]
    #[pyo3(signature = (
        board="mosona",
        rules="wikipedia",
        start=None,
        first=Side::South,
        outer_lines=true,
        end_lines=true,
        ply_limit=50,
    ))]
    fn new(
        board: &str,
        rules: &str,
        start: Option<&str>,
        first: Side,
        outer_lines: bool,
        end_lines: bool,
        ply_limit: u16,
    ) -> PyResult<Awithlaknannai> {
        let kind: BoardKind = board.parse().map_err(bad_input)?;
        let rules: RuleSet = rules.parse().map_err(bad_input)?;
        if ply_limit == 0 {
            return Err(bad_input("ply_limit: at least 1 (a game must allow a ply)"));
        }
        let options = BoardOptions { outer_lines, end_lines };
        let mut settings = awe_awithlaknannai::Settings::new(kind, options, rules);
        settings.ply_limit = ply_limit;
        let start = match start {
            Some(name) => name.parse().map_err(bad_input)?,
            None => Start::default_for(kind),
        };
        awe_awithlaknannai::Position::start(settings, start, first.into()).map_err(bad_input)?;
        Ok(Awithlaknannai::from_settings(SerpentSettings { settings, start, first: first.into() }))
    }

    /// `awithlaknannai`.
    #[getter]
    fn name(&self) -> &'static str {
        "awithlaknannai"
    }

    /// The board's name.
    #[getter]
    fn board(&self) -> &'static str {
        self.settings.settings.board.kind().name()
    }

    /// The rule set's name.
    #[getter]
    fn rules(&self) -> &'static str {
        self.settings.settings.rules.name()
    }

    /// Where the rule set comes from.
    #[getter]
    fn summary(&self) -> &'static str {
        self.settings.settings.rules.rules().summary
    }

    /// The name of the start `start()` makes.
    #[getter]
    fn start_name(&self) -> &'static str {
        self.settings.start.name()
    }

    /// Who moves first from `start()`.
    #[getter]
    fn first(&self) -> Side {
        self.settings.first.into()
    }

    /// Whether the board has lines along its two outer rows.
    #[getter]
    fn outer_lines(&self) -> bool {
        self.settings.settings.board.options().outer_lines
    }

    /// Whether the board has the end lines, along which a piece jumps across the end of the
    /// middle row.
    #[getter]
    fn end_lines(&self) -> bool {
        self.settings.settings.board.options().end_lines
    }

    /// Plies without a capture that end the game.
    #[getter]
    fn ply_limit(&self) -> u16 {
        self.settings.settings.ply_limit
    }

    /// The names of the board's points, by index (0 is b1: the bottom row, the middle, the top).
    #[getter]
    fn points(&self) -> Vec<String> {
        let board = self.settings.settings.board;
        board.points().map(|p| board.name(p).to_owned()).collect()
    }

    /// The start position.
    fn start(&self) -> AwithlaknannaiPosition {
        AwithlaknannaiPosition { inner: self.start_position() }
    }

    /// A position from its text (`bbbbbbbb/bbbb.wwww/wwwwwwww w 0`: the top, middle and bottom
    /// rows, `w`, `b` or `.` a point; the side to move; the plies since the last capture).
    fn position(&self, text: &str) -> PyResult<AwithlaknannaiPosition> {
        let inner =
            awe_awithlaknannai::Position::parse(text, self.settings.settings).map_err(bad_input)?;
        Ok(AwithlaknannaiPosition { inner })
    }

    /// A game from the start, or from `start` (a position or its text).
    #[pyo3(signature = (start=None))]
    fn new_game(&self, start: Option<StartArg<'_>>) -> PyResult<AwithlaknannaiGame> {
        let start = self.start_or(start)?;
        Ok(AwithlaknannaiGame::new(awe_game::Game::new(start), self.settings))
    }

    /// A game replayed from its record (as `awe replay` reads it), every move checked.
    fn read_record(&self, text: &str) -> PyResult<AwithlaknannaiGame> {
        let game = <awe_awithlaknannai::Position as Bindable>::replay(text).map_err(bad_input)?;
        self.check(game.start())?;
        let settings = <awe_awithlaknannai::Position as Bindable>::settings(game.start());
        Ok(AwithlaknannaiGame::new(game, settings))
    }

    /// awe's engine at `level` (1 to 10) for this game, with a table of `table_mb` megabytes;
    /// `seed` makes its choices among equal moves repeatable. It uses the endgame database and
    /// the certificates of solved positions in the cache.
    #[pyo3(signature = (level=5, seed=0, table_mb=32))]
    fn engine(
        &self,
        py: Python<'_>,
        level: u8,
        seed: u64,
        table_mb: usize,
    ) -> PyResult<AwithlaknannaiEngine> {
        let start = self.start_position();
        py.detach(|| AwithlaknannaiEngine::create(&start, level, seed, table_mb))
    }

    /// What the largest endgame database of this board and rule set in the cache says of
    /// `position` (`None` if there is none, or the position has more pieces than it holds).
    fn endgame_value(
        &self,
        py: Python<'_>,
        position: PyRef<'_, AwithlaknannaiPosition>,
    ) -> PyResult<Option<AwithlaknannaiValue>> {
        self.check(&position.inner)?;
        let position = position.inner;
        let settings = self.settings.settings;
        Ok(py.detach(|| {
            let mut loaded = self.endgame.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            if loaded.is_none() {
                // Looked for again at each call while there is none: one may be built meanwhile.
                *loaded = cache::awithlaknannai(settings).database;
            }
            loaded.as_ref()?.probe(&position).map(AwithlaknannaiValue::from)
        }))
    }

    /// Builds the endgame database of this board and rule set up to `pieces` pieces and saves
    /// it into the cache (or at `path`); returns where.
    #[pyo3(signature = (pieces, path=None))]
    fn build_endgame(
        &self,
        py: Python<'_>,
        pieces: usize,
        path: Option<PathBuf>,
    ) -> PyResult<String> {
        let settings = self.settings.settings;
        let saved = py
            .detach(|| -> Result<PathBuf, String> {
                if pieces > serpents::MAX_PIECES {
                    return Err(format!("pieces: at most {}", serpents::MAX_PIECES));
                }
                let path = match path {
                    Some(path) => path,
                    None => cache::cache_dir()
                        .ok_or("no cache folder (set AWE_CACHE or HOME), and no path")?
                        .join(serpents::file_name(&settings, pieces)),
                };
                let db = SerpentEndgame::build(settings, pieces, |_, _, _| {})
                    .map_err(|e| e.to_string())?;
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir)
                        .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
                }
                db.save(&path).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                Ok(path)
            })
            .map_err(bad_input)?;
        *self.endgame.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = None;
        Ok(saved.display().to_string())
    }

    /// `count` random playouts from the start, played in Rust.
    #[pyo3(signature = (count, seed=None))]
    fn random_playouts(&self, py: Python<'_>, count: u64, seed: Option<u64>) -> PlayoutStats {
        let start = self.start_position();
        py.detach(|| generic::playouts(&start, count, seed))
    }

    fn __eq__(&self, other: PyRef<'_, Self>) -> bool {
        self.settings == other.settings
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.settings.settings.hash(&mut hasher);
        (self.settings.start as u8, self.settings.first as u8).hash(&mut hasher);
        hasher.finish()
    }

    fn __repr__(&self) -> String {
        <awe_awithlaknannai::Position as Bindable>::describe(&self.settings)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> Reduced<'py, SettingsArgs> {
        let s = &self.settings;
        let options = s.settings.board.options();
        Ok((
            py.get_type::<Awithlaknannai>().into_any(),
            (
                s.settings.board.kind().name(),
                s.settings.rules.name(),
                s.start.name(),
                s.first.into(),
                options.outer_lines,
                options.end_lines,
                s.settings.ply_limit,
            ),
        ))
    }
}
