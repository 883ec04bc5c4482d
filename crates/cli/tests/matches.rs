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

/// `--openings FILE`: each pair of games begins from a line of the file, once with each colour,
/// in an order the seed shuffles; a line that is not moves from the start is refused by number.
#[test]
fn a_match_plays_the_openings_of_a_file() {
    let dir = std::env::temp_dir().join(format!("awe-openings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("openings.txt");
    std::fs::write(&file, "# two openings\nF b C d   # four plies\n\nA a\n").unwrap();
    let records = dir.join("records.txt");
    let (ok, text) = awe(&[
        "match",
        "awele",
        "--rules",
        "abapa",
        "--a",
        "greedy",
        "--b",
        "random",
        "--games",
        "4",
        "--time",
        "0.01",
        "--openings",
        file.to_str().unwrap(),
        "--records",
        records.to_str().unwrap(),
    ]);
    assert!(ok, "{text}");
    let written = std::fs::read_to_string(&records).unwrap();
    let movetexts: Vec<&str> =
        written.split("\n\n").filter(|part| part.starts_with("1.")).collect();
    assert_eq!(movetexts.len(), 4, "{written}");
    let begins = |m: &str| {
        if m.starts_with("1. F b 2. C d ") {
            "F b C d"
        } else if m.starts_with("1. A a 2. ") {
            "A a"
        } else {
            panic!("a game that begins from neither opening: {m}")
        }
    };
    // A pair plays one opening; the two pairs play both.
    assert_eq!(begins(movetexts[0]), begins(movetexts[1]), "{written}");
    assert_eq!(begins(movetexts[2]), begins(movetexts[3]), "{written}");
    assert_ne!(begins(movetexts[0]), begins(movetexts[2]), "{written}");

    std::fs::write(&file, "F b\nF b G\n").unwrap();
    let (ok, text) = awe(&[
        "match",
        "awele",
        "--a",
        "random",
        "--b",
        "random",
        "--openings",
        file.to_str().unwrap(),
    ]);
    assert!(!ok);
    assert!(text.contains("line 2: `G` is no move here"), "{text}");
    let (ok, text) =
        awe(&["match", "awele", "--a", "random", "--b", "random", "--openings", "/no/such/file"]);
    assert!(!ok);
    assert!(text.contains("--openings: cannot read /no/such/file"), "{text}");
}

/// `--from-game K`: a match played in parts plays the games of the whole match, each with its
/// number, opening and colours.
#[test]
fn a_match_in_parts_plays_the_games_of_the_whole() {
    let dir = std::env::temp_dir().join(format!("awe-from-game-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("openings.txt");
    std::fs::write(&file, "F b\nA a\nC d\n").unwrap();
    // Each game's number, the player South, and its opening, as the records write them.
    let play = |extra: &[&str], name: &str| {
        let records = dir.join(name);
        let mut args = vec!["match", "awele", "--rules", "abapa", "--a", "greedy", "--b", "random"];
        args.extend(["--time", "0.01", "--seed", "5", "--openings", file.to_str().unwrap()]);
        args.extend(["--records", records.to_str().unwrap()]);
        args.extend(extra);
        let (ok, text) = awe(&args);
        assert!(ok, "{text}");
        let written = std::fs::read_to_string(&records).unwrap();
        let parts: Vec<&str> = written.split("\n\n").collect();
        let mut games = Vec::new();
        for pair in parts.chunks(2).filter(|pair| pair.len() == 2) {
            let tag = |name: &str| {
                let start = format!("[{name} \"");
                let line = pair[0].lines().find(|l| l.starts_with(&start)).unwrap();
                line[start.len()..line.len() - 2].to_string()
            };
            let opening: String = pair[1].chars().take(7).collect();
            games.push((tag("Round").parse::<u32>().unwrap(), tag("South"), opening));
        }
        (text, games)
    };
    let (_, mut whole) = play(&["--games", "6"], "whole.txt");
    let (text, mut part) = play(&["--from-game", "3", "--games", "4"], "part.txt");
    assert_eq!(whole.len(), 6, "{whole:?}");
    assert_eq!(part.len(), 4, "{part:?}");
    assert!(text.lines().any(|l| l.starts_with("game 3: ")), "{text}");
    assert!(
        !text.lines().any(|l| l.starts_with("game 1: ") || l.starts_with("game 7: ")),
        "{text}"
    );
    part.sort();
    whole.sort();
    assert_eq!(part, whole[2..], "the part's games against the whole's");
    // Colours alternate and the three openings are all played.
    assert_ne!(whole[0].1, whole[1].1);
    let mut openings: Vec<&str> = whole.iter().map(|g| g.2.as_str()).collect();
    openings.sort();
    openings.dedup();
    assert_eq!(openings, ["1. A a ", "1. C d ", "1. F b "], "{whole:?}");
    let (ok, text) = awe(&["match", "awele", "--a", "random", "--b", "random", "--from-game", "0"]);
    assert!(!ok && text.contains("--from-game"), "{text}");
}

/// Checks a shipped file of balanced openings (bench/openings/): distinct legal positions of 4 to 8
/// plies from `start`, `per_length` of each length, none over, each valued within `margin` as
/// written; and a match between random players reads it all (`settings`: the match's game and
/// its options).
fn check_shipped_openings<P: awe_game::Position>(
    file: &str,
    start: P,
    per_length: usize,
    margin: i32,
    settings: &[&str],
) {
    use awe_game::Game;
    let path = format!("{}/../../bench/openings/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let mut seen = std::collections::HashSet::new();
    let mut lengths = [0; 9];
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (moves, comment) = line.split_once('#').unwrap();
        let mut game = Game::new(start.clone());
        for word in moves.split_whitespace() {
            let mv = game.current().parse_move(word).unwrap_or_else(|e| panic!("{line}: {e}"));
            game.play(mv).unwrap();
        }
        assert!(game.outcome().is_none(), "{line}");
        let plies = game.moves().len();
        assert!(comment.trim().starts_with(&format!("{plies} plies, ")), "{line}");
        let value: i32 = comment.rsplit(' ').next().unwrap().parse().unwrap();
        assert!(value.abs() <= margin, "{line}");
        lengths[plies] += 1;
        assert!(seen.insert(game.current().position_text()), "twice: {line}");
    }
    assert_eq!(lengths[4..], [per_length; 5], "{lengths:?}");
    let mut args = vec!["match"];
    args.extend_from_slice(settings);
    args.extend(["--a", "random", "--b", "random", "--games", "2", "--openings", &path]);
    let (ok, text) = awe(&args);
    assert!(ok, "{text}");
}

/// `bench/openings/awele-abapa.txt`: 400 positions under `abapa`, 80 of each length, within half
/// a seed of even.
#[test]
fn the_shipped_abapa_openings_are_distinct_legal_positions() {
    let start = awe_awele::Position::new(awe_awele::RuleSet::Abapa);
    check_shipped_openings("awele-abapa.txt", start, 80, 50, &["awele", "--rules", "abapa"]);
}

/// The Awithlaknannai openings for the matches against Ludii: 100 positions a board from Ludii's
/// start under `ludii`, 20 of each length, within 0.3 of a piece of even.
#[test]
fn the_shipped_awithlaknannai_openings_are_distinct_legal_positions() {
    use awe_awithlaknannai::{BoardKind, BoardOptions, Position, RuleSet, Settings, Start};
    for (kind, board) in [(BoardKind::Mosona, "mosona"), (BoardKind::KolowisLudii, "kolowis")] {
        let settings = Settings::new(kind, BoardOptions::default(), RuleSet::Ludii);
        let start = Position::start(settings, Start::Ludii, awe_game::Side::WHITE).unwrap();
        let name = kind.to_string();
        check_shipped_openings(
            &format!("awithlaknannai-{board}-ludii.txt"),
            start,
            20,
            30,
            &["awithlaknannai", "--board", &name, "--rules", "ludii", "--start", "ludii"],
        );
    }
}

/// `AWE_NET=FILE` adds a learned network to the Awélé engine of its rule set; a file that is not
/// one, or one of another rule set, is named on stderr and the engine plays without it.
#[test]
fn the_engine_reads_a_network_or_says_why_not() {
    use awe_search::awele_net::{HIDDEN, INPUTS, Network};
    let dir = std::env::temp_dir().join(format!("awe-net-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let analyse = |net: &std::path::Path| {
        let output = Command::new(env!("CARGO_BIN_EXE_awe"))
            .args(["analyze", "awele", "--rules", "abapa", "--time", "0.05"])
            .env("AWE_CACHE", dir.join("empty-cache"))
            .env("AWE_ENDGAME", "off")
            .env("AWE_NET", net)
            .output()
            .expect("awe runs");
        let out = String::from_utf8_lossy(&output.stdout).into_owned();
        (output.status.success(), out, String::from_utf8_lossy(&output.stderr).into_owned())
    };
    let zero = |rules| {
        let hidden = Box::new([[0i16; HIDDEN]; INPUTS]);
        Network::new(rules, hidden, [0; HIDDEN], [0; HIDDEN], 0).to_bytes()
    };
    let good = dir.join("abapa.net");
    std::fs::write(&good, zero(awe_awele::RuleSet::Abapa)).unwrap();
    let (ok, out, err) = analyse(&good);
    assert!(ok && out.contains("best "), "{out}{err}");
    assert!(!err.contains("AWE_NET"), "{err}");
    for (bytes, why) in [
        (b"not a network".to_vec(), "not an awe network file (it does not begin with AWE-NET)"),
        (zero(awe_awele::RuleSet::Awari), "a network for the rule set `awari`, not `abapa`"),
    ] {
        let bad = dir.join("bad.net");
        std::fs::write(&bad, bytes).unwrap();
        let (ok, out, err) = analyse(&bad);
        assert!(ok && out.contains("best "), "{out}{err}");
        assert!(err.contains(&format!("AWE_NET: {why}; the engine plays without")), "{err}");
    }
}
