//! Records of Awechec: whole games, with their Awélé games and chess sequences in order, and
//! studies, which give the list of powers in a tag and only the chess moves, as the rules' own
//! example does.
//!
//! ```text
//! [Game "awechec"]
//! [Language "fr"]
//! [Variant "standard"]
//! [Powers "BBBNNBBBBNNBBBBB"]
//! [Result "1-0"]
//!
//! 1. (1=B) e4 (2=B) 0 2. (3=B) Fc4 (4=N) Cc6 3. (5=N) 0 (6=B) 0 …
//! ```
//!
//! A whole game writes each Awélé game's moves as the Awélé notation does (`E(3)`, numbered from
//! 1 in each Awélé game), then the chess half-moves: a power's mark and the move, or `0` for the
//! null move; a reply to check has no mark. Comments in braces (`{Awélé 2}`) are for readers. Tags:
//! `Game` (`awechec`), `Language` (`fr`, the default, or `en`), `Variant` (`standard`, `forced`,
//! `synchronous`), `Handicap` (`white:3/2`…), `White`, `Black`, `Result`, `Termination`; a study
//! adds `Powers` (letters of the record's language) and, for a chess position other than the
//! start, `FEN`.
//!
//! Moves that stop before the end with a result are a game the players stopped: by resignation
//! of the loser (`1-0`, `0-1`) or by agreement (`1/2-1/2`). The `Termination` tag, where given,
//! must name the end the moves lead to: a study cut before its mate whose tag says `checkmate`
//! is refused, not read as a resignation.

use awe_game::record::{EndingTagError, Record, RecordError, Token, TokenKind, check_termination};
use awe_game::{GameResult, Position as _, Side};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Position as _};

use crate::notation::{self, NotationError};
use crate::position::{Decision, Settings, Start, Step};
use crate::{
    Action, ActionError, EndReason, Handicaps, History, Language, MAX_POWERS, ParseHandicapsError,
    ParseLanguageError, ParseVariantError, Position, Powers,
};

/// Why a record cannot be replayed. Errors about the movetext name the line and the token.
///
/// A tag's error is printed within its message, and is not also its source: a chain of errors
/// printed whole (as `awe` does) shows it once.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error(transparent)]
    Record(#[from] RecordError),
    #[error("the record has no Game tag (expected [Game \"awechec\"])")]
    NoGame,
    #[error("the record is a game of `{0}`, not of awechec")]
    NotAwechec(String),
    #[error("tag Language: {0}")]
    Language(ParseLanguageError),
    #[error("tag Variant: {0}")]
    Variant(ParseVariantError),
    #[error("tag Handicap: {0}")]
    Handicap(ParseHandicapsError),
    #[error("tag Powers: `{0}` is not a power in this language (expected {1})")]
    Powers(char, &'static str),
    #[error("tag Powers: more than {MAX_POWERS} powers")]
    TooManyPowers,
    #[error("tag FEN: {0}")]
    Fen(String),
    #[error("tag Awele: {0}")]
    Awele(String),
    #[error(
        "a record is a study (tag Powers) or starts from an Awélé position (tag Awele), not both"
    )]
    StudyAndAwele,
    #[error("tag Result: `{0}` is not a result (expected 1-0, 0-1, 1/2-1/2 or *)")]
    ResultTag(String),
    #[error("line {line}, `{token}`: {message}")]
    Token { line: usize, token: String, message: String },
    #[error("tag Result says {tag}, the moves give {moves}")]
    Result { tag: GameResult, moves: GameResult },
    #[error(transparent)]
    EndingTag(#[from] EndingTagError),
}

/// Every way a game of Awechec ends, for the `Termination` tag.
const END_REASONS: [EndReason; 8] = [
    EndReason::Checkmate,
    EndReason::Stalemate,
    EndReason::FiftyMoves,
    EndReason::InsufficientMaterial,
    EndReason::PowerlessAwele,
    EndReason::Agreement,
    EndReason::Resignation,
    EndReason::TimeForfeit,
];

