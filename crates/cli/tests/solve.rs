//! `awe solve --prove` as a user meets it: the proof search agrees with the retrograde solver on
//! small positions, its certificates pass `awe solve --check` in the pure game and under the
//! project's rules, its database is built once into the cache, and bad requests are refused.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn cache(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("awe-solve-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn awe(cache: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_awe"))
        .args(args)
        .env("AWE_CACHE", cache)
        .env("AWE_ENDGAME", "off")
        .output()
        .unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn solve(cache: &Path, position: &str, more: &[&str]) -> Output {
    let mut args = vec![
        "solve",
        "awithlaknannai",
        "--board",
        "mosona",
        "--rules",
        "wikipedia",
        "--position",
        position,
    ];
    args.extend_from_slice(more);
    awe(cache, &args)
}

/// The value line's claim (`win` or `loss`) and plies.
fn value(output: &Output) -> (String, u32) {
    let text = stdout(output);
    let line = text.lines().find(|l| l.starts_with("value: ")).unwrap_or_else(|| panic!("{text}"));
    let claim = line["value: ".len()..].split(' ').next().unwrap().to_owned();
    let words: Vec<&str> = line.split(' ').collect();
    let at = words.iter().position(|w| *w == "plies" || w.starts_with("plies")).unwrap();
    (claim, words[at - 1].parse().unwrap())
}

/// Positions of four pieces: a win in 17 plies for the side to move, a loss in 22.
const POSITIONS: [&str; 2] = ["..bb..../...w....w/........ w 0", ".b....../.......w./b..b.... w 0"];

#[test]
fn the_proof_search_agrees_with_the_retrograde_solver_and_its_certificates_pass_the_check() {
    let cache = cache("agree");
    for position in POSITIONS {
        let retrograde = solve(&cache, position, &["--pure"]);
        assert!(retrograde.status.success(), "{}", stdout(&retrograde));
        let file = cache.join("proof.cert");
        let file = file.to_str().unwrap();
        let proof = solve(
            &cache,
            position,
            &["--pure", "--prove", "3", "--shortest", "--certificate", file],
        );
        assert!(proof.status.success(), "{}", stdout(&proof));
        assert_eq!(value(&proof), value(&retrograde), "{position}");
        let check = awe(&cache, &["solve", "--check", file]);
        let text = stdout(&check);
        assert!(check.status.success(), "{text}");
        let plies = value(&retrograde).1;
        assert!(text.contains(&format!("within {plies} plies")), "{position}: {text}");
        // Under the project's rules the same strategy wins: every game under it ends by moves,
        // with no repetition and far from the ply limit.
        let rules = solve(&cache, position, &["--prove", "3", "--certificate", file]);
        assert!(rules.status.success(), "{}", stdout(&rules));
        assert_eq!(value(&rules).0, value(&retrograde).0, "{position}");
        let check = awe(&cache, &["solve", "--check", file]);
        let text = stdout(&check);
        assert!(check.status.success() && text.contains("the project's rules"), "{text}");
        assert!(text.contains("proved: "), "{text}");
    }
    // The database was built once and kept.
    let kept: Vec<_> = std::fs::read_dir(&cache)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|name| name.ends_with("-3-pure.db"))
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    let again = solve(&cache, POSITIONS[0], &["--pure", "--prove", "3"]);
    assert!(!stdout(&again).contains("building"), "{}", stdout(&again));
}

#[test]
fn bad_requests_are_refused_with_their_reason() {
    let cache = cache("refused");
    let position = POSITIONS[0];
    // The shortest win is the pure game's.
    let output = solve(&cache, position, &["--prove", "3", "--shortest"]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("--pure"));
    // A database of at most eight pieces.
    let output = solve(&cache, position, &["--pure", "--prove", "9"]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("--prove"));
    // A game already over.
    let output = solve(&cache, "..b...../........./........ w 0", &["--pure", "--prove", "3"]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("already over"));
    // A draw the database holds: this search proves wins only, and says where the draw is.
    let output = solve(&cache, "w......./........./.......b w 0", &["--pure", "--prove", "3"]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("holds a draw"));
    // Ludii's turn limit counts from the start, which a position does not tell.
    let mut args = vec!["solve", "awithlaknannai", "--rules", "ludii", "--position", position];
    args.extend(["--prove", "3"]);
    let output = awe(&cache, &args);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("turn limit"));
    // Too few plies to find the win: said, not claimed.
    let output =
        solve(&cache, position, &["--pure", "--prove", "3", "--shortest", "--max-depth", "5"]);
    assert!(!output.status.success());
    let reason = String::from_utf8_lossy(&output.stderr);
    assert!(reason.contains("not proven") && !stdout(&output).contains("value:"), "{reason}");
}

/// A certificate written by hand: white on T0 and T1, black on B7 (Mosona), white to move and
/// ahead in pieces, under the project's rules with a limit of `limit` plies without a capture;
/// white's strategy plays its first legal move (none captures).
fn ahead_by_the_limit(head_mode: &str, quiet: u32) -> Vec<u8> {
    let head = format!(
        "awe-certificate 1\nboard mosona\nouter-lines 1\nend-lines 1\nrules wikipedia\n\
         mode {head_mode}\nroot 5 8000 w {quiet}\nclaim win\nlength -\nentries 1\n\n"
    );
    let mut bytes = head.into_bytes();
    bytes.extend(5u64.to_le_bytes());
    bytes.extend(0x8000u64.to_le_bytes());
    bytes.extend([0, 0]);
    bytes
}

#[test]
fn the_checker_says_only_what_it_proved_and_refuses_heads_the_solver_never_writes() {
    let cache = cache("check-heads");
    let file = cache.join("limit.cert");
    let file = file.to_str().unwrap();
    // Won by the limit: every game ends after one ply, none by moves.
    std::fs::write(file, ahead_by_the_limit("rules 1", 0)).unwrap();
    let output = awe(&cache, &["solve", "--check", file]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = stdout(&output);
    let proved =
        text.lines().find(|l| l.starts_with("proved: ")).unwrap_or_else(|| panic!("{text}"));
    assert!(proved.contains("win") && proved.contains("by the limit of 1 plies"), "{proved}");
    assert!(!proved.contains("by moves"), "{proved}");
    // A limit of no ply, and a root already over by the limit: refused, with the reason.
    for (mode, quiet, reason) in
        [("rules 0", 0, "a ply limit from 1"), ("rules 1", 1, "fewer plies without capture")]
    {
        std::fs::write(file, ahead_by_the_limit(mode, quiet)).unwrap();
        let output = awe(&cache, &["solve", "--check", file]);
        assert!(!output.status.success(), "{mode} {quiet}: {}", stdout(&output));
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(error.contains(reason), "{mode} {quiet}: {error}");
    }
}
