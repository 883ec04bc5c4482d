//! The games' API: making a game, its state, taking a seat, acting, its history and record, a
//! review and an analysis, importing a record; and the door to a game's WebSocket (`ws.rs`).

use std::time::Duration;

use awe_game::Side;
use awe_site_core::clock::ClockSpec;
use awe_site_core::ids::{hash, new_id, new_secret};
use awe_site_core::limits::Kind;
use awe_site_core::model::{Match, each};
use awe_site_core::request::{
    ApiError, ApiResult, acting, actor, body, bots_play_bots, client_address, seated_in_live_game,
    with_cookies,
};
use awe_site_core::spec::{Spec, rating_category};
use awe_site_core::store::{GameRow, MoveRow, SeatRow, now_ms};
use awe_site_core::tokens;
use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::message::{Message, ask, perform};
use crate::room::{Built, Cached, Command, Handle};
use crate::site::Site;

/// The largest record an import takes (as `awe replay` reads them).
const IMPORT_LIMIT: usize = awe_game::record::MAX_RECORD_BYTES + 1024;

/// How long an analysis of a position thinks.
const ANALYSIS_TIME: Duration = Duration::from_millis(1000);

/// The games' routes but for imports (their body limit is the site's, set where the routers
/// are merged).
pub fn router(site: Site) -> Router {
    Router::new()
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(state))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/act", post(act))
        .route("/api/games/{id}/history", get(history))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/review", post(review))
        .route("/api/analysis", post(analysis))
        .route("/ws/games/{id}", get(crate::ws::upgrade))
        .with_state(site)
}

/// `POST /api/import`, which takes records up to [`IMPORT_LIMIT`].
pub fn import_router(site: Site) -> Router {
    Router::new()
        .route("/api/import", post(import))
        .layer(DefaultBodyLimit::max(IMPORT_LIMIT))
        .with_state(site)
}

/// The room of game `id`: `not_found` if there is no such game.
pub async fn room(app: &Site, id: &str) -> Result<Handle, ApiError> {
    app.room(id).await.map_err(ApiError::unavailable)?.ok_or_else(ApiError::not_found)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    spec: Spec,
    opponent: Opponent,
    #[serde(default)]
    side: Option<String>,
    #[serde(default)]
    clock: Option<ClockSpec>,
    #[serde(default)]
    position: Option<String>,
    #[serde(default)]
    name: Option<String>,
    /// Rated (open challenges between accounts only).
    #[serde(default)]
    rated: bool,
}

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
enum Opponent {
    Computer {
        level: u8,
    },
    Friend,
    Open,
    /// A challenge to a bot, by its account's name: only it may take the seat.
    Bot {
        name: String,
    },
}

/// A player's name as the site keeps it: printable, without the marks that turn text around
/// (a name must not reverse what follows it), at most 30 characters.
fn clean_name(name: Option<String>) -> Option<String> {
    crate::text::clean(&name?, 30)
}

