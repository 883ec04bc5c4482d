//! The games database: games of the three games played on a server (to their end, resigned, on a
//! clock, between accounts and against the computer), exported by `GET /api/games/export` and by
//! `awe export` (a month in gzip files too): every record replays with `awe replay` to the result
//! the site stored, the filters take what they say, and both exports are the same.

use awe_site_testing as common;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{Browser, Server};
use serde_json::{Value, json};

fn awe(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_awe"))
        .env("AWE_ENDGAME", "off")
        .args(args)
        .output()
        .expect("awe runs")
}

/// Plays game `id` with the first legal move each turn, `moves` at most, for whoever of
/// `players` holds the seat to move; then, if it is not over, `last` resigns (if given).
async fn play(
    players: &mut [&mut Browser],
    id: &str,
    moves: usize,
    resign: Option<usize>,
) -> Value {
    for _ in 0..moves {
        let (_, state) = players[0].get(&format!("/api/games/{id}")).await;
        let game = &state["game"];
        if !game["outcome"].is_null() {
            return state;
        }
        let Some(text) = game["legal"][0]["text"].as_str() else { break };
        let ply = game["ply"].as_u64().unwrap();
        let mut done = false;
        for player in players.iter_mut() {
            let (status, _) = player
                .post(
                    &format!("/api/games/{id}/act"),
                    json!({ "t": "move", "ply": ply, "move": text }),
                )
                .await;
            if status == 200 {
                done = true;
                break;
            }
        }
        if !done {
            // The computer's turn: it answers by itself.
            tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        }
    }
    if let Some(who) = resign {
        let (_, state) = players[who].get(&format!("/api/games/{id}")).await;
        if state["game"]["outcome"].is_null() {
            let (status, answer) =
                players[who].post(&format!("/api/games/{id}/act"), json!({ "t": "resign" })).await;
            assert_eq!(status, 200, "{answer}");
        }
    }
    players[0].get(&format!("/api/games/{id}")).await.1
}

async fn export(server: &Server, query: &str) -> (u16, String) {
    let answer =
        reqwest::get(format!("http://{}/api/games/export{query}", server.addr)).await.unwrap();
    (answer.status().as_u16(), answer.text().await.unwrap())
}

/// The records of an export: each begins with its first tag after a blank line.
fn records(text: &str) -> Vec<String> {
    let mut all: Vec<String> = Vec::new();
    let mut blank = true;
    for line in text.lines() {
        if blank && line.starts_with('[') {
            all.push(String::new());
        }
        if let Some(record) = all.last_mut() {
            record.push_str(line);
            record.push('\n');
        }
        blank = line.trim().is_empty();
    }
    all
}

fn tag<'a>(record: &'a str, name: &str) -> Option<&'a str> {
    record.lines().find_map(|l| l.strip_prefix(&format!("[{name} \""))?.strip_suffix("\"]"))
}

