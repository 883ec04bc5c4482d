//! Bots: programs that play on the site under an account of their own, through an API modelled
//! on lichess's Bot API (docs/research.md). A person makes a personal API token on their page
//! (kept hashed, revocable, limited to scopes), makes their account a bot with it once, and runs
//! a program (`awe bot`) that listens for challenges and games and plays its moves.
//!
//! - An account's tokens are made on its page (the accounts' feature, `awe-site-accounts`).
//! - With `Authorization: Bearer TOKEN` of scope `bot:play`:
//!   - `GET /api/bot/account`: who the token plays as;
//!   - `POST /api/bot/account/upgrade`: the account becomes a bot, for good (none of its games
//!     may be a person's);
//!   - `GET /api/bot/stream/event`: NDJSON, a line an event (`challenge`, `challengeCanceled`,
//!     `gameStart`, `gameFinish`), an empty line every few seconds to keep it open;
//!   - `POST /api/bot/challenge/ID/accept`, `…/decline`;
//!   - `GET /api/bot/game/stream/ID`: NDJSON, `gameFull` then a `gameState` a change and the
//!     players' `chatLine`s, until the game ends;
//!   - `POST /api/bot/game/ID/move/MOVE[?ply=N]`, `…/resign`, `…/chat` `{"text"}`.
//! - With scope `challenge:write`, `POST /api/games` makes a game as the token's account (a bot
//!   challenges another).
//! - lichess's own paths too, so that a program written for lichess (with its Python client,
//!   berserk, say) changes only its base URL: `GET /api/stream/event`, `POST
//!   /api/challenge/ID/accept`, `…/decline`; and its events carry lichess's fields where they
//!   mean the same: a challenge's `challenger`, `destUser`, `variant`, `timeControl`; a game's
//!   `gameId`, `isMyTurn`, `opponent.username`; `gameFull`'s `white`, `black`, `initialFen`,
//!   `state`; `gameState`'s `moves` (the moves' texts, space-separated), `wtime`, `btime`,
//!   `winc`, `binc`, `status`, `winner` (White is the side that moves first: South at Awélé).
//!
//! A challenge to a bot is a game of kind `bot` addressed to its account (`challenged`): only
//! that account may take the free seat. A bot's seats are marked `"bot": true` wherever a seat is
//! shown. Bots and people play rated games together; no engine helps the person meanwhile, as in
//! any game between two seats held by accounts.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Json;
use axum::body::{Body, Bytes};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::{broadcast, mpsc, oneshot};

use awe_site_core::channels::Speaker;
use awe_site_core::request::{ApiError, ApiResult, body, client_address};
use awe_site_core::store::GameRow;
use awe_site_core::tokens::{Holder, PLAY, holder};
use awe_site_play::Site;
use awe_site_play::games::room;
use awe_site_play::message::{ask, perform};
use awe_site_play::room::{Action, Command, Refusal, STATE_PREFIX, Subscription};
use axum::Router;
use axum::routing::{get, post};

/// The event streams a bot may hold open at once on a server (a program restarting may hold
/// its old one a moment).
const STREAMS: usize = 2;

/// The game streams a bot may hold open at once on a server (each keeps its game in memory).
const GAME_STREAMS: usize = 16;

/// How often a bot's event stream looks for challenges and games.
const POLL: Duration = Duration::from_millis(400);

/// How often a stream asks whether its token was revoked, busy or quiet.
const REVOKED: Duration = Duration::from_millis(500);

/// An empty line this often keeps a stream open through the server's and proxies' timeouts.
const KEEP_ALIVE: Duration = Duration::from_secs(4);

/// What the bots' routes share: the site, the event streams open on this server, and the chat,
/// through which a bot speaks in its games.
#[derive(Clone, Debug)]
pub struct Bots {
    pub site: Site,
    pub streams: Arc<Registry>,
    pub speaker: Arc<dyn Speaker>,
}

awe_site_play::holds_site!(Bots);

impl Bots {
    pub fn new(site: Site, speaker: Arc<dyn Speaker>) -> Bots {
        Bots { site, streams: Arc::default(), speaker }
    }

