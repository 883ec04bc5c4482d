//! Awélé (oware) in Python: the game object `awe.Awele(rules)`, its positions, moves, games and
//! engines, and its endgame databases.

use std::path::PathBuf;

use awe_awele::{Pit, RuleSet};
use awe_game::record::Record;
use awe_players::cache;
use awe_search::endgame::Endgame;

use crate::classes::bind_game;

/// What stays the same during a game of Awélé: the rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AweleSettings {
    pub rules: RuleSet,
}

impl Bindable for awe_awele::Position {
    type Settings = AweleSettings;

    fn settings(position: &Self) -> AweleSettings {
        AweleSettings { rules: position.rule_set() }
    }

    fn text_is_whole(_position: &Self) -> bool {
        true
    }

    fn describe(settings: &AweleSettings) -> String {
        format!("Awele(rules='{}')", settings.rules.name())
    }

    fn record(game: &awe_game::Game<Self>, _settings: &AweleSettings, names: [&str; 2]) -> String {
        awe_awele::write_record(game, names).to_string()
    }

    fn replay(text: &str) -> Result<awe_game::Game<Self>, String> {
        let record = Record::parse(text).map_err(|e| e.to_string())?;
        awe_awele::replay(&record).map_err(|e| e.to_string())
    }

    fn diagram(position: &Self, last: Option<&str>, over: bool) -> String {
        awe_awele::diagram::diagram(position, ["", ""], last, over)
    }

    /// The twelve pits (A to F, then a to f) and the seeds each side captured, over 48; then the
    /// side to move, one-hot (South, North): 16 numbers.
    fn observation(position: &Self) -> Vec<f32> {
        let total = f32::from(awe_awele::TOTAL_SEEDS);
        let mut values: Vec<f32> =
            position.board().pits().iter().map(|&seeds| f32::from(seeds) / total).collect();
        for side in awe_game::Side::ALL {
            values.push(f32::from(position.captured(side)) / total);
        }
        let turn = awe_game::Position::turn(position);
        values.extend(awe_game::Side::ALL.map(|side| f32::from(u8::from(side == turn))));
        values
    }
}

/// The pit of `side` in column `column` (0 to 5 from the player's left), if there is one.
fn pit_of(side: awe_game::Side, column: i64) -> Option<Pit> {
    usize::try_from(column).ok().filter(|&c| c < 6).map(|c| Pit::of(side, c))
}

bind_game! {
    position: awe_awele::Position,
    game_object: Awele,
    classes: (AwelePosition, AweleMove, AweleGame, AweleEngine),
    names: ("AwelePosition", "AweleMove", "AweleGame", "AweleEngine"),
    position_methods: {
        /// The seeds in each pit: A to F (South's row, from South's left), then a to f.
        #[getter]
        fn pits(&self) -> Vec<u16> {
            self.inner.board().pits().iter().map(|&seeds| u16::from(seeds)).collect()
        }

        /// The seeds captured by South and by North.
        #[getter]
        fn captured(&self) -> (u8, u8) {
            (
                self.inner.captured(awe_game::Side::South),
                self.inner.captured(awe_game::Side::North),
            )
        }

        /// The rule set's name.
        #[getter]
        fn rules(&self) -> &'static str {
            self.inner.rule_set().name()
        }

        /// The legal moves as OpenSpiel's actions: the column of each pit, 0 to 5 from the
        /// mover's left (A..F for South, a..f for North).
        fn legal_actions(&self) -> Vec<usize> {
            let mut moves = awe_awele::MoveList::new();
            self.inner.legal_moves(&mut moves);
            moves.iter().map(|pit| pit.column()).collect()
        }

        /// The position after the move of action `column` (see `legal_actions`).
        fn play_action(&self, column: i64) -> PyResult<AwelePosition> {
            let pit = pit_of(self.inner.turn(), column)
                .filter(|&pit| self.inner.is_legal(pit))
                .ok_or_else(|| bad_input(format!("action {column} is not legal here")))?;
            Ok(AwelePosition { inner: self.inner.play(pit) })
        }
    },
    move_methods: {
        /// The pit sown: 0 to 11 (A..F, then a..f).
        #[getter]
        fn pit(&self) -> usize {
            self.mv.index()
        }

        /// The pit's column from the mover's left, 0 to 5: OpenSpiel's action.
        #[getter]
        fn column(&self) -> usize {
            self.mv.column()
        }

        /// The pit's letter (A..F for South, a..f for North).
        #[getter]
        fn letter(&self) -> String {
            self.mv.letter().to_string()
        }
    },
    game_methods: {
        /// The legal moves now as OpenSpiel's actions (see `AwelePosition.legal_actions`);
        /// none once the game is over.
        fn legal_actions(&self) -> Vec<usize> {
            if self.inner.outcome().is_some() {
                return Vec::new();
            }
            let mut moves = awe_awele::MoveList::new();
            self.inner.current().legal_moves(&mut moves);
            moves.iter().map(|pit| pit.column()).collect()
        }

        /// Plays the move of an OpenSpiel action (a column, 0 to 5).
        fn play_action(&mut self, column: i64) -> PyResult<()> {
            let pit = pit_of(self.inner.current().turn(), column)
                .ok_or_else(|| bad_input(format!("action {column} is not a column (0 to 5)")))?;
            self.inner.play(pit).map_err(|e| bad_input(format!("action {column}: {e}")))
        }
    },
}

