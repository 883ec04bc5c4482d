//! The site assembled: one [`Site`] (the core, the rooms, the engines), each feature's state
//! built on it, the chat given to the bots as their [`Speaker`]. Nothing imports this crate's
//! `App` but this crate: the features know the core and play, never each other.
//!
//! [`Speaker`]: awe_site_core::channels::Speaker

use std::sync::Arc;

use awe_site_bots::Bots;
use awe_site_chat::Chat;
use awe_site_core::limits::Limits;
use awe_site_core::store::Store;
use awe_site_lobby::Lobby;
use awe_site_play::Site;
use awe_site_play::pool::Pool;
use awe_site_puzzles::Puzzles;
use awe_site_tournaments::Tournaments;
use awe_site_tournaments::schedule::Schedule;

/// Every feature's state, on one site.
#[derive(Clone, Debug)]
pub struct App {
    pub site: Site,
    pub lobby: Lobby,
    pub tournaments: Tournaments,
    pub chat: Chat,
    pub bots: Bots,
    pub puzzles: Puzzles,
}

impl App {
    pub fn new(store: Store, pool: Pool, limits: Limits, schedule: Vec<Schedule>) -> App {
        let site = Site::new(store, pool, limits);
        let chat = Chat::new(site.clone());
        App {
            lobby: Lobby::new(site.clone()),
            tournaments: Tournaments::new(site.clone(), schedule),
            bots: Bots::new(site.clone(), Arc::new(chat.clone())),
            puzzles: Puzzles::new(site.clone()),
            chat,
            site,
        }
    }

    /// Starts every feature's tasks: the sweeper and the gauges, the lobby's lists and quick
    /// pairing, the tournaments, the explorer's indexing, the bots' accounts. (The bus, which
    /// tells them of other servers' changes, is started beside: `bus.rs`.)
    pub fn start(&self) {
        tokio::spawn(awe_site_play::sweep::sweep(self.site.clone()));
        tokio::spawn(awe_site_play::sweep::gauges(self.site.clone()));
        self.lobby.start();
        self.tournaments.start();
        tokio::spawn(awe_site_explorer::explorer::run(self.site.core.clone()));
        self.bots.start();
    }
}
