//! The Python package `awe`: Awélé, Awithlaknannai and Awechec for researchers.
//!
//! Each game has a game object (`awe.Awele`, `awe.Awithlaknannai`, `awe.Awechec`: the rule set,
//! the board, the variant, the handicap) that makes positions, games with their history, engines
//! and records, and probes the endgame databases. The classes every game has are written once
//! ([`classes`]) over what the games share ([`generic`]); each game's module adds what only it
//! has. Bad input raises `ValueError` with the Rust message; long calls release the GIL.
//! `python/awe/openspiel.py` registers the three games with OpenSpiel.

mod awechec;
mod awele;
mod awithlaknannai;
mod classes;
mod common;
mod generic;
mod search;

use pyo3::prelude::*;

use crate::generic::Bindable;

/// A game with its history, replayed from a record of any of the three games (its `Game` tag
/// says which), every move checked.
#[pyfunction]
fn read_record(py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
    let record = awe_game::record::Record::parse(text).map_err(common::bad_input)?;
    Ok(match record.tag("Game") {
        Some("awele") => {
            let game =
                <awe_awele::Position as Bindable>::replay(text).map_err(common::bad_input)?;
            let settings = <awe_awele::Position as Bindable>::settings(game.start());
            Py::new(py, awele::AweleGame::new(game, settings))?.into_any()
        }
        Some("awithlaknannai") => {
            let game = <awe_awithlaknannai::Position as Bindable>::replay(text)
                .map_err(common::bad_input)?;
            let settings = <awe_awithlaknannai::Position as Bindable>::settings(game.start());
            Py::new(py, awithlaknannai::AwithlaknannaiGame::new(game, settings))?.into_any()
        }
        Some("awechec") => {
            let game =
                <awe_awechec::Position as Bindable>::replay(text).map_err(common::bad_input)?;
            let settings = <awe_awechec::Position as Bindable>::settings(game.start());
            Py::new(py, awechec::AwechecGame::new(game, settings))?.into_any()
        }
        Some(other) => {
            return Err(common::bad_input(format!(
                "unknown game `{other}` in the Game tag (known: awele, awithlaknannai, awechec)"
            )));
        }
        None => {
            return Err(common::bad_input("the record has no Game tag (such as [Game \"awele\"])"));
        }
    })
}

/// The folder of the endgame databases: `$AWE_CACHE`, else `$XDG_CACHE_HOME/awe`, else
/// `~/.cache/awe` (`None` if the environment names none).
#[pyfunction]
fn cache_dir() -> Option<String> {
    awe_players::cache::cache_dir().map(|dir| dir.display().to_string())
}

/// The module `awe._awe`, which `awe` re-exports.
#[pymodule]
fn _awe(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<common::Side>()?;
    module.add_class::<common::Outcome>()?;
    module.add_class::<common::Playout>()?;
    module.add_class::<common::PlayoutStats>()?;
    module.add_class::<search::Search>()?;
    module.add_class::<search::Line>()?;
    module.add_class::<awele::AweleValue>()?;
    module.add_class::<awithlaknannai::AwithlaknannaiValue>()?;
    awele::add_classes(module)?;
    awithlaknannai::add_classes(module)?;
    awechec::add_classes(module)?;
    module.add_function(wrap_pyfunction!(read_record, module)?)?;
    module.add_function(wrap_pyfunction!(cache_dir, module)?)?;
    // A database built at an engine's first need takes a few seconds: say so, as `awe` does.
    awe_players::cache::on_notice(|text| eprintln!("awe: {text}"));
    Ok(())
}
