//! UGI, the Universal Game Interface: UCI's commands for any game, with positions and moves in
//! the game's own notation. [`Session`] is awe speaking it as an engine (`awe engine`);
//! [`Client`] drives another program that speaks it (`awe match … ugi:COMMAND`), or UCI.
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
//!
//! Both ends read lines with a bound on their length, and never trust what the other side
//! prints to be UTF-8, short, or in time.

mod client;
mod session;

use std::io::{self, BufRead};

pub use client::{Client, ClientError, Dialect};
pub use session::{Flow, GoFlags, MAX_MOVETIME, Session, run};

/// The longest line either end reads: a `position` with a whole long game's moves fits.
pub const MAX_LINE: usize = 1 << 20;

/// A line read from the other side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of text, without its line ending.
    Text(String),
    /// A line that is not UTF-8.
    NotUtf8,
    /// A line longer than [`MAX_LINE`] (the rest of it was skipped).
    TooLong,
}

/// Reads the next line, holding at most [`MAX_LINE`] bytes of it; `None` at the end of the input.
pub fn read_line(input: &mut impl BufRead) -> io::Result<Option<Line>> {
    let mut bytes = Vec::new();
    let mut too_long = false;
    loop {
        let (taken, ended) = {
            let available = match input.fill_buf() {
                Ok(available) => available,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                if bytes.is_empty() && !too_long {
                    return Ok(None);
                }
                break;
            }
            let end = available.iter().position(|&b| b == b'\n');
            let taken = end.map_or(available.len(), |i| i + 1);
            // The line ending may take a byte past the bound.
            if !too_long && bytes.len() + taken > MAX_LINE + 1 {
                too_long = true;
                bytes = Vec::new();
            }
            if !too_long {
                bytes.extend_from_slice(&available[..taken]);
            }
            (taken, end.is_some())
        };
        input.consume(taken);
        if ended {
            break;
        }
    }
    if too_long {
        return Ok(Some(Line::TooLong));
    }
    while matches!(bytes.last(), Some(b'\n' | b'\r')) {
        bytes.pop();
    }
    Ok(Some(String::from_utf8(bytes).map_or(Line::NotUtf8, Line::Text)))
}

/// A text as an answer echoes it: cut after 80 characters, control characters left out.
pub fn shown(text: &str) -> String {
    cut(text, 80)
}

/// `text` without its control characters, cut after `most` characters.
pub fn cut(text: &str, most: usize) -> String {
    let mut kept = text.chars().filter(|c| !c.is_control());
    let mut shown: String = kept.by_ref().take(most).collect();
    if kept.next().is_some() {
        shown.push('…');
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_bounded_and_checked() {
        let long = "x".repeat(MAX_LINE + 10);
        let text = format!("isready\r\n\u{ff}\n{long}\nquit");
        let mut bytes = text.into_bytes();
        // Invalid UTF-8 on the second line.
        bytes[9] = 0xff;
        let mut input = io::Cursor::new(bytes);
        assert_eq!(read_line(&mut input).unwrap(), Some(Line::Text("isready".into())));
        assert_eq!(read_line(&mut input).unwrap(), Some(Line::NotUtf8));
        assert_eq!(read_line(&mut input).unwrap(), Some(Line::TooLong));
        assert_eq!(read_line(&mut input).unwrap(), Some(Line::Text("quit".into())));
        assert_eq!(read_line(&mut input).unwrap(), None);
    }

    #[test]
    fn echoes_are_cut() {
        assert_eq!(shown("go\u{1b}[2J"), "go[2J");
        let long = "y".repeat(100_000);
        assert_eq!(shown(&long).chars().count(), 81);
    }
}
