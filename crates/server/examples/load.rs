//! A load generator for `awe serve`, on loopback only: N friend games at once, each with its
//! two players and K spectators on WebSockets, the players playing legal moves (as fast as the
//! server answers, or at a total rate), a new game begun where one ends, for a fixed time; then
//! it stops by itself. Prints the connections it held, the moves a second, the move round trip
//! (a move sent until its player sees the new state) at the 50th and 99th percentiles, and,
//! given the server's process id, the server's memory a connection.
//!
//! ```sh
//! cargo build --release -p awe-cli -p awe-server --example load
//! target/release/awe serve --addr 127.0.0.1:8090 --data-dir /tmp/awe-load \
//!     --connections-per-address 20000 --games-per-minute 100000 &
//! target/release/examples/load --url http://127.0.0.1:8090 --games 1000 --spectators 8 \
//!     --seconds 60 --rate 2000 --pid $!
//! ```
//!
//! `--verify` checks at the end that every move acknowledged is in the server's games (for the
//! fault experiments: a database restarted under load). Connections come from `--addresses` loopback addresses (127.0.0.2, 127.0.0.3, …) in turn, so
//! that a server keeping its per-address limit can be measured too. Bounded: at most 20,000
//! connections and 600 seconds of play; every wait has a time limit.
//!
//! `--computer N` also keeps N games against the computer at level 10 busy meanwhile (each of
//! their player's moves answered at once, so that the engines' pool never rests): the human
//! games' round trips show whether the computer slows them.
//!
//! `--arena N` instead signs up N players (from `--addresses` loopback addresses: ten sign-ups
//! an hour an address), puts them in one arena, each on the arena's WebSocket, and plays it for
//! `--seconds`: a player given a game resigns it after a random 0.2 to 2 s. Prints the standings'
//! update time (a resignation acknowledged until the resigner's page sees the game scored) and
//! the pairing latency (the same resignation until that page sees the player's next game), p50
//! and p99.
//!
//! ```sh
//! target/release/examples/load --url http://127.0.0.1:8090 --arena 1000 --addresses 120 \
//!     --seconds 60 --pid $!
//! ```

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// The most connections this generator opens, and the longest it plays.
const MAX_CONNECTIONS: usize = 20_000;
const MAX_SECONDS: u64 = 600;

#[derive(Clone)]
struct Options {
    url: String,
    games: usize,
    spectators: usize,
    seconds: u64,
    rate: f64,
    pid: Option<u32>,
    game: String,
    computer: usize,
    addresses: u8,
    verify: bool,
    arena: usize,
}

fn options() -> Options {
    let mut options = Options {
        url: "http://127.0.0.1:8080".into(),
        games: 100,
        spectators: 0,
        seconds: 20,
        rate: 0.0,
        pid: None,
        game: "awele".into(),
        computer: 0,
        addresses: 1,
        verify: false,
        arena: 0,
    };
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(i) = args.iter().position(|a| a == "--verify") {
        options.verify = true;
        args.remove(i);
    }
    for pair in args.chunks(2) {
        let value = pair.get(1).cloned().unwrap_or_default();
        let number = |what: &str| -> u64 {
            value.parse().unwrap_or_else(|_| panic!("{what}: a whole number, not `{value}`"))
        };
        match pair[0].as_str() {
            "--url" => options.url = value,
            "--games" => options.games = number("--games") as usize,
            "--spectators" => options.spectators = number("--spectators") as usize,
            "--seconds" => options.seconds = number("--seconds").min(MAX_SECONDS),
            "--rate" => options.rate = number("--rate") as f64,
            "--pid" => options.pid = Some(number("--pid") as u32),
            "--game" => options.game = value,
            "--computer" => options.computer = number("--computer") as usize,
            "--addresses" => options.addresses = number("--addresses").clamp(1, 250) as u8,
            "--arena" => options.arena = number("--arena") as usize,
            other => panic!(
                "unknown option {other} (--url, --games, --spectators, --seconds, --rate, --pid, \
                 --game, --computer, --addresses, --verify, --arena)"
            ),
        }
    }
    let host = options.url.trim_start_matches("http://").split(['/', ':']).next().unwrap_or("");
    assert!(
        host == "127.0.0.1" || host == "localhost",
        "the load generator speaks to loopback only, not {host}"
    );
    let connections = options.games * (2 + options.spectators) + options.computer + options.arena;
    assert!(connections <= MAX_CONNECTIONS, "{connections} connections: at most {MAX_CONNECTIONS}");
    options
}

