//! Lessons on the site (`/learn`): for each game, short stages that teach a rule by doing it. A
//! stage is a data file (`lessons/GAME/NN-name.toml`, docs/learn.md): a position, a goal, the
//! texts in French and English, and an animation of the rule. Every move is judged by the game's
//! own rules crate; a wrong one is refused with the rule it breaks or the stage's word on it.
//!
//! - `GET /api/learn`: the stages of each game, in order.
//! - `GET /api/learn/GAME/NAME`: a stage: its texts, its goal, the board, the animation (each
//!   frame with the board after it).
//! - `POST /api/learn/GAME/NAME/move` `{"line","move","mistakes"}`: the learner's move after
//!   `line` (the moves played so far, replies included): refused (`code`, the rules' words, the
//!   stage's), or played with the replies, and whether the goal is reached. A stage passed by a
//!   signed-in account is kept with its stars (3 without a wrong move, 2 with one or two, else 1).
//! - `GET /api/learn/progress`, `POST /api/learn/progress` `{"stages":{ID:STARS}}`: an account's
//!   stages passed (practice positions as `practice:GAME/NAME`); the page sends those a visitor
//!   passed before signing in.
//! - `GET /api/practice`, `GET /api/practice/GAME/NAME`: endgames to practise against the
//!   computer, which defends by the endgame databases (`practice.rs`).
//! - `POST /api/practice/GAME/NAME/move` `{"line","move"}`: the learner's move, judged by the
//!   databases: refused (the rules), or played with the computer's replies; the try's end once
//!   over: the goal reached, or the move that gave it away and the moves that kept it.
//! - `POST /api/practice/GAME/NAME/hint` `{"line"}`: the databases' best move there.
//! - `GET /api/openings/GAME`: the first moves of a game, named (`openings.rs`), with the
//!   engine's value of each at a fixed depth; the page asks the explorer for the site's games.
//! - `/api/studies…`: annotated games, shipped (`study.rs`) and written by accounts
//!   (`studies.rs`), each chapter's moves as a tree with comments and marks.
//!
//! Nothing is kept between moves: the stage's line is played again at each.

pub mod awechec;
pub mod check;
pub mod openings;
pub mod oracle;
pub mod practice;
mod routes;
pub mod stage;
pub mod studies;
pub mod study;

use std::collections::BTreeMap;

use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::HeaderMap;
use axum::response::IntoResponse;
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::{Value, json};

use awe_site_core::context::Core;
use awe_site_core::limits::Kind;
use awe_site_core::request::{ApiError, ApiResult, body, client_address, signed_in};

use crate::check::{LineError, Verdict};
use crate::stage::Stage;

/// The lessons' routes.
pub fn router(core: Core) -> Router {
    Router::new()
        .route("/api/learn", get(list))
        .route("/api/learn/progress", get(progress).post(merge))
        .route("/api/learn/{game}/{name}", get(show))
        .route("/api/learn/{game}/{name}/move", post(play))
        .route("/api/openings/{game}", get(routes::openings))
        .route("/api/studies", get(studies::list).post(studies::create))
        .route("/api/studies/{id}", get(studies::show).post(studies::save))
        .route("/api/studies/{id}/chapters", post(studies::add_chapter))
        // A chapter may be larger than the site's usual body: a long game, commented.
        .route(
            "/api/studies/{id}/chapters/{n}",
            post(studies::save_chapter)
                .layer(axum::extract::DefaultBodyLimit::max(studies::CHAPTER_BYTES)),
        )
        .route("/api/studies/{id}/record", get(studies::record))
        .route("/api/practice", get(routes::list))
        .route("/api/practice/{game}/{name}", get(routes::show))
        .route("/api/practice/{game}/{name}/move", post(routes::play))
        .route("/api/practice/{game}/{name}/hint", post(routes::hint))
        .with_state(core)
}

/// The stars a stage passed with `mistakes` wrong moves earns.
pub fn stars(mistakes: u32) -> i64 {
    match mistakes {
        0 => 3,
        1 | 2 => 2,
        _ => 1,
    }
}

fn stage_of(game: &str, name: &str) -> Result<&'static Stage, ApiError> {
    stage::find(game, name).ok_or_else(ApiError::not_found)
}

pub(crate) fn failed(e: sqlx::Error) -> ApiError {
    ApiError::unavailable(format!("the database: {e}"))
}

/// `GET /api/learn`.
async fn list() -> ApiResult {
    let games: BTreeMap<&str, Vec<Value>> = stage::by_game()
        .into_iter()
        .map(|(game, stages)| {
            let list = stages
                .iter()
                .map(|s| json!({ "id": s.id, "name": s.name, "title": s.file.title }))
                .collect();
            (game, list)
        })
        .collect();
    Ok(Json(json!({ "order": stage::GAMES, "games": games })).into_response())
}

/// Where an item stands among its game's (`names`, in order): its index, their count, the names
/// before and after it, put into `view`.
pub(crate) fn place(view: &mut Value, names: &[&str], index: usize) {
    view["index"] = json!(index);
    view["count"] = json!(names.len());
    view["next"] = json!(names.get(index + 1));
    view["previous"] = json!(index.checked_sub(1).and_then(|i| names.get(i)));
}