async fn create(
    State(app): State<Site>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> ApiResult {
    let new: NewGame = body(&headers, &bytes)?;
    let address = client_address(&app, &headers, peer);
    app.limits.check(Kind::CreateGame, &address).map_err(|w| ApiError::too_many(w, "new games"))?;
    let spec = new.spec.normalized().map_err(|e| ApiError::bad(e.0))?;
    Match::new(&spec, new.position.as_deref())
        .and_then(|game| game.check_size())
        .map_err(|e| ApiError::bad(e.0))?;
    let (clock, correspondence) = match &new.clock {
        None => (None, false),
        Some(spec) => spec.read().map(|(clock, days)| (Some(clock), days))?,
    };
    let mine = match new.side.as_deref() {
        None | Some("random") => {
            if rand::random::<bool>() {
                Side::South
            } else {
                Side::North
            }
        }
        Some("white" | "south") => Side::South,
        Some("black" | "north") => Side::North,
        Some(other) => {
            return Err(ApiError::bad(format!("side: `{other}` is not white, black or random")));
        }
    };
    // A program with a token of scope `challenge:write` acts as the token's account.
    let (actor, cookies) = if tokens::bearer(&headers).is_some() {
        let holder = tokens::holder(&app, &headers, tokens::CHALLENGE).await?;
        (holder.actor(), Vec::new())
    } else {
        acting(&app, &headers).await?
    };
    // An account's own budget too: one account on many addresses makes no more.
    if let Some(user) = &actor.user {
        let key = crate::limits::account_key(&user.id);
        app.limits.check(Kind::CreateGame, &key).map_err(|w| ApiError::too_many(w, "new games"))?;
    }
    let category = rating_category(&spec, correspondence)?;
    // A bot's account challenges bots only (the open seats and invitations are people's).
    if actor.user.as_ref().is_some_and(|u| app.is_bot(&u.id))
        && !matches!(new.opponent, Opponent::Bot { .. })
    {
        return Err(bots_play_bots());
    }
    if correspondence {
        if actor.user.is_none() {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "sign_in",
                "a correspondence game is for players signed in: it waits for you for days",
            ));
        }
        if matches!(new.opponent, Opponent::Computer { .. }) {
            return Err(ApiError::bad("a correspondence game is between two players"));
        }
    }
    if new.rated {
        if actor.user.is_none() {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "sign_in",
                "a rated game is for players signed in",
            ));
        }
        if matches!(new.opponent, Opponent::Computer { .. }) {
            return Err(ApiError::bad("a rated game is between two players"));
        }
        if category.is_none() || new.position.is_some() {
            return Err(ApiError::bad(
                "a game with handicaps, from a position or on a board without some of its lines is not rated",
            ));
        }
    }
    if !matches!(new.opponent, Opponent::Computer { .. }) {
        let waiting = app.store.count_waiting(&actor.secret).await.map_err(|e| {
            tracing::error!("new game: {e}");
            ApiError::unavailable("try again")
        })?;
        if waiting >= app.limits.settings.waiting_games {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too_many_waiting",
                format!("you have {waiting} games waiting for an opponent: cancel some first"),
            ));
        }
    }
    let mut seats = [SeatRow::default(), SeatRow::default()];
    let name = actor.user.as_ref().map(|u| u.name.clone()).or(clean_name(new.name));
    seats[mine.index()] = SeatRow {
        secret: Some(actor.secret.clone()),
        user: actor.user.as_ref().map(|u| u.id.clone()),
        name,
        ..SeatRow::default()
    };
    let mut challenged = None;
    let (kind, invite) = match new.opponent {
        Opponent::Computer { level } => {
            let level = awe_search::Level::new(level)
                .ok_or_else(|| ApiError::bad("opponent: a level from 1 to 10"))?;
            seats[mine.opponent().index()].level = Some(level.get() as i64);
            ("computer", None)
        }
        Opponent::Friend => ("friend", Some(new_secret())),
        Opponent::Open => ("open", None),
        Opponent::Bot { name } => {
            if new.position.is_some() {
                return Err(ApiError::bad("a bot is challenged from the usual start"));
            }
            let bot = bot_to_challenge(&app, &name).await?;
            if actor.user.as_ref().is_some_and(|u| u.id == bot.id) {
                return Err(ApiError::bad("a bot does not play itself"));
            }
            seats[mine.opponent().index()].name = Some(bot.name);
            challenged = Some(bot.id);
            ("bot", None)
        }
    };
    let id = new_id();
    let row = GameRow {
        id: id.clone(),
        spec: serde_json::to_string(&spec).map_err(|e| ApiError::bad(e.to_string()))?,
        start_position: new.position,
        kind: kind.into(),
        status: if kind == "computer" { "playing" } else { "waiting" }.into(),
        seats,
        invite: invite.as_deref().map(hash),
        clock,
        correspondence,
        created_at: now_ms(),
        updated_at: now_ms(),
        rated: new.rated,
        category: category.filter(|_| new.rated),
        challenged,
        ..GameRow::default()
    };
    let row = crate::room::with_first_move(row, app.limits.settings.first_move);
    app.store.create(&row).await.map_err(|e| {
        tracing::error!("new game: {e}");
        ApiError::unavailable("the game could not be recorded; try again")
    })?;
    // The room starts now: a computer that moves first starts thinking.
    room(&app, &id).await?;
    app.lobby_changed();
    let response =
        Json(json!({ "id": id, "invite": invite, "you": crate::room::side_name(&spec, mine) }));
    Ok(with_cookies(response.into_response(), cookies))
}

