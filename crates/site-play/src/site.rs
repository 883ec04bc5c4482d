//! What the games share: the core (the database, the limits, …), the engines' pool, the rooms
//! in memory and the lobby's signal. Every feature of the site holds one (cheap to clone) and
//! reaches the core through it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use awe_site_core::Core;
use awe_site_core::limits::Limits;
use awe_site_core::store::Store;

use crate::handle::{Command, Handle, Info};
use crate::lobby::Lobby;
use crate::pool::Pool;

/// Histories and records of games built at once: a 4,000-ply game's history is 2 MB and a
/// fifth of a second of a core.
const BUILDS: usize = 2;

/// What every request and room shares (cheap to clone); the core's fields through `Deref`.
#[derive(Clone, Debug)]
pub struct Site {
    pub core: Core,
    pub pool: Pool,
    pub rooms: Arc<Rooms>,
    pub lobby: Lobby,
    /// The computer's searches this server has started (`GET /api/stats`).
    pub searches: Arc<std::sync::atomic::AtomicU64>,
    /// Histories and records built at once (each on a blocking thread).
    pub builds: Arc<tokio::sync::Semaphore>,
    /// Histories and records built since the start (each kept by its room until the game
    /// changes).
    pub built: Arc<std::sync::atomic::AtomicU64>,
}

impl std::ops::Deref for Site {
    type Target = Core;

    fn deref(&self) -> &Core {
        &self.core
    }
}

/// Gives a feature's state, which holds the site in its field `site`, the site's fields and
/// the core's through `Deref`: `awe_site_play::holds_site!(Chat);`.
#[macro_export]
macro_rules! holds_site {
    ($state:ty) => {
        impl ::std::ops::Deref for $state {
            type Target = $crate::Site;

            fn deref(&self) -> &$crate::Site {
                &self.site
            }
        }
    };
}

impl Site {
    pub fn new(store: Store, pool: Pool, limits: Limits) -> Site {
        Site {
            core: Core::new(store, limits),
            pool,
            rooms: Arc::new(Rooms::default()),
            lobby: Lobby::default(),
            searches: Arc::default(),
            builds: Arc::new(tokio::sync::Semaphore::new(BUILDS)),
            built: Arc::default(),
        }
    }

    /// The lists of games changed (here or, through the bus, on another server).
    pub fn lobby_changed(&self) {
        self.lobby.changed();
    }

    /// Another server changed game `id` to `version`: its room here, if any, reads it again.
    pub fn game_changed(&self, id: &str, version: i64) {
        if let Some(handle) = self.rooms.changed(id, version) {
            let _ = handle.commands.try_send(Command::Changed { version });
        }
    }

    /// The notifications stopped for a while: every room here reads its game again.
    pub fn resync(&self) {
        for handle in self.rooms.all() {
            let _ = handle.commands.try_send(Command::Changed { version: i64::MAX });
        }
        self.lobby_changed();
    }
}

/// A game being loaded into a room.
#[derive(Debug, Default)]
struct Loading {
    lock: Arc<tokio::sync::Mutex<()>>,
    /// The latest version another server committed while the game was being loaded.
    heard: Option<i64>,
}

/// The rooms in memory, each with what it tells of itself (its estimated size, whether anyone
/// watches it, when it was last asked for).
#[derive(Debug)]
pub struct Rooms {
    map: Mutex<HashMap<String, Handle>>,
    /// The games being loaded: a lock for each, so that two requests for it make one room.
    loading: Mutex<HashMap<String, Loading>>,
    /// Loads at once: each reads a game and replays it on a blocking thread.
    pub(crate) loads: tokio::sync::Semaphore,
    /// Rooms let go to make space for others, since the start.
    evicted: std::sync::atomic::AtomicU64,
}

impl Default for Rooms {
    fn default() -> Rooms {
        Rooms {
            map: Mutex::default(),
            loading: Mutex::default(),
            loads: tokio::sync::Semaphore::new(4),
            evicted: Default::default(),
        }
    }
}

