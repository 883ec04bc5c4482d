//! An account's personal API tokens: listed, made (shown once, kept hashed) and revoked on its
//! page, with its session (never with a token). Programs use them (`awe-site-core`'s `tokens`).
//!
//! - `GET /api/account/tokens`, `POST /api/account/tokens` `{"description","scopes"}`,
//!   `POST /api/account/tokens/ID/revoke`.

use awe_site_core::Core;
use awe_site_core::ids::{hash, new_secret};
use awe_site_core::request::{ApiError, ApiResult, body};
use awe_site_core::store::{TokenRow, User, now_ms};
use awe_site_core::tokens::SCOPES;
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use serde::Deserialize;
use serde_json::{Value, json};

/// The tokens an account may hold at once.
const TOKENS: i64 = 20;

/// The tokens an account may have made, revoked ones included (each is kept, and listed).
const ALL_TOKENS: i64 = 100;

fn failed(e: sqlx::Error) -> ApiError {
    tracing::error!("tokens: {e}");
    ApiError::unavailable("try again")
}

async fn account(app: &Core, headers: &HeaderMap) -> Result<User, ApiError> {
    awe_site_core::request::account(app, headers, "manage tokens").await
}

fn token_json(row: &TokenRow) -> Value {
    json!({
        "id": row.id, "description": row.description,
        "scopes": row.scopes.split(' ').collect::<Vec<_>>(),
        "created_at": row.created_at, "used_at": row.used_at, "revoked_at": row.revoked_at,
    })
}

/// `GET /api/account/tokens`: the account's tokens (never the tokens themselves).
pub async fn tokens(State(app): State<Core>, headers: HeaderMap) -> ApiResult {
    let user = account(&app, &headers).await?;
    let rows = app.store.tokens_of(&user.id).await.map_err(failed)?;
    Ok(Json(json!({
        "tokens": rows.iter().map(token_json).collect::<Vec<_>>(),
        "scopes": SCOPES,
        "bot": app.is_bot(&user.id),
    }))
    .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewToken {
    description: String,
    scopes: Vec<String>,
}

/// `POST /api/account/tokens`: a new token, shown this once.
pub async fn create_token(State(app): State<Core>, headers: HeaderMap, bytes: Bytes) -> ApiResult {
    let new: NewToken = body(&headers, &bytes)?;
    let user = account(&app, &headers).await?;
    let description = awe_site_core::text::clean(&new.description, 61)
        .filter(|d| d.chars().count() <= 60)
        .ok_or_else(|| ApiError::bad("a token's description has 1 to 60 characters"))?;
    let mut scopes: Vec<&str> = Vec::new();
    for scope in &new.scopes {
        let Some(known) = SCOPES.iter().find(|s| *s == scope) else {
            return Err(ApiError::bad(format!(
                "no scope `{scope}`: the scopes are {}",
                SCOPES.join(", ")
            )));
        };
        if !scopes.contains(known) {
            scopes.push(known);
        }
    }
    if scopes.is_empty() {
        return Err(ApiError::bad("a token needs at least one scope"));
    }
    let (live, all) = app.store.token_counts(&user.id).await.map_err(failed)?;
    if live >= TOKENS || all >= ALL_TOKENS {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "too_many_tokens",
            format!("an account holds at most {TOKENS} tokens: revoke some first"),
        ));
    }
    // `awe_` and 128 random bits: a token is told from a password at a glance.
    let token = format!("awe_{}", new_secret());
    let row = TokenRow {
        id: new_secret()[..12].to_owned(),
        user: user.id.clone(),
        description,
        scopes: scopes.join(" "),
        created_at: now_ms(),
        used_at: None,
        revoked_at: None,
    };
    app.store.create_token(&row, &hash(&token)).await.map_err(failed)?;
    let mut answer = token_json(&row);
    answer["token"] = json!(token);
    Ok(Json(answer).into_response())
}

/// `POST /api/account/tokens/ID/revoke`: the token is refused from now on.
pub async fn revoke_token(
    State(app): State<Core>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult {
    let user = account(&app, &headers).await?;
    if !app.store.revoke_token(&user.id, &id).await.map_err(failed)? {
        return Err(ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such token"));
    }
    Ok(Json(json!({ "revoked": id })).into_response())
}
