//! The server as browsers use it, over real sockets on loopback with a real database file:
//! whole games of each game, players and spectators, what a client may not do, reconnections,
//! clocks and the computer.

use awe_site_testing as common;

use std::time::Duration;

use common::{Browser, pick, start};
use serde_json::{Value, json};

fn awele(rules: &str) -> Value {
    json!({ "game": "awele", "rules": rules })
}

/// Two players, invited by a link, and a spectator, play a whole game over the WebSocket:
/// every move reaches all three, and the record replays to the same end.
async fn whole_game(spec: Value, name: &str) -> Value {
    let server = start(name).await;
    let mut alice = Browser::new(&server);
    let (id, invite) = alice
        .create(json!({ "spec": spec, "opponent": { "kind": "friend" }, "side": "white" }))
        .await;
    let mut bob = Browser::new(&server);
    let (status, joined) =
        bob.post(&format!("/api/games/{id}/join"), json!({ "invite": invite })).await;
    assert_eq!(status, 200, "{joined}");
    let carol = Browser::new(&server);
    let mut sockets = [alice.connect(&id).await, bob.connect(&id).await, carol.connect(&id).await];
    assert_eq!(sockets[2].you, Value::Null, "the spectator has no seat");
    let sides = sockets[0].state["sides"].clone();
    assert_eq!(sockets[0].you, sides[0]);
    assert_eq!(sockets[1].you, sides[1]);
    let mut ply = 0;
    while sockets[0].state["outcome"].is_null() {
        let turn = sockets[0].state["turn"].clone();
        let mover = if turn == sides[0] { 0 } else { 1 };
        let text = pick(&sockets[mover].state, ply as usize * 7 + 3);
        sockets[mover].play(ply, &text).await;
        ply += 1;
        for socket in &mut sockets {
            let state = socket.until(|s| s["ply"] == ply).await;
            assert_eq!(state["moves"][ply as usize - 1]["text"], text.as_str());
        }
        assert!(ply < 5000, "the game ends");
    }
    let (status, record) = alice.text(&format!("/api/games/{id}/record")).await;
    assert_eq!(status, 200);
    let replayed = awe_server::model::Match::from_record(&record).expect("the record replays").1;
    assert_eq!(replayed.plies() as u64, ply);
    assert_eq!(
        replayed.outcome().map(|o| o.result().to_string()),
        sockets[0].state["outcome"]["result"].as_str().map(str::to_owned)
    );
    sockets[0].state.clone()
}

#[tokio::test]
async fn a_whole_awele_game_is_played_by_two_and_watched() {
    let state = whole_game(awele("abapa"), "awele").await;
    assert!(state["outcome"]["termination"].is_string());
}

#[tokio::test]
async fn a_whole_awithlaknannai_game_is_played_by_two_and_watched() {
    whole_game(json!({ "game": "awithlaknannai", "board": "mosona" }), "serpents").await;
}

