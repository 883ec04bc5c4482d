//! What one absent player or one hostile account must not do to the community (issue 41): a game
//! whose first move never comes is aborted, in a tournament too, and the round goes on; a bot
//! cannot come in through a person's place; every way of making a game takes from one budget;
//! tournaments are bounded by account and address, and an empty one ends; names keep no marks
//! that turn text around. On SQLite, or PostgreSQL where `AWE_TEST_DATABASE` names it.

use awe_site_testing as common;

use std::time::{Duration, Instant};

use awe_server::limits::Settings;
use awe_server::store::{Store, TournamentRow, now_ms};
use common::{Browser, Server, start, start_with};
use serde_json::{Value, json};

/// A server whose first moves have `seconds` each.
async fn first_move_in(name: &str, seconds: f64) -> Server {
    let limits = Settings { first_move: Duration::from_secs_f64(seconds), ..Settings::default() };
    start_with(name, limits).await
}

async fn signed_up(server: &Server, name: &str) -> Browser {
    let mut browser = Browser::new(server);
    browser.get("/").await;
    browser.sign_up(name, "a long password").await;
    browser
}

async fn state(browser: &mut Browser, id: &str) -> Value {
    let (status, state) = browser.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, 200, "{state}");
    state["game"].clone()
}

/// Asks for a game's state until `check` holds (at most `most`).
async fn until(
    browser: &mut Browser,
    id: &str,
    most: Duration,
    check: impl Fn(&Value) -> bool,
) -> Value {
    let started = Instant::now();
    loop {
        let game = state(browser, id).await;
        if check(&game) {
            return game;
        }
        assert!(started.elapsed() < most, "not within {most:?}: {game}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A rated friend game between two accounts, 1 minute each: (South, North, the id).
async fn rated_game(server: &Server, names: [&str; 2]) -> (Browser, Browser, String) {
    let mut a = signed_up(server, names[0]).await;
    let mut b = signed_up(server, names[1]).await;
    let (id, invite) = a
        .create(json!({
            "spec": { "game": "awele", "rules": "abapa" }, "opponent": { "kind": "friend" },
            "side": "south", "rated": true, "clock": { "minutes": 1, "increment": 0 },
        }))
        .await;
    let (status, answer) =
        b.post(&format!("/api/games/{id}/join"), json!({ "invite": invite })).await;
    assert_eq!(status, 200, "{answer}");
    (a, b, id)
}

#[tokio::test]
async fn a_game_whose_first_move_never_comes_is_aborted_with_no_result() {
    let server = first_move_in("community-first-move", 1.0).await;
    // White never moves.
    let (mut a, _b, id) = rated_game(&server, ["ada", "bob"]).await;
    let game = state(&mut a, &id).await;
    assert_eq!(game["first_move"]["side"], "south", "the page is told whose move is timed: {game}");
    assert!(game["first_move"]["remaining_ms"].as_i64().unwrap() <= 1000);
    assert_eq!(game["clock"]["running"], Value::Null, "no clock runs before the first move");
    let started = Instant::now();
    let game = until(&mut a, &id, Duration::from_secs(4), |g| g["status"] != "playing").await;
    assert!(started.elapsed() >= Duration::from_millis(500), "not before its time");
    assert_eq!((&game["status"], &game["aborted"]), (&json!("aborted"), &json!("south")), "{game}");
    assert!(game["outcome"].is_null() && game["legal"] == json!([]), "{game}");
    assert!(game["seats"][0]["diff"].is_null(), "no rating change: {game}");
    // Nothing can be played in it any more.
    let (status, answer) = a
        .post(&format!("/api/games/{id}/act"), json!({ "t": "move", "ply": 0, "move": "A" }))
        .await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("over")), "{answer}");

    // White moves, Black never does: aborted on Black, White's clock untouched meanwhile.
    let (mut c, _d, id) = rated_game(&server, ["cai", "dee"]).await;
    let (status, answer) = c
        .post(&format!("/api/games/{id}/act"), json!({ "t": "move", "ply": 0, "move": "A" }))
        .await;
    assert_eq!(status, 200, "{answer}");
    let game = state(&mut c, &id).await;
    assert_eq!(game["first_move"]["side"], "north", "{game}");
    assert_eq!(game["clock"]["running"], Value::Null, "Black's clock waits for its first move");
    let game = until(&mut c, &id, Duration::from_secs(4), |g| g["status"] != "playing").await;
    assert_eq!((&game["status"], &game["aborted"]), (&json!("aborted"), &json!("north")), "{game}");
    assert_eq!(game["clock"]["remaining_ms"], json!([60_000, 60_000]));

    // Both move once: the clocks run, and the game is played out as usual.
    let (mut e, mut f, id) = rated_game(&server, ["eve", "fay"]).await;
    e.post(&format!("/api/games/{id}/act"), json!({ "t": "move", "ply": 0, "move": "A" })).await;
    let (status, answer) = f
        .post(&format!("/api/games/{id}/act"), json!({ "t": "move", "ply": 1, "move": "a" }))
        .await;
    assert_eq!(status, 200, "{answer}");
    let game = state(&mut e, &id).await;
    assert_eq!(
        (&game["first_move"], &game["clock"]["running"]),
        (&Value::Null, &json!("south")),
        "{game}"
    );
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(state(&mut e, &id).await["status"], "playing", "a started game is not aborted");
}

#[tokio::test]
async fn a_paired_game_nobody_opens_is_aborted_by_the_sweeper() {
    let server = first_move_in("community-sweeper", 0.5).await;
    let seek = json!({ "spec": { "game": "awele" }, "clock": { "minutes": 3, "increment": 2 } });
    let mut ada = signed_up(&server, "ada").await;
    let mut bob = signed_up(&server, "bob").await;
    let (_, mine) = ada.post("/api/seeks", seek.clone()).await;
    bob.post("/api/seeks", seek).await;
    let id = common::paired(&mut ada, mine["id"].as_str().unwrap()).await;
    // Nobody opens the game: no room holds it, only its row's deadline brings the sweeper.
    let store = Store::open(&server.database).await.unwrap();
    let started = Instant::now();
    loop {
        let (row, _) = store.load(&id).await.unwrap().unwrap();
        if row.status == "aborted" {
            assert_eq!(row.result, None);
            break;
        }
        assert!(row.deadline_at.is_some(), "the first move's deadline is written with the game");
        assert!(started.elapsed() < Duration::from_secs(5), "not aborted: {row:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    store.close().await;
}

/// A tournament made straight in the database, starting in a second and a half.
async fn swiss(server: &Server, rounds: i64, clock: (i64, i64)) -> String {
    let store = Store::open(&server.database).await.unwrap();
    let now = now_ms();
    let t = TournamentRow {
        id: format!("s{}", now % 1_000_000),
        kind: "swiss".into(),
        name: "test swiss".into(),
        specs: json!([{ "game": "awele", "rules": "abapa" }]).to_string(),
        clock,
        rated: true,
        starts_at: now + 1_500,
        rounds: Some(rounds),
        status: "created".into(),
        created_at: now,
        ..TournamentRow::default()
    };
    store.create_tournament(&t).await.unwrap();
    store.close().await;
    t.id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_swiss_round_goes_on_when_a_player_never_moves() {
    let server = first_move_in("community-swiss", 2.0).await;
    let mut players = Vec::new();
    for name in ["pl0", "pl1", "pl2", "pl3"] {
        players.push(signed_up(&server, name).await);
    }
    let tid = swiss(&server, 2, (15_000, 0)).await;
    for p in &mut players {
        let (status, answer) = p.post(&format!("/api/tournaments/{tid}/join"), json!({})).await;
        assert_eq!(status, 200, "{answer}");
    }
    // Round 1 is paired: while their games run, the tournament's chat is closed to its players
    // (fair play), not to anyone else.
    let started = Instant::now();
    let playing = loop {
        let mut found = Vec::new();
        for (i, p) in players.iter_mut().enumerate() {
            let (_, me) = p.get(&format!("/api/tournaments/{tid}")).await;
            if me["you"]["playing"].is_string() {
                found.push(i);
            }
        }
        if found.len() == 4 {
            break found;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "round 1 never came");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let (_, chat) = players[playing[0]].get(&format!("/api/tournaments/{tid}/chat")).await;
    assert_eq!(chat["closed"], true, "{chat}");
    // Nor does it take their lines.
    let (status, said) = players[playing[0]]
        .post(&format!("/api/tournaments/{tid}/chat"), json!({ "text": "psst: play c" }))
        .await;
    assert_eq!((status, said["code"].as_str()), (403, Some("chat_closed")), "{said}");
    let (_, chat) = Browser::new(&server).get(&format!("/api/tournaments/{tid}/chat")).await;
    assert_eq!(chat["closed"], false, "{chat}");
    // Nobody moves in any game. Each is aborted at its first move's time, its White loses by
    // forfeit and is withdrawn, and round 2 is paired among those left.
    let started = Instant::now();
    let t = loop {
        let (_, t) = players[0].get(&format!("/api/tournaments/{tid}")).await;
        if t["round"] == 2 || t["status"] == "finished" {
            break t;
        }
        assert!(started.elapsed() < Duration::from_secs(15), "round 2 never came: {t}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    // Paired at the tournament's start (1.5 s), the first move's time (2 s) and a few seconds
    // of the director's and the sweeper's rounds.
    assert!(started.elapsed() < Duration::from_secs(8), "{:?}", started.elapsed());
    let round1: Vec<&Value> =
        t["pairings"].as_array().unwrap().iter().filter(|p| p["round"] == 1).collect();
    assert_eq!(round1.len(), 2, "{t}");
    for p in &round1 {
        assert_eq!(p["result"], "0-1", "the absent White loses: {t}");
        assert_eq!(p["counted"], true);
    }
    let withdrawn: Vec<&str> = t["standings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["withdrawn"] == true)
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    let whites: Vec<&str> = round1.iter().map(|p| p["white"].as_str().unwrap()).collect();
    assert_eq!(withdrawn.len(), 2, "{t}");
    assert!(whites.iter().all(|w| withdrawn.contains(w)), "{whites:?} {withdrawn:?}");
    // Their games were aborted, not lost on the board.
    let game = round1[0]["game"].as_str().unwrap();
    let (_, g) = players[0].get(&format!("/api/games/{game}")).await;
    assert_eq!(g["game"]["status"], "aborted", "{g}");
}

/// The account of `browser` asks to become a bot, with a token of its own: the answer's status.
async fn upgrade(server: &Server, browser: &mut Browser) -> u16 {
    let (status, made) = browser
        .post("/api/account/tokens", json!({ "description": "bot", "scopes": ["bot:play"] }))
        .await;
    assert_eq!(status, 200, "{made}");
    let response = reqwest::Client::new()
        .post(format!("http://{}/api/bot/account/upgrade", server.addr))
        .bearer_auth(made["token"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    response.status().as_u16()
}

#[tokio::test]
async fn an_account_with_a_place_among_people_cannot_become_a_bot() {
    let server = start("community-bots").await;
    let tid = swiss(&server, 3, (60_000, 0)).await;
    // Joined a Swiss (then withdrew): a person's.
    let mut joined = signed_up(&server, "joined").await;
    joined.post(&format!("/api/tournaments/{tid}/join"), json!({})).await;
    joined.post(&format!("/api/tournaments/{tid}/withdraw"), json!({})).await;
    // Waiting in a pool.
    let mut seeking = signed_up(&server, "seeking").await;
    let pool = json!({
        "spec": { "game": "awele" }, "clock": { "minutes": 5, "increment": 3 }, "rated": true,
    });
    let (status, answer) = seeking.post("/api/seeks", pool).await;
    assert_eq!(status, 200, "{answer}");
    for (mut browser, name) in [(joined, "joined"), (seeking, "seeking")] {
        assert_eq!(upgrade(&server, &mut browser).await, 409, "{name} stays a person");
        let (_, player) = browser.get(&format!("/api/players/{name}")).await;
        assert_eq!(player["bot"], false, "{player}");
    }
    // A fresh account can.
    let mut fresh = signed_up(&server, "fresh").await;
    assert_eq!(upgrade(&server, &mut fresh).await, 200);
}

#[tokio::test]
async fn seeks_and_challenges_take_from_one_budget_by_address_and_by_account() {
    let limits = Settings { games_per_minute: 4, trust_proxy: true, ..Settings::default() };
    let server = start_with("community-budget", limits).await;
    let open = json!({ "spec": { "game": "awele" }, "opponent": { "kind": "open" } });
    let seek = json!({ "spec": { "game": "awele" }, "clock": { "minutes": 3, "increment": 2 } });
    let seek_10 =
        json!({ "spec": { "game": "awele" }, "clock": { "minutes": 10, "increment": 0 } });
    // Two accounts on one address: four games' worth between them, whatever the way.
    let mut ada = Browser::at(&server, "10.0.0.1");
    ada.get("/").await;
    ada.sign_up("ada", "a long password").await;
    let mut bob = Browser::at(&server, "10.0.0.1");
    bob.get("/").await;
    bob.sign_up("bob", "a long password").await;
    let codes = [
        ada.post("/api/seeks", seek.clone()).await.0,
        bob.post("/api/games", open.clone()).await.0,
        ada.post("/api/games", open.clone()).await.0,
        bob.post("/api/seeks", seek_10.clone()).await.0,
    ];
    assert_eq!(codes, [200; 4]);
    let (status, answer) = ada.post("/api/seeks", seek_10.clone()).await;
    assert_eq!((status, answer["code"].as_str()), (429, Some("too_many")), "{answer}");
    // One account on many addresses: four too.
    let mut kofi = Browser::at(&server, "10.0.1.0");
    kofi.get("/").await;
    kofi.sign_up("kofi", "a long password").await;
    for i in 1..=4 {
        kofi.address = Some(format!("10.0.1.{i}"));
        assert_eq!(kofi.post("/api/games", open.clone()).await.0, 200, "game {i}");
    }
    kofi.address = Some("10.0.1.5".into());
    let (status, answer) = kofi.post("/api/seeks", seek).await;
    assert_eq!((status, answer["code"].as_str()), (429, Some("too_many")), "{answer}");
}

#[tokio::test]
async fn tournaments_are_bounded_by_account_and_address_and_their_names_kept_plain() {
    let limits = Settings { open_tournaments: 2, tournaments_per_day: 3, ..Settings::default() };
    let server = start_with("community-tournaments", limits).await;
    let new = |name: &str| {
        json!({
            "kind": "swiss", "name": name, "spec": { "game": "awele" }, "clock": { "minutes": 5 },
            "rounds": 3, "starts_in": 60,
        })
    };
    let mut ada = signed_up(&server, "ada").await;
    let (status, made) =
        ada.post("/api/tournaments", new("Friday\u{202e} \u{2066}blitz\u{200f}\u{61c}")).await;
    assert_eq!(status, 200, "{made}");
    let (_, t) = ada.get(&format!("/api/tournaments/{}", made["id"].as_str().unwrap())).await;
    assert_eq!(t["name"], "Friday blitz", "no mark that turns text around");
    assert_eq!(ada.post("/api/tournaments", new("second")).await.0, 200);
    // Two to come at once for an account.
    let (status, answer) = ada.post("/api/tournaments", new("third")).await;
    assert_eq!((status, answer["code"].as_str()), (429, Some("too_many")), "{answer}");
    // Three a day for an address, whatever the account.
    let mut bob = signed_up(&server, "bob").await;
    assert_eq!(bob.post("/api/tournaments", new("bob's")).await.0, 200);
    let (status, answer) = bob.post("/api/tournaments", new("bob's second")).await;
    assert_eq!((status, answer["code"].as_str()), (429, Some("too_many")), "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn empty_swiss_tournaments_end_and_the_director_serves_every_started_one() {
    let server = start("community-director").await;
    let store = Store::open(&server.database).await.unwrap();
    let now = now_ms();
    // More started tournaments than the director used to read (1,000), all older than the one
    // that matters; empty Swiss tournaments that started over a minute ago among them.
    let mut empty = Vec::new();
    for i in 0..1_010 {
        let kind = if i % 2 == 0 { "arena" } else { "swiss" };
        let t = TournamentRow {
            id: format!("e{i:04}"),
            kind: kind.into(),
            name: format!("empty {i}"),
            specs: json!([{ "game": "awele", "rules": "abapa" }]).to_string(),
            clock: (60_000, 0),
            starts_at: now - 120_000 + i,
            minutes: (kind == "arena").then_some(720),
            rounds: (kind == "swiss").then_some(3),
            status: "created".into(),
            created_at: now - 120_000,
            ..TournamentRow::default()
        };
        store.create_tournament(&t).await.unwrap();
        if kind == "swiss" {
            empty.push(t.id);
        }
    }
    let real = TournamentRow {
        id: "real".into(),
        kind: "arena".into(),
        name: "real".into(),
        specs: json!([{ "game": "awele", "rules": "abapa" }]).to_string(),
        clock: (60_000, 0),
        starts_at: now + 1_000,
        minutes: Some(10),
        status: "created".into(),
        created_at: now,
        ..TournamentRow::default()
    };
    store.create_tournament(&real).await.unwrap();
    let mut two = vec![signed_up(&server, "ama").await, signed_up(&server, "kofi").await];
    for p in &mut two {
        let (status, answer) = p.post("/api/tournaments/real/join", json!({})).await;
        assert_eq!(status, 200, "{answer}");
    }
    let started = Instant::now();
    loop {
        let (_, me) = two[0].get("/api/tournaments/real").await;
        if me["you"]["playing"].is_string() {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "never paired: {me}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    for id in &empty {
        let t = store.tournament(id).await.unwrap().unwrap();
        assert_eq!(t.status, "finished", "{id}: an empty Swiss ends");
    }
    store.close().await;
}
