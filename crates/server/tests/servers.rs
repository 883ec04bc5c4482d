//! Two servers on one PostgreSQL database serve the same games: a player on each, spectators on
//! each, every move reaching everyone; two writes for one move, one kept; the computer searched
//! for once however many servers follow its game; a flag that falls under two servers ends the
//! game, and rates it, once.
//!
//! Always on PostgreSQL (several servers need one): `AWE_TEST_DATABASE`, else the local server
//! (`postgres://postgres@127.0.0.1/test`, which machines of this project's kind run).

use awe_site_testing as common;

use std::time::Duration;

use common::{Browser, Server, pick, start_on};
use serde_json::{Value, json};

async fn two_servers(name: &str) -> (Server, Server) {
    if !common::on_postgres() {
        // SAFETY: set before any server or database starts in this test process, and to the
        // same value by every test of this file.
        unsafe { std::env::set_var("AWE_TEST_DATABASE", "postgres://postgres@127.0.0.1/test") };
    }
    let database = awe_server::testing::database_url(name).await;
    // Behind a balancer that tells each browser's address (fair play goes by address, and on
    // loopback every browser would share one).
    let limits = awe_server::limits::Settings { trust_proxy: true, ..Default::default() };
    let one = start_on(&database, limits.clone()).await;
    let two = start_on(&database, limits).await;
    (one, two)
}

fn awele() -> Value {
    json!({ "game": "awele", "rules": "abapa" })
}

