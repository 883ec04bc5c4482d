//! The site's HTTP side, assembled: every feature's routes merged under the same defences
//! (body limits, time limits, JSON errors, no cross-site requests, security headers, a span
//! and metrics a request), the pages, and the server's own answers (`/api/stats`, `/healthz`,
//! `/readyz`).

use std::time::Duration;

use awe_site_core::request::{ApiError, identity, with_cookies};
use awe_site_play::Site;
use axum::Json;
use axum::Router;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::{Value, json};

use crate::app::App;

/// The largest body of a request, but for imports.
const BODY_LIMIT: usize = 16 * 1024;

/// How long a request may take to send its body.
const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// The site: every feature's routes, merged, under the same defences.
pub fn router(app: &App) -> Router {
    let site = &app.site;
    let request_timeout = site.limits.settings.request_timeout;
    let own = Router::new()
        .route("/api/stats", get(stats))
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/api/{*rest}", get(api_not_found).post(api_not_found))
        .with_state(site.clone());
    let api = Router::new()
        .merge(awe_site_play::games::router(site.clone()))
        .merge(awe_site_accounts::router(site.core.clone()))
        .merge(app.lobby.router())
        .merge(app.tournaments.router())
        .merge(app.chat.router())
        .merge(app.bots.router())
        .merge(app.puzzles.router())
        .merge(awe_site_explorer::router(site.core.clone()))
        .merge(awe_site_learn::router(site.core.clone()))
        .merge(own)
        .layer(DefaultBodyLimit::max(BODY_LIMIT));
    let pages = Router::new()
        .route("/tournaments", get(page))
        .route("/puzzles", get(page))
        .route("/puzzle/{id}", get(page))
        .route("/learn", get(page))
        .route("/learn/{game}", get(page))
        .route("/learn/{game}/{name}", get(page))
        .route("/practice", get(page))
        .route("/openings", get(page))
        .route("/study", get(page))
        .route("/study/{name}", get(page))
        .route("/openings/{game}", get(page))
        .route("/practice/{game}/{name}", get(page))
        .route("/tournament/{id}", get(page))
        .route("/", get(page))
        .route("/import", get(page))
        .route("/analysis", get(page))
        .route("/rules", get(page))
        .route("/signin", get(page))
        .route("/signup", get(page))
        .route("/leaderboard", get(page))
        .route("/turns", get(page))
        .route("/admin/reports", get(page))
        .route("/player/{name}", get(page))
        .route("/rules/{game}", get(rules_page))
        .route("/game/{id}", get(game_page))
        .with_state(site.clone());
    Router::new()
        .merge(api)
        .merge(awe_site_play::games::import_router(site.clone()))
        .merge(pages)
        // The pages' files (`/app.js`, `/app.3f9a0c1d2e.js`…), else nothing.
        .fallback(asset)
        // Inside the JSON errors: a request that takes too long is answered as every error is.
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(BODY_TIMEOUT))
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            request_timeout,
        ))
        .layer(axum::middleware::from_fn(awe_site_core::request::json_errors))
        .layer(axum::middleware::from_fn(awe_site_core::request::same_site_only))
        .layer(axum::middleware::map_response(security_headers))
        .layer(axum::middleware::from_fn(traced))
}

/// A request's span (an id a request, its method and path: never its query, which may carry an
/// invitation, nor its headers, which carry cookies), a log line at `debug` (`warn` for a 5xx),
/// and its metrics.
async fn traced(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    use std::sync::atomic::{AtomicU64, Ordering};
    use tracing::Instrument;
    static REQUESTS: AtomicU64 = AtomicU64::new(1);
    let id = REQUESTS.fetch_add(1, Ordering::Relaxed);
    let span = tracing::info_span!(
        "request",
        id,
        method = %request.method(),
        path = %request.uri().path(),
    );
    async move {
        let started = std::time::Instant::now();
        let response = next.run(request).await;
        let status = response.status().as_u16();
        let seconds = started.elapsed().as_secs_f64();
        if status >= 500 {
            tracing::warn!(status, ms = seconds * 1000.0, "answered");
        } else {
            tracing::debug!(status, ms = seconds * 1000.0, "answered");
        }
        let class = match status {
            100..=199 => "1xx",
            200..=299 => "2xx",
            300..=399 => "3xx",
            400..=499 => "4xx",
            _ => "5xx",
        };
        metrics::counter!("awe_http_requests_total", "status" => class).increment(1);
        metrics::histogram!("awe_http_request_seconds").record(seconds);
        response
    }
    .instrument(span)
    .await
}