#[tokio::test]
async fn a_whole_awechec_game_is_played_by_two_and_watched() {
    // From the rules' study position, the chess phase with sixteen powers.
    let server = start("awechec-study").await;
    let mut alice = Browser::new(&server);
    let position =
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | WWWBBWWWWBBWWWWW | -";
    let (status, answer) = alice
        .post(
            "/api/games",
            json!({
                "spec": { "game": "awechec" }, "opponent": { "kind": "friend" }, "side": "white",
                "position": position,
            }),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    let id = answer["id"].as_str().unwrap();
    let mut bob = Browser::new(&server);
    bob.post(&format!("/api/games/{id}/join"), json!({ "invite": answer["invite"] })).await;
    let mut sockets = [alice.connect(id).await, bob.connect(id).await];
    assert_eq!(sockets[0].state["position"]["step"]["kind"], "decision");
    // The whole game through the rules' own example: decisions and chess moves, to the mate.
    let moves = [
        "normal", "e4", "0", "normal", "Bc4", "normal", "Nc6", "0", "0", "normal", "Nf3", "0",
        "normal", "Ng5", "normal", "Nh6", "0", "0", "normal", "Qh5", "0", "normal", "Bxf7+",
        "Nxf7", "normal", "Qxf7#",
    ];
    for (ply, text) in moves.into_iter().enumerate() {
        let turn = sockets[0].state["turn"].clone();
        let mover = if turn == "white" { 0 } else { 1 };
        sockets[mover].play(ply as u64, text).await;
        for socket in &mut sockets {
            socket.until(|s| s["ply"] == ply + 1).await;
        }
    }
    let state = sockets[0].until(|s| !s["outcome"].is_null()).await;
    assert_eq!(state["outcome"]["winner"], "white");
    assert_eq!(state["outcome"]["termination"], "no legal move");
    let (_, record) = alice.text(&format!("/api/games/{id}/record?language=fr")).await;
    assert!(record.contains("Dxf7#"), "{record}");
    let (_, record) = alice.text(&format!("/api/games/{id}/record?language=en")).await;
    assert!(record.contains("Qxf7#"), "{record}");
}

#[tokio::test]
async fn nobody_acts_for_another_seat_and_bad_messages_change_nothing() {
    let server = start("refusals").await;
    let mut alice = Browser::new(&server);
    let (id, invite) = alice
        .create(
            json!({ "spec": awele("awechec"), "opponent": { "kind": "friend" }, "side": "south" }),
        )
        .await;
    let mut bob = Browser::new(&server);
    bob.post(&format!("/api/games/{id}/join"), json!({ "invite": invite })).await;
    let mut intruder = Browser::new(&server);
    intruder.get("/").await;
    let (mut a, mut b, mut watcher) =
        (alice.connect(&id).await, bob.connect(&id).await, intruder.connect(&id).await);
    // A third person cannot take a seat, even with the link.
    let (status, _) =
        intruder.post(&format!("/api/games/{id}/join"), json!({ "invite": invite })).await;
    assert_eq!(status, 409);
    // A spectator's move, a move out of turn, a stale move, an illegal move, malformed messages.
    watcher.play(0, "A").await;
    assert!(watcher.error().await.contains("spectators"));
    b.play(0, "a").await;
    assert!(b.error().await.contains("not your turn"));
    a.play(3, "A").await;
    assert!(a.error().await.contains("stale"));
    a.play(0, "f").await;
    assert!(!a.error().await.is_empty());
    a.send(json!({ "t": "fly" })).await;
    assert!(a.error().await.contains("bad message"));
    a.stream.send(tokio_tungstenite::tungstenite::Message::Text("{not json".into())).await.unwrap();
    assert!(a.error().await.contains("bad message"));
    // The same over HTTP, without a seat.
    let (status, answer) =
        intruder.post(&format!("/api/games/{id}/act"), json!({ "t": "resign" })).await;
    assert_eq!(status, 409, "{answer}");
    let (status, _) = intruder.post(&format!("/api/games/{id}/act"), json!([1, 2])).await;
    assert_eq!(status, 400);
    // Nothing changed.
    let (_, state) = alice.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["game"]["ply"], 0);
    assert!(state["game"]["outcome"].is_null());
    // An oversized message closes that client's connection only.
    let mut big = bob.connect(&id).await;
    big.send(json!({ "t": "move", "ply": 0, "move": "x".repeat(10_000) })).await;
    assert!(big.next().await.is_none(), "the connection is closed");
    a.play(0, "A").await;
    assert_eq!(b.until(|s| s["ply"] == 1).await["moves"][0]["text"], "A");
    // An oversized HTTP body is refused.
    let (status, _) = alice
        .post("/api/games", json!({ "spec": awele("abapa"), "opponent": { "kind": "friend" }, "name": "x".repeat(20_000) }))
        .await;
    assert_eq!(status, 413);
}

use futures_util::SinkExt;

#[tokio::test]
async fn a_player_who_reconnects_gets_the_game_and_the_seat_back() {
    let server = start("reconnect").await;
    let mut alice = Browser::new(&server);
    let (id, _) = alice
        .create(json!({ "spec": awele("abapa"), "opponent": { "kind": "computer", "level": 1 }, "side": "south" }))
        .await;
    let mut socket = alice.connect(&id).await;
    socket.play(0, "C").await;
    socket.until(|s| s["ply"] == 2).await;
    drop(socket);
    let mut again = alice.connect(&id).await;
    assert_eq!(again.you, "south");
    assert_eq!(again.state["ply"], 2);
    assert_eq!(again.state["moves"][0]["text"], "C");
    let text = pick(&again.state, 1);
    again.play(2, &text).await;
    again.until(|s| s["ply"] == 4).await;
}

