//! The server's shared state: the database, the engines' pool, the rooms in memory, the lobby,
//! the limits, and the secrets that name players and invitations.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use rand::rngs::StdRng;
use rand::{RngCore, SeedableRng};
use sha2::{Digest, Sha256};

use crate::limits::Limits;
use crate::lobby::Lobby;
use crate::pool::Pool;
use crate::room::{self, Command, Handle, Room};
use crate::store::Store;

/// What every request and room shares (cheap to clone).
#[derive(Clone, Debug)]
pub struct App {
    pub store: Store,
    pub pool: Pool,
    pub rooms: Arc<Rooms>,
    pub lobby: Lobby,
    pub limits: Arc<Limits>,
    /// This server among those sharing the database (the computer's leases name it).
    pub server_id: Arc<str>,
    /// The computer's searches this server has started (`GET /api/stats`).
    pub searches: Arc<std::sync::atomic::AtomicU64>,
}

impl App {
    pub fn new(store: Store, pool: Pool, limits: Limits) -> App {
        App {
            store,
            pool,
            rooms: Arc::new(Rooms::default()),
            lobby: Lobby::default(),
            limits: Arc::new(limits),
            server_id: new_secret().into(),
            searches: Arc::default(),
        }
    }

    /// The room of game `id`, started from the database if it is not in memory; `None` if there
    /// is no such game.
    pub async fn room(&self, id: &str) -> Result<Option<Handle>, String> {
        if !valid_id(id) {
            return Ok(None);
        }
        if let Some(handle) = self.rooms.get(id) {
            return Ok(Some(handle));
        }
        // One load at a time, so that a game never has two rooms here.
        let _loading = self.rooms.loading.lock().await;
        if let Some(handle) = self.rooms.get(id) {
            return Ok(Some(handle));
        }
        let stored = self.store.load(id).await.map_err(|e| {
            eprintln!("awe serve: game {id}: {e}");
            "the game could not be read; try again".to_owned()
        })?;
        let Some((row, moves)) = stored else { return Ok(None) };
        let room = Room::load(&row, &moves).map_err(|e| {
            eprintln!("awe serve: game {id} cannot be replayed: {e}");
            "the game could not be replayed".to_owned()
        })?;
        let handle = room::start(room, self.clone());
        self.rooms.insert(id, handle.clone());
        Ok(Some(handle))
    }

    /// The lists of games changed (here or, through the bus, on another server).
    pub fn lobby_changed(&self) {
        self.lobby.changed();
    }

    /// Another server changed game `id` to `version`: its room here, if any, reads it again.
    pub fn game_changed(&self, id: &str, version: i64) {
        if let Some(handle) = self.rooms.get(id) {
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

/// The rooms in memory.
#[derive(Debug, Default)]
pub struct Rooms {
    map: Mutex<HashMap<String, Handle>>,
    loading: tokio::sync::Mutex<()>,
}

impl Rooms {
    fn get(&self, id: &str) -> Option<Handle> {
        let map = self.map.lock().unwrap_or_else(|p| p.into_inner());
        map.get(id).filter(|h| !h.commands.is_closed()).cloned()
    }

    fn all(&self) -> Vec<Handle> {
        self.map.lock().unwrap_or_else(|p| p.into_inner()).values().cloned().collect()
    }

    fn insert(&self, id: &str, handle: Handle) {
        self.map.lock().unwrap_or_else(|p| p.into_inner()).insert(id.to_owned(), handle);
    }

    /// Forgets a room whose task ends.
    pub fn forget(&self, id: &str) {
        self.map.lock().unwrap_or_else(|p| p.into_inner()).remove(id);
    }

    /// Rooms in memory.
    pub fn len(&self) -> usize {
        self.map.lock().unwrap_or_else(|p| p.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A new random secret: 128 bits, in hexadecimal.
pub fn new_secret() -> String {
    let mut bytes = [0u8; 16];
    StdRng::from_os_rng().fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A new game id: ten letters and digits.
pub fn new_id() -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut bytes = [0u8; 10];
    StdRng::from_os_rng().fill_bytes(&mut bytes);
    bytes.iter().map(|b| ALPHABET[*b as usize % ALPHABET.len()] as char).collect()
}

/// Whether `id` can be a game id (checked before it reaches the database).
pub fn valid_id(id: &str) -> bool {
    (1..=32).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// The hash under which a secret is stored: the database never holds a secret itself.
pub fn hash(secret: &str) -> String {
    Sha256::digest(secret.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}
