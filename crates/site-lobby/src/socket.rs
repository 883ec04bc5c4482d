//! `/ws/lobby`: the lobby, live.

use awe_site_core::limits::ConnectionGuard;
use awe_site_play::Site;
use awe_site_play::ws::{error, from_this_site, restarting, send};
use axum::extract::State;
use axum::extract::ws::{Message as Frame, WebSocket, WebSocketUpgrade};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// The lobby, live: its lists at once, then whenever they change.
pub async fn lobby(
    State(app): State<Site>,
    guard: Option<axum::Extension<ConnectionGuard>>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    match from_this_site(&headers, upgrade) {
        Ok(upgrade) => {
            upgrade.on_upgrade(move |socket| lobby_connection(socket, app, guard.map(|g| g.0)))
        }
        Err(refused) => refused.into_response(),
    }
}

async fn lobby_connection(mut socket: WebSocket, app: Site, _guard: Option<ConnectionGuard>) {
    let mut lists = app.lobby.subscribe();
    let first = match crate::lists::lists(&app).await {
        Ok(lists) => json!({ "t": "lobby", "lobby": lists }).to_string(),
        Err(_) => error("retry", "the lists could not be read; they come when they change"),
    };
    if !send(&mut socket, first).await {
        return;
    }
    lists.mark_unchanged();
    loop {
        tokio::select! {
            () = app.shutdown.stopped() => {
                restarting(&mut socket).await;
                break;
            }
            frame = tokio::time::timeout(app.limits.settings.idle_timeout, socket.recv()) => match frame {
                // Pings (and anything else) keep the connection open; nothing is asked here.
                Ok(Some(Ok(Frame::Text(_) | Frame::Ping(_) | Frame::Pong(_)))) => {}
                _ => break,
            },
            changed = lists.changed() => {
                if changed.is_err() {
                    break;
                }
                let text = lists.borrow_and_update().clone();
                if !text.is_empty() && !send(&mut socket, text.as_str().to_owned()).await {
                    break;
                }
            }
        }
    }
}
