//! Stopping gracefully, on SIGTERM (systemd, Docker, Kubernetes) or SIGINT (Ctrl-C).
//!
//! In order: `/readyz` answers 503 and nothing more is accepted; every page's socket is closed
//! with 1012 ("service restart"), after the action it may be carrying, so that it reconnects
//! (through a balancer, to another server); requests under way finish (a move in flight is
//! committed and acknowledged, or neither); the computer's leases this server holds are handed
//! back and the other servers told, so that one of them searches at once rather than when the
//! lease runs out. All of it within a bound (`awe serve --shutdown-timeout`): what is not done
//! by then is cut, and what was not acknowledged was not promised.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

/// The time the server gives itself to stop unless told otherwise: within Docker's 10 s
/// between its SIGTERM and its SIGKILL.
pub const TIMEOUT: Duration = Duration::from_secs(8);

/// Whether the server is stopping, and what it waits for before it stops.
#[derive(Debug, Default)]
pub struct Shutdown {
    token: CancellationToken,
    busy: AtomicUsize,
    idle: Notify,
}

/// Something under way the server waits for when it stops (a request, a page's socket), until
/// dropped.
#[derive(Debug)]
pub struct Busy(Arc<Shutdown>);

impl Drop for Busy {
    fn drop(&mut self) {
        if self.0.busy.fetch_sub(1, Ordering::AcqRel) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}

impl Shutdown {
    /// Whether the server has begun to stop.
    pub fn stopping(&self) -> bool {
        self.token.is_cancelled()
    }

    /// Returns once the server begins to stop.
    pub async fn stopped(&self) {
        self.token.cancelled().await
    }

    /// Counts something under way until the guard is dropped.
    pub fn busy(self: &Arc<Self>) -> Busy {
        self.busy.fetch_add(1, Ordering::AcqRel);
        Busy(Arc::clone(self))
    }

    /// What is under way now.
    pub fn under_way(&self) -> usize {
        self.busy.load(Ordering::Acquire)
    }

    /// Begins to stop.
    pub fn begin(&self) {
        self.token.cancel();
    }

    /// Returns once nothing is under way.
    pub async fn idle(&self) {
        loop {
            let notified = self.idle.notified();
            if self.under_way() == 0 {
                return;
            }
            notified.await;
        }
    }
}

/// Returns at the first SIGTERM or SIGINT.
pub async fn signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => {
                tokio::select! {
                    _ = terminate.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