#[tokio::test]
async fn the_computer_plays_to_the_end_and_answers_offers() {
    let server = start("computer").await;
    let mut alice = Browser::new(&server);
    // The computer moves first.
    let (id, _) = alice
        .create(json!({ "spec": awele("abapa"), "opponent": { "kind": "computer", "level": 2 }, "side": "north" }))
        .await;
    let mut socket = alice.connect(&id).await;
    let mut seed = 0;
    loop {
        let state = socket
            .until(|s| {
                !s["outcome"].is_null()
                    || (s["turn"] == "north" && !s["thinking"].as_bool().unwrap_or(false))
            })
            .await;
        if !state["outcome"].is_null() {
            break;
        }
        let ply = state["ply"].as_u64().unwrap();
        // A player keeps under the server's rate of messages (20 a second, a burst of 40):
        // the computer at level 2 answers in a few milliseconds, and a whole game's moves
        // sent as fast as it answers would be refused as a flood.
        tokio::time::sleep(Duration::from_millis(60)).await;
        socket.play(ply, &pick(&state, seed)).await;
        socket.until(|s| s["ply"].as_u64() > Some(ply)).await;
        seed += 5;
    }
    // A takeback against the computer after the end is refused; a rematch starts a new game.
    socket.send(json!({ "t": "takeback", "ask": true })).await;
    assert!(socket.error().await.contains("over"));
    socket.send(json!({ "t": "rematch" })).await;
    let state = socket.until(|s| s["rematch"].is_string()).await;
    let rematch = state["rematch"].as_str().unwrap();
    let next = alice.connect(rematch).await;
    assert_eq!(next.you, "south", "colours swapped");
}

#[tokio::test]
async fn a_takeback_against_the_computer_and_a_resignation() {
    let server = start("takeback").await;
    let mut alice = Browser::new(&server);
    let (id, _) = alice
        .create(json!({ "spec": awele("awechec"), "opponent": { "kind": "computer", "level": 1 }, "side": "south" }))
        .await;
    let mut socket = alice.connect(&id).await;
    socket.play(0, "D").await;
    socket.until(|s| s["ply"] == 2 && !s["thinking"].as_bool().unwrap()).await;
    socket.send(json!({ "t": "takeback", "ask": true })).await;
    let state = socket.until(|s| s["ply"] == 0).await;
    assert_eq!(state["turn"], "south");
    socket.send(json!({ "t": "resign" })).await;
    let state = socket.until(|s| !s["outcome"].is_null()).await;
    assert_eq!(state["outcome"]["winner"], "north");
    assert_eq!(state["outcome"]["termination"], "resignation");
    let (_, record) = alice.text(&format!("/api/games/{id}/record")).await;
    assert!(record.contains("[Termination \"resignation\"]"), "{record}");
}

#[tokio::test]
async fn a_fallen_flag_ends_the_game() {
    let server = start("clock").await;
    let mut alice = Browser::new(&server);
    let (id, invite) = alice
        .create(json!({
            "spec": awele("abapa"), "opponent": { "kind": "friend" }, "side": "south",
            "clock": { "minutes": 0.02, "increment": 0 },
        }))
        .await;
    let mut bob = Browser::new(&server);
    bob.post(&format!("/api/games/{id}/join"), json!({ "invite": invite })).await;
    let mut socket = alice.connect(&id).await;
    assert_eq!(socket.state["clock"]["remaining_ms"][0], 1200);
    // Each side's first move is timed apart; then the clocks run. South's falls after 1.2 s.
    socket.play(0, "A").await;
    let mut bobs = bob.connect(&id).await;
    bobs.until(|s| s["ply"] == 1).await;
    bobs.play(1, "a").await;
    let state = socket.until(|s| !s["outcome"].is_null()).await;
    assert_eq!(state["outcome"]["termination"], "time forfeit");
    assert_eq!(state["outcome"]["winner"], "north");
    assert_eq!(state["clock"]["remaining_ms"][0], 0);
    assert_eq!(state["clock"]["remaining_ms"][1], 1200, "North's first move was not timed");
    tokio::time::sleep(Duration::from_millis(100)).await;
}

