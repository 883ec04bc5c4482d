//! Every defence of the server, attacked: it holds. Moves for another seat or game, forged,
//! replayed and signed-out session cookies, a wrong password many times, requests from another
//! site, oversized, non-UTF-8 and malformed WebSocket messages, a flood of messages, a client that
//! sends a byte a second, a silent connection, too many connections from one address, thousands
//! of games created by one address. Run on SQLite, and on PostgreSQL when `AWE_TEST_DATABASE`
//! names a server.

mod common;

use std::io::{Read, Write};
use std::time::{Duration, Instant};

use common::{Browser, pick, start, start_with};
use futures_util::SinkExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};

use awe_server::limits::Settings;

fn awele() -> Value {
    json!({ "game": "awele", "rules": "abapa" })
}

/// A friend game between two browsers: (the creator, South; the friend, North; the id).
async fn friend_game(server: &common::Server) -> (Browser, Browser, String) {
    let mut a = Browser::new(server);
    let mut b = Browser::new(server);
    let (id, invite) = a
        .create(json!({ "spec": awele(), "opponent": { "kind": "friend" }, "side": "south" }))
        .await;
    let (status, answer) =
        b.post(&format!("/api/games/{id}/join"), json!({ "invite": invite })).await;
    assert_eq!(status, 200, "{answer}");
    (a, b, id)
}

async fn state(browser: &mut Browser, id: &str) -> Value {
    let (status, state) = browser.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, 200, "{state}");
    state
}

async fn act(browser: &mut Browser, id: &str, action: Value) -> (u16, Value) {
    browser.post(&format!("/api/games/{id}/act"), action).await
}

#[tokio::test]
async fn nobody_moves_for_another_seat_or_in_another_game() {
    let server = start("defences-seats").await;
    let (mut a, mut b, id) = friend_game(&server).await;
    let (mut c, _, other) = friend_game(&server).await;
    let first = pick(&state(&mut a, &id).await["game"], 0);
    // North moves for South: refused.
    let (status, answer) = act(&mut b, &id, json!({ "t": "move", "ply": 0, "move": first })).await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("not_your_turn")), "{answer}");
    // A player of another game moves in this one: refused.
    let (status, answer) = act(&mut c, &id, json!({ "t": "move", "ply": 0, "move": first })).await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("no_seat")), "{answer}");
    // And this game's player in the other game.
    let (status, answer) = act(&mut a, &other, json!({ "t": "resign" })).await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("no_seat")), "{answer}");
    // A browser with a made-up secret: a spectator.
    let mut forged = Browser::new(&server);
    forged.cookies.insert("awe_player".into(), "0123456789abcdef0123456789abcdef".into());
    forged.cookies.insert("awe_csrf".into(), "fedcba9876543210fedcba9876543210".into());
    let (status, _) = act(&mut forged, &id, json!({ "t": "resign" })).await;
    assert_eq!(status, 409);
    // Nothing changed.
    let game = state(&mut a, &id).await;
    assert_eq!(
        (game["game"]["ply"].as_u64(), game["game"]["status"].as_str()),
        (Some(0), Some("playing"))
    );
    let (status, _) = act(&mut a, &id, json!({ "t": "move", "ply": 0, "move": first })).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn sessions_forged_replayed_or_signed_out_act_for_nobody() {
    let server = start("defences-sessions").await;
    let mut ada = Browser::new(&server);
    ada.get("/").await;
    ada.sign_up("ada", "correct horse battery").await;
    let (_, me) = ada.get("/api/account").await;
    assert_eq!(me["user"]["name"], "ada");
    // Ada's rated challenge; her seat is her account's.
    let (id, _) = ada
        .create(json!({ "spec": awele(), "opponent": { "kind": "open" }, "side": "south", "rated": true }))
        .await;
    let mut bob = Browser::new(&server);
    bob.get("/").await;
    bob.sign_up("bob", "another password").await;
    let (status, answer) = bob.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(status, 200, "{answer}");
    let first = pick(&state(&mut ada, &id).await["game"], 0);

    // A forged session: a well-formed token the server never gave.
    let mut forger = Browser::new(&server);
    forger.get("/").await;
    forger.cookies.insert("awe_session".into(), "00000000000000000000000000000000".into());
    let (_, me) = forger.get("/api/account").await;
    assert_eq!(me["user"], Value::Null);
    let (status, _) = act(&mut forger, &id, json!({ "t": "move", "ply": 0, "move": first })).await;
    assert_eq!(status, 409);

    // Ada's session cookie in another browser (replayed) acts for Ada while the session is
    // open: the cookie is the key, so it must not outlive signing out.
    let stolen = ada.cookies["awe_session"].clone();
    let mut thief = Browser::new(&server);
    thief.get("/").await;
    thief.cookies.insert("awe_session".into(), stolen.clone());
    let (_, me) = thief.get("/api/account").await;
    assert_eq!(me["user"]["name"], "ada");
    let (status, _) = ada.post("/api/account/signout", json!({})).await;
    assert_eq!(status, 200);
    assert!(!ada.cookies.contains_key("awe_session"), "the cookie is cleared");
    let (_, me) = thief.get("/api/account").await;
    assert_eq!(me["user"], Value::Null, "a signed-out session is worth nothing");
    let (status, answer) =
        act(&mut thief, &id, json!({ "t": "move", "ply": 0, "move": first })).await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("no_seat")), "{answer}");
    // Nor does Ada's browser act once signed out: the seat is the account's.
    let (status, _) = act(&mut ada, &id, json!({ "t": "move", "ply": 0, "move": first })).await;
    assert_eq!(status, 409);
    // Signed in again, from any browser, she plays.
    let mut again = Browser::new(&server);
    again.get("/").await;
    let (status, _) = again
        .post("/api/account/signin", json!({ "name": "ADA", "password": "correct horse battery" }))
        .await;
    assert_eq!(status, 200);
    let (status, answer) =
        act(&mut again, &id, json!({ "t": "move", "ply": 0, "move": first })).await;
    assert_eq!(status, 200, "{answer}");
    // Bob cannot take Ada's seat by its name, nor sign up again as her.
    let (status, answer) =
        bob.post("/api/account/signup", json!({ "name": "Ada", "password": "12345678" })).await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("name_taken")));
}

