//! The text shape shared by the game records of every game: tag pairs, then the moves.
//!
//! ```text
//! [Game "awele"]
//! [Rules "awechec"]
//! [Result "1-0"]
//!
//! 1. E(3) b 2. A c 1-0
//! ```
//!
//! Each game reads its own moves; this module reads the tags and cuts the movetext into tokens
//! (move numbers, moves, comments in braces, the result), each with the line it stands on, so
//! that an error can name the first bad token.

use std::fmt;

use crate::{Game, GameResult, Position, Side};

/// A record: tags in order, and the movetext as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    tags: Vec<(String, String)>,
    movetext: String,
    /// Line of the file on which the movetext starts (1-based).
    movetext_line: usize,
}

/// Why a record's text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("line {line}: malformed tag `{text}` (expected [Name \"value\"])")]
    BadTag { line: usize, text: String },
    #[error("line {line}: tag `{name}` given twice")]
    DuplicateTag { line: usize, name: String },
    #[error("line {line}: comment opened with `{{` is never closed")]
    UnclosedComment { line: usize },
    #[error("line {line}: `}}` closes no comment")]
    StrayBrace { line: usize },
}

/// One token of a movetext.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind<'a> {
    /// `12.` (White/South's move follows) or `12...` (Black/North's move follows).
    MoveNumber { number: u32, continuation: bool },
    /// A result token: `1-0`, `0-1`, `1/2-1/2`, `*`.
    Result(GameResult),
    /// Anything else: a move, in the game's own notation.
    Word(&'a str),
}

/// A token and the line it stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    pub kind: TokenKind<'a>,
    pub text: &'a str,
    pub line: usize,
}

impl Record {
    /// An empty record.
    pub fn new() -> Self {
        Record { tags: Vec::new(), movetext: String::new(), movetext_line: 1 }
    }

    /// Reads the tags and keeps the movetext for the game to read.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut record = Record::new();
        let mut lines = text.lines().enumerate().peekable();
        while let Some(&(index, line)) = lines.peek() {
            let trimmed = line.trim();
            if trimmed.is_empty() {
                lines.next();
                continue;
            }
            if !trimmed.starts_with('[') {
                break;
            }
            let (name, value) = parse_tag(trimmed)
                .ok_or_else(|| RecordError::BadTag { line: index + 1, text: trimmed.to_owned() })?;
            if record.tag(&name).is_some() {
                return Err(RecordError::DuplicateTag { line: index + 1, name });
            }
            record.tags.push((name, value));
            lines.next();
        }
        record.movetext_line = lines.peek().map_or(1, |&(index, _)| index + 1);
        record.movetext = lines.map(|(_, line)| line).collect::<Vec<_>>().join("\n");
        // Check the braces now, so that `tokens` cannot fail later.
        record.tokens()?;
        Ok(record)
    }

    /// The value of a tag, if the record has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Sets a tag, keeping its place if it is already there.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value,
            None => self.tags.push((name.to_owned(), value)),
        }
    }

    /// All tags, in order.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The movetext as written.
    pub fn movetext(&self) -> &str {
        &self.movetext
    }

    /// Replaces the movetext.
    pub fn set_movetext(&mut self, movetext: impl Into<String>) {
        self.movetext = movetext.into();
    }

    /// The movetext cut into tokens; comments in braces are left out.
    pub fn tokens(&self) -> Result<Vec<Token<'_>>, RecordError> {
        tokenize(&self.movetext, self.movetext_line)
    }
}

/// Reads `[Name "value"]`, with `\"` and `\\` escapes in the value.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let quoted = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next().filter(|c| matches!(c, '"' | '\\'))?),
            '"' => return None,
            c => value.push(c),
        }
    }
    Some((name.to_owned(), value))
}

fn tokenize(text: &str, first_line: usize) -> Result<Vec<Token<'_>>, RecordError> {
    let mut tokens = Vec::new();
    let mut line = first_line;
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c == '\n' {
            line += 1;
            rest = &rest[1..];
        } else if c.is_whitespace() {
            rest = &rest[c.len_utf8()..];
        } else if c == '{' {
            let end = rest.find('}').ok_or(RecordError::UnclosedComment { line })?;
            line += rest[..end].matches('\n').count();
            rest = &rest[end + 1..];
        } else if c == '}' {
            return Err(RecordError::StrayBrace { line });
        } else {
            let end = rest
                .find(|c: char| c.is_whitespace() || c == '{' || c == '}')
                .unwrap_or(rest.len());
            let word = &rest[..end];
            rest = &rest[end..];
            split_word(word, line, &mut tokens);
        }
    }
    Ok(tokens)
}

