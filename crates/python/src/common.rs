//! What every game shares in Python: the sides, how a game ends, playouts, errors.

use std::fmt::Display;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyType;

/// What `__reduce__` returns: a callable and its arguments, which pickling calls to make the
/// object again.
pub type Reduced<'py, A> = PyResult<(Bound<'py, PyAny>, A)>;

/// Bad input from Python (a move, a position text, a record, a setting): a `ValueError` with the
/// message of the Rust error.
pub fn bad_input(error: impl Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// One of the two players. South moves first at Awélé and is White at Awithlaknannai and at
/// Awechec (`Side.WHITE` is `Side.SOUTH`).
#[pyclass(module = "awe", eq, eq_int, frozen, hash, from_py_object)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    #[pyo3(name = "SOUTH")]
    South = 0,
    #[pyo3(name = "NORTH")]
    North = 1,
}

#[pymethods]
impl Side {
    /// White, in the games that name their sides by colour.
    #[classattr]
    #[pyo3(name = "WHITE")]
    fn white() -> Side {
        Side::South
    }

    /// Black, in the games that name their sides by colour.
    #[classattr]
    #[pyo3(name = "BLACK")]
    fn black() -> Side {
        Side::North
    }

    /// The other side.
    fn opponent(&self) -> Side {
        awe_game::Side::from(*self).opponent().into()
    }

    /// 0 for South (White), 1 for North (Black): OpenSpiel's player number.
    #[getter]
    fn index(&self) -> usize {
        *self as usize
    }

    /// `South` or `North`, as a mancala player names the side.
    #[getter]
    fn name(&self) -> &'static str {
        awe_game::Side::from(*self).name()
    }

    /// `White` or `Black`, as a chess player names the side.
    #[getter]
    fn colour(&self) -> &'static str {
        awe_game::Side::from(*self).colour()
    }

    /// Pickled as the attribute of the class it is.
    fn __reduce__<'py>(&self, py: Python<'py>) -> Reduced<'py, (Bound<'py, PyType>, &'static str)> {
        let getattr = py.import("builtins")?.getattr("getattr")?;
        let name = match self {
            Side::South => "SOUTH",
            Side::North => "NORTH",
        };
        Ok((getattr, (py.get_type::<Side>(), name)))
    }
}

impl From<awe_game::Side> for Side {
    fn from(side: awe_game::Side) -> Side {
        match side {
            awe_game::Side::South => Side::South,
            awe_game::Side::North => Side::North,
        }
    }
}

impl From<Side> for awe_game::Side {
    fn from(side: Side) -> awe_game::Side {
        match side {
            Side::South => awe_game::Side::South,
            Side::North => awe_game::Side::North,
        }
    }
}

/// How a game ended: the winner (`None` for a draw), the final points of South (White) and North
/// (Black) in the game's unit, why it stopped, and the result as records write it.
#[pyclass(module = "awe", frozen, get_all)]
#[derive(Debug)]
pub struct Outcome {
    /// The side that won, or `None` for a draw.
    pub winner: Option<Side>,
    /// The final points of South (White) and North (Black): seeds at Awélé, pieces at
    /// Awithlaknannai, 1 for the winner at Awechec.
    pub score: (u16, u16),
    /// Why the game stopped: `no legal move`, `repetition`, `agreement`, `score limit`,
    /// `ply limit`, `resignation` or `time forfeit`.
    pub termination: String,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
}

#[pymethods]
impl Outcome {
    /// What each player gets, South first: 1 for a win, -1 for a loss, 0 for a draw.
    fn returns(&self) -> (f64, f64) {
        match self.winner {
            Some(Side::South) => (1.0, -1.0),
            Some(Side::North) => (-1.0, 1.0),
            None => (0.0, 0.0),
        }
    }

    fn __repr__(&self) -> String {
        let winner = self.winner.map_or("None".to_owned(), |w| format!("Side.{}", w.name()));
        format!(
            "Outcome(winner={winner}, score={:?}, termination={:?}, result={:?})",
            self.score, self.termination, self.result
        )
    }
}

impl From<awe_game::Outcome> for Outcome {
    fn from(outcome: awe_game::Outcome) -> Outcome {
        Outcome {
            winner: outcome.winner.map(Side::from),
            score: (outcome.score[0], outcome.score[1]),
            termination: outcome.termination.name().to_owned(),
            result: outcome.result().to_string(),
        }
    }
}

/// A random game played to its end in Rust: how it ended and how many moves it took.
#[pyclass(module = "awe", frozen)]
pub struct Playout {
    pub outcome: Py<Outcome>,
    pub plies: u32,
}

#[pymethods]
impl Playout {
    /// How the game ended.
    #[getter]
    fn outcome(&self, py: Python<'_>) -> Py<Outcome> {
        self.outcome.clone_ref(py)
    }

    /// The moves played.
    #[getter]
    fn plies(&self) -> u32 {
        self.plies
    }

    fn __repr__(&self) -> String {
        format!("Playout(outcome={}, plies={})", self.outcome.get().__repr__(), self.plies)
    }
}

/// A run of random playouts, played in Rust: how many each side won, the draws, the moves played
/// and the time it took.
#[pyclass(module = "awe", frozen, get_all)]
#[derive(Debug, Default)]
pub struct PlayoutStats {
    pub games: u64,
    pub south_wins: u64,
    pub north_wins: u64,
    pub draws: u64,
    pub plies: u64,
    pub seconds: f64,
}

#[pymethods]
impl PlayoutStats {
    /// Playouts a second.
    #[getter]
    fn per_second(&self) -> f64 {
        self.games as f64 / self.seconds.max(1e-9)
    }

    fn __repr__(&self) -> String {
        format!(
            "PlayoutStats(games={}, south_wins={}, north_wins={}, draws={}, plies={}, \
             seconds={:.3})",
            self.games, self.south_wins, self.north_wins, self.draws, self.plies, self.seconds
        )
    }
}