#[tokio::test]
async fn wrong_passwords_lock_the_name_and_sign_ins_are_limited_by_address() {
    let limits = Settings { sign_ins_per_minute: 1000, ..Settings::default() };
    let server = start_with("defences-passwords", limits).await;
    let mut ada = Browser::new(&server);
    ada.sign_up("ada", "the right one").await;
    let mut attacker = Browser::new(&server);
    for attempt in 0..10 {
        let (status, answer) = attacker
            .post(
                "/api/account/signin",
                json!({ "name": "ada", "password": format!("guess {attempt}") }),
            )
            .await;
        assert_eq!((status, answer["code"].as_str()), (401, Some("wrong_password")), "{answer}");
    }
    // Locked: even the right password is refused for a while, and the answer says so.
    let (status, answer) = attacker
        .post("/api/account/signin", json!({ "name": "ada", "password": "the right one" }))
        .await;
    assert_eq!((status, answer["code"].as_str()), (429, Some("too_many")), "{answer}");
    // A name that does not exist answers as a wrong password does.
    let (status, answer) = attacker
        .post("/api/account/signin", json!({ "name": "nobody", "password": "whatever1" }))
        .await;
    assert_eq!((status, answer["code"].as_str()), (401, Some("wrong_password")));

    // Attempts from one address: a burst, then refused.
    let server =
        start_with("defences-signins", Settings { sign_ins_per_minute: 5, ..Settings::default() })
            .await;
    let mut client = Browser::new(&server);
    let mut refused = 0;
    for i in 0..12 {
        let (status, _) = client
            .post(
                "/api/account/signin",
                json!({ "name": format!("user{i}"), "password": "12345678" }),
            )
            .await;
        refused += (status == 429) as usize;
    }
    assert_eq!(refused, 7);
    // Sign-ups too, and bad names and passwords are refused with their reason.
    let server =
        start_with("defences-signups", Settings { sign_ups_per_hour: 2, ..Settings::default() })
            .await;
    let mut client = Browser::new(&server);
    for (name, password, code) in [
        ("x", "12345678", "bad_name"),
        ("ok_name", "short", "bad_password"),
        ("a\u{202e}bc", "12345678", "bad_name"),
    ] {
        let (status, answer) =
            client.post("/api/account/signup", json!({ "name": name, "password": password })).await;
        assert_eq!((status, answer["code"].as_str()), (400, Some(code)), "{name}: {answer}");
    }
    let mut made = 0;
    for i in 0..5 {
        let (status, _) = client
            .post(
                "/api/account/signup",
                json!({ "name": format!("user{i}"), "password": "12345678" }),
            )
            .await;
        made += (status == 200) as usize;
    }
    assert_eq!(made, 2);
}

