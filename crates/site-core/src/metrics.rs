//! The server's numbers, in Prometheus's text format, at `/metrics` on an address of their own
//! (`awe serve --metrics-addr`), apart from the site so that only the operator's network reaches
//! them. The series (each described in docs/deploy.md):
//!
//! - `awe_connections`, `awe_rooms`, `awe_rooms_memory_bytes`: what the server holds now;
//! - `awe_moves_total` (by `human` or `computer`) and `awe_move_seconds`, a player's move from
//!   its arrival to its acknowledgement (written, told to everyone);
//! - `awe_engine_running`, `awe_engine_waiting` and `awe_engine_search_seconds` (by `play` or
//!   `analysis`): the engines' pool;
//! - `awe_database_seconds` (by operation): a change's write, or `/readyz`'s question;
//! - `awe_refusals_total` (by limit): what the defences refused;
//! - `awe_http_requests_total` (by status class) and `awe_http_request_seconds`;
//! - `awe_memory_bytes`: the process's resident memory.
//!
//! The calls that record them are no-ops until [`listen`] installs the recorder.

use std::net::SocketAddr;
use std::time::Duration;

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

/// The buckets of every `_seconds` histogram: a millisecond to ten seconds.
const BUCKETS: [f64; 14] =
    [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0];

/// Why the metrics could not be served.
#[derive(Debug, thiserror::Error)]
pub enum MetricsError {
    #[error("the metrics' recorder: {0}")]
    Recorder(String),
    #[error("cannot listen on {addr} for the metrics: {error}")]
    Listen { addr: SocketAddr, error: std::io::Error },
}

/// Installs the process's recorder and listens on `addr`: the address bound, and the server of
/// `GET /metrics` to run.
pub async fn listen(
    addr: SocketAddr,
) -> Result<(SocketAddr, impl std::future::Future<Output = ()> + use<>), MetricsError> {
    let handle = PrometheusBuilder::new()
        .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), &BUCKETS)
        .map_err(|e| MetricsError::Recorder(e.to_string()))?
        .install_recorder()
        .map_err(|e| MetricsError::Recorder(e.to_string()))?;
    describe();
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|error| MetricsError::Listen { addr, error })?;
    let bound = listener.local_addr().map_err(|error| MetricsError::Listen { addr, error })?;
    // The histograms' samples are drained into their buckets by the upkeep: every few seconds,
    // scraped or not (without it, an unscraped server would keep every sample).
    let upkeep = handle.clone();
    let router =
        axum::Router::new().route("/metrics", axum::routing::get(move || scrape(handle.clone())));
    let server = async move {
        tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_secs(5));
            loop {
                every.tick().await;
                upkeep.run_upkeep();
            }
        });
        if let Err(error) = axum::serve(listener, router).await {
            tracing::error!(%error, "the metrics' server stopped");
        }
    };
    Ok((bound, server))
}

async fn scrape(handle: PrometheusHandle) -> impl axum::response::IntoResponse {
    handle.run_upkeep();
    ([("content-type", "text/plain; version=0.0.4")], handle.render())
}

fn describe() {
    use metrics::{Unit, describe_counter, describe_gauge, describe_histogram};
    describe_gauge!("awe_connections", "Connections open now (WebSockets included).");
    describe_gauge!("awe_rooms", "Games in memory now.");
    describe_gauge!("awe_rooms_memory_bytes", Unit::Bytes, "The games in memory's size.");
    describe_counter!("awe_moves_total", "Moves written, by who made them.");
    describe_histogram!(
        "awe_move_seconds",
        Unit::Seconds,
        "A player's move, from its arrival to its acknowledgement."
    );
    describe_gauge!("awe_engine_running", "Engine searches running now.");
    describe_gauge!("awe_engine_waiting", "Engine searches waiting for a core.");
    describe_histogram!("awe_engine_search_seconds", Unit::Seconds, "An engine's search.");
    describe_histogram!("awe_database_seconds", Unit::Seconds, "A database operation.");
    describe_counter!("awe_refusals_total", "Requests refused by a limit, by limit.");
    describe_counter!("awe_http_requests_total", "HTTP requests answered, by status class.");
    describe_histogram!("awe_http_request_seconds", Unit::Seconds, "An HTTP request.");
    describe_gauge!("awe_memory_bytes", Unit::Bytes, "The process's resident memory.");
}

/// The process's resident memory, where the system tells it (Linux's `VmRSS`, in kB whatever
/// the page size).
pub fn resident_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// A refusal by a limit.
pub fn refused(limit: &'static str) {
    metrics::counter!("awe_refusals_total", "limit" => limit).increment(1);
}
