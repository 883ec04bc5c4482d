//! Chat in a game: the players' channel and the spectators' kept apart, lines pushed over the
//! game's socket, text kept as text, accounts only, a rate limit, mutes, reports read by admins
//! only. On SQLite, or PostgreSQL where `AWE_TEST_DATABASE` names it.

use awe_site_testing as common;

use common::{Browser, Server, start_with};
use serde_json::json;

/// A server behind a balancer that tells each browser's address: the fair-play rules go by
/// address, and on loopback every browser would share one.
async fn behind_a_balancer(name: &str) -> Server {
    let limits = awe_server::limits::Settings { trust_proxy: true, ..Default::default() };
    start_with(name, limits).await
}

#[tokio::test]
async fn players_and_spectators_talk_apart_and_mutes_and_reports_work() {
    let server = behind_a_balancer("chat").await;
    let mut ada = Browser::at(&server, "10.0.0.1");
    ada.sign_up("ada", "a long password").await;
    let mut bob = Browser::at(&server, "10.0.0.2");
    bob.sign_up("bob", "another password").await;
    let mut dan = Browser::at(&server, "10.0.0.3");
    dan.sign_up("dan", "a third password").await;
    let mut guest = Browser::at(&server, "10.0.0.4");
    // Bob's second browser, without his cookies, on his address.
    let mut bobs_spy = Browser::at(&server, "10.0.0.2");
    let (id, invite) = ada
        .create(json!({
            "spec": { "game": "awele" }, "opponent": { "kind": "friend" }, "side": "south",
        }))
        .await;
    let (status, answer) =
        bob.post(&format!("/api/games/{id}/join"), json!({ "invite": invite })).await;
    assert_eq!(status, 200, "{answer}");
    let mut to_bob = bob.connect(&id).await;
    let mut to_dan = dan.connect(&id).await;
    let mut to_guest = guest.connect(&id).await;
    let mut to_spy = bobs_spy.connect(&id).await;
    assert!(to_spy.you.is_null(), "a spectator by its cookies");
    let chat = format!("/api/games/{id}/chat");

    // Ada's line reaches Bob as she wrote it; not the spectators.
    let (status, said) = ada.post(&chat, json!({ "text": "  <b>good luck</b> \u{202e}" })).await;
    assert_eq!(status, 200, "{said}");
    let line = to_bob.chat().await.expect("Bob gets Ada's line");
    assert_eq!(
        (line["name"].as_str(), line["text"].as_str()),
        (Some("ada"), Some("<b>good luck</b>"))
    );
    let (status, watching) = dan.post(&chat, json!({ "text": "watching" })).await;
    assert_eq!(status, 200);
    for socket in [&mut to_dan, &mut to_guest] {
        let line = socket.chat().await.expect("a spectator's line");
        assert_eq!(line["text"], "watching", "spectators get theirs only");
    }
    // Fair play: nothing of the spectators reaches a seat's address while the game runs, by
    // socket or by request, with or without cookies; nor does an engine.
    assert!(to_spy.chat().await.is_none(), "a seat's address hears no spectator");
    let (_, spied) = bobs_spy.get(&chat).await;
    assert_eq!((&spied["closed"], &spied["lines"]), (&json!(true), &json!([])), "{spied}");
    let (status, answer) =
        bobs_spy.post("/api/analysis", json!({ "spec": { "game": "awele" } })).await;
    assert_eq!((status, answer["code"].as_str()), (403, Some("fair_play")), "{answer}");
    let (_, history) = bob.get(&chat).await;
    assert_eq!(history["channel"], "players");
    let texts: Vec<&str> =
        history["lines"].as_array().unwrap().iter().map(|l| l["text"].as_str().unwrap()).collect();
    assert_eq!(texts, ["<b>good luck</b>"]);
    let (_, history) = guest.get(&chat).await;
    assert_eq!((&history["channel"], &history["can_write"]), (&json!("spectators"), &json!(false)));
    assert_eq!(history["lines"][0]["text"], "watching");

    // Accounts only; no empty line, none too long, no unknown field.
    let (status, answer) = guest.post(&chat, json!({ "text": "hi" })).await;
    assert_eq!((status, answer["code"].as_str()), (403, Some("sign_in")));
    for bad in
        [json!({ "text": " \n " }), json!({ "text": "x".repeat(201) }), json!({ "txt": "a" })]
    {
        let (status, answer) = ada.post(&chat, bad).await;
        assert_eq!(status, 400, "{answer}");
    }
    let (status, _) = ada.post("/api/games/nosuchgame/chat", json!({ "text": "a" })).await;
    assert_eq!(status, 404);

    // A few lines at once, then one every few seconds.
    let mut refused = 0;
    for i in 0..8 {
        let (status, _) = bob.post(&chat, json!({ "text": format!("line {i}") })).await;
        refused += usize::from(status == 429);
    }
    assert_eq!(refused, 2, "six lines at once, the rest refused");

    // Ada mutes Bob: his lines leave her history; unmuted, they come back.
    let (status, answer) = ada.post("/api/chat/mute", json!({ "name": "BOB", "mute": true })).await;
    assert_eq!((status, &answer["names"]), (200, &json!(["bob"])));
    let (_, history) = ada.get(&chat).await;
    assert!(history["lines"].as_array().unwrap().iter().all(|l| l["name"] != "bob"), "{history}");
    let (status, _) = ada.post("/api/chat/mute", json!({ "name": "ada", "mute": true })).await;
    assert_eq!(status, 400);
    let (status, _) = ada.post("/api/chat/mute", json!({ "name": "nobody", "mute": true })).await;
    assert_eq!(status, 404);
    ada.post("/api/chat/mute", json!({ "name": "bob", "mute": false })).await;
    let (_, history) = ada.get(&chat).await;
    assert!(history["lines"].as_array().unwrap().iter().any(|l| l["name"] == "bob"), "{history}");

    // Bob reports Ada's line: kept for the admins, whom Bob is not, until an operator says so.
    let line_id = said["line"]["id"].as_str().unwrap();
    let (status, answer) =
        bob.post("/api/chat/report", json!({ "line": line_id, "reason": "rude" })).await;
    assert_eq!(status, 400, "a reason of the list only: {answer}");
    let (status, _) =
        bob.post("/api/chat/report", json!({ "line": line_id, "reason": "insult" })).await;
    assert_eq!(status, 200);
    let (status, answer) = bob.get("/api/admin/reports").await;
    assert_eq!((status, answer["code"].as_str()), (403, Some("admin")));
    let store = awe_server::store::Store::open(&server.database).await.unwrap();
    assert!(store.set_admin("Bob", true).await.unwrap());
    assert!(!store.set_admin("nobody", true).await.unwrap());
    let (status, answer) = bob.get("/api/admin/reports").await;
    assert_eq!(status, 200, "{answer}");
    let report = &answer["reports"][0];
    assert_eq!(
        (report["reporter"].as_str(), report["reported"].as_str(), report["text"].as_str()),
        (Some("bob"), Some("ada"), Some("<b>good luck</b>"))
    );
    assert_eq!(report["reason"], "insult");
    // The line in its context: the lines of its channel around it, it among them.
    let context: Vec<&str> =
        report["context"].as_array().unwrap().iter().filter_map(|l| l["id"].as_str()).collect();
    assert!(context.contains(&line_id), "{report}");
    assert_eq!(report["line"], line_id);
    assert!(report["action"].is_null());
    let report_id = report["id"].as_str().unwrap().to_owned();

    // Bob, an admin, silences Ada with one click: she cannot write for a while, and her pages
    // say so; the report says what was done.
    let (status, answer) =
        bob.post(&format!("/api/admin/reports/{report_id}"), json!({ "action": "shout" })).await;
    assert_eq!(status, 400, "{answer}");
    let (status, answer) =
        dan.post(&format!("/api/admin/reports/{report_id}"), json!({ "action": "silence" })).await;
    assert_eq!((status, answer["code"].as_str()), (403, Some("admin")));
    let (status, answer) =
        bob.post(&format!("/api/admin/reports/{report_id}"), json!({ "action": "silence" })).await;
    assert_eq!(status, 200, "{answer}");
    let (status, answer) = ada.post(&chat, json!({ "text": "sorry" })).await;
    assert_eq!((status, answer["code"].as_str()), (403, Some("silenced")), "{answer}");
    let (_, history) = ada.get(&chat).await;
    assert_eq!(history["can_write"], false, "{history}");
    assert!(history["silenced_until"].as_i64().is_some(), "{history}");
    let (_, answer) = bob.get("/api/admin/reports").await;
    assert_eq!(answer["reports"][0]["action"], "silence");
    let (status, _) =
        bob.post("/api/admin/reports/no-such-report", json!({ "action": "dismiss" })).await;
    assert_eq!(status, 404);

    // A tournament has one channel, everyone's.
    let (status, made) = ada
        .post(
            "/api/tournaments",
            json!({
                "kind": "swiss", "spec": { "game": "awele" }, "clock": { "minutes": 5 },
                "rounds": 3, "starts_in": 60,
            }),
        )
        .await;
    assert_eq!(status, 200, "{made}");
    let chat = format!("/api/tournaments/{}/chat", made["id"].as_str().unwrap());
    let (status, _) = dan.post(&chat, json!({ "text": "good luck all" })).await;
    assert_eq!(status, 200);
    let (_, history) = guest.get(&chat).await;
    assert_eq!(
        (&history["channel"], &history["lines"][0]["text"]),
        (&json!("tournament"), &json!("good luck all"))
    );
    let (status, _) = guest.post(&chat, json!({ "text": "hi" })).await;
    assert_eq!(status, 403);
    let (status, _) = dan.post("/api/tournaments/nosuch/chat", json!({ "text": "hi" })).await;
    assert_eq!(status, 404);

    // Ada reports Dan's line as spam; Bob closes Dan's account: his session ends at once, and
    // he cannot sign in again.
    let dans = watching["line"]["id"].as_str().unwrap();
    let (status, _) = ada.post("/api/chat/report", json!({ "line": dans, "reason": "spam" })).await;
    assert_eq!(status, 200);
    let (_, answer) = bob.get("/api/admin/reports").await;
    let report = answer["reports"][0].clone();
    assert_eq!(
        (report["reported"].as_str(), report["reason"].as_str()),
        (Some("dan"), Some("spam"))
    );
    let (_, me) = dan.get("/api/account").await;
    assert_eq!(me["user"]["name"], "dan");
    let path = format!("/api/admin/reports/{}", report["id"].as_str().unwrap());
    let (status, answer) = bob.post(&path, json!({ "action": "close" })).await;
    assert_eq!(status, 200, "{answer}");
    let (_, me) = dan.get("/api/account").await;
    assert!(me["user"].is_null(), "the closed account's session ended: {me}");
    let (status, answer) = dan
        .post("/api/account/signin", json!({ "name": "dan", "password": "a third password" }))
        .await;
    assert_eq!((status, answer["code"].as_str()), (403, Some("closed")), "{answer}");
    let (_, me) = bob.get("/api/account").await;
    assert_eq!(me["user"]["admin"], true, "an admin's pages know it: {me}");
}
