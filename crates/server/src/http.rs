//! The site's HTTP side: the pages, the API, and the door to the WebSocket (`ws.rs`).

use std::time::Duration;

use awe_game::Side;
use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::accounts;
use crate::app::{App, hash, new_id, new_secret};
use crate::limits::Kind;
use crate::message::{Message, ask, perform};
use crate::model::{Match, each};
use crate::request::{
    ApiError, ApiResult, acting, actor, body, client_address, identity, with_cookies,
};
use crate::room::{Built, Cached, Command, Handle};
use crate::spec::Spec;
use crate::store::{GameRow, MoveRow, SeatRow, now_ms};

/// The largest body of a request, but for imports.
const BODY_LIMIT: usize = 16 * 1024;

/// The largest record an import takes (as `awe replay` reads them).
const IMPORT_LIMIT: usize = awe_game::record::MAX_RECORD_BYTES + 1024;

/// How long a request may take to send its body.
const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// How long an analysis of a position thinks.
const ANALYSIS_TIME: Duration = Duration::from_millis(1000);

/// The site.
pub fn router(app: App) -> Router {
    let request_timeout = app.limits.settings.request_timeout;
    let api = Router::new()
        .route("/api/games", post(create))
        .route("/api/games/export", get(crate::export::download))
        .route("/api/games/{id}", get(state))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/act", post(act))
        .route("/api/games/{id}/history", get(history))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/review", post(review))
        .route("/api/analysis", post(analysis))
        .route("/api/explorer", get(crate::explorer::explore))
        .route("/api/lobby", get(lobby))
        .route("/api/account", get(accounts::me))
        .route("/api/account/signup", post(accounts::sign_up))
        .route("/api/account/signin", post(accounts::sign_in))
        .route("/api/account/signout", post(accounts::sign_out))
        .route("/api/players/{name}", get(accounts::player))
        .route("/api/leaderboard", get(accounts::leaderboard))
        .route("/api/stats", get(stats))
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/api/turns", get(crate::turns::turns))
        .route("/api/seeks", get(crate::pairing::pools).post(crate::pairing::seek))
        .route("/api/tournaments", get(crate::tournament::list).post(crate::tournament::create))
        .route("/api/tournaments/{id}", get(crate::tournament::show))
        .route("/api/tournaments/{id}/join", post(crate::tournament::join))
        .route("/api/tournaments/{id}/withdraw", post(crate::tournament::withdraw))
        .route(
            "/api/tournaments/{id}/chat",
            get(crate::chat::tournament_history).post(crate::chat::tournament_say),
        )
        .route("/api/tournaments/{id}/standings.csv", get(crate::tournament::download))
        .route("/api/seeks/{id}", get(crate::pairing::status))
        .route("/api/seeks/{id}/cancel", post(crate::pairing::cancel))
        .route("/api/games/{id}/chat", get(crate::chat::history).post(crate::chat::say))
        .route("/api/chat/mutes", get(crate::chat::mutes))
        .route("/api/chat/mute", post(crate::chat::mute))
        .route("/api/chat/report", post(crate::chat::report))
        .route("/api/admin/reports", get(crate::chat::reports))
        .route("/api/admin/reports/{id}", post(crate::chat::moderate))
        .route("/api/puzzles/next", get(crate::puzzle::next))
        .route("/api/puzzles/{id}", get(crate::puzzle::show))
        .route("/api/puzzles/{id}/move", post(crate::puzzle::play))
        .route("/api/account/tokens", get(crate::bot::tokens).post(crate::bot::create_token))
        .route("/api/account/tokens/{id}/revoke", post(crate::bot::revoke_token))
        .route("/api/bot/account", get(crate::bot::whoami))
        .route("/api/bot/account/upgrade", post(crate::bot::upgrade))
        .route("/api/bot/stream/event", get(crate::bot::events))
        .route("/api/bot/challenge/{id}/accept", post(crate::bot::accept))
        .route("/api/bot/challenge/{id}/decline", post(crate::bot::decline))
        // lichess's paths for the same (a program written for lichess changes only its URL).
        .route("/api/stream/event", get(crate::bot::events))
        .route("/api/challenge/{id}/accept", post(crate::bot::accept))
        .route("/api/challenge/{id}/decline", post(crate::bot::decline))
        .route("/api/bot/game/stream/{id}", get(crate::bot::game_stream))
        .route("/api/bot/game/{id}/move/{move}", post(crate::bot::play))
        .route("/api/bot/game/{id}/resign", post(crate::bot::resign))
        .route("/api/bot/game/{id}/chat", post(crate::bot::chat))
        .route("/api/{*rest}", get(api_not_found).post(api_not_found))
        .layer(DefaultBodyLimit::max(BODY_LIMIT));
    let import =
        Router::new().route("/api/import", post(import)).layer(DefaultBodyLimit::max(IMPORT_LIMIT));
    Router::new()
        .merge(api)
        .merge(import)
        .route("/ws/games/{id}", get(crate::ws::upgrade))
        .route("/ws/lobby", get(crate::ws::lobby))
        .route("/ws/tournaments/{id}", get(crate::tournament::socket))
        .route("/tournaments", get(page))
        .route("/puzzles", get(page))
        .route("/puzzle/{id}", get(page))
        .route("/tournament/{id}", get(page))
        .route("/", get(page))
        .route("/import", get(page))
        .route("/analysis", get(page))
        .route("/rules", get(page))
        .route("/signin", get(page))
        .route("/signup", get(page))
        .route("/leaderboard", get(page))
        .route("/turns", get(page))
        .route("/admin/reports", get(page))
        .route("/player/{name}", get(page))
        .route("/rules/{game}", get(rules_page))
        .route("/game/{id}", get(game_page))
        // The pages' files (`/app.js`, `/app.3f9a0c1d2e.js`…), else nothing.
        .fallback(asset)
        // Inside the JSON errors: a request that takes too long is answered as every error is.
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(BODY_TIMEOUT))
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            request_timeout,
        ))
        .layer(axum::middleware::from_fn(crate::request::json_errors))
        .layer(axum::middleware::from_fn(crate::request::same_site_only))
        .layer(axum::middleware::map_response(security_headers))
        .layer(axum::middleware::from_fn(traced))
        .with_state(app)
}

