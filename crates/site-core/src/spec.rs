//! What game is played: the game and its settings (rule set, board, variant, handicaps), as the
//! home page asks for it, the database keeps it and a record's tags state it.

use std::fmt;

use awe_awithlaknannai::{BoardKind, BoardOptions};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;

/// A game and its settings. Its JSON is what the API takes and the database keeps:
/// `{"game":"awele","rules":"abapa"}`, `{"game":"awithlaknannai","board":"kolowis",
/// "rules":"wikipedia"}`, `{"game":"awechec","variant":"standard","handicap":"white:3/2"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "lowercase", deny_unknown_fields)]
pub enum Spec {
    Awele {
        #[serde(default)]
        rules: Option<String>,
    },
    Awithlaknannai {
        #[serde(default)]
        board: Option<String>,
        #[serde(default)]
        rules: Option<String>,
        /// Lines along the outer rows (`None`: yes).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        outer_lines: Option<bool>,
        /// The lines joining the three rows at each end (`None`: yes).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        end_lines: Option<bool>,
    },
    Awechec {
        #[serde(default)]
        variant: Option<String>,
        #[serde(default)]
        handicap: Option<String>,
    },
}

/// What a correspondence category adds to its game's category.
pub const CORRESPONDENCE: &str = "correspondence";

/// A spec whose names are not the game's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SpecError(pub String);

/// The settings of a spec, read and checked.
#[derive(Clone, Copy, Debug)]
pub enum Settings {
    Awele(awe_awele::RuleSet),
    Awithlaknannai(awe_awithlaknannai::Settings),
    Awechec(awe_awechec::Settings),
}

fn parse<T: std::str::FromStr>(text: Option<&str>) -> Result<Option<T>, SpecError>
where
    T::Err: fmt::Display,
{
    text.map(|t| t.parse::<T>().map_err(|e| SpecError(e.to_string()))).transpose()
}

impl Spec {
    /// The settings it names, checked.
    pub fn settings(&self) -> Result<Settings, SpecError> {
        Ok(match self {
            Spec::Awele { rules } => Settings::Awele(parse(rules.as_deref())?.unwrap_or_default()),
            Spec::Awithlaknannai { board, rules, outer_lines, end_lines } => {
                let kind: BoardKind = parse(board.as_deref())?.unwrap_or(BoardKind::Mosona);
                let rules = parse(rules.as_deref())?.unwrap_or_default();
                let options = BoardOptions {
                    outer_lines: outer_lines.unwrap_or(true),
                    end_lines: end_lines.unwrap_or(true),
                };
                Settings::Awithlaknannai(awe_awithlaknannai::Settings::new(kind, options, rules))
            }
            Spec::Awechec { variant, handicap } => Settings::Awechec(awe_awechec::Settings {
                variant: parse(variant.as_deref())?.unwrap_or_default(),
                handicaps: parse(handicap.as_deref())?.unwrap_or_default(),
            }),
        })
    }

    /// The same spec with every name written out (the defaults made explicit), so that two
    /// specs of the same game compare equal.
    pub fn normalized(&self) -> Result<Spec, SpecError> {
        Ok(match self.settings()? {
            Settings::Awele(rules) => Spec::Awele { rules: Some(rules.name().to_owned()) },
            Settings::Awithlaknannai(settings) => {
                let options = settings.board.options();
                Spec::Awithlaknannai {
                    board: Some(settings.board.kind().name().to_owned()),
                    rules: Some(settings.rules.name().to_owned()),
                    outer_lines: (!options.outer_lines).then_some(false),
                    end_lines: (!options.end_lines).then_some(false),
                }
            }
            Settings::Awechec(settings) => Spec::Awechec {
                variant: Some(settings.variant.name().to_owned()),
                handicap: (settings.handicaps != Default::default())
                    .then(|| settings.handicaps.to_string()),
            },
        })
    }

