//! The whole defence of `awe serve` at once, on loopback: hostile clients (imports and the rooms
//! they open, reviews and analyses that hang up, WebSocket floods, connections that never speak,
//! resign-and-rematch loops, binary frames, long histories fetched again and again; and against
//! the community: tournament floods, seek-and-resign loops, chat floods, bot token streams
//! opened and revoked), each from an address of its own, while honest players play friend games
//! and games against the computer from other addresses, and an arena of honest players runs.
//! Prints the honest players' move round trip (p50, p99), the computer's reply time, the arena's
//! pairing latency (from a game's end to the player's next game), what the attackers got
//! through, and, given the server's process id, its memory and open descriptors from start to
//! end.
//!
//! ```sh
//! cargo build --release -p awe-cli -p awe-server --example soak
//! target/release/awe serve --addr 127.0.0.1:8290 --data-dir /tmp/awe-soak &
//! target/release/examples/soak --url http://127.0.0.1:8290 --pid $! --seconds 120
//! target/release/examples/soak --url http://127.0.0.1:8290 --pid $! --seconds 120 --quiet
//! ```
//!
//! `--quiet` runs the honest players alone, `--attack-only` the attackers alone (their tallies
//! printed at the end). `scripts/soak.sh` runs the honest players on a fresh server, then again
//! on another while the attackers run in a process of their own at the lowest priority: on this
//! one machine they stand for clients elsewhere, whose own work costs the server nothing.
//! Bounded: every wait has a time limit and the run ends by itself.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

type Socket = tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>;

/// The attackers, by name (`--attackers importer,silent`).
const ATTACKERS: [&str; 11] = [
    "importer",
    "reviewer",
    "sockets",
    "silent",
    "rematch",
    "binary",
    "history",
    "tournaments",
    "seeks",
    "chat",
    "tokens",
];

/// The honest arena's players, and its name.
const ARENA_PLAYERS: usize = 8;
const HONEST_ARENA: &str = "honest arena";

#[derive(Clone)]
struct Options {
    url: String,
    server: SocketAddr,
    pid: Option<u32>,
    seconds: u64,
    quiet: bool,
    attack_only: bool,
    /// The attackers to run (all by default).
    attackers: Vec<String>,
    friends: usize,
    computers: usize,
}

fn options() -> Options {
    let mut options = Options {
        url: "http://127.0.0.1:8080".into(),
        server: "127.0.0.1:8080".parse().unwrap(),
        pid: None,
        seconds: 60,
        quiet: false,
        attack_only: false,
        attackers: ATTACKERS.iter().map(|a| a.to_string()).collect(),
        friends: 20,
        computers: 4,
    };
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(i) = args.iter().position(|a| a == "--quiet") {
        options.quiet = true;
        args.remove(i);
    }
    if let Some(i) = args.iter().position(|a| a == "--attack-only") {
        options.attack_only = true;
        args.remove(i);
    }
    for pair in args.chunks(2) {
        let value = pair.get(1).cloned().unwrap_or_default();
        let number = |what: &str| -> u64 {
            value.parse().unwrap_or_else(|_| panic!("{what}: a whole number, not `{value}`"))
        };
        match pair[0].as_str() {
            "--url" => options.url = value.trim_end_matches('/').to_owned(),
            "--pid" => options.pid = Some(number("--pid") as u32),
            "--seconds" => options.seconds = number("--seconds").clamp(5, 1800),
            "--friends" => options.friends = number("--friends").clamp(1, 200) as usize,
            "--computers" => options.computers = number("--computers").clamp(0, 50) as usize,
            "--attackers" => {
                options.attackers = value.split(',').map(str::to_owned).collect();
                for a in &options.attackers {
                    assert!(ATTACKERS.contains(&a.as_str()), "--attackers: {a}? ({ATTACKERS:?})");
                }
            }
            other => panic!(
                "unknown option {other} (--url, --pid, --seconds, --friends, --computers, --quiet, \
                 --attack-only, --attackers)"
            ),
        }
    }
    options.server = options
        .url
        .trim_start_matches("http://")
        .replace("localhost", "127.0.0.1")
        .parse()
        .expect("--url http://127.0.0.1:PORT: the soak speaks to loopback only");
    assert!(options.server.ip().is_loopback(), "the soak speaks to loopback only");
    options
}

/// The honest players' addresses: 127.0.0.10 and up; the attackers': 127.0.1.x.
fn honest(k: usize) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, 0, 0, 10 + (k % 200) as u8))
}

fn hostile(k: u8) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, 0, 1, k))
}

/// A browser from an address: its cookies, from the home page.
#[derive(Clone)]
struct Browser {
    http: reqwest::Client,
    cookie: String,
    csrf: String,
    from: IpAddr,
}

