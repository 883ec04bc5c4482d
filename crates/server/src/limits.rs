//! The server's defences against too much of anything: rate limits by client address (signing
//! in and up, creating games) and by account name (wrong passwords), open connections by
//! address, and the numbers they use. Kept in each server's memory: behind a load balancer each
//! server limits what reaches it.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The numbers of the limits (`awe serve` options; the tests lower or raise them).
#[derive(Clone, Debug)]
pub struct Settings {
    /// Attempts to sign in from one address: a burst, then this many a minute.
    pub sign_ins_per_minute: u32,
    /// Wrong passwords for one account before it is locked for a quarter of an hour.
    pub wrong_passwords: u32,
    /// Accounts made from one address: a burst, then this many an hour.
    pub sign_ups_per_hour: u32,
    /// Games created from one address: a burst, then this many a minute.
    pub games_per_minute: u32,
    /// Games one browser may have waiting for an opponent at once.
    pub waiting_games: i64,
    /// Messages a WebSocket connection may send: a burst of twice this, then this many a second.
    pub messages_per_second: u32,
    /// Connections open at once from one address.
    pub connections_per_address: usize,
    /// Whether the client's address is the last of `X-Forwarded-For` (a load balancer in
    /// front), not the connection's.
    pub trust_proxy: bool,
    /// Whether the session cookie is sent over HTTPS only (a TLS proxy in front).
    pub secure_cookies: bool,
    /// How long a client may take to send a request's head: one that sends a byte a second is
    /// let go.
    pub header_timeout: Duration,
    /// How long a WebSocket may stay silent (browsers ping every 30 s).
    pub idle_timeout: Duration,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            sign_ins_per_minute: 10,
            wrong_passwords: 10,
            sign_ups_per_hour: 10,
            games_per_minute: 30,
            waiting_games: 20,
            messages_per_second: 20,
            connections_per_address: 256,
            trust_proxy: false,
            secure_cookies: false,
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(120),
        }
    }
}

/// What is limited by rate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    SignIn,
    SignUp,
    CreateGame,
    WrongPassword,
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
    connections: Arc<Mutex<HashMap<IpAddr, usize>>>,
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
        bucket.take(capacity, per_second, now)
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

    /// A connection from `address`, unless it has too many open: held until dropped.
    pub fn connect(&self, address: IpAddr) -> Option<Connection> {
        let mut open = self.connections.lock().unwrap_or_else(|p| p.into_inner());
        let count = open.entry(address).or_insert(0);
        if *count >= self.settings.connections_per_address {
            return None;
        }
        *count += 1;
        Some(Connection { address, open: Arc::clone(&self.connections) })
    }

    /// Connections open now from `address`.
    pub fn open_from(&self, address: IpAddr) -> usize {
        let open = self.connections.lock().unwrap_or_else(|p| p.into_inner());
        open.get(&address).copied().unwrap_or(0)
    }
}

/// An open connection, counted against its address until dropped.
#[derive(Debug)]
pub struct Connection {
    address: IpAddr,
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl Drop for Connection {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(count) = open.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.address);
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
    }
}
