//! What the command line's tests that run `awe serve` as a process share.

// Each test file uses its own part of it.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// Starts `awe serve` on a free port with `dir` as its data folder (and `args` more); returns it
/// and its address.
pub fn serve(dir: &Path, args: &[&str]) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_awe"))
        .args(["serve", "--addr", "127.0.0.1:0", "--data-dir"])
        .arg(dir)
        .args(args)
        .env("AWE_CACHE", dir.join("cache"))
        .env("AWE_ENDGAME", "off")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("awe serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    // `awe serve: open http://127.0.0.1:PORT/ (database …)`
    let addr = line.split("http://").nth(1).and_then(|r| r.split('/').next()).expect(&line);
    (child, addr.to_owned())
}

/// An empty folder of this test process's own under the temporary folder.
pub fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("awe-serve-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A server process, killed however the test ends (a server left running would hold the test's
/// output open).
pub struct Killed(pub Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}
