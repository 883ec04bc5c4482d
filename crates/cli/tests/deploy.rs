//! The files of deploy/ as an operator uses them: the systemd unit's command run as written
//! (its state folder a temporary one), ready on `/readyz`, and stopped as systemd stops it,
//! within the unit's time; the unit verified by `systemd-analyze`; and the container files
//! (which cannot be run here: no container daemon) kept in step with the unit: the same
//! options, a health check on `/readyz`, a user of its own, the data folder a volume.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn deploy(file: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../deploy").join(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The value of a unit's `KEY=` line.
fn unit_value<'a>(unit: &'a str, key: &str) -> Option<&'a str> {
    unit.lines().find_map(|line| line.strip_prefix(key)?.strip_prefix('='))
}

/// The options of `awe serve` in a command line: `--name value` pairs and flags, in order.
fn options(words: &[&str]) -> Vec<String> {
    let serve = words.iter().position(|w| *w == "serve").expect("awe serve");
    words[serve + 1..].iter().map(|w| w.to_string()).collect()
}

/// The option names (with their values where the values are not addresses or folders).
fn in_step(options: &[String]) -> Vec<String> {
    let mut kept = Vec::new();
    let mut words = options.iter().peekable();
    while let Some(word) = words.next() {
        match word.as_str() {
            // Where to listen and where the data is differ between a machine and a container.
            "--addr" | "--metrics-addr" | "--data-dir" => {
                words.next();
                kept.push(word.clone());
            }
            _ => kept.push(word.clone()),
        }
    }
    kept
}

