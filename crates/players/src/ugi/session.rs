//! awe as an engine: a UGI session answering a controller's commands.
//!
//! [`Session`] takes one command line at a time and writes its answers; [`run`] reads lines from
//! an input on a thread of its own, so that `stop`, `quit` and `isready` are heard while a search
//! runs. Whatever a controller sends, the session answers or refuses it with an
//! `info string` line and goes on: a line that is not UTF-8, too long, a bad number, a refused
//! position.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use awe_game::{Game, Position};
use awe_search::engine::book_move;
use awe_search::score::{is_decided, plies_to_end};
use awe_search::{Evaluator, Level, Limits, Report, Searcher};

use super::{Line, MAX_LINE, cut, read_line, shown};
use crate::Playable;

/// The longest thinking time a `go` may ask for: a day.
pub const MAX_MOVETIME: Duration = Duration::from_secs(86_400);

/// The most threads a search may be given (`setoption name Threads`).
pub const MAX_THREADS: usize = 64;

/// The flags of one `go`, set by the thread that reads the controller's lines while it runs.
#[derive(Clone, Debug, Default)]
pub struct GoFlags {
    /// `stop` (or `quit`) was read: the search ends at once.
    pub stop: Arc<AtomicBool>,
    /// `ponderhit` was read: the opponent played the move a `go ponder` thinks on, and the time
    /// now runs.
    pub ponderhit: Arc<AtomicBool>,
}

/// What the session does after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// One controller's session: the game set up by `position`, the level, and the search with its
/// table kept from one `go` to the next.
pub struct Session<P: Playable> {
    start: P,
    /// `None` after a `position` command that was refused: `go` then searches nothing.
    game: Option<Game<P>>,
    level: Level,
    searcher: Searcher<P, P::Eval>,
    /// Bounds every search, whatever `go` asks (a server's analysis, a fuzzer).
    cap: Limits,
}

impl<P: Playable> Session<P> {
    /// A session for games from `start`, at the strongest level.
    pub fn new(start: P) -> Session<P> {
        Session::with_table(start, 64)
    }

    /// A session whose transposition table takes about `megabytes`.
    pub fn with_table(start: P, megabytes: usize) -> Session<P> {
        let searcher = Searcher::new(P::evaluator(&start), megabytes);
        Session {
            game: Some(Game::new(start.clone())),
            start,
            level: Level::MAX,
            searcher,
            cap: Limits::default(),
        }
    }

    /// Bounds every later search by `cap`'s depth, nodes and time, whatever `go` asks.
    pub fn cap_searches(&mut self, cap: Limits) {
        self.cap = cap;
    }

