//! lichess's own Python client, berserk (from PyPI, installed by `.ci/run`), drives two bots
//! through a whole game on `awe serve`, its base URL the only change from lichess: the events,
//! the challenge accepted, the game streamed and every move (crates/cli/tests/berserk_bots.py).

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn two_bots_written_with_berserk_play_a_whole_game() {
    let dir = std::env::temp_dir().join(format!("awe-berserk-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_awe"))
        .args(["serve", "--addr", "127.0.0.1:0", "--data-dir"])
        .arg(&dir)
        .env("AWE_CACHE", dir.join("cache"))
        .env("AWE_ENDGAME", "off")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("awe serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let server = Killed(child);
    let addr = line.split("http://").nth(1).and_then(|r| r.split('/').next()).expect(&line);
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/berserk_bots.py");
    for game in ["awele", "awithlaknannai"] {
        let out = Command::new("python3")
            .arg(&script)
            .arg(format!("http://{addr}"))
            .arg(game)
            .output()
            .expect("python3 starts");
        let said = String::from_utf8_lossy(&out.stdout);
        let errors = String::from_utf8_lossy(&out.stderr);
        assert!(
            !errors.contains("No module named 'berserk'"),
            "berserk is not installed: pip install berserk==0.14.0 (.ci/run does)"
        );
        assert!(out.status.success(), "{game}: the berserk bots failed:\n{said}\n{errors}");
        assert!(said.contains("\"result\""), "{said}");
    }
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}
