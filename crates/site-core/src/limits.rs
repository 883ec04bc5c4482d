//! The server's defences against too much of anything: rate limits by client address (signing
//! in and up, creating games, importing, analysing) and by account name (wrong passwords), open
//! connections by address and in all, the engines' work one address may have under way, the
//! rooms in memory, and the numbers they use. Kept in each server's memory: behind a load
//! balancer each server limits what reaches it.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The transposition table of a search in the engines' pool, in megabytes: a server runs many.
pub const TABLE_MB: usize = 8;

/// Analyses that may wait for a place in the engines' pool, beyond those running.
pub const QUEUE: usize = 8;

/// The count of a connection, held by its requests (a WebSocket keeps it until it closes).
#[derive(Clone, Debug)]
pub struct ConnectionGuard(pub std::sync::Arc<Connection>);

/// The numbers of the limits (`awe serve` options; the tests lower or raise them).
#[derive(Clone, Debug)]
pub struct Settings {
    /// Attempts to sign in from one address: a burst, then this many a minute.
    pub sign_ins_per_minute: u32,
    /// Wrong passwords for one account before it is locked for a quarter of an hour.
    pub wrong_passwords: u32,
    /// Accounts made from one address: a burst, then this many an hour.
    pub sign_ups_per_hour: u32,
    /// Games created from one address (new games and rematches): a burst, then this many a
    /// minute.
    pub games_per_minute: u32,
    /// Records imported from one address: a burst, then this many a minute.
    pub imports_per_minute: u32,
    /// Analyses of a position asked from one address: a burst, then this many a minute.
    pub analyses_per_minute: u32,
    /// Reviews of a whole game asked from one address: a burst, then this many a minute.
    pub reviews_per_minute: u32,
    /// Exports of the games database an address may ask a minute (a burst of as many).
    pub exports_per_minute: u32,
    /// Questions to the opening explorer an address may ask a minute (a burst of as many).
    pub explorer_per_minute: u32,
    /// Moves tried at puzzles a minute, by address.
    pub puzzle_moves_per_minute: u32,
    /// Analyses and reviews one address may have under way at once.
    pub engine_jobs_per_address: usize,
    /// Analyses that may wait for the engines, server-wide: beyond, refused at once (`retry`).
    pub analyses_waiting: usize,
    /// The transposition table of each search in the engines' pool, in megabytes.
    pub engine_table_mb: usize,
    /// Tournaments an address, and an account, may make a day (a burst of as many).
    pub tournaments_per_day: u32,
    /// Tournaments one account may have to come or under way at once.
    pub open_tournaments: i64,
    /// Games one browser may have waiting for an opponent at once.
    pub waiting_games: i64,
    /// Messages a WebSocket connection may send: a burst of twice this, then this many a second.
    pub messages_per_second: u32,
    /// Connections open at once from one address, WebSockets included, counted from accept to
    /// close.
    pub connections_per_address: usize,
    /// Connections open at once in all (see [`default_max_connections`]).
    pub max_connections: usize,
    /// Whether the client's address is the last of `X-Forwarded-For` (a load balancer in
    /// front), not the connection's.
    pub trust_proxy: bool,
    /// Whether the session cookie is sent over HTTPS only (a TLS proxy in front).
    pub secure_cookies: bool,
    /// How long a client may take to send a request's head (one that sends a byte a second is
    /// let go), and how long a connection may stay silent between requests.
    pub header_timeout: Duration,
    /// How long any request may take, the slowest (a game's review) included.
    pub request_timeout: Duration,
    /// Rooms in memory at most, and their estimated memory at most (bytes): beyond, the rooms
    /// nobody watches go first, the least recently used first; if every room is watched, a game
    /// that is not in memory waits (`retry`).
    pub max_rooms: usize,
    pub rooms_memory: usize,
    /// How long a WebSocket may stay silent (browsers ping every 30 s).
    pub idle_timeout: Duration,
    /// How long a room nobody watches stays in memory: half a minute, so that games opened and
    /// left (a flood of imports) are given back soon after; a room comes back from the database
    /// in milliseconds when its game is opened again.
    pub room_idle: Duration,
    /// The time each side of a live game has for its first move, before its clock runs: a game
    /// whose first move does not come is aborted (a correspondence game gives its days).
    pub first_move: Duration,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            sign_ins_per_minute: 10,
            wrong_passwords: 10,
            sign_ups_per_hour: 10,
            games_per_minute: 30,
            imports_per_minute: 10,
            analyses_per_minute: 20,
            reviews_per_minute: 3,
            exports_per_minute: 3,
            explorer_per_minute: 120,
            puzzle_moves_per_minute: 120,
            engine_jobs_per_address: 2,
            analyses_waiting: QUEUE,
            engine_table_mb: TABLE_MB,
            tournaments_per_day: 12,
            open_tournaments: 3,
            waiting_games: 20,
            messages_per_second: 20,
            connections_per_address: 256,
            max_connections: default_max_connections(),
            trust_proxy: false,
            secure_cookies: false,
            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(90),
            max_rooms: 5000,
            rooms_memory: 512 << 20,
            idle_timeout: Duration::from_secs(120),
            room_idle: Duration::from_secs(30),
            first_move: Duration::from_secs(30),
        }
    }
}

