//! What every part of the site shares, whatever its feature: the database, the defences'
//! limits, this server's name, whether it is stopping, the seats held in live games, the chat's
//! channels and the bot accounts. Cheap to clone. The play crate adds the rooms and the engines
//! (`Site`); each feature adds its own state beside them.

use std::collections::HashSet;
use std::sync::{Arc, RwLock};

use crate::channels::Channels;
use crate::fairplay::Seats;
use crate::limits::Limits;
use crate::shutdown::Shutdown;
use crate::store::Store;

/// The site's shared core.
#[derive(Clone, Debug)]
pub struct Core {
    pub store: Store,
    pub limits: Arc<Limits>,
    /// This server among those sharing the database (the computer's leases name it).
    pub server_id: Arc<str>,
    /// Whether the server is stopping, and what it waits for then.
    pub shutdown: Arc<Shutdown>,
    /// The addresses that hold a seat in a game between people while it runs.
    pub seats: Arc<Seats>,
    /// The chat channels read on this server.
    pub chat: Arc<Channels>,
    /// The bot accounts (a seat is marked a bot's without asking the database).
    pub bots: Arc<BotAccounts>,
}

impl Core {
    pub fn new(store: Store, limits: Limits) -> Core {
        Core {
            store,
            limits: Arc::new(limits),
            server_id: crate::ids::new_secret().into(),
            shutdown: Arc::default(),
            seats: Arc::default(),
            chat: Arc::default(),
            bots: Arc::default(),
        }
    }

    /// Whether account `user` is a bot's.
    pub fn is_bot(&self, user: &str) -> bool {
        self.bots.contains(user)
    }
}

/// Every bot account's id, as this server last read them (an account becomes a bot once, for
/// good: the bots' feature reads them again every few seconds).
#[derive(Debug, Default)]
pub struct BotAccounts {
    ids: RwLock<Arc<HashSet<String>>>,
}

impl BotAccounts {
    /// Whether account `user` is a bot's.
    pub fn contains(&self, user: &str) -> bool {
        self.ids.read().unwrap_or_else(|p| p.into_inner()).contains(user)
    }

    /// The bot accounts, read again.
    pub fn set(&self, ids: HashSet<String>) {
        *self.ids.write().unwrap_or_else(|p| p.into_inner()) = Arc::new(ids);
    }

    /// Reads the bot accounts from the database again.
    pub async fn read(&self, store: &Store) -> Result<(), sqlx::Error> {
        self.set(store.bot_ids().await?);
        Ok(())
    }
}
