//! Quick pairing: two accounts waiting in one pool are paired into a game they both find;
//! another pool's seek waits, and is withdrawn; a visitor is asked to sign in. On SQLite, or
//! PostgreSQL where `AWE_TEST_DATABASE` names it (servers.rs pairs across two servers).

use awe_site_testing as common;

use common::{Browser, paired, start};
use serde_json::{Value, json};

fn abapa_blitz() -> Value {
    json!({ "spec": { "game": "awele", "rules": "abapa" }, "clock": { "minutes": 3, "increment": 2 }, "rated": true })
}

#[tokio::test]
async fn two_seeks_of_a_pool_make_a_game() {
    let server = start("pairing").await;
    let mut ada = Browser::signed_up(&server, "ada", "a long password").await;
    let mut bob = Browser::signed_up(&server, "bob", "another password").await;
    let mut carl = Browser::signed_up(&server, "carl", "a third password").await;

    let (status, answer) = Browser::new(&server).post("/api/seeks", abapa_blitz()).await;
    assert_eq!((status, answer["code"].as_str()), (403, Some("sign_in")));
    let (status, answer) = ada.post("/api/seeks", json!({ "spec": { "game": "go" } })).await;
    assert_eq!(status, 400, "{answer}");
    let handicap = json!({ "spec": { "game": "awechec", "handicap": "white:3/2" } });
    let (status, answer) = ada.post("/api/seeks", handicap).await;
    assert_eq!(status, 400, "{answer}");

    let (_, a) = ada.post("/api/seeks", abapa_blitz()).await;
    let (_, c) = carl
        .post("/api/seeks", json!({ "spec": { "game": "awele", "rules": "abapa" }, "rated": true }))
        .await;
    let (_, pools) = bob.get("/api/seeks").await;
    assert_eq!(pools["pools"][a["pool"].as_str().unwrap()], 1, "{pools}");
    let (_, b) = bob.post("/api/seeks", abapa_blitz()).await;
    let game = paired(&mut ada, a["id"].as_str().unwrap()).await;
    assert_eq!(paired(&mut bob, b["id"].as_str().unwrap()).await, game);

    // Both hold a seat of it, rated, at 3 minutes and 2 seconds; it is Ada's or Bob's turn.
    let socket = ada.connect(&game).await;
    let state = &socket.state;
    assert_eq!((state["status"].as_str(), state["rated"].as_bool()), (Some("playing"), Some(true)));
    assert_eq!(
        (&state["clock"]["initial_ms"], &state["clock"]["increment_ms"]),
        (&json!(180_000), &json!(2_000))
    );
    let names: Vec<&str> =
        state["seats"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert!(names.contains(&"ada") && names.contains(&"bob"), "{state}");
    assert!(!socket.you.is_null());
    let (_, turns) = ada.get("/api/turns").await;
    let (_, theirs) = bob.get("/api/turns").await;
    assert_eq!(turns["count"].as_u64().unwrap() + theirs["count"].as_u64().unwrap(), 1);

    // Carl's pool has no one else: he waits, then withdraws.
    let id = c["id"].as_str().unwrap();
    let (_, answer) = carl.get(&format!("/api/seeks/{id}")).await;
    assert_eq!(answer["status"], "waiting", "{answer}");
    let (_, answer) = ada.get(&format!("/api/seeks/{id}")).await;
    assert_eq!(answer["code"], "not_found", "another's seek is not to be read");
    let (_, answer) = carl.post(&format!("/api/seeks/{id}/cancel"), json!({})).await;
    assert_eq!(answer["cancelled"], true);
    let (status, _) = carl.get(&format!("/api/seeks/{id}")).await;
    assert_eq!(status, 404);
}
