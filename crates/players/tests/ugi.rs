//! The engine's side of UGI, fed what a careless or hostile controller sends: every line is
//! answered or refused with an `info string`, and the session goes on.

use std::io::{Cursor, Write};
use std::sync::{Arc, Mutex};

use awe_players::ugi::{MAX_LINE, run};

/// An output the test reads back after the session.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The lines a session answers to `input`, from the Awélé start (abapa).
fn session(input: &[u8]) -> Vec<String> {
    let start = awe_awele::Position::new(awe_awele::RuleSet::Abapa);
    let output = Shared::default();
    run(start, Cursor::new(input.to_vec()), output.clone()).expect("the session ends");
    let bytes = output.0.lock().unwrap().clone();
    String::from_utf8(bytes).expect("UTF-8 answers").lines().map(str::to_owned).collect()
}

#[test]
fn a_line_that_is_not_utf8_is_refused_and_the_session_goes_on() {
    let answers = session(b"isready\n\xff\xfe\nisready\ngo depth 1\nquit\n");
    assert_eq!(answers.iter().filter(|l| *l == "readyok").count(), 2, "{answers:?}");
    assert!(answers.iter().any(|l| l.starts_with("info string") && l.contains("UTF-8")));
    assert!(answers.iter().any(|l| l.starts_with("bestmove ")), "{answers:?}");
}

#[test]
fn readyok_comes_after_the_answers_to_earlier_commands() {
    let answers = session(b"ugi\nisready\nquit\n");
    let ugiok = answers.iter().position(|l| l == "ugiok").expect("ugiok");
    let ready = answers.iter().position(|l| l == "readyok").expect("readyok");
    assert!(answers[0].starts_with("id name"), "{answers:?}");
    assert!(ugiok < ready, "{answers:?}");
    // UCI's words are answered too.
    let answers = session(b"uci\nucinewgame\nisready\nquit\n");
    assert!(answers.contains(&"uciok".to_owned()), "{answers:?}");
}

#[test]
fn after_a_refused_position_go_searches_nothing() {
    let answers = session(b"position startpos moves A Z\ngo depth 2\nquit\n");
    assert!(answers[0].starts_with("info string position refused"), "{answers:?}");
    assert!(answers.iter().all(|l| !l.starts_with("bestmove")), "{answers:?}");
    assert!(answers.iter().any(|l| l.contains("no position to search")), "{answers:?}");
    // A good position afterwards is searched.
    let answers =
        session(b"position startpos moves Z\nposition startpos moves A\ngo depth 2\nquit\n");
    assert!(answers.iter().any(|l| l.starts_with("bestmove ")), "{answers:?}");
}

#[test]
fn bad_numbers_and_words_in_go_are_refused() {
    for go in [
        "go depth -1",
        "go movetime abc",
        "go depth 99999999999999999999",
        "go depth 0",
        "go nodes",
        "go sideways 3",
    ] {
        let answers = session(format!("{go}\nquit\n").as_bytes());
        assert_eq!(answers.len(), 1, "{go}: {answers:?}");
        assert!(answers[0].starts_with("info string go refused"), "{go}: {answers:?}");
    }
    // Numbers past the deepest search are bounded, not refused.
    let answers = session(b"go depth 4000000000 nodes 2000\nquit\n");
    assert!(answers.last().unwrap().starts_with("bestmove "), "{answers:?}");
}

#[test]
fn long_lines_are_not_echoed_whole() {
    let garbage = "x".repeat(1 << 20);
    let answers = session(format!("{garbage}\nposition fen {garbage}\nquit\n").as_bytes());
    assert_eq!(answers.len(), 2, "{}", answers.len());
    assert!(answers.iter().all(|l| l.len() < 500), "{:?}", answers.iter().map(String::len));
    let longer = "y".repeat(MAX_LINE + 5);
    let answers = session(format!("{longer}\nisready\nquit\n").as_bytes());
    assert!(answers[0].contains("longer than"), "{answers:?}");
    assert_eq!(answers[1], "readyok");
}

