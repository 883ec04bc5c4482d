//! The live game over a WebSocket: the room's states as they come, the player's actions as they
//! are sent, an error to the client that caused it alone.
//!
//! A connection is opened only from a page of this site (its `Origin`: another site's page
//! would ride on the player's cookies), sends at most a few messages a second (a burst, then
//! [`crate::limits::Settings::messages_per_second`]; beyond, it is told and its messages are
//! dropped, and a client that keeps on is let go), each at most [`MAX_MESSAGE`] bytes.

use std::time::{Duration, Instant};

use axum::extract::ws::{Message as Frame, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::json;
use tokio::sync::{broadcast, oneshot};

use crate::limits::Bucket;
use crate::limits::ConnectionGuard;
use crate::message::{Message, perform};
use crate::request::{ApiError, client_address, same_origin};
use crate::room::{Actor, Command, Handle, Subscription};
use crate::site::Site;

/// The largest message a client may send.
pub const MAX_MESSAGE: usize = 4096;

/// A connection's read buffer.
const BUFFER: usize = 4096;

/// How long a client may take to take a message before it is let go.
const SEND_TIMEOUT: Duration = Duration::from_secs(10);

/// Messages beyond the rate a client may send before it is let go.
const OVER_RATE: u32 = 50;

/// A socket opened from another site's page: refused.
fn cross_site() -> ApiError {
    ApiError::new(StatusCode::FORBIDDEN, "csrf", "a connection from another site")
}

/// Who is on the other end of a game's socket.
struct Peer {
    /// The game's id.
    game: String,
    actor: Option<Actor>,
    /// Their address, as the rate limits key it.
    address: String,
    /// The connection's count against its address, held until the socket closes.
    _guard: Option<ConnectionGuard>,
}

pub async fn upgrade(
    State(app): State<Site>,
    Path(id): Path<String>,
    ConnectInfo(address): ConnectInfo<std::net::SocketAddr>,
    guard: Option<axum::Extension<ConnectionGuard>>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    let upgrade = match from_this_site(&headers, upgrade) {
        Ok(upgrade) => upgrade,
        Err(refused) => return refused.into_response(),
    };
    let handle = match app.room(&id).await {
        Ok(Some(handle)) => handle,
        Ok(None) => {
            return ApiError::not_found().into_response();
        }
        Err(message) => {
            return ApiError::unavailable(message).into_response();
        }
    };
    let actor = match crate::request::actor(&app, &headers).await {
        Ok(actor) => actor,
        Err(error) => return error.into_response(),
    };
    let peer = Peer {
        game: id,
        actor,
        address: client_address(&app, &headers, address),
        _guard: guard.map(|g| g.0),
    };
    upgrade.on_upgrade(move |socket| connection(socket, handle, peer, app))
}

/// A socket asked from a page of this site (another site's page, which would ride on the
/// player's cookies, is refused), with every socket's limits: the largest message, and small
/// buffers (the default 128 KiB each way would be most of a connection's memory).
pub fn from_this_site(
    headers: &HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Result<WebSocketUpgrade, ApiError> {
    if !same_origin(headers) {
        return Err(cross_site());
    }
    Ok(upgrade
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .read_buffer_size(BUFFER)
        .write_buffer_size(0))
}

/// Sends `text`, within [`SEND_TIMEOUT`]: whether it went.
pub async fn send(socket: &mut WebSocket, text: impl Into<Utf8Bytes>) -> bool {
    matches!(
        tokio::time::timeout(SEND_TIMEOUT, socket.send(Frame::Text(text.into()))).await,
        Ok(Ok(()))
    )
}

/// Tells a page the server is stopping (close code 1012, "service restart"): it reconnects,
/// through a balancer to another server.
pub async fn restarting(socket: &mut WebSocket) {
    use axum::extract::ws::CloseFrame;
    let close = Frame::Close(Some(CloseFrame { code: 1012, reason: "the server restarts".into() }));
    let _ = tokio::time::timeout(Duration::from_secs(1), socket.send(close)).await;
}

async fn subscribe(handle: &Handle, actor: Option<Actor>) -> Option<Subscription> {
    let (reply, answer) = oneshot::channel();
    handle.commands.send(Command::Subscribe { actor, reply }).await.ok()?;
    answer.await.ok()
}

async fn connection(mut socket: WebSocket, handle: Handle, peer: Peer, app: Site) {
    // A stopping server waits for this socket: it ends after the action it may be carrying.
    let _busy = app.shutdown.busy();
    let actor = peer.actor.clone();
    let rate = app.limits.settings.messages_per_second.max(1) as f64;
    let idle = app.limits.settings.idle_timeout;
    let Some(Subscription { you, live, tournament, state, mut events }) =
        subscribe(&handle, actor.clone()).await
    else {
        return;
    };
    // A seat's address, in a game between people: its other connections, with or without
    // cookies, hear nothing of the spectators (`fairplay.rs`).
    if you.is_some() && live {
        app.seats.sit(&peer.address, &peer.game, tournament.as_deref());
    }
    let you = you.and_then(|side| crate::room::side_in_state(&state, side));
    if !send(&mut socket, json!({ "t": "hello", "you": you }).to_string()).await
        || !send(&mut socket, state.clone()).await
    {
        return;
    }
    // The game's chat: its players' channel for a seat's holder, else its spectators'.
    let mut chat =
        app.chat.subscribe(&awe_site_core::channels::game_channel(&peer.game, you.is_some()));
    let mut bucket = Bucket::full(2.0 * rate);
    let mut over_rate = 0;
    loop {
        tokio::select! {
            () = app.shutdown.stopped() => {
                // The states already told (a move just acknowledged), then the close.
                while let Ok(state) = events.try_recv() {
                    if !send(&mut socket, state).await { break }
                }
                restarting(&mut socket).await;
                break;
            }
            frame = tokio::time::timeout(idle, socket.recv()) => {
                let text = match frame {
                    Ok(Some(Ok(Frame::Text(text)))) => text,
                    // Read as text is, counted as text is: the same rate, the same end.
                    Ok(Some(Ok(Frame::Binary(bytes)))) => match Utf8Bytes::try_from(bytes) {
                        Ok(text) => text,
                        Err(_) => break,
                    },
                    Ok(Some(Ok(_))) => continue,
                    // Closed, broken, too large, not UTF-8, or silent for too long.
                    _ => break,
                };
                if let Err(wait) = bucket.take(2.0 * rate, rate, Instant::now()) {
                    crate::metrics::refused("messages");
                    over_rate += 1;
                    if over_rate > OVER_RATE {
                        break;
                    }
                    let message = format!("too many messages: wait {} ms", wait.as_millis().max(1));
                    if !send(&mut socket, error("too_many", &message)).await { break }
                    continue;
                }
                let reply = match serde_json::from_str::<Message>(&text) {
                    Err(e) => Some(error("bad_request", &format!("bad message: {e}"))),
                    Ok(message) => match (message.action(), &actor) {
                        (None, _) => Some(json!({ "t": "pong" }).to_string()),
                        (Some(_), None) => Some(error("no_seat", "you have no seat in this game: spectators only watch")),
                        (Some(action), Some(actor)) => {
                            perform(&app, &handle, actor.clone(), action, &peer.address)
                                .await
                                .err()
                                .map(|e| error(e.code, &e.message))
                        }
                    },
                };
                if let Some(reply) = reply
                    && !send(&mut socket, reply).await
                {
                    break;
                }
            }
            event = events.recv() => match event {
                Ok(state) => if !send(&mut socket, state).await { break },
                // Too slow for the room: what it missed is the latest state.
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    let Some(again) = subscribe(&handle, actor.clone()).await else { break };
                    events = again.events;
                    if !send(&mut socket, again.state).await { break }
                }
                Err(broadcast::error::RecvError::Closed) => break,
            },
            line = chat.recv() => match line {
                // The spectators' lines are not for a seat's address while the game runs.
                Ok(_) if you.is_none() && app.seats.plays(&peer.address, &peer.game) => {}
                Ok(line) => if !send(&mut socket, &*line).await { break },
                // Lines missed by a slow reader are in the channel's history.
                Err(broadcast::error::RecvError::Lagged(_)) => {}
                Err(broadcast::error::RecvError::Closed) => break,
            },
        }
    }
}

/// An error for this client alone: a code the pages translate, and a message in English.
pub fn error(code: &str, message: &str) -> String {
    json!({ "t": "error", "code": code, "message": message }).to_string()
}