/// The bot account named `name`, online (its program listening), to challenge.
async fn bot_to_challenge(app: &Site, name: &str) -> Result<crate::store::User, ApiError> {
    let online = app.store.bot_online(name).await.map_err(|e| {
        tracing::error!("new game: {e}");
        ApiError::unavailable("try again")
    })?;
    match online {
        Some(bot) => Ok(bot),
        None => Err(ApiError::new(
            StatusCode::CONFLICT,
            "bot_offline",
            format!("no bot named {name} is online now"),
        )),
    }
}

async fn state(State(app): State<Site>, Path(id): Path<String>, headers: HeaderMap) -> ApiResult {
    let handle = room(&app, &id).await?;
    let actor = actor(&app, &headers).await?;
    let subscription = ask(&handle, |reply| Command::Subscribe { actor, reply }).await?;
    // The state as the room made it (`{"t":"state","game":…}`), not parsed again: a long game's
    // is large.
    let text = subscription.state.as_str();
    let game = text
        .strip_prefix(crate::room::STATE_PREFIX)
        .and_then(|rest| rest.strip_suffix('}'))
        .ok_or_else(|| ApiError::unavailable("try again"))?;
    let you = subscription.you.and_then(|side| crate::room::side_in_state(text, side));
    let you = serde_json::to_string(&you).unwrap_or_default();
    let text = format!("{{\"game\":{game},\"you\":{you}}}");
    Ok(([(header::CONTENT_TYPE, "application/json")], text).into_response())
}

/// A side's name as a game's state names it.
fn side_of_state(game: &Value, side: Side) -> Value {
    game["sides"][side.index()].clone()
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct JoinRequest {
    #[serde(default)]
    invite: Option<String>,
    #[serde(default)]
    name: Option<String>,
}

async fn join(
    State(app): State<Site>,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> ApiResult {
    let request: JoinRequest =
        if bytes.is_empty() { JoinRequest::default() } else { body(&headers, &bytes)? };
    let handle = room(&app, &id).await?;
    let (actor, cookies) = acting(&app, &headers).await?;
    let (invite, name) = (request.invite, clean_name(request.name));
    let side = ask(&handle, |reply| Command::Join { actor, invite, name, reply })
        .await?
        .map_err(ApiError::refused)?;
    let state = ask(&handle, |reply| Command::State { reply }).await?;
    let game: Value = serde_json::from_str(&state).unwrap_or(Value::Null);
    let response = Json(json!({ "you": side_of_state(&game, side) }));
    Ok(with_cookies(response.into_response(), cookies))
}

async fn act(
    State(app): State<Site>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> ApiResult {
    let message: Message = body(&headers, &bytes)?;
    let handle = room(&app, &id).await?;
    let Some(actor) = actor(&app, &headers).await? else {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "no_seat",
            "you have no seat in this game",
        ));
    };
    if let Some(action) = message.action() {
        let address = client_address(&app, &headers, peer);
        perform(&app, &handle, actor, action, &address).await?;
    }
    Ok(Json(json!({})).into_response())
}

/// What a room keeps built (a history, a record): from its cache, else built on a blocking
/// thread, a few at once for the whole server, once whoever asks meanwhile.
async fn built(app: &Site, handle: &Handle, what: Built) -> Result<Bytes, ApiError> {
    match ask(handle, |reply| Command::Built { what, reply }).await? {
        Cached::Ready(bytes) => Ok(bytes),
        Cached::Build(cell, job) => {
            let bytes = cell
                .get_or_try_init(|| async {
                    let _turn = app.builds.acquire().await.map_err(|_| ())?;
                    app.built.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    tokio::task::spawn_blocking(job).await.map(Bytes::from).map_err(|_| ())
                })
                .await
                .map_err(|()| ApiError::unavailable("try again"))?;
            Ok(bytes.clone())
        }
    }
}

async fn history(State(app): State<Site>, Path(id): Path<String>) -> ApiResult {
    let handle = room(&app, &id).await?;
    let bytes = built(&app, &handle, Built::History).await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], bytes).into_response())
}

