//! `awe serve`: the web site of awe. See docs/server.md for how it is built and its API.

pub mod app;
pub mod assets;
pub mod bus;
pub mod http;

// The site's crates, under the names the command line and the tests have always used.
pub use awe_site_accounts::accounts;
pub use awe_site_core::{
    backup, channels, clock, fairplay, ids, limits, metrics, model, rating, request, shutdown,
    spec, store, testing, text, tokens,
};
pub use awe_site_explorer::{explorer, export};
pub use awe_site_play::{analysis, lobby, message, pool, room, ws};
pub use awe_site_puzzles as puzzle;
pub use awe_site_tournaments as tournament;

use std::net::SocketAddr;
use std::path::PathBuf;

pub use app::App;

/// How a server is started.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen.
    pub addr: SocketAddr,
    /// The database: `sqlite://FILE` or `postgres://…`.
    pub database: String,
    /// The Awélé endgame databases built in the background up to this many seeds (see
    /// [`build_endgames_in_background`]); 12 or less builds nothing more than the engines'
    /// first need.
    pub endgame_seeds: usize,
    /// The defences' numbers.
    pub limits: limits::Settings,
    /// The operator's recurring tournaments.
    pub schedule: Vec<tournament::schedule::Schedule>,
    /// How long the server gives itself to stop (see [`shutdown`]).
    pub shutdown_timeout: std::time::Duration,
}

/// The seeds of the Awélé databases `awe serve` builds in the background unless told otherwise:
/// about eight minutes and 2 GB of memory a rule set (`abapa`, with two bounds a board, twice
/// that), once for the machine.
pub const ENDGAME_SEEDS: usize = 20;

/// Builds, one after the other on a thread of the lowest priority, the Awélé databases of every
/// rule set up to `seeds` seeds where the cache has smaller ones. Meanwhile the computer plays
/// with the 12-seed databases built at first need; each larger one is used from the search that
/// follows its saving. Progress goes to the log, a line a layer.
pub fn build_endgames_in_background(seeds: usize) -> Option<std::thread::JoinHandle<()>> {
    use awe_awele::RuleSet;
    if seeds <= awe_players::cache::AUTOMATIC_SEEDS {
        return None;
    }
    let thread = std::thread::Builder::new().name("endgame builds".into()).spawn(move || {
        let _ = thread_priority::set_current_thread_priority(thread_priority::ThreadPriority::Min);
        for rules in [RuleSet::Awechec, RuleSet::Awari, RuleSet::Abapa] {
            let started = std::time::Instant::now();
            let built = awe_players::cache::build_awele(rules, seeds, |layer, done| {
                tracing::info!(
                    "building the Awélé endgame database of {rules} up to {seeds} \
                     seeds in the background: {layer} seeds, {:.0} % of the boards done",
                    done * 100.0
                );
            });
            match built {
                Ok(Some(path)) => tracing::info!(
                    "the endgame database {} is built ({:.0} s) and used from now on",
                    path.display(),
                    started.elapsed().as_secs_f64()
                ),
                Ok(None) => {}
                Err(error) => {
                    tracing::error!("the endgame database of {rules} was not built: {error}")
                }
            }
        }
    });
    thread.ok()
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("the database {url}: {error}")]
    Database { url: String, error: sqlx::Error },
    #[error("cannot listen on {addr}: {error}")]
    Listen { addr: SocketAddr, error: std::io::Error },
    #[error("the server stopped: {0}")]
    Serve(std::io::Error),
}

/// The data folder: `$AWE_DATA`, else `$XDG_DATA_HOME/awe`, else `~/.local/share/awe`.
pub fn default_data_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("AWE_DATA") {
        return Some(PathBuf::from(dir));
    }
    if let Some(dir) = std::env::var_os("XDG_DATA_HOME") {
        return Some(PathBuf::from(dir).join("awe"));
    }
    std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".local/share/awe"))
}

/// Opens the database and listens: returns the address bound and the server to run.
pub async fn bind(
    config: &Config,
) -> Result<
    (SocketAddr, impl std::future::Future<Output = Result<(), ServeError>> + use<>),
    ServeError,
