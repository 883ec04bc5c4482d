//! What the site's tests share: a server on a loopback port with a database file of its own,
//! and clients that speak to it as browsers do: HTTP with the player's cookie, and the game's
//! WebSocket. Each feature's crate tests itself with it, through the assembled site.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A running server.
pub struct Server {
    pub addr: SocketAddr,
    /// The database's address.
    pub database: String,
}

/// Starts a server on an ephemeral port, with a new database of its own: a SQLite file, or a
/// PostgreSQL database if `AWE_TEST_DATABASE` names a server (CI runs these tests both ways).
pub async fn start(name: &str) -> Server {
    start_with(name, awe_server::limits::Settings::default()).await
}

/// The same, with the limits given.
pub async fn start_with(name: &str, limits: awe_server::limits::Settings) -> Server {
    let database = awe_server::testing::database_url(name).await;
    start_on(&database, limits).await
}

/// A server on an existing database (a second server beside a first).
pub async fn start_on(database: &str, limits: awe_server::limits::Settings) -> Server {
    // The engines play without an endgame database rather than build one into the user's cache.
    awe_players::cache::build_when_missing(false);
    let config = awe_server::Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        database: database.to_owned(),
        endgame_seeds: 12,
        limits,
        schedule: Vec::new(),
        shutdown_timeout: awe_server::shutdown::TIMEOUT,
    };
    let (addr, server) = awe_server::bind(&config).await.expect("the server starts");
    tokio::spawn(server);
    Server { addr, database: database.to_owned() }
}

/// Whether the tests run on PostgreSQL.
pub fn on_postgres() -> bool {
    std::env::var("AWE_TEST_DATABASE").is_ok_and(|url| url.starts_with("postgres"))
}

/// A browser: its cookies, once the server has given them.
#[derive(Clone, Debug)]
pub struct Browser {
    pub base: String,
    pub cookies: std::collections::BTreeMap<String, String>,
    /// The address a balancer in front would say it has (`X-Forwarded-For`), for a server
    /// that trusts one: browsers on loopback otherwise all share 127.0.0.1.
    pub address: Option<String>,
    http: reqwest::Client,
}

impl Browser {
    pub fn new(server: &Server) -> Browser {
        Browser {
            base: format!("http://{}", server.addr),
            cookies: Default::default(),
            address: None,
            http: reqwest::Client::new(),
        }
    }

    /// A browser of its own address, as a balancer tells it (`trust_proxy`).
    pub fn at(server: &Server, address: &str) -> Browser {
        Browser { address: Some(address.to_owned()), ..Browser::new(server) }
    }

    /// The same browser (its cookies) speaking to another server.
    pub fn on(&self, server: &Server) -> Browser {
        Browser { base: format!("http://{}", server.addr), ..self.clone() }
    }

    /// The `Cookie` header it sends.
    pub fn cookie(&self) -> Option<String> {
        let pairs: Vec<String> = self.cookies.iter().map(|(k, v)| format!("{k}={v}")).collect();
        (!pairs.is_empty()).then(|| pairs.join("; "))
    }

    fn remember(&mut self, response: &reqwest::Response) {
        for value in response.headers().get_all("set-cookie") {
            let Some(pair) = value.to_str().ok().and_then(|v| v.split(';').next()) else {
                continue;
            };
            if let Some((name, value)) = pair.split_once('=') {
                if value.is_empty() {
                    self.cookies.remove(name);
                } else {
                    self.cookies.insert(name.to_owned(), value.to_owned());
                }
            }
        }
    }

