//! The API's answer when something goes wrong: a status, a code the pages translate and a
//! message in English, as JSON; and a room's refusal of an action.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// Why an action was refused: a code the pages translate, and a message in English (for the API;
/// the rules' own reason where a move is illegal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: &'static str,
    pub message: String,
}

pub fn refuse(code: &'static str, message: impl Into<String>) -> Refusal {
    Refusal { code, message: message.into() }
}

/// An answer that went wrong, as JSON: `{"error": MESSAGE, "code": CODE}`, a message in English
/// and a code that the pages put in the reader's language (docs/server.md lists them).
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    /// Seconds to wait before trying again (`Retry-After`), for a refusal by rate.
    pub retry_after: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError { status, code, message: message.into(), retry_after: None }
    }

    /// The same, telling when to try again.
    pub fn retry_after(self, seconds: u64) -> ApiError {
        ApiError { retry_after: Some(seconds), ..self }
    }

    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    pub fn not_found() -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such game")
    }

    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "retry", message)
    }

    /// A refusal by rate: `429`, code `too_many`, when to try again.
    pub fn too_many(wait: std::time::Duration, what: &str) -> ApiError {
        let seconds = wait.as_secs().max(1);
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many",
            format!("too many {what}: try again in {seconds} s"),
        )
        .retry_after(seconds)
    }

    /// What needs an account, asked without one: `403`, code `sign_in`, "sign in to `what`".
    pub fn sign_in(what: &str) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, "sign_in", format!("sign in to {what}"))
    }

    /// A room's refusal.
    pub fn refused(refusal: Refusal) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, refusal.code, refusal.message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(json!({ "error": self.message, "code": self.code })))
            .into_response();
        if let Some(seconds) = self.retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

pub type ApiResult = Result<Response, ApiError>;

/// Errors of the API are JSON, whatever made them (a body too large, a wrong method, a request
/// that took too long): a client reads `{"error", "code"}` from every failed `/api/` request.
pub async fn json_errors(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let api = request.uri().path().starts_with("/api/");
    let response = next.run(request).await;
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !api || response.status().is_success() || json {
        return response;
    }
    let status = response.status();
    let code = match status {
        StatusCode::PAYLOAD_TOO_LARGE => "too_large",
        StatusCode::METHOD_NOT_ALLOWED => "method",
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "content_type",
        StatusCode::NOT_FOUND => "not_found",
        StatusCode::REQUEST_TIMEOUT | StatusCode::SERVICE_UNAVAILABLE => "timeout",
        _ => "bad_request",
    };
    let text = match axum::body::to_bytes(response.into_body(), 4096).await {
        Ok(bytes) if !bytes.is_empty() => String::from_utf8_lossy(&bytes).into_owned(),
        _ if code == "timeout" => "the request took too long; try again".to_owned(),
        _ => status.canonical_reason().unwrap_or("error").to_lowercase(),
    };
    ApiError::new(status, code, text).into_response()
}

/// A bot's account asks for what only people do, or a person's for a bot's.
pub fn bots_play_bots() -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        "bot",
        "a bot plays only the challenges addressed to it, and challenges only bots",
    )
}
