//! What keeps games going when nobody watches them, and the gauges of what the server holds.
//!
//! The sweeper: every second, a server looks for games being played whose clock's flag has
//! fallen, whose first move did not come in time, or whose computer's search was left by its
//! server, and opens their room, which ends the game on time, aborts it, or searches (once: see
//! `room.rs`).

use std::time::Duration;

use crate::site::Site;

/// How often the sweeper looks.
const SWEEP: Duration = Duration::from_secs(1);

/// Sweeps, every [`SWEEP`].
pub async fn sweep(app: Site) {
    loop {
        tokio::time::sleep(SWEEP).await;
        match app.store.due(100).await {
            Ok(ids) => {
                for id in ids {
                    if let Err(error) = app.room(&id).await {
                        tracing::error!("game {id}: {error}");
                    }
                }
            }
            Err(error) => tracing::error!("the sweeper cannot read the games: {error}"),
        }
    }
}

/// Sets the gauges every second (they cost nothing without a recorder).
pub async fn gauges(app: Site) {
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    loop {
        tick.tick().await;
        metrics::gauge!("awe_connections").set(app.limits.open() as f64);
        metrics::gauge!("awe_rooms").set(app.rooms.len() as f64);
        metrics::gauge!("awe_rooms_memory_bytes").set(app.rooms.weight() as f64);
        metrics::gauge!("awe_engine_running").set(app.pool.running() as f64);
        metrics::gauge!("awe_engine_waiting").set(app.pool.waiting() as f64);
        if let Some(bytes) = awe_site_core::metrics::resident_memory() {
            metrics::gauge!("awe_memory_bytes").set(bytes as f64);
        }
    }
}
