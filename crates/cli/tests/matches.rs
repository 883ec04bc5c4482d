//! `awe match` as the engines' test harness: games a few at once, stopped by the SPRT.

use std::process::Command;

fn awe(args: &[&str]) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_awe"))
        .args(args)
        .env("AWE_CACHE", std::env::temp_dir().join("awe-matches-test-empty-cache"))
        .env("AWE_ENDGAME", "off")
        .output()
        .expect("awe runs");
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    (output.status.success(), text + &String::from_utf8_lossy(&output.stderr))
}

#[test]
fn a_match_stops_when_the_sprt_decides() {
    let (ok, text) = awe(&[
        "match",
        "awele",
        "--rules",
        "abapa",
        "--a",
        "awe:5",
        "--b",
        "random",
        "--games",
        "200",
        "--time",
        "0.01",
        "--sprt",
        "0,100",
        "--concurrency",
        "2",
    ]);
    assert!(ok, "{text}");
    assert!(text.contains("H1 accepted: A is better"), "{text}");
    let played = text.lines().filter(|l| l.starts_with("game ")).count();
    assert!(played < 200, "{played} games");
    let score = text.lines().last().unwrap();
    assert!(score.starts_with("score ") && score.ends_with(&format!("/ {played}")), "{score}");
    // A weaker player is rejected.
    let (_, text) = awe(&[
        "match", "awele", "--rules", "abapa", "--a", "random", "--b", "awe:5", "--games", "200",
        "--time", "0.01", "--sprt", "0,100",
    ]);
    assert!(text.contains("H0 accepted"), "{text}");
    // Bad bounds are refused.
    let (ok, text) = awe(&["match", "awele", "--a", "random", "--b", "random", "--sprt", "10,0"]);
    assert!(!ok && text.contains("--sprt"), "{text}");
}
