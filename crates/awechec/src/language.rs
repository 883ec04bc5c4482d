//! The two languages of the notation: French, as the rules print it (`(1=B) Fc4`, pieces R D T F
//! C, powers B for Blancs and N for Noirs), and English (`(1=W)Bc4`, pieces K Q R B N, powers W and
//! B, promotions also written `h8:Q`).

use std::fmt;
use std::str::FromStr;

use awe_game::Side;

/// A language of the notation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Language {
    /// French, the language of the rules.
    #[default]
    French,
    English,
}

/// The piece letters: English, then French (king, queen, rook, bishop, knight).
const PIECES: [(char, char); 5] = [('K', 'R'), ('Q', 'D'), ('R', 'T'), ('B', 'F'), ('N', 'C')];

impl Language {
    /// Both languages.
    pub const ALL: [Language; 2] = [Language::French, Language::English];

    /// The code a record's `Language` tag holds.
    pub const fn code(self) -> &'static str {
        match self {
            Language::French => "fr",
            Language::English => "en",
        }
    }

    /// The letter of a power of `owner`: B/N in French, W/B in English.
    pub const fn power_letter(self, owner: Side) -> char {
        match (self, owner) {
            (Language::French, Side::South) => 'B',
            (Language::French, Side::North) => 'N',
            (Language::English, Side::South) => 'W',
            (Language::English, Side::North) => 'B',
        }
    }

    /// The owner a power letter stands for.
    pub fn power_owner(self, letter: char) -> Option<Side> {
        Side::ALL.into_iter().find(|&side| self.power_letter(side) == letter)
    }

    /// A move in standard algebraic notation with English letters, written in this language.
    pub fn from_english(self, san: &str) -> String {
        match self {
            Language::English => san.to_owned(),
            Language::French => {
                san.chars().map(|c| PIECES.iter().find(|p| p.0 == c).map_or(c, |p| p.1)).collect()
            }
        }
    }

    /// A move written in this language, in standard algebraic notation with English letters;
    /// `None` if it holds a capital letter that is no piece of the language.
    pub fn to_english(self, text: &str) -> Option<String> {
        let mut san = String::with_capacity(text.len());
        for c in text.chars() {
            let c = match (self, c) {
                // Castling, with the letter O or the digit 0.
                (_, 'O') | (_, '0') => 'O',
                (Language::English, ':') => '=',
                (Language::English, c) if c.is_ascii_uppercase() => {
                    PIECES.iter().find(|p| p.0 == c)?.0
                }
                (Language::French, c) if c.is_ascii_uppercase() => {
                    PIECES.iter().find(|p| p.1 == c)?.0
                }
                (_, c) => c,
            };
            san.push(c);
        }
        Some(san)
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A language code that is neither `fr` nor `en`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown language `{0}` (known: fr, en)")]
pub struct ParseLanguageError(pub String);

impl FromStr for Language {
    type Err = ParseLanguageError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Language::ALL
            .into_iter()
            .find(|l| l.code() == s)
            .ok_or_else(|| ParseLanguageError(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn french_letters_stand_for_the_english_ones() {
        let fr = Language::French;
        assert_eq!(fr.to_english("Fxf7+").as_deref(), Some("Bxf7+"));
        assert_eq!(fr.to_english("Dxf7#").as_deref(), Some("Qxf7#"));
        assert_eq!(fr.to_english("Tad1").as_deref(), Some("Rad1"));
        assert_eq!(fr.to_english("exd8=D").as_deref(), Some("exd8=Q"));
        assert_eq!(fr.to_english("0-0-0").as_deref(), Some("O-O-O"));
        assert_eq!(fr.to_english("Nf3"), None);
        assert_eq!(fr.from_english("Qxf7#"), "Dxf7#");
        assert_eq!(fr.from_english("Rad1"), "Tad1");
        assert_eq!(fr.from_english("O-O"), "O-O");
    }

    #[test]
    fn english_promotions_may_use_a_colon() {
        let en = Language::English;
        assert_eq!(en.to_english("h1:Q").as_deref(), Some("h1=Q"));
        assert_eq!(en.to_english("Dc4"), None);
        assert_eq!(en.power_owner('W'), Some(Side::WHITE));
        assert_eq!(en.power_owner('B'), Some(Side::BLACK));
        assert_eq!(Language::French.power_owner('B'), Some(Side::WHITE));
    }
}
