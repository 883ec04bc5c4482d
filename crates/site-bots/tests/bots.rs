//! The bot API (docs/research.md): personal tokens kept hashed, scoped and revocable; an
//! account made a bot once; its events as NDJSON (a challenge, a game's start and end); a
//! challenge accepted or declined; the game's stream, moves and chat; and nothing a token
//! allows beyond its own account and seat. On SQLite, or PostgreSQL where `AWE_TEST_DATABASE`
//! names it.

use awe_site_testing as common;

use std::time::Duration;

use common::{Browser, Server, start};
use serde_json::{Value, json};
use tokio::sync::mpsc;

/// A program holding a token.
struct Program {
    base: String,
    token: String,
    http: reqwest::Client,
}

impl Program {
    fn new(server: &Server, token: &str) -> Program {
        Program {
            base: format!("http://{}", server.addr),
            token: token.to_owned(),
            http: reqwest::Client::new(),
        }
    }

    async fn send(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let url = format!("{}{path}", self.base);
        let mut request = if method == "GET" { self.http.get(&url) } else { self.http.post(&url) };
        request = request.bearer_auth(&self.token);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.expect("the server answers");
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    async fn get(&self, path: &str) -> (u16, Value) {
        self.send("GET", path, None).await
    }

    async fn post(&self, path: &str) -> (u16, Value) {
        self.send("POST", path, None).await
    }

    /// The lines of an NDJSON stream, empty ones left out, as they come.
    async fn stream(&self, path: &str) -> mpsc::UnboundedReceiver<Value> {
        let url = format!("{}{path}", self.base);
        let mut response =
            self.http.get(&url).bearer_auth(&self.token).send().await.expect("answered");
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(response.headers()["content-type"], "application/x-ndjson");
        let (send, lines) = mpsc::unbounded_channel();
        tokio::spawn(async move {
            let mut buffer = Vec::new();
            while let Ok(Some(chunk)) = response.chunk().await {
                buffer.extend_from_slice(&chunk);
                while let Some(end) = buffer.iter().position(|&b| b == b'\n') {
                    let line: Vec<u8> = buffer.drain(..=end).collect();
                    if line.len() > 1 && send.send(serde_json::from_slice(&line).unwrap()).is_err()
                    {
                        return;
                    }
                }
            }
        });
        lines
    }
}

/// The next line of a stream that `check` accepts (within 10 s).
async fn until(
    lines: &mut mpsc::UnboundedReceiver<Value>,
    check: impl Fn(&Value) -> bool,
) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let line = tokio::time::timeout_at(deadline, lines.recv())
            .await
            .expect("the line comes within 10 s")
            .expect("the stream goes on");
        if check(&line) {
            return line;
        }
    }
}

/// Whether a stream ends within `most`, whatever it still sends meanwhile.
async fn ends_within(lines: &mut mpsc::UnboundedReceiver<Value>, most: Duration) -> bool {
    let deadline = tokio::time::Instant::now() + most;
    loop {
        match tokio::time::timeout_at(deadline, lines.recv()).await {
            Ok(None) => return true,
            Ok(Some(_)) => continue,
            Err(_) => return false,
        }
    }
}

