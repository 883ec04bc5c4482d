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
//!
//! A record is text a user hands over, so its reading is bounded: at most [`MAX_RECORD_BYTES`]
//! in all, [`MAX_TAGS`] tags, [`MAX_TAG_NAME_BYTES`] to a tag's name and [`MAX_TAG_VALUE_BYTES`]
//! to its value. A leading UTF-8 byte-order mark is skipped.

use std::collections::HashSet;
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::{Game, GameResult, Position, Side, Stop, Termination};

/// The largest record read, in bytes (4 MiB). The longest records awe writes, Awechec games
/// with all their Awélé games, are tens of kilobytes: this leaves a hundredfold margin while a
/// file of any size (`/dev/zero`) is refused before it fills the memory.
pub const MAX_RECORD_BYTES: usize = 4 << 20;

/// The most tags a record may have. awe writes at most a dozen; other programs' headers a few
/// dozen more.
pub const MAX_TAGS: usize = 1000;

/// The longest tag name, in bytes. Names are single words (`Termination`, `PlyLimit`).
pub const MAX_TAG_NAME_BYTES: usize = 64;

/// The longest tag value, in bytes once unescaped. The longest values awe writes (position
/// texts, FEN, lists of powers) are under 200 bytes; players' names and events are far shorter.
pub const MAX_TAG_VALUE_BYTES: usize = 4096;

/// How much of a malformed line an error shows, in characters.
const SHOWN_CHARS: usize = 60;

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
    #[error("line {line}: a variation opened with `(` is never closed")]
    UnclosedVariation { line: usize },
    #[error("line {line}: `)` closes no variation")]
    StrayParenthesis { line: usize },
    #[error("line {line}: `}}` closes no comment")]
    StrayBrace { line: usize },
    #[error("the record is {bytes} bytes long, more than the {limit} allowed")]
    TooLarge { bytes: usize, limit: usize },
    #[error("line {line}: more than {limit} tags")]
    TooManyTags { line: usize, limit: usize },
    #[error("line {line}: tag name longer than {limit} bytes")]
    TagNameTooLong { line: usize, limit: usize },
    #[error("line {line}: tag `{name}`: value longer than {limit} bytes")]
    TagValueTooLong { line: usize, name: String, limit: usize },
}

/// Why a record file could not be read. Each names the file; the reason is printed in the
/// message itself, not again as a source.
#[derive(Debug, thiserror::Error)]
pub enum ReadRecordError {
    #[error("cannot read {}: {error}", .path.display())]
    Io { path: PathBuf, error: std::io::Error },
    #[error("{} is larger than {limit} bytes, the most a record may be", .path.display())]
    TooLarge { path: PathBuf, limit: usize },
    #[error("{} is not UTF-8 text (invalid byte at offset {offset})", .path.display())]
    NotUtf8 { path: PathBuf, offset: usize },
}

