//! Chat in a game, its two players in one channel and its spectators in another, as lichess keeps
//! them apart (a spectator cannot whisper a move to a player); and in a tournament, one channel.
//! Accounts write; anyone who may read a channel reads it. A line is at most [`MAX_CHARS`]
//! characters of plain text (the pages show it as text, never as HTML), an account writes at
//! most a few lines a minute, and a line reaches the channel's readers over their game's or
//! tournament's WebSocket, on every server (the bus). An
//! account may mute another (its lines are no longer shown to them) and report a line, which
//! admin accounts read (`awe admin grant NAME`).
//!
//! - `GET /api/games/ID/chat`: the reader's channel, whether they may write, its latest lines.
//! - `POST /api/games/ID/chat` `{"text"}`: a line.
//! - The same under `/api/tournaments/ID/chat`: a tournament has one channel, everyone's.
//! - `GET /api/chat/mutes`, `POST /api/chat/mute` `{"name","mute"}`.
//! - `POST /api/chat/report` `{"line","reason"}`, the reason one of [`REASONS`].
//! - `GET /api/admin/reports` (admins): each report with its line in context; `POST
//!   /api/admin/reports/ID` `{"action"}`: `silence` (no chat for [`SILENCE_DAYS`] days), `close`
//!   (the account can no longer sign in) or `dismiss`.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use serde::Deserialize;
use serde_json::json;

// The core's modules, by their names, inside this crate.
use awe_site_core::channels::{Speaker, game_channel, tournament_channel, view};
use awe_site_core::limits::Kind;
use awe_site_core::request::{ApiError, ApiResult, account, body, signed_in};
use awe_site_core::store::{ChatLine, Moderation, Report, User, now_ms};
use awe_site_core::{ids, request, text};
use awe_site_play::Site;
use awe_site_play::message::ask;
use awe_site_play::room::Command;
use axum::Router;
use axum::routing;

/// What the chat's routes share: the site (its channels are the core's).
#[derive(Clone, Debug)]
pub struct Chat {
    pub site: Site,
}

awe_site_play::holds_site!(Chat);

impl Chat {
    pub fn new(site: Site) -> Chat {
        Chat { site }
    }

    /// The chat's routes: games', tournaments', mutes, reports and their moderation.
    pub fn router(&self) -> Router {
        Router::new()
            .route("/api/games/{id}/chat", routing::get(history).post(say))
            .route(
                "/api/tournaments/{id}/chat",
                routing::get(tournament_history).post(tournament_say),
            )
            .route("/api/chat/mutes", routing::get(mutes))
            .route("/api/chat/mute", routing::post(mute))
            .route("/api/chat/report", routing::post(report))
            .route("/api/admin/reports", routing::get(reports))
            .route("/api/admin/reports/{id}", routing::post(moderate))
            .with_state(self.clone())
    }
}

/// A bot speaks in its games through the chat's rules.
impl Speaker for Chat {
    fn speak<'a>(
        &'a self,
        user: User,
        channel: String,
        text: &'a str,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = ApiResult> + Send + 'a>> {
        Box::pin(post_as(self, user, channel, text))
    }
}

/// The longest line, in characters.
pub const MAX_CHARS: usize = 200;

/// The lines a channel shows when it is opened.
const HISTORY: i64 = 50;

/// Why a line may be reported, as lichess asks: the admins sort by it.
pub const REASONS: [&str; 4] = ["insult", "spam", "cheat", "other"];

/// How long an admin's "silence" lasts.
pub const SILENCE_DAYS: i64 = 7;

/// The lines shown around a reported one.
const CONTEXT: i64 = 4;

/// A line as kept: without control characters or marks that turn text around, trimmed; refused
/// if empty or too long.
pub fn clean(text: &str) -> Result<String, ApiError> {
    let Some(text) = crate::text::clean(text, MAX_CHARS + 1) else {
        return Err(ApiError::bad("an empty line"));
    };
    if text.chars().count() > MAX_CHARS {
        return Err(ApiError::bad(format!("a line is at most {MAX_CHARS} characters")));
    }
    Ok(text)
}

