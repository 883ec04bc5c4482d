//! The opening explorer against the plainest count: a random database of finished games (Awélé
//! and Awithlaknannai from their starts, some from other positions, some imported, which the
//! explorer leaves out) is counted by the servers' task (two servers at once on PostgreSQL); then every row of its index, and the
//! API's answer for many positions, equal a count made here by replaying every game's first
//! plies. `AWE_EXPLORER_GAMES` sets the number of games (10,000 by default).

use awe_site_testing as common;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use awe_server::explorer::PLIES;
use awe_server::model::Match;
use awe_server::spec::Spec;
use sqlx::{AnyConnection, Connection, Row};

type Key = (String, String, String);

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_explorer_counts_what_a_plain_count_of_the_games_says() {
    let total: usize =
        std::env::var("AWE_EXPLORER_GAMES").ok().and_then(|n| n.parse().ok()).unwrap_or(10_000);
    // More questions than an address may ask in a minute: the limit is attacked below.
    let limits =
        awe_server::limits::Settings { explorer_per_minute: 100_000, ..Default::default() };
    let server = common::start_with("explorer", limits).await;
    // On PostgreSQL a second server counts at the same time: each game must be counted once.
    let _second = if common::on_postgres() {
        Some(common::start_on(&server.database, awe_server::limits::Settings::default()).await)
    } else {
        None
    };
    sqlx::any::install_default_drivers();
    let mut db = AnyConnection::connect(&server.database).await.unwrap();
    let specs = [
        (r#"{"game":"awele","rules":"abapa"}"#, "awele:abapa"),
        (
            r#"{"game":"awithlaknannai","board":"mosona","rules":"wikipedia"}"#,
            "awithlaknannai:mosona:wikipedia",
        ),
    ];
    let mut rng = Rng(29);
    let mut expected: BTreeMap<Key, [i64; 4]> = BTreeMap::new();
    let mut positions: Vec<(usize, String)> = Vec::new();
    let started = Instant::now();
    let mut tx = db.begin().await.unwrap();
    for n in 0..total {
        let (spec_text, category) = specs[if rng.below(5) == 0 { 1 } else { 0 }];
        let spec: Spec = serde_json::from_str(spec_text).unwrap();
        let mut game = Match::new(&spec, None).unwrap();
        // Openings that meet: the first few legal moves, most often the first.
        let plies = 1 + rng.below(45);
        let mut moves = Vec::new();
        let mut steps = Vec::new();
        while moves.len() < plies && game.outcome().is_none() {
            let legal = game.legal();
            let pick = rng.below(legal.len().min(3)).min(rng.below(3));
            let text = legal[pick]["text"].as_str().unwrap().to_owned();
            let before = game.position_text();
            game.play(&text).unwrap();
            if moves.len() < PLIES {
                steps.push((before, text.clone()));
            }
            moves.push(text);
        }
        let result = ["1-0", "0-1", "1/2-1/2"][rng.below(3)];
        // One game in ten imported, one in twenty from another start: not counted.
        let (kind, start) = match rng.below(20) {
            0 | 1 => ("import", None),
            2 => ("friend", Some(game.position_text())),
            _ => ("friend", None),
        };
        let id = format!("g{n:07}");
        sqlx::query(
            "INSERT INTO games (id, spec, start_position, kind, status, result, termination, \
             created_at, updated_at) VALUES ($1, $2, $3, $4, 'over', $5, 'resignation', $6, $6)",
        )
        .bind(&id)
        .bind(spec_text)
        .bind(start.clone())
        .bind(kind)
        .bind(result)
        .bind(n as i64)
        .execute(&mut *tx)
        .await
        .unwrap();
        for (ply, text) in moves.iter().enumerate() {
            sqlx::query("INSERT INTO moves (game_id, ply, text, played_at) VALUES ($1, $2, $3, 0)")
                .bind(&id)
                .bind(ply as i64)
                .bind(text)
                .execute(&mut *tx)
                .await
                .unwrap();
        }
        if kind == "import" || start.is_some() {
            continue;
        }
        let outcome = match result {
            "1-0" => [1, 1, 0, 0],
            "0-1" => [1, 0, 1, 0],
            _ => [1, 0, 0, 1],
        };
        // A game counts once at a position and move, however often it plays it there.
        let mut seen = std::collections::BTreeSet::new();
        for (i, (position, mv)) in steps.into_iter().enumerate() {
            if !seen.insert((position.clone(), mv.clone())) {
                continue;
            }
            if i < 4 || rng.below(200) == 0 {
                positions.push((if category == "awele:abapa" { 0 } else { 1 }, position.clone()));
            }
            let counts = expected.entry((category.to_owned(), position, mv)).or_default();
            for k in 0..4 {
                counts[k] += outcome[k];
            }
        }
    }
    tx.commit().await.unwrap();
    eprintln!("{total} games written in {:.1} s", started.elapsed().as_secs_f64());

    // The servers' task counts them (every two seconds, a page at a time, until none is left).
    let started = Instant::now();
    loop {
        let left: i64 = sqlx::query("SELECT COUNT(*) AS n FROM games WHERE explored = 0")
            .fetch_one(&mut db)
            .await
            .unwrap()
            .try_get("n")
            .unwrap();
        if left == 0 {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(600), "{left} games never counted");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    eprintln!("{total} games counted in {:.1} s", started.elapsed().as_secs_f64());

    // Every row of the index, against the plain count.
    let rows =
        sqlx::query("SELECT category, position, move, games, south, north, draws FROM explorer")
            .fetch_all(&mut db)
            .await
            .unwrap();
    let mut found: BTreeMap<Key, [i64; 4]> = BTreeMap::new();
    for row in rows {
        let key = (
            row.try_get("category").unwrap(),
            row.try_get("position").unwrap(),
            row.try_get("move").unwrap(),
        );
        let counts =
            ["games", "south", "north", "draws"].map(|c| row.try_get::<i64, _>(c).unwrap());
        found.insert(key, counts);
    }
    assert_eq!(found.len(), expected.len());
    assert!(found == expected, "the index differs from the plain count");

    // The API, for the start and many positions: the moves played there, the most played first.
    positions.sort();
    positions.dedup();
    let mut browser = common::Browser::new(&server);
    let mut asked = 0;
    let mut latencies = Vec::new();
    for (spec, position) in positions.iter().take(400) {
        let (spec_text, category) = specs[*spec];
        let path =
            format!("/api/explorer?spec={}&position={}", urlencode(spec_text), urlencode(position));
        let t = Instant::now();
        let (status, answer) = browser.get(&path).await;
        latencies.push(t.elapsed());
        assert_eq!(status, 200, "{answer}");
        let mut plain: Vec<(i64, String, [i64; 4])> = expected
            .range((category.to_owned(), position.clone(), String::new())..)
            .take_while(|((c, p, _), _)| c == category && p == position)
            .map(|((_, _, m), counts)| (-counts[0], m.clone(), *counts))
            .collect();
        plain.sort();
        let shown: Vec<(String, [i64; 4])> = answer["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                let n = |k: &str| m[k].as_i64().unwrap();
                (
                    m["move"].as_str().unwrap().to_owned(),
                    [n("games"), n("south"), n("north"), n("draws")],
                )
            })
            .collect();
        let plain: Vec<(String, [i64; 4])> = plain.into_iter().map(|(_, m, c)| (m, c)).collect();
        assert_eq!(shown, plain, "{position}");
        // Each move with the position it leads to.
        let spec: Spec = serde_json::from_str(spec_text).unwrap();
        for m in answer["moves"].as_array().unwrap() {
            let mut after = Match::new(&spec, Some(position)).unwrap();
            after.play(m["move"].as_str().unwrap()).unwrap();
            assert_eq!(m["next"], after.position_text().as_str(), "{position}");
        }
        assert_eq!(answer["category"], category);
        asked += 1;
    }
    latencies.sort();
    eprintln!(
        "{asked} positions asked: median {:?}, slowest {:?}",
        latencies[asked / 2],
        latencies[asked - 1]
    );
    // The start, by its usual text or none.
    let (_, start) = browser.get(&format!("/api/explorer?spec={}", urlencode(specs[0].0))).await;
    let games: i64 =
        start["moves"].as_array().unwrap().iter().map(|m| m["games"].as_i64().unwrap()).sum();
    assert!(games > (total as i64) / 2, "{start}");
    // Bad questions.
    for bad in [
        "/api/explorer",
        "/api/explorer?spec=nonsense",
        "/api/explorer?spec=%7B%22game%22%3A%22awele%22%7D&position=nonsense",
    ] {
        assert_eq!(browser.get(bad).await.0, 400, "{bad}");
    }
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}