> {
    let store = store::Store::open(&config.database)
        .await
        .map_err(|error| ServeError::Database { url: store::redacted(&config.database), error })?;
    limits::raise_open_files();
    let settings = &config.limits;
    let pool = pool::Pool::for_this_machine(settings.engine_table_mb, settings.analyses_waiting);
    let app = App::new(store, pool, limits::Limits::new(settings.clone()), config.schedule.clone());
    awe_site_bots::read(&app.site)
        .await
        .map_err(|error| ServeError::Database { url: store::redacted(&config.database), error })?;
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|error| ServeError::Listen { addr: config.addr, error })?;
    let addr =
        listener.local_addr().map_err(|error| ServeError::Listen { addr: config.addr, error })?;
    bus::start(&app);
    app.start();
    tracing::info!(%addr, database = %store::redacted(&config.database), "listening");
    let router = http::router(&app);
    let timeout = config.shutdown_timeout;
    let server = async move {
        tokio::select! {
            () = accept(listener, router, app.clone()) => {}
            () = shutdown::signal() => {}
        }
        // The listener is closed: nothing more is accepted.
        stop(&app.site, timeout).await;
        Ok(())
    };
    Ok((addr, server))
}

/// Stops the server (the listener is already closed): see the module's documentation. Returns
/// whether everything under way finished within `timeout`.
async fn stop(app: &awe_site_core::Core, timeout: std::time::Duration) -> bool {
    let started = std::time::Instant::now();
    tracing::info!(under_way = app.shutdown.under_way(), "stopping");
    app.shutdown.begin();
    // A part of the bound is kept for handing the leases back, so that all of it fits.
    let reserve = (timeout / 4).min(std::time::Duration::from_secs(1));
    let finished = tokio::time::timeout(timeout - reserve, app.shutdown.idle()).await.is_ok();
    if !finished {
        tracing::warn!(
            under_way = app.shutdown.under_way(),
            "stopping: cut what was still under way after {} ms",
            timeout.as_millis()
        );
    }
    let left = timeout.saturating_sub(started.elapsed()).max(std::time::Duration::from_millis(100));
    match tokio::time::timeout(left, app.store.release_leases(&app.server_id)).await {
        Ok(Ok(games)) if !games.is_empty() => {
            tracing::info!(games = games.len(), "stopping: the computer's searches handed back")
        }
        Ok(Ok(_)) => {}
        Ok(Err(error)) => tracing::error!(%error, "stopping: the leases could not be handed back"),
        Err(_) => tracing::error!("stopping: the database did not answer in time"),
    }
    tracing::info!(elapsed_ms = started.elapsed().as_millis() as u64, "stopped");
    finished
}

/// Takes connections: no more at once from an address, nor in all, than the limits allow (the
/// others are closed at once), each served by hyper with a time limit on a request's head and on
/// silence between requests, WebSockets upgraded. A connection is counted from its accept to
/// its close: its count goes with its upgraded WebSocket too.
async fn accept(listener: tokio::net::TcpListener, router: axum::Router, app: App) {
    let app = app.site;
    use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
    use tower::ServiceExt;
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(error) => {
                // Out of file descriptors, say: wait rather than spin.
                tracing::warn!("accept: {error}");
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                continue;
            }
        };
        let Some(guard) = app.limits.connect(peer.ip()) else {
            drop(stream);
            continue;
        };
        let guard = std::sync::Arc::new(guard);
        let _ = stream.set_nodelay(true);
        let router = router.clone();
        let silence = app.limits.settings.header_timeout;
        let shutdown = std::sync::Arc::clone(&app.shutdown);
        tokio::spawn(async move {
            let (stream, watch) = quiet::Watched::new(stream);
            let service = {
                let (guard, watch) = (std::sync::Arc::clone(&guard), watch.clone());
                let shutdown = std::sync::Arc::clone(&shutdown);
                hyper::service::service_fn(
                    move |mut request: hyper::Request<hyper::body::Incoming>| {
                        request.extensions_mut().insert(axum::extract::ConnectInfo(peer));
                        request
                            .extensions_mut()
                            .insert(ConnectionGuard(std::sync::Arc::clone(&guard)));
                        let busy = (watch.request(), shutdown.busy());
                        let response = router.clone().oneshot(request.map(axum::body::Body::new));
                        async move {
                            let response = response.await;
                            drop(busy);
                            response
                        }
                    },
                )
            };
            let mut builder =
                hyper_util::server::conn::auto::Builder::new(TokioExecutor::new()).http1_only();
            builder
                .http1()
                .timer(TokioTimer::new())
                .header_read_timeout(silence)
                // Requests are small (16 KB bodies, 4 MiB imports streamed): a small buffer a
                // connection, as thousands are open at once.
                .max_buf_size(64 * 1024);
            let connection = builder.serve_connection_with_upgrades(TokioIo::new(stream), service);
            let mut connection = std::pin::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                // Silent too long with no request under way: closed (dropping it closes it).
                () = watch.silent_for(silence) => {}
                // Stopping: the request under way is answered, then the connection closed.
                () = shutdown.stopped() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = tokio::time::timeout(silence, connection).await;
                }
            }
            drop(guard);
        });
    }
}