async fn browser(url: &str, from: IpAddr, timeout: Duration) -> Option<Browser> {
    let http = reqwest::Client::builder().local_address(from).timeout(timeout).build().ok()?;
    let response = http.get(url).send().await.ok()?;
    let pairs: Vec<String> = response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok()?.split(';').next().map(str::to_owned))
        .collect();
    let csrf = pairs.iter().find_map(|p| p.strip_prefix("awe_csrf=").map(str::to_owned))?;
    Some(Browser { http, cookie: pairs.join("; "), csrf, from })
}

/// A browser from an address, signed up as `name` (its session cookie kept).
async fn signed_up(url: &str, from: IpAddr, name: &str) -> Option<Browser> {
    let mut me = browser(url, from, Duration::from_secs(30)).await?;
    let response = me
        .http
        .post(format!("{url}/api/account/signup"))
        .header("cookie", &me.cookie)
        .header("x-csrf-token", &me.csrf)
        .header("content-type", "application/json")
        .body(json!({ "name": name, "password": "a soak's password" }).to_string())
        .send()
        .await
        .ok()?;
    if response.status() != 200 {
        return None;
    }
    for value in response.headers().get_all("set-cookie") {
        if let Some(pair) = value.to_str().ok().and_then(|v| v.split(';').next()) {
            me.cookie = format!("{}; {pair}", me.cookie);
        }
    }
    Some(me)
}

impl Browser {
    /// A GET's JSON answer (null if it failed).
    async fn json(&self, url: String) -> Value {
        let sent = self.http.get(url).header("cookie", &self.cookie).send().await;
        match sent {
            Ok(response) => response.json().await.unwrap_or(Value::Null),
            Err(_) => Value::Null,
        }
    }

    /// A POST's status and JSON answer (0 and null if it failed).
    async fn post(&self, url: String, body: Value) -> (u16, Value) {
        let sent = self
            .http
            .post(url)
            .header("cookie", &self.cookie)
            .header("x-csrf-token", &self.csrf)
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
            .await;
        match sent {
            Ok(response) => {
                let status = response.status().as_u16();
                (status, response.json().await.unwrap_or(Value::Null))
            }
            Err(_) => (0, Value::Null),
        }
    }

    async fn get(&self, url: String) -> u16 {
        let sent = self.http.get(url).header("cookie", &self.cookie).send().await;
        match sent {
            Ok(response) => {
                let status = response.status().as_u16();
                let _ = response.bytes().await;
                status
            }
            Err(_) => 0,
        }
    }
}

async fn connect(
    options: &Options,
    id: &str,
    cookie: Option<&str>,
    from: IpAddr,
) -> Option<Socket> {
    let ws = format!("{}/ws/games/{id}", options.url.replace("http://", "ws://"));
    let mut request = ws.into_client_request().ok()?;
    if let Some(cookie) = cookie {
        request.headers_mut().insert("cookie", cookie.parse().ok()?);
    }
    let socket = tokio::net::TcpSocket::new_v4().ok()?;
    socket.bind(SocketAddr::new(from, 0)).ok()?;
    let stream = tokio::time::timeout(Duration::from_secs(10), socket.connect(options.server))
        .await
        .ok()?
        .ok()?;
    let _ = stream.set_nodelay(true);
    let handshake = tokio_tungstenite::client_async(request, stream);
    Some(tokio::time::timeout(Duration::from_secs(10), handshake).await.ok()?.ok()?.0)
}

/// The next state a socket receives (`None`: closed, or silent for 30 s).
async fn next_state(socket: &mut Socket) -> Option<Value> {
    loop {
        let frame =
            tokio::time::timeout(Duration::from_secs(30), socket.next()).await.ok()??.ok()?;
        if let Message::Text(text) = frame {
            let value: Value = serde_json::from_str(&text).ok()?;
            if value["t"] == "state" {
                return Some(value["game"].clone());
            }
        }
    }
}

/// What the clients share: the stop, the honest figures, the attackers' tallies.
#[derive(Default)]
struct Tally {
    stop: AtomicBool,
    round_trips: Mutex<Vec<Duration>>,
    replies: Mutex<Vec<Duration>>,
    honest_failures: AtomicUsize,
    imports: AtomicUsize,
    rooms_opened: AtomicUsize,
    reviews: AtomicUsize,
    sockets: AtomicUsize,
    silent: AtomicUsize,
    rematches: AtomicUsize,
    frames: AtomicUsize,
    histories: AtomicUsize,
    refused: AtomicUsize,
    /// The honest arena's pairing latencies: a game's end to the player's next game.
    pairings: Mutex<Vec<Duration>>,
    tournaments: AtomicUsize,
    seeks: AtomicUsize,
    lines: AtomicUsize,
    /// Token streams opened, and those that ended within a second of their token's revocation.
    streams: AtomicUsize,
    streams_ended: AtomicUsize,
}