/// The server's resident memory, in kilobytes.
fn rss_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Where connections come from: loopback addresses in turn.
struct Sources {
    next: AtomicUsize,
    count: u8,
}

impl Sources {
    fn next(&self) -> IpAddr {
        let k = self.next.fetch_add(1, Ordering::Relaxed) % self.count as usize;
        IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2 + k as u8))
    }
}

/// A browser: its cookies (from the home page) and its address.
#[derive(Clone)]
struct Browser {
    http: reqwest::Client,
    cookie: String,
    csrf: String,
    from: IpAddr,
}

async fn browser(url: &str, from: IpAddr) -> Browser {
    // The server closes a connection silent for a while: none is kept idle past a second.
    let http = reqwest::Client::builder()
        .local_address(from)
        .pool_idle_timeout(Duration::from_secs(1))
        .build()
        .unwrap();
    let response = http.get(url).send().await.expect("the server answers");
    let pairs: Vec<String> = response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok()?.split(';').next().map(str::to_owned))
        .collect();
    let csrf = pairs
        .iter()
        .find_map(|p| p.strip_prefix("awe_csrf=").map(str::to_owned))
        .expect("the token against forgery");
    Browser { http, cookie: pairs.join("; "), csrf, from }
}

impl Browser {
    /// Signs up as `name`: the session's cookie joins the others.
    async fn sign_up(&mut self, url: &str, name: &str) {
        let response = self
            .http
            .post(format!("{url}/api/account/signup"))
            .header("cookie", &self.cookie)
            .header("x-csrf-token", &self.csrf)
            .header("content-type", "application/json")
            .body(json!({ "name": name, "password": "a load test's password" }).to_string())
            .send()
            .await
            .expect("the server answers");
        assert!(response.status().is_success(), "sign-up refused: {}", response.status());
        for value in response.headers().get_all("set-cookie") {
            if let Some(pair) = value.to_str().ok().and_then(|v| v.split(';').next()) {
                self.cookie = format!("{}; {pair}", self.cookie);
            }
        }
    }

    async fn post(&self, url: String, body: Value) -> Value {
        let response = self
            .http
            .post(url)
            .header("cookie", &self.cookie)
            .header("x-csrf-token", &self.csrf)
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
            .await
            .expect("the server answers");
        response.json().await.unwrap_or(Value::Null)
    }
}

type Socket = tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>;

/// A socket on `path` (`/ws/games/ID`, `/ws/tournaments/ID`).
async fn connect(url: &str, path: &str, browser: Option<&Browser>, from: IpAddr) -> Socket {
    let server: SocketAddr = url
        .trim_start_matches("http://")
        .split('/')
        .next()
        .and_then(|a| a.replace("localhost", "127.0.0.1").parse().ok())
        .expect("the server's address");
    let ws = format!("{}{path}", url.replace("http://", "ws://"));
    let mut request = ws.into_client_request().unwrap();
    if let Some(browser) = browser {
        request.headers_mut().insert("cookie", browser.cookie.parse().unwrap());
    }
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::new(from, 0)).expect("a loopback address to connect from");
    let stream = tokio::time::timeout(Duration::from_secs(30), socket.connect(server))
        .await
        .expect("connected within 30 s")
        .expect("the server takes the connection");
    let _ = stream.set_nodelay(true);
    tokio_tungstenite::client_async(request, stream).await.expect("the socket opens").0
}

/// The next state the socket receives, or the code of an error sent instead (`retry`: the
/// server could not record the move, its database away; any other is a failure of the run).
async fn message(socket: &mut Socket) -> Result<Value, String> {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(60), socket.next())
            .await
            .expect("the server answers within a minute")
            .expect("the socket stays open")
            .expect("a frame");
        if let Message::Text(text) = frame {
            let value: Value = serde_json::from_str(&text).unwrap();
            if value["t"] == "state" {
                return Ok(value["game"].clone());
            }
            if value["t"] == "error" {
                let code = value["code"].as_str().unwrap_or_default();
                if matches!(code, "retry" | "stale" | "conflict" | "too_many") {
                    return Err(code.to_owned());
                }
                panic!("the server refused a move: {value}");
            }
        }
    }
}

/// The next state the socket receives, passing over errors.
async fn state(socket: &mut Socket) -> Value {
    loop {
        if let Ok(state) = message(socket).await {
            return state;
        }
    }
}