    /// The bots' routes, under awe's paths and lichess's.
    pub fn router(&self) -> Router {
        let mut router = Router::new()
            .route("/api/bot/account", get(whoami))
            .route("/api/bot/account/upgrade", post(upgrade))
            .route("/api/bot/game/stream/{id}", get(game_stream))
            .route("/api/bot/game/{id}/move/{move}", post(play))
            .route("/api/bot/game/{id}/resign", post(resign))
            .route("/api/bot/game/{id}/chat", post(chat));
        // awe's paths, then lichess's for the same (a program written for lichess changes only
        // its URL).
        for prefix in ["/api/bot", "/api"] {
            router = router
                .route(&format!("{prefix}/stream/event"), get(events))
                .route(&format!("{prefix}/challenge/{{id}}/accept"), post(accept))
                .route(&format!("{prefix}/challenge/{{id}}/decline"), post(decline));
        }
        router.with_state(self.clone())
    }

    /// Reads the bot accounts again, every few seconds.
    pub fn start(&self) {
        tokio::spawn(keep_reading(self.site.clone()));
    }
}

/// The event streams open on this server, by account.
#[derive(Debug, Default)]
pub struct Registry {
    streams: Mutex<HashMap<String, usize>>,
}

impl Registry {
    /// A stream opened under `key` (an account's events, or its games), if it has fewer than
    /// `most` open.
    fn open(self: &Arc<Self>, key: String, most: usize) -> Option<StreamGuard> {
        let mut streams = self.streams.lock().unwrap_or_else(|p| p.into_inner());
        let open = streams.entry(key.clone()).or_default();
        if *open >= most {
            return None;
        }
        *open += 1;
        Some(StreamGuard { registry: Arc::clone(self), user: key })
    }
}

/// An event stream counted until dropped.
struct StreamGuard {
    registry: Arc<Registry>,
    user: String,
}

impl Drop for StreamGuard {
    fn drop(&mut self) {
        let mut streams = self.registry.streams.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(open) = streams.get_mut(&self.user) {
            *open -= 1;
            if *open == 0 {
                streams.remove(&self.user);
            }
        }
    }
}

/// Reads the bot accounts again, now and every few seconds.
pub async fn keep_reading(app: Site) {
    loop {
        if let Err(e) = read(&app).await {
            tracing::error!("bots: {e}");
        }
        tokio::time::sleep(Duration::from_secs(5)).await;
    }
}

/// Reads the bot accounts again.
pub async fn read(app: &Site) -> Result<(), sqlx::Error> {
    app.bots.read(&app.store).await
}

/// The holder of the request's token of scope `bot:play`, whose account must be a bot.
async fn bot(app: &Bots, headers: &HeaderMap) -> Result<Holder, ApiError> {
    let holder = holder(app, headers, PLAY).await?;
    if !holder.bot {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "not_bot",
            "this account is not a bot: POST /api/bot/account/upgrade makes it one",
        ));
    }
    Ok(holder)
}

fn failed(e: sqlx::Error) -> ApiError {
    tracing::error!("bots: {e}");
    ApiError::unavailable("try again")
}

/// `GET /api/bot/account`: who the token plays as.
pub async fn whoami(State(app): State<Bots>, headers: HeaderMap) -> ApiResult {
    let holder = holder(&app, &headers, PLAY).await?;
    Ok(Json(json!({ "name": holder.user.name, "bot": holder.bot })).into_response())
}

/// `POST /api/bot/account/upgrade`: the account becomes a bot.
pub async fn upgrade(State(app): State<Bots>, headers: HeaderMap) -> ApiResult {
    let holder = holder(&app, &headers, PLAY).await?;
    if !holder.bot && !app.store.make_bot(&holder.user.id).await.map_err(failed)? {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "played",
            "an account that has played games, joined a tournament or sought a game stays a \
             person's: make a new account for the bot",
        ));
    }
    read(&app).await.map_err(failed)?;
    Ok(Json(json!({ "name": holder.user.name, "bot": true })).into_response())
}

/// A stream of NDJSON lines, fed by a task until it ends or the client leaves.
fn ndjson(lines: mpsc::Receiver<String>) -> Response {
    let stream = futures_util::stream::unfold(lines, |mut lines| async move {
        let line = lines.recv().await?;
        Some((Ok::<_, std::convert::Infallible>(line), lines))
    });
    Response::builder()
        .header(header::CONTENT_TYPE, "application/x-ndjson")
        .header(header::CACHE_CONTROL, "no-store")
        .body(Body::from_stream(stream))
        .unwrap_or_default()
}