#[derive(Deserialize)]
struct RecordQuery {
    #[serde(default)]
    language: Option<String>,
}

async fn record(
    State(app): State<Site>,
    Path(id): Path<String>,
    Query(query): Query<RecordQuery>,
) -> ApiResult {
    let language = match query.language.as_deref() {
        None => awe_awechec::Language::French,
        Some(code) => code
            .parse()
            .map_err(|e: awe_awechec::ParseLanguageError| ApiError::bad(e.to_string()))?,
    };
    let handle = room(&app, &id).await?;
    let text = built(&app, &handle, Built::Record(language)).await?;
    let disposition = format!("attachment; filename=\"awe-{id}.awe\"");
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8")),
            (
                header::CONTENT_DISPOSITION,
                HeaderValue::from_str(&disposition)
                    .unwrap_or(HeaderValue::from_static("attachment")),
            ),
        ],
        text,
    )
        .into_response())
}

/// Engine help is closed to the players of a game between two people while it runs, and to
/// everyone for that game itself (a spectator could be a player's second browser): refused
/// with `fair_play`. It opens when the game ends.
fn fair_play() -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        "fair_play",
        "no engine helps during a game between two people: analysis opens when it ends",
    )
}

/// Who asks for engine help, and the budget it takes from: their address's rate of `kind` and
/// their analyses under way. Refused if they hold a seat in a game being played between two
/// people.
async fn engine_help(
    app: &Site,
    headers: &HeaderMap,
    peer: std::net::SocketAddr,
    kind: Kind,
) -> Result<crate::limits::Held<String>, ApiError> {
    let address = client_address(app, headers, peer);
    if seated_in_live_game(app, headers).await? {
        return Err(fair_play());
    }
    let what = if kind == Kind::Review { "reviews" } else { "analyses" };
    app.limits.check(kind, &address).map_err(|w| ApiError::too_many(w, what))?;
    app.limits.engine_job(&address).ok_or_else(|| {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many",
            format!("too many {what} at once: wait for the one under way"),
        )
        .retry_after(1)
    })
}

/// The game of a room, for analysis: refused while it is played between two people.
async fn game_of(app: &Site, id: &str) -> Result<Match, ApiError> {
    let handle = room(app, id).await?;
    let (game, live) = ask(&handle, |reply| Command::Game { reply }).await?;
    if live {
        return Err(fair_play());
    }
    Ok(game)
}

fn busy(_: crate::pool::Busy) -> ApiError {
    ApiError::unavailable("the engines are busy: try again in a moment")
}