    /// The rating category of games of this spec: the game and what changes how it is played
    /// (`awele:abapa`, `awithlaknannai:mosona:wikipedia`, `awechec:standard`); `None` where
    /// games are not rated (handicaps, a board drawn without some of its lines).
    pub fn category(&self) -> Result<Option<String>, SpecError> {
        Ok(match self.normalized()? {
            Spec::Awele { rules: Some(rules) } => Some(format!("awele:{rules}")),
            Spec::Awithlaknannai {
                board: Some(board),
                rules: Some(rules),
                outer_lines: None,
                end_lines: None,
            } => Some(format!("awithlaknannai:{board}:{rules}")),
            Spec::Awechec { variant: Some(variant), handicap: None } => {
                Some(format!("awechec:{variant}"))
            }
            _ => None,
        })
    }

    /// Every rating category, in the order the leaderboards list them: the realtime ones, then
    /// the same for correspondence games (`awele:abapa:correspondence`).
    pub fn categories() -> Vec<String> {
        let mut all = Vec::new();
        for rules in awe_awele::RuleSet::ALL {
            all.push(format!("awele:{}", rules.name()));
        }
        for board in BoardKind::ALL {
            for rules in awe_awithlaknannai::RuleSet::ALL {
                all.push(format!("awithlaknannai:{}:{}", board.name(), rules.name()));
            }
        }
        for variant in awe_awechec::Variant::ALL {
            all.push(format!("awechec:{}", variant.name()));
        }
        // Correspondence games are rated apart (see `http::create`).
        let correspondence: Vec<String> =
            all.iter().map(|c| format!("{c}:{CORRESPONDENCE}")).collect();
        all.extend(correspondence);
        all
    }

    /// The game's name: `awele`, `awithlaknannai` or `awechec`.
    pub fn game(&self) -> &'static str {
        match self {
            Spec::Awele { .. } => "awele",
            Spec::Awithlaknannai { .. } => "awithlaknannai",
            Spec::Awechec { .. } => "awechec",
        }
    }
}

/// The rating category of games of `spec` (none for handicaps). Correspondence games are rated
/// apart, as lichess rates them: a move a day is another game than a move in seconds (a player
/// strong at one is not at the other).
pub fn rating_category(spec: &Spec, correspondence: bool) -> Result<Option<String>, ApiError> {
    let category = spec.category().map_err(|e| ApiError::bad(e.0))?;
    Ok(category.map(|c| if correspondence { format!("{c}:{}", CORRESPONDENCE) } else { c }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_and_refuse_names() {
        let spec: Spec = serde_json::from_str(r#"{"game":"awele","rules":"abapa"}"#).unwrap();
        assert!(matches!(spec.settings(), Ok(Settings::Awele(awe_awele::RuleSet::Abapa))));
        let spec: Spec = serde_json::from_str(r#"{"game":"awithlaknannai"}"#).unwrap();
        assert_eq!(
            spec.normalized().unwrap(),
            Spec::Awithlaknannai {
                board: Some("mosona".into()),
                rules: Some("wikipedia".into()),
                outer_lines: None,
                end_lines: None
            }
        );
        // A board without its outer lines: its own game, said in the spec, not rated.
        let spec: Spec = serde_json::from_str(
            r#"{"game":"awithlaknannai","outer_lines":false,"end_lines":true}"#,
        )
        .unwrap();
        let Ok(Settings::Awithlaknannai(settings)) = spec.settings() else { panic!() };
        assert!(!settings.board.options().outer_lines && settings.board.options().end_lines);
        assert_eq!(
            serde_json::to_string(&spec.normalized().unwrap()).unwrap(),
            r#"{"game":"awithlaknannai","board":"mosona","rules":"wikipedia","outer_lines":false}"#
        );
        assert_eq!(spec.category().unwrap(), None);
        let spec: Spec =
            serde_json::from_str(r#"{"game":"awechec","variant":"sideways"}"#).unwrap();
        assert!(spec.settings().unwrap_err().0.contains("sideways"));
        assert!(serde_json::from_str::<Spec>(r#"{"game":"go"}"#).is_err());
        assert!(serde_json::from_str::<Spec>(r#"{"game":"awele","pieces":3}"#).is_err());
    }
}