/// Connections at most by default: the process's limit of open files (raised to its hard
/// limit at start, see [`raise_open_files`]) less a hundred for the database, the endgame files
/// and the listener, and never more than 50,000.
pub fn default_max_connections() -> usize {
    let files = open_files_limit().unwrap_or(1024);
    (files.saturating_sub(100) as usize).clamp(16, 50_000)
}

/// The soft limit of open files of this process.
fn open_files_limit() -> Option<u64> {
    rlimit::getrlimit(rlimit::Resource::NOFILE).ok().map(|(soft, _)| soft)
}

/// Raises this process's soft limit of open files to its hard limit (a server holds a file a
/// connection); the limit after.
pub fn raise_open_files() -> Option<u64> {
    rlimit::increase_nofile_limit(u64::MAX).ok()
}

/// What is limited by rate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    SignIn,
    SignUp,
    CreateGame,
    WrongPassword,
    Import,
    Analysis,
    Review,
    /// Lines of chat, by account.
    Chat,
    /// Reports of lines, by account.
    Report,
    /// Exports of the games database, by address.
    Export,
    /// Questions to the opening explorer, by address.
    Explorer,
    /// Moves tried at puzzles, by address.
    Puzzle,
    /// Moves tried at lessons, by address (each may make the engine answer, at a small depth).
    Lesson,
    /// Tournaments made, by address and by account.
    CreateTournament,
}

impl Kind {
    /// Its name in the metrics.
    pub fn name(self) -> &'static str {
        match self {
            Kind::SignIn => "sign_in",
            Kind::SignUp => "sign_up",
            Kind::CreateGame => "create_game",
            Kind::WrongPassword => "wrong_password",
            Kind::Import => "import",
            Kind::Analysis => "analysis",
            Kind::Review => "review",
            Kind::Chat => "chat",
            Kind::Report => "report",
            Kind::Export => "export",
            Kind::Explorer => "explorer",
            Kind::Puzzle => "puzzle",
            Kind::Lesson => "lesson",
            Kind::CreateTournament => "create_tournament",
        }
    }
}

/// The key of an account's own budget of a kind (beside its address's): games it takes part in
/// are counted against both, so that neither many accounts on one address nor one account on
/// many addresses makes more.
pub fn account_key(user: &str) -> String {
    format!("account {user}")
}

/// A token bucket: `capacity` tokens, refilled at `per_second`.
#[derive(Clone, Copy, Debug)]
pub struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    pub fn full(capacity: f64) -> Bucket {
        Bucket { tokens: capacity, at: Instant::now() }
    }

    /// Takes a token if there is one; else how long until there is.
    pub fn take(&mut self, capacity: f64, per_second: f64, now: Instant) -> Result<(), Duration> {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens = (self.tokens + elapsed * per_second).min(capacity);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - self.tokens) / per_second))
        }
    }
}

/// The limits of one server.
#[derive(Debug, Default)]
pub struct Limits {
    pub settings: Settings,
    buckets: Mutex<HashMap<(Kind, String), Bucket>>,
    connections: Arc<Counts<IpAddr>>,
    engine_jobs: Arc<Counts<String>>,
}

