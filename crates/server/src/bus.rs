//! What ties several servers on one PostgreSQL database together: the bus. Every commit
//! notifies the channel `awe` when its transaction commits: `g ID VERSION` for a game, `l` for
//! the lobby's lists, `t ID` for a tournament, `s ID` for a search handed back, `c SERVER ID` for
//! a line of chat. Each server listens and tells the feature concerned, here where they are
//! assembled: a feature never hears another's events itself. While the connection that listens
//! is lost, notifications are missed: once it is back, every room reads its game again.
//!
//! The sweeper, which keeps games going when nobody watches them, is play's (`sweep.rs`).

use std::time::Duration;

use awe_site_core::store::CHANNEL;
use sqlx::postgres::PgListener;

use crate::app::App;

/// Starts the bus (PostgreSQL only).
pub fn start(app: &App) {
    if app.site.store.is_postgres() {
        tokio::spawn(listen(app.clone()));
    }
}

/// What a notification says.
fn dispatch(app: &App, payload: &str) {
    let words: Vec<&str> = payload.split(' ').collect();
    match words.as_slice() {
        ["g", id, version] if let Ok(version) = version.parse() => {
            app.site.game_changed(id, version)
        }
        ["l"] => app.site.lobby_changed(),
        ["t", id] => app.tournaments.hub.changed(id),
        ["s", id] => app.site.search_handed_back(id),
        // A line of chat another server kept: sent to this server's readers.
        ["c", server, id] => {
            if *server != &*app.site.server_id {
                tokio::spawn(awe_site_chat::arrived(app.site.core.clone(), (*id).to_owned()));
            }
        }
        _ => tracing::warn!("a notification not understood: {payload:?}"),
    }
}

async fn listen(app: App) {
    let mut lost = false;
    loop {
        let mut listener = match PgListener::connect(app.site.store.url()).await {
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
            app.site.resync();
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
                app.site.resync();
                lost = false;
            }
        }
    }
}