#[tokio::test]
async fn pages_games_and_apis_that_do_not_exist_are_404() {
    let server = start("404").await;
    let mut browser = Browser::new(&server);
    for path in ["/nowhere", "/game/doesnotexist", "/game/..%2F..%2Fetc", "/rules/chess"] {
        let (status, page) = browser.text(path).await;
        assert_eq!(status, 404, "{path}");
        assert!(page.contains("404"), "{path}: {page}");
    }
    let (status, answer) = browser.get("/api/games/nope").await;
    assert_eq!((status, answer["error"].as_str()), (404, Some("no such game")));
    let (status, _) = browser.get("/api/nothing").await;
    assert_eq!(status, 404);
    for path in ["/", "/import", "/rules", "/rules/awele", "/analysis", "/app.js", "/app.css"] {
        assert_eq!(browser.text(path).await.0, 200, "{path}");
    }
}

#[tokio::test]
async fn a_record_is_imported_with_the_code_of_awe_replay() {
    let server = start("import").await;
    let mut browser = Browser::new(&server);
    let (status, answer) = browser
        .post("/api/import", json!({ "text": "[Game \"awele\"]\n\n1. E b 2. Q c *\n" }))
        .await;
    assert_eq!(status, 400);
    assert!(answer["error"].as_str().unwrap().contains("`Q`"), "{answer}");
    let (status, answer) = browser
        .post(
            "/api/import",
            json!({ "text": "[Game \"awele\"]\n[South \"Ama\"]\n\n1. E b 2. A c *\n" }),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    let id = answer["id"].as_str().unwrap();
    let (_, state) = browser.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["game"]["ply"], 4);
    assert_eq!(state["game"]["seats"][0]["name"], "Ama");
    assert_eq!(state["game"]["status"], "over");
    let (_, history) = browser.get(&format!("/api/games/{id}/history")).await;
    assert_eq!(history["positions"].as_array().unwrap().len(), 5);
    // A record is read-only: nobody sits down to it.
    let (status, _) = browser.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(status, 409);
}

#[tokio::test]
async fn analysis_and_review_run_on_the_pool() {
    let server = start("analysis").await;
    let mut browser = Browser::new(&server);
    let (status, answer) = browser
        .post(
            "/api/analysis",
            json!({ "spec": awele("abapa"), "position": "0,0,0,0,0,1/1,3,0,0,0,0 S 24 19" }),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["best"], "F(2)");
    assert_eq!(answer["score"], "win in 1");
    let (_, imported) = browser
        .post("/api/import", json!({ "text": "[Game \"awele\"]\n\n1. E b 2. A c *\n" }))
        .await;
    let id = imported["id"].as_str().unwrap();
    let (status, review) = browser.post(&format!("/api/games/{id}/review"), json!({})).await;
    assert_eq!(status, 200, "{review}");
    assert_eq!(review["moves"].as_array().unwrap().len(), 4);
    let (status, answer) = browser.post("/api/analysis", json!({ "id": id, "ply": 2 })).await;
    assert_eq!(status, 200, "{answer}");
    assert!(answer["best"].is_string());
}

#[tokio::test]
async fn the_lobby_lists_open_challenges_and_games_being_played() {
    let server = start("lobby").await;
    let mut alice = Browser::new(&server);
    let (open, _) = alice
        .create(json!({ "spec": awele("abapa"), "opponent": { "kind": "open" }, "clock": { "minutes": 5, "increment": 3 } }))
        .await;
    let (_, lobby) = alice.get("/api/lobby").await;
    assert_eq!(lobby["open"][0]["id"], open.as_str());
    let mut bob = Browser::new(&server);
    let (status, joined) = bob.post(&format!("/api/games/{open}/join"), json!({})).await;
    assert_eq!(status, 200, "{joined}");
    let (_, lobby) = alice.get("/api/lobby").await;
    assert!(lobby["open"].as_array().unwrap().is_empty());
    assert_eq!(lobby["playing"][0]["id"], open.as_str());
}

