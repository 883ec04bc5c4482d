//! The site's HTTP side: the pages, the API, and the door to the WebSocket (`ws.rs`).

use std::time::Duration;

use awe_game::Side;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::oneshot;

use crate::accounts::{self, actor};
use crate::app::{App, hash, new_id, new_secret};
use crate::limits::Kind;
use crate::model::{Match, each};
use crate::room::{Action, Actor, Command, Handle};
use crate::spec::Spec;
use crate::store::{GameRow, MoveRow, SeatRow, now_ms};

/// The pages' files, built by build.rs.
mod assets {
    include!(concat!(env!("OUT_DIR"), "/assets.rs"));
}

/// The largest body of a request, but for imports.
const BODY_LIMIT: usize = 16 * 1024;

/// The largest record an import takes (as `awe replay` reads them).
const IMPORT_LIMIT: usize = awe_game::record::MAX_RECORD_BYTES + 1024;

/// The name of the cookie that holds a browser's secret.
const COOKIE: &str = "awe_player";

/// The cookie whose value a page sends back in the `x-csrf-token` header with every request
/// that changes something: another site can make a browser send our cookies, not read them.
pub const CSRF_COOKIE: &str = "awe_csrf";

/// How long a request may take to send its body.
const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// How long any request may take, the slowest (a game's review) included.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(90);

/// The site.
pub fn router(app: App) -> Router {
    let api = Router::new()
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(state))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/act", post(act))
        .route("/api/games/{id}/history", get(history))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/review", post(review))
        .route("/api/analysis", post(analysis))
        .route("/api/lobby", get(lobby))
        .route("/api/account", get(accounts::me))
        .route("/api/account/signup", post(accounts::sign_up))
        .route("/api/account/signin", post(accounts::sign_in))
        .route("/api/account/signout", post(accounts::sign_out))
        .route("/api/players/{name}", get(accounts::player))
        .route("/api/leaderboard", get(accounts::leaderboard))
        .route("/api/stats", get(stats))
        .route("/api/{*rest}", get(api_not_found).post(api_not_found))
        .layer(DefaultBodyLimit::max(BODY_LIMIT));
    let import =
        Router::new().route("/api/import", post(import)).layer(DefaultBodyLimit::max(IMPORT_LIMIT));
    Router::new()
        .merge(api)
        .merge(import)
        .route("/ws/games/{id}", get(crate::ws::upgrade))
        .route("/ws/lobby", get(crate::ws::lobby))
        .route("/", get(page))
        .route("/import", get(page))
        .route("/analysis", get(page))
        .route("/rules", get(page))
        .route("/signin", get(page))
        .route("/signup", get(page))
        .route("/leaderboard", get(page))
        .route("/player/{name}", get(page))
        .route("/rules/{game}", get(rules_page))
        .route("/game/{id}", get(game_page))
        .route("/app.js", get(asset))
        .route("/app.css", get(asset))
        .route("/favicon.svg", get(asset))
        .fallback(not_found_page)
        .layer(axum::middleware::from_fn(json_errors))
        .layer(axum::middleware::from_fn(same_site_only))
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(BODY_TIMEOUT))
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            REQUEST_TIMEOUT,
        ))
        .layer(axum::middleware::map_response(security_headers))
        .with_state(app)
}

/// A cookie's value.
pub fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(n, _)| *n == name)
        .map(|(_, value)| value.to_owned())
}

/// Whether a request comes from a page of this site: its `Origin`, where it has one, names the
/// host it was sent to.
pub fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) else {
        return true;
    };
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok()).unwrap_or_default();
    let origin_host = origin.split_once("://").map_or("", |(_, rest)| rest);
    !host.is_empty() && origin_host.eq_ignore_ascii_case(host)
}

/// Cross-site request forgery, refused: a request that changes something (any but GET and
/// HEAD) and carries our cookies must come from our pages, which say so by sending back the
/// `awe_csrf` cookie's value in `x-csrf-token`, and by their `Origin`. A request with no cookie
/// acts for nobody and needs neither.
async fn same_site_only(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let headers = request.headers();
    let changes = !matches!(*request.method(), axum::http::Method::GET | axum::http::Method::HEAD);
    let refused = |message: &str| {
        ApiError::new(StatusCode::FORBIDDEN, "csrf", message.to_owned()).into_response()
    };
    if changes {
        if !same_origin(headers) {
            return refused("a request from another site");
        }
        let ours = cookie(headers, COOKIE).is_some() || accounts::session_token(headers).is_some();
        if ours {
            let expected = cookie(headers, CSRF_COOKIE);
            let given = headers.get("x-csrf-token").and_then(|v| v.to_str().ok());
            if expected.is_none() || expected.as_deref() != given {
                return refused(
                    "the request lacks this site's token (x-csrf-token): reload the page",
                );
            }
        }
    }
    next.run(request).await
}