/// `awe replay` on a record: its last line.
fn replay(dir: &Path, record: &str) -> String {
    let file = dir.join(format!("{}.awe", tag(record, "Id").unwrap()));
    std::fs::write(&file, record).unwrap();
    let output = awe(&["replay", file.to_str().unwrap()]);
    let said = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success(), "{record}\n{}", String::from_utf8_lossy(&output.stderr));
    said.lines().last().unwrap_or_default().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_exported_record_replays_to_its_stored_result() {
    let limits = awe_server::limits::Settings { exports_per_minute: 40, ..Default::default() };
    let server = common::start_with("export", limits).await;
    let dir = std::env::temp_dir().join(format!("awe-export-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut ada = Browser::signed_up(&server, "ada", "a long password").await;
    let mut bob = Browser::signed_up(&server, "bob", "another password").await;
    let mut finished = Vec::new();
    let games = [
        // Awélé on a clock between the two accounts, resigned.
        (
            json!({ "game": "awele", "rules": "abapa" }),
            Some(json!({ "minutes": 5, "increment": 3 })),
            None,
            8,
            Some(1),
        ),
        // Awélé from a position near its end, played to it.
        (
            json!({ "game": "awele", "rules": "abapa" }),
            None,
            Some("0,0,0,0,0,1/1,0,0,0,0,0 S 23 23"),
            200,
            None,
        ),
        // Awithlaknannai, resigned.
        (
            json!({ "game": "awithlaknannai", "board": "mosona", "rules": "wikipedia" }),
            None,
            None,
            6,
            Some(0),
        ),
        // Awechec, resigned.
        (json!({ "game": "awechec" }), None, None, 4, Some(1)),
    ];
    for (spec, clock, position, moves, resign) in games {
        let mut body = json!({ "spec": spec, "opponent": { "kind": "friend" }, "side": "south" });
        if let Some(clock) = clock {
            body["clock"] = clock;
        }
        if let Some(position) = position {
            body["position"] = json!(position);
        }
        let (id, invite) = ada.create(body).await;
        let (status, answer) =
            bob.post(&format!("/api/games/{id}/join"), json!({ "invite": invite })).await;
        assert_eq!(status, 200, "{answer}");
        let state = play(&mut [&mut ada, &mut bob], &id, moves, resign).await;
        assert!(!state["game"]["outcome"].is_null(), "{state}");
        finished.push((id, state));
    }
    // Against the computer, resigned; and a game still being played, not exported.
    let (id, _) = ada
        .create(json!({ "spec": { "game": "awele", "rules": "awari" }, "opponent": { "kind": "computer", "level": 1 }, "side": "south" }))
        .await;
    let state = play(&mut [&mut ada], &id, 4, Some(0)).await;
    finished.push((id, state));
    let (playing, _) = ada
        .create(json!({ "spec": { "game": "awele" }, "opponent": { "kind": "computer", "level": 1 }, "side": "south" }))
        .await;

    let (status, text) = export(&server, "").await;
    assert_eq!(status, 200, "{text}");
    assert!(!text.contains("\n\n\n"), "one blank line between records");
    let all = records(&text);
    assert_eq!(all.len(), finished.len(), "{text}");
    assert!(!text.contains(&playing), "a game being played is not exported");
    for (id, state) in &finished {
        let record =
            all.iter().find(|r| tag(r, "Id") == Some(id)).unwrap_or_else(|| panic!("{id}"));
        let outcome = &state["game"]["outcome"];
        // The result the site stored, replayed by `awe replay`.
        let said = replay(&dir, record);
        let result = outcome["result"].as_str().unwrap();
        assert_eq!(tag(record, "Result"), Some(result), "{record}");
        assert!(said.contains(result), "{said}\n{record}");
        assert_eq!(tag(record, "Site"), Some("awe"));
        assert!(tag(record, "Date").is_some_and(|d| d.len() == 10), "{record}");
    }
    let clocked = all.iter().find(|r| tag(r, "TimeControl") == Some("300+3")).unwrap();
    assert!(clocked.contains("{[%clk 0:0"), "each move's clock: {clocked}");
    assert!(all.iter().any(|r| tag(r, "North") == Some("awe level 1")), "the computer named");

    // The filters.
    let count = |query: &'static str| {
        let server = &server;
        async move {
            let (status, text) = export(server, query).await;
            assert_eq!(status, 200, "{query}: {text}");
            records(&text).len()
        }
    };
    assert_eq!(count("?game=awele").await, 3);
    assert_eq!(count("?game=awele&rules=abapa").await, 2);
    assert_eq!(count("?rules=awari").await, 1);
    assert_eq!(count("?game=awithlaknannai").await, 1);
    assert_eq!(count("?player=bob").await, 4);
    assert_eq!(count("?player=ADA").await, 5);
    assert_eq!(count("?rated=true").await, 0);
    assert_eq!(count("?rated=false&max=2").await, 2);
    assert_eq!(count("?since=2999-01-01").await, 0);
    assert_eq!(count("?until=2000-01-01").await, 0);
    for bad in ["?since=2026-02-30", "?game=chess", "?max=0", "?colour=red", "?player=nobody"] {
        let (status, answer) = export(&server, bad).await;
        assert_eq!(status, 400, "{bad}: {answer}");
    }

    // Beyond its exports a minute, an address waits.
    let mut refused = 0;
    for _ in 0..40 {
        if export(&server, "?max=1").await.0 == 429 {
            refused += 1;
        }
    }
    assert!(refused > 0, "the exports are limited");

    // The command line's export is the same, to the byte; a month's, in gzip files a game.
    let database = server.database.as_str();
    let out = dir.join("all.awe");
    let cli = awe(&["export", "--database", database, "--out", out.to_str().unwrap()]);
    assert!(cli.status.success(), "{}", String::from_utf8_lossy(&cli.stderr));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), text);
    let said = String::from_utf8_lossy(&cli.stderr);
    assert!(said.contains(&format!("{} games exported", finished.len())), "{said}");
    let month = awe_server::export::date(awe_server::store::now_ms())[..7].replace('.', "-");
    let folder = dir.join("months");
    let month_export = || {
        awe(&[
            "export",
            "--database",
            database,
            "--month",
            &month,
            "--out",
            folder.to_str().unwrap(),
        ])
    };
    let cli = month_export();
    assert!(cli.status.success(), "{}", String::from_utf8_lossy(&cli.stderr));
    let said = String::from_utf8_lossy(&cli.stdout);
    for (game, games) in [("awele", 3), ("awithlaknannai", 1), ("awechec", 1)] {
        let plural = if games == 1 { "game" } else { "games" };
        let line = format!("awe-{game}-{month}.awe.gz: {games} {plural}");
        assert!(said.contains(&line), "{line}: {said}");
    }
    let again = month_export();
    assert!(
        String::from_utf8_lossy(&again.stderr).contains("exists already"),
        "no file overwritten"
    );
    let both = awe(&["export", "--database", database, "--month", &month, "--since", "2026-01-01"]);
    assert!(!both.status.success(), "--month and --since together are refused");
    let mut total = 0;
    for (game, games) in [("awele", 3), ("awithlaknannai", 1), ("awechec", 1)] {
        let path: PathBuf = folder.join(format!("awe-{game}-{month}.awe.gz"));
        let mut text = String::new();
        flate2::read::GzDecoder::new(std::fs::File::open(&path).unwrap())
            .read_to_string(&mut text)
            .unwrap();
        assert_eq!(records(&text).len(), games, "{}", path.display());
        total += games;
    }
    assert_eq!(total, finished.len());
    let bad = awe(&["export", "--database", database, "--since", "yesterday"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("since"), "names the option");
    let _ = std::fs::remove_dir_all(&dir);
}
