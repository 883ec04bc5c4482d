//! `awe serve` as a process: killed with SIGKILL in the middle of a game and started again on
//! the same database file, it has every move it acknowledged, and the game goes on.

mod common;

use common::{Killed, fresh_dir};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

/// One HTTP request, as a browser with `cookie` sends it (its token against forgery too): the
/// status, the body, and the cookies the server set, if any, as a `Cookie` header would hold
/// them.
fn request(
    addr: &str,
    method: &str,
    path: &str,
    cookie: &str,
    body: &str,
) -> (u16, String, Option<String>) {
    let token =
        cookie.split("; ").find_map(|pair| pair.strip_prefix("awe_csrf=")).unwrap_or_default();
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nCookie: {cookie}\r\n\
         X-CSRF-Token: {token}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let set: Vec<&str> = head
        .lines()
        .filter_map(|l| l.strip_prefix("set-cookie: "))
        .filter_map(|c| c.split(';').next())
        .collect();
    let set = (!set.is_empty()).then(|| set.join("; "));
    // The body may be chunked: keep what looks like JSON.
    let json = body.find('{').map_or(body, |i| &body[i..]);
    let json = json.rfind('}').map_or(json, |i| &json[..=i]);
    (status, json.to_owned(), set)
}

/// An Awélé game (abapa) between two browsers, South its creator.
const FRIEND_GAME: &str =
    r#"{"spec":{"game":"awele","rules":"abapa"},"opponent":{"kind":"friend"},"side":"south"}"#;

/// The first moves of [`FRIEND_GAME`] that [`friend_game`] plays.
const MOVES: [&str; 6] = ["C", "d", "E", "a", "B", "e"];

/// Two browsers (each with its cookie from the home page) begin a [`FRIEND_GAME`] and play
/// [`MOVES`], each acknowledged: the game's id and the browsers' cookies, South's first.
fn friend_game(addr: &str) -> (String, [String; 2]) {
    let (_, _, alice) = request(addr, "GET", "/", "", "");
    let (_, _, bob) = request(addr, "GET", "/", "", "");
    let players = [alice.unwrap(), bob.unwrap()];
    let (status, created, _) = request(addr, "POST", "/api/games", &players[0], FRIEND_GAME);
    assert_eq!(status, 200, "{created}");
    let id = field(&created, "id").to_owned();
    let join = format!(r#"{{"invite":"{}"}}"#, field(&created, "invite"));
    assert_eq!(request(addr, "POST", &format!("/api/games/{id}/join"), &players[1], &join).0, 200);
    for (ply, text) in MOVES.iter().enumerate() {
        let body = format!(r#"{{"t":"move","ply":{ply},"move":"{text}"}}"#);
        let (status, answer, _) =
            request(addr, "POST", &format!("/api/games/{id}/act"), &players[ply % 2], &body);
        assert_eq!(status, 200, "move {text}: {answer}");
    }
    (id, players)
}

fn field<'a>(json: &'a str, name: &str) -> &'a str {
    let after = json.split(&format!("\"{name}\":")).nth(1).unwrap_or("");
    let after = after.trim_start_matches('"');
    after.split(['"', ',', '}']).next().unwrap_or("")
}

