//! The opening explorer: the moves played from a position in the site's finished games, with
//! how many games and how they ended, beside the engine's book move where it has one.
//!
//! An index of its own (the `explorer` table): a row for each category, position and move, its
//! counts added as games finish. A task of every server counts the finished games not yet
//! counted, a page at a time, each game in one transaction that first marks it counted, so that
//! of two servers one counts it. A question is then one indexed read, however many games there
//! are (BENCHMARKS.md: 1 million games).

use std::time::Duration;

use serde_json::{Value, json};
use sqlx::Row;

use crate::model::Match;
use crate::spec::Spec;
use awe_site_core::Core;

/// The plies of a game the explorer counts: the openings.
pub const PLIES: usize = 30;

/// Games counted at a time.
const PAGE: i64 = 200;

/// How often each server looks for games to count.
const EVERY: Duration = Duration::from_secs(2);

/// The positions and moves a finished game adds: its category, then each (position text, move)
/// of its first [`PLIES`] plies. `None` for a game the explorer leaves out (from another start,
/// with handicaps).
pub fn openings(spec: &str, start: Option<&str>) -> Option<(String, Match)> {
    if start.is_some() {
        return None;
    }
    let spec: Spec = serde_json::from_str(spec).ok()?;
    let category = spec.category().ok()??;
    let game = Match::new(&spec, None).ok()?;
    Some((category, game))
}

/// The (position, move) pairs of the first plies of `moves` from the start of `game`, each
/// once (a game that comes back to a position and plays the same move is one game there), in
/// their order as keys: the order of the index's rows every transaction takes, so that two
/// servers counting games at once never wait for each other in a circle.
pub fn steps(mut game: Match, moves: &[String]) -> Vec<(String, String)> {
    let mut steps = Vec::new();
    for text in moves.iter().take(PLIES) {
        let position = game.position_text();
        if game.play(text).is_err() {
            break;
        }
        steps.push((position, text.clone()));
    }
    steps.sort();
    steps.dedup();
    steps
}

/// Counts the finished games not counted yet, a page of them: how many it counted.
pub async fn count_some(app: &Core) -> Result<usize, sqlx::Error> {
    let store = &app.store;
    let ids = store.unexplored(PAGE).await?;
    let mut counted = 0;
    for id in ids {
        let Some((row, moves)) = store.load(&id).await? else { continue };
        let texts: Vec<String> = moves.iter().map(|m| m.text.clone()).collect();
        // Imported records were not played here: marked, not counted.
        let start = if row.kind == "import" { Some("") } else { row.start_position.as_deref() };
        let (category, steps) = match openings(&row.spec, start) {
            Some((category, game)) => (
                category,
                tokio::task::spawn_blocking(move || steps(game, &texts)).await.unwrap_or_default(),
            ),
            None => (String::new(), Vec::new()),
        };
        let outcome = match row.result.as_deref() {
            Some("1-0") => [1, 0, 0],
            Some("0-1") => [0, 1, 0],
            _ => [0, 0, 1],
        };
        if store.explore(&id, &category, &steps, outcome).await? {
            counted += 1;
        }
    }
    Ok(counted)
}

/// Counts the games as they finish, on every server.
pub async fn run(app: Core) {
    loop {
        tokio::time::sleep(EVERY).await;
        if app.shutdown.stopping() {
            return;
        }
        loop {
            match count_some(&app).await {
                Ok(n) if n > 0 => continue,
                Ok(_) => break,
                Err(error) => {
                    tracing::error!(%error, "the explorer");
                    break;
                }
            }
        }
    }
}

/// `GET /api/explorer?spec=SPEC&position=TEXT`: the moves played from the position in the
/// site's games of that spec's category (most played first), each with the position it leads
/// to, and the engine's book move: not to a player seated in a game between two people (the
/// book is the engine's), who gets `"fair_play": true` instead. 120 questions a minute an
/// address (a burst of as many; each is one indexed read).
pub async fn explore(
    axum::extract::State(app): axum::extract::State<Core>,
    axum::extract::ConnectInfo(peer): axum::extract::ConnectInfo<std::net::SocketAddr>,
    headers: axum::http::HeaderMap,
    axum::extract::Query(query): axum::extract::Query<std::collections::HashMap<String, String>>,
) -> Result<axum::Json<Value>, crate::request::ApiError> {
    use crate::request::ApiError;
    let address = crate::request::client_address(&app, &headers, peer);
    app.limits
        .check(crate::limits::Kind::Explorer, &address)
        .map_err(|wait| ApiError::too_many(wait, "questions to the explorer"))?;
    let seated = crate::request::seated_in_live_game(&app, &headers).await?;
    let spec = query.get("spec").ok_or_else(|| ApiError::bad("give the game's spec"))?;
    let spec: Spec = serde_json::from_str(spec).map_err(|e| ApiError::bad(format!("spec: {e}")))?;
    let category = spec
        .category()
        .map_err(|e| ApiError::bad(e.to_string()))?
        .ok_or_else(|| ApiError::bad("games with handicaps are not in the explorer"))?;
    let position = query.get("position").map(String::as_str);
    // The position read and written again as the game writes it (the index's key).
    let game = Match::new(&spec, position).map_err(|e| ApiError::bad(e.0))?;
    let key = game.position_text();
    let rows = app.store.explored(&category, &key).await.map_err(|e| {
        tracing::error!(%e, "the explorer");
        ApiError::unavailable("the explorer could not be read; try again")
    })?;
    let moves: Vec<Value> = rows
        .iter()
        .map(|r| {
            let mv = r.try_get::<String, _>("move").unwrap_or_default();
            // The position it leads to, for the page to follow it.
            let mut after = game.clone();
            let next = after.play(&mv).ok().map(|()| after.position_text());
            json!({
                "next": next,
                "move": mv,
                "games": r.try_get::<i64, _>("games").unwrap_or_default(),
                "south": r.try_get::<i64, _>("south").unwrap_or_default(),
                "north": r.try_get::<i64, _>("north").unwrap_or_default(),
                "draws": r.try_get::<i64, _>("draws").unwrap_or_default(),
            })
        })
        .collect();
    Ok(axum::Json(json!({
        "category": category,
        "position": key,
        "moves": moves,
        "book": if seated { None } else { game.book_move() },
        "fair_play": seated,
    })))
}
