//! Quick pairing: a player picks a game, its rules and a clock, and waits in that pool; they are
//! paired with the waiting player whose rating is nearest theirs, within a window that widens
//! the longer both have waited (±100 at once, 50 more a second). The seeks are rows of the
//! database, so every server sees every pool; each server tries to pair every second, and a
//! pair is made in one transaction that fails if another server paired either seek first.
//!
//! - `POST /api/seeks` `{"spec","clock","rated"}`: waits (accounts only); `{"id","pool"}`.
//! - `GET /api/seeks/ID`: `{"status":"waiting"|"paired","game","window"}`. The page asks every
//!   second or so; a seek not asked about for [`QUIET_MS`] is dropped (its page was closed).
//! - `POST /api/seeks/ID/cancel`; `GET /api/seeks`: how many wait in each pool.

use std::time::Duration;

use awe_game::Side;
use axum::Json;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use serde::Deserialize;
use serde_json::json;

use crate::Lobby;
use crate::clock::ClockSpec;
use crate::limits::Kind;
use crate::model::Match;
use crate::request::{ApiError, ApiResult, acting, body, signed_in};
use crate::spec::Spec;
use crate::store::{GameRow, SeatRow, SeekRow, now_ms};

/// A seek whose page has not asked about it for this long is dropped.
pub const QUIET_MS: i64 = 10_000;

/// How often a server tries to pair.
const EVERY: Duration = Duration::from_secs(1);

/// The rating difference two seeks accept after waiting `waited_ms`.
pub fn window(waited_ms: i64) -> f64 {
    100.0 + 50.0 * (waited_ms.max(0) as f64 / 1000.0)
}

/// The pairs to make among `seeks` at `now`, oldest seek first: each with the seek of its pool,
/// of another account, whose rating is nearest, if within both seeks' windows.
pub fn pairs(seeks: &[SeekRow], now: i64) -> Vec<(usize, usize)> {
    let mut order: Vec<usize> = (0..seeks.len()).collect();
    order.sort_by_key(|&i| (seeks[i].created_at, seeks[i].id.clone()));
    let mut taken = vec![false; seeks.len()];
    let mut made = Vec::new();
    for &i in &order {
        if taken[i] {
            continue;
        }
        let a = &seeks[i];
        let nearest = order
            .iter()
            .copied()
            .filter(|&j| j != i && !taken[j])
            .filter(|&j| seeks[j].pool == a.pool && seeks[j].user != a.user)
            .map(|j| (j, (seeks[j].rating - a.rating).abs()))
            .filter(|&(j, gap)| {
                gap <= window(now - a.created_at).min(window(now - seeks[j].created_at))
            })
            .min_by(|x, y| x.1.total_cmp(&y.1));
        if let Some((j, _)) = nearest {
            taken[i] = true;
            taken[j] = true;
            made.push((i, j));
        }
    }
    made
}