#[test]
fn a_killed_server_loses_no_acknowledged_move() {
    let dir = fresh_dir("kill");
    let (mut server, addr) = common::serve(&dir, &[]);
    // Two players (each with a cookie from the home page), six moves.
    let (id, [alice, _]) = friend_game(&addr);
    let moves = MOVES;
    // Killed at once after the last acknowledgement: no time to write anything more.
    server.kill().unwrap();
    server.wait().unwrap();
    let (mut server, addr) = common::serve(&dir, &[]);
    let (status, state, _) = request(&addr, "GET", &format!("/api/games/{id}"), &alice, "");
    assert_eq!(status, 200, "{state}");
    assert!(state.contains("\"ply\":6"), "{state}");
    for text in moves {
        assert!(state.contains(&format!("\"text\":\"{text}")), "{text}: {state}");
    }
    // The same seats, and the game goes on.
    assert!(state.contains("\"you\":\"south\""), "{state}");
    let body = r#"{"t":"move","ply":6,"move":"A"}"#;
    let (status, answer, _) = request(&addr, "POST", &format!("/api/games/{id}/act"), &alice, body);
    assert_eq!(status, 200, "{answer}");
    server.kill().unwrap();
    server.wait().unwrap();
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_server_builds_larger_endgame_databases_in_the_background() {
    let dir = fresh_dir("endgame");
    let mut child = Command::new(env!("CARGO_BIN_EXE_awe"))
        .args(["serve", "--addr", "127.0.0.1:0", "--endgame-seeds", "13", "--data-dir"])
        .arg(&dir)
        .env("AWE_CACHE", dir.join("cache"))
        .env_remove("AWE_ENDGAME")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("awe serve starts");
    // Progress a layer, then a line a database built; the site answers meanwhile.
    let mut built = Vec::new();
    let mut progress = 0;
    for line in BufReader::new(child.stderr.take().unwrap()).lines() {
        let line = line.unwrap();
        if line.contains("% of the boards done") {
            progress += 1;
        }
        if line.contains("is built") {
            built.push(line);
            if built.len() == 3 {
                break;
            }
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(progress, 3 * 14, "a line for each layer of 0 to 13 seeds, three rule sets");
    for rules in ["awechec", "awari", "abapa"] {
        let file = dir.join("cache").join(format!("awele-{rules}-13.db"));
        assert!(file.exists(), "{}: {built:?}", file.display());
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_endgame_seeds_are_checked() {
    let output = Command::new(env!("CARGO_BIN_EXE_awe"))
        .args(["serve", "--endgame-seeds", "30"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("--endgame-seeds") && error.contains("12..=24"), "{error}");
}

#[test]
fn passwords_cookies_and_invitations_are_never_written_by_the_server() {
    let dir = fresh_dir("passwords");
    // Its most talkative log (a line a request, the database's statements), as JSON.
    let mut child = Command::new(env!("CARGO_BIN_EXE_awe"))
        .args(["serve", "--addr", "127.0.0.1:0", "--endgame-seeds", "12", "--data-dir"])
        .arg(&dir)
        .args(["--log-format", "json"])
        .env("AWE_LOG", "debug")
        .env("AWE_ENDGAME", "off")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("awe serve starts");
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    let addr = line.split("http://").nth(1).and_then(|r| r.split('/').next()).unwrap().to_owned();
    let secret = "a very particular passphrase";
    let (_, _, cookies) = request(&addr, "GET", "/", "", "");
    let cookies = cookies.unwrap();
    let body = format!(r#"{{"name":"ada","password":"{secret}"}}"#);
    assert_eq!(request(&addr, "POST", "/api/account/signup", &cookies, &body).0, 200);
    let wrong = r#"{"name":"ada","password":"another particular one"}"#;
    assert_eq!(request(&addr, "POST", "/api/account/signin", &cookies, wrong).0, 401);
    // A malformed body too: its error must not echo the password.
    let bad = format!(r#"{{"name":"ada","password":"{secret}","extra":1}}"#);
    let (status, answer, _) = request(&addr, "POST", "/api/account/signin", &cookies, &bad);
    assert_eq!(status, 400);
    assert!(!answer.contains(secret), "{answer}");
    // An invitation, given and followed (its token in the page's address and in a body).
    let spec = FRIEND_GAME;
    let (status, created, _) = request(&addr, "POST", "/api/games", &cookies, spec);
    assert_eq!(status, 200, "{created}");
    let (id, invite) = (field(&created, "id").to_owned(), field(&created, "invite").to_owned());
    let (_, _, guest) = request(&addr, "GET", &format!("/game/{id}?invite={invite}"), "", "");
    let join = format!(r#"{{"invite":"{invite}"}}"#);
    let guest = guest.unwrap();
    assert_eq!(request(&addr, "POST", &format!("/api/games/{id}/join"), &guest, &join).0, 200);
    // Stopped as systemd stops it: the log is complete.
    let stopped = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(stopped.success());
    assert!(child.wait().unwrap().success());
    let mut logged = String::new();
    child.stderr.take().unwrap().read_to_string(&mut logged).unwrap();
    let mut printed = String::new();
    stdout.read_to_string(&mut printed).unwrap();
    assert!(logged.contains(r#""path":"/api/account/signup""#), "a line a request: {logged}");
    assert!(logged.contains(r#""message":"stopped""#), "{logged}");
    for line in logged.lines() {
        let json: Result<serde_json::Value, _> = serde_json::from_str(line);
        assert!(json.is_ok_and(|j| j["level"].is_string()), "not a JSON line: {line}");
    }
    // The cookies' values: the browser's secret, the session's, the token against forgery.
    let values: Vec<&str> = [cookies.as_str(), guest.as_str()]
        .iter()
        .flat_map(|c| c.split("; "))
        .filter_map(|pair| pair.split_once('=').map(|(_, v)| v))
        .filter(|v| v.len() >= 16)
        .collect();
    assert!(values.len() >= 3, "{cookies} {guest}");
    for text in [&logged, &printed] {
        assert!(!text.contains("particular"), "a password was written: {text}");
        assert!(!text.contains(&invite), "an invitation was written: {text}");
        for value in &values {
            assert!(!text.contains(value), "a cookie was written: {value}");
        }
    }
    // Nor is it in the database, only its argon2id hash.
    let database = std::fs::read(dir.join("awe.db")).unwrap_or_default();
    let wal = std::fs::read(dir.join("awe.db-wal")).unwrap_or_default();
    for bytes in [database, wal] {
        assert!(!bytes.windows(secret.len()).any(|w| w == secret.as_bytes()));
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// The value of a series in a scrape (0 if it is not there yet).
fn series(scrape: &str, name: &str) -> f64 {
    scrape
        .lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
        .unwrap_or(0.0)
}

fn scrape(addr: &str) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(stream, "GET /metrics HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    answer
}

#[test]
fn the_metrics_move_as_games_are_played() {
    let dir = fresh_dir("metrics");
    let mut child = Command::new(env!("CARGO_BIN_EXE_awe"))
        .args(["serve", "--addr", "127.0.0.1:0", "--endgame-seeds", "12", "--data-dir"])
        .arg(&dir)
        .args(["--metrics-addr", "127.0.0.1:0", "--games-per-minute", "1"])
        .env("AWE_ENDGAME", "off")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("awe serve starts");
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let _child = Killed(child);
    let mut lines = [String::new(), String::new()];
    for line in &mut lines {
        stdout.read_line(line).unwrap();
    }
    let address =
        |line: &str| line.split("http://").nth(1).unwrap().split('/').next().unwrap().to_owned();
    let (addr, metrics) = (address(&lines[0]), address(&lines[1]));
    assert!(lines[1].contains("/metrics"), "{lines:?}");
    // The gauges are read every second.
    std::thread::sleep(std::time::Duration::from_millis(1200));
    let before = scrape(&metrics);
    assert_eq!(series(&before, r#"awe_moves_total{by="human"}"#), 0.0);
    assert!(series(&before, "awe_memory_bytes") > 1e6, "{before}");
    // A game between two people (a join and six moves written, each timed), and a game
    // refused by the limit.
    let (_, [alice, _]) = friend_game(&addr);
    assert_eq!(request(&addr, "POST", "/api/games", &alice, FRIEND_GAME).0, 429);
    std::thread::sleep(std::time::Duration::from_millis(1200));
    let after = scrape(&metrics);
    assert_eq!(series(&after, r#"awe_moves_total{by="human"}"#), 6.0, "{after}");
    assert_eq!(series(&after, "awe_move_seconds_count"), 6.0, "{after}");
    assert!(series(&after, r#"awe_move_seconds_bucket{le="+Inf"}"#) == 6.0, "{after}");
    assert!(series(&after, r#"awe_database_seconds_count{op="commit"}"#) >= 7.0, "{after}");
    assert_eq!(series(&after, r#"awe_refusals_total{limit="create_game"}"#), 1.0, "{after}");
    assert!(series(&after, r#"awe_http_requests_total{status="2xx"}"#) >= 10.0, "{after}");
    assert_eq!(series(&after, "awe_rooms"), 1.0, "{after}");
    for gauge in ["awe_connections", "awe_engine_waiting", "awe_engine_running"] {
        assert!(after.contains(&format!("\n{gauge} ")), "{gauge}: {after}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn awe_admin_grant_makes_an_account_read_the_reports() {
    let dir = fresh_dir("admin");
    let (server, addr) = common::serve(&dir, &[]);
    let _server = Killed(server);
    let (_, _, cookie) = request(&addr, "GET", "/", "", "");
    let body = r#"{"name":"ada","password":"a long password"}"#;
    let (status, answer, session) =
        request(&addr, "POST", "/api/account/signup", &cookie.unwrap(), body);
    assert_eq!(status, 200, "{answer}");
    let ada = session.unwrap();
    assert_eq!(request(&addr, "GET", "/api/admin/reports", &ada, "").0, 403);
    let admin = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_awe"))
            .arg("admin")
            .args(args)
            .arg("--data-dir")
            .arg(&dir)
            .output()
            .expect("awe admin runs")
    };
    let granted = admin(&["grant", "ADA"]);
    assert!(granted.status.success(), "{}", String::from_utf8_lossy(&granted.stderr));
    assert_eq!(request(&addr, "GET", "/api/admin/reports", &ada, "").0, 200);
    let nobody = admin(&["grant", "nobody"]);
    assert!(!nobody.status.success());
    assert!(String::from_utf8_lossy(&nobody.stderr).contains("no account named nobody"));
    assert!(admin(&["revoke", "ada"]).status.success());
    assert_eq!(request(&addr, "GET", "/api/admin/reports", &ada, "").0, 403);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_backup_under_load_restores_every_finished_game_and_account() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let root = std::env::temp_dir().join(format!("awe-serve-backup-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let (live, restored, file) = (root.join("live"), root.join("restored"), root.join("site.db"));
    std::fs::create_dir_all(&live).unwrap();
    let (server, addr) = common::serve(&live, &[]);
    let server = Killed(server);
    // Four accounts; five games between two of them, each over (resigned).
    let mut sessions = Vec::new();
    for name in ["ada", "bob", "cleo", "dan"] {
        let (_, _, cookie) = request(&addr, "GET", "/", "", "");
        let body = format!(r#"{{"name":"{name}","password":"a long password"}}"#);
        let cookie = cookie.unwrap();
        let (status, answer, session) =
            request(&addr, "POST", "/api/account/signup", &cookie, &body);
        assert_eq!(status, 200, "{answer}");
        // The browser's cookies, and its session's.
        sessions.push(format!("{cookie}; {}", session.unwrap()));
    }
    let spec = FRIEND_GAME;
    let mut over = Vec::new();
    for _ in 0..5 {
        let (_, created, _) = request(&addr, "POST", "/api/games", &sessions[0], spec);
        let id = field(&created, "id").to_owned();
        let join = format!(r#"{{"invite":"{}"}}"#, field(&created, "invite"));
        let path = format!("/api/games/{id}/join");
        assert_eq!(request(&addr, "POST", &path, &sessions[1], &join).0, 200);
        let act = format!("/api/games/{id}/act");
        assert_eq!(
            request(&addr, "POST", &act, &sessions[0], r#"{"t":"move","ply":0,"move":"C"}"#).0,
            200
        );
        assert_eq!(request(&addr, "POST", &act, &sessions[1], r#"{"t":"resign"}"#).0, 200);
        over.push(id);
    }
    // Load: a game played as fast as the server answers, through the backup.
    let (_, _, south) = request(&addr, "GET", "/", "", "");
    let (_, _, north) = request(&addr, "GET", "/", "", "");
    let players = [south.unwrap(), north.unwrap()];
    let (_, created, _) = request(&addr, "POST", "/api/games", &players[0], spec);
    let busy = field(&created, "id").to_owned();
    let join = format!(r#"{{"invite":"{}"}}"#, field(&created, "invite"));
    assert_eq!(
        request(&addr, "POST", &format!("/api/games/{busy}/join"), &players[1], &join).0,
        200
    );
    let (stop, acked) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicUsize::new(0)));
    let load = {
        let (addr, busy, stop, acked) =
            (addr.clone(), busy.clone(), Arc::clone(&stop), Arc::clone(&acked));
        std::thread::spawn(move || {
            let mut ply = 0;
            while !stop.load(Ordering::Relaxed) {
                let (_, state, _) =
                    request(&addr, "GET", &format!("/api/games/{busy}"), &players[0], "");
                let state: serde_json::Value = serde_json::from_str(&state).unwrap();
                let legal = state["game"]["legal"].as_array().cloned().unwrap_or_default();
                if legal.is_empty() {
                    break; // Over.
                }
                let text = legal[ply % legal.len()]["text"].as_str().unwrap().to_owned();
                let body = format!(r#"{{"t":"move","ply":{ply},"move":"{text}"}}"#);
                let (status, answer, _) = request(
                    &addr,
                    "POST",
                    &format!("/api/games/{busy}/act"),
                    &players[ply % 2],
                    &body,
                );
                assert_eq!(status, 200, "{answer}");
                ply += 1;
                acked.store(ply, Ordering::Relaxed);
            }
        })
    };
    std::thread::sleep(std::time::Duration::from_millis(300));
    let awe = |args: &[&std::ffi::OsStr]| {
        Command::new(env!("CARGO_BIN_EXE_awe")).args(args).output().expect("awe runs")
    };
    let before = acked.load(Ordering::Relaxed);
    let backup = awe(&[
        "backup".as_ref(),
        "--to".as_ref(),
        file.as_os_str(),
        "--data-dir".as_ref(),
        live.as_os_str(),
    ]);
    assert!(backup.status.success(), "{}", String::from_utf8_lossy(&backup.stderr));
    let said = String::from_utf8_lossy(&backup.stdout);
    assert!(said.contains("6 games, 4 accounts"), "{said}");
    stop.store(true, Ordering::Relaxed);
    load.join().unwrap();
    assert!(before > 0, "the game moved before the backup");
    // A second backup to the same file is refused; a restore over a live database too.
    let again = awe(&[
        "backup".as_ref(),
        "--to".as_ref(),
        file.as_os_str(),
        "--data-dir".as_ref(),
        live.as_os_str(),
    ]);
    assert!(String::from_utf8_lossy(&again.stderr).contains("exists already"));
    let over_live = awe(&[
        "restore".as_ref(),
        "--from".as_ref(),
        file.as_os_str(),
        "--data-dir".as_ref(),
        live.as_os_str(),
    ]);
    assert!(!over_live.status.success());
    assert!(String::from_utf8_lossy(&over_live.stderr).contains("stop the server"));
    drop(server);
    // Restored into a new data folder, a server there has it all.
    let restore = awe(&[
        "restore".as_ref(),
        "--from".as_ref(),
        file.as_os_str(),
        "--data-dir".as_ref(),
        restored.as_os_str(),
    ]);
    assert!(restore.status.success(), "{}", String::from_utf8_lossy(&restore.stderr));
    let (server, addr) = common::serve(&restored, &[]);
    let _server = Killed(server);
    for id in &over {
        let (status, state, _) = request(&addr, "GET", &format!("/api/games/{id}"), "", "");
        assert_eq!(status, 200, "{state}");
        assert!(state.contains(r#""termination":"resignation""#), "{id}: {state}");
    }
    for name in ["ada", "bob", "cleo", "dan"] {
        assert_eq!(request(&addr, "GET", &format!("/api/players/{name}"), "", "").0, 200, "{name}");
    }
    let (_, state, _) = request(&addr, "GET", &format!("/api/games/{busy}"), "", "");
    let state: serde_json::Value = serde_json::from_str(&state).unwrap();
    let kept = state["game"]["ply"].as_u64().unwrap() as usize;
    assert!(kept >= before, "{kept} moves in the backup, {before} acknowledged before it began");
    // And an account signs in with its password there.
    let (_, _, cookie) = request(&addr, "GET", "/", "", "");
    let body = r#"{"name":"cleo","password":"a long password"}"#;
    assert_eq!(request(&addr, "POST", "/api/account/signin", &cookie.unwrap(), body).0, 200);
    let _ = std::fs::remove_dir_all(root);
}
