//! Driving another program that speaks UGI (or UCI, its chess original).
//!
//! The program is not trusted: its lines are read with a bound on their length into a queue with
//! a bound on its size, every wait has a deadline that holds however much the program prints,
//! and the program is ended when the client is dropped.

use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use awe_game::{Game, Position};

use super::{Line, read_line, shown};

/// How long a program may take to answer `ugi` and `isready`.
const HANDSHAKE: Duration = Duration::from_secs(10);

/// Lines of the program's output held at most; past that the program waits for awe to read.
const QUEUE: usize = 1024;

/// What went wrong with another program.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    #[error("cannot start `{command}`: {error}")]
    Start { command: String, error: std::io::Error },
    #[error("the engine stopped reading its input")]
    Closed,
    #[error("the engine ended its output before answering `{0}`")]
    Ended(String),
    #[error("the engine did not answer `{word}` within {seconds:.1} s")]
    Timeout { word: String, seconds: f64 },
    #[error("the engine answered `bestmove` without a move")]
    NoMove,
    #[error("the engine says the game is over (`bestmove {0}`) where the rules go on")]
    SaysOver(String),
    #[error("the engine played `{text}`: {error}")]
    BadMove { text: String, error: String },
}

/// How a program speaks, where programs differ: the protocol, and what some engines of a game
/// want in place of the standard.
#[derive(Clone, Debug)]
pub struct Dialect {
    /// `ugi` or `uci`: the word that begins the protocol's own commands.
    pub protocol: &'static str,
    /// Written between the moves of `position … moves`: a space, or nothing for oware engines
    /// that write their moves back to back (Aalina: `moves FfEa`).
    pub move_separator: String,
    /// Sent as `setoption name NAME value VALUE` once the program is ready.
    pub options: Vec<(String, String)>,
    /// The position text of the game's standard start: a game from it is sent as `position
    /// startpos` (a UCI engine of another game may read no position text of awe's).
    pub startpos: Option<String>,
}

impl Dialect {
    /// UGI as awe speaks it.
    pub fn ugi() -> Dialect {
        Dialect::speaking("ugi")
    }

    /// `protocol` (`ugi` or `uci`), moves apart, no option, positions always as text.
    pub fn speaking(protocol: &'static str) -> Dialect {
        Dialect { protocol, move_separator: " ".to_owned(), options: Vec::new(), startpos: None }
    }
}

/// Another program speaking UGI, started by a shell command.
pub struct Client {
    child: Child,
    input: ChildStdin,
    output: mpsc::Receiver<Line>,
    dialect: Dialect,
}

impl Client {
    /// Starts `command`, a program speaking UGI, and waits for it to be ready.
    pub fn start(command: &str) -> Result<Client, ClientError> {
        Client::start_with(command, Dialect::ugi())
    }

    /// Starts `command`, a program speaking `protocol` (`ugi` or `uci`), and waits for it to be
    /// ready.
    pub fn start_speaking(command: &str, protocol: &'static str) -> Result<Client, ClientError> {
        Client::start_with(command, Dialect::speaking(protocol))
    }

    /// Starts `command`, a program speaking `dialect`, and waits for it to be ready with its
    /// options set.
    pub fn start_with(command: &str, dialect: Dialect) -> Result<Client, ClientError> {
        let start_error = |error| ClientError::Start { command: command.to_owned(), error };
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(start_error)?;
        let (Some(input), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(start_error(std::io::Error::other("no pipes to the program")));
        };
        let (lines, output) = mpsc::sync_channel(QUEUE);
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            // Ends when the program closes its output or the client is dropped.
            while let Ok(Some(line)) = read_line(&mut reader) {
                if lines.send(line).is_err() {
                    break;
                }
            }
        });
        let protocol = dialect.protocol;
        let options = dialect.options.clone();
        let mut client = Client { child, input, output, dialect };
        client.send(protocol)?;
        client.wait_for(&format!("{protocol}ok"), HANDSHAKE)?;
        for (name, value) in &options {
            client.send(&format!("setoption name {name} value {value}"))?;
        }
        client.send("isready")?;
        client.wait_for("readyok", HANDSHAKE)?;
        Ok(client)
    }

    fn send(&mut self, line: &str) -> Result<(), ClientError> {
        writeln!(self.input, "{line}").map_err(|_| ClientError::Closed)?;
        self.input.flush().map_err(|_| ClientError::Closed)
    }

    /// Waits for a line starting with `word`, at most `timeout` whatever else the program
    /// prints; returns the line.
    fn wait_for(&mut self, word: &str, timeout: Duration) -> Result<String, ClientError> {
        let timeout = timeout.min(super::MAX_MOVETIME * 2);
        let deadline = Instant::now() + timeout;
        let late =
            || ClientError::Timeout { word: word.to_owned(), seconds: timeout.as_secs_f64() };
        loop {
            let left = deadline.checked_duration_since(Instant::now()).ok_or_else(late)?;
            let line = match self.output.recv_timeout(left) {
                Ok(line) => line,
                Err(mpsc::RecvTimeoutError::Timeout) => return Err(late()),
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(ClientError::Ended(word.to_owned()));
                }
            };
            if let Line::Text(text) = line
                && text.split_whitespace().next() == Some(word)
            {
                return Ok(text);
            }
        }
    }

    /// Starts a new game.
    pub fn new_game(&mut self) -> Result<(), ClientError> {
        self.send(&format!("{}newgame", self.dialect.protocol))?;
        self.send("isready")?;
        self.wait_for("readyok", HANDSHAKE).map(|_| ())
    }

    /// The engine's move in the current position of `game`.
    pub fn choose<P: Position>(
        &mut self,
        game: &Game<P>,
        time: Duration,
    ) -> Result<P::Move, ClientError> {
        let text = self.best_move(&self.position_command(game), time)?;
        if text == "0000" || text == "(none)" {
            return Err(ClientError::SaysOver(text));
        }
        game.current()
            .parse_move(&text)
            .map_err(|e| ClientError::BadMove { text: shown(&text), error: e.to_string() })
    }

    /// The `position …` command of the current position of `game`, in the program's dialect.
    pub fn position_command<P: Position>(&self, game: &Game<P>) -> String {
        let start = game.start().position_text();
        let mut command = if self.dialect.startpos.as_ref() == Some(&start) {
            "position startpos".to_owned()
        } else {
            format!("position fen {start}")
        };
        let moves: Vec<String> = game
            .positions()
            .iter()
            .zip(game.moves())
            .map(|(position, &mv)| position.move_word(mv))
            .collect();
        if !moves.is_empty() {
            command.push_str(" moves ");
            command.push_str(&moves.join(&self.dialect.move_separator));
        }
        command
    }

    /// Sends `position` (a `position …` command), thinks for `time`, and returns the text of
    /// the best move.
    pub fn best_move(&mut self, position: &str, time: Duration) -> Result<String, ClientError> {
        self.send(position)?;
        self.send(&format!("go movetime {}", time.as_millis().max(1)))?;
        let line = self.wait_for("bestmove", time.saturating_mul(10) + Duration::from_secs(5))?;
        let text = line.split_whitespace().nth(1).ok_or(ClientError::NoMove)?;
        Ok(text.to_owned())
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.send("quit");
        // A program that does not quit within two seconds is stopped.
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
