//! A load generator for `awe serve`, on loopback: N friend games at once, each with its two
//! players on WebSockets, playing legal moves as fast as the server answers. Prints the move
//! round trip (a move sent until its player sees the new state) at the 50th and 99th
//! percentiles, moves a second over all games, and, given the server's process id, the memory it
//! took per game.
//!
//! ```sh
//! cargo build --release -p awe-cli -p awe-server --example load
//! target/release/awe serve --addr 127.0.0.1:8090 --data-dir /tmp/awe-load &
//! ulimit -n 65536; target/release/examples/load --url http://127.0.0.1:8090 --games 1000 --moves 30 --pid $!
//! ```
//!
//! `--computer N` also keeps N games against the computer at level 10 busy meanwhile (each of
//! their player's moves answered at once, so that the engines' pool never rests): the human
//! games' round trips show whether the computer slows them.

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

struct Options {
    url: String,
    games: usize,
    moves: usize,
    pid: Option<u32>,
    game: String,
    computer: usize,
}

fn options() -> Options {
    let mut options = Options {
        url: "http://127.0.0.1:8080".into(),
        games: 100,
        moves: 30,
        pid: None,
        game: "awele".into(),
        computer: 0,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).cloned().unwrap_or_default();
        match pair[0].as_str() {
            "--url" => options.url = value,
            "--games" => options.games = value.parse().expect("--games N"),
            "--moves" => options.moves = value.parse().expect("--moves N"),
            "--pid" => options.pid = Some(value.parse().expect("--pid PID")),
            "--game" => options.game = value,
            "--computer" => options.computer = value.parse().expect("--computer N"),
            other => {
                panic!(
                    "unknown option {other} (--url, --games, --moves, --pid, --game, --computer)"
                )
            }
        }
    }
    options
}

/// The server's resident memory, in kilobytes.
fn rss_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// A browser's cookie, from the home page.
async fn cookie(http: &reqwest::Client, url: &str) -> String {
    let response = http.get(url).send().await.expect("the server answers");
    let value = response.headers().get("set-cookie").expect("a cookie").to_str().unwrap();
    value.split(';').next().unwrap().to_owned()
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect(url: &str, id: &str, cookie: &str) -> Socket {
    let ws = format!("{}/ws/games/{id}", url.replace("http://", "ws://"));
    let mut request = ws.into_client_request().unwrap();
    request.headers_mut().insert("cookie", cookie.parse().unwrap());
    tokio_tungstenite::connect_async(request).await.expect("the socket opens").0
}

/// The next state the socket receives.
async fn state(socket: &mut Socket) -> Value {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(60), socket.next())
            .await
            .expect("the server answers within a minute")
            .expect("the socket stays open")
            .expect("a frame");
        if let Message::Text(text) = frame {
            let value: Value = serde_json::from_str(&text).unwrap();
            if value["t"] == "state" {
                return value["game"].clone();
            }
            if value["t"] == "error" {
                panic!("the server refused a move: {value}");
            }
        }
    }
}

