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

use crate::GameResult;

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
