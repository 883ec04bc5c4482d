//! A bot on the site, whole: `awe serve`, then in a real headless Chromium (web/tests/bots.mjs)
//! a player makes a token on her page, `awe bot` connects `awe engine` to her account with it,
//! and another player challenges the bot from the lobby and plays a whole rated game against it.

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
fn a_person_challenges_a_bot_bridged_to_awe_engine_and_plays_a_whole_game() {
    let dir = std::env::temp_dir().join(format!("awe-bots-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_awe"))
        .args(["serve", "--addr", "127.0.0.1:0", "--endgame-seeds", "12", "--data-dir"])
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
    let web = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web");
    let status = Command::new("node")
        .arg("tests/bots.mjs")
        .current_dir(&web)
        .env("AWE_URL", format!("http://{addr}"))
        .env("AWE_BIN", env!("CARGO_BIN_EXE_awe"))
        .env("AWE_CACHE", dir.join("cache"))
        .env("AWE_ENDGAME", "off")
        .status()
        .expect("node starts (the browser tests need Node.js, and Debian's chromium)");
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(status.success(), "the bot's scenario failed: see its output above");
}
