//! Accounts: signing up and in with a name and a password (hashed with argon2id), sessions in
//! cookies (`awe_session`: HttpOnly, SameSite=Lax; the database keeps only the SHA-256 of the
//! token), signing out, players' pages and the leaderboards. Playing without an account stays
//! possible: a browser is known by its own cookie (`awe_player`) until it signs in.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Argon2, password_hash::rand_core::OsRng};
use axum::Json;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::IntoResponse;
use serde::Deserialize;
use serde_json::{Value, json};

use awe_site_core::Core;
use awe_site_core::ids::{hash, new_secret};
use awe_site_core::limits::Kind;
use awe_site_core::request::{
    ApiError, ApiResult, SESSION_COOKIE, body, client_address, csrf_cookie, session_token,
    set_cookie, signed_in,
};
use awe_site_core::store::{User, now_ms};

/// How long a session lasts.
const SESSION_DAYS: i64 = 30;

/// Names: 3 to 20 letters, digits, `_` or `-`, beginning with a letter.
pub fn check_name(name: &str) -> Result<(), ApiError> {
    let ok = (3..=20).contains(&name.len())
        && name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if ok {
        Ok(())
    } else {
        Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad_name",
            "a name has 3 to 20 letters, digits, _ or -, and begins with a letter",
        ))
    }
}

/// Passwords: 8 to 128 characters (a longer one would only cost the server time to hash).
pub fn check_password(password: &str) -> Result<(), ApiError> {
    let length = password.chars().count();
    if (8..=128).contains(&length) {
        Ok(())
    } else {
        Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad_password",
            "a password has 8 to 128 characters",
        ))
    }
}

/// The argon2id hash of a password, in the PHC format (with its salt and parameters).
pub fn hash_password(password: &str) -> Result<String, String> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| e.to_string())
}

/// Whether `password` is the one `stored` hashes.
pub fn verify_password(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored)
        .is_ok_and(|h| Argon2::default().verify_password(password.as_bytes(), &h).is_ok())
}

/// A hash to check against when the name is unknown, so that a wrong name takes as long as a
/// wrong password (the time would tell which names exist).
fn decoy() -> &'static str {
    static DECOY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DECOY.get_or_init(|| hash_password("not anybody's password").unwrap_or_default())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Credentials {
    name: String,
    password: String,
}

fn session_cookie(token: &str, secure: bool) -> Option<HeaderValue> {
    let attributes = format!("HttpOnly; SameSite=Lax; Max-Age={}", SESSION_DAYS * 86_400);
    set_cookie(SESSION_COOKIE, token, &attributes, secure)
}

/// Opens a session for `user` and answers with its cookie (and the token against forgery, which
/// the requests it makes will need).
/// Whether the account is an admin's.
async fn is_admin(app: &Core, user: &User) -> Result<bool, ApiError> {
    app.store.is_admin(&user.id).await.map_err(|e| {
        tracing::error!("accounts: {e}");
        ApiError::unavailable("try again")
    })
}

async fn open_session(app: &Core, headers: &HeaderMap, user: &User) -> ApiResult {
    let token = new_secret();
    let expires = now_ms() + SESSION_DAYS * 86_400_000;
    app.store.create_session(&hash(&token), &user.id, expires).await.map_err(|e| {
        tracing::error!("sessions: {e}");
        ApiError::unavailable("the session could not be opened; try again")
    })?;
    // As `GET /api/account` says it: an admin's pages offer the reports.
    let admin = is_admin(app, user).await?;
    let mut response =
        Json(json!({ "user": { "name": user.name, "admin": admin } })).into_response();
    let secure = app.limits.settings.secure_cookies;
    let cookies = response.headers_mut();
    for cookie in session_cookie(&token, secure).into_iter().chain(csrf_cookie(headers, secure)) {
        cookies.append(header::SET_COOKIE, cookie);
    }
    Ok(response)
}

/// Hashes off the server's threads: argon2 takes tens of milliseconds on purpose, and 19 MiB of
/// memory a hash, so at most a few at once, one a core (a crowd signing in at once waits its
/// turn rather than take gigabytes: 1,000 sign-ups 16 at a time had held 3.4 GB).
async fn blocking<T: Send + 'static>(
    job: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    static TURNS: std::sync::OnceLock<tokio::sync::Semaphore> = std::sync::OnceLock::new();
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let turns = TURNS.get_or_init(|| tokio::sync::Semaphore::new(cores));
    let _turn = turns.acquire().await.map_err(|_| ApiError::unavailable("try again"))?;
    tokio::task::spawn_blocking(job).await.map_err(|_| ApiError::unavailable("try again"))
}

