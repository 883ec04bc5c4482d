//! The certificate of a solved position: the game it is about (board, lines, rule set, whether
//! the project's rules end quiet games or only captures do), the position, the value claimed for
//! the side to move, and a strategy: for each position of the winner (of each side, for a draw)
//! that play can reach, the move to play.
//!
//! # Format
//!
//! A text head, then the moves in binary, little-endian:
//!
//! ```text
//! awe-certificate 1
//! board mosona
//! outer-lines 1
//! end-lines 1
//! rules wikipedia
//! mode rules 50            (or: mode pure)
//! root WHITE BLACK w 0     (sets of points in hexadecimal, the side to move, plies without capture)
//! claim win                (win, draw or loss, for the side to move at the root)
//! length 11                (plies, or -: the solver's figure, which the checker does not need)
//! entries 1234
//!                          (an empty line)
//! entries × [u64 white][u64 black][u8 side: 0 white, 1 black][u8 move]
//! ```
//!
//! A set of points is a bit a point, in the order of [`crate::reference::Geometry::points`]:
//! `t1, b1, t2, b2, …` along the outer rows, then `m1, m2, …`. The move is the index of the move
//! played among the position's legal moves as [`crate::reference::Geometry::moves`] lists them
//! (ordered by the names of their points, then of the points they take). Eighteen bytes a
//! position.

use std::collections::HashMap;
use std::io::Write;

use awe_awithlaknannai::{BoardKind, BoardOptions, RuleSet};
use awe_game::Side;

/// The game a certificate is about: where only captures end it (`Pure`), or the project's rules,
/// where a repetition or this many plies without a capture end it too, more pieces winning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Rules { ply_limit: u16 },
    Pure,
}

/// A value for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Claim {
    Loss,
    Draw,
    Win,
}

impl Claim {
    pub fn name(self) -> &'static str {
        match self {
            Claim::Loss => "loss",
            Claim::Draw => "draw",
            Claim::Win => "win",
        }
    }
}

/// A position: the points of each side, the side to move, the plies played since the last
/// capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Root {
    pub white: u64,
    pub black: u64,
    pub turn: Side,
    pub quiet: u16,
}

/// A certificate.
#[derive(Clone, Debug, PartialEq)]
pub struct Certificate {
    pub board: BoardKind,
    pub options: BoardOptions,
    pub rules: RuleSet,
    pub mode: Mode,
    pub root: Root,
    pub claim: Claim,
    pub length: Option<u32>,
    /// The move of each position: (white, black, side to move) to its index.
    pub moves: HashMap<(u64, u64, Side), u8>,
}

/// Why a certificate could not be read.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    #[error("not an awe certificate (it must begin with `awe-certificate 1`)")]
    NotACertificate,
    #[error("the head's line `{0}`: {1}")]
    Head(String, String),
    #[error("the head lacks `{0}`")]
    Missing(&'static str),
    #[error("{0} entries announced, {1} bytes of them found (18 an entry)")]
    Truncated(usize, usize),
    #[error("entry {0}: {1}")]
    Entry(usize, String),
}

const MAGIC: &str = "awe-certificate 1";