/// Reads a record file as text, reading at most [`MAX_RECORD_BYTES`] and one byte more to tell
/// a larger file, so that no file (a device, a pipe that never ends) can fill the memory.
pub fn read_record_file(path: &Path) -> Result<String, ReadRecordError> {
    let io = |error| ReadRecordError::Io { path: path.to_owned(), error };
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    file.take(MAX_RECORD_BYTES as u64 + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() > MAX_RECORD_BYTES {
        return Err(ReadRecordError::TooLarge { path: path.to_owned(), limit: MAX_RECORD_BYTES });
    }
    String::from_utf8(bytes).map_err(|e| ReadRecordError::NotUtf8 {
        path: path.to_owned(),
        offset: e.utf8_error().valid_up_to(),
    })
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

    /// Reads the tags and keeps the movetext for the game to read. A leading byte-order mark is
    /// skipped; a text longer than [`MAX_RECORD_BYTES`], more than [`MAX_TAGS`] tags, or a tag
    /// name or value over its limit is refused.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        if text.len() > MAX_RECORD_BYTES {
            return Err(RecordError::TooLarge { bytes: text.len(), limit: MAX_RECORD_BYTES });
        }
        // Editors on Windows start UTF-8 files with a byte-order mark.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut record = Record::new();
        // Names seen so far: each new tag is checked in constant time, not against every other.
        let mut names = HashSet::new();
        let mut lines = text.lines().enumerate().peekable();
        while let Some(&(index, line)) = lines.peek() {
            let line_number = index + 1;
            let trimmed = line.trim();
            if trimmed.is_empty() {
                lines.next();
                continue;
            }
            if !trimmed.starts_with('[') {
                break;
            }
            if record.tags.len() == MAX_TAGS {
                return Err(RecordError::TooManyTags { line: line_number, limit: MAX_TAGS });
            }
            let (name, value) = parse_tag(trimmed)
                .ok_or_else(|| RecordError::BadTag { line: line_number, text: shown(trimmed) })?;
            if name.len() > MAX_TAG_NAME_BYTES {
                let limit = MAX_TAG_NAME_BYTES;
                return Err(RecordError::TagNameTooLong { line: line_number, limit });
            }
            if value.len() > MAX_TAG_VALUE_BYTES {
                return Err(RecordError::TagValueTooLong {
                    line: line_number,
                    name: name.to_owned(),
                    limit: MAX_TAG_VALUE_BYTES,
                });
            }
            if !names.insert(name) {
                return Err(RecordError::DuplicateTag { line: line_number, name: name.to_owned() });
            }
            record.tags.push((name.to_owned(), value));
            lines.next();
        }
        record.movetext_line = lines.peek().map_or(1, |&(index, _)| index + 1);
        record.movetext = lines.map(|(_, line)| line).collect::<Vec<_>>().join("\n");
        // Check the braces now, so that `tokens` cannot fail later.
        record.tokens()?;
        Ok(record)
    }

    /// The value of a tag, if the record has it. A read record has at most [`MAX_TAGS`] tags,
    /// so a look through them stays cheap.
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

    /// The movetext cut into tokens of the main line; comments in braces are left out, and so are
    /// variations: other moves in `(` … `)`, the parentheses standing alone (`( 2... c )`), as
    /// the site's studies write them.
    pub fn tokens(&self) -> Result<Vec<Token<'_>>, RecordError> {
        tokenize(&self.movetext, self.movetext_line)
    }
}

/// The start of a line for an error message, shortened if long: a malformed line may be
/// megabytes long.
fn shown(line: &str) -> String {
    match line.char_indices().nth(SHOWN_CHARS) {
        Some((end, _)) => format!("{}…", &line[..end]),
        None => line.to_owned(),
    }
}

/// Reads `[Name "value"]`, with `\"` and `\\` escapes in the value.
fn parse_tag(line: &str) -> Option<(&str, String)> {
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
    Some((name, value))
}

fn tokenize(text: &str, first_line: usize) -> Result<Vec<Token<'_>>, RecordError> {
    let mut tokens = Vec::new();
    let mut line = first_line;
    let mut rest = text;
    // How deep inside variations the words are (and where the outermost opened).
    let mut depth = 0usize;
    let mut opened = first_line;
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
            match word {
                "(" => {
                    if depth == 0 {
                        opened = line;
                    }
                    depth += 1;
                }
                ")" if depth == 0 => return Err(RecordError::StrayParenthesis { line }),
                ")" => depth -= 1,
                _ if depth > 0 => {}
                _ => split_word(word, line, &mut tokens),
            }
        }
    }
    if depth > 0 {
        return Err(RecordError::UnclosedVariation { line: opened });
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

/// A `Termination` or `Score` tag that does not say how the moves end.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EndingTagError {
    #[error("tag Termination: unknown ending `{value}` (known: {known})")]
    UnknownTermination { value: String, known: String },
    #[error("tag Termination: the record says {claimed} but {}", ends(.actual, "by "))]
    Termination { claimed: String, actual: Option<String> },
    #[error("tag Score: `{0}` is not a score (expected two numbers such as 25-23)")]
    BadScore(String),
    #[error("tag Score: the record says {claimed} but {}", ends(.actual, ""))]
    Score { claimed: String, actual: Option<String> },
}