/// Cuts a whitespace-free word into a move number and what follows it (`1.E(3)` is two tokens).
fn split_word<'a>(word: &'a str, line: usize, tokens: &mut Vec<Token<'a>>) {
    if let Ok(result) = word.parse::<GameResult>() {
        tokens.push(Token { kind: TokenKind::Result(result), text: word, line });
        return;
    }
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    let dots = word[digits..].bytes().take_while(|&b| b == b'.').count();
    if digits > 0
        && (dots == 1 || dots == 3)
        && let Ok(number) = word[..digits].parse()
    {
        let (head, tail) = word.split_at(digits + dots);
        let continuation = dots == 3;
        tokens.push(Token {
            kind: TokenKind::MoveNumber { number, continuation },
            text: head,
            line,
        });
        if !tail.is_empty() {
            split_word(tail, line, tokens);
        }
        return;
    }
    tokens.push(Token { kind: TokenKind::Word(word), text: word, line });
}

impl fmt::Display for Record {
    /// Tags one per line, a blank line, then the movetext wrapped before 80 columns.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in &self.tags {
            let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
            writeln!(f, "[{name} \"{escaped}\"]")?;
        }
        if !self.tags.is_empty() {
            writeln!(f)?;
        }
        let mut width = 0;
        for word in self.movetext.split_whitespace() {
            if width > 0 && width + 1 + word.len() > 79 {
                writeln!(f)?;
                width = 0;
            } else if width > 0 {
                f.write_str(" ")?;
                width += 1;
            }
            f.write_str(word)?;
            width += word.len();
        }
        writeln!(f)
    }
}

/// Why the moves of a record cannot be replayed. Errors about a token name its line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MovetextError<E: std::error::Error> {
    #[error(transparent)]
    Record(#[from] RecordError),
    #[error("tag Result: `{0}` is not a result (expected 1-0, 0-1, 1/2-1/2 or *)")]
    ResultTag(String),
    #[error("line {line}: move `{token}`: {error}")]
    Move { line: usize, token: String, error: E },
    #[error("line {line}: move `{token}`: the game is already over")]
    AfterEnd { line: usize, token: String },
    #[error("line {line}: `{token}`: expected move number {expected}")]
    MoveNumber { line: usize, token: String, expected: String },
    #[error("line {line}: `{token}` after the result")]
    AfterResult { line: usize, token: String },
    #[error("the Result tag says {tag} but the moves end with {token}")]
    ResultsDisagree { tag: GameResult, token: GameResult },
    #[error("the record says {claimed} but the moves lead to {actual}")]
    WrongResult { claimed: GameResult, actual: GameResult },
}

/// Plays the moves of a record from `start`, checking each, the move numbers, and that the result
/// (from the `Result` tag or the token closing the moves) is the one the moves lead to. Moves that
/// stop before the end with a result other than `*` are a game the players agreed to stop.
pub fn replay_moves<P: Position>(
    record: &Record,
    start: P,
) -> Result<Game<P>, MovetextError<P::MoveError>> {
    let tag_result = record
        .tag("Result")
        .map(|r| r.parse::<GameResult>().map_err(|_| MovetextError::ResultTag(r.to_owned())))
        .transpose()?;
    let mut game = Game::new(start);
    let mut token_result = None;
    for token in record.tokens()? {
        let line = token.line;
        if token_result.is_some() {
            return Err(MovetextError::AfterResult { line, token: token.text.to_owned() });
        }
        match token.kind {
            TokenKind::Result(result) => token_result = Some(result),
            TokenKind::MoveNumber { number, continuation } => {
                let expected = move_number(&game);
                let first = game.current().turn() == Side::South;
                if number != expected || (continuation && first) {
                    let dots = if first { "." } else { "..." };
                    let expected = format!("{expected}{dots}");
                    return Err(MovetextError::MoveNumber {
                        line,
                        token: token.text.to_owned(),
                        expected,
                    });
                }
            }
            TokenKind::Word(word) => {
                if game.outcome().is_some() {
                    return Err(MovetextError::AfterEnd { line, token: word.to_owned() });
                }
                let mv = game.current().parse_move(word).map_err(|error| MovetextError::Move {
                    line,
                    token: word.to_owned(),
                    error,
                })?;
                // `parse_move` checked the move against the current position.
                let _ = game.play(mv);
            }
        }
    }
    let claimed = match (tag_result, token_result) {
        (Some(tag), Some(token)) if tag != token => {
            return Err(MovetextError::ResultsDisagree { tag, token });
        }
        (tag, token) => token.or(tag).unwrap_or(GameResult::Unfinished),
    };
    if game.outcome().is_none() && claimed != GameResult::Unfinished {
        game.agree_to_stop();
    }
    let actual = result_of(&game);
    if claimed != actual {
        return Err(MovetextError::WrongResult { claimed, actual });
    }
    Ok(game)
}

