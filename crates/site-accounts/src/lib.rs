//! Accounts: signing up and in, sessions, signing out, players' pages and the leaderboards
//! ([`accounts`]); and an account's personal API tokens ([`tokens`]).
//!
//! It builds on the core only: an account knows nothing of rooms. See docs/server.md.

pub mod accounts;
pub mod tokens;

use awe_site_core::Core;
use axum::Router;
use axum::routing::{get, post};

/// The accounts' routes.
pub fn router(core: Core) -> Router {
    Router::new()
        .route("/api/account", get(accounts::me))
        .route("/api/account/signup", post(accounts::sign_up))
        .route("/api/account/signin", post(accounts::sign_in))
        .route("/api/account/signout", post(accounts::sign_out))
        .route("/api/players/{name}", get(accounts::player))
        .route("/api/leaderboard", get(accounts::leaderboard))
        .route("/api/account/tokens", get(tokens::tokens).post(tokens::create_token))
        .route("/api/account/tokens/{id}/revoke", post(tokens::revoke_token))
        .with_state(core)
}