#[tokio::test]
async fn requests_from_another_site_are_refused() {
    let server = start("defences-csrf").await;
    let (mut a, _, id) = friend_game(&server).await;
    let url = format!("http://{}/api/games/{id}/act", server.addr);
    let http = reqwest::Client::new();
    let cookie = a.cookie().unwrap();
    let token = a.cookies["awe_csrf"].clone();
    let body = json!({ "t": "resign" }).to_string();
    let send = |headers: Vec<(&'static str, String)>| {
        let mut request =
            http.post(&url).header("content-type", "application/json").body(body.clone());
        for (name, value) in headers {
            request = request.header(name, value);
        }
        request.send()
    };
    // The cookies without the token: what another site's form or script makes a browser send.
    let response = send(vec![("cookie", cookie.clone())]).await.unwrap();
    assert_eq!(response.status(), 403);
    let answer: Value = response.json().await.unwrap();
    assert_eq!(answer["code"], "csrf");
    // A wrong token.
    let response =
        send(vec![("cookie", cookie.clone()), ("x-csrf-token", "0".repeat(32))]).await.unwrap();
    assert_eq!(response.status(), 403);
    // The right token from another site's page (its Origin).
    let evil = vec![
        ("cookie", cookie.clone()),
        ("x-csrf-token", token.clone()),
        ("origin", "http://evil.example".to_owned()),
    ];
    assert_eq!(send(evil).await.unwrap().status(), 403);
    // A form's body (not JSON) is refused whatever it carries.
    let response = http
        .post(&url)
        .header("cookie", cookie.clone())
        .header("x-csrf-token", token.clone())
        .header("content-type", "application/x-www-form-urlencoded")
        .body("t=resign")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 415);
    // A WebSocket opened by another site's page.
    let ws = format!("ws://{}/ws/games/{id}", server.addr);
    let mut request = ws.clone().into_client_request().unwrap();
    request.headers_mut().insert("cookie", cookie.parse().unwrap());
    request.headers_mut().insert("origin", "http://evil.example".parse().unwrap());
    assert!(tokio_tungstenite::connect_async(request).await.is_err());
    let mut request = format!("ws://{}/ws/lobby", server.addr).into_client_request().unwrap();
    request.headers_mut().insert("origin", "http://evil.example".parse().unwrap());
    assert!(tokio_tungstenite::connect_async(request).await.is_err());
    // Nothing happened; the page's own request goes through.
    assert_eq!(state(&mut a, &id).await["game"]["status"], "playing");
    let own = vec![
        ("cookie", cookie),
        ("x-csrf-token", token),
        ("origin", format!("http://{}", server.addr)),
    ];
    assert_eq!(send(own).await.unwrap().status(), 200);
    assert_eq!(state(&mut a, &id).await["game"]["status"], "over");
}

#[tokio::test]
async fn bad_websocket_messages_and_floods_change_nothing() {
    let limits = Settings { messages_per_second: 5, ..Settings::default() };
    let server = start_with("defences-ws", limits).await;
    let (a, _, id) = friend_game(&server).await;
    // Malformed JSON, unknown messages: answered, the connection stays.
    let mut socket = a.connect(&id).await;
    for bad in ["{", "[]", r#"{"t":"move","ply":"x"}"#, r#"{"t":"launch"}"#, "\u{0}"] {
        socket.stream.send(Message::Text(bad.into())).await.unwrap();
        let message = socket.next().await.expect("an answer");
        assert_eq!(message["code"], "bad_request", "{bad}: {message}");
    }
    socket.send(json!({ "t": "ping" })).await;
    assert_eq!(socket.next().await.unwrap()["t"], "pong");
    // A frame over the limit closes that connection.
    socket.stream.send(Message::Text("x".repeat(5000).into())).await.unwrap();
    assert!(socket.next().await.is_none(), "closed");
    // A text frame that is not UTF-8 closes it too.
    let mut socket = a.connect(&id).await;
    let frame = Frame::message(vec![0x7b, 0xff, 0xfe, 0x7d], OpCode::Data(Data::Text), true);
    let _ = socket.stream.send(Message::Frame(frame)).await;
    assert!(socket.next().await.is_none(), "closed");
    // A flood: a burst, then refused, then let go.
    let mut socket = a.connect(&id).await;
    let mut answers = Vec::new();
    for _ in 0..100 {
        if socket
            .stream
            .send(Message::Text(json!({ "t": "ping" }).to_string().into()))
            .await
            .is_err()
        {
            break;
        }
    }
    while let Some(message) = socket.next().await {
        answers.push(
            message["t"].as_str().unwrap_or_default().to_owned()
                + message["code"].as_str().unwrap_or_default(),
        );
    }
    let pongs = answers.iter().filter(|a| *a == "pong").count();
    let refused = answers.iter().filter(|a| *a == "errortoo_many").count();
    assert!((10..=15).contains(&pongs), "a burst of twice the rate: {answers:?}");
    assert!(refused >= 50, "then refusals until let go: {answers:?}");
    // The game is untouched and the server answers.
    let mut a = a;
    let game = state(&mut a, &id).await;
    assert_eq!(
        (game["game"]["ply"].as_u64(), game["game"]["status"].as_str()),
        (Some(0), Some("playing"))
    );
}

