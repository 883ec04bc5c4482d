//! What every handler reads of a request and how it answers an error: the cookies (the browser's
//! secret, the session, the token against forgery), JSON bodies, the client's address, who is
//! acting, and the API's JSON errors. Every feature's routes use it.

use axum::body::Bytes;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use crate::context::Core;
pub use crate::error::{ApiError, ApiResult, Refusal, bots_play_bots, json_errors, refuse};
use crate::ids::{hash, new_secret};
use crate::store::User;

/// Who asks: the hash of their browser's secret, and their account if signed in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    pub secret: String,
    pub user: Option<User>,
}

/// The name of the cookie that holds a browser's secret.
pub const PLAYER_COOKIE: &str = "awe_player";

/// The cookie of a signed-in browser's session.
pub const SESSION_COOKIE: &str = "awe_session";

/// The cookie whose value a page sends back in the `x-csrf-token` header with every request
/// that changes something: another site can make a browser send our cookies, not read them.
pub const CSRF_COOKIE: &str = "awe_csrf";

/// How long the browser's secret and the token against forgery last: ten years.
const LONG_LIFE: u64 = 315_360_000;

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

/// A secret of ours in a cookie: 32 hexadecimal digits, or nothing.
fn hex_cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    cookie(headers, name).filter(|v| v.len() == 32 && v.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The browser's secret, from its cookie.
pub fn secret(headers: &HeaderMap) -> Option<String> {
    hex_cookie(headers, PLAYER_COOKIE)
}

/// The session token of a request's cookie, if it has one of the right form.
pub fn session_token(headers: &HeaderMap) -> Option<String> {
    hex_cookie(headers, SESSION_COOKIE)
}

/// A `Set-Cookie` value: `Secure` too behind TLS (`--secure-cookies`), for every cookie of ours.
pub fn set_cookie(name: &str, value: &str, attributes: &str, secure: bool) -> Option<HeaderValue> {
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!("{name}={value}; Path=/; {attributes}{secure}")).ok()
}

/// The browser's secret, made if it has none; and the cookies to send if they were made (the
/// secret's, and the token the pages send back against forgery).
pub fn identity(headers: &HeaderMap, secure: bool) -> (String, Vec<HeaderValue>) {
    let mut cookies: Vec<HeaderValue> = csrf_cookie(headers, secure).into_iter().collect();
    let secret = match secret(headers) {
        Some(secret) => secret,
        None => {
            let secret = new_secret();
            let attributes = format!("HttpOnly; SameSite=Lax; Max-Age={LONG_LIFE}");
            cookies.extend(set_cookie(PLAYER_COOKIE, &secret, &attributes, secure));
            secret
        }
    };
    (secret, cookies)
}

/// The token against forgery, for a browser that has none yet: readable by the pages' script
/// (not HttpOnly), sent to this site only.
pub fn csrf_cookie(headers: &HeaderMap, secure: bool) -> Option<HeaderValue> {
    if cookie(headers, CSRF_COOKIE).is_some_and(|v| v.len() == 32) {
        return None;
    }
    let attributes = format!("SameSite=Strict; Max-Age={LONG_LIFE}");
    set_cookie(CSRF_COOKIE, &new_secret(), &attributes, secure)
}

/// `response` with the cookies to set.
pub fn with_cookies(mut response: Response, cookies: Vec<HeaderValue>) -> Response {
    for cookie in cookies {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    response
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
pub async fn same_site_only(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let headers = request.headers();
    let changes = !matches!(*request.method(), axum::http::Method::GET | axum::http::Method::HEAD);
    let refused = |message: &str| {
        ApiError::new(StatusCode::FORBIDDEN, "csrf", message.to_owned()).into_response()
    };
    if changes {
        if !same_origin(headers) {
            return refused("a request from another site");
        }
        let ours = cookie(headers, PLAYER_COOKIE).is_some() || session_token(headers).is_some();
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
pub fn client_address(app: &Core, headers: &HeaderMap, peer: std::net::SocketAddr) -> String {
    if app.limits.settings.trust_proxy
        && let Some(forwarded) = headers.get("x-forwarded-for").and_then(|v| v.to_str().ok())
        && let Some(last) = forwarded.rsplit(',').next()
        && let Ok(address) = last.trim().parse::<std::net::IpAddr>()
    {
        return address.to_string();
    }
    peer.ip().to_string()
}

/// The account signed in on a request, if its session is open.
pub async fn signed_in(app: &Core, headers: &HeaderMap) -> Result<Option<User>, ApiError> {
    let Some(token) = session_token(headers) else { return Ok(None) };
    app.store.session_user(&hash(&token)).await.map_err(|e| {
        tracing::error!("sessions: {e}");
        ApiError::unavailable("the session could not be read; try again")
    })
}

/// The account signed in on a request, which must be, to `what` (else [`ApiError::sign_in`]).
pub async fn account(app: &Core, headers: &HeaderMap, what: &str) -> Result<User, ApiError> {
    signed_in(app, headers).await?.ok_or_else(|| ApiError::sign_in(what))
}

/// Who sends a request: their browser's secret (hashed; `None` if it has none yet) and their
/// account.
pub async fn actor(app: &Core, headers: &HeaderMap) -> Result<Option<Actor>, ApiError> {
    let user = signed_in(app, headers).await?;
    Ok(secret(headers).map(|s| Actor { secret: hash(&s), user }))
}

/// Who sends a request that acts: their browser's secret (made if it has none) and account, and
/// the cookies to set if they were made.
pub async fn acting(
    app: &Core,
    headers: &HeaderMap,
) -> Result<(Actor, Vec<HeaderValue>), ApiError> {
    let (secret, cookies) = identity(headers, app.limits.settings.secure_cookies);
    let user = signed_in(app, headers).await?;
    Ok((Actor { secret: hash(&secret), user }, cookies))
}

/// Whether the request's browser or account holds a seat in a game being played between two
/// people (no engine helps them meanwhile).
pub async fn seated_in_live_game(app: &Core, headers: &HeaderMap) -> Result<bool, ApiError> {
    let Some(actor) = actor(app, headers).await? else { return Ok(false) };
    let user = actor.user.as_ref().map(|u| u.id.as_str());
    app.store.seated_in_live_game(&actor.secret, user).await.map_err(|e| {
        tracing::error!("fair play: {e}");
        ApiError::unavailable("try again")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(cookie: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::COOKIE, HeaderValue::from_str(cookie).unwrap());
        headers
    }

    #[test]
    fn cookies_are_read_by_name_and_secrets_by_form() {
        let h = headers("a=1; awe_player=0123456789abcdef0123456789abcdef; awe_session=zz");
        assert_eq!(cookie(&h, "a").as_deref(), Some("1"));
        assert_eq!(secret(&h).as_deref(), Some("0123456789abcdef0123456789abcdef"));
        assert_eq!(session_token(&h), None, "not 32 hexadecimal digits");
        assert_eq!(cookie(&h, "b"), None);
    }

    #[test]
    fn every_cookie_made_is_secure_when_asked() {
        let (_, made) = identity(&HeaderMap::new(), true);
        assert_eq!(made.len(), 2, "the secret and the token against forgery");
        for cookie in &made {
            assert!(cookie.to_str().unwrap().ends_with("; Secure"), "{cookie:?}");
        }
        let (_, made) = identity(&HeaderMap::new(), false);
        assert!(made.iter().all(|c| !c.to_str().unwrap().contains("Secure")));
    }
}