impl Limits {
    pub fn new(settings: Settings) -> Limits {
        Limits { settings, ..Limits::default() }
    }

    /// The burst and the rate a second of a kind.
    fn rate(&self, kind: Kind) -> (f64, f64) {
        let s = &self.settings;
        match kind {
            Kind::SignIn => (s.sign_ins_per_minute as f64, s.sign_ins_per_minute as f64 / 60.0),
            Kind::SignUp => (s.sign_ups_per_hour as f64, s.sign_ups_per_hour as f64 / 3600.0),
            Kind::CreateGame => (s.games_per_minute as f64, s.games_per_minute as f64 / 60.0),
            Kind::WrongPassword => (s.wrong_passwords as f64, s.wrong_passwords as f64 / 900.0),
            Kind::Import => (s.imports_per_minute as f64, s.imports_per_minute as f64 / 60.0),
            Kind::Analysis => (s.analyses_per_minute as f64, s.analyses_per_minute as f64 / 60.0),
            Kind::Review => (s.reviews_per_minute as f64, s.reviews_per_minute as f64 / 60.0),
            // Six lines at once, then one every five seconds.
            Kind::Chat => (6.0, 0.2),
            // Ten at once, then ten an hour.
            Kind::Report => (10.0, 10.0 / 3600.0),
            // Each may stream the whole database.
            Kind::Export => (s.exports_per_minute as f64, s.exports_per_minute as f64 / 60.0),
            // A page asks as its position changes.
            Kind::Explorer => (s.explorer_per_minute as f64, s.explorer_per_minute as f64 / 60.0),
            // A learner clicks fast, and a class shares an address: sixty at once, two a second.
            Kind::Lesson => (60.0, 2.0),
            Kind::Puzzle => {
                (s.puzzle_moves_per_minute as f64, s.puzzle_moves_per_minute as f64 / 60.0)
            }
            Kind::CreateTournament => {
                (s.tournaments_per_day as f64, s.tournaments_per_day as f64 / 86_400.0)
            }
        }
    }

    /// Counts one of `kind` for `key` (an address, an account name): refused, with the time to
    /// wait, when there were too many.
    pub fn check(&self, kind: Kind, key: &str) -> Result<(), Duration> {
        let (capacity, per_second) = self.rate(kind);
        let now = Instant::now();
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if buckets.len() > 100_000 {
            // Forget the buckets that are full again: they limit nothing.
            buckets.retain(|(k, _), b| {
                let (capacity, per_second) = self.rate(*k);
                b.tokens + now.saturating_duration_since(b.at).as_secs_f64() * per_second < capacity
            });
        }
        let bucket = buckets.entry((kind, key.to_owned())).or_insert(Bucket::full(capacity));
        let taken = bucket.take(capacity, per_second, now);
        if taken.is_err() {
            crate::metrics::refused(kind.name());
        }
        taken
    }

    /// Whether `kind` is limited for `key` now, without counting one.
    pub fn is_blocked(&self, kind: Kind, key: &str) -> bool {
        let (capacity, per_second) = self.rate(kind);
        let buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        buckets.get(&(kind, key.to_owned())).is_some_and(|b| {
            b.tokens + Instant::now().saturating_duration_since(b.at).as_secs_f64() * per_second
                < 1.0
                && capacity > 0.0
        })
    }

    /// A connection from `address`, unless it has too many open, or the server has: held until
    /// dropped.
    pub fn connect(&self, address: IpAddr) -> Option<Held<IpAddr>> {
        let s = &self.settings;
        let held =
            Counts::take(&self.connections, address, s.connections_per_address, s.max_connections);
        if held.is_none() {
            crate::metrics::refused("connections");
        }
        held
    }

    /// Connections open now from `address`.
    pub fn open_from(&self, address: IpAddr) -> usize {
        self.connections.of(&address)
    }

    /// Connections open now in all.
    pub fn open(&self) -> usize {
        self.connections.total()
    }

    /// An analysis or review under way for `address`, unless it has too many: held until
    /// dropped.
    pub fn engine_job(&self, address: &str) -> Option<Held<String>> {
        let most = self.settings.engine_jobs_per_address;
        Counts::take(&self.engine_jobs, address.to_owned(), most, usize::MAX)
    }
}