#[tokio::test]
async fn slow_silent_and_crowding_clients_are_let_go() {
    let limits = Settings {
        header_timeout: Duration::from_millis(800),
        idle_timeout: Duration::from_secs(1),
        connections_per_address: 8,
        ..Settings::default()
    };
    let server = start_with("defences-slow", limits).await;
    let addr = server.addr;
    // A byte a quarter of a second: let go before the head is sent.
    let slow = tokio::task::spawn_blocking(move || {
        let mut stream = std::net::TcpStream::connect(addr).unwrap();
        stream.set_read_timeout(Some(Duration::from_millis(50))).unwrap();
        let started = Instant::now();
        for byte in
            b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n"
        {
            if stream.write_all(&[*byte]).is_err() {
                return started.elapsed();
            }
            let mut buffer = [0u8; 256];
            match stream.read(&mut buffer) {
                Ok(0) => return started.elapsed(),
                // A 408 before closing.
                Ok(_) => return started.elapsed(),
                Err(_) => {}
            }
            std::thread::sleep(Duration::from_millis(250));
        }
        Duration::MAX
    });
    let taken = slow.await.unwrap();
    assert!(taken < Duration::from_secs(3), "the slow client was let go after {taken:?}");
    // A silent WebSocket is closed.
    let (a, _, id) = friend_game(&server).await;
    let mut socket = a.connect(&id).await;
    let started = Instant::now();
    while socket.next().await.is_some() {}
    assert!(started.elapsed() < Duration::from_secs(4), "{:?}", started.elapsed());
    // Too many connections from one address: the ones beyond are closed at once.
    let mut open = Vec::new();
    for _ in 0..8 {
        open.push(tokio::net::TcpStream::connect(addr).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut extra = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut buffer = [0u8; 16];
    let read = tokio::time::timeout(
        Duration::from_secs(2),
        tokio::io::AsyncReadExt::read(&mut extra, &mut buffer),
    )
    .await;
    assert!(matches!(read, Ok(Ok(0)) | Ok(Err(_))), "the ninth connection is closed: {read:?}");
    drop(open);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut fresh = Browser::new(&server);
    assert_eq!(fresh.get("/api/lobby").await.0, 200, "connections closed free their places");
}

#[tokio::test]
async fn one_address_cannot_create_thousands_of_games() {
    let server = start("defences-games").await;
    let mut flood = Browser::new(&server);
    flood.get("/").await;
    // Games waiting for an opponent: twenty at most for one browser.
    let mut codes = Vec::new();
    for _ in 0..22 {
        let (status, answer) = flood
            .post("/api/games", json!({ "spec": awele(), "opponent": { "kind": "open" } }))
            .await;
        codes.push((status, answer["code"].as_str().unwrap_or("ok").to_owned()));
    }
    assert!(codes[..20].iter().all(|c| c.0 == 200), "{codes:?}");
    assert_eq!(codes[20], (429, "too_many_waiting".to_owned()));
    // Then any game: a burst of thirty a minute from one address, whatever the browser.
    let mut made = 20;
    let mut refused = 0;
    for i in 0..2000 {
        let mut browser = if i % 2 == 0 { flood.clone() } else { Browser::new(&server) };
        let (status, answer) = browser
            .post(
                "/api/games",
                json!({ "spec": awele(), "opponent": { "kind": "computer", "level": 1 } }),
            )
            .await;
        match status {
            200 => made += 1,
            429 => {
                assert_eq!(answer["code"], "too_many");
                refused += 1;
            }
            _ => panic!("{status} {answer}"),
        }
    }
    assert!(made <= 32, "{made} games made");
    assert!(refused >= 1960, "{refused} refused");
}