/// What the games share.
struct Shared {
    options: Options,
    sources: Sources,
    stop: AtomicBool,
    connections: AtomicUsize,
    states_seen: AtomicUsize,
    /// Moves the server could not record and sent again.
    refused: AtomicUsize,
    /// Acknowledged moves checked, and those missing from the server's games (`--verify`).
    checked: AtomicUsize,
    lost: AtomicUsize,
}

/// Creates a friend game, joins it and opens its sockets: the players' and the spectators'.
async fn begin(
    shared: &Arc<Shared>,
    players: &[Browser; 2],
) -> (String, [Socket; 2], Vec<tokio::task::JoinHandle<()>>) {
    let url = &shared.options.url;
    let spec = match shared.options.game.as_str() {
        "awithlaknannai" => json!({ "game": "awithlaknannai", "board": "kolowis" }),
        "awechec" => json!({ "game": "awechec" }),
        _ => json!({ "game": "awele", "rules": "awechec" }),
    };
    let body = json!({ "spec": spec, "opponent": { "kind": "friend" }, "side": "white" });
    let created = players[0].post(format!("{url}/api/games"), body).await;
    let id = created["id"].as_str().unwrap_or_else(|| panic!("a game: {created}")).to_owned();
    let joined = players[1]
        .post(format!("{url}/api/games/{id}/join"), json!({ "invite": created["invite"] }))
        .await;
    assert!(joined["you"].is_string(), "joined: {joined}");
    let sockets = [
        connect(url, &format!("/ws/games/{id}"), Some(&players[0]), players[0].from).await,
        connect(url, &format!("/ws/games/{id}"), Some(&players[1]), players[1].from).await,
    ];
    shared.connections.fetch_add(2, Ordering::Relaxed);
    let mut watchers = Vec::new();
    for _ in 0..shared.options.spectators {
        let mut socket =
            connect(url, &format!("/ws/games/{id}"), None, shared.sources.next()).await;
        shared.connections.fetch_add(1, Ordering::Relaxed);
        let shared = Arc::clone(shared);
        watchers.push(tokio::spawn(async move {
            // A spectator reads every state and parses none: the server's fan-out is measured,
            // not the generator's JSON.
            while let Ok(Some(Ok(frame))) =
                tokio::time::timeout(Duration::from_secs(90), socket.next()).await
            {
                if matches!(frame, Message::Text(_)) {
                    shared.states_seen.fetch_add(1, Ordering::Relaxed);
                }
                if shared.stop.load(Ordering::Relaxed) {
                    break;
                }
            }
            shared.connections.fetch_sub(1, Ordering::Relaxed);
        }));
    }
    (id, sockets, watchers)
}