fn failed(e: sqlx::Error) -> ApiError {
    tracing::error!("chat: {e}");
    ApiError::unavailable("try again")
}

/// Whether the reader of a game holds one of its seats, and the game's channel for them; and
/// whether that channel is closed to them (the spectators', to a seat's address while the game
/// is played between people).
async fn reader_channel(
    app: &Chat,
    id: &str,
    headers: &HeaderMap,
    address: &str,
) -> Result<(String, bool), ApiError> {
    let handle =
        app.room(id).await.map_err(ApiError::unavailable)?.ok_or_else(ApiError::not_found)?;
    let actor = crate::request::actor(app, headers).await?;
    let subscription = ask(&handle, |reply| Command::Subscribe { actor, reply }).await?;
    let seated = subscription.you.is_some();
    if seated && subscription.live {
        app.seats.sit(address, id, subscription.tournament.as_deref());
    }
    let closed = !seated && app.seats.plays(address, id);
    Ok((game_channel(id, seated), closed))
}

/// Whether the tournament's chat is closed to its reader: while they play one of its games
/// (by account, or from a seat's address), as lichess mutes it.
async fn tournament_closed(
    app: &Chat,
    id: &str,
    headers: &HeaderMap,
    address: &str,
) -> Result<bool, ApiError> {
    if app.seats.plays_in(address, id) {
        return Ok(true);
    }
    let Some(user) = signed_in(app, headers).await? else { return Ok(false) };
    // A game of theirs not scored yet (an arena's or a Swiss round's).
    let games = app.store.tournament_games(id).await.map_err(failed)?;
    Ok(games.iter().any(|g| {
        g.white_score.is_none()
            && g.game.is_some()
            && (g.white == user.id || g.black.as_ref() == Some(&user.id))
    }))
}

/// A tournament's channel, if there is such a tournament.
async fn tournament_of(app: &Chat, id: &str) -> Result<String, ApiError> {
    match app.store.tournament(id).await.map_err(failed)? {
        Some(_) => Ok(tournament_channel(id)),
        None => Err(ApiError::not_found()),
    }
}

/// `GET /api/games/ID/chat`.
pub async fn history(
    State(app): State<Chat>,
    Path(id): Path<String>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    headers: HeaderMap,
) -> ApiResult {
    let address = crate::request::client_address(&app, &headers, peer);
    let (channel, closed) = reader_channel(&app, &id, &headers, &address).await?;
    lines(&app, channel, closed, &headers).await
}

/// `GET /api/tournaments/ID/chat`.
pub async fn tournament_history(
    State(app): State<Chat>,
    Path(id): Path<String>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    headers: HeaderMap,
) -> ApiResult {
    let channel = tournament_of(&app, &id).await?;
    let address = crate::request::client_address(&app, &headers, peer);
    let closed = tournament_closed(&app, &id, &headers, &address).await?;
    lines(&app, channel, closed, &headers).await
}

