//! Every defence of the server, attacked: it holds. Moves for another seat or game, forged,
//! replayed and signed-out session cookies, a wrong password many times, requests from another
//! site, oversized, non-UTF-8 and malformed WebSocket messages, a flood of messages, a client that
//! sends a byte a second, a silent connection, too many connections from one address, thousands
//! of games created by one address. And the budgets of everything a visitor can start (issue 27,
//! each attack as it was reproduced against commit 6394180): imports and the rooms they open,
//! reviews and analyses that outlive their request or crowd the engines, WebSockets beyond the
//! connections allowed, rematch loops, long histories, connections that never say a word, binary
//! frames, a challenge resigned before anyone came, a request out of time, cookies behind TLS;
//! and fair play: no engine helps in a game between two people while it runs. Run on SQLite,
//! and on PostgreSQL when `AWE_TEST_DATABASE` names a server.

use awe_site_testing as common;

use std::io::{Read, Write};
use std::time::{Duration, Instant};

use common::{Browser, long_record, pick, start, start_with};
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
async fn a_bot_token_acts_for_its_own_seat_only() {
    let server = start("defences-bots").await;
    let (mut a, _, id) = friend_game(&server).await;
    let mut owner = Browser::signed_up(&server, "robot", "the robot's password").await;
    let (_, made) = owner
        .post("/api/account/tokens", json!({ "description": "x", "scopes": ["bot:play"] }))
        .await;
    let token = made["token"].as_str().unwrap().to_owned();
    let http = reqwest::Client::new();
    let base = format!("http://{}", server.addr);
    let send = |path: String, body: Option<Value>| {
        let mut request = http.post(format!("{base}{path}")).bearer_auth(&token);
        if let Some(body) = body {
            request = request.json(&body);
        }
        async move {
            let response = request.send().await.unwrap();
            let status = response.status().as_u16();
            (status, response.json::<Value>().await.unwrap_or(Value::Null))
        }
    };
    assert_eq!(send("/api/bot/account/upgrade".into(), None).await.0, 200);
    let first = pick(&state(&mut a, &id).await["game"], 0);
    // The bot's API in a game between two people: no seat there.
    let (status, answer) = send(format!("/api/bot/game/{id}/move/{first}"), None).await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("no_seat")), "{answer}");
    let (status, answer) =
        send(format!("/api/bot/game/{id}/chat"), Some(json!({ "text": "hi" }))).await;
    assert_eq!((status, answer["code"].as_str()), (403, Some("no_seat")), "{answer}");
    // A free seat of an open challenge or a friend's invitation is not a bot's to take.
    let (open, _) =
        a.create(json!({ "spec": awele(), "opponent": { "kind": "open" }, "side": "south" })).await;
    let (status, answer) = send(format!("/api/bot/challenge/{open}/accept"), None).await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("challenged")), "{answer}");
    let (status, answer) = send(format!("/api/bot/challenge/{open}/decline"), None).await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("challenged")), "{answer}");
    // The token is nobody on the site's other requests: a player's act, a seat to join.
    let (status, answer) =
        send(format!("/api/games/{id}/act"), Some(json!({ "t": "resign" }))).await;
    assert_eq!((status, answer["code"].as_str()), (403, Some("no_seat")), "{answer}");
    let body = json!({ "description": "more", "scopes": ["bot:play", "challenge:write"] });
    let (status, answer) = send("/api/account/tokens".into(), Some(body)).await;
    assert_eq!((status, answer["code"].as_str()), (403, Some("sign_in")), "a token makes none");
    // Signed in as the bot in a browser: no seat of an open challenge, no quick pairing, no
    // challenge but to bots.
    let (status, answer) = owner.post(&format!("/api/games/{open}/join"), json!({})).await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("challenged")), "{answer}");
    let seek = json!({ "spec": awele(), "clock": { "minutes": 3, "increment": 2 }, "rated": true });
    let (status, answer) = owner.post("/api/seeks", seek).await;
    assert_eq!((status, answer["code"].as_str()), (403, Some("bot")), "{answer}");
    let open_game = json!({ "spec": awele(), "opponent": { "kind": "open" } });
    let (status, answer) = owner.post("/api/games", open_game).await;
    assert_eq!((status, answer["code"].as_str()), (403, Some("bot")), "{answer}");
    // Nothing changed.
    let game = state(&mut a, &id).await;
    assert_eq!(
        (game["game"]["ply"].as_u64(), game["game"]["status"].as_str()),
        (Some(0), Some("playing"))
    );
    let game = state(&mut a, &open).await;
    assert_eq!(game["game"]["status"], "waiting");
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
    Browser::signed_up(&server, "ada", "the right one").await;
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
    let started = Instant::now();
    for i in 0..2000 {
        let mut browser = if i % 2 == 0 { flood.clone() } else { Browser::new(&server) };
        let (status, answer) = browser
            .post(
                "/api/games",
                json!({ "spec": awele(), "opponent": { "kind": "computer", "level": 1 } }),
            )
            .await;
        if refused_by_rate(status, &answer, &[200]) {
            refused += 1;
        } else {
            made += 1;
        }
    }
    // The burst, and the rate's refill while the requests went on (a loaded machine takes
    // seconds over them: one more game every two seconds).
    let refilled = (started.elapsed().as_secs_f64() / 2.0).ceil() as usize;
    assert!(made <= 32 + refilled, "{made} games made in {:?}", started.elapsed());
    assert!(refused >= 1960 - refilled, "{refused} refused");
}