/// Replays a record, checking every action, the power marks, the move numbers and the result.
pub fn replay(record: &Record) -> Result<History, ReplayError> {
    match record.tag("Game") {
        Some("awechec") => {}
        Some(other) => return Err(ReplayError::NotAwechec(other.to_owned())),
        None => return Err(ReplayError::NoGame),
    }
    let language: Language = record
        .tag("Language")
        .map_or(Ok(Language::French), str::parse)
        .map_err(ReplayError::Language)?;
    let settings = Settings {
        variant: record
            .tag("Variant")
            .map_or(Ok(Default::default()), str::parse)
            .map_err(ReplayError::Variant)?,
        handicaps: record
            .tag("Handicap")
            .map_or(Ok(Handicaps::NONE), str::parse)
            .map_err(ReplayError::Handicap)?,
    };
    let chess = match record.tag("FEN") {
        Some(fen) => read_fen(fen)?,
        None => Chess::default(),
    };
    let start = match (record.tag("Powers"), record.tag("Awele")) {
        (Some(_), Some(_)) => return Err(ReplayError::StudyAndAwele),
        (Some(letters), None) => Position::study(settings, chess, read_powers(letters, language)?),
        (None, Some(text)) => {
            let awele = awe_awele::Position::parse(text, awe_awele::RuleSet::Awechec)
                .map_err(|e| ReplayError::Awele(e.to_string()))?;
            Position::with_awele(settings, chess, awele)
        }
        (None, None) => Position::from_chess(settings, chess),
    };
    let mut history = History::new(start);
    let tokens = record.tokens()?;
    let result = play_tokens(&mut history, &tokens, language)?;
    let moves = history.current().ending().map_or(GameResult::Unfinished, |e| e.result());
    let result = match (record.tag("Result"), result) {
        (Some(tag), Some(token)) if tag != token.to_string() => {
            return Err(ReplayError::Token {
                line: tokens.last().map_or(0, |t| t.line),
                token: token.to_string(),
                message: format!("the Result tag says {tag}"),
            });
        }
        (_, Some(token)) => token,
        (Some(tag), None) => tag.parse().map_err(|_| ReplayError::ResultTag(tag.to_owned()))?,
        // Nothing to check against: the moves say how it ends.
        (None, None) => moves,
    };
    let wrong_result = match (moves, result) {
        (m, r) if m == r => None,
        // A game stopped before its end: by agreement, a resignation, or a time forfeit (a draw
        // where the side whose time ran out could not be mated).
        (GameResult::Unfinished, GameResult::Draw) => {
            match (record.tag("Termination"), history.current().step().player()) {
                (Some("time forfeit"), Some(side)) => history.forfeit_on_time(side),
                _ => history.stop(None),
            }
            let moves = history.current().ending().map_or(GameResult::Unfinished, |e| e.result());
            (moves != result).then_some(ReplayError::Result { tag: result, moves })
        }
        (GameResult::Unfinished, GameResult::Win(winner)) => {
            match record.tag("Termination") {
                Some("time forfeit") => history.forfeit_on_time(winner.opponent()),
                _ => history.stop(Some(winner.opponent())),
            }
            None
        }
        (moves, tag) => Some(ReplayError::Result { tag, moves }),
    };
    // The Termination tag first: where it disagrees with the moves, it tells why better than
    // the result does (a record cut short).
    let known = END_REASONS.map(EndReason::name);
    check_termination(record, &known, history.current().ending().map(|e| e.reason.name()))?;
    match wrong_result {
        Some(error) => Err(error),
        None => Ok(history),
    }
}

/// A line of moves read from `start`, as a variation of a record is written from where it
/// branches: its words in `language`, its comments and its own variations skipped, a result at
/// its end allowed and not checked (a variation's end is not the game's).
///
/// ```
/// use awe_awechec::record::replay_line;
/// use awe_awechec::{Language, Position, Settings};
/// let start = Position::new(Settings::default());
/// let line = replay_line(&start, "1. F {the usual} b 2. C ( 2. D ) *", Language::English).unwrap();
/// assert_eq!(line.actions().len(), 3);
/// ```
pub fn replay_line(
    start: &Position,
    text: &str,
    language: Language,
) -> Result<History, ReplayError> {
    let mut record = Record::new();
    record.set_movetext(text);
    let mut history = History::new(start.clone());
    play_tokens(&mut history, &record.tokens()?, language)?;
    Ok(history)
}