    /// A request's status and JSON answer (`Value::Null` if not JSON), sent as the site's pages
    /// send them: the cookies, and the token against forgery.
    pub async fn send(&mut self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let url = format!("{}{path}", self.base);
        let mut request = match method {
            "GET" => self.http.get(&url),
            _ => self.http.post(&url),
        };
        if let Some(cookie) = self.cookie() {
            request = request.header("cookie", cookie);
        }
        if let Some(token) = self.cookies.get("awe_csrf") {
            request = request.header("x-csrf-token", token);
        }
        if let Some(address) = &self.address {
            request = request.header("x-forwarded-for", address);
        }
        if let Some(body) = body {
            request = request.header("content-type", "application/json").body(body.to_string());
        }
        let response = request.send().await.expect("the server answers");
        self.remember(&response);
        let status = response.status().as_u16();
        let text = response.text().await.unwrap_or_default();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    pub async fn get(&mut self, path: &str) -> (u16, Value) {
        self.send("GET", path, None).await
    }

    pub async fn post(&mut self, path: &str, body: Value) -> (u16, Value) {
        self.send("POST", path, Some(body)).await
    }

    /// Signs up (the account made) and stays signed in.
    /// A new browser on `server` with a new account, signed in.
    pub async fn signed_up(server: &Server, name: &str, password: &str) -> Browser {
        let mut browser = Browser::new(server);
        browser.sign_up(name, password).await;
        browser
    }

    pub async fn sign_up(&mut self, name: &str, password: &str) {
        let (status, answer) =
            self.post("/api/account/signup", json!({ "name": name, "password": password })).await;
        assert_eq!(status, 200, "{answer}");
        assert!(self.cookies.contains_key("awe_session"));
    }

    /// Raw text of a GET (records, pages) and its status.
    pub async fn text(&mut self, path: &str) -> (u16, String) {
        let url = format!("{}{path}", self.base);
        let mut request = self.http.get(&url);
        if let Some(cookie) = self.cookie() {
            request = request.header("cookie", cookie);
        }
        if let Some(address) = &self.address {
            request = request.header("x-forwarded-for", address);
        }
        let response = request.send().await.expect("the server answers");
        self.remember(&response);
        (response.status().as_u16(), response.text().await.unwrap_or_default())
    }

    /// Creates a game; returns its id and the invitation token, if any.
    pub async fn create(&mut self, body: Value) -> (String, Option<String>) {
        let (status, answer) = self.post("/api/games", body).await;
        assert_eq!(status, 200, "{answer}");
        (answer["id"].as_str().unwrap().to_owned(), answer["invite"].as_str().map(str::to_owned))
    }

    /// The game's WebSocket, as this browser.
    pub async fn connect(&self, id: &str) -> Socket {
        let url = format!("{}/ws/games/{id}", self.base.replace("http://", "ws://"));
        let mut request = url.into_client_request().unwrap();
        if let Some(cookie) = self.cookie() {
            request.headers_mut().insert("cookie", cookie.parse().unwrap());
        }
        if let Some(address) = &self.address {
            request.headers_mut().insert("x-forwarded-for", address.parse().unwrap());
        }
        let (stream, _) =
            tokio_tungstenite::connect_async(request).await.expect("the socket opens");
        let mut socket = Socket { stream, you: Value::Null, state: Value::Null };
        let hello = socket.next().await.expect("hello");
        assert_eq!(hello["t"], "hello", "{hello}");
        socket.you = hello["you"].clone();
        let state = socket.next().await.expect("the state");
        socket.state = state["game"].clone();
        socket
    }
}

/// A game's WebSocket.
pub struct Socket {
    pub stream: WebSocketStream<MaybeTlsStream<TcpStream>>,
    pub you: Value,
    /// The last state received.
    pub state: Value,
}

impl Socket {
    /// The next message, as JSON (`None` if the connection closed or 5 s passed).
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            let frame =
                tokio::time::timeout(Duration::from_secs(5), self.stream.next()).await.ok()??;
            match frame.ok()? {
                Message::Text(text) => {
                    let value: Value = serde_json::from_str(&text).ok()?;
                    if value["t"] == "state" {
                        self.state = value["game"].clone();
                    }
                    return Some(value);
                }
                Message::Close(_) => return None,
                _ => continue,
            }
        }
    }

    /// Waits for a state where `check` holds.
    pub async fn until(&mut self, check: impl Fn(&Value) -> bool) -> Value {
        if check(&self.state) {
            return self.state.clone();
        }
        // What came instead, the last few messages: a failure says what the server sent.
        let mut seen: Vec<String> = Vec::new();
        loop {
            let Some(message) = self.next().await else {
                panic!("no state as awaited came within 5 s; the last messages: {seen:#?}")
            };
            if message["t"] == "state" && check(&message["game"]) {
                return message["game"].clone();
            }
            let mut shown = message.to_string();
            shown.truncate(300);
            seen.push(shown);
            if seen.len() > 4 {
                seen.remove(0);
            }
        }
    }

    pub async fn send(&mut self, message: Value) {
        self.stream.send(Message::Text(message.to_string().into())).await.expect("sent");
    }

    /// Sends a move for the game at `ply`.
    pub async fn play(&mut self, ply: u64, text: &str) {
        self.send(json!({ "t": "move", "ply": ply, "move": text })).await;
    }

    /// The next line of chat sent to this client (`None` if none came within 5 s).
    pub async fn chat(&mut self) -> Option<Value> {
        loop {
            let message = self.next().await?;
            if message["t"] == "chat" {
                return Some(message["line"].clone());
            }
        }
    }

    /// The next error sent to this client.
    pub async fn error(&mut self) -> String {
        loop {
            let message = self.next().await.expect("an answer comes");
            if message["t"] == "error" {
                return message["message"].as_str().unwrap_or_default().to_owned();
            }
        }
    }
}

/// A legal move of a state, chosen by `seed`.
pub fn pick(state: &Value, seed: usize) -> String {
    let legal = state["legal"].as_array().expect("legal moves");
    legal[seed % legal.len()]["text"].as_str().unwrap().to_owned()
}

/// The record of a long Awélé game (see [`awe_server::testing::long_record`]).
pub fn long_record(plies: usize, seed: u64) -> String {
    awe_server::testing::long_record(plies, seed)
}

/// Asks about a seek until it is paired (at most 10 s): its game.
pub async fn paired(browser: &mut Browser, id: &str) -> String {
    let started = Instant::now();
    loop {
        let (status, answer) = browser.get(&format!("/api/seeks/{id}")).await;
        assert_eq!(status, 200, "{answer}");
        if answer["status"] == "paired" {
            return answer["game"].as_str().unwrap().to_owned();
        }
        assert!(started.elapsed() < Duration::from_secs(10), "not paired: {answer}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}
