//! `awe endgame` and the databases it builds as a user meets them: damaged files refused and
//! named, options of the other game refused, `--path` as a file or a folder.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A cache folder of the test's own, empty.
fn cache(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("awe-endgame-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// awe with `cache` as its cache.
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

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn last_line(output: &Output) -> String {
    stdout(output).lines().last().unwrap_or("").to_owned()
}

/// Three seeds left, South to move and lost: a `known loss` for a database of three seeds or
/// more.
const LOST: &str = "0,0,0,0,1,1/0,0,0,0,0,1 S 20 25";

fn analyze(cache: &Path) -> Output {
    awe(cache, &["analyze", "awele", "--position", LOST, "--time", "0.1"])
}

fn build(cache: &Path, seeds: &str) {
    let output = awe(cache, &["endgame", "awele", "--seeds", seeds]);
    assert!(output.status.success(), "{}", stderr(&output));
}

/// Every value of the file turned into its opposite, the header and the last 8 bytes (the
/// checksum) kept: a loss reads as a win of the same margin.
fn scramble(path: &Path) {
    let mut bytes = std::fs::read(path).unwrap();
    let start = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
    let end = bytes.len() - 8;
    for byte in &mut bytes[start..end] {
        *byte = byte.wrapping_neg();
    }
    std::fs::write(path, bytes).unwrap();
}

#[test]
fn a_scrambled_database_is_ignored_and_named() {
    let cache = cache("scrambled");
    build(&cache, "4");
    let output = analyze(&cache);
    assert!(last_line(&output).contains("known loss"), "{}", last_line(&output));
    let path = cache.join("awele-awechec-4.db");
    scramble(&path);
    let output = analyze(&cache);
    assert!(output.status.success(), "{}", stderr(&output));
    let warning = format!(
        "awe: ignored the endgame database {}: checksum mismatch: the file is damaged; \
         rebuild it with awe endgame awele --seeds 4\n",
        path.display()
    );
    assert_eq!(stderr(&output), warning);
    // The engine searches without it: no result announced from the database.
    assert!(!stdout(&output).contains("known"), "{}", stdout(&output));
    assert!(last_line(&output).contains("loss"), "{}", last_line(&output));
    let _ = std::fs::remove_dir_all(&cache);
}

#[test]
fn a_damaged_database_gives_way_to_a_smaller_one() {
    let cache = cache("smaller");
    build(&cache, "3");
    build(&cache, "4");
    let large = cache.join("awele-awechec-4.db");
    // Cut short, then of the old format (no `format` in the header, no checksum).
    let bytes = std::fs::read(&large).unwrap();
    std::fs::write(&large, &bytes[..bytes.len() - 100]).unwrap();
    let output = analyze(&cache);
    assert!(
        stderr(&output).contains(&format!("{}: truncated", large.display())),
        "{}",
        stderr(&output)
    );
    assert!(last_line(&output).contains("known loss"), "{}", last_line(&output));
    let start = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
    let mut old = b"awe endgame awele awechec 4\n".to_vec();
    old.extend_from_slice(&bytes[start..bytes.len() - 8]);
    std::fs::write(&large, old).unwrap();
    let output = analyze(&cache);
    assert!(stderr(&output).contains("an old format (version 1"), "{}", stderr(&output));
    assert!(stderr(&output).contains("rebuild it with awe endgame awele --seeds 4"));
    assert!(last_line(&output).contains("known loss"), "{}", last_line(&output));
    let _ = std::fs::remove_dir_all(&cache);
}

#[test]
fn options_of_the_other_game_are_refused() {
    let cache = cache("other-game");
    let output = awe(&cache, &["endgame", "awele", "--pieces", "3"]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("--pieces is for awithlaknannai"), "{}", stderr(&output));
    let output = awe(&cache, &["endgame", "awithlaknannai", "--seeds", "10"]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("--seeds is for awele"), "{}", stderr(&output));
    // Nothing was built.
    assert_eq!(std::fs::read_dir(&cache).unwrap().count(), 0);
    let _ = std::fs::remove_dir_all(&cache);
}

#[test]
fn a_folder_as_path_receives_the_database_under_its_cache_name() {
    let cache = cache("folder-cache");
    let folder = self::cache("folder");
    let output =
        awe(&cache, &["endgame", "awele", "--seeds", "3", "--path", folder.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let path = folder.join("awele-awechec-3.db");
    assert!(path.is_file());
    assert!(
        stdout(&output).contains(&format!("saved to {}", path.display())),
        "{}",
        stdout(&output)
    );
    let _ = std::fs::remove_dir_all(&cache);
    let _ = std::fs::remove_dir_all(&folder);
}

#[test]
fn a_path_that_cannot_be_written_is_named() {
    let cache = cache("unwritable");
    // A file where the path wants a folder.
    let file = cache.join("a-file");
    std::fs::write(&file, "").unwrap();
    let path = file.join("awele.db");
    let output =
        awe(&cache, &["endgame", "awele", "--seeds", "2", "--path", path.to_str().unwrap()]);
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains(&format!("cannot write {}", path.display())),
        "{}",
        stderr(&output)
    );
    let _ = std::fs::remove_dir_all(&cache);
}

#[test]
fn the_engines_build_a_small_database_at_first_need_and_use_it() {
    let cache = cache("automatic");
    let run = || {
        Command::new(env!("CARGO_BIN_EXE_awe"))
            .args(["analyze", "awele", "--position", LOST, "--time", "0.1"])
            .env("AWE_CACHE", &cache)
            .env_remove("AWE_ENDGAME")
            .output()
            .unwrap()
    };
    let output = run();
    assert!(output.status.success(), "{}", stderr(&output));
    let path = cache.join("awele-awechec-12.db");
    assert!(path.exists(), "{}", stderr(&output));
    assert!(stderr(&output).contains("building the Awélé endgame database"), "{}", stderr(&output));
    assert!(last_line(&output).contains("known loss"), "{}", last_line(&output));
    // Only the database is left in the folder: no temporary file.
    let names: Vec<_> =
        std::fs::read_dir(&cache).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names, [std::ffi::OsString::from("awele-awechec-12.db")]);
    // The second time it is there: nothing is built, nothing said.
    let output = run();
    assert_eq!(stderr(&output), "");
    assert!(last_line(&output).contains("known loss"), "{}", last_line(&output));
    // Told not to, the engines build nothing.
    std::fs::remove_file(&path).unwrap();
    let output = awe(&cache, &["analyze", "awele", "--position", LOST, "--time", "0.1"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(!path.exists());
    assert!(!stdout(&output).contains("known"), "{}", stdout(&output));
}

#[test]
fn a_database_built_on_several_threads_is_the_file_built_on_one() {
    let dir = cache("threads");
    let mut files = Vec::new();
    for threads in ["1", "3"] {
        let path = dir.join(format!("abapa-{threads}.db"));
        let path_text = path.to_str().unwrap();
        let args = ["endgame", "awele", "--rules", "abapa", "--seeds", "8", "--threads", threads];
        let output = awe(&dir, &[&args[..], &["--path", path_text]].concat());
        assert!(output.status.success(), "{}", stderr(&output));
        assert!(stdout(&output).contains(&format!("on {threads} threads")), "{}", stdout(&output));
        files.push(std::fs::read(&path).unwrap());
    }
    assert!(files[0] == files[1], "the files of 1 and 3 threads differ");
    for bad in [
        vec!["endgame", "awele", "--threads", "0"],
        vec!["endgame", "awithlaknannai", "--threads", "2"],
    ] {
        let output = awe(&dir, &bad);
        assert!(!output.status.success(), "{bad:?} was accepted");
        assert!(stderr(&output).contains("--threads"), "{bad:?}: {}", stderr(&output));
    }
}