/// Imports a record; its id.
async fn import(browser: &mut Browser, text: &str) -> String {
    let (status, answer) = browser.post("/api/import", json!({ "text": text })).await;
    assert_eq!(status, 200, "{answer}");
    answer["id"].as_str().unwrap().to_owned()
}

async fn stats(browser: &mut Browser) -> Value {
    let (status, stats) = browser.get("/api/stats").await;
    assert_eq!(status, 200);
    stats
}

/// Waits until the server's engines run no search (at most `most`); whether they stopped.
async fn engines_idle(browser: &mut Browser, most: Duration) -> bool {
    let started = Instant::now();
    while started.elapsed() < most {
        if stats(browser).await["engines"]["running"] == 0 {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    false
}

// 1. Imports: anonymous, unlimited, each opening a room of megabytes for ten minutes.

#[tokio::test]
async fn imports_are_limited_by_address() {
    let server = start("defences-imports").await;
    let mut flood = Browser::new(&server);
    let record = long_record(200, 1);
    let mut made = 0;
    let mut refused = 0;
    for _ in 0..40 {
        let (status, answer) = flood.post("/api/import", json!({ "text": record })).await;
        if refused_by_rate(status, &answer, &[200]) {
            refused += 1;
        } else {
            made += 1;
        }
    }
    assert!(made <= 11, "{made} imports went through");
    assert!(refused >= 29, "{refused} refused");
}

#[tokio::test]
async fn a_room_nobody_watches_any_more_leaves_memory() {
    let limits = Settings { room_idle: Duration::from_secs(1), ..Settings::default() };
    let server = start_with("defences-room-idle", limits).await;
    let mut visitor = Browser::new(&server);
    let read = import(&mut visitor, &long_record(40, 1)).await;
    let watched = import(&mut visitor, &long_record(40, 2)).await;
    // One read by a request, one watched by a page that then closes: neither says so to its
    // room (the soak found both kept for good, under any idle time).
    assert_eq!(visitor.get(&format!("/api/games/{read}")).await.0, 200);
    let socket = visitor.connect(&watched).await;
    assert_eq!(stats(&mut visitor).await["rooms"], 2);
    drop(socket);
    let started = Instant::now();
    while stats(&mut visitor).await["rooms"] != 0 {
        // Seen within the watch's look (5 s) and the idle time (1 s).
        assert!(started.elapsed() < Duration::from_secs(10), "{}", stats(&mut visitor).await);
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // Opened again from the database.
    assert_eq!(visitor.get(&format!("/api/games/{read}")).await.0, 200);
}

#[tokio::test]
async fn rooms_stay_within_their_budget_the_idle_ones_going_first() {
    let limits = Settings { imports_per_minute: 1000, max_rooms: 4, ..Settings::default() };
    let server = start_with("defences-rooms", limits).await;
    let mut visitor = Browser::new(&server);
    let mut ids = Vec::new();
    for seed in 0..12 {
        ids.push(import(&mut visitor, &long_record(300, seed)).await);
    }
    // Each opened: every one answers, and the server keeps four at most.
    for id in &ids {
        let (status, game) = visitor.get(&format!("/api/games/{id}")).await;
        assert_eq!(status, 200, "{game}");
        assert_eq!(game["game"]["kind"], "import");
        let rooms = stats(&mut visitor).await["rooms"].as_u64().unwrap();
        assert!(rooms <= 4, "{rooms} rooms");
    }
    let after = stats(&mut visitor).await;
    assert!(after["rooms_evicted"].as_u64().unwrap() >= 8, "{after}");
    // Watched rooms stay: four watched, a fifth game waits rather than push one out.
    let mut sockets = Vec::new();
    for id in &ids[..4] {
        sockets.push(visitor.connect(id).await);
    }
    let (status, answer) = visitor.get(&format!("/api/games/{}", ids[4])).await;
    assert_eq!((status, answer["code"].as_str()), (503, Some("retry")), "{answer}");
    // One watcher leaves: there is space again.
    drop(sockets.pop());
    let started = Instant::now();
    loop {
        let (status, _) = visitor.get(&format!("/api/games/{}", ids[4])).await;
        if status == 200 {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(5), "the fifth game never opened");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // The estimate of their memory is kept within its budget too.
    let limits =
        Settings { imports_per_minute: 1000, rooms_memory: 1 << 20, ..Settings::default() };
    let server = start_with("defences-rooms-memory", limits).await;
    let mut visitor = Browser::new(&server);
    for seed in 0..6 {
        let id = import(&mut visitor, &long_record(1500, seed)).await;
        assert_eq!(visitor.get(&format!("/api/games/{id}")).await.0, 200);
        let now = stats(&mut visitor).await;
        let (rooms, memory) =
            (now["rooms"].as_u64().unwrap(), now["rooms_memory"].as_u64().unwrap());
        assert!(rooms == 1 || memory <= 1 << 20, "{now}");
    }
}

// 2. Reviews and analyses: searches that outlive their request, outside the pool.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_nobody_waits_for_stops_and_the_engines_stay_within_the_pool() {
    let limits = Settings {
        imports_per_minute: 1000,
        reviews_per_minute: 1000,
        engine_jobs_per_address: 100,
        ..Settings::default()
    };
    let server = start_with("defences-reviews", limits).await;
    let mut visitor = Browser::new(&server);
    let id = import(&mut visitor, &long_record(400, 7)).await;
    // A client that hangs up after a fraction of a second: the review (half a minute) stops.
    let hasty = reqwest::Client::builder().timeout(Duration::from_millis(300)).build().unwrap();
    let url = format!("{}/api/games/{id}/review", visitor.base);
    assert!(hasty.post(&url).send().await.is_err(), "the client gave up");
    assert!(engines_idle(&mut visitor, Duration::from_secs(3)).await, "the review went on");
    // Twelve at once: never more searches than the pool's size, the queue bounded, the rest
    // refused at once; all stop when their clients go.
    let size = stats(&mut visitor).await["engines"]["size"].as_u64().unwrap();
    let mut calls = Vec::new();
    for _ in 0..12 {
        let url = url.clone();
        calls.push(tokio::spawn(async move {
            reqwest::Client::new().post(&url).send().await.map(|r| r.status().as_u16())
        }));
    }
    let mut busy = 0;
    for _ in 0..20 {
        let now = stats(&mut visitor).await;
        let running = now["engines"]["running"].as_u64().unwrap();
        assert!(running <= size, "{now}");
        assert!(now["engines"]["waiting"].as_u64().unwrap() <= 8, "{now}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    for call in &calls {
        if call.is_finished() {
            busy += 1;
        }
    }
    assert!(busy >= 3, "beyond the queue, reviews are refused at once ({busy})");
    for call in calls {
        call.abort();
    }
    assert!(engines_idle(&mut visitor, Duration::from_secs(3)).await, "the reviews went on");
}

#[tokio::test]
async fn analyses_and_reviews_are_limited_by_address() {
    let limits = Settings {
        analyses_per_minute: 3,
        reviews_per_minute: 1,
        imports_per_minute: 1000,
        ..Settings::default()
    };
    let server = start_with("defences-analyses", limits).await;
    let mut visitor = Browser::new(&server);
    let mut codes = Vec::new();
    for _ in 0..5 {
        let (status, answer) = visitor
            .post(
                "/api/analysis",
                json!({ "spec": awele(), "position": "0,0,0,0,0,1/1,0,0,0,0,0 S 23 23" }),
            )
            .await;
        codes.push((status, answer["code"].as_str().unwrap_or("ok").to_owned()));
    }
    assert!(codes[..3].iter().all(|c| c.0 == 200), "{codes:?}");
    assert_eq!(codes[3], (429, "too_many".to_owned()), "{codes:?}");
    let id = import(&mut visitor, &long_record(4, 3)).await;
    assert_eq!(visitor.post(&format!("/api/games/{id}/review"), json!({})).await.0, 200);
    let (status, answer) = visitor.post(&format!("/api/games/{id}/review"), json!({})).await;
    assert_eq!((status, answer["code"].as_str()), (429, Some("too_many")), "{answer}");
}

// 3. WebSockets: not counted against the connections of their address.

#[tokio::test]
async fn websockets_count_against_the_connections_of_their_address() {
    let limits = Settings { connections_per_address: 6, ..Settings::default() };
    let server = start_with("defences-sockets", limits).await;
    let (a, _, id) = friend_game(&server).await;
    let url = format!("ws://{}/ws/games/{id}", server.addr);
    let mut open = Vec::new();
    let mut refused = 0;
    for _ in 0..20 {
        match tokio::time::timeout(Duration::from_secs(2), tokio_tungstenite::connect_async(&url))
            .await
        {
            Ok(Ok((socket, _))) => open.push(socket),
            _ => refused += 1,
        }
    }
    // Six connections at most from the address, the players' own kept alive included.
    assert!((4..=6).contains(&open.len()), "{} sockets from one address", open.len());
    assert_eq!(refused, 20 - open.len());
    // Closed, they free their places.
    for socket in &mut open {
        let _ = socket.close(None).await;
    }
    drop(open);
    let started = Instant::now();
    loop {
        let mut fresh = Browser::new(&server);
        let (status, _) = fresh.get("/api/lobby").await;
        if status == 200 {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(5));
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mut socket = a.connect(&id).await;
    socket.send(json!({ "t": "ping" })).await;
    assert_eq!(socket.next().await.unwrap()["t"], "pong");
}

// 4. Rematches: a new game each, round the games a minute.

#[tokio::test]
async fn resign_and_rematch_loops_count_as_new_games() {
    let server = start("defences-rematch").await;
    let mut player = Browser::new(&server);
    let (mut id, _) = player
        .create(json!({ "spec": awele(), "opponent": { "kind": "computer", "level": 1 }, "side": "south" }))
        .await;
    let mut made = 1;
    let mut refused = false;
    for _ in 0..100 {
        let (status, answer) = act(&mut player, &id, json!({ "t": "resign" })).await;
        assert_eq!(status, 200, "{answer}");
        let (status, answer) = act(&mut player, &id, json!({ "t": "rematch" })).await;
        if status == 429 {
            assert_eq!(answer["code"], "too_many", "{answer}");
            refused = true;
            break;
        }
        assert_eq!(status, 200, "{answer}");
        made += 1;
        id = state(&mut player, &id).await["game"]["rematch"].as_str().unwrap().to_owned();
    }
    assert!(refused, "{made} games made by rematches");
    assert!(made <= 31, "{made} games made");
}

// 5. Long histories: built on the async threads, again for every request.

#[tokio::test]
async fn a_long_history_is_built_once_and_off_the_async_threads() {
    let limits = Settings { imports_per_minute: 1000, ..Settings::default() };
    let server = start_with("defences-history", limits).await;
    let mut visitor = Browser::new(&server);
    // This test's runtime has one thread, the server's too: a history built on it would hold
    // every other request until it is done, so the stats could never be answered while a
    // history is being built. A fast machine may build one before the stats are asked: that
    // try proves nothing either way, and another game is tried.
    let mut ids = Vec::new();
    let mut seen_in_flight = false;
    for attempt in 0..6u64 {
        let id = import(&mut visitor, &long_record(4000, 11 + attempt)).await;
        assert_eq!(visitor.get(&format!("/api/games/{id}")).await.0, 200);
        ids.push(id.clone());
        let url = format!("{}/api/games/{id}/history", visitor.base);
        let history = tokio::spawn(async move {
            let text = reqwest::get(&url).await.unwrap().text().await.unwrap();
            (Instant::now(), text)
        });
        tokio::time::sleep(Duration::from_millis(5)).await;
        let stats_now = stats(&mut visitor).await;
        let answered = Instant::now();
        let (history_done, text) = history.await.unwrap();
        let history: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(history["moves"].as_array().unwrap().len(), 4000);
        assert!(stats_now["built"].as_u64().unwrap() <= ids.len() as u64, "{stats_now}");
        if answered < history_done {
            seen_in_flight = true;
            break;
        }
    }
    assert!(seen_in_flight, "the stats were never answered while a history was being built");
    let built = stats(&mut visitor).await["built"].as_u64().unwrap();
    assert_eq!(built, ids.len() as u64);
    // Asked again and again: built once, kept.
    for _ in 0..5 {
        for id in &ids {
            let (status, _) = visitor.text(&format!("/api/games/{id}/history")).await;
            assert_eq!(status, 200);
        }
    }
    assert_eq!(stats(&mut visitor).await["built"], built);
}

// 6. A connection that never sends a byte.

#[tokio::test]
async fn a_connection_that_never_speaks_is_closed() {
    let limits = Settings { header_timeout: Duration::from_millis(800), ..Settings::default() };
    let server = start_with("defences-mute", limits).await;
    let mut mute = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let started = Instant::now();
    let mut buffer = [0u8; 16];
    let read = tokio::time::timeout(
        Duration::from_secs(5),
        tokio::io::AsyncReadExt::read(&mut mute, &mut buffer),
    )
    .await;
    assert!(matches!(read, Ok(Ok(0)) | Ok(Err(_))), "still open after 5 s: {read:?}");
    assert!(started.elapsed() < Duration::from_secs(3), "{:?}", started.elapsed());
    // So is one silent after a request (kept alive, then nothing).
    let mut quiet = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    tokio::io::AsyncWriteExt::write_all(&mut quiet, b"GET /api/stats HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let mut answer = Vec::new();
    let read = tokio::time::timeout(
        Duration::from_secs(5),
        tokio::io::AsyncReadExt::read_to_end(&mut quiet, &mut answer),
    )
    .await;
    assert!(read.is_ok(), "the connection stayed open after its answer");
    assert!(String::from_utf8_lossy(&answer).starts_with("HTTP/1.1 200"));
}

// 7. Binary frames: outside the rate and the close-after-refusals rule.

#[tokio::test]
async fn binary_frames_are_counted_as_text_frames_are() {
    let limits = Settings { messages_per_second: 5, ..Settings::default() };
    let server = start_with("defences-binary", limits).await;
    let (a, _, id) = friend_game(&server).await;
    let mut socket = a.connect(&id).await;
    // Read as text: a binary ping is a ping.
    let ping = json!({ "t": "ping" }).to_string();
    socket.stream.send(Message::Binary(ping.clone().into_bytes().into())).await.unwrap();
    assert_eq!(socket.next().await.unwrap()["t"], "pong");
    let mut sent = 0;
    for _ in 0..20_000 {
        if socket.stream.send(Message::Binary(ping.clone().into_bytes().into())).await.is_err() {
            break;
        }
        sent += 1;
    }
    let mut answers = 0;
    while socket.next().await.is_some() {
        answers += 1;
    }
    assert!(answers < 100, "{answers} answers to {sent} frames before the connection closed");
}

// 8. A challenge resigned before anyone joins.

#[tokio::test]
async fn a_challenge_resigned_before_anyone_came_is_withdrawn_and_cannot_be_joined() {
    let server = start("defences-resigned-challenge").await;
    let mut ada = Browser::new(&server);
    ada.get("/").await;
    ada.sign_up("ada", "correct horse battery").await;
    let (id, _) = ada
        .create(json!({ "spec": awele(), "opponent": { "kind": "open" }, "side": "south", "rated": true }))
        .await;
    let (status, answer) = act(&mut ada, &id, json!({ "t": "resign" })).await;
    assert_eq!(status, 200, "{answer}");
    let game = state(&mut ada, &id).await;
    assert_eq!(game["game"]["status"], "cancelled", "{game}");
    assert_eq!(game["game"]["outcome"], Value::Null);
    let mut bob = Browser::new(&server);
    bob.get("/").await;
    bob.sign_up("bob", "another password").await;
    let (status, answer) = bob.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("cancelled")), "{answer}");
    let (_, page) = bob.get("/api/players/bob").await;
    assert_eq!(page["games"], json!([]), "no game, no win: {page}");
    let (_, page) = ada.get("/api/players/ada").await;
    assert!(page["games"].as_array().unwrap().iter().all(|g| g["result"].is_null()), "{page}");
}

// 9. A request out of time: a 503 with nothing in it.

#[tokio::test]
async fn a_request_out_of_time_is_answered_in_json_and_its_search_stops() {
    let limits = Settings {
        request_timeout: Duration::from_millis(500),
        imports_per_minute: 1000,
        ..Settings::default()
    };
    let server = start_with("defences-timeout", limits).await;
    let mut visitor = Browser::new(&server);
    let id = import(&mut visitor, &long_record(300, 5)).await;
    let (status, answer) = visitor.post(&format!("/api/games/{id}/review"), json!({})).await;
    assert_eq!((status, answer["code"].as_str()), (503, Some("timeout")), "{answer}");
    assert!(answer["error"].as_str().is_some_and(|e| !e.is_empty()), "{answer}");
    assert!(engines_idle(&mut visitor, Duration::from_secs(3)).await, "the review went on");
}

// 10. Cookies behind TLS.

#[tokio::test]
async fn secure_cookies_are_all_secure() {
    let limits = Settings { secure_cookies: true, ..Settings::default() };
    let server = start_with("defences-secure-cookies", limits).await;
    let client = reqwest::Client::new();
    let response = client.get(format!("http://{}/", server.addr)).send().await.unwrap();
    let cookies: Vec<String> = response
        .headers()
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().to_owned())
        .collect();
    assert_eq!(cookies.len(), 2, "{cookies:?}");
    for cookie in &cookies {
        assert!(cookie.contains("; Secure"), "{cookie}");
    }
    let mut ada = Browser::new(&server);
    ada.get("/").await;
    let url = format!("{}/api/account/signup", ada.base);
    let response = client
        .post(&url)
        .header("cookie", ada.cookie().unwrap())
        .header("x-csrf-token", ada.cookies["awe_csrf"].clone())
        .header("content-type", "application/json")
        .body(json!({ "name": "ada", "password": "correct horse battery" }).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    for cookie in response.headers().get_all("set-cookie") {
        assert!(cookie.to_str().unwrap().contains("; Secure"), "{cookie:?}");
    }
}

// Fair play: no engine helps during a game between two people.

#[tokio::test]
async fn no_engine_helps_during_a_game_between_two_people() {
    let server = start("defences-fair-play").await;
    let (mut a, mut b, id) = friend_game(&server).await;
    let first = pick(&state(&mut a, &id).await["game"], 0);
    assert_eq!(act(&mut a, &id, json!({ "t": "move", "ply": 0, "move": first })).await.0, 200);
    let position =
        state(&mut a, &id).await["game"]["position"]["text"].as_str().unwrap().to_owned();
    let mut spectator = Browser::new(&server);
    spectator.get("/").await;
    // The players, by the game or by its position; a spectator, by the game.
    for (who, browser) in [("south", &mut a), ("north", &mut b), ("spectator", &mut spectator)] {
        let (status, answer) = browser.post("/api/analysis", json!({ "id": id })).await;
        assert_eq!((status, answer["code"].as_str()), (403, Some("fair_play")), "{who}: {answer}");
        let (status, answer) = browser.post(&format!("/api/games/{id}/review"), json!({})).await;
        assert_eq!((status, answer["code"].as_str()), (403, Some("fair_play")), "{who}: {answer}");
    }
    for browser in [&mut a, &mut b] {
        let (status, answer) =
            browser.post("/api/analysis", json!({ "spec": awele(), "position": position })).await;
        assert_eq!((status, answer["code"].as_str()), (403, Some("fair_play")), "{answer}");
        // Any position, of any game: they would only need to set it up.
        let (status, answer) =
            browser.post("/api/analysis", json!({ "spec": { "game": "awechec" } })).await;
        assert_eq!((status, answer["code"].as_str()), (403, Some("fair_play")), "{answer}");
    }
    // The spectator may analyse a position of their own.
    let (status, answer) =
        spectator.post("/api/analysis", json!({ "spec": awele(), "position": position })).await;
    assert_eq!(status, 200, "{answer}");
    // The explorer's games are for all, its book move (the engine's) not for the players.
    let book = "/api/explorer?spec=%7B%22game%22%3A%22awele%22%7D";
    for (who, browser, told) in [("south", &mut a, false), ("spectator", &mut spectator, true)] {
        let (status, answer) = browser.get(book).await;
        assert_eq!(status, 200, "{who}: {answer}");
        assert_eq!(answer["book"].is_object(), told, "{who}: {answer}");
        assert_eq!(answer["fair_play"], !told, "{who}: {answer}");
    }
    // The game ends: engine help opens for all.
    assert_eq!(act(&mut b, &id, json!({ "t": "resign" })).await.0, 200);
    for browser in [&mut a, &mut b, &mut spectator] {
        let (status, answer) = browser.post("/api/analysis", json!({ "id": id })).await;
        assert_eq!(status, 200, "{answer}");
        assert!(answer["best"].is_string(), "{answer}");
    }
    let (status, answer) = a.post(&format!("/api/games/{id}/review"), json!({})).await;
    assert_eq!(status, 200, "{answer}");
    assert!(a.get(book).await.1["book"].is_object(), "the book opens with the game's end");
    // Against the computer, it stays open.
    let mut c = Browser::new(&server);
    let (computer, _) = c
        .create(json!({ "spec": awele(), "opponent": { "kind": "computer", "level": 1 }, "side": "south" }))
        .await;
    let (status, answer) = c.post("/api/analysis", json!({ "id": computer })).await;
    assert_eq!(status, 200, "{answer}");
}

#[tokio::test]
async fn the_explorer_answers_an_address_so_many_questions_a_minute() {
    let server = start("defences-explorer").await;
    let mut browser = Browser::new(&server);
    let question = "/api/explorer?spec=%7B%22game%22%3A%22awele%22%7D";
    let mut refused = 0;
    for _ in 0..150 {
        let (status, answer) = browser.get(question).await;
        refused += usize::from(refused_by_rate(status, &answer, &[200]));
    }
    // A burst of 120, then two a second: the rest of the 150 are refused.
    assert!((25..=30).contains(&refused), "{refused} refused");
}

#[tokio::test]
async fn puzzles_answer_an_address_so_many_requests_a_minute() {
    let server = start("defences-puzzles").await;
    let mut browser = Browser::new(&server);
    let mut refused = 0;
    for i in 0..150 {
        // Asking for puzzles and trying moves draw on one budget.
        let (status, answer) = if i % 2 == 0 {
            browser.get("/api/puzzles/next?game=awele").await
        } else {
            browser.post("/api/puzzles/nothing/move", json!({ "step": 0, "move": "A" })).await
        };
        refused += usize::from(refused_by_rate(status, &answer, &[200, 404]));
    }
    // A burst of 120, then two a second: the rest of the 150 are refused.
    assert!((25..=30).contains(&refused), "{refused} refused");
}

#[tokio::test]
async fn a_move_sent_for_the_last_ply_there_is_is_told_so_without_wrapping() {
    let server = start("defences-ply").await;
    let (mut a, _, id) = friend_game(&server).await;
    let first = pick(&state(&mut a, &id).await["game"], 0);
    let (status, answer) =
        act(&mut a, &id, json!({ "t": "move", "ply": u64::MAX, "move": first })).await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("stale")), "{answer}");
    let message = answer["error"].as_str().unwrap();
    assert!(message.contains(&u64::MAX.to_string()), "{message}");
    assert!(!message.contains("move 0"), "{message}");
}

/// Whether an answer is a rate limit's refusal (`429`, code `too_many`); any status but those
/// `allowed` fails the test.
fn refused_by_rate(status: u16, answer: &Value, allowed: &[u16]) -> bool {
    match status {
        429 => {
            assert_eq!(answer["code"], "too_many", "{answer}");
            true
        }
        _ if allowed.contains(&status) => false,
        _ => panic!("{status} {answer}"),
    }
}