/// The client's address: the connection's, or the last hop of `X-Forwarded-For` behind a
/// trusted proxy. A text, as the rate limits key it.
pub fn client_address(app: &App, headers: &HeaderMap, peer: std::net::SocketAddr) -> String {
    if app.limits.settings.trust_proxy
        && let Some(forwarded) = headers.get("x-forwarded-for").and_then(|v| v.to_str().ok())
        && let Some(last) = forwarded.rsplit(',').next()
        && let Ok(address) = last.trim().parse::<std::net::IpAddr>()
    {
        return address.to_string();
    }
    peer.ip().to_string()
}

/// Headers every answer carries: no framing, no sniffing, scripts and connections to this site
/// only.
async fn security_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    let set = |headers: &mut HeaderMap, name: &'static str, value: &'static str| {
        headers.insert(name, HeaderValue::from_static(value));
    };
    set(
        headers,
        "content-security-policy",
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; \
         connect-src 'self'; frame-ancestors 'none'",
    );
    set(headers, "x-content-type-options", "nosniff");
    set(headers, "x-frame-options", "DENY");
    set(headers, "referrer-policy", "same-origin");
    response
}

/// Errors of the API are JSON, whatever made them (a body too large, a wrong method): a client
/// reads `{"error", "code"}` from every failed `/api/` request.
async fn json_errors(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let api = request.uri().path().starts_with("/api/");
    let response = next.run(request).await;
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !api || response.status().is_success() || json {
        return response;
    }
    let status = response.status();
    let code = match status {
        StatusCode::PAYLOAD_TOO_LARGE => "too_large",
        StatusCode::METHOD_NOT_ALLOWED => "method",
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "content_type",
        StatusCode::NOT_FOUND => "not_found",
        _ => "bad_request",
    };
    let text = match axum::body::to_bytes(response.into_body(), 4096).await {
        Ok(bytes) if !bytes.is_empty() => String::from_utf8_lossy(&bytes).into_owned(),
        _ => status.canonical_reason().unwrap_or("error").to_lowercase(),
    };
    ApiError::new(status, code, text).into_response()
}

/// An answer that went wrong, as JSON: `{"error": MESSAGE, "code": CODE}`, a message in English
/// and a code that the pages put in the reader's language (docs/server.md lists them).
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    /// Seconds to wait before trying again (`Retry-After`), for a refusal by rate.
    pub retry_after: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError { status, code, message: message.into(), retry_after: None }
    }

    /// The same, telling when to try again.
    pub fn retry_after(self, seconds: u64) -> ApiError {
        ApiError { retry_after: Some(seconds), ..self }
    }

    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    pub fn not_found() -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such game")
    }

    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "retry", message)
    }

    /// A room's refusal.
    pub fn refused(refusal: crate::room::Refusal) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, refusal.code, refusal.message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(json!({ "error": self.message, "code": self.code })))
            .into_response();
        if let Some(seconds) = self.retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

pub type ApiResult = Result<Response, ApiError>;

/// Reads a JSON body, naming what is wrong with it. The body must say it is JSON: a form of
/// another site cannot send one without the browser asking this server first (CORS), so that no
/// other page can act for a player whose cookie it rides on.
pub fn body<T: for<'a> Deserialize<'a>>(headers: &HeaderMap, bytes: &Bytes) -> Result<T, ApiError> {
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim().starts_with("application/json"));
    if !json {
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "content_type",
            "the body must be JSON, sent with Content-Type: application/json",
        ));
    }
    serde_json::from_slice(bytes).map_err(|e| ApiError::bad(format!("bad request: {e}")))
}