#[tokio::test]
async fn a_game_is_played_through_two_servers() {
    let (one, two) = two_servers("servers-game").await;
    let mut ada = Browser::new(&one);
    let (id, invite) = ada
        .create(json!({ "spec": awele(), "opponent": { "kind": "friend" }, "side": "south" }))
        .await;
    // Bob joins through the other server.
    let mut bob = Browser::new(&two);
    let (status, answer) =
        bob.post(&format!("/api/games/{id}/join"), json!({ "invite": invite })).await;
    assert_eq!(status, 200, "{answer}");
    let mut sockets = [
        ada.connect(&id).await,
        bob.connect(&id).await,
        Browser::new(&one).connect(&id).await,
        Browser::new(&two).connect(&id).await,
    ];
    assert_eq!((sockets[0].you.as_str(), sockets[1].you.as_str()), (Some("south"), Some("north")));
    for socket in &mut sockets {
        socket.until(|s| s["status"] == "playing").await;
    }
    for ply in 0..16u64 {
        let mover = (ply % 2) as usize;
        let text = pick(&sockets[mover].state, ply as usize * 5 + 1);
        sockets[mover].play(ply, &text).await;
        for socket in &mut sockets {
            let state = socket.until(|s| s["ply"] == ply + 1).await;
            assert_eq!(state["moves"][ply as usize]["text"], text.as_str());
        }
        if sockets[0].state["outcome"].is_object() {
            break;
        }
    }
    // Both servers read the same game from the database.
    let (_, a) = ada.get(&format!("/api/games/{id}")).await;
    let (_, b) = bob.get(&format!("/api/games/{id}")).await;
    assert_eq!(a["game"]["moves"], b["game"]["moves"]);

    // The same move sent at once through both servers (the same player, on each): one is kept,
    // the other refused, and both servers agree on which.
    let state = sockets[0].until(|s| s["turn"] == "south").await;
    let ply = state["ply"].as_u64().unwrap();
    let legal: Vec<String> = state["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_owned())
        .collect();
    if legal.len() >= 2 {
        let mut ada_on_two = ada.on(&two);
        let path = format!("/api/games/{id}/act");
        let (first, second) = tokio::join!(
            ada.post(&path, json!({ "t": "move", "ply": ply, "move": legal[0] })),
            ada_on_two.post(&path, json!({ "t": "move", "ply": ply, "move": legal[1] })),
        );
        let accepted = [first.0, second.0].iter().filter(|s| **s == 200).count();
        assert_eq!(accepted, 1, "{first:?} {second:?}");
        let kept = if first.0 == 200 { &legal[0] } else { &legal[1] };
        for socket in &mut sockets {
            let state = socket.until(|s| s["ply"] == ply + 1).await;
            assert_eq!(state["moves"][ply as usize]["text"], kept.as_str());
        }
    }
}

async fn stats(browser: &mut Browser) -> u64 {
    browser.get("/api/stats").await.1["searches"].as_u64().unwrap()
}

#[tokio::test]
async fn the_computer_is_searched_for_once_under_two_servers() {
    let (one, two) = two_servers("servers-computer").await;
    let mut ada = Browser::new(&one);
    let (id, _) = ada
        .create(json!({ "spec": awele(), "opponent": { "kind": "computer", "level": 1 }, "side": "north" }))
        .await;
    // Ada follows the game on both servers; both have its room.
    let mut here = ada.connect(&id).await;
    let mut there = ada.on(&two).connect(&id).await;
    let mut ply = 0;
    while ply < 12 {
        let state = here
            .until(|s| {
                !s["outcome"].is_null() || (s["turn"] == "north" && s["ply"].as_u64() >= Some(ply))
            })
            .await;
        if !state["outcome"].is_null() {
            break;
        }
        ply = state["ply"].as_u64().unwrap();
        there.until(|s| s["ply"] == ply).await;
        let text = pick(&state, ply as usize);
        if ply % 4 == 1 {
            there.play(ply, &text).await
        } else {
            here.play(ply, &text).await
        }
        ply += 1;
        here.until(|s| s["ply"].as_u64() > Some(ply) || !s["outcome"].is_null()).await;
    }
    let plies = here.state["ply"].as_u64().unwrap();
    let computer_moves = plies.div_ceil(2);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let searches = stats(&mut Browser::new(&one)).await + stats(&mut Browser::new(&two)).await;
    assert_eq!(searches, computer_moves, "one search a computer move, over both servers");
}

#[tokio::test]
async fn a_flag_falls_and_is_rated_once_under_two_servers() {
    let (one, two) = two_servers("servers-flag").await;
    let mut ada = Browser::signed_up(&one, "ada", "a long password").await;
    let mut bob = Browser::signed_up(&two, "bob", "another password").await;
    let (id, _) = ada
        .create(json!({
            "spec": awele(), "opponent": { "kind": "open" }, "side": "south", "rated": true,
            "clock": { "minutes": 0.02, "increment": 0 },
        }))
        .await;
    // The challenge reaches the other server's lobby.
    let (_, lobby) = bob.get("/api/lobby").await;
    assert!(lobby["open"].as_array().unwrap().iter().any(|g| g["id"] == id.as_str()), "{lobby}");
    let (status, answer) = bob.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(status, 200, "{answer}");
    let mut here = ada.connect(&id).await;
    let mut there = bob.connect(&id).await;
    here.until(|s| s["status"] == "playing").await;
    here.play(0, "A").await;
    there.until(|s| s["ply"] == 1).await;
    there.play(1, "a").await;
    // South (Ada), whose clock runs from North's first move, lets her 1.2 s run out: both
    // servers' rooms see the flag fall.
    let a = here.until(|s| !s["outcome"].is_null()).await;
    let b = there.until(|s| !s["outcome"].is_null()).await;
    assert_eq!(a["outcome"]["termination"], "time forfeit");
    assert_eq!(a["outcome"], b["outcome"]);
    // Rated once: one game each, a win for Bob.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, page) = bob.get("/api/players/bob").await;
    let rating = &page["ratings"][0];
    assert_eq!((rating["games"].as_i64(), rating["wins"].as_i64()), (Some(1), Some(1)), "{page}");
    let (_, page) = ada.get("/api/players/ada").await;
    assert_eq!(page["ratings"][0]["losses"], 1, "{page}");
    let diff = a["seats"][1]["diff"].as_i64().unwrap();
    assert!(diff > 0 && b["seats"][1]["diff"].as_i64() == Some(diff), "{a} {b}");
}

#[tokio::test]
async fn a_line_of_chat_reaches_the_other_server() {
    let (one, two) = two_servers("servers-chat").await;
    let mut ada = Browser::at(&one, "10.0.0.1");
    ada.sign_up("ada", "a long password").await;
    let (id, invite) = ada
        .create(json!({ "spec": awele(), "opponent": { "kind": "friend" }, "side": "south" }))
        .await;
    let mut bob = Browser::at(&two, "10.0.0.2");
    bob.sign_up("bob", "another password").await;
    let (status, answer) =
        bob.post(&format!("/api/games/{id}/join"), json!({ "invite": invite })).await;
    assert_eq!(status, 200, "{answer}");
    let mut there = bob.connect(&id).await;
    let mut watching_there = Browser::at(&two, "10.0.0.3").connect(&id).await;
    let (status, _) = ada.post(&format!("/api/games/{id}/chat"), json!({ "text": "hi" })).await;
    assert_eq!(status, 200);
    let line = there.chat().await.expect("the line crosses to the other server");
    assert_eq!((line["name"].as_str(), line["text"].as_str()), (Some("ada"), Some("hi")));
    // Once: the server that kept it does not send it again when told of its own line.
    bob.post(&format!("/api/games/{id}/chat"), json!({ "text": "hello" })).await;
    assert_eq!(there.chat().await.expect("Bob's own line")["text"], "hello");
    // Spectators do not read the players' channel.
    let mut carl = Browser::at(&one, "10.0.0.4");
    carl.sign_up("carl", "a fourth password").await;
    carl.post(&format!("/api/games/{id}/chat"), json!({ "text": "from the stands" })).await;
    let line = watching_there.chat().await.expect("the spectators' line crosses too");
    assert_eq!(line["text"], "from the stands");
}

#[tokio::test]
async fn seeks_on_two_servers_are_paired() {
    let (one, two) = two_servers("servers-pairing").await;
    let mut ada = Browser::signed_up(&one, "ada", "a long password").await;
    let mut bob = Browser::signed_up(&two, "bob", "another password").await;
    let pool = json!({ "spec": awele(), "clock": { "days": 3 }, "rated": true });
    let (_, a) = ada.post("/api/seeks", pool.clone()).await;
    let (_, b) = bob.post("/api/seeks", pool).await;
    let game = common::paired(&mut ada, a["id"].as_str().unwrap()).await;
    assert_eq!(common::paired(&mut bob, b["id"].as_str().unwrap()).await, game);
    // A correspondence game, rated apart, that both find in their lists.
    let (_, turns) = bob.get("/api/turns").await;
    assert_eq!(turns["games"][0]["id"], game.as_str(), "{turns}");
    assert_eq!(turns["games"][0]["clock"]["days"], 3, "{turns}");
}