impl Rooms {
    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, Handle>> {
        self.map.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub(crate) fn get(&self, id: &str) -> Option<Handle> {
        let handle = self.map().get(id).filter(|h| !h.commands.is_closed()).cloned()?;
        handle.info.touch();
        Some(handle)
    }

    pub(crate) fn all(&self) -> Vec<Handle> {
        self.map().values().cloned().collect()
    }

    fn loading(&self) -> std::sync::MutexGuard<'_, HashMap<String, Loading>> {
        self.loading.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Game `id` changed to `version`: its room, if it has one here. Without one, a change heard
    /// while the game is being loaded is kept for the room the load makes. Both this and
    /// [`Rooms::insert_loaded`] hold the loading lock, so a change is never heard between the
    /// load's read and the room's arrival in the map without the room learning of it.
    pub(crate) fn changed(&self, id: &str, version: i64) -> Option<Handle> {
        let mut loading = self.loading();
        let room = self.get(id);
        if room.is_none()
            && let Some(load) = loading.get_mut(id)
        {
            load.heard = load.heard.max(Some(version));
        }
        room
    }

    /// Puts the room a load made in the map: the latest change heard meanwhile, if any.
    pub(crate) fn insert_loaded(&self, id: &str, handle: Handle) -> Option<i64> {
        let mut loading = self.loading();
        self.map().insert(id.to_owned(), handle);
        loading.get_mut(id).and_then(|load| load.heard.take())
    }

    pub(crate) fn load_lock(&self, id: &str) -> Arc<tokio::sync::Mutex<()>> {
        Arc::clone(&self.loading().entry(id.to_owned()).or_default().lock)
    }

    /// A load of `id` is over: its lock goes (those waiting on it find the room in the map).
    pub(crate) fn loaded(&self, id: &str) {
        self.loading().remove(id);
    }

    /// Makes space for a room of `weight` bytes within `most` rooms and `memory` bytes, letting
    /// go of rooms nobody watches, the least recently used first: whether there is space.
    pub(crate) fn make_room(&self, weight: usize, most: usize, memory: usize) -> bool {
        let mut map = self.map();
        let mut count = map.len();
        let mut total: usize = map.values().map(|h| h.info.weight()).sum();
        if count < most && total + weight <= memory {
            return true;
        }
        let mut idle: Vec<(u64, String)> = map
            .iter()
            .filter(|(_, h)| h.info.is_idle())
            .map(|(id, h)| (h.info.last_used(), id.clone()))
            .collect();
        idle.sort_unstable();
        for (_, id) in idle {
            if count < most && total + weight <= memory {
                break;
            }
            if let Some(handle) = map.remove(&id) {
                count -= 1;
                total = total.saturating_sub(handle.info.weight());
                self.evicted.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let _ = handle.commands.try_send(Command::Evict);
            }
        }
        // A room larger than the whole budget still opens when it is alone.
        count < most && (total + weight <= memory || count == 0)
    }

    /// Forgets a room whose task ends (unless another room of the game took its place).
    pub fn forget(&self, id: &str, info: &Arc<Info>) {
        let mut map = self.map();
        if map.get(id).is_some_and(|h| Arc::ptr_eq(&h.info, info)) {
            map.remove(id);
        }
    }

    /// Puts back a room let go while someone came to watch it (unless another took its place).
    pub fn keep(&self, id: &str, handle: Handle) {
        self.map().entry(id.to_owned()).or_insert(handle);
    }

    /// Rooms in memory.
    pub fn len(&self) -> usize {
        self.map().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The estimated memory of the rooms, in bytes.
    pub fn weight(&self) -> usize {
        self.map().values().map(|h| h.info.weight()).sum()
    }

    /// Rooms let go to make space, since the start.
    pub fn evicted(&self) -> u64 {
        self.evicted.load(std::sync::atomic::Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::handle::Info;

    fn handle() -> (Handle, tokio::sync::mpsc::Receiver<Command>) {
        let (commands, receiver) = tokio::sync::mpsc::channel(4);
        let info = Arc::new(Info::new(tokio::sync::broadcast::channel(1).0));
        (Handle { commands, info }, receiver)
    }

    /// Another server's move heard between a load's read of the game and its room's arrival in
    /// the map used to be lost: the room showed the game as read until the next change (seen in
    /// CI, a computer's move never shown on the second server).
    #[test]
    fn a_change_heard_while_a_game_loads_reaches_the_room_the_load_makes() {
        let rooms = Rooms::default();
        let _lock = rooms.load_lock("game");
        assert!(rooms.changed("game", 6).is_none(), "no room yet");
        assert!(rooms.changed("game", 7).is_none(), "no room yet");
        let (room, _commands) = handle();
        assert_eq!(rooms.insert_loaded("game", room), Some(7), "the latest change heard");
        assert!(rooms.changed("game", 8).is_some(), "the room hears the next itself");
        rooms.loaded("game");

        // A game neither here nor loading: nothing is kept for it.
        assert!(rooms.changed("other", 3).is_none());
        let _lock = rooms.load_lock("other");
        let (room, _commands) = handle();
        assert_eq!(rooms.insert_loaded("other", room), None, "nothing heard while it loaded");
    }
}