#[tokio::test]
async fn api_errors_are_json_with_a_code_and_bodies_must_say_they_are_json() {
    let server = start("errors").await;
    let mut browser = Browser::new(&server);
    // A form of another site cannot send JSON: a body not marked as JSON is refused.
    let url = format!("{}/api/games", browser.base);
    let response = reqwest::Client::new()
        .post(&url)
        .header("content-type", "text/plain")
        .body(json!({ "spec": awele("abapa"), "opponent": { "kind": "open" } }).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 415);
    let answer: Value = response.json().await.unwrap();
    assert_eq!(answer["code"], "content_type");
    // Too large, wrong method: JSON too.
    let (status, answer) = browser
        .post("/api/games", json!({ "spec": awele("abapa"), "name": "x".repeat(20_000) }))
        .await;
    assert_eq!((status, answer["code"].as_str()), (413, Some("too_large")));
    let (status, answer) = browser.get("/api/import").await;
    assert_eq!((status, answer["code"].as_str()), (405, Some("method")));
    // A refusal names its code.
    let (id, invite) = browser
        .create(json!({ "spec": awele("abapa"), "opponent": { "kind": "friend" }, "side": "south",
                        "name": "\u{202e}evil\u{0}x" }))
        .await;
    let (status, answer) = browser
        .post(&format!("/api/games/{id}/act"), json!({ "t": "move", "ply": 0, "move": "A" }))
        .await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("waiting")), "{answer}");
    let mut other = Browser::new(&server);
    other.post(&format!("/api/games/{id}/join"), json!({ "invite": invite, "name": "Kofi" })).await;
    let (_, answer) = other
        .post(&format!("/api/games/{id}/act"), json!({ "t": "move", "ply": 0, "move": "a" }))
        .await;
    assert_eq!(answer["code"], "not_your_turn", "{answer}");
    // Names lose what would turn the page's text around.
    let (_, state) = browser.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["game"]["seats"][0]["name"], "evilx");
    assert_eq!(state["game"]["seats"][1]["name"], "Kofi");
}

#[tokio::test]
async fn a_rated_game_moves_the_ratings_by_its_result() {
    let server = start("rated").await;
    let mut ada = Browser::signed_up(&server, "ada", "a long password").await;
    let mut kofi = Browser::signed_up(&server, "kofi", "another password").await;
    // Unrated players cannot make or take rated games.
    let mut guest = Browser::new(&server);
    let (status, answer) = guest
        .post(
            "/api/games",
            json!({ "spec": awele("abapa"), "opponent": { "kind": "open" }, "rated": true }),
        )
        .await;
    assert_eq!((status, answer["code"].as_str()), (403, Some("sign_in")), "{answer}");
    let (status, _) = ada
        .post("/api/games", json!({ "spec": awele("abapa"), "opponent": { "kind": "computer", "level": 1 }, "rated": true }))
        .await;
    assert_eq!(status, 400, "never against the computer");
    // Nor on a board drawn without some of its lines: another game, with no rating of its own.
    let no_outer = json!({ "game": "awithlaknannai", "outer_lines": false });
    let (status, said) = ada
        .post(
            "/api/games",
            json!({ "spec": no_outer, "opponent": { "kind": "open" }, "rated": true }),
        )
        .await;
    assert_eq!(status, 400, "{said}");
    assert!(said["error"].as_str().unwrap_or_default().contains("lines"), "{said}");
    let (id, _) = ada
        .create(json!({ "spec": awele("abapa"), "opponent": { "kind": "open" }, "side": "south", "rated": true }))
        .await;
    let (_, lobby) = guest.get("/api/lobby").await;
    let challenge =
        lobby["open"].as_array().unwrap().iter().find(|g| g["id"] == id.as_str()).unwrap().clone();
    assert_eq!(challenge["rated"], true);
    assert_eq!(challenge["category"], "awele:abapa");
    assert_eq!(
        (challenge["seats"][0]["rating"].as_i64(), challenge["seats"][0]["provisional"].as_bool()),
        (Some(1500), Some(true))
    );
    let (status, answer) = guest.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("sign_in")));
    let (status, answer) = ada.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(status, 200, "her own seat: {answer}");
    let (status, answer) = kofi.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(status, 200, "{answer}");
    // Ada (South) plays a move and resigns: Kofi wins, whatever the seeds.
    let mut socket = ada.connect(&id).await;
    socket.until(|s| s["status"] == "playing").await;
    socket.play(0, "C").await;
    socket.until(|s| s["ply"] == 1).await;
    socket.send(json!({ "t": "resign" })).await;
    let state = socket.until(|s| !s["outcome"].is_null() && s["seats"][0]["diff"].is_i64()).await;
    assert_eq!(state["outcome"]["winner"], "north");
    let (south, north) =
        (state["seats"][0]["diff"].as_i64().unwrap(), state["seats"][1]["diff"].as_i64().unwrap());
    assert!((-400..-100).contains(&south) && (100..400).contains(&north), "{south} {north}");
    assert_eq!(state["seats"][0]["rating"], 1500);
    let (_, page) = kofi.get("/api/players/kofi").await;
    assert_eq!(page["ratings"][0]["rating"].as_i64(), Some(1500 + north));
    assert_eq!(page["ratings"][0]["wins"], 1);
    assert_eq!(page["games"][0]["diff"].as_i64(), Some(north));
    assert_eq!(page["games"][0]["opponent"]["name"], "ada");
    let (_, board) = guest.get("/api/leaderboard?category=awele:abapa").await;
    let names: Vec<&str> =
        board["players"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["kofi", "ada"]);
    let (status, _) = guest.get("/api/leaderboard?category=chess").await;
    assert_eq!(status, 400);
    let (status, _) = guest.get("/api/players/nobody").await;
    assert_eq!(status, 404);
}

