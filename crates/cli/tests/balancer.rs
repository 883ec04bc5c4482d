//! Two `awe serve` processes on one PostgreSQL database behind a real HAProxy, run with the
//! configuration the operators get (deploy/haproxy.cfg), TLS ended there with a certificate
//! made here by openssl; a real Chromium plays through it (web/tests/balancer.mjs): the pages'
//! sockets on the first server, that server killed, the pages reconnected through the balancer
//! to the second mid-game with every move there, and the session cookies Secure. Without
//! HAProxy, openssl, Node.js or Chromium this test fails; it never skips (CI installs them).

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A process killed when dropped.
struct Process(Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `awe serve` behind a proxy on `database`: the process and its address.
fn serve(database: &str) -> (Process, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_awe"))
        .args(["serve", "--addr", "127.0.0.1:0", "--endgame-seeds", "12", "--database", database])
        .args(["--trust-proxy", "--secure-cookies"])
        .env("AWE_ENDGAME", "off")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("awe serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let addr = line.split("http://").nth(1).and_then(|r| r.split('/').next()).expect(&line);
    (Process(child), addr.to_owned())
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// A self-signed certificate for 127.0.0.1 and its key, in one PEM file as HAProxy reads it.
fn certificate(dir: &Path) -> PathBuf {
    let (cert, key) = (dir.join("cert.pem"), dir.join("key.pem"));
    let made = Command::new("openssl")
        .args(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"])
        .args(["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"])
        .arg("-keyout")
        .arg(&key)
        .arg("-out")
        .arg(&cert)
        .stderr(Stdio::null())
        .status()
        .expect("openssl runs (Debian's openssl)");
    assert!(made.success());
    let both = dir.join("awe.pem");
    let pem = [std::fs::read(&cert).unwrap(), std::fs::read(&key).unwrap()].concat();
    std::fs::write(&both, pem).unwrap();
    both
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_moves_to_the_other_server_through_the_balancer_when_its_server_dies() {
    let server = std::env::var("AWE_TEST_DATABASE")
        .ok()
        .filter(|url| url.starts_with("postgres"))
        .unwrap_or_else(|| "postgres://postgres@127.0.0.1/test".into());
    // SAFETY: set before any database is opened in this test process (a file of one test).
    unsafe { std::env::set_var("AWE_TEST_DATABASE", &server) };
    let database = awe_server::testing::database_url("balancer").await;
    let dir = std::env::temp_dir().join(format!("awe-balancer-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (one, one_addr) = serve(&database);
    let (_two, two_addr) = serve(&database);
    let cert = certificate(&dir);
    let socket = dir.join("haproxy.sock");
    let port = free_port();
    let config = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../deploy/haproxy.cfg");
    let haproxy = Command::new("haproxy")
        .arg("-db")
        .arg("-f")
        .arg(&config)
        .env("AWE_BIND", format!("127.0.0.1:{port}"))
        .env("AWE_CERT", &cert)
        .env("AWE_ONE", &one_addr)
        .env("AWE_TWO", &two_addr)
        .env("AWE_HAPROXY_SOCKET", &socket)
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("haproxy starts (Debian's haproxy)");
    let _haproxy = Process(haproxy);
    let started = Instant::now();
    while !socket.exists() {
        assert!(started.elapsed() < Duration::from_secs(10), "haproxy did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    let web = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web");
    let one_pid = one.0.id();
    let status = tokio::task::spawn_blocking(move || {
        Command::new("node")
            .arg("tests/balancer.mjs")
            .current_dir(&web)
            .env("AWE_URL", format!("https://127.0.0.1:{port}"))
            .env("AWE_HAPROXY_SOCKET", &socket)
            .env("AWE_KILL_PID", one_pid.to_string())
            .status()
    })
    .await
    .unwrap()
    .expect("node starts (the browser tests need Node.js, and Debian's chromium)");
    drop(one);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(status.success(), "the balancer's scenario failed: see its output above");
}