/// How the moves end, for an error: `the moves end {how}{ending}`, or that the game goes on.
fn ends(actual: &Option<String>, how: &str) -> String {
    match actual {
        Some(ending) => format!("the moves end {how}{ending}"),
        None => "the game is not over".to_owned(),
    }
}

/// Checks a record's `Termination` tag, if it has one, against how its moves end: `actual` is
/// the name of the ending the moves lead to (`None` while the game goes on), `known` the names of
/// every ending of the game. An unknown name is refused as such.
pub fn check_termination(
    record: &Record,
    known: &[&str],
    actual: Option<&str>,
) -> Result<(), EndingTagError> {
    let Some(claimed) = record.tag("Termination") else {
        return Ok(());
    };
    if !known.contains(&claimed) {
        return Err(EndingTagError::UnknownTermination {
            value: claimed.to_owned(),
            known: known.join(", "),
        });
    }
    if actual != Some(claimed) {
        return Err(EndingTagError::Termination {
            claimed: claimed.to_owned(),
            actual: actual.map(str::to_owned),
        });
    }
    Ok(())
}

/// Checks a record's `Score` tag (`25-23`: South's or White's points, then the other side's), if
/// it has one, against the final score the moves lead to (`None` while the game goes on).
pub fn check_score(record: &Record, actual: Option<[u16; 2]>) -> Result<(), EndingTagError> {
    let Some(claimed) = record.tag("Score") else {
        return Ok(());
    };
    let number = |text: &str| {
        // Digits only: `parse` would also take a sign.
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        text.parse::<u16>().ok()
    };
    let score = claimed
        .split_once('-')
        .and_then(|(a, b)| Some([number(a)?, number(b)?]))
        .ok_or_else(|| EndingTagError::BadScore(claimed.to_owned()))?;
    if actual != Some(score) {
        return Err(EndingTagError::Score {
            claimed: claimed.to_owned(),
            actual: actual.map(|[a, b]| format!("{a}-{b}")),
        });
    }
    Ok(())
}

/// Every way a game of [`Game`] ends, as [`Termination`] names them.
const TERMINATIONS: [Termination; 7] = [
    Termination::NoLegalMove,
    Termination::Repetition,
    Termination::Agreement,
    Termination::ScoreLimit,
    Termination::PlyLimit,
    Termination::Resignation,
    Termination::TimeForfeit,
];

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
    #[error(
        "the moves stop before the game is over and the record says {claimed}: stopped there by \
         agreement the game is {agreed}; a resignation or a lost time needs a Termination tag \
         (\"resignation\" or \"time forfeit\")"
    )]
    StoppedEarly { claimed: GameResult, agreed: GameResult },
    #[error(transparent)]
    EndingTag(#[from] EndingTagError),
}

