//! Issue 14: what trying `awe` as a new user and as an attacker found, each pinned by a test.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The awe under test; `AWE_TEST_BIN` names another build (an older one, to see a test fail
/// without its fix).
fn awe_command() -> Command {
    let binary = std::env::var_os("AWE_TEST_BIN").unwrap_or(env!("CARGO_BIN_EXE_awe").into());
    let mut command = Command::new(binary);
    command.env("AWE_CACHE", std::env::temp_dir().join("awe-hardening-test-empty-cache"));
    command.env("AWE_ENDGAME", "off");
    command
}

fn awe(args: &[&str]) -> Output {
    awe_command().args(args).stdin(Stdio::null()).output().expect("awe runs")
}

fn awe_with_input(args: &[&str], input: &[u8]) -> Output {
    let mut child = awe_command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("awe runs");
    // A command that stops before reading its input closes it: not an error here.
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A folder of its own for a test.
fn folder(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("awe-hardening-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&path).unwrap();
    path
}

#[test]
fn every_time_is_bounded_and_checked_before_use() {
    for (args, value) in [
        (&["bench", "awele", "--seconds"][..], "1e20"),
        (&["bench", "awele", "--seconds"][..], "1e300"),
        (&["bench", "awithlaknannai", "--seconds"][..], "1e19"),
        (&["bench", "awele", "--seconds"][..], "1e-9"),
        (&["bench", "awele", "--seconds"][..], "NaN"),
        (&["match", "awele", "--a", "random", "--b", "random", "--time"][..], "-1"),
        (&["analyze", "awele", "--time"][..], "inf"),
        (&["play", "awele", "--engine", "1", "--time"][..], "0"),
    ] {
        let started = Instant::now();
        let output = awe(&[args, &[value]].concat());
        assert!(started.elapsed() < Duration::from_secs(5), "{args:?} {value}");
        assert!(!output.status.success(), "{args:?} {value}");
        let message = stderr(&output);
        assert!(message.contains("seconds"), "{args:?} {value}: {message}");
        assert!(!message.contains("panicked") && !message.contains("-- -1"), "{message}");
    }
}

#[test]
fn a_chatty_engine_is_given_up_in_time_and_ended() {
    let started = Instant::now();
    let output = awe(&["match", "awele", "--a", "ugi:yes", "--b", "random", "--games", "1"]);
    assert!(started.elapsed() < Duration::from_secs(40), "{:?}", started.elapsed());
    assert!(!output.status.success());
    assert!(stderr(&output).contains("did not answer `ugiok`"), "{}", stderr(&output));
}

#[test]
fn the_engine_refuses_a_line_that_is_not_utf8_and_goes_on() {
    let output =
        awe_with_input(&["engine", "awele"], b"isready\n\xff\xfe\nisready\ngo depth 1\nquit\n");
    let text = stdout(&output);
    assert_eq!(text.matches("readyok").count(), 2, "{text}");
    assert!(text.contains("info string refused: the line is not UTF-8"), "{text}");
    assert!(text.contains("bestmove "), "{text}");
}

/// The French study of the rules, as a record file.
fn french_study() -> PathBuf {
    let path = folder("study").join("study.awe");
    std::fs::write(
        &path,
        "[Game \"awechec\"]\n[Language \"fr\"]\n[Powers \"BBBNNBBBBNNBBBBB\"]\n\n\
         1. (1=B) e4 (2=B) 0 2. (3=B) Fc4 (4=N) Cc6 3. (5=N) 0 (6=B) 0 \
         4. (7=B) Cf3 (8=B) 0 5. (9=B) Cg5 (10=N) Ch6 6. (11=N) 0 (12=B) 0 \
         7. (13=B) Dh5 (14=B) 0 8. (15=B) Fxf7+ Cxf7 9. (16=B) Dxf7# 1-0\n",
    )
    .unwrap();
    path
}

#[test]
fn analysis_never_marks_the_best_move_and_numbers_moves_as_records_do() {
    let study = french_study();
    let output = awe(&["analyze", "awechec", "--record", study.to_str().unwrap(), "--time", "0.1"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    for line in text.lines().filter(|l| l.contains("(best ")) {
        // `  N. MOVE[MARK] score S (best BEST, T, depth D)`
        let played = line.split_whitespace().nth(1).unwrap().trim_end_matches(['?', '!']);
        let best = line.split("(best ").nth(1).unwrap().split(',').next().unwrap();
        let marked = line.split_whitespace().nth(1).unwrap().ends_with('?')
            || line.split_whitespace().nth(1).unwrap().ends_with('!');
        if played == best {
            assert!(!marked, "the best move marked: {line}");
        }
    }
    assert!(text.contains("win in 1 (best Qxf7#, win in 1"), "{text}");
    // Awélé moves numbered in pairs, as a record numbers them.
    let record = folder("numbers").join("game.awe");
    std::fs::write(&record, "[Game \"awele\"]\n\n1. D a 2. B c *\n").unwrap();
    let output = awe(&["analyze", "awele", "--record", record.to_str().unwrap(), "--time", "0.02"]);
    let lines: Vec<String> = stdout(&output).lines().map(|l| l.trim().to_owned()).collect();
    assert!(lines[0].starts_with("1. D") && lines[1].starts_with("1... a"), "{lines:?}");
    assert!(lines[2].starts_with("2. B") && lines[3].starts_with("2... c"), "{lines:?}");
}

#[test]
fn analysis_refuses_a_record_of_another_game() {
    let study = french_study();
    let output = awe(&["analyze", "awele", "--record", study.to_str().unwrap()]);
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("is a record of `awechec`, not of awele"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_record_that_cannot_be_saved_is_refused_before_the_game() {
    for path in ["/nonexistent-folder/g.awe", ".", "/tmp"] {
        let output = awe_with_input(&["play", "awele", "--save", path], b"E\nquit\n");
        assert!(!output.status.success(), "{path}");
        assert!(stdout(&output).is_empty(), "no game is played: {}", stdout(&output));
        assert!(stderr(&output).contains(&format!("--save {path}")), "{}", stderr(&output));
    }
    // `.` leaves no stray file behind.
    let here = folder("dot");
    let output = awe_command()
        .args(["play", "awele", "--save", "."])
        .current_dir(&here)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert_eq!(std::fs::read_dir(&here).unwrap().count(), 0);
}

#[test]
fn a_record_that_could_not_be_written_after_the_game_is_printed() {
    let here = folder("vanishing");
    let path = here.join("g.awe");
    let mut child = awe_command()
        .args(["play", "awele", "--save", path.to_str().unwrap()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(b"E\n").unwrap();
    std::thread::sleep(Duration::from_millis(300));
    // The folder goes away during the game.
    std::fs::remove_dir_all(&here).unwrap();
    input.write_all(b"quit\n").unwrap();
    drop(input);
    let output = child.wait_with_output().unwrap();
    assert!(!output.status.success());
    assert!(stdout(&output).contains("[Game \"awele\"]"), "the record is printed");
    assert!(stdout(&output).contains("1. E"), "{}", stdout(&output));
    assert!(stderr(&output).contains(path.to_str().unwrap()), "{}", stderr(&output));
}

#[test]
fn names_are_shown_without_control_characters() {
    let record = folder("names").join("names.awe");
    std::fs::write(&record, "[Game \"awele\"]\n[South \"A\u{1b}[2Jma\"]\n\n1. E *\n").unwrap();
    let output = awe(&["replay", record.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(!stdout(&output).contains('\u{1b}'));
    assert!(stdout(&output).contains("A[2Jma"), "{}", stdout(&output));
    let output = awe_with_input(&["play", "awele", "--south", "Ko\u{7}\u{1b}fi"], b"quit\n");
    assert!(!stdout(&output).contains('\u{1b}') && !stdout(&output).contains('\u{7}'));
}

#[test]
fn settings_out_of_range_are_refused() {
    let output = awe(&["play", "awithlaknannai", "--ply-limit", "0"]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("--ply-limit"), "{}", stderr(&output));
    let output = awe(&["play", "awele", "--color", "black"]);
    assert!(stderr(&output).contains("add --engine"), "{}", stderr(&output));
    let output = awe(&["play", "awele", "--time", "1"]);
    assert!(stderr(&output).contains("add --engine"), "{}", stderr(&output));
}

#[test]
fn errors_are_printed_once() {
    for (args, fragment) in [
        (&["play", "awele", "--rules", "foo"][..], "`foo`"),
        (&["play", "awithlaknannai", "--board", "foo"], "`foo`"),
        (&["play", "awithlaknannai", "--start", "foo"], "`foo`"),
        (&["play", "awechec", "--variant", "foo"], "`foo`"),
        (&["play", "awechec", "--language", "foo"], "`foo`"),
        (&["play", "awechec", "--handicap", "foo"], "`foo`"),
        (&["play", "awele", "--position", "foo"], "found 1"),
        (&["play", "awithlaknannai", "--position", "foo"], "found 1"),
    ] {
        let message = stderr(&awe(args));
        assert_eq!(message.matches(fragment).count(), 1, "{args:?}: {message}");
    }
    let output = awe_with_input(&["engine", "awechec"], b"position startpos moves e4\nquit\n");
    assert_eq!(stdout(&output).matches("is not a pit").count(), 1, "{}", stdout(&output));
}

#[test]
fn agreement_says_what_it_gives_and_the_computer_answers_an_offer() {
    let output = awe_with_input(&["play", "awele", "--rules", "abapa"], b"quit\n");
    assert!(stdout(&output).contains("each player takes the seeds on their own row"));
    let output = awe_with_input(&["play", "awele"], b"quit\n");
    assert!(stdout(&output).contains("the seeds left are shared"));
    let output = awe_with_input(&["play", "awithlaknannai"], b"quit\n");
    assert!(stdout(&output).contains("more pieces wins, equal pieces is a draw"));
    let output = awe_with_input(&["play", "awithlaknannai", "--rules", "ludii"], b"quit\n");
    assert!(stdout(&output).contains("a draw, whatever the pieces"));
    // Against the computer: an offer, answered.
    let output = awe_with_input(
        &[
            "play",
            "awele",
            "--engine",
            "2",
            "--time",
            "0.05",
            "--rules",
            "abapa",
            "--position",
            "1,4,0,0,0,0/0,0,0,0,0,1 N 19 23",
        ],
        b"agree\nquit\n",
    );
    let text = stdout(&output);
    assert!(text.contains("accepts") || text.contains("declines"), "{text}");
}

#[test]
fn awechec_plays_from_a_position_in_french_throughout() {
    let output = awe_with_input(
        &["play", "awechec", "--position", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 40 | WB | -"],
        b"n\nzz\ne3\nquit\n",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("variante standard"), "{text}");
    assert!(text.contains("Coup refusé"), "{text}");
    assert!(text.contains("dernier coup : e3"), "{text}");
    for english in
        ["powers", "Not played", "Game over", "last move", "variant.", "South", "captured"]
    {
        assert!(!text.contains(english), "`{english}` in a French game: {text}");
    }
    assert!(text.contains("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 40\"]"), "{text}");
}

#[test]
fn a_match_of_awithlaknannai_names_the_colours() {
    let output =
        awe(&["match", "awithlaknannai", "--a", "random", "--b", "greedy", "--games", "2"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("A as White") && text.contains("A as Black"), "{text}");
}

#[test]
fn the_help_names_every_command_and_option() {
    let text = stdout(&awe(&["--help"]));
    for command in ["play", "replay", "analyse", "match", "engine", "perft", "endgame"] {
        assert!(text.contains(command), "{command}: {text}");
    }
    for command in ["play", "bench", "match", "engine", "analyze", "perft", "endgame"] {
        let help = stdout(&awe(&[command, "--help"]));
        let rules = help.split("--rules <RULES>").nth(1).unwrap_or("");
        assert!(rules.trim_start().starts_with("Rule set"), "{command}: {help}");
    }
    assert!(stdout(&awe(&["perft", "--help"])).contains("Plies to look ahead"));
    assert!(stdout(&awe(&["replay", "--help"])).contains("The record to check"));
}
