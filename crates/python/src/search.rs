//! What an engine's search tells Python: the best move, its score, the line, and every depth's
//! line (the analysis lines). Moves are the game's own move objects, so one class serves every
//! game.

use awe_search::Report;
use awe_search::score::describe;
use pyo3::prelude::*;
use pyo3::types::PyList;

/// One completed depth of a search: its score for the side to move and its best line.
#[pyclass(module = "awe", frozen)]
pub struct Line {
    depth: u32,
    score: i32,
    nodes: u64,
    seconds: f64,
    moves: Py<PyList>,
}

#[pymethods]
impl Line {
    /// Plies searched.
    #[getter]
    fn depth(&self) -> u32 {
        self.depth
    }

    /// The score for the side to move, in the evaluation's units (see `Search.point`); a won game
    /// scores 1,000,000 less the plies to the win.
    #[getter]
    fn score(&self) -> i32 {
        self.score
    }

    /// The score as a person reads it: `+35`, `win in 5`, `loss in 4`.
    #[getter]
    fn score_text(&self) -> String {
        describe(self.score)
    }

    /// Positions visited so far.
    #[getter]
    fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Seconds spent so far.
    #[getter]
    fn seconds(&self) -> f64 {
        self.seconds
    }

    /// The principal variation: the best move, the best reply, and so on.
    #[getter]
    fn moves(&self, py: Python<'_>) -> Py<PyList> {
        self.moves.clone_ref(py)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let moves: Vec<String> = self
            .moves
            .bind(py)
            .iter()
            .map(|m| m.str().map_or(String::new(), |s| s.to_string()))
            .collect();
        format!(
            "Line(depth={}, score={:?}, nodes={}, moves={:?})",
            self.depth,
            describe(self.score),
            self.nodes,
            moves.join(" ")
        )
    }
}

impl Line {
    /// A depth's report, its moves already made Python objects.
    pub fn new<M>(report: &Report<M>, moves: Py<PyList>) -> Line {
        Line {
            depth: report.depth,
            score: report.score,
            nodes: report.nodes,
            seconds: report.elapsed.as_secs_f64(),
            moves,
        }
    }
}

/// A search's result: the move chosen, the score and line of its deepest completed depth, and
/// every depth's line.
#[pyclass(module = "awe", frozen)]
pub struct Search {
    pub best: Option<Py<PyAny>>,
    pub lines: Vec<Py<Line>>,
    /// What one point of the game's score is worth in the evaluation's units.
    pub point: i32,
}

#[pymethods]
impl Search {
    /// The move chosen, or `None` if the game is over.
    #[getter]
    fn best(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.best.as_ref().map(|m| m.clone_ref(py))
    }

    /// The score of the deepest depth completed, for the side to move (`None` where no search
    /// was made: a single legal move, a book move, a weak level's choice).
    #[getter]
    fn score(&self) -> Option<i32> {
        self.lines.last().map(|l| l.get().score)
    }

    /// The score as a person reads it.
    #[getter]
    fn score_text(&self) -> Option<String> {
        self.score().map(describe)
    }

    /// The deepest depth completed (0 if none).
    #[getter]
    fn depth(&self) -> u32 {
        self.lines.last().map_or(0, |l| l.get().depth)
    }

    /// Positions visited.
    #[getter]
    fn nodes(&self) -> u64 {
        self.lines.last().map_or(0, |l| l.get().nodes)
    }

    /// The best line of the deepest depth completed.
    #[getter]
    fn line(&self, py: Python<'_>) -> Py<PyList> {
        match self.lines.last() {
            Some(l) => l.get().moves.clone_ref(py),
            None => PyList::empty(py).unbind(),
        }
    }

    /// Every completed depth's line, the shallowest first: the analysis.
    #[getter]
    fn lines(&self, py: Python<'_>) -> Vec<Py<Line>> {
        self.lines.iter().map(|l| l.clone_ref(py)).collect()
    }

    /// What one point of the game's final score (a seed, a piece) is worth in `score`'s units.
    #[getter]
    fn point(&self) -> i32 {
        self.point
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let best = match &self.best {
            Some(m) => m.bind(py).str().map_or(String::new(), |s| s.to_string()),
            None => "None".to_owned(),
        };
        let score = self.score_text().unwrap_or_else(|| "None".to_owned());
        format!(
            "Search(best={best:?}, score={score:?}, depth={}, nodes={})",
            self.depth(),
            self.nodes()
        )
    }
}
