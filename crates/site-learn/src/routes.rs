//! The practice positions' and the openings' routes (the lessons' are in the crate's root, the
//! studies' in `studies.rs`).

use std::collections::BTreeMap;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::HeaderMap;
use axum::response::IntoResponse;
use serde::Deserialize;
use serde_json::{Value, json};

use awe_site_core::context::Core;
use awe_site_core::limits::Kind;
use awe_site_core::model::board_state;
use awe_site_core::request::{ApiError, ApiResult, body, client_address, signed_in};

use crate::check::LineError;
use crate::oracle::{self, Class};
use crate::practice::{self, End, Practice, Turn};

fn practice_of(game: &str, name: &str) -> Result<&'static Practice, ApiError> {
    practice::find(game, name).ok_or_else(ApiError::not_found)
}

fn of_game(game: &str) -> Vec<&'static Practice> {
    practice::all().iter().filter(|p| p.game == game).collect()
}

/// `GET /api/practice`.
pub async fn list() -> ApiResult {
    let mut games: BTreeMap<&str, Vec<Value>> = BTreeMap::new();
    for p in practice::all() {
        games.entry(p.game).or_default().push(
            json!({ "id": p.id, "name": p.name, "title": p.file.title, "goal": p.file.goal }),
        );
    }
    Ok(Json(json!({ "order": crate::stage::GAMES, "games": games })).into_response())
}

/// `GET /api/practice/GAME/NAME`.
pub async fn show(Path((game, name)): Path<(String, String)>) -> ApiResult {
    let p = practice_of(&game, &name)?;
    let start = p.start();
    let list = of_game(p.game);
    let index = list.iter().position(|q| q.id == p.id).unwrap_or(0);
    let names: Vec<&str> = list.iter().map(|q| q.name.as_str()).collect();
    let mut view = json!({
        "id": p.id,
        "game": p.game,
        "name": p.name,
        "title": p.file.title,
        "intro": p.file.intro,
        "goal": p.file.goal,
        "within": p.file.within,
        "spec": p.file.spec,
        "side": start.side_name(start.turn()),
        "state": board_state(&start),
    });
    crate::place(&mut view, &names, index);
    Ok(Json(view).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Try {
    #[serde(default)]
    line: Vec<String>,
    #[serde(rename = "move")]
    text: String,
}

fn class_name(class: Class) -> &'static str {
    match class {
        Class::Win => "win",
        Class::Draw => "draw",
        Class::Loss => "loss",
    }
}

/// `POST /api/practice/GAME/NAME/move`.
pub async fn play(
    State(core): State<Core>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path((game, name)): Path<(String, String)>,
    headers: HeaderMap,
    bytes: Bytes,
) -> ApiResult {
    let p = practice_of(&game, &name)?;
    let tried: Try = body(&headers, &bytes)?;
    let address = client_address(&core, &headers, peer);
    core.limits
        .check(Kind::Lesson, &address)
        .map_err(|w| ApiError::too_many(w, "practice moves"))?;
    let (turn, states, left) = tokio::task::spawn_blocking(move || {
        let turn = practice::judge(p, &tried.line, &tried.text)?;
        let mut states = Vec::new();
        let mut left = None;
        if let Turn::Played { moves, end } = &turn {
            let mut game = practice::replay(p, &tried.line)?;
            for m in moves {
                if game.play(m).is_err() {
                    break;
                }
                states.push(board_state(&game));
            }
            // A try that ends short of the goal says where it left a solved game's proof.
            if matches!(end, Some(End::Missed | End::TooLong)) {
                let mut line = tried.line.clone();
                line.extend(moves.iter().cloned());
                left = practice::departure(p, &line);
            }
        }
        Ok::<_, LineError>((turn, states, left))
    })
    .await
    .map_err(|_| ApiError::unavailable("the practice's judge stopped"))?
    .map_err(|e| ApiError::bad(e.to_string()))?;
    let answer = match turn {
        Turn::Refused(r) => json!({ "played": false, "code": r.code, "rules": r.rules }),
        Turn::Played { moves, end } => {
            let end = end.map(|end| match end {
                End::Reached => json!({ "kind": "reached" }),
                End::Lost { at, now, keeping } => {
                    json!({ "kind": "lost", "at": at, "now": class_name(now), "keeping": keeping })
                }
                End::Missed => json!({ "kind": "missed" }),
                End::TooLong => json!({ "kind": "too-long" }),
            });
            if end.as_ref().is_some_and(|e| e["kind"] == "reached")
                && let Some(user) = signed_in(&core, &headers).await?
            {
                let id = format!("practice:{}", p.id);
                core.store.pass_stage(&user.id, &id, 3).await.map_err(crate::failed)?;
            }
            let left = left.map(|(at, proof)| json!({ "at": at, "proof": proof }));
            json!({ "played": true, "moves": moves, "states": states, "end": end, "left_proof": left })
        }
    };
    Ok(Json(answer).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Where {
    #[serde(default)]
    line: Vec<String>,
}

/// `POST /api/practice/GAME/NAME/hint`: the databases' best move after `line`, and what each
/// legal move keeps.
pub async fn hint(
    State(core): State<Core>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path((game, name)): Path<(String, String)>,
    headers: HeaderMap,
    bytes: Bytes,
) -> ApiResult {
    let p = practice_of(&game, &name)?;
    let at: Where = body(&headers, &bytes)?;
    let address = client_address(&core, &headers, peer);
    core.limits.check(Kind::Lesson, &address).map_err(|w| ApiError::too_many(w, "hints"))?;
    let answer = tokio::task::spawn_blocking(move || {
        let game = practice::replay(p, &at.line)?;
        let left = p.left(at.line.len());
        let moves: Vec<Value> = oracle::moves(&game, left)
            .into_iter()
            .map(|(m, s)| json!({ "move": m, "result": s.map(|s| class_name(Class::of(s))) }))
            .collect();
        Ok::<_, LineError>(json!({ "best": oracle::best(&game, left), "moves": moves }))
    })
    .await
    .map_err(|_| ApiError::unavailable("the practice's judge stopped"))?
    .map_err(|e| ApiError::bad(e.to_string()))?;
    Ok(Json(answer).into_response())
}

/// `GET /api/openings/GAME`: searched once a game, then kept.
pub async fn openings(Path(game): Path<String>) -> ApiResult {
    if crate::openings::of(&game).is_none() {
        return Err(ApiError::not_found());
    }
    let view = tokio::task::spawn_blocking(move || crate::openings::view(&game))
        .await
        .map_err(|_| ApiError::unavailable("the openings' search stopped"))?
        .ok_or_else(ApiError::not_found)?;
    Ok(Json(view).into_response())
}
