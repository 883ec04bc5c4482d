//! Personal API tokens as a request carries them (`Authorization: Bearer TOKEN`): who holds a
//! token, and whether it allows what is asked. An account's tokens are made and revoked on its
//! page (the accounts' routes); bots play with them, and `POST /api/games` makes a game with one.

use axum::http::{HeaderMap, StatusCode, header};

use crate::context::Core;
use crate::error::ApiError;
use crate::ids::hash;
use crate::request::Actor;
use crate::store::User;

/// What a token may be allowed to do.
pub const SCOPES: [&str; 2] = [PLAY, CHALLENGE];

/// Play as a bot: its events, its games, its moves and chat.
pub const PLAY: &str = "bot:play";

/// Make games (challenges) as the account.
pub const CHALLENGE: &str = "challenge:write";

/// The token of a request's `Authorization: Bearer` header, if it has one.
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (kind, token) = value.split_once(' ')?;
    kind.eq_ignore_ascii_case("bearer").then(|| token.trim())
}

/// Who a token acts for.
#[derive(Clone, Debug)]
pub struct Holder {
    pub user: User,
    pub bot: bool,
    pub token: String,
}

impl Holder {
    /// The holder as a room knows a player: by account (its seats are the account's).
    pub fn actor(&self) -> Actor {
        Actor { secret: hash(&format!("token:{}", self.user.id)), user: Some(self.user.clone()) }
    }
}

fn unauthorized(message: &str) -> ApiError {
    ApiError::new(StatusCode::UNAUTHORIZED, "token", message)
}

/// The holder of the request's token, which must allow `scope`.
pub async fn holder(core: &Core, headers: &HeaderMap, scope: &str) -> Result<Holder, ApiError> {
    let Some(token) = bearer(headers) else {
        return Err(unauthorized("this needs a personal API token: Authorization: Bearer TOKEN"));
    };
    let found = core.store.token_user(&hash(token)).await.map_err(|e| {
        tracing::error!("tokens: {e}");
        ApiError::unavailable("try again")
    })?;
    let Some((user, row, bot)) = found else {
        return Err(unauthorized("no such token, or it was revoked"));
    };
    if !row.scopes.split(' ').any(|s| s == scope) {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "scope",
            format!("this token was not given the scope {scope}"),
        ));
    }
    Ok(Holder { user, bot, token: row.id })
}
