//! Tournaments run to their end by simulated players: an arena of eight, whose standings must be
//! what a plain count of its games gives; a Swiss of seven over four rounds, in which no one
//! meets twice, one player rests each round, and the tie-breaks are what a plain count gives.
//! On SQLite, or PostgreSQL where `AWE_TEST_DATABASE` names it.

use awe_site_testing as common;

use std::collections::HashMap;
use std::time::{Duration, Instant};

use awe_server::store::{Store, TournamentRow, now_ms};
use common::{Browser, Server, start};
use serde_json::{Value, json};

/// `n` players signed up, named p00, p01…: the lower the number, the stronger (see `play`).
async fn players(server: &Server, n: usize) -> Vec<Browser> {
    let mut all = Vec::new();
    for i in 0..n {
        let mut b = Browser::new(server);
        // The pages give a browser its player's cookie, which acting in a game needs.
        b.get("/").await;
        b.sign_up(&format!("p{i:02}"), "a long password").await;
        all.push(b);
    }
    all
}

/// A tournament made straight in the database (the API's shortest arena is ten minutes): it
/// starts at once; an arena ends `seconds` after now.
async fn tournament(server: &Server, kind: &str, seconds: i64, rounds: Option<i64>) -> String {
    let store = Store::open(&server.database).await.unwrap();
    let now = now_ms();
    let t = TournamentRow {
        id: format!("t{}", now % 1_000_000),
        kind: kind.into(),
        name: format!("test {kind}"),
        specs: json!([{ "game": "awele", "rules": "abapa" }]).to_string(),
        clock: (60_000, 0),
        rated: true,
        starts_at: now + 1_500,
        // Ten minutes from a start moved back so that it ends `seconds` after now.
        minutes: (kind == "arena").then_some(10),
        rounds,
        status: "created".into(),
        created_at: now,
        ..TournamentRow::default()
    };
    let mut t = t;
    if kind == "arena" {
        t.starts_at = now + seconds * 1000 - 600_000;
    }
    store.create_tournament(&t).await.unwrap();
    store.close().await;
    t.id
}