    /// Answers one command line into `out`. `flags` are those of a `go`, set by whoever reads
    /// `stop` and `ponderhit`; without them a `go ponder` searches as a plain `go`, as nobody
    /// could say `ponderhit`.
    pub fn handle(
        &mut self,
        line: &str,
        flags: Option<GoFlags>,
        out: &mut dyn Write,
    ) -> io::Result<Flow> {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            None => {}
            Some("ugi" | "uci") => {
                let protocol = words[0];
                writeln!(out, "id name awe {}", env!("CARGO_PKG_VERSION"))?;
                writeln!(out, "id author the awe developers")?;
                writeln!(out, "option name Level type spin default 10 min 1 max 10")?;
                writeln!(out, "option name Ponder type check default false")?;
                writeln!(out, "option name Threads type spin default 1 min 1 max {MAX_THREADS}")?;
                writeln!(out, "{protocol}ok")?;
            }
            Some("isready") => writeln!(out, "readyok")?,
            Some("setoption") => match words.as_slice() {
                ["setoption", "name", "Level", "value", value] => match value.parse::<Level>() {
                    Ok(level) => self.level = level,
                    Err(e) => writeln!(out, "info string setoption: {e}")?,
                },
                ["setoption", "name", "Threads", "value", value] => {
                    match value.parse::<usize>().ok().filter(|n| (1..=MAX_THREADS).contains(n)) {
                        Some(threads) => self.searcher.set_threads(threads),
                        None => writeln!(
                            out,
                            "info string setoption: Threads is a number from 1 to {MAX_THREADS}, \
                             not {}",
                            shown(value)
                        )?,
                    }
                }
                // Interfaces say whether the engine may ponder; it ponders when told `go ponder`.
                ["setoption", "name", "Ponder", "value", "true" | "false"] => {}
                _ => writeln!(out, "info string unknown option: {}", shown(line))?,
            },
            Some("uginewgame" | "ucinewgame") => {
                self.searcher.clear();
                self.game = Some(Game::new(self.start.clone()));
            }
            Some("position") => match read_position(&self.start, &words[1..]) {
                Ok(game) => self.game = Some(game),
                Err(e) => {
                    self.game = None;
                    writeln!(
                        out,
                        "info string position refused, go searches nothing until the next position: {}",
                        cut(&format!("{e:#}"), 300)
                    )?;
                }
            },
            Some("go") => self.go(&words[1..], flags, out)?,
            Some("stop") => {}
            Some("quit") => return Ok(Flow::Quit),
            Some(_) => writeln!(out, "info string unknown command: {}", shown(line))?,
        }
        out.flush()?;
        Ok(Flow::Continue)
    }

    fn go(
        &mut self,
        words: &[&str],
        flags: Option<GoFlags>,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        let Some(game) = &self.game else {
            return writeln!(
                out,
                "info string go: no position to search (the last position command was refused)"
            );
        };
        let mut limits = match read_go(words, game.current().turn()) {
            Ok(limits) => limits,
            Err(e) => {
                return writeln!(out, "info string go refused: {}", cut(&format!("{e:#}"), 300));
            }
        };
        // A move to play (not `go depth`, `nodes` or `infinite`, which ask for a search): levels 9
        // and 10 play the opening book's where it has one.
        let to_play =
            !words.iter().any(|w| matches!(*w, "depth" | "nodes" | "infinite" | "ponder"));
        if to_play
            && self.level.get() >= 9
            && let Some((mv, value)) = book_move(self.searcher.evaluator(), game)
        {
            let from_book =
                Report { depth: 0, score: value, pv: vec![mv], nodes: 0, elapsed: Duration::ZERO };
            writeln!(out, "info string book move")?;
            writeln!(out, "{}", info(game.current(), &from_book))?;
            return writeln!(out, "bestmove {}", game.current().move_text(mv));
        }
        let depth = self.searcher.evaluator().strength(self.level).depth;
        limits.depth = Some(limits.depth.unwrap_or(u32::MAX).min(depth));
        limits.depth = min_some(limits.depth, self.cap.depth);
        limits.nodes = min_some(limits.nodes, self.cap.nodes);
        limits.time = min_some(limits.time, self.cap.time);
        let pondering = words.contains(&"ponder") && flags.is_some();
        limits.stop = flags.as_ref().map(|f| Arc::clone(&f.stop));
        limits.ponder = flags.as_ref().filter(|_| pondering).map(|f| Arc::clone(&f.ponderhit));
        let current = game.current().clone();
        let mut written = Ok(());
        let report = self.searcher.search_threads(game, &limits, |r| {
            if written.is_ok() {
                written = writeln!(out, "{}", info(&current, r)).and_then(|()| out.flush());
            }
        });
        written?;
        if let Some(flags) = flags.filter(|_| pondering) {
            // The protocol wants no move before `ponderhit` or `stop`, even from a search that
            // ended (the end found, the deepest depth searched).
            while !flags.stop.load(Ordering::Relaxed) && !flags.ponderhit.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        match report.best() {
            Some(&mv) => writeln!(out, "bestmove {}", current.move_text(mv)),
            None => writeln!(out, "bestmove none"),
        }
    }
}