/// A request's span (an id a request, its method and path: never its query, which may carry an
/// invitation, nor its headers, which carry cookies), a log line at `debug` (`warn` for a 5xx),
/// and its metrics.
async fn traced(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    use std::sync::atomic::{AtomicU64, Ordering};
    use tracing::Instrument;
    static REQUESTS: AtomicU64 = AtomicU64::new(1);
    let id = REQUESTS.fetch_add(1, Ordering::Relaxed);
    let span = tracing::info_span!(
        "request",
        id,
        method = %request.method(),
        path = %request.uri().path(),
    );
    async move {
        let started = std::time::Instant::now();
        let response = next.run(request).await;
        let status = response.status().as_u16();
        let seconds = started.elapsed().as_secs_f64();
        if status >= 500 {
            tracing::warn!(status, ms = seconds * 1000.0, "answered");
        } else {
            tracing::debug!(status, ms = seconds * 1000.0, "answered");
        }
        let class = match status {
            100..=199 => "1xx",
            200..=299 => "2xx",
            300..=399 => "3xx",
            400..=499 => "4xx",
            _ => "5xx",
        };
        metrics::counter!("awe_http_requests_total", "status" => class).increment(1);
        metrics::histogram!("awe_http_request_seconds").record(seconds);
        response
    }
    .instrument(span)
    .await
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

/// The room of game `id`: `not_found` if there is no such game.
pub(crate) async fn room(app: &App, id: &str) -> Result<Handle, ApiError> {
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

/// A clock: minutes for the game and seconds a move, or days a move (correspondence).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ClockSpec {
    #[serde(default)]
    minutes: f64,
    #[serde(default)]
    increment: f64,
    #[serde(default)]
    days: Option<i64>,
}

impl ClockSpec {
    /// The clock as a game row keeps it (initial and increment in milliseconds; a correspondence
    /// clock has its days as the initial time), and whether it is a correspondence clock.
    pub(crate) fn read(&self) -> Result<((i64, i64), bool), ApiError> {
        if let Some(days) = self.days {
            if !crate::clock::DAYS_PER_MOVE.contains(&days) {
                return Err(ApiError::bad("clock: days a move are 1, 2, 3, 5, 7 or 14"));
            }
            let clock = crate::clock::Clock::days_per_move(days);
            return Ok(((clock.initial_ms, 0), true));
        }
        let (minutes, increment) = (self.minutes, self.increment);
        let valid = |x: f64, most: f64| x.is_finite() && (0.0..=most).contains(&x);
        if !valid(minutes, 180.0) || !valid(increment, 180.0) || minutes * 60.0 + increment < 1.0 {
            return Err(ApiError::bad(
                "clock: minutes from 0 to 180 and an increment from 0 to 180 seconds, at least \
                 a second in all",
            ));
        }
        Ok((((minutes * 60_000.0) as i64, (increment * 1000.0) as i64), false))
    }
}

/// The rating category of games of `spec` (none for handicaps). Correspondence games are rated
/// apart, as lichess rates them: a move a day is another game than a move in seconds (a player
/// strong at one is not at the other).
pub(crate) fn rating_category(
    spec: &Spec,
    correspondence: bool,
) -> Result<Option<String>, ApiError> {
    let category = spec.category().map_err(|e| ApiError::bad(e.0))?;
    Ok(category
        .map(|c| if correspondence { format!("{c}:{}", crate::spec::CORRESPONDENCE) } else { c }))
}

/// A player's name as the site keeps it: printable, without the marks that turn text around
/// (a name must not reverse what follows it), at most 30 characters.
fn clean_name(name: Option<String>) -> Option<String> {
    crate::text::clean(&name?, 30)
}

async fn create(
    State(app): State<App>,
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
    let (actor, cookies) = if crate::bot::bearer(&headers).is_some() {
        let holder = crate::bot::holder(&app, &headers, crate::bot::CHALLENGE).await?;
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
            return Err(ApiError::bad("a game with handicaps or from a position is not rated"));
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

/// A bot's refusal where a person's place is asked: the lobby's seats, quick pairing,
/// tournaments.
pub(crate) fn bots_play_bots() -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        "bot",
        "a bot plays only the challenges addressed to it, and challenges only bots",
    )
}

/// The bot account named `name`, online (its program listening), to challenge.
async fn bot_to_challenge(app: &App, name: &str) -> Result<crate::store::User, ApiError> {
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

async fn state(State(app): State<App>, Path(id): Path<String>, headers: HeaderMap) -> ApiResult {
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
    Ok(with_cookies(response.into_response(), cookies))
}

async fn act(
    State(app): State<App>,
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
async fn built(app: &App, handle: &Handle, what: Built) -> Result<Bytes, ApiError> {
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

async fn history(State(app): State<App>, Path(id): Path<String>) -> ApiResult {
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

/// Whether who asks holds a seat in a game being played between two people (then no engine
/// helps them, see [`fair_play`]).
pub(crate) async fn seated_in_live_game(app: &App, headers: &HeaderMap) -> Result<bool, ApiError> {
    let Some(actor) = actor(app, headers).await? else { return Ok(false) };
    let user = actor.user.as_ref().map(|u| u.id.as_str());
    app.store.seated_in_live_game(&actor.secret, user).await.map_err(|e| {
        tracing::error!("fair play: {e}");
        ApiError::unavailable("try again")
    })
}

/// Who asks for engine help, and the budget it takes from: their address's rate of `kind` and
/// their analyses under way. Refused if they hold a seat in a game being played between two
/// people.
async fn engine_help(
    app: &App,
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
async fn game_of(app: &App, id: &str) -> Result<Match, ApiError> {
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
    State(app): State<App>,
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
    State(app): State<App>,
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
    State(app): State<App>,
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

async fn lobby(State(app): State<App>) -> ApiResult {
    let lists = crate::lobby::lists(&app).await.map_err(|e| {
        tracing::error!("lobby: {e}");
        ApiError::unavailable("the lists could not be read; try again")
    })?;
    Ok(Json(lists).into_response())
}

/// What this server holds now (for operators and the tests of several servers): the rooms in
/// memory and the computer's searches it has started.
async fn stats(State(app): State<App>) -> Json<Value> {
    Json(json!({
        "rooms": app.rooms.len(),
        "rooms_memory": app.rooms.weight(),
        "rooms_evicted": app.rooms.evicted(),
        "connections": app.limits.open(),
        "searches": app.searches.load(std::sync::atomic::Ordering::Relaxed),
        "built": app.built.load(std::sync::atomic::Ordering::Relaxed),
        "engines": {
            "size": app.pool.size(),
            "running": app.pool.running(),
            "waiting": app.pool.waiting(),
            "preempted": app.pool.preemptions(),
        },
        "postgres": app.store.is_postgres(),
    }))
}

/// `GET /healthz`: the process answers (a supervisor restarts it when it does not).
async fn healthz() -> &'static str {
    "ok\n"
}

/// `GET /readyz`: the database answers, every migration of this build is applied, and the
/// server is not stopping; else 503, and a balancer sends its requests elsewhere.
async fn readyz(State(app): State<App>) -> Response {
    let unready = |why: &str| (StatusCode::SERVICE_UNAVAILABLE, format!("{why}\n")).into_response();
    if app.shutdown.stopping() {
        return unready("stopping");
    }
    let asking = std::time::Instant::now();
    let ready = tokio::time::timeout(Duration::from_secs(2), app.store.ready()).await;
    metrics::histogram!("awe_database_seconds", "op" => "ready")
        .record(asking.elapsed().as_secs_f64());
    match ready {
        Ok(Ok(true)) => "ready\n".into_response(),
        Ok(Ok(false)) => unready("the database's schema is behind this server"),
        Ok(Err(_)) | Err(_) => unready("the database does not answer"),
    }
}

async fn api_not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such API")
}

async fn asset(uri: axum::http::Uri, headers: HeaderMap) -> Response {
    match crate::assets::find(uri.path()) {
        Some(asset) => crate::assets::response(asset, uri.path(), &headers),
        None => not_found_html(),
    }
}

/// The page (the application draws itself from the address), with the browser's cookie made
/// if it has none.
async fn page(State(app): State<App>, headers: HeaderMap) -> Response {
    let (_, cookies) = identity(&headers, app.limits.settings.secure_cookies);
    let page = match crate::assets::find("/index.html") {
        Some(asset) => crate::assets::response(asset, "/index.html", &headers),
        None => not_found_html(),
    };
    with_cookies(page, cookies)
}

async fn rules_page(
    State(app): State<App>,
    Path(game): Path<String>,
    headers: HeaderMap,
) -> Response {
    if ["awele", "awithlaknannai", "awechec"].contains(&game.as_str()) {
        page(State(app), headers).await
    } else {
        not_found_html()
    }
}

async fn game_page(State(app): State<App>, Path(id): Path<String>, headers: HeaderMap) -> Response {
    match app.room(&id).await {
        Ok(Some(_)) => page(State(app), headers).await,
        Ok(None) => not_found_html(),
        Err(message) => ApiError::unavailable(message).into_response(),
    }
}

/// The page for an address that leads nowhere.
fn not_found_html() -> Response {
    let html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta \
         name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>Not found · \
         awe</title><link rel=\"stylesheet\" href=\"{}\"></head><body class=\"not-found\">\
         <main><h1>404</h1><p>There is no such page or game here. · <span lang=\"fr\">Cette \
         page ou cette partie n’existe pas.</span></p><p><a href=\"/\">awe: home · \
         <span lang=\"fr\">accueil</span></a></p></main></body></html>",
        crate::assets::STYLE
    );
    (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], html)
        .into_response()
}