/// What an endgame database knows of a position: the best seed difference the side to move can
/// still make from the seeds on the board lies in `low..=high` (the two are equal where the
/// rules share the seeds left at a repetition).
#[pyclass(module = "awe", frozen, get_all)]
pub struct AweleValue {
    pub low: i8,
    pub high: i8,
}

#[pymethods]
impl AweleValue {
    /// Whether the value is known exactly.
    #[getter]
    fn is_exact(&self) -> bool {
        self.low == self.high
    }

    fn __repr__(&self) -> String {
        format!("AweleValue(low={}, high={})", self.low, self.high)
    }
}

/// The value the largest database of `rules` in the cache gives `position`, `loaded` keeping the
/// database between calls.
pub fn endgame_value(
    loaded: &Mutex<Option<Endgame>>,
    rules: RuleSet,
    position: &awe_awele::Position,
) -> Option<AweleValue> {
    let mut loaded = loaded.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if loaded.is_none() {
        // Looked for again at each call while there is none: one may be built meanwhile.
        *loaded = cache::awele(rules).database;
    }
    let known = loaded.as_ref()?.probe(position)?;
    Some(AweleValue { low: known.low, high: known.high })
}

/// Builds the Awélé database of `rules` up to `seeds` seeds and saves it at `path` (by default
/// into the cache, where the engines and `endgame_value` find it).
pub fn build_endgame(
    rules: RuleSet,
    seeds: usize,
    path: Option<PathBuf>,
) -> Result<PathBuf, String> {
    if seeds > cache::MAX_SEEDS {
        return Err(format!("seeds: at most {}", cache::MAX_SEEDS));
    }
    let path = match path {
        Some(path) => path,
        None => cache::cache_dir()
            .ok_or("no cache folder (set AWE_CACHE or HOME), and no path")?
            .join(cache::awele_file_name(rules, seeds)),
    };
    let db = Endgame::build(rules, seeds, |_, _, _| {}).map_err(|e| e.to_string())?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    db.save(&path).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}

/// Awélé (oware) under a rule set: `awechec` (the default), `abapa` (OpenSpiel's oware,
/// competitions) or `awari` (Romein and Bal's solved game). It makes positions, games and
/// engines, reads records and probes the endgame databases of the cache.
#[pyclass(module = "awe", name = "Awele", frozen)]
pub struct Awele {
    settings: AweleSettings,
    endgame: Mutex<Option<Endgame>>,
}

impl Awele {
    pub fn from_settings(settings: AweleSettings) -> Awele {
        Awele { settings, endgame: Mutex::new(None) }
    }

    fn start_or(&self, start: Option<StartArg<'_>>) -> PyResult<awe_awele::Position> {
        match start {
            None => Ok(awe_awele::Position::new(self.settings.rules)),
            Some(StartArg::Position(p)) => self.check(&p.inner).map(|()| p.inner),
            Some(StartArg::Text(text)) => {
                awe_awele::Position::parse(&text, self.settings.rules).map_err(bad_input)
            }
        }
    }

    fn check(&self, position: &awe_awele::Position) -> PyResult<()> {
        if position.rule_set() == self.settings.rules {
            Ok(())
        } else {
            Err(bad_input(format!(
                "the position is played under {}, this game under {}",
                position.rule_set(),
                self.settings.rules
            )))
        }
    }
}

/// A start: a position of this game, or its text.
#[derive(FromPyObject)]
pub enum StartArg<'py> {
    Position(PyRef<'py, AwelePosition>),
    Text(String),
}