fn min_some<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Runs a session on `input` and `output` until `quit` or the end of the input.
///
/// A thread reads the input: it stops the search of the last `go` on `stop`, `quit` and the end of
/// the input, and on another `go` if it would not end by itself (`go infinite`, `go ponder`): a
/// search ends with its `bestmove` before the next begins, so every `go` is answered, whatever
/// the order of the commands (a script of several finite `go`s sent at once runs each whole), answers `isready` at once while
/// a search runs (and in turn otherwise, so that `readyok` never comes before the answers to
/// earlier commands), and refuses lines that are not UTF-8 or too long. The commands wait for
/// their turn in a queue without bound, so that the reader never stops reading: `stop` and
/// `quit` are always heard.
pub fn run<P: Playable>(
    start: P,
    input: impl BufRead + Send + 'static,
    output: impl Write + Send + 'static,
) -> Result<()> {
    let output: Arc<Mutex<dyn Write + Send>> = Arc::new(Mutex::new(output));
    let searching = Arc::new(AtomicBool::new(false));
    let (lines, commands) = mpsc::channel::<(Line, Option<GoFlags>)>();
    {
        let output = Arc::clone(&output);
        let searching = Arc::clone(&searching);
        std::thread::spawn(move || read_commands(input, lines, &output, &searching));
    }
    let mut session = Session::new(start);
    for (line, flag) in commands {
        let mut out = output.lock().map_err(|_| anyhow::anyhow!("output poisoned"))?;
        let text = match line {
            Line::Text(text) => text,
            Line::NotUtf8 => {
                writeln!(out, "info string refused: the line is not UTF-8 text")?;
                out.flush()?;
                continue;
            }
            Line::TooLong => {
                writeln!(out, "info string refused: a line longer than {MAX_LINE} bytes")?;
                out.flush()?;
                continue;
            }
        };
        drop(out);
        let is_go = text.split_whitespace().next() == Some("go");
        searching.store(is_go, Ordering::SeqCst);
        // The search writes its lines through a writer that takes the lock for each line, so
        // that the reader can answer `isready` between them.
        let mut writer = Locked { output: Arc::clone(&output), pending: Vec::new() };
        let flow = session.handle(&text, flag, &mut writer);
        searching.store(false, Ordering::SeqCst);
        if flow.context("cannot write to the output")? == Flow::Quit {
            break;
        }
    }
    Ok(())
}

/// A writer to the shared output that writes whole lines under one lock, so that the reader's
/// `readyok` never lands in the middle of a line.
struct Locked {
    output: Arc<Mutex<dyn Write + Send>>,
    pending: Vec<u8>,
}

impl Locked {
    fn write_out(&mut self, upto: usize) -> io::Result<()> {
        let mut out = self.output.lock().map_err(|_| io::Error::other("output poisoned"))?;
        out.write_all(&self.pending[..upto])?;
        out.flush()?;
        self.pending.drain(..upto);
        Ok(())
    }
}

impl Write for Locked {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(buf);
        if let Some(last) = self.pending.iter().rposition(|&b| b == b'\n') {
            self.write_out(last + 1)?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.write_out(self.pending.len())
    }
}

/// The reader thread of [`run`].
fn read_commands(
    mut input: impl BufRead,
    lines: mpsc::Sender<(Line, Option<GoFlags>)>,
    output: &Mutex<dyn Write + Send>,
    searching: &AtomicBool,
) {
    let mut last_go: Option<GoFlags> = None;
    // Whether the last `go` searches until told to stop.
    let mut endless = false;
    let stop = |flags: &Option<GoFlags>| {
        if let Some(flags) = flags {
            flags.stop.store(true, Ordering::Relaxed);
        }
    };
    while let Ok(Some(line)) = read_line(&mut input) {
        let word = match &line {
            Line::Text(text) => text.split_whitespace().next().unwrap_or(""),
            _ => "",
        };
        let flag = match word {
            "stop" => {
                stop(&last_go);
                continue;
            }
            "isready" if searching.load(Ordering::SeqCst) => {
                if let Ok(mut out) = output.lock() {
                    let _ = writeln!(out, "readyok");
                    let _ = out.flush();
                }
                continue;
            }
            "quit" => {
                stop(&last_go);
                None
            }
            "ponderhit" => {
                if let Some(flags) = &last_go {
                    flags.ponderhit.store(true, Ordering::Relaxed);
                }
                continue;
            }
            "go" => {
                // A search still running (or waiting its turn) that would never end by itself
                // ends first, with its move; a finite one ends in its time.
                if endless {
                    stop(&last_go);
                }
                endless = match &line {
                    Line::Text(text) => {
                        text.split_whitespace().any(|w| w == "infinite" || w == "ponder")
                    }
                    _ => false,
                };
                let flags = GoFlags::default();
                last_go = Some(flags.clone());
                Some(flags)
            }
            _ => None,
        };
        if lines.send((line, flag)).is_err() {
            return;
        }
    }
    // The end of the input is a `quit`.
    stop(&last_go);
    let _ = lines.send((Line::Text("quit".to_owned()), None));
}