impl Certificate {
    /// The certificate as bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(256 + 18 * self.moves.len());
        let bool = |b: bool| if b { 1 } else { 0 };
        let mode = match self.mode {
            Mode::Rules { ply_limit } => format!("rules {ply_limit}"),
            Mode::Pure => "pure".to_owned(),
        };
        let turn = if self.root.turn == Side::WHITE { "w" } else { "b" };
        let length = self.length.map_or("-".to_owned(), |l| l.to_string());
        let _ = write!(
            out,
            "{MAGIC}\nboard {}\nouter-lines {}\nend-lines {}\nrules {}\nmode {mode}\n\
             root {:x} {:x} {turn} {}\nclaim {}\nlength {length}\nentries {}\n\n",
            self.board.name(),
            bool(self.options.outer_lines),
            bool(self.options.end_lines),
            self.rules.name(),
            self.root.white,
            self.root.black,
            self.root.quiet,
            self.claim.name(),
            self.moves.len()
        );
        let mut entries: Vec<_> = self.moves.iter().collect();
        // Sorted, so that a certificate's bytes depend on its content alone.
        entries.sort_by_key(|((w, b, s), _)| (s.index(), *w, *b));
        for (&(white, black, side), &mv) in entries {
            out.extend_from_slice(&white.to_le_bytes());
            out.extend_from_slice(&black.to_le_bytes());
            out.push(side.index() as u8);
            out.push(mv);
        }
        out
    }

    /// Reads a certificate written by [`Certificate::to_bytes`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Certificate, FormatError> {
        let end =
            bytes.windows(2).position(|w| w == b"\n\n").ok_or(FormatError::NotACertificate)?;
        let head = std::str::from_utf8(&bytes[..end]).map_err(|_| FormatError::NotACertificate)?;
        let mut lines = head.lines();
        if lines.next() != Some(MAGIC) {
            return Err(FormatError::NotACertificate);
        }
        let mut fields: HashMap<&str, &str> = HashMap::new();
        for line in lines {
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            fields.insert(key, value);
        }
        let get = |key: &'static str| fields.get(key).copied().ok_or(FormatError::Missing(key));
        let bad =
            |key: &str, value: &str, why: String| FormatError::Head(format!("{key} {value}"), why);
        let board: BoardKind =
            get("board")?.parse().map_err(|e: awe_awithlaknannai::ParseBoardError| {
                bad("board", get("board").unwrap_or(""), e.to_string())
            })?;
        let flag = |key: &'static str| -> Result<bool, FormatError> {
            match get(key)? {
                "0" => Ok(false),
                "1" => Ok(true),
                other => Err(bad(key, other, "0 or 1".into())),
            }
        };
        let options =
            BoardOptions { outer_lines: flag("outer-lines")?, end_lines: flag("end-lines")? };
        let rules: RuleSet = get("rules")?
            .parse()
            .map_err(|e: awe_awithlaknannai::ParseRuleSetError| bad("rules", "", e.to_string()))?;
        let mode = match get("mode")?.split_once(' ') {
            None if get("mode")? == "pure" => Mode::Pure,
            Some(("rules", limit)) => match limit.parse::<u16>() {
                // The solver never writes a limit of 0 (the rules take at least one ply).
                Ok(ply_limit) if ply_limit >= 1 => Mode::Rules { ply_limit },
                _ => return Err(bad("mode", limit, "a ply limit from 1 to 65535".into())),
            },
            _ => return Err(bad("mode", get("mode")?, "`rules N` or `pure`".into())),
        };
        let root = get("root")?;
        let parts: Vec<&str> = root.split(' ').collect();
        let [white, black, turn, quiet] = parts[..] else {
            return Err(bad("root", root, "white, black, side, quiet plies".into()));
        };
        let set = |text: &str| {
            u64::from_str_radix(text, 16)
                .map_err(|_| bad("root", root, "sets in hexadecimal".into()))
        };
        let turn = match turn {
            "w" => Side::WHITE,
            "b" => Side::BLACK,
            _ => return Err(bad("root", root, "the side to move is w or b".into())),
        };
        let quiet = quiet.parse().map_err(|_| bad("root", root, "plies without capture".into()))?;
        let root = Root { white: set(white)?, black: set(black)?, turn, quiet };
        if let Mode::Rules { ply_limit } = mode
            && quiet >= ply_limit
        {
            // Over by the limit already: the solver refuses such a root.
            return Err(bad(
                "root",
                get("root")?,
                format!("fewer plies without capture than the limit, {ply_limit}"),
            ));
        }
        let claim = match get("claim")? {
            "win" => Claim::Win,
            "draw" => Claim::Draw,
            "loss" => Claim::Loss,
            other => return Err(bad("claim", other, "win, draw or loss".into())),
        };
        let length = match get("length")? {
            "-" => None,
            text => Some(text.parse().map_err(|_| bad("length", text, "plies or -".into()))?),
        };
        let count: usize = get("entries")?
            .parse()
            .map_err(|_| bad("entries", get("entries").unwrap_or(""), "a count".into()))?;
        let body = &bytes[end + 2..];
        if body.len() != count * 18 {
            return Err(FormatError::Truncated(count, body.len()));
        }
        let mut moves = HashMap::with_capacity(count);
        for (i, entry) in body.chunks_exact(18).enumerate() {
            let white = u64::from_le_bytes(entry[0..8].try_into().expect("8 bytes"));
            let black = u64::from_le_bytes(entry[8..16].try_into().expect("8 bytes"));
            let side = match entry[16] {
                0 => Side::WHITE,
                1 => Side::BLACK,
                other => return Err(FormatError::Entry(i, format!("side {other}, not 0 or 1"))),
            };
            if white & black != 0 {
                return Err(FormatError::Entry(i, "a point held by both sides".into()));
            }
            if moves.insert((white, black, side), entry[17]).is_some() {
                return Err(FormatError::Entry(i, "a position given twice".into()));
            }
        }
        Ok(Certificate { board, options, rules, mode, root, claim, length, moves })
    }
}