/// A friend game between two browsers: (the creator, first; the friend; the id).
async fn friends(
    server: &common::Server,
    spec: Value,
    position: Option<&str>,
) -> (Browser, Browser, String) {
    let mut a = Browser::new(server);
    let mut body = json!({ "spec": spec, "opponent": { "kind": "friend" }, "side": "white" });
    if let Some(position) = position {
        body["position"] = json!(position);
    }
    let (id, invite) = a.create(body).await;
    let mut b = Browser::new(server);
    let (status, joined) =
        b.post(&format!("/api/games/{id}/join"), json!({ "invite": invite })).await;
    assert_eq!(status, 200, "{joined}");
    (a, b, id)
}

async fn game(browser: &mut Browser, id: &str) -> Value {
    let (status, state) = browser.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, 200, "{state}");
    state["game"].clone()
}

#[tokio::test]
async fn the_state_says_how_a_stop_would_end_and_whose_offer_was_declined() {
    let server = start("agreement").await;
    let (mut a, mut b, id) = friends(&server, awele("abapa"), None).await;
    // At the start, an agreed stop under abapa: each side takes its own seeds, 24 each.
    let state = game(&mut a, &id).await;
    assert_eq!(state["agreement"], json!({ "winner": null, "score": [24, 24] }));
    assert_eq!(
        a.post(&format!("/api/games/{id}/act"), json!({ "t": "draw", "offer": true })).await.0,
        200
    );
    assert_eq!(
        b.post(&format!("/api/games/{id}/act"), json!({ "t": "draw", "offer": false })).await.0,
        200
    );
    let state = game(&mut a, &id).await;
    assert_eq!(
        (state["offers"]["draw"].clone(), state["offers"]["declined"].clone()),
        (Value::Null, json!("south"))
    );
    // Withdrawn by the side that offered it: not declined.
    assert_eq!(
        a.post(&format!("/api/games/{id}/act"), json!({ "t": "draw", "offer": true })).await.0,
        200
    );
    assert_eq!(game(&mut a, &id).await["offers"]["declined"], Value::Null, "a new offer clears it");
    assert_eq!(
        a.post(&format!("/api/games/{id}/act"), json!({ "t": "draw", "offer": false })).await.0,
        200
    );
    assert_eq!(game(&mut a, &id).await["offers"]["declined"], Value::Null);
    // A resignation keeps the seeds as they stand (none captured yet), not an agreement's share.
    assert_eq!(a.post(&format!("/api/games/{id}/act"), json!({ "t": "resign" })).await.0, 200);
    let state = game(&mut a, &id).await;
    assert_eq!(state["outcome"]["score"], json!([0, 0]), "{}", state["outcome"]);
    assert_eq!(state["agreement"], Value::Null, "over: no stop to propose");
    let (_, record) = a.text(&format!("/api/games/{id}/record")).await;
    assert!(record.contains("[Score \"0-0\"]"), "{record}");
}