/// `startpos [moves …]` or `fen TEXT [moves …]`.
fn read_position<P: Position>(start: &P, words: &[&str]) -> Result<Game<P>> {
    let moves_at = words.iter().position(|&w| w == "moves").unwrap_or(words.len());
    let first = match words.first() {
        Some(&"startpos") if moves_at == 1 => start.clone(),
        Some(&"startpos") => bail!("position startpos: expected `moves` or nothing after it"),
        Some(&"fen") => start.parse_position(&words[1..moves_at].join(" "))?,
        _ => bail!("position: expected startpos or fen"),
    };
    let mut game = Game::new(first);
    for &text in words.iter().skip(moves_at + 1) {
        let mv =
            game.current().parse_move(text).with_context(|| format!("move {}", shown(text)))?;
        game.play(mv).map_err(|e| anyhow::anyhow!("move {}: {e}", shown(text)))?;
    }
    Ok(game)
}

/// The limits of a `go`: `movetime MS`, `depth D`, `nodes N`, `infinite`, and the clocks
/// `wtime`/`btime`/`winc`/`binc`/`movestogo` (a share of the mover's time); with none, a second.
/// A word it does not know, or a number that is not one, refuses the whole command.
fn read_go(words: &[&str], turn: awe_game::Side) -> Result<Limits> {
    let mut limits = Limits::default();
    let mut infinite = false;
    let mut clock = [None::<u64>; 2];
    let mut increment = [0u64; 2];
    let mut moves_to_go = None;
    let mut iter = words.iter();
    while let Some(&word) = iter.next() {
        let mut number = |name: &str| -> Result<u64> {
            let text = iter.next().with_context(|| format!("{name} without a number"))?;
            text.parse::<u64>().map_err(|_| {
                anyhow::anyhow!("{name} `{}` is not a whole number (0 to 2^64 - 1)", shown(text))
            })
        };
        match word {
            "movetime" => {
                let ms = number(word)?;
                anyhow::ensure!(ms >= 1, "movetime must be at least 1 ms");
                limits.time = Some(Duration::from_millis(ms).min(MAX_MOVETIME));
                // This move's time alone: what is left of it would be lost.
                limits.spend_all = true;
            }
            "depth" => {
                let depth = number(word)?;
                anyhow::ensure!(depth >= 1, "depth must be at least 1");
                limits.depth = Some(depth.min(u32::MAX as u64) as u32);
            }
            "nodes" => {
                let nodes = number(word)?;
                anyhow::ensure!(nodes >= 1, "nodes must be at least 1");
                limits.nodes = Some(nodes);
            }
            "wtime" => clock[0] = Some(number(word)?),
            "btime" => clock[1] = Some(number(word)?),
            "winc" => increment[0] = number(word)?,
            "binc" => increment[1] = number(word)?,
            "movestogo" => moves_to_go = Some(number(word)?.max(1)),
            // Thinking on the opponent's time: the session sets the flag that starts the clock.
            "ponder" => {}
            "infinite" => infinite = true,
            other => bail!(
                "unknown word `{}` (known: movetime, depth, nodes, wtime, btime, winc, binc, movestogo, infinite, ponder)",
                shown(other)
            ),
        }
    }
    let me = turn.index();
    if limits.time.is_none()
        && let Some(left) = clock[me]
    {
        // A share of the time left, and most of the increment; never more than half the clock.
        let share = left / moves_to_go.unwrap_or(30).min(30) + increment[me] * 3 / 4;
        let ms = share.min(left / 2).max(1);
        limits.time = Some(Duration::from_millis(ms).min(MAX_MOVETIME));
    }
    if limits.time.is_none() && limits.depth.is_none() && limits.nodes.is_none() && !infinite {
        limits.time = Some(Duration::from_secs(1));
    }
    Ok(limits)
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
    let pv = crate::line(position, &report.pv);
    format!(
        "info depth {} score {score} nodes {} nps {} time {} pv {}",
        report.depth,
        report.nodes,
        report.nodes_per_second(),
        report.elapsed.as_millis(),
        pv.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_movetime_is_spent_and_a_clocks_share_is_not() {
        let side = awe_game::Side::South;
        let movetime = read_go(&["movetime", "300"], side).unwrap();
        assert_eq!(movetime.time, Some(Duration::from_millis(300)));
        assert!(movetime.spend_all);
        let clock = read_go(&["wtime", "30000", "btime", "30000"], side).unwrap();
        assert_eq!(clock.time, Some(Duration::from_millis(1000)));
        assert!(!clock.spend_all);
        assert!(!read_go(&[], side).unwrap().spend_all);
    }
}