/// `GET /api/learn/GAME/NAME`.
async fn show(Path((game, name)): Path<(String, String)>) -> ApiResult {
    let stage = stage_of(&game, &name)?;
    let start = stage.start();
    let stages = &stage::by_game()[stage.game];
    let index = stages.iter().position(|s| s.id == stage.id).unwrap_or(0);
    let mut frames = Vec::new();
    let mut shown = start.clone();
    for frame in &stage.file.animation {
        // Checked by the lessons' test; a frame that does not play ends the animation.
        if shown.play(&frame.text).is_err() {
            break;
        }
        frames.push(json!({
            "move": frame.text,
            "caption": frame.caption,
            "state": awe_site_core::model::board_state(&shown),
        }));
    }
    let goal = &stage.file.goal;
    let names: Vec<&str> = stages.iter().map(|s| s.name.as_str()).collect();
    let mut view = json!({
        "id": stage.id,
        "game": stage.game,
        "name": stage.name,
        "title": stage.file.title,
        "intro": stage.file.intro,
        "success": stage.file.success,
        "spec": stage.file.spec,
        "goal": { "moves": goal.moves.len(), "capture": goal.capture, "win": goal.win, "chess": goal.chess, "within": goal.within() },
        "side": start.side_name(start.turn()),
        "state": check::board_state(&start),
        "animation": { "intro": stage.file.animation_intro, "start": awe_site_core::model::board_state(&start), "frames": frames },
    });
    place(&mut view, &names, index);
    Ok(Json(view).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Try {
    #[serde(default)]
    line: Vec<String>,
    #[serde(rename = "move")]
    text: String,
    /// The learner's wrong moves so far at this stage (for the stars).
    #[serde(default)]
    mistakes: u32,
}

/// `POST /api/learn/GAME/NAME/move`.
async fn play(
    State(core): State<Core>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path((game, name)): Path<(String, String)>,
    headers: HeaderMap,
    bytes: Bytes,
) -> ApiResult {
    let stage = stage_of(&game, &name)?;
    let tried: Try = body(&headers, &bytes)?;
    let address = client_address(&core, &headers, peer);
    core.limits.check(Kind::Lesson, &address).map_err(|w| ApiError::too_many(w, "lesson moves"))?;
    let line = tried.line.clone();
    let text = tried.text.clone();
    // The replies may ask the engine (a few milliseconds at its small depth): off the runtime.
    let judged = tokio::task::spawn_blocking(move || {
        check::judge(stage, &line, &text).map(|verdict| {
            let states = match &verdict {
                Verdict::Played { moves, .. } => after(stage, &line, moves),
                Verdict::Refused(_) => Vec::new(),
            };
            (verdict, states)
        })
    })
    .await
    .map_err(|_| ApiError::unavailable("the lesson's judge stopped"))?;
    let (verdict, states) = judged.map_err(|e: LineError| ApiError::bad(e.to_string()))?;
    let answer = match verdict {
        Verdict::Refused(refusal) => json!({
            "played": false,
            "code": refusal.code,
            "rules": refusal.rules,
            "why": refusal.stage,
        }),
        Verdict::Played { moves, done } => {
            let mut stars_earned = None;
            if done {
                let earned = stars(tried.mistakes);
                stars_earned = Some(earned);
                if let Some(user) = signed_in(&core, &headers).await? {
                    core.store.pass_stage(&user.id, &stage.id, earned).await.map_err(failed)?;
                }
            }
            json!({ "played": true, "moves": moves, "states": states, "done": done, "stars": stars_earned })
        }
    };
    Ok(Json(answer).into_response())
}

/// The board after each of `moves`, played after `line`.
fn after(stage: &Stage, line: &[String], moves: &[String]) -> Vec<Value> {
    let Ok(mut game) = check::replay(stage, line) else { return Vec::new() };
    moves
        .iter()
        .map_while(|m| {
            game.play(m).ok()?;
            Some(check::board_state(&game))
        })
        .collect()
}

/// `GET /api/learn/progress`.
async fn progress(State(core): State<Core>, headers: HeaderMap) -> ApiResult {
    let Some(user) = signed_in(&core, &headers).await? else {
        return Ok(Json(json!({ "signed_in": false, "stages": {} })).into_response());
    };
    let stages = core.store.lesson_progress(&user.id).await.map_err(failed)?;
    Ok(Json(json!({ "signed_in": true, "stages": stages })).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Passed {
    stages: BTreeMap<String, i64>,
}

/// The most stages one merge may name (every stage of the lessons, and room for more).
const MAX_MERGED: usize = 500;

/// `POST /api/learn/progress`: stages passed before signing in, kept with the account's.
async fn merge(
    State(core): State<Core>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> ApiResult {
    let passed: Passed = body(&headers, &bytes)?;
    let address = client_address(&core, &headers, peer);
    core.limits.check(Kind::Lesson, &address).map_err(|w| ApiError::too_many(w, "lesson moves"))?;
    let user = awe_site_core::request::account(&core, &headers, "keep your lessons").await?;
    if passed.stages.len() > MAX_MERGED {
        return Err(ApiError::bad(format!("stages: at most {MAX_MERGED}")));
    }
    for (id, &stars) in &passed.stages {
        let known = match id.strip_prefix("practice:") {
            Some(id) => id.split_once('/').and_then(|(g, n)| practice::find(g, n)).is_some(),
            None => id.split_once('/').and_then(|(g, n)| stage::find(g, n)).is_some(),
        };
        if !known {
            return Err(ApiError::bad(format!("stages: `{id}` is no stage")));
        }
        if !(1..=3).contains(&stars) {
            return Err(ApiError::bad(format!("stages: {id}: stars are 1 to 3, not {stars}")));
        }
    }
    for (id, &stars) in &passed.stages {
        core.store.pass_stage(&user.id, id, stars).await.map_err(failed)?;
    }
    let stages = core.store.lesson_progress(&user.id).await.map_err(failed)?;
    Ok(Json(json!({ "signed_in": true, "stages": stages })).into_response())
}