impl Tally {
    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    fn count(&self, status: u16, done: &AtomicUsize) {
        if status == 200 {
            done.fetch_add(1, Ordering::Relaxed);
        } else {
            self.refused.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// Two honest people playing friend games, a move every 300 ms, one game after another.
async fn friends(options: Options, tally: Arc<Tally>, k: usize) {
    let url = options.url.clone();
    let long = Duration::from_secs(30);
    let (Some(a), Some(b)) =
        (browser(&url, honest(2 * k), long).await, browser(&url, honest(2 * k + 1), long).await)
    else {
        tally.honest_failures.fetch_add(1, Ordering::Relaxed);
        return;
    };
    while !tally.stopped() {
        let body = json!({ "spec": { "game": "awele" }, "opponent": { "kind": "friend" }, "side": "white" });
        let (_, created) = a.post(format!("{url}/api/games"), body).await;
        let Some(id) = created["id"].as_str().map(str::to_owned) else {
            tally.honest_failures.fetch_add(1, Ordering::Relaxed);
            tokio::time::sleep(Duration::from_secs(1)).await;
            continue;
        };
        b.post(format!("{url}/api/games/{id}/join"), json!({ "invite": created["invite"] })).await;
        let (Some(sa), Some(sb)) = (
            connect(&options, &id, Some(&a.cookie), a.from).await,
            connect(&options, &id, Some(&b.cookie), b.from).await,
        ) else {
            tally.honest_failures.fetch_add(1, Ordering::Relaxed);
            continue;
        };
        let mut sockets = [sa, sb];
        let (Some(mut state), Some(_)) =
            (next_state(&mut sockets[0]).await, next_state(&mut sockets[1]).await)
        else {
            tally.honest_failures.fetch_add(1, Ordering::Relaxed);
            continue;
        };
        let mut ply = 0usize;
        while !tally.stopped() && state["outcome"].is_null() && ply < 200 {
            tokio::time::sleep(Duration::from_millis(300)).await;
            let mover = if state["turn"] == state["sides"][0] { 0 } else { 1 };
            let legal = state["legal"].as_array().cloned().unwrap_or_default();
            let Some(text) =
                legal.get((k * 31 + ply * 7) % legal.len().max(1)).and_then(|m| m["text"].as_str())
            else {
                break;
            };
            let message = json!({ "t": "move", "ply": ply, "move": text }).to_string();
            let sent = Instant::now();
            if sockets[mover].send(Message::Text(message.into())).await.is_err() {
                break;
            }
            let seen = loop {
                match next_state(&mut sockets[mover]).await {
                    Some(seen) if seen["ply"].as_u64() > Some(ply as u64) => break Some(seen),
                    Some(_) => continue,
                    None => break None,
                }
            };
            let Some(seen) = seen else {
                tally.honest_failures.fetch_add(1, Ordering::Relaxed);
                break;
            };
            tally.round_trips.lock().await.push(sent.elapsed());
            // The other player sees it too.
            while let Some(other) = next_state(&mut sockets[1 - mover]).await {
                if other["ply"] == seen["ply"] {
                    break;
                }
            }
            state = seen;
            ply += 1;
        }
    }
}

/// An honest person against the computer at level 3: the time from their move to the
/// computer's.
async fn against_the_computer(options: Options, tally: Arc<Tally>, k: usize) {
    let url = options.url.clone();
    let Some(me) = browser(&url, honest(150 + k), Duration::from_secs(30)).await else {
        tally.honest_failures.fetch_add(1, Ordering::Relaxed);
        return;
    };
    while !tally.stopped() {
        let body = json!({ "spec": { "game": "awele" }, "opponent": { "kind": "computer", "level": 3 }, "side": "south" });
        let (_, created) = me.post(format!("{url}/api/games"), body).await;
        let Some(id) = created["id"].as_str().map(str::to_owned) else {
            tally.honest_failures.fetch_add(1, Ordering::Relaxed);
            tokio::time::sleep(Duration::from_secs(1)).await;
            continue;
        };
        let Some(mut socket) = connect(&options, &id, Some(&me.cookie), me.from).await else {
            tally.honest_failures.fetch_add(1, Ordering::Relaxed);
            continue;
        };
        let Some(mut state) = next_state(&mut socket).await else { continue };
        while !tally.stopped() && state["outcome"].is_null() {
            tokio::time::sleep(Duration::from_millis(500)).await;
            let ply = state["ply"].as_u64().unwrap_or(0) as usize;
            let legal = state["legal"].as_array().cloned().unwrap_or_default();
            let Some(text) =
                legal.get((k + ply) % legal.len().max(1)).and_then(|m| m["text"].as_str())
            else {
                break;
            };
            let message = json!({ "t": "move", "ply": ply, "move": text }).to_string();
            let sent = Instant::now();
            if socket.send(Message::Text(message.into())).await.is_err() {
                break;
            }
            // The computer's move: the state two plies on, or the end.
            let answered = loop {
                match next_state(&mut socket).await {
                    Some(s)
                        if s["ply"].as_u64() >= Some(ply as u64 + 2) || !s["outcome"].is_null() =>
                    {
                        break Some(s);
                    }
                    Some(_) => continue,
                    None => break None,
                }
            };
            let Some(answered) = answered else {
                tally.honest_failures.fetch_add(1, Ordering::Relaxed);
                break;
            };
            if answered["outcome"].is_null() {
                tally.replies.lock().await.push(sent.elapsed());
            }
            state = answered;
        }
    }
}

/// Imports long records and opens each: rooms of megabytes, as many as it can.
async fn importer(options: Options, tally: Arc<Tally>, k: u8, records: Arc<Vec<String>>) {
    let Some(me) = browser(&options.url, hostile(k), Duration::from_secs(30)).await else { return };
    let mut i = 0;
    while !tally.stopped() {
        let (status, answer) = me
            .post(
                format!("{}/api/import", options.url),
                json!({ "text": records[i % records.len()] }),
            )
            .await;
        i += 1;
        tally.count(status, &tally.imports);
        if let Some(id) = answer["id"].as_str() {
            let status = me.get(format!("{}/api/games/{id}", options.url)).await;
            tally.count(status, &tally.rooms_opened);
        } else {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// Reviews and analyses of a long game, hanging up after a fifth of a second.
async fn reviewer(options: Options, tally: Arc<Tally>, k: u8, game: String) {
    let Some(me) = browser(&options.url, hostile(k), Duration::from_millis(200)).await else {
        return;
    };
    while !tally.stopped() {
        let (status, _) =
            me.post(format!("{}/api/games/{game}/review", options.url), json!({})).await;
        tally.count(status, &tally.reviews);
        let (status, _) =
            me.post(format!("{}/api/analysis", options.url), json!({ "id": game })).await;
        tally.count(status, &tally.reviews);
        if status != 0 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// As many WebSockets to a game as the server lets one address open, kept.
async fn socket_flood(options: Options, tally: Arc<Tally>, k: u8, game: String) {
    let mut held: Vec<Socket> = Vec::new();
    while !tally.stopped() {
        match connect(&options, &game, None, hostile(k)).await {
            Some(socket) => {
                held.push(socket);
                tally.sockets.fetch_add(1, Ordering::Relaxed);
            }
            None => {
                tally.refused.fetch_add(1, Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
        if held.len() >= 5000 {
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    }
}

/// Connections that never send a byte, opened again and again.
async fn silent(options: Options, tally: Arc<Tally>, k: u8) {
    let mut held = Vec::new();
    while !tally.stopped() {
        let Ok(socket) = tokio::net::TcpSocket::new_v4() else { break };
        if socket.bind(SocketAddr::new(hostile(k), 0)).is_err() {
            break;
        }
        match tokio::time::timeout(Duration::from_secs(5), socket.connect(options.server)).await {
            Ok(Ok(stream)) => {
                held.push(stream);
                tally.silent.fetch_add(1, Ordering::Relaxed);
            }
            _ => tokio::time::sleep(Duration::from_millis(50)).await,
        }
        if held.len() > 2000 {
            held.drain(..1000);
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// Resigns and asks for a rematch against the computer, as fast as it can: a new game each.
async fn rematcher(options: Options, tally: Arc<Tally>, k: u8) {
    let Some(me) = browser(&options.url, hostile(k), Duration::from_secs(30)).await else { return };
    let url = &options.url;
    while !tally.stopped() {
        let body = json!({ "spec": { "game": "awele" }, "opponent": { "kind": "computer", "level": 1 }, "side": "south" });
        let (status, created) = me.post(format!("{url}/api/games"), body).await;
        let Some(mut id) = created["id"].as_str().map(str::to_owned) else {
            tally.refused.fetch_add((status != 200) as usize, Ordering::Relaxed);
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        while !tally.stopped() {
            me.post(format!("{url}/api/games/{id}/act"), json!({ "t": "resign" })).await;
            let (status, _) =
                me.post(format!("{url}/api/games/{id}/act"), json!({ "t": "rematch" })).await;
            tally.count(status, &tally.rematches);
            if status != 200 {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
            let Ok(response) = me
                .http
                .get(format!("{url}/api/games/{id}"))
                .header("cookie", &me.cookie)
                .send()
                .await
            else {
                break;
            };
            let state: Value = response.json().await.unwrap_or(Value::Null);
            match state["game"]["rematch"].as_str() {
                Some(next) => id = next.to_owned(),
                None => break,
            }
        }
    }
}

/// Binary frames on a game's socket, as fast as they go; a new socket when one is closed.
async fn binary_flood(options: Options, tally: Arc<Tally>, k: u8, game: String) {
    let frame = json!({ "t": "ping" }).to_string().into_bytes();
    while !tally.stopped() {
        let Some(mut socket) = connect(&options, &game, None, hostile(k)).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        while !tally.stopped() {
            if socket.send(Message::Binary(frame.clone().into())).await.is_err() {
                break;
            }
            tally.frames.fetch_add(1, Ordering::Relaxed);
            // Read what comes back, without waiting.
            while let Ok(Some(Ok(_))) = tokio::time::timeout(Duration::ZERO, socket.next()).await {}
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The history of a 4,000-ply game, fetched in a loop.
async fn historian(options: Options, tally: Arc<Tally>, k: u8, game: String) {
    let Some(me) = browser(&options.url, hostile(k), Duration::from_secs(30)).await else { return };
    while !tally.stopped() {
        let status = me.get(format!("{}/api/games/{game}/history", options.url)).await;
        tally.count(status, &tally.histories);
        if status != 200 {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// An honest arena player: present on the arena's page (asked every 300 ms, so that a latency
/// has that resolution); in a game, makes the first move of their side, and the lower-numbered
/// of the two resigns after three seconds; the time from that game's end, as the player learns
/// it, to their next game is the pairing latency.
async fn arena_player(options: Options, tally: Arc<Tally>, k: usize, me: Browser, arena: String) {
    let url = &options.url;
    let name = format!("arena{k}");
    let mut last: Option<String> = None;
    let mut free_since: Option<Instant> = None;
    while !tally.stopped() {
        tokio::time::sleep(Duration::from_millis(300)).await;
        let t = me.json(format!("{url}/api/tournaments/{arena}")).await;
        let Some(game) = t["you"]["playing"].as_str().map(str::to_owned) else { continue };
        if last.as_deref() == Some(game.as_str()) {
            continue;
        }
        if let Some(since) = free_since.take() {
            tally.pairings.lock().await.push(since.elapsed());
        }
        last = Some(game.clone());
        let state = me.json(format!("{url}/api/games/{game}")).await;
        let names: Vec<String> = state["game"]["seats"]
            .as_array()
            .map(|s| s.iter().filter_map(|s| s["name"].as_str().map(str::to_owned)).collect())
            .unwrap_or_default();
        let mine = names.iter().position(|n| *n == name);
        let other: usize = names
            .iter()
            .find(|n| **n != name)
            .and_then(|n| n.strip_prefix("arena")?.parse().ok())
            .unwrap_or(usize::MAX);
        // A first move each, then the lower-numbered resigns.
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(3) && !tally.stopped() {
            let state = me.json(format!("{url}/api/games/{game}")).await;
            let g = &state["game"];
            if g["status"] != "playing" {
                break;
            }
            let turn = if g["turn"] == g["sides"][0] { 0 } else { 1 };
            let ply = g["ply"].as_u64().unwrap_or(0);
            if Some(turn) == mine && ply < 2 {
                let legal = g["legal"].as_array().cloned().unwrap_or_default();
                if let Some(text) = legal.first().and_then(|m| m["text"].as_str()) {
                    let body = json!({ "t": "move", "ply": ply, "move": text });
                    me.post(format!("{url}/api/games/{game}/act"), body).await;
                }
            }
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
        // The game's end, as this player learns it: their resignation, or the other's.
        if k < other {
            me.post(format!("{url}/api/games/{game}/act"), json!({ "t": "resign" })).await;
        } else {
            let waiting = Instant::now();
            while waiting.elapsed() < Duration::from_secs(10) && !tally.stopped() {
                let state = me.json(format!("{url}/api/games/{game}")).await;
                if state["game"]["status"] != "playing" {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
        free_since = Some(Instant::now());
    }
}

/// Hostile accounts on one address make tournaments as fast as they are let: each as many as
/// it may have at once, the address as many as it may make a day.
async fn tournament_flood(options: Options, tally: Arc<Tally>, k: u8) {
    let url = &options.url;
    let mut accounts = Vec::new();
    for i in 0..5 {
        if let Some(me) = signed_up(url, hostile(k), &format!("flood{k}x{i}")).await {
            accounts.push(me);
        }
    }
    let body = json!({
        "kind": "swiss", "name": "\u{202e}flood", "spec": { "game": "awele" },
        "clock": { "minutes": 1 }, "rounds": 20, "starts_in": 0,
    });
    while !tally.stopped() {
        for me in &accounts {
            let (status, _) = me.post(format!("{url}/api/tournaments"), body.clone()).await;
            tally.count(status, &tally.tournaments);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Two hostile accounts on one address seek in one pool and resign each game at once.
async fn seek_loop(options: Options, tally: Arc<Tally>, k: u8) {
    let url = &options.url;
    let (Some(a), Some(b)) = (
        signed_up(url, hostile(k), &format!("seeker{k}a")).await,
        signed_up(url, hostile(k), &format!("seeker{k}b")).await,
    ) else {
        return;
    };
    let pool = json!({ "spec": { "game": "awele" }, "clock": { "minutes": 3, "increment": 2 } });
    while !tally.stopped() {
        let (sa, seek) = a.post(format!("{url}/api/seeks"), pool.clone()).await;
        let (sb, _) = b.post(format!("{url}/api/seeks"), pool.clone()).await;
        tally.count(sa, &tally.seeks);
        tally.count(sb, &tally.seeks);
        let Some(id) = seek["id"].as_str() else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        // Paired within a second or two: resigned at once.
        for _ in 0..20 {
            let status = a.json(format!("{url}/api/seeks/{id}")).await;
            if let Some(game) = status["game"].as_str() {
                a.post(format!("{url}/api/games/{game}/act"), json!({ "t": "resign" })).await;
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// The started tournament named `name`, once it is listed (`None` if the run ends first).
async fn find_tournament(me: &Browser, url: &str, name: &str, tally: &Tally) -> Option<String> {
    while !tally.stopped() {
        let list = me.json(format!("{url}/api/tournaments")).await;
        let found = list["started"].as_array().and_then(|started| {
            started.iter().find(|t| t["name"] == name).and_then(|t| t["id"].as_str())
        });
        if let Some(id) = found {
            return Some(id.to_owned());
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    None
}

/// Lines of chat in the honest arena's channel, from hostile accounts, as fast as they go.
async fn chat_flood(options: Options, tally: Arc<Tally>, k: u8) {
    let url = &options.url;
    let Some(first) = signed_up(url, hostile(k), &format!("chatter{k}")).await else { return };
    let Some(arena) = find_tournament(&first, url, HONEST_ARENA, &tally).await else { return };
    let mut accounts = vec![first];
    for i in 0..5 {
        if let Some(me) = signed_up(url, hostile(k), &format!("chatter{k}x{i}")).await {
            accounts.push(me);
        }
    }
    let mut i = 0;
    while !tally.stopped() {
        for me in &accounts {
            let text = format!("GAME: play C {i} \u{202e}");
            let path = format!("{url}/api/tournaments/{arena}/chat");
            let (status, _) = me.post(path, json!({ "text": text })).await;
            tally.count(status, &tally.lines);
            i += 1;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A bot account's token streams: a token made, its event stream opened, the token revoked;
/// counted as ended if the stream closes within a second of the revocation.
async fn token_streams(options: Options, tally: Arc<Tally>, k: u8) {
    let url = &options.url;
    let Some(me) = signed_up(url, hostile(k), &format!("robot{k}")).await else { return };
    let mut upgraded = false;
    while !tally.stopped() {
        let body = json!({ "description": "soak \u{2066}bot", "scopes": ["bot:play"] });
        let (status, made) = me.post(format!("{url}/api/account/tokens"), body).await;
        let (Some(token), Some(id)) = (made["token"].as_str(), made["id"].as_str()) else {
            tally.refused.fetch_add((status != 200) as usize, Ordering::Relaxed);
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        };
        if !upgraded {
            let upgrade = format!("{url}/api/bot/account/upgrade");
            let _ = me.http.post(upgrade).bearer_auth(token).send().await;
            upgraded = true;
        }
        let events = format!("{url}/api/bot/stream/event");
        let Ok(mut stream) = me.http.get(events).bearer_auth(token).send().await else {
            continue;
        };
        if stream.status() != 200 {
            tally.refused.fetch_add(1, Ordering::Relaxed);
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        }
        tally.streams.fetch_add(1, Ordering::Relaxed);
        tokio::time::sleep(Duration::from_millis(500)).await;
        me.post(format!("{url}/api/account/tokens/{id}/revoke"), json!({})).await;
        let ended = tokio::time::timeout(Duration::from_secs(1), async {
            while let Ok(Some(_)) = stream.chunk().await {}
        })
        .await;
        if ended.is_ok() {
            tally.streams_ended.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// The server's resident memory (kB) and open descriptors.
fn sample(pid: u32) -> Option<(u64, usize)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let rss = line.split_whitespace().nth(1)?.parse().ok()?;
    let fds = std::fs::read_dir(format!("/proc/{pid}/fd")).ok()?.count();
    Some((rss, fds))
}

fn percentile(times: &mut [Duration], p: f64) -> f64 {
    if times.is_empty() {
        return f64::NAN;
    }
    times.sort();
    times[((times.len() as f64 * p) as usize).min(times.len() - 1)].as_secs_f64() * 1000.0
}

#[tokio::main]
async fn main() {
    let options = options();
    let limit = Duration::from_secs(options.seconds + 120);
    std::thread::spawn(move || {
        std::thread::sleep(limit);
        eprintln!("soak: the run took too long; stopping");
        std::process::exit(2);
    });
    let tally = Arc::new(Tally::default());
    let mut samples = Vec::new();
    let mut tasks = Vec::new();
    if !options.quiet {
        // The attackers' material: long records, and two games imported to aim at.
        let records: Arc<Vec<String>> =
            Arc::new((0..8).map(|seed| awe_server::testing::long_record(1500, seed)).collect());
        let setup = browser(&options.url, hostile(250), Duration::from_secs(60))
            .await
            .expect("the server answers");
        let long = awe_server::testing::long_record(4000, 99);
        let (_, history) =
            setup.post(format!("{}/api/import", options.url), json!({ "text": long })).await;
        let (_, target) =
            setup.post(format!("{}/api/import", options.url), json!({ "text": records[0] })).await;
        let history = history["id"].as_str().expect("an imported game").to_owned();
        let target = target["id"].as_str().expect("an imported game").to_owned();
        let on = |name: &str| options.attackers.iter().any(|a| a == name);
        if on("importer") {
            // From six addresses (a small botnet); the others from one each.
            for k in 10..16 {
                let records = Arc::clone(&records);
                tasks.push(tokio::spawn(importer(options.clone(), Arc::clone(&tally), k, records)));
            }
        }
        if on("reviewer") {
            for k in 3..=4 {
                tasks.push(tokio::spawn(reviewer(
                    options.clone(),
                    Arc::clone(&tally),
                    k,
                    target.clone(),
                )));
            }
        }
        if on("sockets") {
            tasks.push(tokio::spawn(socket_flood(
                options.clone(),
                Arc::clone(&tally),
                5,
                target.clone(),
            )));
        }
        if on("silent") {
            tasks.push(tokio::spawn(silent(options.clone(), Arc::clone(&tally), 6)));
        }
        if on("rematch") {
            tasks.push(tokio::spawn(rematcher(options.clone(), Arc::clone(&tally), 7)));
        }
        if on("binary") {
            tasks.push(tokio::spawn(binary_flood(
                options.clone(),
                Arc::clone(&tally),
                8,
                target.clone(),
            )));
        }
        if on("history") {
            tasks.push(tokio::spawn(historian(options.clone(), Arc::clone(&tally), 9, history)));
        }
        if on("tournaments") {
            tasks.push(tokio::spawn(tournament_flood(options.clone(), Arc::clone(&tally), 20)));
        }
        if on("seeks") {
            tasks.push(tokio::spawn(seek_loop(options.clone(), Arc::clone(&tally), 21)));
        }
        if on("chat") {
            tasks.push(tokio::spawn(chat_flood(options.clone(), Arc::clone(&tally), 22)));
        }
        if on("tokens") {
            tasks.push(tokio::spawn(token_streams(options.clone(), Arc::clone(&tally), 23)));
        }
    }
    let started = Instant::now();
    if let Some(pid) = options.pid {
        samples.extend(sample(pid).map(|s| (0u64, s)));
    }
    let (friends_count, computers) =
        if options.attack_only { (0, 0) } else { (options.friends, options.computers) };
    for k in 0..friends_count {
        tasks.push(tokio::spawn(friends(options.clone(), Arc::clone(&tally), k)));
    }
    for k in 0..computers {
        tasks.push(tokio::spawn(against_the_computer(options.clone(), Arc::clone(&tally), k)));
    }
    if !options.attack_only {
        // The honest arena: made by one account, joined by the players, for the whole run.
        let url = &options.url;
        let organiser = signed_up(url, honest(99), "organiser").await.expect("an honest account");
        let minutes = (options.seconds / 60 + 2).max(10);
        let arena = json!({
            "kind": "arena", "name": HONEST_ARENA, "spec": { "game": "awele" },
            "clock": { "minutes": 3, "increment": 2 }, "minutes": minutes, "starts_in": 0,
        });
        let (_, made) = organiser.post(format!("{url}/api/tournaments"), arena).await;
        let arena = made["id"].as_str().expect("the honest arena is made").to_owned();
        for k in 0..ARENA_PLAYERS {
            let Some(me) = signed_up(url, honest(100 + k), &format!("arena{k}")).await else {
                tally.honest_failures.fetch_add(1, Ordering::Relaxed);
                continue;
            };
            me.post(format!("{url}/api/tournaments/{arena}/join"), json!({})).await;
            tasks.push(tokio::spawn(arena_player(
                options.clone(),
                Arc::clone(&tally),
                k,
                me,
                arena.clone(),
            )));
        }
    }
    while started.elapsed() < Duration::from_secs(options.seconds) {
        tokio::time::sleep(Duration::from_secs(1)).await;
        if let Some(pid) = options.pid {
            samples.extend(sample(pid).map(|s| (started.elapsed().as_secs(), s)));
        }
    }
    tally.stop.store(true, Ordering::Relaxed);
    tokio::time::sleep(Duration::from_secs(2)).await;
    for task in tasks {
        task.abort();
    }
    let mut trips = tally.round_trips.lock().await.clone();
    let mut replies = tally.replies.lock().await.clone();
    let mut pairings = tally.pairings.lock().await.clone();
    if !options.attack_only {
        print_honest(&options, &tally, &mut trips, &mut replies);
        println!(
            "the honest arena's pairing latency (a game's end to the next): p50 {:.0} ms, p99 {:.0} ms \
             ({} pairings)",
            percentile(&mut pairings, 0.5),
            percentile(&mut pairings, 0.99),
            pairings.len()
        );
    }
    if !options.quiet {
        let n = |a: &AtomicUsize| a.load(Ordering::Relaxed);
        println!(
            "attackers got through: {} imports, {} rooms opened, {} reviews and analyses, {} sockets, \
             {} silent connections, {} rematches, {} binary frames sent, {} histories, {} tournaments, \
             {} seeks, {} lines of chat, {} token streams ({} ended within 1 s of their revocation); \
             {} refused",
            n(&tally.imports),
            n(&tally.rooms_opened),
            n(&tally.reviews),
            n(&tally.sockets),
            n(&tally.silent),
            n(&tally.rematches),
            n(&tally.frames),
            n(&tally.histories),
            n(&tally.tournaments),
            n(&tally.seeks),
            n(&tally.lines),
            n(&tally.streams),
            n(&tally.streams_ended),
            n(&tally.refused)
        );
    }
    print_samples(&samples);
}

fn print_honest(
    options: &Options,
    tally: &Tally,
    trips: &mut [Duration],
    replies: &mut [Duration],
) {
    println!(
        "{} s{}: {} honest friend games and {} against the computer",
        options.seconds,
        if options.quiet { "" } else { ", under attack" },
        options.friends,
        options.computers
    );
    println!(
        "honest move round trip: p50 {:.1} ms, p99 {:.1} ms ({} moves)",
        percentile(trips, 0.5),
        percentile(trips, 0.99),
        trips.len()
    );
    println!(
        "the computer's reply (level 3): p50 {:.0} ms, p99 {:.0} ms ({} replies)",
        percentile(replies, 0.5),
        percentile(replies, 0.99),
        replies.len()
    );
    println!("honest failures: {}", tally.honest_failures.load(Ordering::Relaxed));
}

/// The server's memory and descriptors, at the start, a third, two thirds, the end.
fn print_samples(samples: &[(u64, (u64, usize))]) {
    if let (Some(first), Some(last)) = (samples.first(), samples.last()) {
        let max_rss = samples.iter().map(|s| s.1.0).max().unwrap_or(0);
        let max_fds = samples.iter().map(|s| s.1.1).max().unwrap_or(0);
        let at = |fraction: f64| samples[((samples.len() - 1) as f64 * fraction) as usize];
        let (third, two_thirds) = (at(1.0 / 3.0), at(2.0 / 3.0));
        println!(
            "server RSS (MB): {:.0} at 0 s, {:.0} at {} s, {:.0} at {} s, {:.0} at {} s, max {:.0}",
            first.1.0 as f64 / 1024.0,
            third.1.0 as f64 / 1024.0,
            third.0,
            two_thirds.1.0 as f64 / 1024.0,
            two_thirds.0,
            last.1.0 as f64 / 1024.0,
            last.0,
            max_rss as f64 / 1024.0
        );
        println!(
            "server descriptors: {} at 0 s, {} at {} s, {} at {} s, {} at {} s, max {}",
            first.1.1, third.1.1, third.0, two_thirds.1.1, two_thirds.0, last.1.1, last.0, max_fds
        );
    }
}