async fn review(
    State(app): State<Site>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult {
    let _under_way = engine_help(&app, &headers, peer, Kind::Review).await?;
    let game = game_of(&app, &id).await?;
    // About half a minute for the whole game, at most a third of a second a move.
    let plies = game.plies().max(1) as u64;
    let time = Duration::from_millis((30_000 / plies).clamp(20, 300));
    let judged =
        each!(game, g => crate::analysis::review(&app.pool, g, time).await).map_err(busy)?;
    Ok(Json(json!({ "moves": judged })).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnalysisRequest {
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    ply: Option<usize>,
    #[serde(default)]
    spec: Option<Spec>,
    #[serde(default)]
    position: Option<String>,
}

async fn analysis(
    State(app): State<Site>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> ApiResult {
    let request: AnalysisRequest = body(&headers, &bytes)?;
    let _under_way = engine_help(&app, &headers, peer, Kind::Analysis).await?;
    let game = match (request.id, request.spec) {
        (Some(id), None) => {
            let mut game = game_of(&app, &id).await?;
            // The position after `ply` moves (the last one by default).
            let ply = request.ply.unwrap_or(game.plies()).min(game.plies());
            while game.plies() > ply {
                game.undo();
            }
            // A stop (agreement, resignation) is not the position's: analyse it anyway.
            if game.outcome().is_some() && game.plies() == ply {
                game.undo();
                while game.plies() > ply {
                    game.undo();
                }
            }
            game
        }
        (None, Some(spec)) => {
            let game =
                Match::new(&spec, request.position.as_deref()).map_err(|e| ApiError::bad(e.0))?;
            game.check_size().map_err(|e| ApiError::bad(e.0))?;
            game
        }
        _ => return Err(ApiError::bad("give a game's id (and ply), or a spec and a position")),
    };
    // A seat's address, with or without cookies (a player's second browser), gets nothing on
    // the position of its live game (`fairplay.rs`).
    let address = client_address(&app, &headers, peer);
    if app.seats.plays_at(&address, &game.position_text()) {
        return Err(fair_play());
    }
    let result = each!(game, g => crate::analysis::analyze(&app.pool, g, ANALYSIS_TIME).await)
        .map_err(busy)?;
    Ok(Json(result).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ImportRequest {
    text: String,
}

async fn import(
    State(app): State<Site>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> ApiResult {
    let request: ImportRequest = body(&headers, &bytes)?;
    let address = client_address(&app, &headers, peer);
    app.limits.check(Kind::Import, &address).map_err(|w| ApiError::too_many(w, "imports"))?;
    // A long record takes a while to read and replay: not on the server's async threads.
    let read = tokio::task::spawn_blocking(move || {
        let (spec, game) = Match::from_record(&request.text).map_err(|e| ApiError::bad(e.0))?;
        game.check_size().map_err(|e| ApiError::bad(e.0))?;
        let spec = spec.normalized().map_err(|e| ApiError::bad(e.0))?;
        let record = awe_game::record::Record::parse(&request.text)
            .map_err(|e| ApiError::bad(e.to_string()))?;
        let names = match spec {
            Spec::Awele { .. } => ["South", "North"],
            _ => ["White", "Black"],
        }
        .map(|tag| record.tag(tag).filter(|n| *n != "?").map(str::to_owned));
        Ok::<_, ApiError>((spec, game, names))
    });
    let (spec, game, names) =
        read.await.map_err(|_| ApiError::bad("the record could not be read"))??;
    let id = new_id();
    let [south, north] = names;
    let moves: Vec<MoveRow> = game
        .move_texts()
        .into_iter()
        .enumerate()
        .map(|(ply, text)| MoveRow { ply: ply as i64, text, clocks: None, played_at: now_ms() })
        .collect();
    let row = GameRow {
        id: id.clone(),
        spec: serde_json::to_string(&spec).map_err(|e| ApiError::bad(e.to_string()))?,
        start_position: game.start_text(&spec),
        kind: "import".into(),
        // Listed with the finished games only if it is one.
        status: if game.outcome().is_some() { "over" } else { "record" }.into(),
        seats: [
            SeatRow { name: clean_name(south), ..SeatRow::default() },
            SeatRow { name: clean_name(north), ..SeatRow::default() },
        ],
        stopped: stopped(&game),
        result: game.outcome().map(|o| o.result().to_string()),
        termination: game.outcome().map(|o| o.termination.name().to_owned()),
        created_at: now_ms(),
        updated_at: now_ms(),
        plies: moves.len() as i64,
        ..GameRow::default()
    };
    app.store.create_with_moves(&row, &moves).await.map_err(|e| {
        tracing::error!("import: {e}");
        ApiError::unavailable("the record could not be stored; try again")
    })?;
    Ok(Json(json!({ "id": id })).into_response())
}

/// How the players stopped a game, as the database writes it.
fn stopped(game: &Match) -> Option<String> {
    let stop = each!(game, g => g.stopped())?;
    Some(match stop {
        awe_game::Stop::Agreement => "agreement".into(),
        awe_game::Stop::Resignation(side) => format!("resignation:{}", side.name().to_lowercase()),
        awe_game::Stop::TimeForfeit(side) => format!("time:{}", side.name().to_lowercase()),
    })
}
