//! "Your turn": the games an account is playing, those waiting for its move first. The page
//! `/turns` lists them and the header counts them; correspondence players live on it.

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::IntoResponse;
use serde_json::{Value, json};

use crate::request::{ApiError, ApiResult, account};
use crate::store::GameRow;
use awe_site_play::Site;

/// How many games in progress the list shows at most.
const MOST: i64 = 200;

/// `GET /api/turns`: `{"count": N, "games": [...]}`, `count` the games waiting for the account's
/// move, each game with `your_turn`, the side `you` hold, the opponent, and when the running
/// clock falls (`deadline_at`, milliseconds since 1970).
pub async fn turns(State(app): State<Site>, headers: HeaderMap) -> ApiResult {
    let user = account(&app, &headers, "see your games").await?;
    let rows = app.store.playing_of(&user.id, MOST).await.map_err(|e| {
        tracing::error!("turns: {e}");
        ApiError::unavailable("try again")
    })?;
    let mut games: Vec<Value> = rows.iter().filter_map(|row| view(&app, row, &user.id)).collect();
    // Those waiting for you first, each group in the store's order (most urgent first).
    games.sort_by_key(|game| !game["your_turn"].as_bool().unwrap_or(false));
    let count = games.iter().filter(|g| g["your_turn"] == true).count();
    Ok(Json(json!({ "count": count, "games": games })).into_response())
}

/// A game as the list shows it, from the seat of `user`.
fn view(app: &Site, row: &GameRow, user: &str) -> Option<Value> {
    let mine = row.seats.iter().position(|s| s.user.as_deref() == Some(user))?;
    let side = ["south", "north"][mine];
    let opponent = &row.seats[1 - mine];
    let opponent = match opponent.level {
        Some(level) => json!({ "kind": "computer", "level": level }),
        None => {
            let bot = opponent.user.as_deref().is_some_and(|u| app.is_bot(u));
            json!({
                "kind": "human", "name": opponent.name, "account": opponent.user.is_some(),
                "bot": bot,
            })
        }
    };
    let spec: Value = serde_json::from_str(&row.spec).unwrap_or(Value::Null);
    Some(json!({
        "id": row.id,
        "spec": spec,
        "side": mine,
        "your_turn": row.to_move.as_deref() == Some(side),
        "opponent": opponent,
        "plies": row.plies,
        "deadline_at": row.deadline_at,
        "correspondence": row.correspondence,
        "clock": crate::clock::clock_json(row),
        "rated": row.rated,
        "updated_at": row.updated_at,
    }))
}