/// One game: created, joined, both sockets open; then `moves` moves. Returns each move's round
/// trip.
async fn play(
    url: String,
    moves: usize,
    game: String,
    seed: usize,
    start: std::sync::Arc<tokio::sync::Barrier>,
) -> Vec<Duration> {
    let http = reqwest::Client::new();
    let cookies = [cookie(&http, &url).await, cookie(&http, &url).await];
    let spec = match game.as_str() {
        "awithlaknannai" => json!({ "game": "awithlaknannai", "board": "kolowis" }),
        "awechec" => json!({ "game": "awechec" }),
        _ => json!({ "game": "awele", "rules": "awechec" }),
    };
    let created: Value = http
        .post(format!("{url}/api/games"))
        .header("cookie", &cookies[0])
        .header("content-type", "application/json")
        .body(
            json!({ "spec": spec, "opponent": { "kind": "friend" }, "side": "white" }).to_string(),
        )
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().expect("a game").to_owned();
    http.post(format!("{url}/api/games/{id}/join"))
        .header("cookie", &cookies[1])
        .header("content-type", "application/json")
        .body(json!({ "invite": created["invite"] }).to_string())
        .send()
        .await
        .unwrap();
    let mut sockets =
        [connect(&url, &id, &cookies[0]).await, connect(&url, &id, &cookies[1]).await];
    let mut states = [state(&mut sockets[0]).await, state(&mut sockets[1]).await];
    // Every game starts playing at once.
    start.wait().await;
    let mut times = Vec::with_capacity(moves);
    for ply in 0..moves {
        let current = &states[0];
        if !current["outcome"].is_null() {
            break;
        }
        let mover = if current["turn"] == current["sides"][0] { 0 } else { 1 };
        let legal = current["legal"].as_array().unwrap();
        let text = legal[(seed * 31 + ply * 7) % legal.len()]["text"].as_str().unwrap().to_owned();
        let message = json!({ "t": "move", "ply": ply, "move": text }).to_string();
        let sent = Instant::now();
        sockets[mover].send(Message::Text(message.into())).await.unwrap();
        // The mover's round trip: until its own socket shows the move.
        loop {
            let next = state(&mut sockets[mover]).await;
            if next["ply"].as_u64() == Some(ply as u64 + 1) {
                times.push(sent.elapsed());
                states[mover] = next;
                break;
            }
        }
        let other = 1 - mover;
        loop {
            let next = state(&mut sockets[other]).await;
            if next["ply"].as_u64() == Some(ply as u64 + 1) {
                states[other] = next;
                break;
            }
        }
    }
    times
}

/// A game against the computer at level 10, its person answering at once, until `stop`.
async fn busy(url: String, seed: usize, stop: std::sync::Arc<std::sync::atomic::AtomicBool>) {
    let http = reqwest::Client::new();
    let me = cookie(&http, &url).await;
    let created: Value = http
        .post(format!("{url}/api/games"))
        .header("cookie", &me)
        .header("content-type", "application/json")
        .body(
            json!({ "spec": { "game": "awele" }, "opponent": { "kind": "computer", "level": 10 }, "side": "north" })
                .to_string(),
        )
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().expect("a game").to_owned();
    let mut socket = connect(&url, &id, &me).await;
    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
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
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let busy: Vec<_> = (0..options.computer)
        .map(|seed| tokio::spawn(busy(options.url.clone(), seed, stop.clone())))
        .collect();
    if options.computer > 0 {
        // The engines' pool busy first.
        tokio::time::sleep(Duration::from_secs(2)).await;
    }
    let before = options.pid.and_then(rss_kb);
    let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(options.games + 1));
    let mut tasks = Vec::new();
    for seed in 0..options.games {
        let (url, game) = (options.url.clone(), options.game.clone());
        let barrier = barrier.clone();
        tasks.push(tokio::spawn(play(url, options.moves, game, seed, barrier)));
    }
    barrier.wait().await;
    let started = Instant::now();
    let mut times = Vec::new();
    for task in tasks {
        times.extend(task.await.expect("a game ran"));
    }
    let elapsed = started.elapsed();
    let during = options.pid.and_then(rss_kb);
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for task in busy {
        task.abort();
    }
    times.sort();
    let percentile = |p: f64| times[((times.len() as f64 * p) as usize).min(times.len() - 1)];
    println!("games {}, moves {}, in {:.2} s", options.games, times.len(), elapsed.as_secs_f64());
    println!(
        "round trip: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        percentile(0.50).as_secs_f64() * 1000.0,
        percentile(0.99).as_secs_f64() * 1000.0,
        times.last().map_or(0.0, |t| t.as_secs_f64() * 1000.0)
    );
    println!("moves a second: {:.0}", times.len() as f64 / elapsed.as_secs_f64());
    if let (Some(before), Some(during)) = (before, during) {
        println!(
            "server memory: {before} kB before, {during} kB with the games, {:.1} kB a game",
            (during.saturating_sub(before)) as f64 / options.games as f64
        );
    }
}