#[test]
fn clocks_give_a_share_of_the_time_left() {
    let answers = session(b"go wtime 2000 btime 2000 winc 10 binc 10\nquit\n");
    assert!(answers.last().unwrap().starts_with("bestmove "), "{answers:?}");
}

proptest::proptest! {
    /// Whatever the lines, every one is answered or refused and the session goes on (searches
    /// bounded so that the test is quick).
    #[test]
    fn any_lines_are_answered_without_a_panic(
        lines in proptest::collection::vec(
            proptest::prop_oneof![
                "[ -~]{0,40}",
                "(go|position|setoption|ugi|isready|uginewgame)( [a-zA-Z0-9,/()-]{0,8}){0,6}",
                "position (startpos|fen [0-9,/ SN]{0,30})( moves( [A-Fa-f]){0,6})?",
            ],
            0..12,
        )
    ) {
        let start = awe_awele::Position::new(awe_awele::RuleSet::Awechec);
        let mut session = awe_players::ugi::Session::new(start);
        session.cap_searches(awe_search::Limits { nodes: Some(500), ..Default::default() });
        let mut out = Vec::new();
        for line in &lines {
            let _ = session.handle(line, None, &mut out);
        }
        proptest::prop_assert!(String::from_utf8(out).is_ok());
    }
}

/// A command of a controller, for the orderings below.
#[test]
fn threads_are_an_option_from_1_to_64() {
    let answers = session(b"uci\nquit\n");
    assert!(answers.iter().any(|l| l.starts_with("option name Threads type spin")), "{answers:?}");
    // A session answering line after line, each `go` to its end: every depth on two threads.
    let mut engine =
        awe_players::ugi::Session::new(awe_awele::Position::new(awe_awele::RuleSet::Abapa));
    let mut out = Vec::new();
    for line in ["setoption name Threads value 2", "position startpos moves A", "go depth 9"] {
        engine.handle(line, None, &mut out).expect("answered");
    }
    let answers = String::from_utf8(out).expect("UTF-8");
    assert!(!answers.contains("info string"), "{answers}");
    assert!(answers.lines().any(|l| l.starts_with("info depth 9 ")), "{answers}");
    assert!(answers.lines().last().is_some_and(|l| l.starts_with("bestmove ")), "{answers}");
    for bad in ["0", "65", "two", "-1"] {
        let line = format!("setoption name Threads value {bad}\ngo depth 1\nquit\n");
        let answers = session(line.as_bytes());
        assert!(answers[0].contains("Threads is a number from 1 to 64"), "{bad}: {answers:?}");
        assert!(answers.iter().any(|l| l.starts_with("bestmove ")), "{answers:?}");
    }
}

fn command() -> impl proptest::strategy::Strategy<Value = &'static str> {
    proptest::sample::select(vec![
        "go infinite",
        "go movetime 5",
        "go depth 2",
        "go nodes 300",
        "go ponder depth 1",
        "go wtime 50 btime 50",
        "go",
        "stop",
        "ponderhit",
        "isready",
        "uginewgame",
        "position startpos",
        "position startpos moves A",
        "position startpos moves Z",
        "setoption name Level value 3",
        "setoption name Threads value 2",
        "setoption name Threads value 0",
        "quit",
        "nonsense",
    ])
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Whatever the order of `go`, `stop`, `ponderhit`, `quit` and the rest, the session ends
    /// at `quit` or the end of the input, and every `go` before it is answered: a `bestmove`,
    /// or a refusal.
    #[test]
    fn every_ordering_of_commands_ends_and_every_go_is_answered(
        commands in proptest::collection::vec(command(), 0..16),
        ends_with_quit in proptest::bool::ANY,
    ) {
        let mut input = commands.join("\n");
        input.push('\n');
        if ends_with_quit {
            input.push_str("quit\n");
        }
        let output = Shared::default();
        let (done, finished) = std::sync::mpsc::channel();
        {
            let output = output.clone();
            let input = input.clone();
            std::thread::spawn(move || {
                let start = awe_awele::Position::new(awe_awele::RuleSet::Abapa);
                let _ = done.send(run(start, Cursor::new(input.into_bytes()), output).is_ok());
            });
        }
        let ended = finished.recv_timeout(std::time::Duration::from_secs(60));
        proptest::prop_assert_eq!(ended, Ok(true), "the session did not end: {:?}", input);
        // The commands the session reads: up to the first `quit`.
        let read: Vec<&str> = input.lines().take_while(|l| *l != "quit").collect();
        let gos = read.iter().filter(|l| l.starts_with("go")).count();
        let lines = lines_of(&output);
        let answered = lines
            .iter()
            .filter(|l| {
                l.starts_with("bestmove ")
                    || l.starts_with("info string go refused")
                    || l.contains("no position to search")
            })
            .count();
        proptest::prop_assert_eq!(answered, gos, "{:?}\n{:?}", read, lines);
    }
}

