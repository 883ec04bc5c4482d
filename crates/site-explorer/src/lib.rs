//! The opening explorer, built from the site's games (`GET /api/explorer`), and the export of
//! games as records (`GET /api/games/export`).
//!
//! It builds on the core, and on play for a record's words; no other feature knows it. See
//! docs/server.md.

pub mod explorer;
pub mod export;

// The core's and play's modules, by their names, inside this crate.
use awe_site_core::{limits, model, request, spec, store};
use awe_site_play::room;

use awe_site_core::Core;
use axum::Router;
use axum::routing::get;

/// The explorer's and the export's routes.
pub fn router(core: Core) -> Router {
    Router::new()
        .route("/api/games/export", get(export::download))
        .route("/api/explorer", get(explorer::explore))
        .with_state(core)
}