/// Plays `tokens` on `history` (move numbers checked against it), to the result token if one
/// ends them, which it gives.
fn play_tokens(
    history: &mut History,
    tokens: &[Token<'_>],
    language: Language,
) -> Result<Option<GameResult>, ReplayError> {
    let mut result = None;
    let mut i = 0;
    while i < tokens.len() {
        let token = tokens[i];
        let fail = |message: String| ReplayError::Token {
            line: token.line,
            token: token.text.to_owned(),
            message,
        };
        i += 1;
        if result.is_some() {
            return Err(fail("nothing may follow the result".into()));
        }
        let current = history.current().clone();
        match token.kind {
            TokenKind::Result(r) => result = Some(r),
            TokenKind::MoveNumber { number, continuation } => {
                let (expected, second) = match current.step() {
                    Step::Awele { player } => (current.awele_move_number(), player == Side::North),
                    Step::Over(_) => return Err(fail("the game is over".into())),
                    _ => (current.move_number(), current.chess().turn() == Color::Black),
                };
                if number != expected || continuation != second {
                    let dots = if second { "..." } else { "." };
                    return Err(fail(format!("expected the move number {expected}{dots}")));
                }
            }
            TokenKind::Word(word) => match current.step() {
                Step::Over(_) => return Err(fail("the game is already over".into())),
                Step::Awele { .. } => {
                    let pit = current.awele().parse_move(word).map_err(|e| fail(e.to_string()))?;
                    history.play(Action::Awele(pit)).map_err(|e| fail(e.to_string()))?;
                }
                Step::Move { power: None, .. } => {
                    if notation::parse_mark(word, language).ok().flatten().is_some() {
                        return Err(fail("a reply to check uses no power".into()));
                    }
                    play_chess(history, word, language).map_err(fail)?;
                }
                Step::Move { power: Some(_), .. } => {
                    play_chess(history, word, language).map_err(fail)?;
                }
                Step::Decision { owner, power, .. } => {
                    let mark = notation::parse_mark(word, language)
                        .map_err(|e| fail(e.to_string()))?
                        .ok_or_else(|| {
                            fail(format!("expected the mark of power {power} before the move"))
                        })?;
                    if mark.number != power {
                        return Err(fail(format!("this is power {power}")));
                    }
                    if mark.owner.is_some_and(|o| o != owner) {
                        let letter = language.power_letter(owner);
                        return Err(fail(format!("power {power} is {letter}")));
                    }
                    // The move follows the mark in the same word or in the next one; a mark
                    // alone may only end the moves (a normal move decided, not yet played).
                    let (text, move_token) = if !mark.rest.is_empty() {
                        (Some(mark.rest), token)
                    } else {
                        match tokens.get(i) {
                            Some(next) if matches!(next.kind, TokenKind::Word(_)) => {
                                i += 1;
                                (Some(next.text), *next)
                            }
                            None | Some(Token { kind: TokenKind::Result(_), .. }) => (None, token),
                            Some(_) => {
                                return Err(fail("a move or 0 must follow the mark".into()));
                            }
                        }
                    };
                    let fail_move = |message: String| ReplayError::Token {
                        line: move_token.line,
                        token: move_token.text.to_owned(),
                        message,
                    };
                    let decision =
                        if text == Some("0") { Decision::Null } else { Decision::Normal };
                    history.play(Action::Decide(decision)).map_err(|e| fail(e.to_string()))?;
                    if let Some(text) = text.filter(|&t| t != "0") {
                        play_chess(history, text, language).map_err(fail_move)?;
                    }
                }
            },
        }
    }
    Ok(result)
}

fn play_chess(history: &mut History, text: &str, language: Language) -> Result<(), String> {
    let mv = notation::parse_move(history.current().chess(), text, language)
        .map_err(|e: NotationError| e.to_string())?;
    history.play(Action::Chess(mv)).map_err(|e: ActionError| e.to_string())
}

fn read_powers(letters: &str, language: Language) -> Result<Powers, ReplayError> {
    let mut powers = Powers::new();
    let expected = match language {
        Language::French => "B or N",
        Language::English => "W or B",
    };
    for letter in letters.chars().filter(|c| !c.is_whitespace()) {
        let owner = language.power_owner(letter).ok_or(ReplayError::Powers(letter, expected))?;
        if !powers.push(owner) {
            return Err(ReplayError::TooManyPowers);
        }
    }
    Ok(powers)
}

fn read_fen(text: &str) -> Result<Chess, ReplayError> {
    let fen: Fen = text.parse().map_err(|e| ReplayError::Fen(format!("{e}")))?;
    fen.into_position(CastlingMode::Standard).map_err(|e| ReplayError::Fen(format!("{e}")))
}

/// The record of a game, in `language`, with the players' names (White first).
pub fn write_record(history: &History, language: Language, names: [&str; 2]) -> Record {
    let start = history.start();
    let settings = start.settings();
    let mut record = Record::new();
    record.set_tag("Game", "awechec");
    record.set_tag("Language", language.code());
    record.set_tag("Variant", settings.variant.name());
    if settings.handicaps != Handicaps::NONE {
        record.set_tag("Handicap", settings.handicaps.to_string());
    }
    record.set_tag("White", names[0]);
    record.set_tag("Black", names[1]);
    let ending = history.current().ending();
    record.set_tag("Result", ending.map_or(GameResult::Unfinished, |e| e.result()).to_string());
    if let Some(ending) = ending {
        record.set_tag("Termination", ending.reason.name());
    }
    let fen = |chess: &Chess| Fen::from_position(chess, shakmaty::EnPassantMode::Legal).to_string();
    match start.start() {
        Start::Study => {
            let letters: String =
                start.powers().owners().map(|owner| language.power_letter(owner)).collect();
            record.set_tag("Powers", letters);
        }
        Start::AwelePosition => record.set_tag("Awele", start.awele().to_string()),
        Start::Awele => {}
    }
    if fen(start.chess()) != fen(&Chess::default()) {
        record.set_tag("FEN", fen(start.chess()));
    }
    record.set_movetext(movetext(history, language));
    record
}

/// The movetext of a game: Awélé games and chess sequences in order.
pub fn movetext(history: &History, language: Language) -> String {
    movetext_annotated(history, language, &|_| Vec::new())
}

/// The movetext of a game with words of the caller's after each action: `after(i)` is written
/// as it is (a comment in braces, a variation in parentheses) after the action of index `i`
/// (after the chess move a normal decision brings, for either of the two).
pub fn movetext_annotated(
    history: &History,
    language: Language,
    after: &dyn Fn(usize) -> Vec<String>,
) -> String {
    let mut words: Vec<String> = Vec::new();
    let notes = |from: usize, to: usize, words: &mut Vec<String>| {
        for i in from..=to {
            words.extend(after(i));
        }
    };
    let actions = history.actions();
    let positions = history.positions();
    // Which phase the last word was in, to number the first move after a change.
    let mut last_awele: Option<bool> = None;
    let mut last_game = 0;
    let mut i = 0;
    while i < actions.len() {
        let before = &positions[i];
        match &actions[i] {
            Action::Awele(pit) => {
                if last_awele != Some(true) || before.awele_games() != last_game {
                    last_awele = None;
                    last_game = before.awele_games();
                    words.push(match language {
                        Language::French => format!("{{Awélé {}}}", before.awele_games()),
                        Language::English => format!("{{Awele {}}}", before.awele_games()),
                    });
                }
                let number = before.awele_move_number();
                if before.awele().turn() == Side::South {
                    words.push(format!("{number}."));
                } else if last_awele != Some(true) {
                    words.push(format!("{number}..."));
                }
                words.push(before.awele().move_text(*pit));
                notes(i, i, &mut words);
                last_awele = Some(true);
            }
            action => {
                let first = i;
                if last_awele == Some(true) {
                    words.push(match language {
                        Language::French => "{échecs}".to_owned(),
                        Language::English => "{chess}".to_owned(),
                    });
                }
                let number = before.move_number();
                if before.chess().turn() == Color::White {
                    words.push(format!("{number}."));
                } else if last_awele != Some(false) {
                    words.push(format!("{number}..."));
                }
                last_awele = Some(false);
                let mut word = String::new();
                if let (Step::Decision { owner, power, .. }, Action::Decide(decision)) =
                    (before.step(), action)
                {
                    word.push_str(&notation::power_mark(language, power, owner));
                    if language == Language::French {
                        word.push(' ');
                    }
                    match decision {
                        Decision::Null => word.push('0'),
                        Decision::Normal => {
                            if let Some(Action::Chess(mv)) = actions.get(i + 1) {
                                let chess = positions[i + 1].chess();
                                word.push_str(&notation::move_text(chess, mv, language));
                                i += 1;
                            }
                        }
                    }
                } else if let Action::Chess(mv) = action {
                    word.push_str(&notation::move_text(before.chess(), mv, language));
                }
                words.push(word.trim_end().to_owned());
                notes(first, i, &mut words);
            }
        }
        i += 1;
    }
    let ending = history.current().ending();
    words.push(ending.map_or(GameResult::Unfinished, |e| e.result()).to_string());
    words.join(" ")
}

/// Whether the end was decided by the players rather than by the moves.
pub fn stopped_by_players(reason: EndReason) -> bool {
    matches!(reason, EndReason::Agreement | EndReason::Resignation | EndReason::TimeForfeit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_end_reason_is_known() {
        // Fails to compile when an end is added: add it to END_REASONS too.
        for reason in END_REASONS {
            match reason {
                EndReason::Checkmate
                | EndReason::Stalemate
                | EndReason::FiftyMoves
                | EndReason::InsufficientMaterial
                | EndReason::PowerlessAwele
                | EndReason::Agreement
                | EndReason::Resignation
                | EndReason::TimeForfeit => {}
            }
        }
    }
}
