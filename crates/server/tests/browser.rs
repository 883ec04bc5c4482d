//! The pages in a real headless Chromium (Debian's `chromium`, driven by playwright-core from
//! web/tests): a whole Awélé game by clicks, an Awithlaknannai chain by clicks, an Awechec
//! decision and a chess move by drag and drop, two players through an invitation while a third
//! watches, the French interface, imports and replays. The server runs here, on a loopback port
//! with a database file of its own. Without Node.js or Chromium this test fails; it never skips.
//! Screenshots are written to web/test-output/.

use awe_site_testing as common;

use std::path::PathBuf;
use std::process::Command;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_play_in_a_real_browser() {
    // The scenarios sign up more accounts than an address may in an hour; each page says its
    // own address, as a balancer would (the fair-play rules go by address).
    let limits = awe_server::limits::Settings {
        sign_ups_per_hour: 1000,
        trust_proxy: true,
        ..Default::default()
    };
    let server = common::start_with("browser", limits).await;
    let web = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web");
    let url = format!("http://{}", server.addr);
    // Awélé puzzles for the puzzle page's scenario, their solutions told to it.
    let store = awe_server::store::Store::open(&server.database).await.unwrap();
    let abapa: awe_server::spec::Spec =
        serde_json::from_str(r#"{"game":"awele","rules":"abapa"}"#).unwrap();
    awe_server::puzzle::generate(&store, 0, 8, &[abapa.normalized().unwrap()], 7, 3).await.unwrap();
    let puzzles: Vec<serde_json::Value> = store
        .puzzles(100)
        .await
        .unwrap()
        .iter()
        .map(|p| {
            let solution: serde_json::Value = serde_json::from_str(&p.solution).unwrap();
            serde_json::json!({ "id": p.id, "solution": solution })
        })
        .collect();
    let puzzles = serde_json::Value::Array(puzzles).to_string();
    // An admin account, for the reports page.
    let mut warden = common::Browser::at(&server, "10.255.0.1");
    warden.sign_up("warden", "the warden's password").await;
    assert!(store.set_admin("warden", true).await.unwrap());
    // A second server whose first moves have 3 s, for the scenario that waits for one not to
    // come (the others' players take their time).
    let quick = awe_server::limits::Settings {
        sign_ups_per_hour: 1000,
        trust_proxy: true,
        first_move: std::time::Duration::from_secs(3),
        ..Default::default()
    };
    let quick = common::start_with("browser-first-move", quick).await;
    let quick = format!("http://{}", quick.addr);
    let status = tokio::task::spawn_blocking(move || {
        // AWE_BROWSER_ONLY="chat keyboard/awele" runs only the scenarios so named.
        let only = std::env::var("AWE_BROWSER_ONLY").unwrap_or_default();
        Command::new("node")
            .arg("tests/browser.mjs")
            .args(only.split_whitespace())
            .current_dir(&web)
            .env("AWE_URL", &url)
            .env("AWE_URL_FIRST_MOVE", &quick)
            .env("AWE_PUZZLES", &puzzles)
            .env("AWE_ADMIN", "warden:the warden's password")
            .status()
    })
    .await
    .expect("the browser tests ran")
    .expect("node starts (the browser tests need Node.js, and Debian's chromium)");
    assert!(status.success(), "the browser tests failed: see their output above");
}