#[pymethods]
impl Awele {
    /// The rule sets, by name, the default first.
    #[classattr]
    #[pyo3(name = "RULES")]
    fn rule_sets() -> Vec<&'static str> {
        RuleSet::ALL.iter().map(|r| r.name()).collect()
    }

    #[new]
    #[pyo3(signature = (rules="awechec"))]
    fn new(rules: &str) -> PyResult<Awele> {
        let rules: RuleSet = rules.parse().map_err(bad_input)?;
        Ok(Awele::from_settings(AweleSettings { rules }))
    }

    /// `awele`.
    #[getter]
    fn name(&self) -> &'static str {
        "awele"
    }

    /// The rule set's name.
    #[getter]
    fn rules(&self) -> &'static str {
        self.settings.rules.name()
    }

    /// A line on where the rule set comes from.
    #[getter]
    fn summary(&self) -> &'static str {
        self.settings.rules.rules().summary
    }

    /// The start of a game: four seeds in each pit, South to move.
    fn start(&self) -> AwelePosition {
        AwelePosition { inner: awe_awele::Position::new(self.settings.rules) }
    }

    /// A position from its text (`4,4,4,4,4,4/4,4,4,4,4,4 S 0 0`: the pits in sowing order,
    /// South's A to F then North's a to f; the side to move; the seeds South and North captured).
    fn position(&self, text: &str) -> PyResult<AwelePosition> {
        let inner = awe_awele::Position::parse(text, self.settings.rules).map_err(bad_input)?;
        Ok(AwelePosition { inner })
    }

    /// A position from its pits (A..F, then a..f), the seeds captured and the side to move; the
    /// seeds must add up to 48.
    #[pyo3(signature = (pits, captured=(0, 0), turn=Side::South))]
    fn position_from(
        &self,
        pits: Vec<u8>,
        captured: (u8, u8),
        turn: Side,
    ) -> PyResult<AwelePosition> {
        let pits: [u8; 12] =
            pits.try_into().map_err(|p: Vec<u8>| bad_input(format!("12 pits, not {}", p.len())))?;
        if pits.iter().any(|&s| s > awe_awele::TOTAL_SEEDS) {
            return Err(bad_input("a pit holds at most 48 seeds"));
        }
        let board = awe_awele::Board::from_pits(pits);
        let inner = awe_awele::Position::from_parts(
            board,
            [captured.0, captured.1],
            turn.into(),
            self.settings.rules,
        )
        .map_err(bad_input)?;
        Ok(AwelePosition { inner })
    }

    /// A game from the start, or from `start` (a position or its text).
    #[pyo3(signature = (start=None))]
    fn new_game(&self, start: Option<StartArg<'_>>) -> PyResult<AweleGame> {
        Ok(AweleGame::new(awe_game::Game::new(self.start_or(start)?), self.settings))
    }

    /// A game replayed from its record (as `awe replay` reads it), every move checked.
    fn read_record(&self, text: &str) -> PyResult<AweleGame> {
        let game = <awe_awele::Position as Bindable>::replay(text).map_err(bad_input)?;
        self.check(game.start())?;
        Ok(AweleGame::new(game, self.settings))
    }

    /// awe's engine at `level` (1 to 10) for this game, with a table of `table_mb` megabytes;
    /// `seed` makes its choices among equal moves repeatable. It uses the endgame database of
    /// the cache, building one of 12 seeds there at first need (a few seconds) unless
    /// `AWE_ENDGAME=off`.
    #[pyo3(signature = (level=5, seed=0, table_mb=32))]
    fn engine(
        &self,
        py: Python<'_>,
        level: u8,
        seed: u64,
        table_mb: usize,
    ) -> PyResult<AweleEngine> {
        let start = awe_awele::Position::new(self.settings.rules);
        py.detach(|| AweleEngine::create(&start, level, seed, table_mb))
    }

    /// What the largest endgame database of this rule set in the cache says of `position`
    /// (`None` if there is none, or the position has more seeds on the board than it holds).
    fn endgame_value(
        &self,
        py: Python<'_>,
        position: PyRef<'_, AwelePosition>,
    ) -> PyResult<Option<AweleValue>> {
        self.check(&position.inner)?;
        let position = position.inner;
        Ok(py.detach(|| endgame_value(&self.endgame, self.settings.rules, &position)))
    }

    /// Builds the endgame database of this rule set up to `seeds` seeds on the board and saves
    /// it into the cache (or at `path`); returns where. Seconds for 12 seeds, minutes and
    /// gigabytes from 20.
    #[pyo3(signature = (seeds, path=None))]
    fn build_endgame(
        &self,
        py: Python<'_>,
        seeds: usize,
        path: Option<PathBuf>,
    ) -> PyResult<String> {
        let rules = self.settings.rules;
        let saved = py.detach(|| build_endgame(rules, seeds, path)).map_err(bad_input)?;
        // The next probe loads the largest database again.
        *self.endgame.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = None;
        Ok(saved.display().to_string())
    }

    /// `count` random playouts from the start, played in Rust.
    #[pyo3(signature = (count, seed=None))]
    fn random_playouts(&self, py: Python<'_>, count: u64, seed: Option<u64>) -> PlayoutStats {
        let start = awe_awele::Position::new(self.settings.rules);
        py.detach(|| generic::playouts(&start, count, seed))
    }

    fn __eq__(&self, other: PyRef<'_, Self>) -> bool {
        self.settings == other.settings
    }

    fn __hash__(&self) -> u64 {
        self.settings.rules as u64
    }

    fn __repr__(&self) -> String {
        <awe_awele::Position as Bindable>::describe(&self.settings)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> Reduced<'py, (&'static str,)> {
        Ok((py.get_type::<Awele>().into_any(), (self.settings.rules.name(),)))
    }
}