/// Headers every answer carries: no framing, no sniffing, scripts and connections to this site
/// only.
async fn security_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    let set = |headers: &mut HeaderMap, name: &'static str, value: &'static str| {
        headers.insert(name, HeaderValue::from_static(value));
    };
    set(
        headers,
        "content-security-policy",
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; \
         connect-src 'self'; frame-ancestors 'none'",
    );
    set(headers, "x-content-type-options", "nosniff");
    set(headers, "x-frame-options", "DENY");
    set(headers, "referrer-policy", "same-origin");
    response
}

/// What this server holds now (for operators and the tests of several servers): the rooms in
/// memory and the computer's searches it has started.
async fn stats(State(app): State<Site>) -> Json<Value> {
    Json(json!({
        "rooms": app.rooms.len(),
        "rooms_memory": app.rooms.weight(),
        "rooms_evicted": app.rooms.evicted(),
        "connections": app.limits.open(),
        "searches": app.searches.load(std::sync::atomic::Ordering::Relaxed),
        "built": app.built.load(std::sync::atomic::Ordering::Relaxed),
        "engines": {
            "size": app.pool.size(),
            "running": app.pool.running(),
            "waiting": app.pool.waiting(),
            "preempted": app.pool.preemptions(),
        },
        "postgres": app.store.is_postgres(),
    }))
}

/// `GET /healthz`: the process answers (a supervisor restarts it when it does not).
async fn healthz() -> &'static str {
    "ok\n"
}

/// `GET /readyz`: the database answers, every migration of this build is applied, and the
/// server is not stopping; else 503, and a balancer sends its requests elsewhere.
async fn readyz(State(app): State<Site>) -> Response {
    let unready = |why: &str| (StatusCode::SERVICE_UNAVAILABLE, format!("{why}\n")).into_response();
    if app.shutdown.stopping() {
        return unready("stopping");
    }
    let asking = std::time::Instant::now();
    let ready = tokio::time::timeout(Duration::from_secs(2), app.store.ready()).await;
    metrics::histogram!("awe_database_seconds", "op" => "ready")
        .record(asking.elapsed().as_secs_f64());
    match ready {
        Ok(Ok(true)) => "ready\n".into_response(),
        Ok(Ok(false)) => unready("the database's schema is behind this server"),
        Ok(Err(_)) | Err(_) => unready("the database does not answer"),
    }
}

async fn api_not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such API")
}

async fn asset(uri: axum::http::Uri, headers: HeaderMap) -> Response {
    match crate::assets::find(uri.path()) {
        Some(asset) => crate::assets::response(asset, uri.path(), &headers),
        None => not_found_html(),
    }
}

/// The page (the application draws itself from the address), with the browser's cookie made
/// if it has none.
async fn page(State(app): State<Site>, headers: HeaderMap) -> Response {
    let (_, cookies) = identity(&headers, app.limits.settings.secure_cookies);
    let page = match crate::assets::find("/index.html") {
        Some(asset) => crate::assets::response(asset, "/index.html", &headers),
        None => not_found_html(),
    };
    with_cookies(page, cookies)
}

async fn rules_page(
    State(app): State<Site>,
    Path(game): Path<String>,
    headers: HeaderMap,
) -> Response {
    if ["awele", "awithlaknannai", "awechec"].contains(&game.as_str()) {
        page(State(app), headers).await
    } else {
        not_found_html()
    }
}

async fn game_page(
    State(app): State<Site>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    match app.room(&id).await {
        Ok(Some(_)) => page(State(app), headers).await,
        Ok(None) => not_found_html(),
        Err(message) => ApiError::unavailable(message).into_response(),
    }
}

/// The page for an address that leads nowhere.
fn not_found_html() -> Response {
    let html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta \
         name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>Not found · \
         awe</title><link rel=\"stylesheet\" href=\"{}\"></head><body class=\"not-found\">\
         <main><h1>404</h1><p>There is no such page or game here. · <span lang=\"fr\">Cette \
         page ou cette partie n’existe pas.</span></p><p><a href=\"/\">awe: home · \
         <span lang=\"fr\">accueil</span></a></p></main></body></html>",
        crate::assets::STYLE
    );
    (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], html)
        .into_response()
}