/// One table: games one after another between two browsers, each move's round trip recorded,
/// paced to `period` a move where a rate is set, until the run stops.
async fn table(
    shared: Arc<Shared>,
    seed: usize,
    ready: Arc<tokio::sync::Barrier>,
) -> Vec<Duration> {
    let url = shared.options.url.clone();
    let players =
        [browser(&url, shared.sources.next()).await, browser(&url, shared.sources.next()).await];
    let (mut id, mut sockets, mut watchers) = begin(&shared, &players).await;
    let mut states = [state(&mut sockets[0]).await, state(&mut sockets[1]).await];
    ready.wait().await;
    let period = (shared.options.rate > 0.0)
        .then(|| Duration::from_secs_f64(shared.options.games as f64 / shared.options.rate));
    // Spread the tables' first moves over one period.
    if let Some(period) = period {
        tokio::time::sleep(period.mul_f64((seed % 1000) as f64 / 1000.0)).await;
    }
    let mut next = Instant::now();
    let mut times = Vec::new();
    let mut ply = 0usize;
    // The moves acknowledged, game by game, for `--verify`.
    let mut acked: Vec<String> = Vec::new();
    let mut verified: Vec<(String, Vec<String>)> = Vec::new();
    while !shared.stop.load(Ordering::Relaxed) {
        if !states[0]["outcome"].is_null() {
            verified.push((id.clone(), std::mem::take(&mut acked)));
            // A new game where this one ended.
            for socket in &mut sockets {
                let _ = socket.close(None).await;
            }
            shared.connections.fetch_sub(2, Ordering::Relaxed);
            for watcher in watchers.drain(..) {
                watcher.abort();
                shared.connections.fetch_sub(1, Ordering::Relaxed);
            }
            (id, sockets, watchers) = begin(&shared, &players).await;
            states = [state(&mut sockets[0]).await, state(&mut sockets[1]).await];
            ply = 0;
        }
        if let Some(period) = period {
            next += period;
            tokio::time::sleep_until(next.into()).await;
        }
        let current = &states[0];
        let mover = if current["turn"] == current["sides"][0] { 0 } else { 1 };
        let legal = current["legal"].as_array().expect("legal moves");
        let text = legal[(seed * 31 + ply * 7) % legal.len()]["text"].as_str().unwrap().to_owned();
        let message = json!({ "t": "move", "ply": ply, "move": text }).to_string();
        let sent = Instant::now();
        sockets[mover].send(Message::Text(message.clone().into())).await.expect("sent");
        // The mover's round trip: until its own socket shows the move. Not recorded (the
        // database away): sent again after a pause, as a player would.
        loop {
            match self::message(&mut sockets[mover]).await {
                Ok(seen) if seen["ply"].as_u64() >= Some(ply as u64 + 1) => {
                    times.push(sent.elapsed());
                    acked.push(text.clone());
                    states[mover] = seen;
                    break;
                }
                Ok(_) => {}
                Err(code) if code == "retry" || code == "too_many" => {
                    shared.refused.fetch_add(1, Ordering::Relaxed);
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    sockets[mover].send(Message::Text(message.clone().into())).await.expect("sent");
                }
                Err(_) => {}
            }
        }
        let other = 1 - mover;
        loop {
            let seen = state(&mut sockets[other]).await;
            if seen["ply"].as_u64() == Some(ply as u64 + 1) {
                states[other] = seen;
                break;
            }
        }
        ply += 1;
    }
    for watcher in watchers {
        watcher.abort();
    }
    verified.push((id, acked));
    if shared.options.verify {
        // Every move acknowledged is in the game the server holds, at its place.
        for (id, acked) in &verified {
            let state: Value = players[0]
                .http
                .get(format!("{url}/api/games/{id}"))
                .send()
                .await
                .expect("the server answers")
                .json()
                .await
                .expect("a state");
            let moves = state["game"]["moves"].as_array().expect("moves");
            for (ply, text) in acked.iter().enumerate() {
                if moves.get(ply).and_then(|m| m["text"].as_str()) != Some(text.as_str()) {
                    shared.lost.fetch_add(1, Ordering::Relaxed);
                }
            }
            shared.checked.fetch_add(acked.len(), Ordering::Relaxed);
        }
    }
    times
}

/// A game against the computer at level 10, its person answering at once, until the run stops.
async fn busy(shared: Arc<Shared>, seed: usize) {
    let url = shared.options.url.clone();
    let me = browser(&url, shared.sources.next()).await;
    let body = json!({ "spec": { "game": "awele" }, "opponent": { "kind": "computer", "level": 10 }, "side": "north" });
    let created = me.post(format!("{url}/api/games"), body).await;
    let id = created["id"].as_str().expect("a game").to_owned();
    let mut socket = connect(&url, &format!("/ws/games/{id}"), Some(&me), me.from).await;
    while !shared.stop.load(Ordering::Relaxed) {
        let current = state(&mut socket).await;
        if !current["outcome"].is_null() {
            break;
        }
        if current["turn"] == "north" && current["thinking"] == false {
            let legal = current["legal"].as_array().unwrap();
            let ply = current["ply"].as_u64().unwrap() as usize;
            let text = legal[(seed + ply) % legal.len()]["text"].as_str().unwrap();
            let message = json!({ "t": "move", "ply": ply, "move": text }).to_string();
            socket.send(Message::Text(message.into())).await.unwrap();
        }
    }
}

