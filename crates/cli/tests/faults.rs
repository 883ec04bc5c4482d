//! `awe serve` under faults, as processes on real databases, while games are being played over
//! WebSockets: every move a player saw acknowledged is kept, whatever fails.
//!
//! - One of two servers on one PostgreSQL database is killed with SIGKILL: its players reconnect
//!   to the other, find every acknowledged move there, and play on.
//! - The PostgreSQL database goes away for a while (connections refused, every connection cut):
//!   moves are refused with `retry` meanwhile (the players are told, and wait), the server
//!   reconnects when it is back, and the games go on.
//! - One of two servers is stopped with SIGTERM under load: it exits within its bound, having
//!   closed its pages' sockets with 1012 ("service restart"); every acknowledged move is on the
//!   other server, where the games go on; and the computer's search it was running is made
//!   there at once, not when its lease would have run out.
//! - SQLite's disk fills up: moves are refused with `retry`, nothing is corrupted (`PRAGMA
//!   integrity_check`), and the server goes on when the disk has room again. This one mounts a
//!   small tmpfs, which needs root (as CI runs): it fails, naming why, if not. (A file system
//!   remounted read-only under the server cannot be had: the kernel refuses while SQLite holds
//!   its files open for writing.)
//! - A correspondence game whose days run out while nobody is connected ends on time: on a
//!   server started again after the one it was played on was killed (SQLite), and on the other
//!   of two servers when the first is killed (PostgreSQL). The days are made to pass by moving
//!   the game's times back in the database while no server holds it.

use awe_site_testing as common;

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use std::time::Instant;

use common::{Browser, Server, Socket, pick};
use futures_util::StreamExt;
use serde_json::{Value, json};
use sqlx::Connection;

/// A server process, killed when dropped (a failing test must not leave it running).
struct Process(Child);