/// The name of a pool, what must be equal for two seeks to be paired: the game's category, the
/// clock, rated or not (`awele:abapa 180+2 rated`, `awechec:standard 3d casual`).
fn pool_name(game: &str, clock: Option<(i64, i64)>, correspondence: bool, rated: bool) -> String {
    let clock = match clock {
        None => "none".to_owned(),
        Some((days, _)) if correspondence => format!("{}d", days / crate::clock::DAY_MS),
        Some((initial, increment)) => format!("{}+{}", initial / 1000, increment / 1000),
    };
    format!("{game} {clock} {}", if rated { "rated" } else { "casual" })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewSeek {
    spec: Spec,
    #[serde(default)]
    clock: Option<ClockSpec>,
    #[serde(default)]
    rated: bool,
}

fn failed(e: sqlx::Error) -> ApiError {
    tracing::error!("pairing: {e}");
    ApiError::unavailable("try again")
}

/// `POST /api/seeks`: counted against the games a minute of the address and of the account, as
/// every way of making a game is (a seek is paired at once when an opponent waits).
pub async fn seek(
    State(app): State<Lobby>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> ApiResult {
    let new: NewSeek = body(&headers, &bytes)?;
    // The seat is the browser's too: its secret is made now if it has none.
    let (actor, cookies) = acting(&app, &headers).await?;
    let user = actor.user.clone().ok_or_else(|| ApiError::sign_in("be paired"))?;
    if app.is_bot(&user.id) {
        return Err(crate::request::bots_play_bots());
    }
    let address = crate::request::client_address(&app, &headers, peer);
    for key in [address, crate::limits::account_key(&user.id)] {
        app.limits.check(Kind::CreateGame, &key).map_err(|w| ApiError::too_many(w, "new games"))?;
    }
    let spec = new.spec.normalized().map_err(|e| ApiError::bad(e.0))?;
    let (clock, correspondence) = match &new.clock {
        None => (None, false),
        Some(clock) => clock.read().map(|(clock, days)| (Some(clock), days))?,
    };
    let Some(game) = spec.category().map_err(|e| ApiError::bad(e.0))? else {
        return Err(ApiError::bad(
            "quick pairing is for games without handicaps, on boards with all their lines",
        ));
    };
    let category = crate::spec::rating_category(&spec, correspondence)?;
    let rating = match (&category, new.rated) {
        (Some(category), true) => {
            let found = app.store.ratings_in(category, std::slice::from_ref(&user.id)).await;
            found.map_err(failed)?.first().map_or(1500.0, |r| r.rating.rating)
        }
        _ => 1500.0,
    };
    let now = now_ms();
    let seek = SeekRow {
        id: crate::ids::new_id(),
        user: user.id.clone(),
        name: user.name.clone(),
        secret: actor.secret.clone(),
        pool: pool_name(&game, clock, correspondence, new.rated),
        spec: serde_json::to_string(&spec).map_err(|e| ApiError::bad(e.to_string()))?,
        clock,
        correspondence,
        rated: new.rated,
        category: category.filter(|_| new.rated),
        rating,
        created_at: now,
        seen_at: now,
        game: None,
    };
    app.store.add_seek(&seek).await.map_err(failed)?;
    app.pairing.notify_one();
    let response = Json(json!({ "id": seek.id, "pool": seek.pool })).into_response();
    Ok(crate::request::with_cookies(response, cookies))
}

/// `GET /api/seeks/ID`.
pub async fn status(
    State(app): State<Lobby>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult {
    let user = signed_in(&app, &headers).await?;
    let now = now_ms();
    let seek = app.store.seen_seek(&id, now).await.map_err(failed)?;
    let Some(seek) = seek.filter(|s| user.is_some_and(|u| u.id == s.user)) else {
        return Err(ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such seek"));
    };
    Ok(Json(json!({
        "status": if seek.game.is_some() { "paired" } else { "waiting" },
        "game": seek.game,
        "waited_ms": now - seek.created_at,
        "window": window(now - seek.created_at).round(),
    }))
    .into_response())
}

/// `POST /api/seeks/ID/cancel`.
pub async fn cancel(
    State(app): State<Lobby>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult {
    let user = crate::request::account(&app, &headers, "be paired").await?;
    let cancelled = app.store.cancel_seek(&id, &user.id).await.map_err(failed)?;
    Ok(Json(json!({ "cancelled": cancelled })).into_response())
}

/// `GET /api/seeks`: `{"pools": {POOL: N}}`.
pub async fn pools(State(app): State<Lobby>) -> ApiResult {
    let counts = app.store.pool_counts().await.map_err(failed)?;
    let pools: serde_json::Map<String, serde_json::Value> =
        counts.into_iter().map(|(pool, n)| (pool, json!(n))).collect();
    Ok(Json(json!({ "pools": pools })).into_response())
}

/// The game two seeks make: sides drawn at random.
fn game_of(a: &SeekRow, b: &SeekRow) -> Option<GameRow> {
    let spec: Spec = serde_json::from_str(&a.spec).ok()?;
    let first = Match::new(&spec, None).ok()?.turn();
    let (south, north) = if rand::random::<bool>() { (a, b) } else { (b, a) };
    let seat = |s: &SeekRow| SeatRow {
        secret: Some(s.secret.clone()),
        user: Some(s.user.clone()),
        name: Some(s.name.clone()),
        ..SeatRow::default()
    };
    Some(GameRow {
        id: crate::ids::new_id(),
        spec: a.spec.clone(),
        kind: "open".into(),
        status: "playing".into(),
        seats: [seat(south), seat(north)],
        clock: a.clock,
        correspondence: a.correspondence,
        to_move: Some(if first == Side::South { "south" } else { "north" }.into()),
        created_at: now_ms(),
        updated_at: now_ms(),
        rated: a.rated,
        category: a.category.clone(),
        ..GameRow::default()
    })
}

/// Pairs, every second or when a seek comes, the seeks of every pool.
pub async fn run(app: Lobby) {
    loop {
        tokio::select! {
            () = app.pairing.notified() => {}
            () = tokio::time::sleep(EVERY) => {}
        }
        let now = now_ms();
        let seeks = match app.store.open_seeks(now - QUIET_MS, now).await {
            Ok(seeks) => seeks,
            Err(e) => {
                tracing::error!("pairing: {e}");
                continue;
            }
        };
        let mut paired = false;
        for (i, j) in pairs(&seeks, now) {
            let Some(game) = game_of(&seeks[i], &seeks[j]) else { continue };
            let game = crate::room::with_first_move(game, app.limits.settings.first_move);
            match app.store.pair_seeks([&seeks[i].id, &seeks[j].id], &game).await {
                Ok(done) => paired |= done,
                Err(e) => tracing::error!("pairing: {e}"),
            }
        }
        if paired {
            app.lobby_changed();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seek(id: &str, user: &str, pool: &str, rating: f64, created_at: i64) -> SeekRow {
        SeekRow {
            id: id.into(),
            user: user.into(),
            pool: pool.into(),
            rating,
            created_at,
            ..SeekRow::default()
        }
    }

    #[test]
    fn the_nearest_rating_in_the_pool_within_a_widening_window() {
        let seeks = [
            seek("a", "ada", "p", 1500.0, 0),
            seek("b", "bob", "p", 1900.0, 0),
            seek("c", "carl", "p", 1580.0, 0),
            seek("d", "dan", "q", 1500.0, 0),
            seek("e", "ada", "p", 1501.0, 0),
        ];
        // At once: Ada with Carl (80 apart; her own other seek is not a partner, Dan is in
        // another pool), Bob alone (320 from anyone).
        assert_eq!(pairs(&seeks, 0), [(0, 2)]);
        let waiting = [seeks[1].clone(), seeks[3].clone(), seek("f", "fay", "p", 1550.0, 0)];
        assert_eq!(pairs(&waiting, 0), []);
        // 350 apart: paired once both have waited 5 s (±350).
        assert_eq!(pairs(&waiting, 4_900), []);
        assert_eq!(pairs(&waiting, 5_000), [(0, 2)]);
        // The newest seek's window is the one that counts.
        let late = [seeks[1].clone(), seek("f", "fay", "p", 1550.0, 4_000)];
        assert_eq!(pairs(&late, 5_000), []);
        assert_eq!(window(0), 100.0);
    }
}