/// A line of a stream: the JSON and its newline.
fn line(value: Value) -> String {
    format!("{value}\n")
}

/// A game as a bot's events describe it.
fn game_event(app: &Bots, row: &GameRow, me: &str) -> Value {
    let side = row.seats.iter().position(|s| s.user.as_deref() == Some(me));
    // In a challenge the bot has no seat yet: its opponent holds the other, the taken one.
    let opponent = match side {
        Some(i) => &row.seats[1 - i],
        None => row.seats.iter().find(|s| s.secret.is_some()).unwrap_or(&row.seats[0]),
    };
    let spec: Value = serde_json::from_str(&row.spec).unwrap_or(Value::Null);
    // The side the bot gets: its seat, or in a challenge the free one.
    let side = side.or_else(|| row.seats.iter().position(|s| s.secret.is_none()));
    let side_name = side
        .zip(serde_json::from_str::<awe_site_core::spec::Spec>(&row.spec).ok())
        .map(|(i, spec)| awe_site_play::room::side_name(&spec, awe_game::Side::ALL[i]));
    let game = spec["game"].as_str().unwrap_or_default();
    let me_seat = side.map(|i| &row.seats[i]);
    json!({
        "id": row.id, "spec": spec, "rated": row.rated, "clock": awe_site_core::clock::clock_json(row),
        "color": side_name,
        "opponent": {
            "name": opponent.name,
            "bot": opponent.user.as_deref().is_some_and(|u| app.is_bot(u)),
            // lichess's names for the same.
            "id": opponent.name.as_deref().map(str::to_lowercase),
            "username": opponent.name,
        },
        // lichess's fields.
        "gameId": row.id,
        "fullId": row.id,
        "isMyTurn": side.zip(row.to_move.as_deref())
            .is_some_and(|(i, to_move)| to_move == ["south", "north"][i]),
        "url": format!("/game/{}", row.id),
        "status": "created",
        "variant": { "key": game, "name": game },
        "speed": speed(row),
        "timeControl": time_control(row),
        "challenger": { "id": opponent.name.as_deref().map(str::to_lowercase), "name": opponent.name },
        "destUser": {
            "id": me_seat.and_then(|s| s.name.as_deref()).map(str::to_lowercase),
            "name": me_seat.and_then(|s| s.name.as_deref()),
        },
    })
}

/// A game's pace as lichess names it.
fn speed(row: &GameRow) -> &'static str {
    match row.clock {
        _ if row.correspondence => "correspondence",
        None => "unlimited",
        Some((initial, increment)) => match initial + 40 * increment {
            ..=29_999 => "ultraBullet",
            30_000..=179_999 => "bullet",
            180_000..=479_999 => "blitz",
            480_000..=1_499_999 => "rapid",
            _ => "classical",
        },
    }
}

/// A game's clock as lichess's `timeControl`.
fn time_control(row: &GameRow) -> Value {
    match row.clock {
        Some((initial, _)) if row.correspondence => {
            json!({ "type": "correspondence", "daysPerTurn": initial / awe_site_core::clock::DAY_MS })
        }
        Some((initial, increment)) => json!({
            "type": "clock", "limit": initial / 1000, "increment": increment / 1000,
            "show": format!("{}+{}", initial / 60_000, increment / 1000),
        }),
        None => json!({ "type": "unlimited" }),
    }
}