/// A channel's latest lines for the reader (none while it is closed to them: `closed`).
async fn lines(app: &Chat, channel: String, closed: bool, headers: &HeaderMap) -> ApiResult {
    let user = signed_in(app, headers).await?;
    let lines = if closed {
        Vec::new()
    } else {
        app.store
            .chat_history(&channel, user.as_ref().map(|u| u.id.as_str()), HISTORY)
            .await
            .map_err(failed)?
    };
    let kind = channel.rsplit(':').next().filter(|k| *k == "players" || *k == "spectators");
    let silenced = match &user {
        Some(user) => silenced(app, user).await?,
        None => None,
    };
    Ok(Json(json!({
        "channel": kind.unwrap_or("tournament"),
        "can_write": user.is_some() && silenced.is_none(),
        "silenced_until": silenced,
        "closed": closed,
        "lines": lines.iter().map(view).collect::<Vec<_>>(),
    }))
    .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Say {
    text: String,
}

/// `POST /api/games/ID/chat`.
pub async fn say(
    State(app): State<Chat>,
    Path(id): Path<String>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> ApiResult {
    let address = crate::request::client_address(&app, &headers, peer);
    let (channel, closed) = reader_channel(&app, &id, &headers, &address).await?;
    if closed {
        return Err(closed_to_you());
    }
    post(&app, &headers, &bytes, channel).await
}

/// `POST /api/tournaments/ID/chat`.
pub async fn tournament_say(
    State(app): State<Chat>,
    Path(id): Path<String>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> ApiResult {
    let channel = tournament_of(&app, &id).await?;
    let address = crate::request::client_address(&app, &headers, peer);
    if tournament_closed(&app, &id, &headers, &address).await? {
        return Err(closed_to_you());
    }
    post(&app, &headers, &bytes, channel).await
}

/// A channel closed to its reader while they play between people takes no line from them
/// either.
fn closed_to_you() -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        "chat_closed",
        "this chat is closed to you while you play: it opens again when your game ends",
    )
}

/// A line sent to `channel`: an account's, within its rate, cleaned.
async fn post(app: &Chat, headers: &HeaderMap, bytes: &Bytes, channel: String) -> ApiResult {
    let say: Say = body(headers, bytes)?;
    let user = account(app, headers, "chat").await?;
    post_as(app, user, channel, &say.text).await
}

/// A line `user` sends to `channel`, within their rate, cleaned (a bot's too).
pub async fn post_as(app: &Chat, user: User, channel: String, text: &str) -> ApiResult {
    if silenced(app, &user).await?.is_some() {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "silenced",
            "an admin silenced this account's chat for a while",
        ));
    }
    app.limits.check(Kind::Chat, &user.id).map_err(|w| ApiError::too_many(w, "lines"))?;
    let text = clean(text)?;
    write(app, user, channel, text).await
}

/// Keeps a line and sends it to the channel's readers.
async fn write(app: &Chat, user: User, channel: String, text: String) -> ApiResult {
    let line = ChatLine {
        id: crate::ids::new_id(),
        channel,
        user: user.id.clone(),
        name: user.name.clone(),
        text,
        created_at: now_ms(),
    };
    app.store.add_chat(&line, &app.server_id).await.map_err(failed)?;
    app.chat.publish(&line);
    Ok(Json(json!({ "line": view(&line) })).into_response())
}

/// A line told by another server: read and sent to this server's readers.
pub async fn arrived(app: awe_site_core::Core, id: String) {
    match app.store.chat_line(&id).await {
        Ok(Some(line)) => app.chat.publish(&line),
        Ok(None) => {}
        Err(e) => tracing::error!("chat: {e}"),
    }
}

/// Until when an admin silenced the account, if it is silenced now.
async fn silenced(app: &Chat, user: &User) -> Result<Option<i64>, ApiError> {
    let until = app.store.silenced_until(&user.id).await.map_err(failed)?;
    Ok((until > now_ms()).then_some(until))
}