/// Plays the moves of a record from `start`, checking each, the move numbers, and that the result
/// (from the `Result` tag or the token closing the moves) is the one the moves lead to. Moves that
/// stop before the end with a result other than `*` are a game the players agreed to stop. The
/// `Termination` and `Score` tags, where the record has them, must say how the moves end: a
/// record cut short whose tags tell of another end is refused, not read as an agreement.
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
    let stopped_early = game.outcome().is_none() && claimed != GameResult::Unfinished;
    if stopped_early {
        // Moves that stop early with a result: a resignation or a lost time where the tag says
        // so (the result names the winner), an agreement otherwise.
        let stop = match (record.tag("Termination"), claimed) {
            (Some("resignation"), GameResult::Win(winner)) => Stop::Resignation(winner.opponent()),
            (Some("time forfeit"), GameResult::Win(winner)) => Stop::TimeForfeit(winner.opponent()),
            _ => Stop::Agreement,
        };
        game.stop(stop);
    }
    // The tags that say how the game ended first: where they disagree with the moves, they tell
    // why better than the result does (a record cut short).
    let outcome = game.outcome();
    let known = TERMINATIONS.map(Termination::name);
    check_termination(record, &known, outcome.map(|o| o.termination.name()))?;
    let scored = check_score(record, outcome.map(|o| o.score));
    if let (Err(_), Some(o)) = (&scored, outcome)
        && matches!(o.termination, Termination::Resignation | Termination::TimeForfeit)
        && check_score(record, Some(game.current().outcome_on_agreement().score)).is_ok()
    {
        // Written before a resigned game kept its points as they stood: an agreement's points
        // (the seeds on the board shared) were written then, and are read still.
    } else {
        scored?;
    }
    let actual = result_of(&game);
    if claimed != actual && stopped_early && record.tag("Termination").is_none() {
        return Err(MovetextError::StoppedEarly { claimed, agreed: actual });
    }
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
    fn every_termination_is_known() {
        // Fails to compile when a termination is added: add it to TERMINATIONS too.
        for termination in TERMINATIONS {
            match termination {
                Termination::NoLegalMove
                | Termination::Repetition
                | Termination::Agreement
                | Termination::ScoreLimit
                | Termination::PlyLimit
                | Termination::Resignation
                | Termination::TimeForfeit => {}
            }
        }
    }

    #[test]
    fn variations_are_left_out_of_the_main_line() {
        let text = "[Game \"awele\"]\n\n1. F ( 1. E(3) { a comment (with brackets) } ( 1. D ) b ) b 2. A(2)\n( 2. B\n) c *\n";
        let record = Record::parse(text).unwrap();
        let words: Vec<&str> = record.tokens().unwrap().iter().map(|t| t.text).collect();
        assert_eq!(words, ["1.", "F", "b", "2.", "A(2)", "c", "*"]);
        // A move's count and an Awechec power mark are not variations.
        let text = "[Game \"awechec\"]\n\n1. (1=B) e4 (2=B) 0 E(3) *\n";
        let words: Vec<String> = Record::parse(text)
            .unwrap()
            .tokens()
            .unwrap()
            .iter()
            .map(|t| t.text.to_owned())
            .collect();
        assert_eq!(words, ["1.", "(1=B)", "e4", "(2=B)", "0", "E(3)", "*"]);
        let read = |text: &str| Record::parse(text).and_then(|r| r.tokens().map(|t| t.len()));
        assert_eq!(
            read("[Game \"awele\"]\n\n1. F (\n1. E b *\n"),
            Err(RecordError::UnclosedVariation { line: 3 })
        );
        assert_eq!(
            read("[Game \"awele\"]\n\n1. F ) b *\n"),
            Err(RecordError::StrayParenthesis { line: 3 })
        );
    }

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

    /// `count` distinct tags, one a line.
    fn many_tags(count: usize) -> String {
        (0..count).map(|i| format!("[T{i} \"{i}\"]\n")).collect()
    }

    #[test]
    fn a_record_of_many_tags_is_refused_at_once() {
        // Each tag was compared with every earlier one: 200,000 tags took minutes.
        // `err()`, not `unwrap_err()`: a record of 200,000 tags is too long to print.
        let error = Record::parse(&many_tags(200_000)).err().map(|e| e.to_string());
        assert_eq!(error.as_deref(), Some("line 1001: more than 1000 tags"));
    }

    #[test]
    fn a_duplicate_is_found_among_many_tags() {
        let mut text = many_tags(999);
        text.push_str("[T998 \"again\"]\n");
        assert_eq!(
            Record::parse(&text).unwrap_err().to_string(),
            "line 1000: tag `T998` given twice"
        );
        // As many tags as allowed are read, and found.
        let record = Record::parse(&many_tags(1000)).unwrap();
        assert_eq!(record.tag("T999"), Some("999"));
    }

    #[test]
    fn long_tag_names_and_values_are_refused() {
        let name = "N".repeat(65);
        let error = Record::parse(&format!("[Game \"awele\"]\n[{name} \"x\"]\n")).unwrap_err();
        assert_eq!(error.to_string(), "line 2: tag name longer than 64 bytes");
        let value = "v".repeat(4097);
        let error = Record::parse(&format!("[Game \"awele\"]\n[Event \"{value}\"]\n")).unwrap_err();
        assert_eq!(error.to_string(), "line 2: tag `Event`: value longer than 4096 bytes");
        // At the limits, they are read.
        let record =
            Record::parse(&format!("[{} \"{}\"]\n", "N".repeat(64), "v".repeat(4096))).unwrap();
        assert_eq!(record.tags()[0].1.len(), 4096);
    }

    #[test]
    fn a_record_larger_than_the_limit_is_refused() {
        let text = format!("[Game \"awele\"]\n\n{}", " ".repeat(4 << 20));
        assert_eq!(
            Record::parse(&text).unwrap_err().to_string(),
            format!("the record is {} bytes long, more than the 4194304 allowed", text.len())
        );
    }

    #[test]
    fn a_malformed_tag_is_shown_shortened() {
        let line = format!("[Game {}", "x".repeat(10_000));
        let error = Record::parse(&line).unwrap_err().to_string();
        assert!(error.len() < 200, "{error}");
        assert!(error.starts_with("line 1: malformed tag `[Game xxx"), "{error}");
    }

    #[test]
    fn a_leading_byte_order_mark_is_skipped() {
        let record = Record::parse("\u{feff}[Game \"awele\"]\n\n1. A *\n").unwrap();
        assert_eq!(record.tag("Game"), Some("awele"));
        assert_eq!(record.tokens().unwrap().len(), 3);
        // Only at the start: elsewhere it is text like any other.
        let record = Record::parse("[Game \"awele\"]\n\u{feff}1. A *\n").unwrap();
        assert_eq!(record.tokens().unwrap()[0].text, "\u{feff}1.");
    }

    /// A file of its own in a folder of its own under the system's temporary folder.
    fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
        let folder =
            std::env::temp_dir().join(format!("awe-game-record-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&folder).unwrap();
        let path = folder.join(name);
        std::fs::write(&path, contents).unwrap();
        path
    }

    #[test]
    fn record_files_are_read_within_the_limit() {
        let path = temp_file("ok.awe", "[Game \"awele\"]\n".as_bytes());
        assert_eq!(read_record_file(&path).unwrap(), "[Game \"awele\"]\n");
        let at_limit = temp_file("at-limit.awe", &vec![b' '; MAX_RECORD_BYTES]);
        assert_eq!(read_record_file(&at_limit).unwrap().len(), MAX_RECORD_BYTES);
        let over = temp_file("over.awe", &vec![b' '; MAX_RECORD_BYTES + 1]);
        let error = read_record_file(&over).unwrap_err().to_string();
        assert_eq!(
            error,
            format!("{} is larger than 4194304 bytes, the most a record may be", over.display())
        );
        let latin1 = temp_file("latin1.awe", b"[South \"Am\xe9\"]\n");
        let error = read_record_file(&latin1).unwrap_err().to_string();
        assert_eq!(
            error,
            format!("{} is not UTF-8 text (invalid byte at offset 10)", latin1.display())
        );
        let missing = latin1.with_file_name("missing.awe");
        let error = read_record_file(&missing).unwrap_err().to_string();
        assert!(error.starts_with(&format!("cannot read {}: ", missing.display())), "{error}");
        for path in [path, at_limit, over, latin1] {
            if let Some(folder) = path.parent() {
                let _ = std::fs::remove_dir_all(folder);
            }
        }
    }

    #[cfg(unix)]
    #[test]
    fn an_endless_file_is_refused() {
        let error = read_record_file(Path::new("/dev/zero")).unwrap_err();
        assert!(matches!(error, ReadRecordError::TooLarge { .. }), "{error}");
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