/// The browser's secret, from its cookie.
pub fn secret(headers: &HeaderMap) -> Option<String> {
    cookie(headers, COOKIE)
        .filter(|value| value.len() == 32 && value.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The browser's secret, made if it has none; and the cookies to send if they were made (the
/// secret's, and the token the pages send back against forgery).
fn identity(headers: &HeaderMap) -> (String, Vec<HeaderValue>) {
    let mut cookies: Vec<HeaderValue> = csrf_cookie(headers).into_iter().collect();
    let secret = match secret(headers) {
        Some(secret) => secret,
        None => {
            let secret = new_secret();
            let cookie =
                format!("{COOKIE}={secret}; Path=/; HttpOnly; SameSite=Lax; Max-Age=315360000");
            cookies.extend(HeaderValue::from_str(&cookie).ok());
            secret
        }
    };
    (secret, cookies)
}

/// The token against forgery, for a browser that has none yet: readable by the pages' script
/// (not HttpOnly), sent to this site only.
pub fn csrf_cookie(headers: &HeaderMap) -> Option<HeaderValue> {
    if cookie(headers, CSRF_COOKIE).is_some_and(|v| v.len() == 32) {
        return None;
    }
    let token =
        format!("{CSRF_COOKIE}={}; Path=/; SameSite=Strict; Max-Age=315360000", new_secret());
    HeaderValue::from_str(&token).ok()
}

fn with_cookie(mut response: Response, cookies: Vec<HeaderValue>) -> Response {
    for cookie in cookies {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    response
}

/// Who sends a request that acts: their browser's secret (made if it has none) and account.
async fn acting(app: &App, headers: &HeaderMap) -> Result<(Actor, Vec<HeaderValue>), ApiError> {
    let (secret, cookies) = identity(headers);
    let user = accounts::signed_in(app, headers).await?;
    Ok((Actor { secret: hash(&secret), user }, cookies))
}

/// Asks a room and waits for its answer.
async fn ask<T>(
    handle: &Handle,
    command: impl FnOnce(oneshot::Sender<T>) -> Command,
) -> Result<T, ApiError> {
    let (reply, answer) = oneshot::channel();
    handle
        .commands
        .send(command(reply))
        .await
        .map_err(|_| ApiError::unavailable("the game was closing; try again"))?;
    answer.await.map_err(|_| ApiError::unavailable("the game was closing; try again"))
}

async fn room(app: &App, id: &str) -> Result<Handle, ApiError> {
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
    Computer { level: u8 },
    Friend,
    Open,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClockSpec {
    minutes: f64,
    #[serde(default)]
    increment: f64,
}

/// A player's name as the site keeps it: printable, without the marks that turn text around
/// (a name must not reverse what follows it), at most 30 characters.
fn clean_name(name: Option<String>) -> Option<String> {
    let bidi = |c: char| matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
    let name: String = name?.chars().filter(|&c| !c.is_control() && !bidi(c)).take(30).collect();
    let name = name.trim().to_owned();
    (!name.is_empty()).then_some(name)
}

async fn create(
    State(app): State<App>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> ApiResult {
    let new: NewGame = body(&headers, &bytes)?;
    let address = client_address(&app, &headers, peer);
    app.limits.check(Kind::CreateGame, &address).map_err(|wait| {
        let seconds = wait.as_secs().max(1);
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many",
            format!("too many new games: try again in {seconds} s"),
        )
        .retry_after(seconds)
    })?;
    let spec = new.spec.normalized().map_err(|e| ApiError::bad(e.0))?;
    Match::new(&spec, new.position.as_deref())
        .and_then(|game| game.check_size())
        .map_err(|e| ApiError::bad(e.0))?;
    let clock = match new.clock {
        None => None,
        Some(ClockSpec { minutes, increment }) => {
            let valid = |x: f64, most: f64| x.is_finite() && (0.0..=most).contains(&x);
            if !valid(minutes, 180.0)
                || !valid(increment, 180.0)
                || minutes * 60.0 + increment < 1.0
            {
                return Err(ApiError::bad(
                    "clock: minutes from 0 to 180 and an increment from 0 to 180 seconds, at \
                     least a second in all",
                ));
            }
            Some(((minutes * 60_000.0) as i64, (increment * 1000.0) as i64))
        }
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
    let (actor, cookies) = acting(&app, &headers).await?;
    let category = spec.category().map_err(|e| ApiError::bad(e.0))?;
    if new.rated {
        if actor.user.is_none() {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "sign_in",
                "a rated game is for players signed in",
            ));
        }
        if !matches!(new.opponent, Opponent::Open | Opponent::Friend) {
            return Err(ApiError::bad("a rated game is between two players"));
        }
        if category.is_none() || new.position.is_some() {
            return Err(ApiError::bad("a game with handicaps or from a position is not rated"));
        }
    }
    if !matches!(new.opponent, Opponent::Computer { .. }) {
        let waiting = app.store.count_waiting(&actor.secret).await.map_err(|e| {
            eprintln!("awe serve: new game: {e}");
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
    let (kind, invite) = match new.opponent {
        Opponent::Computer { level } => {
            let level = awe_search::Level::new(level)
                .ok_or_else(|| ApiError::bad("opponent: a level from 1 to 10"))?;
            seats[mine.opponent().index()].level = Some(level.get() as i64);
            ("computer", None)
        }
        Opponent::Friend => ("friend", Some(new_secret())),
        Opponent::Open => ("open", None),
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
        created_at: now_ms(),
        updated_at: now_ms(),
        rated: new.rated,
        category: category.filter(|_| new.rated),
        ..GameRow::default()
    };
    app.store.create(&row).await.map_err(|e| {
        eprintln!("awe serve: new game: {e}");
        ApiError::unavailable("the game could not be recorded; try again")
    })?;
    // The room starts now: a computer that moves first starts thinking.
    room(&app, &id).await?;
    app.lobby_changed();
    let response = Json(json!({ "id": id, "invite": invite, "you": side_name(&spec, mine) }));
    Ok(with_cookie(response.into_response(), cookies))
}

fn side_name(spec: &Spec, side: Side) -> &'static str {
    match (spec, side) {
        (Spec::Awele { .. }, Side::South) => "south",
        (Spec::Awele { .. }, Side::North) => "north",
        (_, Side::South) => "white",
        (_, Side::North) => "black",
    }
}

async fn state(State(app): State<App>, Path(id): Path<String>, headers: HeaderMap) -> ApiResult {
    let handle = room(&app, &id).await?;
    let actor = actor(&app, &headers).await?;
    let subscription = ask(&handle, |reply| Command::Subscribe { actor, reply }).await?;
    let mut state: Value = serde_json::from_str(&subscription.state)
        .map_err(|_| ApiError::unavailable("try again"))?;
    let game = state.get_mut("game").map(Value::take).unwrap_or(Value::Null);
    let you = subscription.you.map(|side| side_of_state(&game, side));
    Ok(Json(json!({ "game": game, "you": you })).into_response())
}

/// A side's name as a game's state names it.
pub fn side_of_state(game: &Value, side: Side) -> Value {
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
    State(app): State<App>,
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
    Ok(with_cookie(response.into_response(), cookies))
}

/// A client's action, as the WebSocket and `POST …/act` take it.
#[derive(Deserialize)]
#[serde(tag = "t", rename_all = "lowercase", deny_unknown_fields)]
pub enum Message {
    Move {
        ply: usize,
        #[serde(rename = "move")]
        text: String,
    },
    Resign,
    Draw {
        offer: bool,
    },
    Takeback {
        ask: bool,
    },
    Rematch,
    Cancel,
    Ping,
}

impl Message {
    /// The room's action, or `None` for a ping.
    pub fn action(self) -> Option<Action> {
        Some(match self {
            Message::Move { ply, text } => Action::Move { ply, text },
            Message::Resign => Action::Resign,
            Message::Draw { offer } => Action::Draw(offer),
            Message::Takeback { ask } => Action::Takeback(ask),
            Message::Rematch => Action::Rematch,
            Message::Cancel => Action::Cancel,
            Message::Ping => return None,
        })
    }
}

/// Sends a player's action to a room; its error is the player's to read.
pub async fn perform(handle: &Handle, actor: Actor, action: Action) -> Result<(), ApiError> {
    ask(handle, |reply| Command::Act { actor, action, reply }).await?.map_err(ApiError::refused)
}

async fn act(
    State(app): State<App>,
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
        perform(&handle, actor, action).await?;
    }
    Ok(Json(json!({})).into_response())
}

async fn history(State(app): State<App>, Path(id): Path<String>) -> ApiResult {
    let handle = room(&app, &id).await?;
    let history = ask(&handle, |reply| Command::History { reply }).await?;
    Ok(Json(history).into_response())
}

#[derive(Deserialize)]
struct RecordQuery {
    #[serde(default)]
    language: Option<String>,
}

async fn record(
    State(app): State<App>,
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
    let text = ask(&handle, |reply| Command::Record { language, reply }).await?;
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

/// The game of a room, for analysis.
async fn game_of(app: &App, id: &str) -> Result<Match, ApiError> {
    let handle = room(app, id).await?;
    ask(&handle, |reply| Command::Game { reply }).await
}

async fn review(State(app): State<App>, Path(id): Path<String>) -> ApiResult {
    let game = game_of(&app, &id).await?;
    // About half a minute for the whole game, at most a third of a second a move.
    let plies = game.plies().max(1) as u64;
    let time = Duration::from_millis((30_000 / plies).clamp(20, 300));
    let judged = app
        .pool
        .run(move || {
            each!(&game, g => {
                awe_players::analysis::review(g, time, |_, _| {})
                    .iter()
                    .enumerate()
                    .map(|(ply, j)| {
                        let before = &g.positions()[ply];
                        let text = |mv| awe_game::Position::move_text(before, mv);
                        json!({
                            "ply": ply,
                            "played": text(j.played),
                            "best": j.best.map(text),
                            "score": awe_search::score::describe(j.score),
                            "best_score": awe_search::score::describe(j.best_score),
                            "mark": j.mark.symbol(),
                        })
                    })
                    .collect::<Vec<Value>>()
            })
        })
        .await
        .ok_or_else(|| ApiError::unavailable("the review failed; try again"))?;
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

async fn analysis(State(app): State<App>, headers: HeaderMap, bytes: Bytes) -> ApiResult {
    let request: AnalysisRequest = body(&headers, &bytes)?;
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
    let time = Duration::from_millis(1000);
    let result = app
        .pool
        .run(move || {
            each!(&game, g => {
                let report = awe_players::analysis::analyze(g, time, |_| {});
                let line = awe_players::line(g.current(), &report.pv);
                json!({
                    "depth": report.depth,
                    "score": awe_search::score::describe(report.score),
                    "best": line.first(),
                    "line": line,
                    "over": g.outcome().map(|o| o.termination.name()),
                })
            })
        })
        .await
        .ok_or_else(|| ApiError::unavailable("the analysis failed; try again"))?;
    Ok(Json(result).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ImportRequest {
    text: String,
}

async fn import(State(app): State<App>, headers: HeaderMap, bytes: Bytes) -> ApiResult {
    let request: ImportRequest = body(&headers, &bytes)?;
    let (spec, game) = Match::from_record(&request.text).map_err(|e| ApiError::bad(e.0))?;
    game.check_size().map_err(|e| ApiError::bad(e.0))?;
    let spec = spec.normalized().map_err(|e| ApiError::bad(e.0))?;
    let record =
        awe_game::record::Record::parse(&request.text).map_err(|e| ApiError::bad(e.to_string()))?;
    let names = match spec {
        Spec::Awele { .. } => ["South", "North"],
        _ => ["White", "Black"],
    }
    .map(|tag| record.tag(tag).filter(|n| *n != "?").map(str::to_owned));
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
        eprintln!("awe serve: import: {e}");
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

async fn lobby(State(app): State<App>) -> ApiResult {
    let lists = crate::lobby::lists(&app).await.map_err(|e| {
        eprintln!("awe serve: lobby: {e}");
        ApiError::unavailable("the lists could not be read; try again")
    })?;
    Ok(Json(lists).into_response())
}

/// What this server holds now (for operators and the tests of several servers): the rooms in
/// memory and the computer's searches it has started.
async fn stats(State(app): State<App>) -> Json<Value> {
    Json(json!({
        "rooms": app.rooms.len(),
        "searches": app.searches.load(std::sync::atomic::Ordering::Relaxed),
        "postgres": app.store.is_postgres(),
    }))
}

async fn api_not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such API")
}

fn asset_response(path: &str) -> Option<Response> {
    let (_, kind, bytes) = assets::ASSETS.iter().find(|(p, _, _)| *p == path)?;
    Some(
        (
            [
                (header::CONTENT_TYPE, HeaderValue::from_static(kind)),
                (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            ],
            *bytes,
        )
            .into_response(),
    )
}

async fn asset(uri: axum::http::Uri) -> Response {
    asset_response(uri.path()).unwrap_or_else(not_found_html)
}

/// The page (the application draws itself from the address), with the browser's cookie made
/// if it has none.
async fn page(headers: HeaderMap) -> Response {
    let (_, cookies) = identity(&headers);
    let page = asset_response("/index.html").unwrap_or_else(not_found_html);
    with_cookie(page, cookies)
}

async fn rules_page(Path(game): Path<String>, headers: HeaderMap) -> Response {
    if ["awele", "awithlaknannai", "awechec"].contains(&game.as_str()) {
        page(headers).await
    } else {
        not_found_html()
    }
}

async fn game_page(State(app): State<App>, Path(id): Path<String>, headers: HeaderMap) -> Response {
    match app.room(&id).await {
        Ok(Some(_)) => page(headers).await,
        Ok(None) => not_found_html(),
        Err(message) => ApiError::unavailable(message).into_response(),
    }
}

async fn not_found_page() -> Response {
    not_found_html()
}

/// The page for an address that leads nowhere.
fn not_found_html() -> Response {
    let html = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta \
        name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>Not found · \
        awe</title><link rel=\"stylesheet\" href=\"/app.css\"></head><body class=\"not-found\">\
        <main><h1>404</h1><p>There is no such page or game here. · Il n'y a pas de telle page \
        ou partie ici.</p><p><a href=\"/\">awe: home · accueil</a></p></main></body></html>";
    (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], html)
        .into_response()
}
