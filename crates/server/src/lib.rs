//! `awe serve`: the web site of awe. See docs/server.md for how it is built and its API.

pub mod app;
pub mod clock;
pub mod http;
pub mod model;
pub mod pool;
pub mod room;
pub mod spec;
pub mod store;
pub mod ws;

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
        .map_err(|error| ServeError::Database { url: config.database.clone(), error })?;
    let app = App::new(store, pool::Pool::for_this_machine());
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|error| ServeError::Listen { addr: config.addr, error })?;
    let addr =
        listener.local_addr().map_err(|error| ServeError::Listen { addr: config.addr, error })?;
    let router = http::router(app);
    let server = async move {
        axum::serve(listener, router)
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
            .map_err(ServeError::Serve)
    };
    Ok((addr, server))
}