#[tokio::main]
async fn main() {
    let options = options();
    if options.arena > 0 {
        arena(options).await;
        return;
    }
    // Whatever happens, the run ends.
    let limit = Duration::from_secs(options.seconds + 300);
    std::thread::spawn(move || {
        std::thread::sleep(limit);
        eprintln!("load: the run took too long; stopping");
        std::process::exit(2);
    });
    let shared = Arc::new(Shared {
        sources: Sources { next: AtomicUsize::new(0), count: options.addresses },
        options: options.clone(),
        stop: AtomicBool::new(false),
        connections: AtomicUsize::new(0),
        states_seen: AtomicUsize::new(0),
        refused: AtomicUsize::new(0),
        checked: AtomicUsize::new(0),
        lost: AtomicUsize::new(0),
    });
    let busy: Vec<_> =
        (0..options.computer).map(|seed| tokio::spawn(busy(Arc::clone(&shared), seed))).collect();
    if options.computer > 0 {
        // The engines' pool busy first.
        tokio::time::sleep(Duration::from_secs(2)).await;
    }
    let before = options.pid.and_then(rss_kb);
    let ready = Arc::new(tokio::sync::Barrier::new(options.games + 1));
    let setting_up = Instant::now();
    let tables: Vec<_> = (0..options.games)
        .map(|seed| tokio::spawn(table(Arc::clone(&shared), seed, Arc::clone(&ready))))
        .collect();
    ready.wait().await;
    let held = shared.connections.load(Ordering::Relaxed) + options.computer;
    let connected = options.pid.and_then(rss_kb);
    println!(
        "connections: {held} open ({} games, {} spectators each, {} computer games) in {:.1} s",
        options.games,
        options.spectators,
        options.computer,
        setting_up.elapsed().as_secs_f64()
    );
    let started = Instant::now();
    tokio::time::sleep(Duration::from_secs(options.seconds)).await;
    shared.stop.store(true, Ordering::Relaxed);
    let during = options.pid.and_then(rss_kb);
    let mut times = Vec::new();
    for table in tables {
        times.extend(table.await.expect("a table played"));
    }
    let elapsed = started.elapsed();
    for task in busy {
        task.abort();
    }
    times.sort();
    let percentile = |p: f64| times[((times.len() as f64 * p) as usize).min(times.len() - 1)];
    println!("moves {} in {:.1} s", times.len(), elapsed.as_secs_f64());
    println!(
        "round trip: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        percentile(0.50).as_secs_f64() * 1000.0,
        percentile(0.99).as_secs_f64() * 1000.0,
        times.last().map_or(0.0, |t| t.as_secs_f64() * 1000.0)
    );
    println!("moves a second: {:.0}", times.len() as f64 / elapsed.as_secs_f64());
    println!(
        "states sent to spectators: {} ({:.0} a second)",
        shared.states_seen.load(Ordering::Relaxed),
        shared.states_seen.load(Ordering::Relaxed) as f64 / elapsed.as_secs_f64()
    );
    let refused = shared.refused.load(Ordering::Relaxed);
    if refused > 0 {
        println!("moves refused (the database away, or sent too fast) and sent again: {refused}");
    }
    if options.verify {
        println!(
            "acknowledged moves checked: {}, missing: {}",
            shared.checked.load(Ordering::Relaxed),
            shared.lost.load(Ordering::Relaxed)
        );
    }
    if let (Some(before), Some(connected), Some(during)) = (before, connected, during) {
        println!(
            "server memory: {before} kB before, {connected} kB connected, {during} kB playing; \
             {:.1} kB a connection",
            connected.saturating_sub(before) as f64 / held.max(1) as f64
        );
    }
}

/// What a player of the arena measured: the standings' update times and the pairing latencies.
#[derive(Default)]
struct Measured {
    updates: Vec<Duration>,
    pairings: Vec<Duration>,
}

