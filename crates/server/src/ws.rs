//! The live game over a WebSocket: the room's states as they come, the player's actions as they
//! are sent, an error to the client that caused it alone.

use std::time::Duration;

use axum::extract::ws::{Message as Frame, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use serde_json::json;
use tokio::sync::{broadcast, oneshot};

use crate::app::{App, hash};
use crate::http::{ApiError, Message, perform, secret};
use crate::room::{Command, Handle, Subscription};

/// The largest message a client may send.
pub const MAX_MESSAGE: usize = 4096;

/// How long a client may take to take a message before it is let go.
const SEND_TIMEOUT: Duration = Duration::from_secs(10);

/// A connection with nothing heard for this long is closed (browsers ping every 30 s).
const IDLE_TIMEOUT: Duration = Duration::from_secs(120);

pub async fn upgrade(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    let handle = match app.room(&id).await {
        Ok(Some(handle)) => handle,
        Ok(None) => {
            return ApiError::not_found().into_response();
        }
        Err(message) => {
            return ApiError::unavailable(message).into_response();
        }
    };
    let secret = secret(&headers).map(|s| hash(&s));
    upgrade
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| connection(socket, handle, secret))
}

async fn send(socket: &mut WebSocket, text: impl Into<Utf8Bytes>) -> bool {
    matches!(
        tokio::time::timeout(SEND_TIMEOUT, socket.send(Frame::Text(text.into()))).await,
        Ok(Ok(()))
    )
}

async fn subscribe(handle: &Handle, secret: Option<String>) -> Option<Subscription> {
    let (reply, answer) = oneshot::channel();
    handle.commands.send(Command::Subscribe { secret, reply }).await.ok()?;
    answer.await.ok()
}

async fn connection(mut socket: WebSocket, handle: Handle, secret: Option<String>) {
    let Some(Subscription { you, state, mut events }) = subscribe(&handle, secret.clone()).await
    else {
        return;
    };
    let game: serde_json::Value = serde_json::from_str(&state).unwrap_or_default();
    let you = you.map(|side| crate::http::side_of_state(&game["game"], side));
    if !send(&mut socket, json!({ "t": "hello", "you": you }).to_string()).await
        || !send(&mut socket, state.as_str().to_owned()).await
    {
        return;
    }
    loop {
        tokio::select! {
            frame = tokio::time::timeout(IDLE_TIMEOUT, socket.recv()) => {
                let text = match frame {
                    Ok(Some(Ok(Frame::Text(text)))) => text,
                    Ok(Some(Ok(Frame::Binary(_)))) => {
                        if !send(&mut socket, error("bad_request", "messages are JSON text")).await { break }
                        continue;
                    }
                    Ok(Some(Ok(_))) => continue,
                    // Closed, broken, too large, or silent for too long.
                    _ => break,
                };
                let reply = match serde_json::from_str::<Message>(&text) {
                    Err(e) => Some(error("bad_request", &format!("bad message: {e}"))),
                    Ok(message) => match (message.action(), &secret) {
                        (None, _) => Some(json!({ "t": "pong" }).to_string()),
                        (Some(_), None) => Some(error("no_seat", "you have no seat in this game: spectators only watch")),
                        (Some(action), Some(secret)) => {
                            perform(&handle, secret.clone(), action).await.err().map(|e| error(e.code, &e.message))
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
                Ok(state) => if !send(&mut socket, state.as_str().to_owned()).await { break },
                // Too slow for the room: what it missed is the latest state.
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    let Some(again) = subscribe(&handle, secret.clone()).await else { break };
                    events = again.events;
                    if !send(&mut socket, again.state.as_str().to_owned()).await { break }
                }
                Err(broadcast::error::RecvError::Closed) => break,
            },
        }
    }
}

/// An error for this client alone: a code the pages translate, and a message in English.
fn error(code: &str, message: &str) -> String {
    json!({ "t": "error", "code": code, "message": message }).to_string()
}
