//! What goes wrong when a player types an action, as the player reads it in each language: the
//! errors of the rules crates speak English, and a French game speaks French throughout.

use awe_awele::{Illegal, MoveError, ParseMoveError};

use crate::notation::NotationError;
use crate::{ActionError, ActionTextError, Language};

/// `error` (from reading or playing an action) as a player reads it in `language`.
pub fn explain(error: &(dyn std::error::Error + 'static), language: Language) -> String {
    if language == Language::English {
        return error.to_string();
    }
    if let Some(e) = error.downcast_ref::<ActionTextError>() {
        return match e {
            ActionTextError::Awele(e) => awele(e),
            ActionTextError::Chess(e) => chess(e),
            ActionTextError::Over => "la partie est finie".to_owned(),
            ActionTextError::Decision(text) => {
                format!("`{text}` n'est pas une décision (n pour un coup normal, 0 pour passer)")
            }
        };
    }
    if let Some(e) = error.downcast_ref::<MoveError>() {
        return awele(e);
    }
    if let Some(e) = error.downcast_ref::<NotationError>() {
        return chess(e);
    }
    if let Some(e) = error.downcast_ref::<ActionError>() {
        return match e {
            ActionError::Over => "la partie est finie".to_owned(),
            ActionError::AweleExpected => "c'est un coup d'awélé qui est attendu".to_owned(),
            ActionError::DecisionExpected { power } => {
                format!("le propriétaire du pouvoir {power} doit d'abord décider")
            }
            ActionError::ChessExpected => "c'est un coup d'échecs qui est attendu".to_owned(),
            ActionError::IllegalAwele(text) => format!("coup d'awélé illégal : {text}"),
            ActionError::Forced(what) => {
                let what = if *what == "null move" { "coup nul" } else { "coup normal" };
                format!("la variante des pouvoirs imposés n'autorise ici que le {what}")
            }
            ActionError::IllegalChess => "coup d'échecs illégal".to_owned(),
        };
    }
    error.to_string()
}

fn awele(error: &MoveError) -> String {
    match error {
        MoveError::Syntax(ParseMoveError::Empty) => {
            "coup vide (une lettre de case : A-F pour le Sud, a-f pour le Nord)".to_owned()
        }
        MoveError::Syntax(ParseMoveError::NotAPit(text)) => {
            format!("`{text}` n'est pas une case (A-F pour le Sud, a-f pour le Nord)")
        }
        MoveError::Syntax(ParseMoveError::BadCount(text)) => {
            format!("`{text}` n'est pas un nombre de graines prises (écrire E(3))")
        }
        MoveError::Illegal { pit, why } => {
            let why = match why {
                Illegal::GameOver => "la partie d'awélé est finie",
                Illegal::NotYourPit => "cette case est dans la rangée de l'adversaire",
                Illegal::EmptyPit => "cette case est vide",
                Illegal::MustFeed => {
                    "l'adversaire n'a plus de graines : il faut jouer un coup qui lui en donne"
                }
                Illegal::GrandSlam => {
                    "il prendrait toutes les graines de l'adversaire, et un autre coup existe"
                }
                Illegal::StarvesOpponent => {
                    "il laisse l'adversaire sans graines, et un autre coup ne le fait pas"
                }
            };
            format!("{pit} est illégal : {why}")
        }
        MoveError::WrongCount { pit, written, actual } => {
            format!("{pit} prend {actual} graines, pas {written}")
        }
    }
}

fn chess(error: &NotationError) -> String {
    match error {
        NotationError::BadMark(text) => format!(
            "`{text}` n'est pas une marque de pouvoir (par exemple (1=B) en français, (1) ou (1=W) \
             en anglais)"
        ),
        NotationError::Letters { text, pieces, .. } => {
            format!("`{text}` contient une lettre qui n'est pas une pièce (pièces : {pieces})")
        }
        NotationError::BadSan(text) => {
            format!("`{text}` n'est pas un coup d'échecs en notation algébrique")
        }
        NotationError::Illegal(text) => format!("`{text}` n'est pas légal ici"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Position, Settings};
    use awe_game::Position as _;

    #[test]
    fn errors_read_in_french() {
        let start = Position::new(Settings::default());
        let error = start.parse_move("z").unwrap_err();
        let french = explain(&error, Language::French);
        assert!(french.contains("n'est pas une case"), "{french}");
        assert_eq!(explain(&error, Language::English), error.to_string());
    }
}
