//! The notation of chess half-moves in Awechec: the power that grants the half-move, then the
//! move in standard algebraic notation or `0` for the null move, in French or English:
//! `(1=B) e4`, `(2=B) 0`, `Cxf7` (a reply to check: no power), `(1)e4`, `(1=W)e4`, `h1:Q`.

use awe_game::Side;
use shakmaty::san::{San, SanPlus};
use shakmaty::{Chess, Move};

use crate::Language;

/// The mark of power `number` owned by `owner`, as the language writes it: `(1=B)`, `(1=W)`.
pub fn power_mark(language: Language, number: usize, owner: Side) -> String {
    format!("({number}={})", language.power_letter(owner))
}

/// A power mark as read: the number, the owner if written, and what follows the mark in the same
/// word (the move, when it is written without a space: `(1)e4`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark<'a> {
    pub number: usize,
    pub owner: Option<Side>,
    pub rest: &'a str,
}

/// Why a power mark or a chess move cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    #[error(
        "`{0}` is not a power mark (expected such as (1=B) in French, (1) or (1=W) in English)"
    )]
    BadMark(String),
    #[error("`{text}` holds a letter that is no piece in {language} (pieces: {pieces})")]
    Letters { text: String, language: &'static str, pieces: &'static str },
    #[error("`{0}` is not a chess move in algebraic notation")]
    BadSan(String),
    #[error("`{0}` is not legal here")]
    Illegal(String),
}

/// Reads a word that starts with a power mark, if it does.
pub fn parse_mark(word: &str, language: Language) -> Result<Option<Mark<'_>>, NotationError> {
    let Some(inner) = word.strip_prefix('(') else {
        return Ok(None);
    };
    let bad = || NotationError::BadMark(word.to_owned());
    let (inside, rest) = inner.split_once(')').ok_or_else(bad)?;
    let (number, owner) = match inside.split_once('=') {
        Some((number, letter)) => {
            let mut letters = letter.chars();
            let (Some(letter), None) = (letters.next(), letters.next()) else {
                return Err(bad());
            };
            (number, Some(language.power_owner(letter).ok_or_else(bad)?))
        }
        None => (inside, None),
    };
    let number = number.parse::<usize>().ok().filter(|&n| n > 0).ok_or_else(bad)?;
    Ok(Some(Mark { number, owner, rest }))
}

/// A chess move written in the language, with `+` or `#` as it gives check or mate.
pub fn move_text(chess: &Chess, mv: &Move, language: Language) -> String {
    language.from_english(&SanPlus::from_move(chess.clone(), *mv).to_string())
}

/// Reads a chess move written in the language and checks that it is legal in `chess`.
pub fn parse_move(chess: &Chess, text: &str, language: Language) -> Result<Move, NotationError> {
    let english = language.to_english(text).ok_or_else(|| NotationError::Letters {
        text: text.to_owned(),
        language: match language {
            Language::French => "French",
            Language::English => "English",
        },
        pieces: match language {
            Language::French => "R D T F C",
            Language::English => "K Q R B N",
        },
    })?;
    // The check and mate signs and annotations are not checked.
    let bare = english.trim_end_matches(['+', '#', '!', '?']);
    let san: San = bare.parse().map_err(|_| NotationError::BadSan(text.to_owned()))?;
    san.to_move(chess).map_err(|_| NotationError::Illegal(text.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_in_both_languages() {
        let fr = parse_mark("(12=N)", Language::French).unwrap().unwrap();
        assert_eq!((fr.number, fr.owner, fr.rest), (12, Some(Side::BLACK), ""));
        let en = parse_mark("(3)e4", Language::English).unwrap().unwrap();
        assert_eq!((en.number, en.owner, en.rest), (3, None, "e4"));
        let en = parse_mark("(3=B)Nc6", Language::English).unwrap().unwrap();
        assert_eq!(en.owner, Some(Side::BLACK));
        assert_eq!(parse_mark("e4", Language::French), Ok(None));
        for bad in ["(", "(x=B)", "(0=B)", "(1=Q)", "(1=BB)", "(1=W)"] {
            assert!(parse_mark(bad, Language::French).is_err(), "{bad}");
        }
        assert_eq!(power_mark(Language::French, 1, Side::WHITE), "(1=B)");
        assert_eq!(power_mark(Language::English, 1, Side::BLACK), "(1=B)");
    }

    #[test]
    fn moves_in_both_languages() {
        let chess = Chess::default();
        let mv = parse_move(&chess, "Cf3", Language::French).unwrap();
        assert_eq!(move_text(&chess, &mv, Language::English), "Nf3");
        assert_eq!(move_text(&chess, &mv, Language::French), "Cf3");
        assert!(matches!(
            parse_move(&chess, "Nf3", Language::French),
            Err(NotationError::Letters { .. })
        ));
        assert!(matches!(
            parse_move(&chess, "e5", Language::French),
            Err(NotationError::Illegal(_))
        ));
        assert!(matches!(
            parse_move(&chess, "zz", Language::French),
            Err(NotationError::BadSan(_))
        ));
    }
}
