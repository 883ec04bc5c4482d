//! A game of Awechec as a player sees it in a terminal: the chessboard from White's side, the
//! Awélé board, the powers with the next one marked, and who must act.

use std::fmt::Write;

use awe_game::Side;
use shakmaty::{Color, File, Position as _, Rank, Role, Square};

use crate::{Language, Position, Step};

/// The name of a side at chess, with its side at Awélé.
pub fn side_name(side: Side, language: Language) -> &'static str {
    match (language, side) {
        (Language::French, Side::South) => "Blancs (Sud)",
        (Language::French, Side::North) => "Noirs (Nord)",
        (Language::English, Side::South) => "White (South)",
        (Language::English, Side::North) => "Black (North)",
    }
}

/// The letter of a piece in the language, capital for White.
fn piece_letter(role: Role, color: Color, language: Language) -> char {
    let english = match role {
        Role::Pawn => 'P',
        Role::Knight => 'N',
        Role::Bishop => 'B',
        Role::Rook => 'R',
        Role::Queen => 'Q',
        Role::King => 'K',
    };
    let letter = language.from_english(&english.to_string()).chars().next().unwrap_or(english);
    if color == Color::White { letter } else { letter.to_ascii_lowercase() }
}

/// The chessboard, White at the bottom.
pub fn chessboard(position: &Position, language: Language) -> String {
    let board = position.chess().board();
    let mut out = String::new();
    for rank in Rank::ALL.into_iter().rev() {
        let _ = write!(out, "  {} ", rank.char());
        for file in File::ALL {
            let square = Square::from_coords(file, rank);
            let c = board.piece_at(square).map_or('.', |p| piece_letter(p.role, p.color, language));
            let _ = write!(out, " {c}");
        }
        out.push('\n');
    }
    out.push_str("     a b c d e f g h\n");
    out
}

/// The powers: used ones as dots, and in brackets the one in use (or the next one).
pub fn powers_line(position: &Position, language: Language) -> String {
    let powers = position.powers();
    let marked = match position.step() {
        Step::Decision { power, .. } | Step::Move { power: Some(power), .. } => power - 1,
        _ => powers.used(),
    };
    let fr = language == Language::French;
    if marked >= powers.len() {
        return if fr { "pouvoirs : aucun" } else { "powers: none left" }.to_owned();
    }
    let (left, total) = (powers.len() - marked, powers.len());
    let mut out = if fr {
        format!("pouvoirs ({left} restants sur {total}) :")
    } else {
        format!("powers ({left} of {total} left):")
    };
    for (i, owner) in powers.owners().enumerate() {
        let letter = language.power_letter(owner);
        if i < marked {
            out.push_str(" .");
        } else if i == marked {
            let _ = write!(out, " [{letter}]");
        } else {
            let _ = write!(out, " {letter}");
        }
    }
    out
}

/// Who must act now, and what is asked.
pub fn prompt(position: &Position, language: Language) -> String {
    let fr = language == Language::French;
    match position.step() {
        Step::Awele { player } => {
            let game = position.awele_games();
            if fr {
                format!("Awélé, partie {game} : au tour des {}", side_name(player, language))
            } else {
                format!("Awélé game {game}: {} to move", side_name(player, language))
            }
        }
        Step::Decision { owner, power, mover } => {
            let (o, m) = (side_name(owner, language), side_name(mover, language));
            if fr {
                format!(
                    "Pouvoir {power} des {o} : ils décident si les {m} jouent (n) ou passent (0)"
                )
            } else {
                format!("Power {power} is {o}'s: they decide whether {m} play (n) or pass (0)")
            }
        }
        Step::Move { mover, power } => {
            let m = side_name(mover, language);
            match (power, fr) {
                (Some(p), true) => format!("Échecs : les {m} jouent (pouvoir {p})"),
                (None, true) => format!("Échecs : les {m} parent l'échec (sans pouvoir)"),
                (Some(p), false) => format!("Chess: {m} to move (power {p})"),
                (None, false) => format!("Chess: {m} answer the check (no power)"),
            }
        }
        Step::Over(ending) => {
            let who = ending.winner.map(|w| side_name(w, language));
            match (who, fr) {
                (Some(w), true) => {
                    format!(
                        "Fin de la partie ({}) : les {w} gagnent",
                        ending.reason.title(language)
                    )
                }
                (None, true) => {
                    format!("Fin de la partie ({}) : partie nulle", ending.reason.title(language))
                }
                (Some(w), false) => format!("Game over ({}): {w} wins", ending.reason.name()),
                (None, false) => format!("Game over ({}): a draw", ending.reason.name()),
            }
        }
    }
}

/// The whole picture: the chessboard, the Awélé board while an Awélé game is played, the powers,
/// the last action if there was one, and the prompt.
pub fn diagram(
    position: &Position,
    names: [&str; 2],
    last: Option<&str>,
    language: Language,
) -> String {
    let mut out = chessboard(position, language);
    if matches!(position.step(), Step::Awele { .. }) {
        out.push('\n');
        let words = match language {
            Language::French => &awe_awele::diagram::Words::FRENCH,
            Language::English => &awe_awele::diagram::Words::ENGLISH,
        };
        out.push_str(&awe_awele::diagram::diagram_in(position.awele(), names, None, false, words));
    }
    let _ = writeln!(out, "\n{}", powers_line(position, language));
    if let Some(last) = last {
        let _ = match language {
            Language::French => writeln!(out, "dernier coup : {last}"),
            Language::English => writeln!(out, "last move: {last}"),
        };
    }
    let _ = writeln!(out, "{}", prompt(position, language));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Powers, Settings};

    #[test]
    fn the_board_in_each_language() {
        let study = Position::study(
            Settings::default(),
            shakmaty::Chess::default(),
            Powers::from_owners(&[Side::WHITE, Side::BLACK]).unwrap(),
        );
        let fr = diagram(&study, ["", ""], None, Language::French);
        assert!(fr.contains("8  t c f d r f c t"), "{fr}");
        assert!(fr.contains("1  T C F D R F C T"), "{fr}");
        assert!(fr.contains("pouvoirs (2 restants sur 2) : [B] N"), "{fr}");
        assert!(fr.contains("Pouvoir 1 des Blancs (Sud) : ils décident si les Blancs"), "{fr}");
        let en = diagram(&study, ["", ""], None, Language::English);
        assert!(en.contains("1  R N B Q K B N R"), "{en}");
        assert!(en.contains("Power 1 is White (South)'s"), "{en}");
    }
}