/// An account's new token of `scopes`.
async fn token(owner: &mut Browser, scopes: &[&str]) -> String {
    let (status, made) =
        owner.post("/api/account/tokens", json!({ "description": "test", "scopes": scopes })).await;
    assert_eq!(status, 200, "{made}");
    made["token"].as_str().unwrap().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_bot_plays_a_challenge_through_its_token_and_no_further() {
    let server = start("bots").await;
    let mut owner = Browser::signed_up(&server, "robota", "the bot's password").await;
    let mut ada = Browser::signed_up(&server, "ada", "a long password").await;

    // Tokens: made on the account's session, shown once, listed without the token, scoped.
    let play = token(&mut owner, &["bot:play"]).await;
    assert!(play.starts_with("awe_") && play.len() == 36, "{play}");
    let (status, listed) = owner.get("/api/account/tokens").await;
    assert_eq!(status, 200);
    assert_eq!(listed["tokens"][0]["scopes"], json!(["bot:play"]));
    assert!(!listed.to_string().contains(&play[4..]), "the token is never shown again");
    let (status, answer) =
        owner.post("/api/account/tokens", json!({ "description": "x", "scopes": ["admin"] })).await;
    assert_eq!((status, answer["code"].as_str()), (400, Some("bad_request")), "{answer}");
    let (status, _) = Browser::new(&server).get("/api/account/tokens").await;
    assert_eq!(status, 403, "a session only");
    // The database holds the token's hash, not the token.
    let bot = Program::new(&server, &play);
    let (status, me) = bot.get("/api/bot/account").await;
    assert_eq!((status, &me), (200, &json!({ "name": "robota", "bot": false })));
    // Not yet a bot: no events.
    let (status, answer) = bot.get("/api/bot/stream/event").await;
    assert_eq!((status, answer["code"].as_str()), (403, Some("not_bot")));
    // A token without the scope, a wrong one, none: refused.
    let challenger = Program::new(&server, &token(&mut owner, &["challenge:write"]).await);
    let (status, answer) = challenger.post("/api/bot/account/upgrade").await;
    assert_eq!((status, answer["code"].as_str()), (403, Some("scope")));
    for wrong in ["awe_0123456789abcdef0123456789abcdef", ""] {
        let (status, answer) = Program::new(&server, wrong).get("/api/bot/account").await;
        assert_eq!((status, answer["code"].as_str()), (401, Some("token")), "{wrong:?}");
    }
    // Ada, who has played, cannot become a bot; robota, who has not, can.
    let (ada_game, _) =
        ada.create(json!({ "spec": { "game": "awele" }, "opponent": { "kind": "open" } })).await;
    let ada_bot = Program::new(&server, &token(&mut ada, &["bot:play"]).await);
    let (status, answer) = ada_bot.post("/api/bot/account/upgrade").await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("played")), "{answer}");
    let (status, _) = bot.post("/api/bot/account/upgrade").await;
    assert_eq!(status, 200);
    let (_, player) = ada.get("/api/players/robota").await;
    assert_eq!(player["bot"], true);

    // Online once it listens; challenged from the lobby's list.
    let mut events = bot.stream("/api/bot/stream/event").await;
    let (status, answer) = ada
        .post(
            "/api/games",
            json!({ "spec": { "game": "awele", "rules": "abapa" },
                    "opponent": { "kind": "bot", "name": "nobody" } }),
        )
        .await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("bot_offline")));
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let (_, lobby) = ada.get("/api/lobby").await;
        if lobby["bots"] == json!([{ "name": "robota" }]) {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "robota is listed online: {lobby}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (id, _) = ada
        .create(json!({
            "spec": { "game": "awele", "rules": "abapa" }, "side": "south", "rated": true,
            "opponent": { "kind": "bot", "name": "ROBOTA" }, "clock": { "minutes": 5, "increment": 2 },
        }))
        .await;
    let challenge = until(&mut events, |e| e["type"] == "challenge").await;
    assert_eq!(challenge["challenge"]["id"], id);
    assert_eq!(challenge["challenge"]["color"], "north");
    assert_eq!(challenge["challenge"]["opponent"]["name"], "ada");
    assert_eq!(challenge["challenge"]["rated"], true);
    // Nobody else takes the bot's seat, not even with the link.
    let mut eve = Browser::signed_up(&server, "eve", "eve's password").await;
    let (status, answer) = eve.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("challenged")), "{answer}");
    // Another bot cannot answer for robota.
    let (status, answer) = ada_bot.post(&format!("/api/bot/challenge/{id}/accept")).await;
    assert_eq!(status, 403, "ada is no bot: {answer}");

    let (status, answer) = bot.post(&format!("/api/bot/challenge/{id}/accept")).await;
    assert_eq!(status, 200, "{answer}");
    let start = until(&mut events, |e| e["type"] == "gameStart").await;
    assert_eq!(start["game"]["id"], id);
    let mut game = bot.stream(&format!("/api/bot/game/stream/{id}")).await;
    let full = until(&mut game, |l| l["type"] == "gameFull").await;
    assert_eq!((&full["you"], &full["game"]["status"]), (&json!("north"), &json!("playing")));
    assert_eq!(full["game"]["seats"][1]["bot"], true, "the bot's seat is marked");
    assert_eq!(full["game"]["seats"][0]["bot"], false);
    assert_eq!(full["game"]["rated"], true);

    // Ada moves; the bot sees it and answers; out of turn or for Ada's seat, refused.
    let mut to_ada = ada.connect(&id).await;
    to_ada.until(|s| s["status"] == "playing").await;
    to_ada.play(0, &common::pick(&full["game"], 0)).await;
    let state = until(&mut game, |l| l["game"]["ply"] == 1).await;
    let (status, answer) = bot.post(&format!("/api/bot/game/{id}/move/A")).await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("illegal")), "South's pit: {answer}");
    let mine = common::pick(&state["game"], 1);
    let (status, answer) = bot.post(&format!("/api/bot/game/{id}/move/{mine}?ply=0")).await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("stale")), "{answer}");
    let (status, answer) = bot.post(&format!("/api/bot/game/{id}/move/{mine}")).await;
    assert_eq!(status, 200, "{answer}");
    let state = until(&mut game, |l| l["game"]["ply"] == 2).await;
    assert_eq!(state["type"], "gameState");
    let (status, _) = bot.post(&format!("/api/bot/game/{id}/move/{mine}")).await;
    assert_eq!(status, 409, "not its turn");
    // Ada's open challenge from before: the bot holds no seat there.
    let (status, answer) = bot.get(&format!("/api/bot/game/stream/{ada_game}")).await;
    assert_eq!((status, answer["code"].as_str()), (403, Some("no_seat")));
    let (status, answer) = bot.post(&format!("/api/bot/game/{ada_game}/resign")).await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("no_seat")), "{answer}");

    // Chat both ways in the players' channel.
    let (status, answer) = bot
        .send("POST", &format!("/api/bot/game/{id}/chat"), Some(json!({ "text": "good game" })))
        .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(to_ada.chat().await.expect("Ada reads the bot")["text"], "good game");
    let (status, _) = ada.post(&format!("/api/games/{id}/chat"), json!({ "text": "thanks" })).await;
    assert_eq!(status, 200);
    let line = until(&mut game, |l| l["type"] == "chatLine" && l["line"]["name"] == "ada").await;
    assert_eq!((&line["line"]["name"], &line["line"]["text"]), (&json!("ada"), &json!("thanks")));

    // Revoked, the token is worth nothing, and its streams end within a second, however busy
    // (Ada offers and withdraws a draw every 100 ms meanwhile); the game goes on with another.
    let (_, listed) = owner.get("/api/account/tokens").await;
    let first =
        listed["tokens"].as_array().unwrap().iter().find(|t| t["scopes"] == json!(["bot:play"]));
    let first = first.unwrap()["id"].as_str().unwrap().to_owned();
    let busy = {
        let mut ada = ada.clone();
        let id = id.clone();
        tokio::spawn(async move {
            for i in 0..30 {
                ada.post(
                    &format!("/api/games/{id}/act"),
                    json!({ "t": "draw", "offer": i % 2 == 0 }),
                )
                .await;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (status, _) = owner.post(&format!("/api/account/tokens/{first}/revoke"), json!({})).await;
    assert_eq!(status, 200);
    assert!(ends_within(&mut game, Duration::from_millis(1500)).await, "the game stream ends");
    assert!(ends_within(&mut events, Duration::from_millis(1500)).await, "the events end");
    busy.abort();
    let (status, _) = ada.post(&format!("/api/account/tokens/{first}/revoke"), json!({})).await;
    assert_eq!(status, 404, "not Ada's to revoke");
    let (status, answer) = bot.post(&format!("/api/bot/game/{id}/resign")).await;
    assert_eq!((status, answer["code"].as_str()), (401, Some("token")));
    let again = Program::new(&server, &token(&mut owner, &["bot:play"]).await);
    let mut events = again.stream("/api/bot/stream/event").await;
    until(&mut events, |e| e["type"] == "gameStart" && e["game"]["id"] == id).await;
    let mut game = again.stream(&format!("/api/bot/game/stream/{id}")).await;
    until(&mut game, |l| l["type"] == "gameFull").await;
    let (status, _) = again.post(&format!("/api/bot/game/{id}/resign")).await;
    assert_eq!(status, 200);
    let over = until(&mut game, |l| l["game"]["status"] == "over").await;
    assert_eq!(over["game"]["outcome"]["winner"], "south");
    let finish = until(&mut events, |e| e["type"] == "gameFinish").await;
    assert_eq!(finish["game"]["id"], id);
    // Rated: both accounts' ratings moved, the bot's marked on the leaderboard.
    let (_, board) = ada.get("/api/leaderboard?category=awele:abapa").await;
    let players = board["players"].as_array().unwrap();
    assert_eq!(players.len(), 2, "{board}");
    assert!(players.iter().any(|p| p["name"] == "robota" && p["bot"] == true), "{board}");
    assert!(players.iter().any(|p| p["name"] == "ada" && p["bot"] == false), "{board}");

    // A challenge declined ends withdrawn, and is told gone.
    let (id, _) = ada
        .create(json!({ "spec": { "game": "awele", "rules": "abapa" },
                        "opponent": { "kind": "bot", "name": "robota" } }))
        .await;
    until(&mut events, |e| e["type"] == "challenge" && e["challenge"]["id"] == id).await;
    let (status, _) = again.post(&format!("/api/bot/challenge/{id}/decline")).await;
    assert_eq!(status, 200);
    until(&mut events, |e| e["type"] == "challengeCanceled" && e["challenge"]["id"] == id).await;
    let (_, state) = ada.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["game"]["status"], "cancelled");
    let (status, answer) = again.post(&format!("/api/bot/challenge/{id}/accept")).await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("cancelled")), "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_program_with_a_challenge_token_challenges_a_bot_and_holds_few_streams() {
    let server = start("bot-challenge").await;
    let mut owner = Browser::signed_up(&server, "botty", "the bot's password").await;
    let bot = Program::new(&server, &token(&mut owner, &["bot:play"]).await);
    assert_eq!(bot.post("/api/bot/account/upgrade").await.0, 200);
    let mut events = bot.stream("/api/bot/stream/event").await;
    let _second = bot.stream("/api/bot/stream/event").await;
    let (status, answer) = bot.get("/api/bot/stream/event").await;
    assert_eq!((status, answer["code"].as_str()), (429, Some("too_many")), "two at once at most");
    let mut kofi = Browser::signed_up(&server, "kofi", "kofi's password").await;
    // Kofi's program challenges the bot with his token: the game is his.
    let program = Program::new(&server, &token(&mut kofi, &["challenge:write"]).await);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    let id = loop {
        let (status, answer) = program
            .send(
                "POST",
                "/api/games",
                Some(json!({ "spec": { "game": "awithlaknannai" }, "side": "black",
                             "opponent": { "kind": "bot", "name": "botty" } })),
            )
            .await;
        if status == 200 {
            break answer["id"].as_str().unwrap().to_owned();
        }
        assert_eq!(answer["code"], "bot_offline");
        assert!(tokio::time::Instant::now() < deadline, "botty comes online");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let challenge = until(&mut events, |e| e["type"] == "challenge").await;
    assert_eq!(challenge["challenge"]["id"], id);
    assert_eq!(challenge["challenge"]["opponent"]["name"], "kofi");
    // A token of the play scope only makes no game.
    let (status, answer) = bot
        .send(
            "POST",
            "/api/games",
            Some(json!({ "spec": { "game": "awele" }, "opponent": { "kind": "open" } })),
        )
        .await;
    assert_eq!((status, answer["code"].as_str()), (403, Some("scope")));
    // The game is Kofi's: his page lists it, his seat taken.
    let (_, page) = kofi.get("/api/players/kofi").await;
    let game = page["games"].as_array().unwrap().iter().find(|g| g["id"] == id.as_str());
    assert_eq!(game.expect("listed")["side"], 1, "{page}");
}