/// How many of something each key holds now (connections by address, say), and in all.
#[derive(Debug)]
pub struct Counts<K> {
    map: Mutex<(HashMap<K, usize>, usize)>,
}

impl<K> Default for Counts<K> {
    fn default() -> Self {
        Counts { map: Mutex::new((HashMap::new(), 0)) }
    }
}

impl<K: std::hash::Hash + Eq + Clone> Counts<K> {
    fn lock(&self) -> std::sync::MutexGuard<'_, (HashMap<K, usize>, usize)> {
        self.map.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// One more for `key`, unless it holds `most` already or all keys `total`.
    fn take(counts: &Arc<Self>, key: K, most: usize, total: usize) -> Option<Held<K>> {
        let mut map = counts.lock();
        if map.1 >= total {
            return None;
        }
        let count = map.0.entry(key.clone()).or_insert(0);
        if *count >= most {
            return None;
        }
        *count += 1;
        map.1 += 1;
        Some(Held { key, counts: Arc::clone(counts) })
    }

    fn of(&self, key: &K) -> usize {
        self.lock().0.get(key).copied().unwrap_or(0)
    }

    fn total(&self) -> usize {
        self.lock().1
    }
}

/// One of something counted against its key (an open connection, an analysis under way) until
/// dropped.
#[derive(Debug)]
pub struct Held<K: std::hash::Hash + Eq + Clone> {
    key: K,
    counts: Arc<Counts<K>>,
}

/// An open connection, counted against its address until dropped.
pub type Connection = Held<IpAddr>;

impl<K: std::hash::Hash + Eq + Clone> Drop for Held<K> {
    fn drop(&mut self) {
        let mut map = self.counts.lock();
        map.1 = map.1.saturating_sub(1);
        if let Some(count) = map.0.get_mut(&self.key) {
            *count -= 1;
            if *count == 0 {
                map.0.remove(&self.key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_allows_its_burst_then_its_rate() {
        let t0 = Instant::now();
        let mut bucket = Bucket::full(3.0);
        for _ in 0..3 {
            assert!(bucket.take(3.0, 1.0, t0).is_ok());
        }
        let wait = bucket.take(3.0, 1.0, t0).unwrap_err();
        assert!(wait <= Duration::from_secs(1) && wait > Duration::from_millis(900));
        assert!(bucket.take(3.0, 1.0, t0 + Duration::from_millis(1001)).is_ok());
        assert!(bucket.take(3.0, 1.0, t0 + Duration::from_millis(1002)).is_err());
    }

    #[test]
    fn limits_count_by_key_and_connections_by_address() {
        let limits = Limits::new(Settings {
            sign_ins_per_minute: 2,
            connections_per_address: 2,
            ..Settings::default()
        });
        assert!(limits.check(Kind::SignIn, "1.2.3.4").is_ok());
        assert!(limits.check(Kind::SignIn, "1.2.3.4").is_ok());
        assert!(limits.check(Kind::SignIn, "1.2.3.4").is_err());
        assert!(limits.is_blocked(Kind::SignIn, "1.2.3.4"));
        assert!(limits.check(Kind::SignIn, "5.6.7.8").is_ok(), "another address");
        assert!(limits.check(Kind::SignUp, "1.2.3.4").is_ok(), "another kind");
        let address: IpAddr = "10.0.0.1".parse().unwrap();
        let a = limits.connect(address).unwrap();
        let _b = limits.connect(address).unwrap();
        assert!(limits.connect(address).is_none());
        drop(a);
        assert_eq!(limits.open_from(address), 1);
        assert!(limits.connect(address).is_some());
        // And in all, whatever the address.
        let limits = Limits::new(Settings {
            max_connections: 3,
            connections_per_address: 2,
            ..Settings::default()
        });
        let addresses: Vec<IpAddr> =
            ["10.0.0.1", "10.0.0.2"].iter().map(|a| a.parse().unwrap()).collect();
        let held: Vec<_> = (0..3).filter_map(|i| limits.connect(addresses[i % 2])).collect();
        assert_eq!(held.len(), 3);
        assert!(limits.connect(addresses[1]).is_none(), "the server is full");
        assert_eq!(limits.open(), 3);
        drop(held);
        assert_eq!(limits.open(), 0);
    }
}