#[test]
fn a_second_go_during_go_infinite_ends_the_first_and_stop_ends_the_second() {
    let answers = session(b"ugi\nposition startpos\ngo infinite\ngo infinite\nstop\nquit\n");
    let moves = answers.iter().filter(|l| l.starts_with("bestmove ")).count();
    assert_eq!(moves, 2, "{answers:?}");
}

/// The lines written so far to `output`.
fn lines_of(output: &Shared) -> Vec<String> {
    let bytes = output.0.lock().unwrap().clone();
    String::from_utf8(bytes).unwrap().lines().map(str::to_owned).collect()
}

#[test]
fn a_pondering_search_answers_only_after_ponderhit_or_stop() {
    for ending in ["ponderhit", "stop"] {
        let (reader, mut writer) = std::io::pipe().unwrap();
        let output = Shared::default();
        let session = {
            let output = output.clone();
            let start = awe_awele::Position::new(awe_awele::RuleSet::Awechec);
            std::thread::spawn(move || run(start, std::io::BufReader::new(reader), output))
        };
        // A search to depth 2 ends at once; pondering, it still waits for the opponent's move.
        writer.write_all(b"uginewgame\nposition startpos moves A\ngo ponder depth 2\n").unwrap();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while !lines_of(&output).iter().any(|l| l.starts_with("info depth 2")) {
            assert!(std::time::Instant::now() < deadline, "{ending}: the search did not start");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        // The search has ended; the move waits for the opponent's.
        std::thread::sleep(std::time::Duration::from_millis(200));
        let before = lines_of(&output);
        assert!(!before.iter().any(|l| l.starts_with("bestmove")), "{ending}: {before:?}");
        writer.write_all(format!("{ending}\n").as_bytes()).unwrap();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while !lines_of(&output).iter().any(|l| l.starts_with("bestmove ")) {
            assert!(std::time::Instant::now() < deadline, "{ending}: no move after it");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        writer.write_all(b"quit\n").unwrap();
        session.join().unwrap().unwrap();
    }
}

#[test]
fn the_time_of_a_ponder_search_runs_from_ponderhit() {
    use awe_search::{Limits, Searcher, awele::AweleEval};
    use std::sync::atomic::AtomicBool;
    let game = awe_game::Game::new(awe_awele::Position::new(awe_awele::RuleSet::Awechec));
    // A clock of nodes: 2 ms is 2,000 nodes, a few plies.
    let search = |ponder: Option<Arc<AtomicBool>>| {
        let limits = Limits {
            depth: Some(10),
            time: Some(std::time::Duration::from_millis(2)),
            simulated_speed: Some(1_000_000),
            ponder,
            ..Limits::default()
        };
        Searcher::new(AweleEval::default(), 4).search(&game, &limits, |_| {})
    };
    let plain = search(None);
    assert!(plain.depth < 10, "depth {}", plain.depth);
    // Before `ponderhit` the time does not run: the search goes to its depth.
    let waiting = search(Some(Arc::new(AtomicBool::new(false))));
    assert_eq!(waiting.depth, 10);
    // After it, the budget is the plain search's.
    let hit = search(Some(Arc::new(AtomicBool::new(true))));
    assert_eq!((hit.depth, hit.nodes), (plain.depth, plain.nodes));
}
