//! UGI, the Universal Game Interface: UCI's commands for any game, with positions and moves in
//! the game's own notation. `awe engine` speaks it on standard input and output; `awe match`
//! drives other programs with it (`ugi:COMMAND`).
//!
//! ```text
//! > ugi                       < id name awe …, option …, ugiok
//! > isready                   < readyok
//! > setoption name Level value 7
//! > uginewgame
//! > position startpos moves E b
//! > position fen 4,4,4,4,0,5/5,5,5,4,4,4 N 0 0 moves b
//! > go movetime 1000          < info depth 1 score cp 12 nodes 7 nps … pv …, bestmove C
//! > stop, quit
//! ```

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use awe_game::{Game, Position};
use awe_search::score::{is_decided, plies_to_end};
use awe_search::{Evaluator, Level, Limits, Report, Searcher};

use crate::args::{EngineArgs, GameName};
use crate::engines::Playable;

/// `awe engine`.
pub fn run_engine(args: EngineArgs) -> Result<()> {
    match args.game {
        GameName::Awele => {
            serve(crate::settings::awele_start(args.rules.as_deref(), None, &args.serpent)?)
        }
        GameName::Awithlaknannai => serve(crate::settings::awithlaknannai_start(
            args.rules.as_deref(),
            None,
            &args.serpent,
        )?),
        GameName::Awechec => serve(crate::settings::awechec_start(
            args.rules.as_deref(),
            None,
            &args.serpent,
            &args.awechec,
        )?),
    }
}

/// Answers UGI commands until `quit` or the end of the input.
fn serve<P: Playable>(start: P) -> Result<()> {
    // The reader answers what cannot wait for a search to end: `stop` and `quit` stop the
    // search of the last `go` read (each `go` gets its own flag, so a `stop` is never lost to the
    // `go` it follows), and `isready` is answered at once.
    let (lines, commands) = mpsc::channel::<(String, Option<Arc<AtomicBool>>)>();
    std::thread::spawn(move || {
        let mut last_go: Option<Arc<AtomicBool>> = None;
        let stop = |flag: &Option<Arc<AtomicBool>>| {
            if let Some(flag) = flag {
                flag.store(true, Ordering::Relaxed);
            }
        };
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            let line = line.trim().to_owned();
            let flag = match line.split_whitespace().next() {
                Some("stop") => {
                    stop(&last_go);
                    continue;
                }
                Some("isready") => {
                    let mut out = std::io::stdout().lock();
                    let _ = writeln!(out, "readyok");
                    let _ = out.flush();
                    continue;
                }
                Some("quit") => {
                    stop(&last_go);
                    None
                }
                Some("go") => {
                    let flag = Arc::new(AtomicBool::new(false));
                    last_go = Some(Arc::clone(&flag));
                    Some(flag)
                }
                _ => None,
            };
            if lines.send((line, flag)).is_err() {
                break;
            }
        }
        // The end of the input is a `quit`.
        stop(&last_go);
        let _ = lines.send(("quit".to_owned(), None));
    });
    let mut out = std::io::stdout();
    let mut level = Level::MAX;
    let mut searcher = Searcher::new(P::evaluator(&start), 64);
    let mut game = Game::new(start.clone());
    for (line, flag) in commands {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            None => {}
            Some("ugi") => {
                writeln!(out, "id name awe {}", env!("CARGO_PKG_VERSION"))?;
                writeln!(out, "id author the awe developers")?;
                writeln!(out, "option name Level type spin default 10 min 1 max 10")?;
                writeln!(out, "ugiok")?;
            }
            Some("setoption") => match words.as_slice() {
                ["setoption", "name", "Level", "value", value] => match value.parse::<Level>() {
                    Ok(l) => level = l,
                    Err(e) => writeln!(out, "info string {e}")?,
                },
                _ => writeln!(out, "info string unknown option: {line}")?,
            },
            Some("uginewgame") => {
                searcher.clear();
                game = Game::new(start.clone());
            }
            Some("position") => match read_position(&start, &words[1..]) {
                Ok(g) => game = g,
                Err(e) => writeln!(out, "info string {e:#}")?,
            },
            Some("go") => {
                let mut limits = read_go(&words[1..]);
                let depth = searcher.evaluator().strength(level).depth;
                limits.depth = Some(limits.depth.unwrap_or(u32::MAX).min(depth));
                limits.stop = flag;
                let current = game.current().clone();
                let report = searcher.search(&game, &limits, |r| {
                    let _ = writeln!(out, "{}", info(&current, r));
                    let _ = out.flush();
                });
                match report.best() {
                    Some(&mv) => writeln!(out, "bestmove {}", current.move_text(mv))?,
                    None => writeln!(out, "bestmove none")?,
                }
            }
            Some("quit") => break,
            Some(_) => writeln!(out, "info string unknown command: {line}")?,
        }
        out.flush()?;
    }
    Ok(())
}

/// `startpos [moves …]` or `fen TEXT [moves …]`.
fn read_position<P: Position>(start: &P, words: &[&str]) -> Result<Game<P>> {
    let moves_at = words.iter().position(|&w| w == "moves").unwrap_or(words.len());
    let first = match words.first() {
        Some(&"startpos") => start.clone(),
        Some(&"fen") => start.parse_position(&words[1..moves_at].join(" "))?,
        _ => bail!("position: expected startpos or fen"),
    };
    let mut game = Game::new(first);
    for &text in words.iter().skip(moves_at + 1) {
        let mv = game.current().parse_move(text).with_context(|| format!("move {text}"))?;
        game.play(mv).map_err(|e| anyhow::anyhow!("move {text}: {e:?}"))?;
    }
    Ok(game)
}

