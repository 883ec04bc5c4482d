//! The pages in a real headless Chromium (Debian's `chromium`, driven by playwright-core from
//! web/tests): a whole Awélé game by clicks, an Awithlaknannai chain by clicks, an Awechec
//! decision and a chess move by drag and drop, two players through an invitation while a third
//! watches, the French interface, imports and replays. The server runs here, on a loopback port
//! with a database file of its own. Without Node.js or Chromium this test fails; it never skips.
//! Screenshots are written to web/test-output/.

mod common;

use std::path::PathBuf;
use std::process::Command;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_play_in_a_real_browser() {
    // The scenarios sign up more accounts than an address may in an hour.
    let limits = awe_server::limits::Settings { sign_ups_per_hour: 1000, ..Default::default() };
    let server = common::start_with("browser", limits).await;
    let web = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web");
    let url = format!("http://{}", server.addr);
    let status = tokio::task::spawn_blocking(move || {
        Command::new("node")
            .arg("tests/browser.mjs")
            .current_dir(&web)
            .env("AWE_URL", &url)
            .status()
    })
    .await
    .expect("the browser tests ran")
    .expect("node starts (the browser tests need Node.js, and Debian's chromium)");
    assert!(status.success(), "the browser tests failed: see their output above");
}