fn get(addr: &str, path: &str) -> (u16, String) {
    let Ok(mut stream) = TcpStream::connect(addr) else { return (0, String::new()) };
    let _ = write!(stream, "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    let status = answer.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, answer)
}

#[test]
fn the_systemd_unit_runs_as_written_and_stops_as_systemd_stops_it() {
    let unit = deploy("awe.service");
    for hardening in [
        "DynamicUser=yes",
        "NoNewPrivileges=yes",
        "ProtectSystem=strict",
        "ProtectHome=yes",
        "PrivateTmp=yes",
        "StateDirectory=awe",
        "KillSignal=SIGTERM",
    ] {
        assert!(unit.lines().any(|l| l == hardening), "the unit says {hardening}");
    }
    let exec = unit_value(&unit, "ExecStart").expect("an ExecStart");
    let words: Vec<&str> = exec.split_whitespace().collect();
    assert_eq!(words[0], "/usr/local/bin/awe");
    let stop: u64 = unit_value(&unit, "TimeoutStopSec").unwrap().parse().unwrap();
    // What systemd would give it: its state folder, the environment's AWE_CACHE.
    let state = std::env::temp_dir().join(format!("awe-deploy-unit-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&state);
    std::fs::create_dir_all(&state).unwrap();
    let mut args: Vec<String> = Vec::new();
    let mut rest = words[1..].iter();
    while let Some(word) = rest.next() {
        match *word {
            // Any free ports here.
            "--addr" | "--metrics-addr" => {
                rest.next();
                args.extend([word.to_string(), "127.0.0.1:0".into()]);
            }
            "${STATE_DIRECTORY}" => args.push(state.display().to_string()),
            _ => args.push(word.to_string()),
        }
    }
    let shutdown: f64 = args
        .iter()
        .skip_while(|a| *a != "--shutdown-timeout")
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("the unit bounds the server's stop");
    assert!(shutdown + 2.0 < stop as f64, "the server stops before systemd kills it");
    let mut child = Command::new(env!("CARGO_BIN_EXE_awe"))
        .args(&args)
        .env("AWE_CACHE", state.join("cache"))
        .env("AWE_ENDGAME", "off")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the unit's command starts");
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    let addr = line.split("http://").nth(1).and_then(|r| r.split('/').next()).expect(&line);
    let started = Instant::now();
    while get(addr, "/readyz").0 != 200 {
        assert!(started.elapsed() < Duration::from_secs(10), "never ready");
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(state.join("awe.db").exists(), "its database in its state folder");
    let signalled = Instant::now();
    assert!(
        Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap().success()
    );
    let status = child.wait().unwrap();
    assert!(status.success(), "{status}");
    assert!(signalled.elapsed() < Duration::from_secs(stop), "stopped within TimeoutStopSec");
    let mut log = String::new();
    child.stderr.take().unwrap().read_to_string(&mut log).unwrap();
    assert!(log.lines().all(|l| l.starts_with('{')), "a JSON line each (--log-format json): {log}");
    assert!(log.contains("\"stopped\""), "{log}");
    let _ = std::fs::remove_dir_all(&state);

    // systemd's own check of the unit, the binary where the unit expects it.
    if Command::new("systemd-analyze").arg("--version").output().is_ok() {
        let copy = std::env::temp_dir().join(format!("awe-{}.service", std::process::id()));
        std::fs::write(&copy, unit.replace("/usr/local/bin/awe", env!("CARGO_BIN_EXE_awe")))
            .unwrap();
        let verified = Command::new("systemd-analyze").arg("verify").arg(&copy).output().unwrap();
        let said = String::from_utf8_lossy(&verified.stderr);
        let _ = std::fs::remove_file(&copy);
        assert!(verified.status.success() && said.trim().is_empty(), "systemd-analyze: {said}");
    } else {
        eprintln!("no systemd-analyze here: the unit's command was run, not verified by systemd");
    }
}

#[test]
fn the_container_files_say_what_the_unit_says() {
    let unit = deploy("awe.service");
    let exec: Vec<&str> = unit_value(&unit, "ExecStart").unwrap().split_whitespace().collect();
    let unit_options = in_step(&options(&exec));

    let dockerfile = deploy("Dockerfile");
    let json_line = |text: &str, prefix: &str| -> Vec<String> {
        let line = text.lines().find_map(|l| l.strip_prefix(prefix)).unwrap_or("");
        serde_json::from_str(line).unwrap_or_else(|e| panic!("{prefix} in JSON form: {e}"))
    };
    assert_eq!(json_line(&dockerfile, "ENTRYPOINT "), ["/usr/local/bin/awe"]);
    let command = json_line(&dockerfile, "CMD ");
    let words: Vec<&str> = command.iter().map(String::as_str).collect();
    assert_eq!(in_step(&options(&words)), unit_options, "the image runs what the unit runs");
    let data = words.iter().skip_while(|w| **w != "--data-dir").nth(1).unwrap();
    assert!(dockerfile.contains(&format!("VOLUME {data}")), "its data folder is a volume");
    let user = dockerfile.lines().rev().find_map(|l| l.strip_prefix("USER ")).expect("a USER");
    assert!(!user.starts_with('0') && !user.starts_with("root"), "not root: {user}");
    assert!(
        dockerfile.lines().any(|l| l.contains("/readyz")) && dockerfile.contains("HEALTHCHECK"),
        "a health check on /readyz"
    );
    assert!(dockerfile.matches("\nFROM ").count() >= 3, "Node, Rust, and a slim runtime");
    assert!(dockerfile.contains("STOPSIGNAL SIGTERM"));
    let ignored = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../.dockerignore"),
    )
    .expect("a .dockerignore beside the build's context");
    for heavy in ["target/", "web/node_modules/", ".git/"] {
        assert!(ignored.lines().any(|l| l == heavy), ".dockerignore leaves out {heavy}");
    }

    // The servers of the compose file: the unit's options, then the endgame databases' bound.
    let compose = deploy("compose.yaml");
    let command = json_line(&compose, "  command: ");
    let words: Vec<&str> = command.iter().map(String::as_str).collect();
    let served = in_step(&options(&words));
    assert_eq!(served[..unit_options.len()], unit_options[..], "compose runs what the unit runs");
    for needed in [
        "  postgres:",
        "  one:",
        "  two:",
        "  balancer:",
        "dockerfile: deploy/Dockerfile",
        "./haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg",
        "AWE_DATABASE: postgres://awe:awe@postgres/awe",
    ] {
        assert!(compose.contains(needed), "compose.yaml has {needed}");
    }
    // The balancer's configuration is the one the tests run (crates/cli/tests/balancer.rs).
    let haproxy = deploy("haproxy.cfg");
    for needed in ["option httpchk GET /readyz", "option forwardfor", "ssl crt", "timeout tunnel"] {
        assert!(haproxy.contains(needed), "haproxy.cfg has {needed}");
    }
}
