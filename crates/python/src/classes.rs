//! The classes every game has in Python, written once as a macro: a position, a move, a game
//! with its history, an engine. Each game's module invokes [`bind_game!`] with its own types and
//! the methods only it has; what the methods do is in [`crate::generic`].

/// Defines, in the module that invokes it, the Python classes of one game:
///
/// - `$Pos`: an immutable position (text, side to move, legal moves, play, outcome, hash, perft,
///   random playouts, diagram, observation);
/// - `$Move`: a legal move with the position it is played from (its text, equality, hash);
/// - `$Game`: a game with its history (play, undo, repetition, agreement, resignation, records);
/// - `$Engine`: awe's engine at a level (the move it plays, searches to a depth, a time or a
///   number of positions, with every depth's line).
///
/// `$Obj` is the game object class (`awe.Awele`, ...): it must have
/// `fn from_settings(<$P as Bindable>::Settings) -> $Obj`, and Python methods `position(text)`
/// and `read_record(text)`, which pickling calls.
macro_rules! bind_game {
    (
        position: $P:ty,
        game_object: $Obj:ident,
        classes: ($Pos:ident, $Move:ident, $Game:ident, $Engine:ident),
        names: ($pos_name:literal, $move_name:literal, $game_name:literal, $engine_name:literal),
        position_methods: { $($pos_extra:tt)* },
        move_methods: { $($move_extra:tt)* },
        game_methods: { $($game_extra:tt)* },
    ) => {
        use std::sync::{Arc, Mutex};

        use awe_game::Position as GamePosition;
        use pyo3::prelude::*;
        use pyo3::exceptions::PyTypeError;
        use pyo3::types::PyList;

        use $crate::common::{bad_input, Outcome, Playout, PlayoutStats, Reduced, Side};
        use $crate::generic::{self, Bindable};
        use $crate::search::{Line, Search};

        type Settings = <$P as Bindable>::Settings;
        type RustMove = <$P as awe_game::Position>::Move;
        type RustEngine = awe_search::Engine<$P, <$P as awe_players::Playable>::Eval>;

        /// A move: a `Move` object of this game, or its text in the game's notation.
        #[derive(FromPyObject)]
        pub enum MoveArg<'py> {
            Move(PyRef<'py, $Move>),
            Text(String),
        }

        /// What an engine searches: a position, or a game (whose history the repetition rule
        /// sees).
        #[derive(FromPyObject)]
        pub enum Target<'py> {
            Position(PyRef<'py, $Pos>),
            Game(PyRef<'py, $Game>),
        }

        impl Target<'_> {
            fn game(&self) -> awe_game::Game<$P> {
                match self {
                    Target::Position(p) => awe_game::Game::new(p.inner.clone()),
                    Target::Game(g) => g.inner.clone(),
                }
            }
        }

        /// The move `arg` names, checked to be legal in `position`.
        fn resolve(position: &$P, arg: &MoveArg<'_>) -> PyResult<RustMove> {
            match arg {
                MoveArg::Move(m) if GamePosition::is_legal(position, m.mv) => Ok(m.mv),
                MoveArg::Move(m) => Err(bad_input(format!(
                    "{} is not legal here",
                    GamePosition::move_text(&*m.at, m.mv)
                ))),
                MoveArg::Text(text) => GamePosition::parse_move(position, text).map_err(bad_input),
            }
        }

        /// The moves of `moves` as Python objects, each with the position it is played from.
        fn line_objects(py: Python<'_>, start: &$P, moves: &[RustMove]) -> PyResult<Py<PyList>> {
            let positions = generic::line_positions(start, moves);
            let objects = positions
                .into_iter()
                .zip(moves)
                .map(|(at, &mv)| $Move { mv, at: Arc::new(at) });
            Ok(PyList::new(py, objects)?.unbind())
        }

        /// The legal moves of `position`, sharing one copy of it.
        fn moves_of(position: &$P) -> Vec<$Move> {
            let mut moves = <$P as awe_game::Position>::MoveList::default();
            GamePosition::legal_moves(position, &mut moves);
            let at = Arc::new(position.clone());
            moves.iter().map(|&mv| $Move { mv, at: Arc::clone(&at) }).collect()
        }

        /// A position: immutable; `play` returns the next one. Positions compare equal when
        /// they are the same position of the same game.
        #[pyclass(module = "awe", name = $pos_name, frozen)]
        pub struct $Pos {
            pub inner: $P,
        }

        #[pymethods]
        impl $Pos {
            /// The position text (see `docs/python.md`): what `game.position(text)` reads.
            #[getter]
            fn text(&self) -> String {
                GamePosition::position_text(&self.inner)
            }

            /// The side to move (at Awechec, the side that must act now).
            #[getter]
            fn turn(&self) -> Side {
                GamePosition::turn(&self.inner).into()
            }

            /// The legal moves (none once the game is over).
            fn legal_moves(&self) -> Vec<$Move> {
                moves_of(&self.inner)
            }

            /// Reads a move in the game's notation; `ValueError` if it is not legal here.
            fn parse_move(&self, text: &str) -> PyResult<$Move> {
                let mv = GamePosition::parse_move(&self.inner, text).map_err(bad_input)?;
                Ok($Move { mv, at: Arc::new(self.inner.clone()) })
            }

            /// Whether a move (an object or its text) is legal here.
            fn is_legal(&self, r#move: MoveArg<'_>) -> bool {
                resolve(&self.inner, &r#move).is_ok()
            }

            /// The position after a move (an object or its text); `ValueError` if the move is not
            /// legal here.
            fn play(&self, r#move: MoveArg<'_>) -> PyResult<$Pos> {
                let mv = resolve(&self.inner, &r#move)?;
                Ok($Pos { inner: GamePosition::play(&self.inner, mv) })
            }

            /// How the game ends here if this position alone ends it (the repetition rule needs
            /// the game's history: see the game class), else `None`.
            #[getter]
            fn outcome(&self) -> Option<Outcome> {
                GamePosition::outcome(&self.inner).map(Outcome::from)
            }

            /// Whether this position alone ends the game.
            #[getter]
            fn is_over(&self) -> bool {
                GamePosition::outcome(&self.inner).is_some()
            }

            /// A 64-bit hash of the whole position (the engines' transposition tables use it).
            fn hash(&self) -> u64 {
                GamePosition::hash(&self.inner)
            }

            fn __hash__(&self) -> u64 {
                GamePosition::hash(&self.inner)
            }

            fn __eq__(&self, other: PyRef<'_, Self>) -> bool {
                let settings = |p: &$P| <$P as Bindable>::describe(&<$P as Bindable>::settings(p));
                GamePosition::hash(&self.inner) == GamePosition::hash(&other.inner)
                    && GamePosition::position_text(&self.inner)
                        == GamePosition::position_text(&other.inner)
                    && settings(&self.inner) == settings(&other.inner)
            }

            /// The leaves of the game tree `depth` plies below (a repetition ends a line).
            fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
                let game = awe_game::Game::new(self.inner.clone());
                py.detach(|| generic::count_leaves(&game, depth))
            }

            /// The leaves below each legal move, as `(move text, leaves)` pairs.
            fn divide(&self, py: Python<'_>, depth: u32) -> Vec<(String, u64)> {
                let game = awe_game::Game::new(self.inner.clone());
                py.detach(|| generic::divide(&game, depth))
            }

            /// One game from here with uniformly random legal moves, played in Rust to its end
            /// (every rule applied, repetition included).
            #[pyo3(signature = (seed=None))]
            fn random_playout(&self, py: Python<'_>, seed: Option<u64>) -> PyResult<Playout> {
                let playout = py.detach(|| generic::playout(&self.inner, seed));
                let outcome = Py::new(py, Outcome::from(playout.outcome))?;
                Ok(Playout { outcome, plies: playout.plies })
            }

            /// `count` random playouts from here, played in Rust, their results added up.
            #[pyo3(signature = (count, seed=None))]
            fn random_playouts(
                &self,
                py: Python<'_>,
                count: u64,
                seed: Option<u64>,
            ) -> PlayoutStats {
                py.detach(|| generic::playouts(&self.inner, count, seed))
            }

            /// The board as `awe` draws it.
            fn diagram(&self) -> String {
                let over = GamePosition::outcome(&self.inner).is_some();
                <$P as Bindable>::diagram(&self.inner, None, over)
            }

            /// The position as numbers in 0..1 for learning programs (the layout is in
            /// `docs/python.md`).
            fn observation(&self) -> Vec<f32> {
                <$P as Bindable>::observation(&self.inner)
            }

            /// The game object of the settings this position is played under.
            #[getter]
            fn game(&self) -> $Obj {
                $Obj::from_settings(<$P as Bindable>::settings(&self.inner))
            }

            fn __str__(&self) -> String {
                GamePosition::position_text(&self.inner)
            }

            fn __repr__(&self) -> String {
                let settings = <$P as Bindable>::settings(&self.inner);
                format!(
                    "{}.position({:?})",
                    <$P as Bindable>::describe(&settings),
                    GamePosition::position_text(&self.inner)
                )
            }

            fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
                slf
            }

            fn __deepcopy__<'py>(
                slf: PyRef<'py, Self>,
                _memo: &Bound<'py, PyAny>,
            ) -> PyRef<'py, Self> {
                slf
            }

            /// Pickled as its game object and its text, where the text says everything.
            fn __reduce__<'py>(&self, py: Python<'py>) -> Reduced<'py, (String,)> {
                if !<$P as Bindable>::text_is_whole(&self.inner) {
                    return Err(PyTypeError::new_err(concat!(
                        "a ", $pos_name, " cannot be pickled: its text leaves out the counters \
                         of the drawing rules; pickle the game (with its history) instead"
                    )));
                }
                let game = Bound::new(py, self.game())?;
                Ok((game.getattr("position")?, (GamePosition::position_text(&self.inner),)))
            }

            $($pos_extra)*
        }

        /// A legal move, with the position it is played from (its text is read there).
        #[pyclass(module = "awe", name = $move_name, frozen)]
        pub struct $Move {
            pub mv: RustMove,
            pub at: Arc<$P>,
        }

        #[pymethods]
        impl $Move {
            /// The move in the game's notation, as played from its position.
            #[getter]
            fn text(&self) -> String {
                GamePosition::move_text(&*self.at, self.mv)
            }

            /// The position the move is played from.
            #[getter]
            fn position(&self) -> $Pos {
                $Pos { inner: (*self.at).clone() }
            }

            fn __str__(&self) -> String {
                self.text()
            }

            fn __repr__(&self) -> String {
                format!("{}({:?})", $move_name, self.text())
            }

            fn __eq__(&self, other: PyRef<'_, Self>) -> bool {
                self.mv == other.mv
            }

            fn __hash__(&self) -> u64 {
                use std::hash::{Hash, Hasher};
                let mut hasher = std::collections::hash_map::DefaultHasher::new();
                self.mv.hash(&mut hasher);
                hasher.finish()
            }

            fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
                slf
            }

            fn __deepcopy__<'py>(
                slf: PyRef<'py, Self>,
                _memo: &Bound<'py, PyAny>,
            ) -> PyRef<'py, Self> {
                slf
            }

            $($move_extra)*
        }

        /// A game from a start position: the positions reached, the moves played, and the rules
        /// that need them (repetition, agreement, resignation, time).
        #[pyclass(module = "awe", name = $game_name)]
        pub struct $Game {
            pub inner: awe_game::Game<$P>,
            pub settings: Settings,
        }

        impl $Game {
            pub fn new(inner: awe_game::Game<$P>, settings: Settings) -> $Game {
                $Game { inner, settings }
            }
        }

        #[pymethods]
        impl $Game {
            /// The position the game started from.
            #[getter]
            fn start(&self) -> $Pos {
                $Pos { inner: self.inner.start().clone() }
            }

            /// The position now.
            #[getter]
            fn current(&self) -> $Pos {
                $Pos { inner: self.inner.current().clone() }
            }

            /// Every position reached, the start first.
            #[getter]
            fn positions(&self) -> Vec<$Pos> {
                self.inner.positions().iter().map(|p| $Pos { inner: p.clone() }).collect()
            }

            /// The moves played, in order.
            #[getter]
            fn moves(&self) -> Vec<$Move> {
                self.inner
                    .positions()
                    .iter()
                    .zip(self.inner.moves())
                    .map(|(at, &mv)| $Move { mv, at: Arc::new(at.clone()) })
                    .collect()
            }

            /// The legal moves now (none once the game is over, by repetition or agreement too).
            fn legal_moves(&self) -> Vec<$Move> {
                if self.inner.outcome().is_some() {
                    return Vec::new();
                }
                moves_of(self.inner.current())
            }

            /// Plays a move (an object or its text); `ValueError` if it is not legal or the game
            /// is over.
            fn play(&mut self, r#move: MoveArg<'_>) -> PyResult<()> {
                if let Some(outcome) = self.inner.outcome() {
                    return Err(bad_input(format!("the game is over ({})", outcome.termination)));
                }
                let mv = resolve(self.inner.current(), &r#move)?;
                self.inner.play(mv).map_err(bad_input)
            }

            /// Takes back the last move and returns it (`None` if there is none); a stop (an
            /// agreement, a resignation) is taken back first, and returns `None`.
            fn undo(&mut self) -> Option<$Move> {
                let last = self.inner.last_move().map(|(at, mv)| (at.clone(), mv));
                let mv = self.inner.undo()?;
                last.map(|(at, _)| $Move { mv, at: Arc::new(at) })
            }

            /// How the game ended, if it is over (by the position, a repetition, an agreement, a
            /// resignation or a lost time).
            #[getter]
            fn outcome(&self) -> Option<Outcome> {
                self.inner.outcome().map(Outcome::from)
            }

            /// Whether the game is over.
            #[getter]
            fn is_over(&self) -> bool {
                self.inner.outcome().is_some()
            }

            /// Whether the current position already stood earlier in the game.
            fn is_repetition(&self) -> bool {
                self.inner.is_repetition()
            }

            /// The players agree to stop here: the game ends as the rules end an agreed game.
            fn agree(&mut self) {
                self.inner.agree_to_stop();
            }

            /// `side` resigns: it loses.
            fn resign(&mut self, side: Side) {
                self.inner.stop(awe_game::Stop::Resignation(side.into()));
            }

            /// `side`'s time runs out.
            fn forfeit_on_time(&mut self, side: Side) {
                self.inner.stop(awe_game::Stop::TimeForfeit(side.into()));
            }

            /// How the players stopped the game, if they did: `agreement`, `resignation` or
            /// `time forfeit`.
            #[getter]
            fn stopped(&self) -> Option<&'static str> {
                self.inner.stopped().map(|stop| match stop {
                    awe_game::Stop::Agreement => "agreement",
                    awe_game::Stop::Resignation(_) => "resignation",
                    awe_game::Stop::TimeForfeit(_) => "time forfeit",
                })
            }

            /// The game's record, as `awe replay` reads it: tags, then the moves.
            #[pyo3(signature = (players=(String::from("?"), String::from("?"))))]
            fn record(&self, players: (String, String)) -> String {
                <$P as Bindable>::record(&self.inner, &self.settings, [&players.0, &players.1])
            }

            /// The leaves of the game tree `depth` plies below the current position; a position
            /// that repeats one of the game or of the line ends it.
            fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
                py.detach(|| generic::count_leaves(&self.inner, depth))
            }

            /// The leaves below each legal move, as `(move text, leaves)` pairs.
            fn divide(&self, py: Python<'_>, depth: u32) -> Vec<(String, u64)> {
                py.detach(|| generic::divide(&self.inner, depth))
            }

            /// The board as `awe` draws it, with the last move.
            fn diagram(&self) -> String {
                let last = self.inner.last_move().map(|(at, mv)| GamePosition::move_text(at, mv));
                <$P as Bindable>::diagram(
                    self.inner.current(),
                    last.as_deref(),
                    self.inner.outcome().is_some(),
                )
            }

            /// The game object of this game's settings.
            #[getter]
            fn game(&self) -> $Obj {
                $Obj::from_settings(self.settings.clone())
            }

            /// A copy, to play on apart.
            fn copy(&self) -> $Game {
                $Game { inner: self.inner.clone(), settings: self.settings.clone() }
            }

            fn __copy__(&self) -> $Game {
                self.copy()
            }

            fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> $Game {
                self.copy()
            }

            /// Pickled as its record, which replays it exactly.
            fn __reduce__<'py>(&self, py: Python<'py>) -> Reduced<'py, (String,)> {
                let game = Bound::new(py, self.game())?;
                let record = self.record((String::from("?"), String::from("?")));
                Ok((game.getattr("read_record")?, (record,)))
            }

            fn __len__(&self) -> usize {
                self.inner.moves().len()
            }

            $($game_extra)*

            fn __repr__(&self) -> String {
                let result = awe_game::record::result_of(&self.inner);
                format!(
                    "<{} of {}: {} moves, {}>",
                    $game_name,
                    <$P as Bindable>::describe(&self.settings),
                    self.inner.moves().len(),
                    result
                )
            }
        }

        /// awe's engine: a search at a level (1 to 10), with its transposition table and its own
        /// random choices. Its calls release the GIL; one engine searches one thing at a time.
        #[pyclass(module = "awe", name = $engine_name, frozen)]
        pub struct $Engine {
            engine: Mutex<RustEngine>,
            settings: Settings,
            level: u8,
        }

        impl $Engine {
            /// An engine for games of `start`'s settings.
            pub fn create(start: &$P, level: u8, seed: u64, megabytes: usize) -> PyResult<$Engine> {
                let level = awe_search::Level::new(level)
                    .ok_or_else(|| bad_input(format!("level {level}: levels go from 1 to 10")))?;
                if megabytes == 0 || megabytes > 65536 {
                    return Err(bad_input("table_mb: from 1 to 65536 megabytes"));
                }
                let eval = <$P as awe_players::Playable>::evaluator(start);
                Ok($Engine {
                    engine: Mutex::new(awe_search::Engine::with_table(
                        eval, level, seed, megabytes,
                    )),
                    settings: <$P as Bindable>::settings(start),
                    level: level.get(),
                })
            }

            /// The game a target stands for, if it is played under this engine's rules.
            fn game_of(&self, target: &Target<'_>) -> PyResult<awe_game::Game<$P>> {
                let game = target.game();
                let theirs = <$P as Bindable>::settings(game.start());
                let ours = <$P as Bindable>::describe(&self.settings);
                if <$P as Bindable>::describe(&theirs) != ours {
                    return Err(bad_input(format!(
                        "this engine plays {}, not {}",
                        <$P as Bindable>::describe(&self.settings),
                        <$P as Bindable>::describe(&theirs)
                    )));
                }
                Ok(game)
            }

            /// A search's result as Python objects.
            fn result(
                &self,
                py: Python<'_>,
                game: &awe_game::Game<$P>,
                found: generic::Found<RustMove>,
                point: i32,
            ) -> PyResult<Search> {
                let current = game.current();
                let best = found
                    .best
                    .map(|mv| Py::new(py, $Move { mv, at: Arc::new(current.clone()) }))
                    .transpose()?
                    .map(|m| m.into_any());
                let lines = found
                    .reports
                    .iter()
                    .map(|r| Py::new(py, Line::new(r, line_objects(py, current, &r.pv)?)))
                    .collect::<PyResult<Vec<_>>>()?;
                Ok(Search { best, lines, point })
            }

            fn lock(
                &self,
            ) -> std::sync::MutexGuard<'_, RustEngine> {
                // A panic inside a search leaves the engine as usable as before.
                self.engine.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
            }
        }

        #[pymethods]
        impl $Engine {
            /// Its level, 1 to 10.
            #[getter]
            fn level(&self) -> u8 {
                self.level
            }

            /// Forgets what it learnt (its table): a new game.
            fn new_game(&self, py: Python<'_>) {
                py.detach(|| self.lock().new_game());
            }

            /// The move it plays at its level in a position or game, thinking at most `time`
            /// seconds (its level bounds the depth too), with the score and line of its search
            /// where it made one. `best` is `None` if the game is over.
            #[pyo3(signature = (target, time=None))]
            fn play(
                &self,
                py: Python<'_>,
                target: Target<'_>,
                time: Option<f64>,
            ) -> PyResult<Search> {
                let game = self.game_of(&target)?;
                let time = generic::duration(time).map_err(bad_input)?;
                let (found, point) = py.detach(|| {
                    let mut engine = self.lock();
                    let point = awe_search::Evaluator::point(engine.searcher().evaluator());
                    (generic::choose(&mut engine, &game, time), point)
                });
                self.result(py, &game, found, point)
            }

            /// A search of a position or game to a depth, for a time (seconds) or a number of
            /// positions (at least one limit), with every depth's line: the analysis.
            #[pyo3(signature = (target, *, depth=None, time=None, nodes=None))]
            fn search(
                &self,
                py: Python<'_>,
                target: Target<'_>,
                depth: Option<u32>,
                time: Option<f64>,
                nodes: Option<u64>,
            ) -> PyResult<Search> {
                let game = self.game_of(&target)?;
                let limits = generic::limits(depth, time, nodes).map_err(bad_input)?;
                let (found, point) = py.detach(|| {
                    let mut engine = self.lock();
                    let point = awe_search::Evaluator::point(engine.searcher().evaluator());
                    (generic::search(&mut engine, &game, &limits), point)
                });
                self.result(py, &game, found, point)
            }

            fn __repr__(&self) -> String {
                format!(
                    "<{} level {} for {}>",
                    $engine_name,
                    self.level,
                    <$P as Bindable>::describe(&self.settings)
                )
            }
        }

        /// Adds the classes of this game to the module.
        pub fn add_classes(module: &Bound<'_, pyo3::types::PyModule>) -> PyResult<()> {
            module.add_class::<$Obj>()?;
            module.add_class::<$Pos>()?;
            module.add_class::<$Move>()?;
            module.add_class::<$Game>()?;
            module.add_class::<$Engine>()?;
            Ok(())
        }
    };
}

pub(crate) use bind_game;