/// `movetime MS`, `depth D`, `nodes N`, `infinite`; with none, a second.
fn read_go(words: &[&str]) -> Limits {
    let mut limits = Limits::default();
    let mut iter = words.iter();
    while let Some(&word) = iter.next() {
        let number =
            |iter: &mut std::slice::Iter<&str>| iter.next().and_then(|w| w.parse::<u64>().ok());
        match word {
            "movetime" => limits.time = number(&mut iter).map(Duration::from_millis),
            "depth" => limits.depth = number(&mut iter).map(|d| d.min(u32::MAX as u64) as u32),
            "nodes" => limits.nodes = number(&mut iter),
            _ => {}
        }
    }
    if limits.time.is_none()
        && limits.depth.is_none()
        && limits.nodes.is_none()
        && !words.contains(&"infinite")
    {
        limits.time = Some(Duration::from_secs(1));
    }
    limits
}

/// An `info` line for a completed depth.
fn info<P: Position>(position: &P, report: &Report<P::Move>) -> String {
    let score = match plies_to_end(report.score) {
        Some(plies) if is_decided(report.score) => {
            let moves = (plies + 1) / 2;
            format!("mate {}", if report.score > 0 { moves } else { -moves })
        }
        _ => format!("cp {}", report.score),
    };
    let pv = crate::engines::line(position, &report.pv);
    format!(
        "info depth {} score {score} nodes {} nps {} time {} pv {}",
        report.depth,
        report.nodes,
        report.nodes_per_second(),
        report.elapsed.as_millis(),
        pv.join(" ")
    )
}

/// Another program speaking UGI (or UCI, its chess original), started by a shell command.
pub struct Client {
    child: Child,
    input: ChildStdin,
    output: mpsc::Receiver<String>,
    /// `ugi` or `uci`: the word that begins the protocol's own commands.
    protocol: &'static str,
}

impl Client {
    /// Starts `command`, a program speaking UGI, and waits for it to be ready.
    pub fn start(command: &str) -> Result<Client> {
        Client::start_speaking(command, "ugi")
    }

    /// Starts `command`, a program speaking `protocol` (`ugi` or `uci`), and waits for it to be
    /// ready.
    pub fn start_speaking(command: &str, protocol: &'static str) -> Result<Client> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .with_context(|| format!("cannot start `{command}`"))?;
        let input = child.stdin.take().context("no input to the engine")?;
        let stdout = child.stdout.take().context("no output from the engine")?;
        let (lines, output) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if lines.send(line).is_err() {
                    break;
                }
            }
        });
        let mut client = Client { child, input, output, protocol };
        client.send(protocol)?;
        client.wait_for(&format!("{protocol}ok"), Duration::from_secs(10))?;
        client.send("isready")?;
        client.wait_for("readyok", Duration::from_secs(10))?;
        Ok(client)
    }

    fn send(&mut self, line: &str) -> Result<()> {
        writeln!(self.input, "{line}").context("the engine stopped reading")?;
        self.input.flush().context("the engine stopped reading")
    }

    /// Waits for a line starting with `word`; returns it.
    fn wait_for(&mut self, word: &str, timeout: Duration) -> Result<String> {
        let deadline = std::time::Instant::now() + timeout.min(Duration::from_secs(86_400));
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            let line = self
                .output
                .recv_timeout(left)
                .with_context(|| format!("the engine did not answer `{word}` in time"))?;
            if line.split_whitespace().next() == Some(word) {
                return Ok(line);
            }
        }
    }

    /// Starts a new game.
    pub fn new_game(&mut self) -> Result<()> {
        self.send(&format!("{}newgame", self.protocol))?;
        self.send("isready")?;
        self.wait_for("readyok", Duration::from_secs(10)).map(|_| ())
    }

    /// The engine's move in the current position of `game`.
    pub fn choose<P: Position>(&mut self, game: &Game<P>, time: Duration) -> Result<P::Move> {
        let mut moves = Vec::new();
        for (position, &mv) in game.positions().iter().zip(game.moves()) {
            moves.push(position.move_text(mv));
        }
        let mut command = format!("position fen {}", game.start().position_text());
        if !moves.is_empty() {
            command.push_str(" moves ");
            command.push_str(&moves.join(" "));
        }
        let text = self.best_move(&command, time)?;
        game.current().parse_move(&text).with_context(|| format!("the engine played `{text}`"))
    }

    /// Sends `position` (a `position …` command), thinks for `time`, and returns the text of
    /// the best move.
    pub fn best_move(&mut self, position: &str, time: Duration) -> Result<String> {
        self.send(position)?;
        self.send(&format!("go movetime {}", time.as_millis().max(1)))?;
        let line = self.wait_for("bestmove", time.saturating_mul(10) + Duration::from_secs(5))?;
        let text = line.split_whitespace().nth(1).context("bestmove without a move")?;
        Ok(text.to_owned())
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.send("quit");
        // A program that does not quit within two seconds is stopped.
        let deadline = std::time::Instant::now() + Duration::from_secs(2);
        while std::time::Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