/// `GET /api/chat/mutes`: the names the account muted.
pub async fn mutes(State(app): State<Chat>, headers: HeaderMap) -> ApiResult {
    let user = account(&app, &headers, "mute players").await?;
    let names = app.store.mutes_of(&user.id).await.map_err(failed)?;
    Ok(Json(json!({ "names": names })).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Mute {
    name: String,
    mute: bool,
}

/// `POST /api/chat/mute`.
pub async fn mute(State(app): State<Chat>, headers: HeaderMap, bytes: Bytes) -> ApiResult {
    let request: Mute = body(&headers, &bytes)?;
    let user = account(&app, &headers, "mute players").await?;
    let Some((other, _)) = app.store.user_by_name(&request.name).await.map_err(failed)? else {
        return Err(ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such player"));
    };
    if other.id == user.id {
        return Err(ApiError::bad("you cannot mute yourself"));
    }
    app.store.set_mute(&user.id, &other.id, request.mute).await.map_err(failed)?;
    let names = app.store.mutes_of(&user.id).await.map_err(failed)?;
    Ok(Json(json!({ "names": names })).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReportRequest {
    line: String,
    #[serde(default)]
    reason: String,
}

/// `POST /api/chat/report`: a line reported, kept for the admins with a copy of its text.
pub async fn report(State(app): State<Chat>, headers: HeaderMap, bytes: Bytes) -> ApiResult {
    let request: ReportRequest = body(&headers, &bytes)?;
    let user = account(&app, &headers, "report a line").await?;
    app.limits.check(Kind::Report, &user.id).map_err(|w| ApiError::too_many(w, "reports"))?;
    let Some(line) = app.store.chat_line(&request.line).await.map_err(failed)? else {
        return Err(ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such line"));
    };
    let reason = if request.reason.is_empty() { "other" } else { request.reason.as_str() };
    if !REASONS.contains(&reason) {
        return Err(ApiError::bad(format!("reason: one of {}", REASONS.join(", "))));
    }
    let reason = reason.to_owned();
    let report = Report {
        id: crate::ids::new_id(),
        reporter: user.id,
        reported: line.user.clone(),
        channel: Some(line.channel.clone()),
        text: Some(line.text.clone()),
        reason,
        created_at: now_ms(),
        chat: Some(line.id.clone()),
        action: None,
        handled_at: None,
    };
    app.store.add_report(&report, Some(&line)).await.map_err(failed)?;
    Ok(Json(json!({ "reported": true })).into_response())
}

/// The account of an admin, or the refusal.
async fn admin(app: &Chat, headers: &HeaderMap) -> Result<User, ApiError> {
    let user = account(app, headers, "read the reports").await?;
    if !app.store.is_admin(&user.id).await.map_err(failed)? {
        return Err(ApiError::new(StatusCode::FORBIDDEN, "admin", "for admin accounts"));
    }
    Ok(user)
}

/// `GET /api/admin/reports`: the latest reports, for admin accounts only, each reported line
/// with the lines around it in its channel.
pub async fn reports(State(app): State<Chat>, headers: HeaderMap) -> ApiResult {
    admin(&app, &headers).await?;
    let reports = app.store.reports(200).await.map_err(failed)?;
    let mut out = Vec::with_capacity(reports.len());
    for r in &reports {
        let context = match &r.chat {
            Some(chat) => app.store.chat_context(chat, CONTEXT).await.map_err(failed)?,
            None => Vec::new(),
        };
        out.push(json!({
            "id": r.id, "reporter": r.reporter, "reported": r.reported,
            "channel": r.channel, "text": r.text, "reason": r.reason, "at": r.created_at,
            "line": r.chat, "context": context.iter().map(view).collect::<Vec<_>>(),
            "action": r.action, "handled_at": r.handled_at,
        }));
    }
    Ok(Json(json!({ "reports": out })).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ModerationRequest {
    action: String,
}

/// `POST /api/admin/reports/ID` `{"action"}`: an admin's answer to a report.
pub async fn moderate(
    State(app): State<Chat>,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> ApiResult {
    let request: ModerationRequest = body(&headers, &bytes)?;
    let by = admin(&app, &headers).await?;
    let action = match request.action.as_str() {
        "silence" => Moderation::Silence { until: now_ms() + SILENCE_DAYS * 86_400_000 },
        "close" => Moderation::Close,
        "dismiss" => Moderation::Dismiss,
        other => {
            return Err(ApiError::bad(format!(
                "action: `{other}` is not silence, close or dismiss"
            )));
        }
    };
    if !app.store.moderate(&id, action).await.map_err(failed)? {
        return Err(ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such report"));
    }
    tracing::info!(admin = %by.name, report = %id, action = action.name(), "moderation");
    Ok(Json(json!({ "action": action.name() })).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_plain_short_text() {
        assert_eq!(clean("  hello\u{202e}  ").unwrap(), "hello");
        assert_eq!(clean("a\nb\tc").unwrap(), "abc");
        assert_eq!(clean("<b>bold</b>").unwrap(), "<b>bold</b>");
        assert!(clean(" \u{200f} ").is_err());
        assert!(clean(&"é".repeat(MAX_CHARS)).is_ok());
        assert!(clean(&"é".repeat(MAX_CHARS + 1)).is_err());
        assert_eq!(game_channel("x", true), "game:x:players");
        assert_eq!(game_channel("x", false), "game:x:spectators");
    }
}