pub async fn sign_up(
    State(app): State<Core>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> ApiResult {
    let Credentials { name, password } = body(&headers, &bytes)?;
    check_name(&name)?;
    check_password(&password)?;
    let address = client_address(&app, &headers, peer);
    app.limits.check(Kind::SignUp, &address).map_err(|w| ApiError::too_many(w, "new accounts"))?;
    let hashed = blocking(move || hash_password(&password))
        .await?
        .map_err(|_| ApiError::unavailable("try again"))?;
    let user = User { id: new_secret(), name, created_at: now_ms() };
    let created = app.store.create_user(&user, &hashed).await.map_err(|e| {
        tracing::error!("accounts: {e}");
        ApiError::unavailable("the account could not be made; try again")
    })?;
    if !created {
        return Err(ApiError::new(StatusCode::CONFLICT, "name_taken", "this name is taken"));
    }
    open_session(&app, &headers, &user).await
}

pub async fn sign_in(
    State(app): State<Core>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> ApiResult {
    let Credentials { name, password } = body(&headers, &bytes)?;
    let address = client_address(&app, &headers, peer);
    app.limits.check(Kind::SignIn, &address).map_err(|w| ApiError::too_many(w, "attempts"))?;
    let key = name.to_lowercase();
    if app.limits.is_blocked(Kind::WrongPassword, &key) {
        return Err(ApiError::too_many(
            std::time::Duration::from_secs(900),
            "wrong passwords for this name",
        ));
    }
    let found = app.store.user_by_name(&name).await.map_err(|e| {
        tracing::error!("accounts: {e}");
        ApiError::unavailable("try again")
    })?;
    let (user, stored) = match found {
        Some((user, stored)) => (Some(user), stored),
        None => (None, decoy().to_owned()),
    };
    let right = blocking(move || verify_password(&password, &stored)).await?;
    match user {
        Some(user) if right => {
            let closed = app.store.is_closed(&user.id).await.map_err(|e| {
                tracing::error!("accounts: {e}");
                ApiError::unavailable("try again")
            })?;
            if closed {
                return Err(ApiError::new(
                    StatusCode::FORBIDDEN,
                    "closed",
                    "an admin closed this account",
                ));
            }
            open_session(&app, &headers, &user).await
        }
        _ => {
            let _ = app.limits.check(Kind::WrongPassword, &key);
            Err(ApiError::new(
                StatusCode::UNAUTHORIZED,
                "wrong_password",
                "no account has this name and password",
            ))
        }
    }
}

pub async fn sign_out(State(app): State<Core>, headers: HeaderMap) -> ApiResult {
    if let Some(token) = session_token(&headers) {
        app.store.delete_session(&hash(&token)).await.map_err(|e| {
            tracing::error!("sessions: {e}");
            ApiError::unavailable("try again")
        })?;
    }
    let mut response = Json(json!({ "user": null })).into_response();
    let secure = app.limits.settings.secure_cookies;
    if let Some(gone) = set_cookie(SESSION_COOKIE, "", "HttpOnly; SameSite=Lax; Max-Age=0", secure)
    {
        response.headers_mut().append(header::SET_COOKIE, gone);
    }
    Ok(response)
}

/// Who the browser is signed in as.
pub async fn me(State(app): State<Core>, headers: HeaderMap) -> ApiResult {
    let Some(user) = signed_in(&app, &headers).await? else {
        return Ok(Json(json!({ "user": null })).into_response());
    };
    // An admin's pages offer the reports.
    let admin = is_admin(&app, &user).await?;
    Ok(Json(json!({ "user": { "name": user.name, "admin": admin } })).into_response())
}

fn rating_json(app: &Core, row: &awe_site_core::store::RatingRow) -> Value {
    json!({
        "name": row.name,
        "bot": app.is_bot(&row.user),
        "category": row.category,
        "rating": row.rating.rating.round() as i64,
        "deviation": row.rating.deviation.round() as i64,
        "provisional": row.rating.is_provisional(),
        "games": row.games, "wins": row.wins, "draws": row.draws, "losses": row.losses,
    })
}

/// A player's page: their ratings and latest games.
pub async fn player(State(app): State<Core>, Path(name): Path<String>) -> ApiResult {
    let failed = |e: sqlx::Error| {
        tracing::error!("players: {e}");
        ApiError::unavailable("try again")
    };
    if check_name(&name).is_err() {
        return Err(ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such player"));
    }
    let Some((user, _)) = app.store.user_by_name(&name).await.map_err(failed)? else {
        return Err(ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such player"));
    };
    let ratings = app.store.ratings_of(&user.id).await.map_err(failed)?;
    let games = app.store.games_of(&user.id, 50).await.map_err(failed)?;
    let games: Vec<Value> = games
        .iter()
        .map(|row| {
            let side = row.seats.iter().position(|s| s.user.as_ref() == Some(&user.id));
            let opponent = side.map(|i| &row.seats[1 - i]);
            let opponent = opponent.map(|s| match s.level {
                Some(level) => json!({ "kind": "computer", "level": level }),
                None => json!({
                    "kind": if s.secret.is_some() { "human" } else { "empty" },
                    "name": s.name,
                    "account": s.user.is_some(),
                    "bot": s.user.as_deref().is_some_and(|u| app.is_bot(u)),
                }),
            });
            let spec: Value = serde_json::from_str(&row.spec).unwrap_or(Value::Null);
            json!({
                "id": row.id, "spec": spec, "status": row.status, "result": row.result,
                "rated": row.rated, "category": row.category,
                "side": side, "opponent": opponent,
                "rating": side.and_then(|i| row.seats[i].rating),
                "diff": side.and_then(|i| row.seats[i].diff),
                "updated_at": row.updated_at,
            })
        })
        .collect();
    Ok(Json(json!({
        "name": user.name,
        "bot": app.is_bot(&user.id),
        "created_at": user.created_at,
        "ratings": ratings.iter().map(|r| rating_json(&app, r)).collect::<Vec<_>>(),
        "games": games,
    }))
    .into_response())
}

#[derive(Deserialize)]
pub struct BoardQuery {
    #[serde(default)]
    category: Option<String>,
}

/// The leaderboard of a category (`?category=awele:abapa`), or the first ten of every category
/// that has rated players.
pub async fn leaderboard(State(app): State<Core>, Query(query): Query<BoardQuery>) -> ApiResult {
    let categories = awe_site_core::spec::Spec::categories();
    let failed = |e: sqlx::Error| {
        tracing::error!("leaderboard: {e}");
        ApiError::unavailable("try again")
    };
    match query.category {
        Some(category) => {
            if !categories.contains(&category) {
                return Err(ApiError::bad(format!("no rating category `{category}`")));
            }
            let rows = app.store.leaderboard(&category, 100).await.map_err(failed)?;
            Ok(Json(json!({
                "category": category,
                "players": rows.iter().map(|r| rating_json(&app, r)).collect::<Vec<_>>(),
            }))
            .into_response())
        }
        None => {
            let mut boards = Vec::new();
            for category in &categories {
                let rows = app.store.leaderboard(category, 10).await.map_err(failed)?;
                boards.push(json!({
                    "category": category,
                    "players": rows.iter().map(|r| rating_json(&app, r)).collect::<Vec<_>>(),
                }));
            }
            Ok(Json(json!({ "categories": categories, "boards": boards })).into_response())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_passwords_are_checked() {
        for good in ["ada", "Kofi_2", "a-b-c", "Abcdefghijklmnopqrst"] {
            assert!(check_name(good).is_ok(), "{good}");
        }
        for bad in [
            "",
            "ab",
            "2ada",
            "_ada",
            "ada lovelace",
            "Abcdefghijklmnopqrstu",
            "adé",
            "a\u{202e}bc",
        ] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
        assert!(check_password("12345678").is_ok());
        assert!(check_password("1234567").is_err());
        assert!(check_password(&"x".repeat(129)).is_err());
    }

    #[test]
    fn a_password_hash_is_argon2id_and_verifies_only_its_password() {
        let stored = hash_password("correct horse").unwrap();
        assert!(stored.starts_with("$argon2id$"), "{stored}");
        assert!(!stored.contains("correct horse"));
        assert!(verify_password("correct horse", &stored));
        assert!(!verify_password("correct horsf", &stored));
        assert!(!verify_password("correct horse", "not a hash"));
        // Each hash has its own salt.
        assert_ne!(stored, hash_password("correct horse").unwrap());
    }
}
