//! What ties several servers on one PostgreSQL database together, and what keeps games going
//! when nobody watches them.
//!
//! - The bus: every commit notifies the channel `awe` (`g ID VERSION` for a game, `l` for the
//!   lobby's lists) when its transaction commits; each server listens, and its room of that
//!   game, if it has one, reads the game again. While the connection that listens is lost,
//!   notifications are missed: once it is back, every room reads its game again.
//! - The sweeper: every second, a server looks for games being played whose clock's flag
//!   has fallen, whose first move did not come in time, or whose computer's search was left by
//!   its server, and opens their room, which ends the game on time, aborts it, or searches
//!   (once: see `room.rs`).

use std::time::Duration;

use sqlx::postgres::PgListener;

use crate::app::App;
use crate::store::CHANNEL;

/// How often the sweeper looks.
const SWEEP: Duration = Duration::from_secs(1);

/// Starts the bus (PostgreSQL only), the sweeper, the lobby's task and quick pairing.
pub fn start(app: &App) {
    if app.store.is_postgres() {
        tokio::spawn(listen(app.clone()));
    }
    tokio::spawn(sweep(app.clone()));
    tokio::spawn(crate::lobby::run(app.clone()));
    tokio::spawn(crate::pairing::run(app.clone()));
    tokio::spawn(crate::tournament::run(app.clone()));
    tokio::spawn(crate::explorer::run(app.clone()));
}

/// What a notification says.
fn dispatch(app: &App, payload: &str) {
    let words: Vec<&str> = payload.split(' ').collect();
    match words.as_slice() {
        ["g", id, version] if let Ok(version) = version.parse() => app.game_changed(id, version),
        ["l"] => app.lobby_changed(),
        ["t", id] => app.tournaments.changed(id),
        ["s", id] => app.search_handed_back(id),
        // A line of chat another server kept: sent to this server's readers.
        ["c", server, id] => {
            if *server != &*app.server_id {
                tokio::spawn(crate::chat::arrived(app.clone(), (*id).to_owned()));
            }
        }
        _ => tracing::warn!("a notification not understood: {payload:?}"),
    }
}

async fn listen(app: App) {
    let mut lost = false;
    loop {
        let mut listener = match PgListener::connect(app.store.url()).await {
            Ok(listener) => listener,
            Err(error) => {
                if !lost {
                    tracing::error!("cannot listen to the database: {error}; trying again");
                }
                lost = true;
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
        };
        if let Err(error) = listener.listen(CHANNEL).await {
            tracing::error!("cannot listen to the database: {error}; trying again");
            lost = true;
            tokio::time::sleep(Duration::from_secs(1)).await;
            continue;
        }
        if lost {
            tracing::info!("listening to the database again");
            app.resync();
            lost = false;
        }
        loop {
            match listener.try_recv().await {
                Ok(Some(notification)) => dispatch(&app, notification.payload()),
                // The connection was lost and is made again at the next call: what was
                // notified meanwhile is read again.
                Ok(None) => {
                    tracing::warn!("the database's notifications were cut; reading again");
                    lost = true;
                }
                Err(error) => {
                    tracing::error!("the database's notifications: {error}");
                    lost = true;
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    break;
                }
            }
            if lost && listener.listen(CHANNEL).await.is_ok() {
                app.resync();
                lost = false;
            }
        }
    }
}

async fn sweep(app: App) {
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