/// `GET /api/bot/stream/event`: the bot's challenges and games as they come.
pub async fn events(State(app): State<Bots>, headers: HeaderMap) -> ApiResult {
    let holder = bot(&app, &headers).await?;
    let Some(guard) = app.streams.open(holder.user.id.clone(), STREAMS) else {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many",
            format!("a bot listens on at most {STREAMS} event streams at once"),
        ));
    };
    let _ = app.store.token_used(&holder.token).await;
    let (send, lines) = mpsc::channel(64);
    tokio::spawn(async move {
        let _guard = guard;
        let me = holder.user.id.clone();
        let mut challenges: HashSet<String> = HashSet::new();
        let mut games: HashSet<String> = HashSet::new();
        let mut said = tokio::time::Instant::now();
        let mut seen: Option<tokio::time::Instant> = None;
        let mut checked = tokio::time::Instant::now();
        loop {
            // A token revoked meanwhile ends its streams.
            if checked.elapsed() >= REVOKED {
                if !app.store.token_alive(&holder.token).await.unwrap_or(true) {
                    app.lobby_changed();
                    return;
                }
                checked = tokio::time::Instant::now();
            }
            if seen.is_none_or(|at| at.elapsed() >= Duration::from_secs(10)) {
                let _ = app.store.bot_seen(&me).await;
                if seen.is_none() {
                    // Online from now: the lobby lists it.
                    app.lobby_changed();
                }
                seen = Some(tokio::time::Instant::now());
            }
            let mut out = Vec::new();
            match (app.store.challenges_to(&me).await, app.store.playing_of(&me, 200).await) {
                (Ok(waiting), Ok(playing)) => {
                    let now: HashSet<String> = playing.iter().map(|g| g.id.clone()).collect();
                    for row in &playing {
                        if games.insert(row.id.clone()) {
                            out.push(
                                json!({ "type": "gameStart", "game": game_event(&app, row, &me) }),
                            );
                        }
                    }
                    for id in games.difference(&now).cloned().collect::<Vec<_>>() {
                        games.remove(&id);
                        out.push(json!({ "type": "gameFinish", "game": { "id": id } }));
                    }
                    let open: HashSet<String> = waiting.iter().map(|g| g.id.clone()).collect();
                    for row in &waiting {
                        if challenges.insert(row.id.clone()) {
                            out.push(json!({ "type": "challenge", "challenge": game_event(&app, row, &me) }));
                        }
                    }
                    for id in challenges.difference(&open).cloned().collect::<Vec<_>>() {
                        challenges.remove(&id);
                        if !now.contains(&id) {
                            out.push(
                                json!({ "type": "challengeCanceled", "challenge": { "id": id } }),
                            );
                        }
                    }
                }
                (Err(e), _) | (_, Err(e)) => tracing::error!("bot events: {e}"),
            }
            if out.is_empty() && said.elapsed() >= KEEP_ALIVE {
                if send.send("\n".to_owned()).await.is_err() {
                    return;
                }
                said = tokio::time::Instant::now();
            }
            for event in out {
                if send.send(line(event)).await.is_err() {
                    return;
                }
                said = tokio::time::Instant::now();
            }
            tokio::select! {
                () = app.shutdown.stopped() => return,
                () = send.closed() => return,
                () = tokio::time::sleep(POLL) => {}
            }
        }
    });
    Ok(ndjson(lines))
}

