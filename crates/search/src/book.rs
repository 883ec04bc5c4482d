//! Opening books: for the positions met early in a game, the move a deep search chose and what
//! it is worth, found by drop-out expansion (Lincke, 2001) and kept as text.
//!
//! The book grows a tree from the start. Each leaf is valued by a search to a fixed depth; an
//! expanded position is worth the best of its children, as in a minimax. The next position
//! expanded is the leaf cheapest to reach: each move on its path costs a fixed price a ply plus
//! how much worse it is than the best move where it is played. The book so deepens the lines
//! good play follows, and widens where moves are nearly equal.
//!
//! # Text
//!
//! ```text
//! # comments, then one line a position: its text, its move, its value (side to move's view)
//! 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0<TAB>C<TAB>37
//! ```
//!
//! ```
//! use awe_awele::{Position, RuleSet};
//! use awe_search::awele::AweleEval;
//! use awe_search::book::Book;
//! use awe_search::grow::{self, Expansion};
//!
//! let start = Position::new(RuleSet::Awechec);
//! let options = Expansion { positions: 3, depth: 2, ply_cost: 30, threads: 1 };
//! let book = grow::build(&start, AweleEval::default, &options, |_| {});
//! let again = Book::parse(&book.to_text("a small book"), &start).unwrap();
//! assert_eq!(again.len(), 3);
//! assert!(again.lookup(&start).is_some());
//! ```

use std::collections::HashMap;

use awe_game::Position;

use crate::score::Score;

/// An opening book: positions, each with its move and value.
#[derive(Clone, Debug)]
pub struct Book<P: Position> {
    /// By the position's text: the move, its text and its value.
    pub(crate) entries: HashMap<String, (P::Move, String, Score)>,
}

/// Why a book's text was refused.
#[derive(Debug, thiserror::Error)]
#[error("line {line} of the book: {reason}")]
pub struct BookError {
    pub line: usize,
    pub reason: String,
}

impl<P: Position> Book<P> {
    /// Reads a book written by [`Book::to_text`], for games of `start`'s rules: every position
    /// must read, and every move must be legal in its position.
    pub fn parse(text: &str, start: &P) -> Result<Book<P>, BookError> {
        let mut entries = HashMap::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim_end_matches('\r');
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let error = |reason: String| BookError { line: i + 1, reason };
            let fields: Vec<&str> = line.split('\t').collect();
            let [position, mv, score] = fields[..] else {
                return Err(error(format!(
                    "{} fields, not 3 (position, move, value, between tabs)",
                    fields.len()
                )));
            };
            let position = start.parse_position(position).map_err(|e| error(e.to_string()))?;
            let mv = position.parse_move(mv).map_err(|e| error(e.to_string()))?;
            if !position.is_legal(mv) || position.outcome().is_some() {
                return Err(error(format!("`{}` is no legal move here", fields[1])));
            }
            let score = score.parse().map_err(|_| error(format!("`{score}` is no value")))?;
            entries.insert(position.position_text(), (mv, position.move_text(mv), score));
        }
        Ok(Book { entries })
    }

    /// The book's move for `position` and its value for the side to move, if it has one.
    pub fn lookup(&self, position: &P) -> Option<(P::Move, Score)> {
        self.entries.get(&position.position_text()).map(|&(mv, _, score)| (mv, score))
    }

    /// Positions in the book.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether it has no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The book as text, `about` as its first comment, positions in the order of their text.
    pub fn to_text(&self, about: &str) -> String {
        let mut lines: Vec<String> = self
            .entries
            .iter()
            .map(|(position, (_, mv, score))| format!("{position}\t{mv}\t{score}"))
            .collect();
        lines.sort();
        let mut out = format!("# {about}\n# position\tmove\tvalue (side to move's view)\n");
        for line in lines {
            out.push_str(&line);
            out.push('\n');
        }
        out
    }
}