/// The rule of the simulated games: the player of the lower number wins (the other resigns at
/// once), except that two whose numbers add up to a multiple of 3 agree a draw at the start.
async fn play(players: &mut [Browser], tid: &str, until: impl Fn(&Value) -> bool) -> Value {
    let started = Instant::now();
    loop {
        let (_, t) = players[0].get(&format!("/api/tournaments/{tid}")).await;
        if until(&t) {
            return t;
        }
        assert!(started.elapsed() < Duration::from_secs(120), "the tournament did not end: {t}");
        for (i, player) in players.iter_mut().enumerate() {
            let (_, me) = player.get(&format!("/api/tournaments/{tid}")).await;
            let Some(game) = me["you"]["playing"].as_str().map(str::to_owned) else { continue };
            let (_, state) = player.get(&format!("/api/games/{game}")).await;
            if !state["game"]["outcome"].is_null() {
                continue;
            }
            let names: Vec<usize> = state["game"]["seats"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s["name"].as_str().unwrap()[1..].parse().unwrap())
                .collect();
            let other = if names[0] == i { names[1] } else { names[0] };
            let action = if (i + other) % 3 == 0 {
                json!({ "t": "draw", "offer": true })
            } else if i > other {
                json!({ "t": "resign" })
            } else {
                continue;
            };
            player.post(&format!("/api/games/{game}/act"), action).await;
        }
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
}

/// The pairings as (round, white, black, white's half points), only the games that counted.
fn counted(t: &Value) -> Vec<(i64, String, Option<String>, i64)> {
    t["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| !p["result"].is_null() && p["counted"] == true)
        .map(|p| {
            let half = match p["result"].as_str().unwrap() {
                "1-0" | "bye" => 2,
                "0-1" => 0,
                _ => 1,
            };
            let name = |v: &Value| v.as_str().map(str::to_owned);
            (p["round"].as_i64().unwrap(), name(&p["white"]).unwrap(), name(&p["black"]), half)
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_arena_of_eight_runs_to_its_end_with_the_standings_its_games_give() {
    let server = start("arena").await;
    let mut all = players(&server, 8).await;
    let tid = tournament(&server, "arena", 25, None).await;
    for p in &mut all {
        let (status, answer) = p.post(&format!("/api/tournaments/{tid}/join"), json!({})).await;
        assert_eq!(status, 200, "{answer}");
    }
    let t = play(&mut all, &tid, |t| t["status"] == "finished").await;

    // Points by a plain count: a win 2, a draw 1, doubled after two wins in a row.
    let mut points: HashMap<String, (i64, i64)> = HashMap::new();
    let games = counted(&t);
    for (_, white, black, half) in &games {
        let black = black.as_ref().unwrap();
        for (who, mine) in [(white, *half), (black, 2 - half)] {
            let (score, streak) = points.entry(who.clone()).or_default();
            let fire = *streak >= 2;
            *score += match mine {
                2 => {
                    if fire {
                        4
                    } else {
                        2
                    }
                }
                1 => {
                    if fire {
                        2
                    } else {
                        1
                    }
                }
                _ => 0,
            };
            *streak = if mine == 2 { *streak + 1 } else { 0 };
        }
    }
    let standings = t["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 8);
    for s in standings {
        let name = s["name"].as_str().unwrap();
        let expected = points.get(name).map_or(0, |p| p.0);
        assert_eq!(s["score"].as_i64(), Some(expected), "{name}: {t}");
    }
    let scores: Vec<i64> = standings.iter().map(|s| s["score"].as_i64().unwrap()).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "ranked by score: {scores:?}");
    // Everyone was paired again and again, and p0 (who never loses) leads.
    assert!(games.len() >= 12, "{} games in 25 s: {t}", games.len());
    assert_eq!(standings[0]["name"], "p00", "{t}");
    for s in standings {
        assert!(s["games"].as_i64().unwrap() >= 2, "{s}");
    }
    // Each player's rating as it is now, after the rated games, not at joining (1500): the one
    // on their page, provisional or not.
    for s in standings {
        let name = s["name"].as_str().unwrap();
        let (_, page) = all[0].get(&format!("/api/players/{name}")).await;
        let rating = page["ratings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["category"] == "awele:abapa")
            .unwrap_or_else(|| panic!("{name} is rated: {page}"))
            .clone();
        assert_eq!(
            (&s["rating"], &s["provisional"]),
            (&rating["rating"], &rating["provisional"]),
            "{name}: {s} {rating}"
        );
    }
    assert_ne!(standings[0]["rating"], 1500, "the leader's rating moved: {t}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_swiss_of_seven_over_four_rounds() {
    let server = start("swiss").await;
    let mut all = players(&server, 7).await;
    let tid = tournament(&server, "swiss", 0, Some(4)).await;
    for p in &mut all {
        let (status, answer) = p.post(&format!("/api/tournaments/{tid}/join"), json!({})).await;
        assert_eq!(status, 200, "{answer}");
    }
    let t = play(&mut all, &tid, |t| t["status"] == "finished").await;
    let games = counted(&t);
    // Four rounds of three games and a bye.
    for round in 1..=4 {
        let this: Vec<_> = games.iter().filter(|g| g.0 == round).collect();
        assert_eq!(this.len(), 4, "round {round}: {this:?}");
        assert_eq!(this.iter().filter(|g| g.2.is_none()).count(), 1, "one bye in round {round}");
    }
    // No one meets twice, no one rests twice.
    let mut met = std::collections::HashSet::new();
    let mut rested = std::collections::HashSet::new();
    for (_, white, black, _) in &games {
        match black {
            Some(black) => {
                let pair = if white < black { (white, black) } else { (black, white) };
                assert!(met.insert(pair), "{pair:?} met twice");
            }
            None => assert!(rested.insert(white), "{white} rested twice"),
        }
    }
    // Scores and tie-breaks by a plain count over the games.
    let mut score: HashMap<&str, i64> = HashMap::new();
    for (_, white, black, half) in &games {
        *score.entry(white).or_default() += half;
        if let Some(black) = black {
            *score.entry(black).or_default() += 2 - half;
        }
    }
    for s in t["standings"].as_array().unwrap() {
        let name = s["name"].as_str().unwrap();
        assert_eq!(s["score"].as_i64(), Some(score[name]), "{name}");
        let (mut buchholz, mut berger) = (0.0, 0.0);
        for (_, white, black, half) in &games {
            let Some(black) = black else { continue };
            let (opponent, mine) = if white == name {
                (black.as_str(), *half)
            } else if black == name {
                (white.as_str(), 2 - half)
            } else {
                continue;
            };
            let theirs = score[opponent] as f64 / 2.0;
            buchholz += theirs;
            berger += theirs * mine as f64 / 2.0;
        }
        assert_eq!(s["buchholz"].as_f64(), Some(buchholz), "{name}");
        assert_eq!(s["berger"].as_f64(), Some(berger), "{name}");
    }
    // The file has the standings and every pairing.
    let (status, csv) = all[0].text(&format!("/api/tournaments/{tid}/standings.csv")).await;
    assert_eq!(status, 200);
    assert!(csv.starts_with("rank,name,rating,score"), "{csv}");
    assert_eq!(csv.lines().filter(|l| l.starts_with(|c: char| c.is_ascii_digit())).count(), 7 + 16);
}

#[tokio::test]
async fn the_operators_tournaments_are_made_a_day_ahead_once() {
    let database = awe_server::testing::database_url("schedule").await;
    let schedule: Vec<awe_server::tournament::schedule::Schedule> =
        ["daily 00:00 arena awele:abapa 3+2 60", "sun 12:00 swiss medley 5+3 5"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
    let mut servers = Vec::new();
    for _ in 0..2 {
        let config = awe_server::Config {
            addr: "127.0.0.1:0".parse().unwrap(),
            database: database.clone(),
            endgame_seeds: 12,
            limits: awe_server::limits::Settings::default(),
            schedule: schedule.clone(),
            shutdown_timeout: awe_server::shutdown::TIMEOUT,
        };
        let (addr, server) = awe_server::bind(&config).await.unwrap();
        tokio::spawn(server);
        servers.push(Server { addr, database: database.clone() });
        if !common::on_postgres() {
            break; // One server on a SQLite file.
        }
    }
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let (_, lists) = Browser::new(&servers[0]).get("/api/tournaments").await;
    let coming = lists["created"].as_array().unwrap();
    let daily: Vec<&Value> = coming.iter().filter(|t| t["name"] == "Daily awele arena").collect();
    assert_eq!(daily.len(), 1, "made once, by one of the servers: {lists}");
    assert_eq!(daily[0]["scheduled"], true);
    assert!(daily[0]["starts_at"].as_i64().unwrap() - now_ms() <= 86_400_000);
    // The Sunday one is made only within a day of its start.
    let sunday = coming.iter().filter(|t| t["name"] == "Sunday Medley Swiss").count();
    let next = schedule[1].next_after(now_ms());
    assert_eq!(sunday, usize::from(next - now_ms() <= 86_400_000), "{lists}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn berserk_halves_a_clock_and_pays_a_point_for_a_long_enough_win() {
    let server = start("berserk").await;
    let mut two = players(&server, 2).await;
    let tid = tournament(&server, "arena", 60, None).await;
    for p in &mut two {
        p.post(&format!("/api/tournaments/{tid}/join"), json!({})).await;
    }
    let started = Instant::now();
    let game = loop {
        let (_, me) = two[0].get(&format!("/api/tournaments/{tid}")).await;
        if let Some(game) = me["you"]["playing"].as_str() {
            break game.to_owned();
        }
        assert!(started.elapsed() < Duration::from_secs(10), "not paired: {me}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    let act = format!("/api/games/{game}/act");
    let (status, answer) = two[0].post(&act, json!({ "t": "berserk" })).await;
    assert_eq!(status, 200, "{answer}");
    let (_, state) = two[0].get(&format!("/api/games/{game}")).await;
    let mine =
        state["game"]["sides"].as_array().unwrap().iter().position(|s| *s == state["you"]).unwrap();
    assert_eq!(state["game"]["clock"]["remaining_ms"][mine], 30_000, "{state}");
    assert_eq!(state["game"]["clock"]["remaining_ms"][1 - mine], 60_000);
    assert_eq!(state["game"]["berserk"][mine], true);
    // Seven moves each.
    for ply in 0..14u64 {
        let (_, state) = two[0].get(&format!("/api/games/{game}")).await;
        let turn = &state["game"]["turn"];
        let mover = if *turn == state["you"] { 0 } else { 1 };
        let text = common::pick(&state["game"], ply as usize * 7 + 3);
        let (status, answer) =
            two[mover].post(&act, json!({ "t": "move", "ply": ply, "move": text })).await;
        assert_eq!(status, 200, "{answer}");
        if answer.get("error").is_some() || !state["game"]["outcome"].is_null() {
            break;
        }
    }
    // Too late to berserk now.
    let (status, answer) = two[1].post(&act, json!({ "t": "berserk" })).await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("berserk")), "{answer}");
    two[1].post(&act, json!({ "t": "resign" })).await;
    let t = play(&mut two, &tid, |t| t["standings"][0]["games"] == 1).await;
    let winner = &t["standings"][0];
    assert_eq!((winner["name"].as_str(), winner["score"].as_i64()), (Some("p00"), Some(3)), "{t}");
}