/// `POST /api/bot/challenge/ID/accept`: the bot takes the seat it was offered.
pub async fn accept(
    State(app): State<Bots>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult {
    answer(&app, &id, &headers, |holder, reply| Command::Join {
        actor: holder.actor(),
        invite: None,
        name: None,
        reply,
    })
    .await
}

/// `POST /api/bot/challenge/ID/decline`.
pub async fn decline(
    State(app): State<Bots>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult {
    answer(&app, &id, &headers, |holder, reply| Command::Decline { user: holder.user.id, reply })
        .await
}

/// A bot's answer to a challenge (`command`, made for the token's holder), then the lobby told.
async fn answer<T>(
    app: &Bots,
    id: &str,
    headers: &HeaderMap,
    command: impl FnOnce(Holder, oneshot::Sender<Result<T, Refusal>>) -> Command,
) -> ApiResult {
    let holder = bot(app, headers).await?;
    let handle = room(app, id).await?;
    ask(&handle, |reply| command(holder, reply)).await?.map_err(ApiError::refused)?;
    app.lobby_changed();
    Ok(Json(json!({ "ok": true })).into_response())
}

/// `GET /api/bot/game/stream/ID`: the game as it goes, for a bot seated in it.
pub async fn game_stream(
    State(app): State<Bots>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult {
    let holder = bot(&app, &headers).await?;
    let handle = room(&app, &id).await?;
    let actor = Some(holder.actor());
    let subscription = ask(&handle, |reply| Command::Subscribe { actor, reply }).await?;
    let Some(side) = subscription.you else {
        return Err(ApiError::new(StatusCode::FORBIDDEN, "no_seat", "the bot has no seat here"));
    };
    let Some(guard) = app.streams.open(format!("{} games", holder.user.id), GAME_STREAMS) else {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many",
            format!("a bot follows at most {GAME_STREAMS} games at once"),
        ));
    };
    let _ = app.store.token_used(&holder.token).await;
    let you = awe_site_play::room::side_in_state(&subscription.state, side);
    let (send, lines) = mpsc::channel(64);
    tokio::spawn(async move {
        let _guard = guard;
        let Subscription { state, mut events, .. } = subscription;
        let mut chat = app.chat.subscribe(&awe_site_core::channels::game_channel(&id, true));
        let Some(first) = state_line("gameFull", &state, you) else { return };
        if send.send(first).await.is_err() {
            return;
        }
        let mut over = is_over(&state);
        let mut revoked = tokio::time::interval(REVOKED);
        let mut said = tokio::time::Instant::now();
        while !over {
            let next = tokio::select! {
                () = app.shutdown.stopped() => return,
                () = send.closed() => return,
                // A token revoked meanwhile ends its streams, however busy they are.
                _ = revoked.tick() => {
                    if !app.store.token_alive(&holder.token).await.unwrap_or(true) {
                        return;
                    }
                    if said.elapsed() < KEEP_ALIVE {
                        continue;
                    }
                    "\n".to_owned()
                }
                event = events.recv() => match event {
                    Ok(state) => {
                        over = is_over(&state);
                        match state_line("gameState", &state, you) { Some(l) => l, None => continue }
                    }
                    Err(broadcast::error::RecvError::Lagged(_)) => {
                        let actor = Some(holder.actor());
                        let Ok(again) = ask(&handle, |reply| Command::Subscribe { actor, reply }).await else { return };
                        events = again.events;
                        over = is_over(&again.state);
                        match state_line("gameState", &again.state, you) { Some(l) => l, None => continue }
                    }
                    Err(broadcast::error::RecvError::Closed) => return,
                },
                chat_line = chat.recv() => match chat_line {
                    Ok(text) => match serde_json::from_str::<Value>(&text) {
                        Ok(value) => line(json!({ "type": "chatLine", "line": value["line"] })),
                        Err(_) => continue,
                    },
                    Err(broadcast::error::RecvError::Lagged(_)) => continue,
                    Err(broadcast::error::RecvError::Closed) => return,
                },
            };
            if send.send(next).await.is_err() {
                return;
            }
            said = tokio::time::Instant::now();
        }
    });
    Ok(ndjson(lines))
}

/// A room's state (`{"t":"state","game":…}`) as a line of a game stream: awe's own (`you`,
/// `game`) and lichess's fields beside them.
fn state_line(kind: &str, state: &str, you: Option<&str>) -> Option<String> {
    let text = state.strip_prefix(STATE_PREFIX)?.strip_suffix('}')?;
    let game: Value = serde_json::from_str(text).ok()?;
    let mut out = json!({ "type": kind, "you": you });
    let lichess = lichess_state(&game);
    if kind == "gameFull" {
        let player = |i: usize| {
            let seat = &game["seats"][i];
            let name = seat["name"].as_str();
            json!({
                "id": name.map(str::to_lowercase), "name": name, "rating": seat["rating"],
                "provisional": seat["provisional"],
                "title": if seat["bot"] == true { json!("BOT") } else { Value::Null },
                "aiLevel": seat["level"],
            })
        };
        let clock = &game["clock"];
        out["id"] = game["id"].clone();
        out["variant"] = json!({ "key": game["spec"]["game"], "name": game["spec"]["game"] });
        out["rated"] = game["rated"].clone();
        out["clock"] = if clock.is_null() || !clock["days"].is_null() {
            Value::Null
        } else {
            json!({ "initial": clock["initial_ms"], "increment": clock["increment_ms"] })
        };
        out["createdAt"] = game["created_at"].clone();
        out["white"] = player(0);
        out["black"] = player(1);
        out["initialFen"] = json!("startpos");
        out["state"] = lichess;
    } else if let (Value::Object(out), Value::Object(fields)) = (&mut out, lichess) {
        out.extend(fields.into_iter().filter(|(k, _)| k != "type"));
    }
    out["game"] = game;
    Some(line(out))
}

/// A game's state with lichess's `gameState` fields: the moves, the clocks (ms), the status.
fn lichess_state(game: &Value) -> Value {
    let moves: Vec<&str> = game["moves"]
        .as_array()
        .map(|m| m.iter().filter_map(|m| m["text"].as_str()).collect())
        .unwrap_or_default();
    let clock = &game["clock"];
    // No clock: lichess's "no limit".
    let time = |i: usize| clock["remaining_ms"].get(i).cloned().unwrap_or(json!(i32::MAX));
    let increment = clock["increment_ms"].as_i64().unwrap_or(0);
    let sides = &game["sides"];
    let winner = game["outcome"]["winner"]
        .as_str()
        .map(|w| if sides[0].as_str() == Some(w) { "white" } else { "black" });
    let status = match game["status"].as_str() {
        Some("waiting") => "created",
        Some("playing") => "started",
        Some("aborted" | "cancelled") => "aborted",
        _ => match game["outcome"]["termination"].as_str() {
            Some("resignation") => "resign",
            Some("time forfeit") => "outoftime",
            Some("checkmate") => "mate",
            Some("stalemate") => "stalemate",
            _ if winner.is_none() => "draw",
            _ => "variantEnd",
        },
    };
    json!({
        "type": "gameState", "moves": moves.join(" "), "wtime": time(0), "btime": time(1),
        "winc": increment, "binc": increment, "status": status, "winner": winner,
    })
}

/// Whether a room's state is of a game that ended (or a challenge withdrawn).
fn is_over(state: &str) -> bool {
    let game = state.strip_prefix(STATE_PREFIX).and_then(|g| g.strip_suffix('}'));
    let status = game
        .and_then(|g| serde_json::from_str::<Value>(g).ok())
        .and_then(|g| g["status"].as_str().map(str::to_owned));
    matches!(status.as_deref(), Some("over" | "cancelled" | "aborted"))
}

#[derive(Deserialize)]
pub struct MoveQuery {
    #[serde(default)]
    ply: Option<usize>,
}

/// `POST /api/bot/game/ID/move/MOVE`: the bot's move (after `ply` moves, if given: a move sent
/// for a position that is gone is refused as stale).
pub async fn play(
    State(app): State<Bots>,
    axum::extract::ConnectInfo(peer): axum::extract::ConnectInfo<std::net::SocketAddr>,
    Path((id, text)): Path<(String, String)>,
    Query(query): Query<MoveQuery>,
    headers: HeaderMap,
) -> ApiResult {
    let holder = bot(&app, &headers).await?;
    let handle = room(&app, &id).await?;
    let ply = match query.ply {
        Some(ply) => ply,
        None => ask(&handle, |reply| Command::Game { reply }).await?.0.plies(),
    };
    let address = client_address(&app, &headers, peer);
    perform(&app, &handle, holder.actor(), Action::Move { ply, text }, &address).await?;
    Ok(Json(json!({ "ok": true })).into_response())
}

/// `POST /api/bot/game/ID/resign`.
pub async fn resign(
    State(app): State<Bots>,
    axum::extract::ConnectInfo(peer): axum::extract::ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult {
    let holder = bot(&app, &headers).await?;
    let handle = room(&app, &id).await?;
    let address = client_address(&app, &headers, peer);
    perform(&app, &handle, holder.actor(), Action::Resign, &address).await?;
    Ok(Json(json!({ "ok": true })).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Say {
    text: String,
    /// lichess's `player` (the default) or `spectator`.
    #[serde(default)]
    room: Option<String>,
}

/// `POST /api/bot/game/ID/chat` `{"text","room"}`: a line in the players' channel (or, with
/// lichess's `"room": "spectator"`, the spectators').
pub async fn chat(
    State(app): State<Bots>,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> ApiResult {
    let say: Say = body(&headers, &bytes)?;
    let holder = bot(&app, &headers).await?;
    let handle = room(&app, &id).await?;
    let actor = Some(holder.actor());
    let seated = ask(&handle, |reply| Command::Subscribe { actor, reply }).await?.you.is_some();
    if !seated {
        return Err(ApiError::new(StatusCode::FORBIDDEN, "no_seat", "the bot has no seat here"));
    }
    let players = match say.room.as_deref() {
        None | Some("player") => true,
        Some("spectator") => false,
        Some(other) => {
            return Err(ApiError::bad(format!("room: `{other}` is not player or spectator")));
        }
    };
    app.speaker
        .speak(holder.user, awe_site_core::channels::game_channel(&id, players), &say.text)
        .await
}