/// `--arena N` (see the top of the file).
async fn arena(options: Options) {
    let sources = Arc::new(Sources { next: AtomicUsize::new(0), count: options.addresses });
    let url = options.url.clone();
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() % 100_000);
    let setting_up = Instant::now();
    let turns = Arc::new(tokio::sync::Semaphore::new(16));
    let mut signing = Vec::new();
    for i in 0..options.arena {
        let (url, sources, turns) = (url.clone(), Arc::clone(&sources), Arc::clone(&turns));
        signing.push(tokio::spawn(async move {
            let _turn = turns.acquire().await;
            let mut me = browser(&url, sources.next()).await;
            me.sign_up(&url, &format!("a{stamp}x{i}")).await;
            me
        }));
    }
    let mut players = Vec::new();
    for task in signing {
        players.push(task.await.expect("signed up"));
    }
    println!("{} players signed up in {:.1} s", players.len(), setting_up.elapsed().as_secs_f64());
    let made = players[0]
        .post(
            format!("{url}/api/tournaments"),
            json!({
                "kind": "arena", "spec": { "game": "awele", "rules": "abapa" },
                "clock": { "minutes": 1 }, "minutes": 10, "starts_in": 0,
            }),
        )
        .await;
    let id =
        made["id"].as_str().unwrap_or_else(|| panic!("the arena was not made: {made}")).to_owned();
    let before = options.pid.and_then(rss_kb);
    let stop = Arc::new(AtomicBool::new(false));
    let ready = Arc::new(tokio::sync::Barrier::new(players.len() + 1));
    let mut tasks = Vec::new();
    for me in players {
        let (url, id, stop, ready) =
            (url.clone(), id.clone(), Arc::clone(&stop), Arc::clone(&ready));
        tasks.push(tokio::spawn(async move {
            me.post(format!("{url}/api/tournaments/{id}/join"), json!({})).await;
            let mut socket =
                connect(&url, &format!("/ws/tournaments/{id}"), Some(&me), me.from).await;
            ready.wait().await;
            arena_player(&url, &me, &mut socket, &stop).await
        }));
    }
    ready.wait().await;
    println!("{} players in the arena {id}, each on its socket", tasks.len());
    let started = Instant::now();
    tokio::time::sleep(Duration::from_secs(options.seconds)).await;
    stop.store(true, Ordering::Relaxed);
    let during = options.pid.and_then(rss_kb);
    let mut all = Measured::default();
    for task in tasks {
        let measured = task.await.expect("a player played");
        all.updates.extend(measured.updates);
        all.pairings.extend(measured.pairings);
    }
    let show = |name: &str, times: &mut Vec<Duration>| {
        times.sort();
        if times.is_empty() {
            println!("{name}: none");
            return;
        }
        let at = |p: f64| times[((times.len() as f64 * p) as usize).min(times.len() - 1)];
        println!(
            "{name}: {} measured, p50 {:.0} ms, p99 {:.0} ms, max {:.0} ms",
            times.len(),
            at(0.5).as_secs_f64() * 1000.0,
            at(0.99).as_secs_f64() * 1000.0,
            times.last().map_or(0.0, |t| t.as_secs_f64() * 1000.0)
        );
    };
    println!("in {:.1} s:", started.elapsed().as_secs_f64());
    show("standings' update (a resignation until the page sees it scored)", &mut all.updates);
    show("pairing (a resignation until the page sees the next game)", &mut all.pairings);
    if let (Some(before), Some(during)) = (before, during) {
        println!("server memory: {before} kB before the arena, {during} kB during it");
    }
}

/// A player of the arena: resigns each game it is given after a while, and times what its page
/// sees.
async fn arena_player(url: &str, me: &Browser, socket: &mut Socket, stop: &AtomicBool) -> Measured {
    let mut measured = Measured::default();
    let mut game: Option<String> = None;
    let mut resigned: Option<Instant> = None;
    let mut freed: Option<Instant> = None;
    let mut resign_at: Option<Instant> = None;
    while !stop.load(Ordering::Relaxed) {
        let wait = resign_at
            .map_or(Duration::from_millis(500), |at| at.saturating_duration_since(Instant::now()));
        let frame = match tokio::time::timeout(wait, socket.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => text,
            Ok(Some(Ok(_))) => continue,
            Ok(_) => break,
            Err(_) => {
                if let (Some(at), Some(g)) = (resign_at, &game)
                    && Instant::now() >= at
                {
                    resign_at = None;
                    let answer =
                        me.post(format!("{url}/api/games/{g}/act"), json!({ "t": "resign" })).await;
                    // Its opponent may have resigned first.
                    if answer.get("error").is_none() {
                        resigned = Some(Instant::now());
                    }
                }
                continue;
            }
        };
        let Ok(value) = serde_json::from_str::<Value>(&frame) else { continue };
        if value["t"] != "you" {
            continue;
        }
        let playing = value["you"]["playing"].as_str().map(str::to_owned);
        if game.is_some() && playing != game {
            // Scored: the game left the player's line.
            if let Some(at) = resigned.take() {
                measured.updates.push(at.elapsed());
                freed = Some(at);
            }
            game = None;
            resign_at = None;
        }
        if let (None, Some(next)) = (&game, playing) {
            // Timed from the resignation that ended the last game.
            if let Some(at) = freed.take() {
                measured.pairings.push(at.elapsed());
            }
            let delay = 200
                + (next.bytes().map(u64::from).sum::<u64>() * 37 + me.cookie.len() as u64) % 1800;
            resign_at = Some(Instant::now() + Duration::from_millis(delay));
            game = Some(next);
        }
    }
    measured
}
