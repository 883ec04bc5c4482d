//! The `awe` command as a user runs it: its contracts on the last line printed, exit codes, and
//! messages for bad input.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// The awe command, with an empty cache: the tests see no database the machine has built.
fn awe_command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_awe"));
    command.env("AWE_CACHE", std::env::temp_dir().join("awe-cli-test-empty-cache"));
    command.env("AWE_ENDGAME", "off");
    command
}

fn awe(args: &[&str]) -> Output {
    awe_command().args(args).output().expect("awe runs")
}

fn awe_with_input(args: &[&str], input: &str) -> Output {
    let mut child = awe_command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("awe runs");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn last_line(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).lines().last().unwrap_or("").to_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A file in a folder of its own under the system's temporary folder.
fn temp_file(name: &str, contents: &str) -> PathBuf {
    let folder = std::env::temp_dir().join(format!("awe-cli-test-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let path = folder.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn perft_prints_the_count_last() {
    let out = awe(&["perft", "awele", "5", "--rules", "abapa"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(last_line(&out), "5219");
    let out = awe(&["perft", "awele", "3", "--divide"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("A "), "{text}");
    assert_eq!(last_line(&out), "190");
}

#[test]
fn perft_from_a_position_counts_finished_games_as_leaves() {
    // The chase: one seed each, one legal move a ply, back to the start after 12 plies.
    let chase = "0,0,0,0,0,1/0,0,0,0,0,1 S 23 23";
    assert_eq!(last_line(&awe(&["perft", "awele", "12", "--position", chase])), "1");
    assert_eq!(last_line(&awe(&["perft", "awele", "20", "--position", chase])), "1");
    // Famine: South cannot feed North, the game is over, a single leaf.
    let famine = "1,1,0,0,0,0/0,0,0,0,0,0 S 23 23";
    assert_eq!(last_line(&awe(&["perft", "awele", "3", "--position", famine])), "1");
}

#[test]
fn bad_arguments_are_named() {
    let out = awe(&["perft", "awele", "3", "--rules", "kalah"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("unknown Awélé rule set `kalah`"), "{}", stderr(&out));
    let out = awe(&["perft", "awele", "3", "--position", "4,4/4 S 0 0"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("--position"), "{}", stderr(&out));
}

#[test]
fn replay_prints_the_result_last() {
    let path =
        temp_file("agreed.awe", "[Game \"awele\"]\n[Result \"1/2-1/2\"]\n\n1. A b 2. C 1/2-1/2\n");
    let out = awe(&["replay", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(last_line(&out), "result: 1/2-1/2");
    let path = temp_file("unfinished.awe", "[Game \"awele\"]\n\n1. E b 2. A *\n");
    assert_eq!(last_line(&awe(&["replay", path.to_str().unwrap()])), "result: *");
}

#[test]
fn replay_refuses_a_bad_record_naming_the_token() {
    let path = temp_file("bad.awe", "[Game \"awele\"]\n\n1. E b 2. a\n");
    let out = awe(&["replay", path.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("line 3: move `a`"), "{}", stderr(&out));
    let out = awe(&["replay", "/no/such/file.awe"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("cannot read /no/such/file.awe"), "{}", stderr(&out));
    let path = temp_file("binary.awe", "");
    std::fs::write(&path, [0xff, 0xfe, 0x00]).unwrap();
    let out = awe(&["replay", path.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("is not UTF-8 text"), "{}", stderr(&out));
}

#[test]
fn two_people_play_and_the_record_is_saved() {
    let path = temp_file("played.awe", "");
    std::fs::remove_file(&path).unwrap();
    // E, then a malformed move, an illegal one, North's b, the list of moves, an agreed end.
    let out = awe_with_input(
        &["play", "awele", "--save", path.to_str().unwrap(), "--south", "Ama", "--north", "Kofi"],
        "E\nZZ\nA\nb\nmoves\nagree\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let screen = String::from_utf8_lossy(&out.stdout);
    assert!(screen.contains("Not played: `ZZ` is not a pit"), "{screen}");
    assert!(
        screen.contains("Not played: A is not legal: that pit is on the other player's row"),
        "{screen}"
    );
    assert!(screen.contains("Legal moves: A B C D F"), "{screen}");
    assert!(screen.contains("Game over (agreement)"), "{screen}");
    let record = std::fs::read_to_string(&path).unwrap();
    assert!(record.contains("[South \"Ama\"]") && record.contains("1. E b 1/2-1/2"), "{record}");
    assert_eq!(last_line(&awe(&["replay", path.to_str().unwrap()])), "result: 1/2-1/2");
}

#[test]
fn play_lists_captures_with_their_count() {
    // South's F takes 7 from a, b, c.
    let out = awe_with_input(
        &["play", "awele", "--position", "0,0,0,0,1,3/1,2,1,4,0,0 S 20 16"],
        "moves\n",
    );
    let screen = String::from_utf8_lossy(&out.stdout);
    assert!(screen.contains("Legal moves: E F(7)"), "{screen}");
}

#[test]
fn play_prints_the_record_when_not_saving_and_input_ends() {
    let out = awe_with_input(&["play", "awele", "--rules", "awari"], "C\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let screen = String::from_utf8_lossy(&out.stdout);
    assert!(screen.contains("[Rules \"awari\"]") && screen.contains("1. C *"), "{screen}");
}

#[test]
fn bench_prints_plies_per_second_last() {
    let out = awe(&["bench", "awele", "--seconds", "0.3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let last = last_line(&out);
    let number = last.strip_suffix(" plies/s").expect("ends with plies/s");
    assert!(number.parse::<u64>().unwrap() > 0, "{last}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("leaves/s"));
}

#[test]
fn perft_awithlaknannai_on_every_board() {
    let count = |args: &[&str]| last_line(&awe(&[&["perft", "awithlaknannai"], args].concat()));
    assert_eq!(count(&["3", "--rules", "bell"]), "9");
    assert_eq!(count(&["2", "--board", "kolowis-ludii", "--rules", "ludii"]), "19");
    assert_eq!(count(&["2", "--board", "kolowis", "--start", "seed002", "--rules", "bell"]), "14");
    // White's last piece, in the corner b8, boxed in by Black's: under straight jumps it can
    // neither step nor jump, and White has lost.
    let boxed = "......bb/.......bb/.....bbw w 0";
    assert_eq!(count(&["3", "--rules", "bell", "--position", boxed]), "1");
}

#[test]
fn awithlaknannai_settings_are_checked() {
    let out = awe(&["perft", "awithlaknannai", "2", "--board", "kolowis", "--start", "ludii"]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("the start ludii does not exist on the board kolowis"),
        "{}",
        stderr(&out)
    );
    let out = awe(&["perft", "awithlaknannai", "2", "--board", "hexagon"]);
    assert!(stderr(&out).contains("unknown Awithlaknannai board `hexagon`"), "{}", stderr(&out));
    let out = awe(&["perft", "awele", "2", "--board", "mosona"]);
    assert!(stderr(&out).contains("are for awithlaknannai"), "{}", stderr(&out));
    let out = awe(&["perft", "awithlaknannai", "2", "--position", "bbb/w w 0"]);
    assert!(stderr(&out).contains("--position"), "{}", stderr(&out));
}

#[test]
fn two_people_play_awithlaknannai_and_the_record_replays() {
    let path = temp_file("serpents.awe", "");
    std::fs::remove_file(&path).unwrap();
    // Under bell: White steps into the centre, then Black must take it (t4-m4 is refused).
    let out = awe_with_input(
        &[
            "play",
            "awithlaknannai",
            "--rules",
            "bell",
            "--save",
            path.to_str().unwrap(),
            "--white",
            "Ama",
        ],
        "b4-m5\nt4-m4\nt5xb4\nquit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let screen = String::from_utf8_lossy(&out.stdout);
    assert!(screen.contains("  m1   B---B---B---B---.---W---W---W---W   m9"), "{screen}");
    assert!(screen.contains("Captures: t5xb4"), "the captures on offer are listed: {screen}");
    assert!(
        screen.contains("Not played: t4-m4 is not legal here: a capture is compulsory"),
        "{screen}"
    );
    let record = std::fs::read_to_string(&path).unwrap();
    assert!(
        record.contains("[Game \"awithlaknannai\"]") && record.contains("1. b4-m5 t5xb4 *"),
        "{record}"
    );
    let out = awe(&["replay", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(last_line(&out), "result: *");
}

#[test]
fn replay_reads_an_awithlaknannai_game_to_its_end() {
    // White's last piece has one step, into m9, where Black takes it down the end line: 0-1.
    let text = "[Game \"awithlaknannai\"]\n[Rules \"bell\"]\n[Position \"......bb/......bb./.....bbw w 0\"]\n[Result \"0-1\"]\n\n1. b8-m9 t8xb8 0-1\n";
    let path = temp_file("boxed.awe", text);
    let out = awe(&["replay", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(last_line(&out), "result: 0-1");
}

const SEED_STUDY: &str = "[Game \"awechec\"]
[Language \"fr\"]
[Variant \"standard\"]
[Powers \"BBBNNBBBBNNBBBBB\"]

1. (1=B) e4 (2=B) 0
2. (3=B) Fc4 (4=N) Cc6
3. (5=N) 0 (6=B) 0
4. (7=B) Cf3 (8=B) 0
5. (9=B) Cg5 (10=N) Ch6
6. (11=N) 0 (12=B) 0
7. (13=B) Dh5 (14=B) 0
8. (15=B) Fxf7+ Cxf7
9. (16=B) Dxf7#
";

#[test]
fn replay_reads_the_awechec_study_of_the_rules() {
    let path = temp_file("seed-study.awe", SEED_STUDY);
    let output = awe(&["replay", path.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(last_line(&output), "result: 1-0");
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(text.contains("ending: checkmate, White (South) wins"), "{text}");
}

#[test]
fn replay_refuses_a_bad_awechec_record_naming_the_token() {
    let bad = SEED_STUDY.replace("(4=N) Cc6", "(4=B) Cc6");
    let path = temp_file("bad-study.awe", &bad);
    let output = awe(&["replay", path.to_str().unwrap()]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("`(4=B)`"), "{}", stderr(&output));
    assert!(stderr(&output).contains("line 7"), "{}", stderr(&output));
}

#[test]
fn two_people_play_awechec_and_the_record_replays() {
    let path = std::env::temp_dir().join(format!("awe-awechec-{}.awe", std::process::id()));
    let input = "A\nb\nZ\nundo\nb\nmoves\nagree\n";
    let output = awe_with_input(
        &["play", "awechec", "--language", "en", "--save", path.to_str().unwrap()],
        input,
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(text.contains("Awélé game 1: White (South) to move"), "{text}");
    assert!(text.contains("Not played"), "{text}");
    let record = std::fs::read_to_string(&path).unwrap();
    assert!(record.contains("1. A b 1/2-1/2"), "{record}");
    let replayed = awe(&["replay", path.to_str().unwrap()]);
    assert!(replayed.status.success(), "{}", stderr(&replayed));
    assert_eq!(last_line(&replayed), "result: 1/2-1/2");
    let _ = std::fs::remove_file(path);
}

#[test]
fn awechec_settings_are_checked() {
    for (args, message) in [
        (&["play", "awechec", "--variant", "fast"][..], "unknown variant"),
        (&["play", "awechec", "--handicap", "white:5/4"][..], "unknown handicap"),
        (&["play", "awechec", "--rules", "abapa"][..], "not for awechec"),
        (&["play", "awele", "--variant", "forced"][..], "are for awechec"),
        (&["perft", "awechec", "3"][..], "not awechec"),
    ] {
        let output = awe_with_input(args, "");
        assert!(!output.status.success(), "{args:?}");
        assert!(stderr(&output).contains(message), "{args:?}: {}", stderr(&output));
    }
}

#[test]
fn a_match_ends_with_the_score_of_a() {
    let output = awe(&[
        "match", "awele", "--a", "awe:4", "--b", "random", "--games", "4", "--time", "0.02",
        "--rules", "abapa",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let last = last_line(&output);
    let points: f64 = last
        .strip_prefix("score ")
        .and_then(|s| s.strip_suffix(" / 4"))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{last}"));
    assert!(points >= 3.0, "level 4 against random: {last}");
    let output = awe(&[
        "match",
        "awithlaknannai",
        "--a",
        "greedy",
        "--b",
        "awe:1",
        "--games",
        "2",
        "--time",
        "0.02",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(last_line(&output).ends_with(" / 2"));
}

/// Openings are played by the levels that choose among nearly best moves (1 to 4), as the help
/// says: the others would play the same opening in every pair of games.
#[test]
fn opening_levels_are_one_to_four() {
    for level in ["0", "5", "10"] {
        let output = awe(&[
            "match",
            "awele",
            "--a",
            "random",
            "--b",
            "random",
            "--games",
            "1",
            "--opening-level",
            level,
        ]);
        assert!(!output.status.success());
        assert!(stderr(&output).contains("1..=4"), "{}", stderr(&output));
    }
    let output = awe(&[
        "match",
        "awithlaknannai",
        "--board",
        "kolowis",
        "--a",
        "random",
        "--b",
        "random",
        "--games",
        "2",
        "--time",
        "0.05",
        "--opening-plies",
        "2",
        "--opening-level",
        "4",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(last_line(&output).ends_with(" / 2"));
}

/// `--records` keeps every game of a match, each a record that `awe replay` reads back to the
/// result the match printed, with each player on the side it had.
#[test]
fn a_match_writes_records_that_replay_to_its_results() {
    let games: [&[&str]; 3] = [
        &["awele", "--rules", "abapa", "--a", "greedy", "--b", "random"],
        &["awithlaknannai", "--board", "kolowis", "--a", "greedy", "--b", "random"],
        &["awechec", "--variant", "forced", "--a", "random", "--b", "greedy"],
    ];
    for (k, game) in games.iter().enumerate() {
        let path = temp_file(&format!("match-{k}.records"), "");
        let mut args = vec!["match", "--games", "3", "--time", "0.01", "--records"];
        args.push(path.to_str().unwrap());
        args.extend_from_slice(game);
        let output = awe(&args);
        assert!(output.status.success(), "{game:?}: {}", stderr(&output));
        let printed = String::from_utf8_lossy(&output.stdout).into_owned();
        let written = std::fs::read_to_string(&path).unwrap();
        let records: Vec<String> = written
            .split("\n\n[")
            .enumerate()
            .map(|(i, r)| if i == 0 { r.to_owned() } else { format!("[{r}") })
            .collect();
        assert_eq!(records.len(), 3, "{game:?}: {written}");
        for record in &records {
            let round = tag(record, "Round");
            let line = printed
                .lines()
                .find(|l| l.starts_with(&format!("game {round}: ")))
                .unwrap_or_else(|| panic!("{game:?}: no game {round} in {printed}"));
            let result = tag(record, "Result");
            assert!(line.contains(&format!(", {result} in ")), "{game:?}: {line} against {record}");
            // A plays the first side in odd rounds (the first game, the third), B in the others.
            let first = if round.parse::<u32>().unwrap() % 2 == 1 {
                game[game.len() - 3]
            } else {
                game[game.len() - 1]
            };
            let first_tag = match game[0] {
                "awele" => "South",
                _ => "White",
            };
            assert_eq!(tag(record, first_tag), first, "{game:?}: {record}");
            let file = temp_file(&format!("match-{k}-{round}.record"), record);
            let output = awe(&["replay", file.to_str().unwrap()]);
            assert!(output.status.success(), "{game:?}: {record}: {}", stderr(&output));
        }
    }
    let output = awe(&[
        "match",
        "awele",
        "--a",
        "random",
        "--b",
        "random",
        "--records",
        "/nonexistent/folder/x",
    ]);
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("--records: cannot create /nonexistent/folder/x"),
        "{}",
        stderr(&output)
    );
}

/// A tag's value in a record's text.
fn tag(record: &str, name: &str) -> String {
    let prefix = format!("[{name} \"");
    let line = record
        .lines()
        .find(|l| l.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no {name} in {record}"));
    line[prefix.len()..line.len() - 2].to_owned()
}

#[test]
fn a_match_refuses_an_unknown_player() {
    let output = awe(&["match", "awele", "--a", "awe:11", "--b", "random", "--games", "1"]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("no level"), "{}", stderr(&output));
    let output = awe(&["match", "awele", "--a", "smart", "--b", "random", "--games", "1"]);
    assert!(stderr(&output).contains("no player"), "{}", stderr(&output));
}

#[test]
fn the_engine_speaks_ugi() {
    let input = "ugi\nisready\nsetoption name Level value 6\nuginewgame\nposition startpos moves E b\ngo depth 4\nposition fen 0,0,0,0,0,1/1,3,0,0,0,0 S 24 19\ngo movetime 100\nposition fen nonsense\nquit\n";
    let output = awe_with_input(&["engine", "awele", "--rules", "abapa"], input);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(text.contains("ugiok") && text.contains("readyok"), "{text}");
    assert!(text.contains("info depth 4 "), "{text}");
    let moves: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("bestmove ")).collect();
    assert_eq!(moves.len(), 2, "{text}");
    assert_eq!(moves[1], "F(2)", "the winning capture: {text}");
    assert!(text.contains("info string"), "a bad position is reported: {text}");
}

#[test]
fn a_match_drives_another_program_over_ugi() {
    let me = env!("CARGO_BIN_EXE_awe");
    let engine = format!("ugi:{me} engine awele --rules abapa");
    let output = awe(&[
        "match", "awele", "--a", &engine, "--b", "greedy", "--games", "2", "--time", "0.02",
        "--rules", "abapa",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(last_line(&output).ends_with(" / 2"), "{}", last_line(&output));
}

/// A UCI engine of another kind (Aalina's dialect: moves back to back, `startpos`, options),
/// played by a script that writes down what it is sent and finds every game over.
#[test]
fn a_match_drives_a_uci_engine_in_its_dialect() {
    let log = temp_file("uci-sent.log", "");
    let script = temp_file(
        "fake-uci.sh",
        &format!(
            "while read line; do\n  echo \"$line\" >> {log}\n  case \"$line\" in\n    uci) echo 'id name fake'; echo uciok;;\n    isready) echo readyok;;\n    go*) echo 'bestmove 0000';;\n    quit) exit 0;;\n  esac\ndone\n",
            log = log.display()
        ),
    );
    let engine = format!("uci:sh {}", script.display());
    let output = awe(&[
        "match",
        "awele",
        "--rules",
        "abapa",
        "--a",
        "greedy",
        "--b",
        &engine,
        "--b-option",
        "OwnBook=false",
        "--b-move-separator",
        "",
        "--games",
        "1",
        "--time",
        "0.02",
    ]);
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("says the game is over (`bestmove 0000`)"),
        "{}",
        stderr(&output)
    );
    let sent = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = sent.lines().collect();
    let option = lines.iter().position(|l| *l == "setoption name OwnBook value false");
    let ready = lines.iter().position(|l| *l == "isready");
    assert!(option.is_some() && option < ready, "{sent}");
    // Two opening plies, greedy's move as South, then B's turn: three pits back to back.
    let position = lines.iter().find(|l| l.starts_with("position ")).expect("a position");
    let moves = position.strip_prefix("position startpos moves ").expect(position);
    assert_eq!(moves.len(), 3, "{position}");
    let sides: Vec<bool> = moves.chars().map(|c| c.is_ascii_uppercase()).collect();
    assert_eq!(sides, [true, false, true], "{position}");
    assert!(lines.contains(&"go movetime 20"), "{sent}");
}

#[test]
fn analyze_finds_the_best_move_and_judges_a_record() {
    let output = awe(&[
        "analyze",
        "awele",
        "--position",
        "0,0,0,0,0,1/1,3,0,0,0,0 S 24 19",
        "--rules",
        "abapa",
        "--time",
        "0.2",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(last_line(&output), "best F(2) score win in 1 line F(2)");
    let path = temp_file("analyze.awe", "[Game \"awele\"]\n[Rules \"abapa\"]\n\n1. E b 2. A c *\n");
    let output = awe(&["analyze", "awele", "--record", path.to_str().unwrap(), "--time", "0.05"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(last_line(&output).starts_with("moves 4, mistakes "), "{}", last_line(&output));
}

#[test]
fn analyze_searches_on_several_threads() {
    let position = "0,0,0,0,0,1/1,3,0,0,0,0 S 24 19";
    let args = ["analyze", "awele", "--position", position, "--rules", "abapa", "--time", "0.2"];
    let output = awe(&[&args[..], &["--threads", "2"]].concat());
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(last_line(&output), "best F(2) score win in 1 line F(2)");
    for bad in ["0", "65", "many"] {
        let output = awe(&[&args[..], &["--threads", bad]].concat());
        assert!(!output.status.success(), "--threads {bad} is refused");
        assert!(stderr(&output).contains("--threads"), "{bad}: {}", stderr(&output));
    }
}

#[test]
fn a_person_plays_the_computer() {
    let output = awe_with_input(
        &["play", "awele", "--engine", "3", "--time", "0.02", "--color", "black"],
        "a\nquit\n",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(text.contains("South plays "), "the computer opens as South: {text}");
    // Awechec: the computer opens the Awélé game as White; undo takes back a move and its reply.
    let output = awe_with_input(
        &[
            "play",
            "awechec",
            "--engine",
            "3",
            "--time",
            "0.02",
            "--color",
            "black",
            "--language",
            "en",
        ],
        "a\nundo\nquit\n",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    // D, then the reply to a; undo takes back a and the reply, and the person is to move again.
    assert_eq!(text.matches("The computer plays ").count(), 2, "{text}");
    assert!(!text.contains("Not played"), "{text}");
    assert!(!text.contains("Nothing to take back"), "{text}");
}

#[test]
fn an_endgame_database_is_built_into_the_cache_and_used() {
    let cache = std::env::temp_dir().join(format!("awe-cli-test-cache-{}", std::process::id()));
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_awe"))
            .args(args)
            .env("AWE_CACHE", &cache)
            .output()
            .unwrap()
    };
    let output = run(&["endgame", "awele", "--rules", "awari", "--seeds", "6"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(cache.join("awele-awari-6.db").exists());
    assert!(String::from_utf8_lossy(&output.stdout).contains("18564 positions"));
    // Inside the database the engine knows the result at once.
    let output = run(&[
        "analyze",
        "awele",
        "--rules",
        "awari",
        "--position",
        "0,0,0,0,1,1/0,0,0,0,0,1 S 20 25",
        "--time",
        "0.1",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(last_line(&output).contains("known loss"), "{}", last_line(&output));
    // `abapa` keeps two bounds a board, and its engine uses them.
    let output = run(&["endgame", "awele", "--rules", "abapa", "--seeds", "6"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(String::from_utf8_lossy(&output.stdout).contains("18564 positions"));
    assert!(String::from_utf8_lossy(&output.stdout).contains("37128 bytes"));
    let output = run(&[
        "analyze",
        "awele",
        "--rules",
        "abapa",
        "--position",
        "0,0,0,0,1,1/0,0,0,0,0,1 S 21 24",
        "--time",
        "0.1",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(last_line(&output).contains("known loss"), "{}", last_line(&output));
    let output = run(&["endgame", "awele", "--seeds", "25"]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("at most"), "{}", stderr(&output));
    // Awithlaknannai: a database of the board and rule set, found by the engines.
    let output = run(&["endgame", "awithlaknannai", "--pieces", "4"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(cache.join("awithlaknannai-mosona-wikipedia-4.db").exists());
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(said.contains("222051 positions"), "{said}");
    // Each balance of material, the side to move's first: 2 v 2 is C(25, 2) C(23, 2) placements.
    assert!(said.lines().any(|l| l.starts_with("2 v 2: ") && l.ends_with("(75900 positions)")));
    assert!(said.lines().any(|l| l.starts_with("3 v 1: ")), "{said}");
    let analyze = |rules: &str| {
        run(&[
            "analyze",
            "awithlaknannai",
            "--rules",
            rules,
            "--position",
            "......../..b.....b/.w....w. w 0",
            "--time",
            "0.1",
        ])
    };
    // Taking at once leads into the database, which knows the win and its length (the search's
    // depths say so); the plain search then finds a shorter win by the other capture, and that
    // is the one announced.
    let output = analyze("wikipedia");
    assert!(output.status.success(), "{}", stderr(&output));
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(said.contains("score win in 11 ") && said.contains("pv b2xm4"), "{said}");
    assert!(last_line(&output).starts_with("best b2xb3 score win in 5"), "{}", last_line(&output));
    // Another rule set has no database in the cache: the engine searches the line to its end.
    let output = analyze("bell");
    assert!(output.status.success(), "{}", stderr(&output));
    let line = last_line(&output);
    assert!(line.split(" line ").nth(1).unwrap().split(' ').count() > 5, "{line}");
    let output = run(&["endgame", "awithlaknannai", "--pieces", "9"]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("at most"), "{}", stderr(&output));
    let _ = std::fs::remove_dir_all(&cache);
}

/// Runs awe with `input`; fails if it has not finished within `seconds`.
fn awe_within(args: &[&str], input: &str, seconds: u64) -> Output {
    let mut child = awe_command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("awe runs");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("awe {args:?} still runs after {seconds} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn the_engine_stops_an_endless_search_on_stop_or_at_the_end_of_its_input() {
    for input in ["go infinite\nstop\nisready\nquit\n", "go infinite\n"] {
        let output = awe_within(&["engine", "awele"], input, 20);
        let text = String::from_utf8_lossy(&output.stdout).into_owned();
        assert!(text.contains("bestmove "), "{input:?}: {text}");
    }
}

#[test]
fn the_awechec_engine_analyses_plays_matches_and_speaks_ugi() {
    // Three White powers after 1.e4 e5 2.Bc4 Nc6: a mate five actions away.
    let output = awe(&[
        "analyze",
        "awechec",
        "--position",
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 2 3 | WWW | -",
        "--time",
        "0.5",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(last_line(&output).starts_with("best normal score win in 5"), "{}", last_line(&output));
    let output = awe(&["analyze", "awechec", "--position", "8/8 w | W | -"]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("FEN"), "{}", stderr(&output));
    let output = awe(&[
        "match",
        "awechec",
        "--a",
        "awe:3",
        "--b",
        "random",
        "--games",
        "2",
        "--time",
        "0.01",
        "--variant",
        "forced",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(last_line(&output).starts_with("score "), "{}", last_line(&output));
    // Each game's line tells its phases.
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(text.lines().next().unwrap().contains(" Awélé game"), "{text}");
    let input = "ugi\nisready\nposition startpos moves D\ngo depth 3\nquit\n";
    let output = awe_with_input(&["engine", "awechec"], input);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let best = text.lines().find_map(|l| l.strip_prefix("bestmove ")).expect("a best move");
    assert!(["a", "b", "c", "d", "e", "f"].contains(&best), "{text}");
    // The rules' own example, judged move by move: every action, decisions included.
    let study = "[Game \"awechec\"]\n[Language \"fr\"]\n[Powers \"BBBNNBBBBNNBBBBB\"]\n\n\
                 1. (1=B) e4 (2=B) 0 2. (3=B) Fc4 (4=N) Cc6 3. (5=N) 0 (6=B) 0 4. (7=B) Cf3 (8=B) 0 \
                 5. (9=B) Cg5 (10=N) Ch6 6. (11=N) 0 (12=B) 0 7. (13=B) Dh5 (14=B) 0 \
                 8. (15=B) Fxf7+ Cxf7 9. (16=B) Dxf7# 1-0\n";
    let path = temp_file("study.awechec", study);
    let output = awe(&["analyze", "awechec", "--record", path.to_str().unwrap(), "--time", "0.02"]);
    assert!(output.status.success(), "{}", stderr(&output));
    // 16 decisions, 9 granted half-moves and one reply to check.
    assert!(last_line(&output).starts_with("moves 26, "), "{}", last_line(&output));
    assert!(String::from_utf8_lossy(&output.stdout).contains("Qxf7#"), "{}", last_line(&output));
}

/// Whether Stockfish can be found as the baselines look for it.
fn stockfish_present() -> bool {
    std::env::var_os("AWE_STOCKFISH").is_some()
        || std::path::Path::new("/usr/games/stockfish").exists()
        || std::env::var_os("PATH").is_some_and(|paths| {
            std::env::split_paths(&paths).any(|dir| dir.join("stockfish").is_file())
        })
}

#[test]
fn the_awechec_baselines_play_with_stockfish() {
    if !stockfish_present() {
        // CI installs Debian's stockfish; a machine without it cannot run the baselines.
        eprintln!("stockfish not found: the baselines are not tested here");
        return;
    }
    for baseline in ["baseline", "baseline-awele"] {
        let output = awe(&[
            "match", "awechec", "--a", baseline, "--b", "random", "--games", "2", "--time", "0.01",
        ]);
        assert!(output.status.success(), "{baseline}: {}", stderr(&output));
        let last = last_line(&output);
        let points: f64 = last
            .strip_prefix("score ")
            .and_then(|s| s.strip_suffix(" / 2"))
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("{last}"));
        assert!(points >= 1.0, "{baseline} against random: {last}");
    }
    // A missing Stockfish is named.
    let output = awe_command()
        .args(["match", "awechec", "--a", "baseline", "--b", "random", "--games", "2"])
        .env("AWE_STOCKFISH", "/nonexistent/stockfish")
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(stderr(&output).contains("Stockfish"), "{}", stderr(&output));
}