#[tokio::test]
async fn legal_moves_that_repeat_a_position_say_so_and_histories_carry_the_clocks() {
    let server = start("repeats").await;
    let spec = json!({ "game": "awithlaknannai", "board": "mosona", "rules": "bell" });
    let (mut a, mut b, id) = friends(&server, spec, Some("b......./........./ww...... w 0")).await;
    for (ply, text) in [(0, "b2-b3"), (1, "t1-t2"), (2, "b3-b2")] {
        let browser = if ply % 2 == 0 { &mut a } else { &mut b };
        let (status, answer) = browser
            .post(&format!("/api/games/{id}/act"), json!({ "t": "move", "ply": ply, "move": text }))
            .await;
        assert_eq!(status, 200, "{text}: {answer}");
    }
    let state = game(&mut b, &id).await;
    let repeats: Vec<&str> = state["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["repeats"] == true)
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(repeats, ["t2-t1"], "{}", state["legal"]);
    // A game with a clock: the clocks after each move come with the history.
    let clock = json!({ "minutes": 5, "increment": 2 });
    let mut c = Browser::new(&server);
    let (id, invite) = c
        .create(json!({ "spec": awele("awechec"), "opponent": { "kind": "friend" }, "side": "south", "clock": clock }))
        .await;
    let mut d = Browser::new(&server);
    assert_eq!(d.post(&format!("/api/games/{id}/join"), json!({ "invite": invite })).await.0, 200);
    for ply in 0..3u64 {
        let mover = if ply % 2 == 0 { &mut c } else { &mut d };
        let text = pick(&game(mover, &id).await, ply as usize);
        let (status, _) = mover
            .post(&format!("/api/games/{id}/act"), json!({ "t": "move", "ply": ply, "move": text }))
            .await;
        assert_eq!(status, 200);
    }
    let (status, history) = c.get(&format!("/api/games/{id}/history")).await;
    assert_eq!(status, 200);
    let clocks = history["clocks"].as_array().expect("clocks");
    assert_eq!(clocks.len(), 3);
    // The first move is not timed; then each move costs its mover the time it took, less the
    // increment.
    assert_eq!(clocks[0], json!([300_000, 300_000]), "{clocks:?}");
    assert_eq!(clocks[1][0], 300_000, "{clocks:?}");
    assert!((290_000..=302_000).contains(&clocks[1][1].as_i64().unwrap()), "{clocks:?}");
    assert!(clocks.iter().all(|c| c.as_array().is_some_and(|c| c.len() == 2)));
}

#[tokio::test]
async fn games_nobody_has_moved_in_for_ten_minutes_leave_the_lobby() {
    let server = start("adjourned").await;
    let mut a = Browser::new(&server);
    let (id, _) = a
        .create(json!({ "spec": awele("awechec"), "opponent": { "kind": "computer", "level": 1 } }))
        .await;
    let listed =
        |lobby: &Value| lobby["playing"].as_array().unwrap().iter().any(|g| g["id"] == id.as_str());
    let (_, lobby) = a.get("/api/lobby").await;
    assert!(listed(&lobby), "{lobby}");
    // Eleven minutes later, nobody having moved.
    sqlx::any::install_default_drivers();
    let db = sqlx::AnyPool::connect(&server.database).await.unwrap();
    let old = awe_server::store::now_ms() - 11 * 60_000;
    sqlx::query("UPDATE games SET updated_at = $1 WHERE id = $2")
        .bind(old)
        .bind(&id)
        .execute(&db)
        .await
        .unwrap();
    let (_, lobby) = a.get("/api/lobby").await;
    assert!(!listed(&lobby), "an abandoned game is adjourned: {lobby}");
    // It goes on at its address whenever someone plays.
    assert_eq!(game(&mut a, &id).await["status"], "playing");
}

#[tokio::test]
async fn health_and_readiness_are_told_to_a_balancer() {
    use sqlx::Connection;
    let server = start("readyz").await;
    let base = format!("http://{}", server.addr);
    let get = |path: &str| {
        let url = format!("{base}{path}");
        async move {
            let answer = reqwest::get(url).await.unwrap();
            (answer.status().as_u16(), answer.text().await.unwrap())
        }
    };
    assert_eq!(get("/healthz").await, (200, "ok\n".to_owned()));
    assert_eq!(get("/readyz").await, (200, "ready\n".to_owned()));
    // A schema behind this build (its latest migration not applied): not ready.
    let forget = "DELETE FROM _sqlx_migrations WHERE version = \
                  (SELECT MAX(version) FROM _sqlx_migrations)";
    if server.database.starts_with("postgres") {
        let mut db = sqlx::postgres::PgConnection::connect(&server.database).await.unwrap();
        sqlx::query(forget).execute(&mut db).await.unwrap();
    } else {
        let mut db = sqlx::sqlite::SqliteConnection::connect(&server.database).await.unwrap();
        sqlx::query(forget).execute(&mut db).await.unwrap();
    }
    let (status, why) = get("/readyz").await;
    assert_eq!(status, 503, "{why}");
    assert!(why.contains("schema"), "{why}");
    assert_eq!(get("/healthz").await.0, 200, "alive all the same");
}