impl Process {
    fn kill(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Starts `awe serve` on a free port with `database` (`--data-dir` where it is a folder).
fn serve(database: &str) -> (Process, Server) {
    serve_with(database, &[])
}

/// The same, with more options.
fn serve_with(database: &str, options: &[&str]) -> (Process, Server) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_awe"));
    command.args(["serve", "--addr", "127.0.0.1:0", "--endgame-seeds", "12"]).args(options);
    if Path::new(database).is_dir() {
        command.arg("--data-dir").arg(database);
    } else {
        command.args(["--database", database]);
    }
    let mut child = command
        .env("AWE_ENDGAME", "off")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("awe serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let addr: SocketAddr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| panic!("awe serve did not start: {line:?}"));
    (Process(child), Server { addr, database: database.to_owned() })
}

fn postgres() {
    if !common::on_postgres() {
        // SAFETY: set before any server or database starts in this test process, and to the
        // same value by every test of this file.
        unsafe { std::env::set_var("AWE_TEST_DATABASE", "postgres://postgres@127.0.0.1/test") };
    }
}

/// A game between two browsers, and the moves each saw acknowledged, in order of play.
struct Table {
    id: String,
    players: [Browser; 2],
    acked: Vec<String>,
}

async fn table(server: &Server, spec: Value) -> Table {
    let mut a = Browser::new(server);
    let mut b = Browser::new(server);
    a.get("/").await;
    b.get("/").await;
    let (id, invite) =
        a.create(json!({ "spec": spec, "opponent": { "kind": "friend" }, "side": "south" })).await;
    let (status, answer) =
        b.post(&format!("/api/games/{id}/join"), json!({ "invite": invite })).await;
    assert_eq!(status, 200, "{answer}");
    Table { id, players: [a, b], acked: Vec::new() }
}

fn awele() -> Value {
    json!({ "game": "awele", "rules": "awechec" })
}

/// The next state or error on a socket: `None` if it closed (or was silent 5 s).
async fn next(socket: &mut Socket) -> Option<Value> {
    socket.next().await
}

/// Waits until the socket's state has `ply` moves; false if it closed first.
async fn reach(socket: &mut Socket, ply: u64) -> bool {
    while socket.state["ply"].as_u64() < Some(ply) {
        if next(socket).await.is_none() {
            return false;
        }
    }
    true
}

/// Plays `moves` moves of `table` on `server` over both players' sockets, each acknowledged
/// (seen by its player) before the next; a refusal to record is retried after a pause. Returns
/// false if a socket closed (the server went away), true once done or the game is over.
async fn play(server: &Server, table: &mut Table, moves: usize, refused: &AtomicUsize) -> bool {
    play_until(server, table, moves, None, refused).await
}

/// The same, stopping at `until` too.
async fn play_until(
    server: &Server,
    table: &mut Table,
    moves: usize,
    until: Option<Instant>,
    refused: &AtomicUsize,
) -> bool {
    let mut sockets = [
        table.players[0].on(server).connect(&table.id).await,
        table.players[1].on(server).connect(&table.id).await,
    ];
    for _ in 0..moves {
        if until.is_some_and(|t| Instant::now() > t) {
            return true;
        }
        let state = sockets[0].state.clone();
        if !state["outcome"].is_null() {
            return true;
        }
        let ply = state["ply"].as_u64().unwrap();
        let mover = if sockets[0].you == state["turn"] { 0 } else { 1 };
        if !reach(&mut sockets[mover], ply).await {
            return false;
        }
        let text = pick(&state, ply as usize * 3 + 1);
        sockets[mover].play(ply, &text).await;
        loop {
            let Some(message) = next(&mut sockets[mover]).await else { return false };
            // The game never goes back behind a move acknowledged (it did once: a commit's row
            // taken for its commit on PostgreSQL, before the connection was cut).
            let shown = message["game"]["ply"].as_u64();
            assert!(
                message["t"] != "state" || shown >= Some(ply),
                "game {} went back to ply {shown:?} after {ply} moves acknowledged",
                table.id
            );
            if message["t"] == "state" && message["game"]["ply"].as_u64() > Some(ply) {
                assert_eq!(message["game"]["moves"][ply as usize]["text"], text.as_str());
                table.acked.push(text);
                break;
            }
            if message["t"] == "error" {
                match message["code"].as_str() {
                    // Not recorded: told, the player waits and sends it again.
                    Some("retry") => {
                        refused.fetch_add(1, Ordering::Relaxed);
                        tokio::time::sleep(Duration::from_millis(200)).await;
                        sockets[mover].play(ply, &text).await;
                    }
                    // Recorded after all (the database answered too late, say): the state says.
                    Some("stale" | "conflict") => {}
                    // Faster than a connection may send (a person never is): wait and send again.
                    Some("too_many") => {
                        tokio::time::sleep(Duration::from_millis(60)).await;
                        sockets[mover].play(ply, &text).await;
                    }
                    other => panic!("move {text} at ply {ply}: {other:?} {message}"),
                }
            }
        }
        if !reach(&mut sockets[1 - mover], ply + 1).await {
            return false;
        }
    }
    true
}

/// The moves `server` holds for a table, checked against those acknowledged.
async fn check_kept(server: &Server, table: &Table) -> usize {
    let mut browser = table.players[0].on(server);
    let (status, state) = browser.get(&format!("/api/games/{}", table.id)).await;
    assert_eq!(status, 200, "{state}");
    let moves: Vec<&str> = state["game"]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert!(
        moves.len() >= table.acked.len(),
        "{} moves kept, {} acknowledged",
        moves.len(),
        table.acked.len()
    );
    for (ply, text) in table.acked.iter().enumerate() {
        assert_eq!(moves[ply], text, "game {} ply {ply}", table.id);
    }
    moves.len()
}

/// Plays every table on `first` as fast as it answers, each in a task, until the server goes
/// away (or the game ends): the tasks give the tables back.
fn under_load(
    first: &Arc<Server>,
    tables: Vec<Table>,
    refused: &Arc<AtomicUsize>,
) -> Vec<tokio::task::JoinHandle<Table>> {
    let mut tasks = Vec::new();
    for mut table in tables {
        let (first, refused) = (Arc::clone(first), Arc::clone(refused));
        tasks.push(tokio::spawn(async move {
            // Cut by the server's end, or over before it.
            let _ = play(&first, &mut table, 100_000, &refused).await;
            table
        }));
    }
    tasks
}

/// The players of each table reconnect to `second`: every acknowledged move is there, and the
/// game goes on there. Returns the moves acknowledged before, and those kept.
async fn go_on(
    second: &Server,
    tasks: Vec<tokio::task::JoinHandle<Table>>,
    refused: &AtomicUsize,
) -> (usize, usize) {
    let (mut acked, mut kept) = (0, 0);
    for task in tasks {
        let mut table = task.await.unwrap();
        acked += table.acked.len();
        kept += check_kept(second, &table).await;
        let (_, state) = table.players[0].on(second).get(&format!("/api/games/{}", table.id)).await;
        table.acked = state["game"]["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["text"].as_str().unwrap().to_owned())
            .collect();
        assert!(play(second, &mut table, 4, refused).await);
        check_kept(second, &table).await;
    }
    (acked, kept)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_server_of_two_killed_under_load_loses_no_acknowledged_move() {
    postgres();
    let database = awe_server::testing::database_url("faults-kill").await;
    let (mut one, first) = serve(&database);
    let (mut two, second) = serve(&database);
    let refused = Arc::new(AtomicUsize::new(0));
    let mut tables = Vec::new();
    for _ in 0..12 {
        tables.push(table(&first, awele()).await);
    }
    // Every game plays on the first server, as fast as it answers, until it is killed.
    let tasks = under_load(&Arc::new(first), tables, &refused);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    one.kill();
    let (acked, kept) = go_on(&second, tasks, &refused).await;
    assert!(acked >= 24, "the games moved before the kill: {acked} moves");
    eprintln!("killed under load: {acked} moves acknowledged, {kept} kept");
    two.kill();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_server_of_two_stopped_by_sigterm_under_load_hands_everything_over() {
    postgres();
    let database = awe_server::testing::database_url("faults-sigterm").await;
    // A bound shorter than the computer's lease (its search's time and 10 s): the search it
    // hands back must be taken at once to be made in time.
    let bound = Duration::from_secs(3);
    let (mut one, first) = serve_with(&database, &["--shutdown-timeout", "3"]);
    let (mut two, second) = serve(&database);
    let refused = Arc::new(AtomicUsize::new(0));
    let mut tables = Vec::new();
    for _ in 0..12 {
        tables.push(table(&first, awele()).await);
    }
    // A spectator of the first table, to see how its socket is closed.
    let mut watcher = Browser::new(&first);
    watcher.get("/").await;
    let mut watching = watcher.connect(&tables[0].id).await;
    let first = Arc::new(first);
    let tasks = under_load(&first, tables, &refused);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    // A game against the computer at its slowest level (2 s a move), which moves first, from
    // a position of the middle game (no book move, no database): it searches when the signal
    // comes.
    let mut human = Browser::new(&first);
    human.get("/").await;
    let (computer_game, _) = human
        .create(json!({
            "spec": awele(), "opponent": { "kind": "computer", "level": 10 }, "side": "north",
            "position": "4,5,3,6,2,4/3,5,6,2,4,1 S 2 1",
        }))
        .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let pid = one.0.id().to_string();
    let signalled = Instant::now();
    let sent = Command::new("kill").args(["-TERM", &pid]).status().expect("kill runs");
    assert!(sent.success());
    // The spectator is told the server restarts.
    let code = loop {
        match tokio::time::timeout(Duration::from_secs(5), watching.stream.next()).await {
            Ok(Some(Ok(tokio_tungstenite::tungstenite::Message::Close(frame)))) => {
                break frame.map(|f| u16::from(f.code));
            }
            Ok(Some(Ok(_))) => continue,
            other => panic!("the socket ended without a close frame: {other:?}"),
        }
    };
    assert_eq!(code, Some(1012), "closed as a service restart");
    // It exits by itself, within its bound, and says it stopped well.
    let status = loop {
        if let Some(status) = one.0.try_wait().unwrap() {
            break status;
        }
        assert!(signalled.elapsed() < bound + Duration::from_secs(2), "still running");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert!(status.success(), "{status}");
    let stopped = signalled.elapsed();
    let (acked, _) = go_on(&second, tasks, &refused).await;
    assert!(acked >= 24, "the games moved before the signal: {acked} moves");
    // The computer's move, made on the second server well before its lease would have run out.
    let mut socket = human.on(&second).connect(&computer_game).await;
    let state = tokio::time::timeout(Duration::from_secs(6), socket.until(|s| s["ply"] == 1))
        .await
        .expect("the computer moved on the other server");
    assert_eq!(state["ply"], 1);
    let moved = signalled.elapsed();
    assert!(moved < Duration::from_secs(9), "the computer moved {moved:?} after the signal");
    eprintln!(
        "SIGTERM under load: stopped in {} ms, {acked} moves acknowledged and kept, the \
         computer's move {} ms after the signal",
        stopped.as_millis(),
        moved.as_millis()
    );
    two.kill();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_database_gone_for_a_while_loses_no_acknowledged_move() {
    postgres();
    let database = awe_server::testing::database_url("faults-outage").await;
    let name = database.rsplit('/').next().unwrap().split('?').next().unwrap().to_owned();
    let (mut child, server) = serve(&database);
    let server = Arc::new(server);
    let refused = Arc::new(AtomicUsize::new(0));
    let mut tasks = Vec::new();
    for _ in 0..6 {
        // Awechec: long games, so that they are still being played when the database goes.
        let mut table = table(&server, json!({ "game": "awechec" })).await;
        let (server, refused) = (Arc::clone(&server), Arc::clone(&refused));
        let until = Instant::now() + Duration::from_secs(5);
        tasks.push(tokio::spawn(async move {
            let played = play_until(&server, &mut table, 100_000, Some(until), &refused).await;
            assert!(played, "the server stays up");
            table
        }));
    }
    tokio::time::sleep(Duration::from_millis(700)).await;
    // The database goes away: no new connection, every open one cut (the listener's too).
    let admin_url = std::env::var("AWE_TEST_DATABASE").unwrap();
    let mut admin = sqlx::postgres::PgConnection::connect(&admin_url).await.unwrap();
    for sql in [
        format!("ALTER DATABASE {name} ALLOW_CONNECTIONS false"),
        format!("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"),
    ] {
        sqlx::raw_sql(sqlx::AssertSqlSafe(sql)).execute(&mut admin).await.unwrap();
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let during = refused.load(Ordering::Relaxed);
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!("ALTER DATABASE {name} ALLOW_CONNECTIONS true")))
        .execute(&mut admin)
        .await
        .unwrap();
    let mut acked = 0;
    for task in tasks {
        let table = task.await.unwrap();
        acked += table.acked.len();
        check_kept(&server, &table).await;
    }
    assert!(during > 0, "moves were refused while the database was away");
    // Restarted, the server reads every acknowledged move back from the database.
    child.kill();
    let (mut child, _again) = serve(&database);
    eprintln!("database away for 2 s: {acked} moves acknowledged, {during} refusals told");
    child.kill();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sqlite_on_a_full_disk_refuses_moves_and_recovers() {
    let dir = std::env::temp_dir().join(format!("awe-faults-disk-{}", std::process::id()));
    let _ = Command::new("umount").arg(&dir).output();
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=4m", "tmpfs"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(
        mounted.status.success(),
        "this test mounts a 4 MB tmpfs for SQLite to fill, which needs root: {}",
        String::from_utf8_lossy(&mounted.stderr)
    );
    /// Unmounts the tmpfs however the test ends.
    struct Mount(std::path::PathBuf);
    impl Drop for Mount {
        fn drop(&mut self) {
            let _ = Command::new("umount").arg(&self.0).output();
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
    let _mount = Mount(dir.clone());
    let data = dir.to_str().unwrap().to_owned();
    let (mut child, server) = serve(&data);
    let refused = AtomicUsize::new(0);
    let mut tables = vec![table(&server, awele()).await, table(&server, awele()).await];
    for table in &mut tables {
        assert!(play(&server, table, 6, &refused).await);
    }
    // The disk fills up: a file takes what is left.
    let _ = Command::new("dd")
        .args(["if=/dev/zero", "bs=64k"])
        .arg(format!("of={data}/filler"))
        .output();
    let mut a = tables[0].players[0].clone();
    let mut b = tables[0].players[1].clone();
    let id = tables[0].id.clone();
    // Moves until the database has no room left for one (its write-ahead log may still hold
    // some): refused, with `retry`, and the player told.
    let mut refusal = None;
    for _ in 0..200 {
        let (_, state) = a.get(&format!("/api/games/{id}")).await;
        let game = &state["game"];
        if !game["outcome"].is_null() {
            break;
        }
        let ply = game["ply"].as_u64().unwrap();
        let mover = if game["turn"] == state["you"] { &mut a } else { &mut b };
        let text = pick(game, ply as usize);
        let (status, answer) = mover
            .post(&format!("/api/games/{id}/act"), json!({ "t": "move", "ply": ply, "move": text }))
            .await;
        if status == 200 {
            tables[0].acked.push(text);
        } else {
            refusal = Some((status, answer["code"].as_str().unwrap_or("").to_owned()));
            break;
        }
    }
    assert_eq!(refusal, Some((409, "retry".to_owned())), "a move refused on a full disk");
    // The disk is back: the games go on.
    std::fs::remove_file(format!("{data}/filler")).unwrap();
    let (_, state) = a.get(&format!("/api/games/{id}")).await;
    tables[0].acked = state["game"]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_owned())
        .collect();
    for table in &mut tables {
        assert!(play(&server, table, 4, &refused).await);
    }
    child.kill();
    // Nothing corrupted, nothing acknowledged lost.
    let mut db =
        sqlx::sqlite::SqliteConnection::connect(&format!("sqlite://{data}/awe.db")).await.unwrap();
    let check: (String,) =
        sqlx::query_as("PRAGMA integrity_check").fetch_one(&mut db).await.unwrap();
    assert_eq!(check.0, "ok");
    drop(db);
    let (mut child, server) = serve(&data);
    for table in &tables {
        check_kept(&server, table).await;
    }
    child.kill();
}

/// A rated correspondence game of a day a move between two new accounts, Ada (South) and Bob,
/// each having made a first move (a game whose first move does not come is aborted, not lost):
/// Ada's turn, her clock running. Its id and the players.
async fn correspondence(server: &Server) -> (String, Browser, Browser) {
    let mut ada = Browser::signed_up(server, "ada", "a long password").await;
    let mut bob = Browser::signed_up(server, "bob", "another password").await;
    let (id, _) = ada
        .create(json!({
            "spec": { "game": "awele", "rules": "abapa" }, "opponent": { "kind": "open" },
            "side": "south", "rated": true, "clock": { "days": 1 },
        }))
        .await;
    let (status, answer) = bob.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(status, 200, "{answer}");
    // Ada's turn: her list says so, Bob's does not.
    let (_, turns) = ada.get("/api/turns").await;
    assert_eq!((turns["count"].as_u64(), &turns["games"][0]["id"]), (Some(1), &json!(id)));
    let mut socket = ada.connect(&id).await;
    assert_eq!(socket.state["clock"]["days"], 1, "{}", socket.state);
    socket.play(0, "A").await;
    socket.until(|s| s["ply"] == 1).await;
    let (_, turns) = bob.get("/api/turns").await;
    assert_eq!(turns["count"], 1, "{turns}");
    assert_eq!(turns["games"][0]["your_turn"], true, "{turns}");
    let (_, turns) = ada.get("/api/turns").await;
    assert_eq!(
        (turns["count"].as_u64(), &turns["games"][0]["your_turn"]),
        (Some(0), &json!(false))
    );
    let mut bobs = bob.connect(&id).await;
    bobs.play(1, "a").await;
    socket.until(|s| s["ply"] == 2 && s["clock"]["running"] == "south").await;
    (id, ada, bob)
}

/// Moves a game's times back by `hours` in the database, as if they had passed.
async fn as_if_hours_passed(database: &str, id: &str, hours: i64) {
    let ms = hours * 3_600_000;
    let statements = [
        format!("UPDATE moves SET played_at = played_at - {ms} WHERE game_id = '{id}'"),
        format!("UPDATE games SET deadline_at = deadline_at - {ms} WHERE id = '{id}'"),
    ];
    if database.starts_with("postgres") {
        let mut db = sqlx::postgres::PgConnection::connect(database).await.unwrap();
        for sql in statements {
            sqlx::raw_sql(sqlx::AssertSqlSafe(sql)).execute(&mut db).await.unwrap();
        }
    } else {
        let url = format!("sqlite://{}", Path::new(database).join("awe.db").display());
        let mut db = sqlx::sqlite::SqliteConnection::connect(&url).await.unwrap();
        for sql in statements {
            sqlx::raw_sql(sqlx::AssertSqlSafe(sql)).execute(&mut db).await.unwrap();
        }
    }
}

/// Waits (at most 30 s) until Bob's page, which reads only the database, shows the game over;
/// then checks that Ada lost it on time and that it was rated in the correspondence category.
async fn ends_on_time(server: &Server, bob: &Browser, id: &str) {
    let mut bob = bob.on(server);
    let started = Instant::now();
    loop {
        let (_, page) = bob.get("/api/players/bob").await;
        let game = &page["games"][0];
        assert_eq!(game["id"], id, "{page}");
        if game["status"] == "over" {
            assert_eq!(game["result"], "0-1", "{page}");
            let rating = &page["ratings"][0];
            assert_eq!(rating["category"], "awele:abapa:correspondence", "{page}");
            assert_eq!(rating["wins"], 1, "{page}");
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(30), "the game was not ended: {page}");
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    let (_, state) = bob.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["game"]["outcome"]["termination"], "time forfeit", "{state}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_correspondence_game_ends_on_time_with_nobody_connected() {
    let dir = std::env::temp_dir().join(format!("awe-faults-days-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.display().to_string();
    let (mut one, server) = serve(&data);
    let (id, _ada, bob) = correspondence(&server).await;
    // 23 hours: Ada still has an hour.
    one.kill();
    as_if_hours_passed(&data, &id, 23).await;
    let (mut two, server) = serve(&data);
    tokio::time::sleep(Duration::from_secs(6)).await;
    let (_, page) = bob.on(&server).get("/api/players/bob").await;
    assert_eq!(page["games"][0]["status"], "playing", "{page}");
    // A day and an hour: the server, with nobody connected, ends the game on time.
    two.kill();
    as_if_hours_passed(&data, &id, 2).await;
    let (mut three, server) = serve(&data);
    ends_on_time(&server, &bob, &id).await;
    three.kill();
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_correspondence_game_ends_on_time_on_the_other_server() {
    postgres();
    let database = awe_server::testing::database_url("faults-days").await;
    let (mut one, first) = serve(&database);
    let (mut two, second) = serve(&database);
    let (id, _ada, bob) = correspondence(&first).await;
    one.kill();
    as_if_hours_passed(&database, &id, 25).await;
    ends_on_time(&second, &bob, &id).await;
    two.kill();
}
