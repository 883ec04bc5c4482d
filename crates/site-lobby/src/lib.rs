//! The lobby: its lists of open challenges, games being played and games just finished (`GET
//! /api/lobby`, `/ws/lobby`); quick pairing by seeks (`/api/seeks`); and a player's
//! correspondence games waiting for them (`/api/turns`).
//!
//! It builds on the core and on play; no other feature knows it. See docs/server.md.

pub mod lists;
pub mod pairing;
pub mod socket;
pub mod turns;

use std::sync::Arc;

use awe_site_core::request::{ApiError, ApiResult};
use awe_site_play::Site;
use axum::Router;
use axum::extract::State;
use axum::response::{IntoResponse, Json};
use axum::routing::{get, post};
// The core's and play's modules, by their names, inside this crate.
use awe_site_core::{clock, ids, limits, model, request, spec, store};
use awe_site_play::room;

/// What the lobby's routes and tasks share: the site, and the signal that wakes quick pairing.
#[derive(Clone, Debug)]
pub struct Lobby {
    pub site: Site,
    /// Wakes the pairing task (a seek came).
    pub pairing: Arc<tokio::sync::Notify>,
}

awe_site_play::holds_site!(Lobby);

impl Lobby {
    pub fn new(site: Site) -> Lobby {
        Lobby { site, pairing: Arc::default() }
    }

    /// The lobby's routes.
    pub fn router(&self) -> Router {
        let site = Router::new()
            .route("/api/lobby", get(lobby))
            .route("/api/turns", get(turns::turns))
            .route("/ws/lobby", get(socket::lobby))
            .with_state(self.site.clone());
        let seeks = Router::new()
            .route("/api/seeks", get(pairing::pools).post(pairing::seek))
            .route("/api/seeks/{id}", get(pairing::status))
            .route("/api/seeks/{id}/cancel", post(pairing::cancel))
            .with_state(self.clone());
        site.merge(seeks)
    }

    /// Starts the lobby's tasks: its lists read again after changes, and quick pairing.
    pub fn start(&self) {
        tokio::spawn(lists::run(self.site.clone()));
        tokio::spawn(pairing::run(self.clone()));
    }
}

/// `GET /api/lobby`.
async fn lobby(State(app): State<Site>) -> ApiResult {
    let lists = lists::lists(&app).await.map_err(|e| {
        tracing::error!("lobby: {e}");
        ApiError::unavailable("the lists could not be read; try again")
    })?;
    Ok(Json(lists).into_response())
}
