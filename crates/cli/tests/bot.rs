//! A bot on the site, whole: `awe serve`, then in a real headless Chromium (web/tests/bots.mjs)
//! a player makes a token on her page, `awe bot` connects `awe engine` to her account with it,
//! and another player challenges the bot from the lobby and plays a whole rated game against it.

mod common;

use std::path::PathBuf;
use std::process::Command;

use common::Killed;

#[test]
fn a_person_challenges_a_bot_bridged_to_awe_engine_and_plays_a_whole_game() {
    let dir = common::fresh_dir("bots");
    let (child, addr) = common::serve(&dir, &["--endgame-seeds", "12"]);
    let server = Killed(child);
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