pub use limits::ConnectionGuard;

/// A connection watched for silence: when it last read or wrote a byte, and whether a request
/// is under way.
mod quiet {
    use std::pin::Pin;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
    use std::task::{Context, Poll};
    use std::time::{Duration, Instant};

    use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

    /// What a watcher sees of a connection.
    #[derive(Clone, Debug)]
    pub struct Watch {
        since: Instant,
        /// Milliseconds from `since` to the last byte read or written.
        last: Arc<AtomicU64>,
        requests: Arc<AtomicUsize>,
    }

    /// A request under way, until dropped.
    pub struct Busy(Arc<AtomicUsize>);

    impl Drop for Busy {
        fn drop(&mut self) {
            self.0.fetch_sub(1, Ordering::Relaxed);
        }
    }

    impl Watch {
        fn touch(&self) {
            self.last.store(self.since.elapsed().as_millis() as u64, Ordering::Relaxed);
        }

        pub fn request(&self) -> Busy {
            self.requests.fetch_add(1, Ordering::Relaxed);
            Busy(Arc::clone(&self.requests))
        }

        /// Returns once the connection has neither read nor written a byte for `limit` with no
        /// request under way.
        pub async fn silent_for(&self, limit: Duration) {
            loop {
                let last = Duration::from_millis(self.last.load(Ordering::Relaxed));
                let quiet = self.since.elapsed().saturating_sub(last);
                if quiet >= limit && self.requests.load(Ordering::Relaxed) == 0 {
                    return;
                }
                let wait = if quiet >= limit { limit } else { limit - quiet };
                tokio::time::sleep(wait.max(Duration::from_millis(50))).await;
            }
        }
    }

    /// A stream that tells its watch of every byte.
    pub struct Watched<S> {
        stream: S,
        watch: Watch,
    }

    impl<S> Watched<S> {
        pub fn new(stream: S) -> (Watched<S>, Watch) {
            let watch =
                Watch { since: Instant::now(), last: Arc::default(), requests: Arc::default() };
            (Watched { stream, watch: watch.clone() }, watch)
        }
    }

    impl<S: AsyncRead + Unpin> AsyncRead for Watched<S> {
        fn poll_read(
            mut self: Pin<&mut Self>,
            cx: &mut Context<'_>,
            buf: &mut ReadBuf<'_>,
        ) -> Poll<std::io::Result<()>> {
            let before = buf.filled().len();
            let poll = Pin::new(&mut self.stream).poll_read(cx, buf);
            if buf.filled().len() > before {
                self.watch.touch();
            }
            poll
        }
    }

    impl<S: AsyncWrite + Unpin> AsyncWrite for Watched<S> {
        fn poll_write(
            mut self: Pin<&mut Self>,
            cx: &mut Context<'_>,
            buf: &[u8],
        ) -> Poll<std::io::Result<usize>> {
            let poll = Pin::new(&mut self.stream).poll_write(cx, buf);
            if matches!(poll, Poll::Ready(Ok(n)) if n > 0) {
                self.watch.touch();
            }
            poll
        }

        fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
            Pin::new(&mut self.stream).poll_flush(cx)
        }

        fn poll_shutdown(
            mut self: Pin<&mut Self>,
            cx: &mut Context<'_>,
        ) -> Poll<std::io::Result<()>> {
            Pin::new(&mut self.stream).poll_shutdown(cx)
        }
    }
}