/// The result of a game as a record writes it (`*` while it goes on).
pub fn result_of<P: Position>(game: &Game<P>) -> GameResult {
    game.outcome().map_or(GameResult::Unfinished, |o| o.result())
}

/// The number of the move about to be played: it goes up after each of the second player's moves.
fn move_number<P: Position>(game: &Game<P>) -> u32 {
    let second_first = game.start().turn() == Side::North;
    ((game.moves().len() as u32 + second_first as u32) / 2) + 1
}

/// The moves of a game in numbered pairs (`1. E b 2. A(2) c`), closed by the result; a game whose
/// first move is the second player's starts `1... b`.
pub fn movetext<P: Position>(game: &Game<P>) -> String {
    let mut words = Vec::new();
    let second_first = game.start().turn() == Side::North;
    for (ply, (position, &mv)) in game.positions().iter().zip(game.moves()).enumerate() {
        let number = ((ply as u32 + second_first as u32) / 2) + 1;
        match position.turn() {
            Side::South => words.push(format!("{number}.")),
            Side::North if ply == 0 => words.push(format!("{number}...")),
            Side::North => {}
        }
        words.push(position.move_text(mv));
    }
    words.push(result_of(game).to_string());
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Side;

    #[test]
    fn tags_and_tokens() {
        let text = "[Game \"awele\"]\n[South \"Ama \\\"K\\\"\"]\n\n1. E(3) b {a comment\nover lines} 2.A\n2... c 1-0\n";
        let record = Record::parse(text).unwrap();
        assert_eq!(record.tag("Game"), Some("awele"));
        assert_eq!(record.tag("South"), Some("Ama \"K\""));
        let tokens = record.tokens().unwrap();
        let kinds: Vec<_> = tokens.iter().map(|t| (t.kind, t.line)).collect();
        assert_eq!(
            kinds,
            vec![
                (TokenKind::MoveNumber { number: 1, continuation: false }, 4),
                (TokenKind::Word("E(3)"), 4),
                (TokenKind::Word("b"), 4),
                (TokenKind::MoveNumber { number: 2, continuation: false }, 5),
                (TokenKind::Word("A"), 5),
                (TokenKind::MoveNumber { number: 2, continuation: true }, 6),
                (TokenKind::Word("c"), 6),
                (TokenKind::Result(GameResult::Win(Side::South)), 6),
            ]
        );
    }

    #[test]
    fn round_trip() {
        let mut record = Record::new();
        record.set_tag("Game", "awele");
        record.set_tag("North", "a \\ b \" c");
        record.set_movetext("1. A b 2. C d *");
        let again = Record::parse(&record.to_string()).unwrap();
        assert_eq!(again.tags(), record.tags());
        assert_eq!(again.movetext(), "1. A b 2. C d *");
    }

    #[test]
    fn bad_tags_are_named() {
        assert_eq!(
            Record::parse("[Game awele]\n1. A"),
            Err(RecordError::BadTag { line: 1, text: "[Game awele]".into() })
        );
        assert!(matches!(
            Record::parse("[A \"x\"]\n[A \"y\"]"),
            Err(RecordError::DuplicateTag { line: 2, .. })
        ));
        assert_eq!(Record::parse("1. A { b"), Err(RecordError::UnclosedComment { line: 1 }));
        assert_eq!(Record::parse("1. A } b"), Err(RecordError::StrayBrace { line: 1 }));
    }

    proptest::proptest! {
        #[test]
        fn never_panics_on_any_text(text in "\\PC*") {
            let _ = Record::parse(&text);
        }

        #[test]
        fn never_panics_on_record_like_text(text in "[\\[\\]\"\\\\{} \n.0-9a-fA-F()*/=-]{0,80}") {
            if let Ok(record) = Record::parse(&text) {
                let _ = record.tokens();
                let _ = Record::parse(&record.to_string());
            }
        }
    }
}
