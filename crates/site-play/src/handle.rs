//! What a room is asked and answers, and a handle on a running room: all that the rest of the
//! site knows of a room (`room.rs` runs it).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use awe_game::Side;
use awe_site_core::model::Match;
use awe_site_core::request::{Actor, Refusal};
use awe_site_core::store::now_ms;
use axum::extract::ws::Utf8Bytes;
use tokio::sync::{broadcast, mpsc, oneshot};

/// What a player asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A move, played at `ply` (the number of moves before it: a move for another position is
    /// stale and refused).
    Move {
        ply: usize,
        text: String,
    },
    Resign,
    /// Offer or accept a draw (`true`), or decline or withdraw one.
    Draw(bool),
    /// Ask for or accept a takeback (`true`), or decline or withdraw one.
    Takeback(bool),
    /// Offer or accept another game, colours swapped.
    Rematch,
    /// Withdraw a challenge or invitation nobody has taken yet.
    Cancel,
    /// Halve one's clock for a point more on a win (an arena's game, before one's first move).
    Berserk,
}

/// What a room is asked.
pub enum Command {
    /// A connection: the viewer, answered with their seat, the state and the stream of states
    /// to come.
    Subscribe { actor: Option<Actor>, reply: oneshot::Sender<Subscription> },
    /// Take a free seat.
    Join {
        actor: Actor,
        invite: Option<String>,
        name: Option<String>,
        reply: oneshot::Sender<Result<Side, Refusal>>,
    },
    /// A player's action.
    Act { actor: Actor, action: Action, reply: oneshot::Sender<Result<(), Refusal>> },
    /// The state now.
    State { reply: oneshot::Sender<Arc<String>> },
    /// What the room keeps built for the game as it is now (its history, its records): the
    /// bytes if they are built, else how to build them (off the room's task).
    Built { what: Built, reply: oneshot::Sender<Cached> },
    /// The game itself, for analysis, and whether it is being played between two people (then
    /// no engine helps anyone with it until it ends).
    Game { reply: oneshot::Sender<(Match, bool)> },
    /// The computer's move in the position after `ply` moves, at the room's `version`.
    Thought { version: i64, text: Option<String> },
    /// The computer's answer to a draw offered at the room's `version`.
    DrawAnswer { version: i64, accepts: bool },
    /// The database holds `version` of the game (another server changed it; `i64::MAX`: read
    /// it again whatever it holds, the notifications having stopped for a while).
    Changed { version: i64 },
    /// Try again to search for the computer (another server held the lease).
    Retry,
    /// The server needs the room's memory: end, if nobody watches.
    Evict,
    /// The account a challenge is addressed to declines it (a bot, see `bot.rs`).
    Decline { user: String, reply: oneshot::Sender<Result<(), Refusal>> },
}

/// What a room builds on demand and keeps until the game changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Built {
    /// Every position and move, for replays (`GET /api/games/ID/history`).
    History,
    /// The record in a language (`GET /api/games/ID/record`).
    Record(awe_awechec::Language),
}

/// The answer to [`Command::Built`].
pub enum Cached {
    Ready(axum::body::Bytes),
    /// The cell to fill (once, whoever asks meanwhile) and the work that fills it.
    Build(Arc<tokio::sync::OnceCell<axum::body::Bytes>>, Box<dyn FnOnce() -> Vec<u8> + Send>),
}

/// What a room tells of itself to the server's list of rooms, without being asked.
#[derive(Debug)]
pub struct Info {
    pub(crate) weight: AtomicUsize,
    /// The room's stream of states: whoever holds a receiver watches it.
    events: broadcast::Sender<Utf8Bytes>,
    pub(crate) thinking: AtomicBool,
    used: AtomicU64,
}

impl Info {
    /// Of a room whose states go out through `events`.
    pub(crate) fn new(events: broadcast::Sender<Utf8Bytes>) -> Info {
        Info {
            weight: AtomicUsize::new(0),
            events,
            thinking: AtomicBool::new(false),
            used: AtomicU64::new(0),
        }
    }

    /// Its estimated memory, in bytes.
    pub fn weight(&self) -> usize {
        self.weight.load(Ordering::Relaxed)
    }

    /// Whether nobody watches it and the computer does not think in it.
    pub fn is_idle(&self) -> bool {
        self.events.receiver_count() == 0 && !self.thinking.load(Ordering::Relaxed)
    }

    /// When it was last asked for (milliseconds since 1970).
    pub fn last_used(&self) -> u64 {
        self.used.load(Ordering::Relaxed)
    }

    /// It is asked for now.
    pub fn touch(&self) {
        self.used.store(now_ms().max(0) as u64, Ordering::Relaxed);
    }
}

/// A connection's view of the room.
pub struct Subscription {
    pub you: Option<Side>,
    /// Whether the game is being played between two people, and its tournament.
    pub live: bool,
    pub tournament: Option<String>,
    pub state: Utf8Bytes,
    pub events: broadcast::Receiver<Utf8Bytes>,
}

/// A handle on a running room.
#[derive(Clone, Debug)]
pub struct Handle {
    pub commands: mpsc::Sender<Command>,
    pub info: Arc<Info>,
}
