//! lichess's own Python client, berserk (from PyPI, installed by `.ci/run`), drives two bots
//! through a whole game on `awe serve`, its base URL the only change from lichess: the events,
//! the challenge accepted, the game streamed and every move (crates/cli/tests/berserk_bots.py).

mod common;

use std::path::PathBuf;
use std::process::Command;

use common::Killed;

#[test]
fn two_bots_written_with_berserk_play_a_whole_game() {
    let dir = common::fresh_dir("berserk");
    let (child, addr) = common::serve(&dir, &[]);
    let server = Killed(child);
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
